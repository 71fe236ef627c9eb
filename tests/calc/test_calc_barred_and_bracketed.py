"""A save barred in the players' words ("no regeneration save is allowed against such
attacks"), a rule's own save followed by the other side's rules ("Regeneration save against
Flaming Attacks"), and a rule named with a parameter in brackets its text never explains
("against Hard Target (1)"): on the real documents and on a system of this test's own words."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer
from referee.calc.effects import read
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.conftest import markdown_system

RULES = """# Skirmish

## Mending

Some beasts knit their wounds shut. This rule gives the model a mending save which works just like a 5+ ward save.

- Wounds from burning attacks cannot be mended - no mending save is allowed against such attacks.

## Burning Attacks

The attacks of this model are on fire.

## Rune

The bearer has a 4+ rune save. No Rune save may be taken against attacks with Holy Strikes.

## Holy Strikes

Attacks blessed by the gods.

## Shrouded

Shooting attacks targeting a unit with Shrouded suffer a -1 to-hit modifier. Each instance of Shrouded adds a further -1; the rule is cumulative.

## Veiled

Shooting attacks targeting a unit with Veiled suffer a -1 to-hit modifier.

## Grapeshot

The target unit suffers D6×2 hits.

## Dice

Every roll uses a D6.
"""


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("skirmish"), "skirmish", RULES))


def test_a_save_no_one_may_take_against_such_attacks_is_read_from_the_sentence(rulebase):
    (effect,) = read("whfb-house/regeneration", "Wounds suffered from flaming attack cannot be regenerated - no regeneration save is allowed against such attacks.")
    assert (effect.kind, effect.roll, effect.needs, effect.side) == ("nosave", "save:regeneration", "flaming attack", "own")
    found = answer(rulebase, "whfb-house", "Regeneration 4+ save against Flaming Attacks")
    assert found.probability == 0
    assert any(s.citation and "no regeneration save is allowed" in s.citation.quote for s in found.steps)
    # named for the saving model, the flaming attacks are not the attack's: the save stands
    assert answer(rulebase, "whfb-house", "Regeneration 4+ save with Flaming Attacks").probability == Fraction(1, 2)
    # the same bar in other words: "may not be taken"
    (barred,) = read("x/ward", "Ward Saves may not be taken against attacks with Holy Fire.")
    assert (barred.kind, barred.roll, barred.needs) == ("nosave", "save:ward", "Holy Fire")
    # "such attacks" with nothing named before them is a condition the question cannot give
    (vague,) = read("x/ward", "No Ward save may be taken against such attacks.")
    assert vague.needs.startswith("?")


def test_a_rules_own_save_then_the_other_sides_rules(rulebase):
    found = answer(rulebase, "whfb-house", "Regeneration save against Flaming Attacks")
    assert found.probability == 0
    cited = [s.citation.quote for s in found.steps if s.citation]
    assert any("works exactly like 4+ ward save" in c for c in cited)  # the figure, from the rule
    assert any("no regeneration save is allowed" in c for c in cited)  # the bar, from the same rule
    assert answer(rulebase, "whfb-house", "Regeneration save vs flaming attacks").probability == 0
    # without the word "save": its save, as the documents call it one ("confers a special regeneration save")
    assert answer(rulebase, "whfb-house", "Regeneration against Flaming Attacks").probability == 0
    with pytest.raises(Refusal, match="gives no dice or number for its save"):
        answer(rulebase, "whfb-house", "Thunderstomp against Flaming Attacks")
    # a save given in brackets, then the attacker's rule: as "Aegis 4+ save against Divine Attacks"
    assert answer(rulebase, "t9a", "Aegis (4+) save against Divine Attacks").probability == Fraction(1, 4)
    with pytest.raises(Refusal, match="against a rule's save"):  # hits are not a save
        answer(rulebase, "whfb-house", "Thunderstomp hits against Flaming Attacks")
    with pytest.raises(Refusal, match="after 'against'"):  # "with" after a rule's save: whose, not a rule
        answer(rulebase, "whfb-house", "Regeneration save with Flaming Attacks")


def test_the_same_shapes_in_a_system_of_other_words(skirmish):
    assert answer(skirmish, "skirmish", "mending save").probability == Fraction(1, 3)
    assert answer(skirmish, "skirmish", "mending save against burning attacks").probability == 0
    assert answer(skirmish, "skirmish", "Rune 4+ save against Holy Strikes").probability == 0
    assert answer(skirmish, "skirmish", "Rune 4+ save").probability == Fraction(1, 2)
    with pytest.raises(Refusal, match="cannot read what it does"):  # a rule that changes nothing here is never ignored
        answer(skirmish, "skirmish", "Rune 4+ save against Burning Attacks")


def test_a_parameter_the_rule_never_explains_is_read_only_where_every_reading_agrees(skirmish, bsdata):
    found = answer(bsdata, "t9a-bsdata", "hit 3+ against Hard Target (1)")
    assert found.probability == Fraction(1, 2)
    assert any("(1)" in s.text and "alike" in s.text for s in found.steps)
    with pytest.raises(Refusal, match=r"\(2\) stands for"):  # -1 as written, -2 as two instances or its size
        answer(bsdata, "t9a-bsdata", "hit 3+ against Hard Target (2)")
    # a roll the rule does not change needs no reading of its brackets
    assert answer(bsdata, "t9a-bsdata", "wound 3+ against Hard Target (2)").probability == Fraction(2, 3)
    assert answer(skirmish, "skirmish", "hit 3+ against Shrouded (1)").probability == Fraction(1, 2)
    assert answer(skirmish, "skirmish", "hit 3+ against Veiled (1)").probability == Fraction(1, 2)
    with pytest.raises(Refusal):  # no instances, but the size reading gives -2 against the -1 written
        answer(skirmish, "skirmish", "hit 3+ against Veiled (2)")
    with pytest.raises(Refusal):  # words in the brackets: nothing calc can weigh
        answer(skirmish, "skirmish", "hit 3+ against Veiled (Elves)")


def test_the_other_side_in_players_words(rulebase, bsdata):
    """'vs' for 'against', and the words before the rule's name ('a unit with', 'attacks with')."""
    for question in ("hit 3+ vs Hard Target (1)", "hit 3+ against a unit with Hard Target (1)", "to hit on 3+ vs models with hard target(1)"):
        assert answer(bsdata, "t9a-bsdata", question).probability == Fraction(1, 2), question
    assert answer(rulebase, "t9a", "hit 4+ vs a model with Distracting").probability == Fraction(1, 3)
    assert answer(rulebase, "t9a", "Fortitude 4+ save against attacks with Flaming Attacks").probability == 0
    assert answer(rulebase, "whfb-house", "Regeneration save against attacks with Flaming Attacks").probability == 0



# -- round 13's tuning half: what a rule gives, asked as players ask it ------------------


def test_a_figure_only_one_part_of_a_rule_gives(rulebase):
    found = answer(rulebase, "whfb-house", "Breath Weapon hits")
    assert found.mean == 7
    assert found.steps[0].citation.rule == "whfb-house/breath-weapon-close-combat-attack"
    assert "only in Breath Weapon Close Combat Attack" in found.steps[0].text


def test_a_total_asked_of_a_rules_count(rulebase, skirmish):
    found = answer(skirmish, "skirmish", "Grapeshot hits needing 8")  # D6x2: 8, 10 or 12
    assert found.probability == Fraction(1, 2)
    assert answer(rulebase, "whfb-house", "Thunderstomp hits needing 4").probability == Fraction(1, 2)
    for question in ("Thunderstomp hits, needing 4", "Thunderstomp hits 4 or more", "Thunderstomp hits needs 4+"):
        assert answer(rulebase, "whfb-house", question).probability == Fraction(1, 2), question
    with pytest.raises(Refusal, match="asks for a total"):  # a roll that passes or fails has no total
        answer(rulebase, "whfb-house", "Regeneration save needing 4")


def test_a_roll_in_brackets_for_a_rule_rolling_a_die_for_each(rulebase):
    found = answer(rulebase, "scrollhammer", "regeneration (4+) with 2 wounds")
    assert (found.mean, found.probability) == (1, Fraction(3, 4))
    assert any(s.citation and "Regeneration(X), such as Regeneration(4+)" in s.citation.quote for s in found.steps)
    assert answer(rulebase, "scrollhammer", "regeneration with 2 wounds").probability == Fraction(11, 36)  # on a 6
    for question in ("regeneration 4+ with 2 wounds", "regeneration (4+), 2 wounds"):
        assert answer(rulebase, "scrollhammer", question).probability == Fraction(3, 4), question
    with pytest.raises(Refusal, match="no roll of X"):  # a rule whose sentences have no X+
        answer(rulebase, "last-edition", "destroyed transport (4+) with 6 models embarked")


def test_a_bonus_a_rule_adds_to_the_models_own(rulebase):
    found = answer(rulebase, "scrollhammer", "Rampage attacks")
    assert found.mean == 2 and found.outcome == "attacks added"
    assert "only if the combat they are in contains more enemy models than friendly models" in found.steps[0].text
