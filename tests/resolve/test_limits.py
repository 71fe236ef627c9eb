"""Where a rule's words hold (issue 22, round 7): a modifier stated only in the situation its
sentence limits it to, else listed as not applying with the limiting words; and meetings the text
settles through what one rule forbids and another permits, or a state put on a model and that
model's immunity to it.  On the real documents and on small systems in words of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli.commands import main
from referee.resolve import resolve
from referee.store.load import open_rules
from referee.store.record import Build
from tests.resolve.test_principles import brief, picks, rel, rulings, system

BSDATA = Path("/work/shared/bsdata")


def _mods(data: dict) -> set[tuple[str, str, str]]:
    return {(m["side"], m["stat"], m["value"]) for m in data["modifiers"]}


def test_second_hand_weapon_gives_nothing_when_shooting(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Second Hand Weapon", when=["shooting"]).to_json()
    assert _mods(data) == set()
    reasons = [i["reason"] for i in data["in_play"]["inactive"] if i["relation"] == "modifies"]
    assert reasons == [
        'Second Hand Weapon modifies Initiative +1 only when close combat: melee attacks, a fight (the words "in Fighting"; --when melee not given)',
        'Second Hand Weapon modifies Attacks +1 only when close combat: melee attacks, a fight (the words "in Fighting"; --when melee not given)',
    ]


def test_second_hand_weapon_gives_its_attack_in_close_combat(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Second Hand Weapon", when=["melee"]).to_json()
    assert _mods(data) == {("self", "Initiative", "+1"), ("self", "Attacks", "+1")}


@pytest.fixture(scope="module")
def army(tmp_path_factory: pytest.TempPathFactory):
    into = tmp_path_factory.mktemp("bsdata")
    assert main(["import", "battlescribe", str(BSDATA / "2nd-theNinthAge-FantasyBattles.gst"), "--system", "t9a", "--into", str(into), "--json"]) == 0
    return open_rules(into).whole()


def test_unwieldy_is_no_penalty_for_a_unit_that_did_not_move(army) -> None:
    data = resolve(army, "t9a", "Unwieldy", when=["shooting"]).to_json()
    assert _mods(data) == set()
    [idle] = [i for i in data["in_play"]["inactive"] if i["relation"] == "modifies"]
    assert idle["reason"] == 'Unwieldy modifies to-hit -1 only when the unit moved this turn (the words "for Moving and Shooting"; --when moved not given)'
    assert idle["citation"]["quote"] == "The attack suffers an additional -1 to-hit modifier for Moving and Shooting (for a total of -2)."


def test_unwieldy_penalises_moving_and_shooting(army) -> None:
    assert _mods(resolve(army, "t9a", "Unwieldy", when=["shooting", "moved"]).to_json()) == {("self", "to-hit", "-1")}
    # moved but fighting, not shooting: no penalty
    assert _mods(resolve(army, "t9a", "Unwieldy", when=["melee", "moved"]).to_json()) == set()


def test_slow_and_purposeful_forbids_the_march_deep_strike_permits(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Deep Strike, Slow and Purposeful").to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert (ruling["winner"], ruling["rules"]) == ("Slow and Purposeful", ["Slow and Purposeful", "Deep Strike"])
    assert [c["quote"] for c in ruling["citations"]] == [
        "A unit that contains at least one model with this special rule cannot March or make a sweeping advance, but counts as Relentless.",
        "In that turn's Shooting phase, these units can fire (or March) as normal, and obviously count as having moved in the previous Movement phase.",
    ]


def test_a_silenced_tongue_cannot_use_the_thuum(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Tongue, Silence").to_json()
    assert brief(data) == [("cannot-beats-can", "Silence", ["Silence", "Tongue"])]


def test_a_physical_god_is_not_silenced(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Physical God, Silence, Tongue").to_json()
    assert brief(data) == [("immunity", "Physical God", ["Physical God", "Silence"])]
    silence = next(e for e in data["in_play"]["self"] if e["name"] == "Silence")
    assert silence["set_aside"]
    # set aside, it obliges and forbids nothing; it is read out by its first words, what it is, since the immunity
    # ruling quotes Physical God's words alone
    assert not [d for d in data["in_force"] if d["name"] == "Silence" and d["kind"] != "settles"]
    assert [(d["how"], d["citation"]["quote"]) for d in data["in_force"] if d["name"] == "Silence"] == [
        ("defines", "A model that is Silenced cannot cast spells or use the Thu'um.")]


HOBBLE = rel("cannot", "Hobble", None, "A model that is Hobbled cannot Sprint.", details={"action": "Sprint"}, subject="A model that is Hobbled")
GUARD = rel("immune-to", "Iron Will", "Hobble", "It can never be Hobbled.")
TEXTS = {"Hobble": "A model that is Hobbled cannot Sprint.", "Runner": "The model may Sprint in its Movement phase.",
         "Iron Will": "It can never be Hobbled.", "Stroller": "Enemy units can Sprint past it."}


def test_a_prohibition_beats_another_rules_permission_of_the_same_action() -> None:
    view = system(TEXTS, [HOBBLE, GUARD])
    data = rulings(view, picks("Hobble", "Runner"))
    assert brief(data) == [("cannot-beats-can", "Hobble", ["Hobble", "Runner"])]
    assert [c["quote"] for c in data["rulings"][0]["citations"]] == ["A model that is Hobbled cannot Sprint.", "The model may Sprint in its Movement phase."]
    # a permission of the other side's units, or a prohibition of the other side, is no such meeting
    assert brief(rulings(view, picks("Hobble", "Stroller"))) == []
    assert brief(rulings(view, picks("Hobble"), picks("Runner"))) == []


def test_an_immunity_to_a_state_on_its_own_side_sets_the_state_aside() -> None:
    view = system(TEXTS, [HOBBLE, GUARD])
    data = rulings(view, picks("Hobble", "Runner", "Iron Will"))
    assert brief(data) == [("immunity", "Iron Will", ["Iron Will", "Hobble"])]
    # a rule its bearer has (not a state it suffers) is not set aside by its own side's immunity
    fear = rel("immune-to", "Brave", "Dread", "It is immune to Dread.")
    view = system({"Dread": "A unit that causes Dread frightens its foes.", "Brave": "It is immune to Dread."}, [fear])
    assert brief(rulings(view, picks("Dread", "Brave"))) == []


def test_massive_bulk_ignores_the_riders_plate_armour(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Massive Bulk, Plate Armour", when=["mounted"]).to_json()
    assert brief(data) == [("explicit-exception", "Massive Bulk", ["Massive Bulk", "Plate Armour"])]
    assert data["rulings"][0]["conditions"] == ["If the model is mounted by a Character"]


def test_a_protected_unit_is_not_a_target_for_counterfire(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Ranged 2 counterfire", "Protected", when=["charged", "shooting"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Protected"]
    assert (ruling["principle"], ruling["rules"]) == ("cannot-beats-can", ["Protected", "Ranged X counterfire"])
    assert ruling["conditions"][0].startswith("as long as the unit is within 3")
    # a heavy gun is shot, but its words permit nothing: Protected's sentence is quoted on the situation, no winner
    heavy = resolve(rulebase, "last-edition", "Ranged 2 heavy", "Protected", when=["shooting", "moved"]).to_json()
    assert [r["principle"] for r in heavy["rulings"]] == ["own-words"]


def test_a_rule_that_ignores_a_kind_prevails_over_the_sides_rules_of_that_kind() -> None:
    ignore = rel("overrides", "Colossus", None, "Ignore the rider's Helmet Gear.", details={"kind": "Helmet Gear"}, subject="the rider")
    view = system({"Colossus": "Ignore the rider's Helmet Gear.", "Iron Helmet": "+1 Armour.", "Lucky Charm": "+1 Ward."}, [ignore])
    data = rulings(view, picks("Colossus", "Iron Helmet", "Lucky Charm"))
    assert brief(data) == [("explicit-exception", "Colossus", ["Colossus", "Iron Helmet"])]
    assert next(e for e in data["in_play"]["self"] if e["name"] == "Iron Helmet")["set_aside"]
    # the other side's helmets are not the rider's
    assert brief(rulings(view, picks("Colossus"), picks("Iron Helmet"))) == []


def test_impact_hits_bring_nothing_to_a_chariot_that_was_charged(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Impact Hits (D3)", when=["charged", "melee"]).to_json()
    entry = next(e for e in data["in_play"]["self"] if e["name"] == "Impact Hits")
    assert entry["set_aside"] == "Impact Hits applies only when the unit charged this turn (it is the charger) (--when charging not given)"
    assert not next(e for e in resolve(rulebase, "t9a", "Impact Hits (D3)", when=["charging", "melee"]).to_json()["in_play"]["self"]
                    if e["name"] == "Impact Hits").get("set_aside")


def test_an_obligation_of_the_bearer_in_a_state_sets_the_rule_aside_outside_it() -> None:
    view = system({"Battering Ram": "In the first round, a charging model with Battering Ram must pick a foe in contact."}, [])
    assert next(e for e in rulings(view, picks("Battering Ram"), when=("melee",))["in_play"]["self"]).get("set_aside")
    assert not next(e for e in rulings(view, picks("Battering Ram"), when=("melee", "charging"))["in_play"]["self"]).get("set_aside")


def test_a_rule_the_house_rules_remove_is_not_in_play(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Defend Obstacle, Obstacle", when=["charged", "melee"]).to_json()
    gone = next(e for e in data["in_play"]["self"] if e["name"] == "Defend Obstacle")
    assert gone["set_aside"].endswith("the rule is removed, so it is not in play")
    assert not next(e for e in data["in_play"]["self"] if e["name"] == "Obstacle").get("set_aside")


def test_a_removed_rule_in_words_of_our_own() -> None:
    removal = rel("amends", "Old Way", "page:9", "Old Way (p.9)", details={"op": "remove"})
    view = system({"Old Way": "removed", "New Way": "+1 Movement."}, [removal])
    data = rulings(view, picks("Old Way", "New Way"))
    assert [e["name"] for e in data["in_play"]["self"] if e.get("set_aside")] == ["Old Way"]
    edit = rel("amends", "Old Way", "page:9", "Old Way (p.9)", details={"op": "edit"})
    assert [e for e in rulings(system({"Old Way": "changed"}, [edit]), picks("Old Way"))["in_play"]["self"] if e.get("set_aside")] == []


def test_objective_security_holds_objectives_even_if_outnumbered(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Objective security, Holding objectives").to_json()
    assert brief(data) == [("explicit-exception", "Objective security", ["Objective security", "Holding objectives"])]
    assert [c["quote"] for c in data["rulings"][0]["citations"]] == [
        "Models with this keyword automatically hold objectives even if they are outnumbered.", "Players with more models on an objective hold it."]
    both = resolve(rulebase, "last-edition", "Objective security, Holding objectives", "Objective security").to_json()
    assert "explicit-exception" not in [r["principle"] for r in both["rulings"]]


def test_an_automatic_deed_even_if_is_an_exception_to_the_rule_named_for_it() -> None:
    view = system({"Stalwart": "Stalwart units automatically rally their ranks even if they are outnumbered.",
                   "Rallying Ranks": "A unit with more models than its foe rallies its ranks.", "Banner": "+1 Leadership."}, [])
    assert brief(rulings(view, picks("Stalwart", "Rallying Ranks", "Banner"))) == [("explicit-exception", "Stalwart", ["Stalwart", "Rallying Ranks"])]


def test_cannot_be_stomped_prevails_over_stomp_attacks(army) -> None:
    # its bearer's exception to the enemy's Stomp Attacks ("from enemy model") spares it as an immunity does
    data = resolve(army, "t9a", "Cannot be Stomped", "Stomp Attacks (D3)", when=["melee"]).to_json()
    assert brief(data) == [("immunity", "Cannot be Stomped", ["Cannot be Stomped", "Stomp Attacks"])]
