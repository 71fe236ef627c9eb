"""An exception worded as a case of the other rule's test (issue 22, round 14, from r11-scrollhammer-517): "in the case of a
failed Fear or Terror test, the unit with Hatred is always reduced to WS1" names Terror's test and says what holds then, in
place of Terror's "must always flee"; the rule prevails as far as its words say, under its sentence's own conditions.  On the
real documents and on a small system of our own words."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system

HATRED = ("In addition, if charged by the Hated foe, this unit can never flee: in the case of a failed Fear or Terror test, "
          "the unit with Hatred is always reduced to WS1 regardless of unit size.")


def test_hatred_prevails_over_terror_in_the_case_its_words_name(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Hatred", opponent="Terror", when=["not-charging"]).to_json()
    assert not data["unresolved"]
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Hatred"]
    assert ruling["principle"] == "explicit-exception"
    assert ruling["relation"]["quote"] == HATRED
    assert ruling["outcome"].startswith("Hatred prevails over Terror if charged by the Hated foe (--when charged not given: "
                                        "the ruling holds whenever it would be), as far as its words say")
    assert any("it must always flee" in c["quote"] for c in ruling["citations"])
    # under --when charged the prohibition and the obligation meet as before: one ruling, for Hatred
    charged = resolve(rulebase, "scrollhammer", "Hatred", opponent="Terror", when=["charged"]).to_json()
    assert [(r["winner"], r["principle"]) for r in charged["rulings"] if "Terror" in r["rules"]] == [("Hatred", "cannot-beats-can")]


def _feud(grudge: str):
    dread = "A unit charged by a Dread beast that fails its Dread test must always retreat."
    return system({"Grudge": grudge, "Dread": dread}, [
        rel("references", "Grudge", "Dread", grudge),
        rel("cannot", "Grudge", None, grudge, details={"action": "retreat"}, conditions=(("charged", None, "charged"),)),
        rel("must", "Dread", None, dread, details={"action": "retreat"})])


def test_an_exception_worded_as_a_case_in_a_small_system() -> None:
    case = "If charged, this unit can never retreat: in the case of a failed Dread test, the unit with Grudge is always slowed instead."
    data = resolve(_feud(case), "demo", picks("Grudge"), picks("Dread")).to_json()
    assert [(r["winner"], r["principle"], r["relation"]["quote"]) for r in data["rulings"]] == [("Grudge", "explicit-exception", case)]
    assert not data["unresolved"]
    # the same mention without a case of the other's test says nothing of how they meet: the question stays open
    plain = "If charged, this unit can never retreat, and it hates every Dread beast."
    data = resolve(_feud(plain), "demo", picks("Grudge"), picks("Dread")).to_json()
    assert not [r for r in data["rulings"] if r["winner"]]
    assert [u["rules"] for u in data["unresolved"]] == [["Grudge", "Dread"]]
