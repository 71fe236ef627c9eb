"""Whose rule an effect is: a rule's sentence says whether the model that has it makes the
roll it changes ("attacks with Hatred", "it re-rolls") or has it made against it ("Close
Combat Attacks allocated towards a model with Distracting", "saves taken against the
attack"), and calc applies the effect only when the question names the rule on that side
(after "with" for the roller, after "against" for the other); a sentence that does not say
is refused where the rule is named.  On the project's documents, the BattleScribe samples
and a small system worded its own way."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer
from referee.calc.effects import read
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.conftest import markdown_system


def _not_applied(found, quoted: str) -> bool:
    return any(s.citation and quoted in s.citation.quote and "not applied" in s.text for s in found.steps)


# -- the project's documents -----------------------------------------------------


def test_a_target_s_modifier_is_not_the_roller_s(rulebase):
    # "Close Combat Attacks allocated towards a model with Distracting suffer a -1 to-hit modifier."
    assert answer(rulebase, "t9a", "hit 4+ against Distracting").probability == Fraction(1, 3)
    mine = answer(rulebase, "t9a", "hit 4+ with Distracting")
    assert mine.probability == Fraction(1, 2)
    assert _not_applied(mine, "allocated towards a model with Distracting")
    # nor does its "cannot be combined" bar the question's own -1 when it is the roller's
    assert answer(rulebase, "t9a", "hit 4+ with Distracting with -1").probability == Fraction(1, 3)


def test_a_roller_s_modifier_and_re_roll_are_not_the_target_s(rulebase):
    assert answer(rulebase, "t9a", "hit 4+ with Lightning Reflexes").probability == Fraction(2, 3)
    theirs = answer(rulebase, "t9a", "hit 4+ against Lightning Reflexes")
    assert theirs.probability == Fraction(1, 2)
    assert _not_applied(theirs, "A Close Combat Attack with Lightning Reflexes")
    assert answer(rulebase, "t9a", "hit 4+ with Hatred in the first Round of Combat").probability == Fraction(3, 4)
    assert answer(rulebase, "t9a", "hit 4+ against Hatred in the first Round of Combat").probability == Fraction(1, 2)


def test_a_save_s_side_is_the_saving_model_s(rulebase):
    # "Successful Aegis saves taken against the attack must be rerolled": Divine Attacks is the attack's
    assert answer(rulebase, "t9a", "Aegis 4+ save against Divine Attacks").probability == Fraction(1, 4)
    assert answer(rulebase, "t9a", "Aegis 4+ save with Divine Attacks").probability == Fraction(1, 2)
    # Fortitude's own "cannot be taken against attacks with Flaming Attacks" needs them on the attack
    assert answer(rulebase, "t9a", "Fortitude 4+ save against Flaming Attacks").probability == 0
    assert answer(rulebase, "t9a", "Fortitude 4+ save with Flaming Attacks").probability == Fraction(1, 2)


def test_the_imported_documents_say_the_side_their_own_way(bsdata_elves):
    # "Shooting Attacks targeting a unit that has ... Hard Target suffer a -1 to-hit modifier."
    assert answer(bsdata_elves, "t9a-bsdata", "hit 4+ against Hard Target").probability == Fraction(1, 3)
    assert answer(bsdata_elves, "t9a-bsdata", "hit 4+ with Hard Target").probability == Fraction(1, 2)
    # "... must reroll failed to-wound rolls against models with Flammable", in Flammable's own text
    assert answer(bsdata_elves, "t9a-bsdata", "wound 4+ against Flammable").probability == Fraction(3, 4)
    assert answer(bsdata_elves, "t9a-bsdata", "wound 4+ with Flammable").probability == Fraction(1, 2)
    # "The attack ignores Fortitude Saves": the attack's rule, not the saving model's
    assert answer(bsdata_elves, "t9a-bsdata", "Fortitude 4+ save against Flaming Attacks").probability == 0
    assert answer(bsdata_elves, "t9a-bsdata", "Fortitude 4+ save with Flaming Attacks").probability == Fraction(1, 2)
    # "A model that is affected by ... Fae Miasma suffers a -1": the one its attacks hit
    assert answer(bsdata_elves, "t9a-bsdata", "hit 4+ with Fae Miasma").probability == Fraction(1, 2)
    with pytest.raises(Refusal) as err:
        answer(bsdata_elves, "t9a-bsdata", "hit 4+ against Fae Miasma")
    assert "affected by" in err.value.message


# -- a system worded its own way -------------------------------------------------

RULES = """# Sides

## Smoke

Enemies get -1 to hit this unit.

## Ward Hex

Successful to-hit rolls against a model with Ward Hex must be rerolled.

## Keen Eye

Its failed to-hit rolls must be rerolled.

## Veil

Models shooting at this unit suffer -1 to hit.

## Dread

When this unit is attacked, the attacker must re-roll successful to-hit rolls.

## Sure Shot

Re-roll failed to-hit rolls for attacks made by this unit.

## Murk

Failed to-hit rolls must be rerolled.

## Fog

You get -1 to hit.

## Grudge

The model may reroll failed to-hit rolls against units with Rivals.

## Rivals

The model has rivals.
"""


@pytest.fixture(scope="module")
def sides(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("sides"), "sides", RULES))


@pytest.mark.parametrize(
    ("question", "chance"),
    [
        ("hit 4+ against Smoke", Fraction(1, 3)),
        ("hit 4+ with Smoke", Fraction(1, 2)),
        ("hit 4+ against Ward Hex", Fraction(1, 4)),
        ("hit 4+ with Ward Hex", Fraction(1, 2)),
        ("hit 4+ with Keen Eye", Fraction(3, 4)),
        ("hit 4+ against Keen Eye", Fraction(1, 2)),
        ("hit 4+ against Veil", Fraction(1, 3)),
        ("hit 4+ with Veil", Fraction(1, 2)),
        ("hit 4+ against Dread", Fraction(1, 4)),
        ("hit 4+ with Dread", Fraction(1, 2)),
        ("hit 4+ with Sure Shot", Fraction(3, 4)),
        ("hit 4+ against Sure Shot", Fraction(1, 2)),
        ("hit 4+ with Grudge against Rivals", Fraction(3, 4)),
        ("hit 4+ with Grudge and Rivals", Fraction(1, 2)),  # the foe is named on the roller's side
    ],
)
def test_each_side_as_the_sentence_says_it(sides, question, chance):
    assert answer(sides, "sides", question).probability == chance


@pytest.mark.parametrize("question", ["hit 4+ with Murk", "hit 4+ against Murk", "hit 4+ with Fog", "hit 4+ against Fog"])
def test_a_sentence_that_does_not_say_whose_roll_is_refused(sides, question):
    # "You" is the player, who may be either side: no more said than by no subject at all
    rule = question.split()[-1].lower()
    with pytest.raises(Refusal) as err:
        answer(sides, "sides", question)
    assert err.value.message == (
        f"sides/{rule}'s sentence does not say whose roll it changes, the one that has the rule or the one it is made against; "
        "calc will not pick"
    )


def test_the_reader_names_each_effect_s_side():
    fear = read(
        "x/fear",
        "If this test is failed, Close Combat Attacks made by models in the unit suffer -1 to hit, "
        "while Close Combat Attacks allocated towards models in the unit gain +1 to hit.",
    )
    assert [(e.amount, e.side) for e in fear] == [(-1, "own"), (1, "other")]
    assert [e.side for e in read("x/lethal", "The target of the attack cannot take a Regeneration save against it.")] == ["other"]
    assert [e.side for e in read("x/aegis", "A model must reroll successful Aegis saves against attacks with Divine Attacks.")] == ["own"]
    assert [e.side for e in read("x/murk", "Failed to-hit rolls must be rerolled.")] == [None]
