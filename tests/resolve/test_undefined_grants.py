"""A grant of a rule the system's documents name but never define (issue 22, round 15): the rule is in
play, shown granted with the grant's sentence, and marked ``"defined": false`` (no words of its own to
quote); a state the bearer counts as in and a rule's own name bring nothing in."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli.commands import main
from referee.resolve import resolve
from referee.store.record import Build, assemble
from tests.conftest import markdown_system

RULES = """# Skirmish

## Ogre Club

A model with an Ogre Club has the Brutal Swing special rule. Its attacks are made at +1 Strength.

## War Paint

A unit with War Paint has the Frenzy special rule when charging.

## Stubborn Mob (X)

Some units have the Stubborn Mob keyword. They re-roll failed Break tests.

## Rallying

Units that rally count as having moved.
"""


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory: pytest.TempPathFactory) -> Build:
    return assemble(markdown_system(tmp_path_factory.mktemp("skirmish"), "skirmish", RULES))


def _in_play(data: dict) -> dict[str, dict]:
    return {e["name"]: e for e in data["in_play"]["self"]}


def test_stomp_brings_always_strike_last_which_whfb_house_never_defines(rulebase: Build) -> None:
    found = _in_play(resolve(rulebase, "whfb-house", "Stomp").to_json())
    assert found["Stomp"]["defined"] is True  # the heading "Stomp / Thunder Stomp", answered by the name asked
    granted = found["Always Strike Last"]
    assert granted["defined"] is False and granted["rule"] == "always strike last"
    [step] = granted["via"]
    assert step["rule"] == "whfb-house/stomp-thunder-stomp"
    assert step["citation"]["quote"].startswith("A Stomp has Always Strike Last special rule")
    assert (step["citation"]["line"], step["citation"]["column"]) == (262, 96)


def test_the_ruling_says_the_granted_rule_is_not_defined_and_quotes_the_grant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["resolve", "Stomp", "--system", "whfb-house"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Always Strike Last via Stomp" in out and "Stomp / Thunder Stomp" not in out
    assert ("Always Strike Last: no rule of that name in whfb-house's documents; granted by "
            "\"A Stomp has Always Strike Last special rule,") in out


def test_a_grant_of_an_undefined_rule_in_a_small_system(skirmish: Build) -> None:
    found = _in_play(resolve(skirmish, "skirmish", "Ogre Club").to_json())
    assert found["Brutal Swing"]["defined"] is False
    assert [s["name"] for s in found["Brutal Swing"]["via"]] == ["Ogre Club"]
    assert found["Ogre Club"]["defined"] is True


def test_an_undefined_rule_granted_under_a_condition_is_in_play_only_where_it_holds(skirmish: Build) -> None:
    charging = resolve(skirmish, "skirmish", "War Paint", when=["charging"]).to_json()
    assert _in_play(charging)["Frenzy"]["defined"] is False
    shooting = resolve(skirmish, "skirmish", "War Paint", when=["shooting"]).to_json()
    assert "Frenzy" not in _in_play(shooting)
    assert [i["name"] for i in shooting["in_play"]["inactive"]] == ["Frenzy"]


@pytest.mark.parametrize("keywords", ["Stubborn Mob (2)", "Rallying"])
def test_a_state_or_the_rules_own_names_bring_nothing_in(skirmish: Build, keywords: str) -> None:
    data = resolve(skirmish, "skirmish", keywords).to_json()
    assert len(data["in_play"]["self"]) == 1 and data["in_play"]["self"][0]["defined"] is True
