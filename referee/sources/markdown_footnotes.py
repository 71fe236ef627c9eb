"""Footnotes: a paragraph explaining words that another rule marks with a star.

Private helper of :mod:`referee.sources.markdown`.  "... on enemy infantry, war
beasts\\* or swarm unit ..." (a rule's text) and, lines below, under the next
heading, "\\*war beasts - all (50x25 base models) ...": the footnote explains
the marked words of the rule that marks them, wherever the layout set it down.
It becomes a sub-rule of that rule, named by the marked words and cited to its
own line, and leaves the text of the rule it was set under (a note on each
says so).  A footnote whose words the rule it stands in marks itself, or that
no rule before it marks ("\\*Fleeing Chariot - Wo(D6)" under a table whose
cells mark "Wo(1)\\*"), stays where it is: nothing says it belongs elsewhere.
"""

from __future__ import annotations

import re
from dataclasses import replace

from referee.model import Entry
from referee.sources.document import Document

# "*war beasts - all (50x25 base models) ...": a star, the marked words, a dash or colon, the explanation
_FOOTNOTE = re.compile(r"^\*(?P<term>[^\s*][^*:\n]*?)\s*(?:\s[-–—]\s|:\s)\s*(?P<text>\S[^\n]*)$")
_MAX_WORDS = 5


def _footnote(paragraph: str) -> tuple[str, str] | None:
    """The marked words and the explanation of a footnote paragraph, or None.

    >>> _footnote("*war beasts - all (50x25 base models) with one profile.")
    ('war beasts', 'all (50x25 base models) with one profile.')
    >>> _footnote("* A unit does not take Panic tests."), _footnote("*Finally, remember this.")
    (None, None)
    """
    found = _FOOTNOTE.match(paragraph.strip())
    if found is None or len(found.group("term").split()) > _MAX_WORDS:
        return None
    return found.group("term").strip(), found.group("text").strip()


def _marks(text: str, term: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(term)}\*", text, re.IGNORECASE) is not None


def attach(doc: Document, entries: list[Entry]) -> list[Entry]:
    """The entries with each footnote set under another rule than the one marking its words made a
    sub-rule of the nearest rule before it that marks them (see the module docstring)."""
    if "*" not in doc.text:
        return entries
    lines = doc.lines
    out: list[Entry] = []
    for at, entry in enumerate(entries):
        paragraphs = entry.text.split("\n\n")
        moved: list[Entry] = []
        kept: list[str] = []
        for k, paragraph in enumerate(paragraphs):
            found = _footnote(paragraph) if paragraph.startswith("*") else None
            own = "\n\n".join(paragraphs[:k] + paragraphs[k + 1 :])
            owner = None if found is None or _marks(own, found[0]) else _marking(entries[:at], found[0])
            where = _line_of(lines, entry, found[0]) if owner is not None and found is not None else None
            if owner is None or found is None or where is None:
                kept.append(paragraph)
                continue
            line, column = where
            host = entry.name or f"line {entry.source.line}"
            moved.append(Entry(
                name=found[0], text=found[1], source=doc.source(line, line, column), category=owner.category if owner.parent else owner.name,
                parent=owner.key or owner.name, lang=entry.lang,
                notes=(f"a footnote to the words {found[0] + '*'!r} of {owner.name}, set down under {host}",)))
        if moved:
            notes = (*entry.notes, *(f"footnote {m.name + '*'!r} at line {m.source.line} read as a sub-rule of {m.parent}" for m in moved))
            entry = replace(entry, text="\n\n".join(kept), notes=notes)
        out.append(entry)
        out.extend(moved)
    return out


def _marking(before: list[Entry], term: str) -> Entry | None:
    """The nearest rule before that marks the words, or None."""
    return next((e for e in reversed(before) if e.name and _marks(e.text, term)), None)


def _line_of(lines: list[str], entry: Entry, term: str) -> tuple[int, int] | None:
    """The line and column where the footnote starts (its star, or the backslash escaping it)."""
    for number in range(entry.source.line, min(entry.source.end_line, len(lines)) + 1):
        line = lines[number - 1]
        body = line.lstrip()
        star = body[1:] if body.startswith("\\*") else body
        if star.startswith("*" + term):
            return number, len(line) - len(body) + 1
    return None
