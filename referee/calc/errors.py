"""The two ways a question is turned away, each one clear line (or a caret).

- :class:`CalcSyntaxError`: the grammar cannot read the question.  It points
  at the bad character and says what would have fitted there::

      error: unexpected 'vs' at column 12
          hit CS5 vs vs CS4
                     ^
      expected: "cs"

- :class:`Refusal`: the question reads, but the system's documents do not
  define the mechanic it asks about, or do not settle it ("t9a does not
  define to-hit rolls by Combat Skill").  Never a guess.
"""

from __future__ import annotations

import difflib
import re

from referee.terminal import safe

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any


# Players' words for the grammar's terminals; keywords ("hit", "vs") are shown as typed.
TERMINAL_WORDS = {
    "INT": "a number",
    "SIGNED": "a number (armour penetration, e.g. -2)",
    "ARMOUR": "a roll such as 4+",
    "NEEDED": "a roll such as 4+",
    "PURE": "a pure save such as 2++",
    "DODGE": "a dodge save such as 6+-",
    "DICE": "dice such as 2D6 or D3",
    "CLIPPED_WINGS": "clipped wings",
    "MAXIMISED": "maximised",
    "MINIMISED": "minimised",
    "DISTANCE": "charge range, flee distance, pursuit distance or overrun distance",
    "COVER": "soft, hard or light",
    "WORD": "a word",
    "NAME": "a rule's name",
    "STAT": "a characteristic and its value such as Mg3",
    "WHOSE": "the rule that gives it, such as hand weapon and shield",
    "A_MODEL_WITH": '"a model with"',
    "HEALTH_POINTS": '"Health Points"',
    "PLUS_MINUS": "+ or -",
    "HIGHEST": "highest",
    "VERSUS": "vs",
    "MODIFIER": "a modifier such as -1",
    "REROLL": '"reroll failed" or "reroll successful"',
    "_IN": '"in"',
    "_AND": '"and"',
    "_MEAN": '"mean"',
    "_TO": '"to"',
    "_ON": '"on"',
    "_NEEDS": '"on"',
    "_THEN": '"then"',
    "_NEEDING": '"needing"',
    "_AT_LEAST": '"at least"',
    "_ARMOUR_SAVE": '"armour save"',
    "_ON_DICE": '"on"',
    "_A": '"a"',
    "_VS": '"vs"',
    "_OR_MORE": '"or more"',
    "_TIMES": '"x"',
    "_ROLL": '"roll"',
    "_OF": '"of"',
    "TIMES_N": "x2, x3, ...",
    "$END": "the end",
}


class CalcSyntaxError(ValueError):
    """A question the grammar cannot read: ``message``, the 1-based ``column``
    of the caret and what was ``expected`` there, in players' words."""

    def __init__(self, message: str, question: str, position: int, expected: tuple[str, ...] = ()) -> None:
        self.message = message
        self.question = question
        self.position = position
        self.column = position + 1
        self.expected = expected
        super().__init__(str(self))

    def __str__(self) -> str:
        shown = safe(self.question.replace("\n", " ").replace("\t", " "))
        caret = " " * len(safe(self.question[: self.position].replace("\n", " ").replace("\t", " "))) + "^"
        lines = [f"error: {self.message} at column {self.column}", f"    {shown}", f"    {caret}"]
        if self.expected:
            lines.append(f"expected: {or_list(self.expected)}")
        if self.did_you_mean:
            lines.append(f"did you mean {or_list(self.did_you_mean)}?")
        return "\n".join(lines)

    @property
    def did_you_mean(self) -> tuple[str, ...]:
        """The expected words close to the word at the caret ("Feer": "feel"), as lookup offers names."""
        found = re.match(r"[A-Za-z][\w'-]*", self.question[self.position :])
        words = {e.strip('"').lower(): e for e in self.expected if re.fullmatch(r'"?[A-Za-z][\w-]*"?', e)}
        if found is None or not words:
            return ()
        return tuple(words[w] for w in difflib.get_close_matches(found.group().lower(), list(words), n=3, cutoff=0.7))

    def to_json(self) -> dict[str, Any]:
        return {"error": {"message": self.message, "question": self.question, "column": self.column, "expected": list(self.expected),
                          "did_you_mean": list(self.did_you_mean)}}


class Refusal(ValueError):
    """A question the system's documents do not answer; ``message`` says why."""

    def __init__(self, message: str, system: str, question: str = "") -> None:
        self.message = message
        self.system = system
        self.question = question
        super().__init__(message)

    def __str__(self) -> str:
        return f"error: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"error": {"message": self.message, "system": self.system, "question": self.question}}


class NotASave(Refusal):
    """A roll given after a rule's name ("Absorb Health 5+") that the documents never call a save."""


def not_defined(system: str, mechanic: str) -> Refusal:
    """The refusal for a mechanic the system's documents do not define."""
    return Refusal(f"{system} does not define {mechanic}", system)


def describe(terminals: frozenset[str], strings: dict[str, str]) -> tuple[str, ...]:
    """Terminal names as players' words: keywords quoted as typed ("hit"), kinds described."""
    keywords: list[str] = []
    kinds: list[str] = []
    for name in sorted(terminals):
        if name in TERMINAL_WORDS:
            kinds.append(TERMINAL_WORDS[name])
        elif name in strings:
            keywords.append(f'"{strings[name].lower()}"')
        else:
            kinds.append(name.lower())
    end = [k for k in kinds if k == "the end"]
    return tuple(sorted(set(keywords)) + sorted(set(kinds) - set(end)) + end)


def or_list(items: tuple[str, ...]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]
