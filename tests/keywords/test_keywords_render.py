"""Canonical rendering: one spelling per meaning, and ``parse(render(x)) == x``."""

from __future__ import annotations

import pytest

from referee.keywords import (
    Allowance,
    AsUser,
    Choice,
    Colors,
    Dice,
    Distance,
    Keyword,
    KeywordList,
    KeywordUse,
    Modifier,
    Number,
    Qualifier,
    Quoted,
    Role,
    Roll,
    Save,
    SecondProfile,
    Threshold,
    Variable,
    parse,
    render,
)

from tests.keywords.test_keywords_parse import CASES

# (as written, canonical)
CANONICAL = [
    ("Regeneration(4+)", "Regeneration (4+)"),
    ("Multiple Wounds(d3)", "Multiple Wounds (D3)"),
    ("Fearless,Fear , Stubborn.", "Fearless, Fear, Stubborn"),
    ("  Lightning   Reflexes ", "Lightning Reflexes"),
    ("Devastating Charge (+ 2 Strength, +2 Armour Penetration)", "Devastating Charge (+2 Strength, +2 Armour Penetration)"),
    ("Range 8\u2033, Range 24\u201d, Range 30''", 'Range 8", Range 24", Range 30"'),
    ("Range 12\u201360\"", 'Range 12-60"'),
    ("Str 3 [7]", "Str 3[7]"),
    ("DT(4) Wo(D6)", "DT (4), Wo (D6)"),
    ("Ranged 2 heavy/sniper", "Ranged 2, heavy, sniper"),
    ('12" Ranged 2', '12", Ranged 2'),
    ("Shots D6+1", "Shots D6+1"),
    ("Melee 2 light \u22121", "Melee 2, light -1"),
    ("Absorb Magicka(Y on a X+)", "Absorb Magicka (Y on an X+)"),
    ("Absorb Health (1 on an 4+)", "Absorb Health (1 on a 4+)"),
    ('Shock teleport 2|3 \u201cside\u201d', 'Shock teleport 2|3 "side"'),
    ("Guard (2/3)", "Guard (2|3)"),
    ("Leader (green/red) +8 {3 base/2 guardian/elite}", "Leader (green/red) +8 {3 base / 2 guardian/elite}"),
    ("FO same as user", "FO same as user"),
]


@pytest.mark.parametrize(("text", "canonical"), CANONICAL, ids=[text for text, _ in CANONICAL])
def test_canonical_spelling(text: str, canonical: str) -> None:
    assert render(parse(text)) == canonical
    assert str(parse(text)) == canonical
    assert render(parse(canonical)) == canonical


@pytest.mark.parametrize("text", [text for text, _ in CASES], ids=[text or "<empty>" for text, _ in CASES])
def test_every_parsed_form_round_trips(text: str) -> None:
    parsed = parse(text)
    assert parse(render(parsed)) == parsed


# Hand-built values (no layout hints) and how they are written.
BUILT = [
    (Keyword("Aegis", (Threshold(4),)), "Aegis (4+)"),
    (Keyword("Shots", (Dice(1, 6, 1),), bracketed=0), "Shots D6+1"),
    (Keyword("Fly", (Distance(8), Distance(16))), 'Fly (8", 16")'),
    (Keyword("Range", (Distance(min=12, max=60),), bracketed=0), 'Range 12-60"'),
    (Keyword("Str", (Number(3), SecondProfile((Number(7),))), bracketed=0), "Str 3[7]"),
    (Keyword("Stealth", (Modifier(2),)), "Stealth (+2)"),
    (Keyword("Base", (Modifier(-1, var="X"),), bracketed=0), "Base -X"),
    (Keyword("Vanguard", (Modifier(-1, "Advance Rate", inches=True),)), 'Vanguard (-1" Advance Rate)'),
    (Keyword("Hatred", (Qualifier("against Fly"),), bracketed=0), "Hatred (against Fly)"),
    (Keyword("Exclusive", (Variable("X"),)), "Exclusive (X)"),
    (Keyword("Guard", (Choice((Keyword("Fly"), Keyword("Swiftstride"))),)), "Guard (Fly/Swiftstride)"),
    (Keyword("Turns", (Choice((Number(2), Number(3))),), bracketed=0), "Turns 2|3"),
    (
        Keyword("Leader", (Colors(("green", "red")), Modifier(8), Allowance((Role(("base",), 3), Role(("guardian", "elite"), 2))))),
        "Leader (green/red) +8 {3 base / 2 guardian/elite}",
    ),
    (Keyword("Support", (Modifier(-1), Allowance((Role(("unit",), points=2),)))), "Support (-1, {+2 for unit})"),
    (Keyword("Absorb Magicka", (Roll(Variable("Y"), Threshold(None, "X")),)), "Absorb Magicka (Y on an X+)"),
    (Keyword("Absorb", (Roll(Dice(1, 3), Threshold(8)),)), "Absorb (D3 on an 8+)"),
    (Keyword("Warp", (Quoted("side"),)), 'Warp ("side")'),
    (Keyword("Str", (AsUser("As User"),), bracketed=0), "Str As User"),
    (Save("armour", 2, second=4), "2+/4+As"),
    (Save("pure", None, "X"), "X++"),
    (Save("dodge", 6), "6+-"),
    (KeywordUse(None, (Distance(12),)), '12"'),
    (KeywordList((KeywordUse("Fearless"), KeywordUse("Poisoned", (Threshold(4),)))), "Fearless, Poisoned (4+)"),
    (KeywordList(), ""),
]


@pytest.mark.parametrize(("value", "text"), BUILT, ids=[text or "<empty>" for _, text in BUILT])
def test_hand_built_values(value: object, text: str) -> None:
    assert render(value) == text  # type: ignore[arg-type]
    reparsed = parse(text)
    if isinstance(value, KeywordList):
        assert reparsed == value
    elif isinstance(value, KeywordUse):
        assert reparsed.uses == (value,)
    elif isinstance(value, Keyword):
        assert reparsed.uses[0].keyword == value


def test_colours_need_the_leader_point_value_after_them() -> None:
    with pytest.raises(ValueError, match="colours are written before a leader-point value"):
        render(Keyword("Leader", (Colors(("blue",)),)))


def test_a_bracket_only_argument_cannot_be_written_without_a_name() -> None:
    with pytest.raises(ValueError, match="only be written inside brackets"):
        render(KeywordUse(None, (Qualifier("total"),)))
