"""Every scenario of tests/resolve/scenarios/*.toml, end to end on the real rules.

A scenario is keywords + situation -> what must come out: rulings (rules,
winner, principle, quoted words, outcome words), modifiers, what is in play
and how, what is not.  The keys are listed in docs/referee.md ("Scenario
files").  ``xfail`` (strict) says which sentence the graph does not read yet.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.resolve import resolve

SCENARIOS = Path(__file__).parent / "scenarios"
KEYS = {
    "name", "keywords", "vs", "when", "in_play", "opponent_in_play", "not_in_play", "inactive", "set_aside", "via",
    "via_quotes", "params", "modifiers", "modifier_conditions", "absent_modifiers", "unset_modifiers", "rulings", "no_rulings", "all_rulings",
    "unresolved", "xfail",
}
RULING_KEYS = {"rules", "winner", "principle", "quotes", "outcome", "conditions"}


def _cases() -> list[Any]:
    out = []
    for file in sorted(SCENARIOS.glob("*.toml")):
        for case in tomllib.loads(file.read_text(encoding="utf-8"))["scenario"]:
            marks = [pytest.mark.xfail(reason=case["xfail"], strict=True)] if "xfail" in case else []
            out.append(pytest.param(file.stem, case, id=f"{file.stem}: {case['name']}", marks=marks))
    return out


def _names(entries: list[dict[str, Any]]) -> list[str]:
    return [e["name"] for e in entries]


def _matches(ruling: dict[str, Any], want: dict[str, Any]) -> bool:
    return (
        sorted(ruling["rules"]) == sorted(want["rules"])
        and ruling["principle"] == want["principle"]
        and ruling["winner"] == want.get("winner")
        and want.get("outcome", "") in ruling["outcome"]
    )


@pytest.mark.parametrize(("system", "case"), _cases())
def test_scenario(view: Any, system: str, case: dict[str, Any]) -> None:
    assert set(case) <= KEYS, f"unknown keys {set(case) - KEYS}"
    data = resolve(view, system, case["keywords"], case.get("vs"), case.get("when", ())).to_json()
    mine, theirs = data["in_play"]["self"], data["in_play"]["opponent"]
    assert set(case.get("in_play", [])) <= set(_names(mine))
    assert set(case.get("opponent_in_play", [])) <= set(_names(theirs))
    assert not set(case.get("not_in_play", [])) & set(_names(mine))
    assert set(case.get("inactive", [])) <= set(_names(data["in_play"]["inactive"]))
    assert set(case.get("set_aside", [])) == {e["name"] for e in mine if e["set_aside"]}  # none unless listed
    by_name = {e["name"]: e for e in mine}
    for name, chain in case.get("via", {}).items():
        assert [step["name"] for step in by_name[name]["via"]] == chain
    for quote in case.get("via_quotes", []):
        assert any(quote in step["citation"]["quote"] for e in mine for step in e["via"]), quote
    for name, params in case.get("params", {}).items():
        assert by_name[name]["params"] == params

    mods = {m["stat"]: m for m in data["modifiers"] if m["side"] == "self"}
    for stat, value in case.get("modifiers", {}).items():
        assert stat in mods and mods[stat]["value"] == value, (stat, mods.get(stat))
    for stat, words in case.get("modifier_conditions", {}).items():
        assert any(words in c for c in mods[stat]["condition"]), mods[stat]["condition"]
    for stat in case.get("absent_modifiers", []):
        assert stat not in mods, mods[stat]
    for stat in case.get("unset_modifiers", []):
        assert mods[stat]["value"] is None and not mods[stat]["stacks"]

    rulings = data["rulings"] if case.get("all_rulings") else [r for r in data["rulings"] if r["principle"] != "source-conflict"]
    if case.get("no_rulings"):
        assert rulings == []
    for want in case.get("rulings", []):
        assert set(want) <= RULING_KEYS
        found = [r for r in rulings if _matches(r, want)]
        assert found, (want, [(r["rules"], r["winner"], r["principle"]) for r in rulings])
        ruling = found[0]
        for quote in want.get("quotes", []):
            assert any(quote in c["quote"] for c in ruling["citations"]), quote
        assert want.get("outcome", "") in ruling["outcome"]
        for words in want.get("conditions", []):
            assert any(words in c for c in ruling["conditions"]), ruling["conditions"]
        for c in ruling["citations"]:
            assert c["file"] and c["line"] >= 1 and c["column"] >= 1
    if "rulings" in case and not case.get("all_rulings"):
        assert len(rulings) == len(case["rulings"]), [(r["rules"], r["principle"]) for r in rulings]
    assert sorted(sorted(u["rules"]) for u in data["unresolved"]) == sorted(sorted(u) for u in case.get("unresolved", []))
