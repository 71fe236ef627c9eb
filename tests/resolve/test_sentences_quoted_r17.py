"""Sentences a question turns on, quoted at their mechanism: a grant to a kind of unit is an instance for
that kind ("Cavalry has Dangerous Terrain (1)", "Chariots has Dangerous Terrain (4)"); a section's exemption
for a situation not given is listed as not applying here, with its sentence ("A unit does not take a Panic
test if that unit is already fleeing", no --when fleeing); a first sentence is quoted with the next where
that one says it again in other words ("So instead of subtracting ..."). On the real documents and on a
small system of our own words."""

from __future__ import annotations

from typing import Any

from referee.resolve import resolve
from referee.resolve.play import Pick
from referee.store.record import Build
from tests.resolve.test_principles import SYSTEM, picks
from tests.resolve.test_read_by_graph import read_system


def _quotes(data: dict[str, Any]) -> list[str]:
    found = [c["quote"] for r in data["rulings"] for c in r["citations"]]
    found += [i["citation"]["quote"] for i in data["in_play"]["inactive"]]
    found += [d["citation"]["quote"] for d in data.get("in_force") or []]
    found += [s["citation"]["quote"] for side in ("self", "opponent") for e in data["in_play"][side] for s in e["via"]]
    found += [s["citation"]["quote"] for side in ("self", "opponent") for e in data["in_play"][side] for each in e["each"] for s in each["via"]]
    return found


def test_a_grant_to_each_kind_is_an_instance_for_it() -> None:
    view = read_system({"Bog": "Riders have Slowed (2). Beasts have Slowed (1). Riders are mounted. Beasts are not.",
                        "Slowed": "Move X less."})
    data = resolve(view, SYSTEM, picks("Bog")).to_json()
    [slowed] = [e for e in data["in_play"]["self"] if e["name"] == "Slowed"]
    assert [(e["params"], e["conditions"]) for e in slowed["each"]] == [(["2"], ["for Riders"]), (["1"], ["for Beasts"])]
    rider = resolve(view, SYSTEM, [*picks("Bog"), Pick("rider", (), "Rider")]).to_json()
    [slowed] = [e for e in rider["in_play"]["self"] if e["name"] == "Slowed"]
    assert [(e["params"], e["conditions"]) for e in slowed["each"]] == [(["2"], []), (["1"], ["for Beasts"])]


def test_whfb_house_obstacle_and_panic(rulebase: Build) -> None:
    """Round 16's r16-whfb-house-516 and round 15's r15-whfb-house-504 (incomplete before: not quoted)."""
    obstacle = resolve(rulebase, "whfb-house", "Obstacle", when=("charging",)).to_json()
    assert "Chariots has Dangerous Terrain (4)" in _quotes(obstacle)
    fled = resolve(rulebase, "whfb-house", "Fled through").to_json()
    [fleeing] = [i for i in fled["in_play"]["inactive"] if "already fleeing" in i["citation"]["quote"]]
    assert (fleeing["relation"], fleeing["reason"].endswith("(--when fleeing not given)")) == ("cannot", True)
    # given the situation, the exemption is ruled on as before
    assert any("already fleeing" in q for r in resolve(rulebase, "whfb-house", "Fled through", when=("fleeing",)).to_json()["rulings"]
               for q in [c["quote"] for c in r["citations"]])


def test_a_sentence_that_says_the_first_again(rulebase: Build) -> None:
    """Round 16's r16-last-edition-510 (incomplete before)."""
    dodge = resolve(rulebase, "last-edition", "Dodge save 4+-").to_json()
    assert any("you add it to the dodge save" in q for q in _quotes(dodge))
    view = read_system({"Shrug": "The model ignores the first wound each turn. In other words, that wound is never rolled for."})
    assert "In other words, that wound is never rolled for." in " ".join(_quotes(resolve(view, SYSTEM, picks("Shrug")).to_json()))


def test_a_sentence_that_goes_on_about_the_one_quoted(rulebase: Build) -> None:
    """Round 17's tuning r17-whfb-house-010 and -003 (incomplete before): "Note that they still benefit ..." after the
    first words; "If it does so, half the models in the third ..." after the sentence on shooting, a paragraph on."""
    air = resolve(rulebase, "whfb-house", "Air And Ground Movement (flee, overrun and pursue)").to_json()
    assert any("they still benefit from their 3D6 distance" in q for q in _quotes(air))
    volley = resolve(rulebase, "whfb-house", "Volley Fire, Fire in two ranks", when=("shooting",)).to_json()
    assert any(q.startswith("If it does so, half the models in the third") for q in _quotes(volley))
    view = read_system({"Hex": "A wizard may cast Hex in the shooting phase.\n\nIf it does so, the target is shot at -1.\n\nWizards are rare.",
                        "Ward": "A model may take a Ward save when shooting is resolved.\n\nIt stays.\n\nThis is rare."})
    hexed = _quotes(resolve(view, SYSTEM, picks("Hex"), when=("shooting",)).to_json())
    assert "If it does so, the target is shot at -1." in hexed and "Wizards are rare." not in hexed
    # across a paragraph, a pronoun alone is no going on
    assert "It stays." not in _quotes(resolve(view, SYSTEM, picks("Ward"), when=("shooting",)).to_json())
