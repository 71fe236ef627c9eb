"""Scrollhammer's dice: Poisoned (X+), Feel No Pain (X+), Sniper's 4+, Fleshbane's 2+
and Multiple Wounds (special-rules.wiki).

The wiki gives no To Wound chart, so a wound roll is only answered where a
special rule fixes the roll it needs; "a lower result would be required"
(Poisoned) is taken into account only when the question says what the
attack would normally need.
"""

from __future__ import annotations

from referee.calc import named
from referee.calc import question as q
from referee.calc.answers import Step, fraction
from referee.calc.citations import Clause, Rulebook
from referee.calc.dice import Distribution, passes
from referee.calc.errors import Refusal
from referee.calc.stage import StageResult, attacker_test, defender_test

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

SYSTEM = "scrollhammer"

POISONED_FIXED = Clause("scrollhammer/poisoned", "it always wounds on a fixed number (generally shown in brackets) unless a lower result would be required")
POISONED_DEFAULT = Clause("scrollhammer/poisoned", "If no number is shown in brackets, the rule is Poisoned (4+)")
POISONED_REROLL = Clause("scrollhammer/poisoned", "the wielder must re-roll failed rolls To Wound in close combat")

FNP_ROLL = Clause("scrollhammer/feel-no-pain", "Roll a D6 each time an unsaved Wound is suffered")
FNP_DEFAULT = Clause("scrollhammer/feel-no-pain", "On a 5+, the unsaved Wound is discounted")
FNP_NUMBER = Clause("scrollhammer/feel-no-pain", "then the number in brackets is the D6 result needed to discount the Wound")

SNIPER = Clause("scrollhammer/sniper", "its shooting attacks always wound on a To Wound roll of 4+ or better, regardless of the victim's Toughness")
FLESHBANE = Clause("scrollhammer/fleshbane", "they always wound on a 2+ in close combat")

MW = Clause("scrollhammer/multiple-wounds", "Each unsaved wound inflicted by this attack deals multiple wounds")
MW_D3 = Clause("scrollhammer/multiple-wounds", "split into d3 wounds when they are inflicted")


def poisoned(book: Rulebook, stage: q.Poisoned) -> StageResult:
    steps = []
    if stage.needed is None:
        needed = 4
        steps.append(Step("No number in brackets: Poisoned (4+).", book.cite(POISONED_DEFAULT)))
    else:
        needed = stage.needed
    if stage.normally is not None and stage.normally < needed:
        steps.append(Step(f"Poisoned wounds on {needed}+ unless a lower roll would do: the attack normally needs {stage.normally}+, so {stage.normally}+.", book.cite(POISONED_FIXED)))
        needed = stage.normally
    else:
        why = "" if stage.normally is not None else " (the wiki has no To Wound chart; say 'normally N+' if the attack would need less)"
        steps.append(Step(f"Poisoned wounds on a fixed {needed}+{why}.", book.cite(POISONED_FIXED)))
    chance = passes(needed)
    if stage.strength is not None and stage.toughness is not None:
        if stage.strength >= stage.toughness:
            rerolled = 1 - (1 - chance) ** 2
            steps.append(
                Step(
                    f"Strength {stage.strength} is at least Toughness {stage.toughness}: failed rolls To Wound are re-rolled "
                    f"(in close combat): 1 - ({fraction(1 - chance)})² = {fraction(rerolled)}.",
                    book.cite(POISONED_REROLL),
                )
            )
            return attacker_test(steps, rerolled, "wounds", needed)
        steps.append(Step(f"Strength {stage.strength} is below Toughness {stage.toughness}: no re-roll.", book.cite(POISONED_REROLL)))
    steps.append(Step(f"A {needed}+ on a D6: {fraction(chance)}.", None))
    return attacker_test(steps, chance, "wounds", needed)


def feel_no_pain(book: Rulebook, stage: q.FeelNoPain) -> StageResult:
    steps = [Step("Roll a D6 for each unsaved wound.", book.cite(FNP_ROLL))]
    if stage.needed is None:
        needed = 5
        steps.append(Step("On a 5+ the wound is discounted.", book.cite(FNP_DEFAULT)))
    else:
        needed = stage.needed
        steps.append(Step(f"Feel No Pain ({needed}+): a {needed}+ discounts the wound.", book.cite(FNP_NUMBER)))
    chance = passes(needed)
    steps.append(Step(f"A {needed}+ on a D6: {fraction(chance)}.", None))
    return defender_test(steps, chance, "wounds suffered", needed, "the wound is discounted")


def sniper(book: Rulebook, stage: q.Sniper) -> StageResult:
    chance = passes(4)
    return attacker_test([Step(f"Sniper wounds on 4+ whatever the Toughness: {fraction(chance)}.", book.cite(SNIPER))], chance, "wounds", 4)


def fleshbane(book: Rulebook, stage: q.Fleshbane) -> StageResult:
    chance = passes(2)
    return attacker_test([Step(f"Fleshbane wounds on 2+: {fraction(chance)}.", book.cite(FLESHBANE))], chance, "wounds", 2)


def multiple_wounds(book: Rulebook, stage: q.MultipleWounds) -> StageResult:
    if stage.clipped_wings:
        raise Refusal(f"{SYSTEM} does not define Clipped Wings", SYSTEM)
    if stage.health_points is not None:
        raise Refusal(f"{SYSTEM} does not define a Health Points cap for Multiple Wounds", SYSTEM)
    value = stage.value
    if stage.plus:
        raise Refusal(f"{SYSTEM} states Multiple Wounds with a number or d3, not {value}{stage.plus:+d}", SYSTEM)
    steps = [Step(f"Each unsaved wound becomes {value} wounds.", book.cite(MW))]
    if isinstance(value, q.Dice):
        if value.sides != 3 or value.count != 1:
            raise Refusal(f"{SYSTEM} states Multiple Wounds with a number or d3, not {value}", SYSTEM)
        per = Distribution.die(3)
        steps.append(Step("A d3 gives 1, 2 or 3, each as likely (the wiki uses d3 without defining it).", book.cite(MW_D3)))
    else:
        per = Distribution.certain(value)
    return StageResult(tuple(steps), per, "wounds", None, None, counts=True)


FORMS: dict[Any, Any] = {
    q.Poisoned: poisoned,
    q.FeelNoPain: feel_no_pain,
    q.Sniper: sniper,
    q.Fleshbane: fleshbane,
    q.MultipleWounds: multiple_wounds,
}
FORMS[q.Roll] = lambda book, asked: named.plain_roll(book, SYSTEM, asked)  # d6 and d3 added up, as the wiki rolls them
LINKS: dict[Any, Clause] = {}
