"""Rule text cut into sentences, each with the source line where it starts.

A version's text is the adapter's cleaned text (wrapped lines joined, bullets
as "- ", markup removed), so the line of a sentence is found by looking for
its opening words in the raw document, between the version's first and last
line, comparing letters and digits only (case-, space- and markup-blind).
Sentences are looked for in order, each after the one before, so that
"The model ..." twice in a rule lands on two different lines.

>>> split("Models with Fear are immune (e.g. to Terror). They gain +1 Strength!\\n- must flee")
['Models with Fear are immune (e.g. to Terror).', 'They gain +1 Strength!', 'must flee']
>>> split("+1 Armour Hand Weapons wielded by models on foot can be used alongside a Shield.")
['+1 Armour', 'Hand Weapons wielded by models on foot can be used alongside a Shield.']
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from itertools import accumulate

from referee.graph.effects_words import STATS
from referee.patterns import lazy, longest_first

TYPE_CHECKING = False  # the referee places quotes through here: a warm `resolve` imports neither typing nor the record classes
if TYPE_CHECKING:
    from typing import Any

    from referee.model import Version

_ENDS = lazy(r"(?<=[.!?])([\"”’)]?)\s+(?=[\"“‘(\[]?[A-Z0-9])|(?<=:)()\s+(?=[A-Z])")
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "cf.", "vs.", "p.", "pp.", "no.", "fig.", "approx.", "ex.")
_BULLET = lazy(r"^\s*(?:[-•*]\s*)+|^\s*(?:\d+|[a-z])[.)]\s*(?=\S)")
_NOT_ALNUM = lazy(r"[\W_]+")
_ALNUM = lazy(r"[^\W_]+")
_WORDS = lazy(r"([A-Za-z0-9]+)")  # splits an ASCII line into what lies between words, and words
# a weapon's profile cell run into the sentence after it ("+1 Armour Hand Weapons wielded
# by ..."): the cell is a part of its own, or its modifier would take the sentence's conditions
_STAT_NAMES = longest_first({norm for _, norm in STATS if " " in norm or norm.isalpha()})
_CELL = lazy(r"^[+\-−]\d+[\"″]?\s+(?:" + "|".join(map(re.escape, _STAT_NAMES)) + r")(?=\s+[A-Z][a-z])")
KEY_LENGTHS = (60, 24, 12, 6)  # letters of a sentence's opening looked for in the document, longest first: 60 tells apart two sentences that open alike


def split(text: str) -> list[str]:
    """The sentences of a cleaned rule text: per line, then at ". X", "! X", ": X"."""
    out: list[str] = []
    for line in text.split("\n"):
        line = _BULLET.sub("", line).strip()
        if not line:
            continue
        cell = _CELL.match(line)
        if cell:
            out.append(cell.group())
            line = line[cell.end() :].strip()
        start = 0
        for m in _ENDS.finditer(line):
            cut = m.start() + len(m.group(1) or m.group(2) or "")
            before = line[start:cut].split()
            if before and before[-1].lower().lstrip("([\"“") in _ABBREVIATIONS:
                continue
            if line[cut - 1] == ":" and len(before) < 4:
                continue  # "Cavalry: Forest DT(2) ...", "No Retreat!: If ...": a label, not a sentence
            piece = line[start:cut].strip()
            if piece:
                out.append(piece)
            start = m.end()
        piece = line[start:].strip()
        if piece:
            out.append(piece)
    return [s for s in out if _ALNUM.search(s)]  # a sentence holds a letter or digit


def squeeze(text: str) -> str:
    """Letters and digits only, case-folded: how openings are compared.

    >>> squeeze("**Fly (X, Y)** - It must")
    'flyxyitmust'
    """
    if text.isascii():  # most: the marks dropped by a table, at a third of the pattern's time
        return text.translate(_ASCII_MARKS).lower()
    return _NOT_ALNUM.sub("", text).casefold()


# every ASCII character but a letter or a digit, dropped
_ASCII_MARKS = dict.fromkeys(c for c in range(128) if not chr(c).isalnum())


class SqueezedDocument:
    """A document's letters and digits, where each of its lines starts among
    them, and where each of its words (a run of letters and digits) starts
    among them with the word's column (1-based) on its line: every letter of
    a word is placed at the column the word starts at.

    A plain class: made and read within one :func:`locate`, never compared, and a
    dataclass would bring ``dataclasses`` onto the warm ``resolve`` path."""

    __slots__ = ("chars", "line_starts", "word_starts", "word_columns")

    def __init__(self, chars: str, line_starts: tuple[int, ...], word_starts: tuple[int, ...], word_columns: tuple[int, ...]) -> None:
        self.chars = chars
        self.line_starts = line_starts
        self.word_starts = word_starts
        self.word_columns = word_columns

    @classmethod
    def of(cls, text: str) -> SqueezedDocument:
        starts: list[int] = []
        parts: list[str] = []
        word_starts: list[int] = []
        word_columns: list[int] = []
        size = 0
        for line in text.split("\n"):
            starts.append(size)
            if line.isascii():  # a word keeps its length when folded: the line at once
                pieces = _WORDS.split(line)  # between words, a word, between words, ...
                words = pieces[1::2]
                if not words:
                    continue
                word_columns.extend(list(accumulate(map(len, pieces[:-1]), initial=1))[1::2])
                word_starts.extend(accumulate(map(len, words[:-1]), initial=size))
                folded = "".join(words).lower()
                parts.append(folded)
                size += len(folded)
                continue
            for m in _ALNUM.finditer(line):
                folded = m.group().casefold()
                parts.append(folded)
                word_starts.append(size)
                word_columns.append(m.start() + 1)
                size += len(folded)
        return cls("".join(parts), tuple(starts), tuple(word_starts), tuple(word_columns))

    def line_of(self, index: int) -> int:
        """The 1-based line holding the squeezed character ``index``."""
        return bisect_right(self.line_starts, index)

    def column_of(self, index: int) -> int:
        """The 1-based column, on its line, of the squeezed character ``index``."""
        if index >= len(self.chars):
            return 1
        return self.word_columns[bisect_right(self.word_starts, index) - 1]

    def from_column(self, column: int, lo: int, hi: int) -> int:
        """The first squeezed character in ``lo:hi`` (one line's) at ``column`` or after
        it, else ``hi``."""
        first = bisect_left(self.word_starts, lo)
        last = bisect_left(self.word_starts, hi, first)
        at = bisect_left(self.word_columns, column, first, last)
        return self.word_starts[at] if at < last else hi


_LINE_STARTS: dict[int, tuple[str, list[int]]] = {}
_KEPT_CHARACTERS = 64_000_000  # the texts whose line starts are kept, at most (the latest always is)


def _line_starts(text: str) -> list[int]:
    """Where the lines of a document text start, found once per text while it is among
    the latest read: a shell or server that rebuilds reads new texts of the same
    documents, and the old ones are let go (oldest first) once the kept texts pass
    ``_KEPT_CHARACTERS``, so memory stays bounded however often it rebuilds."""
    hit = _LINE_STARTS.pop(id(text), None)
    if hit is None or hit[0] is not text:
        starts = [0]
        starts.extend(m.end() for m in _NEWLINE.finditer(text))
        hit = (text, starts)
        kept = len(text) + sum(len(other) for other, _ in _LINE_STARTS.values())
        for key in list(_LINE_STARTS):
            if kept <= _KEPT_CHARACTERS:
                break
            kept -= len(_LINE_STARTS.pop(key)[0])
    _LINE_STARTS[id(text)] = hit  # latest last: a dict keeps insertion order
    return hit[1]


def line_at(text: str, number: int) -> str | None:
    """Line ``number`` (1-based) of a document text, None outside it; where its lines
    start is found once per text (a rule asks for its heading's line: one pass over
    the document for all of its rules, not one each).

    >>> line_at("a\\nbb\\n", 2), line_at("a\\nbb\\n", 3), line_at("a", 2)
    ('bb', '', None)
    """
    starts = _line_starts(text)
    if not 0 < number <= len(starts):
        return None
    return text[starts[number - 1] : starts[number] - 1] if number < len(starts) else text[starts[number - 1] :]


_NEWLINE = lazy("\n")


def lines_between(text: str, first: int, last: int) -> str | None:
    """Lines ``first`` to ``last`` (1-based, both included; to the end when ``last`` is
    past it) of a document text, None when there are none (``last`` before ``first``,
    or ``first`` past the end)."""
    starts = _line_starts(text)
    if first < 1 or last < first or first > len(starts):
        return None
    return text[starts[first - 1] : starts[last] - 1] if last < len(starts) else text[starts[first - 1] :]


def lines_read(version: Version, texts: dict[str, str]) -> str:
    """All of a document that :func:`locate` reads to place the sentences of ``version``:
    the lines it stands on, with the document's number of lines when they run to its
    end (what follows them may join them then); "" when the document is not known.
    A version whose lines read the same is placed the same."""
    raw = texts.get(version.source.file)
    if raw is None:
        return ""
    starts = _line_starts(raw)
    first, last = max(version.source.line, 1), max(version.source.line, version.source.end_line)
    tail = str(len(starts)) if last >= len(starts) else ""
    lo = starts[first - 1] if first <= len(starts) else len(raw)
    hi = starts[last] - 1 if last < len(starts) else len(raw)
    return f"{tail}\x00{raw[lo:max(lo, hi)]}"


def locate(sentences: list[str], version: Version, texts: dict[str, str]) -> list[tuple[int, int]]:
    """The source line and column where each sentence of ``version`` starts.

    Falls back to the version's first line and column when the document is
    not in ``texts`` or the opening words cannot be found.  Only the lines the
    version stands on are squeezed and searched (never the whole document:
    a rule of a 100,000-rule document costs its own lines).
    """
    first = (version.source.line, version.source.column)
    raw = texts.get(version.source.file)
    if raw is None:
        return [first] * len(sentences)
    top, last = max(first[0], 1), version.source.end_line
    doc = _squeezed(raw, top, last)
    if doc is None:
        return [first] * len(sentences)
    lo, hi = 0, len(doc.chars)
    if first[1] > 1:  # a page saved as one long line: start where the rule starts on it
        lo = doc.from_column(first[1], lo, doc.line_starts[1] if len(doc.line_starts) > 1 else hi)
    cursor = lo
    places: list[tuple[int, int]] = []
    for sentence in sentences:
        at = _find(doc.chars, squeeze(sentence), cursor, lo, hi)
        if at < 0:
            places.append(first)
            continue
        places.append((doc.line_of(at) + top - 1, doc.column_of(at)))
        cursor = at + 1
    return places


def _squeezed(raw: str, top: int, last: int) -> SqueezedDocument | None:
    """Lines ``top`` to ``last`` of a document text squeezed, None when there are none.  The
    latest is kept: the rules of a page saved as one long line (a wiki page of 40,000
    characters) all stand on that line, and each squeezed all of it again."""
    kept = _SQUEEZED[0]  # one read: another thread may put its own there meanwhile
    if kept[0] is raw and kept[1] == top and kept[2] == last:
        return kept[3]
    window = lines_between(raw, top, last)
    doc = None if window is None else SqueezedDocument.of(window)
    _SQUEEZED[0] = (raw, top, last, doc)
    return doc


_SQUEEZED: list[Any] = [(None, 0, 0, None)]  # the latest document text, lines and their squeezed form


def _find(chars: str, opening: str, cursor: int, lo: int, hi: int) -> int:
    """Where ``opening`` starts in ``chars[lo:hi]``: after ``cursor`` if it can, by the
    longest key that is found (a table row rendered "Cavalry: Forest DT(2)" only
    shares its first word with the document)."""
    for length in KEY_LENGTHS:
        key = opening[:length]
        if not key or (length != KEY_LENGTHS[0] and len(opening) <= length):
            continue
        for start in (cursor, lo):
            at = chars.find(key, start, hi)
            if at >= 0:
                return at
    return -1
