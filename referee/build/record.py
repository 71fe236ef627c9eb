"""The frozen build record and the one function that assembles it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.graph.build import RuleGraph, read_relations
from referee.rulebase import build_rulebase

if TYPE_CHECKING:
    import os

    from referee.manifest import Manifest
    from referee.model import Relation, Rule
    from referee.rulebase import DocumentSummary, Rulebase
    from referee.units import ArmyBook


@dataclass(frozen=True)
class Build:
    """The rulebase of a rules folder and the relations its texts state.

    ``key`` is the content hash the build was read from (empty when built
    outside the cache).  The rulebase's questions (rules, names, lookup) are
    answered here too, so a reader holds one object.
    """

    key: str
    rulebase: Rulebase
    graph: RuleGraph
    armies: dict[str, tuple[ArmyBook, ...]] = field(default_factory=dict)  # system -> its BattleScribe books and units (referee.army)

    # -- the rulebase's answers -------------------------------------------------

    @property
    def systems(self) -> list[str]:
        return self.rulebase.systems

    @property
    def manifests(self) -> dict[str, Manifest]:
        return self.rulebase.manifests

    @property
    def documents(self) -> dict[str, list[DocumentSummary]]:
        return self.rulebase.documents

    @property
    def rules(self) -> dict[str, Rule]:
        return self.rulebase.rules

    @property
    def names(self) -> dict[str, dict[str, list[str]]]:
        return self.rulebase.names

    @property
    def rule_names(self) -> dict[str, str]:
        return self.rulebase.rule_names

    @property
    def texts(self) -> dict[str, str]:
        return self.rulebase.texts

    @property
    def unmanaged(self) -> tuple[str, ...]:
        return self.rulebase.unmanaged

    def check_system(self, system: str | None) -> None:
        self.rulebase.check_system(system)

    def in_system(self, system: str | None = None) -> Iterator[Rule]:
        return self.rulebase.in_system(system)

    def get(self, rule_id: str) -> Rule | None:
        return self.rulebase.get(rule_id)

    def lookup(self, query: str, system: str | None = None) -> list[Rule]:
        return self.rulebase.lookup(query, system)

    # -- the graph's answers ------------------------------------------------------

    def relations(self, system: str | None = None) -> list[Relation]:
        """Relations of one system, or of all, in reading order."""
        self.check_system(system)
        return [rel for sys_id in ([system] if system else self.systems) for rel in self.graph.relations.get(sys_id, [])]


def assemble(
    rules_src: str | os.PathLike[str],
    key: str = "",
    progress: Callable[[str], None] | None = None,
    files: dict[str, bytes] | None = None,
) -> Build:
    """Read ``rules_src`` whole (no cache): the rulebase, then its graph.

    ``files``: the bytes of rules_src already read (by relative path), so a
    cached build is parsed from exactly the bytes its key was hashed from.
    """
    rulebase = build_rulebase(Path(rules_src), key, progress, files)
    from referee.army import muster

    return Build(key, rulebase, read_relations(rulebase, progress), muster(rulebase))
