"""A prohibition bound to a time it names only by an event ("unable to shoot in the following battle
phase") against a rule that permits the action at a time of its own ("can be shot in the charge
phase"): whether the one time is the other is a reading neither sentence gives, so the meeting is
open, both quoted, the convention offered; a way that states no time of its own is still covered,
"whenever" it would be used at the prohibition's time (issue 22, round 9)."""

from __future__ import annotations

from referee.resolve import resolve
from referee.resolve.duties import relative_time
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system, system_data
from tests.stores import stored

DAZED = "A unit that used a sprint is unable to shoot during its next shooting phase."
VOLLEY = "A unit with this special rule may shoot its slings in the reaction step."
TWICE = "A unit with this special rule may shoot twice with its slings."


def _view():
    return system({"Sprint": DAZED, "Quick Sling": VOLLEY, "Rapid Fire": TWICE},
                  [rel("cannot", "Sprint", None, DAZED, details={"action": "shoot"}, subject="A unit that used a sprint")])


def test_a_time_of_its_own_against_a_time_named_by_an_event_is_open() -> None:
    data = resolve(_view(), "demo", picks("Sprint", "Quick Sling")).to_json()
    assert not [r for r in data["rulings"] if r["winner"]]
    [open_] = data["unresolved"]
    assert open_["rules"] == ["Sprint", "Quick Sling"]
    assert [c["quote"] for c in open_["citations"]] == [DAZED, VOLLEY]
    assert '("in the reaction step")' in open_["convention"]


def test_a_way_with_no_time_of_its_own_is_covered_at_the_prohibitions_time() -> None:
    data = resolve(_view(), "demo", picks("Sprint", "Rapid Fire")).to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("cannot-beats-can", "Sprint", ["Sprint", "Rapid Fire"])
    assert ruling["conditions"] == ["whenever Rapid Fire would be used to shoot during its next shooting phase"]
    assert data["unresolved"] == []


def test_the_words_that_bound_a_prohibition_to_a_later_time() -> None:
    assert relative_time(DAZED) == "during its next shooting phase"
    assert relative_time("The model is Shaken until the end of the next Player Turn.") == "until the end of the next Player Turn"
    assert relative_time("It cannot charge for the rest of the turn.") == "for the rest of the turn"
    assert relative_time(VOLLEY) is None and relative_time("It cannot shoot in the first turn.") is None


def test_advancing_against_a_charge_phase_weapon_is_open(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Ranged 2 charge 1, Advancing", when=["moved"]).to_json()
    assert not [r for r in data["rulings"] if r["winner"] == "Advancing"]
    [open_] = [u for u in data["unresolved"] if "Advancing" in u["rules"]]
    assert open_["rules"] == ["Advancing", "Ranged X charge Y"]
    assert [(c["line"], c["column"]) for c in open_["citations"]] == [(471, 79), (885, 1)]


DEFLECT = "Each enemy hit roll of 1 against this unit is turned back as an attack of this weapon."
SWING = "A unit with this special rule may fight with an extra rank."


def test_a_use_the_enemys_roll_sets_off_is_open_against_a_later_prohibition() -> None:
    # whether an attack the enemy's own roll sets off is "fighting" at that time, neither sentence says
    fight = "A unit that used a sprint is unable to fight during its next melee phase."
    data = system_data({"Sprint": fight, "Melee weapons": "Weapons used in close combat.", "Riposte": DEFLECT, "Swing": SWING},
                       [rel("cannot", "Sprint", None, fight, details={"action": "fight"}, subject="A unit that used a sprint")])
    data["rules"]["demo/Riposte"]["parent"] = "demo/Melee weapons"  # a weapon, by the heading it stands under
    view = stored(data)
    data = resolve(view, "demo", picks("Sprint", "Riposte", "Swing"), None, ("melee",)).to_json()
    [open_] = data["unresolved"]
    assert open_["rules"] == ["Sprint", "Riposte"] and '("enemy hit roll of 1 against this unit' in open_["convention"]
    [ruling] = [r for r in data["rulings"] if r["winner"]]
    assert (ruling["winner"], ruling["rules"]) == ("Sprint", ["Sprint", "Swing"])
    # the prohibition's time holds only where the situation could say so: its words are the ruling's condition
    assert "during its next melee phase" in ruling["conditions"]
    assert ruling["outcome"].endswith("so it cannot fight here, if it is that time (no --when flag says so); nor can Swing be used to fight")


def test_advancing_against_deflect_is_open(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Advancing, Melee 2 deflect 1", when=["melee", "charged"]).to_json()
    assert not [r for r in data["rulings"] if r["winner"]]
    [open_] = [u for u in data["unresolved"] if "Advancing" in u["rules"]]
    assert open_["rules"] == ["Advancing", "Melee X deflect Y"]
