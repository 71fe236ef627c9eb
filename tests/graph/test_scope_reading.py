"""What a rule's sentences say about one another (issue 22, round 5): a stat one sentence limits to
one kind of attack limits the rule's modifier of that stat stated in another sentence; a bearer
immune to Y that treats X as Y is immune to X.  Read in the real documents and in small rules of
other words (the tiny system of test_effects_clauses)."""

from __future__ import annotations

import pytest

from referee.graph.effects import read_rule
from referee.graph.lexer import conditions_in
from referee.model import Rule, Source, Version
from referee.store.record import Build
from tests.graph.test_effects_clauses import names


def _read(text: str) -> list[tuple[str, str | None, tuple[str, ...], dict[str, str]]]:
    version = Version(text, Source("x/doc.txt", 1, 1), "x/doc.txt", "core")
    rule = Rule("x/beast", "Beast", "x", text, version.source, versions=(version,))
    relations, _ = read_rule(rule, names(), {"x/doc.txt": text})
    return [(r.kind, r.target, tuple(c.situation for c in r.conditions), dict(r.details)) for r in relations if r.kind != "references"]


# -- a scope written short, with "only" --------------------------------------------------

@pytest.mark.parametrize(("words", "normal"), [
    ("Parry Save (fighting front, ward save 6+ cc only)", "melee"),
    ("It gets +1 Armour in close combat only.", "melee"),
    ("It gets +1 Armour only in melee.", "melee"),
    ("It gets +1 Armour only against shooting attacks.", "shooting"),
    ("A 5+ ward save, shooting only.", "shooting"),
    ("+1 Armour against shooting attacks only.", "shooting"),
    ("A 6+ ward save against melee attacks only.", "melee"),
    ("It cannot be used for a Stand and Shoot Charge Reaction.", "charged"),
    ("Its cover save improves during the Shooting Phase only.", "shooting"),
])
def test_only_scopes_are_conditions(words: str, normal: str) -> None:
    assert [n for _s, _e, n in conditions_in(words)] == [normal]


def test_only_in_melee_range_is_no_scope() -> None:
    assert conditions_in("It may only shoot in melee range of the enemy.") == []


# -- a stat's kind of attack, said in another sentence ----------------------------------

def test_a_modifier_takes_the_kind_of_attack_another_sentence_gives_its_stat() -> None:
    found = _read("A model with this special rule counts its cover saves during the Shooting Phase as being better. "
                  "It gains +1 to its cover save while in cover.")
    assert [c[-1] for k, _t, c, _d in found if k == "modifies"] == ["shooting"]  # after "while in cover"


def test_other_words_for_the_kind_in_another_sentence() -> None:
    found = _read("This rule is for Armour in close combat only. The model gains +1 Armour.")
    assert [c for k, _t, c, _d in found if k == "modifies"] == [("melee",)]


def test_two_kinds_for_one_stat_carry_neither() -> None:
    found = _read("It has +1 Armour against shooting attacks. It has +1 Armour in close combat. The model gains +1 Armour.")
    assert sorted(c for k, _t, c, _d in found if k == "modifies") == [(), ("melee",), ("shooting",)]


def test_a_sentence_of_two_stats_limits_neither_elsewhere() -> None:
    # "They lose 2" movement but enemies shooting them in the shooting phase have -1 to the hit roll"
    found = _read("They lose 2 Movement but enemies shooting them in the shooting phase have -1 to hit. The model gains -1 Movement.")
    assert all("shooting" not in c for k, _t, c, d in found if k == "modifies" and d.get("stat") == "Movement")


def test_a_modifier_of_another_stat_is_not_limited() -> None:
    found = _read("Its cover saves count as better during the Shooting Phase. The model gains +1 Strength.")
    assert [c for k, _t, c, d in found if d.get("stat") == "Strength"] == [()]


def test_stealth_in_the_real_document(rulebase: Build) -> None:
    [modifier] = [r for r in rulebase.relations("scrollhammer") if r.source == "scrollhammer/stealth" and r.kind == "modifies"]
    assert [(c.situation, c.text) for c in modifier.conditions][-1] == ("shooting", "during the Shooting Phase")


def test_chameleons_close_combat_cover_save_does_not_limit_stealth(rulebase: Build) -> None:
    # Chameleon speaks of cover saves in close combat; only Stealth's own sentences limit Stealth's modifier
    [modifier] = [r for r in rulebase.relations("scrollhammer") if r.source == "scrollhammer/stealth" and r.kind == "modifies"]
    assert "melee" not in [c.situation for c in modifier.conditions]


# -- "is immune to Y, and treats X as Y" --------------------------------------------------

def test_immune_to_what_it_treats_as_a_rule_it_is_immune_to() -> None:
    found = _read("A unit with this special rule is itself immune to Fear, and treats models that cause Terror as causing Fear instead.")
    assert ("immune-to", "x/terror", (), {"as": "x/fear"}) in found
    assert ("immune-to", "x/fear", (), {}) in found


def test_treating_without_an_immunity_gives_none() -> None:
    found = _read("A unit with this special rule treats Terror as Fear.")
    assert not any(k == "immune-to" for k, *_ in found)


def test_an_immunity_in_another_sentence_is_not_joined() -> None:
    # Terror's "it treats Terror as Fear" (of a unit that passed the test) and "is immune to Fear and
    # Terror" (of the unit that causes Terror) speak of different units
    found = _read("A unit with this special rule is immune to Fear. If a unit passes a test, it treats Terror as Fear.")
    assert not any(k == "immune-to" and t == "x/terror" for k, t, *_ in found)


def test_fear_in_the_real_document(rulebase: Build) -> None:
    found = [r for r in rulebase.relations("scrollhammer") if r.source == "scrollhammer/fear" and r.kind == "immune-to"]
    assert {(r.target, dict(r.details).get("as")) for r in found} == {("scrollhammer/fear", None), ("scrollhammer/terror", "scrollhammer/fear")}
    terror = [r for r in rulebase.relations("scrollhammer") if r.source == "scrollhammer/terror" and r.kind == "immune-to"]
    assert all(not dict(r.details).get("as") for r in terror)


# -- a situation led by "except" is its negation -------------------------------------------

@pytest.mark.parametrize(("words", "normal"), [
    ("It cannot be targeted except in close combat.", "not melee"),
    ("The model cannot be seen(except in close combat).", "not melee"),
    ("It may not shoot, except when it is engaged in combat.", "not melee"),
    ("Its save cannot be improved except when charging.", "not charging"),
])
def test_a_situation_led_by_except_is_its_negation(words: str, normal: str) -> None:
    assert [n for _s, _e, n in conditions_in(words)] == [normal]


def test_except_in_close_combat_forbids_outside_it() -> None:
    read = _read("The Beast cannot be targeted except in close combat.")
    assert [(kind, conditions) for kind, _target, conditions, _details in read if kind == "cannot"] == [("cannot", ("not-melee",))]


# -- the table read as one alternation ----------------------------------------------

def test_the_conditions_table_reads_as_one_alternation_of_it() -> None:
    """Each condition is searched for on its own; what is found must be what one pattern of the
    whole table, ``\\b(?:c0|c1|...)\\b``, finds left to right: at a place where two match, the
    first of the table; after a match, nothing inside it.  Every line and sentence of rules_src,
    and sentences where conditions meet."""
    import re
    from pathlib import Path

    from referee.graph import lexer
    from referee.graph.effects_words import CONDITIONS
    from referee.graph.sentences import split

    table = re.compile(r"\b(?:" + "|".join(rf"(?P<c{i}>{pattern})" for i, (pattern, _) in enumerate(CONDITIONS)) + r")\b", re.I)
    rules_src = Path(__file__).resolve().parents[2] / "rules_src"
    lines = [line for path in sorted(rules_src.rglob("*")) if path.suffix in (".md", ".txt", ".wiki")
             for line in path.read_text(encoding="utf-8", errors="replace").splitlines()]
    texts = lines + [s for line in lines for s in split(line)] + [
        "If it is charging, it gains +1 Strength when charging and unless charging, -1.",
        "Except when charging, the unit, while it is charging in close combat, fights in close combat attacks.",
        "All fleeing units fleeing, if the unit is already fleeing; for as long as they are fleeing.",
        "On a natural roll of a 6 to hit, rolls of 1 are re-rolled, in the ſhooting phase or at a range.",
        "It may re-roll in close combat only, and against shooting attacks only.",  # two conditions from one place
    ]
    found = 0
    for text in texts:
        expected = [(m.start(), m.end(), CONDITIONS[int(str(m.lastgroup)[1:])][1]) for m in table.finditer(text)]
        assert lexer._conditions(text) == expected, text
        found += len(expected)
    assert len(texts) > 3000 and found > 300
