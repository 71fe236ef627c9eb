"""The Ninth Age's dice: Maximised and Minimised Roll, Swiftstride, Multiple Wounds
with its Health Point cap and Clipped Wings, and Unstable for Undead units.

The mechanics are stated in the army-builder glossary (Maximised Roll,
Swiftstride, Multiple Wounds) and the universal rules (Swiftstride, Undead,
Unstable); each step quotes the sentence it rests on.
"""

from __future__ import annotations

from referee.calc import question as q
from referee.calc.answers import Step, fraction, total_needing
from referee.calc.citations import Clause, Rulebook
from referee.calc.dice import Distribution
from referee.calc.errors import Refusal
from referee.calc.stage import StageResult

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

SYSTEM = "t9a"

MAXIMISED = Clause("t9a/maximised-roll", "For dice rolls subject to Maximised Roll, roll one additional D6 and discard the lowest D6 rolled")
MAXIMISED_CUMULATIVE = Clause("t9a/maximised-roll", "These rules are cumulative")
MINIMISED = Clause("t9a/minimised-roll", "roll one additional D6 and discard the highest D6 rolled")
MINIMISED_CUMULATIVE = Clause("t9a/minimised-roll", "These rules are cumulative")
DISCARDED = Clause("t9a/maximised-roll", "The results of the discarded D6 are ignored for all intents and purposes")

SWIFTSTRIDE = Clause("t9a/swiftstride", "it rolls an additional D6 (normally this will lead to rolling 3D6) and discards the lowest D6 rolled")
SWIFTSTRIDE_MAXIMISED = Clause("t9a/swiftstride", "it gains Maximised (Charge Range, Flee Distance, Pursuit Distance, Overrun Distance)")

MW_MULTIPLIED = Clause("t9a/multiple-wounds", "Unsaved wounds caused by the attacks are multiplied into the value given in brackets (X)")
MW_DICE = Clause("t9a/multiple-wounds", "roll one dice for each unsaved wound with Multiple Wounds")
MW_CAP = Clause("t9a/multiple-wounds", "can never be higher than the Health Points Characteristic of the target")
MW_CLIPPED = Clause("t9a/multiple-wounds", "any unsaved wound caused by the attack against a model with Fly is multiplied into X+1 instead of X")

UNSTABLE = Clause("t9a/unstable", "it loses one Health Point for each point of Combat Score difference by which it lost the Round of Combat")
UNDEAD_REDUCED = Clause("t9a/undead", "When units consisting entirely of models with Undead lose Health Points due to Unstable")
UNDEAD_STUBBORN = Clause("t9a/undead", "If the unit contains at least one model with Stubborn, halve the number of lost Health Points, rounding fractions up")
UNDEAD_STEADFAST = Clause("t9a/undead", "If the unit is Steadfast, ignore any excess Health Point losses above 12")
UNDEAD_RALLY = Clause("t9a/undead", "reduce the number of lost Health Points by the unit's current Rank Bonus")
UNDEAD_NO_RANKS = Clause("t9a/undead", "Units without any Rank Bonus reduce the number of lost Health Points by 1 instead")
UNDEAD_OTHERS = Clause("t9a/undead", "Apply all other modifiers")


def roll(book: Rulebook, asked: q.Roll) -> dict[str, Any]:
    dice = asked.dice
    if asked.maximised and asked.minimised:
        raise Refusal(f"{SYSTEM} does not say how Maximised Roll and Minimised Roll combine on one roll", SYSTEM)
    if dice.sides != 6 and not (asked.maximised or asked.minimised):  # a plain roll needs neither rule
        from referee.calc import named

        return named.plain_roll(book, SYSTEM, asked)
    if dice.sides != 6:
        raise Refusal(f"{SYSTEM} states Maximised and Minimised Roll for D6 rolls; {dice} is not one", SYSTEM)
    steps: list[Step] = []
    if asked.maximised:
        steps.append(Step("Maximised Roll: roll one more D6 and discard the lowest.", book.cite(MAXIMISED)))
        if asked.maximised > 1:
            steps.append(Step(f"{asked.maximised} instances add up: roll {asked.maximised} more D6 and discard the {asked.maximised} lowest.", book.cite(MAXIMISED_CUMULATIVE)))
        steps.append(Step("The discarded dice count for nothing.", book.cite(DISCARDED)))
    elif asked.minimised:
        steps.append(Step("Minimised Roll: roll one more D6 and discard the highest.", book.cite(MINIMISED)))
        if asked.minimised > 1:
            cited = book.cite(MINIMISED_CUMULATIVE)
            steps.append(
                Step(
                    f"{asked.minimised} instances add up: roll {asked.minimised} more D6 and discard the {asked.minimised} highest "
                    "(the sentence's example speaks of Maximised Roll, evidently carried over from that rule).",
                    cited,
                )
            )
    extra = asked.maximised + asked.minimised
    total = Distribution.kept_d6(dice.count + extra, dice.count, highest=not asked.minimised)
    what = f"{dice.count + extra}D6, keeping the {'highest' if not asked.minimised else 'lowest'} {dice.count}" if extra else f"{dice}"
    steps.append(Step(f"Every way {what} can fall, counted exactly: mean {fraction(total.mean)}.", None))
    return total_needing(steps, total, asked.needing)


def swiftstride(book: Rulebook, asked: q.Swiftstride) -> dict[str, Any]:
    total = Distribution.kept_d6(3, 2, highest=True)
    steps = [
        Step(f"A unit entirely of Swiftstride models gains Maximised for its {asked.distance.title()}.", book.cite(SWIFTSTRIDE_MAXIMISED)),
        Step("It rolls one more D6 than the normal 2D6, so 3D6, and discards the lowest.", book.cite(SWIFTSTRIDE)),
        Step(f"Every way 3D6 keeping the highest 2 can fall, counted exactly: mean {fraction(total.mean)}.", None),
    ]
    return total_needing(steps, total, asked.needing)


def multiple_wounds(book: Rulebook, stage: q.MultipleWounds) -> StageResult:
    value = stage.value
    shown = f"{value}{stage.plus:+d}" if stage.plus else f"{value}"
    steps = [Step(f"Each unsaved wound is multiplied into {shown}.", book.cite(MW_MULTIPLIED))]
    if isinstance(value, q.Dice):
        if value.sides not in (3, 6):
            raise Refusal(f"{SYSTEM} does not define a D{value.sides}", SYSTEM)
        per = Distribution.die(value.sides).times(value.count)
        note = " (a D3 gives 1, 2 or 3, each as likely: the documents name D3 values but do not define the die)" if value.sides == 3 else ""
        steps.append(Step(f"Roll {value} for each unsaved wound{note}.", book.cite(MW_DICE)))
    else:
        per = Distribution.certain(value)
    if stage.plus:  # "Multiple Wounds (D3+1)": the value in brackets is the roll and the number added
        plus = stage.plus
        per = per.map(lambda n: max(n + plus, 0))
        steps.append(Step(f"The value in brackets adds {plus} to the roll: {value}{plus:+d}.", book.cite(MW_MULTIPLIED)))
    if stage.clipped_wings and stage.fly:
        per = per.map(lambda n: n + 1)
        steps.append(Step(f"Clipped Wings against a model with Fly: {value}+1 instead of {value}.", book.cite(MW_CLIPPED)))
    elif stage.clipped_wings:
        steps.append(Step("Clipped Wings adds 1 only against a model with Fly; this target has none.", book.cite(MW_CLIPPED)))
    elif stage.fly:
        steps.append(Step("Fly alone changes nothing: only Clipped Wings adds 1 against it.", book.cite(MW_CLIPPED)))
    if stage.health_points is not None:
        hp = stage.health_points
        per = per.map(lambda n: min(n, hp))
        steps.append(Step(f"No more than the target's {hp} Health Points per wound.", book.cite(MW_CAP)))
    steps.append(Step(f"Wounds from each unsaved wound: mean {fraction(per.mean)}.", None))
    return StageResult(tuple(steps), per, "wounds", None, None, counts=True)


def unstable(book: Rulebook, asked: q.Unstable) -> dict[str, Any]:
    return unstable_in(book, SYSTEM, asked)


def unstable_in(book: Rulebook, system: str, asked: q.Unstable) -> dict[str, Any]:
    """Health Points lost to Unstable, read from ``system``'s own rules Unstable and Undead: each step
    cites the asked system's sentence, so a system whose rules do not state it (an import of the same
    game, say) is answered only where they do, and refused where a sentence is missing."""
    UNSTABLE, UNDEAD_REDUCED, UNDEAD_STUBBORN, UNDEAD_STEADFAST, UNDEAD_RALLY, UNDEAD_NO_RANKS, UNDEAD_OTHERS = (  # noqa: N806
        Clause(f"{system}/{c.rule.partition('/')[2]}", c.phrase) for c in _UNSTABLE_CLAUSES
    )
    if book.rule(UNSTABLE.rule) is None:
        from referee.calc.errors import not_defined

        raise not_defined(system, asked.mechanic)
    lost = asked.lost
    steps = [Step(f"Losing the combat by {lost}, an Unstable unit loses {lost} Health Points.", book.cite(UNSTABLE))]
    reductions = asked.stubborn or asked.steadfast or asked.rally or asked.rank_bonus is not None
    if not asked.undead:
        if reductions:
            steps.append(Step("Stubborn, Steadfast and Rally Around the Flag reduce the loss only for units entirely of Undead models; this one is not.", book.cite(UNDEAD_REDUCED)))
        return {"steps": steps, "value": lost, "outcome": "Health Points lost"}
    steps.append(Step("The unit is entirely Undead: its reductions apply in the order the rule gives.", book.cite(UNDEAD_REDUCED)))
    if asked.stubborn:
        halved = -(-lost // 2)
        steps.append(Step(f"Stubborn: halve {lost}, rounding up: {halved}.", book.cite(UNDEAD_STUBBORN)))
        lost = halved
    if asked.steadfast:
        capped = min(lost, 12)
        steps.append(Step(f"Steadfast: losses above 12 are ignored: {capped}.", book.cite(UNDEAD_STEADFAST)))
        lost = capped
    if asked.rally:
        if asked.rank_bonus:
            reduced = max(0, lost - asked.rank_bonus)
            steps.append(Step(f"Rally Around the Flag: reduce by the Rank Bonus {asked.rank_bonus}: {reduced}.", book.cite(UNDEAD_RALLY)))
        else:
            reduced = max(0, lost - 1)
            steps.append(Step(f"Rally Around the Flag without any Rank Bonus: reduce by 1: {reduced}.", book.cite(UNDEAD_NO_RANKS)))
        lost = reduced
    elif asked.rank_bonus is not None:
        steps.append(Step("The Rank Bonus reduces the loss only for a unit that receives Rally Around the Flag.", book.cite(UNDEAD_RALLY)))
    steps.append(Step("Modifiers from Special Items, Model Rules and spells come after these; the question names none.", book.cite(UNDEAD_OTHERS)))
    return {"steps": steps, "value": lost, "outcome": "Health Points lost"}


_UNSTABLE_CLAUSES = (UNSTABLE, UNDEAD_REDUCED, UNDEAD_STUBBORN, UNDEAD_STEADFAST, UNDEAD_RALLY, UNDEAD_NO_RANKS, UNDEAD_OTHERS)


FORMS = {
    q.Roll: roll,
    q.Swiftstride: swiftstride,
    q.MultipleWounds: multiple_wounds,
    q.Unstable: unstable,
}
LINKS: dict[Any, Clause] = {}
