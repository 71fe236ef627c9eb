"""The manifest itself: problems a lenient reading of system.toml went past.

Every other command stops at the first problem of a manifest.  ``referee
lint`` reads on without what is wrong (the document that is not found, the
alias with a typo, the waiver with no reason: :func:`referee.rulebase.manifest.noting`)
and reports each problem here, at its line, among the findings of the
documents it could read.
"""

from __future__ import annotations

from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding
from referee.lint.registry import check

if TYPE_CHECKING:
    from referee.lint.context import LintContext


@check("manifest-problem", "error", "a problem of system.toml, read past so the rest is checked")
def manifest_problem(ctx: LintContext) -> Iterator[Finding]:
    """One finding per problem noted while reading the manifest leniently."""
    for err in ctx.noted:
        yield manifest_problem.finding(
            f"{err.message}; {err.going_on}", err.file or ctx.manifest.path, err.line or 1
        )
