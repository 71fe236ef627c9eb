"""Adapter for MediaWiki pages: ``'''Name'''`` entries under ``==Section==`` headings.

A page is either raw wikitext or, like the Scrollhammer special-rules page, the
text of a saved *edit page*: the wiki's navigation and edit-form chrome wrapped
around the text of the edit box, whose line breaks were lost on the way, so the
whole wikitext sits on one physical line.  Both are read the same way:

- The wikitext starts at the first line that opens with wiki structure (a
  heading, bold, a list item, a template, a link) and ends before the edit
  form's footer ("Please note that all contributions ...", "Summary:", ...).
  Nothing outside it can become an entry or leak into one.
- Structure is found by position, not by line.  ``'''Name'''`` followed by a
  capitalised sentence opens an entry; ``*'''Name'''`` opens a sub-rule of the
  entry above it (``**'''Name'''`` one of that sub-rule); any other ``*`` item
  is a bullet ("- ") of the entry being read, which after a sub-rule is the
  sub-rule.  Bold followed by a lower-case word is emphasis and stays in the
  text.  Text before the first entry (a section's introduction) is no entry.
- A flattened page has lost where a list item or paragraph ends; the two
  breaks that still show, a run-in heading after a full stop ("... scatter.
  Multiple Barrages: Place ...") and the rows of a roll table ("1: Destroyed!
  ... 2-3: Misplaced! ..."), start new lines, and a roll table is also kept
  in ``Entry.tables``.
- A section heading that is only a letter band (``===A-G===``) is an index,
  not a category: the category is the nearest heading above it that names
  something.
- Every entry carries its line span, ``Source.column`` (where its heading,
  or the list marker before it, starts on ``line``) and, in ``notes``, both
  its columns: ``col 12-345`` (1-based, inclusive, counted in characters;
  the first on ``line``, the last on ``end_line``), so an editor can find it
  inside a giant line.  A roll table's source starts at its first row.

Text is what the wiki shows.  A link shows its label, else its target
(``[[Target|text]]``, ``[[Target]]``, ``[https://x.org/a_(b) text]``; the
label may hold single brackets, and links inside a file's caption are read
first); a category or file link shows nothing.  Only the wiki's URL
protocols make an external link: the wiki shows ``[javascript:x text]`` as
written, and so does the entry.  The tags the wiki reads as markup (its
HTML whitelist: ``<b>``, ``<span>``, ``<div>`` ...; its own: ``<nowiki>``,
``<ref>`` ...) are unwrapped; any other tag (``<script>``, ``<img>``) the
wiki shows as written text, and so does the entry.

A name, alias or category never holds HTML or invisible characters
(:mod:`referee.sources.markup`): they are left out of it, with a note.  Bold
that is nothing but HTML or invisible characters (``'''<script>...</script>'''``)
names nothing, so it is no entry heading: like any bold that does not open
an entry, it is emphasis, and stays (as written) in the text of the entry
being read.  A section title that is nothing but HTML names no category.

Aliases and parameter signatures are read from each entry's own words: a
heading "Blast and Large Blast", "There are many variants of this rule: A, B",
"Large Blasts follow all of the rules for Blasts", variant forms such as
"Absorb Health(X+)" or "the Precision Shot ability", a quoted keyword form
('"Immune to X"'), and written forms such as "Poisoned (4+)" or
"Regeneration(X)".  ``Entry.params`` holds the first signature written; other
signatures ("Stealth (Y)" beside "Stealth X") are named in ``notes``.

A RulesError, with its line, is raised for a saved HTML page, a page with no
wikitext or no entries, and an unclosed template or comment (whose end cannot
be told); nothing else raises.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from itertools import pairwise
from dataclasses import dataclass, field

from referee.errors import RulesError
from referee.model import Alias, Entry, Param, Table
from referee.sources.document import Document
from referee.joined import joined_names
from referee.sources.markup import name_from, names_from
from referee.sources.values import value_kind
from referee.text import plural, singulars

# --------------------------------------------------------------------------
# Where the wikitext is

_OPENS_WIKITEXT = re.compile(r"\s*(?:={2,6}[^=]|'''|[*#;]|\{\{|\[\[)")
_HTML_PAGE = re.compile(r"\s*<(?:!doctype|html)\b", re.IGNORECASE)

# The edit form's footer: whole lines, or the opening words of its long notices.
_FOOTER_LINES = frozenset(
    {
        "Summary:",
        "Preview",
        "Save page",
        "Save changes",
        "Publish page",
        "Publish changes",
        "Show preview",
        "Show changes",
        "Cancel",
        "Editing help",
        "Navigation menu",
        "This is a minor edit",
        "Watch this page",
    }
)
_FOOTER_STARTS = (
    "Please note that all contributions to",
    "By saving changes, you agree",
    "By publishing changes, you agree",
    "You are also promising us that you wrote this yourself",
    "Templates used on this page",
    "Template used on this page",
    "Retrieved from",
    "Hidden categories:",
)


def _wikitext_lines(doc: Document) -> tuple[int, int]:
    """The 0-based [first, stop) range of lines holding the page's wikitext."""
    lines = doc.lines
    first_text = next((ln for ln in lines if ln.strip()), "")
    if _HTML_PAGE.match(first_text):
        raise RulesError(
            "this is the page's HTML, not its wikitext; open the page's edit view "
            "(action=edit) and save the text of its edit box",
            doc.path,
            1,
        )
    first = next((i for i, ln in enumerate(lines) if _OPENS_WIKITEXT.match(ln)), None)
    if first is None:
        raise RulesError(
            "no wikitext found: expected a line that opens with a ==Section== "
            "heading, a '''Name''' or a * list item",
            doc.path,
            1,
        )
    for stop in range(first + 1, len(lines)):
        line = lines[stop].strip()
        if line in _FOOTER_LINES or line.startswith(_FOOTER_STARTS):
            return first, stop
    return first, len(lines)


# --------------------------------------------------------------------------
# Masking: comments, templates and footnotes become blanks of the same length,
# so every offset into the masked text is an offset into the document.

_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_INNER_TEMPLATE = re.compile(r"\{\{(?:(?!\{\{|\}\}).)*\}\}", re.DOTALL)
_FOOTNOTE = re.compile(r"<ref\b[^>]*/>|<ref\b[^>]*>.*?</ref\s*>", re.DOTALL | re.IGNORECASE)
_NOT_NEWLINE = re.compile(r"[^\n]")


def _blank(match: re.Match[str]) -> str:
    return _NOT_NEWLINE.sub(" ", match.group(0))


def _mask(doc: Document, start: int, stop: int, line_of: _Lines) -> str:
    text = doc.text
    region = _COMMENT.sub(_blank, text[start:stop])
    if "<!--" in region:
        line = line_of(start + region.index("<!--"))
        raise RulesError("unclosed comment: '<!--' has no matching '-->'", doc.path, line)
    while True:
        unnested = _INNER_TEMPLATE.sub(_blank, region)
        if unnested == region:
            break
        region = unnested
    if "{{" in region:
        line = line_of(start + region.index("{{"))
        raise RulesError("unclosed template: '{{' has no matching '}}'", doc.path, line)
    region = _FOOTNOTE.sub(_blank, region)
    return _NOT_NEWLINE.sub(" ", text[:start]) + region + _NOT_NEWLINE.sub(" ", text[stop:])


class _Lines:
    """Maps an offset into the document to its 1-based line and column."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def __call__(self, offset: int) -> int:
        return bisect_right(self.starts, offset)

    def column(self, offset: int) -> int:
        return offset - self.starts[self(offset) - 1] + 1


# --------------------------------------------------------------------------
# Structure: section headings, entry headings, list items

# Patterns open with a literal so that a scan of a 40,000-character line stays
# fast; what may stand before a mark is checked by _follows.
_SECTION = re.compile(r"(={2,6})[ \t]*([^=\n]+?)[ \t]*\1(?=\s|$)")
_BOLD = re.compile(r"'''(?!')([^'\n]+(?:'[^'\n]+)*)'''(?!')")
_LINE_ITEM = re.compile(r"^[ \t]*([*#]+)", re.MULTILINE)
_INLINE_ITEM = re.compile(r"(\*+)(?=[^\s*])")
_LETTER_BAND = re.compile(r"[A-Z](?:\s*(?:-|\u2013|\u2014|to)\s*[A-Z])?")


@dataclass(frozen=True)
class _Mark:
    start: int
    end: int
    kind: str  # section | heading | item
    level: int = 0  # '=' count of a section, '*' count of an item
    label: str = ""


_AFTER_HEADING = re.compile(r"[:\s]*(\S?)")


def _follows(text: str, offset: int, allowed: str) -> bool:
    """Whether the offset is at the start of the text or just after one of ``allowed``."""
    return offset == 0 or text[offset - 1] in allowed


def _is_entry_heading(masked: str, match: re.Match[str]) -> bool:
    label = _label(match.group(1))[0]
    if not label or len(label) > 80 or not (label[0].isupper() or label[0].isdigit()):
        return False
    following = _AFTER_HEADING.match(masked, match.end())
    return following is None or not following.group(1).islower()


def _marks(masked: str, start: int, stop: int) -> list[_Mark]:
    marks = [
        _Mark(m.start(), m.end(), "section", len(m.group(1)), m.group(2))
        for m in _SECTION.finditer(masked, start, stop)
        if _follows(masked, m.start(), " \t\r\n")
    ]
    covered = _Covered(len(masked), marks)
    headings = [
        _Mark(m.start(), m.end(), "heading", 0, m.group(1))
        for m in _BOLD.finditer(masked, start, stop)
        if _follows(masked, m.start(), " \t\r\n*#")
        and _is_entry_heading(masked, m)
        and m.start() not in covered
    ]
    marks += headings
    covered.add(headings)
    items = list(_LINE_ITEM.finditer(masked, start, stop))
    items += [m for m in _INLINE_ITEM.finditer(masked, start, stop) if _follows(masked, m.start(), " \t")]
    for m in items:
        if m.start(1) not in covered:
            item = _Mark(m.start(1), m.end(1), "item", len(m.group(1)))
            marks.append(item)
            covered.add([item])
    return sorted(marks, key=lambda mark: mark.start)


class _Covered:
    """The offsets some mark spans: asking every mark whether it holds an offset
    was marks x marks, seconds for a page of a few thousand entries."""

    def __init__(self, size: int, marks: list[_Mark]) -> None:
        self.spanned = bytearray(size)
        self.add(marks)

    def add(self, marks: list[_Mark]) -> None:
        for mark in marks:
            self.spanned[mark.start : mark.end] = b"\x01" * (mark.end - mark.start)

    def __contains__(self, offset: int) -> bool:
        return 0 <= offset < len(self.spanned) and self.spanned[offset] == 1


@dataclass
class _PageEntry:
    """An entry as it sits on the page: where its heading is, and the pieces of text that follow it."""

    heading: str  # as written between the ''' marks
    start: int  # where the heading (or the list marker before it) starts
    head_end: int
    depth: int  # 0 for an entry, the list depth of a sub-rule
    parent: str | None
    category: str | None
    pieces: list[tuple[int, int, int]] = field(default_factory=list)  # start, end, list depth

    @property
    def name(self) -> str:
        return _heading_name(_label(self.heading)[0])[0]


def _label(written: str) -> tuple[str, list[str]]:
    """A heading or section title as a name may be written: wiki markup, HTML and
    invisible characters out; "" when nothing is left (then it is no heading)."""
    label, notes = name_from(_clean(written))
    return label or "", notes


def _category(sections: list[tuple[int, str]]) -> str | None:
    for _, title in reversed(sections):
        if title and not _LETTER_BAND.fullmatch(title):
            return title
    return None


def _page_entries(masked: str, marks: list[_Mark], stop: int) -> list[_PageEntry]:
    found: list[_PageEntry] = []
    open_: list[_PageEntry] = []  # the entry being read and the entries it is a sub-rule of
    sections: list[tuple[int, str]] = []
    i = 0
    while i < len(marks):
        mark = opening = marks[i]
        if mark.kind == "section":
            sections = [s for s in sections if s[0] < mark.level] + [(mark.level, _label(mark.label)[0])]
            open_ = []
            i += 1
            continue
        if mark.kind == "item" and _opens_sub_rule(masked, marks, i):
            i += 1
            mark = marks[i]
        if mark.kind == "heading":
            depth = opening.level if opening.kind == "item" else 0
            while open_ and open_[-1].depth >= depth:
                open_.pop()
            parent = open_[-1].name if open_ and depth else None
            entry = _PageEntry(mark.label, opening.start, mark.end, depth, parent, _category(sections))
            found.append(entry)
            open_.append(entry)
        if open_:
            _add_tail(open_[-1], masked, mark, marks[i + 1].start if i + 1 < len(marks) else stop)
        i += 1
    return found


def _opens_sub_rule(masked: str, marks: list[_Mark], i: int) -> bool:
    """Whether the list item at marks[i] opens with a heading: *'''Name''' ..."""
    nxt = marks[i + 1] if i + 1 < len(marks) else None
    return nxt is not None and nxt.kind == "heading" and not masked[marks[i].end : nxt.start].strip()


def _add_tail(entry: _PageEntry, masked: str, mark: _Mark, end: int) -> None:
    """Give the entry the text that follows a mark; a list item ends at its line's end."""
    depth = mark.level if mark.kind == "item" else 0
    newline = masked.find("\n", mark.end, end)
    if depth and newline != -1:
        entry.pieces.append((mark.end, newline, depth))
        entry.pieces.append((newline, end, 0))
    else:
        entry.pieces.append((mark.end, end, depth))


# --------------------------------------------------------------------------
# Clean text

_LINK_MARK = re.compile(r"\[\[|\]\]")
# [[Category:X]] files the page, [[File:x.png|...]] shows a picture: neither is text;
# [[:Category:X]], with the leading colon, is a plain link again.
_SPECIAL_TARGET = re.compile(r"\s*(?:Category|File|Image|Media)\s*:", re.IGNORECASE)
# [https://example.org the text]: only the wiki's URL protocols make a link;
# the wiki shows anything else ("[javascript:x y]") as written, and so do we.
_URL_PROTOCOL = (
    r"(?:https?|ftps?|sftp|ssh|git|svn|irc|ircs|mailto|news|nntp|gopher|telnet|tel|sms|xmpp"
    r"|sips?|magnet|urn|geo|worldwind|mms|bitcoin|matrix|redis):|//"
)
_EXTERNAL = re.compile(rf"\[(?:{_URL_PROTOCOL})[^\s\[\]<>\"]*(?:[ \t]+([^\]\n]*))?\]", re.IGNORECASE)
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)\b[^<>]*>")
# The tags the wiki reads as markup (its HTML whitelist and its own parser
# tags); any other tag ("<script>", "<img>") the wiki shows as written text.
_WIKI_TAGS = frozenset(
    """abbr b bdi bdo big blockquote caption center cite code data dd del dfn div dl dt em font
    h1 h2 h3 h4 h5 h6 hr i ins kbd li mark ol p pre q rb rp rt rtc ruby s samp small span
    strike strong sub sup table td th time tr tt u ul var wbr nowiki includeonly noinclude
    onlyinclude references gallery poem math chem syntaxhighlight source score timeline
    section indicator templatedata categorytree""".split()
)
_QUOTES = re.compile(r"'{2,}")
_MAGIC = re.compile(r"__[A-Z]+__")
_SPACES = re.compile(r" *[\t\r\xa0][ \t\r\xa0]*| {2,}")


def _link_text(inner: str) -> str:
    """What the wiki shows for a [[link]]: its label, else its target; nothing for a
    category, file or image."""
    target, bar, label = inner.partition("|")
    if _SPECIAL_TARGET.match(target):
        return ""
    return label if bar and label.strip() else target.strip().lstrip(":")


def _unlink(text: str) -> str:
    """Every [[link]] as what the wiki shows, innermost first (a file's caption may hold
    links); a "[[" never closed, or a "]]" never opened, stays as written."""
    levels: list[list[str]] = [[]]  # the text of each open link, the page's own first
    done = 0
    for mark in _LINK_MARK.finditer(text):
        levels[-1].append(text[done : mark.start()])
        done = mark.end()
        if mark.group() == "[[":
            levels.append([])
        elif len(levels) > 1:
            inner = "".join(levels.pop())
            levels[-1].append(_link_text(inner))
        else:
            levels[-1].append("]]")
    levels[-1].append(text[done:])
    while len(levels) > 1:
        inner = "".join(levels.pop())
        levels[-1].append("[[" + inner)
    return "".join(levels[0])


def _wiki_tag(match: re.Match[str]) -> str:
    return "" if match.group(1).lower() in _WIKI_TAGS else match.group(0)


def _clean(raw: str) -> str:
    """Wiki markup to plain text; a <br> is the only line break kept.

    >>> _clean("[[Fear|the [big] rule]], [[:Category:Psychology]], [http://x.org/a_(b) FAQ]")
    'the [big] rule, Category:Psychology, FAQ'
    >>> _clean("[javascript:alert(1) click] <b>bold</b> <script>alert(2)</script>")
    '[javascript:alert(1) click] bold <script>alert(2)</script>'
    """
    text = raw.replace("\n", " ")
    if "[" in text:  # the checks keep the common case (no such markup) fast
        if "[[" in text:
            text = _unlink(text)
        text = _EXTERNAL.sub(lambda m: m.group(1) or "", text)
    if "<" in text:
        text = _TAG.sub(_wiki_tag, _BREAK.sub("\n", text))
    if "__" in text:
        text = _MAGIC.sub("", text)
    text = _SPACES.sub(" ", html.unescape(_QUOTES.sub("", text)))
    return "\n".join(part.strip() for part in text.split("\n") if part.strip())


# The line breaks of a flattened page are lost, but two kinds of break can be
# seen: a run-in heading after a full stop ("... scatter. Multiple Barrages: Place")
# and the rows of a roll table ("Table: 1: Destroyed! ... 2-3: Misplaced! ...").
_RUN_IN_COLON = re.compile(r":(?= [A-Z0-9])")
_RUN_IN = re.compile(r"(?:^|[.!?)] )([A-Z][^.:;!?\n]*[!?]?)$")
_ROW = re.compile(r"(\d+(?: ?- ?\d+)?): (?=\S)")
_SMALL_WORDS = frozenset({"a", "an", "the", "of", "and", "or", "to", "by", "in", "on", "for", "with"})
_Rows = list[tuple[str, str]]  # a table's rows: (roll, result)


def _is_run_in_heading(label: str) -> bool:
    words = [w for w in label.split() if w.lower() not in _SMALL_WORDS]
    capitalised = sum(1 for w in words if w[0].isupper())
    return 0 < len(label.split()) <= 6 and capitalised * 3 >= len(words) * 2


def _run_in_headings(text: str) -> set[int]:
    """Where run-in headings start: a few words after a full stop, before a colon."""
    starts = set()
    for colon in _RUN_IN_COLON.finditer(text):
        window = max(0, colon.start() - 60)
        m = _RUN_IN.search(text, window, colon.start())
        if m and (window == 0 or m.start() > window) and _is_run_in_heading(m.group(1)):
            starts.add(m.start(1))
    return starts


def _breaks(text: str) -> tuple[list[str], _Rows]:
    """Split a paragraph at run-in headings and table rows: its lines and its rows."""
    cuts = _run_in_headings(text)
    rows = {m.start(): m for m in _ROW.finditer(text) if _follows(text, m.start(), " ")}
    if len(rows) < 2:
        rows = {}
    bounds = [*sorted(cuts | set(rows) | {0}), len(text)]
    lines: list[str] = []
    table: list[tuple[str, str]] = []
    for a, b in pairwise(bounds):
        line = text[a:b].strip()
        if line:
            lines.append(line)
        if a in rows:
            table.append((rows[a].group(1), text[rows[a].end() : b].strip()))
    return lines, table


def _first_row(masked: str, start: int, end: int, rows: _Rows) -> int:
    """Where a table's first row ("1: Destroyed! ...") starts in the page, else ``start``."""
    roll, result = rows[0]
    words = result.split()[:1]
    pattern = re.escape(roll).replace(r"\ ", r"\s*") + r"\s*:\s*" + (re.escape(words[0]) if words else "")
    m = re.compile(rf"(?<![\w-]){pattern}").search(masked, start, end)
    return m.start() if m else start


def _render(entry: _PageEntry, masked: str) -> tuple[list[str], list[tuple[int, int, _Rows]]]:
    """The entry's text as lines, and its tables with the offsets they came from."""
    lines: list[str] = []
    tables: list[tuple[int, int, _Rows]] = []
    for start, end, depth in entry.pieces:
        raw = masked[start:end]
        paragraphs = [raw] if depth else re.split(r"\n[ \t\r]*\n", raw)
        blocks = [block for para in paragraphs for block in _clean(para).split("\n") if block]
        for number, block in enumerate(blocks):
            parts, rows = _breaks(block)
            if rows:
                tables.append((_first_row(masked, start, end, rows), end, rows))
            if depth and number == 0:
                parts[0] = "  " * (depth - 1) + "- " + parts[0]
            lines.extend(parts)
    return lines, tables


# --------------------------------------------------------------------------
# Names, aliases, parameters

_NAME = re.compile(r"[A-Z][\w'-]*(?:(?: of | the | and | & | )[A-Z][\w'-]*)*")
_LISTED = (
    re.compile(r"variants? of this rule(?: are| include)?:\s*([^.]+)"),
    re.compile(r"[Tt]his rule also applies to ([^.]+)"),
    re.compile(r"\b[Aa]lso (?:known as|called) ([^.,;()]+)"),
)
_WORKS_THE_SAME = re.compile(rf"\b({_NAME.pattern}) works? (?:in )?the same way")
_FOLLOWS_ALL = re.compile(rf"\b({_NAME.pattern}) follows? all (?:of )?the rules for ({_NAME.pattern})")
_QUOTED_FORM = re.compile(r"\"([A-Z][^\"]*?) ([XYZN])\"")
_LIST_SPLIT = re.compile(r",\s*(?:and |or )?|\s+(?:and|or)\s+")
_HEADING_PARAMS = re.compile(r"(.+?)\s*\(([^()]*)\)")

# What may follow a name where the text writes it: "Absorb Health(X+)",
# "the Precision Shot ability", "Poisoned (4+)", "Stealth X", "Immune to Flame".
_VARIANT_AFTER = re.compile(r" ([A-Z][a-z]+)(?=\s?\(| ability\b)")
_BRACKET_AFTER = re.compile(r" ?\(([^()\n]*)\)")
_PLACEHOLDER_AFTER = re.compile(r" ([XYZN])(?![\w(])")
_WORD_AFTER = re.compile(r" ([A-Z][a-z][\w-]*)")


def _heading_name(heading: str) -> tuple[str, list[str], str | None]:
    """Name, aliases and bracketed parameter text of a heading as written."""
    heading = heading.strip().rstrip(":").strip()
    m = _HEADING_PARAMS.fullmatch(heading)
    name, args = (m.group(1), m.group(2)) if m else (heading, None)
    return name, joined_names(name), args  # "Blast and Large Blast": the heading's name, each joined name an alias


def _after(text: str, name: str) -> list[int]:
    """Offsets just past each whole-word occurrence of a name in the text."""
    ends = []
    at = text.find(name)
    while at != -1:
        end = at + len(name)
        before = text[at - 1] if at else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or after.isalnum()):
            ends.append(end)
        at = text.find(name, at + 1)
    return ends


def _singular(variant: str, base: str, name: str) -> str:
    """The singular of a plural variant named beside a plural base ("Large Blasts",
    "Blasts", "Blast"): the base's own ending when they share a last word."""
    if variant.endswith(" " + base):
        return variant[: -len(base)] + name
    return next((one for one in singulars(variant) if plural(one) == variant), variant)


def _aliases(name: str, text: str) -> list[str]:
    found: list[str] = []
    for pattern in _LISTED:
        for m in pattern.finditer(text):
            listed = (n.strip() for n in _LIST_SPLIT.split(m.group(1)))
            found += [n for n in listed if _NAME.fullmatch(n)]
    if "the same way" in text:
        found += [m.group(1) for m in _WORKS_THE_SAME.finditer(text)]
    for m in _FOLLOWS_ALL.finditer(text) if "the rules for" in text else ():
        variant, base = m.group(1), m.group(2)
        if base == name:
            found.append(variant)
        elif base == plural(name):  # "Large Blasts follow all of the rules for Blasts"
            found.append(_singular(variant, base, name))
    for end in _after(text, name):
        if variant_match := _VARIANT_AFTER.match(text, end):
            found.append(f"{name} {variant_match.group(1)}")
    if " and " in name and name.replace(" and ", " & ") in text:
        found.append(name.replace(" and ", " & "))
    found += [m.group(1) for m in _QUOTED_FORM.finditer(text)]
    return found


_PLACEHOLDER = re.compile(r"(?<![\w+-])([+-]?)([XYZN])(\+?)(?!\w)")
_WHERE = re.compile(r"\bwhere ([XYZN]) (?:is|identifies|indicates|names|refers to|gives)\b([^.]*)")


def _value_kind(value: str) -> str:
    return value_kind(value)  # the keyword grammar's reading (referee.sources.values)


def _is_value(written: str) -> bool:
    """Whether brackets after a name hold a value ("4+", "Dragoons", "total"), not an aside."""
    words = written.split()
    if not words:
        return False
    if _value_kind(written) != "text" or len(words) == 1:
        return True
    return len(words) <= 4 and all(w[0].isupper() or w.lower() in _SMALL_WORDS for w in words)


@dataclass(frozen=True)
class _Form:
    written: str
    slots: tuple[tuple[str, str | None], ...]  # placeholder, kind shown by its shape
    example: str | None  # a written value when there is no placeholder


def _form(written: str, args: str) -> _Form | None:
    slots = tuple(
        (m.group(2), "threshold" if m.group(3) else "modifier" if m.group(1) else None)
        for m in _PLACEHOLDER.finditer(args)
    )
    if slots:
        return _Form(written, slots, None)
    return _Form(written, (), args.strip()) if _is_value(args.strip()) else None


def _forms(names: list[str], text: str) -> list[_Form]:
    """Every written form of the names, in text order."""
    found: list[tuple[int, _Form | None]] = []
    for name in names:
        ends = _after(text, name)
        bare = [m for end in ends if (m := _PLACEHOLDER_AFTER.match(text, end))]
        for end in ends:
            if m := _BRACKET_AFTER.match(text, end):
                found.append((end, _form(name + m.group(0), m.group(1))))
            elif bare and (m := _WORD_AFTER.match(text, end)):
                found.append((end, _Form(name + m.group(0), (), m.group(1))))
        found += [(m.start(), _form(name + m.group(0), m.group(1))) for m in bare]
    return [form for _, form in sorted(found, key=lambda pair: pair[0]) if form]


def _placeholder_kind(letter: str, examples: list[str], text: str) -> str:
    """A bare placeholder's kind: from written values, else from "where X is ...", else number."""
    numeric = [kind for kind in map(_value_kind, examples) if kind != "text"]
    if numeric:
        return numeric[0]
    for where in _WHERE.finditer(text) if "where " in text else ():
        if where.group(1) == letter and re.search(r"\bnumer|\bnumber\b", where.group(2)):
            return "number"
        if where.group(1) == letter and re.search(r"\b(?:type|kind|name) of\b", where.group(2)):
            return "text"
    return "text" if any(e[0].isupper() for e in examples) else "number"


def _params(forms: list[_Form], text: str) -> tuple[tuple[Param, ...], list[str]]:
    """The signature of the first written form, and notes on the other signatures."""
    shaped = [f for f in forms if f.slots]
    examples = [f.example for f in forms if f.example]
    if shaped:
        signature = shaped[0].slots
    elif examples:
        signature = (("X", None),)
    else:
        return (), []
    params = tuple(Param(letter, kind or _placeholder_kind(letter, examples, text)) for letter, kind in signature)
    letters = [s[0] for s in signature]
    others = [f.written for f in shaped[1:] if [s[0] for s in f.slots] != letters]
    return params, [f"also written: {w}" for w in dict.fromkeys(others)]


# --------------------------------------------------------------------------


def _entry(doc: Document, found: _PageEntry, masked: str, line_of: _Lines) -> Entry:
    heading = _clean(found.heading)
    label, label_notes = _label(found.heading)
    name, aliases, args = _heading_name(label)
    lines, tables = _render(found, masked)
    text = "\n".join(lines)
    aliases, alias_notes = names_from(aliases + [a for each in [name, *aliases] for a in _aliases(each, text)])
    aliases = list(dict.fromkeys(a for a in aliases if a.lower() != name.lower()))
    forms = [f for f in [_form(label, args or "")] if f and args is not None]
    forms += _forms([name, *aliases], text)
    params, param_notes = _params(forms, text)
    end = max((end for _, end, _ in found.pieces), default=found.head_end)
    while end > found.head_end and masked[end - 1].isspace():
        end -= 1
    notes = [f"col {line_of.column(found.start)}-{line_of.column(end - 1)}"]
    if heading != name:
        notes.append(f"heading: {heading}")
    return Entry(
        name=name,
        text=text,
        source=doc.source(line_of(found.start), line_of(end - 1), line_of.column(found.start)),
        aliases=tuple(Alias(a, doc.lang) for a in aliases),
        category=found.category,
        parent=found.parent,
        params=params,
        tables=tuple(
            Table((), tuple(rows), doc.source(line_of(a), line_of(max(a, b - 1)), line_of.column(a)))
            for a, b, rows in tables
        ),
        flags=() if text else ("stub",),
        lang=doc.lang,
        notes=tuple(dict.fromkeys(notes + label_notes + alias_notes + param_notes)),
    )


def read(doc: Document) -> list[Entry]:
    """The entries of a MediaWiki page, in page order (sub-rules after their parent).

    >>> page = "==Rules==\\n'''Fear''' Units that cause Fear are [[Terror|scary]].\\n"
    >>> [(e.name, e.text, str(e.source)) for e in read(Document("x", "x/p.wiki", "mediawiki", "core", page))]
    [('Fear', 'Units that cause Fear are scary.', 'x/p.wiki:2')]
    """
    line_of = _Lines(doc.text)
    first, stop = _wikitext_lines(doc)
    start = line_of.starts[first]
    end = line_of.starts[stop] if stop < len(line_of.starts) else len(doc.text)
    masked = _mask(doc, start, end, line_of)
    found = _page_entries(masked, _marks(masked, start, end), end)
    if not found:
        raise RulesError(
            "no entries found: expected '''Name''' headings followed by their text",
            doc.path,
            first + 1,
        )
    return [_entry(doc, one, masked, line_of) for one in found]
