"""A Markdown document as sections: headings, the lines under them, their nesting.

Private helpers of :mod:`referee.sources.markdown`.  Headings are ATX headings
(``#`` .. ``######``, with or without a blank after the hashes: "##Overview"),
Setext headings (a line underlined with ``===`` or ``---``) and bold lines: a paragraph that is nothing but one bold span, at
most 12 words / 80 characters, not ending like a sentence (``.``, ``,``,
``;``), naming something once HTML and invisible characters are out.  A bold
sentence inside a paragraph is text ("**Double all your VP** gained by ..."),
and so are a bold line ending with a period ("**Only after all shooting
attacks ... battlefield.**") and a bold line of nothing but HTML
("**<script>...</script>**": emphasis of the rule being read).

Nesting (:func:`link`):

- ATX and Setext headings nest by level.
- A bold-line heading belongs to the innermost *container* above it: walking
  up from the nearest ATX heading before it, the first one without text of
  its own (a heading that only groups sub-sections: "### Directives:" above
  "#### Directive 1:" and the bold "**Directive 2:**").  When every heading on
  that path has text, it belongs to the outermost one, the top-level section
  ("**Passing:**" under "## 4.BATTLE PHASE").  Bold lines carry no level, so
  the sections an author groups are the honest guide: "the nearest heading"
  would make "Directive 2" a sub-rule of "Directive 1".
- A bold heading ending in "keywords" ("**Ranged weapon keywords:**",
  "**Other keywords:**") opens a list: the bold headings after it, up to the
  next such label or ATX heading, are its children.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.errors import RulesError
from referee.model import Table
from referee.sources.document import Document, indent_column
from referee.sources import markdown_entries
from referee.sources.markdown_inline import is_rule_line, plain, plain_line
from referee.sources.markdown_tables import find as find_table
from referee.sources.markup import name_from

# "##Overview": older pandoc and Python-Markdown read a heading without the blank after
# its hashes, and documents written for them rely on it; a letter or digit must follow.
_ATX = re.compile(r"^ {0,3}(?P<hashes>#{1,6})(?:(?:[ \t]+|(?=[^\W_]))(?P<text>.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(?P<mark>=+|-+)[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})")
_BOLD_LINE = re.compile(r"^(?P<d>\*\*\*|\*\*|__)(?P<inner>(?=\S).+?(?<=\S))(?P=d)$")
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_BOLD_MAX_WORDS, _BOLD_MAX_CHARS = 12, 80
# What a line that opens a fence, is a heading or a Setext underline, or is a bold line
# starts with, past its indent (the patterns above); "" (a blank line) goes the long way.
_MARKS = frozenset("#=-`~*_") | {""}
_LEAD_IN = re.compile(r"^(?:notes?|in addition|(?:for )?example|e\.g\.)(?::.*)?$", re.IGNORECASE)
KEYWORD_LABEL = re.compile(r"\bkeywords$", re.IGNORECASE)
# What a lead-in's name can start with: n, i, f or e in any case (to _LEAD_IN, which ignores
# case, "İ" and "ı" are an i too); most headings start otherwise and are not asked the pattern.
_LEAD_IN_FIRST = frozenset("NnIiFfEe\u0130\u0131")

Lines = list[tuple[int, str]]  # (1-based line number, the line as written)


@dataclass(eq=False)
class Section:
    """A heading and the lines under it, up to the next heading."""

    line: int
    heading: str  # the heading as written, markup removed
    level: int  # ATX level; 0 for bold lines (their place comes from link())
    raw: str  # the heading's own Markdown, for folding it into a body
    body: Lines = field(default_factory=list)
    parent: Section | None = None
    column: int = 1  # where the heading starts on its line, 1-based

    @property
    def bold(self) -> bool:
        return self.level == 0

    @property
    def has_text(self) -> bool:
        return any(text.strip() and not is_rule_line(text) for _, text in self.body)

    @property
    def end_line(self) -> int:
        """The last line with text: blank lines at the end are not the rule's.  A body runs
        in line order, so it is looked at from its end (a document's every section is asked)."""
        for n, text in reversed(self.body):
            if text.strip():
                return max(self.line, n)
        return self.line


def clean_name(heading: str) -> str:
    return heading.strip().rstrip(":").strip()


def scan(doc: Document, lines: list[str] | None = None) -> tuple[Lines, list[Section]]:
    """The lines before the first heading, and every section.  ``lines``: the document's
    text split at each newline, when the caller has it already."""
    preamble: Lines = []
    sections: list[Section] = []
    fence: tuple[str, int] | None = None  # (marker, line it opened)
    after_break = True  # the previous line was blank, a heading or the start
    paragraph_line = False  # the previous line is a paragraph's only line so far
    text = doc.text.removeprefix("\ufeff")
    nul = "\x00" in text
    cr = "\r" in text  # most documents end lines with a newline alone: nothing to take off
    body = preamble  # the lines of the section being read
    for number, line in enumerate(text.split("\n") if lines is None else lines, start=1):
        if cr:
            line = line.rstrip("\r")
        if nul and "\x00" in line:
            raise RulesError("contains a NUL character: this is a binary file, not Markdown", doc.path, number)
        if fence is None:
            lead = line.lstrip()[:1]
            if lead not in _MARKS:
                # text, not blank (most lines): neither a fence, a heading, a Setext underline nor a bold line;
                # a list item starts with a bullet or a digit ("-" and "*" are marks, so "+" or a digit here)
                body.append((number, line))
                paragraph_line = after_break and "|" not in line and not ((lead == "+" or lead.isdecimal()) and LIST_ITEM.match(line))
                after_break = False
                continue
            if not lead:  # a blank line (a third of most documents): no pattern can match it
                body.append((number, line))
                after_break, paragraph_line = True, False
                continue
            # most headings: hashes at the line's start (column 1), where no fence or other mark opens
            if line[:1] == "#" and (atx := _atx(line)) is not None:
                level, raw = atx
                section = Section(number, plain(raw).strip(), level, raw, [], None, 1)
                sections.append(section)
                body = section.body
                after_break, paragraph_line = True, False
                continue
        else:
            body.append((number, line))
            if _closes(line, fence[0]):
                fence = None
            continue
        if m := _FENCE.match(line):
            fence = (m.group("fence"), number)
            body.append((number, line))
            after_break, paragraph_line = False, False
            continue
        if (atx := _atx(line)) is not None:
            level, raw = atx
            section = Section(number, plain(raw).strip(), level, raw, [], None, indent_column(line))
        elif (m := _SETEXT.match(line)) and paragraph_line and body:
            prev_number, prev = body.pop()
            level = 1 if m.group("mark").startswith("=") else 2
            section = Section(prev_number, plain(prev).strip(), level, prev.strip(), [], None, indent_column(prev))
        elif after_break and (heading := bold_heading(line)) is not None:
            section = Section(number, heading, 0, line.strip(), [], None, indent_column(line))
        else:
            body.append((number, line))
            blank = not line.strip()
            paragraph_line = not blank and after_break and not LIST_ITEM.match(line) and "|" not in line
            after_break = blank
            continue
        sections.append(section)
        body = section.body
        after_break, paragraph_line = True, False
    if fence is not None:
        raise RulesError(
            f"code fence {fence[0]} opened here is never closed: the rest of the document would be read as code",
            doc.path,
            fence[1],
        )
    if not sections:
        if not any(text.strip() for _, text in preamble):
            raise RulesError("document is empty", doc.path)
        raise RulesError(
            "no headings found: a Markdown rules document names each rule with a # heading or a bold line",
            doc.path,
            next(n for n, text in preamble if text.strip()),
        )
    return preamble, sections


def _atx(line: str) -> tuple[int, str] | None:
    """An ATX heading's level and text, or None.  Most headings are hashes at the line's
    start, a blank and the text, which end in neither a hash nor a blank: read without
    the pattern (whose closing hashes are looked for at each character, 2.5 us a heading).

    >>> _atx("### Fear"), _atx("## Fear ##"), _atx("##Fear"), _atx("    # code"), _atx("####### Seven")
    ((3, 'Fear'), (2, 'Fear'), (2, 'Fear'), None, None)
    """
    if line[:1] == "#":
        hashes = len(line) - len(line.lstrip("#"))
        if hashes <= 6 and line[hashes : hashes + 1] in (" ", "\t") and line[-1] not in "# \t":
            return hashes, line[hashes:].lstrip(" \t")
    m = _ATX.match(line)
    return (len(m.group("hashes")), m.group("text") or "") if m is not None else None


def _closes(line: str, fence: str) -> bool:
    """Whether a line closes a code fence: the same character, at least as many, alone."""
    m = _FENCE.match(line)
    if not m or m.group("fence")[0] != fence[0] or len(m.group("fence")) < len(fence):
        return False
    return not line.strip().strip(fence[0])


def bold_heading(line: str) -> str | None:
    """The text of a line that is one short bold span and not a sentence.

    >>> bold_heading("**Ranged X heavy**"), bold_heading("***Modify by rerolling:***")
    ('Ranged X heavy', 'Modify by rerolling:')
    >>> bold_heading("**Double all your VP** gained by primary objectives this round.") is None
    True
    >>> bold_heading("**<script>alert(1)</script>**") is None  # names nothing: emphasis, so text
    True
    """
    m = _BOLD_LINE.match(line.strip())
    if not m or m.group("d")[:2] in m.group("inner"):
        return None
    text = plain(m.group("inner")).strip()
    if not text or text.endswith((".", ",", ";")):
        return None
    if len(text) > _BOLD_MAX_CHARS or len(text.split()) > _BOLD_MAX_WORDS:
        return None
    return text if name_from(text)[0] else None


def fold_lead_ins(sections: list[Section]) -> list[Section]:
    """ "Note:", "Example: ...", "In addition:" are paragraphs of the rule before them.

    They label a paragraph rather than name a rule: "Note:" twice would be
    one rule with two unrelated texts, and "Example: Leader (green/red) +8
    {...}" explains the rule it follows.
    """
    kept: list[Section] = []
    for section in sections:
        if kept and section.heading.lstrip()[:1] in _LEAD_IN_FIRST and _LEAD_IN.match(clean_name(section.heading)):
            kept[-1].body.append((section.line, section.raw))
            kept[-1].body.extend(section.body)
        else:
            kept.append(section)
    return kept


_STOPWORDS = frozenset({"the", "a", "an", "of", "and", "for"})


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[^\W_]+", text.casefold()) if w not in _STOPWORDS}


def title(sections: list[Section], names: list[str]) -> Section | None:
    """The document's title: a first heading with no text, sub-sections under it,
    and named like the document (``names``: its manifest title, system, file name).

    A bare title is not a rule anyone looks up ("## THE LAST EDITION" in
    last-edition/core-rules.md); a heading with text of its own is a rule, even
    near the top ("### CORE RULES" and its tagline), and so is an empty group
    heading that opens a document under a name of its own.
    """
    first = sections[0]
    if first.bold or first.has_text or len(sections) < 2:
        return None
    following = sections[1]
    if not (following.bold or following.level > first.level):
        return None
    own = _words(first.heading)
    known = set().union(*(_words(n) for n in names))
    return first if own and len(own & known) * 2 >= len(own) else None


def link(sections: list[Section]) -> None:
    """Set every section's parent (see the module docstring)."""
    stack: list[Section] = []  # the open ATX headings, outermost first
    group: Section | None = None  # the open keyword list label
    for section in sections:
        if not section.bold:
            while stack and stack[-1].level >= section.level:
                stack.pop()
            section.parent = stack[-1] if stack else None
            stack.append(section)
            group = None
            continue
        is_label = KEYWORD_LABEL.search(clean_name(section.heading)) is not None
        if group is not None and not is_label:
            section.parent = group
        else:
            section.parent = _container(stack)
        if is_label:
            group = section


def _container(stack: list[Section]) -> Section | None:
    for heading in reversed(stack):
        if not heading.has_text:
            return heading
    return stack[0] if stack else None


@dataclass(frozen=True)
class FoundEntry:
    """A thing a table in a body defines (:mod:`markdown_entries`), placed in the document."""

    name: str  # its name cell, as written (plain)
    line: int  # document line of the name cell
    column: int
    end_line: int
    fields: tuple[tuple[str, str], ...]
    text: str
    kind: str  # the table's shape: pipe, grid, simple, tab, html


def render(doc: Document, body: Lines) -> tuple[str, tuple[Table, ...], list[FoundEntry]]:
    """The body as plain text, paragraphs separated by one blank line; its tables
    that are data; the entries its other tables define (they leave the text)."""
    lines = [text for _, text in body]
    out: list[str] = []
    tables: list[Table] = []
    found: list[FoundEntry] = []
    fence: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if fence is not None:
            if _closes(line, fence):
                fence = None
            else:
                out.append(line.rstrip())  # code stays as written
            i += 1
            continue
        if m := _FENCE.match(line):
            fence = m.group("fence")
            i += 1
            continue
        block = find_table(lines, i)
        if block is not None:
            entries = markdown_entries.read(block)
            if entries:
                for e in entries:
                    found.append(
                        FoundEntry(e.name.text, body[e.name.line][0], e.name.column, body[e.end][0], e.fields, e.text, block.kind)
                    )
                out.append("")
            else:
                out.extend(block.lines())
                (first, row), (last, _) = body[block.start], body[block.end]
                column = len(row) - len(row.lstrip(" ")) + 1  # a leading tab is the first (empty) cell
                header, rows = block.texts()
                tables.append(Table(header, rows, doc.source(first, last, column)))
            i = block.end + 1
            continue
        if not is_rule_line(line):
            out.append(plain_line(line))
        i += 1
    paragraphs: list[list[str]] = [[]]
    for line in out:
        if line.strip():
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join("\n".join(p) for p in paragraphs if p), tuple(tables), found
