"""Links written in the documents' own markup: a Markdown link to an anchor
or a file that is not there, a wiki link to a page the system does not have.

The adapters keep a link's text and drop its target, so these checks read the
documents' raw text: each link is placed at its own line and column, and
reported for the rule whose text holds it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding
from referee.lint.places import places
from referee.lint.registry import check
from referee.text import fold
import difflib
from bisect import bisect_right

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule

# [text](target "title"), not an image's ![alt](file)
_MD_LINK = re.compile(r"(?<!!)\[(?P<text>[^\]\n]*)\]\((?P<target><[^>\n]*>|[^)\s]*)(?:\s+\"[^\"\n]*\")?\)")
_MD_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(?P<title>.*?)[ \t#]*$", re.MULTILINE)
_MD_ANCHOR = re.compile(r"""<a\s+(?:name|id)\s*=\s*["']([^"']+)["']|\{#([\w-]+)\}""")
_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # http:, mailto:, ...
# [[Page]], [[Page#Section|shown]]; a namespace ([[File:...]], [[Category:...]]) is no page of rules
_WIKI_LINK = re.compile(r"\[\[(?P<page>[^\[\]|#\n]*)(?:#[^\[\]|\n]*)?(?:\|[^\[\]\n]*)?\]\]")


def slug(title: str) -> str:
    """A Markdown heading's anchor as GitHub and most renderers make it.

    >>> slug("**Reaction units:**"), slug("4.2 Fighting in Melee"), slug("Hit & Run")
    ('reaction-units', '42-fighting-in-melee', 'hit--run')
    """
    plain = re.sub(r"[*_`]|<[^>]*>", "", title).strip().casefold()
    plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", plain)
    return re.sub(r"[^\w\- ]", "", plain).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every anchor a Markdown text declares: its headings' (repeated ones with
    ``-1``, ``-2``, as renderers number them) and explicit ones."""
    out: set[str] = set()
    seen: dict[str, int] = {}
    for m in _MD_HEADING.finditer(text):
        base = slug(m.group("title"))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    for m in _MD_ANCHOR.finditer(text):
        out.add((m.group(1) or m.group(2)).casefold())
    return out


class _Where:
    """Offsets of one document as (line, column), and the rule whose text holds them."""

    def __init__(self, ctx: LintContext, file: str) -> None:
        text = ctx.text(file)
        self.starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        self.places = sorted(
            ((p.source.line, p.source.column, p.rule) for r in ctx.rules for p in places(r) if p.source.file == file),
            key=lambda t: (t[0], t[1]),
        )

    def at(self, offset: int) -> tuple[int, int, Rule | None]:

        line = bisect_right(self.starts, offset)
        column = offset - self.starts[line - 1] + 1
        rule = None
        for start_line, start_column, candidate in self.places:
            if (start_line, start_column) > (line, column):
                break
            rule = candidate
        return line, column, rule


@check("missing-link-target", "error", "a Markdown link to an anchor or file that is not there, a wiki link to no page")
def missing_link_target(ctx: LintContext) -> Iterator[Finding]:
    """Each link of a Markdown document or wiki page whose target is not there."""
    pages: set[str] | None = None
    for doc in ctx.manifest.documents:
        if doc.format == "markdown":
            yield from _markdown(ctx, doc.path)
        elif doc.format == "mediawiki":
            if pages is None:
                pages = _pages(ctx)
            yield from _wiki(ctx, doc.path, pages)


def _markdown(ctx: LintContext, file: str) -> Iterator[Finding]:
    text = ctx.text(file)
    if "](" not in text:
        return
    own = anchors(text)
    where = _Where(ctx, file)
    for m in _MD_LINK.finditer(text):
        target = m.group("target").strip("<>")
        if not target or _EXTERNAL.match(target):
            continue
        path, _, anchor = target.partition("#")
        line, column, rule = where.at(m.start("target"))
        if path:
            linked = os.path.normpath(os.path.join(os.path.dirname(file), path)).replace(os.sep, "/")
            if not _exists(ctx, linked):
                yield missing_link_target.finding(
                    f"link [{m.group('text')}]({target}) points at {path!r}, which is not there; "
                    "correct the file name, or link to a rule of this document",
                    file, line, column, rule=rule.id if rule else None, term=target,
                )
                continue
            if not anchor or linked not in ctx.rb.texts or not linked.endswith(".md"):
                continue
            theirs = anchors(ctx.text(linked))
        else:
            theirs = own
        if anchor and anchor.casefold() not in theirs:
            near = _nearest(anchor.casefold(), theirs)
            hint = f"; did you mean #{near}?" if near else "; link to a heading of the document"
            yield missing_link_target.finding(
                f"link [{m.group('text')}]({target}) points at anchor #{anchor}, which no heading of "
                f"{path or 'this document'} makes{hint}",
                file, line, column, rule=rule.id if rule else None, term=target,
            )


def _exists(ctx: LintContext, linked: str) -> bool:
    if linked in ctx.rb.texts:
        return True
    return ctx.rules_src is not None and os.path.exists(os.path.join(ctx.rules_src, linked))


def _nearest(word: str, among: set[str]) -> str | None:

    close = difflib.get_close_matches(word, sorted(among), n=1, cutoff=0.75)
    return close[0] if close else None


def _pages(ctx: LintContext) -> set[str]:
    """What a wiki link of the system may name: its rules' names, aliases and
    headings, as page titles (:func:`title`); its core terms are folded."""
    out = set(ctx.core_terms)
    for rule in ctx.rules:
        out.update(title(n) for n in rule.names)
        out.update(title(v.heading) for v in rule.versions if v.heading)
    return out


def title(page: str) -> str:
    """A wiki page title as MediaWiki compares it: an underscore is a space and
    runs of spaces are one, but a hyphen or an apostrophe is part of the title
    ("Counter Attack" is not the page "Counter-Attack": a red link).  Case is
    left out, as a wiki's redirects usually make it.

    >>> title("Counter_Attack") == title("counter attack"), title("Counter Attack") == title("Counter-Attack")
    (True, False)
    """
    return " ".join(page.replace("_", " ").casefold().split())


def _wiki(ctx: LintContext, file: str, pages: set[str]) -> Iterator[Finding]:
    text = ctx.text(file)
    if "[[" not in text:
        return
    where = _Where(ctx, file)
    for m in _WIKI_LINK.finditer(text):
        page = m.group("page").strip()
        if not page or ":" in page:
            continue  # a link within the page ([[#Fear]]), or to a namespace: File:, Category:
        if title(page) in pages or fold(page) in ctx.core_terms:
            continue
        line, column, rule = where.at(m.start())
        near = _nearest(title(page), pages)
        hint = f"; did you mean [[{_written(ctx, near)}]]?" if near else "; link to a rule of the system"
        yield missing_link_target.finding(
            f"wiki link [[{page}]] names no page of {ctx.system}{hint}",
            file, line, column, rule=rule.id if rule else None, term=page,
        )


def _written(ctx: LintContext, page: str) -> str:
    for rule in ctx.rules:
        for name in rule.names:
            if title(name) == page:
                return name
    return page
