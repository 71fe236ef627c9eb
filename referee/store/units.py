"""The units of a build's army data, as the view keeps them: a warm ``resolve --unit`` reads these.

``Build.armies`` holds whole army books (profiles, links, ids), pickled
with the build; the referee needs only, per unit, its name, army, where it
is written, and the rules it has with what carries each.  This index is
that, in builtins: system -> folded unit name -> the units of that name
(one per army book that has it; several are an ambiguity the referee asks
about, never settles).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

from referee.text import fold


def unit_index(build: Any) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """System -> folded name -> units, each ``{name, army, file, line, column, rules}``."""
    out: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for system, books in getattr(build, "armies", {}).items():
        names = out.setdefault(system, {})
        for book in books:
            for unit in book.units:
                names.setdefault(fold(unit.name), []).append(_unit(unit))
    return out


def _unit(unit: Any) -> dict[str, Any]:
    return {
        "name": unit.name,
        "army": unit.army,
        "file": unit.source.file,
        "line": unit.source.line,
        "column": unit.source.column,
        "rules": [_use(unit, use) for use in unit.rules],
    }


def _use(unit: Any, use: Any) -> dict[str, Any]:
    return {
        "rule": use.rule,
        "name": use.name,
        "params": list(use.params),
        "text": use.text,
        "via": carried_by(unit.name, unit.models, use.carrier),
        "carrier": use.carrier,
        "candidates": list(use.candidates),
        "problem": use.problem,
        "file": use.source.file,
        "line": use.source.line,
        "column": use.source.column,
    }


def carried_by(unit: str, models: tuple[str, ...], carrier: str) -> str | None:
    """The weapon or option that carries a rule, or None when the unit or one of its models does.

    >>> carried_by("Spearmen", ("Spearman",), "Spearmen > Spearman > Spear")
    'Spear'
    >>> carried_by("Spearmen", ("Spearman",), "Spearmen > Spearman"), carried_by("Ghost", ("Ghost",), "Ghost")
    (None, None)
    """
    last = carrier.rsplit(" > ", 1)[-1].strip()
    return None if last == unit or last in models else last
