"""A rule whose own permission holds only on a turn of the unit's own doing (referee/resolve/scope.py)."""

from __future__ import annotations

from referee.build import Build
from referee.resolve import resolve
from referee.resolve.scope import own_turn_condition


def _entry(answer, name):
    return next(e for e in answer.in_play["self"] if e["name"] == name)


def test_a_permission_for_a_turn_without_a_charge_is_set_aside_when_charging(rulebase: Build) -> None:
    answer = resolve(rulebase, "whfb-house", "Fighting in extra ranks", when=["melee", "charging"])
    assert _entry(answer, "Fighting in extra ranks")["set_aside"] == (
        "Fighting in extra ranks applies only when not charging, and the situation says --when charging")
    idle = [i for i in answer.inactive if i["relation"] == "can"]
    assert [(i["name"], i["citation"]["file"], i["citation"]["line"]) for i in idle] == [
        ("Fighting in extra ranks", "whfb-house/house-rules-8th-edition.md", 252)]
    assert idle[0]["citation"]["quote"].endswith("on a turn in which the unit did not charge.")


def test_the_same_permission_stays_in_play_when_the_unit_did_not_charge(rulebase: Build) -> None:
    answer = resolve(rulebase, "whfb-house", "Fighting in extra ranks", when=["melee"])
    assert _entry(answer, "Fighting in extra ranks")["set_aside"] is None
    assert not [i for i in answer.inactive if i["relation"] == "can"]


def test_only_a_permission_of_the_bearer_is_read() -> None:
    assert own_turn_condition("A unit with Skirmish can fire on a turn in which the unit did not charge.", "Skirmish") == "not charging"
    assert own_turn_condition("Enemy units can fire on a turn in which the unit did not charge.", "Skirmish") is None
    assert own_turn_condition("A unit with this special rule cannot fire if it moved.", "X") is None
    assert own_turn_condition("A unit with this special rule may fire twice if it moved.", "X") == "moved"
