"""Keyword uses tied to the rules of one system.

``referee parse --system S`` adds to every keyword of the JSON shape (nested
ones too) a ``rule``: the id of the rule it names, by name or alias, or
``"undefined"``.  A name that is one of the system's core game terms ("Str",
"Range", "Strength") also gets ``"core_term": true``: it names no special
rule, and that is not a mistake.

A nested keyword without arguments that names nothing in the system is a
condition in words, not a keyword: ``Stealth (Forests)``, the ``Clipped
Wings`` of ``Multiple Wounds (D3, Clipped Wings)``.  With a system to check
against, it becomes ``{"kind": "qualifier", "text": ...}``; without one, the
grammar cannot tell it from ``Exclusive (Chariot)`` and leaves it a keyword.
"""

from __future__ import annotations

from typing import Any

from referee.text import fold

UNDEFINED = "undefined"


def resolve(data: dict[str, Any], view: Any, system: str) -> dict[str, Any]:
    """Annotate the JSON of a parse (``to_json(parse(...))``) with rule ids, in place."""
    core = set(view.core_terms(system))
    for keyword in data["keywords"]:
        if keyword["name"] is not None:
            _tie(keyword, view, system, core)
        keyword["args"] = [_arg(arg, view, system, core) for arg in keyword["args"]]
    return data


def _tie(keyword: dict[str, Any], view: Any, system: str, core: set[str]) -> None:
    found = view.lookup(keyword["name"], system)
    keyword["rule"] = found[0]["id"] if found else UNDEFINED
    if fold(keyword["name"]) in core:
        keyword["core_term"] = True


def _arg(arg: dict[str, Any], view: Any, system: str, core: set[str]) -> dict[str, Any]:
    if arg["kind"] != "keyword":
        for key in ("options", "args"):
            if key in arg and isinstance(arg[key], list):
                arg[key] = [_arg(a, view, system, core) if isinstance(a, dict) else a for a in arg[key]]
        return arg
    _tie(arg, view, system, core)
    if arg["rule"] == UNDEFINED and not arg["args"] and not arg.get("core_term"):
        return {"kind": "qualifier", "text": arg["name"]}
    arg["args"] = [_arg(a, view, system, core) for a in arg["args"]]
    return arg
