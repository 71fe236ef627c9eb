"""Exact dice arithmetic: a :class:`Distribution` of whole-number outcomes, in Fractions.

Every answer of ``referee calc`` is computed here by enumeration or
convolution, never by simulation, so ``1/2`` is exactly one half and the
chances of a distribution always add up to exactly 1.

>>> Distribution.die(6).at_least(5)
Fraction(1, 3)
>>> str(Distribution.die(3).convolve(Distribution.die(3)).mean)
'4'
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, lcm

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator


class Distribution:
    """Outcomes (whole numbers) and their exact chances; immutable once made."""

    __slots__ = ("_chances",)

    def __init__(self, chances: dict[int, Fraction]) -> None:
        kept = {outcome: chance for outcome, chance in sorted(chances.items()) if chance}
        if sum(kept.values()) != 1:
            raise ValueError(f"chances add up to {sum(kept.values())}, not 1")
        self._chances = kept

    # -- making ----------------------------------------------------------------

    @classmethod
    def certain(cls, outcome: int) -> Distribution:
        return cls({outcome: Fraction(1)})

    @classmethod
    def die(cls, sides: int) -> Distribution:
        """One die: 1 to ``sides``, each as likely."""
        return cls({face: Fraction(1, sides) for face in range(1, sides + 1)})

    @classmethod
    def test(cls, passes: Fraction) -> Distribution:
        """1 for a passed test, 0 for a failed one."""
        return cls({1: passes, 0: 1 - passes})

    @classmethod
    def kept_d6(cls, rolled: int, kept: int, highest: bool) -> Distribution:
        """The sum of the ``kept`` highest (or lowest) of ``rolled`` D6.

        Counts every way the dice can fall face by face (how many show a 6,
        how many a 5, ...), each weighted by the ways to choose those dice:
        exact, and fast where listing all 6**rolled rolls would not be.
        """
        faces = range(6, 0, -1) if highest else range(1, 7)
        ways: dict[tuple[int, int, int], int] = {(rolled, kept, 0): 1}  # (dice left, still to keep, sum)
        for face in faces:
            after: dict[tuple[int, int, int], int] = {}
            for (left, keep, total), count in ways.items():
                for showing in range(left + 1):
                    taken = min(showing, keep)
                    key = (left - showing, keep - taken, total + taken * face)
                    after[key] = after.get(key, 0) + count * comb(left, showing)
            ways = after
        out: dict[int, Fraction] = {}
        whole = 6**rolled
        for (left, _keep, total), count in ways.items():
            if left == 0:
                out[total] = out.get(total, Fraction(0)) + Fraction(count, whole)
        return cls(out)

    # -- combining -------------------------------------------------------------

    def map(self, fn: Callable[[int], int]) -> Distribution:
        out: dict[int, Fraction] = {}
        for outcome, chance in self._chances.items():
            key = fn(outcome)
            out[key] = out.get(key, Fraction(0)) + chance
        return Distribution(out)

    def convolve(self, other: Distribution) -> Distribution:
        """The sum of two independent rolls.

        Worked in whole numbers over each side's common denominator (Fraction
        arithmetic reduces after every step, and was ~20x slower for a
        hundred attacks), then made Fractions once per outcome: still exact.
        """
        mine, d1 = self._whole()
        theirs, d2 = other._whole()
        out: dict[int, int] = {}
        for a, wa in mine:
            for b, wb in theirs:
                out[a + b] = out.get(a + b, 0) + wa * wb
        whole = d1 * d2
        return Distribution({outcome: Fraction(weight, whole) for outcome, weight in out.items()})

    def _whole(self) -> tuple[list[tuple[int, int]], int]:
        """The chances as whole numbers over one common denominator."""
        denominator = lcm(*(c.denominator for c in self._chances.values()))
        return [(o, c.numerator * (denominator // c.denominator)) for o, c in self._chances.items()], denominator

    def times(self, count: int) -> Distribution:
        """The sum of ``count`` independent rolls of this one (``count`` >= 0)."""
        total = Distribution.certain(0)
        power = self
        while count:
            if count & 1:
                total = total.convolve(power)
            power = power.convolve(power)
            count >>= 1
        return total

    def each(self, per_unit: Distribution) -> Distribution:
        """Every unit of this outcome replaced by an independent roll of ``per_unit``
        (three hits, each becoming 0 or 1 wounds; two wounds, each multiplied)."""
        out: dict[int, Fraction] = {}
        for outcome, chance in self._chances.items():
            for total, p in per_unit.times(outcome).items():
                out[total] = out.get(total, Fraction(0)) + chance * p
        return Distribution(out)

    # -- reading ---------------------------------------------------------------

    def items(self) -> Iterator[tuple[int, Fraction]]:
        return iter(self._chances.items())

    def __getitem__(self, outcome: int) -> Fraction:
        return self._chances.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[int]:
        """The outcomes that can happen, in order (without it, ``for`` and ``sorted`` would
        call ``__getitem__`` with 0, 1, 2, ... for ever: it never raises IndexError)."""
        return iter(sorted(self._chances))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._chances == other._chances

    def __hash__(self) -> int:
        return hash(tuple(self._chances.items()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{o}: {c}" for o, c in self._chances.items())
        return f"Distribution({{{inner}}})"

    @property
    def mean(self) -> Fraction:
        return sum((outcome * chance for outcome, chance in self._chances.items()), Fraction(0))

    @property
    def total(self) -> Fraction:
        return sum(self._chances.values(), Fraction(0))

    def at_least(self, outcome: int) -> Fraction:
        return sum((c for o, c in self._chances.items() if o >= outcome), Fraction(0))

    def at_most(self, outcome: int) -> Fraction:
        return sum((c for o, c in self._chances.items() if o <= outcome), Fraction(0))


def passes(needed: int, sides: int = 6) -> Fraction:
    """The chance one die of ``sides`` rolls ``needed`` or more ("4+": 1/2)."""
    return Fraction(max(0, min(sides, sides + 1 - needed)), sides)
