"""An instance's parameters as its rule's letters' values, where the rule's name is the pattern
("Guardian -X {Y leader}": "Guardian -2 {1 leader}" is X 2, Y 1), on every system's rules: the JSON's
``params``.  On the real documents and on a small system of our own words."""

from __future__ import annotations

from typing import Any

from referee.resolve import resolve
from referee.resolve.parameters import lettered
from referee.store.record import Build


def _params(data: dict[str, Any]) -> dict[str, list[list[str]]]:
    return {e["name"]: e["params"] for e in data["in_play"]["self"]}


def test_last_edition_letters(rulebase: Build) -> None:
    """Round 13's r13-last-edition-525, round 14's -508, round 15's -532 (incomplete before: "-2", "{1 leader}")."""
    assert _params(resolve(rulebase, "last-edition", "Guardian -2 {1 leader}").to_json()) == {"Guardian -X {Y leader}": [["2", "1"]]}
    trigger = resolve(rulebase, "last-edition", "Ranged 3 trigger -2 to hit", when=("melee", "shooting")).to_json()
    assert _params(trigger)["Ranged X trigger -Y to hit"] == [["3", "2"]]
    # the modifier still reads the instance as written: -2 to hit (counted as -1 by the system's limit)
    [part] = [p for m in trigger["modifiers"] for p in m["parts"] if p["name"] == "Ranged X trigger -Y to hit"]
    assert (part["value"], trigger["modifiers"][0]["value"]) == ("-2", "-1")
    # words that are no letter's stay as written: a color, a role in braces the name writes otherwise
    leader = _params(resolve(rulebase, "last-edition", "Leader (blue) +4 {2 base}").to_json())
    assert leader == {"Leader (color/color) +X {Y role/Z role/role}": [["blue", "4", "{2 base}"]]}


def test_patterns_of_our_own_words() -> None:
    assert lettered("Warden -X {Y scouts}", ["X", "Y"], ["-3", "{2 scouts}"]) == ["3", "2"]
    assert lettered("Volley X shots +Y range", ["X", "Y"], ["4", "+6 range"]) == ["4", "6"]
    assert lettered("Banner (X)", ["X"], ["2"]) == ["2"]
    # a value the name does not write around its letter stays as written; so do two numbers in one
    assert lettered("Warden -X {Y scouts}", ["X", "Y"], ["-3", "{2 riders}"]) == ["3", "{2 riders}"]
    assert lettered("Volley X shots +Y range", ["X", "Y"], ["4", "+6 range 2"]) == ["4", "+6 range 2"]
    # an instance that does not give one value for each letter is not bound by place
    assert lettered("Warden -X {Y scouts}", ["X", "Y"], ["-3"]) == ["-3"]
