"""Real keyword strings, copied as literals from the documents Referee reads.

The BattleScribe "Rules" characteristics come from the T9A catalogues (army
data players use every day): every one of them must parse.  The rest are
keyword uses from the rule documents in rules_src/.
"""

from __future__ import annotations

import pytest

from referee.keywords import parse, render

# Every distinct <characteristic name="Rules"> of two T9A BattleScribe catalogues.
BATTLESCRIBE_RULES = [
    "",
    "A model part can only wear a single Suit of Armour.",
    "Accurate, Fae Miasma, Lightning Reflexes, Longbow (2+)",
    "Aegis (4+), Heavy Armour",
    "Breath Attack (Str 4, AP 1, Flaming Attacks), Harnessed, Stomp Attacks (D3)",
    "Fight in Extra Rank, Lightning Reflexes, Halberd",
    "Hard Target (1)",
    "Hard Target (1), Light Armour",
    "Harnessed",
    "Impact Hits (D6), Inanimate, Sky Reaper (3+)",
    "Impact Hits (D6+1), Inanimate",
    "Light Armour",
    "Light Armour, Shield",
    "Lightning Reflexes, Halberd",
    "Lightning Reflexes, Light Lance",
    "Lightning Reflexes, Longbow (3+)",
    "Lightning Reflexes, Marine Training, Steady Aim, Bow (3+), Spear",
    "Lightning Reflexes, Multiple Wounds (2, against Large and Beast, Large and Cavalry, Gigantic), Great Weapon",
    "Parry",
]

# Other BattleScribe characteristics that hold keyword strings or profile values.
BATTLESCRIBE_OTHER = [
    "[Multiple Wounds (D3)]",
    "[Multiple Wounds (D3)], Flaming Attacks",
    "[Multiple Wounds (D3+1)]",
    "[Multiple Wounds (D3, Clipped Wings)]",
    "Quick to Fire, Accurate",
    "Two-Handed",
    "0 [10]",
    "3 [6]",
    "+1",
    '12-60"',
    "2D6*2",
    "As User",
]

RULES_SRC = [
    # t9a/universal-rules.txt
    "Channel (1)",
    "Exclusive (Chariot)",
    "Maximised (Frenzy Tests, Restrain Pursuit Tests)",
    'Fly (8", 16")',
    'Commanding Presence (+6")',
    'Rally Around the Flag (+6")',
    "Maximised (Charge Range, Flee Distance, Pursuit Distance, Overrun Distance)",
    "Exclusive (Unbreakable)",
    # t9a/army-builder-glossary-en-de.txt
    'Range 36", Shots 1, Str 5, AP 2, Volley Fire.',
    'Range 48", Shots 1, Str 5, AP 3, Multiple Wounds (2, against Standard), Unwieldy',
    "Range 12\u2033, Shots D6+1, Str 2, AP 10, Quick to Fire.",
    'Range 12-60", Shots 1, Str 3[7], AP 0[4], [Multiple Wounds (D3, Clipped Wings)].',
    'Range 12" Shots 1 Strength 4 Armour Penetration 2 QuicktoFire',
    'Range 30" Shots 1 Strength 4 Armour Penetration 1 Unwieldy',
    "Range 8\u2033, Shots 2, FO Same as user, AP Same as user, Accurate, Quick to Fire",
    'Port\u00e9e 30", tir 1, Force 3, PA 0, tir de vol\u00e9e',
    "Devastating Charge (+2 Strength, +2 Armour Penetration)",
    # scrollhammer/special-rules.wiki
    "Absorb Health(X+)",
    "Absorb Magicka(Y on an X+)",
    "Magicka Drain(Y)",
    "Multiple Wounds(d3)",
    "Stealth(+1)",
    "Stealth (Forests)",
    "Regeneration(4+)",
    "Poisoned (4+)",
    "Preferred Enemy (X)",
    # whfb-house/house-rules-8th-edition.md (Dangerous Terrain table cells)
    "DT(2) Wo(1)",
    "DT(4) Wo(D6)",
    # last-edition/core-rules.md
    "Ranged X counterfire/heavy",
    "Melee X charge/heavy",
    "Ranged X spray&prey Y",
    "Ranged X trigger -Y to hit",
    "Melee X heavy -Y",
    "Melee X light +Y",
    "Cowards (X)",
    'Shock teleport X|Y "direction1/direction2"',
    "shock teleport 2|3",
    "Leader (green/red) +8 {3 base / 2 guardian/elite}",
    "Base -X {unit}",
    "Guardian -X {Y leader}",
    "Support -X {+X for unit}",
    "Elite -X",
    "Fly -X",
    "power (x)",
    "2+/4+As",
    "Pure save X++",
    "6+-",
    '12" Ranged 2',
]


@pytest.mark.parametrize("text", BATTLESCRIBE_RULES + BATTLESCRIBE_OTHER + RULES_SRC)
def test_real_strings_parse_and_round_trip(text: str) -> None:
    parsed = parse(text)
    assert parse(render(parsed)) == parsed


def test_battlescribe_rules_names() -> None:
    names = [use.name for text in BATTLESCRIBE_RULES for use in parse(text)]
    assert names.count("Lightning Reflexes") == 7
    assert "Multiple Wounds" in names
    assert None not in names


def test_templates_read_their_variables() -> None:
    ranged, trigger = parse("Ranged X trigger -Y to hit")
    assert ranged.to_json()["args"] == [{"kind": "variable", "name": "X"}]
    assert trigger.to_json()["args"] == [{"kind": "modifier", "value": -1, "var": "Y", "stat": "to hit", "inches": False}]
