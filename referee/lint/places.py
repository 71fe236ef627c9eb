"""Where the text of a rule stands: its places, its raw lines, the line of a word.

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
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

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


@dataclass(frozen=True)
class Spot:
    """Text to read and where it stands: one raw line, or (on a shared line)
    the rule's own text, whose matches are placed on the first line holding them."""

    place: Place
    line: int
    text: str
    raw: bool

    def line_of(self, ctx: LintContext, found: str) -> int:
        if self.raw:
            return self.line
        lines = raw_lines(ctx, self.place.source.file)
        return next((n for n in self.place.lines if found in lines[n - 1]), self.line)


def spots(ctx: LintContext) -> Iterator[Spot]:
    """Every rule's raw lines, one spot each; where several rules share a line
    (a wiki page saved as one line), each rule's own text instead."""
    all_places = [p for rule in ctx.rules for p in places(rule)]
    owners: dict[tuple[str, int], set[str]] = {}
    for place in all_places:
        for n in place.lines:
            owners.setdefault((place.source.file, n), set()).add(place.rule.id)
    for place in all_places:
        lines = raw_lines(ctx, place.source.file)
        if any(len(owners[(place.source.file, n)]) > 1 for n in place.lines):
            heading = place.version.heading or ""
            yield Spot(place, place.source.line, f"{heading}\n{place.version.text}", raw=False)
            continue
        for n in place.lines:
            if n <= len(lines) and lines[n - 1].strip():
                yield Spot(place, n, lines[n - 1], raw=True)


def line_of(ctx: LintContext, version: Version, needle: str, at: int = 0) -> int:
    """The document line of ``needle``, found near offset ``at`` of ``version.text``."""
    source = version.source
    hint = min(source.line + version.text.count("\n", 0, max(at, 0)), source.end_line)
    return nearest_line(ctx, source.file, source.line, source.end_line, needle, hint)


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
