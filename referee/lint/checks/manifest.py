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
from referee.text import near_miss, plural, singulars

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
    yield from _core_term_slips(ctx)


def _core_term_slips(ctx: LintContext) -> Iterator[Finding]:
    """A core term no document writes that is one slip from words a document
    does write ("Unit Strenght" where the rules write "Unit Strength"): the
    documents' spelling is the one in use, so the core term is the slip.  A
    core term no document writes at all, with nothing close, is a term of the
    game the documents happen not to name, and not reported."""
    texts = {d.path: ctx.text(d.path) for d in ctx.manifest.documents if d.path in ctx.rb.texts}
    lines = ctx.manifest_lines or []
    for term in ctx.manifest.core_terms:
        words = term.split()
        if len(term) < 5 or any(_written(term, text) for text in texts.values()):
            continue
        found = _slip_written(words, texts)
        if found is None:
            continue
        written, path, line = found
        at = next((n for n, raw in enumerate(lines, 1) if f'"{term}"' in raw), 1)
        column = lines[at - 1].find(f'"{term}"') + 2 if lines else 1
        yield manifest_problem.finding(
            f"core term {term!r} is written in no document, and {path}:{line} writes {written!r}, one slip from it:"
            f" did you mean {written!r}?",
            ctx.manifest.path, at, column, term=term,
        )


def _written(term: str, text: str) -> bool:
    return re.search(rf"(?<![\w'’-]){re.escape(term)}(?![\w'’-])", text, re.IGNORECASE) is not None


def _slip_written(words: list[str], texts: dict[str, str]) -> tuple[str, str, int] | None:
    """Where a document writes ``words`` with one of them one slip off (not in
    the singular or the plural: "Dangerous Terrain Tests" is the term), and how."""
    for i, word in enumerate(words):
        if len(word) < 4:
            continue
        parts = [re.escape(w) if j != i else r"([^\W\d_]+)" for j, w in enumerate(words)]
        pattern = re.compile(r"(?<![\w'’-])" + r"\s+".join(parts) + r"(?![\w'’-])", re.IGNORECASE)
        for path, text in texts.items():
            for m in pattern.finditer(text):
                one, other = word.casefold(), m.group(1).casefold()
                if near_miss(one, other) and not ({one, other} & {*singulars(one), *singulars(other), plural(one), plural(other)}):
                    return " ".join(m.group().split()), path, text.count("\n", 0, m.start()) + 1
    return None


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
