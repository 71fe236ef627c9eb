"""The precedence model's cannot beats can, which no document of the four systems states (issue 22, round 11): a ruling of a
prohibition over another rule's permission of the same action says it rests on the referee's convention, both rules cited; a
permission "as normal" (or "as usual") is held to the rules that normally bind the unit by its own words, and says so."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import brief, picks, rel, rulings, system


def test_a_prohibition_over_a_permission_says_it_rests_on_the_referees_convention(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Tongue, Silence").to_json()
    assert brief(data) == [("cannot-beats-can", "Silence", ["Silence", "Tongue"])]
    assert data["rulings"][0]["outcome"].endswith(
        "; cannot beats can, the referee's precedence (a convention of this referee, not a sentence of the rules: neither rule's words "
        "say which prevails)")
    assert {c["name"] for c in data["rulings"][0]["citations"]} == {"Silence", "Tongue"}


def test_a_permission_as_normal_is_held_to_the_rules_by_its_own_words(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Deep Strike, Slow and Purposeful").to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert ruling["winner"] == "Slow and Purposeful"
    assert ruling["relation"]["quote"].startswith("In that turn's Shooting phase, these units can fire (or March) as normal")
    assert "convention" not in ruling["outcome"] and "only as normal, by its own words" in ruling["outcome"]
    hobble = rel("cannot", "Hobble", None, "A model that is Hobbled cannot Sprint.", details={"action": "Sprint"}, subject="A model that is Hobbled")
    view = system({"Hobble": "A model that is Hobbled cannot Sprint.", "Parade": "On parade the model may Sprint as usual.",
                   "Runner": "The model may Sprint in its Movement phase."}, [hobble])
    [ruling] = rulings(view, picks("Hobble", "Parade"))["rulings"]
    assert ruling["relation"]["quote"] == "On parade the model may Sprint as usual." and "convention" not in ruling["outcome"]
    [ruling] = rulings(view, picks("Hobble", "Runner"))["rulings"]
    assert ruling["relation"]["quote"] == "A model that is Hobbled cannot Sprint." and "a convention of this referee" in ruling["outcome"]
