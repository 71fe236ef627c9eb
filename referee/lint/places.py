"""Where the text of a rule stands: its places, its raw lines, the line of a word;
and where a key of a system's manifest stands.

A version is written at its ``source`` and again at each ``also_at`` (the
same text repeated in one document).  The checks look at these places, in the
rule records and in the raw lines of the documents.

Adapters join wrapped lines and repair hyphenation, so an offset into a
version's text is not a line of the document: :func:`line_of` searches the
raw lines inside the version's span for the word instead; the offset only
breaks ties and is the fallback when extraction changed the word beyond
recognition.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule, Source, Version


@dataclass(frozen=True)
class Place:
    """One place a version of a rule is written."""

    rule: Rule
    version: Version
    source: Source

    @property
    def lines(self) -> range:
        return range(self.source.line, self.source.end_line + 1)


def places(rule: Rule) -> Iterator[Place]:
    for version in rule.versions:
        for source in (version.source, *version.also_at):
            yield Place(rule, version, source)


def where(file: str, line: int, home: str | None = None) -> str:
    """``file:line``, or just ``line N`` inside the file a message is about."""
    return f"line {line}" if file == home else f"{file}:{line}"


_MARKUP = re.compile(r"^[#*_'=\s]+|[*_'=\s:]+$")
_SPLIT_WORD = re.compile(r"(?<=[^\W\d_])- (?=[a-zäöüß])")


def heading_form(line: str) -> str:
    """A raw line as a heading compares: markup and split words undone, folded.

    >>> heading_form("### **Zau- bernovize:**")
    'zaubernovize'
    """
    return fold(_SPLIT_WORD.sub("", _MARKUP.sub("", line)))


def heading_names(ctx: LintContext) -> set[str]:
    """Every name, alias and heading of the system, as :func:`heading_form` gives them."""
    out: set[str] = set()
    for rule in ctx.rules:
        out.update(fold(n) for n in rule.names)
        out.update(fold(v.heading) for v in rule.versions if v.heading)
    return out


def document_lang(ctx: LintContext, path: str) -> str:
    return next((d.lang for d in ctx.manifest.documents if d.path == path), "en")


def raw_lines(ctx: LintContext, path: str) -> tuple[str, ...]:
    """A document's lines as read (1-based line N is item N - 1)."""
    return _lines(ctx.text(path))


@lru_cache(maxsize=16)
def _lines(text: str) -> tuple[str, ...]:
    return tuple(ln.rstrip("\r") for ln in text.split("\n"))


# Formats whose documents are markup a reader of words must not read line by line.
MARKUP_FORMATS = frozenset({"battlescribe"})


@dataclass(frozen=True)
class Spot:
    """Text to read and where it stands: one raw line, or (on a shared line)
    the rule's own text, whose matches are placed on the first line holding them."""

    place: Place
    line: int
    text: str
    raw: bool
    loose: bool = False  # a line between rules, that no rule's text holds

    def line_of(self, ctx: LintContext, found: str) -> int:
        if self.raw:
            return self.line
        lines = raw_lines(ctx, self.place.source.file)
        return next((n for n in self.place.lines if found in lines[n - 1]), self.line)

    def where(self, ctx: LintContext, found: str, at: int | None = None) -> tuple[int, int]:
        """(line, column) of ``found``; ``at``, its offset in a raw spot's text, when known.

        On a shared line the search starts where the rule starts, so a word
        another rule of the line also uses is placed in this rule's text.
        """
        line = self.line_of(ctx, found)
        if self.raw and at is not None:
            return line, at + 1
        text = raw_lines(ctx, self.place.source.file)[line - 1]
        start = self.place.source.column if line == self.place.source.line and not self.raw else 1
        if at is not None and line == self.place.source.line:
            # the rule's text as read holds ``found`` some times before ``at``: the raw
            # line holds it as often from the rule's start on (a second "(see page XX)"
            # of a rule on a wiki page's one line is not placed at the first)
            before = len(_spaced(found).findall(self.text, 0, at))
            column = column_of(text, found, start, before)
            if column is not None:
                return line, column
        return line, column_of(text, found, start) or start


def spots(ctx: LintContext) -> Iterator[Spot]:
    """Every rule's raw lines, one spot each; where several rules share a line
    (a wiki page saved as one line), each rule's own text instead.

    Lines between a document's rules that no rule holds (figure captions the
    adapters keep out of rule text, headings of categories) are spots too,
    of the rule beside them that points at a figure, else of the rule above.
    """
    all_places = [p for rule in ctx.rules for p in places(rule)]
    owners: dict[tuple[str, int], set[str]] = {}
    for place in all_places:
        for n in place.lines:
            owners.setdefault((place.source.file, n), set()).add(place.rule.id)
    markup = {d.path for d in ctx.manifest.documents if d.format in MARKUP_FORMATS}
    for place in all_places:
        lines = raw_lines(ctx, place.source.file)
        if place.source.file in markup:
            # XML: the raw lines are the file's elements and attributes
            # ("includeChildSelections"), not words; the rule's text is what it says
            heading = place.version.heading or ""
            yield Spot(place, place.source.line, f"{heading}\n{place.version.text}", raw=False)
            continue
        if any(len(owners[(place.source.file, n)]) > 1 for n in place.lines):
            heading = place.version.heading or ""
            yield Spot(place, place.source.line, f"{heading}\n{place.version.text}", raw=False)
            continue
        for n in place.lines:
            if n <= len(lines) and lines[n - 1].strip():
                yield Spot(place, n, lines[n - 1], raw=True)
    yield from _between_rules(ctx, [p for p in all_places if p.source.file not in markup])


def _held(place: Place) -> Iterator[int]:
    """The lines a place holds: its text's, and its tables' and profiles'."""
    yield from place.lines
    for part in (*place.version.tables, *place.version.profiles):
        if part.source.file == place.source.file:
            yield from range(part.source.line, part.source.end_line + 1)


_POINTS_AT_FIGURE = re.compile(r"\b(?:figure|illustration|diagram)", re.IGNORECASE)


def _between_rules(ctx: LintContext, all_places: list[Place]) -> Iterator[Spot]:
    """The loose lines of each document, between its first rule and its last."""
    by_file: dict[str, list[Place]] = {}
    for place in all_places:
        by_file.setdefault(place.source.file, []).append(place)
    for file, file_places in by_file.items():
        file_places.sort(key=lambda p: (p.source.line, p.source.column))
        held = {n for place in file_places for n in _held(place)}
        lines = raw_lines(ctx, file)
        starts = [p.source.line for p in file_places]
        # The rule above a loose line is the first (in the document's order) of those
        # ending last before it.  Lines are visited in order, so the places ending
        # before each are taken in once, by where they end (asking every place of
        # the document for every loose line grew with the square of its rules).
        ending = sorted(range(len(file_places)), key=lambda i: file_places[i].source.end_line)
        taken = 0
        above: int | None = None  # index of the rule above, in file_places
        for n in range(min(held), min(max(held), len(lines)) + 1):
            if n in held or not lines[n - 1].strip():
                continue
            while taken < len(ending) and file_places[ending[taken]].source.end_line < n:
                i = ending[taken]
                if above is None or (file_places[i].source.end_line, -i) > (file_places[above].source.end_line, -above):
                    above = i
                taken += 1
            after = bisect_right(starts, n)
            below = file_places[after] if after < len(file_places) else None
            owner = file_places[above] if above is not None else below
            figure = _POINTS_AT_FIGURE.search
            if below and not figure(owner.version.text) and figure(below.version.text):
                owner = below
            yield Spot(owner, n, lines[n - 1], raw=True, loose=True)


def first_column(line: str) -> int:
    """The column of a line's first character that is not a space.

    >>> first_column("  ### Fear"), first_column("")
    (3, 1)
    """
    return len(line) - len(line.lstrip()) + 1 if line.strip() else 1


def column_of(line: str, needle: str, start: int = 1, skip: int = 0) -> int | None:
    """The 1-based column of ``needle`` in ``line`` (case-blind, any spacing), at or after
    ``start``; with ``skip``, of its occurrence after the first ``skip`` ones.

    >>> column_of("Units with Quick to  Fire shoot", "quick to fire"), column_of("Fear", "Terror")
    (12, None)
    >>> column_of("Fear (see XX). Flee (see XX).", "(see XX)", 1, 1), column_of("Fear (see XX).", "(see XX)", 1, 1)
    (21, None)
    """
    if not needle.split():
        return None
    pattern = _spaced(needle)
    at = max(start - 1, 0)
    for _ in range(skip + 1):
        m = pattern.search(line, at)
        if m is None:
            return None
        at = m.end()
    return m.start() + 1


@lru_cache(maxsize=256)
def _spaced(needle: str) -> re.Pattern[str]:
    """``needle`` as a pattern: case-blind, any spacing between its words."""
    return re.compile(r"\s+".join(re.escape(w) for w in needle.split()), re.IGNORECASE)


def line_of(ctx: LintContext, version: Version, needle: str, at: int = 0) -> int:
    """The document line of ``needle``, found near offset ``at`` of ``version.text``."""
    source = version.source
    hint = min(source.line + version.text.count("\n", 0, max(at, 0)), source.end_line)
    return nearest_line(ctx, source.file, source.line, source.end_line, needle, hint)


def nearest_place(ctx: LintContext, file: str, first: int, last: int, needle: str, hint: int) -> tuple[int, int]:
    """(line, column) of ``needle`` in ``first..last``, the line as :func:`nearest_line` finds it."""
    line = nearest_line(ctx, file, first, last, needle, hint)
    if file not in ctx.rb.texts or not 0 < line <= len(raw_lines(ctx, file)):
        return line, 1
    text = raw_lines(ctx, file)[line - 1]
    return line, column_of(text, needle) or first_column(text)


def nearest_line(ctx: LintContext, file: str, first: int, last: int, needle: str, hint: int) -> int:
    """The line in ``first..last`` holding ``needle`` (case-blind, any spacing) closest to ``hint``."""
    if file not in ctx.rb.texts:
        return hint
    pattern = re.compile(r"\s+".join(re.escape(w) for w in needle.split()), re.IGNORECASE)
    lines = ctx.lines(file)
    found = [n for n in range(first, min(last, len(lines)) + 1) if pattern.search(lines[n - 1])]
    if not found:
        return hint
    return min(found, key=lambda n: (abs(n - hint), n))


_TABLE_HEADER = re.compile(r"^\s*\[\[\s*([\w.-]+)\s*\]\]")
_ANY_HEADER = re.compile(r"^\s*\[")


def manifest_place(lines: list[str] | None, table: str, index: int, key: str) -> tuple[int, int] | None:
    """(line, column) of ``key``'s value in the ``index``-th ``[[table]]`` of a
    manifest's lines, else of that table's header; None when it is not found.

    >>> toml = ['id = "demo"', "", "[[waivers]]", 'code = "empty-rule"', "", "[[waivers]]", ' code = "x"']
    >>> manifest_place(toml, "waivers", 1, "code"), manifest_place(toml, "waivers", 0, "rule")
    ((7, 9), (3, 1))
    >>> manifest_place(toml, "documents", 0, "path") is None
    True
    """
    if not lines:
        return None
    headers = [n for n, text in enumerate(lines, start=1) if (m := _TABLE_HEADER.match(text)) and m.group(1) == table]
    if index >= len(headers):
        return None
    start = headers[index]
    assignment = re.compile(rf"^\s*{re.escape(key)}\s*=\s*")
    for n in range(start + 1, len(lines) + 1):
        text = lines[n - 1]
        if _ANY_HEADER.match(text):
            break
        if m := assignment.match(text):
            return n, m.end() + 1
    return start, first_column(lines[start - 1])


_TOKEN = re.compile(r"[^\W_]+")


class Located:
    """A document's text, searched for a sentence's words from an offset on
    (case, spacing and punctuation aside), to place a sentence of a rule's
    text as read on its line and column of the document."""

    def __init__(self, ctx: LintContext, file: str) -> None:
        self.text = ctx.text(file)
        self.starts = [0, *accumulate(len(line) + 1 for line in self.text.split("\n")[:-1])]

    def offset(self, line: int, column: int) -> int:
        return self.starts[min(line, len(self.starts)) - 1] + column - 1

    def spans(self, sentences: list[str], start: int, end: int) -> list[tuple[int, int] | None]:
        """(line, column) of each of ``sentences`` found in order between
        ``start`` and ``end``, None for one not found there: the text's words
        read once, each sentence's words matched in a row (a pattern compiled
        for each sentence of a long rule costs more than the rest of a check)."""
        tokens = [(m.group().casefold(), m.start()) for m in _TOKEN.finditer(self.text, start, end)]
        folded = [w for w, _ in tokens]
        out: list[tuple[int, int] | None] = []
        at = 0
        for sentence in sentences:
            parts = [w.casefold() for w in _TOKEN.findall(sentence)]
            found = None
            if parts:
                n = len(parts)
                for i in range(at, len(folded) - n + 1):
                    if folded[i] == parts[0] and folded[i : i + n] == parts:
                        found = i
                        break
            if found is None:
                out.append(None)
                continue
            at = found + len(parts)
            offset = tokens[found][1]
            line = bisect_right(self.starts, offset)
            out.append((line, offset - self.starts[line - 1] + 1))
        return out

    def find(self, sentence: str, start: int, end: int | None = None) -> tuple[int, int, int] | None:
        """(line, column, end offset) of the sentence's words at or after ``start``
        (and before ``end``, when given)."""
        parts = re.findall(r"[^\W_]+", sentence)
        if not parts:
            return None
        pattern = re.compile(r"[\W_]+".join(map(re.escape, parts)), re.IGNORECASE)
        m = pattern.search(self.text, start) if end is None else pattern.search(self.text, start, end)
        if m is None:
            return None
        line = bisect_right(self.starts, m.start())
        return line, m.start() - self.starts[line - 1] + 1, m.end()
