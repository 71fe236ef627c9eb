"""Tables in a Markdown body, every shape writers use, with where each cell starts.

Private helpers of :mod:`referee.sources.markdown`.  Shapes read
(:func:`find`):

- pipe tables (a header row, a delimiter row of dashes, rows);
- pandoc grid tables (``+----+----+`` borders, ``+====+`` under the header,
  cells spanning several lines);
- pandoc simple tables (a header line over runs of dashes, one run per
  column, rows up to a blank line; or rows between two dash lines);
- tab-separated lines pasted from a spreadsheet;
- HTML ``<table>`` blocks (``<thead>``/``<th>`` rows as the header, images
  as their alt text, ``<br>`` and ``<p>`` as line breaks).

Every cell knows the body line and the 1-based column where its text starts,
so an entry read from a row is cited to its own place.  What a table *means*
(entries or data) is :mod:`referee.sources.markdown_entries`' business.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from html.parser import HTMLParser

from referee.sources.markdown_inline import plain

_PIPE_DELIMITER = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")
_GRID_BORDER = re.compile(r"^\s*\+(?:[-=:]+\+)+\s*$")
_DASH_RUNS = re.compile(r"^\s*-{3,}(?:[ ]+-{3,})+\s*$")
_DASH_LINE = re.compile(r"^\s*-{3,}\s*$")
_RUN = re.compile(r"-{3,}")
_HTML_TABLE_OPEN = re.compile(r"^\s{0,3}<table\b", re.IGNORECASE)
_HTML_TABLE_CLOSE = re.compile(r"</table\s*>", re.IGNORECASE)


@dataclass(frozen=True)
class Cell:
    """One cell: its text (plain), the body line index and 1-based column where it starts."""

    text: str
    line: int
    column: int
    span: int = 1  # columns it covers (HTML colspan)
    last_line: int = -1  # body line index of its last line (-1: the same as ``line``)

    @property
    def end(self) -> int:
        return self.line if self.last_line < 0 else self.last_line


@dataclass(frozen=True)
class Block:
    """A table found in a body."""

    start: int  # index into the body lines
    end: int  # index of its last line, inclusive
    kind: str  # pipe | grid | simple | tab | html
    header: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]

    @property
    def width(self) -> int:
        return max([len(self.header), *(len(r) for r in self.rows)], default=0)

    def texts(self) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
        """Header and rows as padded text, for :class:`referee.model.Table`."""
        width = self.width

        def pad(cells: tuple[Cell, ...]) -> tuple[str, ...]:
            out = [c.text for c in cells]
            return tuple(out + [""] * (width - len(out)))

        return (pad(self.header) if self.header else ("",) * width), tuple(pad(r) for r in self.rows)

    def lines(self) -> list[str]:
        """The table as readable lines for a rule's text.

        A table whose first header cell is empty has row labels: each row reads
        "Cavalry: Forest DT(2) Wo(1); Water ...".  Other tables keep their grid
        as "a | b | c" lines, header first.
        """
        header, rows = self.texts()
        if header and not header[0] and any(header):
            out = []
            for row in rows:
                cells = "; ".join(f"{h} {c}".strip() for h, c in zip(header[1:], row[1:]))
                out.append(f"{row[0]}: {cells}" if row[0] else cells)
            return out
        shown = [header] if any(header) else []
        return [" | ".join(c for c in cells) for cells in (*shown, *rows)]


def _cells(line: str, index: int, parts: list[tuple[int, str]]) -> tuple[Cell, ...]:
    """Cells from (offset, raw text) pieces of one line: plain text, column of the first word."""
    out = []
    for offset, raw in parts:
        lead = len(raw) - len(raw.lstrip())
        out.append(Cell(plain(raw.strip()).strip(), index, offset + lead + 1))
    return tuple(out)


def _pipe_row(line: str, index: int) -> tuple[Cell, ...]:
    start = len(line) - len(line.lstrip())
    body_end = len(line.rstrip())
    if line[start : start + 1] == "|":
        start += 1
    if line[:body_end].endswith("|") and not line[:body_end].endswith("\\|") and body_end - 1 >= start:
        body_end -= 1
    parts: list[tuple[int, str]] = []
    pos = start
    for m in _UNESCAPED_PIPE.finditer(line, start, body_end):
        parts.append((pos, line[pos : m.start()]))
        pos = m.end()
    parts.append((pos, line[pos:body_end]))
    return _cells(line, index, parts)


def _pipe(lines: list[str], i: int) -> Block | None:
    line = lines[i]
    if not ("|" in line and i + 1 < len(lines) and _PIPE_DELIMITER.match(lines[i + 1]) and "-" in lines[i + 1]):
        return None
    header = _pipe_row(line, i)
    rows = []
    j = i + 2
    while j < len(lines) and lines[j].strip() and "|" in lines[j]:
        rows.append(_pipe_row(lines[j], j))
        j += 1
    return Block(i, j - 1, "pipe", header, tuple(rows))


def _tab(lines: list[str], i: int) -> Block | None:
    line = lines[i]
    if not ("\t" in line.strip(" ") and line.strip()):
        return None
    j = i
    while j < len(lines) and "\t" in lines[j] and lines[j].strip():
        j += 1
    if j - i < 2:
        return None
    rows = []
    for k in range(i, j):
        text = lines[k].rstrip(" \r")
        parts, pos = [], 0
        for piece in text.split("\t"):
            parts.append((pos, piece))
            pos += len(piece) + 1
        rows.append(_cells(text, k, parts))
    if not any(sum(1 for c in row if c.text) >= 2 for row in rows):
        return None
    return Block(i, j - 1, "tab", rows[0], tuple(rows[1:]))


def _slices(line: str, bounds: list[tuple[int, int]]) -> list[tuple[int, str]]:
    return [(a, line[a:b] if b >= 0 else line[a:]) for a, b in bounds]


def _merge(index: int, pieces: list[list[tuple[int, int, str]]]) -> tuple[Cell, ...]:
    """Cells of a row spanning several lines: each column's lines joined."""
    out = []
    for column in pieces:
        written = [(k, off, raw) for k, off, raw in column if raw.strip()]
        if not written:
            k, off, _ = column[0] if column else (index, 0, "")
            out.append(Cell("", k, off + 1))
            continue
        k, off, raw = written[0]
        lead = len(raw) - len(raw.lstrip())
        text = " ".join(plain(r.strip()).strip() for _, _, r in written)
        out.append(Cell(text, k, off + lead + 1, last_line=written[-1][0]))
    return tuple(out)


def _grid(lines: list[str], i: int) -> Block | None:
    if not _GRID_BORDER.match(lines[i]):
        return None
    border = lines[i]
    plus = [m.start() for m in re.finditer(r"\+", border)]
    bounds = [(a + 1, b) for a, b in zip(plus, plus[1:])]
    rows: list[tuple[Cell, ...]] = []
    header: tuple[Cell, ...] = ()
    current: list[list[tuple[int, int, str]]] = []
    j = i + 1
    while j < len(lines):
        line = lines[j]
        if _GRID_BORDER.match(line):
            if current:
                rows.append(_merge(j, current))
                current = []
            if "=" in line and not header and rows:
                header = rows.pop() if len(rows) == 1 else ()
            j += 1
            if j >= len(lines) or not lines[j].lstrip().startswith(("|", "+")):
                break
            continue
        if not line.lstrip().startswith("|"):
            return None
        pieces = _slices(line, bounds)
        if not current:
            current = [[] for _ in bounds]
        for column, (offset, raw) in zip(current, pieces):
            column.append((j, offset, raw.rstrip("|")))
        j += 1
    else:
        return None
    if not rows and not header:
        return None
    return Block(i, j - 1, "grid", header, tuple(rows))


def _runs(line: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _RUN.finditer(line)]


def _columns(line: str, index: int, runs: list[tuple[int, int]]) -> tuple[Cell, ...]:
    """A line of a simple table cut into its columns: each word goes to the run of dashes
    it overlaps most (or stands nearest), so right-aligned cells that start left of their
    dashes still land in their own column."""
    words: list[list[re.Match[str]]] = [[] for _ in runs]
    starts = [start for start, _ in runs]
    for m in re.finditer(r"\S+", line):
        a, b = m.span()
        k = bisect_right(starts, b) - 1  # the last run starting before the word ends; its neighbours
        near = [n for n in (k - 1, k, k + 1) if 0 <= n < len(runs)]
        best = max(near, key=lambda n: (min(b, runs[n][1]) - max(a, runs[n][0]), -min(abs(a - runs[n][1]), abs(b - runs[n][0]))))
        words[best].append(m)
    out = []
    for column, found in zip(runs, words):
        if not found:
            out.append(Cell("", index, column[0] + 1))
            continue
        raw = line[found[0].start() : found[-1].end()]
        out.append(Cell(plain(raw).strip(), index, found[0].start() + 1))
    return tuple(out)


def _simple(lines: list[str], i: int) -> Block | None:
    """A pandoc simple table: header line, dash runs, rows to a blank line (or a closing dash line)."""
    if i + 1 < len(lines) and lines[i].strip() and _DASH_RUNS.match(lines[i + 1]) and not _DASH_RUNS.match(lines[i]):
        runs = _runs(lines[i + 1])
        header = _columns(lines[i], i, runs)
        j = i + 2
        rows = []
        while j < len(lines) and lines[j].strip() and not _DASH_LINE.match(lines[j]) and not _DASH_RUNS.match(lines[j]):
            rows.append(_columns(lines[j], j, runs))
            j += 1
        if not rows:
            return None
        end = j if j < len(lines) and (_DASH_LINE.match(lines[j]) or _DASH_RUNS.match(lines[j])) else j - 1
        return Block(i, end, "simple", header, tuple(rows))
    if _DASH_RUNS.match(lines[i]):  # headerless: dash runs, rows, dash runs
        runs = _runs(lines[i])
        j = i + 1
        rows = []
        while j < len(lines) and lines[j].strip() and not _DASH_RUNS.match(lines[j]):
            rows.append(_columns(lines[j], j, runs))
            j += 1
        if rows and j < len(lines) and _DASH_RUNS.match(lines[j]):
            return Block(i, j, "simple", (), tuple(rows))
    return None


# -- HTML tables ------------------------------------------------------------------

_BREAKS = frozenset({"br", "p", "div", "li", "ul", "ol"})
_SKIPPED = frozenset({"script", "style", "template", "svg", "math", "iframe", "noscript"})


class _TableParser(HTMLParser):
    """Rows and cells of one ``<table>``, each cell with where its first word stands."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.lines = lines
        self.header: list[list[tuple[list[str], tuple[int, int] | None, int, int]]] = []
        self.rows: list[list[tuple[list[str], tuple[int, int] | None, int, int]]] = []
        self.cell: list[str] | None = None
        self.cell_at: tuple[int, int] | None = None
        self.cell_last = 0
        self.span = 1
        self.in_head = False
        self.row: list[tuple[list[str], tuple[int, int] | None, int, int]] | None = None
        self.row_is_head = False
        self.skipping = 0
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self.skipping += 1
            return
        if tag == "table":
            self.depth += 1
            return
        if self.depth != 1:
            return
        if tag == "thead":
            self.in_head = True
        elif tag == "tr":
            self._close_row()
            self.row, self.row_is_head = [], self.in_head
        elif tag in ("td", "th"):
            self._close_cell()
            if self.row is None:
                self.row, self.row_is_head = [], self.in_head
            self.cell, self.cell_at = [], None
            self.row_is_head = self.row_is_head or (tag == "th" and not self.rows)
            span = dict(attrs).get("colspan") or "1"
            self.span = int(span) if span.isdigit() and 0 < int(span) < 100 else 1
        elif self.cell is not None and tag == "img":
            alt = (dict(attrs).get("alt") or "").strip()
            if alt:
                self._text(alt)
        elif self.cell is not None and tag in _BREAKS:
            self.cell.append("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            return
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self.skipping = max(0, self.skipping - 1)
            return
        if tag == "table":
            if self.depth == 1:
                self._close_row()
            self.depth -= 1
            return
        if self.depth != 1:
            return
        if tag in ("td", "th"):
            self._close_cell()
        elif tag == "tr":
            self._close_row()
        elif tag == "thead":
            self._close_row()
            self.in_head = False
        elif self.cell is not None and tag in _BREAKS:
            self.cell.append("\n")

    def handle_data(self, data: str) -> None:
        if self.skipping or self.cell is None or self.depth != 1:
            return
        self._text(data)

    def _text(self, data: str) -> None:
        assert self.cell is not None
        line, offset = self.getpos()
        if self.cell_at is None and data.strip():
            lead = data[: len(data) - len(data.lstrip())]
            line += lead.count("\n")
            offset = len(lead) - lead.rfind("\n") - 1 if "\n" in lead else offset + len(lead)
            self.cell_at = (line, offset)
        if data.strip():
            self.cell_last = line + data.rstrip().count("\n")
        self.cell.append(data)

    def _close_cell(self) -> None:
        if self.cell is not None and self.row is not None:
            self.row.append((self.cell, self.cell_at, self.span, self.cell_last))
        self.cell, self.cell_at, self.span = None, None, 1

    def _close_row(self) -> None:
        self._close_cell()
        if self.row:
            (self.header if self.row_is_head else self.rows).append(self.row)
        self.row = None


def _html_text(pieces: list[str]) -> str:
    lines = ["".join(part).strip() for part in "".join(pieces).split("\n")]
    return "\n".join(" ".join(plain(ln).split()) for ln in lines if ln.strip())


def _html(lines: list[str], i: int) -> Block | None:
    if not _HTML_TABLE_OPEN.match(lines[i]):
        return None
    j = i
    depth = 0
    while j < len(lines):
        depth += len(re.findall(r"<table\b", lines[j], re.IGNORECASE))
        depth -= len(_HTML_TABLE_CLOSE.findall(lines[j]))
        if depth <= 0:
            break
        j += 1
    j = min(j, len(lines) - 1)
    parser = _TableParser(lines)
    parser.feed("\n".join(lines[i : j + 1]))
    parser.close()

    def cells(row: list[tuple[list[str], tuple[int, int] | None, int, int]]) -> tuple[Cell, ...]:
        out = []
        for pieces, at, span, last in row:
            line, offset = at if at is not None else (1, 0)
            out.append(Cell(_html_text(pieces), i + line - 1, offset + 1, span, i + max(last, line) - 1))
        return tuple(out)

    header = cells(parser.header[-1]) if parser.header else ()
    heads = [cells(r) for r in parser.header[:-1]]
    rows = tuple(cells(r) for r in parser.rows)
    if not rows and not header:
        return None
    if heads:  # rows above the column names (a title, a caption): kept as rows first
        rows = (*heads, *rows) if not rows else rows
    return Block(i, j, "html", header, rows)


_SHAPES = (_pipe, _grid, _html, _simple, _tab)


def find(lines: list[str], i: int) -> Block | None:
    """The table starting at ``lines[i]``, if one does (see the module docstring)."""
    for shape in _SHAPES:
        block = shape(lines, i)
        if block is not None:
            return block
    return None


def opens_html_table(line: str) -> bool:
    return _HTML_TABLE_OPEN.match(line) is not None


def closes_html_table(line: str) -> bool:
    return _HTML_TABLE_CLOSE.search(line) is not None
