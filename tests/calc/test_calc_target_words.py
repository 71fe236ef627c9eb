"""The number a roll needs and the total a roll of dice needs, in the words players type: "hit on a
4+", "wound needing 5+", "hit 4 or more", "4+ to hit"; "2D6 9 or more", "needing at least 9",
"needing 8 on 2D6" (a named roll's too: "hit and run 12 or more on 3D6"); stages joined by ", then"
or "and then" or a comma before a stage given with its number, "3 attacks, ..."; "4+ Aegis save"; "vs." before the other side's rules; "armour save"; "average" for
"mean"; "maximised roll"; a value and a roll without brackets ("absorb magicka 2 on a 5+"); a rule's
name and a roll that the documents never call a save ("absorb health 5+"), read as the rule's own roll; a
rule's save named alone after "then" ("then Regeneration save"), its number read from the rule.
Each form gives the canonical form's answer on the real documents, the walker's tree is Lark's, and
a small system of this file's own words shows the mechanism beside the documents."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer, lalr
from referee.calc.errors import CalcSyntaxError, NotASave, Refusal
from referee.store.record import assemble
from tests.calc.test_calc_lalr import LARK, _plain
from tests.conftest import markdown_system

SAME = [
    ("t9a", "hit 4+ with Hatred in the first Round of Combat", [
        "hit on a 4+ with Hatred in the first Round of Combat", "hit needing 4+ with Hatred in the first round of combat",
        "4+ to hit with Hatred in the first Round of Combat", "to hit 4 or more with Hatred in the first Round of Combat",
        "hit 4+ or better with Hatred in the first Round of Combat",
    ]),
    ("t9a", "wound 3+", ["wound on a 3+", "wound on an 3+", "3+ to wound", "wound 3 or higher", "to wound needs 3+"]),
    ("t9a", "hit 4+ with Poison Attacks then wound 5+", [
        "hit 4+ with Poison Attacks, then wound 5+", "hit on a 4+ with Poison Attacks and then wound on a 5+",
        "4+ to hit with Poison Attacks then 5+ to wound",
    ]),
    ("last-edition", "3 attacks hit CS5 vs CS4 then wound S4 vs T4 then save 4+/6+ AP-1", [
        "3 attacks, hit CS5 vs CS4, then wound S4 vs T4, then save 4+/6+ AP-1",
        "3 attacks hit CS5 vs CS4 then wound S4 vs T4 then armour save 4+/6+ AP-1",
    ]),
    ("last-edition", "save 3+/5+ AP-1", ["armour save 3+/5+ AP-1", "armor save 3+/5+ vs AP-1"]),
    # the mean asked after any chain, a Combat Skill stage's too (it is given with every answer of several outcomes)
    ("last-edition", "2 attacks hit CS5 vs CS4 then wound S4 vs T4", [
        "2 attacks hit CS5 vs CS4 then wound S4 vs T4, mean wounds", "2 attacks hit CS5 vs CS4 then wound S4 vs T4 average",
    ]),
    ("t9a", "3 attacks hit 4+ then wound 4+", ["3 attacks hit 4+ then wound 4+, mean unsaved wounds", "3 attacks hit 4+, then wound 4+, expected wounds"]),
    ("t9a", "Aegis 4+ save against Divine Attacks", ["Aegis 4+ save vs. Divine Attacks", "Aegis 4+ save v Divine Attacks"]),
    ("t9a", "Aegis (4+) save against Divine Attacks", ["Aegis (4+) save vs. Divine Attacks"]),
    ("t9a", "hit 4+ with Battle Focus, mean hits", ["hit 4+ with Battle Focus, average hits", "hit 4+ with Battle Focus expected hits"]),
    ("last-edition", "2D6 needing 9", [
        "2D6 9 or more", "2D6 needing at least 9", "needing 9 on 2D6", "9 or more on 2D6", "9+ on 2D6",
    ]),
    ("t9a", "2D6 maximised needing 10", ["2D6 maximised roll needing 10", "10+ on 2D6 maximised"]),
    ("t9a", "2D6 minimised twice", ["2D6 minimised roll twice"]),
    ("whfb-house", "Thunderstomp hits needing 4", ["Thunderstomp hits at least 4", "Thunderstomp hits, 4 or more"]),
    ("last-edition", "charge 2D6 needing 7", ["charge needing 7 on 2D6", "charge roll 7 or more on 2D6"]),
    ("scrollhammer", "hit and run 3D6 needing 12", ["hit and run 12 or more on 3D6", "hit and run needing 12 on 3D6"]),
    ("scrollhammer", "absorb magicka (2 on a 5+)", ["absorb magicka 2 on a 5+", "absorb magicka 2 on 5+"]),
    ("scrollhammer", "absorb health (5+)", ["absorb health 5+"]),
    ("scrollhammer", "regeneration (4+)", ["regeneration 4+"]),
    # a comma alone between stages given with their numbers; before the moment; before the question's re-roll
    ("t9a", "hit 5+ with Poison Attacks then wound 4+", ["hit 5+ with Poison Attacks, wound 4+", "hit 5+ with Poison Attacks, 4+ to wound"]),
    ("last-edition", "3 attacks hit CS5 vs CS4 then wound S4 vs T4 then save 4+/6+ AP-1", [
        "3 attacks, hit CS5 vs CS4, wound S4 vs T4, save 4+/6+ AP-1", "3 attacks hit CS5 vs CS4, wound Strength 4 vs Toughness 4, armour save 4+/6+ AP-1",
    ]),
    ("whfb-house", "2 attacks hit 4+ then wound 4+ then Regeneration 4+ save", [
        "2 attacks hit 4+, wound 4+, then Regeneration 4+ save", "2 attacks hit 4+ then wound 4+ then Regeneration save",
    ]),
    ("t9a", "hit 4+ with Hatred in the first Round of Combat", ["hit 4+ with Hatred, in the first Round of Combat"]),
    ("t9a", "hit 4+ reroll failed", ["hit 4+, reroll failed", "hit on a 4+, re-roll misses"]),
    ("last-edition", "hit 4+ -1", ["hit 4+, -1", "hit on 4+, a -1 modifier"]),
    # the roll before a save's name
    ("t9a", "Aegis 4+ save against Divine Attacks", ["4+ Aegis save against Divine Attacks", "a 4+ Aegis save vs Divine Attacks"]),
    ("whfb-house", "Regeneration 4+ save against Flaming Attacks", ["4+ Regeneration save against Flaming Attacks"]),
]


@pytest.mark.parametrize(("system", "canonical", "variant"), [(s, c, v) for s, c, vs in SAME for v in vs])
def test_a_players_wording_gives_the_same_answer(rulebase, system, canonical, variant):
    if "hit and run" not in variant:  # a name holding "and" is read whole only with the system's names at hand
        assert _plain(lalr.parse(variant)) == _plain(LARK.parse(variant))
    want, got = answer(rulebase, system, canonical), answer(rulebase, system, variant)
    assert (got.probability, got.mean, got.value, got.needed) == (want.probability, want.mean, want.value, want.needed)
    if "Regeneration save" not in variant:  # a save named alone quotes where its number comes from, too
        assert [s.citation for s in got.steps] == [s.citation for s in want.steps]


def test_the_total_before_the_dice_is_checked_against_the_documents_as_after(rulebase):
    """"needing 8 on 2D6" names its dice as "2D6 needing 8" does: dice no sentence rolls for it are
    refused (round 13's "leadership test needing 8 on 2D6" was a syntax error)."""
    for question in ("leadership test needing 8 on 2D6", "charge needing 7 on 3D6"):
        with pytest.raises(Refusal) as err:
            answer(rulebase, "last-edition", question)
        assert "no sentence of last-edition's documents rolls" in err.value.message


def test_a_re_roll_of_a_total_is_read_and_refused_after_the_roll(rulebase):
    """The roll is answered first, so its own refusal stands (Fleet of Foot never says what dice the
    charge rolls); a roll the documents give is refused for the re-roll, never answered without it."""
    with pytest.raises(Refusal) as err:
        answer(rulebase, "scrollhammer", "fleet of foot charge 2D6 needing 8 reroll failed")
    assert "no sentence of scrollhammer's documents rolls 2D6" in err.value.message
    for system, question in [("last-edition", "charge 2D6 needing 7, reroll failed"), ("scrollhammer", "2D6 needing 8 re-roll failures"),
                             ("t9a", "D6+1 needing 4 with reroll failed")]:
        with pytest.raises(Refusal) as err:
            answer(rulebase, system, question)
        assert "not a total" in err.value.message


def test_a_rule_not_called_a_save_keeps_its_refusal_without_a_roll_of_its_own(rulebase):
    with pytest.raises(NotASave) as err:
        answer(rulebase, "t9a", "Charge 4+")
    assert "do not call Charge a save" in err.value.message
    with pytest.raises(NotASave):  # with more asked than the rule's roll, never read as it
        answer(rulebase, "scrollhammer", "absorb health 5+ with -1")


def test_names_that_begin_like_the_new_words_stay_names():
    """"Attacks" is not "at least", "Needle..." not "need", "Armoury" not "armour save"."""
    for question in ("Aegis 4+ save against Divine Attacks", "hit 4+ with Needle Hits", "Armoury 4+ save"):
        tree = lalr.parse(question)
        assert _plain(tree) == _plain(LARK.parse(question))
        assert "needing" not in repr(tree) and "armour_save" not in repr(tree)


def test_a_comma_before_a_rules_name_keeps_it_a_name(rulebase):
    """Only a stage's word with its number after a comma joins stages: "with Blind, Hit and Run" names two
    rules (Hit and Run is refused by name, as alone), never a hit roll."""
    with pytest.raises(Refusal) as err:
        answer(rulebase, "scrollhammer", "hit 4+ with Blind, Hit and Run")
    assert err.value.message.startswith("Hit and Run: calc cannot read what it does to the roll")


def test_a_roll_given_twice_is_still_unread(rulebase):
    with pytest.raises(CalcSyntaxError):
        answer(rulebase, "t9a", "hit on a 4+ 5+")


RULES = """# Rules

## Dice

Every roll in these rules uses a D6.

## Rally Call

A unit making a Rally Call rolls 2D6; on a total of 7 or more it returns to the fight.

## Siphon

A model with Siphon(N on an X+) that wounds an enemy rolls a D6. On an X+ it gains N power.

## Steady

A model with Steady(X+) rolls a D6 when it is charged. On an X+ it holds its ground.

## Hunter

Attacks with Hunter re-roll failed to-hit rolls.

## Shroud

A model with Shroud has a 5+ ward save.
"""


@pytest.fixture(scope="module")
def callers(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("callers"), "callers", RULES))


def test_the_same_forms_worded_another_way(callers):
    assert answer(callers, "callers", "rally call needing 7 on 2D6").probability == Fraction(7, 12)
    assert answer(callers, "callers", "rally call 7 or more on 2D6").probability == Fraction(7, 12)
    with pytest.raises(Refusal):  # its sentence rolls 2D6, not 3D6
        answer(callers, "callers", "rally call needing 7 on 3D6")
    assert answer(callers, "callers", "siphon 2 on a 4+").probability == Fraction(1, 2)
    assert answer(callers, "callers", "steady 5+").probability == Fraction(1, 3)  # Steady's X+, not a save
    with pytest.raises(NotASave):  # Hunter makes no roll of its own, and is no save
        answer(callers, "callers", "hunter 4+")
    assert answer(callers, "callers", "hit on a 4+ with hunter").probability == Fraction(3, 4)
    assert answer(callers, "callers", "4+ to hit with hunter, then 4+ to wound").probability == Fraction(3, 8)
    with pytest.raises(Refusal):
        answer(callers, "callers", "rally call needing 7 on 2D6, reroll failed")


def test_a_rules_save_named_alone_after_then(rulebase, callers):
    """ "... then Regeneration save": the number read from the rule ("works exactly like 4+ ward save", quoted),
    then the save as "Regeneration 4+ save" is; a rule giving no number for its save, or a name without
    "save", is refused, never read as a roll."""
    found = answer(rulebase, "whfb-house", "2 attacks hit 4+ then wound 4+ then Regeneration save")
    assert found.probability == Fraction(15, 64)
    assert any("works exactly like 4+ ward save" in (s.citation.quote if s.citation else "") for s in found.steps)
    for question in ("2 attacks hit 4+ then wound 4+ then Thunderstomp save", "2 attacks hit 4+ then wound 4+ then Regeneration"):
        with pytest.raises(Refusal):
            answer(rulebase, "whfb-house", question)
    with pytest.raises(Refusal):  # The Ninth Age's Aegis names no number of its own
        answer(rulebase, "t9a", "hit 4+ then wound 4+ then Aegis save")
    mine = answer(callers, "callers", "2 attacks hit 4+ then wound 4+ then shroud save")
    assert mine.probability == answer(callers, "callers", "2 attacks hit 4+ then wound 4+ then shroud 5+ save").probability
    assert mine.mean == Fraction(1, 3)  # 2 × 1/2 × 1/2 × 2/3
