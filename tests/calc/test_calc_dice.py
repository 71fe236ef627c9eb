"""The distributions agree with listing every roll by hand (small cases)."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import pytest

from referee.calc.dice import Distribution, passes


def _listed(rolled: int, kept: int, highest: bool) -> Distribution:
    out: dict[int, F] = {}
    for faces in product(range(1, 7), repeat=rolled):
        chosen = sorted(faces, reverse=highest)[:kept]
        out[sum(chosen)] = out.get(sum(chosen), F(0)) + F(1, 6**rolled)
    return Distribution(out)


@pytest.mark.parametrize(("rolled", "kept"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (4, 4)])
@pytest.mark.parametrize("highest", [True, False])
def test_kept_dice_match_listing(rolled, kept, highest):
    assert Distribution.kept_d6(rolled, kept, highest) == _listed(rolled, kept, highest)


def test_convolution_and_times():
    two = Distribution.die(6).times(2)
    assert two[7] == F(1, 6) and two.total == 1 and two.mean == 7
    assert Distribution.die(6).times(0) == Distribution.certain(0)


def test_each_thins_binomially():
    # 2 units, each surviving with 1/3: 0 -> 4/9, 1 -> 4/9, 2 -> 1/9
    assert Distribution.certain(2).each(Distribution.test(F(1, 3))) == Distribution({0: F(4, 9), 1: F(4, 9), 2: F(1, 9)})


def test_chances_must_add_up():
    with pytest.raises(ValueError, match="chances add up to 1/2, not 1"):
        Distribution({1: F(1, 2)})


@pytest.mark.parametrize(("needed", "chance"), [(1, F(1)), (2, F(5, 6)), (4, F(1, 2)), (6, F(1, 6)), (7, F(0)), (0, F(1))])
def test_passes(needed, chance):
    assert passes(needed) == chance
