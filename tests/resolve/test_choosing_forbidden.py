"""A prohibition on choosing one thing where the side has another of a kind ("If a model has any
Close Combat Weapon other than a Hand Weapon, it cannot choose to use the Hand Weapon"): the kind in
other words ("Melee Weapon") where the rule's own words bear it out, never a heading's word alone,
never a weapon its profile says is shot; and the text's own word that lets it stand beside the
other ("can be used alongside a Shield").  On the real documents and a small system of our own
words whose relations the graph reads."""

from __future__ import annotations

from typing import Any

from referee.resolve import resolve
from referee.resolve.duties import same_kind
from referee.store.record import Build
from tests.resolve.test_read_by_graph import read_system
from tests.resolve.test_principles import SYSTEM, picks

_RULES = {
    "Fist": "Every model has a Fist. If a model has any Close Combat Weapon other than a Fist, it cannot choose to use the Fist.",
    "Cudgel": "Blows struck with this weapon gain +1 Strength.",
    "Maul": "Attacks made with a Maul gain +2 Strength.",
    "Buckler": "+1 Armour.",
    "Targe": "+1 Armour. Fists can be used alongside a Targe.",
    "Dirk": "Attacks made with a Dirk gain +1 Strength.",
}
_KINDS = {"Fist": "Close Combat Weapon", "Cudgel": "Melee Weapon", "Maul": "Close Combat Weapon", "Buckler": "Melee Weapon",
          "Targe": "Close Combat Weapon", "Dirk": "Close Combat Weapon"}


def _view() -> Any:
    return read_system(_RULES, categories=_KINDS, profiles={"Dirk": "Range 6\", Shots 1, Str 3"})


def _fist(data: dict[str, Any]) -> tuple[bool, list[dict[str, Any]]]:
    """(whether the Fist is set aside, the rulings that name it)."""
    [entry] = [e for e in data["in_play"]["self"] if e["name"] == "Fist"]
    return bool(entry["set_aside"]), [r for r in data["rulings"] if "Fist" in r["rules"]]


def test_the_kind_in_other_words_borne_out_by_the_rules_own_words() -> None:
    aside, [ruling] = _fist(resolve(_view(), SYSTEM, picks("Fist", "Cudgel"), when=("melee",)).to_json())
    assert aside and (ruling["winner"], ruling["principle"]) == ("Cudgel", "cannot-beats-can")
    assert ruling["citations"][0]["quote"] == "If a model has any Close Combat Weapon other than a Fist, it cannot choose to use the Fist."
    aside, [ruling] = _fist(resolve(_view(), SYSTEM, picks("Fist", "Maul"), when=("melee",)).to_json())
    assert aside and ruling["winner"] == "Maul"  # the same words: as before


def test_a_heading_word_alone_a_shot_weapon_or_the_texts_own_exception_forbid_nothing() -> None:
    for other, said in (("Buckler", "no such rule of this side is in play"), ("Dirk", "no such rule of this side is in play"),
                        ("Targe", 'Targe\'s words let Fist be used alongside Targe ("Fists can be used alongside a Targe.")')):
        data = resolve(_view(), SYSTEM, picks("Fist", other), when=("melee",)).to_json()
        assert _fist(data) == (False, []), other
        [idle] = [i for i in data["in_play"]["inactive"] if i["relation"] == "cannot"]
        assert idle["reason"] == f"Fist forbids Fist only if a model has any Close Combat Weapon other than a Fist: {said}", other


def test_same_kind_by_use() -> None:
    assert same_kind("melee weapon", "close combat weapon") and same_kind("ranged weapon", "shooting weapon")
    assert not same_kind("melee weapon", "shooting weapon") and not same_kind("suit of armour", "close combat weapon")


def test_a_giant_club_leaves_no_choice_of_the_hand_weapon(rulebase: Build) -> None:
    """t9a: the Giant Club ("Melee Weapon. Attacks made with this weapon gain +1 Strength ...") is a
    Close Combat Weapon other than a Hand Weapon; Heavy Armour, filed under the same heading, is not."""
    data = resolve(rulebase, "t9a", "Hand Weapon, Giant Club", when=["melee"]).to_json()
    [ruling] = [r for r in data["rulings"] if "Hand Weapon" in r["rules"]]
    assert (ruling["winner"], ruling["outcome"]) == ("Giant Club", "Hand Weapon cannot be used: Hand Weapon forbids it where Giant Club is there, "
                                                                   "and cannot beats can")
    assert (ruling["citations"][0]["line"], ruling["citations"][0]["column"]) == (21, 73)
    assert [e["set_aside"] is not None for e in data["in_play"]["self"] if e["name"] == "Hand Weapon"] == [True]
    armour = resolve(rulebase, "t9a", "Hand Weapon, Heavy Armour", when=["melee"]).to_json()
    assert not [r for r in armour["rulings"] if "Hand Weapon" in r["rules"]]
