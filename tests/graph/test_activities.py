"""A modifier carries the situation its own sentence limits it to (issue 22, round 7): "for Moving
and Shooting", "in Fighting with ...", read as the situation table's words, in wordings of our own
as well as the documents'."""

from __future__ import annotations

import pytest

from referee.graph.activities import activities_in
from referee.graph.effects import Names, read_rule
from referee.model import Rule, Source, Version

PHRASES = [
    ("The crossbow takes a further -1 to hit for marching and firing.", [("other", "for marching and firing"), ("shooting", "for marching and firing")]),
    ("Axes give +1 Strength when fighting.", [("melee", "when fighting")]),
    ("Braced troops gain +1 Armour while they are charging or fighting.", [("charging", "while they are charging or fighting"), ("melee", "while they are charging or fighting")]),
    ("Its -1 Discipline applies for shooting attacks and close combat attacks alike.", []),
    ("It gains +1 Strength if it is not in close combat.", []),
    ("Scouts moving units are slow.", []),
    ("Spotters add +1 to hit after moving.", [("moved", "after moving")]),
    ("Its aim is steady in melee range.", []),
]


@pytest.mark.parametrize(("sentence", "expected"), PHRASES)
def test_activity_phrases(sentence: str, expected: list[tuple[str, str]]) -> None:
    assert [(c.situation, c.text) for _start, found in activities_in(sentence) for c in found] == expected


def _read(name: str, text: str) -> list[tuple[str, str | None, tuple[str, ...]]]:
    src = Source("x/rules.txt", 1, 1)
    rule = Rule(f"x/{name.lower()}", name, "x", text, src, versions=(Version(text, src, "x/rules.txt", "core"),))
    relations, _sentences = read_rule(rule, Names({name.lower(): [f"x/{name.lower()}"], "fear": ["x/fear"]}, []), {})
    return [(r.kind, dict(r.details).get("value"), tuple(c.situation for c in r.conditions)) for r in relations if r.kind == "modifies"]


def test_a_modifier_for_moving_and_shooting_holds_only_there() -> None:
    assert _read("Heavy Bow", "The attack suffers a further -1 to-hit modifier for Moving and Shooting.") == [("modifies", "-1", ("moved", "shooting"))]


def test_a_leading_phrase_limits_the_modifiers_after_it() -> None:
    assert _read("Twin Axes", "in fighting with an axe in each hand, the model gains +1 Attacks and +1 Initiative.") == [
        ("modifies", "+1", ("melee",)), ("modifies", "+1", ("melee",))]
    # a "when" clause is kept in its words too (the situation cannot tell "with an axe in each hand")
    assert _read("Twin Axes", "when fighting with an axe in each hand, the model gains +1 Attacks.") == [("modifies", "+1", ("other", "melee"))]


def test_a_modifier_ignored_or_denied_is_no_modifier_stated() -> None:
    text = "When combined with Fear, the attack can only ignore the normal -1 to-hit modifier from Moving and Shooting, not the additional -1 to-hit modifier from Heavy Bow."
    assert _read("Heavy Bow", text) == []


def test_a_modifier_with_no_activity_phrase_has_no_condition() -> None:
    assert _read("Helm", "The model gains +1 Armour.") == [("modifies", "+1", ())]


def _typed(name: str, text: str, names: dict[str, list[str]] | None = None) -> list[tuple[str, str | None, dict, str | None, tuple[str, ...]]]:
    src = Source("x/rules.txt", 1, 1)
    rule = Rule(f"x/{name.lower()}", name, "x", text, src, versions=(Version(text, src, "x/rules.txt", "core"),))
    relations, _sentences = read_rule(rule, Names(names or {name.lower(): [f"x/{name.lower()}"]}, []), {})
    return [(r.kind, r.target_name, dict(r.details), r.subject, tuple(c.text for c in r.conditions)) for r in relations if r.kind not in ("references", "settles")]


def test_not_targetable_is_a_prohibition_of_being_targeted() -> None:
    assert _typed("Veiled", "A veiled unit is not targetable by enemy ranged attacks, while it stands in a forest.") == [
        ("cannot", "be targeted by enemy ranged attacks", {"action": "be targeted by enemy ranged attacks"}, "A veiled unit", ("while it stands in a forest",))]


def test_a_kind_of_rule_ignored_is_read_with_whose_it_is_and_its_conditions() -> None:
    said = _typed("Colossus", "If the model carries a Knight, ignore the rider's Helmet Gear and Lucky Charms, unless specifically stated otherwise.")
    assert said == [
        ("overrides", "Helmet Gear", {"kind": "Helmet Gear"}, "the rider", ("If the model carries a Knight",)),
        ("overrides", "Lucky Charms", {"kind": "Lucky Charms"}, "the rider", ("If the model carries a Knight",)),
    ]


@pytest.mark.parametrize("text", [
    "The model ignores Combat Score penalties to its Discipline.",  # a kind of modifier, not of rule
    "Flyers ignore all Terrain Features and units while flying.",  # more than the kind named
    "Template weapons have Ignores Cover.",  # a rule's name, not the verb
])
def test_no_kind_ignored(text: str) -> None:
    assert [r for r in _typed("Thing", text, {"thing": ["x/thing"], "ignores cover": ["x/ignores-cover"]}) if r[0] == "overrides" and "kind" in r[2]] == []


def test_never_considered_for_the_purposes_of_a_rule_is_an_exception_to_it() -> None:
    names = {"tall": ["x/tall"], "trample": ["x/trample"]}
    assert _typed("Tall", "For the purposes of Trample, a model with Tall is never considered Small.", names) == [
        ("overrides", "Trample", {}, "a model with Tall", ())]
    # someone else never considered so, or a plain "counts as", is no exception of the rule read
    assert _typed("Tall", "For the purposes of Trample, enemy models are never considered Small.", names) == []
    assert _typed("Tall", "For the purposes of Trample, a model with Tall counts as Small.", names) == []
