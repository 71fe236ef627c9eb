"""A prohibition of using a rule under a condition on the side's other rules by their category
("If a model has any Close Combat Weapon other than a Hand Weapon, it cannot choose to use the Hand
Weapon"): the rule of that category in play is what sets it aside (issue 22, round 3)."""

from __future__ import annotations

from referee.build import Build
from referee.resolve import resolve
from tests.resolve.test_principles import picks, rel, system


def test_a_great_weapon_sets_the_hand_weapon_aside(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Hand Weapon, Great Weapon", when=["melee"]).to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("cannot-beats-can", "Great Weapon", ["Great Weapon", "Hand Weapon"])
    assert ruling["outcome"] == "Hand Weapon cannot be used: Hand Weapon forbids it where Great Weapon is there, and cannot beats can"
    assert ruling["citations"][0]["quote"].startswith("If a model has any Close Combat Weapon other than a Hand Weapon, it cannot choose")
    assert next(e for e in data["in_play"]["self"] if e["name"] == "Hand Weapon")["set_aside"]


def test_a_shield_is_no_close_combat_weapon(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Hand Weapon, Shield", when=["melee"]).to_json()
    assert data["rulings"] == []
    assert all(e["set_aside"] is None for e in data["in_play"]["self"])
    [idle] = [i for i in data["in_play"]["inactive"] if i["relation"] == "cannot"]
    assert idle["reason"] == ("Hand Weapon forbids Hand Weapon only if a model has any Close Combat Weapon other than a Hand Weapon: "
                              "no such rule of this side is in play")


def _sword_and_axe():
    sentence = "A model that carries any Ranged Weapon other than a Sling cannot use the Sling."
    view = system({"Sling": sentence, "Longbow": "Range 30.", "Dagger": "A blade."}, [
        rel("cannot", "Sling", "Sling", sentence, details={"action": "use the Sling"},
            conditions=(("other", None, "A model that carries any Ranged Weapon other than a Sling"),))])
    view.data["rules"]["demo/Longbow"]["category"] = "Ranged Weapons"
    view.data["rules"]["demo/Sling"]["category"] = "Ranged Weapons"
    view.data["rules"]["demo/Dagger"]["category"] = "Close Combat Weapon"
    return view


def test_a_category_condition_of_other_words_in_a_small_system() -> None:
    view = _sword_and_axe()
    bow = resolve(view, "demo", picks("Sling", "Longbow")).to_json()
    assert [(r["principle"], r["winner"]) for r in bow["rulings"]] == [("cannot-beats-can", "Longbow")]
    dagger = resolve(view, "demo", picks("Sling", "Dagger")).to_json()
    assert dagger["rulings"] == []
