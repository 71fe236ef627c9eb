"""Meetings the text settles, and a section's own words for its parts (round 8, open questions):
tested on the real documents and on small systems of our own wording."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system


def test_an_obligation_on_whom_a_unit_that_causes_it_charges_binds_the_charged_side(rulebase: Build) -> None:
    # Terror: "if a unit charged by a Terror-causing unit fails its Terror test, it must always flee" binds the
    # charged unit; Hatred's "can never flee: in the case of a failed Fear or Terror test ... regardless" names it
    data = resolve(rulebase, "scrollhammer", "Hatred (Dragoons)", "Terror", when=["charged"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert (ruling["winner"], ruling["rules"]) == ("Hatred", ["Hatred", "Terror"])
    assert ruling["relation"]["quote"].startswith("In addition, if charged by the Hated foe, this unit can never flee")
    assert not [u for u in data["unresolved"] if set(u["rules"]) == {"Hatred", "Terror"}]


def test_a_charge_by_a_unit_named_by_what_it_causes_in_a_small_system() -> None:
    must = "If a unit charged by a Dread-bearing unit fails its Nerve test, it must run."
    cannot = "If charged by its sworn foe, this unit can never run: on a failed Dread test it is slowed instead."
    view = system({"Dread": must, "Grudge": cannot}, [
        rel("must", "Dread", None, must, details={"action": "run"}, conditions=(("other", None, "if a unit charged by a Dread-bearing unit fails its Nerve test"),)),
        rel("cannot", "Grudge", None, cannot, details={"action": "run"}, subject="this unit",
            conditions=(("charged", None, "charged"), ("other", None, "if charged by its sworn foe"))),
    ])
    data = resolve(view, "demo", picks("Grudge"), picks("Dread"), ("charged",)).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert ruling["winner"] == "Grudge" and ruling["relation"]["quote"] == cannot


def test_a_rule_that_lets_the_bearers_of_another_use_it_prevails_over_that_ones_prohibition(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Inanimate, Impact Hits (D6)", when=["charging", "melee"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"]]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("explicit-exception", "Impact Hits", ["Impact Hits", "Inanimate"])
    assert ruling["relation"]["quote"] == "In multipart models, only model parts that also have Harnessed or Inanimate can use their Impact Hits."
    assert (ruling["relation"]["line"], ruling["relation"]["column"]) == (322, 158)


def _lifeless(sentence: str) -> dict:
    forbid = "Parts that are Lifeless cannot strike blows."
    view = system({"Lifeless": forbid, "Ram Hits": sentence}, [rel("cannot", "Lifeless", None, forbid, details={"action": "strike blows"})])
    return resolve(view, "demo", picks("Lifeless", "Ram Hits")).to_json()


def test_a_permission_to_the_bearers_of_a_rule_in_a_small_system() -> None:
    [ruling] = _lifeless("Only parts with Yoked or Lifeless can use their Ram Hits.")["rulings"]
    assert (ruling["winner"], ruling["rules"], ruling["relation"]["quote"]) == ("Ram Hits", ["Ram Hits", "Lifeless"],
                                                                             "Only parts with Yoked or Lifeless can use their Ram Hits.")
    assert [r["winner"] for r in _lifeless("A part may ram even if it has Lifeless.")["rulings"]] == ["Ram Hits"]
    # no permission to the bearers: a negated one, one where the rule is named in another clause, or only named
    for sentence in ("Parts can use Ram Hits as long as they do not have Lifeless.", "Once per game (like Lifeless), a part may ram.",
                     "Ram Hits are resolved before Lifeless."):
        assert [r["winner"] for r in _lifeless(sentence)["rulings"] if r["winner"]] == [], sentence


def test_an_attack_that_hits_automatically_has_no_roll_for_a_to_hit_modifier(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Breath Weapon Shooting Attack, Target Behind Hard Cover", when=["shooting"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "together"]
    assert ruling["winner"] is None and ruling["rules"] == ["Breath Weapon Shooting Attack", "Target Behind Hard Cover"]
    assert [c["quote"] for c in ruling["citations"]] == ["All models that are even partially under the template are automatically hit, as covered on page 9.",
                                                        "Hard cover inflicts a -2 shooting modifier."]


def test_automatic_hits_in_other_words_in_a_small_system() -> None:
    blast = "Every squad under the cone is hit automatically."
    smoke = "Smoke gives -1 to hit."
    view = system({"Flame Cone": blast, "Smoke": smoke, "Rifle": "A rifle shoots twice."},
                  [rel("modifies", "Smoke", None, smoke, details={"stat": "to-hit", "value": "-1"})])
    [ruling] = [r for r in resolve(view, "demo", picks("Flame Cone", "Smoke"), when=("shooting",)).to_json()["rulings"] if r["principle"] == "together"]
    assert ruling["rules"] == ["Flame Cone", "Smoke"] and ruling["citations"][0]["quote"] == blast
    assert [r for r in resolve(view, "demo", picks("Rifle", "Smoke"), when=("shooting",)).to_json()["rulings"] if r["principle"] == "together"] == []


def test_even_if_it_has_the_rule_sets_aside_what_that_rule_binds_its_bearers_to(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Front Rank, Stand Behind").to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"]]
    assert (ruling["winner"], ruling["rules"]) == ("Stand Behind", ["Stand Behind", "Front Rank"])
    # only the obligation of Front Rank's own bearers, not that of "models without Front Rank"
    assert [c["line"] for c in ruling["citations"] if c["name"] == "Front Rank"] == [101]
    first = "Models with Vanguard Line must stand in front."
    other = "Models without Vanguard Line must stand behind."
    view = system({"Vanguard Line": f"{first} {other}", "Skulker": "A skulker can stand anywhere, even if it has Vanguard Line.",
                   "Bold": "Models with Vanguard Line can shout."},
                  [rel("must", "Vanguard Line", None, first, details={"action": "stand in front"}, subject="Models with Vanguard Line"),
                   rel("must", "Vanguard Line", None, other, details={"action": "stand behind"}, subject="Models without Vanguard Line")])
    [ruling] = [r for r in resolve(view, "demo", picks("Vanguard Line", "Skulker")).to_json()["rulings"] if r["winner"]]
    assert ruling["winner"] == "Skulker" and [c["quote"] for c in ruling["citations"]][0] == first
    # "with X ... can" sets aside only what X forbids, and Vanguard Line forbids nothing
    assert [r for r in resolve(view, "demo", picks("Vanguard Line", "Bold")).to_json()["rulings"] if r["winner"]] == []
