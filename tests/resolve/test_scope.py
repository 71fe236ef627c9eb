"""A rule whose own permission holds only on a turn of the unit's own doing (referee/resolve/scope.py)."""

from __future__ import annotations

from referee.store.record import Build
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


# -- a permission to use the rule itself, limited to a unit that did not move (issue 22, round 3) --


def test_concentrating_is_set_aside_with_its_modifiers_when_the_unit_moved(rulebase: Build) -> None:
    answer = resolve(rulebase, "last-edition", "Concentrating", when=["shooting", "moved"])
    assert _entry(answer, "Concentrating")["set_aside"] == (
        "Concentrating applies only when the unit did not move, and the situation says --when moved")
    assert answer.modifiers == []  # neither its +1 to wound nor its -1 armour save
    [idle] = [i for i in answer.inactive if i["relation"] == "can"]
    assert (idle["citation"]["file"], idle["citation"]["line"], idle["citation"]["column"]) == ("last-edition/core-rules.md", 475, 1)
    assert idle["citation"]["quote"] == "Units that did not move in the movement phase are able to use concentration instead."


def test_concentrating_stays_when_the_unit_did_not_move(rulebase: Build) -> None:
    answer = resolve(rulebase, "last-edition", "Concentrating", when=["shooting"])
    assert _entry(answer, "Concentrating")["set_aside"] is None
    assert {(m.stat, m.value) for m in answer.modifiers} == {("to-wound", "+1"), ("Armour Save", "-1")}


def test_other_phrasings_of_a_permission_for_units_that_did_not_move() -> None:
    assert own_turn_condition("Only units that have not moved this turn may use this rule.", "Brace") == "not moved"
    assert own_turn_condition("Overwatch can only be used by units that did not move.", "Overwatch") == "not moved"
    assert own_turn_condition("A unit that hasn't moved is able to use bracing.", "Brace") == "not moved"
    assert own_turn_condition("A unit that did not move may use Aimed Shots.", "Aimed Shot") == "not moved"
    assert own_turn_condition("This order may only be given to units that have not moved.", "Hold Fast") == "not moved"
    assert own_turn_condition("Hold Fast can only be issued to a unit that did not move.", "Hold Fast") == "not moved"
    assert own_turn_condition("This ability can only be used by units that did not move this turn.", "Brace") == "not moved"
    # a permission of something else, or a prohibition, is not the rule's own gate
    assert own_turn_condition("Units that did not move may shoot twice.", "Brace") is None
    assert own_turn_condition("Units that did not move cannot use bracing.", "Brace") is None


def test_a_small_system_gates_the_rule_and_its_modifier_on_not_moving() -> None:
    from tests.resolve.test_principles import picks, rel, system

    text = "Only units that have not moved this turn may use bracing. Units that use bracing have +1 Armour."
    view = system({"Bracing": text}, [rel("modifies", "Bracing", None, "Units that use bracing have +1 Armour.",
                                          details={"stat": "Armour", "value": "+1"}, subject="Units that use bracing")])
    moved = resolve(view, "demo", picks("Bracing"), None, ("moved",)).to_json()
    assert moved["modifiers"] == []
    assert moved["in_play"]["self"][0]["set_aside"] == "Bracing applies only when the unit did not move, and the situation says --when moved"
    still = resolve(view, "demo", picks("Bracing"), None, ()).to_json()
    assert [(m["stat"], m["value"]) for m in still["modifiers"]] == [("Armour", "+1")]


# -- a rule's own action forbidden after what another rule of the side is (issue 22, round 3) --


def test_a_unit_that_advanced_cannot_embark(rulebase: Build) -> None:
    answer = resolve(rulebase, "last-edition", "Advancing, Embarking", when=["moved"])
    assert _entry(answer, "Embarking")["set_aside"] == "Embarking cannot be used: its own words forbid it where Advancing was used"
    [ruling] = [r for r in answer.rulings if r.principle == "cannot-beats-can"]
    assert ruling.rules == ["Advancing", "Embarking"] and ruling.winner is None
    assert (ruling.citations[0]["line"], ruling.citations[0]["column"]) == (947, 93)
    assert ruling.citations[0]["quote"] == "Units can not embarked while they or the transport did fall back or made an advance move this turn."


def test_passengers_cannot_disembark_after_the_transport_advanced(rulebase: Build) -> None:
    answer = resolve(rulebase, "last-edition", "Advancing, Disembarking", when=["moved"])
    assert _entry(answer, "Disembarking")["set_aside"]


def test_embarking_alone_stays(rulebase: Build) -> None:
    answer = resolve(rulebase, "last-edition", "Embarking", when=["moved"])
    assert _entry(answer, "Embarking")["set_aside"] is None


def test_a_rules_own_verb_forbidden_after_another_rule_in_a_small_system() -> None:
    from tests.resolve.test_principles import picks, system

    view = system({"Rallying": "Units may rally at the end of the turn. A unit cannot rally if it marched or was Charging this turn.",
                   "Marching": "The unit moves twice.", "Shooting": "The unit shoots."}, [])
    marched = resolve(view, "demo", picks("Rallying", "Marching"), None, ()).to_json()
    assert marched["in_play"]["self"][0]["set_aside"] == "Rallying cannot be used: its own words forbid it where Marching was used"
    shot = resolve(view, "demo", picks("Rallying", "Shooting"), None, ()).to_json()
    assert shot["in_play"]["self"][0]["set_aside"] is None and shot["rulings"] == []
