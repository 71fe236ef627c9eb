"""Army data against the rules: BattleScribe units, links and ids (see docs/lint.md).

The build musters every BattleScribe file of a system into army books
(:mod:`referee.army.link`): units with the rules they have, each tied to the
rule of the system it names.  These checks read them:

- a rule a unit has that no document of the system defines;
- a unit's keyword whose values do not fit the signature of its rule;
- an ``infoLink``/``entryLink`` to an id no file of the system declares;
- one id declared twice among the system's BattleScribe files;
- one rule whose BattleScribe text and another document's text drift apart.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding, Related
from referee.lint.registry import check
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.units import ArmyBook


def _books(ctx: LintContext) -> tuple[ArmyBook, ...]:
    return getattr(ctx.rb, "armies", {}).get(ctx.system, ())


@check("undefined-unit-rule", "warning", "a unit has a rule that no document of its system defines")
def undefined_unit_rule(ctx: LintContext) -> Iterator[Finding]:
    """One finding per (army book, rule name): the first place a unit has it."""
    for book in _books(ctx):
        seen: set[str] = set()
        for unit in book.units:
            for use in unit.rules:
                key = fold(use.name)
                if use.rule is not None or key in seen or key in ctx.core_terms or use.problem:
                    continue
                seen.add(key)
                others = sum(1 for u in book.units if any(fold(r.name) == key for r in u.rules)) - 1
                more = f" (and {others} other unit{'s' if others != 1 else ''} of {book.name})" if others > 0 else ""
                yield undefined_unit_rule.finding_at(
                    f"{unit.name!r} has '{use.text}' ({use.carrier}){more}, but no document of {ctx.system} defines "
                    f"{use.name!r}; add its rule, or an alias if it goes by another name",
                    use.source,
                    term=use.name,
                )


@check("unit-rule-parameters", "error", "a unit's keyword whose values do not fit its rule's signature")
def unit_rule_parameters(ctx: LintContext) -> Iterator[Finding]:
    """A unit's keyword ("Fly (9\\")") checked against the signature of the rule it names."""
    from referee.lint.checks.parameters import fit

    seen: set[tuple[str, str]] = set()
    for book in _books(ctx):
        for unit in book.units:
            for use in unit.rules:
                rule = ctx.rb.get(use.rule) if use.rule else None
                if rule is None or not rule.params or (use.text, use.source.file) in seen:
                    continue
                problem = fit(ctx, rule, use.name, use.args, complete=True)
                if problem is None:
                    continue
                seen.add((use.text, use.source.file))
                shown = f"'{use.text}' {problem}" if problem.startswith("gives") else f"'{use.text}': {problem}"
                yield unit_rule_parameters.finding_at(
                    f"{shown} (on {unit.name!r}, {use.carrier})",
                    use.source,
                    rule=rule.id,
                    term=rule.name,
                    related=(Related.cited(rule.id, rule.source, f"the rule {rule.name}"),),
                )


@check("broken-link", "error", "a BattleScribe link to an id no file of its system declares")
def broken_link(ctx: LintContext) -> Iterator[Finding]:
    """``infoLink``, ``entryLink``, ``categoryLink`` and ``catalogueLink`` targets, across the system's files."""
    books = _books(ctx)
    declared = {i for book in books for i, _ in book.ids}
    for book in books:
        for target, source, name, element in book.links:
            if target in declared:
                continue
            yield broken_link.finding_at(
                f"the {element} {name!r} points at id {target!r}, which no BattleScribe file of {ctx.system} declares; "
                "import the file that declares it, or fix the targetId",
                source,
                term=name,
            )


@check("duplicate-id", "error", "one id declared twice among a system's BattleScribe files")
def duplicate_id(ctx: LintContext) -> Iterator[Finding]:
    """Links resolve by id: an id declared twice makes every link to it ambiguous."""
    first: dict[str, Any] = {}
    for book in _books(ctx):
        for ident, source in book.ids:
            if ident not in first:
                first[ident] = source
                continue
            was = first[ident]
            yield duplicate_id.finding_at(
                f"id {ident!r} is declared again (first at {was.file}:{was.line}); links to it cannot tell the two apart",
                source,
                term=ident,
                related=(Related.cited(None, was, "the first declaration"),),
            )


@check("source-drift", "info", "a rule whose BattleScribe text and another document's text differ")
def source_drift(ctx: LintContext) -> Iterator[Finding]:
    """The versions of a rule, side by side, where army data and the rules documents disagree."""
    army = {book.file for book in _books(ctx)}
    if not army:
        return
    for rule in ctx.rules:
        written = [v for v in rule.versions if v.text.strip() and "stub" not in v.flags]
        ours = [v for v in written if v.document in army]
        theirs = [v for v in written if v.document not in army]
        if not ours or not theirs:
            continue
        key = " ".join(fold(theirs[0].text).split())
        drifted = [v for v in ours if " ".join(fold(v.text).split()) != key]
        if not drifted:
            continue
        primary = written[0]
        other = drifted[0] if primary is not drifted[0] else theirs[0]
        side = tuple(
            Related(
                rule.id, v.source.file, v.source.line,
                f"{v.role} version{' (primary)' if v is primary else ''}: {_around(v.text, other.text if v is primary else primary.text)}",
                v.source.column,
            )
            for v in written
        )  # fmt: skip
        yield source_drift.finding_at(
            f"{rule.name!r} reads differently in the BattleScribe data ({drifted[0].source.file}:{drifted[0].source.line}) "
            f"and in {theirs[0].document}; the {primary.role} version is primary (precedence in {ctx.manifest.path})",
            primary.source,
            rule=rule.id,
            related=side,
        )


def _around(text: str, other: str, before: int = 4, after: int = 8) -> str:
    """The words of ``text`` around where it first differs from ``other``, quoted.

    >>> _around("Models with Fear suffer -1 Discipline and flee.", "Models with Fear suffer -2 Discipline.", 2, 2)
    '"…Fear suffer -1 Discipline…"'
    >>> _around("Short text.", "Short text, longer.")
    '"Short text."'
    """
    mine, theirs = text.split(), other.split()
    at = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if fold(a) != fold(b)), min(len(mine), len(theirs)))
    start, end = max(0, at - before), min(len(mine), at + after)
    return '"' + ("…" if start else "") + " ".join(mine[start:end]) + ("…" if end < len(mine) else "") + '"'
