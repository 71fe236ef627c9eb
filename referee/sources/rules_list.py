"""Adapter for a universal-rules list extracted from a PDF (format ``rules-list``).

The layout: a heading line, one blank line, the rule's paragraphs separated by
single blank lines.  Extraction lost about a third of the headings; where one
was lost, the body follows two or more blank lines with no heading.  Such a
body is named from its own text ("Units with Ambush may ..." is Ambush) and
flagged ``recovered-name``; when the text names no rule it becomes an
``unnamed`` entry of its own, never glued onto the rule before it.

Sub-headings inside a rule (Front Rank's "Matching Bases") are headings that
the enclosing rule's text already mentions; they become sub-rules.  Figure
captions ("Illustration of ...", "a) ...") are kept out of rule text and
listed in the entry's notes.

The text is plain text: nothing in it is read as markup.  What looks like
Markdown or HTML ("[link](url)", "<b>") is kept in the rule text exactly as
written; a line opening with "<" is never a heading, so it is text of the
rule being read (or, after a gap, a body of its own).  A name never holds
HTML or invisible characters (:mod:`referee.sources.markup`): they are left
out of it, the heading as written is kept in ``Entry.heading``, and a note
says what was removed.  ``Source.column`` is where the heading (or, with no
heading, the body) starts on its line.

Two conventions come from documents made from a book (``referee import
pdf``): a line ``[page 12]`` says the lines after it stand on page 12 (it is
no text: a rule's ``Source.page`` gives the pages its lines span), and a
paragraph whose every line is a row ``| a | b |`` is a table of the rule, its
first row the header.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.model import Entry, Source, Table
from referee.sources.document import Document, indent_column
from referee.sources.markup import name_from
from referee.sources.naming import fold, mentions, subject_of
from referee.sources.paragraphs import Paragraph, looks_like_heading, paragraphs

_CAPTION_ITEM = re.compile(r"^[a-z]\)\s")
_PAGE_MARKER = re.compile(r"^\[page ([^\]\s]{1,12})\]$")
_TABLE_ROW = re.compile(r"^\|.*\|$")


@dataclass
class _PendingRule:
    """A rule while its paragraphs are read; its name may wait for recovery from its text."""

    name: str | None
    line: int
    end_line: int
    column: int = 1
    parts: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    parent: str | None = None
    heading: bool = True
    written: str | None = None  # the heading as written, when the name differs from it
    tables: list[Paragraph] = field(default_factory=list)

    def add(self, para: Paragraph) -> None:
        if _is_table(para):
            self.tables.append(para)
        else:
            self.parts.append(para.text)
        self.end_line = para.end_line


def _is_table(para: Paragraph) -> bool:
    return len(para.lines) >= 2 and all(_TABLE_ROW.match(line.strip()) for line in para.lines)


class _Pages:
    """The page each line stands on, from ``[page N]`` lines (none: no pages)."""

    def __init__(self, text: str) -> None:
        self.starts: list[tuple[int, str]] = []
        self.kept: list[int] = []  # original number of each line kept
        lines = []
        for number, line in enumerate(text.split("\n"), start=1):
            found = _PAGE_MARKER.match(line.strip())
            if found:
                self.starts.append((number, found.group(1)))
            else:
                self.kept.append(number)
                lines.append(line)
        self.text = "\n".join(lines) if self.starts else text

    def paragraphs(self) -> list[Paragraph]:
        """The paragraphs of the text without its page markers, numbered as in the document."""
        paras = paragraphs(self.text)
        if not self.starts:
            return paras
        return [Paragraph(self.kept[p.line - 1], self.kept[p.end_line - 1], p.lines, p.gap) for p in paras]

    def of(self, line: int, end_line: int) -> str | None:
        if not self.starts:
            return None
        first, last = self._at(line), self._at(end_line)
        return first if first == last or first is None or last is None else f"{first}-{last}"

    def _at(self, line: int) -> str | None:
        label = None
        for start, name in self.starts:
            if start > line:
                break
            label = name
        return label


def _is_caption(para: Paragraph) -> bool:
    first = para.lines[0]
    if first.startswith("Illustration of"):
        return True
    return len(para.lines) > 1 and all(_CAPTION_ITEM.match(line) for line in para.lines[1:])


def _is_heading(paras: list[Paragraph], i: int) -> bool:
    para = paras[i]
    if not para.single_line or not looks_like_heading(para.text):
        return False
    # A heading is followed by its body after exactly one blank line, or by
    # nothing (a stub at the end, or before a gap that starts another rule).
    return i + 1 == len(paras) or paras[i + 1].gap >= 1


def read(doc: Document) -> list[Entry]:
    pages = _Pages(doc.text)
    paras = pages.paragraphs()
    if not paras:
        return []
    ignore = tuple(doc.options.get("core_terms", ()))
    title = doc.options.get("title")
    start = 0
    if title and fold(paras[0].text) == fold(title):
        start = 1  # the document's own title is not a rule
    rules: list[_PendingRule] = []
    top: _PendingRule | None = None  # the enclosing top-level rule
    current: _PendingRule | None = None
    pending: list[str] = []  # captions waiting for the next rule
    for i in range(start, len(paras)):
        para = paras[i]
        if _is_caption(para):
            note = f"figure caption at line {para.line}: {para.text}"
            next_is_new = i + 1 < len(paras) and paras[i + 1].gap >= 2
            points_at_figure = current is not None and "figure" in " ".join(current.parts[-1:]).casefold()
            if current is not None and (points_at_figure or not next_is_new):
                current.notes.append(note)
            else:
                pending.append(note)  # belongs to the rule that follows
            continue
        if _is_heading(paras, i):
            written = para.text.strip()
            name, notes = name_from(written)
            enclosing = " ".join(top.parts) if top else ""
            is_sub = top is not None and top.parts and name is not None and mentions(enclosing, name)
            rule = _PendingRule(name, para.line, para.line, indent_column(para.lines[0]), notes=pending + notes)
            if name != written:
                rule.written = written
            if name is None:
                rule.flags.append("unnamed")
            pending = []
            if is_sub and top is not None:
                rule.parent = top.name
            else:
                top = rule
            rules.append(rule)
            current = rule
            continue
        body_follows_heading = current is not None and current.heading and not current.parts and para.gap == 1
        if current is not None and (para.gap <= 1 or body_follows_heading):
            current.add(para)
            continue
        # Two or more blank lines and no heading: a lost heading.
        if top is not None and _continues(para.text, top.name or subject_of(top.parts[0], ignore=ignore)):
            current.add(para)
            continue
        rule = _PendingRule(None, para.line, para.line, indent_column(para.lines[0]), heading=False, notes=pending)
        rule.flags.append("lost-heading")
        pending = []
        rule.add(para)
        rules.append(rule)
        top = current = rule
    for rule in rules:
        if "lost-heading" in rule.flags:
            _name_from_text(rule, ignore)
    return [_entry(doc, rule, pages) for rule in rules]


def _name_from_text(rule: _PendingRule, ignore: tuple[str, ...]) -> None:
    rule.flags.remove("lost-heading")
    # The opening paragraph says most clearly what the rule is about; the
    # rest of the body only breaks ties.
    # (a rule of a table alone has no text to name it: it stays unnamed)
    found = rule.parts and (subject_of(rule.parts[0], ignore=ignore) or subject_of(" ".join(rule.parts), ignore=ignore))
    name, notes = name_from(found) if found else (None, [])
    rule.name = name
    rule.notes.extend(notes)
    if name:
        rule.flags.append("recovered-name")
        rule.notes.append(f"heading lost in extraction; name recovered from the text: {name}")
    else:
        rule.flags.append("unnamed")
        rule.notes.append("heading lost in extraction and the text names no rule")


def _continues(text: str, name: str | None) -> bool:
    """A paragraph after a gap that opens with the current rule's name continues it."""
    return bool(name) and re.match(re.escape(name) + r"\b", text) is not None


def _entry(doc: Document, rule: _PendingRule, pages: _Pages) -> Entry:
    flags = list(rule.flags)
    if not rule.parts and not rule.tables:
        flags.append("stub")
    source = doc.source(rule.line, rule.end_line, rule.column)
    page = pages.of(rule.line, rule.end_line)
    if page is not None:
        source = Source(source.file, source.line, source.end_line, source.column, page)
    return Entry(
        name=rule.name,
        text="\n\n".join(rule.parts),
        source=source,
        tables=tuple(_table(doc, para) for para in rule.tables),
        parent=rule.parent,
        flags=tuple(flags),
        notes=tuple(rule.notes),
        lang=doc.lang,
        category=doc.options.get("category"),
        heading=rule.written,
    )


def _table(doc: Document, para: Paragraph) -> Table:
    rows = [tuple(cell.strip() for cell in line.strip()[1:-1].split("|")) for line in para.lines]
    return Table(rows[0], tuple(rows[1:]), doc.source(para.line, para.end_line, indent_column(para.lines[0])))
