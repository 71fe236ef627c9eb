"""The full rulebase: rule records by id, with per-system name indexes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from pathlib import Path

from referee.errors import RulesError
from referee.manifest import Manifest
from referee.model import Rule
from referee.text import find, fold


@dataclass(frozen=True)
class DocumentSummary:
    path: str
    format: str
    role: str
    lang: str
    title: str | None
    origin: str | None
    entries: int


@dataclass
class Rulebase:
    """Rules by id, with per-system name indexes; what the cache holds."""

    key: str
    manifests: dict[str, Manifest]
    documents: dict[str, list[DocumentSummary]]
    rules: dict[str, Rule]
    names: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # system -> folded name -> ids
    rule_names: dict[str, str] = field(default_factory=dict)  # id -> name
    texts: dict[str, str] = field(default_factory=dict)  # document path -> its text, as read
    graph: Any = None  # referee.graph.build.RuleGraph, read at build time

    @classmethod
    def from_rules(
        cls, key: str, manifests: dict[str, Manifest], documents: dict[str, list[DocumentSummary]], rules: list[Rule]
    ) -> Rulebase:
        rb = cls(key, manifests, documents, {r.id: r for r in rules}, rule_names={r.id: r.name for r in rules})
        for rule in rules:
            index = rb.names.setdefault(rule.system, {})
            for name in rule.names:
                ids = index.setdefault(fold(name), [])
                if rule.id not in ids:
                    ids.append(rule.id)
        return rb

    @property
    def systems(self) -> list[str]:
        return sorted(self.manifests)

    def check_system(self, system: str | None) -> None:
        if system is not None and system not in self.manifests:
            known = ", ".join(self.systems)
            raise RulesError(f"unknown system {system!r} (known: {known})")

    def in_system(self, system: str | None = None) -> Iterator[Rule]:
        self.check_system(system)
        return (r for r in self.rules.values() if system is None or r.system == system)

    def get(self, rule_id: str) -> Rule | None:
        return self.rules.get(rule_id)

    def lookup(self, query: str, system: str | None = None) -> list[Rule]:
        """Rules named ``query`` (by name or alias; case-, accent-blind).

        A keyword with parameters ("Multiple Wounds (D3)") finds its rule; a
        plural finds the singular.  Rules whose name matches come before
        rules that only have it as an alias.
        """
        self.check_system(system)
        systems = [system] if system else self.systems
        ids = find(self.names, self.rule_names, query, systems)
        return [self.rules[rid] for rid in ids]


def build_rulebase(rules_src: Path, key: str = "", progress: Callable[[str], None] | None = None) -> Rulebase:
    """Read every system of ``rules_src`` (no cache)."""
    from referee.manifest import load_manifest
    from referee.rulebase.load import read_system, system_folders

    root = rules_src.resolve()
    manifests: dict[str, Manifest] = {}
    documents: dict[str, list[DocumentSummary]] = {}
    rules: list[Rule] = []
    texts: dict[str, str] = {}
    for folder in system_folders(root):
        manifest = load_manifest(root, folder)
        read, system_rules, system_texts = read_system(root, manifest, progress)
        texts.update(system_texts)
        manifests[manifest.id] = manifest
        documents[manifest.id] = [
            DocumentSummary(s.path, s.format, s.role, s.lang, s.title, s.origin, len(es)) for s, es in read
        ]
        rules.extend(system_rules)
    rb = Rulebase.from_rules(key, manifests, documents, rules)
    rb.texts = texts
    from referee.graph.build import read_relations

    if progress:
        progress("rule graph")
    rb.graph = read_relations(rb)
    return rb


def open_rulebase(
    rules_src: Path | None = None, *, refresh: bool = False, progress: Callable[[str], None] | None = None
) -> Rulebase:
    """The rulebase of ``rules_src``, from the cache when it is current."""
    from referee.paths import default_rules_src
    from referee.rulebase import cache

    src = rules_src or default_rules_src()
    return cache.load_or_build(src, refresh=refresh, progress=progress)
