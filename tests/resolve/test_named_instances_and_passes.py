"""Meetings round 12's tuning half found left open or named by another principle (issue 22, round 14): instances of a rule that
each name a different thing (Exclusive (Unbreakable) and Exclusive (Unstable)), a test one rule passes automatically where the
other's words say what holds when it is passed, or that its unit does not take it, and a bearer's exception to the enemy's use
of a rule (Cannot be Stomped).  On the real documents and on small systems of our own words."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system


def _together(data: dict) -> list[tuple[list[str], str]]:
    return [(r["rules"], r["outcome"]) for r in data["rulings"] if r["principle"] == "together"]


# -- instances that each name their own thing --------------------------------------------

def test_two_exclusives_each_hold_for_what_they_name(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Unbreakable, Unstable", when=["melee"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["rules"] == ["Exclusive"]]
    assert ruling["principle"] == "stacking" and ruling["winner"] is None
    assert ruling["outcome"].endswith("each holds for what it names (the referee's reading; no sentence speaks of several)")
    assert not [u for u in data["unresolved"] if "Exclusive" in u["rules"]]


def test_named_instances_in_a_small_system() -> None:
    view = system({"Sworn": "A model with Sworn (X) can only fight beside models of (X).", "Bold": "Bold models gain Sworn (Kin).",
                   "Keen": "Keen models gain +1 to hit and Sworn (Clan).", "Hasty": "A Hasty model gains Sworn (3)."}, [
        rel("grants", "Bold", "Sworn", "Bold models gain Sworn (Kin).", details={"params": "Kin"}),
        rel("modifies", "Keen", None, "Keen models gain +1 to hit and Sworn (Clan).", details={"stat": "to-hit", "value": "+1"})])
    named = resolve(view, "demo", picks(("Sworn", ("Kin",)), ("Sworn", ("Clan",)))).to_json()
    assert [(r["rules"], r["principle"]) for r in named["rulings"]] == [(["Sworn"], "stacking")]
    assert not named["unresolved"]
    # a number in the brackets may be an amount: whether they add up stays open
    counted = resolve(view, "demo", picks(("Sworn", ("2",)), ("Sworn", ("3",)))).to_json()
    assert not counted["rulings"] and [u["rules"] for u in counted["unresolved"]] == [["Sworn"]]


# -- a test passed automatically, beside the other's words on that test --------------------

def test_unbreakable_passes_the_break_test_supernal_has_taken(rulebase: Build, bsdata_t9a: Build) -> None:
    data = resolve(bsdata_t9a, "t9a", "Supernal, Unbreakable", when=["melee"]).to_json()
    [(rules, outcome)] = [t for t in _together(data) if "Supernal" in t[0]]
    assert rules == ["Unbreakable", "Supernal"]
    assert outcome.endswith("Supernal's words for a passed one hold: ignore all Health Points that would be lost due to Unstable")
    assert not [u for u in data["unresolved"] if "Supernal" in u["rules"]]
    # Unstable's unit takes no Break Test: the pass has none of it to pass, and its loss of Health Points stands
    alone = resolve(rulebase, "t9a", "Unbreakable, Unstable", when=["melee"]).to_json()
    assert _together(alone) == [(["Unstable", "Unbreakable"], "Unstable's unit does not take a Break Test, as its words say, so "
                                 "Unbreakable's automatic pass has no Break Test of it to pass, and Unstable's words hold as they say")]
    assert not [r for r in alone["rulings"] if r["winner"]] and not alone["unresolved"]


def test_a_pass_beside_the_others_words_in_a_small_system() -> None:
    view = system({"Steady": "The unit automatically passes all Nerve Tests.",
                   "Oath": "The unit must take a Nerve Test when it loses. If the Nerve Test is passed, ignore all wounds from the loss.",
                   "Wild": "A unit with Wild does not take a Nerve Test when it loses, but instead loses a model.",
                   "Shaky": "The unit must take a Nerve Test when it loses, with -1 to the roll."}, [])
    [(rules, outcome)] = _together(resolve(view, "demo", picks("Steady", "Oath")).to_json())
    assert outcome == ("Steady passes the Nerve Test automatically, so the Nerve Test Oath has the unit take is passed, and Oath's words "
                       "for a passed one hold: ignore all wounds from the loss")
    [(rules, outcome)] = _together(resolve(view, "demo", picks("Steady", "Wild")).to_json())
    assert rules == ["Wild", "Steady"]
    # words on the test that say neither: no reading of how they meet
    assert not _together(resolve(view, "demo", picks("Steady", "Shaky")).to_json())


# -- a bearer's exception to the enemy's use of a rule -----------------------------------

def test_cannot_be_stomped_is_an_immunity_to_the_enemys_stomp(bsdata_t9a: Build) -> None:
    data = resolve(bsdata_t9a, "t9a", "Stomp Attacks (D3)", opponent="Cannot be Stomped", when=["melee"]).to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"]) == ("immunity", "Cannot be Stomped")
    assert ruling["relation"]["quote"] == "For the purposes of Stomp Attacks from enemy model, a model with Cannot be Stomped is never considered Standard Size."
    assert data["in_play"]["self"][0]["set_aside"]


def test_a_bearers_exception_to_the_enemys_rule_in_a_small_system() -> None:
    spared = "For the purposes of Trample from enemy models, a model with Nimble is never in the way."
    plain = "For the purposes of Trample, a model with Nimble is never in the way."
    for sentence, principle in ((spared, "immunity"), (plain, "explicit-exception")):
        view = system({"Trample": "Trample hits every model in the way.", "Nimble": sentence}, [rel("overrides", "Nimble", "Trample", sentence)])
        [ruling] = resolve(view, "demo", picks("Trample"), picks("Nimble")).to_json()["rulings"]
        assert (ruling["principle"], ruling["winner"]) == (principle, "Nimble")
