"""Checks that read the rule graph: names used, obligations, grants, definitions.

- ``undefined-reference``: a special rule a rule uses that no rule of its
  system defines (names are read by :mod:`referee.lint.rules_graph_terms`);
- ``bad-parameters`` (:mod:`referee.lint.rules_graph_params`): a keyword
  whose values do not fit its rule's signature;
- ``must-cannot-conflict``: one rule obliges what another forbids, and
  nothing the rules state settles it;
- ``grant-cycle``: rules that grant each other in a loop;
- ``unused-definition`` (:mod:`referee.lint.rules_graph_usage`): a special
  rule no other rule uses.

See docs/lint.md for what each reports and how to waive it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.lint.finding import Finding, Related
from referee.lint.rules_graph_params import bad_parameters
from referee.lint.rules_graph_places import line_of
from referee.lint.rules_graph_terms import bare, clean, names_of, uses_in
from referee.lint.rules_graph_usage import unused_definition
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Relation

__all__ = ["bad_parameters", "grant_cycle", "must_cannot_conflict", "undefined_reference", "unused_definition"]


def undefined_reference(ctx: LintContext) -> Iterator[Finding]:
    """Names in keyword position that nothing in the system defines: one finding per (rule, name)."""
    names = names_of(ctx)
    books = {d.path: d.options.get("base_book") for d in ctx.manifest.documents}
    for rule in ctx.rules:
        reported: set[str] = set()
        for version in rule.versions:
            for use in uses_in(version.text, names):
                term = clean(use.term)
                if term is None or names.is_known(term) or names.is_known(use.term):
                    continue
                if use.kind == "keyword" and names.is_known_suffix(bare(term)):
                    continue  # "Water DT(2)": a table's label before a keyword
                if use.kind == "keyword-marker" and names.is_known(f"{term} keywords"):
                    continue  # "the same faction keyword": Faction keywords
                shown = bare(term)
                if fold(shown) in reported:
                    continue
                reported.add(fold(shown))
                message = f"'{shown}' is used here but no rule of {ctx.system} defines it"
                if books.get(version.document):
                    message += f"; if it is a rule of the base book, add it to core_terms in {ctx.manifest.path}"
                yield Finding(
                    code="undefined-reference",
                    severity="warning",
                    message=message,
                    file=version.source.file,
                    line=line_of(ctx, version, shown, use.start),
                    rule=rule.id,
                    term=shown,
                )


# An obligation that says so yields to a prohibition without a conflict.
_YIELDS = re.compile(r"\b(?:if|where|when|as far as|wherever) (?:at all )?(?:possible|able|it can|they can)\b", re.IGNORECASE)
# A sentence that states its own exception settles the clash it is part of.
_EXCEPTION = re.compile(r"\b(?:unless|except|exception|instead)\b", re.IGNORECASE)
_ARTICLES = frozenset({"a", "an", "the", "any", "its", "their"})
# Verbs that say nothing on their own: "must test" (for panic?), "cannot move" (through what?).
# An action of one of these alone has lost its object, and clashes with anything.
_NEEDS_OBJECT = frozenset("test take declare choose select go use make perform roll move do place put pass".split())
# Every other relation between two rules shows they were written with each other in mind.
_NOT_LINKS = frozenset({"part-of", "amends", "must", "cannot", "stacks", "modifies"})


def must_cannot_conflict(ctx: LintContext) -> Iterator[Finding]:
    """An obligation and a prohibition of the same action, in two rules, that nothing settles.

    Settled, and so not reported: an obligation "if possible" / "if able"
    (the precedence model lets it yield silently); a sentence with "unless",
    "except" or "instead"; two rules one of which names the other (overrides
    it, is immune to it, references it: "can never flee: in the case of a
    failed Fear test ..."), since their authors wrote them with each other in
    mind.  Passive actions ("be placed": placed what?) and bare verbs whose
    object the reading lost ("test", "move") are not compared.
    """
    names = ctx.rb.rule_names
    linked = {(r.source, r.target) for r in ctx.relations if r.target and r.kind not in _NOT_LINKS}
    cannots = [r for r in ctx.relations if r.kind == "cannot" and specific(action(r)) and not _settled(r)]
    reported: set[tuple[str, int, str]] = set()
    for must in ctx.relations:
        if must.kind != "must" or not specific(action(must)) or _settled(must):
            continue
        if _YIELDS.search(" ".join((must.citation.sentence, *must.conditions))):
            continue
        for cannot in cannots:
            if cannot.source == must.source or not forbids(action(cannot), action(must)):
                continue
            if (must.source, cannot.source) in linked or (cannot.source, must.source) in linked:
                continue
            key = (must.citation.file, must.citation.line, cannot.source)
            if key in reported:
                continue
            reported.add(key)
            written = action(must)
            yield Finding(
                code="must-cannot-conflict",
                severity="warning",
                message=(
                    f"{names.get(must.source, must.source)} obliges '{written}' (must) and "
                    f"{names.get(cannot.source, cannot.source)} forbids it (cannot); the referee lets the prohibition win "
                    "('cannot beats must'), but the obligation has no 'if possible' and neither rule names an exception"
                ),
                file=must.citation.file,
                line=must.citation.line,
                rule=must.source,
                term=written,
                related=(Related(cannot.source, cannot.citation.file, cannot.citation.line, f"cannot: {cannot.citation.sentence}"),),
            )


def action(rel: Relation) -> str:
    """The action an obligation or prohibition is about, as written."""
    for key, value in rel.details:
        if key == "action":
            return value
    return rel.target_name or ""


def normal_action(text: str) -> list[str]:
    """An action's words, folded, without articles and plural endings.

    >>> normal_action("Declare a Charge"), normal_action("declare Charges")
    (['declare', 'charge'], ['declare', 'charge'])
    """
    words = [w for w in fold(text).split() if w not in _ARTICLES]
    return [w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w for w in words]


def specific(text: str) -> bool:
    """Whether an action says enough to be compared: not passive, not a bare verb.

    >>> specific("Declare a Charge"), specific("Pursue"), specific("be placed"), specific("test")
    (True, True, False, False)
    """
    words = normal_action(text)
    return bool(words) and words[0] != "be" and not (len(words) == 1 and words[0] in _NEEDS_OBJECT)


def forbids(prohibited: str, obliged: str) -> bool:
    """Whether doing ``obliged`` does what is ``prohibited``: the same action, or more of
    it ("cannot declare Charges" forbids "must Declare a Charge this Player Turn").  A
    one-word prohibition only forbids that word: "cannot fight" (while fleeing) says
    too little to forbid "must fight the more immediate foe"."""
    no, must = normal_action(prohibited), normal_action(obliged)
    if not no:
        return False
    return must == no or (len(no) >= 2 and must[: len(no)] == no)


def _settled(rel: Relation) -> bool:
    return _EXCEPTION.search(rel.citation.sentence) is not None


def grant_cycle(ctx: LintContext) -> Iterator[Finding]:
    """Rules that grant each other in a loop: "A gains B" and "B gains A".

    A rule that grants itself ("Characters joined to the unit gain Random
    Movement too", in Random Movement) spreads to other models; it is no loop
    and is not reported.
    """
    grants: dict[tuple[str, str], Relation] = {}
    for rel in ctx.relations:
        if rel.kind == "grants" and rel.target and rel.target != rel.source and rel.target in ctx.rb.rules:
            grants.setdefault((rel.source, rel.target), rel)
    if not grants:
        return
    import networkx as nx

    graph = nx.DiGraph(list(grants))
    order = {rule.id: i for i, rule in enumerate(ctx.rules)}
    loops: list[list[str]] = []
    # simple_cycles only where a component can hold one: find_cycle-style searches
    # are quadratic on the acyclic graphs most systems have (DEPENDENCIES.md).
    for component in nx.strongly_connected_components(graph):
        if len(component) > 1:
            for cycle in nx.simple_cycles(graph.subgraph(component)):
                first = min(range(len(cycle)), key=lambda i: order.get(cycle[i], len(order)))
                loops.append(cycle[first:] + cycle[:first])
    names = ctx.rb.rule_names
    for loop in sorted(loops, key=lambda c: [order.get(n, len(order)) for n in c]):
        steps = [grants[(a, b)] for a, b in zip(loop, loop[1:] + loop[:1])]
        path = " -> ".join(names.get(n, n) for n in [*loop, loop[0]])
        yield Finding(
            code="grant-cycle",
            severity="error",
            message=f"rules grant each other in a loop: {path}; losing one of them can never take it away",
            file=steps[0].citation.file,
            line=steps[0].citation.line,
            rule=loop[0],
            related=tuple(
                Related(s.source, s.citation.file, s.citation.line, f"{names.get(s.source, s.source)} grants {names.get(s.target or '', s.target)}")
                for s in steps
            ),
        )
