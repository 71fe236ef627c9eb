"""Markdown text as plain text: inline markup and list bullets.

Private helpers of :mod:`referee.sources.markdown`.  Everything here works on
strings and line lists; nothing knows about rules.
"""

from __future__ import annotations

import html
import re

from referee.sources.markup import html_as_text

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


def plain(text: str, tags: bool = False) -> str:
    """Inline Markdown as the words a reader sees.

    ``tags``: every HTML tag is markup too (rule text: images show their alt
    text, :func:`referee.sources.markup.html_as_text`); without it only the
    formatting tags are (names keep the rest for :mod:`referee.sources.markup`
    to leave out with a note).

    >>> plain(r"**Double all your VP** gained by *primary* objectives \\* 2")
    'Double all your VP gained by primary objectives * 2'
    >>> plain("<b>Cavalry</b> and ***Modify by rerolling:***")
    'Cavalry and Modify by rerolling:'
    >>> plain(r"like  $5 \\times 17\\text{bps} = 85\\text{bps}$ ")
    'like  5 × 17bps = 85bps '
    >>> plain("[link](javascript:alert(1)) and <script>alert(2)</script>")  # other HTML is kept for names
    'link and <script>alert(2)</script>'
    >>> plain('A <img src="b.png" alt="bomb"> and <script>alert(2)</script>.', tags=True)
    'A bomb and .'
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
    if tags:
        text = html_as_text(text)
    text = _ENTITY.sub(lambda m: html.unescape(m.group()), text)
    return _PARKED.sub(_unpark, text)


def plain_line(line: str) -> str:
    """One body line as plain text, bullets normalised to "- "."""
    line = _QUOTE.sub("", line)
    line = _STAR_BULLET.sub(r"\1- ", line)
    line = _BULLET.sub(r"\1-\2", line)
    return plain(line, tags=True).rstrip()


def is_rule_line(line: str) -> bool:
    """A thematic break (---, ***, ___): layout, not text."""
    return _RULE_LINE.match(line) is not None
