"""A modifier held to the weapon it is used with ("+1 to hit when fighting with a Maul") is judged as a
whole rule's weapon limit is: set aside where the side has another weapon of that kind and none named,
the condition dropped where a named weapon is in play, kept where the situation cannot tell."""

from __future__ import annotations

from typing import Any

from referee.graph.limits import weapon_condition
from referee.resolve import resolve
from tests.resolve.test_principles import SYSTEM, name_index, picks, rel, system_data
from tests.stores import stored

OATH = "The bearer gains +1 to hit when fighting with a Maul or a Flail."
RULES = {"Oath of Iron": OATH, "Maul": "A heavy club.", "Flail": "A chained club.", "Pike": "A long spear.", "Banner": "A flag."}


def _view() -> Any:
    modifier = rel("modifies", "Oath of Iron", None, OATH, details={"stat": "to-hit", "value": "+1"},
                   conditions=(("other", None, "when fighting with a Maul or a Flail"),))
    data = system_data(RULES, [modifier])
    data["names"] = name_index(RULES)
    for name in ("Maul", "Flail", "Pike"):
        data["rules"][f"demo/{name}"]["category"] = "Close Combat Weapon"
    return stored(data)


VIEW = _view()


def _ask(*names: str) -> dict[str, Any]:
    return resolve(VIEW, SYSTEM, picks(*names), None, ("melee",)).to_json()


def test_a_modifier_for_a_weapon_the_side_does_not_have_is_set_aside_with_its_words() -> None:
    data = _ask("Oath of Iron", "Pike")
    assert data["modifiers"] == []
    [idle] = [i for i in data["in_play"]["inactive"] if i["name"] == "Oath of Iron"]
    assert idle["reason"] == ('Oath of Iron modifies to-hit +1 only with Maul or Flail, by its own words '
                              '("when fighting with a Maul or a Flail"), and the side has Pike instead')
    assert idle["citation"]["quote"] == OATH


def test_a_modifier_for_a_weapon_in_play_holds_without_its_condition() -> None:
    [modifier] = _ask("Oath of Iron", "Flail")["modifiers"]
    assert (modifier["stat"], modifier["value"]) == ("to-hit", "+1")
    assert not any("Maul" in c for p in modifier["parts"] for c in p["conditions"])


def test_where_the_side_names_no_weapon_the_condition_is_said() -> None:
    [modifier] = _ask("Oath of Iron", "Banner")["modifiers"]
    assert [c for p in modifier["parts"] for c in p["conditions"]] == ["when fighting with a Maul or a Flail"]


def test_only_conditions_on_the_weapon_used_are_read_as_weapon_limits() -> None:
    assert weapon_condition("when attacking with a Great Weapon", "").value == ("Great Weapon",)
    assert weapon_condition("while fighting with Paired Weapons and a Shield", "").situation == "with-all-of"
    # "when using a <weapon>" names the weapon used; "when using this rule" names none
    assert weapon_condition("when using a Sky Lance", "").value == ("Sky Lance",)
    for words in ("when charging", "if the unit is within 6\" of a Banner", "with a Great Weapon", "when attacking", "when using this rule"):
        assert weapon_condition(words, "") is None, words
