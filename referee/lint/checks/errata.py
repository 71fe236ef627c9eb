"""Amendments and the books they amend (see docs/lint.md for the code).

An errata or house-rules section replaces, adds to, removes or changes pages
of a base book (``Rule.amends``); the change can only be checked against the
book when the book is a document of the system.  What an editor can do about
it is in the manifest (add the book as a document, or name it), so the
finding is one per errata document and book, at the document's entry in
system.toml, with every amendment related.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding, Related
from referee.lint.places import column_of, manifest_place, raw_lines
from referee.lint.registry import check
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Amendment, Rule

_OPS = {"replace": "replaces", "add": "adds to", "remove": "removes", "edit": "changes"}


@check("errata-target-missing", "info", "amendments to a base book not in the corpus")
def errata_target_missing(ctx: LintContext) -> Iterator[Finding]:
    """The amendments of an errata document to a base book that no document of
    the system is: one finding per document and book."""
    titles = {fold(d.title) for d in ctx.manifest.documents if d.title}
    groups: dict[tuple[str, str | None], list[Rule]] = {}
    for rule in ctx.rules:
        amends = rule.amends
        if amends is None or (amends.target and fold(amends.target) in titles):
            continue
        groups.setdefault((rule.source.file, amends.target), []).append(rule)
    paths = [d.path for d in ctx.manifest.documents]
    for (path, book), rules in groups.items():
        index = paths.index(path) if path in paths else len(paths)
        key = "base_book" if book else "path"
        line, column = manifest_place(ctx.manifest_lines, "documents", index, key) or (1, 1)
        yield errata_target_missing.finding(
            _message(ctx, path, book, rules),
            ctx.manifest.path,
            line,
            column,
            term=book,
            related=tuple(
                Related.cited(r.id, r.source, amendment(r.name, r.amends))
                for r in rules
                if r.amends is not None
            ),
        )


def _message(ctx: LintContext, path: str, book: str | None, rules: list[Rule]) -> str:
    sections = f"{len(rules)} section{'s' if len(rules) != 1 else ''} of {path}"
    verb = "amends" if len(rules) == 1 else "amend"
    if book is None:
        return f"{sections} {verb} pages of a base book the manifest does not name; set base_book in {ctx.manifest.path}"
    pages = _span([p for r in rules if r.amends is not None for p in r.amends.pages])
    return (
        f"{sections} {verb} {book!r}{pages}, which is not in rules_src; "
        "add the book as a document with that title to check the changes against it"
    )


def amendment(name: str, amends: Amendment) -> str:
    """What one section does to the book: ``'Buildings' removes pp.129, 130``.

    >>> from referee.model import Amendment
    >>> amendment("Make Way!", Amendment("add", ())), amendment("Buildings", Amendment("remove", ("129", "130")))
    ("'Make Way!' adds to a page it does not give", "'Buildings' removes pp.129, 130")
    """
    pages = amends.pages
    where = f"p.{pages[0]}" if len(pages) == 1 else f"pp.{', '.join(pages)}" if pages else "a page it does not give"
    return f"{name!r} {_OPS.get(amends.op, amends.op)} {where}"


def _span(pages: list[str]) -> str:
    """The pages amended, as a message gives them: `` (p.53)``, `` (pp.4-267)``.

    >>> _span(["53", "53"]), _span(["75", "4", "267"]), _span([])
    (' (p.53)', ' (pp.4-267)', '')
    """
    numbers = sorted({int(p) for p in pages if re.fullmatch(r"\d+", p)})
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f" (p.{numbers[0]})"
    return f" (pp.{numbers[0]}-{numbers[-1]})"


@check("page-out-of-range", "warning", "an erratum's page number beyond the page count the manifest gives")
def page_out_of_range(ctx: LintContext) -> Iterator[Finding]:
    """An amendment to a page the base book does not have: beyond the page
    count the manifest gives (``base_book_pages`` of the document)."""
    for file, rules, given in _errata_pages(ctx):
        if given is None:
            continue
        for rule in rules:
            for page in _pages(rule):
                if int(page) > given:
                    line, column = _page_place(ctx, rule, page)
                    yield page_out_of_range.finding(
                        f"{rule.name!r} amends p.{page}, beyond the base book's pages: "
                        f"the base book has {given} pages ({ctx.manifest.path})",
                        file, line, column, rule=rule.id, term=page,
                    )


@check("unlikely-page", "info", "an erratum's page number a digit too many for the other errata's pages (no page count)")
def unlikely_page(ctx: LintContext) -> Iterator[Finding]:
    """Where the manifest gives no page count, a page that is a digit too many
    for the pages the document's other errata amend (:func:`beyond`).  The
    errata's own pages cannot tell the book's length (a book of 500 pages may
    have errata to pp.4-130 only), so this states the fact and asks for the
    count, as a note."""
    for file, rules, given in _errata_pages(ctx):
        if given is not None:
            continue
        pages = [int(p) for r in rules for p in _pages(r)]
        suspects = _digit_too_many(pages)
        for rule in rules:
            for page in _pages(rule):
                others = list(pages)
                others.remove(int(page))
                if not (beyond(int(page), others) or int(page) in suspects):
                    continue
                others = [p for p in others if p not in suspects] or others
                line, column = _page_place(ctx, rule, page)
                yield unlikely_page.finding(
                    f"{rule.name!r} amends p.{page}, far above the pages the other errata of this document amend "
                    f"(pp.{min(others)}-{max(others)}): a digit too many? {ctx.manifest.path} gives no base_book_pages "
                    "to check it against",
                    file, line, column, rule=rule.id, term=page,
                )


def _errata_pages(ctx: LintContext) -> Iterator[tuple[str, list[Rule], int | None]]:
    """Each document's amendments with page numbers, and the base book's page
    count its manifest entry gives (None for none)."""
    by_file: dict[str, list[Rule]] = {}
    for rule in ctx.rules:
        if rule.amends is not None and rule.amends.pages:
            by_file.setdefault(rule.source.file, []).append(rule)
    counts = {d.path: d.options.get("base_book_pages") for d in ctx.manifest.documents}
    for file, rules in by_file.items():
        given = counts.get(file)
        yield file, rules, given if isinstance(given, int) and not isinstance(given, bool) else None


def _pages(rule: Rule) -> list[str]:
    return [p for p in rule.amends.pages if p.isdigit()]  # type: ignore[union-attr]


def _digit_too_many(pages: list[int]) -> set[int]:
    """The pages that are a digit too many for the pages below them that are not:
    read upwards, so that two such pages do not make each other's range ("p.371"
    beside pp.4-130 and a p.267 that is itself a digit too many).

    >>> pages = [4, 37, 53, 60, 88, 102, 130]
    >>> sorted(_digit_too_many(pages + [267, 371])), sorted(_digit_too_many(pages))
    ([267, 371], [])
    """
    kept: list[int] = []
    out: set[int] = set()
    for page in sorted(pages):
        if beyond(page, kept):
            out.add(page)
        else:
            kept.append(page)
    return out


def beyond(page: int, others: list[int]) -> bool:
    """Whether ``page`` lies past the pages the other errata amend by a digit
    too many: above half again their highest, and a page among theirs with one
    of its digits left out, or written with more digits than any of theirs.  Three other pages at least: fewer say too little
    of the book's range.

    >>> beyond(533, [4, 37, 53, 267]), beyond(2670, [4, 37, 53, 267]), beyond(300, [4, 37, 267]), beyond(268, [4, 26, 267])
    (True, True, False, False)
    >>> beyond(2676, [4, 37, 53, 130]), beyond(1000, [4, 37, 53, 999])
    (True, False)
    """
    if len(others) < 3 or page <= max(others) * 1.5:
        return False
    low, high = min(others), max(others)
    digits = str(page)
    if len(digits) > len(str(high)):
        return True  # more digits than every other page, and half again the highest: "p.2676" beside pp.4-130
    return any(low <= int(digits[:i] + digits[i + 1 :] or 0) <= high for i in range(len(digits)))


def _page_place(ctx: LintContext, rule: Rule, page: str) -> tuple[int, int]:
    """The line and column of a page number in the rule's heading (else its start)."""
    lines = raw_lines(ctx, rule.source.file)
    for n in range(rule.source.line, min(rule.source.end_line, len(lines)) + 1):
        m = re.search(rf"(?<!\d){page}(?!\d)", lines[n - 1])
        if m:
            return n, m.start() + 1
    return rule.source.line, rule.source.column
