"""What a rule's parameter says it applies to (referee/resolve/parameters.py): "Aegis (4+, against
Flaming Attacks)" is in play only against Flaming Attacks; a sentence of "Immunity" for "Immune to
Poison" is only for the instance Immunity (Poison).  Issue 22, round 3: a meeting was ruled where
nothing meets."""

from __future__ import annotations

from referee.store.record import Build
from referee.resolve import resolve
from referee.text import fold
from tests.resolve.test_principles import picks, rel, system_data
from tests.stores import stored


def test_an_immunity_to_flame_does_not_meet_poisoned_attacks(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Immunity (Flame)", opponent="Poisoned").to_json()
    # no meeting; Poisoned's own word on an instance without a number is quoted (was: no ruling at all)
    assert [(r["principle"], r["rules"]) for r in data["rulings"]] == [("own-words", ["Poisoned"])] and data["unresolved"] == []
    assert data["rulings"][0]["citations"][0]["quote"] == "If no number is shown in brackets, the rule is Poisoned (4+)."
    [idle] = [i for i in data["in_play"]["inactive"] if i["relation"] == "immune-to"]
    assert idle["reason"] == "Immunity immune-to Poisoned: its words are for Immune to Poison, and here it is Immunity (Flame)"
    assert idle["citation"]["quote"].startswith("Exception: A model with Immune to Poison causes Poisoned attacks to roll normally")


def test_an_immunity_to_poison_still_prevails_over_poisoned(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Immunity (Poison)", opponent="Poisoned").to_json()
    # the exception is in the immunity's own words ("A model with Immune to Poison causes Poisoned attacks to roll normally
    # against it"): an immunity ruling, and Poisoned, set aside against it, has no words of its own to quote here
    assert [(r["principle"], r["winner"]) for r in data["rulings"]] == [("immunity", "Immunity")]
    assert [e["set_aside"] is not None for e in data["in_play"]["opponent"]] == [True]


def test_an_aegis_against_flaming_attacks_is_not_in_play_against_other_attacks(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Divine Attacks", opponent="Aegis (4+, against Flaming Attacks)").to_json()
    assert data["rulings"] == [] and data["unresolved"] == []
    assert data["in_play"]["opponent"] == []
    [idle] = [i for i in data["in_play"]["inactive"] if i["relation"] == "parameter"]
    assert idle["side"] == "opponent" and idle["rule"] == "t9a/aegis"
    assert idle["reason"] == "Aegis (4+, against Flaming Attacks) applies only against Flaming Attacks: the other side does not have it"
    assert idle["citation"]["file"].startswith("t9a/")


def test_the_same_aegis_meets_flaming_divine_attacks(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Divine Attacks, Flaming Attacks", opponent="Aegis (4+, against Flaming Attacks)").to_json()
    assert ("explicit-exception", "Divine Attacks") in [(r["principle"], r["winner"]) for r in data["rulings"]]
    assert not [i for i in data["in_play"]["inactive"] if i["relation"] == "parameter"]


def test_without_an_other_side_the_scoped_instance_stays(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Aegis (4+, against Flaming Attacks)").to_json()
    assert [e["name"] for e in data["in_play"]["self"]] == ["Aegis"]


def _named(data, *names: str):
    data["names"]["demo"] = {fold(n): [f"demo/{n}"] for n in names}
    data["systems"] = ["demo"]
    return stored(data)


def test_a_phrase_of_the_parameter_scopes_a_sentence_in_a_small_system() -> None:
    text = 'A model with "Resistant to X" shrugs off X. A model with Resistant to Cold ignores Frost.'
    sentence = "A model with Resistant to Cold ignores Frost."
    view = _named(system_data({"Resistance": text, "Frost": "Frost attacks chill.", "Fire": "Fire burns."},
                         [rel("overrides", "Resistance", "Frost", sentence, subject="A model with Resistant to Cold")]),
                  "Resistance", "Frost", "Fire")
    fire = resolve(view, "demo", picks(("Resistance", ("Fire",))), picks("Frost")).to_json()
    assert fire["rulings"] == [] and fire["unresolved"] == []
    assert [i["reason"] for i in fire["in_play"]["inactive"]] == [
        "Resistance overrides Frost: its words are for Resistant to Cold, and here it is Resistance (Fire)"]
    cold = resolve(view, "demo", picks(("Resistance", ("Cold",))), picks("Frost")).to_json()
    assert [(r["principle"], r["winner"]) for r in cold["rulings"]] == [("explicit-exception", "Resistance")]
    bare = resolve(view, "demo", picks("Resistance"), picks("Frost")).to_json()  # no value given: never guessed away
    assert [(r["principle"], r["winner"]) for r in bare["rulings"]] == [("explicit-exception", "Resistance")]


def test_a_save_against_one_kind_of_attack_in_a_small_system() -> None:
    view = _named(system_data({"Ward": "A Ward save.", "Fire": "Fire burns.", "Hex": "Hexed attacks ignore Ward."},
                         [rel("overrides", "Hex", "Ward", "Hexed attacks ignore Ward.")]), "Ward", "Fire", "Hex")
    alone = resolve(view, "demo", picks("Hex"), picks(("Ward", ("5+", "vs. Fire")))).to_json()
    assert alone["rulings"] == []
    assert [i["reason"] for i in alone["in_play"]["inactive"]] == ["Ward (5+, vs. Fire) applies only against Fire: the other side does not have it"]
    both = resolve(view, "demo", picks("Hex", "Fire"), picks(("Ward", ("5+", "vs. Fire")))).to_json()
    assert [(r["principle"], r["winner"]) for r in both["rulings"]] == [("explicit-exception", "Hex")]


# -- a grant "against weapons other than Blast, Large Blast and Template weapons" --


def test_swarms_have_no_stealth_against_a_blast_or_a_template(rulebase: Build) -> None:
    for weapon in ("Blast", "Large Blast", "Template"):
        data = resolve(rulebase, "scrollhammer", "Swarms", opponent=weapon, when=["shooting"]).to_json()
        assert "Stealth" not in [e["name"] for e in data["in_play"]["self"]], weapon
        [idle] = [i for i in data["in_play"]["inactive"] if i["name"] == "Stealth"]
        assert idle["reason"].endswith(": the other side has it") and idle["citation"]["quote"].startswith("Swarms have the Stealth(+1)")
        assert not [m for m in data["modifiers"] if m["stat"] == "cover save"]


def test_swarms_keep_stealth_against_other_weapons(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Swarms", opponent="Rending", when=["shooting"]).to_json()
    assert "Stealth" in [e["name"] for e in data["in_play"]["self"]]
    assert [(m["stat"], m["value"]) for m in data["modifiers"] if m["stat"] == "cover save"] == [("cover save", "+1")]


def test_other_than_a_list_in_a_small_system() -> None:
    grant = "Wraiths gain Ward against attacks other than Fire and Holy attacks."
    view = _named(system_data({"Wraith": grant, "Ward": "A save.", "Fire": "Burns.", "Holy": "Blessed.", "Axe": "Chops."},
                         [rel("grants", "Wraith", "Ward", grant, conditions=(("except-against", "demo/Fire", "except against Fire"),
                                                                            ("except-against", "demo/Holy", "except against Holy")))]),
                  "Wraith", "Ward", "Fire", "Holy", "Axe")
    assert "Ward" in [e["name"] for e in resolve(view, "demo", picks("Wraith"), picks("Axe")).to_json()["in_play"]["self"]]
    for weapon in ("Fire", "Holy"):
        assert "Ward" not in [e["name"] for e in resolve(view, "demo", picks("Wraith"), picks(weapon)).to_json()["in_play"]["self"]]
