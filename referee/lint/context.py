"""What a check reads: one system's rules, relations, documents and manifest."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.manifest import Manifest
    from referee.model import Relation, Rule
    from referee.rulebase import Rulebase


@dataclass
class LintContext:
    rb: Rulebase
    system: str

    @property
    def manifest(self) -> Manifest:
        return self.rb.manifests[self.system]

    @cached_property
    def rules(self) -> list[Rule]:
        return list(self.rb.in_system(self.system))

    @property
    def relations(self) -> list[Relation]:
        return self.rb.graph.relations.get(self.system, []) if self.rb.graph else []

    def text(self, path: str) -> str:
        """A document's text as read (path relative to rules_src)."""
        return self.rb.texts[path]

    def lines(self, path: str) -> list[str]:
        return self.rb.texts[path].split("\n")

    def resolve(self, name: str) -> list[str]:
        """Ids of the rules of this system ``name`` names (name or alias)."""
        return [r.id for r in self.rb.lookup(name, system=self.system)]

    @cached_property
    def core_terms(self) -> set[str]:
        from referee.text import fold

        return {fold(t) for t in self.manifest.core_terms}

    @cached_property
    def keyword_uses(self) -> list[tuple[Any, Any]]:
        """(keyword string, its parse) for every keyword string of the system that
        parses: extracted and parsed once, for every check that reads them."""
        from referee.keywords import KeywordSyntaxError, parse
        from referee.keywords.corpus import keyword_strings

        out = []
        for found in keyword_strings(self.rb, self.system):
            try:
                out.append((found, parse(found.text)))
            except KeywordSyntaxError:
                continue  # unreadable strings are `referee parse --corpus`'s report
        return out

    @cached_property
    def graph(self) -> Any:
        """networkx MultiDiGraph of this system (built on first use)."""
        from referee.graph.build import to_networkx

        return to_networkx(self.rb, self.rb.graph, self.system)
