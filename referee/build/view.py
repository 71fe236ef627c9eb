"""A build as plain data: what ``list``, ``lookup``, ``show`` and ``explain`` read.

A warm CLI call should cost little more than starting Python.  Unpickling
the full :class:`~referee.build.Build` means importing the record classes
and rebuilding thousands of objects; the view is the same rules already in
their documented JSON shape, with the name index and the relations, in
builtins only.  The cache writes both from one build.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from typing import Any

import re

from referee.errors import unknown_system
from referee.text import find, fold


def relation_data(rel: Any, rule_names: Any) -> dict[str, Any]:
    """A relation as the view keeps it: its JSON with the names of the rules at its ends."""
    data = rel.to_json()
    data["source_name"] = rule_names.get(rel.source, rel.source)
    if rel.target in rule_names:
        data["target_name"] = rule_names[rel.target]
    return data


def folded_core_terms(manifest: Any) -> list[str]:
    """A system's core game terms (not special rules), folded, as the view lists them."""
    return sorted({fold(t) for t in manifest.core_terms})


def against_terms(build: Any, system: str) -> list[str]:
    """Core terms a rule's condition is stated against ("suffered from flaming attack"):
    the referee accepts them in play (referee.resolve.naming)."""
    return sorted({c.value for r in build.relations(system) for c in r.conditions if c.situation == "against" and c.value and "/" not in c.value})


_WIDE = re.compile(r"^(?:any|all|every)\b", re.I)


# what a limit on every roll speaks of: "Dice can never be modified by more than 1"
_ROLLS = re.compile(r"^(?:(?:any|all|every|the|a)\s+)?(?:dice|die|d6|rolls?|results?)\b", re.I)


def caps_every_roll(rel: dict[str, Any]) -> bool:
    """A ``stacks`` relation (as JSON) of mode "cap" whose subject is every die roll ("Dice can
    never be modified by more than 1"): a limit on every total of roll modifiers of the system."""
    return rel["kind"] == "stacks" and dict(rel["details"]).get("mode") == "cap" and bool(_ROLLS.match(rel["subject"] or ""))


def binds_every_ability(rel: dict[str, Any]) -> bool:
    """A ``stacks`` relation (as JSON) of mode "never" whose subject is every ability of
    the system ("Any ability that ..."): it binds rules that do not name it."""
    return rel["kind"] == "stacks" and dict(rel["details"]).get("mode") == "never" and bool(_WIDE.match(rel["subject"] or ""))


def never_stacking(build: Any, system: str) -> list[dict[str, Any]]:
    """The relations of ``system`` (as the view keeps them) that say every ability never
    stacks, rule by rule in reading order, as ``relations_out`` of each rule of
    ``in_system`` gives them: the one question about a whole system the referee asks
    (:func:`referee.resolve.source.never_stacking`), answered once per build."""
    order = {rid: i for i, rid in enumerate(r.id for r in build.in_system(system))}
    # Only a "stacks" relation can bind every ability: the others are not turned into JSON.
    found = [relation_data(rel, build.rule_names) for rel in build.relations(system) if rel.kind == "stacks" and rel.source in order]
    return sorted((rel for rel in found if binds_every_ability(rel) or caps_every_roll(rel)), key=lambda rel: order[rel["source"]])


def families(build: Any, system: str) -> dict[str, list[str]]:
    """Folded word-prefix -> ids of the rules of ``system`` all of whose sub-rules' folded
    names start with it and a space ("ranged" -> "Ranged weapon keywords"), in reading
    order: what :mod:`referee.keywords.resolve` ties a keyword string's name to when it
    names no rule, without reading the whole system at query time."""
    from referee.keywords.resolve import family_leads

    out: dict[str, list[str]] = {}
    for rule in build.in_system(system):
        kids = [build.get(k) for k in rule.children]
        if kids and all(k is not None for k in kids):
            for lead in family_leads([fold(k.name) for k in kids]):
                out.setdefault(lead, []).append(rule.id)
    return out


class View:
    """Rules as JSON-shaped dicts, indexed by system and folded name."""

    __slots__ = ("data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    @classmethod
    def of(cls, build: Any) -> View:
        from referee.build.summary import system_summaries
        from referee.build.units import unit_index

        every: list[dict[str, Any]] = []
        out: dict[str, list[dict[str, Any]]] = {}
        into: dict[str, list[dict[str, Any]]] = {}
        for rel in build.relations():
            data = relation_data(rel, build.rule_names)
            every.append(data)
            out.setdefault(rel.source, []).append(data)
            if rel.target:
                into.setdefault(rel.target, []).append(data)
        return cls(
            {
                "key": build.key,
                "systems": build.systems,
                "unmanaged": list(build.unmanaged),
                "names": build.names,
                "rule_names": dict(build.rule_names),
                "rules": {rid: r.to_json() for rid, r in build.rules.items()},
                "summaries": system_summaries(build),
                "core_terms": {s: folded_core_terms(m) for s, m in build.manifests.items()},
                "against_terms": {s: against_terms(build, s) for s in build.manifests},
                "never_stacking": {s: never_stacking(build, s) for s in build.manifests},
                "families": {s: families(build, s) for s in build.manifests},
                "relations_out": out,
                "relations_in": into,
                "relations": every,  # in reading order: the store keeps each relation once
                "units": unit_index(build),  # system -> folded unit name -> units with their rules (resolve --unit)
            }
        )

    @property
    def key(self) -> str:
        return self.data["key"]

    @property
    def systems(self) -> list[str]:
        return self.data["systems"]

    @property
    def unmanaged(self) -> list[str]:
        """Folders of the rules folder with no system.toml (warned about, not read)."""
        return self.data["unmanaged"]

    @property
    def summaries(self) -> list[dict[str, Any]]:
        return self.data["summaries"]

    def relations_out(self, rule_id: str) -> list[dict[str, Any]]:
        """Relations the rule's text states, as JSON (docs/graph.md)."""
        return self.data["relations_out"].get(rule_id, [])

    def relations_in(self, rule_id: str) -> list[dict[str, Any]]:
        """Relations other rules state about this one."""
        return self.data["relations_in"].get(rule_id, [])

    def core_terms(self, system: str) -> list[str]:
        """Folded core game terms of a system (not special rules)."""
        return self.data["core_terms"].get(system, [])

    def check_system(self, system: str | None) -> None:
        if system is not None and system not in self.systems:
            raise unknown_system(system, self.systems, tuple(self.unmanaged))

    def in_system(self, system: str | None = None) -> list[dict[str, Any]]:
        self.check_system(system)
        return [r for r in self.data["rules"].values() if system is None or r["system"] == system]

    def get(self, rule_id: str) -> dict[str, Any] | None:
        return self.data["rules"].get(rule_id)

    def lookup(self, query: str, system: str | None = None) -> list[dict[str, Any]]:
        """Rules named ``query`` (name, alias or id; case- and accent-blind)."""
        self.check_system(system)
        systems = [system] if system else self.systems
        ids = find(self.data["names"], self.data["rule_names"], query, systems)
        return [self.data["rules"][rid] for rid in ids]
