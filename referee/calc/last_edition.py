"""The Last Edition's dice: to-hit by Combat Skill, wound rolls that roll 6s again,
two-part armour saves, dodge and pure saves, the bad luck pool (core-rules.md).

The rolls a Combat Skill comparison needs are read from the cited sentences
themselves ("a 4+ is needed"), so the table cannot drift from the document.
"""

from __future__ import annotations

import re
from fractions import Fraction

from referee.calc import question as q
from referee.calc.answers import Step, fraction
from referee.calc.citations import Clause, Rulebook
from referee.calc.dice import Distribution, passes
from referee.calc.errors import Refusal
from referee.calc.stage import StageResult, attacker_test, defender_test

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

SYSTEM = "last-edition"
_CORE = "last-edition/"

D6 = Clause(_CORE + "dice", "This game is played with six-sided dice (called D6)")
COMBINED = Clause(_CORE + "dice", "Sometimes a roll can be a combination of multiple dice, that is called a 2D6 or 3D6 roll")
D3 = Clause(_CORE + "dice", "a 1 or 2 is a 1, a 3 or 4 is a 2 and a 5 or 6 is a 3")
X_PLUS = Clause(_CORE + "dice", "4+ for example means that all rolls of 4, 5, 6 and so on are a success")

HIT_DICE = Clause(_CORE + "melee-combat-skill-check", "The attacker rolls 1 dice for every attack")
# Tried in this order: equal first (0 against 0 is equal, not "double"), the
# two extremes before the plain "higher" and "lower" they are cases of.
HIT_TABLE: tuple[tuple[str, Clause], ...] = (
    ("equal", Clause(_CORE + "melee-combat-skill-check", "Is the CS equal between the attacking model and the defending model")),
    ("double or more", Clause(_CORE + "melee-combat-skill-check", "If the CS is double or more")),
    ("higher", Clause(_CORE + "melee-combat-skill-check", "If the CS is higher")),
    ("half or less", Clause(_CORE + "melee-combat-skill-check", "If the CS is half or less")),
    ("lower", Clause(_CORE + "melee-combat-skill-check", "If the CS is lower")),
)
_NEEDED = re.compile(r"(\d)\+ is needed")

WOUND_ROLL = Clause(_CORE + "wound-rolls", "the player rolls a D6 and adds the strength of the attack to the result of that roll")
WOUND_HIGHER = Clause(_CORE + "wound-rolls", "If the combined number is higher than the toughness of the target of the attack the wound roll is successful")
ROLL_AGAIN = Clause(_CORE + "wound-rolls", "the attacker needs to roll every initially rolled 6 again and add the additional result to the 6")
NEXT_ONE_FAILS = Clause(_CORE + "wound-rolls", "a roll of a 1 on this next roll always is a failed wound roll")
ONE_MORE_ONLY = Clause(_CORE + "wound-rolls", "You can not add more than one dice, even if the second roll was a 6 too")
KEEP_ROLLING = Clause(_CORE + "wound-rolls", "the attacker can keep rolling additional dice to the roll as long as the result shows a 6")

ARMOUR_PARTS = Clause(_CORE + "armor-save", "It consists of 2 different parts")
ARMOUR_EXAMPLE = Clause(_CORE + "armor-save", "to worsen the armor from 2+ to 4+ only an armor penetration of -2 is needed")
ARMOUR_IGNORED = Clause(_CORE + "armor-save", "to totally ignore the armor and the defender has no armor save to roll")
AP_AGAINST = Clause(_CORE + "saving-rolls", "The armor penetration of the weapons profile counts against this roll")
SAVE_AFTER_WOUND = Clause(_CORE + "saving-rolls", "Each time a wound roll was scored against the target, the target can now defend itself")
WOUND_AFTER_HIT = Clause(_CORE + "woundroll", "Each time a hit is scored against a target a wound roll is made against the same target")

PURE_NO_AP = Clause(_CORE + "special-armor-saves", "Some armor can never be overcome by armor penetration")
PURE_AFTER = Clause(_CORE + "pure-save", "If the model has a pure save it can roll this save after an armor save has failed")
PURE_MARKED = Clause(_CORE + "pure-save", "For example pure saves are marked 2++")
DODGE_REVERSES = Clause(_CORE + "dodge-save", "instead of subtracting the armor penetration of any weapon you add it to the dodge save")
DODGE_EXAMPLE = Clause(_CORE + "dodge-save", "a dodge save of 6+- is attacked with a weapon with -3AP")

# a +N/-N or a re-roll the question gives a roll ("hit 3+ with -2", "reroll failed"): referee/calc/effects.py
ROLL_MODIFIERS = {
    "add": Clause(_CORE + "modify-by-addition-and-subtraction", "Numbers can be added to the result of a dice roll"),
    "limit": Clause(_CORE + "modify-by-addition-and-subtraction", "Dice can never be modified by more than 1 below or above the initially needed result"),
    "reroll": Clause(_CORE + "modify-by-rerolling", "A roll can never be rerolled more than once"),
    "order": Clause(_CORE + "modify-by-rerolling", "Other modifications are applied after rerolls"),
}
POOL_ASIDE = Clause(_CORE + "modify-by-the-bad-luck-pool", "you may put that exact dice aside into the")
IMPROVE = {value: Clause(_CORE + "improving-dice-step", f"If you got two of those dice showing a {value}, make one of them into a {value + 1}") for value in range(1, 6)}
ONE_OF_EACH = Clause(_CORE + "improving-dice-step", "You can never store more than one of the same dice results after the improving dice step")


def to_hit(book: Rulebook, stage: q.Hit) -> StageResult:
    a, d = stage.attacker, stage.defender
    fits = {
        "equal": a == d,
        "double or more": a >= 2 * d,
        "higher": a > d,
        "half or less": 2 * a <= d,
        "lower": a < d,
    }
    word, clause = next((w, c) for w, c in HIT_TABLE if fits[w])
    cited = book.cite(clause)
    found = _NEEDED.search(cited.quote)
    if found is None:
        raise Refusal(f"{clause.rule} no longer states the roll needed when the CS is {word}", SYSTEM)
    needed = int(found.group(1))
    chance = passes(needed)
    return attacker_test(
        [
            Step("The attacker rolls one D6 for the attack.", book.cite(HIT_DICE)),
            Step(f"Combat Skill {a} against {d} is {word}: a {needed}+ is needed to hit.", cited),
            Step(f"A {needed}+ on a D6 comes up {7 - needed} times in 6: {fraction(chance)}.", book.cite(X_PLUS)),
        ],
        chance,
        "hits",
        needed,
    )


def wound(book: Rulebook, stage: q.Wound) -> StageResult:
    s, t = stage.strength, stage.toughness
    steps = [
        Step(f"Roll a D6 and add the Strength {s}; the wound roll succeeds if the total is higher than the Toughness {t}.", book.cite(WOUND_ROLL)),
    ]
    first = t - s + 1  # what the first die must show
    if first <= 1:
        steps.append(Step(f"Even a 1 makes {s + 1}, higher than {t}: every wound roll succeeds.", book.cite(WOUND_HIGHER)))
        return attacker_test(steps, Fraction(1), "wounds", None)
    if first <= 6:
        chance = passes(first)
        steps.append(Step(f"The die must show {first} or more ({s} + {first} = {s + first} > {t}): {fraction(chance)}.", book.cite(WOUND_HIGHER)))
        return attacker_test(steps, chance, "wounds", first)
    rest = t - s - 6  # what the dice added to the 6 must beat
    steps.append(Step(f"Even a 6 makes only {s + 6}, not higher than {t}: only a 6 can go on, and it is rolled again and added.", book.cite(ROLL_AGAIN)))
    steps.append(Step("A 1 on the added die fails the wound roll whatever the total.", book.cite(NEXT_ONE_FAILS)))
    if rest < 6:
        added = Fraction(6 - max(rest, 1), 6)
        steps.append(Step(f"The added die must show {max(rest + 1, 2)} or more: {fraction(added)}; with the first 6, {fraction(added / 6)}.", book.cite(WOUND_HIGHER)))
        return attacker_test(steps, added / 6, "wounds", None)
    steps.append(
        Step(
            "The rule allows no more than one added die, yet its last paragraph, for a toughness two 6s cannot beat, "
            "lets the attacker keep rolling while the dice show 6; that paragraph is the case here.",
            book.cite(ONE_MORE_ONLY),
        )
    )
    steps.append(Step("Keep rolling while the dice show 6; every added die that shows a 1 fails, as the first added one does.", book.cite(KEEP_ROLLING)))
    chance = Fraction(1, 6)
    sixes = 1
    while rest >= 6:
        chance /= 6
        sixes += 1
        rest -= 6
    last = Fraction(6 - max(rest, 1), 6)
    chance *= last
    steps.append(Step(f"{sixes} sixes in a row, then {max(rest + 1, 2)} or more on the next die: (1/6)^{sixes} × {fraction(last)} = {fraction(chance)}.", None))
    return attacker_test(steps, chance, "wounds", None)


def armour_save(book: Rulebook, stage: q.ArmourSave) -> StageResult:
    if stage.strong is None:
        raise Refusal(f"an armour save in {SYSTEM} has two parts, such as 2+/4+ ({ARMOUR_PARTS.rule}); give both", SYSTEM)
    if stage.strong < stage.best:
        raise Refusal(f"the second part of an armour save is the stronger part, worse than or equal to the first: {stage.best}+/{stage.strong}+ cannot be read", SYSTEM)
    best, strong, ap = stage.best, stage.strong, stage.penetration
    gap = strong - best
    needed = best + min(ap, gap) + max(0, ap - gap) // 2
    steps = [
        Step(f"The armour penetration, {ap}, counts against the save.", book.cite(AP_AGAINST)),
        Step(
            f"The save {best}+/{strong}+ worsens one step per point of AP down to {strong}+; beyond that, each step costs two points.",
            book.cite(ARMOUR_EXAMPLE),
        ),
    ]
    if needed > 6:
        steps.append(Step(f"AP {ap} takes the save past 6+: there is no armour save to roll.", book.cite(ARMOUR_IGNORED)))
        return defender_test(steps, Fraction(0), "unsaved wounds", None)
    chance = passes(needed)
    arithmetic = f"{best}+ worsened by {min(ap, gap)}" + (f", then by {max(0, ap - gap) // 2} more for {max(0, ap - gap)} AP beyond it" if ap > gap else "")
    steps.append(Step(f"{arithmetic}: the save is {needed}+, passed {fraction(chance)} of the time.", book.cite(X_PLUS)))
    return defender_test(steps, chance, "unsaved wounds", needed)


def dodge_save(book: Rulebook, stage: q.DodgeSave) -> StageResult:
    needed = max(1, stage.needed - stage.penetration)
    chance = passes(needed)
    steps = [
        Step(f"A dodge save adds the AP ({stage.penetration}) instead of losing it: {stage.needed}+- becomes {needed}+.", book.cite(DODGE_REVERSES)),
        Step(f"A {needed}+ comes up {fraction(chance)} of the time.", book.cite(X_PLUS)),
    ]
    if stage.penetration:
        steps.insert(1, Step("As the rule's own example: 6+- against -3 AP is rolled at 3+.", book.cite(DODGE_EXAMPLE)))
    return defender_test(steps, chance, "unsaved wounds", needed)


def pure_save(book: Rulebook, stage: q.PureSave) -> StageResult:
    chance = passes(stage.needed)
    return defender_test(
        [
            Step(f"A pure save ({stage.needed}++) is never worsened by armour penetration.", book.cite(PURE_NO_AP)),
            Step("It is rolled for each wound after the armour save has failed.", book.cite(PURE_AFTER)),
            Step(f"A {stage.needed}+ comes up {fraction(chance)} of the time.", book.cite(X_PLUS)),
        ],
        chance,
        "unsaved wounds",
        stage.needed,
    )


def roll(book: Rulebook, asked: q.Roll) -> dict[str, Any]:
    if asked.maximised or asked.minimised:
        raise Refusal(f"{SYSTEM} does not define Maximised or Minimised rolls", SYSTEM)
    if asked.dice.sides not in (3, 6):
        raise Refusal(f"{SYSTEM} defines D6 and D3 rolls, not D{asked.dice.sides}", SYSTEM)
    die = Distribution.die(6) if asked.dice.sides == 6 else Distribution.die(6).map(lambda face: (face + 1) // 2)
    steps = [Step("The game is played with D6.", book.cite(D6))]
    if asked.dice.sides == 3:
        steps.append(Step("A D3 is a D6 read as 1 (1-2), 2 (3-4) or 3 (5-6).", book.cite(D3)))
    if asked.dice.count > 1:
        steps.append(Step(f"{asked.dice} is {asked.dice.count} dice added up into one roll.", book.cite(COMBINED)))
    total = die.times(asked.dice.count)
    out: dict[str, Any] = {"steps": steps, "distribution": total, "outcome": "total"}
    if asked.needing is not None:
        out["probability"] = total.at_least(asked.needing)
        out["needed"] = f"{asked.needing}+"
        out["probability_of"] = f"a total of {asked.needing} or more"
        steps.append(Step(f"{asked.needing} or more comes up {fraction(out['probability'])} of the time.", book.cite(X_PLUS)))
    return out


def bad_luck_pool(book: Rulebook, asked: q.BadLuckPool) -> dict[str, Any]:
    wrong = [d for d in asked.dice if not 1 <= d <= 6]
    if wrong:
        raise Refusal(f"a die in the bad luck pool shows 1 to 6, not {wrong[0]}", SYSTEM)
    counts = {face: asked.dice.count(face) for face in range(1, 7)}
    steps = [Step("A 1 on an unmodified roll may be put aside into the bad luck pool.", book.cite(POOL_ASIDE))]
    for face in range(1, 6):
        pairs = counts[face] // 2
        if pairs:
            counts[face] -= 2 * pairs
            counts[face + 1] += pairs
            times = "once" if pairs == 1 else f"{pairs} times"
            steps.append(Step(f"Two dice showing {face} become one {face + 1} ({times}).", book.cite(IMPROVE[face])))
    if counts[6] > 1:
        steps.append(
            Step(
                f"No step improves 6s, and only one of each result may be stored: {counts[6] - 1} of the {counts[6]} sixes are discarded.",
                book.cite(ONE_OF_EACH),
            )
        )
        counts[6] = 1
    pool = [face for face in range(1, 7) for _ in range(counts[face])]
    steps.append(Step(f"The pool keeps {', '.join(map(str, pool)) or 'nothing'}.", None))
    return {"steps": steps, "value": pool, "outcome": "dice in the pool"}


SOFT_COVER = Clause(_CORE + "terrain-type-1-soft-cover", "enemies shooting them in the shooting phase have -1 to the hit roll")
SOFT_BEHIND = Clause(_CORE + "terrain-type-1-soft-cover", "Models behind this terrain base have -1 to hit rolls in the shooting phase")


def cover(book: Rulebook, asked: q.Cover) -> dict[str, Any]:
    """Soft cover (terrain type 1): -1 to hit in the shooting phase, on the base or behind it. The
    document names no hard or light cover (terrain types 2 and 3 hinder or block vision instead)."""
    other = [kind for kind in asked.kinds if kind != "soft"]
    if other:
        raise Refusal(f"{SYSTEM} defines soft cover only (terrain type 1), not {other[0]} cover: "
                      "its terrain types 2 and 3 hinder or block vision", SYSTEM)
    on, behind = book.cite(SOFT_COVER), book.cite(SOFT_BEHIND)
    steps = [Step("Soft cover: -1 to hit for models on a soft-cover base, shot in the shooting phase.", on),
             Step("The same -1 for models behind it, where a straight line to them crosses its base.", behind)]
    return {"steps": steps, "value": -1, "outcome": "To Hit modifier"}


FORMS = {
    q.Cover: cover,
    q.Hit: to_hit,
    q.Wound: wound,
    q.ArmourSave: armour_save,
    q.DodgeSave: dodge_save,
    q.PureSave: pure_save,
    q.Roll: roll,
    q.BadLuckPool: bad_luck_pool,
}

# The sentence that takes a unit from one stage to the next.
LINKS = {
    (q.Hit, q.Wound): WOUND_AFTER_HIT,
    (q.Wound, q.ArmourSave): SAVE_AFTER_WOUND,
    (q.Wound, q.DodgeSave): SAVE_AFTER_WOUND,
    (q.ArmourSave, q.PureSave): PURE_AFTER,
}
