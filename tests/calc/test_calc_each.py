"""A rule rolling one die for each of a number of things the question gives."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer, lalr
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.calc.test_calc_lalr import LARK, _plain
from tests.conftest import write_system

QUESTIONS = [
    "destroyed transport with 6 models embarked",
    "destroyed transports, 3 models",
    "destroyed transport 6 models embarked",
    "6 models embarked in a destroyed transport",
    "regeneration with 3 wounds",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_table_walker_reads_them_as_lark_does(question):
    assert _plain(lalr.parse(question)) == _plain(LARK.parse(question))


@pytest.mark.parametrize(
    ("system", "question", "mean", "none"),
    [
        ("last-edition", "destroyed transport with 6 models embarked", Fraction(1), Fraction(5, 6) ** 6),
        ("last-edition", "6 models embarked in a destroyed transport", Fraction(1), Fraction(5, 6) ** 6),
        ("last-edition", "transport destroyed with 6 models embarked", Fraction(1), Fraction(5, 6) ** 6),  # the words in another order
        ("last-edition", "destroyed transports, 3 models", Fraction(1, 2), Fraction(5, 6) ** 3),
        ("scrollhammer", "regeneration with 3 wounds", Fraction(1, 2), Fraction(5, 6) ** 3),  # "For each roll of a 6"
        ("scrollhammer", "regeneration with 3 lost wounds", Fraction(1, 2), Fraction(5, 6) ** 3),  # the thing: any word asked
    ],
)
def test_on_the_documents(rulebase, system, question, mean, none):
    found = answer(rulebase, system, question)
    assert found.mean == mean
    assert found.distribution[0] == none
    assert [s.citation.rule for s in found.steps if s.citation][:1] in (["last-edition/destroyed-transports"], ["scrollhammer/regeneration"])


@pytest.mark.parametrize(
    ("system", "question", "why"),
    [
        ("last-edition", "destroyed transport with 6 wounds", "rolls no die for each of the wounds"),
        ("last-edition", "storm with 4 turns", "does not say which result"),  # its results are a table, not a count
        ("last-edition", "nothing with 3 models", "no rule of last-edition"),
    ],
)
def test_refused_with_the_reason(rulebase, system, question, why):
    with pytest.raises(Refusal) as err:
        answer(rulebase, system, question)
    assert why in err.value.message


def test_the_mechanism_reads_a_rule_worded_my_way(tmp_path):
    manifest = 'id = "whfb-house"\ntitle = "Mini"\nlanguages = ["en"]\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nlang = "en"\n'
    rules = "# Mini rules\n\n## Collapsing Bridge\n\nRoll a D6 for each model on the bridge. On a roll of 5 or more, the model falls.\n"
    build = assemble(write_system(tmp_path, "whfb-house", manifest, {"rules.md": rules}))
    found = answer(build, "whfb-house", "collapsing bridge with 4 models")
    assert found.mean == Fraction(4, 3)
    assert found.probability == 1 - Fraction(2, 3) ** 4


@pytest.mark.parametrize("question", ["regeneration with 3 wounds", "regeneration save with 3 wounds", "regeneration (4+) with 3 wounds", "regeneration 4+, 3 wounds"])
def test_a_save_taken_for_each_wound_on_the_documents(rulebase, question):
    """whfb-house's Regeneration rolls no die "for each" wound; its save "works exactly like 4+ ward
    save", and "Wounds ... cannot be regenerated - no regeneration save is allowed" says a save keeps
    off a wound: one save for each of the 3, how many are passed."""
    found = answer(rulebase, "whfb-house", question)
    assert found.mean == Fraction(3, 2)
    assert found.distribution[0] == Fraction(1, 8) and found.distribution[3] == Fraction(1, 8)
    assert found.probability == Fraction(7, 8)
    quotes = [s.citation.quote for s in found.steps if s.citation]
    assert quotes[0].startswith("This rule confers a special regeneration save")
    assert quotes[-1].startswith("Wounds suffered from flaming attack cannot be regenerated")


@pytest.mark.parametrize(
    ("system", "question", "why"),
    [
        ("whfb-house", "regeneration (5+) with 3 wounds", "save is a 4+ and it names no other roll"),
        # "against such attacks" names the kind of attack, not what each save keeps off
        ("whfb-house", "regeneration with 3 attacks", "no die for each of the attacks, and no sentence of it says its save is taken against them"),
        ("scrollhammer", "ethereal with 3 attacks", "no die for each of the attacks, and no sentence of it says its save is taken against them"),  # "against Mundane attacks"
        ("whfb-house", "regeneration with 3 hits", "no die for each of the hits, and no sentence of it says its save is taken against them"),
    ],
)
def test_a_save_for_each_is_refused_where_no_sentence_says_what_it_keeps_off(rulebase, system, question, why):
    with pytest.raises(Refusal) as err:
        answer(rulebase, system, question)
    assert why in err.value.message


def test_a_save_for_each_worded_my_way(tmp_path):
    """A save of my own: its roll ("a 5+ save") and a sentence saying each wound may be saved."""
    manifest = 'id = "whfb-house"\ntitle = "Mini"\nlanguages = ["en"]\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nlang = "en"\n'
    rules = (
        "# Mini rules\n\n## Dice\n\nRoll a D6 for any test.\n\n"
        "## Stone Skin\n\nA model with Stone Skin has a 5+ save. Any wound it suffers may be saved so.\n\n"
        "## Lucky Charm\n\nA model with a Lucky Charm has a 6+ save against magic wounds.\n"
    )
    build = assemble(write_system(tmp_path, "whfb-house", manifest, {"rules.md": rules}))
    found = answer(build, "whfb-house", "stone skin with 2 wounds")
    assert found.mean == Fraction(2, 3)
    assert found.distribution[2] == Fraction(1, 9)
    with pytest.raises(Refusal, match="no sentence of it says its save is taken against them"):
        answer(build, "whfb-house", "lucky charm with 2 wounds")  # "against magic wounds": a kind, a condition


@pytest.mark.parametrize(
    ("system", "question", "probability", "quote"),
    [
        ("last-edition", "charge 2D6 needing 7", Fraction(7, 12), "The selected unit rolls 2D6 for the charge roll."),
        ("last-edition", "charge roll 2D6 needing 8", Fraction(5, 12), "The selected unit rolls 2D6 for the charge roll."),
        # the rule's name with a player's "roll" after it: Secret mission's own "roll a D6", its name not repeated there
        ("last-edition", "secret mission roll D6 needing 4", Fraction(1, 2), "At the end of your turn roll a D6, if the result is equal or higher than the number of models in the unit the action is completed and you gain 3VP."),
        ("last-edition", "secret mission D6 needing 4", Fraction(1, 2), "At the end of your turn roll a D6, if the result is equal or higher than the number of models in the unit the action is completed and you gain 3VP."),
        ("whfb-house", "flee 3D6 needing 10", Fraction(5, 8), None),  # "fleeing units continue to move 2D6\" or 3D6\""
    ],
)
def test_a_named_roll_with_its_dice(rulebase, system, question, probability, quote):
    assert _plain(lalr.parse(question)) == _plain(LARK.parse(question))
    found = answer(rulebase, system, question)
    assert found.probability == probability
    assert found.steps[0].citation is not None
    if quote:
        assert found.steps[0].citation.quote == quote


def test_a_named_roll_with_other_dice_is_refused_with_the_documents_dice(rulebase):
    with pytest.raises(Refusal, match=r"rolls 3D6 for charge; last-edition/charge-roll rolls 2D6"):
        answer(rulebase, "last-edition", "charge 3D6 needing 7")
    with pytest.raises(Refusal, match="no sentence of whfb-house's documents rolls 2D6 for dragonfire"):
        answer(rulebase, "whfb-house", "dragonfire 2D6")


def test_a_named_roll_in_a_folder_of_my_own(tmp_path):
    manifest = 'id = "whfb-house"\ntitle = "Mini"\nlanguages = ["en"]\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nlang = "en"\n'
    rules = "# Mini rules\n\n## Rout\n\nA routing unit moves 3D6 inches away from its enemy.\n"
    build = assemble(write_system(tmp_path, "whfb-house", manifest, {"rules.md": rules}))
    assert answer(build, "whfb-house", "routing 3D6 needing 11").probability == Fraction(1, 2)
    with pytest.raises(Refusal, match="rolls 3D6"):
        answer(build, "whfb-house", "routing 2D6")
