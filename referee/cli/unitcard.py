"""``referee unit NAME``: a unit of the army data, as a player reads its card.

Its army and where it is written; its profiles (one line per profile, the
characteristics in the data's order, and what carries each); its rules,
each once (:func:`referee.units.listed_rules`), linked to the rule of the
system it names, with what carries it and where the data says so.  A
weapon or option named like a rule ("Great Weapon", "Light Armour") names
that rule too.  JSON shape: docs/json.md.

The CLI imports this module at its top: at the top it imports only the
standard library and Referee's light modules.
"""

from __future__ import annotations

import argparse
import shlex

from referee import terminal
from referee.cli.render import where
from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call ~4 ms: the CLI imports this module on every call
if TYPE_CHECKING:
    from typing import Any

    from referee.store.book import Book
    from referee.store.record import Build


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", metavar="NAME", help="a unit's name, as its army book writes it (any case)")


def units_named(build: Build, name: str, system: str | None) -> list[tuple[str, Any]]:
    """(system, unit) for every unit called ``name`` (folded), army by army."""
    wanted = fold(name)
    return [
        (sys_id, unit)
        for sys_id, books in build.armies.items()
        if system in (None, sys_id)
        for book in books
        for unit in book.units
        if fold(unit.name) == wanted
    ]


def unit_names(build: Build, system: str | None) -> list[str]:
    return sorted({u.name for s, books in build.armies.items() if system in (None, s) for b in books for u in b.units})


def card(build: Build, system: str, unit: Any) -> dict[str, Any]:
    """The documented JSON of one unit (docs/json.md, ``referee unit``)."""
    from referee.units import carried_by
    from referee.units import listed_rules

    names: dict[str, str | None] = {}

    def names_rule(on: str | None) -> str | None:
        """The rule a weapon or option is named like, when exactly one rule is."""
        if on is None:
            return None
        if on not in names:
            found = build.lookup(on, system)
            names[on] = found[0].id if len(found) == 1 else None
        return names[on]

    def on(carrier: str) -> str | None:
        return carried_by(unit.name, unit.models, carrier)

    return {
        "name": unit.name,
        "id": unit.id,
        "system": system,
        "army": unit.army,
        "kind": unit.kind,
        "models": list(unit.models),
        "source": unit.source.to_json(),
        "profiles": [
            {
                "name": p.name, "type": p.type, "on": _profile_on(p, unit, on), "carrier": p.carrier,
                "characteristics": [{"name": k, "value": v} for k, v in p.characteristics], "source": p.source.to_json(),
            }  # fmt: skip
            for p in unit.profiles
        ],
        "rules": [
            {
                "name": r.name, "text": r.text, "rule": r.rule, "candidates": list(r.candidates), "params": list(r.params), "problem": r.problem,
                "uses": [
                    {"on": on(u.carrier), "on_rule": names_rule(on(u.carrier)), "carrier": u.carrier, "via": u.via, "source": u.source.to_json()}
                    for u in r.uses
                ],
            }  # fmt: skip
            for r in listed_rules(unit.rules)
        ],
    }


def _profile_on(profile: Any, unit: Any, on: Any) -> str | None:
    """What a profile is on, below the unit, without the profile's own name at the end."""
    where = profile.carrier
    if where.endswith(" > " + profile.name):
        where = where[: -len(" > " + profile.name)]
    return on(where)


def print_card(data: dict[str, Any]) -> None:
    terminal.heading(f"{data['name']}  ({data['kind']} of {data['army']}, {data['system']})")
    meta = [f"source: {where(data['source'])}"]
    if data["models"] and data["models"] != [data["name"]]:
        meta.append("models: " + ", ".join(data["models"]))
    terminal.line(" | ".join(meta), style="dim")
    if data["profiles"]:
        terminal.line()
        terminal.heading("Profiles")
        for p in data["profiles"]:
            values = ", ".join(f"{c['name']} {c['value']}" for c in p["characteristics"])
            on = f" (on {p['on']})" if p["on"] else ""
            terminal.line(f"  {p['name']}{on} [{p['type']}]: {values}")
            terminal.line(f"    {where(p['source'])}", style="dim")
    terminal.line()
    terminal.heading("Rules")
    if not data["rules"]:
        terminal.line("  its data gives it no rules", style="dim")
    for r in data["rules"]:
        link = f" -> {r['rule']}" if r["rule"] else f" ({r['problem'] or 'no rule of the system defines it'})"
        also = f"; the name also fits {', '.join(r['candidates'][1:])}" if len(r["candidates"]) > 1 else ""
        terminal.line(f"  {r['text']}{link}{also}")
        for u in r["uses"]:
            on = f"on {u['on']}" + (f" (-> {u['on_rule']})" if u["on_rule"] and u["on_rule"] != r["rule"] else "") + ", " if u["on"] else ""
            terminal.line(f"    {on}{u['via']}: {where(u['source'])}", style="dim")


def units_in_view(view: Book, name: str, system: str | None) -> list[dict[str, Any]]:
    """Units called ``name`` as the warm view keeps them (``lookup`` finding units):
    ``{name, system, army, source, rules}`` with the names of their rules, each once."""
    out = []
    for sys_id in view.systems if system is None else [system]:
        for unit in view.unit(sys_id, fold(name)):
            rules = list(dict.fromkeys(use["text"] for use in unit["rules"]))
            source = {"file": unit["file"], "line": unit["line"], "column": unit["column"]}
            out.append({"kind": "unit", "name": unit["name"], "system": sys_id, "army": unit["army"], "source": source, "rules": rules})
    return out


def print_unit_found(units: list[dict[str, Any]]) -> None:
    for i, unit in enumerate(units):
        if i:
            terminal.line()
        terminal.heading(f"{unit['name']}  (a unit of {unit['army']}, {unit['system']})")
        terminal.line(f"source: {unit['source']['file']}:{unit['source']['line']}", style="dim")
        terminal.line("rules: " + (", ".join(unit["rules"]) or "none"))
        terminal.line(f"(its profiles and every rule cited: referee unit {shlex.quote(unit['name'])} --system {unit['system']})", style="dim")
