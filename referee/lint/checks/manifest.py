"""The manifest itself: problems a lenient reading of system.toml went past.

Every other command stops at the first problem of a manifest.  ``referee
lint`` reads on without what is wrong (the document that is not found, the
alias with a typo, the waiver with no reason: :func:`referee.rulebase.manifest.noting`)
and reports each problem here, at its line, among the findings of the
documents it could read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding
from referee.lint.registry import check

if TYPE_CHECKING:
    from referee.errors import RulesError
    from referee.lint.context import LintContext


@check("manifest-problem", "error", "a problem of system.toml, read past so the rest is checked")
def manifest_problem(ctx: LintContext) -> Iterator[Finding]:
    """One finding per problem noted while reading the manifest leniently."""
    for err in ctx.noted:
        yield manifest_problem.finding(
            f"{err.message}; {err.going_on}", err.file or ctx.manifest.path, err.line or 1
        )
        if err.written_once:
            yield from _written_once(ctx, err)


def _written_once(ctx: LintContext, err: RulesError) -> Iterator[Finding]:
    """The other side of an alias's near miss read leniently: the one place the
    documents write the name the run read the alias as ("Berath Attack" beside
    "Atemattacke" = "Breath Attack").  Written once, it is as likely the slip as the
    alias's target; never silently picked, both places are reported."""
    assert err.written_once is not None
    name, alias, target = err.written_once
    pattern = re.compile(rf"(?<![\w'’-]){re.escape(name)}(?![\w'’-])")
    for document in ctx.manifest.documents:
        if document.path not in ctx.rb.texts:
            continue
        m = pattern.search(ctx.text(document.path))
        if m is None:
            continue
        text = ctx.text(document.path)
        line = text.count("\n", 0, m.start()) + 1
        column = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
        where = f"{err.file}:{err.line}" if err.line else str(err.file or ctx.manifest.path)
        yield manifest_problem.finding(
            f"{name!r} is written here only, and alias {alias!r} ({where}) points at {target!r}, one slip"
            " from it: one of the two is misspelt; correct the one that is",
            document.path,
            line,
            column,
            term=name,
        )
        return
