"""What a check reads: one system's rules, relations, documents and manifest."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any
from referee.text import fold
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from referee.store.record import Build
    from referee.errors import RulesError
    from referee.lint.finding import Finding
    from referee.rulebase.manifest import Manifest
    from referee.model import Relation, Rule


@dataclass
class LintContext:
    """One system of a build, as the checks read it.

    ``rb`` is the build (or a bare rulebase, which has no relations).
    ``rules_src`` is the folder the build was read from, when known: the
    manifest's own text is read from it to place findings about the
    manifest (a waiver) on their line.
    """

    rb: Build
    system: str
    rules_src: str | None = None
    noted: tuple[RulesError, ...] = ()  # manifest problems read past (referee.rulebase.manifest.noting)
    _found: dict[str, list[Finding]] = field(default_factory=dict, repr=False)
    _lines: dict[str, list[str]] = field(default_factory=dict, repr=False)

    @property
    def manifest(self) -> Manifest:
        return self.rb.manifests[self.system]

    @cached_property
    def rules(self) -> list[Rule]:
        return list(self.rb.in_system(self.system))

    @property
    def relations(self) -> list[Relation]:
        graph = getattr(self.rb, "graph", None)
        return graph.relations.get(self.system, []) if graph else []

    @property
    def sentences(self) -> list[Any]:
        """The sentences the rule graph read, with the names in keyword position the
        system does not define (:class:`referee.graph.effects.Sentence`)."""
        graph = getattr(self.rb, "graph", None)
        return graph.sentences.get(self.system, []) if graph else []

    def text(self, path: str) -> str:
        """A document's text as read (path relative to rules_src)."""
        return self.rb.texts[path]

    def lines(self, path: str) -> list[str]:
        """A document's lines, split once per context (splitting the whole document
        again for each finding placed in it grew with findings x document size)."""
        if path not in self._lines:
            self._lines[path] = self.rb.texts[path].split("\n")
        return self._lines[path]

    def resolve(self, name: str) -> list[str]:
        """Ids of the rules of this system ``name`` names (name or alias)."""
        return [r.id for r in self.rb.lookup(name, system=self.system)]

    def findings(self, code: str) -> list[Finding]:
        """What the check of ``code`` finds in this system, waivers not applied:
        run once per context, so the run and the checks that judge other
        checks' findings (an unused waiver) share one reading."""
        if code not in self._found:
            from referee.lint.registry import get

            self._found[code] = list(get(code).run(self))
        return self._found[code]

    @cached_property
    def manifest_lines(self) -> list[str] | None:
        """The lines of this system's system.toml, or None when ``rules_src`` is not known."""
        if self.rules_src is None:
            return None
        try:
            with open(os.path.join(self.rules_src, self.manifest.path), encoding="utf-8") as f:
                return f.read().split("\n")
        except (OSError, UnicodeDecodeError):
            return None

    @cached_property
    def core_terms(self) -> set[str]:

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
        from referee.graph.relations import to_networkx

        return to_networkx(self.rb, self.rb.graph, self.system)
