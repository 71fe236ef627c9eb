"""Players' wordings of one question give the canonical form's answer: "to hit", "v",
"versus" or "against", "Strength 4", re-roll spelt any way and after a comma or "with",
"need 8+", "at least 8", "soft cover", a Dangerous Terrain test "for cavalry in water"."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer, lalr
from tests.calc.test_calc_lalr import LARK, _plain

SAME = [
    ("last-edition", "hit CS5 vs CS4", ["to hit CS5 v CS4", "hit CS5 versus CS4", "hit CS 5 against CS 4"]),
    ("last-edition", "hit CS5 vs CS4 reroll failed", ["hit CS5 vs CS4, re-roll failures", "hit CS5 vs CS4 with rerolling misses", "to hit CS5 v CS4 re-roll failed rolls"]),
    ("last-edition", "wound S3 vs T4 reroll successful", ["wound S3 vs T4, re-roll successes"]),
    ("last-edition", "wound S4 vs T5", ["to wound S4 v T5", "wound strength 4 against toughness 5", "wound Strength 4 vs Toughness 5"]),
    ("last-edition", "2D6 needing 8", ["2D6 need 8+", "2D6 needs 8", "2D6 8+", "2D6 at least 8", "2D6 needing 8 or more", "2d6 8+ or higher"]),
    ("last-edition", "hit 3+ with -2", ["to hit on 3+ with -2", "hit on 3+ -2"]),
    ("t9a", "hit 4+ reroll failed", ["hit on 4+ re-rolling failed hits"]),
    ("last-edition", "3 attacks hit CS5 vs CS4", ["3x hit CS5 vs CS4"]),
    ("last-edition", "hit 3+ with -2", ["hit 3+ with a -2 modifier", "hit 3+ -2 to hit"]),
    ("last-edition", "save 4+/6+ AP-2", ["save 4+/6+ vs AP-2", "save 4+/6+ with -2 AP"]),
    ("last-edition", "bad luck pool 1 1 2", ["bad luck pool of 1 1 2", "bad luck pool: 1, 1, 2"]),
    ("whfb-house", "3D6 needing 10", ["roll 3D6 needing 10", "3D6, needing 10", "roll 3D6, 10+"]),
    # a comma before "needing" after a roll's modifier, a roll the documents name, a rule's roll, dice with a number added
    ("t9a", "3D6 minimised needing 10", ["3D6 minimized, needing 10"]),
    ("t9a", "swiftstride charge range needing 9", ["swiftstride charge range, needing 9"]),
    ("last-edition", "charge 2D6 needing 7", ["charge 2D6, needing 7"]),
    ("t9a", "D6+1 needing 5", ["D6+1, needing 5"]),
    ("t9a", "unstable 15 undead steadfast rally around the flag rank bonus 2", ["unstable 15, undead, steadfast and rally around the flag with rank bonus 2"]),
    ("t9a", "swiftstride charge range needing 9", ["swiftstride charge needing 9", "swiftstride charge roll needing 9+"]),
    ("t9a", "2D6 maximised twice", ["2D6 maximised x2", "2D6 maximised 2 times"]),
    ("scrollhammer", "poisoned 4+ S4 vs T4", ["poisoned 4+, S4 vs T4", "poisoned (4+) strength 4 v toughness 4"]),
    ("whfb-house", "cover soft and hard", ["soft and hard cover", "hard + soft cover", "cover soft, hard"]),
    ("whfb-house", "dangerous terrain cavalry water", ["dangerous terrain test cavalry water", "dangerous terrain test for cavalry in water"]),
    ("whfb-house", "dangerous terrain all fleeing units enemy", ["dangerous terrain for all fleeing units through enemy"]),
    # the table's own word after a terrain ("impossible terrain"); "any"/"every" for the row of all fleeing units
    (
        "whfb-house",
        "dangerous terrain all fleeing units impossible",
        ["dangerous terrain test for all fleeing units in impossible terrain", "dangerous terrain test for any fleeing unit in impossible terrain"],
    ),
    ("whfb-house", "dangerous terrain cavalry water", ["dangerous terrain test for cavalry in water terrain"]),
]


@pytest.mark.parametrize(("system", "canonical", "variant"), [(s, c, v) for s, c, vs in SAME for v in vs])
def test_a_players_wording_gives_the_same_answer(rulebase, system, canonical, variant):
    assert _plain(lalr.parse(variant)) == _plain(LARK.parse(variant))
    want, got = answer(rulebase, system, canonical), answer(rulebase, system, variant)
    assert (got.probability, got.mean, got.value, got.needed) == (want.probability, want.mean, want.value, want.needed)


@pytest.mark.parametrize("question", ["Hardened 4+ save", "Lightning Reflexes 4+ save", "hit 4+ with Tower of Strength"])
def test_words_that_only_begin_like_a_keyword_stay_names(question):
    """'Hardened' is not 'hard' cover, 'Tower' is not 'to'."""
    tree = lalr.parse(question)
    assert "cover" not in repr(tree)
    assert _plain(tree) == _plain(LARK.parse(question))


@pytest.mark.parametrize(
    ("question", "probability"),
    [
        ("hit CS5 vs CS4 with +1", Fraction(5, 6)),  # 3+ worked out, then +1: 2+
        ("hit CS5 vs CS4 with +2", Fraction(5, 6)),  # "never modified by more than 1": +1 only
        ("hit CS5 vs CS4 -1, reroll failed", Fraction(3, 4)),
        ("wound S3 vs T5 with +1", Fraction(5, 6)),  # D6+3 above 5 needs 3+; +1: 2+
    ],
)
def test_a_modifier_after_a_stage_modifies_the_number_it_works_out(rulebase, question, probability):
    assert _plain(lalr.parse(question)) == _plain(LARK.parse(question))
    assert answer(rulebase, "last-edition", question).probability == probability


def test_a_modifier_on_a_roll_that_is_not_one_d6_against_a_number_is_refused(rulebase):
    from referee.calc.errors import Refusal

    with pytest.raises(Refusal, match="what modifying it does"):
        answer(rulebase, "last-edition", "wound S1 vs T8 +1")


@pytest.mark.parametrize(
    ("question", "probability"),
    [
        ("save 3+/5+ AP-1 reroll failed", 1 - Fraction(1, 2) ** 2),  # 4+ worked out, failures rolled again
        ("save 4+/6+ -2 AP, re-roll failed", 1 - Fraction(5, 6) ** 2),  # "-2 AP" stays the AP, never a modifier
        ("dodge 5+- AP-2 reroll failed", 1 - Fraction(1, 3) ** 2),
        ("hit CS5 vs CS4 then wound S4 vs T4 then save 4+/6+ AP-1 reroll failed", Fraction(2, 3) * Fraction(4, 9)),
    ],
)
def test_a_reroll_after_a_save_rerolls_the_number_it_works_out(rulebase, question, probability):
    assert _plain(lalr.parse(question)) == _plain(LARK.parse(question))
    assert answer(rulebase, "last-edition", question).probability == probability
