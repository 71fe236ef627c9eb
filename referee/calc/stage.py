"""What one stage of an attack does to each unit passing through it (a hit, a wound, ...)."""

from __future__ import annotations

from collections import namedtuple

from referee.calc.dice import Distribution

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from fractions import Fraction

    from referee.calc.answers import Step


class StageResult(
    namedtuple(
        "StageResult", "steps per_unit noun probability needed counts probability_of skips", defaults=(None, None, False, None, None)
    )
):
    """``per_unit``: what one unit coming in becomes (a hit: 1 wound or 0; an
    unsaved wound: D3 wounds).  ``probability`` is the chance of the stage's
    own roll or test succeeding, as a player would ask it (for a save: saved);
    ``noun`` names the units that come out ("hits", "unsaved wounds").
    ``skips``: (the next stage's kind, {(units, of them passing it unrolled):
    chance}) for units that need not roll the next stage of that kind (a hit
    that wounds automatically)."""

    __slots__ = ()


def attacker_test(steps: list[Step], passes: Fraction, noun: str, needed: int | None, what: str = "the roll succeeds") -> StageResult:
    """A roll the attacker wants to pass: a passed roll carries the unit on."""
    return StageResult(tuple(steps), Distribution.test(passes), noun, passes, _needed(needed), probability_of=what)


def defender_test(steps: list[Step], passes: Fraction, noun: str, needed: int | None, what: str = "the save is passed") -> StageResult:
    """A roll the defender wants to pass (a save): a passed roll stops the unit."""
    return StageResult(tuple(steps), Distribution.test(1 - passes), noun, passes, _needed(needed), probability_of=what)


def _needed(needed: int | None) -> str | None:
    return f"{needed}+" if needed is not None else None
