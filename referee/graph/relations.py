"""The rule graph: every relation the rule texts state, per system.

Relations come from three places:

- the effect clauses of each rule's text (``referee.graph.effects``): grants,
  loses, immune-to, excludes, overrides, must, cannot, stacks, modifies,
  references;
- the documents' structure: ``part-of`` from a sub-rule to its parent;
- errata: ``amends`` from a house-rule section to each base-book page it
  changes (a page of a book not in the corpus is a node of its own, marked
  ``external``).

:func:`read_relations` runs at build time and its result is cached with the
rulebase; :func:`to_networkx` builds a ``MultiDiGraph`` per system from it
when a reader wants graph algorithms or an export.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.graph.sentences import line_at
from referee.model import Citation, Relation
from referee.text import fold

if TYPE_CHECKING:
    import networkx as nx

    from referee.graph.effects import Sentence
    from referee.model import Rule
    from referee.rulebase import Rulebase


@dataclass
class RuleGraph:
    """Relations and the sentences they were read from, by system."""

    relations: dict[str, list[Relation]] = field(default_factory=dict)
    sentences: dict[str, list[Sentence]] = field(default_factory=dict)


def page_node(system: str, page: str) -> str:
    """The id of a base-book page an erratum amends: ``whfb-house/page:53``."""
    return f"{system}/page:{page}"


def read_relations(rb: Rulebase, progress: Callable[[str], None] | None = None) -> RuleGraph:
    """Every relation of every system of ``rb``, each with its citation.

    ``progress`` is told of each system as its texts are read (a long build
    shows where it is).
    """
    from referee.graph.effects import read_rulebase

    graph = RuleGraph()
    found: dict[str, Any] = {}
    for system in rb.systems:
        if progress is not None:
            progress(f"relations of {system}")
        found.update(read_rulebase(rb, system))
    for system, (relations, sentences) in found.items():
        for rule in rb.in_system(system):
            relations.extend(layout_relations(rule, rb.texts))
        graph.relations[system] = relations
        graph.sentences[system] = sentences
    return graph


def _heading_column(rule: Rule, words: str, texts: dict[str, str] | None) -> int:
    """The column of a heading's words on the rule's first line: the last place before the rule's
    text on a page saved as one long line, else the first ("### Bows (p.92)": 5); 1 unknown."""
    raw = (texts or {}).get(rule.source.file)
    line = None if raw is None else line_at(raw, rule.source.line)
    if line is None:
        return 1
    start = rule.source.column - 1
    at = line.find(words, start, start + len(words) + 16)  # markup may stand before the words
    if at < 0:
        at = line.rfind(words, 0, start + len(words)) if start else line.find(words)
    if at < 0:  # the words spread over markup ("**1:**"): the first letter or digit from the rule's place
        at = next((k for k in range(start, len(line)) if line[k].isalnum()), -1)
    return at + 1 if at >= 0 else 1


def layout_relations(rule: Rule, texts: dict[str, str] | None = None) -> list[Relation]:
    """part-of and amends: what the documents' layout and errata headings say, cited at the
    heading's words (``texts``, the documents, place them on their line)."""
    out: list[Relation] = []
    words = rule.versions[0].heading or rule.name
    heading = Citation(rule.id, words, rule.source.file, rule.source.line, _heading_column(rule, words, texts))
    if rule.parent:
        out.append(Relation("part-of", rule.id, rule.parent, None, heading))
    if rule.amends:
        book = rule.amends.target or "the base book"
        details = (("op", rule.amends.op),)
        for page in rule.amends.pages or ("?",):
            out.append(Relation("amends", rule.id, page_node(rule.system, page), f"p.{page} of {book}", heading, (), details))
    return out


def to_networkx(rb: Rulebase, graph: RuleGraph, system: str | None = None) -> nx.MultiDiGraph:
    """A MultiDiGraph of one system (or all): nodes are rules, edges relations.

    Every relation is an edge.  One with no target rule points at a node
    that stands for what it concerns: a stat (``t9a/stat:Strength``), an
    action (``t9a/action:declare a charge``), a stacking mode, or words the
    system defines no rule for (``t9a/term:spell selection``); such nodes and
    base-book pages have ``external`` true and say what they are in ``kind``.

    Nodes carry ``name``, ``system``, ``kind``, ``category``, ``file``,
    ``line``, ``external``; edges carry ``kind``, ``target_name``,
    ``subject``, ``conditions`` (their words), ``situations``
    (``charging; against:t9a/fly``), ``details`` and the citation (``rule``,
    ``sentence``, ``file``, ``line``, ``column``).
    """
    import networkx as nx

    g = nx.MultiDiGraph()
    for sys_id in [system] if system else rb.systems:
        for rule in rb.in_system(sys_id):
            g.add_node(
                rule.id,
                name=rule.name,
                system=sys_id,
                kind="rule",
                category=rule.category or "",
                file=rule.source.file,
                line=rule.source.line,
                external=False,
            )
        for rel in graph.relations.get(sys_id, []):
            target, kind, name = _target_node(sys_id, rel)
            if target not in g:
                g.add_node(target, name=name, system=sys_id, kind=kind, category="", file="", line=0, external=True)
            g.add_edge(rel.source, target, key=None, **edge_attributes(rel))
    return g


def _target_node(system: str, rel: Relation) -> tuple[str, str, str]:
    """(node id, node kind, name) of what a relation points at."""

    if rel.target is not None:
        return rel.target, "page" if "/page:" in rel.target else "rule", rel.target_name or rel.target
    details = dict(rel.details)
    if rel.kind == "modifies":
        stat = details.get("stat", "modifier")
        return f"{system}/stat:{stat}", "stat", stat
    if rel.kind in ("must", "cannot") and "action" in details:
        action = details["action"]
        return f"{system}/action:{fold(action)}", "action", action
    if rel.kind == "stacks":
        mode = details.get("mode", "stacks")
        return f"{system}/stacking:{mode}", "stacking", mode
    words = rel.target_name or rel.kind
    return f"{system}/term:{fold(words)}", "term", words


def edge_attributes(rel: Relation) -> dict[str, Any]:
    return {
        "kind": rel.kind,
        "target_name": rel.target_name or "",
        "subject": rel.subject or "",
        "conditions": "; ".join(str(c) for c in rel.conditions),
        "situations": "; ".join(c.situation + (f":{c.value}" if c.value else "") for c in rel.conditions),
        "details": "; ".join(f"{k}={v}" for k, v in rel.details),
        "rule": rel.citation.rule,
        "sentence": rel.citation.sentence,
        "file": rel.citation.file,
        "line": rel.citation.line,
        "column": rel.citation.column,
    }
