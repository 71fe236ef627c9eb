"""The universal-rules list (t9a/universal-rules.txt): every heading, lost or not."""

from __future__ import annotations

import pytest

from referee.model import Entry
from referee.sources.document import Document
from referee.sources.rules_list import read
from tests.conftest import RULES_SRC

PATH = "t9a/universal-rules.txt"

# (first line, last line, name, how the name was found) for every rule, read
# off the document: "heading" where the heading survived, "text" where it was
# lost and the body names its rule, None where nothing names it.
EXPECTED = [
    (5, 17, "Ambush", "text"),  # "Units with Ambush may be deployed ..."
    (20, 20, None, None),  # "The model must be deployed in a unit." names no rule
    (22, 24, "Battle Standard Bearer", "heading"),
    (27, 27, "Bodyguard", "text"),  # "at least one model has Bodyguard"
    (30, 30, "Channel", "text"),  # "models with Channel may add X Veil Tokens"
    (33, 33, "Chariot", "text"),  # "The model gains Exclusive (Chariot)"
    (35, 37, "Commanding Presence", "heading"),
    (39, 41, "Deafening Clamour", "heading"),
    (44, 52, "Engineer", "text"),  # "an unengaged Engineer may select"
    (55, 55, "Exclusive", "text"),  # "Characters with Exclusive (X)"
    (58, 58, "Fear", "text"),
    (61, 61, "Fearless", "text"),  # "unit's models are Fearless"
    (63, 65, "Feigned Flight", "heading"),
    (68, 78, "Fly", "text"),
    (81, 91, "Frenzy", "text"),
    (93, 105, "Front Rank", "heading"),
    (107, 133, "Matching Bases", "heading"),
    (135, 143, "Mismatching Bases", "heading"),
    (149, 153, "Ghost Step", "heading"),
    (156, 176, "Hidden", "text"),  # "The model with Hidden could have been deployed"
    (178, 180, "Hold the Line", "heading"),
    (183, 183, "Insignificant", "text"),  # "Units consisting entirely of Insignificant models"
    (185, 201, "Light Troops", "heading"),
    (203, 205, "Magic Resistance", "heading"),
    (207, 209, "Massive Bulk", "heading"),
    (212, 212, "Maximised Roll", "text"),  # "are subject to Maximised Roll"
    (215, 215, "Minimised Roll", "text"),
    (217, 219, "Not a Leader", "heading"),
    (221, 223, "Protean Magic", "heading"),
    (225, 227, "Rally Around the Flag", "heading"),
    (229, 251, "Random Movement", "heading"),
    (254, 265, "Scoring", "text"),  # "Scoring can be lost during the game" continues it
    (268, 276, "Scout", "text"),
    (283, 289, "Skirmisher", "text"),
    (291, 301, "Special Ambush", "heading"),
    (303, 305, "Stand Behind", "heading"),
    (308, 308, "Strider", "text"),
    (311, 311, "Stubborn", "text"),
    (314, 318, "Supernal", "text"),
    (320, 328, "Swift Reform", "heading"),
    (331, 331, "Swiftstride", "text"),
    (334, 334, "Tall", "text"),
    (337, 337, "Terror", "text"),
    (339, 341, "Towering Presence", "heading"),
    (344, 344, "Unbreakable", "text"),  # "The model gains Exclusive (Unbreakable)"
    (347, 357, "Undead", "text"),  # "The model gains Unstable. Models with Undead ..."
    (360, 364, "Unstable", "text"),
    (367, 367, None, None),  # "Characters, allotted by the owner ...": a list item cut loose
    (370, 376, "Vanguard", "text"),
    (378, 386, "War Machine", "heading"),
    (388, 402, "War Platform", "heading"),
    (404, 410, "Wizard Apprentice", "heading"),
    (412, 418, "Wizard Adept", "heading"),
    (420, 426, "Wizard Master", "heading"),
    (428, 430, "Wizard Conclave", "heading"),
]


@pytest.fixture(scope="module")
def entries() -> list[Entry]:
    text = (RULES_SRC / PATH).read_text(encoding="utf-8")
    doc = Document("t9a", PATH, "rules-list", "universal", text, options={"title": "List of Universal Rules"})
    return read(doc)


def test_every_rule_is_read_in_order(entries: list[Entry]) -> None:
    assert [(e.source.line, e.source.end_line, e.name) for e in entries] == [
        (first, last, name) for first, last, name, _ in EXPECTED
    ]


@pytest.mark.parametrize(("first", "last", "name", "how"), EXPECTED, ids=[str(e[2] or e[0]) for e in EXPECTED])
def test_how_each_name_was_found(entries: list[Entry], first: int, last: int, name: str | None, how: str | None) -> None:
    entry = next(e for e in entries if e.source.line == first)
    if how == "text":
        assert "recovered-name" in entry.flags
        assert any(name in note for note in entry.notes)
    elif how == "heading":
        assert "recovered-name" not in entry.flags and "unnamed" not in entry.flags
    else:
        assert entry.flags == ("unnamed",)
        assert entry.notes == ("heading lost in extraction and the text names no rule",)


def test_document_title_is_not_a_rule(entries: list[Entry]) -> None:
    assert "List of Universal Rules" not in {e.name for e in entries}


def test_sub_headings_become_sub_rules(entries: list[Entry]) -> None:
    parents = {e.name: e.parent for e in entries if e.parent}
    assert parents == {"Matching Bases": "Front Rank", "Mismatching Bases": "Front Rank"}


def test_unnamed_body_is_not_glued_to_the_rule_before(entries: list[Entry]) -> None:
    ambush = next(e for e in entries if e.name == "Ambush")
    assert "The model must be deployed in a unit" not in ambush.text
    unstable = next(e for e in entries if e.name == "Unstable")
    assert "allotted by the owner" not in unstable.text


def test_continuation_after_a_gap_stays_with_its_rule(entries: list[Entry]) -> None:
    scoring = next(e for e in entries if e.name == "Scoring")
    assert "Scoring can be lost during the game:" in scoring.text
    assert "- A Vanguarding model loses Scoring until the end of Game Turn 1." in scoring.text


def test_figure_captions_are_notes_not_text(entries: list[Entry]) -> None:
    by_name = {e.name: e for e in entries}
    assert "Illustration of" not in by_name["Mismatching Bases"].text
    assert any(n.startswith("figure caption at line 145:") for n in by_name["Mismatching Bases"].notes)
    assert "Skirmish formation." not in by_name["Scout"].text
    assert any(n.startswith("figure caption at line 278:") for n in by_name["Skirmisher"].notes)


def test_bullets_and_paragraphs(entries: list[Entry]) -> None:
    engineer = next(e for e in entries if e.name == "Engineer")
    assert engineer.text.split("\n\n")[2] == "- You may reroll the roll on the Misfire Table."
    assert engineer.text.endswith("The effects last until the end of the Shooting Phase.")


def test_heading_at_the_end_with_its_body(entries: list[Entry]) -> None:
    conclave = entries[-1]
    assert conclave.name == "Wizard Conclave"
    assert conclave.text.startswith("The Champion of a unit with Wizard Conclave")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Title\n\nFirst Rule\n\nIts body.\n\n\nUnits with Second may act.\n", [("First Rule", 3, 5), ("Second", 8, 8)]),
        ("Alpha\n\nBody of alpha.\n\n\nNothing names this.\n", [("Alpha", 1, 3), (None, 6, 6)]),
        ("Lonely Heading\n", [("Lonely Heading", 1, 1)]),
        ("Front\n\nUse a Back Line here.\n\nBack Line\n\nDetails.\n", [("Front", 1, 3), ("Back Line", 5, 7)]),
    ],
)
def test_layouts(text: str, expected: list[tuple[str | None, int, int]]) -> None:
    doc = Document("x", "x/rules.txt", "rules-list", "core", text, options={"title": "Title"})
    assert [(e.name, e.source.line, e.source.end_line) for e in read(doc)] == expected


def test_heading_mentioned_by_its_rule_is_a_sub_rule() -> None:
    doc = Document("x", "x/r.txt", "rules-list", "core", "Front\n\nUse a Back Line here.\n\nBack Line\n\nDetails.\n")
    assert [(e.name, e.parent) for e in read(doc)] == [("Front", None), ("Back Line", "Front")]


def test_stub_heading_is_flagged() -> None:
    doc = Document("x", "x/r.txt", "rules-list", "core", "Lonely Heading\n")
    assert read(doc)[0].flags == ("stub",)


def test_columns_are_where_the_heading_or_the_body_starts() -> None:
    text = "  Fear\n\nUnits with Fear flee.\n\n\n   Models with Terror run.\n"
    entries = read(Document("x", "x/r.txt", "rules-list", "universal", text))
    assert [(e.name, e.source.line, e.source.column) for e in entries] == [("Fear", 1, 3), ("Terror", 6, 4)]
