"""From words placed on pages to the blocks of a rulebook: headings, paragraphs, tables.

A PDF says where each word is drawn and in which font, nothing more.  This
module recovers what a reader sees, in the order a reader reads it:

- rows of words become lines; a page whose rows leave a clear gutter in the
  middle is read as two columns, left then right, between the lines (a title,
  a table) that span both;
- running headers and footers (a line in the top or bottom margin that recurs,
  digits aside, on several pages) are dropped, and a bare number there is the
  page's printed label;
- a line set larger than the body text, or wholly bold and short, is a heading;
  heading sizes rank into levels;
- a paragraph ends where the space between lines grows; a word hyphenated at a
  line end is joined again.

Everything here is pure (no PDF library): :mod:`referee.imports.pdf` feeds it
words, and the tests feed it words too.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

_BOLD = re.compile(r"bold|black|heavy|semibold|demi", re.IGNORECASE)
_SENTENCE_END = (".", "!", "?", ":", ";")
_HYPHENATED = re.compile(r"[^\W\d_]-$")
_PAGE_NUMBER = re.compile(r"^(?:page\s+)?(\d{1,4})$", re.IGNORECASE)
MARGIN = 0.1  # share of the page height that counts as top or bottom margin


@dataclass(frozen=True)
class Word:
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    font: str = ""

    @property
    def bold(self) -> bool:
        return bool(_BOLD.search(self.font))


@dataclass
class Line:
    """Words read as one line of a column (or one table, ``rows`` set)."""

    words: list[Word]
    page: int  # 0-based index of the page
    rows: list[list[str]] | None = None  # a table's cells

    @property
    def text(self) -> str:
        """The words with a space between, but for a drop cap ("W" set large, then "elcome")."""
        out = ""
        for i, w in enumerate(self.words):
            after = self.words[i - 1] if i else None
            cap = after is not None and len(after.text) == 1 and after.text.isupper() and after.size > 1.2 * w.size and w.text[:1].islower()
            out += ("" if not out or cap else " ") + w.text
        return out

    @property
    def top(self) -> float:
        return min(w.top for w in self.words)

    @property
    def bottom(self) -> float:
        return max(w.bottom for w in self.words)

    @property
    def x0(self) -> float:
        return min(w.x0 for w in self.words)

    @property
    def x1(self) -> float:
        return max(w.x1 for w in self.words)

    @property
    def size(self) -> float:
        """The size most of its letters are set in."""
        sizes: Counter[float] = Counter()
        for w in self.words:
            sizes[round(w.size, 1)] += len(w.text)
        return sizes.most_common(1)[0][0]

    @property
    def bold(self) -> bool:
        return all(w.bold for w in self.words)


@dataclass
class Page:
    """One page as read: its lines in reading order, and its label."""

    index: int
    width: float
    height: float
    lines: list[Line] = field(default_factory=list)
    label: str = ""

    def __post_init__(self) -> None:
        self.label = self.label or str(self.index + 1)


@dataclass
class Block:
    """A heading, a paragraph or a table, on the page it starts on."""

    kind: str  # heading | paragraph | table
    lines: list[str]
    page: str  # the page label
    level: int = 0  # headings: 1 is the largest type
    rows: list[list[str]] = field(default_factory=list)
    pages: list[str] = field(default_factory=list)  # the page label of each line

    def __post_init__(self) -> None:
        self.pages = self.pages or [self.page] * max(1, len(self.lines))


Box = tuple[float, float, float, float]  # x0, top, x1, bottom


def page_lines(words: list[Word], index: int, width: float, tables: list[tuple[Box, list[list[str]]]] | None = None) -> list[Line]:
    """The lines of one page in reading order; ``tables`` are (box, rows) found
    on it, whose words are read as the table instead of as lines."""
    inside = tables or []
    free = [w for w in words if not any(_within(w, bbox) for bbox, _ in inside)]
    rows = _rows(free)
    segments = [_segments(row) for row in rows]
    for bbox, cells in inside:  # a table stands where it is drawn, as one segment of its own row
        x0, top, x1, bottom = bbox
        anchor = Word("", x0, x1, top, bottom, 0.0)
        segments.append([Line([anchor], index, rows=cells)])
    segments.sort(key=lambda segs: segs[0].top)
    gutter = _gutter(segments, width)
    if gutter is None:
        return [_joined(segs, index) for segs in segments]
    out: list[Line] = []
    left: list[Line] = []
    right: list[Line] = []
    for segs in segments:
        if any(s.x0 < gutter < s.x1 for s in segs):  # spans both columns
            out += left + right + [_joined(segs, index)]
            left, right = [], []
            continue
        left += [s for s in segs if s.x1 <= gutter]
        right += [s for s in segs if s.x0 >= gutter]
    return out + left + right


def _within(w: Word, bbox: Box) -> bool:
    x0, top, x1, bottom = bbox
    cx, cy = (w.x0 + w.x1) / 2, (w.top + w.bottom) / 2
    return x0 <= cx <= x1 and top <= cy <= bottom


def _rows(words: list[Word]) -> list[list[Word]]:
    """Words grouped by the baseline band they sit on, top to bottom."""
    rows: list[list[Word]] = []
    for w in sorted(words, key=lambda w: (round(w.top, 1), w.x0)):
        if rows and abs(w.top - rows[-1][0].top) <= 0.5 * min(w.size, rows[-1][0].size):
            rows[-1].append(w)
        else:
            rows.append([w])
    return [sorted(row, key=lambda w: w.x0) for row in rows]


def _segments(row: list[Word]) -> list[Line]:
    """A row cut where words stand further apart than spaces between words do."""
    out: list[list[Word]] = [[row[0]]]
    for w in row[1:]:
        prev = out[-1][-1]
        if w.x0 - prev.x1 > 1.5 * max(w.size, prev.size):
            out.append([w])
        else:
            out[-1].append(w)
    return [Line(seg, -1) for seg in out]


def _joined(segs: list[Line], index: int) -> Line:
    if len(segs) == 1 and segs[0].rows is not None:
        segs[0].page = index
        return segs[0]
    return Line([w for s in segs for w in s.words if s.rows is None], index)


def _gutter(rows: list[list[Line]], width: float) -> float | None:
    """The x of a gutter between two columns, if the page has one.

    A gutter lies in the middle third of the page, most rows leave it empty,
    and text stands on both sides of it in several rows.
    """
    if len(rows) < 4:
        return None
    best: tuple[int, float, float] | None = None
    for step in range(34, 67):
        x = width * step / 100
        crossing = sum(1 for segs in rows if any(s.x0 < x < s.x1 for s in segs))
        score = (crossing, abs(x - width / 2))
        if best is None or score < best[:2]:
            best = (crossing, abs(x - width / 2), x)
    assert best is not None
    crossing, _, x = best
    both = sum(1 for segs in rows if any(s.x1 <= x for s in segs) and any(s.x0 >= x for s in segs))
    left = sum(1 for segs in rows if any(s.x1 <= x for s in segs))
    right = sum(1 for segs in rows if any(s.x0 >= x for s in segs))
    if crossing <= 0.4 * len(rows) and left >= 2 and right >= 2 and (both >= 2 or crossing == 0):
        return x
    return None


def drop_running(pages: list[Page]) -> None:
    """Remove running headers and footers, and take printed page numbers as labels."""
    def key(line: Line) -> str:
        return re.sub(r"\d+", "#", line.text.casefold()).strip()

    def in_margin(line: Line, page: Page) -> bool:
        return line.rows is None and (line.bottom <= page.height * MARGIN or line.top >= page.height * (1 - MARGIN))

    seen: Counter[str] = Counter()
    for page in pages:
        seen.update({key(line) for line in page.lines if in_margin(line, page)})
    recurring = max(2, round(0.3 * len(pages)))
    for page in pages:
        kept = []
        for line in page.lines:
            if in_margin(line, page):
                number = _PAGE_NUMBER.match(line.text.strip())
                if number:
                    page.label = number.group(1)
                    continue
                if len(pages) > 1 and seen[key(line)] >= recurring:
                    continue
            kept.append(line)
        page.lines = kept


def body_size(pages: list[Page]) -> float:
    """The type size most letters of the document are set in."""
    sizes: Counter[float] = Counter()
    for page in pages:
        for line in page.lines:
            if line.rows is None:
                sizes[line.size] += len(line.text)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def is_heading(line: Line, body: float) -> bool:
    """Larger than the body text and short; or as large, wholly bold and short."""
    text = line.text.strip()
    if line.rows is not None or not text or not any(c.isalpha() for c in text):
        return False
    words = len(text.split())
    if line.size >= body * 1.15:
        return words <= 14
    return line.bold and line.size >= body * 0.95 and words <= 8 and not text.endswith(_SENTENCE_END)


def blocks(pages: list[Page]) -> list[Block]:
    """The document's headings, paragraphs and tables in reading order."""
    body = body_size(pages)
    heading_sizes = sorted({line.size for page in pages for line in page.lines if is_heading(line, body)}, reverse=True)
    leading = _leading(pages, body)
    compounds = _compounds(pages)
    out: list[Block] = []
    prev: Line | None = None
    for page in pages:
        for line in page.lines:
            label = page.label
            if line.rows is not None:
                out.append(Block("table", [], label, rows=line.rows))
            elif is_heading(line, body):
                level = heading_sizes.index(line.size) + 1
                last = out[-1] if out else None
                if last and last.kind == "heading" and last.level == level and prev is not None and _follows(prev, line, line.size * 0.8):
                    last.lines[0] += " " + line.text  # a heading wrapped over two lines
                else:
                    out.append(Block("heading", [line.text], label, level=level))
            else:
                last = out[-1] if out else None
                goes_on = last is not None and last.kind == "paragraph" and prev is not None and _continues(prev, line, leading)
                # "BUILDING YOUR FORCES: To custom build ...": a label after a full stop names what follows
                found = run_in_label(line) if not goes_on or (prev is not None and prev.text.rstrip().endswith(_SENTENCE_END)) else None
                if found:
                    name, rest = found
                    out.append(Block("heading", [name], label, level=len(heading_sizes) + 1))
                    out.append(Block("paragraph", [rest], label))
                elif goes_on and last is not None:
                    _add_line(last, line.text, label, compounds)
                else:
                    out.append(Block("paragraph", [line.text], label))
            prev = line
    return out


def run_in_label(line: Line) -> tuple[str, str] | None:
    """(label, the rest of the line) for a paragraph opening with a label: up to
    six words set in bold or in capitals, closed by a colon.

    >>> run_in_label(Line(_say("SETTING UP THE MAP: Players should agree"), 0))
    ('SETTING UP THE MAP', 'Players should agree')
    >>> run_in_label(Line(_say("Deployment : In place of activating", bold=1), 0))
    ('Deployment', 'In place of activating')
    >>> run_in_label(Line(_say("Note that: the unit moves"), 0)) is None
    True
    """
    words = line.words
    for end, word in enumerate(words[:7]):
        closes = word.text.endswith(":") or (end + 1 < len(words) and words[end + 1].text == ":")
        if not closes:
            continue
        label = [w for w in words[: end + 1]]
        text = " ".join(w.text for w in label).rstrip(":").strip()
        marked = all(w.bold for w in label) or all(_capitals(w.text) for w in label)
        rest = words[end + 2 :] if not word.text.endswith(":") else words[end + 1 :]
        if not marked or not any(c.isalpha() for c in text) or not rest:
            return None
        return text, " ".join(w.text for w in rest)
    return None


def _capitals(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def _say(text: str, bold: int = 0) -> list[Word]:
    """Words of ``text`` set in a row, the first ``bold`` of them in bold (for the examples)."""
    return [Word(t, i * 50, i * 50 + 40, 0, 10, 10, "Bold" if i < bold else "Regular") for i, t in enumerate(text.split())]


def _leading(pages: list[Page], body: float) -> float:
    """The usual space between two lines of one paragraph of body text."""
    gaps: Counter[float] = Counter()
    for page in pages:
        for a, b in zip(page.lines, page.lines[1:]):
            if a.rows is None and b.rows is None and a.size == b.size == body and 0 <= b.top - a.bottom < 2 * body:
                gaps[round(b.top - a.bottom, 1)] += 1
    return gaps.most_common(1)[0][0] if gaps else body * 0.3


def _follows(a: Line, b: Line, space: float) -> bool:
    """Whether ``b`` is the line right below ``a`` in the same column."""
    return a.page == b.page and 0 <= b.top - a.bottom <= space and abs(a.x0 - b.x0) < 4 * b.size


def _continues(a: Line, b: Line, leading: float) -> bool:
    """Whether ``b`` goes on with the paragraph ``a`` ends.

    Below it in the same column at the usual leading, yes.  After a column or
    page break, yes unless ``a`` closed a sentence and ``b`` opens one.
    """
    if a.page == b.page and b.top > a.top and abs(a.x0 - b.x0) < 6 * b.size:
        return b.top - a.bottom <= leading + 0.4 * b.size
    first = b.text.lstrip()[:1]
    return not a.text.rstrip().endswith(_SENTENCE_END) or (first.islower())


def _compounds(pages: list[Page]) -> set[str]:
    """Words the document writes with a hyphen inside a line ("two-handed"): a line
    break after their hyphen keeps it."""
    return {
        word.strip(".,;:!?()[]\"'").casefold()
        for page in pages
        for line in page.lines
        if line.rows is None
        for word in line.text.split()
        if "-" in word.strip("-")
    }


def _add_line(block: Block, text: str, page: str, compounds: set[str] | frozenset[str] = frozenset()) -> None:
    """Add a line to a paragraph, joining a word the line before hyphenated
    ("immedi-" "ately"), keeping the hyphen of a word the document writes with one."""
    last = block.lines[-1]
    if _HYPHENATED.search(last) and text[:1].islower():
        head, _, text = text.partition(" ")
        start = last.rsplit(" ", 1)[-1]
        whole = (start + head).strip(".,;:!?()[]\"'").casefold()
        block.lines[-1] = (last if whole in compounds else last[:-1]) + head
        if not text:
            return
    block.lines.append(text)
    block.pages.append(page)
