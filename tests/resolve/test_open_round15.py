"""Open questions where two sentences speak of one thing, and a grant read from an attack's profile (issue 22, round 15, from
round 12's sealed half): a marker's hits on every unit under it, and a rule whose effect reaches units out of sight, meet a rule
that keeps a unit from being targeted or seen; a characteristic of two words ("Defensive Skill") is read as one of one word is,
so a value set equal to another beside a change of it is asked; and an attack the rule makes "with" a profile that lists rules
has those rules (referee/resolve/same_roll.py, referee/graph/effects.py ``_made_with``).

Each is tested on the real documents and on a small system in other words, both ways: what now meets, and what still does not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.cli.commands import main
from referee.resolve import resolve
from referee.store.record import Build, assemble
from tests.resolve.test_principles import SYSTEM, picks, system
from tests.resolve.test_read_by_graph import read_system

GAME = Path("/work/shared/bsdata/2nd-theNinthAge-FantasyBattles.gst")
ELVES = GAME.with_name("2nd-highbornElves.cat")


def _open(data: dict[str, Any]) -> list[list[str]]:
    return [sorted(u["rules"]) for u in data["unresolved"]]


# -- a marker's hits beside a unit that may not be targeted ------------------------------------------------------------------


def test_a_blast_against_an_invisible_model_is_open(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Blast", "Invisibility", when=["shooting"]).to_json()
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Blast", "Invisibility"]]
    assert question["reason"].startswith("one says a unit may not be targeted or seen, the other lets its attacks reach a unit")
    quotes = {c["quote"] for c in question["citations"]}
    assert "This even applies to units whose models are out of range or line of sight!" in quotes
    assert any(q.endswith("Cannot be targeted or seen(but his unit still can be if it contains non-Invisible models)except in close combat.")
               for q in quotes)


MARKERS = {"Firepot": "Each unit with models under the pot suffers one hit for every model beneath it.",
           "Far Reach": "This even applies to units whose models are out of range or line of sight.",
           "Lob": "Its hits can hit and wound units out of range and line of sight.",
           "Smoke": "A model in smoke cannot be targeted or seen.",
           "Aimed Bolt": "Each unit that the bolt targets suffers one hit."}


def test_hits_where_the_units_stand_in_a_small_system() -> None:
    view = system(MARKERS, [])
    assert _open(resolve(view, SYSTEM, picks("Firepot"), picks("Smoke")).to_json()) == [["Firepot", "Smoke"]]
    assert _open(resolve(view, SYSTEM, picks("Far Reach"), picks("Smoke")).to_json()) == [["Far Reach", "Smoke"]]
    assert _open(resolve(view, SYSTEM, picks("Lob"), picks("Smoke")).to_json()) == [["Lob", "Smoke"]]
    # a shot at a target the player picks is bound by the rule that hides: nothing is read that reaches past it
    assert _open(resolve(view, SYSTEM, picks("Aimed Bolt"), picks("Smoke")).to_json()) == []
    # one's own unit hidden is not hidden from one's own marker
    assert _open(resolve(view, SYSTEM, picks("Firepot", "Smoke")).to_json()) == []


# -- a value set equal to another, beside a change of that value -------------------------------------------------------------


@pytest.fixture(scope="module")
def elves(tmp_path_factory: pytest.TempPathFactory) -> Any:
    if not (GAME.exists() and ELVES.exists()):
        pytest.skip("no BattleScribe sample on this machine")
    into = tmp_path_factory.mktemp("elves")
    assert main(["import", "battlescribe", str(GAME), str(ELVES), "--system", "t9a-bsdata", "--into", str(into), "--json"]) == 0
    return assemble(into)


def test_parry_against_the_frost_phoenix_is_open(elves: Any) -> None:
    """Round 12's sealed r12-t9a-bsdata-031: was no question; "Defensive Skill" was no characteristic the reader knew."""
    data = resolve(elves, "t9a-bsdata", "Parry", "Frost Phoenix", when=["melee"]).to_json()
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Frost Phoenix", "Parry"]]
    assert "defensive skill" in question["reason"]
    quotes = {c["quote"] for c in question["citations"]}
    assert "The model gains +1 Defensive Skill, or its Defensive Skill is always equal to the Offensive Skill of the attacker, whichever is higher." in quotes
    assert any("−2 Defensive Skill" in q for q in quotes)


SKILLS = {"Guard": "The model gains +1 Defensive Skill, or its Defensive Skill is always equal to the Offensive Skill of the attacker.",
          "Chill": "Enemy units in base contact suffer -2 Defensive Skill.",
          "Hex": "Enemy units in base contact suffer -1 Advance Rate.",
          "Mirror": "Its Defensive Skill is always equal to the Defensive Skill of the enemy."}


def test_a_characteristic_of_two_words_in_a_small_system() -> None:
    view = system(SKILLS, [])
    assert _open(resolve(view, SYSTEM, picks("Guard"), picks("Chill")).to_json()) == [["Chill", "Guard"]]
    # a value set equal to another, with no number, is read too
    assert _open(resolve(view, SYSTEM, picks("Mirror"), picks("Chill")).to_json()) == [["Chill", "Mirror"]]
    # another characteristic: nothing meets
    assert _open(resolve(view, SYSTEM, picks("Guard"), picks("Hex")).to_json()) == []


# -- an attack made with a profile that lists rules -----------------------------------------------------------------------


def _via(data: dict[str, Any]) -> dict[str, tuple[list[str], list[list[str]]]]:
    return {e["name"]: ([s["name"] for s in e["via"]], e["params"]) for e in data["in_play"]["self"]}


def test_crush_attack_has_multiple_wounds(bsdata_t9a: Build) -> None:
    """Round 12's sealed r12-t9a-bsdata-024: Multiple Wounds (D3+1) was not shown granted."""
    data = resolve(bsdata_t9a, "t9a", "Crush Attack", when=["melee"]).to_json()
    assert _via(data)["Multiple Wounds"] == (["Crush Attack"], [["D3+1"]])
    [entry] = [e for e in data["in_play"]["self"] if e["name"] == "Multiple Wounds"]
    assert entry["via"][0]["citation"]["quote"].startswith("It performs a single Close Combat Attack at Initiative Step 0, with Strength 10")


PROFILES = {"Deep Cut": "Each unsaved wound is multiplied into the number in brackets.",
            "Burning": "The attack rerolls failed to-wound rolls.",
            "Hammer Blow": "It performs a single Close Combat Attack at Initiative Step 0, with Strength 9 and Deep Cut (2).",
            "Sparks": "The hits are resolved with Strength 4, Armour Penetration 1, and Burning.",
            "Ward Shield": "The first time the model suffers an unsaved wound from an attack with Deep Cut (2), halve the wounds.",
            "Grudge": "If the model makes an attack with Burning, it may reroll the hit."}


def test_an_attack_made_with_a_profile_in_a_small_system() -> None:
    view = read_system(PROFILES)
    assert _via(resolve(view, SYSTEM, picks("Hammer Blow")).to_json()) == {"Hammer Blow": ([], [[]]), "Deep Cut": (["Hammer Blow"], [["2"]])}
    assert _via(resolve(view, SYSTEM, picks("Sparks")).to_json()) == {"Sparks": ([], [[]]), "Burning": (["Sparks"], [[]])}
    # an attack the bearer suffers, or one made in a case, brings nothing
    assert list(_via(resolve(view, SYSTEM, picks("Ward Shield")).to_json())) == ["Ward Shield"]
    assert list(_via(resolve(view, SYSTEM, picks("Grudge")).to_json())) == ["Grudge"]


# -- a rule's own words that another rule of its side holds "as normal" --------------------------------------------------------


def test_supernal_says_stubborn_holds_as_normal(rulebase: Build) -> None:
    """Round 13's tuning r13-t9a-011: Supernal and Stubborn were left open on the Break Test."""
    data = resolve(rulebase, "t9a", "Supernal, Stubborn").to_json()
    [ruling] = [r for r in data["rulings"] if sorted(r["rules"]) == ["Stubborn", "Supernal"]]
    assert ruling["principle"] == "together" and ruling["winner"] is None
    assert "(Stubborn or Steadfast units ignore Discipline modifiers from the Combat Score difference as normal)" in ruling["citations"][0]["quote"]
    assert ruling["citations"][1]["rule"] == "t9a/stubborn"
    # nothing is left open on Stubborn: the Unstable Supernal brings meets Stubborn through the same words
    assert not [u for u in data["unresolved"] if "Stubborn" in u["rules"]]


OWN_CLAUSE = {"Oathbound": "When the unit loses a combat it must take a Rout Test (Grim units ignore the Rout penalties as normal).",
              "Grim": "A unit with Grim ignores the Rout penalties when taking Rout Tests.",
              "Skittish": "A unit with Skittish rerolls passed Rout Tests.",
              "Dour": "When the unit loses a combat it must take a Rout Test; Grim units are the exception.",
              "Marsh": "Units are never slowed by mud, but grim units take Rout Tests as normal."}


def test_a_rule_held_as_normal_in_a_small_system() -> None:
    view = system(OWN_CLAUSE, [])
    held = resolve(view, SYSTEM, picks("Oathbound", "Grim")).to_json()
    assert [(r["principle"], r["winner"], r["rules"]) for r in held["rulings"]] == [("together", None, ["Oathbound", "Grim"])]
    assert _open(held) == []
    # a rule the sentence does not name is still open with it; and naming without "as normal" settles nothing here
    assert _open(resolve(view, SYSTEM, picks("Oathbound", "Skittish")).to_json()) == [["Oathbound", "Skittish"]]
    assert not [r for r in resolve(view, SYSTEM, picks("Dour", "Grim")).to_json()["rulings"] if r["principle"] == "together"]
    # a word that is a rule's name, written as a common word, names no rule ("terrain that would slow others", beside Slow)
    assert not [r for r in resolve(view, SYSTEM, picks("Marsh", "Grim")).to_json()["rulings"] if r["principle"] == "together"]


def test_a_to_hit_modifier_that_cannot_be_combined_is_quoted(rulebase: Build) -> None:
    """Round 13's tuning r13-t9a-026: with no --when melee the two meet on the hit roll, and the sentence on combining is theirs."""
    data = resolve(rulebase, "t9a", "Distracting, Fear").to_json()
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Distracting", "Fear"]]
    assert "This to-hit modifier cannot be combined with any other negative to-hit modifiers." in [c["quote"] for c in question["citations"]]
