"""A count a rule writes multiplied ("D6×2 hits") is read whole: never the number after the
sign alone (round 12's sealed half: "Shrapnel Bombs hits" answered 2 hits, a confident wrong
figure)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.conftest import markdown_system

RULES = """# Bombs

## Scatter Bomb

The target suffers D3×2 hits with Strength 2.

## Cluster Charge

The target suffers 2 x D6 hits.

## Fire Pot

The target suffers D6 hits.
"""


@pytest.fixture(scope="module")
def bombs(tmp_path_factory: pytest.TempPathFactory):
    return assemble(markdown_system(tmp_path_factory.mktemp("rules"), "bombs", RULES))


def test_a_multiplied_count_is_read_whole(bombs) -> None:
    found = answer(bombs, "bombs", "Scatter Bomb hits")
    assert found.mean == 4 and sorted(found.distribution) == [2, 4, 6]
    assert "D3×2" in found.steps[0].text


def test_a_number_before_the_sign_is_never_the_count_of_the_dice_after_it(bombs) -> None:
    with pytest.raises(Refusal):  # "2 x D6": not D6 alone, and not read as a product (yet): refused
        answer(bombs, "bombs", "Cluster Charge hits")
    assert answer(bombs, "bombs", "Fire Pot hits").mean == Fraction(7, 2)


def test_a_distribution_iterates_over_its_outcomes() -> None:
    from referee.calc.dice import Distribution

    assert list(Distribution.die(3).map(lambda n: n * 2)) == [2, 4, 6]


def test_a_modifier_that_cannot_be_combined_leaves_no_choice_where_both_are_the_same(bsdata) -> None:
    # "This to-hit modifier cannot be combined with any other negative to-hit modifiers." (Distracting)
    found = answer(bsdata, "t9a-bsdata", "hit 3+ with -1 against Distracting")
    assert found.probability == Fraction(1, 2)
    assert "either one alone is -1" in " ".join(s.text for s in found.steps)
    with pytest.raises(Refusal) as err:  # -2 or -1: which applies, the sentence does not say
        answer(bsdata, "t9a-bsdata", "hit 3+ with -2 against Distracting")
    assert "does not say which applies" in err.value.message
