"""A heading that joins names ("Stomp / Thunder Stomp", "Blast and Large Blast"): each joined name is
the rule's, the heading's own words too, and an answer says the rule by the name it was called."""

from __future__ import annotations

import pytest

from referee.resolve import resolve
from referee.joined import joined_names, kinds_joined
from referee.store.record import Build, assemble
from tests.conftest import markdown_system

# a system of this test's own words: both joiners, a rule and a kind of it, and two names of one thing
RULES = """# Skirmish

## Bolt and Heavy Bolt

A Bolt hits one model. A Heavy Bolt hits one model at +1 Strength. A Bolt has Piercing special rule.

## Piercing

Saves are taken at -1.

## Roar / Great Roar

A model with Roar makes one enemy unit take a Nerve test.

### Greatroar

A Greatroar makes two enemy units take the test. It is otherwise a Roar.

## Catapult

Catapults act as Bolt weapons.

## Zone 2 / deep water

Models in deep water move at half speed.

## Hit and Run

A unit may leave a fight.
"""


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory: pytest.TempPathFactory) -> Build:
    return assemble(markdown_system(tmp_path_factory.mktemp("joined"), "skirmish", RULES))


def _self(data: dict) -> dict[str, dict]:
    return {e["name"]: e for e in data["in_play"]["self"]}


@pytest.mark.parametrize(("heading", "joined", "kinds"), [
    ("Stomp / Thunder Stomp", ["Stomp", "Thunder Stomp"], ["Stomp", "Thunder Stomp"]),
    ("Blast and Large Blast", ["Blast", "Large Blast"], ["Blast", "Large Blast"]),
    ("Terrain type 3 / vision blocking", ["Terrain type 3", "vision blocking"], []),
    ("Hit and Run", [], []),
    ("Slow and Purposeful", [], []),
    ("Model/unit pricing and number", [], []),
    ("Flank and Rear Charges - Panic", [], []),
])  # fmt: skip
def test_which_headings_join_names(heading: str, joined: list[str], kinds: list[str]) -> None:
    assert joined_names(heading) == joined and kinds_joined(heading) == kinds


def test_every_name_a_heading_joins_is_the_rules_in_a_system_of_our_own(skirmish: Build) -> None:
    for said in ("Bolt", "Heavy Bolt", "Bolt and Heavy Bolt"):
        [entry] = resolve(skirmish, "skirmish", said).to_json()["in_play"]["self"][:1]
        assert entry["rule"] == "skirmish/bolt-and-heavy-bolt" and entry["name"] == said


def test_a_rule_is_answered_by_the_joined_name_asked_and_its_grants_say_so(skirmish: Build) -> None:
    found = _self(resolve(skirmish, "skirmish", "Bolt").to_json())
    assert [step["name"] for step in found["Piercing"]["via"]] == ["Bolt"]


def test_a_grant_names_the_rule_as_its_sentence_writes_it(skirmish: Build) -> None:
    found = _self(resolve(skirmish, "skirmish", "Catapult").to_json())
    assert found["Bolt"]["rule"] == "skirmish/bolt-and-heavy-bolt"


def test_two_names_of_one_thing_and_both_kinds_asked_are_answered_by_the_heading(skirmish: Build) -> None:
    assert "Zone 2 / deep water" in _self(resolve(skirmish, "skirmish", "deep water").to_json())
    # "Greatroar" is the rule of its own the text defines for the heading's Great Roar: Roar and it asked, the heading answers
    found = _self(resolve(skirmish, "skirmish", "Roar, Greatroar").to_json())
    assert set(found) == {"Roar / Great Roar", "Greatroar"}
    assert "Roar" in _self(resolve(skirmish, "skirmish", "Roar").to_json())
    # the rule of its own alone: the heading's rule is not named, so that kind is not called
    assert "Great Roar" not in _self(resolve(skirmish, "skirmish", "Greatroar").to_json())


def test_one_name_with_and_in_it_stays_one_name(skirmish: Build) -> None:
    assert set(_self(resolve(skirmish, "skirmish", "Hit and Run").to_json())) == {"Hit and Run"}


# -- the real documents ---------------------------------------------------------------------------------------------------


def test_blast_and_large_blast_is_a_name_a_player_can_give(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Swarms", "Blast and Large Blast").to_json()
    [entry] = data["in_play"]["opponent"]
    assert (entry["name"], entry["rule"]) == ("Blast and Large Blast", "scrollhammer/blast-and-large-blast")
    assert [e["name"] for e in data["in_play"]["inactive"]] == ["Stealth"]


def test_stomp_asked_is_answered_as_stomp_and_with_thunderstomp_by_the_heading(rulebase: Build) -> None:
    found = _self(resolve(rulebase, "whfb-house", "Stomp").to_json())
    assert found["Stomp"]["rule"] == "whfb-house/stomp-thunder-stomp"
    assert [s["name"] for s in found["Always Strike Last"]["via"]] == ["Stomp"]
    data = resolve(rulebase, "whfb-house", "Stomp, Thunderstomp").to_json()
    assert [(r["winner"], r["rules"]) for r in data["rulings"] if r["winner"]] == [("Thunderstomp", ["Thunderstomp", "Stomp / Thunder Stomp"])]


def test_blast_granted_by_barrage_is_in_play_as_blast(rulebase: Build) -> None:
    found = _self(resolve(rulebase, "scrollhammer", "Barrage").to_json())
    assert [s["name"] for s in found["Blast"]["via"]] == ["Barrage"]
