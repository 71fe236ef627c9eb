"""A grant is not followed past an exception: "does not count as Y regarding Z" stops Z's grants to a Y
(referee.graph.not_counted, referee.resolve.play, referee.resolve.counted_as)."""

from __future__ import annotations

from typing import Any

from referee.resolve import resolve
from tests.resolve.test_principles import SYSTEM, picks, rel, system

GRANT = rel("grants", "Banner Guard", "Unbreakable", "While a Hero is joined to a unit with Banner Guard, that Hero gains Unbreakable.")
EXCEPTION = rel("references", "Siege Tower", "Banner Guard",
                "It never counts as a Hero for the purposes of Banner Guard, unless the Siege Tower is named in the Banner Guard rule.")
VIEW = system({
    "Siege Tower": "A model with Siege Tower gains Hero. " + EXCEPTION["citation"]["sentence"],
    "Banner Guard": GRANT["citation"]["sentence"],
    "Unbreakable": "The unit never flees.",
}, [GRANT, EXCEPTION])


def _ask(*keywords: Any) -> dict[str, Any]:
    return resolve(VIEW, SYSTEM, picks(*keywords)).to_json()


def test_a_grant_to_what_the_bearer_does_not_count_as_brings_nothing() -> None:
    data = _ask("Siege Tower", "Banner Guard")
    assert "Unbreakable" not in [e["name"] for e in data["in_play"]["self"]]
    [idle] = [i for i in data["in_play"]["inactive"] if i["name"] == "Unbreakable"]
    assert idle["reason"] == "Banner Guard gives it to a Hero, and Siege Tower does not count as Hero regarding Banner Guard"
    assert idle["citation"]["quote"].startswith("It never counts as a Hero for the purposes of Banner Guard")
    [ruling] = [r for r in data["rulings"] if r["principle"] == "explicit-exception"]
    assert (ruling["winner"], ruling["rules"]) == ("Siege Tower", ["Siege Tower", "Banner Guard"])
    assert [c["rule"] for c in ruling["citations"]] == ["demo/Siege Tower", "demo/Banner Guard"]


def test_its_own_unless_lets_the_grant_through() -> None:
    data = _ask("Siege Tower", ("Banner Guard", ("Siege Tower",)))
    assert "Unbreakable" in [e["name"] for e in data["in_play"]["self"]]
    assert not [r for r in data["rulings"] if r["principle"] == "explicit-exception"]


def test_without_the_exception_the_grant_stands() -> None:
    assert "Unbreakable" in [e["name"] for e in _ask("Banner Guard")["in_play"]["self"]]


def test_the_war_platform_in_the_real_documents(rulebase) -> None:
    data = resolve(rulebase, "t9a", "War Platform, Bodyguard").to_json()
    assert "Stubborn" not in [e["name"] for e in data["in_play"]["self"]]
    [ruling] = [r for r in data["rulings"] if r["principle"] == "explicit-exception"]
    assert ruling["winner"] == "War Platform"
    assert (ruling["citations"][0]["line"], ruling["citations"][0]["column"]) == (400, 3)
    named = resolve(rulebase, "t9a", "War Platform, Bodyguard (War Platform)").to_json()
    assert "Stubborn" in [e["name"] for e in named["in_play"]["self"]]


def test_the_purpose_may_lead_the_sentence() -> None:
    said = "For the purposes of Banner Guard, a model with Siege Engine is never considered a Hero."
    engine = rel("references", "Siege Engine", "Banner Guard", said)
    view = system({"Siege Engine": said, "Banner Guard": GRANT["citation"]["sentence"], "Unbreakable": "The unit never flees."},
                  [GRANT, engine])
    data = resolve(view, SYSTEM, picks("Siege Engine", "Banner Guard")).to_json()
    assert "Unbreakable" not in [e["name"] for e in data["in_play"]["self"]]
    assert [r["winner"] for r in data["rulings"] if r["principle"] == "explicit-exception"] == ["Siege Engine"]
