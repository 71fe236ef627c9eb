"""A condition on the state of the model that bears a rule, judged against the situation where a flag
settles it: "If the model is mounted by a Character" needs the model mounted, so ``--when on-foot``
rules it out (said, and the sentence quoted); ``--when mounted`` leaves the rest of its words open
("by a Character"), and so does any flag against words no flag speaks of ("if it is a Character").
On the real documents (Massive Bulk, War Platform) and a small system of our own words whose
relations the graph reads."""

from __future__ import annotations

from typing import Any

import pytest

from referee.graph.situations import state_of
from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import SYSTEM, picks
from tests.resolve.test_read_by_graph import read_system

_RULES = {
    "Great Beast": "If the model is ridden by a Hero, ignore the rider's Armour Gear.",
    "Chain Coat": "+2 Armour.",
    "Old Beast": "If it is a Hero, ignore the rider's Armour Gear.",
    "Howdah": "A model with Howdah gains Skittish unless chosen as a mount for a Hero.",
    "Skittish": "The unit must flee when charged.",
}


@pytest.fixture(scope="module")
def small() -> Any:
    return read_system(_RULES, categories={"Chain Coat": "Heavy Armour"})


def _answer(view: Any, *names: str, when: tuple[str, ...] = ()) -> dict[str, Any]:
    return resolve(view, SYSTEM, picks(*names), None, when).to_json()


def test_the_flag_opposite_to_the_state_rules_the_words_out(small: Any) -> None:
    data = _answer(small, "Great Beast", "Chain Coat", when=("on-foot",))
    assert data["rulings"] == []
    [coat] = [e for e in data["in_play"]["self"] if e["name"] == "Chain Coat"]
    assert coat["set_aside"] is None
    [idle] = [i for i in data["in_play"]["inactive"] if i["relation"] == "overrides"]
    assert idle["name"] == "Chain Coat"
    assert idle["reason"] == ("Great Beast ignores Chain Coat only if the model is ridden by a Hero: the words need the model mounted, "
                              "and the situation says it is on foot (--when on-foot)")
    assert idle["citation"]["quote"] == _RULES["Great Beast"]


@pytest.mark.parametrize("when", [("mounted",), ()])
def test_the_flag_of_the_state_or_none_leaves_the_rest_of_the_words_open(small: Any, when: tuple[str, ...]) -> None:
    [ruling] = _answer(small, "Great Beast", "Chain Coat", when=when)["rulings"]
    assert (ruling["winner"], ruling["conditions"]) == ("Great Beast", ["If the model is ridden by a Hero"])


def test_words_no_flag_speaks_of_stay_open_whatever_the_flags(small: Any) -> None:
    [ruling] = _answer(small, "Old Beast", "Chain Coat", when=("on-foot",))["rulings"]
    assert (ruling["winner"], ruling["conditions"]) == ("Old Beast", ["If it is a Hero"])


def test_an_unless_of_a_state_the_flags_rule_out_no_longer_bars_the_grant(small: Any) -> None:
    def skittish(when: tuple[str, ...]) -> list[str]:
        [entry] = [e for e in _answer(small, "Howdah", when=when)["in_play"]["self"] if e["name"] == "Skittish"]
        return entry["conditions"]

    assert skittish(("on-foot",)) == []
    assert skittish(("mounted",)) == skittish(()) == ["unless chosen as a mount for a Hero"]


def test_only_the_bearers_state_is_read() -> None:
    assert state_of("If the unit is not mounted") == "on-foot"
    assert state_of("when its models are on foot") == "on-foot"
    for words in ("if a unit is charged by a mounted model", "if the enemy is mounted", "If it is a Character", "while in cover"):
        assert state_of(words) is None, words


def test_massive_bulk_on_foot_ignores_no_armour(rulebase: Build) -> None:
    # the documents' own: "If the model is mounted by a Character, ignore the rider's Armour Equipment ..."
    on_foot = resolve(rulebase, "t9a", "Massive Bulk, Heavy Armour", None, ("on-foot",)).to_json()
    assert not any(r["winner"] for r in on_foot["rulings"])
    assert [e["set_aside"] for e in on_foot["in_play"]["self"] if e["name"] == "Heavy Armour"] == [None]
    [idle] = [i for i in on_foot["in_play"]["inactive"] if i["relation"] == "overrides"]
    assert "the situation says it is on foot (--when on-foot)" in idle["reason"]
    assert idle["citation"]["quote"].startswith("If the model is mounted by a Character, ignore the rider's Armour Equipment")
    mounted = resolve(rulebase, "t9a", "Massive Bulk, Heavy Armour", None, ("mounted",)).to_json()
    assert [(r["winner"], r["conditions"]) for r in mounted["rulings"]] == [("Massive Bulk", ["If the model is mounted by a Character"])]


def test_war_platform_on_foot_is_no_mount_for_a_character(rulebase: Build) -> None:
    def not_a_leader(when: tuple[str, ...]) -> list[str]:
        data = resolve(rulebase, "t9a", "War Platform", None, when).to_json()
        return [c for e in data["in_play"]["self"] if e["name"] == "Not a Leader" for c in e["conditions"]]

    assert not_a_leader(("on-foot",)) == []
    assert not_a_leader(("mounted",)) == ["Unless selected as a mount for a Character"]


def test_a_weapon_named_that_is_no_rule_is_not_the_one_the_side_fights_with() -> None:
    """"+2 to-hit when using a Storm Bolt", where no rule is named Storm Bolt (army data's Fleet Officer
    and its Sky Reaper): shooting with a ranged weapon of the side's that is not it, the modifier does
    not hold, said with its words; with no weapon for that fight on the side, it stays open."""
    view = read_system({"Sky Captain": "The model part gains +2 to-hit when using a Storm Bolt.", "Recurve": "+1 Strength.",
                        "Cutlass": "+1 Attack."}, categories={"Recurve": "6 Ranged Weapon", "Cutlass": "Close Combat Weapon"})
    shot = _answer(view, "Sky Captain", "Recurve", when=("shooting",))
    assert [m for m in shot["modifiers"] if m["stat"] == "to-hit"] == []
    assert [i["reason"] for i in shot["in_play"]["inactive"] if i["relation"] == "modifies"] == [
        'Sky Captain modifies to-hit +2 only with Storm Bolt, by its own words ("when using a Storm Bolt"), and the side has Recurve instead']
    for names, when in ((("Sky Captain", "Cutlass"), ("shooting",)), (("Sky Captain", "Recurve"), ())):
        [mod] = [m for m in _answer(view, *names, when=when)["modifiers"] if m["stat"] == "to-hit"]
        assert mod["condition"] == ["when using a Storm Bolt"]


def test_the_flags_say_the_acting_sides_state_not_the_opponents(small: Any) -> None:
    data = resolve(small, SYSTEM, picks("Chain Coat"), picks("Great Beast", "Chain Coat"), ("on-foot",)).to_json()
    [ruling] = data["rulings"]
    assert (ruling["winner"], ruling["conditions"], ruling["sides"]) == ("Great Beast", ["If the model is ridden by a Hero"], ["opponent"])
