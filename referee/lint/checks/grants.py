"""Rules that grant each other (see docs/lint.md).

The effects reader records what a rule grants ("the model gains Fear") as
``grants`` relations of the rule graph; grants that come back to where they
started make a loop no loss can break.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.lint.finding import Finding, Related
from referee.lint.registry import check

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Relation


@check("grant-cycle", "error", "rules that grant each other in a loop")
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
        yield grant_cycle.finding(
            f"rules grant each other in a loop: {path}; losing one of them can never take it away",
            steps[0].citation.file,
            steps[0].citation.line,
            rule=loop[0],
            related=tuple(
                Related(s.source, s.citation.file, s.citation.line, f"{names.get(s.source, s.source)} grants {names.get(s.target or '', s.target)}")
                for s in steps
            ),
        )
