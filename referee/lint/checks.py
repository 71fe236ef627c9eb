"""The registry of checks: code, default severity, and the function that runs it.

A check is ``check(ctx: LintContext) -> Iterable[Finding]``, pure, reading
only the context.  Codes are fixed (docs/lint.md); adding a check is adding a
row here and a function in one of the ``rules_*`` modules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from referee.lint.context import LintContext
from referee.lint.finding import Finding


@dataclass(frozen=True)
class Check:
    code: str
    severity: str
    summary: str
    run: Callable[[LintContext], Iterable[Finding]]


def _load() -> tuple[Check, ...]:
    from referee.lint import rules_graph, rules_text

    return (
        Check("undefined-reference", "warning", "a rule uses a special rule no rule of its system defines", rules_graph.undefined_reference),
        Check("conflicting-definition", "warning", "one rule defined twice with materially different text", rules_text.conflicting_definition),
        Check("duplicate-definition", "info", "one rule defined twice with the same text", rules_text.duplicate_definition),
        Check("empty-rule", "warning", "a rule with no text anywhere in its system", rules_text.empty_rule),
        Check("unnamed-rule", "error", "a body whose heading was lost and could not be recovered", rules_text.unnamed_rule),
        Check("alias-mismatch", "warning", "an alias pair whose texts disagree", rules_text.alias_mismatch),
        Check("mangled-text", "warning", "words glued together or split by extraction, mixed languages", rules_text.mangled_text),
        Check("dangling-reference", "error", "a cross-reference to nothing", rules_text.dangling_reference),
        Check("errata-target-missing", "info", "an amendment to a base book not in the corpus", rules_text.errata_target_missing),
        Check("bad-parameters", "error", "a keyword use whose parameters do not fit the rule's signature", rules_graph.bad_parameters),
        Check("must-cannot-conflict", "warning", "one rule obliges what another forbids, with nothing to settle it", rules_graph.must_cannot_conflict),
        Check("grant-cycle", "error", "rules that grant each other in a loop", rules_graph.grant_cycle),
        Check("unused-definition", "info", "a rule no other rule uses", rules_graph.unused_definition),
    )


CODES = (
    "undefined-reference",
    "conflicting-definition",
    "duplicate-definition",
    "empty-rule",
    "unnamed-rule",
    "alias-mismatch",
    "mangled-text",
    "dangling-reference",
    "errata-target-missing",
    "bad-parameters",
    "must-cannot-conflict",
    "grant-cycle",
    "unused-definition",
)


def checks() -> tuple[Check, ...]:
    return _load()
