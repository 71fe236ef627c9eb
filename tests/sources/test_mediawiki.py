"""The MediaWiki adapter (scrollhammer/special-rules.wiki and small pages)."""

from __future__ import annotations

import doctest
from itertools import pairwise
from pathlib import Path

import pytest

from referee.store.record import Build
from referee.errors import RulesError
from referee.model import Entry, Param, Source
from referee.sources import mediawiki
from referee.sources.document import Document
from referee.sources.mediawiki import read

RULES_SRC = Path(__file__).resolve().parents[2] / "rules_src"
PATH = "scrollhammer/special-rules.wiki"
BODY_LINE = 10  # the edit box's text: the whole wikitext on one physical line

# Every '''heading''' of the page, as read from it ("Blast and Large Blast" is
# one rule under two names, Blast and Large Blast: referee.joined).
NAMES = sorted(
    [
        "Absorb", "Acute Senses", "Atronach", "Autohit", "Backfire", "Barrage",
        "Bestial Instinct", "Blast and Large Blast", "Blind", "Chameleon", "Chill", "Command",
        "Counter-Attack", "Critical Strike", "Deep Strike", "Dragonborn",
        "Eternal Warrior", "Ethereal", "Fear", "Fearless", "Feel No Pain",
        "Fleet of Foot", "Fleshbane", "Frenzy", "Furious Charge", "Hatred",
        "Hit and Run", "Ignores Cover", "Immunity", "Infiltrate",
        "Independent Character", "Instant Death", "Invisibility", "Magicka Drain",
        "Master-Crafted", "Monster Hunter", "Move Through Cover", "Multiple Wounds",
        "Night Fighting", "Night Eye", "Outflank", "Paralyze", "Physical God",
        "Pinning", "Poisoned", "Precision", "Preferred Enemy", "Rampage",
        "Regeneration", "Relentless", "Rending", "Killing Blow",
        "Heroic Killing Blow", "Reserves", "Scout", "Shred", "Silence", "Slow",
        "Slow and Purposeful", "Sniper", "Soul Trap", "Split Fire", "Stealth",
        "Stubborn", "Swarms", "Template", "Terror", "Torrent", "Tongue",
        "Two-Handed", "Unwieldy", "Very Unwieldy", "Volley Fire", "Ward",
    ]
)  # fmt: skip

# The *'''Name''' list items: sub-rule -> the entry it sits under.
SUB_RULES = {
    "Killing Blow": "Rending",
    "Heroic Killing Blow": "Rending",
    "Very Unwieldy": "Unwieldy",
}

# Variants and other names the text itself gives; every other entry has none.
ALIASES = {
    "Absorb": ["Absorb Health", "Absorb Magicka"],  # "Absorb Health(X+)", "Absorb Magicka(Y on an X+)"
    "Blast and Large Blast": ["Blast", "Large Blast"],  # the names the heading joins
    "Fleet of Foot": ["Fleet of Claw", "Fleet of Hoof"],  # "many variants of this rule"
    "Hit and Run": ["Hit & Run"],  # "A Hit & Run move is not slowed ..."
    "Immunity": ["Immune to"],  # 'A model with "Immune to X" is ...'
    "Precision": ["Precision Strike", "Precision Shot"],  # "the Precision Strike ability"
}

# Parameters as the text writes them; every other entry has none.
PARAMS = {
    "Absorb": (Param("X", "threshold"),),  # Absorb Health(X+)
    "Chameleon": (Param("X", "number"),),  # Chameleon(X) gets Stealth(+X)
    "Feel No Pain": (Param("X", "threshold"),),  # Feel No Pain (6+)
    "Hatred": (Param("X", "text"),),  # Hatred (Imperial Legion), Hatred (Dragoons)
    "Immunity": (Param("X", "text"),),  # Immune to X: Immune to Flame, Immune to Poison
    "Magicka Drain": (Param("X", "number"),),  # Magicka Drain(X) ... X fewer Power Dice
    "Multiple Wounds": (Param("X", "dice"),),  # Multiple Wounds(d3)
    "Poisoned": (Param("X", "threshold"),),  # the rule is Poisoned (4+)
    "Preferred Enemy": (Param("X", "text"),),  # X identifies a specific type of foe
    "Regeneration": (Param("X", "threshold"),),  # Regeneration(X), such as Regeneration(4+)
    "Stealth": (Param("X", "modifier"),),  # Stealth X ... Stealth(+2)
}

# Every line of the page outside the edit box: navigation and edit-form chrome.
CHROME = [
    "Scrollhammer Rulebook",
    "Jump to navigation",
    "Jump to search",
    "You are not logged in",
    "Your IP address will be publicly visible",
    "log in",
    "create an account",
    "your edits will be attributed to your username",
    "Anti-spam check",
    "fill this in!",
    "Please note that all contributions to 2d4chan",
    "You are also promising us",
    "for details).",
    "Do not submit copyrighted work",
    "Editing help",
    "(opens in new window)",
    "Navigation menu",
    "Personal tools",
    "Not logged in",
    "Create account",
    "Log in",
    "Edit source",
    "View history",
    "Main page",
    "Recent changes",
    "Random page",
    "Help about MediaWiki",
    "What links here",
    "Related changes",
    "Special pages",
    "Page information",
]

# Whole texts, read off the page.
TEXTS = {
    "Atronach": "An Atronach is an elemental golem native to the planes of Oblivion. "
    "Atronachs can never hold objectives.",
    "Autohit": "This attack automatically hits. If it would use the scatter die, it never scatters.",
    "Night Fighting": "This mission special rule is described in full detail on page XX.",
    "Two-Handed": "This weapon or spell requires two open hands to equip(see page XX).",
    "Unwieldy": "A model attacking with this weapon does so at -1 Initiative, unless it is a Monstrous Creature.",
    "Very Unwieldy": "A model attacking with this weapon strikes at Initiative 1, unless it is a Monstrous Creature.",
    "Frenzy": "A model with this special rule begins the game Frenzied. A Frenzied model:\n"
    "- must always attempt to charge the nearest unit in charge range, and cannot flee as a "
    "charge reaction. Non-frenzied models in the unit must still do this, as long as at least "
    "one model is Frenzied.\n"
    "- is immune to Fear, Terror and Panic\n"
    "- gains +1 bonus Attack If a Frenzied unit is beaten in close combat, or fails a Morale "
    "check, it loses its Frenzied state for the remainder of the game. There are other special "
    "rules that may invoke a Frenzied state in a model under certain conditions.",
    "Killing Blow": "A model or weapon with the Killing Blow special rule has the Rending Special "
    "Rule. In addition, its Rending attacks cause Instant Death against models other than "
    "Monstrous Creatures and Artillery pieces.",
}

# Pieces of longer texts: (entry, words its text must contain).
CONTAINS = [
    ("Barrage", "with following additional rules:\n- Barrage weapons are always Pinning.\n"
     "- Barrage weapons determine Cover Save(if any) from the central hole of marker.\n"
     "- Barrage weapons can fire indirectly."),
    ("Barrage", "but always roll full scatter.\nMultiple Barrages: Place the barrage weapon template"),
    ("Deep Strike", "a unit that must arrive by Deep Strike must do so"),  # ''must''
    ("Deep Strike", "Deep Strike Mishap Table:\n1: Destroyed! The unit is immediately removed as a casualty\n2-3: Misplaced!"),
    ("Hit and Run", "Consolidate D6\". A Hit & Run move is not slowed"),
    ("Fearless", "They cannot flee as a charge reaction.\nNo Retreat!: If a Fearless unit loses combat"),
    ("Precision", "can never be precision shots.\nLook out, Sir!: If the model targeted"),
    ("Infiltrate", "This includes in a building (see page XX)"),
    ("Swarms", "- Swarms can never hold objectives, and never block line of sight"),
    ("Ward", "become immune to the effects of that spell for its duration. Hits resolved on him from the spell do nothing."),
]  # fmt: skip

# Where entries start and end on line 10, found by searching the raw line:
# (entry, the text its span opens with, the text its span closes with).
SPANS = [
    ("Absorb", "'''Absorb'''", "gains Y power dice."),
    ("Rending", "'''Rending'''", "is resolved at AP 5."),
    ("Killing Blow", "*'''Killing Blow'''", "Monstrous Creatures and Artillery pieces."),
    ("Heroic Killing Blow", "*'''Heroic Killing Blow'''", "other than Artillery pieces."),
    ("Preferred Enemy", "'''Preferred Enemy'''", "both shooting and close combat attacks."),
    ("Rampage", "'''Rampage'''", "bonus Attacks separately."),
    ("Ward", "'''Ward'''", "Hits resolved on him from the spell do nothing."),
]


def _doc(text: str, path: str = "demo/page.wiki", lang: str = "en") -> Document:
    return Document("demo", path, "mediawiki", "core", text, lang=lang)


def _real_doc() -> Document:
    text = (RULES_SRC / PATH).read_text(encoding="utf-8")
    return Document("scrollhammer", PATH, "mediawiki", "core", text)


@pytest.fixture(scope="module")
def entries() -> list[Entry]:
    return read(_real_doc())


@pytest.fixture(scope="module")
def by_name(entries: list[Entry]) -> dict[str, Entry]:
    return {e.name: e for e in entries if e.name}


@pytest.fixture(scope="module")
def body() -> str:
    return _real_doc().lines[BODY_LINE - 1]


def _columns(entry: Entry) -> tuple[int, int]:
    note = next(n for n in entry.notes if n.startswith("col "))
    first, last = note.removeprefix("col ").split("-")
    return int(first), int(last)


# --------------------------------------------------------------------------
# The real page


def test_entry_count(entries: list[Entry]) -> None:
    assert len(entries) == 74


def test_names(entries: list[Entry]) -> None:
    assert sorted(e.name for e in entries if e.name) == NAMES
    assert len(NAMES) == len(set(NAMES)) == len(entries)


def test_page_order(entries: list[Entry]) -> None:
    names = [e.name for e in entries]
    assert names[:3] == ["Absorb", "Acute Senses", "Atronach"]
    assert names[-2:] == ["Volley Fire", "Ward"]
    assert names[names.index("Rending") : names.index("Rending") + 4] == [
        "Rending", "Killing Blow", "Heroic Killing Blow", "Reserves"
    ]  # fmt: skip


def test_sub_rules(entries: list[Entry]) -> None:
    assert {e.name: e.parent for e in entries if e.parent} == SUB_RULES


@pytest.mark.parametrize(("child", "parent"), sorted(SUB_RULES.items()))
def test_sub_rule_text_is_not_in_its_parent(by_name: dict[str, Entry], child: str, parent: str) -> None:
    assert child not in by_name[parent].text
    assert by_name[child].text.startswith("A model ")


def test_aliases(entries: list[Entry]) -> None:
    found = {e.name: [a.name for a in e.aliases] for e in entries if e.aliases}
    assert found == ALIASES
    assert {a.lang for e in entries for a in e.aliases} == {"en"}


def test_params(entries: list[Entry]) -> None:
    assert {e.name: e.params for e in entries if e.params} == PARAMS


@pytest.mark.parametrize(
    ("name", "note"),
    [
        ("Absorb", "also written: Absorb Magicka(Y on an X+)"),
        ("Stealth", "also written: Stealth (Y)"),
    ],
)
def test_notes_keep_what_the_fields_cannot(by_name: dict[str, Entry], name: str, note: str) -> None:
    assert note in by_name[name].notes


@pytest.mark.parametrize("chrome", CHROME)
def test_no_chrome(entries: list[Entry], chrome: str) -> None:
    for entry in entries:
        assert chrome not in (entry.name or "")
        assert chrome not in entry.text
        assert all(chrome not in a.name for a in entry.aliases)


def test_no_markup_left(entries: list[Entry]) -> None:
    for entry in entries:
        for mark in ("''", "==", "[[", "{{", "<", "&amp;", " *", "\n*"):
            assert mark not in entry.text, (entry.name, mark)
        assert not entry.text.startswith("*")


@pytest.mark.parametrize(("name", "text"), sorted(TEXTS.items()))
def test_texts(by_name: dict[str, Entry], name: str, text: str) -> None:
    assert by_name[name].text == text


@pytest.mark.parametrize(("name", "words"), CONTAINS)
def test_text_contains(by_name: dict[str, Entry], name: str, words: str) -> None:
    assert words in by_name[name].text


def test_swarms_is_all_bullets(by_name: dict[str, Entry]) -> None:
    lines = by_name["Swarms"].text.split("\n")
    assert len(lines) == 5
    assert all(line.startswith("- Swarm") or line.startswith("- If a Swarm") for line in lines)


def test_deep_strike_mishap_table(by_name: dict[str, Entry], body: str) -> None:
    (table,) = by_name["Deep Strike"].tables
    assert table.rows == (
        ("1", "Destroyed! The unit is immediately removed as a casualty"),
        ("2-3", "Misplaced! Your opponent may choose where to place the Deep Striking unit(anywhere on the table)"),
        ("4-6", "Delayed! The unit goes back into reserves, to attempt to Deep Strike again next turn as "
         "permitted by the rules for Reserves"),
    )  # fmt: skip
    # the table starts at its first row, far into the one long line
    first_row = body.index("1: Destroyed!", body.index("'''Deep Strike'''"))
    assert table.source == Source(PATH, BODY_LINE, BODY_LINE, first_row + 1)
    assert [e.name for e in by_name.values() if e.tables] == ["Deep Strike"]


def test_category_is_the_section_not_the_letter_band(entries: list[Entry]) -> None:
    assert {e.category for e in entries} == {"Special Rules"}


def test_no_stubs_and_language(entries: list[Entry]) -> None:
    assert [e.name for e in entries if e.flags] == []
    assert all(e.text for e in entries)
    assert {e.lang for e in entries} == {"en"}


def test_sources(entries: list[Entry]) -> None:
    """Every entry sits on line 10; its column tells them apart: where its span opens."""
    assert {(e.source.file, e.source.line, e.source.end_line) for e in entries} == {(PATH, BODY_LINE, BODY_LINE)}
    assert [e.source.column for e in entries] == [_columns(e)[0] for e in entries]
    columns = [e.source.column for e in entries]
    assert columns == sorted(columns) and len(set(columns)) == len(columns)


@pytest.mark.parametrize(("name", "opens"), [(name, opens) for name, opens, _ in SPANS])
def test_source_column_is_where_the_heading_stands(by_name: dict[str, Entry], body: str, name: str, opens: str) -> None:
    source = by_name[name].source
    assert source.column == body.index(opens) + 1
    assert source.column > 1000  # far into the line: a column of 1 would say nothing
    assert str(source) == f"{PATH}:{BODY_LINE}:{source.column}"


@pytest.mark.parametrize("name", ["Absorb", "Fear", "Killing Blow", "Ward"])
def test_rule_versions_cite_the_column(rulebase: Build, body: str, name: str) -> None:
    """What `referee show` cites: the rule's version carries the column of its heading."""
    (rule,) = [r for r in rulebase.rules.values() if r.system == "scrollhammer" and r.name == name]
    (version,) = rule.versions
    heading = body.index(f"'''{name}'''")
    if body[heading - 1] == "*":  # a sub-rule's span opens at its list marker
        heading -= 1
    assert version.source == Source(PATH, BODY_LINE, BODY_LINE, heading + 1)
    assert rule.source == version.source


@pytest.mark.parametrize(("name", "opens", "closes"), SPANS)
def test_columns(by_name: dict[str, Entry], body: str, name: str, opens: str, closes: str) -> None:
    first, last = _columns(by_name[name])
    assert first == body.index(opens) + 1
    assert last == body.index(closes, first) + len(closes)
    assert body[first - 1 : last].startswith(opens)


def test_spans_tile_the_line(entries: list[Entry], body: str) -> None:
    """Between two entries there is only a space or a section heading: nothing is lost."""
    spans = [_columns(e) for e in entries]
    gaps = [body[end : start - 1] for (_, end), (start, _) in pairwise(spans)]
    assert set(gaps) == {" ", " ===H-Q=== ", " ===R-Z=== "}
    assert body[spans[0][0] - 1 - len("===A-G=== ") : spans[0][0] - 1] == "===A-G=== "
    assert spans[-1][1] == len(body)


def test_repeatable() -> None:
    doc = _real_doc()
    assert read(doc) == read(doc)


def test_damaged_copies_read_or_raise_rules_error() -> None:
    """Cut anywhere, or with its markup mangled, the page reads or fails with a RulesError."""
    text = _real_doc().text
    copies = [text[:cut] for cut in range(0, len(text), 613)]
    copies += [text[cut:] for cut in range(0, len(text), 1499)]
    copies += [text.replace("'''", "''"), text.replace("*", "{{"), text.replace(" ", "\n"), text.replace("==", "<!--")]
    for copy in copies:
        try:
            read(Document("scrollhammer", PATH, "mediawiki", "core", copy))
        except RulesError as err:
            assert err.file == PATH and err.line is not None


# --------------------------------------------------------------------------
# Small pages: one edge case each
# (page, [(name, parent, text, flags), ...])

SUB_RULE_PAGE = "==Special Rules==\n'''Frenzy''' A Frenzied model:\n* is immune to Fear\n*'''Berserk''' A Berserk model is Frenzied.\n'''Fear''' Scary.\n"
FLAT_SUB_RULE_PAGE = "==Special Rules== '''Frenzy''' A Frenzied model: *is immune to Fear *'''Berserk''' A Berserk model is Frenzied. '''Fear''' Scary."
FRENZY = [
    ("Frenzy", None, "A Frenzied model:\n- is immune to Fear", ()),
    ("Berserk", "Frenzy", "A Berserk model is Frenzied.", ()),
    ("Fear", None, "Scary.", ()),
]

PAGES = [
    pytest.param(SUB_RULE_PAGE, FRENZY, id="sub-rule bullet vs plain bullet"),
    pytest.param(FLAT_SUB_RULE_PAGE, FRENZY, id="the same page flattened onto one line"),
    pytest.param(
        "'''Fear''' {{Citation needed|date=May 2020}}Units that cause Fear {{Rule|Terror|{{PAGENAME}}}} are scary.{{Stub}}",
        [("Fear", None, "Units that cause Fear are scary.", ())],
        id="templates, nested ones too",
    ),
    pytest.param(
        "'''Fear''' Units take a [[Morale test|Morale Test]] or a [[Leadership]] test; "
        "see [http://example.org/faq the FAQ].[[Category:Psychology]]",
        [("Fear", None, "Units take a Morale Test or a Leadership test; see the FAQ.", ())],
        id="links with and without a label, categories",
    ),
    pytest.param(
        "'''Fear''' A&nbsp;unit &amp; its <b>champion</b><br/>must test.<ref>FAQ 1.2</ref>",
        [("Fear", None, "A unit & its champion\nmust test.", ())],
        id="entities, tags, line breaks, footnotes",
    ),
    pytest.param(
        "'''Fear''' Units '''must''' test. ''Really''. Units with '''Fear''' may re-roll.",
        [("Fear", None, "Units must test. Really. Units with Fear may re-roll.", ())],
        id="bold before a lower-case word is emphasis",
    ),
    pytest.param(
        "'''Empty''' '''Fear''' Scary. '''Also Empty'''",
        [("Empty", None, "", ("stub",)), ("Fear", None, "Scary.", ()), ("Also Empty", None, "", ("stub",))],
        id="entries with no body",
    ),
    pytest.param(
        "'''Rending''' R.\n*'''Killing Blow''' KB.\n**'''Heroic Killing Blow''' HKB.\n*'''Cleave''' C.\n*plain\n",
        [
            ("Rending", None, "R.", ()),
            ("Killing Blow", "Rending", "KB.", ()),
            ("Heroic Killing Blow", "Killing Blow", "HKB.", ()),
            ("Cleave", "Rending", "C.\n- plain", ()),
        ],
        id="nested sub-rules",
    ),
    pytest.param(
        "Editing Demo\nJump to navigation\nJump to search\nYou are not logged in.\nAnti-spam check. Do\n"
        "fill this in!\n==Psychology==\n'''Fear''' Scary.\n\n'''Terror''' Run.\n\nA second paragraph.\n"
        "Summary:\nThis is a minor edit\nWatch this page\nSave changes\nShow preview\nShow changes\n"
        "Cancel\nEditing help\n(opens in new window)\nTemplates used on this page:\nTemplate:Stub (edit)\n"
        "Categories:\nPsychology\nPreview\n",
        [("Fear", None, "Scary.", ()), ("Terror", None, "Run.\nA second paragraph.", ())],
        id="edit-page chrome around multi-line wikitext",
    ),
    pytest.param(
        "'''Deep Strike''' Arrive. Mishaps: If it fails, roll. Mishap Table: 1: Destroyed! Gone 2-3: Misplaced! Moved",
        [("Deep Strike", None, "Arrive.\nMishaps: If it fails, roll.\nMishap Table:\n1: Destroyed! Gone\n2-3: Misplaced! Moved", ())],
        id="run-in headings and table rows of a flattened page",
    ),
    pytest.param(
        "'''Fear''' Units with Fear: roll. On a 1: flee.",
        [("Fear", None, "Units with Fear: roll. On a 1: flee.", ())],
        id="a colon in a sentence is not a heading, one row is not a table",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("page", "expected"), PAGES)
def test_pages(page: str, expected: list[tuple[str, str | None, str, tuple[str, ...]]]) -> None:
    assert [(e.name, e.parent, e.text, e.flags) for e in read(_doc(page))] == expected


# (heading, name, params, aliases)
HEADINGS = [
    ("Poisoned (X+)", "Poisoned", (Param("X", "threshold"),), []),
    ("Impact Hits (D3)", "Impact Hits", (Param("X", "dice"),), []),
    ("Stealth (+X)", "Stealth", (Param("X", "modifier"),), []),
    ("Hatred (X)", "Hatred", (Param("X", "number"),), []),
    ("Fear (see page 12)", "Fear", (), []),
    ("Stubborn:", "Stubborn", (), []),
    ("Blast and Large Blast", "Blast and Large Blast", (), ["Blast", "Large Blast"]),
    ("Stomp / Thunder Stomp", "Stomp / Thunder Stomp", (), ["Stomp", "Thunder Stomp"]),
    ("Hit and Run", "Hit and Run", (), []),
    ("Slow and Purposeful", "Slow and Purposeful", (), []),
    ("[[Fear]]", "Fear", (), []),
]


@pytest.mark.parametrize(("heading", "name", "params", "aliases"), HEADINGS)
def test_headings(heading: str, name: str, params: tuple[Param, ...], aliases: list[str]) -> None:
    (entry,) = read(_doc(f"'''{heading}''' Some text."))
    assert (entry.name, entry.params, [a.name for a in entry.aliases]) == (name, params, aliases)


# (text of an entry named Name, aliases, params)
WORDINGS = [
    ("There are many variants of this rule: Name, Name of Claw and Name of Hoof.", ["Name of Claw", "Name of Hoof"], ()),
    ("Move. This rule also applies to Pathfinders.", ["Pathfinders"], ()),
    ("See in the dark. Dark Vision works the same way.", ["Dark Vision"], ()),
    ("Also known as Old Name. Move.", ["Old Name"], ()),
    ("Big Names follow all of the rules for Names.", ["Big Name"], ()),
    ("Big Names follow all of the rules for Blasts.", [], ()),
    ("A model with Name Health(X+) heals; Name Mana(Y on an X+) drains.", ["Name Health", "Name Mana"], (Param("X", "threshold"),)),
    ("Models with the Name Strike ability strike.", ["Name Strike"], ()),
    ('A model with "Proof against X" ignores X, as in Proof against Fire.', ["Proof against"], (Param("X", "text"),)),
    ("Written Name (X) where X is a numerical value.", [], (Param("X", "number"),)),
    ("Written Name (X) where X identifies a specific type of foe.", [], (Param("X", "text"),)),
    ("Such as Name(4+) or Name(5+).", [], (Param("X", "threshold"),)),
    ("Name (sometimes called Old Name) applies (see page XX).", [], ()),
    ("The Name special rule has no parameter.", [], ()),
]  # fmt: skip


@pytest.mark.parametrize(("text", "aliases", "params"), WORDINGS)
def test_aliases_and_params_from_the_text(text: str, aliases: list[str], params: tuple[Param, ...]) -> None:
    (entry,) = read(_doc(f"'''Name''' {text}"))
    assert ([a.name for a in entry.aliases], entry.params) == (aliases, params)


# (page, [(category of each entry)])
CATEGORIES = [
    ("==Psychology==\n===A-G===\n'''Fear''' Scary.\n==Magic==\n'''Ward''' Safe.", ["Psychology", "Magic"]),
    ("===A-G===\n'''Fear''' Scary.\n===H===\n'''Hatred''' Angry.", [None, None]),
    ("'''Fear''' Scary.", [None]),
    ("==Special [[Rules]]==\n===A to Z===\n'''Fear''' Scary.", ["Special Rules"]),
]


@pytest.mark.parametrize(("page", "categories"), CATEGORIES)
def test_categories(page: str, categories: list[str | None]) -> None:
    assert [e.category for e in read(_doc(page))] == categories


def test_provenance_of_a_multi_line_page() -> None:
    page = "\n\n==R==\n'''Fear''' Scary.\nMore.\n'''Terror''' Run.  \n"
    fear, terror = read(_doc(page))
    assert (fear.source, fear.notes) == (Source("demo/page.wiki", 4, 5), ("col 1-5",))
    assert (terror.source, terror.notes) == (Source("demo/page.wiki", 6, 6), ("col 1-17",))


def test_language_is_the_documents() -> None:
    (entry,) = read(_doc("'''Furcht''' Auch bekannt. Also known as Angst.", lang="de"))
    assert entry.lang == "de"
    assert [(a.name, a.lang) for a in entry.aliases] == [("Angst", "de")]


# (page, the error message, line)
ERRORS = [
    ("", "no wikitext found: expected a line that opens with a ==Section== heading, a '''Name''' or a * list item", 1),
    ("Jump to navigation\nSome rendered text.\n", "no wikitext found: expected a line that opens with a ==Section== heading, a '''Name''' or a * list item", 1),
    ("<!DOCTYPE html>\n<html><body>'''Fear'''</body></html>", "this is the page's HTML, not its wikitext; open the page's edit view (action=edit) and save the text of its edit box", 1),
    ("Jump to search\n==Rules==\nNo bold headings here.\n", "no entries found: expected '''Name''' headings followed by their text", 2),
    ("==Rules==\n'''Fear''' Units {{Stub|\nthat cause Fear.", "unclosed template: '{{' has no matching '}}'", 2),
    ("==Rules==\n'''Fear''' Scary.\n<!-- to do\n'''Terror''' Run.", "unclosed comment: '<!--' has no matching '-->'", 3),
]  # fmt: skip


@pytest.mark.parametrize(("page", "message", "line"), ERRORS)
def test_errors(page: str, message: str, line: int) -> None:
    with pytest.raises(RulesError) as caught:
        read(_doc(page))
    assert (caught.value.message, caught.value.file, caught.value.line) == (message, "demo/page.wiki", line)
    assert str(caught.value) == f"demo/page.wiki:{line}: error: {message}"


def test_docstring_examples() -> None:
    assert doctest.testmod(mediawiki).failed == 0


def test_columns_of_a_flattened_page() -> None:
    page = "Chrome\n==R== '''Fear''' Scary. *'''Panic''' Runs. '''Terror''' Run. Table: 1: Flee 2-6: Hold"
    line = page.split("\n")[1]
    fear, panic, terror = read(_doc(page))
    assert [e.source.column for e in (fear, panic, terror)] == [
        line.index("'''Fear'''") + 1,
        line.index("*'''Panic'''") + 1,
        line.index("'''Terror'''") + 1,
    ]
    assert {e.source.line for e in (fear, panic, terror)} == {2}
    (table,) = terror.tables
    assert table.source == Source("demo/page.wiki", 2, 2, line.index("1: Flee") + 1)


# (entry name, its text, the alias read from "X follow all of the rules for Y")
PLURAL_VARIANTS = [
    ("Blast", "Large Blasts follow all of the rules for Blasts.", ["Large Blast"]),
    ("Blast", "Large Blast follows all of the rules for Blast.", ["Large Blast"]),
    ("Hex", "Big Hexes follow all of the rules for Hexes.", ["Big Hex"]),
    ("Ability", "Special Abilities follow all of the rules for Abilities.", ["Special Ability"]),
    ("Blast", "Large Blasts follow all of the rules for Blastses.", []),
]


@pytest.mark.parametrize(("name", "text", "aliases"), PLURAL_VARIANTS)
def test_plural_variants(name: str, text: str, aliases: list[str]) -> None:
    (entry,) = read(_doc(f"'''{name}''' {text}"))
    assert [a.name for a in entry.aliases] == aliases
