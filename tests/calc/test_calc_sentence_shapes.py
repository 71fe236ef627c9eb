"""A rule's effect on a roll read from its own sentences whatever their shape.  Re-rolls: the verb before what it
re-rolls without "must" or "may" ("it re-rolls failed To Wound rolls"), several rolls at once
("failed To Hit and To Wound rolls"), only some results ("rolls of 1"), "misses", the same
re-roll said for two moments, a foe of the rule's own ("its Preferred Enemy"), and what calc
refuses: a re-roll of only one roll, a condition on characteristics the question cannot give.
Modifiers said without the word "modifier" ("gets -1 to hit"), and attacks that always hit."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer
from referee.calc.effects import read
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.conftest import markdown_system


# -- the project's documents (Scrollhammer's special rules) -------------------------


def test_a_reroll_said_for_close_combat_and_for_shooting_holds_when_the_question_names_neither(rulebase):
    shred = answer(rulebase, "scrollhammer", "wound 5+ shred")
    assert shred.probability == Fraction(5, 9)  # 1 - (2/3)^2
    quoted = [s.citation.quote for s in shred.steps if s.citation]
    assert any("in close combat" in q for q in quoted) and any("shooting attack" in q for q in quoted)
    assert answer(rulebase, "scrollhammer", "wound 5+ with Shred in close combat").probability == Fraction(5, 9)
    assert answer(rulebase, "scrollhammer", "wound 5+ with Shred in the shooting phase").probability == Fraction(5, 9)


def test_failed_rolls_of_one_rerolled_for_both_rolls_the_sentence_names(rulebase):
    for roll in ("hit", "wound"):
        found = answer(rulebase, "scrollhammer", f"{roll} 4+ preferred enemy")
        assert found.probability == Fraction(1, 2) + Fraction(1, 6) * Fraction(1, 2)  # only a 1 is rolled again
        quoted = [s.citation.quote for s in found.steps if s.citation]
        assert any("rolls of 1 if attacking its Preferred Enemy" in q for q in quoted)
        assert any("everyone is a Preferred Enemy" in q for q in quoted)
    # a 2+ fails only on a 1: every failed roll is a 1
    assert answer(rulebase, "scrollhammer", "hit 2+ preferred enemy").probability == 1 - Fraction(1, 36)


def test_the_question_rerolls_ones_itself(rulebase):
    for question in ("hit 4+ reroll 1s", "hit 4+ re-roll ones", "wound 4+ with reroll rolls of 1", "hit CS4 vs CS4 reroll 1s"):
        assert answer(rulebase, "last-edition", question).probability == Fraction(7, 12), question
    assert answer(rulebase, "last-edition", "hit 4+ reroll failed").probability == Fraction(3, 4)


def test_misses_rerolled_in_the_first_round_against_a_hated_foe(rulebase):
    assert answer(rulebase, "scrollhammer", "hit 4+ hatred in the first round of combat").probability == Fraction(3, 4)
    assert answer(rulebase, "scrollhammer", "hit 4+ hatred in the second round of combat").probability == Fraction(1, 2)
    # players shorten the moment: the same round is the same round, another round is not
    assert answer(rulebase, "scrollhammer", "hit 4+ hatred in the first round").probability == Fraction(3, 4)
    assert answer(rulebase, "t9a", "hit 4+ hatred in the first round").probability == Fraction(3, 4)
    assert answer(rulebase, "t9a", "hit 4+ hatred in the second round").probability == Fraction(1, 2)
    with pytest.raises(Refusal) as err:
        answer(rulebase, "scrollhammer", "hit 4+ hatred")
    assert "first round" in err.value.message
    with pytest.raises(Refusal):  # a turn is not a round of combat: calc cannot tell
        answer(rulebase, "scrollhammer", "hit 4+ hatred in the first turn")


def test_a_reroll_against_a_kind_of_foe_the_question_may_name(rulebase):
    assert answer(rulebase, "scrollhammer", "wound 4+ monster hunter against monstrous creatures").probability == Fraction(3, 4)
    assert answer(rulebase, "scrollhammer", "wound 4+ monster hunter against a monstrous creature").probability == Fraction(3, 4)
    plain = answer(rulebase, "scrollhammer", "wound 4+ monster hunter")
    assert plain.probability == Fraction(1, 2)
    assert any("not applied" in s.text for s in plain.steps)


def test_what_calc_cannot_settle_is_refused(rulebase):
    for name in ("master crafted", "Master-crafted"):  # a rule's name keeps its hyphen
        with pytest.raises(Refusal) as err:  # one failed roll per turn, of several attacks: which one, calc cannot say
            answer(rulebase, "scrollhammer", f"3 attacks hit 4+ with {name}")
        assert "only one roll" in err.value.message
        with pytest.raises(Refusal) as err:
            answer(rulebase, "scrollhammer", f"hit 4+ with {name} then wound 4+")
        assert "only one roll" in err.value.message
    with pytest.raises(Refusal) as err:  # Poisoned re-rolls only if Strength >= Toughness
        answer(rulebase, "scrollhammer", "wound 4+ with Poisoned in close combat")
    assert "Toughness" in err.value.message


def test_a_reroll_of_one_failed_roll_rerolls_a_roll_asked_alone(rulebase):
    # "re-roll one failed roll To Hit per turn": the one roll asked is that roll (this test
    # pinned a refusal before; of one roll asked alone there is no choice to make)
    found = answer(rulebase, "scrollhammer", "hit 4+ with Master-crafted")
    assert found.probability == Fraction(3, 4)
    quoted = [s.citation.quote for s in found.steps if s.citation]
    assert any("re-roll one failed roll To Hit per turn" in q for q in quoted)
    assert answer(rulebase, "scrollhammer", "wound 4+ with Master-crafted").probability == Fraction(1, 2)  # To Hit only
    with pytest.raises(Refusal) as err:  # Soul Trap's one re-roll holds only while using a magic weapon
        answer(rulebase, "scrollhammer", "hit 4+ with soul trap")
    assert "magic weapon" in err.value.message


def test_a_modifier_for_one_kind_of_attack(rulebase):
    # "A Close Combat Attack with Lightning Reflexes gains a +1": naming the rule implies such an attack
    assert answer(rulebase, "t9a", "hit 5+ with Lightning Reflexes").probability == Fraction(1, 2)
    assert answer(rulebase, "t9a", "hit 5+ with Lightning Reflexes in the first round of combat").probability == Fraction(1, 2)
    assert answer(rulebase, "t9a", "hit 5+ with Lightning Reflexes in the shooting phase").probability == Fraction(1, 3)


def test_a_natural_six_that_always_wounds(rulebase):
    rending = answer(rulebase, "scrollhammer", "wound 4+ with rending")
    assert rending.probability == Fraction(1, 2)  # a 6 already wounds on 4+: said, and nothing changes
    assert any("natural 6 always succeeds" in s.text for s in rending.steps)


def test_a_modifier_without_the_word_modifier_and_an_attack_that_always_hits(rulebase):
    blind = answer(rulebase, "scrollhammer", "hit 4+ blind")
    assert (blind.needed, blind.probability) == ("5+", Fraction(1, 3))
    autohit = answer(rulebase, "scrollhammer", "hit 4+ with autohit then wound 4+")
    assert autohit.probability == Fraction(1, 2)  # every attack hits; the wound roll decides
    assert answer(rulebase, "t9a", "hit 5+ with Sweeping Attack").probability == 1
    with pytest.raises(Refusal) as err:  # Fear's -1 and +1 hold only for a unit that failed its test
        answer(rulebase, "t9a", "hit 4+ against Fear")
    assert "if this test is failed" in err.value.message


def test_a_number_added_to_multiple_wounds_and_the_target_in_words(rulebase):
    found = answer(rulebase, "t9a", "Multiple Wounds (D3+1) against a model with 3 Health Points")
    assert (found.mean, dict(found.distribution.items())) == (Fraction(8, 3), {2: Fraction(1, 3), 3: Fraction(2, 3)})
    assert answer(rulebase, "t9a", "multiple wounds (D3+1) vs hp 3").mean == Fraction(8, 3)
    assert answer(rulebase, "t9a", "multiple wounds (D3 clipped wings) against a model with fly and 3 health points").mean == Fraction(8, 3)
    assert answer(rulebase, "t9a", "multiple wounds (D6-1)").mean == Fraction(5, 2)
    with pytest.raises(Refusal):  # the wiki's Multiple Wounds is a number or d3
        answer(rulebase, "scrollhammer", "multiple wounds (D3+1)")
    with pytest.raises(Refusal) as err:  # a system with no rule of that name
        answer(rulebase, "whfb-house", "multiple wounds (D3+1)")
    assert err.value.message == "whfb-house does not define Multiple Wounds"


def test_a_rule_that_makes_the_attacks_flaming_bars_fortitude(bsdata_elves):
    found = answer(bsdata_elves, "t9a-bsdata", "Fortitude 3+ save against Moonlight Arrows")
    assert found.probability == 0
    rules = [s.citation.rule for s in found.steps if s.citation]
    assert "t9a-bsdata/moonlight-arrows" in rules and "t9a-bsdata/fortitude" in rules


def test_a_modifier_counted_once_and_its_conditions_refused(bsdata_elves):
    # "This rule is cumulative, allowing an additional -1 ... for each instance" is no second -1
    assert answer(bsdata_elves, "t9a-bsdata", "hit 4+ against Hard Target").probability == Fraction(1, 3)
    # "Shooting Attacks targeting a unit ... with Hard Target": not in close combat
    assert answer(bsdata_elves, "t9a-bsdata", "hit 4+ against Hard Target in close combat").probability == Fraction(1, 2)
    for question, condition in (
        ("hit 4+ with Sword Sworn", "when attacking with a Great Weapon"),
        ("hit 4+ with Unwieldy", "for Moving and Shooting"),
        ("hit 4+ against Fae Miasma", "affected by"),
    ):
        with pytest.raises(Refusal) as err:
            answer(bsdata_elves, "t9a-bsdata", question)
        assert condition in err.value.message, question


def test_a_save_in_brackets_the_documents_call_a_save(bsdata_elves):
    assert answer(bsdata_elves, "t9a-bsdata", "Aegis (4+)").probability == Fraction(1, 2)  # "Aegis is a Special Save"
    assert answer(bsdata_elves, "t9a-bsdata", "Fortitude (5+) save").probability == Fraction(1, 3)


def test_multiple_wounds_in_a_system_calc_has_no_module_for(bsdata_elves):
    found = answer(bsdata_elves, "t9a-bsdata", "Multiple Wounds (D3+1) against a model with 3 Health Points")
    assert found.mean == Fraction(8, 3)
    quoted = [s.citation.quote for s in found.steps if s.citation]
    assert any("never be higher than the Health Points" in q for q in quoted)
    assert answer(bsdata_elves, "t9a-bsdata", "multiple wounds (D3, clipped wings) vs fly hp 3").mean == Fraction(8, 3)


def test_a_save_whose_value_and_conditions_come_from_the_rules_text(rulebase):
    parry = answer(rulebase, "whfb-house", "Parry save, hand weapon and shield on foot")
    assert (parry.needed, parry.probability) == ("6+", Fraction(1, 6))
    first = parry.steps[0]
    assert first.citation.rule == "whfb-house/hand-weapon-shield-foot" and "fighting front" in first.text and "cc only" in first.text
    for question in ("parry save with hand weapon and shield", "Parry save, hand weapon + shield (foot)"):
        assert answer(rulebase, "whfb-house", question).probability == Fraction(1, 6), question
    with pytest.raises(Refusal):
        answer(rulebase, "whfb-house", "Parry save, great weapon")


def test_a_rules_save_on_the_only_die_that_can_roll_it(rulebase):
    # the wiki names D3s and D6s: only a D6 rolls a 4+, and the sentence's limit is said
    ethereal = answer(rulebase, "scrollhammer", "ethereal save")
    assert (ethereal.needed, ethereal.probability) == ("4+", Fraction(1, 2))
    assert "against Mundane attacks" in ethereal.steps[0].text and "only the D6" in ethereal.steps[1].text
    with pytest.raises(Refusal) as err:  # a 2+ a D3 could roll too
        answer(rulebase, "scrollhammer", "physical god save")
    assert "could roll it" in err.value.message
    with pytest.raises(Refusal):  # "Stealth(+2) indicates ... a 5+ save" is about Stealth(+2), not Stealth
        answer(rulebase, "scrollhammer", "stealth save")


def test_the_word_save_before_the_roll(rulebase):
    assert answer(rulebase, "t9a", "Aegis save 4+ against Divine Attacks").probability == Fraction(1, 4)
    assert answer(rulebase, "t9a", "Fortitude save 4+ against Flaming Attacks").probability == 0


def test_a_save_written_as_army_entries_write_it(rulebase):
    assert answer(rulebase, "t9a", "Aegis (4+) save").probability == Fraction(1, 2)
    with pytest.raises(Refusal):  # without the word, only where the documents call it a save
        answer(rulebase, "t9a", "Battle Focus (4+)")


def test_a_roll_under_a_lead_in_of_another_rule(rulebase):
    for question in ("look out sir", "Look out, Sir", "look out sir roll"):
        found = answer(rulebase, "scrollhammer", question)
        assert (found.needed, found.probability) == ("3+", Fraction(2, 3)), question
        assert found.steps[0].citation.rule == "scrollhammer/precision"


# -- a system worded its own way -------------------------------------------------

RULES = """# Brawl

## Cleave

A model with Cleave re-rolls its failed to-wound rolls in close combat. When it makes a shooting attack, it re-rolls failed to-wound rolls as well.

## Nemesis

If no foe is given, everyone is a Nemesis of the model. The model rerolls failed to-hit rolls of 1 if attacking its Nemesis.

## Giant Slayer

The model rerolls all failed to-wound rolls against Giants.

## Lucky Charm

The bearer may reroll one failed to-hit roll per battle.

## Brute

If the Strength of the attacker is higher than the Toughness of the target, it rerolls failed to-wound rolls.

## Dazzled

A Dazzled model suffers -1 to hit.

## Shaken

If the unit failed a Nerve test, it gets -1 to hit.

## Multiple Wounds

Each unsaved wound is multiplied into the number in parentheses (X). Roll the dice for each wound separately. The wounds one attack causes can never be more than the Wounds of the target.

## Buckler

A model on foot with a buckler may take a Block Save (front only, 5+ in close combat).

## Fire Blade

The weapon's attacks become Burning Attacks and Sharp.

## Torch

If the bearer charged this turn, its attacks become Burning Attacks.

## Burning Attacks

The attack must reroll failed to-wound rolls against models with Kindling.

## Kindling

The model burns well.

## Sharp

The blade is keen.

## Ambush Rules

Ambushers arrive late. Late Arrival: roll a D6 for the unit; on a 4+ it arrives.

## Charger

If the unit charged this turn, it re-rolls failed to-hit rolls.

## Dice

Every roll uses a D6.

## Ambush

The unit re-rolls all misses during the first round of each combat.

## Steady Aim

Once per game the unit may re-roll one miss.

## Second Chance

The bearer may re-roll a single roll to wound.
"""


@pytest.fixture(scope="module")
def brawl(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("brawl"), "brawl", RULES))


def test_the_same_shapes_worded_another_way(brawl):
    assert answer(brawl, "brawl", "wound 3+ cleave").probability == 1 - Fraction(1, 9)
    assert answer(brawl, "brawl", "hit 3+ nemesis").probability == Fraction(2, 3) + Fraction(1, 6) * Fraction(2, 3)
    assert answer(brawl, "brawl", "wound 4+ with giant slayer against giants").probability == Fraction(3, 4)
    assert answer(brawl, "brawl", "hit 4+ ambush in the first round of combat").probability == Fraction(3, 4)
    assert answer(brawl, "brawl", "hit 3+ with dazzled").probability == Fraction(1, 2)
    with pytest.raises(Refusal):  # a condition the question cannot give
        answer(brawl, "brawl", "hit 3+ with shaken")
    with pytest.raises(Refusal):
        answer(brawl, "brawl", "hit 4+ lucky charm")
    with pytest.raises(Refusal):
        answer(brawl, "brawl", "wound 4+ brute")
    with pytest.raises(Refusal) as err:  # whether the unit charged, the question cannot say
        answer(brawl, "brawl", "hit 4+ with charger")
    assert "charged this turn" in err.value.message


def test_a_reroll_of_one_roll_worded_another_way(brawl):
    assert answer(brawl, "brawl", "hit 4+ with steady aim").probability == Fraction(3, 4)  # "one miss": the roll asked
    with pytest.raises(Refusal) as err:  # of several, which one is re-rolled calc cannot say
        answer(brawl, "brawl", "2 attacks hit 4+ with steady aim")
    assert "only one roll" in err.value.message
    with pytest.raises(Refusal) as err:  # "a single roll": failed or not, the sentence does not say
        answer(brawl, "brawl", "wound 4+ with second chance")
    assert "without saying a failed one" in err.value.message


def test_multiple_wounds_read_from_the_systems_own_rule(brawl):
    found = answer(brawl, "brawl", "multiple wounds (D6+1) against a model with 4 health points")
    assert dict(found.distribution.items()) == {2: Fraction(1, 6), 3: Fraction(1, 6), 4: Fraction(4, 6)}
    assert {s.citation.rule for s in found.steps if s.citation} == {"brawl/multiple-wounds"}
    with pytest.raises(Refusal) as err:  # the rule says nothing of Clipped Wings
        answer(brawl, "brawl", "multiple wounds (D6, clipped wings) vs fly")
    assert "Clipped Wings" in err.value.message


def test_a_save_named_inside_another_rules_text(brawl):
    block = answer(brawl, "brawl", "Block save, buckler on foot")
    assert (block.needed, block.probability) == ("5+", Fraction(1, 3))
    assert "front only" in block.steps[0].text and block.steps[0].citation.rule == "brawl/buckler"
    assert answer(brawl, "brawl", "block save").probability == Fraction(1, 3)
    with pytest.raises(Refusal):  # no rule named by these words gives it
        answer(brawl, "brawl", "Block save, great weapon")


def test_a_rule_that_gives_another_rule_brings_its_effects(brawl):
    fire = answer(brawl, "brawl", "wound 4+ with fire blade against kindling")
    assert fire.probability == Fraction(3, 4)
    assert [s.citation.rule for s in fire.steps if s.citation][:2] == ["brawl/fire-blade", "brawl/burning-attacks"]
    assert answer(brawl, "brawl", "wound 4+ with fire blade").probability == Fraction(1, 2)  # no Kindling named
    with pytest.raises(Refusal) as err:  # given only if the bearer charged: the question cannot say
        answer(brawl, "brawl", "wound 4+ with torch against kindling")
    assert "charged" in err.value.message


def test_a_lead_in_worded_another_way(brawl):
    assert answer(brawl, "brawl", "late arrival").probability == Fraction(1, 2)


def test_the_reader_on_each_shape():
    def shape(text):
        return [(e.kind, e.roll, e.amount, e.face, e.when, e.needs) for e in read("x/preferred-enemy", text)]

    assert shape("It re-rolls failed To Hit and To Wound rolls of 1 if attacking its Preferred Enemy.") == [
        ("reroll", "hit", "failed", (1,), None, "its Preferred Enemy"),
        ("reroll", "wound", "failed", (1,), None, "its Preferred Enemy"),
    ]
    assert shape("The wielder must re-roll failed rolls To Wound in close combat.") == [("reroll", "wound", "failed", None, "close combat", None)]
    assert shape("It may re-roll failed charge distance rolls.") == []  # a roll calc does not ask
    assert shape("In addition, it re-rolls failed to-hit rolls.") == [("reroll", "hit", "failed", None, None, None)]  # no moment
    assert shape("It does not re-roll failed to-hit rolls.") == []
