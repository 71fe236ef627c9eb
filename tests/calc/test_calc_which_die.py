"""Which die a roll is made on when its rule says only "a dice": settled where the documents roll
no other die (their D3 a D6 read in pairs), refused where they call another die "a dice" too
(The Ninth Age's "If the value is a dice (e.g. Multiple Wounds (D3))"), with that sentence quoted."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.conftest import markdown_system

HALVED = """# Halved

## Dice

Rolls use a D6. For a D3 roll a D6: a 1 or 2 is a 1, a 3 or 4 is a 2 and a 5 or 6 is a 3.

## Ambush

Roll a dice for each ambushing unit at the start of your turn. The unit arrives on a 3+ roll.
"""

LOOSE = """# Loose

## Ambush

Roll a dice for each ambushing unit at the start of your turn. The unit arrives on a 3+ roll.

## Shrapnel

If the value is a dice (e.g. Shrapnel (D3)), roll one dice for each target.

## Charge

A unit charges 2D6 inches.
"""


@pytest.fixture(scope="module")
def halved(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("halved"), "halved", HALVED))


@pytest.fixture(scope="module")
def loose(tmp_path_factory):
    return assemble(markdown_system(tmp_path_factory.mktemp("loose"), "loose", LOOSE))


def test_a_d3_read_from_a_d6_leaves_the_d6_the_only_die(halved):
    found = answer(halved, "halved", "ambush roll")
    assert found.probability == Fraction(2, 3)
    assert any(s.citation and "a 1 or 2 is a 1" in s.citation.quote for s in found.steps)


def test_a_dice_that_may_be_a_d3_is_refused_with_the_sentence_that_says_so(loose, rulebase):
    with pytest.raises(Refusal) as err:
        answer(loose, "loose", "ambush roll")
    assert "loose/shrapnel" in err.value.message and "a D3: 1/3, a D6: 2/3" in err.value.message
    with pytest.raises(Refusal) as err:  # round 12's "Ambush roll": the writer read a D6
        answer(rulebase, "t9a", "Ambush roll")
    assert "t9a/multiple-wounds" in err.value.message and "If the value is a dice" in err.value.message
