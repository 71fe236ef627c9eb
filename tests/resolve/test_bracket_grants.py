"""Rules a rule brings by naming them in brackets (referee/resolve/play.py): the Model Rules an
instance's brackets name where the rule "gains the Model Rules ... stated in brackets", and the rules a
weapon's profile lists in square brackets, each with its own parameters and its grant chain."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system


def _entry(data: dict, name: str) -> dict | None:
    return next((e for e in data["in_play"]["self"] if e["name"] == name), None)


def test_devastating_charges_bracketed_model_rule_is_in_play_when_charging(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Devastating Charge (+1 Agility, Flaming Attacks)", when=["charging"]).to_json()
    flaming = _entry(data, "Flaming Attacks")
    assert flaming is not None and [s["name"] for s in flaming["via"]] == ["Devastating Charge"]
    assert "gains the Model Rules and Characteristic modifiers stated in brackets" in flaming["via"][0]["citation"]["quote"]
    assert [(m["stat"], m["value"]) for m in data["modifiers"]] == [("Agility", "+1")]


def test_not_charging_the_bracketed_model_rule_is_not_in_play(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Devastating Charge (+1 Agility, Flaming Attacks)", when=["melee", "not-charging"]).to_json()
    assert _entry(data, "Flaming Attacks") is None
    assert any(i["name"] == "Flaming Attacks" and "charg" in i["reason"] for i in data["in_play"]["inactive"])


def test_a_weapon_profiles_square_brackets_bring_their_rule_with_its_parameters(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Catapult", opponent="Fly (10, 20)", when=["shooting"]).to_json()
    wounds = _entry(data, "Multiple Wounds")
    assert wounds is not None and wounds["params"] == [["D3", "Clipped Wings"]]
    assert [s["name"] for s in wounds["via"]] == ["Catapult"]


def test_a_number_in_square_brackets_names_no_rule_and_a_listed_rule_keeps_its_parameters_in_a_small_system() -> None:
    view = system({"Sling": "Range 12, Str 3[4], [Burning (2)].", "Burning": "It burns."}, [
        rel("references", "Sling", "Burning", "Range 12, Str 3[4], [Burning (2)]."),
    ])
    data = resolve(view, "demo", picks("Sling")).to_json()
    burning = _entry(data, "Burning")
    assert burning is not None and burning["params"] == [["2"]] and [s["name"] for s in burning["via"]] == ["Sling"]
    assert [e["name"] for e in data["in_play"]["self"]] == ["Sling", "Burning"]


def test_a_mention_outside_square_brackets_brings_nothing_in_a_small_system() -> None:
    view = system({"Sling": "Unlike Burning, it is cold.", "Burning": "It burns."}, [
        rel("references", "Sling", "Burning", "Unlike Burning, it is cold."),
    ])
    assert _entry(resolve(view, "demo", picks("Sling")).to_json(), "Burning") is None


def test_a_change_of_a_characteristic_in_brackets_is_no_rule(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Devastating Charge (+1 Strength)", when=["charging"]).to_json()
    assert [e["name"] for e in data["in_play"]["self"]] == ["Devastating Charge"]
