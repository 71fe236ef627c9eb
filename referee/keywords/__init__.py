"""Keyword strings parsed into typed values.

Wargames write rules onto models and weapons as keyword strings::

    Multiple Wounds (D3, Clipped Wings)
    Range 12" Shots 1 Strength 4 Armour Penetration 2 QuicktoFire
    Leader (green/red) +8 {3 base / 2 guardian/elite}

:func:`parse` reads one into a :class:`KeywordList`; :func:`render` writes it
back canonically; :func:`to_json` gives the JSON shape of docs/keywords.md.
Anything unreadable raises :class:`KeywordSyntaxError` and nothing else.

Importing this package does not import lark; the first :func:`parse` does.
"""

from __future__ import annotations

from typing import Any

from referee.keywords.errors import KeywordSyntaxError
from referee.keywords.render import render
from referee.keywords.values import (
    Allowance,
    Arg,
    AsUser,
    Choice,
    Colors,
    Dice,
    Distance,
    Keyword,
    KeywordList,
    KeywordUse,
    Modifier,
    Number,
    Qualifier,
    Quoted,
    Role,
    Roll,
    Save,
    SecondProfile,
    Threshold,
    Variable,
)

__all__ = [
    "Allowance",
    "Arg",
    "AsUser",
    "Choice",
    "Colors",
    "Dice",
    "Distance",
    "Keyword",
    "KeywordList",
    "KeywordSyntaxError",
    "KeywordUse",
    "Modifier",
    "Number",
    "Qualifier",
    "Quoted",
    "Role",
    "Roll",
    "Save",
    "SecondProfile",
    "Threshold",
    "Variable",
    "parse",
    "render",
    "to_json",
]


def parse(text: str) -> KeywordList:
    """Read a keyword string.

    >>> from referee.keywords import parse
    >>> uses = parse("Multiple Wounds (D3, Clipped Wings), Fearless")
    >>> [use.name for use in uses]
    ['Multiple Wounds', 'Fearless']
    >>> uses[0].args
    (Dice(count=1, sides=3, modifier=0, multiplier=1), Keyword(name='Clipped Wings', args=()))
    >>> uses[1].text, uses[1].span
    ('Fearless', (37, 45))
    >>> parse("Poisoned (4+")
    Traceback (most recent call last):
      ...
    referee.keywords.errors.KeywordSyntaxError: error: missing closing bracket at column 13
        Poisoned (4+
                 ~~~^
    expected: ")", ",", "/" or "|"
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() takes a str, not {type(text).__name__}")
    if text.count("(") + text.count("[") + text.count("{") > MAX_NESTING:
        _check_nesting(text)
    try:
        drafts = (_parser or _load_parser()).parse(text)
    except Exception as exc:  # noqa: BLE001 - one documented error type, whatever went wrong
        error = _syntax_error(text, exc)
        raise error from error.__cause__
    return KeywordList(
        tuple(
            KeywordUse(name, args, text[start:end], (start, end), bracketed)
            for name, args, start, end, bracketed in drafts
        ),
        text,
    )


_parser: Any = None

# Deeper nesting than this is refused: no real keyword string comes near it, and
# rendering, comparing and serialising nested values all recurse.
MAX_NESTING = 16


def _check_nesting(text: str) -> None:
    depth = 0
    for index, char in enumerate(text):
        if char in "([{":
            depth += 1
            if depth > MAX_NESTING:
                raise KeywordSyntaxError("brackets nested too deeply", text, index, (), index)
        elif char in ")]}":
            depth = max(0, depth - 1)


def _load_parser() -> Any:
    global _parser
    from referee.keywords import grammar

    _parser = grammar.parser()
    return _parser


def _syntax_error(text: str, exc: Exception) -> KeywordSyntaxError:
    """The :class:`KeywordSyntaxError` for anything a parse raised (its cause kept only for bugs)."""
    if isinstance(exc, KeywordSyntaxError):
        return exc
    try:
        from referee.keywords import errors, grammar
        from referee.keywords.transform import BadDice

        if isinstance(exc, BadDice):
            return errors.unknown_dice(text, exc.start, exc.end)
        if isinstance(exc, grammar.runtime().UnexpectedInput):
            return errors.from_lark(text, exc, _parser)
    except Exception as bug:  # noqa: BLE001 - naming the error failed: say so, keep the cause
        exc = bug
    error = KeywordSyntaxError(f"unreadable keyword string ({type(exc).__name__})", text, 0)
    error.__cause__ = exc
    return error


def to_json(result: KeywordList | KeywordUse | Arg | KeywordSyntaxError) -> dict[str, Any]:
    """The JSON form of a parse result or of its error (see docs/keywords.md).

    >>> to_json(parse("Poisoned (4+)"))["keywords"][0]["args"]
    [{'kind': 'threshold', 'value': 4, 'var': None}]
    """
    return result.to_json()
