"""Names a rule uses that no rule of its system defines (see docs/lint.md).

Only names in keyword position count as uses; :mod:`referee.lint.terms`
reads them and decides what counts as defined.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.lint.finding import Finding
from referee.lint.places import nearest_place
from referee.lint.registry import check
from referee.lint.terms import bare, clean, names_of, uses_in
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext


@check("undefined-reference", "warning", "a rule uses a special rule no rule of its system defines")
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
                source = version.source
                hint = min(source.line + version.text.count("\n", 0, max(use.start, 0)), source.end_line)
                line, column = nearest_place(ctx, source.file, source.line, source.end_line, shown, hint)
                if line == source.line and column < source.column:
                    column = source.column  # a page on one line: never before the rule's own start
                yield undefined_reference.finding(
                    message,
                    source.file,
                    line,
                    column,
                    rule=rule.id,
                    term=shown,
                )
