"""The forms of a rule (sub-rules headed by its name and more: "Breath Weapon Shooting Attack"): their words
are the rule's own in the form they say, read out when the rule is named, and ruled on where they speak of
the situation given."""

from __future__ import annotations

import pytest

from referee.resolve import resolve
from referee.store.record import Build, assemble
from tests.conftest import markdown_system

# a rule with two forms and a sub-rule that is no form of it, in this test's own words
RULES = """# Skirmish

## Fire Spit

A model with a Fire Spit can spit once per game.

### Fire Spit Ranged Attack

Provided the model is not in close combat, it can spit in its Shooting phase. A Fire Spit ranged attack can be made even if the model marched during the same turn.

### Fire Spit Melee Attack

If the model is in close combat, it can spit at its own Initiative. It hits one enemy unit in base contact; if there are several, the controlling player chooses which unit is hit.

### Smoke

Smoke can be made even if the model marched during the same turn.

### Great Spit

A Great Spit hits two units. All models (without riders) with US(5+) get Fire Spit.

## Venom

A model with Venom wounds on 4+.

### Venom Fangs

A model with Venom Fangs has the Venom special rule.
"""


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory: pytest.TempPathFactory) -> Build:
    return assemble(markdown_system(tmp_path_factory.mktemp("forms"), "skirmish", RULES))


def _said(data: dict) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for d in data["in_force"]:
        out.setdefault(d["name"], []).append(d["citation"]["quote"])
    return out


def _ruled(data: dict) -> dict[str, list[str]]:
    return {r["rules"][0]: [c["quote"] for c in r["citations"]] for r in data["rulings"] if r["principle"] == "own-words"}


def test_a_forms_permission_and_choice_are_read_out_with_the_rule(skirmish: Build) -> None:
    said = _said(resolve(skirmish, "skirmish", "Fire Spit").to_json())
    assert "A Fire Spit ranged attack can be made even if the model marched during the same turn." in said["Fire Spit Ranged Attack"]
    assert any("the controlling player chooses" in q for q in said["Fire Spit Melee Attack"])
    assert "Smoke" not in said  # headed otherwise: a rule of its own, not a form of Fire Spit


def test_the_form_of_the_situation_is_ruled_on_by_its_words(skirmish: Build) -> None:
    ruled = _ruled(resolve(skirmish, "skirmish", "Fire Spit", when=["shooting", "moved"]).to_json())
    assert ruled["Fire Spit Ranged Attack"][0].startswith("Provided the model is not in close combat")
    assert "Fire Spit Melee Attack" not in ruled
    ruled = _ruled(resolve(skirmish, "skirmish", "Fire Spit", when=["melee"]).to_json())
    assert ruled["Fire Spit Melee Attack"][0].startswith("If the model is in close combat")
    # the ranged form speaks of close combat only to exclude it: those words alone, which say so
    assert ruled["Fire Spit Ranged Attack"] == ["Provided the model is not in close combat, it can spit in its Shooting phase."]


def test_a_form_in_play_itself_is_ruled_on_as_its_own(skirmish: Build) -> None:
    data = resolve(skirmish, "skirmish", "Fire Spit, Fire Spit Ranged Attack", when=["shooting"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "own-words" and r["rules"] == ["Fire Spit Ranged Attack"]]
    assert "a part of" not in ruling["outcome"]


# -- the real documents ---------------------------------------------------------------------------------------------------


def test_breath_weapon_marched_is_answered_by_its_shooting_attacks_words(rulebase: Build) -> None:
    even = "A Breath Weapon shooting attack can be made even if the model marched or reformed during the same turn."
    for when in ([], ["shooting", "moved"]):
        data = resolve(rulebase, "whfb-house", "Breath Weapon", when=when).to_json()
        quoted = [(c["name"], c["quote"]) for r in data["rulings"] for c in r["citations"]] + [(d["name"], d["citation"]["quote"]) for d in data["in_force"]]
        assert ("Breath Weapon Shooting Attack", even) in quoted, when



def test_who_has_a_rule_in_its_own_sections_words_is_read_out(skirmish: Build) -> None:
    [given] = [d for d in resolve(skirmish, "skirmish", "Fire Spit").to_json()["in_force"] if d["how"] == "given"]
    assert given["name"] == "Fire Spit" and given["citation"]["quote"] == "All models (without riders) with US(5+) get Fire Spit."
    # a part that gives the rule to its own bearers: that part's grant, not who has the rule
    assert not [d for d in resolve(skirmish, "skirmish", "Venom").to_json()["in_force"] if d["how"] == "given"]


def test_who_gets_stomp_is_read_out_with_stomp(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Stomp / Thunder Stomp", when=["melee"]).to_json()
    [given] = [d for d in data["in_force"] if d["how"] == "given"]
    assert "without war machines and chariots" in given["citation"]["quote"] and given["rule"] == "whfb-house/stomp-thunder-stomp"
