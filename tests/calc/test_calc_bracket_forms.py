"""A rule's brackets written as the player reads them: "absorb magicka (2 on a 5+)" where the rule
writes "Absorb Magicka(Y on an X+)", the sentence giving that form (of several) cited; refused where
the rule writes no value beside its roll.  And a thing the rule says is the brackets' value in its
own words ("It always moves the distance stated in brackets (X)")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.conftest import markdown_system


def _quoted(found) -> list[str]:
    return [s.citation.quote for s in found.steps if s.citation]


def test_a_value_and_a_roll_in_brackets_on_the_documents(rulebase):
    found = answer(rulebase, "scrollhammer", "absorb magicka (2 on a 5+)")
    assert (found.needed, found.probability) == ("5+", Fraction(1, 3))
    assert any("Absorb Magicka(Y on an X+)" in q for q in _quoted(found))
    assert answer(rulebase, "scrollhammer", "absorb magicka (2 on 4+)").probability == Fraction(1, 2)
    # the roll alone: the form the question's words name is the one cited
    assert any("Absorb Magicka(Y on an X+)" in q for q in _quoted(answer(rulebase, "scrollhammer", "absorb magicka (5+)")))
    assert any("Absorb Health(X+)" in q for q in _quoted(answer(rulebase, "scrollhammer", "absorb health (5+)")))
    with pytest.raises(Refusal) as err:  # Absorb Health writes no value beside its roll
        answer(rulebase, "scrollhammer", "absorb health (2 on a 5+)")
    assert "Y on an X+" in err.value.message
    with pytest.raises(Refusal):  # nor does Regeneration
        answer(rulebase, "scrollhammer", "regeneration (2 on a 4+)")
    with pytest.raises(Refusal) as err:  # a die for each wound reads a roll alone
        answer(rulebase, "scrollhammer", "regeneration (2 on a 4+) with 3 wounds")
    assert "(2 on a 4+) is no roll" in err.value.message


def test_the_thing_stated_in_brackets_on_the_documents(rulebase):
    found = answer(rulebase, "t9a", "Random Movement (3D6) distance needing 12")
    assert found.probability == Fraction(3, 8)
    assert any("the distance stated in brackets (X)" in q for q in _quoted(found))
    assert answer(rulebase, "t9a", "Random Movement (2D6)").mean == 7
    with pytest.raises(Refusal) as err:  # the brackets hold its distance, never a number of hits
        answer(rulebase, "t9a", "Random Movement (3D6) hits")
    assert "hits" in err.value.message


RULES = """# Rules

## Dice

Every roll uses a D6.

## Leech

A unit with Leech(N on an X+) that wins a combat rolls a D6. On an X+ it regains N wounds.

## Drift

A unit with Drift moves the distance given in parentheses (X) at the end of each turn.

## Mend

A model with Mend(X+) rolls a D6 at the start of its turn. On an X+ it heals.

## Sap

A unit hit by Sap(X) suffers X more Fatigue at the end of the turn.
"""


@pytest.fixture(scope="module")
def leeches(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("leeches"), "leeches", RULES))


def test_a_value_and_a_roll_in_brackets_worded_another_way(leeches):
    found = answer(leeches, "leeches", "leech (3 on an 4+)")
    assert (found.needed, found.probability) == ("4+", Fraction(1, 2))
    assert any("Leech(N on an X+)" in q for q in _quoted(found))
    assert any("N is 3" in s.text for s in found.steps)
    with pytest.raises(Refusal):
        answer(leeches, "leeches", "mend (3 on a 4+)")
    assert answer(leeches, "leeches", "mend (4+)").probability == Fraction(1, 2)


def test_the_thing_stated_in_brackets_worded_another_way(leeches):
    assert answer(leeches, "leeches", "drift (2D6) distance needing 10").probability == Fraction(1, 6)
    assert answer(leeches, "leeches", "drift (D6)").mean == Fraction(7, 2)
    with pytest.raises(Refusal):  # nothing says Mend's brackets hold a distance
        answer(leeches, "leeches", "mend (2D6) distance")


# -- a rule whose brackets name attack rules that attacks towards its holder lose ---------------


def test_attack_attributes_lost_on_the_imported_data(bsdata):
    found = answer(bsdata, "t9a-bsdata", "Aegis 4+ save with Immune (Divine Attacks) against Divine Attacks")
    assert found.probability == Fraction(1, 2)  # Divine Attacks lost: no re-roll of successful Aegis saves
    assert any("lose these Attack Attributes" in q for q in _quoted(found))
    # another attribute in the brackets: Divine Attacks still counts (1/2 × 1/2)
    assert answer(bsdata, "t9a-bsdata", "Aegis 4+ save with Immune (Flaming Attacks) against Divine Attacks").probability == Fraction(1, 4)
    # the attacker's Immune protects nothing on this roll
    assert answer(bsdata, "t9a-bsdata", "Aegis 4+ save against Divine Attacks and Immune (Divine Attacks)").probability == Fraction(1, 4)
    assert answer(bsdata, "t9a-bsdata", "Aegis (4+) save with Immune (Divine Attacks) against Divine Attacks").probability == Fraction(1, 2)
    with pytest.raises(Refusal) as err:  # allocated or distributed: before or after the hit roll, the sentence leaves open
        answer(bsdata, "t9a-bsdata", "hit 4+ with Divine Attacks against Immune (Divine Attacks)")
    assert "hit is rolled" in err.value.message
    # nothing of the brackets named for the attack: nothing to lose, whenever it is allocated
    assert answer(bsdata, "t9a-bsdata", "hit 4+ against Immune (Flaming Attacks)").probability == Fraction(1, 2)


WARDED = """# Rules

## Dice

Every roll uses a D6.

## Blessed Blades

Attacks with Blessed Blades re-roll failed to-wound rolls.

## Ward

Ward is a Special Save. A model must reroll successful Ward saves against attacks with Blessed Blades.

## Unhallowed

Attacks with the rules named in brackets (X) made against the model lose these rules.
"""


@pytest.fixture(scope="module")
def warded(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("warded"), "warded", WARDED))


def test_attack_attributes_lost_worded_another_way(warded):
    assert answer(warded, "warded", "wound 4+ with blessed blades").probability == Fraction(3, 4)
    lost = answer(warded, "warded", "wound 4+ with blessed blades against unhallowed (blessed blades)")
    assert lost.probability == Fraction(1, 2)
    assert any("lose these rules" in q for q in _quoted(lost))
    assert answer(warded, "warded", "wound 4+ with blessed blades against unhallowed (shield ward)").probability == Fraction(3, 4)
    with pytest.raises(Refusal):
        answer(warded, "warded", "hit 4+ with blessed blades against unhallowed (blessed blades)")
    # a save written as army entries write it, the saving model's rules after "with"
    assert answer(warded, "warded", "Ward 4+ save against blessed blades").probability == Fraction(1, 4)
    for asked in ("Ward (4+) save with unhallowed (blessed blades) against blessed blades", "Ward 4+ save with unhallowed (blessed blades) vs blessed blades"):
        assert answer(warded, "warded", asked).probability == Fraction(1, 2)


# -- a modifier a rule takes away, named by its cause ------------------------------------------


def test_a_modifier_taken_away_by_its_cause_on_the_imported_data(bsdata):
    # Accurate takes away only the -1 for shooting at Long Range: Hard Target's -1 stays
    found = answer(bsdata, "t9a-bsdata", "hit 4+ against Hard Target (1) with Accurate")
    assert (found.needed, found.probability) == ("5+", Fraction(1, 3))
    assert any("doesn't suffer the -1 to-hit modifier for shooting at Long Range" in q for q in _quoted(found))
    for name in ("Accurate", "Quick to Fire"):
        assert answer(bsdata, "t9a-bsdata", f"hit 4+ with {name}").probability == Fraction(1, 2)
        with pytest.raises(Refusal) as err:  # the question's own -1 may be the one taken away
            answer(bsdata, "t9a-bsdata", f"hit 4+ with {name} and -1")
        assert "is that one" in err.value.message


SHOTS = """# Rules

## Dice

Every roll uses a D6.

## Long Shot

Shooting at long range gives a -1 to-hit modifier.

## Gloom

Attacks against a unit with Gloom get a -1 to-hit modifier.

## Eagle Eye

A model with Eagle Eye ignores the -1 to-hit modifier for long range.
"""


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("shots"), "shots", SHOTS))


def test_a_modifier_taken_away_worded_another_way(shots):
    assert answer(shots, "shots", "hit 3+ against gloom with eagle eye").probability == Fraction(1, 2)
    with pytest.raises(Refusal):  # Long Shot's -1 is said for long range: whether it goes, calc will not guess
        answer(shots, "shots", "hit 3+ with long shot and eagle eye")
    with pytest.raises(Refusal):
        answer(shots, "shots", "hit 3+ with eagle eye and -1")


# -- Unstable read from the asked system's own rules ------------------------------------------


def test_unstable_on_the_imported_data(bsdata):
    found = answer(bsdata, "t9a-bsdata", "unstable 7 undead stubborn rally around the flag rank bonus 2")
    assert found.value == 2  # 7 halved rounding up: 4; less Rank Bonus 2
    assert {s.citation.rule for s in found.steps if s.citation} == {"t9a-bsdata/unstable", "t9a-bsdata/undead"}
    assert answer(bsdata, "t9a-bsdata", "unstable 20 undead steadfast").value == 12


UNDYING = """# Rules

## Unstable

A unit with Unstable does not take a Break Test, but instead it loses one Health Point for each point of Combat Score difference by which it lost the Round of Combat.

## Undead

When units consisting entirely of models with Undead lose Health Points due to Unstable, the number of lost Health Points can be reduced.
"""


@pytest.fixture(scope="module")
def undying(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("undying"), "undying", UNDYING))


def test_unstable_where_a_system_states_only_some_sentences(undying, rulebase):
    assert answer(undying, "undying", "unstable 5").value == 5
    with pytest.raises(Refusal) as err:  # its Undead never says what Stubborn does
        answer(undying, "undying", "unstable 5 undead stubborn")
    assert "Stubborn" in err.value.message
    with pytest.raises(Refusal) as err:
        answer(rulebase, "last-edition", "unstable 5")
    assert "does not define Unstable" in err.value.message


def test_a_count_said_with_fewer_or_more_is_named_by_its_thing(rulebase, leeches):
    """ "replenishes X fewer Power Dice": the answer counts "fewer Power Dice", not "fewer" (the sweep of
    round 17 found Magicka Drain's figure labelled by the comparative alone)."""
    found = answer(rulebase, "scrollhammer", "magicka drain (2)")
    assert (found.mean, found.to_json()["outcome"]) == (2, "fewer Power Dice")
    assert answer(leeches, "leeches", "sap (3)").to_json()["outcome"] == "more Fatigue"
