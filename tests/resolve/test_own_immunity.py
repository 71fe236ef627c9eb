"""A rule whose own clause makes its bearers immune to it ("Models that have Fear themselves are
immune to the effects of Fear"): on both sides it stays in force (that clause is the immunity);
only its effects on the other side's models are gone, each said not to apply."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system

DREAD = [
    rel("immune-to", "Dread", "Dread", "Dreadful models are immune to Dread."),
    rel("must", "Dread", None, "Enemies must take a Dread Test.", details={"action": "take a Dread Test"}),
    rel("modifies", "Dread", None, "Enemies suffer -1 Discipline.", details={"stat": "Discipline", "value": "-1"}),
]


def test_the_rule_stays_in_force_on_both_sides_and_its_effects_are_said_not_to_apply() -> None:
    data = resolve(system({"Dread": "x."}, DREAD), "demo", picks("Dread"), picks("Dread")).to_json()
    assert [(r["principle"], r["winner"]) for r in data["rulings"]] == [("immunity", "Dread")]
    assert [e["set_aside"] for e in data["in_play"]["self"] + data["in_play"]["opponent"]] == [None, None]
    assert data["modifiers"] == [] and data["in_force"] == []
    idle = sorted((i["side"], i["relation"], i["reason"]) for i in data["in_play"]["inactive"])
    assert idle == [
        (side, kind, f"Dread {kind} {what}: the other side's models are immune to the effects of Dread (the immunity ruling)")
        for side in ("opponent", "self") for kind, what in (("modifies", "Discipline -1"), ("must", "take a Dread Test"))
    ]


def test_an_immunity_to_another_rule_still_sets_that_rule_aside() -> None:
    brave = [rel("immune-to", "Brave", "Dread", "Brave models are immune to Dread."), *DREAD[1:]]
    data = resolve(system({"Brave": "x.", "Dread": "y."}, brave), "demo", picks("Brave"), picks("Dread")).to_json()
    assert data["in_play"]["opponent"][0]["set_aside"].startswith("Brave: its models are immune to the effects of Dread")


def test_t9a_fear_against_fear_keeps_fear_in_play_on_both_sides(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Fear", "Fear", when=["melee"]).to_json()
    assert [(e["name"], e["set_aside"]) for e in data["in_play"]["self"] + data["in_play"]["opponent"]] == [("Fear", None), ("Fear", None)]
    [ruling] = [r for r in data["rulings"] if r["principle"] == "immunity"]
    assert ruling["citations"][0]["quote"] == "Models that have Fear themselves are immune to the effects of Fear."
    assert data["modifiers"] == []  # neither side's -1 Discipline, nor the to-hit of a failed Fear Test


def test_an_immunitys_own_exception_against_the_other_sides_rule_is_that_immunity(rulebase: Build) -> None:
    # "Exception: A model with Immune to Poison causes Poisoned attacks to roll normally against it, rather than using the
    # Poisoned special rules": Poisoned brings nothing against it (its fixed to-wound roll is not stated)
    data = resolve(rulebase, "scrollhammer", "Poisoned (3+)", "Immunity (Poison)", when=["melee"]).to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("immunity", "Immunity", ["Immunity", "Poisoned"])
    assert ruling["relation"]["quote"].startswith("Exception: A model with Immune to Poison causes Poisoned attacks to roll normally")
    assert [e["set_aside"] is not None for e in data["in_play"]["self"]] == [True] and data["modifiers"] == []


def test_an_exception_in_words_of_immunity_in_a_small_system() -> None:
    said = "A warded model is immune to hexes: Hex Bolts roll as plain bolts against it."
    plain = "Hex Bolts roll as plain bolts against a model with Grounding."
    view = system({"Warded": "x.", "Hex Bolts": "x.", "Grounding": "x."}, [rel("overrides", "Warded", "Hex Bolts", said),
                                                                           rel("overrides", "Grounding", "Hex Bolts", plain)])
    [ruling] = resolve(view, "demo", picks("Hex Bolts"), picks("Warded")).to_json()["rulings"]
    assert (ruling["principle"], ruling["winner"]) == ("immunity", "Warded")
    # an exception in other words stays the exception it is; so does an immunity's exception on its own side
    [ruling] = resolve(view, "demo", picks("Hex Bolts"), picks("Grounding")).to_json()["rulings"]
    assert (ruling["principle"], ruling["winner"]) == ("explicit-exception", "Grounding")
    [ruling] = resolve(view, "demo", picks("Hex Bolts", "Warded")).to_json()["rulings"]
    assert (ruling["principle"], ruling["winner"]) == ("explicit-exception", "Warded")
