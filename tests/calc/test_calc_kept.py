"""Maximised Roll and Swiftstride in a system calc has no module for, read from that system's own
sentences (referee/calc/kept.py): answered where they say it all, refused naming what is missing."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer
from referee.calc.dice import Distribution
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.conftest import markdown_system

RULES = """# Fleet

## Maximised Roll

For dice rolls subject to Maximised Roll, roll one additional D6 and discard the lowest D6 rolled.

## Swiftstride

If every model of a unit has Swiftstride, its rolls for Charge Range and Flee Distance are subject to Maximised Roll.

## Charging

A unit rolls 2D6 for its Charge Range.
"""


@pytest.fixture(scope="module")
def fleet(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("fleet"), "fleet", RULES))


def test_swiftstride_and_maximised_roll_from_the_systems_own_rules(fleet):
    found = answer(fleet, "fleet", "swiftstride charge range needing 9")
    assert found.probability == Distribution.kept_d6(3, 2, highest=True).at_least(9) == Fraction(113, 216)
    assert [s.citation.rule for s in found.steps if s.citation] == ["fleet/swiftstride", "fleet/maximised-roll", "fleet/charging"]
    assert answer(fleet, "fleet", "2D6 maximised").mean == Fraction(203, 24)
    with pytest.raises(Refusal, match="never say which dice its Flee Distance rolls"):
        answer(fleet, "fleet", "swiftstride flee distance")
    with pytest.raises(Refusal, match="does not say how it changes the Pursuit Distance"):
        answer(fleet, "fleet", "swiftstride pursuit distance")
    with pytest.raises(Refusal, match="instances add up"):  # no "cumulative" sentence
        answer(fleet, "fleet", "2D6 maximised twice")
    with pytest.raises(Refusal, match="does not define Maximised or Minimised"):
        answer(fleet, "fleet", "2D6 minimised")
    with pytest.raises(Refusal) as err:  # the rule adds a D6: other dice are not its to change
        answer(fleet, "fleet", "2D3 maximised")
    assert err.value.message == "fleet's Maximised and Minimised Roll add a D6; 2D3 is not D6s"


def test_an_imported_system_naming_maximised_roll_without_defining_it_is_refused_with_that(bsdata):
    with pytest.raises(Refusal) as err:
        answer(bsdata, "t9a-bsdata", "swiftstride flee distance needing 8")
    assert "t9a-bsdata/swiftstride makes its Flee Distance subject to Maximised Roll" in err.value.message
    assert "never says how it is rolled" in err.value.message
    with pytest.raises(Refusal, match="never says how it is rolled"):
        answer(bsdata, "t9a-bsdata", "2D6 maximised")


def test_the_systems_with_a_module_keep_their_own_reading(rulebase):
    assert answer(rulebase, "t9a", "swiftstride charge range needing 9").probability == Fraction(113, 216)
    with pytest.raises(Refusal, match="last-edition does not define Maximised or Minimised rolls"):
        answer(rulebase, "last-edition", "2D6 maximised")


BOTH = """# Twofold

## Maximised Roll

For dice rolls subject to Maximised Roll, roll one additional D6 and discard the lowest D6 rolled.

## Minimised Roll

For dice rolls subject to Minimised Roll, roll one additional D6 and discard the highest D6 rolled.

## Swiftstride

If every model of a unit has Swiftstride, its rolls for Charge Range and Flee Distance are subject to Maximised Roll.

## Charging

A unit rolls 2D6 for its Charge Range. A mounted unit rolls 3D6 for its Charge Range.

## Fleeing

A fleeing unit rolls 20D6 for its Flee Distance.
"""


@pytest.mark.parametrize(
    ("question", "message"),
    [
        # the four refusals of kept.py the tests had matched only in part (or not at all), word for word
        ("2D6 maximised twice", "fleet/maximised-roll does not say that its instances add up; calc answers one"),
    ],
)
def test_kept_refusals_word_for_word_in_fleet(fleet, question, message):
    with pytest.raises(Refusal) as err:
        answer(fleet, "fleet", question)
    assert err.value.message == message


@pytest.mark.parametrize(
    ("question", "message"),
    [
        ("2D6 maximised minimised", "twofold does not say how Maximised Roll and Minimised Roll combine on one roll"),
        (
            "swiftstride charge range",
            "twofold's documents roll more than one number of dice for its Charge Range (2D6, 3D6); calc will not pick",
        ),
        ("swiftstride flee distance", "calc rolls at most 20 dice at once, not 21"),  # 20D6 and the one Maximised Roll adds
    ],
)
def test_kept_refusals_word_for_word(tmp_path, question, message):
    build = assemble(markdown_system(tmp_path, "twofold", BOTH))
    with pytest.raises(Refusal) as err:
        answer(build, "twofold", question)
    assert err.value.message == message
    assert answer(build, "twofold", "2D6 minimised").mean == Fraction(133, 24)  # each rule alone is read
