"""Keyword strings to the rules they name: ``Great Weapon, Lightning Reflexes`` -> picks.

Names are tied to rules as ``referee parse --system`` ties them
(:mod:`referee.keywords.resolve`: by name or alias, families first).  A name
that ties to no rule, to several, or to a core game term is an error with
a caret under it: a referee never rules on a rule it had to guess.
"""

from __future__ import annotations

import re

from referee.errors import RulesError
from referee.resolve.play import Pick
from referee.text import fold

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def picks(view: Any, system: str, text: str, what: str = "KEYWORDS") -> list[Pick]:
    """The rules a keyword string names, with their parameters; ``what`` names the argument in errors."""
    if not text.strip():
        raise RulesError(f"{what} is empty: give a keyword string such as \"Fear, Fly (8, 16)\"")
    plain = _plain_names(view, system, text)
    if plain is not None:
        return plain
    from referee.keywords import KeywordSyntaxError, parse, to_json
    from referee.keywords.resolve import resolve

    try:
        uses = parse(text)
    except KeywordSyntaxError as err:
        raise _caret(what, err) from None
    data = resolve(to_json(uses), view, system)
    out = []
    for use, keyword in zip(uses, data["keywords"]):
        start, end = use.span
        if use.name is None:
            raise _caret(what, KeywordSyntaxError(f"{use.text!r} names no rule", text, end - 1, (), start))
        rule = keyword.get("rule")
        if keyword.get("core_term"):
            message = f"{use.name!r} is a core game term of {system}, not a special rule"
            raise _caret(what, KeywordSyntaxError(message, text, start + len(use.name) - 1, (), start))
        if rule in (None, "undefined"):
            message = f"unknown rule {use.name!r} in {system}"
            raise _caret(what, KeywordSyntaxError(message, text, start + len(use.name) - 1, (), start))
        if keyword.get("candidates"):
            message = f"{use.name!r} names {len(keyword['candidates'])} rules of {system}: {', '.join(keyword['candidates'])}"
            raise _caret(what, KeywordSyntaxError(message, text, start + len(use.name) - 1, (), start))
        out.append(Pick(rule, tuple(str(arg) for arg in use.args), use.text, (start, end)))
    return out


_NAME = re.compile(r"[^\W\d_][\w'&/ -]*")
# a name and, perhaps, plain numeric parameters: "Fly (8, 16)", "Fortitude (5+)", "Stealth (+1)"
_USE = re.compile(r"(?P<name>[^\W\d_][\w'&/ -]*?)\s*(?:\((?P<args>\s*[+-]?\d+\+?\s*(?:,\s*[+-]?\d+\+?\s*)*)\))?")
_ARG = re.compile(r"([+-]?)(\d+)(\+?)")


def _plain_names(view: Any, system: str, text: str) -> list[Pick] | None:
    """The picks of a string of names, each of exactly one rule, with at most plain numbers as
    parameters ("Great Weapon, Lightning Reflexes", "Fly (8, 16)"), read without the grammar:
    loading it is most of a warm call.  Parameters are written as the grammar writes them ("8",
    "5+", "+1").  Anything else (families, dice, distances, words in brackets, a name of several
    rules or none, a core term) is None: the grammar reads it."""
    out, start = [], 0
    core = None
    for part in re.split(r"(?<=[^,]),(?![^(]*\))", text):
        use, at = part.strip(), start + len(part) - len(part.lstrip())
        start += len(part) + 1
        m = _USE.fullmatch(use)
        if m is None or not _NAME.fullmatch(m["name"]):
            return None
        params: list[str] = []
        for arg in (m["args"] or "").split(",") if m["args"] else ():
            sign, number, plus = _ARG.fullmatch(arg.strip()).groups()  # type: ignore[union-attr]
            if sign and plus:
                return None
            params.append(f"{sign}{int(number)}{plus}")
        found = view.lookup(m["name"], system)
        if len(found) != 1 or found[0]["children"]:
            return None  # several rules, none, or a family whose words follow it
        core = set(view.core_terms(system)) if core is None else core
        if fold(m["name"]) in core:
            return None
        out.append(Pick(found[0]["id"], tuple(params), use, (at, at + len(use))))
    return out


def _caret(what: str, err: Any) -> RulesError:
    """The keyword error as one RulesError: ``error: KEYWORDS: <message> at column N`` and the caret."""
    shown = str(err)
    return RulesError(f"{what}: {shown[len('error: '):] if shown.startswith('error: ') else shown}")
