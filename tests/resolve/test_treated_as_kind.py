"""A unit a rule's words treat as one of a kind another rule speaks of: "as if it was a unit from
reserve" (last-edition's Directive 1) brings in the one rule whose sentences open on such units
("Reserve units count as moved and do not receive orders.", Placing reserves), its chain quoting the
treating sentence, and what that rule says of them holds.  On the real documents and a small system
of our own words whose relations the graph reads."""

from __future__ import annotations

from typing import Any

import pytest

from referee.resolve import resolve
from referee.store.record import Build
from referee.store.rows import Stored
from tests.resolve.test_principles import SYSTEM, picks
from tests.resolve.test_read_by_graph import read_system

_RULES = {
    "Second Wind": "Return one destroyed unit to the table, as if it was a unit from the vanguard.",
    "Vanguard Step": "Vanguard units may deploy ahead. Vanguard units cannot receive commands.",
    "Steady Aim": "+1 to hit.",
    "Rear Step": "Rearguard units deploy last.",
    "Lost Cause": "Return one destroyed unit to the table, as if it was a unit from nowhere.",
}


@pytest.fixture(scope="module")
def small() -> Any:
    return read_system(_RULES, categories={"Steady Aim": "Command"})


def _self(data: dict[str, Any]) -> dict[str, Any]:
    return {e["name"]: e for e in data["in_play"]["self"]}


def test_the_rule_that_speaks_of_the_kind_comes_into_play_through_the_sentence(small: Any) -> None:
    data = resolve(small, SYSTEM, picks("Second Wind", "Steady Aim")).to_json()
    entries = _self(data)
    assert [(s["name"], s["citation"]["quote"]) for s in entries["Vanguard Step"]["via"]] == [
        ("Second Wind", "Return one destroyed unit to the table, as if it was a unit from the vanguard.")]
    # and what it says of those units holds: they cannot receive commands, and Steady Aim is one
    assert entries["Steady Aim"]["set_aside"]


def test_no_rule_speaks_of_the_kind_nothing_is_brought(small: Any) -> None:
    assert set(_self(resolve(small, SYSTEM, picks("Lost Cause", "Steady Aim")).to_json())) == {"Lost Cause", "Steady Aim"}


def test_directive_1_brings_the_reserve_rules(rulebase: Build) -> None:
    """Round 10's tuning r10-last-edition-516 (wrong before) and round 3's r3-last-edition-511: the unit
    comes back "as if it was a unit from reserve", so reserve units' "count as moved and do not receive
    orders" holds for it."""
    data = resolve(rulebase, "last-edition", "Directive 1, Concentrating").to_json()
    entries = _self(data)
    [step] = entries["Placing reserves"]["via"]
    assert (step["name"], step["citation"]["quote"]) == (
        "Directive 1", "Bring one of your units that has previously been killed back to the battlefield, as if it was a unit from reserve.")
    assert entries["Concentrating"]["set_aside"]
    shot = resolve(rulebase, "last-edition", "Directive 1, Ranged 2 heavy", when=("shooting",)).to_json()
    assert [(m["stat"], m["value"]) for m in shot["modifiers"]] == [("to-hit", "-1")]


def test_words_that_run_across_a_blank_line_are_quoted_whole() -> None:
    """The treating words may run across a blank line ("as if" and "it was a unit from ..." in two
    paragraphs of one sentence): the chain then quotes the whole sentence, never fails."""
    rules = dict(_RULES, **{"Second Wind": "Return one destroyed unit to the table, as if\n\nit was a unit from the vanguard."})
    entries = _self(resolve(read_system(rules, categories={"Steady Aim": "Command"}), SYSTEM, picks("Second Wind", "Steady Aim")).to_json())
    [step] = entries["Vanguard Step"]["via"]
    assert step["citation"]["quote"].split() == "Return one destroyed unit to the table, as if it was a unit from the vanguard.".split()


def test_the_rule_of_the_kind_is_the_stores_answer_not_a_scan(view: Stored, monkeypatch: pytest.MonkeyPatch) -> None:
    """Which rules speak of units of a kind is an answer row made at build time: a warm resolve reads it
    and never every rule of the system."""
    assert [rid for rid, _ in view.unit_kind("last-edition", "reserve")] == [r["id"] for r in view.lookup("Placing reserves")]
    monkeypatch.setattr(Stored, "in_system", lambda *_, **__: pytest.fail("read every rule of the system"))
    entries = _self(resolve(Stored(view._db), "last-edition", "Directive 1, Concentrating").to_json())
    assert [step["name"] for step in entries["Placing reserves"]["via"]] == ["Directive 1"]
