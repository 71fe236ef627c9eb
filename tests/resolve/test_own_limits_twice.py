"""A rule's own limits read out, two at most (issue 22, round 15): a rule often bounds itself twice, by
how often and by how many at once, and a referee asked of the rule alone reads out both; a third is left
to the rule's page."""

from __future__ import annotations

import pytest

from referee.resolve import resolve
from referee.store.record import Build, assemble
from tests.conftest import markdown_system

RULES = """# Skirmish

## Fire Belch

A model with Fire Belch can use it once per game. Its target suffers D6 hits. If a model has more than one Fire Belch, it can only use one in a single phase. A Fire Belch can only be used against units in its front arc.
"""


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory: pytest.TempPathFactory) -> Build:
    return assemble(markdown_system(tmp_path_factory.mktemp("limits"), "skirmish", RULES))


def _limits(data: dict) -> list[str]:
    return [d["citation"]["quote"] for d in data["in_force"] if d["how"] == "limit"]


def test_breath_weapon_alone_reads_out_once_per_game_and_only_one_in_a_turn(rulebase: Build) -> None:
    limits = _limits(resolve(rulebase, "whfb-house", "Breath Weapon").to_json())
    assert limits == ["A model with a Breath Weapon can use it to make a special attack once per game.",
                      "In the event that a model has more than one Breath Weapon attack, it is permitted to use only one in a single turn."]


def test_two_limits_of_a_rule_of_a_small_system_and_not_the_third(skirmish: Build) -> None:
    assert _limits(resolve(skirmish, "skirmish", "Fire Belch").to_json()) == [
        "A model with Fire Belch can use it once per game.", "If a model has more than one Fire Belch, it can only use one in a single phase."]
