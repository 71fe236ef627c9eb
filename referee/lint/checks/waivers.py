"""The manifest's waivers, judged: a waiver must name a check, and waive something.

A waiver that names no registered code, or that covers no finding of its
code, says the editors accepted something that is not there: a typo in the
code, a rule renamed since, a problem fixed since.  Both are reported at the
waiver's line of system.toml (see docs/lint.md).  These checks run last: an
unused waiver is judged on every finding of its code in the system, waivers
not applied, whatever ``--select``, ``--ignore`` or ``--min-severity`` show.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding
from referee.lint.registry import check, codes
from referee.lint.waiving import WAIVER_CODES, covers, place, what

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.rulebase.manifest import Waiver


@check("unknown-waiver-code", "error", "a waiver for a code no check has")
def unknown_waiver_code(ctx: LintContext) -> Iterator[Finding]:
    """A waiver whose code is not a registered check's: it waives nothing."""
    known = codes()
    for index, waiver in enumerate(ctx.manifest.waivers):
        if waiver.code in known:
            continue
        guess = difflib.get_close_matches(waiver.code, known, n=1)
        hint = f"did you mean {guess[0]!r}?" if guess else "write one of the codes listed in docs/lint.md"
        line, column = place(ctx, index, "code")
        yield unknown_waiver_code.finding(
            f"waiver names unknown code {waiver.code!r}, so it waives nothing; {hint}",
            ctx.manifest.path,
            line,
            column,
            term=waiver.code,
        )


@check("unused-waiver", "warning", "a waiver that matches no finding")
def unused_waiver(ctx: LintContext) -> Iterator[Finding]:
    """A waiver of a known code that covers no finding of that code in its system.

    Not judged when a document of the manifest was not read (its path
    misspelt, say: manifest-problem reports it): the finding a waiver covers
    may stand in that document, and nothing is wrong with the waiver."""
    known = codes()
    if any(err.document_left_out for err in ctx.noted):
        return  # the findings a waiver waives may stand in the document the run went on without
    for index, waiver in enumerate(ctx.manifest.waivers):
        if waiver.code not in known or waiver.code in WAIVER_CODES:
            continue
        if any(covers(waiver, finding, ctx.rb) for finding in ctx.findings(waiver.code)):
            continue
        key = next(k for k in ("rule", "term", "place", "phrase") if getattr(waiver, k))
        line, column = place(ctx, index, key)
        yield unused_waiver.finding(
            f"waiver of {waiver.code} for {what(waiver)} matches no finding{_why(ctx, waiver)}; "
            f"remove it, or correct its {key if key in ('place', 'phrase') else 'rule or term'}",
            ctx.manifest.path,
            line,
            column,
            term=getattr(waiver, key),
        )


def _why(ctx: LintContext, waiver: Waiver) -> str:
    if waiver.rule and not ctx.resolve(waiver.rule):
        return f" (no rule of {ctx.system} is named {waiver.rule!r})"
    return ""
