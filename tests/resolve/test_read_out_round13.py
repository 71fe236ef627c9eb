"""Round 13 (issue 22): a rule whose subject is one kind of attack is limited to it as a whole, and the sentences a
referee reads out though no relation holds them: what does not take a rule away, a prohibition the graph did not
read, and the exceptions a "works like ..., with the following exceptions:" announces.  On the real documents and
on a small system of this test's own words."""

from __future__ import annotations

from typing import Any

from referee.graph.limits import whole_limits
from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, rulings, system

RULES = {
    "Quick Blades": "A Close Combat Attack with Quick Blades gains +1 to hit. Note that pikemen do not gain this bonus.",
    "Keen Sights": "Shooting attacks made with this rule ignore the penalty for long range.",
    "Hide of Stone": ("This rule gives the model a stone save which works just like a 5+ armour save, with the following exceptions:\n\n"
                      "- Stone saves are never lowered by the attacker's Strength.\n"
                      "- A stone save may be taken after a ward save has failed!\n\n"
                      "Stone is cold to the touch."),
    "Shield Wall": "A unit in a shield wall gains +1 armour. A unit does not lose its shield wall for being charged in the flank.",
    "Not the Captain": "The model cannot be the Captain.",
    "Sworn Oath": "The model cannot be the Captain.",
}
VIEW = system(RULES, [rel("cannot", "Sworn Oath", None, "The model cannot be the Captain.", details={"action": "be the Captain"})])


def _read_out(data: dict[str, Any], how: str) -> list[tuple[str, str]]:
    return [(d["name"], d["citation"]["quote"]) for d in data["in_force"] if d["kind"] == "settles" and d["how"] == how]


def test_an_attack_of_one_kind_bearing_the_rule_limits_the_whole_rule() -> None:
    assert [(l.situation, l.words) for l in whole_limits(["A Close Combat Attack with Quick Blades gains +1 to hit."], "Quick Blades")] == [
        ("melee", "A Close Combat Attack with Quick Blades")]
    assert [l.situation for l in whole_limits([RULES["Keen Sights"]], "Keen Sights")] == ["shooting"]
    # an attack against the bearer is not the bearer's attack
    assert whole_limits(["Shooting attacks against a unit with Fog gain -1 to hit."], "Fog") == []
    shooting = rulings(VIEW, picks("Quick Blades"), when=("shooting",))
    [entry] = shooting["in_play"]["self"]
    assert entry["set_aside"] == ('Quick Blades holds only in close combat, by its own words ("A Close Combat Attack with Quick Blades"), '
                                  "and the situation says --when shooting")
    assert rulings(VIEW, picks("Quick Blades"), when=("melee",))["in_play"]["self"][0]["set_aside"] is None
    assert rulings(VIEW, picks("Keen Sights"), when=("melee",))["in_play"]["self"][0]["set_aside"] is not None


def test_lightning_reflexes_brings_nothing_to_archers_shooting(bsdata_t9a: Build) -> None:
    data = resolve(bsdata_t9a, "t9a", "Lightning Reflexes", when=["shooting"]).to_json()
    [entry] = [e for e in data["in_play"]["self"] if e["name"] == "Lightning Reflexes"]
    assert entry["set_aside"] and "A Close Combat Attack with Lightning Reflexes" in entry["set_aside"]
    melee = resolve(bsdata_t9a, "t9a", "Lightning Reflexes", when=["melee"]).to_json()
    assert next(e for e in melee["in_play"]["self"] if e["name"] == "Lightning Reflexes")["set_aside"] is None


def test_the_exceptions_a_sentence_announces_are_read_out_with_it() -> None:
    data = rulings(VIEW, picks("Hide of Stone"))
    assert _read_out(data, "like") == [("Hide of Stone", "This rule gives the model a stone save which works just like a 5+ armour save, "
                                                          "with the following exceptions:")]
    assert _read_out(data, "exception") == [("Hide of Stone", "Stone saves are never lowered by the attacker's Strength."),
                                            ("Hide of Stone", "A stone save may be taken after a ward save has failed!")]
    # the paragraph after the list is no exception
    assert all("cold" not in quote for _name, quote in _read_out(data, "exception"))


def test_regeneration_is_quoted_its_exception_after_ward_saves(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Regeneration").to_json()
    assert ("Regeneration", "Regeneration save are not ward saves, and can therefore be taken after armour saves and ward saves have been failed!") in (
        _read_out(data, "exception"))


def test_what_does_not_take_a_rule_away_is_read_out(rulebase: Build) -> None:
    assert _read_out(rulings(VIEW, picks("Shield Wall")), "keeps") == [
        ("Shield Wall", "A unit does not lose its shield wall for being charged in the flank.")]
    data = resolve(rulebase, "whfb-house", "Steadfast, The Horde", when=["melee"]).to_json()
    assert _read_out(data, "keeps") == [("Steadfast (only The Horde formation)", "It should be noted that a unit does not lose its steadfast "
                                         "status for being charged from rear or flank by unit with US 5+.")]


def test_a_prohibition_the_graph_did_not_read_is_read_out(rulebase: Build) -> None:
    assert _read_out(rulings(VIEW, picks("Not the Captain")), "forbids") == [("Not the Captain", "The model cannot be the Captain.")]
    # read by the graph, the prohibition is the answer's duty, not a sentence read out beside it
    assert _read_out(rulings(VIEW, picks("Sworn Oath")), "forbids") == []
    data = resolve(rulebase, "t9a", "Battle Standard Bearer").to_json()
    assert ("Not a Leader", "The model cannot be the General.") in _read_out(data, "forbids")
