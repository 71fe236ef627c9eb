"""The one exception keyword parsing raises, and how parser failures become it.

A failed parse names the mistake, points at it and says what would have fitted::

    error: missing closing bracket at column 13
        Poisoned (4+
                 ~~~^
    expected: ")", ",", "/" or "|"

The names come from :data:`DIAGNOSES`, a table of small checks tried in order
against the place the parser stopped.  (Lark's ``match_examples`` does the same
job by replaying example inputs and comparing LALR states; a bracket can be left
open in any of a few dozen states, so checks on the brackets and separators
around the failure cover every state at once and survive grammar changes.)
"""

from __future__ import annotations

import unicodedata
from typing import Any, Callable

from referee import grammars
from referee.keywords.values import Frozen, set_field
from referee.terminal import safe
from referee.text import INVISIBLE, char_name

OPENERS = {"(": ")", "[": "]", "{": "}"}
CLOSERS = {")": "(", "]": "[", "}": "{"}

# Players' words for the grammar's terminals, in the order they are listed.
# Every terminal that can start a value reads "a value": listing a dozen kinds
# of value after each mistake would bury the one that matters.
# Literal tokens are listed as they are typed (``)``); the text form quotes
# them, JSON gives them bare.  DESCRIBED are kinds of token, never quoted.
TOKEN_NAMES = {
    "RPAR": ")",
    "RSQB": "]",
    "RBRACE": "}",
    "COMMA": ",",
    "SLASH": "/",
    "VBAR": "|",
    "ON_A": "on a",
    "LPAR": "(",
    "NAME": "a name",
    "NUMBER": "a number",
    "VALUE": "a value",
    "DOT": ".",
    "$END": "the end",
}
DESCRIBED = frozenset({"a name", "a number", "a value", "the end"})
WINDOW = 60  # characters of a long input shown on each side of the caret
VALUE_TERMINALS = frozenset(
    {
        "DICE",
        "DISTANCE",
        "THRESHOLD",
        "SIGNED",
        "VAR",
        "ARMOUR_SAVE",
        "PURE_SAVE",
        "DODGE_SAVE",
        "QUOTED",
        "AS_USER",
        "PLACEHOLDER",
        "LSQB",
        "LBRACE",
    }
)
_ORDER = {name: index for index, name in enumerate(TOKEN_NAMES)}

# What an unexpected token is called in "unexpected <noun>".
TOKEN_NOUNS = {
    "NAME": "name",
    "NUMBER": "number",
    "DICE": "dice roll",
    "DISTANCE": "distance",
    "THRESHOLD": "roll",
    "SIGNED": "modifier",
    "VAR": "variable",
    "PLACEHOLDER": "variable",
    "ARMOUR_SAVE": "save",
    "PURE_SAVE": "save",
    "DODGE_SAVE": "save",
    "QUOTED": "quoted words",
    "AS_USER": '"as user"',
    "ON_A": '"on a"',
    "VALUE": "value",
}


class KeywordSyntaxError(ValueError):
    """A keyword string that cannot be read.

    ``message`` names the mistake ("missing closing bracket"); ``line`` and
    ``column`` (1-based) locate the caret; ``expected`` lists, in players'
    words, what would have fitted there.  ``str(err)`` shows it all.
    """

    def __init__(
        self,
        message: str,
        input: str,
        position: int,
        expected: tuple[str, ...] = (),
        marker_start: int | None = None,
    ) -> None:
        self.message = message
        self.input = input
        self.position = position
        self.expected = expected
        self.marker_start = position if marker_start is None else min(marker_start, position)
        line_start = input.rfind("\n", 0, position) + 1
        self.line = input.count("\n", 0, position) + 1
        self.column = position - line_start + 1
        super().__init__(str(self))

    def __str__(self) -> str:
        line_start = self.input.rfind("\n", 0, self.position) + 1
        line_end = self.input.find("\n", self.position)
        line = self.input[line_start : len(self.input) if line_end < 0 else line_end]
        shown, caret = _caret_line(line, max(self.marker_start, line_start) - line_start, self.column - 1)
        where = f"column {self.column}"
        if "\n" in self.input:
            where = f"line {self.line}, column {self.column}"
        lines = [f"error: {self.message} at {where}", f"    {shown}", f"    {caret}"]
        if self.expected:
            lines.append(f"expected: {_or_list(self.expected)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "error": {
                "message": self.message,
                "line": self.line,
                "column": self.column,
                "expected": list(self.expected),
            }
        }


def _or_list(items: tuple[str, ...]) -> str:
    words = [item if item in DESCRIBED else f'"{item}"' for item in items]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _caret_line(line: str, marked_from: int, at: int) -> tuple[str, str]:
    """The input line as a terminal may show it, and the marker under it.

    Control, bidi and other invisible characters are shown escaped (the
    marker follows the escapes); a line longer than the window is cut around the caret, with
    "..." where it was cut.
    """
    first, last = 0, len(line)
    if len(line) > 2 * WINDOW:
        first, last = max(0, at - WINDOW), min(len(line), at + WINDOW)
    shown, caret = "..." if first else "", "   " if first else ""
    for i in range(first, last):
        char = " " if line[i] == "\t" else f"U+{ord(line[i]):04X}" if line[i] in INVISIBLE else safe(line[i])
        shown += char
        if i < at:
            caret += ("~" if i >= marked_from else " ") * len(char)
    caret += "^"
    if last < len(line):
        shown += "..."
    return shown, caret


def friendly(terminals: set[str] | frozenset[str]) -> tuple[str, ...]:
    """Lark terminal names as players' words, deduplicated, in a fixed order."""
    terminals = {"VALUE" if t in VALUE_TERMINALS else t for t in terminals}
    if "VALUE" in terminals:
        terminals.discard("NUMBER")
    names: list[str] = []
    for terminal in sorted(terminals, key=lambda t: (_ORDER.get(t, len(_ORDER)), t)):
        name = TOKEN_NAMES.get(terminal, terminal.lower())
        if name not in names:
            names.append(name)
    return tuple(names)


class Failure(Frozen):
    """Where the parser stopped: what it met, what it wanted, what came before."""

    __slots__ = ("text", "position", "token", "expected")

    def __init__(self, text: str, position: int, token: str | None, expected: frozenset[str]) -> None:
        set_field(self, "text", text)
        set_field(self, "position", position)  # of the unexpected token or character
        set_field(self, "token", token)  # lark terminal name; None for a character no token starts with
        set_field(self, "expected", expected)

    @property
    def open_brackets(self) -> list[int]:
        """Offsets of the brackets still open before the failure, innermost last."""
        stack: list[int] = []
        for index, char in enumerate(self.text[: self.position]):
            if char in OPENERS:
                stack.append(index)
            elif char in CLOSERS and stack and self.text[stack[-1]] == CLOSERS[char]:
                stack.pop()
        return stack

    @property
    def previous(self) -> tuple[int, str]:
        """The last non-blank character before the failure, and its offset (-1, "" if none)."""
        index = len(self.text[: self.position].rstrip()) - 1
        return index, self.text[index] if index >= 0 else ""

    @property
    def item_start(self) -> int:
        """Where the comma-separated item holding the failure starts."""
        depth, start = 0, 0
        for index, char in enumerate(self.text[: self.position]):
            if char in OPENERS:
                depth += 1
            elif char in CLOSERS:
                depth = max(0, depth - 1)
            elif char in ",/" and depth == 0:
                start = index + 1
        while start < self.position and self.text[start].isspace():
            start += 1
        return start


Diagnosis = tuple[str, int, int]  # message, caret offset, first marked offset
Check = Callable[[Failure], "Diagnosis | None"]


def _unexpected_character(f: Failure) -> Diagnosis | None:
    if f.token is None:
        char = f.text[f.position] if f.position < len(f.text) else ""
        named = char and (char in INVISIBLE or unicodedata.category(char) in ("Cc", "Cf"))
        return f"unexpected {char_name(char) if named else 'character'}", f.position, f.item_start
    return None


def _missing_closing_bracket(f: Failure) -> Diagnosis | None:
    if f.token == "$END" and f.open_brackets:
        return "missing closing bracket", f.position, f.open_brackets[-1]
    return None


def _unmatched_closing_bracket(f: Failure) -> Diagnosis | None:
    char = f.text[f.position : f.position + 1]
    if char in CLOSERS and not f.open_brackets:
        return "unmatched closing bracket", f.position, f.item_start
    if char in CLOSERS and f.text[f.open_brackets[-1]] != CLOSERS[char]:
        return "mismatched closing bracket", f.position, f.open_brackets[-1]
    return None


def _empty_parameter(f: Failure) -> Diagnosis | None:
    char = f.text[f.position : f.position + 1]
    index, previous = f.previous
    if f.open_brackets and previous and char in ")]},/|" and previous in "([{,/|":
        return "empty parameter", f.position, index
    return None


def _trailing_separator(f: Failure) -> Diagnosis | None:
    index, previous = f.previous
    if f.token == "$END" and previous in (",", "/"):
        return "trailing separator", f.position, index
    return None


def _missing_keyword(f: Failure) -> Diagnosis | None:
    char = f.text[f.position : f.position + 1]
    index, previous = f.previous
    if char in (",", "/") and previous in ("", ",", "/"):
        return "missing keyword", f.position, max(index, 0)
    return None


def _text_after_full_stop(f: Failure) -> Diagnosis | None:
    index, previous = f.previous
    if previous == "." and not f.open_brackets:
        return "text after the closing full stop", f.position, index
    return None


# Tried in order; the first that recognises the failure names it.
DIAGNOSES: tuple[Check, ...] = (
    _unexpected_character,
    _missing_closing_bracket,
    _unmatched_closing_bracket,
    _empty_parameter,
    _trailing_separator,
    _missing_keyword,
    _text_after_full_stop,
)


def diagnose(failure: Failure) -> KeywordSyntaxError:
    """Name a parser failure; unnamed ones read "unexpected <what was met>"."""
    expected = friendly(failure.expected)
    for check in DIAGNOSES:
        found = check(failure)
        if found is not None:
            message, caret, marked_from = found
            return KeywordSyntaxError(message, failure.text, caret, expected, marked_from)
    token = failure.token or ""
    what = TOKEN_NOUNS.get(token) or (_or_list((TOKEN_NAMES[token],)) if token in TOKEN_NAMES else "text")
    return KeywordSyntaxError(
        f"unexpected {what}", failure.text, failure.position, expected, failure.item_start
    )


def from_lark(text: str, exc: Exception, parser: Any) -> KeywordSyntaxError:
    """Turn a lark ``UnexpectedInput`` into a named :class:`KeywordSyntaxError` (``exc``
    raised by ``parser``, Lark's or a standalone one: its own classes, :func:`referee.grammars.runtime`)."""
    lark = grammars.runtime(parser)
    UnexpectedCharacters, UnexpectedToken = lark.UnexpectedCharacters, lark.UnexpectedToken  # noqa: N806 - classes

    if isinstance(exc, UnexpectedCharacters):
        position = exc.pos_in_stream
        failure = Failure(text, position, None, _accepted_after(parser, text[:position]))
        return diagnose(failure)
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        if token.type == "$END":
            end = len(text.rstrip())
            return diagnose(Failure(text, end, "$END", _accepted_after(parser, text)))
        start = token.start_pos if token.start_pos is not None else 0
        return diagnose(Failure(text, start, token.type, _accepted_after(parser, text[:start])))
    return KeywordSyntaxError("unreadable keyword string", text, 0)


def _accepted_after(parser: Any, prefix: str) -> frozenset[str]:
    """What the parser would take after ``prefix`` (the lexer's own list is LALR-merged, too wide)."""
    try:
        interactive = parser.parse_interactive(prefix)
        interactive.exhaust_lexer()
        return frozenset(interactive.accepts())
    except Exception:  # noqa: BLE001 - the prefix itself may be bad; then say nothing
        return frozenset()


def unknown_dice(text: str, start: int, end: int) -> KeywordSyntaxError:
    """A dice roll missing its number of sides or its modifier ("D", "2D", "D6+")."""
    return KeywordSyntaxError("unknown dice form", text, end, ("a number",), start)
