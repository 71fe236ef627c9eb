"""Rolls a named rule makes and one roll against another, read from the
system's sentences: on the project's documents, and on a copy of the house
rules edited in a temporary folder (the same forms follow the new wording)."""

from __future__ import annotations

import shutil
from fractions import Fraction

import pytest

from referee.calc import answer, lalr
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.calc.test_calc_lalr import LARK, _plain
from tests.conftest import RULES_SRC, markdown_system, write_system

QUESTIONS = [
    "Thunderstomp hits",
    "Breath Weapon close combat attack hits",
    "Impact Hits (D6+1) hits",
    "absorb health (4+)",
    "Stomp (3) hits",
    "move through cover 3D6 highest",
    "pursuit 2D6 vs flee 3D6",
    "ward Mg3 vs Mg2",
    "D6+1 vs D6",
    "2D6-2 needing 5",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_table_walker_reads_them_as_lark_does(question):
    assert _plain(lalr.parse(question)) == _plain(LARK.parse(question))


@pytest.mark.parametrize(
    ("system", "question", "field", "expected"),
    [
        ("whfb-house", "Thunderstomp hits", "mean", Fraction(7, 2)),
        ("whfb-house", "Breath Weapon close combat attack hits", "mean", Fraction(7)),
        ("whfb-house", "Stomp hits", "mean", Fraction(1)),
        ("whfb-house", "Regeneration save", "probability", Fraction(1, 2)),
        ("t9a", "Impact Hits (D6+1) hits", "mean", Fraction(9, 2)),
        ("scrollhammer", "absorb health (4+)", "probability", Fraction(1, 2)),
        ("scrollhammer", "Regeneration (5+)", "probability", Fraction(1, 3)),  # "(X), such as Regeneration(4+)"; "roll a d6"
        ("t9a", "Impact Hits (D6+1)", "mean", Fraction(9, 2)),  # the thing counted read from the sentence
        ("scrollhammer", "move through cover 3D6 highest", "mean", Fraction(119, 24)),
        ("scrollhammer", "ward Mg3 vs Mg2", "probability", Fraction(7, 12)),
        ("whfb-house", "pursuit 2D6 vs flee 2D6", "probability", Fraction(721, 1296)),
        ("whfb-house", "pursuit 2D6 vs flee 3D6", "probability", Fraction(287, 1296)),
        ("whfb-house", "flee 3D6 vs pursuit 2D6", "probability", 1 - Fraction(287, 1296)),
        ("scrollhammer", "D6 needing 4", "probability", Fraction(1, 2)),
        ("t9a", "D6+1 needing 4", "probability", Fraction(2, 3)),
        ("last-edition", "D3+1", "mean", Fraction(3)),
        ("whfb-house", "2D6-2 needing 5", "probability", Fraction(7, 12)),
    ],
)
def test_named_rolls_on_the_documents(rulebase, system, question, field, expected):
    found = answer(rulebase, system, question)
    assert getattr(found, field) == expected
    assert any(step.citation is not None for step in found.steps)


@pytest.mark.parametrize(
    ("system", "question", "why"),
    [
        ("t9a", "Stomp Attacks (D6) hits", "value in brackets"),  # a stub: no sentence gives X
        ("whfb-house", "Breath Weapon save", "no dice"),  # nor do its parts (its hits are its close combat part's)
        ("whfb-house", "2D6 vs 3D6", "name the rolls"),
        ("whfb-house", "charge 2D6 vs flee 2D6", "compare no rolls"),
        ("whfb-house", "Nonesuch hits", "no rule"),
        ("whfb-house", "D3+1", "roll no D3"),
        # figures that are not a count of the thing: a modifier, a roll's result, an X+ that is no count
        ("whfb-house", "Obstacle hits", "no dice"),  # "-1 to hit"
        ("scrollhammer", "Rending wounds", "no dice"),  # "a To Wound roll of 6 wounds automatically"
        ("scrollhammer", "Precision hits", "no dice"),  # "rolls a 6 to hit"
        ("scrollhammer", "Absorb (D3) wounds", "value in brackets"),  # its X is a roll, X+
        ("scrollhammer", "Magicka Drain (D6) hits", "value in brackets"),  # "X fewer Power Dice"
        ("last-edition", "Dice roll", "several figures"),  # "a 2D6 or 3D6 roll"
        ("scrollhammer", "2D6 maximised", "does not define Maximised"),
    ],
)
def test_refused_where_the_sentences_say_nothing(rulebase, system, question, why):
    with pytest.raises(Refusal) as err:
        answer(rulebase, system, question)
    assert why in err.value.message


@pytest.fixture(scope="module")
def edited(tmp_path_factory):
    root = tmp_path_factory.mktemp("rules")
    shutil.copytree(RULES_SRC / "whfb-house", root / "whfb-house")
    rules = root / "whfb-house" / "house-rules-8th-edition.md"
    text = rules.read_text(encoding="utf-8")
    text = text.replace("A Thunderstomp makes D6 hits", "A Thunderstomp makes 2D6 hits")
    text = text.replace("scores equal to or greater than the Flee roll", "scores higher than the Flee roll")
    text = text.replace("works exactly like 4+ ward save", "works exactly like 5+ ward save")
    rules.write_text(text, encoding="utf-8")
    return assemble(root)


def test_an_edited_sentence_changes_the_answer(edited):
    assert answer(edited, "whfb-house", "Thunderstomp hits").mean == 7
    assert answer(edited, "whfb-house", "Regeneration save").probability == Fraction(1, 3)
    # a tie no longer catches the fleeing unit
    assert answer(edited, "whfb-house", "pursuit 2D6 vs flee 2D6").probability == Fraction(575, 1296)


def test_the_mechanism_reads_rules_worded_my_way(tmp_path):
    """A rules folder of my own under a system calc knows: a rule whose hits are its X,
    one whose roll is its X+, one that gives its hits as a figure, and a roll-off whose
    tie goes to the defender (strictly "higher than")."""
    manifest = 'id = "whfb-house"\ntitle = "Mini"\nlanguages = ["en"]\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nlang = "en"\n'
    rules = (
        "# Mini rules\n\n"
        "## Trample\n\nThe enemy unit suffers X hits, the value in brackets.\n\n"
        "## Lucky Charm\n\nRoll a D6 for each wound; on an X+ it is ignored.\n\n"
        "## Tail Sweep\n\nA Tail Sweep inflicts 2D6 hits on the unit behind.\n\n"
        "## Duel\n\nBoth champions roll a D6 and add their Skill. "
        "The challenger wins only if his roll is higher than the defender's roll.\n\n"
        "## Gaze\n\nA Gaze inflicts D6 hits. A Gaze inflicts 2D6 hits against a monster.\n"
    )
    build = assemble(write_system(tmp_path, "whfb-house", manifest, {"rules.md": rules}))
    assert answer(build, "whfb-house", "Trample (D6) hits").mean == Fraction(7, 2)
    assert answer(build, "whfb-house", "Lucky Charm (5+)").probability == Fraction(1, 3)
    assert answer(build, "whfb-house", "Tail Sweep hits").mean == 7
    assert answer(build, "whfb-house", "challenger Skill4 vs defender Skill3").probability == Fraction(21, 36)
    assert answer(build, "whfb-house", "defender Skill3 vs challenger Skill4").probability == Fraction(15, 36)
    with pytest.raises(Refusal, match="several figures"):
        answer(build, "whfb-house", "Gaze hits")


def test_a_sentence_opening_with_an_example_gives_no_figure_of_the_rule(rulebase):
    """"For example BS of 3+ means all hit rolls with a result of 3 or higher are successful" (inside
    last-edition's Battle Phase) illustrates; `BATTLE PHASE hits` answered 2/3 from it before."""
    with pytest.raises(Refusal, match="gives no dice or number for its hits"):
        answer(rulebase, "last-edition", "Battle Phase hits")
    # an example inside a sentence keeps the sentence's own figure: Ambush's "(e.g. due to failing all
    # its 3+ rolls)" is still its 3+, refused only for its die (a D3 or a D6)
    with pytest.raises(Refusal, match="names no die for its 3\\+"):
        answer(rulebase, "t9a", "ambush roll")


def test_an_example_worded_my_way(tmp_path):
    rules = (
        "# Rules\n\n## Dice\n\nRoll a D6.\n\n"
        "## Volley\n\nFor instance, a volley of 4+ hits does much harm.\n\n"
        "## Salvo\n\nA salvo makes D3 hits. For example, a salvo of 3 hits is its best.\n"
    )
    build = assemble(markdown_system(tmp_path, "sky", rules))
    with pytest.raises(Refusal, match="gives no dice or number for its hits"):
        answer(build, "sky", "volley hits")
    assert answer(build, "sky", "salvo hits").mean == 2  # the D3, not the example's 3
