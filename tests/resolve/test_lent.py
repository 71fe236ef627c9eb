"""A modifier named by another rule's words ("a Hard Cover Modifier applied"): the rule that
states it comes into play through that sentence, under its condition; one no rule states is left
open (referee/resolve/lent.py, issue 22 round 3)."""

from __future__ import annotations

from referee.store.record import Build
from referee.resolve import resolve
from tests.resolve.test_principles import picks, rel, system


def test_a_hill_applies_the_hard_cover_modifier(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Hills", when=["shooting"]).to_json()
    lent = next(e for e in data["in_play"]["self"] if e["name"] == "Target Behind Hard Cover")
    assert [s["name"] for s in lent["via"]] == ["Hills"]
    assert lent["via"][0]["citation"]["quote"] == (
        "If the majority of the models in the target unit is obscured from the shooting model's view by a hill, a Hard Cover Modifier applied.")
    assert (lent["via"][0]["citation"]["line"], lent["via"][0]["citation"]["column"]) == (71, 1)
    [modifier] = data["modifiers"]
    assert (modifier["side"], modifier["stat"], modifier["value"]) == ("self", "to-hit", "-2")
    assert modifier["parts"][0]["conditions"] == [
        "If the majority of the models in the target unit is obscured from the shooting model's view by a hill"]


def test_a_forests_light_cover_modifier_is_stated_nowhere(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Forest", when=["shooting"]).to_json()
    assert data["modifiers"] == []
    [question] = data["unresolved"]
    # COVER, the rule the kind's word names, is where light cover would be said and is not: named and quoted beside Forest, in play
    # or not (round 13's r13-whfb-house-026 and round 14's r14-whfb-house-017 expect it; this test pinned Forest alone)
    assert question["rules"] == ["Forest", "COVER"]
    assert question["reason"] == ("Forest applies a Light Cover modifier, and no rule of whfb-house says what it is: its value is not given; "
                                  "COVER, the rule of cover, does not name it")
    assert [(c["name"], c["line"]) for c in question["citations"]] == [("Forest", 79), ("COVER", 137)]


def test_a_named_modifier_in_a_small_system() -> None:
    rubble = "Where the target stands behind rubble, the Heavy Cover penalty applies."
    view = system({"Rubble": rubble, "Heavy Cover": "Heavy cover inflicts a -3 to hit.", "Mist": "A Fog Modifier is applied."},
                  [rel("modifies", "Heavy Cover", None, "Heavy cover inflicts a -3 to hit.", details={"stat": "to-hit", "value": "-3"})])
    data = resolve(view, "demo", picks("Rubble")).to_json()
    assert [(m["stat"], m["value"], m["parts"][0]["conditions"]) for m in data["modifiers"]] == [
        ("to-hit", "-3", ["Where the target stands behind rubble"])]
    mist = resolve(view, "demo", picks("Mist")).to_json()
    assert [q["rules"] for q in mist["unresolved"]] == [["Mist"]] and mist["modifiers"] == []


def test_a_light_cover_modifier_stated_nowhere_beside_hard_cover_is_open_with_both(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Forest, Target Behind Hard Cover", when=["shooting"]).to_json()
    [question] = data["unresolved"]
    assert question["rules"] == ["Forest", "Target Behind Hard Cover", "COVER"]
    assert question["reason"].endswith("Target Behind Hard Cover states a modifier of the same kind, and whether they add up no sentence says")
    assert [c["quote"] for c in question["citations"]][1] == "Hard cover inflicts a -2 shooting modifier."
    assert [(m["stat"], m["value"]) for m in data["modifiers"]] == [("to-hit", "-2")]  # never -3: the light cover's value is not guessed


def test_a_named_modifier_stated_nowhere_beside_one_of_its_kind_in_a_small_system() -> None:
    smoke = "A Smoke Screen modifier applies."
    view = system({"Smoke": smoke, "Haze": "A hazy screen gives -1 to hit.", "Bold": "Bold troops gain +1 to hit."}, [
        rel("modifies", "Haze", None, "A hazy screen gives -1 to hit.", details={"stat": "to-hit", "value": "-1"}),
        rel("modifies", "Bold", None, "Bold troops gain +1 to hit.", details={"stat": "to-hit", "value": "+1"}),
    ])
    data = resolve(view, "demo", picks("Smoke", "Haze", "Bold")).to_json()
    assert [q["rules"] for q in data["unresolved"]] == [["Smoke", "Haze"]]  # "screen" is the kind; Bold's words name none


def test_the_rule_the_kind_names_is_named_beside_a_modifier_stated_nowhere_in_a_small_system() -> None:
    view = system({"Ruins": "Where the target stands in ruins, a Deep Shelter modifier is applied.",
                   "Shelter": "Models in shelter are harder to hit.", "Mist": "A Fog Modifier is applied."}, [])
    [question] = resolve(view, "demo", picks("Ruins")).to_json()["unresolved"]
    assert question["rules"] == ["Ruins", "Shelter"] and question["reason"].endswith("Shelter, the rule of shelter, does not name it")
    assert [c["quote"] for c in question["citations"]] == [
        "Where the target stands in ruins, a Deep Shelter modifier is applied.", "Models in shelter are harder to hit."]
    # no rule goes by the kind's word ("Fog"): the rule that applies it alone
    assert [q["rules"] for q in resolve(view, "demo", picks("Mist")).to_json()["unresolved"]] == [["Mist"]]
