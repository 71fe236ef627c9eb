"""A roll modifier of a rule in play that does not apply here, beyond the system's limit on every roll's
modifiers: the limit is quoted with the rule, saying what the modifier counts as where it applies."""

from __future__ import annotations

from pathlib import Path

from referee.resolve import resolve
from referee.store.record import Build, assemble
from tests.conftest import markdown_system


def test_a_modifier_aside_beyond_the_roll_limit_is_quoted_with_the_limit(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Ranged 3 trigger -2 to hit").to_json()
    [cap] = [d for d in data["in_force"] if d["how"] == "cap"]
    assert cap["name"] == "Ranged X trigger -Y to hit" and cap["actions"][0].startswith("to-hit -2, where it applies, counts as -1")
    assert cap["citation"]["quote"] == "Dice can never be modified by more than 1 below or above the initially needed result."
    # within the limit, or where it applies (ruled on with the modifier): no such entry
    assert not [d for d in resolve(rulebase, "last-edition", "Ranged 3 trigger -1 to hit").to_json()["in_force"] if d["how"] == "cap"]
    assert not [d for d in resolve(rulebase, "last-edition", "Ranged 3 trigger -2 to hit", when=["melee"]).to_json()["in_force"] if d["how"] == "cap"]


RULES = """# Skirmish

## Dice

Dice can never be modified by more than 1 below or above the needed result.

## Longshot

Models with Longshot get -2 to hit in close combat.
"""


def test_the_same_in_a_system_of_our_own(tmp_path: Path) -> None:
    view = assemble(markdown_system(tmp_path, "skirmish", RULES))
    [cap] = [d for d in resolve(view, "skirmish", "Longshot").to_json()["in_force"] if d["how"] == "cap"]
    assert cap["name"] == "Longshot" and cap["citation"]["quote"].startswith("Dice can never be modified by more than 1")
    assert not [d for d in resolve(view, "skirmish", "Longshot", when=["melee"]).to_json()["in_force"] if d["how"] == "cap"]
