"""Keyword families in headings: "Ranged X heavy", "Leader (color/color) +X {...}".

Private helpers of :mod:`referee.sources.markdown`.  A heading is a keyword
family when its name holds placeholders; each placeholder is a parameter:

==========================  =========================================
``X``, ``Y``, ``Z``, ``(X)``  number ("Ranged X", "Cowards (X)")
``-Y``, ``+Y``              modifier when it qualifies a keyword word
                            ("Melee X heavy -Y"); a number when it is the
                            family's own amount ("Elite -X", "Leader ... +X":
                            leader points)
``X++``, ``X+-``, ``X+``    threshold ("Pure save X++")
``X|Y``                     one number per turn ("Shock teleport X|Y")
``(color/color)``           colors
``{...}``                   role allowances: ``roles`` when it lists roles,
                            else its own placeholders ("{Y leader}": Y) or
                            the role it names ("{unit}")
``<Faction>``               text
``"direction1/direction2"`` text ("direction")
``(Unique) role``           a prefix keyword in front of any role
==========================  =========================================

Parenthesised abbreviations after the name ("(Ps)") are aliases, not
parameters.  The key keeps families that share a keyword word apart: the
words around the first placeholder ("Ranged X heavy" -> ``ranged-heavy``,
"Melee X heavy -Y" -> ``melee-heavy``), or the words before it
("Pure save X++" -> ``pure-save``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from referee.model import Param
from referee.text import plural

_TOKEN = re.compile(r'\{[^}]*\}|<[^>]*>|"[^"]*"|“[^”]*”|\([^)]*\)|[^\s({<"“]+')
_VAR = "[XYZxyz]"
_SIGNED = re.compile(rf"^(?P<sign>[+-])?(?P<v>{_VAR})$")
_THRESHOLD = re.compile(rf"^(?P<v>{_VAR})(?:\+\+|\+-|\+)$")
_TURNS = re.compile(rf"^{_VAR}(?:\|{_VAR})+$")
_PAREN_VAR = re.compile(rf"^\((?P<v>{_VAR})\)$")
_CHOICE = re.compile(r"^\((?P<w>[a-z]+)(?:/(?P=w))+\)$")
_ANGLE = re.compile(r"^<(?P<w>\w+)>$")
_QUOTED = re.compile(r'^["“](?P<w>[^"”]*\d[^"”]*)["”]$')
_MARKER = re.compile(r"^\((?P<w>[A-Z][a-z]{3,})\)$")
_ABBREVIATION = re.compile(r"^\((?P<w>[A-Z][A-Za-z]{0,2})\)$")
_KINDS = ("number", "dice", "threshold", "distance", "modifier", "color", "role", "text")


@dataclass(frozen=True)
class Family:
    """What a keyword family's name says about it."""

    params: tuple[Param, ...]
    key: str
    aliases: tuple[str, ...]
    lead: str  # the first fixed word ("Ranged", "Leader")


def slug(text: str) -> str:
    """A key: lower case, accents dropped, runs of anything else as one hyphen.

    >>> slug("Ranged spray&prey"), slug("Schwere Rüstung")
    ('ranged-spray-prey', 'schwere-rustung')
    """
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _brace(inner: str) -> list[Param]:
    if "/" in inner or re.search(r"\brole\b", inner):
        return [Param("roles", "role")]
    found = []
    for token in inner.split():
        m = _SIGNED.match(token)
        if m:
            found.append(Param(m.group("v"), "number"))  # amounts of leader points or units
    return found or [Param(inner.strip(), "role")]


def _token_params(token: str, qualified: bool) -> list[Param] | None:
    """The parameters one token stands for; None when it is a fixed word."""
    if m := _SIGNED.match(token):
        kind = "modifier" if m.group("sign") and qualified else "number"
        return [Param(m.group("v"), kind)]
    if m := _THRESHOLD.match(token):
        return [Param(m.group("v"), "threshold")]
    if _TURNS.match(token):
        return [Param(v, "number") for v in token.split("|")]
    if m := _PAREN_VAR.match(token):
        return [Param(m.group("v"), "number")]
    if m := _CHOICE.match(token):
        word = m.group("w")
        return [Param(plural(word), word if word in _KINDS else "text")]
    if token.startswith("{") and token.endswith("}"):
        return _brace(token[1:-1])
    if m := _ANGLE.match(token):
        return [Param(m.group("w"), "text")]
    if m := _QUOTED.match(token):
        return [Param(re.sub(r"\d.*", "", m.group("w")) or "text", "text")]
    return None


def _unique(params: list[Param]) -> tuple[Param, ...]:
    """Placeholders a document reuses ("Support -X {+X for unit}") get a suffix: X, X2."""
    seen: dict[str, int] = {}
    out = []
    for p in params:
        seen[p.name] = seen.get(p.name, 0) + 1
        out.append(p if seen[p.name] == 1 else Param(f"{p.name}{seen[p.name]}", p.kind))
    return tuple(out)


def family(name: str) -> Family | None:
    """The signature of a keyword family, or None when the name has no placeholder.

    >>> f = family("Melee X heavy -Y")
    >>> f.key, f.aliases, [(p.name, p.kind) for p in f.params]
    ('melee-heavy', ('heavy', 'Melee heavy'), [('X', 'number'), ('Y', 'modifier')])
    >>> family("Pure save X++ (Ps)").aliases
    ('Pure save', 'Ps')
    >>> family("Movement (M)") is None
    True
    """
    tokens = _TOKEN.findall(name)
    params: list[Param] = []
    fixed: list[tuple[int, str]] = []  # (token index, word)
    abbreviations: list[str] = []
    qualified = False  # a fixed word has followed a placeholder
    for i, token in enumerate(tokens):
        found = _token_params(token, qualified)
        if found is not None:
            params.extend(found)
            continue
        if i == 0 and (m := _MARKER.match(token)):
            fixed.append((i, m.group("w")))
        elif m := _ABBREVIATION.match(token):
            abbreviations.append(m.group("w"))
        elif token in ("role", "color") and fixed and fixed[0][0] == 0 and tokens[0].startswith("("):
            params.append(Param(token, token))  # "(Unique) role": any role
        else:
            if params:
                qualified = True
            fixed.append((i, token))
    if not params or not fixed:
        return None
    first_param = next(i for i, t in enumerate(tokens) if _token_params(t, False) is not None or t in ("role", "color"))
    before = [w for i, w in fixed if i < first_param]
    after = [w for i, w in fixed if i > first_param]
    if len(before) == 1 and first_param == 1 and after:
        # "Ranged X heavy": a weapon class, its count, then the keyword word.
        word = after[0]
        key = slug(f"{before[0]} {word}")
        aliases = [word, f"{before[0]} {word}"]
    else:
        lead = " ".join(before or [w for _, w in fixed])
        key = slug(lead)
        aliases = [lead]
    return Family(_unique(params), key, tuple(aliases + abbreviations), fixed[0][1])
