"""A rule's own words that modifiers of the values it speaks of apply to its values too ("All modifiers
to ground movement values also apply to a model's Fly values", Fly), beside a modifier of such a value
that reaches its models ("Enemy units hit by the weapon suffer -1" Advance Rate", Higher Calibre): a
ruling that both hold, the sentence quoted (referee/resolve/modifiers_reach.py).  On the real documents
and a small system of our own words whose relations the graph reads."""

from __future__ import annotations

from typing import Any

import pytest

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import SYSTEM, picks
from tests.resolve.test_read_by_graph import read_system

_RULES = {
    "Gliding": "When gliding, use the glide value instead of its Advance Rate. All modifiers to walking values also apply to its glide values.",
    "Net Gun": "Enemy units hit by the weapon suffer -2 Advance Rate.",
    "Fast Legs": "The model gains +1 Advance Rate.",
    "Heavy Club": "Enemy units hit by the weapon suffer -1 Strength.",
}


@pytest.fixture(scope="module")
def small() -> Any:
    return read_system(_RULES)


def _together(data: dict[str, Any]) -> list[list[str]]:
    return [r["rules"] for r in data["rulings"] if r["principle"] == "together"]


def test_a_modifier_that_reaches_the_rule_s_models_is_ruled_with_its_sentence(small: Any) -> None:
    data = resolve(small, SYSTEM, picks("Net Gun"), picks("Gliding")).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "together"]
    assert ruling["rules"] == ["Net Gun", "Gliding"] and ruling["winner"] is None
    assert "All modifiers to walking values also apply to its glide values." in {c["quote"] for c in ruling["citations"]}
    # its own side's modifier reaches it too; a modifier of a value it does not speak of, or the enemy's own, does not
    assert _together(resolve(small, SYSTEM, picks("Fast Legs", "Gliding")).to_json()) == [["Fast Legs", "Gliding"]]
    assert _together(resolve(small, SYSTEM, picks("Heavy Club"), picks("Gliding")).to_json()) == []
    assert _together(resolve(small, SYSTEM, picks("Fast Legs"), picks("Gliding")).to_json()) == []


def test_higher_calibre_against_fly_quotes_fly_s_sentence(rulebase: Build) -> None:
    """Round 10's sealed r10-t9a-035: the sentence was not quoted."""
    data = resolve(rulebase, "t9a", "Catapult, Higher Calibre", "Fly (8, 16)", when=("shooting",)).to_json()
    [ruling] = [r for r in data["rulings"] if r["rules"] == ["Higher Calibre", "Fly"]]
    assert any("All modifiers to ground movement values also apply to a model's Fly values" in c["quote"] for c in ruling["citations"])
