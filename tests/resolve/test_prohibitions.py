"""A prohibition of using a rule under a condition on the side's other rules by their category
("If a model has any Close Combat Weapon other than a Hand Weapon, it cannot choose to use the Hand
Weapon"): the rule of that category in play is what sets it aside (issue 22, round 3)."""

from __future__ import annotations

from referee.store.record import Build
from referee.resolve import resolve
from tests.resolve.test_principles import picks, rel, system, system_data
from tests.stores import stored


def test_a_great_weapon_sets_the_hand_weapon_aside(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Hand Weapon, Great Weapon", when=["melee"]).to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("cannot-beats-can", "Great Weapon", ["Great Weapon", "Hand Weapon"])
    assert ruling["outcome"] == "Hand Weapon cannot be used: Hand Weapon forbids it where Great Weapon is there, and cannot beats can"
    assert ruling["citations"][0]["quote"].startswith("If a model has any Close Combat Weapon other than a Hand Weapon, it cannot choose")
    assert next(e for e in data["in_play"]["self"] if e["name"] == "Hand Weapon")["set_aside"]


def test_a_shield_is_no_close_combat_weapon(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Hand Weapon, Shield", when=["melee"]).to_json()
    assert data["rulings"] == []
    assert all(e["set_aside"] is None for e in data["in_play"]["self"])
    [idle] = [i for i in data["in_play"]["inactive"] if i["relation"] == "cannot"]
    assert idle["reason"] == ("Hand Weapon forbids Hand Weapon only if a model has any Close Combat Weapon other than a Hand Weapon: "
                              "no such rule of this side is in play")


def _sword_and_axe():
    sentence = "A model that carries any Ranged Weapon other than a Sling cannot use the Sling."
    data = system_data({"Sling": sentence, "Longbow": "Range 30.", "Dagger": "A blade."}, [
        rel("cannot", "Sling", "Sling", sentence, details={"action": "use the Sling"},
            conditions=(("other", None, "A model that carries any Ranged Weapon other than a Sling"),))])
    data["rules"]["demo/Longbow"]["category"] = "Ranged Weapons"
    data["rules"]["demo/Sling"]["category"] = "Ranged Weapons"
    data["rules"]["demo/Dagger"]["category"] = "Close Combat Weapon"
    return stored(data)


def test_a_category_condition_of_other_words_in_a_small_system() -> None:
    view = _sword_and_axe()
    bow = resolve(view, "demo", picks("Sling", "Longbow")).to_json()
    assert [(r["principle"], r["winner"]) for r in bow["rulings"]] == [("cannot-beats-can", "Longbow")]
    dagger = resolve(view, "demo", picks("Sling", "Dagger")).to_json()
    assert dagger["rulings"] == []


def test_a_pistol_is_no_close_combat_weapon(rulebase: Build) -> None:
    # the glossary's "Close Combat Weapon" header does not reach a weapon whose profile states a range
    pistol = resolve(rulebase, "t9a", "Hand Weapon, Pistol", when=["melee"]).to_json()
    assert pistol["rulings"] == [] and all(e["set_aside"] is None for e in pistol["in_play"]["self"])


# -- a prohibition of an action the situation names binds the side's ways of doing it --


def test_a_fleeing_unit_cannot_volley_fire_either(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Volley Fire, Subsequent Actions Of Fleeing Troops", when=["fleeing", "shooting"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can" and r["winner"] == "Subsequent Actions Of Fleeing Troops"]
    assert ruling["rules"] == ["Subsequent Actions Of Fleeing Troops", "Volley Fire"]
    assert ruling["outcome"].endswith("so it cannot shoot here; nor can Volley Fire be used to shoot")
    assert [(c["name"], c["line"], c["column"]) for c in ruling["citations"]] == [
        ("Subsequent Actions Of Fleeing Troops", 85, 503), ("Volley Fire", 244, 1)]


def _panicked():
    cannot = "A panicked unit cannot shoot."
    return system({"Panic": cannot, "Rapid Fire": "A unit with this special rule may fire twice with its shooting attacks.",
                   "Brawler": "A unit with this special rule can fight with an extra rank."},
                  [rel("cannot", "Panic", None, cannot, details={"action": "shoot"})])


def test_a_way_of_shooting_is_ruled_with_a_prohibition_of_shooting_in_a_small_system() -> None:
    data = resolve(_panicked(), "demo", picks("Panic", "Rapid Fire", "Brawler"), None, ("shooting",)).to_json()
    [ruling] = data["rulings"]
    assert (ruling["winner"], ruling["rules"]) == ("Panic", ["Panic", "Rapid Fire"])  # Brawler is no way of shooting
    assert {e["name"]: e["set_aside"] for e in data["in_play"]["self"]} == {
        "Panic": None, "Rapid Fire": "Panic: the unit cannot shoot here", "Brawler": None}
    melee = resolve(_panicked(), "demo", picks("Panic", "Rapid Fire"), None, ("melee",)).to_json()
    assert melee["rulings"] == []


def test_a_fleeing_unit_cannot_use_its_breath_weapons_shooting_attack(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Subsequent Actions Of Fleeing Troops, Breath Weapon", when=["fleeing", "shooting"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert ruling["rules"] == ["Subsequent Actions Of Fleeing Troops", "Breath Weapon"]
    # the part of the rule named for the action is what says it is a way of shooting
    assert [(c["name"], c["line"]) for c in ruling["citations"][1:]] == [("Breath Weapon Shooting Attack", 291)]


def test_a_way_of_fighting_with_an_article_in_a_small_system() -> None:
    cannot = "A stunned unit cannot fight."
    view = system({"Stun": cannot, "Whirl": "A model with a Whirl can make close combat attacks against every enemy."},
                  [rel("cannot", "Stun", None, cannot, details={"action": "fight"})])
    data = resolve(view, "demo", picks("Stun", "Whirl"), None, ("melee",)).to_json()
    assert [r["rules"] for r in data["rulings"]] == [["Stun", "Whirl"]]


# -- "The only Charge Reaction ... is Hold" against an obligation to make another --


def test_undead_can_only_hold_against_terrors_flee(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Undead", opponent="Terror", when=["charged"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert ruling["winner"] == "Undead" and ruling["rules"][:2] == ["Undead", "Terror"]
    assert "yields (it holds only if possible)" in ruling["outcome"]
    quotes = [c["quote"] for c in ruling["citations"]]
    assert "The only Charge Reaction a unit with one or more models with Undead can perform is Hold." in quotes


def test_the_only_choice_in_a_small_system() -> None:
    only = "The only Stance a unit with Stoic can take is Guard."
    must = "Its target must take a Rout Stance."
    view = system({"Stoic": only, "Dread": must, "Drill": "Its target must take a Guard Stance."}, [
        rel("cannot", "Stoic", None, only, details={"action": "declare a Stance other than Guard", "only": "Guard", "kind_of": "Stance"}),
        rel("must", "Dread", None, must, details={"action": "take a Rout Stance"}, subject="Its target"),
        rel("must", "Drill", None, "Its target must take a Guard Stance.", details={"action": "take a Guard Stance"}, subject="Its target")])
    met = resolve(view, "demo", picks("Stoic"), picks("Dread")).to_json()
    # they meet, and neither sentence says which prevails: the convention is offered, the question open
    assert met["rulings"] == [] and [u["rules"] for u in met["unresolved"]] == [["Stoic", "Dread"]]
    assert "cannot beats must" in met["unresolved"][0]["convention"]
    allowed = resolve(view, "demo", picks("Stoic"), picks("Drill")).to_json()
    assert allowed["rulings"] == []


# -- two rules that each set aside one rule in the same respect --


def test_wizard_conclave_and_protean_magic_leave_the_spell_selection_open(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Wizard Conclave, Protean Magic").to_json()
    assert not [r for r in data["rulings"] if r["principle"] == "explicit-exception"]
    [question] = [u for u in data["unresolved"] if "Protean Magic" in u["rules"]]
    assert question["rules"] == ["Wizard Conclave", "Protean Magic", "Wizard Adept"]
    assert question["reason"] == ("Wizard Conclave and Protean Magic each set aside Wizard Adept's Spell Selection with their own words, "
                                  "and no sentence says which of the two applies in its place")
    assert {c["name"] for c in question["citations"]} >= {"Wizard Conclave", "Protean Magic"}


def test_rival_and_agreeing_exceptions_in_a_small_system() -> None:
    a, b = "Aria overrides the Battle Drill rules of Soldiers.", "Bard overrides the Battle Drill rules of Soldiers."
    c, d = "Attacks of Cleaver ignore Soldier.", "Attacks of Dirk ignore Soldier."
    view = system({"Aria": a, "Bard": b, "Cleaver": c, "Dirk": d, "Soldier": "Drills."}, [
        rel("overrides", "Aria", "Soldier", a), rel("overrides", "Bard", "Soldier", b),
        rel("overrides", "Cleaver", "Soldier", c), rel("overrides", "Dirk", "Soldier", d)])
    rival = resolve(view, "demo", picks("Aria", "Bard", "Soldier")).to_json()
    assert rival["rulings"] == [] and [u["rules"] for u in rival["unresolved"]] == [["Aria", "Bard", "Soldier"]]
    agreeing = resolve(view, "demo", picks("Cleaver", "Dirk", "Soldier")).to_json()
    assert sorted(r["winner"] for r in agreeing["rulings"]) == ["Cleaver", "Dirk"] and agreeing["unresolved"] == []
