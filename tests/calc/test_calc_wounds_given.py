"""A save (or Feel No Pain) asked against a number of wounds, a wound roll against a number of hits:
"pure 4++ with 3 wounds", "wound S4 vs T5, 2 hits".  One roll for each, where a sentence of the
documents says so; how many come out."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer, lalr
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.calc.test_calc_lalr import LARK, _plain
from tests.conftest import markdown_system


@pytest.mark.parametrize(
    ("system", "question", "alone", "quote"),
    [
        # "In this case roll one dice for each wound the unit would take from the attack ..."
        ("last-edition", "pure 4++ with 3 wounds", Fraction(1, 2), "In this case roll one dice for each wound"),
        ("last-edition", "pure save 4++, 3 wounds", Fraction(1, 2), "In this case roll one dice for each wound"),
        # "Each time a wound roll was scored against the target, the target can now defend itself by rolling an armor save"
        ("last-edition", "save 3+/5+ AP-1 with 3 wounds", Fraction(1, 2), "Each time a wound roll was scored against the target"),
        ("last-edition", "dodge 5+- with 3 wounds", Fraction(2, 3), "Each time a wound roll was scored against the target"),
        # "Roll a D6 each time an unsaved Wound is suffered."
        ("scrollhammer", "feel no pain (5+) with 3 wounds", Fraction(2, 3), "Roll a D6 each time an unsaved Wound is suffered."),
        ("scrollhammer", "fnp, 3 unsaved wounds", Fraction(2, 3), "Roll a D6 each time an unsaved Wound is suffered."),
    ],
)
def test_one_roll_for_each_wound_on_the_documents(rulebase, system, question, alone, quote):
    assert _plain(lalr.parse(question)) == _plain(LARK.parse(question))
    found = answer(rulebase, system, question)
    assert found.distribution[3] == alone**3 and found.mean == 3 * alone
    assert found.probability == 1 - (1 - alone) ** 3
    each = [s for s in found.steps if s.text.startswith("One roll for each of the 3 wounds")]
    assert each and each[0].citation.quote.startswith(quote)


def test_a_wound_roll_for_each_hit_on_the_documents(rulebase):
    # "Each time a hit is scored against a target a wound roll is made against the same target."
    question = "wound S4 vs T5, 2 hits"
    assert _plain(lalr.parse(question)) == _plain(LARK.parse(question))
    found = answer(rulebase, "last-edition", question)
    assert found.mean == Fraction(5, 3) and found.distribution[2] == Fraction(25, 36)  # a 2+ each
    each = [s for s in found.steps if s.text.startswith("One roll for each of the 2 hits")]
    assert each[0].citation.quote == "Each time a hit is scored against a target a wound roll is made against the same target."


def test_the_same_figure_as_that_many_attacks_through_the_save(rulebase):
    assert answer(rulebase, "last-edition", "pure 4++ with 3 wounds").distribution == answer(rulebase, "last-edition", "3 attacks pure 4++").distribution


@pytest.mark.parametrize(
    ("system", "question", "why"),
    [
        ("t9a", "aegis 4+ save with 3 wounds", "no sentence of t9a's documents says this roll is made for each wound"),
        ("last-edition", "3 attacks hit CS5 vs CS4 then pure 4++ with 2 wounds", "asked of one roll alone"),
        ("last-edition", "pure 4++ with 3 hits", "not hits of pure saves"),
        ("last-edition", "wound S4 vs T4 with 3 wounds", "not wounds of wound rolls"),
        ("t9a", "wound 4+ with 3 hits", "no sentence of t9a's documents says this roll is made for each hit"),
        ("last-edition", "pure 4++ with 101 wounds", "calc answers at most 100 wounds at once, not 101"),
    ],
)
def test_refused_with_the_reason(rulebase, system, question, why):
    with pytest.raises(Refusal) as err:
        answer(rulebase, system, question)
    assert why in err.value.message


def test_a_rules_roll_for_each_wound_is_still_read_as_before(rulebase):
    # "regeneration 4+ with 3 wounds": Regeneration's own die for each wound, not a save stage
    found = answer(rulebase, "scrollhammer", "regeneration (4+) with 3 wounds")
    assert answer(rulebase, "scrollhammer", "regeneration 4+ with 3 wounds").distribution == found.distribution
    assert answer(rulebase, "whfb-house", "regeneration 4+ with 3 wounds").mean == Fraction(3, 2)


def test_a_save_for_each_wound_worded_my_way(tmp_path):
    rules = (
        "# Rules\n\n## Dice\n\nRoll a D6.\n\n"
        "## Ward\n\nA Ward save is rolled for every wound the model suffers.\n\n"
        "## Shield\n\nA Shield save protects the bearer.\n"
    )
    build = assemble(markdown_system(tmp_path, "sky", rules))
    found = answer(build, "sky", "ward 5+ save with 2 wounds")
    assert found.distribution[2] == Fraction(4, 9)
    assert found.steps[-2].citation.quote == "A Ward save is rolled for every wound the model suffers."
    with pytest.raises(Refusal, match="no sentence of sky's documents says this roll is made for each wound"):
        answer(build, "sky", "shield 5+ save with 2 wounds")  # the Ward's sentence names the Ward save only
