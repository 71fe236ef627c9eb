"""``referee explain``: one rule's place in the graph, every relation cited.

Reads the plain-data view (relations as JSON, by rule), so a warm call never
imports networkx: the transitive grants are a breadth-first walk here.
"""

from __future__ import annotations

from collections import deque
from typing import Any

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Protocol

    class Relations(Protocol):
        """What an explanation reads of a build: the store's reading interface
        (``referee.store.book.Book``) answers it."""

        @property
        def rule_names(self) -> Mapping[str, str]: ...
        def relations_out(self, rule_id: str) -> list[dict[str, Any]]: ...
        def relations_in(self, rule_id: str) -> list[dict[str, Any]]: ...

# Sections of an explanation: (key, relation kind, direction).
SECTIONS: tuple[tuple[str, str, str], ...] = (
    ("granted_by", "grants", "in"),
    ("loses", "loses", "out"),
    ("immune_to", "immune-to", "out"),
    ("immune_here", "immune-to", "in"),
    ("excludes", "excludes", "out"),
    ("excluded_by", "excludes", "in"),
    ("overrides", "overrides", "out"),
    ("overridden_by", "overrides", "in"),
    ("must", "must", "out"),
    ("cannot", "cannot", "out"),
    ("stacks", "stacks", "out"),
    ("modifies", "modifies", "out"),
    ("amends", "amends", "out"),
    ("part_of", "part-of", "out"),
    ("parts", "part-of", "in"),
    ("references", "references", "out"),
    ("referenced_by", "references", "in"),
    ("settles", "settles", "out"),
)

TITLES = {
    "grants": "Grants",
    "granted_by": "Granted by",
    "loses": "Loses",
    "immune_to": "Immune to",
    "immune_here": "Rules immune to it",
    "excludes": "Cannot be used together with",
    "excluded_by": "Excluded by",
    "overrides": "Overrides",
    "overridden_by": "Overridden by",
    "must": "Obliges",
    "cannot": "Forbids",
    "stacks": "Stacking",
    "modifies": "Modifies",
    "amends": "Amends",
    "part_of": "Part of",
    "parts": "Sub-rules",
    "references": "Mentions",
    "referenced_by": "Mentioned by",
    "settles": "Its own words settle",
}


def transitive_grants(view: Relations, rule_id: str) -> list[dict[str, Any]]:
    """Everything ``rule_id`` grants, directly or through what it grants.

    Each item: ``target``, ``target_name``, ``path`` (rule ids from the rule
    to the target) and ``citations`` (one per step, in order).  Breadth
    first, so each target is reached by its shortest path; cycles stop.
    """
    out: list[dict[str, Any]] = []
    seen = {rule_id}
    queue: deque[tuple[str, list[str], list[dict[str, Any]]]] = deque([(rule_id, [rule_id], [])])
    while queue:
        current, path, cites = queue.popleft()
        for rel in view.relations_out(current):
            if rel["kind"] != "grants":
                continue
            target = rel["target"]
            step = [*cites, rel["citation"]]
            if target is None:
                if current == rule_id:
                    out.append(_grant(rel, [*path, None], step, view))
                continue
            if target in seen:
                continue
            seen.add(target)
            out.append(_grant(rel, [*path, target], step, view))
            queue.append((target, [*path, target], step))
    return out


def _grant(rel: dict[str, Any], path: list[str | None], citations: list[dict[str, Any]], view: Relations) -> dict[str, Any]:
    names = view.rule_names
    return {
        "target": rel["target"],
        "target_name": rel["target_name"],
        "conditions": rel["conditions"],
        "details": rel["details"],
        "path": path,
        "path_names": [names.get(p, p) if p else rel["target_name"] for p in path],
        "citations": citations,
    }


def explain(view: Relations, rule: dict[str, Any]) -> dict[str, Any]:
    """The documented shape of ``referee explain --json`` (docs/graph.md)."""
    rid = rule["id"]
    result: dict[str, Any] = {
        "rule": {k: rule[k] for k in ("id", "name", "system", "aliases", "category", "text", "source")},
        "grants": transitive_grants(view, rid),
    }
    for key, kind, direction in SECTIONS:
        rels = view.relations_out(rid) if direction == "out" else view.relations_in(rid)
        result[key] = [r for r in rels if r["kind"] == kind]
    return result
