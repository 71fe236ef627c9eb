"""The BattleScribe samples' own wordings (issue 22, round 3), on the real data of
/work/shared/bsdata imported as a system, and on small systems of our own wording: a cumulative
rule's modifier counts once per instance; the restatement of that ("allowing an additional -1 ...
for each instance") is no modifier of its own, so nothing for shooting stands in melee; equipment a
rule forbids ("cannot be equipped with a shield") and a weapon's Two-Handed from its profile set the
Shield aside."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.store.load import open_rules
from referee.cli.commands import main
from referee.resolve import resolve
from tests.resolve.test_principles import picks, rel, system, system_data
from tests.stores import stored

BSDATA = Path("/work/shared/bsdata")


@pytest.fixture(scope="module")
def army(tmp_path_factory: pytest.TempPathFactory):
    into = tmp_path_factory.mktemp("bsdata")
    files = [str(BSDATA / "2nd-theNinthAge-FantasyBattles.gst"), str(BSDATA / "2nd-highbornElves.cat")]
    assert main(["import", "battlescribe", *files, "--system", "t9a", "--into", str(into), "--json"]) == 0
    return open_rules(into).whole()


def _mods(data: dict) -> set[tuple[str, str, str | None]]:
    return {(m["side"], m["stat"], m["value"]) for m in data["modifiers"]}


def test_hard_target_twice_is_minus_two_to_hit(army) -> None:
    data = resolve(army, "t9a", "Hard Target (1), Hard Target (1)", when=["shooting"]).to_json()
    assert _mods(data) == {("self", "to-hit", "-2")}
    assert [r["principle"] for r in data["rulings"]] == ["stacking"]
    assert "allowing an additional -1 to-hit modifier for each instance" in data["rulings"][0]["citations"][0]["quote"]


def test_hard_target_brings_no_modifier_in_melee(army) -> None:
    data = resolve(army, "t9a", "Hard Target (1)", when=["melee"]).to_json()
    assert data["modifiers"] == []
    assert [i["reason"] for i in data["in_play"]["inactive"]] == [
        "Hard Target modifies to-hit -1 only when shooting and ranged attacks (--when shooting not given)"]


def test_a_rule_that_forbids_a_shield_sets_it_aside(army) -> None:
    data = resolve(army, "t9a", "High Warden of the Flame, Shield", when=["melee"]).to_json()
    shield = next(e for e in data["in_play"]["self"] if e["name"] == "Shield")
    assert shield["set_aside"] == "Shield cannot be used: High Warden of the Flame forbids it, and cannot beats can"
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert ruling["winner"] == "High Warden of the Flame"
    assert ruling["citations"][0]["quote"].endswith("and cannot be equipped with a shield.")


def test_a_halberds_two_handed_from_its_profile_sets_the_shield_aside_in_melee(army) -> None:
    data = resolve(army, "t9a", "Halberd, Shield", when=["melee"]).to_json()
    two = next(e for e in data["in_play"]["self"] if e["name"] == "Two-Handed")
    assert [step["name"] for step in two["via"]] == ["Halberd"]
    assert next(e for e in data["in_play"]["self"] if e["name"] == "Shield")["set_aside"]
    assert [(r["principle"], r["winner"]) for r in data["rulings"]] == [("explicit-exception", "Two-Handed")]
    shot = resolve(army, "t9a", "Halberd, Shield", when=["shooting"]).to_json()
    # the Shield stays; its Parry "can only be used against Close Combat Attacks": not in play when shot at
    assert all(e["set_aside"] is None for e in shot["in_play"]["self"] if e["name"] != "Parry")
    parry = next(e for e in shot["in_play"]["self"] if e["name"] == "Parry")
    assert parry["set_aside"].startswith("Parry holds only in close combat, by its own words (\"can only be used against Close Combat Attacks\")")


def test_a_cumulative_rules_own_number_counts_per_instance_in_a_small_system() -> None:
    view = system({"Dodge": "Attacks against it suffer -1 to hit. This rule is cumulative."}, [
        rel("modifies", "Dodge", None, "Attacks against it suffer -1 to hit.", details={"stat": "to-hit", "value": "-1"}),
        rel("stacks", "Dodge", None, "This rule is cumulative.", details={"mode": "cumulative"}),
    ])
    three = resolve(view, "demo", picks("Dodge", "Dodge", "Dodge")).to_json()
    assert _mods(three) == {("self", "to-hit", "-3")}
    one = resolve(view, "demo", picks("Dodge")).to_json()
    assert _mods(one) == {("self", "to-hit", "-1")}


def test_a_rule_that_says_nothing_of_several_instances_leaves_its_number_open_in_a_small_system() -> None:
    # was: "-1", the precedence model's own "the same rule twice applies once" taken for the text's word
    view = system({"Dodge": "Attacks against it suffer -1 to hit."}, [
        rel("modifies", "Dodge", None, "Attacks against it suffer -1 to hit.", details={"stat": "to-hit", "value": "-1"})])
    data = resolve(view, "demo", picks("Dodge", "Dodge")).to_json()
    assert _mods(data) == {("self", "to-hit", "-1")}  # what one instance gives, with the doubt beside it
    assert data["modifiers"][0]["condition"] == ["for one instance, or for each of its 2 instances: the text does not say which"]
    assert [u["rules"] for u in data["unresolved"]] == [["Dodge"]] and data["rulings"] == []


def test_a_small_systems_prohibition_of_equipment_sets_it_aside() -> None:
    view = system({"Berserker": "The bearer cannot be equipped with a shield.", "Shield": "+1 Armour."}, [
        rel("cannot", "Berserker", "Shield", "The bearer cannot be equipped with a shield.", details={"action": "shield"}),
        rel("modifies", "Shield", None, "+1 Armour.", details={"stat": "Armour", "value": "+1"})])
    data = resolve(view, "demo", picks("Berserker", "Shield")).to_json()
    assert data["modifiers"] == []
    assert next(e for e in data["in_play"]["self"] if e["name"] == "Shield")["set_aside"]


def test_move_or_fire_prevails_over_march_and_shoot(army) -> None:
    data = resolve(army, "t9a", "March and Shoot, Move or Fire", when=["shooting", "moved"]).to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("explicit-exception", "Move or Fire", ["Move or Fire", "March and Shoot"])
    assert ruling["citations"][0]["quote"].endswith("unless the attack is also subject to Move or Fire.")
    # and its own "The attack may not be used if the attacking model has made an Advance Move, ...", with its if: a
    # prohibition on the attack Move or Fire is on, in force (this test pinned it as "Move or Fire cannot be used"
    # before, the rule itself set aside where the if holds; the rule is what forbids)
    [own] = [d for d in data["in_force"] if d["kind"] == "cannot" and d["name"] == "Move or Fire"]
    assert own["conditions"] == ["if the attacking model has made an Advance Move"]
    assert own["citation"]["quote"].startswith("The attack may not be used if the attacking model has made an Advance Move")
    assert [e["set_aside"] for e in data["in_play"]["self"] if e["name"] == "Move or Fire"] == [None]


def test_valiant_passes_the_panic_tests_terror_causes(army) -> None:
    data = resolve(army, "t9a", "Terror", opponent="Valiant").to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"]) == ("immunity", "Valiant")
    assert ruling["citations"][0]["quote"] == "If more than half of a unit's models have Valiant, the unit automatically passes Panic Tests caused by Terror."
    assert data["unresolved"] == []


def test_immune_to_the_attributes_in_its_brackets(army) -> None:
    data = resolve(army, "t9a", "Immune (Poison Attacks)", opponent="Poison Attacks", when=["melee"]).to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("immunity", "Immune", ["Immune", "Poison Attacks"])
    assert ruling["citations"][0]["quote"].endswith("lose these Attack Attributes.")
    other = resolve(army, "t9a", "Immune (Flaming Attacks)", opponent="Poison Attacks", when=["melee"]).to_json()
    assert other["rulings"] == []


def test_immune_to_its_parameters_in_a_small_system() -> None:
    sentence = "Spells named in brackets cast at the model are unaffected by these spells."
    data = system_data({"Warded": sentence, "Fireball": "Burns.", "Frost": "Chills."},
                       [rel("immune-to", "Warded", None, sentence, details={"immune": "its parameters"})])
    data["names"]["demo"] = {"warded": ["demo/Warded"], "fireball": ["demo/Fireball"], "frost": ["demo/Frost"]}
    data["systems"] = ["demo"]
    view = stored(data)
    hit = resolve(view, "demo", picks(("Warded", ("Fireball",))), picks("Fireball")).to_json()
    assert [(r["principle"], r["winner"]) for r in hit["rulings"]] == [("immunity", "Warded")]
    miss = resolve(view, "demo", picks(("Warded", ("Fireball",))), picks("Frost")).to_json()
    assert miss["rulings"] == []


def test_reload_stays_in_play_and_forbids_its_attack_a_stand_and_shoot(army) -> None:
    """"The attack cannot be used for a Stand and Shoot Charge Reaction" binds the attack Reload! is
    on: Reload! is in play and forbids (round 9's sealed r9-t9a-bsdata-002 set it aside)."""
    data = resolve(army, "t9a", "Steady Aim, Reload!", when=["charged", "shooting"]).to_json()
    assert [e["set_aside"] for e in data["in_play"]["self"] if e["name"] == "Reload!"] == [None]
    [forbids] = [d for d in data["in_force"] if d["kind"] == "cannot" and d["name"] == "Reload!"]
    assert (forbids["actions"], forbids["conditions"]) == (["be used for a Stand and Shoot Charge Reaction"], [])
    assert forbids["citation"]["quote"] == "The attack cannot be used for a Stand and Shoot Charge Reaction."
    assert not [r for r in data["rulings"] if r["winner"] == "Steady Aim"]


def test_fleet_officers_sky_reaper_bonus_is_not_the_longbows(army) -> None:
    """"... when using a Sky Reaper, +2 to-hit": no rule is named Sky Reaper, but the model shoots the
    Longbow, a Ranged Weapon, so the +2 is not stated (round 7's sealed r7-t9a-bsdata-032, wrong)."""
    data = resolve(army, "t9a", "Fleet Officer, Longbow", when=["shooting"]).to_json()
    assert not [m for m in data["modifiers"] if m["stat"] == "to-hit" and m["value"] == "+2"]
    [idle] = [i for i in data["in_play"]["inactive"] if i["relation"] == "modifies" and i["name"] == "Fleet Officer"]
    assert idle["reason"].endswith('("when using a Sky Reaper"), and the side has Longbow instead')
