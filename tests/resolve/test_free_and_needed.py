"""An action one rule lets be done with anything the player chooses ("You may choose to equip any set
of items for the Commanded model", Command) beside a rule that says what the action needs ("This
weapon or spell requires two open hands to equip", Two-Handed): both speak of one action, and neither
says whether the free choice is bound by the need, so the question is open (referee/resolve/same_roll.py,
``_free_or_needed``).  On the real documents and a small system of our own words."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, system


def _open(data: dict) -> list[list[str]]:
    return [sorted(u["rules"]) for u in data["unresolved"]]


_RULES = {
    "Quartermaster": "You can load any cargo onto the wagon, whatever it carried before.",
    "Heavy Crate": "This crate requires two crew to load.",
    "Rope Ladder": "This ladder requires a free hand to climb.",
    "Stevedore": "The unit can load any cargo.",
}


def test_a_free_choice_beside_what_the_action_needs_is_open_in_a_small_system() -> None:
    view = system(_RULES, [])
    [question] = resolve(view, "demo", picks("Quartermaster", "Heavy Crate")).to_json()["unresolved"]
    assert sorted(question["rules"]) == ["Heavy Crate", "Quartermaster"]
    assert question["reason"].startswith("one lets the player load whatever they choose, the other says what is needed to load")
    # another action is another thing; two free choices of one action agree
    assert _open(resolve(view, "demo", picks("Quartermaster", "Rope Ladder")).to_json()) == []
    assert _open(resolve(view, "demo", picks("Quartermaster", "Stevedore")).to_json()) == []


def test_command_beside_two_handed_is_open(rulebase: Build) -> None:
    """Round 10's sealed r10-scrollhammer-535: was "nothing to rule on"."""
    data = resolve(rulebase, "scrollhammer", "Command, Two-Handed").to_json()
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Command", "Two-Handed"]]
    quotes = " ".join(c["quote"] for c in question["citations"])
    assert "You may choose to equip any set of items" in quotes and "requires two open hands to equip" in quotes
