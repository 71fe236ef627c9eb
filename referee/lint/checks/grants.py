"""What rules grant (see docs/lint.md).

The effects reader records what a rule grants ("the model gains Fear") as
``grants`` relations of the rule graph; grants that come back to where they
started make a loop no loss can break, and a grant of what another rule says
can never be gained is a clash nothing in the texts settles.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding, Related
from referee.lint.registry import check
from referee.lint.words import listed

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
        yield grant_cycle.finding_at(
            f"rules grant each other in a loop: {path}; losing one of them can never take it away",
            steps[0].citation,
            rule=loop[0],
            related=tuple(
                Related.cited(s.source, s.citation, f"{names.get(s.source, s.source)} grants {names.get(s.target or '', s.target)}")
                for s in steps
            ),
        )


# "loses Swiftstride (and can never gain it)", "cannot gain Fear", "can never be granted"
_NEVER_GAINED = re.compile(
    r"\b(?:can ?not|can never|may not|may never|never)\s+(?:again\s+)?(?:gain|regain|receive|be granted|be given)\b"
    r"|\b(?:can ?not|can never|may never)\s+be\s+(?:gained|regained|granted)\b",
    re.IGNORECASE,
)
_GAIN_ACTION = re.compile(r"^(?:gain|regain|receive|be granted|be given)\b", re.IGNORECASE)
_SETTLED = re.compile(r"\b(?:unless|except|instead)\b", re.IGNORECASE)
# Relations that show two rules were written with each other in mind.
_NOT_LINKS = frozenset({"part-of", "amends", "must", "cannot", "stacks", "modifies", "grants", "loses"})


@check("forbidden-grant", "info", "a rule grants what another rule says can never be gained")
def forbidden_grant(ctx: LintContext) -> Iterator[Finding]:
    """A grant of a rule that another rule of the system says can never be gained.

    Fly: "The model gains Light Troops and Swiftstride"; Random Movement:
    "The model loses Swiftstride (and can never gain it)".  The prohibition
    wins ("cannot beats can"), so a model with both has no Swiftstride: the
    prohibition's own words ("can never") settle it, so this is a note (info)
    for an editor who would make it plain, not a question left open.  Read from the ``grants`` relations and the
    ``loses`` and ``cannot`` relations whose sentence says the rule can never
    be gained.  Not reported: a grant whose sentence states its exception
    ("unless", "except", "instead"), and two rules one of which names the
    other.  One finding per granting rule and granted rule, on the grant.
    """
    never: dict[str, list[Relation]] = {}
    for rel in ctx.relations:
        if rel.target and never_gained(rel):
            never.setdefault(rel.target, []).append(rel)
    if not never:
        return
    linked = {(r.source, r.target) for r in ctx.relations if r.target and r.kind not in _NOT_LINKS}
    grants: dict[tuple[str, str], list[Relation]] = {}
    for rel in ctx.relations:
        if rel.kind == "grants" and rel.target in never and not _SETTLED.search(rel.citation.sentence):
            grants.setdefault((rel.source, rel.target), []).append(rel)
    names = ctx.rb.rule_names
    for (source, target), given in grants.items():
        against = [
            n
            for n in never[target]
            if n.source != source and (source, n.source) not in linked and (n.source, source) not in linked
        ]
        if not against:
            continue
        first = given[0]
        granter, granted = names.get(source, source), names.get(target, target)
        forbidders = list(dict.fromkeys(names.get(n.source, n.source) for n in against))
        says = f"{listed(forbidders)} say{'s' if len(forbidders) == 1 else ''}"
        yield forbidden_grant.finding_at(
            f"{granter} grants {granted}, but {says} it can never be gained, which settles it: a model "
            f"with both has no {granted} ('cannot beats can'); to make that plain, say so in {granter}, "
            f"or name {granter} in {forbidders[0]}",
            first.citation,
            rule=source,
            term=granted,
            related=(
                *(Related.cited(g.source, g.citation, f"grants: {g.citation.sentence}") for g in given[1:]),
                *(Related.cited(n.source, n.citation, f"{names.get(n.source, n.source)}: {n.citation.sentence}") for n in against),
            ),
        )


def never_gained(rel: Relation) -> bool:
    """Whether ``rel`` says its target can never be gained: a loss "and can never
    gain it", or a prohibition to gain it ("cannot gain Swiftstride")."""
    if rel.kind == "loses":
        return _NEVER_GAINED.search(rel.citation.sentence) is not None
    if rel.kind == "cannot":
        return any(key == "action" and _GAIN_ACTION.match(value) for key, value in rel.details)
    return False
