"""Names a rule uses that no rule of its system defines (see docs/lint.md).

The rule graph reads the names in keyword position ("gains X", "models with X",
"the X special rule", ...) once, from the lexer's tokens, and keeps the ones the
system does not know on each sentence (:mod:`referee.graph.unknown`).  Here
they are only judged: :mod:`referee.lint.terms` says what counts as defined
after all (a core term, a term a rule's text defines, a placeholder, a plural
or verb form of a rule's name).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.lint.finding import Finding
from referee.lint.places import nearest_place
from referee.lint.registry import check
from referee.lint.terms import bare, clean, names_of
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext


@check("undefined-reference", "warning", "a rule uses a special rule no rule of its system defines")
def undefined_reference(ctx: LintContext) -> Iterator[Finding]:
    """Names in keyword position that nothing in the system defines: one finding per (rule, name)."""
    names = names_of(ctx)
    books = {d.path: d.options.get("base_book") for d in ctx.manifest.documents}
    reported: set[tuple[str, str]] = set()
    for sentence in ctx.sentences:
        for term_written, offset, position in sentence.unknown:
            term = clean(term_written)
            if term is None or names.is_known(term) or names.is_known(term_written):
                continue
            if position == "keyword" and names.is_known_suffix(bare(term)):
                continue  # "Fleeing Chariot - Wo(D6)": a table's label before a keyword
            if names.argument_of_family(sentence.text[:offset]):
                continue  # "immune to Flame": the argument of Immunity (X), not a use of a rule
            shown = bare(term)
            if (sentence.rule, fold(shown)) in reported:
                continue
            reported.add((sentence.rule, fold(shown)))
            message = f"'{shown}' is used here but no rule of {ctx.system} defines it"
            if books.get(sentence.file):
                message += f"; if it is a rule of the base book, add it to core_terms in {ctx.manifest.path}"
            last = _last_line(ctx, sentence.rule, sentence.file, sentence.line)
            line, column = nearest_place(ctx, sentence.file, sentence.line, last, shown, sentence.line)
            if line == sentence.line and column < sentence.column:
                column = sentence.column  # a page on one line: never before the sentence's own start
            yield undefined_reference.finding(message, sentence.file, line, column, rule=sentence.rule, term=shown)


def _last_line(ctx: LintContext, rule_id: str, file: str, line: int) -> int:
    """The last line of the version of ``rule_id`` in ``file`` that holds ``line``."""
    rule = ctx.rb.get(rule_id)  # by id: a scan of the system's rules per finding grew with their square
    if rule is not None and rule.system != ctx.system:
        rule = None
    for version in rule.versions if rule else ():
        if version.source.file == file and version.source.line <= line <= version.source.end_line:
            return version.source.end_line
    return line
