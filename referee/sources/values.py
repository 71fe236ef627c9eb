"""The kind of a value written in a rule's brackets, as the keyword grammar reads it.

An adapter that learns a rule's signature from the values its text shows
("Regeneration(4+)", "Multiple Wounds(d3)") asks here rather than keep patterns
of its own: the lexer of grammar/keywords.lark is the one reader of what a
threshold, a dice roll, a modifier, a distance or a number looks like.

>>> [value_kind(v) for v in ("4+", "D3", "2D6", "+1", '6"', "3", "Dragoons", "")]
['threshold', 'dice', 'dice', 'modifier', 'distance', 'number', 'text', 'text']
"""

from __future__ import annotations

from functools import cache
from typing import Any
from referee import grammars
from referee import paths

# the keyword grammar's value terminals, by the kind a parameter is given
_KINDS = {"THRESHOLD": "threshold", "DICE": "dice", "SIGNED": "modifier", "DISTANCE": "distance", "NUMBER": "number"}


@cache
def _lexer() -> Any:

    # lexing alone needs the basic lexer (its own cache file: the parser's is contextual);
    # the build reads a few hundred values, never a warm query
    return grammars.load("keywords.lark", lexer="basic", cache=_cache_file())


def _cache_file() -> Any:

    return paths.writable_cache_file("keywords-lexer.lalr.cache")


def value_kind(value: str) -> str:
    """"threshold", "dice", "modifier", "distance" or "number" when ``value`` is one
    such token of the keyword grammar, else "text"."""
    from lark.exceptions import LarkError

    try:
        tokens = list(_lexer().lex(value.strip()))
    except LarkError:
        return "text"
    return _KINDS.get(tokens[0].type, "text") if len(tokens) == 1 else "text"
