"""A list of what an action requires is a prohibition on that action for whatever fails an item (round 14,
issue 22): "Eligible models to declare a charge have to fulfill all the following criteria: ... 4. The model
did not fall back last turn." forbids a charge to a unit that fell back, though Charging itself is not in
play.  On the real documents and on a small system of this test's own words, read by the graph."""

from __future__ import annotations

from referee.graph.effects import criteria_items
from referee.resolve import resolve
from tests.resolve.test_principles import SYSTEM, picks
from tests.resolve.test_read_by_graph import read_system

VOLLEY = ("Units eligible to loose a volley must meet all of the following conditions:\n"
          "- The unit has a bow.\n"
          "- The unit did not sprint this turn.\n"
          "- The unit is not in a brawl.\n"
          "A volley is loosed at once.")


def test_the_items_of_a_list_of_criteria_are_read_with_the_action_they_require() -> None:
    items = criteria_items(VOLLEY)
    assert {item: action for item, (action, _lead) in items.items()} == {
        "The unit has a bow.": "loose a volley", "The unit did not sprint this turn.": "loose a volley", "The unit is not in a brawl.": "loose a volley"}
    # the paragraph after the list is none of its items, and a list with no such lead is no list of criteria
    assert "A volley is loosed at once." not in items
    assert criteria_items("Units may do the following:\n- The unit did not sprint.") == {}


def test_a_rule_in_play_that_fails_an_item_cannot_take_the_action() -> None:
    view = read_system({"Volley": VOLLEY, "Sprint": "The unit moves double.", "Bowmen": "The unit has bows."})
    volley = [r for r in view.relations_out(f"{SYSTEM}/Volley") if r["kind"] == "cannot"]
    assert [(r["subject"], dict(r["details"])["action"]) for r in volley] == [
        ("A unit that did sprint this turn", "loose a volley"), ("A unit that is in a brawl", "loose a volley")]
    # no flag is the act of loosing a volley: nothing is ruled, and the item names Sprint, not Bowmen
    assert resolve(view, SYSTEM, picks("Sprint"), when=["shooting"]).to_json()["rulings"] == []
    assert [r["source"] for r in view.relations_in(f"{SYSTEM}/Sprint")] == [f"{SYSTEM}/Volley"]
    assert view.relations_in(f"{SYSTEM}/Bowmen") == []
    # an action the situation names: shooting
    view = read_system({"Loosing": "Models eligible to shoot have to fulfil all the following criteria:\n1. They have not sprinted this turn.",
                        "Sprint": "The unit moves double."})
    [ruling] = resolve(view, SYSTEM, picks("Sprint"), when=["shooting"]).to_json()["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"], ruling["conditions"]) == ("cannot-beats-can", None, ["Loosing", "Sprint"], [])
    assert ruling["outcome"].endswith('fails for "Models that have sprinted this turn", which Sprint in play makes the unit; the situation is '
                                      "shooting (--when shooting): cannot beats can, so it cannot shoot here")
    assert resolve(view, SYSTEM, picks("Sprint"), when=["melee"]).to_json()["rulings"] == []
    # no situation given: nothing is ruled; the prohibition is in force where another rule of the side speaks of shooting
    alone = resolve(view, SYSTEM, picks("Sprint")).to_json()
    assert alone["rulings"] == [] and [d["rule"] for d in alone["in_force"]] == []
    view = read_system({"Loosing": "Models eligible to shoot have to fulfil all the following criteria:\n1. They have not sprinted this turn.",
                        "Sprint": "The unit moves double.", "Shoot on the Run": "The unit may move after it shot."})
    both = resolve(view, SYSTEM, picks("Sprint", "Shoot on the Run")).to_json()
    assert both["rulings"] == []
    assert [(d["name"], d["actions"], d["subject"], d["citation"]["quote"]) for d in both["in_force"] if d["kind"] == "cannot"] == [
        ("Loosing", ["shoot"], "Models that have sprinted this turn", "They have not sprinted this turn.")]


def test_fall_back_cannot_declare_a_charge(rulebase) -> None:
    data = resolve(rulebase, "last-edition", "Fall back", when=["charging"]).to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("cannot-beats-can", None, ["Charging", "Fall back"])
    assert [c["quote"] for c in ruling["citations"]] == [
        "Eligible models to declare a charge have to fulfill all the following criteria:", "4.The model did not fall back last turn."]
    assert [(c["line"], c["column"]) for c in ruling["citations"]] == [(613, 1), (618, 3)]
    # "last turn" is no flag's: the ruling holds if it was then
    assert ruling["conditions"] == ["if Fall back was used last turn"]
    # not the act the list requires: nothing to rule
    assert resolve(rulebase, "last-edition", "Fall back", when=["shooting"]).to_json()["rulings"] == []
    # Charging in play is no failure of its own criteria
    data = resolve(rulebase, "last-edition", "Charging", when=["charging"]).to_json()
    assert not any("criterion" in r["outcome"] for r in data["rulings"])


def test_an_advance_move_fails_the_criteria_of_a_charge_and_of_shooting(rulebase) -> None:
    # "The model has not advanced in the movement phase this turn.": "advanced" names Advancing
    data = resolve(rulebase, "last-edition", "Advancing, Ranged 2 charge 1").to_json()
    charging = [d for d in data["in_force"] if d["name"] == "Charging"]
    assert [(d["actions"], d["citation"]["quote"], d["conditions"]) for d in charging] == [
        (["declare a charge"], "3.The model has not advanced in the movement phase this turn.", [])]  # "this turn" is the turn asked about
    assert not any("Charging" in r["rules"] for r in data["rulings"])
    # Advancing alone, no situation: its own duty only
    assert [d["name"] for d in resolve(rulebase, "last-edition", "Advancing").to_json()["in_force"]] == ["Advancing"]
    shooting = resolve(rulebase, "last-edition", "Advancing", when=["shooting"]).to_json()
    assert [r["rules"] for r in shooting["rulings"]] == [["Advancing"], ["SHOOTING", "Advancing"]]
