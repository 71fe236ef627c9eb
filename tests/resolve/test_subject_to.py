"""A roll of the bearer that another rule governs brings that rule in: "The roll for the number of hits
from its Stomp Attacks is subject to Maximised Roll" (Big Brother) grants Maximised Roll, its chain
quoting the sentence (referee/graph/effects.py, ``_subject_to``).  A sentence whose subject is a case
("unless the attack is also subject to ...", "If a unit is ..., its rolls ... are subject to") grants
nothing so.  On the real documents and a small system of our own words whose relations the graph reads."""

from __future__ import annotations

from typing import Any

import pytest

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import SYSTEM, picks
from tests.resolve.test_read_by_graph import read_system

_RULES = {
    "Lucky Dice": "For dice rolls subject to Lucky Dice, roll one more die and drop the lowest.",
    "Old Hand": "The roll for its charge distance is subject to Lucky Dice.",
    "Quick Draw": "The attack may be made after a move, unless the attack is also subject to Lucky Dice.",
    "Gamblers": "If the unit is all gamblers, its rolls are subject to Lucky Dice.",
}


@pytest.fixture(scope="module")
def small() -> Any:
    return read_system(_RULES)


def _via(data: dict[str, Any]) -> dict[str, list[str]]:
    return {e["name"]: [s["name"] for s in e["via"]] for e in data["in_play"]["self"]}


def test_a_roll_subject_to_a_rule_brings_it_in(small: Any) -> None:
    assert _via(resolve(small, SYSTEM, picks("Old Hand")).to_json()) == {"Old Hand": [], "Lucky Dice": ["Old Hand"]}
    # a case, not a thing the rule has: nothing is brought
    assert _via(resolve(small, SYSTEM, picks("Quick Draw")).to_json()) == {"Quick Draw": []}
    assert _via(resolve(small, SYSTEM, picks("Gamblers")).to_json()) == {"Gamblers": []}


def test_big_brother_brings_maximised_roll(rulebase: Build) -> None:
    """Round 10's sealed r10-t9a-034: Maximised Roll was not in play."""
    data = resolve(rulebase, "t9a", "Big Brother, Stomp Attacks (D6)", when=("melee",)).to_json()
    [entry] = [e for e in data["in_play"]["self"] if e["name"] == "Maximised Roll"]
    assert [(s["name"], s["citation"]["quote"]) for s in entry["via"]] == [
        ("Big Brother", "The roll for the number of hits from its Stomp Attacks is subject to Maximised Roll.")]
