"""The Markdown adapter: the two real documents, read off line by line, and edge cases.

Expectations come from reading the documents, not from the adapter's output:
the tables below list every heading of each file with the line it sits on and
the last line of its text.
"""

from __future__ import annotations

import ast
import doctest
import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import RulesError
from referee.model import Amendment, Entry, Field, Param, Source, Table
from referee.sources import markdown_blocks, markdown_entries, markdown_errata, markdown_inline, markdown_keywords
from referee.sources import markdown_labels, markdown_tables
from referee.sources import markdown as markdown_module
from referee.sources.document import Document
from referee.sources.markdown import read
from tests.conftest import RULES_SRC, examples

WHFB = "whfb-house/house-rules-8th-edition.md"
LAST = "last-edition/core-rules.md"
BASE_BOOK = "Warhammer: The Game of Fantasy Battles, 8th edition rulebook"


def real(path: str, role: str, options: dict[str, str] | None = None) -> Document:
    text = (RULES_SRC / path).read_text(encoding="utf-8")
    return Document(path.split("/")[0], path, "markdown", role, text, "en", options or {})


def whfb_doc() -> Document:
    return real(WHFB, "errata", {"base_book": BASE_BOOK})


def last_doc() -> Document:
    return real(LAST, "core")


@pytest.fixture(scope="module")
def whfb() -> list[Entry]:
    return read(whfb_doc())


@pytest.fixture(scope="module")
def last() -> list[Entry]:
    return read(last_doc())


def one(entries: list[Entry], name: str, line: int | None = None) -> Entry:
    found = [e for e in entries if e.name == name and (line is None or e.source.line == line)]
    assert len(found) == 1, f"{len(found)} entries named {name!r}"
    return found[0]


def md(text: str, role: str = "core", **options: object) -> list[Entry]:
    return read(Document("demo", "demo/rules.md", "markdown", role, text, "en", dict(options)))


# -- Warhammer house rules -----------------------------------------------------

# (heading line, last line, name, parent) for every rule, in document order.
# Lines 63-65 list six removed base-book rules; Obstacle is left out there
# because line 87 defines the house Obstacle (see the adapter's docstring).
WHFB_ENTRIES = [
    (3, 7, "Redirecting the charge", None),
    (9, 13, "Templates", None),
    (15, 17, "Air And Ground Movement (flee, overrun and pursue)", None),
    (19, 21, "Aligning to the Enemy", None),
    (23, 29, "Dangerous Terrain(x)", None),
    (31, 33, "Manoeuvring during a charge", None),
    (35, 43, "Panic tests", None),
    (45, 49, "Heavy casualties", "Panic tests"),
    (51, 53, "Nearby friend annihilated", "Panic tests"),
    (55, 57, "Nearby friend breaks", "Panic tests"),
    (59, 61, "Fled through", "Panic tests"),
    (63, 65, "Terrain", None),
    (63, 65, "Open Terrain", None),
    (63, 65, "Difficult Terrain", None),
    (63, 65, "Very Difficult Terrain", None),
    (63, 65, "Impassable Terrain", None),
    (67, 73, "Hills", None),
    (75, 81, "Forest", None),
    (83, 85, "Subsequent Actions Of Fleeing Troops", None),
    (87, 94, "Obstacle", None),
    (96, 105, "Impossible Terrain", None),
    (107, 113, "Other unit", None),
    (115, 115, "Flee/Pursuit", None),
    (117, 121, "Move Fleeing Troops", "Flee/Pursuit"),
    (123, 125, "Subsequent Actions Of Fleeing Troops", "Flee/Pursuit"),
    (127, 129, "Pursuit Move", "Flee/Pursuit"),
    (131, 133, "Pursuit Into Fresh Enemy", "Flee/Pursuit"),
    (135, 137, "COVER", None),
    (139, 141, "Target Behind Soft Cover", "COVER"),
    (143, 147, "Target Behind Hard Cover", "COVER"),
    (149, 157, "Steadfast (only The Horde formation)", None),
    (159, 163, "The Horde", None),
    (165, 170, "Remove Casualties", None),
    (172, 174, "General's Leadership", None),
    (176, 178, "Re-roll break tests", None),
    (180, 180, "Challenge", None),
    (182, 188, "Issuing A Challenge", "Challenge"),
    (190, 194, "Fighting A Challenge", "Challenge"),
    (196, 200, "Make Way!", None),
    (202, 214, "Supporting Attacks", None),
    (216, 218, "Monsterous Support", "Supporting Attacks"),
    (220, 222, "Monsterous Ranks", "Supporting Attacks"),
    (224, 224, "Weapons", "Supporting Attacks"),
    (226, 228, "Hand Weapon + Shield (foot)", "Weapons"),
    (230, 232, "Second Hand Weapon", "Weapons"),
    (234, 236, "Spear (foot)", "Weapons"),
    (238, 240, "Bows", "Weapons"),
    (242, 248, "Volley Fire", None),
    (250, 254, "Fighting in extra ranks", None),
    (256, 258, "Fire in two ranks", None),
    (260, 262, "Stomp / Thunder Stomp", None),
    (264, 274, "Thunderstomp", "Stomp / Thunder Stomp"),
    (270, 270, "war beasts", "Stomp / Thunder Stomp"),  # the footnote to Stomp's "war beasts\*"
    (276, 283, "Regeneration", None),
    (285, 287, "Breath Weapon", None),
    (289, 291, "Breath Weapon Shooting Attack", "Breath Weapon"),
    (293, 295, "Breath Weapon Close Combat Attack", "Breath Weapon"),
    (297, 301, "Forest Line of Sight", "Breath Weapon"),
    (305, 307, "Defend Obstacle", None),
    (309, 311, "Lapping round", None),
    (313, 315, "Buildings", None),
    (317, 319, "Flank and Rear Charges - Panic", None),
    (321, 323, "Moving Characters Within Engaged Unit", None),
    (325, 327, "Expand Frontage", None),
    (329, 331, "Muliple targets", None),
    (333, 335, "Damage", None),
    (337, 339, "Stone Thrower Summary", None),
    (341, 343, "Standard", None),
    (345, 347, "Combat bonus", None),
    (349, 360, "Dangerous Terrain Table", None),
]

# Every amendment: (heading line, name, op, pages), read off the headings.
WHFB_AMENDMENTS = [
    (3, "Redirecting the charge", "replace", ("53",)),  # (exchange p.53)
    (9, "Templates", "add", ("37",)),  # (add p.37)
    (15, "Air And Ground Movement (flee, overrun and pursue)", "add", ("106",)),  # (p.106 - added)
    (19, "Aligning to the Enemy", "replace", ("53",)),  # (p.53 - exchanged)
    (31, "Manoeuvring during a charge", "add", ("52",)),  # (added p.52)
    (35, "Panic tests", "replace", ("80",)),
    (63, "Terrain", "remove", ("50", "51")),  # body: (removed p.50 p.51)
    (63, "Open Terrain", "remove", ("50", "51")),
    (63, "Difficult Terrain", "remove", ("50", "51")),
    (63, "Very Difficult Terrain", "remove", ("50", "51")),
    (63, "Impassable Terrain", "remove", ("50", "51")),
    (67, "Hills", "replace", ("60",)),
    (83, "Subsequent Actions Of Fleeing Troops", "edit", ("75",)),  # (p.75 - exchange - edited)
    (117, "Move Fleeing Troops", "edit", ("4",)),
    (123, "Subsequent Actions Of Fleeing Troops", "edit", ("75",)),
    (127, "Pursuit Move", "edit", ("75",)),
    (131, "Pursuit Into Fresh Enemy", "add", ("76",)),
    (135, "COVER", "replace", ("60",)),
    (165, "Remove Casualties", "replace", ("70",)),
    (172, "General's Leadership", "add", ("102",)),
    (176, "Re-roll break tests", "replace", ("102",)),  # (p.102 - exchange)
    (182, "Issuing A Challenge", "replace", ("99",)),
    (190, "Fighting A Challenge", "replace", ("99",)),
    (196, "Make Way!", "add", ()),  # ( added ): no page
    (202, "Supporting Attacks", "add", ("77",)),  # (added p.77 to Which models can fight)
    (226, "Hand Weapon + Shield (foot)", "edit", ("88",)),  # (p.88), body "exchange ... to ..."
    (230, "Second Hand Weapon", "edit", ("88",)),
    (234, "Spear (foot)", "edit", ("89",)),
    (238, "Bows", "edit", ("92",)),  # body "added Volley Fire": changes the Bows entry
    (250, "Fighting in extra ranks", "replace", ("89",)),  # (p.89 exchange Fighting in ranks)
    (276, "Regeneration", "replace", ("113",)),
    (285, "Breath Weapon", "replace", ("114",)),
    (305, "Defend Obstacle", "remove", ("69",)),  # (p.69), body "removed"
    (309, "Lapping round", "remove", ("77",)),
    (313, "Buildings", "remove", ("129", "130")),  # (p129, p130)
    (317, "Flank and Rear Charges - Panic", "remove", ("54",)),
    (321, "Moving Characters Within Engaged Unit", "remove", ("97",)),
    (325, "Expand Frontage", "remove", ("77",)),
    (329, "Muliple targets", "remove", ("267",)),
    (333, "Damage", "edit", ("121",)),  # body "delete first paragraph."
    (337, "Stone Thrower Summary", "edit", ()),  # "change (4) point to:", no page
    (341, "Standard", "edit", ("73",)),
    (345, "Combat bonus", "edit", ("102",)),
]


def test_whfb_yields_every_heading_in_order(whfb: list[Entry]) -> None:
    assert [(e.source.line, e.source.end_line, e.name, e.parent) for e in whfb] == WHFB_ENTRIES


def test_whfb_entry_count(whfb: list[Entry]) -> None:
    # 65 headings; the removal heading at line 63 names 6 rules, one of them
    # (Obstacle) defined again at line 87: 65 - 1 + 5; and one footnote read as a sub-rule.
    assert len(whfb) == 70


# -- footnotes: set down under another rule than the one marking their words --------


def test_whfb_footnote_belongs_to_the_rule_marking_its_words(whfb: list[Entry]) -> None:
    # "... on enemy infantry, war beasts\* or swarm unit ..." (Stomp / Thunder Stomp, line 262);
    # "\*war beasts - all (50x25 base models) ..." set down at line 270, under "#### Thunderstomp"
    beasts = one(whfb, "war beasts", 270)
    assert (beasts.parent, beasts.source.column, beasts.category) == ("Stomp / Thunder Stomp", 1, "Stomp / Thunder Stomp")
    assert beasts.text == "all (50x25 base models) with single characteristic on it (without Jezzails)."
    thunderstomp = one(whfb, "Thunderstomp", 264)
    assert "war beasts -" not in thunderstomp.text and "Some characters can ride war beasts" in thunderstomp.text
    assert "footnote 'war beasts*' at line 270 read as a sub-rule of Stomp / Thunder Stomp" in thunderstomp.notes
    # a footnote under the table whose cells mark it stays with its table ("Wo(1)*" over "*Fleeing Chariot")
    table = one(whfb, "Dangerous Terrain Table", 349)
    assert table.text.endswith("*Fleeing Chariot - Wo(D6)")


KENNEL = """\
## Trample

A beast tramples infantry, hounds* and swarms.

### Great Trample

It tramples twice.

\\*hounds: dogs, wolves and other beasts on small bases.

* A list item, not a footnote.

*Loners - nothing marks these words.

## Charts

| Roll | Result |
|---|---|
| 1 | Hit* |

*Hit - a hit at Strength 3.
"""


def test_footnotes_in_a_small_document() -> None:
    entries = md(KENNEL)
    assert [(e.name, e.parent, e.source.line, e.source.column) for e in entries] == [
        ("Trample", None, 1, 1), ("Great Trample", "Trample", 5, 1), ("hounds", "Trample", 9, 1), ("Charts", None, 15, 1)]
    great = entries[1]
    assert great.text == "It tramples twice.\n\n- A list item, not a footnote.\n\n*Loners - nothing marks these words."
    assert entries[2].text == "dogs, wolves and other beasts on small bases."
    assert entries[2].notes == ("a footnote to the words 'hounds*' of Trample, set down under Great Trample",)
    assert entries[3].text.endswith("*Hit - a hit at Strength 3.")


@pytest.mark.parametrize(("line", "name", "op", "pages"), WHFB_AMENDMENTS)
def test_whfb_amendment(whfb: list[Entry], line: int, name: str, op: str, pages: tuple[str, ...]) -> None:
    assert one(whfb, name, line).amends == Amendment(op, pages, BASE_BOOK)


def test_whfb_only_listed_sections_amend(whfb: list[Entry]) -> None:
    amending = {(e.source.line, e.name) for e in whfb if e.amends is not None}
    assert amending == {(line, name) for line, name, _, _ in WHFB_AMENDMENTS}


@pytest.mark.parametrize(
    ("line", "name", "heading"),
    [
        (3, "Redirecting the charge", "Redirecting the charge (exchange p.53)"),
        (83, "Subsequent Actions Of Fleeing Troops", "Subsequent Actions Of Fleeing Troops (p.75 - exchange - edited)"),
        (165, "Remove Casualties", "Remove Casualties (p.70 - exchanged)"),
        (196, "Make Way!", "Make Way! ( added )"),
        (313, "Buildings", "Buildings (p129, p130)"),
        (337, "Stone Thrower Summary", "Stone Thrower Summary change (4) point to:"),
    ],
)
def test_whfb_annotation_leaves_the_name_and_is_kept_as_heading(whfb: list[Entry], line: int, name: str, heading: str) -> None:
    assert one(whfb, name, line).heading == heading


@pytest.mark.parametrize(
    ("line", "name", "note"),
    [
        (196, "Make Way!", "names no page"),
        (202, "Supporting Attacks", "also says: to Which models can fight"),
        (250, "Fighting in extra ranks", "also says: Fighting in ranks"),
        (226, "Hand Weapon + Shield (foot)", "read as edit"),
        (305, "Defend Obstacle", "read as remove"),
        (337, "Stone Thrower Summary", "instruction"),
        (63, "Terrain", "Obstacle is not listed as removed here: line 87 defines it again"),
        (87, "Obstacle", "removed at line 63"),
    ],
)
def test_whfb_notes_explain_the_reading(whfb: list[Entry], line: int, name: str, note: str) -> None:
    assert any(note in n for n in one(whfb, name, line).notes)


def test_whfb_dangerous_terrain_table(whfb: list[Entry]) -> None:
    entry = one(whfb, "Dangerous Terrain Table")
    assert entry.tables == (
        Table(
            header=("", "Forest", "Water", "Obstacle", "Impossible", "Enemy"),
            rows=(
                ("Cavalry", "DT(2) Wo(1)", "DT(2) Wo(1)", "DT(1) Wo(1)", "-", "-"),
                ("Chariot", "DT(4) Wo(D6)", "DT(4) Wo(D6)", "DT(4) Wo(D6)", "-", "-"),
                ("Fliers", "DT(4) Wo(1)", "-", "-", "-", "-"),
                ("Small Infantry", "-", "DT(2) Wo(1)", "-", "-", "-"),
                ("All fleeing units", "-", "-", "-", "DT(5) Wo(1)*", "DT(3) Wo(1)*"),
            ),
            source=Source(WHFB, 353, 358),
        ),
    )
    # The rows stay readable in the text, with the caption and the footnote.
    assert entry.text.split("\n\n") == [
        "Score equal or less",
        "Cavalry: Forest DT(2) Wo(1); Water DT(2) Wo(1); Obstacle DT(1) Wo(1); Impossible -; Enemy -\n"
        "Chariot: Forest DT(4) Wo(D6); Water DT(4) Wo(D6); Obstacle DT(4) Wo(D6); Impossible -; Enemy -\n"
        "Fliers: Forest DT(4) Wo(1); Water -; Obstacle -; Impossible -; Enemy -\n"
        "Small Infantry: Forest -; Water DT(2) Wo(1); Obstacle -; Impossible -; Enemy -\n"
        "All fleeing units: Forest -; Water -; Obstacle -; Impossible DT(5) Wo(1)*; Enemy DT(3) Wo(1)*",
        "*Fleeing Chariot - Wo(D6)",
    ]


def test_whfb_no_other_tables(whfb: list[Entry]) -> None:
    assert [e.name for e in whfb if e.tables] == ["Dangerous Terrain Table"]


def test_whfb_dangerous_terrain_has_a_parameter(whfb: list[Entry]) -> None:
    entry = one(whfb, "Dangerous Terrain(x)")
    assert (entry.key, entry.params, [a.name for a in entry.aliases]) == (
        "dangerous-terrain",
        (Param("x", "number"),),
        ["Dangerous Terrain"],
    )


def test_whfb_dangerous_terrain_mentions_are_rule_text(whfb: list[Entry]) -> None:
    assert "Cavalry has Dangerous Terrain (1)\nChariots has Dangerous Terrain (4)" in one(whfb, "Obstacle").text
    assert not [e for e in whfb if e.name and e.name.startswith(("Cavalry", "Chariots"))]


def test_whfb_repeated_heading_gives_two_entries(whfb: list[Entry]) -> None:
    twins = [e for e in whfb if e.name == "Subsequent Actions Of Fleeing Troops"]
    assert [(e.source.line, e.parent) for e in twins] == [(83, None), (123, "Flee/Pursuit")]
    assert twins[0].text == twins[1].text


@pytest.mark.parametrize(
    ("name", "start", "end"),
    [
        # (name, how its text starts, how it ends), read off the file
        ("Panic tests", "In earlier sections I've hinted", "its nerve has been tested already!"),
        ("Impossible Terrain", "Block line of sight. Only a Fleeing Unit", "must take Dangerous Terrain (5)"),
        ("Remove Casualties", "Casualties are removed from the rear rank", "to make this move as the first."),
        ("Thunderstomp", "A Thunderstomp makes D6 hits", "the model uses the rules for cavalry."),
        ("Terrain", "(removed p.50 p.51)", "(removed p.50 p.51)"),
        ("Re-roll break tests", 'Exchange "Break tests" to "Psychology tests".', "Remove third paragraph."),
    ],
)
def test_whfb_text(whfb: list[Entry], name: str, start: str, end: str) -> None:
    text = one(whfb, name).text
    assert text.startswith(start) and text.endswith(end)


def test_whfb_escaped_stars_and_bullets(whfb: list[Entry]) -> None:
    panic = one(whfb, "Panic tests").text
    assert "- A unit does not take Panic tests if friendly causing unit has less US\n- A unit does not" in panic
    assert "\n\n- Finally, remember that a unit" in panic  # "\* Finally": the star is a bullet
    # the footnote's star stays in its text: read as a sub-rule of the rule whose "war beasts*" it explains
    # (it was pinned as text of Thunderstomp, the heading it is set down under, before round 11)
    assert one(whfb, "war beasts").text.startswith("all (50x25 base models)")
    assert "war beasts* or swarm" in one(whfb, "Stomp / Thunder Stomp").text


@pytest.mark.parametrize(
    ("name", "aliases"),
    [
        ("Stomp / Thunder Stomp", ["Stomp", "Thunder Stomp"]),
        ("Steadfast (only The Horde formation)", ["Steadfast"]),
        ("Air And Ground Movement (flee, overrun and pursue)", ["Air And Ground Movement"]),
        ("Spear (foot)", ["Spear"]),
        ("Flee/Pursuit", []),
    ],
)
def test_whfb_aliases(whfb: list[Entry], name: str, aliases: list[str]) -> None:
    assert [a.name for a in one(whfb, name).aliases] == aliases


@pytest.mark.parametrize(
    ("name", "flags", "category"),
    [
        ("Flee/Pursuit", ("stub", "group"), None),  # heading only, sub-rules under it
        ("Challenge", ("stub", "group"), None),
        ("Weapons", ("stub", "group"), "Supporting Attacks"),
        ("Heavy casualties", (), "Panic tests"),
        ("Redirecting the charge", (), None),
    ],
)
def test_whfb_flags_and_category(whfb: list[Entry], name: str, flags: tuple[str, ...], category: str | None) -> None:
    entry = one(whfb, name)
    assert (entry.flags, entry.category) == (flags, category)


# -- The Last Edition ----------------------------------------------------------

# (heading line, last line, name, parent) for every rule.  Line 3 "## THE LAST
# EDITION" is the title (no text); Note (575, 645), Example (811) and
# In addition (821) are paragraphs of the rule before them; 577 and 647 are
# bold sentences (they end with a period); 91, 149, 391, 935 and 937 open with
# bold words inside a paragraph.  Bold-line headings belong to the innermost
# heading above them that has no text of its own (else the top-level section),
# and bold headings after a "... keywords" label belong to that label.
LAST_ENTRIES = [
    (5, 9, "CORE RULES", None),
    (11, 21, "What are you reading?", "CORE RULES"),
    (23, 35, "STRUCTURE OF THIS RULE DOCUMENT", "CORE RULES"),
    (37, 45, "How to play the last edition?", "CORE RULES"),
    (47, 51, "Most important", None),
    (53, 63, "Playing by intent", None),
    (65, 65, "What materials are needed?", None),
    (67, 73, "Dice, placement and rulers", "What materials are needed?"),
    (75, 79, "Models/Armies", "What materials are needed?"),
    (81, 85, "Rules", "What materials are needed?"),
    (87, 87, "PLAYING THE GAME", None),
    (89, 95, "DISTANCES", "PLAYING THE GAME"),
    (97, 105, "VISIBILITY", None),
    (107, 121, "DICE", None),
    (123, 125, "Modify dice", None),
    (127, 131, "Modify by addition and subtraction", "Modify dice"),
    (133, 139, "Modify by rerolling", "Modify dice"),
    (141, 153, "Wound rolls", None),
    (155, 159, "Modifying wound rolls", "Wound rolls"),
    (161, 163, "Modify by the “bad luck pool”", "Wound rolls"),
    (165, 179, "Improving dice step", "Wound rolls"),
    (181, 181, "MISSIONS AND TERRAIN", None),
    (183, 187, "The battlefield", "MISSIONS AND TERRAIN"),
    (189, 189, "Setting up the mission", "MISSIONS AND TERRAIN"),
    (191, 205, "Deciding the deployment zone layout", "Setting up the mission"),
    (207, 209, "Objectives", "Setting up the mission"),
    (211, 219, "Placing objectives in Missions", "Setting up the mission"),
    (221, 225, "Holding objectives", "Setting up the mission"),
    (227, 229, "Starting with the second round", "Setting up the mission"),
    (231, 233, "Rolling for mission secondary objectives", "Setting up the mission"),
    (235, 239, "Attack", "Setting up the mission"),
    (241, 249, "Secret mission", "Setting up the mission"),
    (251, 259, "Bombs", "Setting up the mission"),
    (261, 265, "Plan of attack", "Setting up the mission"),
    (267, 277, "Poison cloud", "Setting up the mission"),
    (279, 291, "Storm", "Setting up the mission"),
    (293, 295, "Painting an army", "Setting up the mission"),
    (297, 307, "Models that communicate", "Setting up the mission"),
    (309, 313, "The 3 terrain types", "Setting up the mission"),
    (315, 325, "Terrain type 3 / vision blocking", "Setting up the mission"),
    (327, 335, "Terrain type 2 / vision hindering", "MISSIONS AND TERRAIN"),
    (337, 341, "Terrain type 1 / soft cover", "MISSIONS AND TERRAIN"),
    (343, 349, "Deploying armies", "MISSIONS AND TERRAIN"),
    (351, 351, "STARTING THE GAME", None),
    (353, 365, "Rounds", "STARTING THE GAME"),
    (367, 367, "Directives", "STARTING THE GAME"),
    (369, 377, "Directive 1", "Directives"),
    (379, 385, "Directive 2", "Directives"),
    (387, 391, "Directive 3", "Directives"),
    (393, 397, "Directive 4", "Directives"),
    (399, 403, "Directive 5", "Directives"),
    (405, 409, "Directive 6", "Directives"),
    (411, 415, "Directive 7", "Directives"),
    (417, 421, "Directive 8", "Directives"),
    (423, 427, "Directive 9", "Directives"),
    (429, 433, "Leftover leader points", "Directives"),
    (435, 437, "Turns", "Directives"),
    (439, 443, "Phases", "STARTING THE GAME"),
    (445, 449, "COMMAND PHASE", "STARTING THE GAME"),
    (451, 455, "Reaction units", "STARTING THE GAME"),
    (457, 465, "MOVEMENT PHASE", "STARTING THE GAME"),
    (467, 467, "Orders", "STARTING THE GAME"),
    (469, 471, "Advancing", "Orders"),
    (473, 477, "Concentrating", "Orders"),
    (479, 483, "Taking cover", "Orders"),
    (485, 489, "Fall back", "Orders"),
    (491, 495, "Placing reserves", "STARTING THE GAME"),
    (497, 501, "Reaction units", "STARTING THE GAME"),
    (503, 505, "POWER PHASE", None),
    (507, 511, "Reaction units", "POWER PHASE"),
    (513, 521, "Generating power dice", "POWER PHASE"),
    (523, 527, "Blocking powers", "POWER PHASE"),
    (529, 537, "BATTLE PHASE", None),
    (539, 549, "Passing", "BATTLE PHASE"),
    (551, 563, "SHOOTING", "BATTLE PHASE"),
    (565, 577, "Making shooting attacks", "BATTLE PHASE"),
    (579, 581, "Number of shots", "BATTLE PHASE"),
    (583, 585, "Hitting ranged attacks (hit rolls)", "BATTLE PHASE"),
    (587, 591, "Woundroll", None),
    (593, 597, "Saving rolls", None),
    (599, 603, "Inflct damage", None),
    (605, 607, "Removing models", None),
    (609, 609, "FIGHTING IN MELEE", None),
    (611, 618, "Charging", "FIGHTING IN MELEE"),
    (620, 624, "Charge roll", "FIGHTING IN MELEE"),
    (626, 633, "Fighting", "FIGHTING IN MELEE"),
    (635, 647, "Making melee attacks", "FIGHTING IN MELEE"),
    (649, 651, "Number of attacks", "FIGHTING IN MELEE"),
    (653, 667, "Melee combat skill check", "FIGHTING IN MELEE"),
    (669, 673, "Woundroll", "FIGHTING IN MELEE"),
    (675, 679, "Saving rolls", "FIGHTING IN MELEE"),
    (681, 685, "Inflct damage", "FIGHTING IN MELEE"),
    (687, 689, "Removing models", "FIGHTING IN MELEE"),
    (691, 693, "Combat move", "FIGHTING IN MELEE"),
    (695, 695, "COHERENCY PHASE", None),
    (697, 701, "Unit coherency", "COHERENCY PHASE"),
    (703, 703, "Select and play an army", "COHERENCY PHASE"),
    (705, 705, "DATASHEETS", "COHERENCY PHASE"),
    (707, 713, "Battle point cost", "DATASHEETS"),
    (715, 719, "Model/unit pricing and number", "DATASHEETS"),
    (721, 723, "Unit name", "DATASHEETS"),
    (725, 729, "Keywords and profiles", "DATASHEETS"),
    (731, 733, "Profiles (of models)", "DATASHEETS"),
    (735, 737, "Movement", "DATASHEETS"),
    (739, 741, "Ballistic skill", "DATASHEETS"),
    (743, 745, "Combat skill", "DATASHEETS"),
    (747, 749, "Toughness", "DATASHEETS"),
    (751, 755, "Health", "DATASHEETS"),
    (757, 761, "Armor save", "DATASHEETS"),
    (763, 765, "Special armor saves", "DATASHEETS"),
    (767, 771, "Pure save X++ (Ps)", "DATASHEETS"),
    (773, 777, "Dodge save X+- (Ds)", "DATASHEETS"),
    (779, 781, "Special rules", "DATASHEETS"),
    (783, 789, "ABILITIES/Bufs and nerfs", "DATASHEETS"),
    (791, 791, "KEYWORDS", "DATASHEETS"),
    (793, 795, "ARMY ROLE KEYWORDS", None),
    (797, 803, "Leader (color/color) +X {Y role/Z role/role}", "ARMY ROLE KEYWORDS"),
    (805, 813, "Leader points", "ARMY ROLE KEYWORDS"),
    (815, 823, "Base -X {unit}", "ARMY ROLE KEYWORDS"),
    (825, 827, "Guardian -X {Y leader}", "ARMY ROLE KEYWORDS"),
    (829, 831, "Elite -X", "ARMY ROLE KEYWORDS"),
    (833, 835, "Support -X {+X for unit}", "ARMY ROLE KEYWORDS"),
    (837, 839, "Fly -X", "ARMY ROLE KEYWORDS"),
    (841, 843, "(Unique) role", "ARMY ROLE KEYWORDS"),
    (845, 847, "Leftover leader points", "ARMY ROLE KEYWORDS"),
    (849, 851, "Faction keywords <Faction>", "ARMY ROLE KEYWORDS"),
    (853, 853, "WEAPON KEYWORDS", "ARMY ROLE KEYWORDS"),
    (855, 857, "Ranged weapon keywords", "ARMY ROLE KEYWORDS"),
    (859, 861, "Ranged X counterfire", "Ranged weapon keywords"),
    (863, 865, "Ranged X heavy", "Ranged weapon keywords"),
    (867, 869, "Ranged X sniper", "Ranged weapon keywords"),
    (871, 873, "Ranged X spray&prey Y", "Ranged weapon keywords"),
    (875, 877, "Ranged X trigger -Y to hit", "Ranged weapon keywords"),
    (879, 881, "Ranged X splash Y", "Ranged weapon keywords"),
    (883, 885, "Ranged X charge Y", "Ranged weapon keywords"),
    (887, 889, "Melee weapon keywords", "ARMY ROLE KEYWORDS"),
    (891, 893, "Melee X charge Y", "Melee weapon keywords"),
    (895, 897, "Melee X heavy -Y", "Melee weapon keywords"),
    (899, 901, "Melee X light +Y", "Melee weapon keywords"),
    (903, 905, "Melee X deflect Y", "Melee weapon keywords"),
    (907, 909, "Melee X splash Y", "Melee weapon keywords"),
    (911, 911, "Other keywords", "ARMY ROLE KEYWORDS"),
    (913, 915, "Objective security", "Other keywords"),
    (917, 919, "Cowards (X)", "Other keywords"),
    (921, 923, "Flying", "Other keywords"),
    (925, 927, "Protected", "Other keywords"),
    (929, 937, 'Shock teleport X|Y "direction1/direction2"', "Other keywords"),
    # "**Anywhere:** This means ...": labelled paragraphs define their terms (issue 24)
    (935, 935, "Anywhere", "shock-teleport"),
    (937, 937, "Side", "shock-teleport"),
    (939, 941, "Transport", "Other keywords"),
    (943, 947, "Embarking", "Other keywords"),
    (949, 955, "Disembarking", "Other keywords"),
    (957, 963, "Destroyed transports", "Other keywords"),  # line 963 has no newline
]

# Every keyword family: name, key, params, category, aliases.
FAMILIES = [
    ("Leader (color/color) +X {Y role/Z role/role}", "leader",
     [("colors", "color"), ("X", "number"), ("roles", "role")], "army role keyword", ["Leader"]),
    ("Base -X {unit}", "base", [("X", "number"), ("unit", "role")], "army role keyword", ["Base"]),
    ("Guardian -X {Y leader}", "guardian", [("X", "number"), ("Y", "number")], "army role keyword", ["Guardian"]),
    ("Elite -X", "elite", [("X", "number")], "army role keyword", ["Elite"]),
    # the document writes X for both the cost and the bonus
    ("Support -X {+X for unit}", "support", [("X", "number"), ("X2", "number")], "army role keyword", ["Support"]),
    ("Fly -X", "fly", [("X", "number")], "army role keyword", ["Fly"]),
    ("(Unique) role", "unique", [("role", "role")], "army role keyword", ["Unique"]),
    ("Pure save X++ (Ps)", "pure-save", [("X", "threshold")], "special armor save", ["Pure save", "Ps"]),
    ("Dodge save X+- (Ds)", "dodge-save", [("X", "threshold")], "special armor save", ["Dodge save", "Ds"]),
    ("Faction keywords <Faction>", "faction-keywords", [("Faction", "text")], "faction keyword", ["Faction keywords"]),
    ("Ranged X counterfire", "ranged-counterfire", [("X", "number")], "weapon keyword",
     ["counterfire", "Ranged counterfire"]),
    ("Ranged X heavy", "ranged-heavy", [("X", "number")], "weapon keyword", ["heavy", "Ranged heavy"]),
    ("Ranged X sniper", "ranged-sniper", [("X", "number")], "weapon keyword", ["sniper", "Ranged sniper"]),
    ("Ranged X spray&prey Y", "ranged-spray-prey", [("X", "number"), ("Y", "number")], "weapon keyword",
     ["spray&prey", "Ranged spray&prey"]),
    ("Ranged X trigger -Y to hit", "ranged-trigger", [("X", "number"), ("Y", "modifier")], "weapon keyword",
     ["trigger", "Ranged trigger"]),
    ("Ranged X splash Y", "ranged-splash", [("X", "number"), ("Y", "number")], "weapon keyword",
     ["splash", "Ranged splash"]),
    ("Ranged X charge Y", "ranged-charge", [("X", "number"), ("Y", "number")], "weapon keyword",
     ["charge", "Ranged charge"]),
    ("Melee X charge Y", "melee-charge", [("X", "number"), ("Y", "number")], "weapon keyword",
     ["charge", "Melee charge"]),
    ("Melee X heavy -Y", "melee-heavy", [("X", "number"), ("Y", "modifier")], "weapon keyword",
     ["heavy", "Melee heavy"]),
    ("Melee X light +Y", "melee-light", [("X", "number"), ("Y", "modifier")], "weapon keyword",
     ["light", "Melee light"]),
    ("Melee X deflect Y", "melee-deflect", [("X", "number"), ("Y", "number")], "weapon keyword",
     ["deflect", "Melee deflect"]),
    ("Melee X splash Y", "melee-splash", [("X", "number"), ("Y", "number")], "weapon keyword",
     ["splash", "Melee splash"]),
    ("Cowards (X)", "cowards", [("X", "number")], "keyword", ["Cowards"]),
    ('Shock teleport X|Y "direction1/direction2"', "shock-teleport",
     [("X", "number"), ("Y", "number"), ("direction", "text")], "keyword", ["Shock teleport"]),
]


def test_last_yields_every_heading_in_order(last: list[Entry]) -> None:
    assert [(e.source.line, e.source.end_line, e.name, e.parent) for e in last] == LAST_ENTRIES


def test_last_entry_count(last: list[Entry]) -> None:
    # 82 # headings + 74 bold-line headings, less the title and 4 lead-ins,
    # and 2 labelled paragraphs ("**Anywhere:** ...", "**Side:** ...").
    assert len(last) == 153


def test_last_title_is_not_a_rule(last: list[Entry]) -> None:
    assert not [e for e in last if e.name and "LAST EDITION" in e.name]
    core = one(last, "CORE RULES")  # a subtitle with text of its own is one
    assert core.text == "Play “the last edition”!\n\nA ruleset developed for epic and competitive tabletop gameplay."


@pytest.mark.parametrize(("name", "key", "params", "category", "aliases"), FAMILIES)
def test_last_keyword_family(
    last: list[Entry], name: str, key: str, params: list[tuple[str, str]], category: str, aliases: list[str]
) -> None:
    entry = one(last, name)
    assert entry.key == key
    assert entry.params == tuple(Param(n, k) for n, k in params)
    assert entry.category == category
    assert [a.name for a in entry.aliases] == aliases


def test_last_families_are_all_listed(last: list[Entry]) -> None:
    assert {e.name for e in last if e.params} == {row[0] for row in FAMILIES}


@pytest.mark.parametrize("word", ["heavy", "charge", "splash"])
def test_last_keyword_word_names_both_weapon_families(last: list[Entry], word: str) -> None:
    found = [e for e in last if word in {a.name for a in e.aliases}]
    assert sorted(e.key for e in found) == [f"melee-{word}", f"ranged-{word}"]


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")


def test_last_family_keys_are_unique_in_the_system(last: list[Entry]) -> None:
    family_keys = [e.key for e in last if e.key]
    assert len(family_keys) == len(set(family_keys)) == len(FAMILIES)
    derived = {_slug(e.name) for e in last if e.name and not e.key}
    assert not set(family_keys) & derived


@pytest.mark.parametrize(
    ("line", "name", "category"),
    [
        (469, "Advancing", "order"),
        (485, "Fall back", "order"),
        (913, "Objective security", "keyword"),  # listed under "Other keywords"
        (939, "Transport", "keyword"),
        (855, "Ranged weapon keywords", "ranged weapon keyword"),
        (805, "Leader points", "ARMY ROLE KEYWORDS"),
        (207, "Objectives", "MISSIONS AND TERRAIN"),
        (747, "Toughness", "COHERENCY PHASE"),
        (97, "VISIBILITY", None),  # top-level sections have none
    ],
)
def test_last_category(last: list[Entry], line: int, name: str, category: str | None) -> None:
    assert one(last, name, line).category == category


@pytest.mark.parametrize(
    ("line", "name", "heading", "aliases", "flags"),
    [
        (47, "Most important", "!Most important!", [], ()),
        (445, "COMMAND PHASE", "1.COMMAND PHASE:", [], ()),
        (609, "FIGHTING IN MELEE", "4.2FIGHTING IN MELEE:", [], ("stub", "group")),
        (551, "SHOOTING", "4.1 SHOOTING", [], ()),
        (469, "Advancing", "(O)Advancing:", [], ("order",)),
        (241, "Secret mission", "2: Secret mission (Action)", [], ("action",)),
        (235, "Attack", "1: Attack", [], ()),
        (735, "Movement", "Movement (M):", ["M"], ()),
        (757, "Armor save", "Armor save (As):", ["As"], ()),
        (583, "Hitting ranged attacks (hit rolls)", "1. Hitting ranged attacks (hit rolls):", ["Hitting ranged attacks"], ()),
        (315, "Terrain type 3 / vision blocking", None, ["Terrain type 3", "vision blocking"], ()),
        (369, "Directive 1", None, ["Deus Ex Machina"], ()),
        (379, "Directive 2", None, ["Counter offensive"], ()),
        (423, "Directive 9", None, ["Sabotage"], ()),
        (579, "Number of shots", None, ["Ranged X"], ()),  # weapon keyword "Ranged X"
        (649, "Number of attacks", None, ["Melee X"], ()),
        (513, "Generating power dice", None, ["power (x)"], ()),
        (523, "Blocking powers", None, [], ()),  # power (x) again: first mention only
        (703, "Select and play an army", None, [], ("stub",)),
        (791, "KEYWORDS", None, [], ("stub",)),
    ],
)
def test_last_names(
    last: list[Entry], line: int, name: str, heading: str | None, aliases: list[str], flags: tuple[str, ...]
) -> None:
    # heading: the heading as written, kept only when the name differs from it
    # by more than a trailing colon
    entry = one(last, name, line)
    assert (entry.heading, [a.name for a in entry.aliases], entry.flags) == (heading, aliases, flags)


@pytest.mark.parametrize(
    ("name", "contains"),
    [
        # lead-ins become paragraphs of the rule before them
        ("Making shooting attacks", "which profile is being used.\n\nNote:\n\nOnly after all shooting attacks"),
        ("Making melee attacks", "\n\nNote:\n\nOnly after all melee attacks"),
        ("Leader points", "\n\nExample: Leader (green/red) +8 {3 base / 2 guardian/elite}\n\nThis means this leader"),
        ("Base -X {unit}", "pay leader points for it.\n\nIn addition:\n\nThis role is not limited"),
        # bold sentences are text, without their markers
        ("Wound rolls", "Keep in mind\n\nthat a roll of a 1 on this next roll always is a failed wound roll. If"),
        ("Directive 3", "Double all your VP gained by primary objectives this round."),
        # its labelled paragraphs ("**Anywhere:** ...") are sub-rules of their own since issue 24
        ("Shock teleport X|Y \"direction1/direction2\"", "The direction describes the location where the unit can be set up."),
        ("Anywhere", "This means the unit can be set up anywhere on the battlefield."),
        ("DISTANCES", "Distances are measured in inches"),
        # nested list bullets keep their indentation
        ("STRUCTURE OF THIS RULE DOCUMENT", "5. Playing the game\n  - a. Distanced\n  - b. Dice\n    - i. Dice"),
        # inline TeX from the PDF conversion
        ("Model/unit pricing and number", "(like  5 × 17bps = 85bps )"),
        ("Destroyed transports", "Models leaving a destroyed transport can not be declared as reaction units."),
    ],
)
def test_last_text(last: list[Entry], name: str, contains: str) -> None:
    assert contains in one(last, name).text


def test_last_dice_label_leaves_the_text(last: list[Entry]) -> None:
    attack = one(last, "Attack")  # "**1:**" then "Attack:" (lines 235, 237)
    assert attack.text == "Controlling the objective in the enemies deployment zone at the end of your turn grants you 4VP."


@pytest.mark.parametrize("fixture", ["whfb", "last"])
def test_text_is_plain(request: pytest.FixtureRequest, fixture: str) -> None:
    for entry in request.getfixturevalue(fixture):
        assert "**" not in entry.text and "\\" not in entry.text and "<b>" not in entry.text, entry.name
        assert not re.search(r"^#+ ", entry.text, re.MULTILINE), entry.name
        assert "\n\n\n" not in entry.text and entry.text == entry.text.strip(), entry.name


# -- provenance ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "name", "line", "end_line", "first", "last_line"),
    [
        # the heading line and the last body line, as they are in the file
        (WHFB, "Redirecting the charge", 3, 7, "### Redirecting the charge (exchange p.53)",
         "Each unit can only make one redirect per turn."),
        (WHFB, "Terrain", 63, 65, "### Terrain, Open Terrain, Difficult Terrain, Very Difficult Terrain, "
         "Impassable Terrain, Obstacle", "(removed p.50 p.51)"),
        (WHFB, "Supporting Attacks", 202, 214, "### Supporting Attacks (added p.77 to Which models can fight)",
         "Supporting attacks are made against models in base contact with the front rank model that is being "
         "fought 'through'. If the front rank model is in base contact with two or more enemies with different "
         "profiles, the attacking player can choose which model to direct the supporting attack against (before "
         "dice are rolled)."),
        (WHFB, "Dangerous Terrain Table", 349, 360, "## Dangerous Terrain Table", "\\*Fleeing Chariot - Wo(D6)"),
        (LAST, "Leader points", 805, 813, "### **Leader points:**",
         "*This means this leader gives 8 leader points to the army and an army including this leader can select "
         "3 units with the **base keyword** and a **total of 2 units with the guardian or the elite keyword** "
         "without paying leader points.*"),
        (LAST, "Ranged X heavy", 863, 865, "**Ranged X heavy**",
         "This means this weapon has -1 to the hit roll after the unit has moved."),
        (LAST, "Attack", 235, 239, "**1:**",
         "Controlling the objective in the enemies deployment zone at the end of your turn grants you 4VP."),
    ],
)
def test_source_span_against_the_file(
    path: str, name: str, line: int, end_line: int, first: str, last_line: str
) -> None:
    lines = (RULES_SRC / path).read_text(encoding="utf-8").split("\n")
    doc = whfb_doc() if path == WHFB else last_doc()
    entry = one(read(doc), name)
    assert entry.source == Source(path, line, end_line)
    assert lines[line - 1] == first
    assert lines[end_line - 1].rstrip() == last_line


@pytest.mark.parametrize("make", [whfb_doc, last_doc])
def test_every_span_runs_from_a_heading_to_text(make) -> None:  # type: ignore[no-untyped-def]
    doc = make()
    lines = doc.text.split("\n")
    for entry in read(doc):
        heading = lines[entry.source.line - 1]
        footnote = any(note.startswith("a footnote to the words ") for note in entry.notes)
        assert heading.startswith(("#", "**")) or (footnote and heading.startswith("\\*")), (entry.name, heading)
        assert lines[entry.source.end_line - 1].strip(), entry.name
        after = lines[entry.source.end_line : entry.source.end_line + 1]
        assert not after or not after[0].strip(), entry.name  # blank lines are trimmed from the end


# -- small documents, one edge case each ----------------------------------------


def test_unparseable_annotation_keeps_the_heading() -> None:
    (entry,) = md("### Fear (added p.12 - removed)\n\nUnits flee.", role="errata")
    assert (entry.name, entry.amends) == ("Fear (added p.12 - removed)", None)
    assert entry.notes == (
        "could not read the amendment annotation (added p.12 - removed): it names more than one operation "
        "(add, remove); kept it in the name",
    )


def test_page_mark_without_number_is_unparseable() -> None:
    (entry,) = md("### Fear (exchange p.)\n\nUnits flee.", role="errata")
    assert (entry.name, entry.amends) == ("Fear (exchange p.)", None)
    assert entry.notes == (
        "could not read the amendment annotation (exchange p.): a page mark has no page number; kept it in the name",
    )


@pytest.mark.parametrize(
    ("text", "options", "name", "amends"),
    [
        ("## Fear (exchange p.5)\n\nText.", {}, "Fear", Amendment("replace", ("5",))),
        ("## Fear (exchange p.5)\n\nText.", {"base_book": "Book"}, "Fear", Amendment("replace", ("5",), "Book")),
        ("## Fear (pp.5-6 - exchange - edited)\n\nText.", {}, "Fear", Amendment("edit", ("5-6",))),
        ("## Fear (p.5)\n\nremoved", {}, "Fear", Amendment("remove", ("5",))),
        ("## Fear (p.5)\n\nNew text.", {}, "Fear", Amendment("edit", ("5",))),
        ("## Fear ( added )\n\nText.", {}, "Fear", Amendment("add", ())),
        ("## Fear\n\n(deleted p.7)", {}, "Fear", Amendment("remove", ("7",))),
        ("## Fear (see below)\n\nText.", {}, "Fear (see below)", None),
    ],
)
def test_errata_annotations(text: str, options: dict[str, str], name: str, amends: Amendment | None) -> None:
    (entry,) = md(text, role="errata", **options)
    assert (entry.name, entry.amends) == (name, amends)


def test_core_documents_do_not_read_annotations() -> None:
    (entry,) = md("## Fear (p.12)\n\nSee the rulebook.")
    assert (entry.name, entry.amends) == ("Fear (p.12)", None)


def test_removal_list_gives_one_entry_per_rule() -> None:
    entries = md("## Fear, Terror\n\n(removed p.3)\n\n## Panic\n\nText.", role="errata")
    assert [(e.name, e.amends, e.source) for e in entries] == [
        ("Fear", Amendment("remove", ("3",)), Source("demo/rules.md", 1, 3)),
        ("Terror", Amendment("remove", ("3",)), Source("demo/rules.md", 1, 3)),
        ("Panic", None, Source("demo/rules.md", 5, 7)),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # (name, text, span, flags) of every entry
        ("## Empty\n\n## Full\n\nText.", [("Empty", "", (1, 1), ("stub",)), ("Full", "Text.", (3, 5), ())]),
        ("## Group\n### Child\nText.", [("Group", "", (1, 1), ("stub", "group")), ("Child", "Text.", (2, 3), ())]),
        ("## Last\n\n\n", [("Last", "", (1, 1), ("stub",))]),
        ("##\n\nText.", [(None, "Text.", (1, 3), ("unnamed",))]),
        ("Intro.\n\n# Fear\n\nText.", [(None, "Intro.", (1, 1), ("unnamed",)), ("Fear", "Text.", (3, 5), ())]),
    ],
)
def test_empty_and_unnamed_sections(text: str, expected: list[tuple[object, ...]]) -> None:
    got = [(e.name, e.text, (e.source.line, e.source.end_line), e.flags) for e in md(text)]
    assert got == expected


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # a bold line that is a sentence (ends with a period) is text
        ("## Rule\n\n**All models must flee.**\n\nMore.", ["Rule"]),
        # bold words opening a paragraph are text
        ("## Rule\n\n**Double** all your VP.", ["Rule"]),
        # a bold line inside a paragraph (no blank line before it) is text
        ("## Rule\n\nSome text\n**Keep in mind**\n", ["Rule"]),
        # too long for a heading
        ("## Rule\n\n**one two three four five six seven eight nine ten eleven twelve thirteen**", ["Rule"]),
        # two bold spans on one line are text
        ("## Rule\n\n**Bold** and **bold**", ["Rule"]),
        # a short bold line is a heading, colon and markers dropped
        ("## Rule\n\n**Sub rule:**\n\nText.", ["Rule", "Sub rule"]),
        ("## Rule\n\n***Sub rule:***\n\nText.", ["Rule", "Sub rule"]),
        # a heading inside a code fence is code
        ("## Rule\n\n```\n## not a heading\n```\n", ["Rule"]),
        # Setext headings
        ("Fear\n====\n\nText.\n\nTerror\n------\n\nMore.", ["Fear", "Terror"]),
    ],
)
def test_what_is_a_heading(text: str, names: list[str]) -> None:
    assert [e.name for e in md(text)] == names


def test_bold_heading_nesting() -> None:
    text = (
        "# Top\n\nIntro.\n\n"  # 1-3: top-level, has text
        "## Group\n\n"  # 5: no text of its own
        "### First\n\nText.\n\n"  # 7-9
        "**Second**\n\nText.\n\n"  # 11-13: belongs to Group, not First
        "## Other\n\nText.\n\n"  # 15-17
        "**Loose**\n\nText.\n\n"  # 19-21: every heading above has text: the top-level one
        "**Weapon keywords:**\n\n"  # 23: a keyword list label
        "**Ranged X sting**\n\nText.\n"  # 25-27: belongs to the label
    )
    assert [(e.name, e.parent) for e in md(text)] == [
        ("Top", None),
        ("Group", "Top"),
        ("First", "Group"),
        ("Second", "Group"),
        ("Other", "Top"),
        ("Loose", "Top"),
        ("Weapon keywords", "Top"),
        ("Ranged X sting", "Weapon keywords"),
    ]


@pytest.mark.parametrize(
    ("text", "options", "expected"),
    [
        # a bare first heading named like the document (title option, system or file name) is its title
        ("# The Demo Rulebook\n\n## Fear\n\nText.", {"title": "Demo rulebook"}, [("Fear", None)]),
        ("# DEMO\n\n## Fear\n\nText.", {}, [("Fear", None)]),
        ("# Rules\n\n**Fear**\n\nText.", {}, [("Fear", None)]),
        # with text of its own it is a rule
        ("# Demo\n\nWelcome.\n\n## Fear\n\nText.", {}, [("Demo", None), ("Fear", "Demo")]),
        # named otherwise it is a group of rules
        ("# Panic\n\n## Fear\n\nText.", {}, [("Panic", None), ("Fear", "Panic")]),
        # followed by a heading of its own level it is an empty rule
        ("# Demo\n\n# Fear\n\nText.", {}, [("Demo", None), ("Fear", None)]),
    ],
)
def test_title(text: str, options: dict[str, str], expected: list[tuple[str, str | None]]) -> None:
    assert [(e.name, e.parent) for e in md(text, **options)] == expected


def test_pipe_table_of_data() -> None:
    # a chart of numbers stays one table in its rule
    (entry,) = md("## Saves\n\nBy armour:\n\n| Armour | Save |\n|---|:---:|\n| 1 | 5+ |\n| 2-3 | 3\\| 4 |\n")
    assert entry.tables == (
        Table(("Armour", "Save"), (("1", "5+"), ("2-3", "3| 4")), Source("demo/rules.md", 5, 8)),
    )
    assert entry.text == "By armour:\n\nArmour | Save\n1 | 5+\n2-3 | 3| 4"


def test_pipe_table_of_entries() -> None:
    # before issue 24 this table stayed text of Saves; its rows name units a player looks up
    saves, spearmen, knights = md("## Saves\n\nBy unit:\n\n| Unit | Save |\n|---|:---:|\n| **Spearmen** | 5+ |\n|  Knights | 3\\| 4 |\n")
    assert (saves.text, saves.tables) == ("By unit:", ())
    assert [(e.name, e.parent, str(e.source), e.fields) for e in (spearmen, knights)] == [
        ("Spearmen", "Saves", "demo/rules.md:7:3", (Field("Save", "5+"),)),
        ("Knights", "Saves", "demo/rules.md:8:4", (Field("Save", "3| 4"),)),
    ]


def test_tab_table() -> None:
    (entry,) = md("## Roll\n\nD6\tResult\n1-3\tNothing\n4-6\tFlee\n\nAfter.")
    assert entry.tables == (Table(("D6", "Result"), (("1-3", "Nothing"), ("4-6", "Flee")), Source("demo/rules.md", 3, 5)),)
    assert entry.text == "D6 | Result\n1-3 | Nothing\n4-6 | Flee\n\nAfter."


def test_indented_list_lines_are_not_a_table() -> None:
    (entry,) = md("## Rule\n\n\t- one\n\t- two\n")
    assert entry.tables == ()


@pytest.mark.parametrize(
    ("body", "text"),
    [
        ("*italic* and __bold__ and `code` and [a link](http://x)", "italic and bold and code and a link"),
        ("\\*not emphasis\\* and 2 \\* 3", "*not emphasis* and 2 * 3"),
        ("* star bullet\n+ plus bullet\n- \\* escaped star bullet", "- star bullet\n- plus bullet\n- escaped star bullet"),
        ("line one  \nline two", "line one\nline two"),
        ("para one\n\n\n\npara two", "para one\n\npara two"),
        ("> quoted", "quoted"),
        ("before\n\n---\n\nafter", "before\n\nafter"),
        ("a &amp; b, spray&prey", "a & b, spray&prey"),
        ("<Faction> keyword", "<Faction> keyword"),
    ],
)
def test_plain_text(body: str, text: str) -> None:
    (entry,) = md(f"## Rule\n\n{body}\n")
    assert entry.text == text


def test_windows_line_endings_and_bom() -> None:
    entries = md("\ufeff## Fear\r\n\r\nUnits flee.\r\n## Terror\r\n\r\n**Roar:**\r\n\r\nLoud.\r\n")
    assert [(e.name, e.text, e.source.line) for e in entries] == [
        ("Fear", "Units flee.", 1),
        ("Terror", "", 4),
        ("Roar", "Loud.", 6),
    ]


@pytest.mark.parametrize(
    ("text", "options", "message", "line"),
    [
        ("", {}, "document is empty", None),
        ("\n  \n", {}, "document is empty", None),
        ("Just a paragraph.\n", {}, "no headings found: a Markdown rules document names each rule with a # heading "
         "or a bold line", 1),
        ("## Fear\n\n```\ncode\n", {}, "code fence ``` opened here is never closed: the rest of the document would be "
         "read as code", 3),
        ("## Fear\n\nbinary\x00junk\n", {}, "contains a NUL character: this is a binary file, not Markdown", 3),
        ("## Fear\n", {"base_book": 8}, "option base_book must be a string: the title of the base book", None),
    ],
)
def test_errors(text: str, options: dict[str, object], message: str, line: int | None) -> None:
    with pytest.raises(RulesError) as caught:
        md(text, **options)
    assert (caught.value.message, caught.value.file, caught.value.line) == (message, "demo/rules.md", line)


# -- contract ---------------------------------------------------------------------

_FRAGMENTS = [
    "# ", "## ", "### ", "**", "***", "*", "_", "\\*", "(", ")", "p.", "p.3", "exchange", "added", "removed",
    "X", "-Y", "+X", "X++", "{", "}", "<", ">", '"', "|", "\t", "---", "===", "```", ":", "1:", "Note:",
    "(O)", "(Action)", " / ", ",", ".", "$", "\\times", "<b>", "- ", "1. ", "\n", "\n\n", " ", "word",
    "Ranged", "keywords", "saves", "\r\n", "\ufeff", "(X)", "(M)", "\x00",
    "[", "]", "](", "![", "javascript:", "<script>", "</script>", "<img src=x>", "<Faction>", "\u200b", "\u202e",
]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=60).map("".join), st.sampled_from(["core", "errata"]))
def test_anything_reads_or_raises_rules_error(text: str, role: str) -> None:
    try:
        entries = md(text, role=role)
    except RulesError:
        return
    lines = text.removeprefix("\ufeff").split("\n")
    for entry in entries:
        assert 1 <= entry.source.line <= entry.source.end_line <= len(lines)
        assert 1 <= entry.source.column <= max(1, len(lines[entry.source.line - 1]))
        for name in (entry.name or "", *(a.name for a in entry.aliases)):
            assert "<script>" not in name and "<img" not in name and "\u200b" not in name and "\u202e" not in name
        for table in entry.tables:
            assert entry.source.line <= table.source.line <= table.source.end_line <= entry.source.end_line


def test_reading_is_pure() -> None:
    doc = whfb_doc()
    text = doc.text
    assert read(doc) == read(doc)
    assert doc.text == text


_MODULES = [
    markdown_module, markdown_blocks, markdown_errata, markdown_inline, markdown_keywords,
    markdown_tables, markdown_entries, markdown_labels,
]  # fmt: skip
# referee.text (the one table of word forms and of invisible characters) and
# referee.sources.markup (what a name may hold) and referee.joined (the names
# a heading joins) are policy every adapter shares.
_ALLOWED = {
    "referee.model", "referee.errors", "referee.sources.document", "referee.text", "referee.sources.markup",
    "referee.sources.definitions", "referee.joined",
}  # fmt: skip


@pytest.mark.parametrize("module", _MODULES, ids=lambda m: m.__name__)
def test_imports_only_the_stdlib_and_the_contract(module) -> None:  # type: ignore[no-untyped-def]
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            names = [f"{base}.{a.name}" if base == "referee.sources" else base for a in node.names]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            ok = top in sys.stdlib_module_names or name in _ALLOWED or name.startswith("referee.sources.markdown_")
            assert ok or top == "__future__", name


@pytest.mark.parametrize("module", _MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module) -> None:  # type: ignore[no-untyped-def]
    result = doctest.testmod(module)
    assert result.failed == 0


# -- columns ----------------------------------------------------------------------


def test_columns_are_where_headings_start() -> None:
    text = (
        "  Intro.\n\n"  # 1: text before the first heading
        "   ## Fear\n\nText.\n\n"  # 3: an ATX heading, indented three spaces
        "  **Terror**\n\nMore.\n\n"  # 7: a bold line
        " Panic\n ======\n\n"  # 11: a Setext heading
        "  | a | b |\n  |---|---|\n  | 1 | 2 |\n"  # 14-16: a pipe table
    )
    entries = md(text)
    assert [(e.name, e.source.line, e.source.column) for e in entries] == [
        (None, 1, 3),
        ("Fear", 3, 4),
        ("Terror", 7, 3),
        ("Panic", 11, 2),
    ]
    (table,) = entries[-1].tables
    assert table.source == Source("demo/rules.md", 14, 16, 3)


def test_a_tab_table_starts_at_its_empty_first_cell() -> None:
    (entry,) = md("## Roll\n\n\tFlee\tHold\nChargers\t1\t2\n")
    assert entry.tables[0].source == Source("demo/rules.md", 3, 4, 1)
