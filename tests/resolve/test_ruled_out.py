"""Shooting while in melee: ruled by the system's own text, never refused (referee/resolve/ruled_out.py)."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system_data
from tests.stores import stored


def system(rules: dict, relations: list):
    """A small system whose rules are found by name, as the system's rule for shooting is."""
    data = system_data(rules, relations)
    data["names"] = {"demo": {name.lower(): [f"demo/{name}"] for name in rules}}
    return stored(data)

LEAD = "Eligible models to shoot with have to fulfill all the following criteria:"
CRITERION = "The unit is not in melee distance to an enemy unit."


def _situation(data: dict) -> dict:
    [ruling] = [r for r in data["rulings"] if r["principle"] == "applicability"]
    return ruling


def test_last_edition_rules_out_shooting_in_melee_quoting_its_criterion(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Ranged 2 heavy", when=["melee", "shooting", "moved"]).to_json()
    ruling = _situation(data)
    assert ruling["outcome"].startswith("--when melee and --when shooting: the situation cannot arise: SHOOTING lets a unit shoot only")
    assert ruling["winner"] is None and ruling["rules"] == ["SHOOTING"]
    assert [(c["quote"], c["file"], c["line"], c["column"]) for c in ruling["citations"]] == [
        (LEAD, "last-edition/core-rules.md", 553, 1), (CRITERION, "last-edition/core-rules.md", 559, 4)]
    # nothing is ruled in a situation that cannot arise: the heavy weapon's -1 is not stated
    assert data["rulings"] == [ruling] and data["modifiers"] == [] and data["unresolved"] == []
    assert [e["name"] for e in data["in_play"]["self"]] == ["Ranged weapon keywords", "Ranged X heavy"]


def test_a_trigger_weapon_lets_it_arise_and_is_ruled_with_both_flags(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Ranged 2 trigger -2 to hit", when=["melee", "shooting"]).to_json()
    ruling = _situation(data)
    assert ruling["winner"] == "Ranged X trigger -Y to hit" and ruling["rules"] == ["Ranged X trigger -Y to hit", "SHOOTING"]
    assert [c["quote"] for c in ruling["citations"]] == [
        "This means models can use this weapon even in melee distance against enemy models in addition to making melee attacks.",
        LEAD, CRITERION]
    # and the rest is ruled: the -2 to hit, held to the system's limit of 1
    assert [(m["stat"], m["value"]) for m in data["modifiers"]] == [("to-hit", "-1")]
    assert any("can never be modified by more than 1" in c["quote"] for m in data["modifiers"] for c in m["limits"])


def test_a_system_that_says_nothing_of_it_is_ruled_with_both_flags_and_says_so(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Fear", when=["melee", "shooting"]).to_json()
    ruling = _situation(data)
    assert ruling["outcome"] == ("--when melee and --when shooting: no sentence of t9a's rules for shooting or close combat says "
                                 "a unit cannot shoot while in close combat, so both hold; ruled with both")
    assert ruling["citations"] == [] and ruling["rules"] == []
    assert data["when"] == ["melee", "shooting"]


def test_a_rule_in_play_that_limits_itself_is_not_the_systems_word(rulebase: Build) -> None:
    # "Provided the model is not in close combat, it can use its Breath Weapon": Breath Weapon's own condition
    data = resolve(rulebase, "whfb-house", "Bows", when=["melee", "shooting"]).to_json()
    assert _situation(data)["outcome"].startswith("--when melee and --when shooting: no sentence of whfb-house's rules")


def test_without_both_flags_there_is_no_such_ruling(rulebase: Build) -> None:
    for when in (["melee"], ["shooting"], []):
        data = resolve(rulebase, "last-edition", "Ranged 2 heavy", when=when).to_json()
        assert not [r for r in data["rulings"] if r["principle"] == "applicability"]


def test_other_wordings_of_the_criterion_and_of_the_exception() -> None:
    rules = {
        "Shooting": "A unit may shoot if it meets these conditions:\n- The unit is not engaged in close combat.\n- It has a bow.",
        "Pistol": "A pistol may be fired even while engaged in combat.",
        "Bow": "A bow shoots far.",
    }
    view = system(rules, [rel("references", "Bow", None, "A bow shoots far.")])
    data = resolve(view, "demo", picks("Bow"), when=("melee", "shooting")).to_json()
    ruling = _situation(data)
    assert "cannot arise" in ruling["outcome"]
    assert [c["quote"] for c in ruling["citations"]] == ["A unit may shoot if it meets these conditions:", "The unit is not engaged in close combat."]
    let = _situation(resolve(view, "demo", picks("Bow", "Pistol"), when=("melee", "shooting")).to_json())
    assert let["winner"] == "Pistol" and let["citations"][0]["quote"] == "A pistol may be fired even while engaged in combat."


def test_a_criterion_on_the_target_or_a_rule_of_its_own_is_not_read_as_ruling_it_out() -> None:
    rules = {
        "Shooting": "Eligible models to shoot with have to fulfill these criteria:\n1. The target unit is not in melee distance to a friendly unit.",
        "Breath": "Provided the model is not in close combat, it can use its Breath during its Shooting phase.",
        "Bow": "A bow shoots far.",
    }
    data = resolve(system(rules, []), "demo", picks("Bow"), when=("melee", "shooting")).to_json()
    assert _situation(data)["outcome"].startswith("--when melee and --when shooting: no sentence of demo's rules")
    # the system's word is read in its rules for shooting or close combat, by those names: another rule's is not
    other = system({"Orders": "Eligible models to shoot with have to fulfill these criteria:\n1. The unit is not in melee distance to an enemy unit.",
                    "Bow": "A bow shoots far."}, [])
    assert "no sentence" in _situation(resolve(other, "demo", picks("Bow"), when=("melee", "shooting")).to_json())["outcome"]


def test_every_principle_is_documented_in_the_json_shapes() -> None:
    from pathlib import Path

    from referee.resolve.ruling import PRINCIPLES

    row = next(line for line in (Path(__file__).parents[2] / "docs" / "json.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| `rulings` |"))
    assert [p for p in PRINCIPLES if p != "unresolved" and f"`{p}`" not in row] == []


def test_melee_alone_with_a_trigger_weapon_rules_its_exception_to_the_criterion(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Ranged 2 trigger -1 to hit", when=["melee"]).to_json()
    ruling = _situation(data)
    assert ruling["winner"] == "Ranged X trigger -Y to hit" and ruling["rules"] == ["Ranged X trigger -Y to hit", "SHOOTING"]
    assert [c["quote"] for c in ruling["citations"]][1:] == [LEAD, CRITERION]
    assert [(m["stat"], m["value"]) for m in data["modifiers"]] == [("to-hit", "-1")]
    # a weapon that lets nothing of the kind: no such ruling in melee
    assert not [r for r in resolve(rulebase, "last-edition", "Ranged 2 heavy", when=["melee"]).to_json()["rulings"] if r["principle"] == "applicability"]
