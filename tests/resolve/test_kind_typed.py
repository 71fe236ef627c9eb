"""A kind of unit typed on a side as if it were a rule (``--vs 'Monstrous Creature'``, ``--vs Cavalry``): where
the system's documents name it as a kind, not a rule ("Monstrous Creatures are immune to the effects of
Slow."), it is read as that side's kind of unit: said so with the sentence that names it, the rules in play
ruled on by their words on it, and an "unless it is a <kind>" of its own side's rule holds.  A name that is
neither stays an error.  On the real documents and on a small system of our own words."""

from __future__ import annotations

from typing import Any

import pytest

from referee.errors import RulesError
from referee.resolve import resolve
from referee.resolve.play import Pick
from referee.store.record import Build
from tests.resolve.test_principles import SYSTEM, picks
from tests.resolve.test_read_by_graph import read_system

_RULES = {
    "Trample": "A model with Trample makes one extra hit. Behemoths are immune to the effects of Trample.",
    "Heavy Axe": "A model attacking with this weapon does so at -1 Initiative, unless it is a Behemoth.",
    "Hunter": "If the target is Infantry, Cavalry, or a Behemoth, re-roll failed hits.",
}


@pytest.fixture(scope="module")
def small() -> Any:
    return read_system(_RULES)


def _rulings(data: dict[str, Any]) -> list[tuple[list[str], list[str]]]:
    return [(r["rules"], [c["quote"] for c in r["citations"]]) for r in data["rulings"] if r["principle"] == "own-words"]


def test_the_kinds_a_system_names(small: Any) -> None:
    assert sorted(small.kinds_named(SYSTEM)) == ["behemoth", "cavalry", "infantry"]


def test_a_kind_on_the_other_side_brings_the_rules_words_on_it(small: Any) -> None:
    data = resolve(small, SYSTEM, picks("Trample"), opponent=[Pick("behemoth", (), "Behemoth")]).to_json()
    [kind] = data["in_play"]["opponent"]
    assert (kind["rule"], kind["defined"]) == ("behemoth", False)
    # said to be a kind, with the sentence that names it, and Trample ruled on by its words on it
    assert _rulings(data)[0][0] == ["Behemoth"]
    assert (["Trample"], ["Behemoths are immune to the effects of Trample."]) in _rulings(data)


def test_an_unless_of_the_kind_on_its_own_side(small: Any) -> None:
    alone = resolve(small, SYSTEM, picks("Heavy Axe")).to_json()
    assert [m["value"] for m in alone["modifiers"]] == ["-1"]
    kind = resolve(small, SYSTEM, [*picks("Heavy Axe"), Pick("behemoth", (), "Behemoth")]).to_json()
    assert kind["modifiers"] == []
    # the kind on the other side is not the bearer: the modifier stays, with its words
    theirs = resolve(small, SYSTEM, picks("Heavy Axe"), opponent=[Pick("behemoth", (), "Behemoth")]).to_json()
    assert [m["value"] for m in theirs["modifiers"]] == ["-1"]


def test_scrollhammer_and_whfb_house(rulebase: Build) -> None:
    """Round 16's r16-scrollhammer-029 and r16-whfb-house-503 (errors before: 'unknown rule')."""
    slow = resolve(rulebase, "scrollhammer", "Slow", opponent="Monstrous Creature").to_json()
    assert (["Slow"], ["Monstrous Creatures are immune to the effects of Slow."]) in _rulings(slow)
    [kind] = slow["in_play"]["opponent"]
    assert (kind["name"], kind["rule"], kind["defined"]) == ("Monstrous Creature", "monstrous creature", False)
    stomp = resolve(rulebase, "whfb-house", "Stomp", opponent="Cavalry", when=("melee",)).to_json()
    assert (["Cavalry"], ["Cavalry has Dangerous Terrain (1)"]) in _rulings(stomp)
    axe = resolve(rulebase, "scrollhammer", "Unwieldy, Monstrous Creature").to_json()
    assert axe["modifiers"] == []
    with pytest.raises(RulesError, match="unknown rule 'Monstrous Kreature'"):
        resolve(rulebase, "scrollhammer", "Slow", opponent="Monstrous Kreature")
