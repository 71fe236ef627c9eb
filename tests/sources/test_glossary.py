"""The army-builder glossary (t9a/army-builder-glossary-en-de.txt)."""

from __future__ import annotations

import tomllib

import pytest

from referee.model import Entry
from referee.sources.document import Document
from referee.sources.glossary import read
from tests.conftest import RULES_SRC

PATH = "t9a/army-builder-glossary-en-de.txt"
CATEGORIES = ["Sonderregeln", "Close Combat Weapon", "Shooting Weapon", "Artillery Weapon", "Melee Weapon", "Global", "Suit of Armour"]
# Names the universal-rules list (read first) contributes.
KNOWN = ["Fear", "Fly", "Channel", "Scoring", "Chariot", "Fearless", "Frenzy", "Stubborn", "Engineer", "Terror", "Vanguard", "Scout", "Unstable", "Undead", "Bodyguard", "Insignificant"]


def _read(**options: object) -> list[Entry]:
    text = (RULES_SRC / PATH).read_text(encoding="utf-8")
    return read(Document("t9a", PATH, "glossary", "glossary", text, options={"categories": CATEGORIES, **options}))


@pytest.fixture(scope="module")
def bare() -> list[Entry]:
    """Read with no help from the manifest's curated aliases or other documents."""
    return _read()


@pytest.fixture(scope="module")
def informed() -> list[Entry]:
    """Read as the loader does: knowing the names of the universal-rules list."""
    return _read(known_names=KNOWN)


def _pairs(entries: list[Entry]) -> set[tuple[str, str]]:
    return {(a.name, e.name) for e in entries if e.name for a in e.aliases}


# German heading -> the English rule, found by the adapter alone: either the
# English heading stands just above it, or the text names its rule.
AUTOMATIC_PAIRS = [
    ("Hellebarde", "Halberd"),  # "Attacks made with a Halberd"
    ("Zweihandwaffe", "Great Weapon"),
    ("Handwaffe", "Hand Weapon"),
    ("Waffenpaar", "Paired Weapons"),
    ("Lanze", "Lance"),
    ("Schwere Rüstung", "Heavy Armour"),  # "Heavy Armour / Schwere Rüstung / +2 Armor"
    ("Leichte Rüstung", "Light Armour"),
    ("Schild", "Shield"),
    ("Vernichtender Angriff", "Devastating Charge"),
    ("Schnelle Bewegung", "Swiftstride"),
    ("Geländeerfahren", "Strider"),
    ("Vorgetäuschte Flucht", "Feigned Flight"),
    ("Plänkler", "Skirmisher"),
    ("Unerschütterlich", "Unbreakable"),
    ("Zufällige Bewegung", "Random Movement"),
    ("Riesige Statur", "Towering Presence"),
]

# Found once the names of the universal-rules list are known.
INFORMED_PAIRS = [
    ("Angst", "Fear"),  # "enemy models with Fear"
    ("Fliegen", "Fly"),
    ("Kanalisieren", "Channel"),
    ("Punktend", "Scoring"),
    ("Streitwagen", "Chariot"),  # "A model with Chariot can only be part of ..."
    ("Furchtlos", "Fearless"),
    ("Raserei", "Frenzy"),
    ("Unnachgiebig", "Stubborn"),
    ("Ingenieur", "Engineer"),
    ("Kundschafter", "Scout"),
    ("Leibwache", "Bodyguard"),
]


@pytest.mark.parametrize(("german", "english"), AUTOMATIC_PAIRS)
def test_alias_pairs_found_alone(bare: list[Entry], german: str, english: str) -> None:
    assert (german, english) in _pairs(bare)


@pytest.mark.parametrize(("german", "english"), INFORMED_PAIRS)
def test_alias_pairs_found_with_known_names(informed: list[Entry], german: str, english: str) -> None:
    assert (german, english) in _pairs(informed)


def test_aliases_are_tagged_german(bare: list[Entry]) -> None:
    assert {a.lang for e in bare for a in e.aliases} == {"de"}


def test_english_heading_not_renamed_after_a_rule_its_text_mentions(informed: list[Entry]) -> None:
    names = {e.name for e in informed}
    # "Big Brother ... subject to Maximised Roll"; "Mechanised Support ... with Infernal Brand"
    assert {"Big Brother", "Mechanised Support", "Rage", "Tactician", "Flaming Shot"} <= names
    assert not any(e.name == "Infernal Brand" for e in informed)


def test_category_headers_are_categories_not_rules(bare: list[Entry]) -> None:
    names = {e.name for e in bare}
    assert not names & set(CATEGORIES)
    by_line = {e.source.line: e for e in bare}
    assert by_line[11].category == "Close Combat Weapon"  # Hellebarde
    assert by_line[39].category == "Shooting Weapon"  # Great Aspen Bow: its body's tag
    assert by_line[144].category == "Suit of Armour"  # Leichte Rüstung


# -- where a header's category ends (round 8's sealed half: a Shield filed as a Melee Weapon) --

# (line, name, category before, category now): every entry of the real glossary whose
# category the header above it no longer gives; every other entry keeps its category
NOT_REACHED = [
    (49, "Longbow", "Close Combat Weapon", "Shooting Weapon"),  # its profile states a range
    (55, "Pistol", "Close Combat Weapon", "Shooting Weapon"),
    (100, "Heavy Armour", "Melee Weapon", None),  # its name states another kind
    (118, "Light Armour", "Melee Weapon", None),
    (136, "Shield", "Melee Weapon", None),  # "+1 Armour ...": the value it opens with
]


@pytest.fixture(scope="module")
def curated() -> list[Entry]:
    """Read as the loader does, with the manifest's curated aliases ("Langbogen" is the Longbow)."""
    manifest = tomllib.loads((RULES_SRC / "t9a" / "system.toml").read_text(encoding="utf-8"))
    return _read(known_names=KNOWN, curated_aliases={k: v for names in manifest["aliases"].values() for k, v in names.items()})


def test_a_header_does_not_reach_an_entry_that_states_another_kind(curated: list[Entry]) -> None:
    by_line = {e.source.line: e for e in curated}
    for line, name, _before, now in NOT_REACHED:
        entry = by_line[line]
        assert (entry.name, entry.category) == (name, now)
        assert any(note.startswith("not under the header ") for note in entry.notes), name
    # the entries around them stay under their header; a header no name ends like ("Global",
    # "Sonderregeln") is a part of the document, not a kind, and reaches every entry after it
    assert [by_line[n].category for n in (45, 94, 106, 112, 130)] == ["Close Combat Weapon"] + ["Melee Weapon"] * 4
    assert [by_line[n].category for n in (3, 241, 330, 368)] == ["Sonderregeln", "Global", "Global", "Global"]
    assert sum(any(n.startswith("not under the header ") for n in e.notes) for e in curated) == len(NOT_REACHED)


WARGEAR = """\
Close Combat Weapon

Cleaver

Attacks made with a Cleaver strike hard.

Iron Armour

Armor +2

Buckler

+1 Armour Models on foot may parry with it.

Sling

Range 18", Shots 1, Str 3

Twin Weapons

Attacks made with Twin Weapons strike twice.

Suit of Armour

Iron Armour

Armor +2

Odds and Ends

Lantern

A lantern lights the way.

Spare Weapon

A second blade, carried on the back.
"""


@pytest.mark.parametrize(
    ("categories", "expected"),
    [
        (["Close Combat Weapon", "Shooting Weapon", "Suit of Armour", "Odds and Ends"],
         [("Cleaver", "Close Combat Weapon"), ("Iron Armour", None), ("Buckler", None), ("Sling", "Shooting Weapon"),
          ("Twin Weapons", "Close Combat Weapon"), ("Iron Armour", "Suit of Armour"), ("Lantern", "Odds and Ends"),
          ("Spare Weapon", "Odds and Ends")]),
        # no category of weapons for shooting, or two: the sling's range says it is none of the header's, and no more
        (["Close Combat Weapon", "Suit of Armour", "Odds and Ends"],
         [("Cleaver", "Close Combat Weapon"), ("Iron Armour", None), ("Buckler", None), ("Sling", None),
          ("Twin Weapons", "Close Combat Weapon"), ("Iron Armour", "Suit of Armour"), ("Lantern", "Odds and Ends"),
          ("Spare Weapon", "Odds and Ends")]),
        (["Close Combat Weapon", "Ranged Weapon", "Missile Weapon", "Suit of Armour", "Odds and Ends"],
         [("Cleaver", "Close Combat Weapon"), ("Iron Armour", None), ("Buckler", None), ("Sling", None),
          ("Twin Weapons", "Close Combat Weapon"), ("Iron Armour", "Suit of Armour"), ("Lantern", "Odds and Ends"),
          ("Spare Weapon", "Odds and Ends")]),
    ],
)
def test_where_a_header_ends_in_a_small_glossary(categories: list[str], expected: list[tuple[str, str | None]]) -> None:
    entries = read(Document("x", "x/g.txt", "glossary", "glossary", WARGEAR, options={"categories": categories}))
    assert [(e.name, e.category) for e in entries] == expected
    buckler = next(e for e in entries if e.name == "Buckler")
    assert "not under the header 'Close Combat Weapon': its opening value states another kind (Armour)" in buckler.notes
    assert (buckler.source.line, buckler.source.column) == (11, 1)


def test_body_tags_become_categories_and_leave_the_text(bare: list[Entry]) -> None:
    big_brother = next(e for e in bare if e.name == "Big Brother")
    assert big_brother.category == "Universal Rule"
    assert big_brother.text.startswith("The model gains +1 Health Point")
    rage = next(e for e in bare if e.name == "Rage")
    assert rage.category == "Attack Attribute - Close Combat"


def test_stubs_are_kept(bare: list[Entry]) -> None:
    stubs = {e.name for e in bare if "stub" in e.flags}
    assert {"Light Lance", "Spear", "Speer", "Nachladen!", "Macht Platz", "Firebolts", "Musician", "The Misfire Table"} <= stubs
    assert all(e.text == "" for e in bare if "stub" in e.flags)


def test_repeats_are_all_kept_for_the_rulebase_to_merge(bare: list[Entry]) -> None:
    lines = [e.source.line for e in bare if e.name == "Barding"]
    assert lines == [330, 334, 338]
    texts = [e.text for e in bare if e.name == "Barding"]
    assert texts == ["+1 Armour", "+ 1 Armour", "+ 1 Armour"]


def test_split_hyphenation_repaired(bare: list[Entry]) -> None:
    entry = next(e for e in bare if e.source.line == 204)
    assert entry.name == "Zaubernovize"
    assert "split hyphenation repaired: 'Zau- bernovize'" in entry.notes
    assert any(e.name == "Zerschmettern" for e in bare)


@pytest.mark.parametrize(
    ("name", "profile", "lang"),
    [
        ("Great Aspen Bow", 'Range 36", Shots 1, Str 5, AP 2, Volley Fire.', "en"),
        ("Pistol", 'Range 12" Shots 1 Strength 4 Armour Penetration 2 QuicktoFire', "en"),
        ("Langbogen", 'Portée 30", tir 1, Force 3, PA 0, tir de volée', "fr"),
        ("Throwing Weapons", "Range 8″, Shots 2, FO Same as user, AP Same as user, Accurate, Quick to Fire", "en"),
        ("Catapult", 'Range 12-60", Shots 1, Str 3[7], AP 0[4], [Multiple Wounds (D3, Clipped Wings)].', "en"),
    ],
)
def test_weapon_profiles(bare: list[Entry], name: str, profile: str, lang: str) -> None:
    entry = next(e for e in bare if e.name == name)
    assert "profile" in entry.flags
    assert (entry.profiles[0].text, entry.profiles[0].lang) == (profile, lang)


def test_french_profile_is_marked_french(bare: list[Entry]) -> None:
    assert {e.source.line for e in bare if e.lang == "fr"} == {51, 217}


def test_multi_line_body_keeps_its_span(bare: list[Entry]) -> None:
    grind = next(e for e in bare if e.name == "Zermahlen")
    assert (grind.source.line, grind.source.end_line) == (290, 298)
    assert "Impact Hits, it may only use one of these rules" in grind.text


def test_curated_alias_names_the_rule_directly() -> None:
    entries = _read(curated_aliases={"Todesstoß": "Lethal Strike", "Kanone": "Cannon"})
    lethal = next(e for e in entries if e.source.line == 425)
    assert (lethal.name, [a.name for a in lethal.aliases], lethal.heading) == ("Lethal Strike", ["Todesstoß"], "Todesstoß")
    # "Champion / Todesstoß": the English stub above is not taken as its name
    assert any(e.name == "Champion" and "stub" in e.flags for e in entries)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Axe\n\nAxt\n\nAttacks made with an Axe hit hard.\n", [("Axe", ["Axt"], "")]),
        ("Stiefel\n\nModels with Boots move fast.\n\nBoots\n\nModels with Boots move fast.\n",
         [("Boots", ["Stiefel"], ""), ("Boots", [], "")]),
        ("Lonely\n", [("Lonely", [], "stub")]),
        ("Kategorie\n\nSword\n\nA blade.\n", [("Sword", [], "")]),
    ],
)
def test_layouts(text: str, expected: list[tuple[str, list[str], str]]) -> None:
    doc = Document("x", "x/g.txt", "glossary", "glossary", text, options={"categories": ["Kategorie"]})
    got = [(e.name, [a.name for a in e.aliases], "stub" if "stub" in e.flags else "") for e in read(doc)]
    assert got == expected


def test_columns_of_entries_and_profiles() -> None:
    text = "  Spear\n\nAttacks made with a Spear hit.\n   Range 24\", Shots 1, Str 4, AP 1\n\n Lonely\n"
    spear, lonely = read(Document("x", "x/g.txt", "glossary", "glossary", text))
    assert (spear.name, spear.source.line, spear.source.column) == ("Spear", 1, 3)
    assert [(p.source.line, p.source.column) for p in spear.profiles] == [(4, 4)]
    assert (lonely.name, lonely.source.line, lonely.source.column) == ("Lonely", 6, 2)


def test_real_glossary_starts_every_entry_at_column_one(bare: list[Entry]) -> None:
    lines = (RULES_SRC / PATH).read_text(encoding="utf-8").split("\n")
    assert all(not lines[e.source.line - 1][:1].isspace() for e in bare)
    assert {e.source.column for e in bare} == {1}


# -- definition lines (issue 24) ----------------------------------------------------

DEFINITIONS = """\
Action Points (AP): How many actions a model takes.

Line of Sight (LoS): Whether one model sees another,
wrapped onto a second line.
Cover — Terrain between a shooter and its target.

Ward [X]: Saves on a roll of X or more.
"""


def _definitions(text: str) -> list[Entry]:
    return read(Document("demo", "demo/glossary.txt", "glossary", "glossary", text))


def test_definition_lines_are_one_rule_each() -> None:
    got = [(e.name, [(a.name, a.lang) for a in e.aliases], e.source.line, e.source.end_line, e.text) for e in _definitions(DEFINITIONS)]
    assert got == [
        ("Action Points", [("AP", "en")], 1, 1, "How many actions a model takes."),
        ("Line of Sight", [("LoS", "en")], 3, 4, "Whether one model sees another, wrapped onto a second line."),
        ("Cover", [], 5, 5, "Terrain between a shooter and its target."),
        ("Ward [X]", [("Ward", "en")], 7, 7, "Saves on a roll of X or more."),  # square brackets: a parameter
    ]


def test_one_definition_line_alone_is_no_glossary_of_them() -> None:
    (entry,) = _definitions("Fear\n\nModels with Fear: they cause Panic tests.\n")
    assert (entry.name, entry.text) == ("Fear", "Models with Fear: they cause Panic tests.")
