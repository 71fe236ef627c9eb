"""A stat set to a value ("strikes at Initiative 1") beside a modifier of it: not added up, left open."""

from __future__ import annotations

from referee.store.record import Build
from referee.resolve import resolve


def test_a_value_set_beside_a_modifier_of_it_stays_open_once(rulebase: Build) -> None:
    answer = resolve(rulebase, "scrollhammer", "Very Unwieldy, Unwieldy", when=["melee"]).to_json()
    [initiative] = [m for m in answer["modifiers"] if m["stat"] == "Initiative"]
    assert (initiative["value"], sorted(p["value"] for p in initiative["parts"])) == (None, ["-1", "=1"])
    assert [u["rules"] for u in answer["unresolved"]] == [["Very Unwieldy", "Unwieldy"]]
    assert not [r for r in answer["rulings"] if r["principle"] == "stacking"]


def test_a_value_set_alone_is_that_value(rulebase: Build) -> None:
    answer = resolve(rulebase, "scrollhammer", "Very Unwieldy", when=["melee"]).to_json()
    assert [(m["stat"], m["value"]) for m in answer["modifiers"]] == [("Initiative", "=1")]
