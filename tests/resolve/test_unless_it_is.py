"""A rule whose own words except the model that is another rule of its side ("can never be joined or
join a unit (unless it is a War Platform)", Towering Presence): the named rule prevails over it, as
far as those words say, the excepting sentence quoted (referee/resolve/unless_it_is.py).  On the
real documents and on a small system of our own words whose relations the graph reads."""

from __future__ import annotations

from typing import Any

import pytest

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import SYSTEM, picks
from tests.resolve.test_read_by_graph import read_system

_RULES = {
    "Giant Frame": "The model cannot march (unless it is a Juggernaut).",
    "Lumbering": "The model gains Slow and, unless it is a Juggernaut, Clumsy.",
    "Juggernaut": "The model moves slowly.",
    "Slow": "The model strikes last.",
    "Clumsy": "The model rerolls nothing.",
    "Old Legs": "The model cannot march unless their unit starts within range of a friendly Banner.",
    "Banner": "Friendly units nearby are braver.",
}


@pytest.fixture(scope="module")
def small() -> Any:
    return read_system(_RULES)


def _winners(data: dict[str, Any]) -> list[tuple[str | None, list[str]]]:
    return [(r["winner"], r["rules"]) for r in data["rulings"] if r["principle"] == "explicit-exception"]


def test_the_rule_an_unless_names_as_the_model_prevails(small: Any) -> None:
    data = resolve(small, SYSTEM, picks("Giant Frame", "Juggernaut")).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "explicit-exception"]
    assert (ruling["winner"], ruling["rules"]) == ("Juggernaut", ["Juggernaut", "Giant Frame"])
    assert [c["quote"] for c in ruling["citations"]] == ["The model cannot march (unless it is a Juggernaut)."]
    # a grant the words keep from that model: the same exception
    data = resolve(small, SYSTEM, picks("Lumbering", "Juggernaut")).to_json()
    assert _winners(data) == [("Juggernaut", ["Juggernaut", "Lumbering"])]
    assert "Clumsy" not in {e["name"] for e in data["in_play"]["self"]}


def test_no_exception_without_the_named_rule_or_across_the_sides(small: Any) -> None:
    assert _winners(resolve(small, SYSTEM, picks("Giant Frame")).to_json()) == []
    # the enemy's Juggernaut is no model of this side: the words except nothing here
    assert _winners(resolve(small, SYSTEM, picks("Giant Frame"), picks("Juggernaut")).to_json()) == []


def test_an_unless_of_what_the_unit_does_with_the_rule_is_no_such_exception(small: Any) -> None:
    assert _winners(resolve(small, SYSTEM, picks("Old Legs", "Banner")).to_json()) == []


def test_war_platform_prevails_over_towering_presence(rulebase: Build, bsdata_t9a: Build) -> None:
    """Round 10's sealed r10-t9a-bsdata-503: the prohibition was set aside, but no ruling said who prevails."""
    for build in (rulebase, bsdata_t9a):
        data = resolve(build, "t9a", "Towering Presence, War Platform").to_json()
        [ruling] = [r for r in data["rulings"] if r["principle"] == "explicit-exception" and r["winner"] == "War Platform"]
        assert ruling["rules"] == ["War Platform", "Towering Presence"]
        assert any("can never be joined or join a unit (unless it is a War Platform)" in c["quote"] for c in ruling["citations"])
    # Undead's "unless their unit starts the March Move within the range of ... Commanding Presence" names no model
    data = resolve(rulebase, "t9a", "Undead, Commanding Presence").to_json()
    assert not [r for r in data["rulings"] if r["winner"] == "Commanding Presence"]
