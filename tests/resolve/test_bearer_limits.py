"""A rule limited as a whole to whom it is for: the target of a charge ("If a unit with this rule is
charged, ..."), a model on foot or a mounted one (its name's last bracket: "Spear (foot)"); on a small
system of this test's own words and on the real documents."""

from __future__ import annotations

from typing import Any

import pytest

from referee.graph.limits import name_limit, whole_limits
from referee.resolve import resolve
from referee.resolve.naming import picks as named
from referee.store.load import open_rules
from tests.resolve.test_principles import SYSTEM, name_index, picks, system_data
from tests.stores import stored

RULES = {
    "Ambuscade": "If a unit with this rule is charged, it may strike at the charger first. If it does, the charger loses its charge bonus.",
    "Pike (foot)": "Strikes from a second rank as well.",
    "Couched Spear (mounted)": "Gains +2 Strength on the turn it charges.",
    "Onrush": "In a turn in which a unit with this rule charges or is charged, it gains +1 Attack.",
    "Headlong": "Charging models with Headlong gain +1 Strength.",
}


def _view() -> Any:
    data = system_data(RULES, [])
    data["names"] = name_index(RULES)
    return stored(data)


VIEW = _view()


def _entry(keywords: str, when: tuple[str, ...] = ()) -> dict[str, Any]:
    data = resolve(VIEW, SYSTEM, picks(keywords), None, when).to_json()
    return next(e for e in data["in_play"]["self"] if e["name"] == keywords)


def test_a_rule_for_the_target_of_a_charge_brings_nothing_to_the_charger() -> None:
    assert _entry("Ambuscade", ("charging", "melee"))["set_aside"] == (
        "Ambuscade holds only when its bearer's unit is charged, by its own words "
        '("If a unit with this rule is charged"), and the situation says --when charging')
    assert _entry("Ambuscade", ("charged",))["set_aside"] is None
    untold = _entry("Ambuscade")
    assert (untold["set_aside"], untold["conditions"]) == (None, ['only when its bearer\'s unit is charged (its words "If a unit with this rule is charged")'])


def test_charging_or_charged_limits_to_neither() -> None:
    # "charges or is charged" is either side of a charge: no limit to one of them
    assert whole_limits([RULES["Onrush"]], "Onrush") == []
    assert _entry("Onrush", ("charging",))["set_aside"] is None


def test_the_outcome_of_what_the_first_sentence_began_keeps_its_limit() -> None:
    # "If it does, ..." says more of the first sentence; it is no effect of its own under its own words
    assert [l.situation for l in whole_limits(list(RULES["Ambuscade"].split(". ")), "Ambuscade")] == ["charged"]


@pytest.mark.parametrize(("name", "situation"), [("Pike (foot)", "on-foot"), ("Lance (on foot)", "on-foot"), ("Couched Spear (mounted)", "mounted"),
                                                 ("Spear (Infantry)", None), ("Fly (8, 16)", None)])
def test_a_names_last_bracket_says_whom_the_rule_is_for(name: str, situation: str | None) -> None:
    found = name_limit(name)
    assert (found.situation if found else None) == situation


def test_a_rule_for_models_on_foot_brings_nothing_to_a_mounted_one() -> None:
    assert _entry("Pike (foot)", ("mounted",))["set_aside"] == (
        'Pike (foot) holds only for a model on foot, by its own words ("Pike (foot)"), and the situation says --when mounted')
    assert _entry("Pike (foot)", ("on-foot",))["set_aside"] is None
    assert _entry("Couched Spear (mounted)", ("on-foot",))["set_aside"] is not None
    assert _entry("Pike (foot)")["conditions"] == ['only for a model on foot (its words "Pike (foot)")']


def test_the_opponents_mount_is_not_told_by_the_flags() -> None:
    data = resolve(VIEW, SYSTEM, picks("Ambuscade"), picks("Pike (foot)"), ("mounted",)).to_json()
    assert next(e for e in data["in_play"]["opponent"] if e["name"] == "Pike (foot)")["set_aside"] is None


def test_on_the_real_documents() -> None:
    book = open_rules("rules_src")
    counter = resolve(book, "scrollhammer", named(book, "scrollhammer", "Counter-Attack"), None, ("charging", "melee")).to_json()
    [idle] = [i for i in counter["in_play"]["inactive"] if i["name"] == "Counter-Attack"]
    # the sentence that holds the limiting words, whole: a referee reads out the sentence, not its clause
    assert idle["citation"]["quote"] == ("If a unit contains at least one model with this special rule is charged, it may attempt to Counter-Attack "
                                         "if it is not Pinned Down/Gone to Ground or already locked in combat.")
    # set aside, it obliges nothing: "It must choose to hold as a reaction" is not in force for the charger
    assert not [d for d in counter["in_force"] if d["name"] == "Counter-Attack"]
    held = resolve(book, "scrollhammer", named(book, "scrollhammer", "Counter-Attack"), None, ("charged", "melee")).to_json()
    assert [d["kind"] for d in held["in_force"] if d["name"] == "Counter-Attack" and d["kind"] == "must"] == ["must"]
    shield = resolve(book, "whfb-house", named(book, "whfb-house", "Hand Weapon + Shield (foot)"), None, ("mounted", "melee"),
                     documents="rules_src").to_json()
    [idle] = [i for i in shield["in_play"]["inactive"] if i["name"] == "Hand Weapon + Shield (foot)"]
    # the name is quoted where its heading writes it: "##### Hand Weapon + Shield (foot) (p.88)"
    assert {k: idle["citation"][k] for k in ("file", "line", "column", "quote")} == {
        "file": "whfb-house/house-rules-8th-edition.md", "line": 226, "column": 7, "quote": "Hand Weapon + Shield (foot)"}


def test_what_a_weapon_acts_as_meets_what_the_other_side_holds_except_against_it() -> None:
    # "Barrage weapons act as Blast ... weapons" beside Swarms' "Stealth(+1) ... against weapons other than Blast"
    book = open_rules("rules_src")
    data = resolve(book, "scrollhammer", named(book, "scrollhammer", "Barrage"), named(book, "scrollhammer", "Swarms"), ("shooting",)).to_json()
    assert [e["via"][0]["name"] for e in data["in_play"]["self"] if e["name"] == "Blast"] == ["Barrage"]
    assert not [e for e in data["in_play"]["opponent"] if e["name"] == "Stealth" and e["set_aside"] is None]
    [idle] = [i for i in data["in_play"]["inactive"] if i["name"] == "Stealth"]
    assert (idle["side"], idle["citation"]["quote"]) == (
        "opponent", "Swarms have the Stealth(+1) universal special rule against weapons other than Blast, Large Blast and Template weapons, being hard to hit.")


def test_a_prohibition_on_model_parts_with_a_rule_reaches_only_those_parts() -> None:
    # "Model parts with Harnessed cannot use Weapons": the mount's; a lance the data gives the rider is not
    # reached, a weapon of the whole model only "if" its part is the mount
    from types import SimpleNamespace

    from referee.resolve.duties import _other_part

    def side(**parts: list[str | None]) -> Any:
        return SimpleNamespace(rules={rid: SimpleNamespace(carriers=[{"part": p} for p in ps]) for rid, ps in parts.items()})

    rel = {"subject": "Model parts with Yoked"}
    names = {"x/yoked": "Yoked", "x/pike": "Pike"}
    assert _other_part(side(**{"x/yoked": [None, "Ox"], "x/pike": [None, "Driver"]}), "x/yoked", "x/pike", rel, names) is False
    assert _other_part(side(**{"x/yoked": ["Ox"], "x/pike": ["Ox"]}), "x/yoked", "x/pike", rel, names) is None
    assert _other_part(side(**{"x/yoked": ["Ox"], "x/pike": [None]}), "x/yoked", "x/pike", rel, names) == (
        "if the model part that uses Pike is the one with Yoked (Ox)")
    # no part known (a keyword string), or words that bind no part: as before
    assert _other_part(side(**{"x/yoked": [None], "x/pike": ["Driver"]}), "x/yoked", "x/pike", rel, names) is None
    assert _other_part(side(**{"x/yoked": ["Ox"], "x/pike": ["Driver"]}), "x/yoked", "x/pike", {"subject": "Models with Yoked"}, names) is None


def test_a_rule_for_charging_models_brings_nothing_to_a_unit_that_did_not_charge() -> None:
    assert _entry("Headlong", ("not-charging",))["set_aside"] == (
        'Headlong holds only when its bearer is charging, by its own words ("Charging models with Headlong"), and the situation says --when not-charging')
    assert _entry("Headlong", ("charging",))["set_aside"] is None
    assert _entry("Headlong")["conditions"] == ['only when its bearer is charging (its words "Charging models with Headlong")']



def test_the_target_of_a_charge_is_not_the_charger() -> None:
    # --when charged rules out a rule for charging models, as --when charging rules out one for the charged
    assert _entry("Headlong", ("charged",))["set_aside"] == (
        'Headlong holds only when its bearer is charging, by its own words ("Charging models with Headlong"), and the situation says --when charged')
    assert _entry("Ambuscade", ("charging",))["set_aside"] is not None


def test_a_weapon_keyword_named_for_one_kind_of_attack_brings_nothing_to_the_other() -> None:
    # last-edition's weapon keywords open with their kind: "Melee X splash Y" is not used when shooting,
    # but "Ranged X trigger" says its weapon may be used "even in melee distance", so the side's ranged
    # keywords stay in melee
    from referee.resolve.scope import opening_kind

    assert (opening_kind("Melee X deflect Y"), opening_kind("Ranged X heavy"), opening_kind("Arranged Marriage")) == ("melee", "shooting", None)

    def aside(keywords: str, when: tuple[str, ...]) -> dict[str, str | None]:
        book = open_rules("rules_src")
        data = resolve(book, "last-edition", named(book, "last-edition", keywords), None, when).to_json()
        return {e["name"]: e["set_aside"] for e in data["in_play"]["self"]}

    shot = aside("Melee 3 splash 4", ("shooting",))
    assert shot["Melee X splash Y"] == 'Melee X splash Y is a close combat weapon, as its name says ("Melee"), and the situation is shooting (--when shooting)'
    assert all(shot.values())
    assert not any(aside("Melee 3 splash 4", ("melee",)).values())
    assert not any(aside("Ranged 2 trigger -1 to hit", ("melee",)).values())
    # "can be shot in the charge phase without preventing the attacker from fighting": its words speak of the fight
    assert not any(aside("Ranged 2 charge 1", ("charging", "melee")).values())
    assert aside("Ranged 2 heavy", ("melee",))["Ranged X heavy"] is not None
    assert not any(aside("Ranged 2 heavy", ("melee", "shooting")).values())
