"""A rule's own limit binds the whole rule: a phase, its bearer's state, a kind of attack, a weapon
(referee.resolve.scope), on a small system of this test's own words and on the real documents."""

from __future__ import annotations

from typing import Any

from referee.resolve import resolve
from tests.resolve.test_principles import SYSTEM, name_index, picks, system_data
from tests.stores import stored

RULES = {
    "Gunner": "Twice per Shooting Phase, an unengaged Gunner may pick one Cannon within 8\" to reroll its Misfire.",
    "War Drum": "Every unit within 10\" of a friendly non-Fleeing model with War Drum may reroll failed Panic Tests.",
    "Riposte": "The model gains +1 Defensive Skill. Riposte may only be used against Close Combat Attacks.",
    "Fire Arrows": "This Arrowhead can only be used with Shortbows or Warbows. Its attacks gain Flaming Attacks.",
    "Shortbow": "A bow.",
    "Warbow": "A long bow.",
    "Sling": "A sling.",
    "Flaming Attacks": "The attacks are flaming.",
    "Sharp Eyes": "A model with Sharp Eyes ignores Cover. In the Shooting Phase, it also gains +1 to hit.",
}


def _view() -> Any:
    data = system_data(RULES, [])
    data["names"] = name_index(RULES)
    for name in ("Shortbow", "Warbow", "Sling"):
        data["rules"][f"demo/{name}"]["category"] = "Ranged Weapon"
    grant = {"kind": "grants", "source": "demo/Fire Arrows", "target": "demo/Flaming Attacks", "target_name": "Flaming Attacks",
             "subject": None, "conditions": [], "details": {},
             "citation": {"rule": "demo/Fire Arrows", "sentence": "Its attacks gain Flaming Attacks.", "file": "demo/rules.txt", "line": 4, "column": 60}}
    data["relations_out"]["demo/Fire Arrows"] = [grant]
    data["relations_in"]["demo/Flaming Attacks"] = [grant]
    return stored(data)


VIEW = _view()


def _entry(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(e for e in data["in_play"]["self"] if e["name"] == name)


def _ask(keywords: tuple[str, ...], when: tuple[str, ...] = ()) -> dict[str, Any]:
    return resolve(VIEW, SYSTEM, picks(*keywords), None, when).to_json()


def test_a_rule_placed_in_the_shooting_phase_is_not_in_play_in_close_combat() -> None:
    data = _ask(("Gunner",), ("melee",))
    assert _entry(data, "Gunner")["set_aside"] == 'Gunner holds only when shooting, by its own words ("per Shooting Phase"), and the situation says --when melee'
    # both limits the situation rules out are said, each by its own words, and quoted by the sentence that holds them
    sentence = 'Twice per Shooting Phase, an unengaged Gunner may pick one Cannon within 8" to reroll its Misfire.'
    assert [(i["reason"].split(", by its own words")[0], i["citation"]["quote"]) for i in data["in_play"]["inactive"]] == [
        ("Gunner holds only when shooting", sentence), ("Gunner holds only when not in close combat", sentence)]
    assert [i["reason"].split('"')[1] for i in data["in_play"]["inactive"]] == ["per Shooting Phase", "unengaged Gunner"]


def test_where_the_situation_cannot_tell_the_rule_holds_only_under_its_words() -> None:
    data = _ask(("Gunner",))
    gunner = _entry(data, "Gunner")
    assert gunner["set_aside"] is None
    assert gunner["conditions"] == ['only when shooting (its words "per Shooting Phase")']
    shot = _ask(("Gunner",), ("shooting",))
    assert _entry(shot, "Gunner")["conditions"] == [] and _entry(shot, "Gunner")["set_aside"] is None


def test_a_bearer_that_must_not_flee_brings_nothing_when_it_flees() -> None:
    assert _entry(_ask(("War Drum",), ("fleeing",)), "War Drum")["set_aside"] == (
        'War Drum holds only when its bearer is not fleeing, by its own words ("non-Fleeing model with War Drum"), and the situation says --when fleeing')
    calm = _entry(_ask(("War Drum",)), "War Drum")
    assert (calm["set_aside"], calm["conditions"]) == (None, [])
    # --when fleeing is the acting unit's state: the opponent's War Drum is not ruled out by it
    theirs = resolve(VIEW, SYSTEM, picks("Gunner"), picks("War Drum"), ("fleeing",)).to_json()
    assert next(e for e in theirs["in_play"]["opponent"] if e["name"] == "War Drum")["set_aside"] is None


def test_a_rule_used_only_against_close_combat_attacks_is_not_in_play_when_shot_at() -> None:
    assert _entry(_ask(("Riposte",), ("shooting",)), "Riposte")["set_aside"].startswith("Riposte holds only in close combat")
    assert _entry(_ask(("Riposte",), ("melee",)), "Riposte")["set_aside"] is None


def test_a_rule_used_only_with_some_weapons() -> None:
    sling = _ask(("Fire Arrows", "Sling"))
    assert _entry(sling, "Fire Arrows")["set_aside"] == (
        'Fire Arrows holds only with Shortbows or Warbows, by its own words ("can only be used with Shortbows or Warbows"), and the side has Sling instead')
    assert _entry(sling, "Flaming Attacks")["set_aside"]  # what it grants goes with it
    assert _entry(_ask(("Fire Arrows", "Warbow")), "Fire Arrows")["set_aside"] is None
    alone = _ask(("Fire Arrows",))
    said = 'only with Shortbows or Warbows (its words "can only be used with Shortbows or Warbows")'
    assert _entry(alone, "Fire Arrows")["conditions"] == [said]
    assert _entry(alone, "Flaming Attacks")["conditions"] == [said]


def test_a_limit_in_a_later_sentence_binds_only_that_sentence() -> None:
    data = _ask(("Sharp Eyes",), ("melee",))
    assert _entry(data, "Sharp Eyes")["set_aside"] is None


def test_the_real_documents(rulebase) -> None:
    engineer = resolve(rulebase, "t9a", "Engineer (3+)", when=["melee"]).to_json()
    assert _entry(engineer, "Engineer")["set_aside"].startswith('Engineer holds only when shooting, by its own words ("Once per Shooting Phase")')
    [first, second] = [i["citation"] for i in engineer["in_play"]["inactive"] if i["name"] == "Engineer"]
    assert (first["file"], first["line"], first["column"]) == ("t9a/universal-rules.txt", 44, 1)
    # the sentence that holds both limits, as far as its paragraph runs (the list of effects after it is not quoted)
    assert second == first and first["quote"].startswith("Once per Shooting Phase, an unengaged Engineer may select")
    assert first["quote"].endswith("to gain the following effects:")
    flag = resolve(rulebase, "t9a", "Rally Around the Flag", when=["fleeing"]).to_json()
    assert _entry(flag, "Rally Around the Flag")["set_aside"].startswith("Rally Around the Flag holds only when its bearer is not fleeing")
    assert _entry(resolve(rulebase, "t9a", "Rally Around the Flag").to_json(), "Rally Around the Flag")["set_aside"] is None
