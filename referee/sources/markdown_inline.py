"""Markdown text as plain text: inline markup, list bullets, tables.

Private helpers of :mod:`referee.sources.markdown`.  Everything here works on
strings and line lists; nothing knows about rules.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

# A backslash escape hides one ASCII punctuation character from the markup
# passes; the character is parked in the private-use area and put back last.
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_PARKED = re.compile("[\ue000-\ue07f]")
_PARK_BASE = 0xE000

_CODE = re.compile(r"`+([^`]+?)`+")
# <https://example.org>: an autolink shows its address.
_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>")
_LINK_TITLE = re.compile(r"\s*(?:\"[^\"]*\"|'[^']*'|\([^()]*\))?\s*\)")
_HTML_TAG = re.compile(r"</?(?:b|i|em|strong|u|s|sup|sub|span|font|mark|small|big|code)\b[^>]*>", re.IGNORECASE)
_HTML_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_HTML_COMMENT = re.compile(r"<!--.*?-->")
_ENTITY = re.compile(r"&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);")
# Emphasis, longest delimiter first so that ***a*** and **a *b*** unwrap cleanly.
_EMPHASIS = tuple(
    (d, re.compile(p))
    for d, p in (
        ("***", r"\*\*\*(?=\S)(.+?)(?<=\S)\*\*\*"),
        ("**", r"\*\*(?=\S)(.+?)(?<=\S)\*\*"),
        ("*", r"\*(?=[^\s*])(.+?)(?<=[^\s*])\*"),
        ("___", r"(?<!\w)___(?=\S)(.+?)(?<=\S)___(?!\w)"),
        ("__", r"(?<!\w)__(?=\S)(.+?)(?<=\S)__(?!\w)"),
        ("_", r"(?<!\w)_(?=[^\s_])(.+?)(?<=[^\s_])_(?!\w)"),
        ("~~", r"~~(?=\S)(.+?)(?<=\S)~~"),
    )
)
# Inline TeX from PDF converters: "$5 \times 17\text{bps}$".
_MATH = re.compile(r"\$([^$]*\\[A-Za-z]+[^$]*)\$")
_TEX_TEXT = re.compile(r"\\(?:text|mathrm|textbf|mathbf)\{([^}]*)\}")
_TEX_SYMBOLS = {r"\times": "×", r"\cdot": "·", r"\le": "≤", r"\ge": "≥", r"\pm": "±", r"\div": "÷"}

_BULLET = re.compile(r"^(\s*)[*+](\s+)")
# "- \* item" and "\* item": an escaped star used as the bullet itself.
_STAR_BULLET = re.compile(r"^(\s*)(?:-\s+)?\\\*\s+")
_QUOTE = re.compile(r"^\s{0,3}>\s?")
_RULE_LINE = re.compile(r"^\s{0,3}(?:(?:\*\s*){3,}|(?:-\s*){3,}|(?:_\s*){3,})$")
_PIPE_DELIMITER = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


def _park(match: re.Match[str]) -> str:
    return chr(_PARK_BASE + ord(match.group(1)))


def _unpark(match: re.Match[str]) -> str:
    return chr(ord(match.group()) - _PARK_BASE)


def _math(match: re.Match[str]) -> str:
    text = _TEX_TEXT.sub(r"\1", match.group(1))
    for command, symbol in _TEX_SYMBOLS.items():
        text = re.sub(re.escape(command) + r"(?![A-Za-z])", symbol, text)
    return " ".join(text.split())


def _bracket_pairs(text: str) -> dict[int, int]:
    """Each "[" that is closed, and the index of the "]" closing it (brackets nest)."""
    open_: list[int] = []
    pairs: dict[int, int] = {}
    for i, char in enumerate(text):
        if char == "[":
            open_.append(i)
        elif char == "]" and open_:
            pairs[open_.pop()] = i
    return pairs


def _destination_stops(text: str) -> list[int]:
    """For each index, where a link destination starting there stops: at the ")" that
    closes the link, at a blank, or at the end; -1 when a "(" in it is never closed.

    Parentheses in a destination must balance ("http://x/a_(b)", "javascript:f(1)").
    Worked out right to left in one pass, so that a line of a thousand "[a](" reads
    in linear time.
    """
    closing: dict[int, int] = {}  # "(" -> its ")", within one run of non-blank characters
    open_: list[int] = []
    for i, char in enumerate(text):
        if char == "(":
            open_.append(i)
        elif char == ")" and open_:
            closing[open_.pop()] = i
        elif char.isspace():
            open_.clear()
    stops = [len(text)] * (len(text) + 1)
    for i in range(len(text) - 1, -1, -1):
        char = text[i]
        if char == ")" or char.isspace():
            stops[i] = i
        elif char == "(":
            stops[i] = stops[closing[i] + 1] if i in closing else -1
        else:
            stops[i] = stops[i + 1]
    return stops


_ANGLE_END = re.compile(r"[<>\n]")


def _link_end(text: str, start: int, stops: list[int]) -> int | None:
    """Where an inline link's "(destination "title")" that opens at ``start`` ends (just
    past its ")"), or None when it is not one.  A destination is "<...>" or a run
    without blanks whose parentheses balance (see :func:`_destination_stops`)."""
    i = start + 1
    while i < len(text) and text[i] in " \t":
        i += 1
    if text.startswith("<", i):
        close = _ANGLE_END.search(text, i + 1)
        if close is None or close.group() != ">":
            return None
        i = close.end()
    else:
        i = stops[i]
        if i == -1:
            return None
    m = _LINK_TITLE.match(text, i)
    return m.end() if m else None


_NESTING = 8  # links inside link text are unwrapped this deep; deeper ones stay as written


def unlink(text: str, _depth: int = 0) -> str:
    """Inline links and images as their text: the destination, whatever it is, is dropped.

    >>> unlink('See [the [big] rule](http://x.org/a_(b) "FAQ") and [link](javascript:alert(1)).')
    'See the [big] rule and link.'
    >>> unlink("[![a badge](b.png)](c) [not a link] [half](open")
    'a badge [not a link] [half](open'
    """
    if "](" not in text or _depth > _NESTING:
        return text
    pairs = _bracket_pairs(text)
    stops = _destination_stops(text)
    out: list[str] = []
    done = 0  # text[:done] is in out
    for at in sorted(pairs):
        close = pairs[at]
        if at < done or not text.startswith("(", close + 1):
            continue
        end = _link_end(text, close + 1, stops)
        if end is None:
            continue
        image = at > done and text[at - 1] == "!"
        out.append(text[done : at - 1 if image else at])
        out.append(unlink(text[at + 1 : close], _depth + 1))
        done = end
    out.append(text[done:])
    return "".join(out)


_MARKUP = re.compile(r"[\\*_`<\[&$~]")


def plain(text: str) -> str:
    """Inline Markdown as the words a reader sees.

    >>> plain(r"**Double all your VP** gained by *primary* objectives \\* 2")
    'Double all your VP gained by primary objectives * 2'
    >>> plain("<b>Cavalry</b> and ***Modify by rerolling:***")
    'Cavalry and Modify by rerolling:'
    >>> plain(r"like  $5 \\times 17\\text{bps} = 85\\text{bps}$ ")
    'like  5 × 17bps = 85bps '
    >>> plain("[link](javascript:alert(1)) and <script>alert(2)</script>")  # other HTML is text
    'link and <script>alert(2)</script>'
    """
    if not _MARKUP.search(text):
        return text  # most lines: nothing to unwrap
    text = _ESCAPE.sub(_park, text)
    text = _HTML_COMMENT.sub("", text)
    text = _MATH.sub(_math, text)
    text = _CODE.sub(r"\1", text)
    text = unlink(text)
    text = _AUTOLINK.sub(r"\1", text)
    text = _HTML_BREAK.sub(" ", text)
    text = _HTML_TAG.sub("", text)
    for delimiter, pattern in _EMPHASIS:
        if delimiter not in text:
            continue
        previous = None
        while previous != text:
            previous, text = text, pattern.sub(r"\1", text)
    text = _ENTITY.sub(lambda m: html.unescape(m.group()), text)
    return _PARKED.sub(_unpark, text)


def plain_line(line: str) -> str:
    """One body line as plain text, bullets normalised to "- "."""
    line = _QUOTE.sub("", line)
    line = _STAR_BULLET.sub(r"\1- ", line)
    line = _BULLET.sub(r"\1-\2", line)
    return plain(line).rstrip()


def is_rule_line(line: str) -> bool:
    """A thematic break (---, ***, ___): layout, not text."""
    return _RULE_LINE.match(line) is not None


@dataclass(frozen=True)
class TableBlock:
    """A table found in a body: where it sits and its cells, cleaned."""

    start: int  # index into the body lines
    end: int  # index of the last line, inclusive
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def lines(self) -> list[str]:
        """The table as readable lines for a rule's text.

        A table whose first header cell is empty has row labels: each row reads
        "Cavalry: Forest DT(2) Wo(1); Water ...".  Other tables keep their grid
        as "a | b | c" lines, header first.
        """
        if self.header and not self.header[0]:
            out = []
            for row in self.rows:
                cells = "; ".join(f"{h} {c}".strip() for h, c in zip(self.header[1:], row[1:]))
                out.append(f"{row[0]}: {cells}" if row[0] else cells)
            return out
        return [" | ".join(cells) for cells in (self.header, *self.rows)]


def _pipe_cells(line: str) -> list[str]:
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    return [plain(cell.strip()).strip() for cell in _UNESCAPED_PIPE.split(body)]


def _tab_cells(line: str) -> list[str]:
    return [plain(cell.strip()).strip() for cell in line.rstrip(" \r").split("\t")]


def _pad(rows: list[list[str]], width: int) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(row + [""] * (width - len(row))) for row in rows)


def find_table(lines: list[str], i: int) -> TableBlock | None:
    """The table starting at ``lines[i]``, if one does.

    Two forms are tables: a pipe table (a header row, then a delimiter row of
    dashes) and a block of two or more consecutive tab-separated lines where
    at least one line has two non-empty cells (a copy-paste from a
    spreadsheet or word processor).
    """
    line = lines[i]
    if "|" in line and i + 1 < len(lines) and _PIPE_DELIMITER.match(lines[i + 1]) and "-" in lines[i + 1]:
        header = _pipe_cells(line)
        rows: list[list[str]] = []
        j = i + 2
        while j < len(lines) and lines[j].strip() and "|" in lines[j]:
            rows.append(_pipe_cells(lines[j]))
            j += 1
        width = max(len(header), *(len(r) for r in rows)) if rows else len(header)
        return TableBlock(i, j - 1, _pad([header], width)[0], _pad(rows, width))
    if "\t" in line.strip(" ") and line.strip():
        j = i
        while j < len(lines) and "\t" in lines[j] and lines[j].strip():
            j += 1
        if j - i < 2:
            return None
        cells = [_tab_cells(lines[k]) for k in range(i, j)]
        if not any(sum(1 for c in row if c) >= 2 for row in cells):
            return None
        width = max(len(row) for row in cells)
        padded = _pad(cells, width)
        return TableBlock(i, j - 1, padded[0], padded[1:])
    return None
