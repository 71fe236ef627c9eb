"""Hostile documents, one per adapter (fixtures/hostile/): links, HTML and invisible
characters where names come from.

What every adapter owes them: rule text keeps what a reader of the document
sees (a link's words, HTML the format does not read, exactly as written), and
no name, alias, key, parameter, parent or category ever holds HTML, an
invisible character, a link's syntax or its destination.  The expectations
below are read off the fixture files, which hold invisible characters on
purpose (zero-width spaces, a right-to-left override, a left-to-right mark):
``test_fixtures_hold_what_they_test`` checks they are still there.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.errors import RulesError
from referee.model import Entry, Param
from referee.sources import adapter_for
from referee.sources.document import Document
from referee.sources.markup import has_html
from referee.text import INVISIBLE

HOSTILE = Path(__file__).resolve().parent / "fixtures" / "hostile"

# file -> (format, options)
FIXTURES = {
    "rules.md": ("markdown", {}),
    "page.wiki": ("mediawiki", {}),
    "universal-rules.txt": ("rules-list", {}),
    "glossary.txt": ("glossary", {"categories": ["Close Combat Weapon"]}),
}


def _read_fixture(name: str) -> list[Entry]:
    fmt, options = FIXTURES[name]
    text = (HOSTILE / name).read_text(encoding="utf-8")
    return adapter_for(fmt)(Document("hostile", f"hostile/{name}", fmt, "core", text, options=options))


def _read(fmt: str, text: str, **options: object) -> list[Entry]:
    return adapter_for(fmt)(Document("demo", "demo/doc", fmt, "core", text, options=options))


def _names(entry: Entry) -> Iterator[str]:
    """Every field a reader looks a rule up by, or that becomes an id or a key."""
    yield from (entry.name or "", entry.key, entry.parent or "", entry.category or "")
    yield from (a.name for a in entry.aliases)
    yield from (p.name for p in entry.params)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_fixtures_hold_what_they_test(name: str) -> None:
    text = (HOSTILE / name).read_text(encoding="utf-8")
    assert "<script>" in text and "onerror=" in text
    assert any(char in text for char in INVISIBLE)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_no_markup_in_any_name(name: str) -> None:
    entries = _read_fixture(name)
    assert entries
    for entry in entries:
        for field in _names(entry):
            assert not has_html(field), (entry.name, field)
            assert not any(char in field for char in INVISIBLE), (entry.name, field)
            for mark in ("javascript", "alert", "](", "[[", "http", "<", ">"):
                assert mark not in field, (entry.name, field)


# -- Markdown ---------------------------------------------------------------------

# (line, name, aliases, heading as written, text)
MARKDOWN = [
    (1, "Fear", [], None,
     "Units see the rule and the [big] FAQ.\na skull marks them; stays as written."),
    (6, None, [], "<script>alert(3)</script>", "This text is its own, not Fear's."),
    (10, "Terror", [], "Ter\u200bror\u202e", '""\n\nModels flee from Terror.'),
    (16, "Frenzy", ["BloodLust"], "Frenzy <img src=x onerror=alert(5)>", '"Blood\u200bLust"\n\nFrenzied models attack.'),
    (22, "Hatred", [], None, "Re-roll misses against <Faction> models."),
    (26, "Ranged X", ["Ranged"], "Ranged X <iframe src=//example.org></iframe>", "A weapon keyword."),
    (30, "Poison", [], "Poison <svg onload=alert(6)><text>Venom</text></svg>",
     "Poisoned attacks wound on 4+."),
    (36, "Vile Poison Draught", [], "Vile Poison <div>Draught</div>", '"<Faction>" models are immune.'),
]  # fmt: skip


def test_markdown() -> None:
    entries = _read_fixture("rules.md")
    got = [(e.source.line, e.name, [a.name for a in e.aliases], e.heading, e.text) for e in entries]
    assert got == MARKDOWN


def test_markdown_heading_of_nothing_but_html_is_an_unnamed_entry_of_its_own() -> None:
    fear, nameless, *_ = _read_fixture("rules.md")
    assert "This text" not in fear.text
    assert (nameless.name, nameless.flags, nameless.key, nameless.params) == (None, ("unnamed",), "", ())
    assert nameless.notes == ("not a name, nothing but HTML: <script>alert(3)</script>",)


def test_markdown_keyword_family_is_read_without_the_html() -> None:
    family = next(e for e in _read_fixture("rules.md") if e.name == "Ranged X")
    assert (family.key, family.params) == ("ranged", (Param("X", "number"),))
    assert family.notes == ("HTML left out of the name: <iframe src=//example.org></iframe>",)


def test_markdown_bold_line_of_nothing_but_html_is_text() -> None:
    # Markdown interprets HTML: a reader sees no script, so the text holds none (issue 24)
    entries = _read_fixture("rules.md")
    poison = next(e for e in entries if e.name == "Poison")
    assert poison.text == "Poisoned attacks wound on 4+."
    assert next(e for e in entries if e.name == "Vile Poison Draught").parent == "Poison"


def test_markdown_alias_of_nothing_but_html_is_dropped_with_a_note() -> None:
    terror = next(e for e in _read_fixture("rules.md") if e.name == "Terror")
    assert terror.aliases == ()
    assert "not a name, nothing but HTML: <script>alert(4)</script>" in terror.notes
    assert "removed zero-width space U+200B at column 4 of the name as written" in terror.notes


# (body, text): links and HTML in running text
MARKDOWN_LINKS = [
    ("[link](javascript:alert(1))", "link"),
    ("[link](javascript:alert(1) 'title')", "link"),
    ("[a (b) c](http://x.org/a_(b)_(c))", "a (b) c"),
    ("[the [big] rule](http://x)", "the [big] rule"),
    ("[![badge](b.png)](http://x) done", "badge done"),
    ("[spaced](<http://x/a b>)", "spaced"),
    ("[empty]()", "empty"),
    ("<https://example.org/faq>", "https://example.org/faq"),
    ("[not a link] (http://x)", "[not a link] (http://x)"),
    ("[open](http://x", "[open](http://x"),
    ("[unbalanced](http://x/(a)", "[unbalanced](http://x/(a)"),
    ("[x](a([y](c)", "[x](a(y"),  # the first destination never closes its "(": only [y] is a link
    ("[a](<http://x/(> b", "[a](http://x/( b"),  # no ")": no link, but an autolink
    ("\\[escaped](http://x)", "[escaped](http://x)"),
    # HTML is shown as a reader sees it: no tags, no script, an image by its alt text
    ("<script>alert(1)</script> and <img src=x onerror=alert(1)>", "and"),
    ('A <img src="b.png" alt="bomb"> and a <img src="c.png"> box.', "A bomb and a box."),
    ("<p>One</p><p>two</p>", "One two"),
    ("<b>bold</b> <span style='x'>span</span>", "bold span"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "text"), MARKDOWN_LINKS)
def test_markdown_links_and_html_in_text(body: str, text: str) -> None:
    (entry,) = _read("markdown", f"## Rule\n\n{body}\n")
    assert entry.text == text


@pytest.mark.parametrize(
    ("heading", "name"),
    [
        ("[Fear](javascript:alert(1))", "Fear"),
        ("[Fear](http://x.org/a_(b))", "Fear"),
        ("Fear <img src=x onerror=alert(1)>", "Fear"),
        ("<b>Fear</b>", "Fear"),
        ("Fe\u200bar", "Fear"),
        ("![](skull.png)", None),
        ("<img src=x onerror=alert(1)>", None),
    ],
)
def test_markdown_heading_names(heading: str, name: str | None) -> None:
    (entry,) = _read("markdown", f"## {heading}\n\nText.\n")
    assert (entry.name, entry.text) == (name, "Text.")
    assert ("unnamed" in entry.flags) is (name is None)


# -- MediaWiki --------------------------------------------------------------------

# (name, aliases, parent, text)
WIKI = [
    ("Fear", [], None,
     "Units see the [big] rule, Panic and the FAQ; [javascript:alert(2) click here] stays as the wiki shows it, "
     "and so does <img src=x onerror=alert(3)>. <script>alert(4)</script> Bold HTML is text of Fear, not a rule."),
    ("Terror", [], None, "Models flee."),
    ("Panic Attack", [], "Terror", "Units panic."),
    ("Frenzy", ["Blood Rage"], None, 'Frenzied models attack. A model with "Blood <img src=y> Rage X" rages.'),
    ("Hatred", [], None, "Re-roll misses."),
]  # fmt: skip


def test_mediawiki() -> None:
    entries = _read_fixture("page.wiki")
    assert [(e.name, [a.name for a in e.aliases], e.parent, e.text) for e in entries] == WIKI
    # "===<script>...</script>===" names no category: the section above it does
    assert {e.category for e in entries} == {"Special Rules"}


@pytest.mark.parametrize(
    ("name", "note"),
    [
        ("Terror", "removed zero-width space U+200B at column 4 of the name as written"),
        ("Frenzy", "HTML left out of the name: <img src=x onerror=alert(5)>"),
        ("Frenzy", "HTML left out of the name: <img src=y>"),  # of the alias "Blood Rage"
        ("Hatred", "removed right-to-left override U+202E at column 3 of the name as written"),
    ],
)
def test_mediawiki_notes_say_what_was_left_out(name: str, note: str) -> None:
    assert note in next(e for e in _read_fixture("page.wiki") if e.name == name).notes


# (page, [(name, text)])
WIKI_PAGES = [
    ("'''Fear''' See [[Fear (rule)|the rule]] or [[Terror]].", [("Fear", "See the rule or Terror.")]),
    ("'''Fear''' See [[Terror|a [big] rule]].", [("Fear", "See a [big] rule.")]),
    ("'''Fear''' See [[Terror|]].", [("Fear", "See Terror.")]),
    ("'''Fear''' [[File:skull.png|thumb|A [[Terror|terrible]] skull]]Units flee.", [("Fear", "Units flee.")]),
    ("'''Fear''' See [[:Category:Psychology]].", [("Fear", "See Category:Psychology.")]),
    ("'''Fear''' See [https://x.org/a_(b) the FAQ] or [mailto:x@y.org mail us].", [("Fear", "See the FAQ or mail us.")]),
    ("'''Fear''' See [javascript:alert(1) the FAQ].", [("Fear", "See [javascript:alert(1) the FAQ].")]),
    ("'''Fear''' A <span>unit</span> <iframe src=x></iframe> flees.", [("Fear", "A unit <iframe src=x></iframe> flees.")]),
    ("'''Fear''' A &lt;script&gt; is text.", [("Fear", "A <script> is text.")]),
    ("'''[[Fear|Terror]]''' Units flee.", [("Terror", "Units flee.")]),
    ("'''[http://x Fear]''' Units flee.", [("Fear", "Units flee.")]),
    ("'''Fear''' Units flee. '''<b></b><img src=x>''' Still Fear.", [("Fear", "Units flee. <img src=x> Still Fear.")]),
    ("'''Fear''' Units flee. '''\u200b''' Still Fear.", [("Fear", "Units flee. \u200b Still Fear.")]),
]  # fmt: skip


@pytest.mark.parametrize(("page", "expected"), WIKI_PAGES)
def test_mediawiki_pages(page: str, expected: list[tuple[str, str]]) -> None:
    assert [(e.name, e.text) for e in _read("mediawiki", page)] == expected


def test_mediawiki_page_of_nothing_but_html_bold_has_no_entries() -> None:
    with pytest.raises(RulesError) as caught:
        _read("mediawiki", "'''<script>alert(2)</script>''' Text here.")
    assert caught.value.message == "no entries found: expected '''Name''' headings followed by their text"


# -- rules list and glossary (plain text: nothing is markup) ------------------------

# (first line, last line, name, flags, heading as written, text)
RULES_LIST = [
    (1, 3, "Fear", (), None,
     "Units with Fear see [the rule](javascript:alert(1)) and <script>alert(2)</script>; all of it is text."),
    (6, 8, "Terror", ("recovered-name",), None, "<script>alert(3)</script>\n\nModels with Terror cause Fear."),
    (11, 13, "Frenzy", (), "Frenzy <b>", "Frenzied models attack."),
    (16, 18, "Hatred", (), "\u200bHatred\u200b", "Models with Hatred re-roll misses <img src=x onerror=alert(4)>."),
]  # fmt: skip


def test_rules_list() -> None:
    entries = _read_fixture("universal-rules.txt")
    got = [(e.source.line, e.source.end_line, e.name, e.flags, e.heading, e.text) for e in entries]
    assert got == RULES_LIST
    frenzy = entries[2]
    assert frenzy.notes == ("HTML left out of the name: <b>",)


# (first line, last line, name, aliases, heading as written, text)
GLOSSARY = [
    (3, 7, "Halberd", ["Hellebarde"], "Hellebarde\u200e",
     "Attacks made with a Halberd gain +1 Strength. See [FAQ](javascript:alert(1)) and <img src=x onerror=alert(2)>."),
    (9, 15, "Spear", [], "Spear <b>",
     'Attacks made with a Spear gain +1 Strength <script>alert(3)</script>.\n\n<script>alert(4)</script>\n\n'
     'Range 24", Shots 1, Str 4, AP 1'),
]  # fmt: skip


def test_glossary() -> None:
    entries = _read_fixture("glossary.txt")
    got = [(e.source.line, e.source.end_line, e.name, [a.name for a in e.aliases], e.heading, e.text) for e in entries]
    assert got == GLOSSARY
    halberd, spear = entries
    assert halberd.notes == (
        "removed zero-width space U+200B at column 4 of the name as written",
        "removed left-to-right mark U+200E at column 11 of the name as written",
    )
    assert [p.text for p in spear.profiles] == ['Range 24", Shots 1, Str 4, AP 1']


@pytest.mark.parametrize(
    ("fmt", "text", "expected"),
    [
        # a line opening with HTML is text, never a heading: the rule is named
        # from its text (rules list) or has no name (glossary)
        ("rules-list", "<b>Fear</b>\n\nModels with Fear flee.\n", [("Fear", "<b>Fear</b>\n\nModels with Fear flee.")]),
        ("glossary", "<b>Fear</b>\n\nModels with Fear flee.\n", [(None, "<b>Fear</b>\n\nModels with Fear flee.")]),
        # an invisible character does not stop a heading being one
        ("rules-list", "\u200bFear\n\nUnits flee.\n", [("Fear", "Units flee.")]),
        ("glossary", "\u200bFear\n\nUnits flee.\n", [("Fear", "Units flee.")]),
        # a heading that is nothing but HTML once it is out is no heading
        ("glossary", "(<b></b>)\n\nUnits flee.\n", [(None, "(<b></b>)\n\nUnits flee.")]),
    ],
)
def test_plain_text_headings(fmt: str, text: str, expected: list[tuple[str | None, str]]) -> None:
    assert [(e.name, e.text) for e in _read(fmt, text)] == expected


def test_glossary_alias_pairs_ignore_what_names_leave_out() -> None:
    """'Halb\u200bert' and 'Hellebarde <b>' still pair: the text names Halberd."""
    entries = _read("glossary", "Hal\u200bberd\n\nHellebarde <b>\n\nAttacks made with a Halberd hit hard.\n")
    assert [(e.name, [a.name for a in e.aliases]) for e in entries] == [("Halberd", ["Hellebarde"])]
