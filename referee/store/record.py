"""The whole build as objects (:class:`Build`), read from a rules folder or put together from the store."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from referee.graph.relations import RuleGraph, read_relations
from referee.model import Relation, Rule
from referee.rulebase.base import Rulebase, build_rulebase
from referee.store.sections import unpickled
from referee.units import ArmyBook


@dataclass(frozen=True)
class Build(Rulebase):
    """A rulebase with the relations its texts state and its army books: what the
    graph, lint and the site walk.  ``key`` is the content hash it was read from
    (empty when built outside the cache)."""

    graph: RuleGraph = field(default_factory=RuleGraph)
    armies: dict[str, tuple[ArmyBook, ...]] = field(default_factory=dict)  # system -> its BattleScribe books (referee.army.link)

    @classmethod
    def of(cls, rulebase: Rulebase, graph: RuleGraph, armies: dict[str, tuple[ArmyBook, ...]] | None = None) -> Build:
        return cls(*(getattr(rulebase, f.name) for f in fields(Rulebase)), graph, armies or {})

    def relations(self, system: str | None = None) -> list[Relation]:
        """Relations of one system, or of all, in reading order."""
        self.check_system(system)
        return [rel for sys_id in ([system] if system else self.systems) for rel in self.graph.relations.get(sys_id, [])]


def assemble(rules_src: str | os.PathLike[str], key: str = "", progress: Callable[[str], None] | None = None) -> Build:
    """Read ``rules_src`` whole (no cache): the rulebase, then its graph."""
    rulebase = build_rulebase(Path(rules_src), key, progress)
    from referee.army.link import muster

    return Build.of(rulebase, read_relations(rulebase, progress), muster(rulebase))


def from_store(db: sqlite3.Connection, key: str, unmanaged: tuple[str, ...]) -> Build:
    """The build a store holds, put together system by system (folder order) from each
    system's frame and its sections' rules and relations (:mod:`referee.store.sections`);
    the name indexes made from the rules, as a read makes them."""
    parts: dict[str, dict[Any, Any]] = {name: {} for name in ("manifests", "documents", "texts", "armies")}
    rules: list[Rule] = []
    graph = RuleGraph()
    for system, frame in db.execute("SELECT id, frame FROM systems ORDER BY place").fetchall():
        for name, value in unpickled(frame).items():
            parts[name].update(value)
        said: list[Relation] = []
        laid: list[Relation] = []
        sentences: list[Any] = []
        for rules_blob, graph_blob in db.execute("SELECT rules, graph FROM sections WHERE system = ? ORDER BY k", (system,)):
            run, _ = unpickled(rules_blob)
            found, layout = unpickled(graph_blob)
            for rule, (relations, read), structure in zip(run, found, layout, strict=True):
                rules.append(rule)
                said.extend(relations)
                sentences.extend(read)
                laid.extend(structure)
        graph.relations[system] = said + laid
        graph.sentences[system] = sentences
    rulebase = Rulebase.from_rules(key, parts["manifests"], parts["documents"], rules, parts["texts"], unmanaged)
    return Build.of(rulebase, graph, parts["armies"])
