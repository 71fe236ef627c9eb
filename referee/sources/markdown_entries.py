"""What a table says: one entry per row, one entry per card, or data to keep whole.

Private helpers of :mod:`referee.sources.markdown`.  A table of *entries*
names things a player looks up ("Model Traits": Ambush, Arcane, ...), one per
row; a *card* is a small table about one thing (an image row, a title row,
its values, its text); everything else is *data* (a dice table, a chart of
numbers, a matrix with row labels) and stays one table in its rule, as
written.

Rows are entries when (:func:`read`):

- a column holds names: the one headed like a name ("Name", "Trait",
  "Weapon" ...), else the first column with text; columns empty in every row
  (images without alt text) are skipped;
- the table is not a dice table (first column headed "D6", "2D6", "Roll",
  "🎲" ..., or holding only numbers and ranges), nor a matrix with row labels
  (an empty header over the name column, as whfb-house's Dangerous Terrain);
- the names look like names (a letter first, at most eight words, no
  sentence) in nine rows of ten, and no name repeats.

An entry's other cells are its fields, named by their column; a cell of
running text (a sentence, or long) is its text instead.  A card's title is
its first short single-cell row that is more than an image; its rows of
several cells are fields (values each followed by their label, "13 | Points",
give named fields), its single-cell rows text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.sources.markdown_tables import Block, Cell

_NAME_HEADER = re.compile(
    r"^(?:name|term|trait|rule|ability|abilities|skill|weapon|item|equipment|keyword|action|status|spell|"
    r"power|order|special rule|upgrade|perk|condition|unit|model|type|wargear|gear)s?$",
    re.IGNORECASE,
)
_DICE_HEADER = re.compile(r"^(?:\d*\s*[dDwW]\s*\d+|roll|result|dice|die|score|\W{1,3})$", re.IGNORECASE)
_NUMBERISH = re.compile(r"^[\s\d+\-–—/.,%x×\"'“”]*$")
_NOTHING = frozenset({"", "-", "–", "—", "none", "n/a", "na", "nil"})
_SENTENCE = re.compile(r"[.!?:;]\s+\S|[.!?]$")
_MAX_NAME_WORDS, _MAX_NAME_CHARS = 8, 60
_MAX_COLUMNS = 40


@dataclass(frozen=True)
class RowEntry:
    """One thing a table defines: its name cell, its fields, its text, where it ends."""

    name: Cell
    fields: tuple[tuple[str, str], ...]
    text: str
    end: int  # body line index of its last line


def _is_name(text: str) -> bool:
    text = text.strip()
    if not text or not text[0].isalpha() or len(text) > _MAX_NAME_CHARS:
        return False
    return len(text.split()) <= _MAX_NAME_WORDS and not _SENTENCE.search(text)


def _is_running_text(text: str) -> bool:
    return any(len(line) > 40 or _SENTENCE.search(line) for line in text.split("\n"))


def _expand(row: tuple[Cell, ...]) -> list[Cell]:
    """A row's cells, a spanning cell repeated over the columns it covers."""
    out: list[Cell] = []
    for cell in row:
        out.extend([cell] * max(cell.span, 1))
    return out


def read(block: Block) -> list[RowEntry] | None:
    """The entries a table defines, or None when it is data (see the module docstring)."""
    card = _card(block)
    if card is not None:
        return [card]
    if block.width > _MAX_COLUMNS:
        return None  # no one defines rules in a table this wide: a chart
    header = [c.text for c in _expand(block.header)] if block.header else []
    rows = [_expand(r) for r in block.rows]
    if header and not any(header) and rows:  # an empty header row over the real one
        header, rows = [c.text for c in rows[0]], rows[1:]
    if len(rows) < 1 or not header:
        return None
    width = max(len(header), *(len(r) for r in rows))
    header += [""] * (width - len(header))
    filled = [k for k in range(width) if any(k < len(r) and r[k].text for r in rows)]
    if len(filled) < 2:
        return None
    first = filled[0]
    if _DICE_HEADER.match(header[first].strip()) and header[first].strip():
        return None
    if all(_NUMBERISH.match(r[first].text) for r in rows if first < len(r)):
        return None
    named = [k for k in filled if _NAME_HEADER.match(header[k].strip())]
    column = named[0] if named else first
    if not header[column].strip():
        return None  # row labels under an empty corner: a chart
    names = [_first_line(r[column].text) if column < len(r) else "" for r in rows]
    real = [n for n in names if n.strip().casefold() not in _NOTHING]
    if not real or sum(_is_name(n) for n in real) * 10 < len(real) * 9:
        return None
    if len({n.casefold() for n in real}) != len(real):
        return None
    return [
        _row_entry(row, name, column, header, filled)
        for row, name in zip(rows, names)
        if name.strip().casefold() not in _NOTHING and column < len(row)
    ]


def _row_entry(row: list[Cell], name: str, column: int, header: list[str], filled: list[int]) -> RowEntry:
    """One row as an entry: its name cell, its short cells as fields, its running text as text."""
    fields: list[tuple[str, str]] = []
    texts: list[str] = []
    own = row[column].text.split("\n", 1)
    if len(own) == 2 and own[1].strip():
        texts.append(own[1].strip())  # "Stunned / Can only perform ...": a name over its text
    seen: set[int] = set()
    for k in filled:
        if k == column or k >= len(row) or id(row[k]) in seen:
            continue  # a spanning cell counts once
        seen.add(id(row[k]))
        value = row[k].text
        if _is_running_text(value) and not _NAME_HEADER.match(header[k].strip()):
            texts.append(value)
        elif value:
            fields.append((header[k].strip(), ", ".join(value.split("\n"))))  # "RECOVER / CLEANSE" lines
    cell = row[column]
    named = Cell(name, cell.line, cell.column, cell.span, cell.last_line)
    return RowEntry(named, tuple(fields), "\n\n".join(texts), max(c.end for c in row))


def _first_line(text: str) -> str:
    return text.split("\n", 1)[0].strip()


def _card(block: Block) -> RowEntry | None:
    """A table about one thing: a single-column table under its name, a one-row table
    whose header's first cell names it, or an HTML card (an image row, a title row,
    value rows, text rows)."""
    header = block.header
    if header and _is_name(_title(header[0].text)) and not _NAME_HEADER.match(header[0].text.strip()):
        prose = any(_is_running_text(c.text) for r in block.rows for c in r)
        if prose and (block.width == 1 or len(block.rows) == 1):
            texts = [c.text for c in header[1:] if c.text] + [c.text for r in block.rows for c in r if c.text]
            end = max([header[0].end, *(c.end for r in block.rows for c in r)])
            return RowEntry(header[0], (), "\n\n".join(texts), end)
    if block.kind != "html" or block.header:
        return None
    rows = [r for r in block.rows if any(c.text for c in r)]
    singles = [r for r in block.rows if len(r) == 1]
    if not rows or len(singles) < 2 or len(block.rows[0]) != 1:
        return None
    title = next((r[0] for r in rows if len(r) == 1 and _is_name(r[0].text)), None)
    if title is None:
        return None
    fields: list[tuple[str, str]] = []
    texts: list[str] = []
    for row in rows:
        if row[0] is title:
            continue
        if len(row) == 1:
            texts.append(row[0].text)
        elif _value_label_pairs(row):
            fields.extend((row[k + 1].text, row[k].text) for k in range(0, len(row), 2))  # "13 | Points"
        else:
            fields.append(("", " | ".join(c.text for c in row)))
    end = max(c.end for r in block.rows for c in r)
    return RowEntry(title, tuple(fields), "\n\n".join(texts), end)


def _value_label_pairs(row: tuple[Cell, ...]) -> bool:
    """A card's row written as values each followed by its label ("11 | D66 | 0 | Points")."""
    values, labels = [c.text for c in row[0::2]], [c.text for c in row[1::2]]
    return len(values) == len(labels) and all(v and _NUMBERISH.match(v) for v in values) and all(
        label[:1].isalpha() for label in labels
    )


def _title(text: str) -> str:
    """ "Pass - 1 AP" -> "Pass": a card title's name, its cost left aside."""
    return re.split(r"\s+[-–—]\s+", text, maxsplit=1)[0]
