"""An answer: the figures a referee says aloud, and the cited steps that got there."""

from __future__ import annotations

from collections import namedtuple
from fractions import Fraction

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.calc.dice import Distribution


class Step(namedtuple("Step", "text citation", defaults=(None,))):
    """One step of the reasoning; ``citation`` is the sentence it rests on,
    None for plain arithmetic (adding up, multiplying chances)."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "citation": self.citation.to_json() if self.citation else None}


class Answer(
    namedtuple(
        "Answer",
        "system question steps probability needed value distribution outcome probability_of",
        defaults=(None, None, None, None, None, None),
    )
):
    """What ``referee calc`` says.

    ``probability``: the chance the roll succeeds or the test is passed (for
    attacks, that at least one gets through); ``needed``: the roll a single
    die needs ("4+"); ``value``: a figure that is not a chance (a modifier,
    Health Points lost, the pool after the improving step); ``distribution``:
    every outcome of a roll or of several attacks, with ``outcome`` naming
    what it counts ("unsaved wounds"); ``probability_of`` says in words what
    ``probability`` is the chance of.
    """

    __slots__ = ()

    @property
    def mean(self) -> Fraction | None:
        return self.distribution.mean if self.distribution is not None else None

    def to_json(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "question": self.question,
            "probability": exact(self.probability),
            "probability_of": self.probability_of,
            "needed": self.needed,
            "value": self.value,
            "mean": exact(self.mean),
            "outcome": self.outcome,
            "distribution": [
                {"outcome": outcome, **exact(chance)} for outcome, chance in self.distribution.items()
            ]
            if self.distribution is not None
            else [],
            "steps": [step.to_json() for step in self.steps],
        }


def exact(value: Fraction | None) -> dict[str, Any] | None:
    """A chance or mean as JSON: the exact fraction (text) and a decimal (a number)."""
    if value is None:
        return None
    return {"fraction": fraction(value), "decimal": float(value)}


def fraction(value: Fraction) -> str:
    """``1/2``, ``5/36``; whole numbers bare (``1``, ``0``)."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def decimal(value: Fraction, places: int = 4) -> str:
    """A decimal for reading aloud: ``0.5``, ``0.1389``, ``1``."""
    text = f"{float(value):.{places}f}".rstrip("0").rstrip(".")
    return text or "0"


def total_needing(steps: list[Step], total: Distribution, needing: int | None) -> dict[str, Any]:
    """The parts of an answer about a total of dice: its distribution and, asked ``needing``
    N, the chance of N or more (a step of plain arithmetic added to ``steps``)."""
    out: dict[str, Any] = {"steps": steps, "distribution": total, "outcome": "total"}
    if needing is not None:
        out["probability"] = total.at_least(needing)
        out["needed"] = f"{needing}+"
        out["probability_of"] = f"a total of {needing} or more"
        steps.append(Step(f"A total of {needing} or more: {fraction(out['probability'])}.", None))
    return out
