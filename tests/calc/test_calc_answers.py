"""Questions -> exact answers, on the real rule documents.

Every expected figure is worked out by hand in the comment beside it, from
the sentence the mechanic cites; the code must agree to the last fraction.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from referee.calc import answer
from referee.calc.dice import Distribution
from referee.calc.errors import Refusal

# (system, question, probability, needed)
TESTS = [
    # CS equal: "a 4+ is needed" -> 3 faces of 6
    ("last-edition", "hit CS5 vs CS5", F(1, 2), "4+"),
    # CS higher: 3+ -> 4/6
    ("last-edition", "hit CS5 vs CS4", F(2, 3), "3+"),
    # CS double or more (10 >= 2*5): 2+ -> 5/6
    ("last-edition", "hit CS10 vs CS5", F(5, 6), "2+"),
    # CS lower but more than half: 5+ -> 2/6
    ("last-edition", "hit CS4 vs CS5", F(1, 3), "5+"),
    # CS half or less (2*3 <= 6): 6+ -> 1/6
    ("last-edition", "hit CS3 vs CS6", F(1, 6), "6+"),
    # 0 against 0 is equal, not "double": 4+
    ("last-edition", "hit CS0 vs CS0", F(1, 2), "4+"),
    # S3 + d > 7 needs d >= 5: 2/6; a 6 already suffices, no rolling again
    ("last-edition", "wound S3 vs T7", F(1, 3), "5+"),
    # S4 + 1 = 5 > 4: every roll wounds
    ("last-edition", "wound S4 vs T4", F(1), None),
    # S1 + 6 = 7, not > 7: a 6 then the next die; 1 fails, 2..6 make 9..13 > 7: 1/6 * 5/6
    ("last-edition", "wound S1 vs T7", F(5, 36), None),
    # S1 vs T12: 6, then the next die must make 1+6+x > 12, x = 6: 1/6 * 1/6
    ("last-edition", "wound S1 vs T12", F(1, 36), None),
    # S1 vs T13: two 6s make 13, not > 13: keep rolling; 6, 6, then x >= 2 (a 1 fails): 1/6 * 1/6 * 5/6
    ("last-edition", "wound S1 vs T13", F(5, 216), None),
    # 2+/4+ at AP-2: 2+ worsened by 2 = 4+ -> 1/2
    ("last-edition", "save 2+/4+ AP-2", F(1, 2), "4+"),
    # 2+/4+ at AP-3: 2 points to reach 4+, 1 left (needs 2 for a step): still 4+
    ("last-edition", "save 2+/4+ AP-3", F(1, 2), "4+"),
    # 2+/4+ at AP-4: the rule's own example, 5+ -> 1/3
    ("last-edition", "save 2+/4+ AP-4", F(1, 3), "5+"),
    # 2+/4+ at AP-8: "would need -8 to totally ignore the armor": no save
    ("last-edition", "save 2+/4+ AP-8", F(0), None),
    # no AP: the best part, 2+ -> 5/6
    ("last-edition", "save 2+/4+", F(5, 6), "2+"),
    # dodge 6+- adds AP 3: 3+ -> 4/6
    ("last-edition", "dodge 6+- AP-3", F(2, 3), "3+"),
    ("last-edition", "save 6+- AP-3", F(2, 3), "3+"),
    # dodge at 6+- AP-6: 0+, read as 1+: every roll
    ("last-edition", "dodge 6+- AP-6", F(1), "1+"),
    # pure 2++: 5/6, never worsened
    ("last-edition", "pure 2++", F(5, 6), "2+"),
    ("last-edition", "save 4++", F(1, 2), "4+"),
    # Poisoned with no number: 4+ -> 1/2
    ("scrollhammer", "poisoned", F(1, 2), "4+"),
    ("scrollhammer", "poisoned (4+)", F(1, 2), "4+"),
    # Poisoned 3+, the attack normally needs 2+: the lower applies -> 5/6
    ("scrollhammer", "poisoned 3+ normally 2+", F(5, 6), "2+"),
    # S4 >= T4: failed rolls re-rolled: 1 - (1/2)^2 = 3/4
    ("scrollhammer", "poisoned 4+ S4 vs T4", F(3, 4), "4+"),
    # S3 < T4: no re-roll
    ("scrollhammer", "poisoned 4+ S3 vs T4", F(1, 2), "4+"),
    # Feel No Pain: 5+ unless a number is given
    ("scrollhammer", "feel no pain", F(1, 3), "5+"),
    ("scrollhammer", "feel no pain (6+)", F(1, 6), "6+"),
    ("scrollhammer", "fnp 4+", F(1, 2), "4+"),
    ("scrollhammer", "sniper", F(1, 2), "4+"),
    ("scrollhammer", "fleshbane", F(5, 6), "2+"),
    # Dangerous Terrain: Cavalry in water DT(2): fails on 1-2, passes 4/6, needs 3+
    ("whfb-house", "dangerous terrain cavalry water", F(2, 3), "3+"),
    # Chariots in a forest DT(4): passes 2/6
    ("whfb-house", "dangerous terrain chariots forest", F(1, 3), "5+"),
    ("whfb-house", "dangerous terrain water cavalry", F(2, 3), "3+"),
    # All fleeing units through impossible terrain DT(5): passes 1/6
    ("whfb-house", "dangerous terrain fleeing impossible", F(1, 6), "6+"),
    # A flee roll of 3D6 (a unit moving more than 6"): 10 or more in 135 of 216 ways
    ("whfb-house", "3D6 needing 10", F(5, 8), "10+"),
    ("whfb-house", "2D6 needing 7", F(7, 12), "7+"),
]


@pytest.mark.parametrize(("system", "question", "probability", "needed"), TESTS)
def test_probability(rulebase, system, question, probability, needed):
    found = answer(rulebase, system, question)
    assert found.probability == probability
    assert found.needed == needed
    assert all(step.citation is not None for step in found.steps[:1])  # the first step always rests on a rule


# (system, question, distribution, mean)
DISTRIBUTIONS = [
    # one attack through 3+ (2/3), an always-wound (1) and a failed 5+ save (2/3): 4/9 per attack;
    # 3 attacks: binomial(3, 4/9): 0 -> (5/9)^3 = 125/729, 1 -> 3*(4/9)(5/9)^2 = 300/729,
    # 2 -> 3*(4/9)^2(5/9) = 240/729, 3 -> (4/9)^3 = 64/729; mean 3 * 4/9 = 4/3
    (
        "last-edition",
        "3 attacks hit CS5 vs CS4 then wound S4 vs T4 then save 4+/6+ AP-1",
        {0: F(125, 729), 1: F(300, 729), 2: F(240, 729), 3: F(64, 729)},
        F(4, 3),
    ),
    # 2 attacks, each 1/2 * 1/3 (hit 4+, wound S3 vs T7) then a failed pure 2++ (1/6): 1/36 each
    # 0 -> (35/36)^2, 1 -> 2*(1/36)(35/36), 2 -> (1/36)^2; mean 2/36
    (
        "last-edition",
        "2 attacks hit CS5 vs CS5 then wound S3 vs T7 then pure 2++",
        {0: F(35 * 35, 1296), 1: F(70, 1296), 2: F(1, 1296)},
        F(1, 18),
    ),
    # D3 + 1 (Clipped Wings against Fly) = 2, 3, 4 each 1/3, capped at HP 3: 2 -> 1/3, 3 -> 2/3; mean 8/3
    ("t9a", "multiple wounds D3 clipped wings vs fly hp 3", {2: F(1, 3), 3: F(2, 3)}, F(8, 3)),
    ("t9a", "multiple wounds (D3, Clipped Wings) against fly 3 hp", {2: F(1, 3), 3: F(2, 3)}, F(8, 3)),
    # Clipped Wings without Fly: D3 as it is, capped at 2: 1 -> 1/3, 2 -> 2/3
    ("t9a", "multiple wounds D3 clipped wings vs hp 2", {1: F(1, 3), 2: F(2, 3)}, F(5, 3)),
    # 2 unsaved wounds, each D3: 2D3 = 2..6 with 1,2,3,2,1 of 9
    ("t9a", "2 attacks multiple wounds D3", {2: F(1, 9), 3: F(2, 9), 4: F(3, 9), 5: F(2, 9), 6: F(1, 9)}, F(4)),
    # 2D6 maximised = 3D6 keep the highest 2: 2 only from (1,1,1): 1/216; 12 from at least two 6s:
    # 3*5 + 1 = 16 of 216 = 2/27; mean 203/24 (the known 8.458)
    ("t9a", "2D6 maximised", None, F(203, 24)),
    ("t9a", "swiftstride charge range", None, F(203, 24)),
    # 2D6 minimised = 3D6 keep the lowest 2: mirror of maximised, mean 14 - 203/24 = 133/24
    ("t9a", "2D6 minimised", None, F(133, 24)),
    # Chariot in a forest: passes 1/3 -> 0; fails 2/3 -> D6 wounds, each 2/3 * 1/6 = 1/9; mean 2/3 * 7/2 = 7/3
    ("whfb-house", "dangerous terrain chariot forest", {0: F(1, 3), **{n: F(1, 9) for n in range(1, 7)}}, F(7, 3)),
    # Scrollhammer: 4 attacks, Poisoned 4+ (1/2) then Feel No Pain 5+ failed (2/3): 1/3 each; mean 4/3
    ("scrollhammer", "4 attacks poisoned 4+ then feel no pain", None, F(4, 3)),
]


@pytest.mark.parametrize(("system", "question", "distribution", "mean"), DISTRIBUTIONS)
def test_distribution(rulebase, system, question, distribution, mean):
    found = answer(rulebase, system, question)
    assert found.distribution is not None
    assert found.distribution.total == 1
    if distribution is not None:
        assert dict(found.distribution.items()) == distribution
    assert found.mean == mean


def test_maximised_edges(rulebase):
    found = answer(rulebase, "t9a", "2D6 maximised")
    assert found.distribution[2] == F(1, 216)  # only 1, 1, 1
    assert found.distribution[12] == F(16, 216)  # exactly two 6s (15 ways) or three (1)


def test_maximised_twice_is_cumulative(rulebase):
    # 3D6 maximised twice: 5D6 keep the highest 3; 3 only from five 1s, 18 from three or more 6s:
    # C(5,3)*25 + C(5,4)*5 + 1 = 250 + 25 + 1 = 276 of 7776
    found = answer(rulebase, "t9a", "3D6 maximised twice")
    assert found.distribution[3] == F(1, 7776)
    assert found.distribution[18] == F(276, 7776)
    assert answer(rulebase, "t9a", "3D6 maximised maximised").distribution == found.distribution
    assert answer(rulebase, "t9a", "3D6 maximised 2 times").distribution == found.distribution


def test_needing(rulebase):
    # swiftstride charge range needing 12 = P(two of three dice show 6) = 16/216 = 2/27
    found = answer(rulebase, "t9a", "swiftstride charge range needing 12")
    assert found.probability == F(2, 27)
    # plain 2D6 in The Last Edition needing 7: 21 of 36 = 7/12
    assert answer(rulebase, "last-edition", "2D6 needing 7").probability == F(7, 12)
    # a D3 there is a D6 halved: mean 2
    assert answer(rulebase, "last-edition", "D3").mean == 2


VALUES = [
    # 20 -> Stubborn halves, rounding up: 10 -> Steadfast caps at 12: 10 -> Rally by Rank Bonus 2: 8
    ("t9a", "unstable 20 undead stubborn steadfast rally around the flag rank bonus 2", 8),
    # 30 -> Steadfast alone: 12 -> Rally without a Rank Bonus: 11
    ("t9a", "unstable 30 undead steadfast rally around the flag", 11),
    # 25 -> Stubborn: 13 (12.5 up) -> Steadfast: 12 ; order matters: Steadfast first would give 6
    ("t9a", "unstable 25 undead stubborn steadfast", 12),
    # not Undead: the reductions do not apply
    ("t9a", "unstable 20 stubborn steadfast", 20),
    # Rally with Rank Bonus 3 on a loss of 2: never below 0
    ("t9a", "unstable 2 undead rally around the flag rank bonus 3", 0),
    # soft -1, hard -2; both: do not stack, -2
    ("whfb-house", "cover soft", -1),
    ("whfb-house", "cover hard", -2),
    ("whfb-house", "cover soft and hard", -2),
    ("whfb-house", "cover hard, soft", -2),
    # last-edition's terrain type 1, soft cover: -1 to hit in the shooting phase
    ("last-edition", "cover soft", -1),
    # 1,1 -> 2; with the 2 -> 3; 3,3 -> 4
    ("last-edition", "bad luck pool 1 1 2 3", [4]),
    # four 1s -> two 2s -> one 3; the 2 stays... 1,1,1,1,2: 1s -> 2,2 ; with the 2: three 2s -> a 3 and a 2
    ("last-edition", "bad luck pool 1 1 1 1 2", [2, 3]),
    # two 6s: no step improves them, only one may be stored
    ("last-edition", "bad luck pool 6 6", [6]),
    ("last-edition", "bad luck pool 5, 5", [6]),
]


@pytest.mark.parametrize(("system", "question", "value"), VALUES)
def test_value(rulebase, system, question, value):
    assert answer(rulebase, system, question).value == value


def test_every_step_of_a_chain_is_cited(rulebase):
    found = answer(rulebase, "last-edition", "3 attacks hit CS5 vs CS4 then wound S4 vs T4 then save 4+/6+ AP-1")
    cited = [s for s in found.steps if s.citation is not None]
    assert {s.citation.rule for s in cited} >= {
        "last-edition/melee-combat-skill-check",
        "last-edition/woundroll",
        "last-edition/wound-rolls",
        "last-edition/saving-rolls",
        "last-edition/armor-save",
    }
    uncited = [s.text for s in found.steps if s.citation is None]
    assert all("attack" in text for text in uncited)  # only the adding-up is uncited


def test_distribution_is_a_value(rulebase):
    assert Distribution.die(6) == Distribution.die(6)
    assert hash(Distribution.die(3)) == hash(Distribution.die(3))


def test_a_table_entry_marked_with_a_star_quotes_the_footnote_below_the_table(rulebase):
    """The Dangerous Terrain Table's "DT(3) Wo(1)*" for fleeing units: its footnote line below the
    table ("*Fleeing Chariot - Wo(D6)") is quoted, cited at its line, never said to be missing."""
    found = answer(rulebase, "whfb-house", "dangerous terrain all fleeing units enemy")
    [note] = [s for s in found.steps if "footnote" in s.text]
    assert note.text == "The entry's * refers to the footnote below the table, which may change this: Fleeing Chariot - Wo(D6)."
    assert (note.citation.file, note.citation.line, note.citation.quote) == ("whfb-house/house-rules-8th-edition.md", 360, "*Fleeing Chariot - Wo(D6)")


def test_a_reroll_after_a_stage_rerolls_the_number_the_stage_works_out(rulebase):
    # players write the re-roll after the stage: "hit CS4 vs CS4 reroll failed"
    found = answer(rulebase, "last-edition", "hit CS4 vs CS4 reroll failed")
    assert found.probability == 1 - F(1, 2) * F(1, 2)
    quotes = [s.citation.quote for s in found.steps if s.citation]
    assert "A roll can never be rerolled more than once" in " ".join(quotes)
    assert answer(rulebase, "last-edition", "hit CS4 vs CS8 reroll successful").probability == F(1, 36)
    assert answer(rulebase, "last-edition", "wound S3 vs T4 reroll failed").probability == 1 - F(1, 36)
    chained = answer(rulebase, "last-edition", "hit CS4 vs CS4 reroll failed then wound S3 vs T4")
    assert chained.mean == F(3, 4) * F(5, 6)
    # a roll that is not one D6 against a number (a 6 rolled again and added) is not re-rolled by guess
    with pytest.raises(Refusal):
        answer(rulebase, "last-edition", "wound S1 vs T8 reroll failed")


def test_a_question_naming_the_footnotes_models_takes_the_footnotes_figure(rulebase):
    """'fleeing chariot enemy': the footnote "*Fleeing Chariot - Wo(D6)" is about them, so the starred
    entry for fleeing units through an enemy (DT(3)) costs D6 wounds, not 1; the footnote is quoted."""
    found = answer(rulebase, "whfb-house", "dangerous terrain fleeing chariot enemy")
    assert (found.probability, found.mean) == (F(1, 2), F(1, 2) * F(7, 2))
    assert any(s.citation is not None and s.citation.quote == "*Fleeing Chariot - Wo(D6)" for s in found.steps)
    assert answer(rulebase, "whfb-house", "dangerous terrain fleeing chariots impossible").mean == F(5, 6) * F(7, 2)
    # without the chariot the entry's own Wo(1) stands; a fleeing chariot where no entry is starred is refused
    assert answer(rulebase, "whfb-house", "dangerous terrain all fleeing units enemy").mean == F(1, 2)
    # a player's "unit" the table's row also holds ("All fleeing units") is set aside where it names no entry kept
    assert answer(rulebase, "whfb-house", "dangerous terrain test for a fleeing chariot through an enemy unit").mean == F(1, 2) * F(7, 2)
    with pytest.raises(Refusal, match=r"footnote '\*Fleeing Chariot - Wo\(D6\)' is for its entries marked \* \(All fleeing units in Impossible, All fleeing units in Enemy\)"):
        answer(rulebase, "whfb-house", "dangerous terrain fleeing chariot forest")


def test_the_footnote_is_read_from_the_table_in_a_folder_of_my_own(tmp_path):
    """My table's footnote is about Fleeing Cavalry, with Wo(2): naming them applies it."""
    from referee.store.record import assemble
    from tests.conftest import write_system

    manifest = 'id = "whfb-house"\ntitle = "Mini"\nlanguages = ["en"]\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nlang = "en"\n'
    rules = (
        "# Mini\n\n## Dangerous Terrain\n\nNumber in parentheses and any less score, means that model has suffered a terrible mishap "
        "and suffers a wound with no armour saves allowed. A Chariot that fails a Dangerous Terrain Test suffers D6 Wounds instead of 1.\n\n"
        "## Dangerous Terrain Table\n\nScore equal or less\n\n"
        "| | Bog | Enemy |\n|---|---|---|\n| Cavalry | DT(2) Wo(1) | - |\n| All fleeing units | - | DT(4) Wo(1)* |\n\n"
        "\\*Fleeing Cavalry - Wo(2)\n"
    )
    build = assemble(write_system(tmp_path, "whfb-house", manifest, {"rules.md": rules}))
    assert answer(build, "whfb-house", "dangerous terrain fleeing cavalry enemy").mean == F(4, 6) * 2
    assert answer(build, "whfb-house", "dangerous terrain all fleeing units enemy").mean == F(4, 6)
    assert answer(build, "whfb-house", "dangerous terrain test for a cavalry unit in bog").mean == F(2, 6)
    assert answer(build, "whfb-house", "dangerous terrain fleeing cavalry through an enemy unit").mean == F(4, 6) * 2
    # the table's own word after my terrain, and "every" for my row of all fleeing units
    assert answer(build, "whfb-house", "dangerous terrain cavalry in bog terrain").probability == F(2, 3)
    assert answer(build, "whfb-house", "dangerous terrain test for every fleeing unit in enemy terrain").mean == F(4, 6)
