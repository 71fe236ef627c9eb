"""Every keyword form the grammar reads, with its JSON written out by hand.

Each case is ``(input, keywords)`` where ``keywords`` is the expected
``to_json(parse(input))["keywords"]``.  The small builders below only spell the
JSON shape of docs/keywords.md; they compute nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.keywords import parse, to_json

JSON = dict[str, Any]


def use(name: str | None, text: str, start: int, *args: JSON) -> JSON:
    return {"name": name, "text": text, "span": [start, start + len(text)], "args": list(args)}


def number(value: int) -> JSON:
    return {"kind": "number", "value": value}


def dice(text: str, count: int, sides: int, modifier: int = 0, multiplier: int = 1) -> JSON:
    return {"kind": "dice", "count": count, "sides": sides, "modifier": modifier, "multiplier": multiplier, "text": text}


def threshold(value: int | None, var: str | None = None) -> JSON:
    return {"kind": "threshold", "value": value, "var": var}


def distance(value: int) -> JSON:
    return {"kind": "distance", "value": value}


def band(low: int, high: int) -> JSON:
    return {"kind": "distance", "min": low, "max": high}


def modifier(value: int, stat: str | None = None, var: str | None = None, inches: bool = False) -> JSON:
    return {"kind": "modifier", "value": value, "var": var, "stat": stat, "inches": inches}


def variable(name: str) -> JSON:
    return {"kind": "variable", "name": name}


def qualifier(text: str) -> JSON:
    return {"kind": "qualifier", "text": text}


def keyword(name: str, *args: JSON) -> JSON:
    return {"kind": "keyword", "name": name, "args": list(args)}


def choice(*options: JSON) -> JSON:
    return {"kind": "choice", "options": list(options)}


def save(type: str, value: int | None, second: int | None = None, var: str | None = None) -> JSON:
    return {"kind": "save", "type": type, "value": value, "var": var, "second": second}


def role(names: list[str], count: int | None = None, points: int | None = None) -> JSON:
    return {"count": count, "names": names, "points": points}


def allowance(*roles: JSON) -> JSON:
    return {"kind": "allowance", "roles": list(roles)}


BARE_NAMES = [
    ("Fearless", [use("Fearless", "Fearless", 0)]),
    ("Lightning Reflexes", [use("Lightning Reflexes", "Lightning Reflexes", 0)]),
    ("Make Way!", [use("Make Way!", "Make Way!", 0)]),
    ("Reload!", [use("Reload!", "Reload!", 0)]),
    ("spray&prey", [use("spray&prey", "spray&prey", 0)]),
    ("Counter-Attack", [use("Counter-Attack", "Counter-Attack", 0)]),
    ("Master-Crafted", [use("Master-Crafted", "Master-Crafted", 0)]),
    ("Hit and Run", [use("Hit and Run", "Hit and Run", 0)]),
    ("Immune to Flame", [use("Immune to Flame", "Immune to Flame", 0)]),
    # equipment named as a pair (whfb-house's "Hand Weapon + Shield (foot)"); a sign
    # followed by a value, spaced or not, stays a modifier of the name before it
    ("Hand Weapon + Shield (foot)", [use("Hand Weapon + Shield", "Hand Weapon + Shield (foot)", 0, qualifier("foot"))]),
    ("Spear, Sword + Board", [use("Spear", "Spear", 0), use("Sword + Board", "Sword + Board", 7)]),
    ("Stealth + X", [use("Stealth", "Stealth + X", 0, modifier(1, var="X"))]),
    ("Stealth + 2", [use("Stealth", "Stealth + 2", 0, modifier(2))]),
    ("  Lightning   Reflexes ", [use("Lightning Reflexes", "Lightning   Reflexes", 2)]),
    ("", []),
]

BRACKET_PARAMETERS = [
    ("Channel (1)", [use("Channel", "Channel (1)", 0, number(1))]),
    ("Impact Hits (D6)", [use("Impact Hits", "Impact Hits (D6)", 0, dice("D6", 1, 6))]),
    ("Grind Attacks (2D3)", [use("Grind Attacks", "Grind Attacks (2D3)", 0, dice("2D3", 2, 3))]),
    ("Impact Hits (D3+1)", [use("Impact Hits", "Impact Hits (D3+1)", 0, dice("D3+1", 1, 3, 1))]),
    ("Multiple Wounds(d3)", [use("Multiple Wounds", "Multiple Wounds(d3)", 0, dice("D3", 1, 3))]),
    ("Poisoned (4+)", [use("Poisoned", "Poisoned (4+)", 0, threshold(4))]),
    ("Engineer (X+)", [use("Engineer", "Engineer (X+)", 0, threshold(None, "X"))]),
    ("Fly (X, Y)", [use("Fly", "Fly (X, Y)", 0, variable("X"), variable("Y"))]),
    ("Exclusive (X)", [use("Exclusive", "Exclusive (X)", 0, variable("X"))]),
    ('Fly (8", 16")', [use("Fly", 'Fly (8", 16")', 0, distance(8), distance(16))]),
    ('Commanding Presence (+6")', [use("Commanding Presence", 'Commanding Presence (+6")', 0, modifier(6, inches=True))]),
    (
        "Devastating Charge (+2 Strength, +2 Armour Penetration)",
        [
            use(
                "Devastating Charge",
                "Devastating Charge (+2 Strength, +2 Armour Penetration)",
                0,
                modifier(2, "Strength"),
                modifier(2, "Armour Penetration"),
            )
        ],
    ),
    (
        "Devastating Charge (+ 2 Strength, +2 Armour Penetration)",
        [
            use(
                "Devastating Charge",
                "Devastating Charge (+ 2 Strength, +2 Armour Penetration)",
                0,
                modifier(2, "Strength"),
                modifier(2, "Armour Penetration"),
            )
        ],
    ),
    ("Stealth(+2)", [use("Stealth", "Stealth(+2)", 0, modifier(2))]),
    ("Regeneration(4+)", [use("Regeneration", "Regeneration(4+)", 0, threshold(4))]),
    ("Cowards (3)", [use("Cowards", "Cowards (3)", 0, number(3))]),
    ("power (2)", [use("power", "power (2)", 0, number(2))]),
    # a placeholder in angle brackets, as The Last Edition writes faction keywords
    ("Faction keywords <Faction>", [use("Faction keywords", "Faction keywords <Faction>", 0, {"kind": "variable", "name": "<Faction>"})]),
]

QUALIFIERS = [
    (
        "Multiple Wounds (2, against Standard)",
        [use("Multiple Wounds", "Multiple Wounds (2, against Standard)", 0, number(2), qualifier("against Standard"))],
    ),
    ("Hatred (against Fly)", [use("Hatred", "Hatred (against Fly)", 0, qualifier("against Fly"))]),
    ("Magicka Drain(total)", [use("Magicka Drain", "Magicka Drain(total)", 0, qualifier("total"))]),
    (
        "Multiple Wounds (2, against Large and Beast, Large and Cavalry, Gigantic)",
        [
            use(
                "Multiple Wounds",
                "Multiple Wounds (2, against Large and Beast, Large and Cavalry, Gigantic)",
                0,
                number(2),
                qualifier("against Large and Beast, Large and Cavalry, Gigantic"),
            )
        ],
    ),
    (
        "Absorb Magicka(Y on an X+)",
        [
            use(
                "Absorb Magicka",
                "Absorb Magicka(Y on an X+)",
                0,
                {"kind": "roll", "amount": variable("Y"), "threshold": threshold(None, "X")},
            )
        ],
    ),
]

# A capitalised phrase in brackets is read as a nested keyword: the parser has no
# rules dictionary, so "Forests" and "Clipped Wings" look like "Chariot".
NESTED = [
    ("Stealth (Forests)", [use("Stealth", "Stealth (Forests)", 0, keyword("Forests"))]),
    ("Exclusive (Chariot)", [use("Exclusive", "Exclusive (Chariot)", 0, keyword("Chariot"))]),
    (
        "Multiple Wounds (D3, Clipped Wings)",
        [use("Multiple Wounds", "Multiple Wounds (D3, Clipped Wings)", 0, dice("D3", 1, 3), keyword("Clipped Wings"))],
    ),
    (
        "Devastating Charge (+1 Strength, Poison Attacks)",
        [
            use(
                "Devastating Charge",
                "Devastating Charge (+1 Strength, Poison Attacks)",
                0,
                modifier(1, "Strength"),
                keyword("Poison Attacks"),
            )
        ],
    ),
    (
        "Breath Attack (Str 4, AP 1, Flaming Attacks)",
        [
            use(
                "Breath Attack",
                "Breath Attack (Str 4, AP 1, Flaming Attacks)",
                0,
                keyword("Str", number(4)),
                keyword("AP", number(1)),
                keyword("Flaming Attacks"),
            )
        ],
    ),
    (
        "Maximised (Frenzy Tests, Restrain Pursuit Tests)",
        [
            use(
                "Maximised",
                "Maximised (Frenzy Tests, Restrain Pursuit Tests)",
                0,
                keyword("Frenzy Tests"),
                keyword("Restrain Pursuit Tests"),
            )
        ],
    ),
    (
        "Bodyguard (Exclusive (Chariot))",
        [use("Bodyguard", "Bodyguard (Exclusive (Chariot))", 0, keyword("Exclusive", keyword("Chariot")))],
    ),
    ("Guard (Fly/Swiftstride)", [use("Guard", "Guard (Fly/Swiftstride)", 0, choice(keyword("Fly"), keyword("Swiftstride")))]),
]

LISTS = [
    (
        "Aegis (4+, against Melee Attacks), Fortitude (5+)",
        [
            use("Aegis", "Aegis (4+, against Melee Attacks)", 0, threshold(4), qualifier("against Melee Attacks")),
            use("Fortitude", "Fortitude (5+)", 35, threshold(5)),
        ],
    ),
    (
        "Accurate, Fae Miasma, Lightning Reflexes, Longbow (2+)",
        [
            use("Accurate", "Accurate", 0),
            use("Fae Miasma", "Fae Miasma", 10),
            use("Lightning Reflexes", "Lightning Reflexes", 22),
            use("Longbow", "Longbow (2+)", 42, threshold(2)),
        ],
    ),
    (
        "Fearless,Fear , Stubborn.",
        [use("Fearless", "Fearless", 0), use("Fear", "Fear", 9), use("Stubborn", "Stubborn", 16)],
    ),
    ("DT(4) Wo(D6)", [use("DT", "DT(4)", 0, number(4)), use("Wo", "Wo(D6)", 6, dice("D6", 1, 6))]),
]

WEAPON_PROFILES = [
    (
        'Range 36", Shots 1, Str 5, AP 2, Volley Fire',
        [
            use("Range", 'Range 36"', 0, distance(36)),
            use("Shots", "Shots 1", 11, number(1)),
            use("Str", "Str 5", 20, number(5)),
            use("AP", "AP 2", 27, number(2)),
            use("Volley Fire", "Volley Fire", 33),
        ],
    ),
    ("Range 8\u2033", [use("Range", "Range 8\u2033", 0, distance(8))]),
    ("Range 24\u201d", [use("Range", "Range 24\u201d", 0, distance(24))]),
    ("Range 30''", [use("Range", "Range 30''", 0, distance(30))]),
    ('Range 12-60"', [use("Range", 'Range 12-60"', 0, band(12, 60))]),
    ("Shots D6+1", [use("Shots", "Shots D6+1", 0, dice("D6+1", 1, 6, 1))]),
    ("Shots 2D6*2", [use("Shots", "Shots 2D6*2", 0, dice("2D6*2", 2, 6, 0, 2))]),
    (
        "Str 3[7], AP 0[4], [Multiple Wounds (D3, Clipped Wings)]",
        [
            use("Str", "Str 3[7]", 0, number(3), {"kind": "second_profile", "args": [number(7)]}),
            use("AP", "AP 0[4]", 10, number(0), {"kind": "second_profile", "args": [number(4)]}),
            use(
                None,
                "[Multiple Wounds (D3, Clipped Wings)]",
                19,
                {
                    "kind": "second_profile",
                    "args": [keyword("Multiple Wounds", dice("D3", 1, 3), keyword("Clipped Wings"))],
                },
            ),
        ],
    ),
    ("Str 3 [7]", [use("Str", "Str 3 [7]", 0, number(3), {"kind": "second_profile", "args": [number(7)]})]),
    (
        'Range 12" Shots 1 Strength 4 Armour Penetration 2 QuicktoFire',
        [
            use("Range", 'Range 12"', 0, distance(12)),
            use("Shots", "Shots 1", 10, number(1)),
            use("Strength", "Strength 4", 18, number(4)),
            use("Armour Penetration", "Armour Penetration 2", 29, number(2)),
            use("QuicktoFire", "QuicktoFire", 50),
        ],
    ),
    (
        "FO Same as user, Str As User",
        [
            use("FO", "FO Same as user", 0, {"kind": "as_user", "text": "Same as user"}),
            use("Str", "Str As User", 17, {"kind": "as_user", "text": "As User"}),
        ],
    ),
    # French profiles are read like any other: names stay in the document's language.
    (
        'Port\u00e9e 30", tir 1, Force 3, PA 0, tir de vol\u00e9e',
        [
            use("Port\u00e9e", 'Port\u00e9e 30"', 0, distance(30)),
            use("tir", "tir 1", 12, number(1)),
            use("Force", "Force 3", 19, number(3)),
            use("PA", "PA 0", 28, number(0)),
            use("tir de vol\u00e9e", "tir de vol\u00e9e", 34),
        ],
    ),
    (
        "Range 12\u2033, Shots D6+1, Str 2, AP 10, Quick to Fire.",
        [
            use("Range", "Range 12\u2033", 0, distance(12)),
            use("Shots", "Shots D6+1", 11, dice("D6+1", 1, 6, 1)),
            use("Str", "Str 2", 23, number(2)),
            use("AP", "AP 10", 30, number(10)),
            use("Quick to Fire", "Quick to Fire", 37),
        ],
    ),
]

# The Last Edition: weapon lines, army roles, saves.  "/" and spaces part the
# sub-keywords of a weapon line just as commas part T9A's.
LAST_EDITION = [
    (
        "Ranged 2 heavy/sniper",
        [use("Ranged", "Ranged 2", 0, number(2)), use("heavy", "heavy", 9), use("sniper", "sniper", 15)],
    ),
    (
        "Ranged 3 counterfire/heavy",
        [use("Ranged", "Ranged 3", 0, number(3)), use("counterfire", "counterfire", 9), use("heavy", "heavy", 21)],
    ),
    (
        "Ranged 1 spray&prey 2",
        [use("Ranged", "Ranged 1", 0, number(1)), use("spray&prey", "spray&prey 2", 9, number(2))],
    ),
    (
        "Ranged 2 trigger -1 to hit",
        [use("Ranged", "Ranged 2", 0, number(2)), use("trigger", "trigger -1 to hit", 9, modifier(-1, "to hit"))],
    ),
    ("Ranged 4 splash 5", [use("Ranged", "Ranged 4", 0, number(4)), use("splash", "splash 5", 9, number(5))]),
    (
        "Melee 3 charge 1/heavy -1",
        [
            use("Melee", "Melee 3", 0, number(3)),
            use("charge", "charge 1", 8, number(1)),
            use("heavy", "heavy -1", 17, modifier(-1)),
        ],
    ),
    (
        "Melee 2 light +1/deflect 1",
        [
            use("Melee", "Melee 2", 0, number(2)),
            use("light", "light +1", 8, modifier(1)),
            use("deflect", "deflect 1", 17, number(1)),
        ],
    ),
    ('12" Ranged 2', [use(None, '12"', 0, distance(12)), use("Ranged", "Ranged 2", 4, number(2))]),
    ("Ranged X heavy", [use("Ranged", "Ranged X", 0, variable("X")), use("heavy", "heavy", 9)]),
    (
        "Leader (green/red) +8 {3 base / 2 guardian/elite}",
        [
            use(
                "Leader",
                "Leader (green/red) +8 {3 base / 2 guardian/elite}",
                0,
                {"kind": "colors", "names": ["green", "red"]},
                modifier(8),
                allowance(role(["base"], count=3), role(["guardian", "elite"], count=2)),
            )
        ],
    ),
    ("Base -1 {unit}", [use("Base", "Base -1 {unit}", 0, modifier(-1), allowance(role(["unit"])))]),
    ("Base -X {unit}", [use("Base", "Base -X {unit}", 0, modifier(-1, var="X"), allowance(role(["unit"])))]),
    ("Guardian -2 {1 leader}", [use("Guardian", "Guardian -2 {1 leader}", 0, modifier(-2), allowance(role(["leader"], count=1)))]),
    ("Support -1 {+2 for unit}", [use("Support", "Support -1 {+2 for unit}", 0, modifier(-1), allowance(role(["unit"], points=2)))]),
    ("Elite -2", [use("Elite", "Elite -2", 0, modifier(-2))]),
    (
        'Shock teleport 2|3 "side"',
        [use("Shock teleport", 'Shock teleport 2|3 "side"', 0, choice(number(2), number(3)), {"kind": "quoted", "text": "side"})],
    ),
    ("2+/4+As", [use(None, "2+/4+As", 0, save("armour", 2, second=4))]),
    ("4++", [use(None, "4++", 0, save("pure", 4))]),
    ("6+-", [use(None, "6+-", 0, save("dodge", 6))]),
    ("Pure save X++", [use("Pure save", "Pure save X++", 0, save("pure", None, var="X"))]),
]

CASES = BARE_NAMES + BRACKET_PARAMETERS + QUALIFIERS + NESTED + LISTS + WEAPON_PROFILES + LAST_EDITION


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[text or "<empty>" for text, _ in CASES])
def test_parse(text: str, expected: list[JSON]) -> None:
    assert to_json(parse(text)) == {"input": text, "keywords": expected}


@pytest.mark.parametrize("text", [text for text, _ in CASES if text], ids=[text for text, _ in CASES if text])
def test_text_is_the_exact_substring_at_the_span(text: str) -> None:
    for found in parse(text):
        start, end = found.span
        assert text[start:end] == found.text
        assert found.text == found.text.strip()
