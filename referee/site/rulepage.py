"""The page of one rule.

Top to bottom: the name, where it sits (system, category, parent), what else
it is called (each alias with its language), its parameters and amendments,
its text with a span and anchor per sentence, profiles and tables, its
sub-rules (each under its own anchor), its other versions beside a word diff
against the primary text, its relations, and a diagram of its neighbourhood.

Only the name and the text go into the site's search index (as the page's
first section); the sections after them are marked ``data-search-exclude``,
so a search for a rule's name finds its page, not every page citing it.
"""

from __future__ import annotations

from dataclasses import dataclass
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.site import memo, relations
from referee.site.diagram import neighbourhood
from referee.site.diff import word_diff
from referee.site.html import Markup, join, tag
from referee.site.ruletext import TextWriter
from referee.site.urls import relative, slug

if TYPE_CHECKING:
    from referee.model import Rule, Table, Version
    from referee.site.rulebook import Rulebook

LANGUAGES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "pl": "Polish"}
FLAGS = {
    "stub": "a stub: the documents name this rule but give it no text",
    "recovered-name": "the heading was lost in extraction; the name was recovered from the text",
    "unnamed": "no name could be recovered: the documents lost its heading",
    "versions": "the documents give this rule in several versions",
}


@dataclass(frozen=True)
class Written:
    """A page's HTML and its table of contents: (anchor, title, level) per heading.

    ``title`` and ``html`` are what the site's search reads (a rule's name and
    text); ``aside`` stands between them on the page (where the rule sits, its
    aliases and source), ``rest`` after them (relations, versions, the
    diagram, the index's lists): both are put in after the search has read
    the page.
    """

    html: Markup
    toc: tuple[tuple[str, str, int], ...]
    rest: Markup = Markup("")
    title: Markup = Markup("")
    aside: Markup = Markup("")

    @property
    def whole(self) -> Markup:
        return self.title + self.aside + self.html + self.rest


def heading(level: int, anchor: str, title: str, search: bool = False) -> Markup:
    """An ``<h2>``/``<h3>`` with its permalink; ``search=False`` keeps its section out of search."""
    link = tag("a", "¶", href=f"#{anchor}", class_="headerlink", title="Permanent link")
    return tag(f"h{level}", [title, link], id=anchor, data_search_exclude=not search)


def language(code: str) -> str:
    return LANGUAGES.get(code, code)


def write_rule(book: Rulebook, rule: Rule, here: str, diagrams: bool = True) -> Written:
    from referee.site.unitpages import used_by  # it builds on this module

    writer = TextWriter(book, rule, here)
    toc: list[tuple[str, str, int]] = []
    name, aside = tag("h1", rule.name, id="rule"), crumbs(book, rule, here) + facts(book, rule, here)
    body: list[Markup] = []
    primary = rule.versions[0] if rule.versions else None
    if rule.text.strip():
        lang = primary.lang if primary else None
        body.append(tag("div", writer.text(rule.text), class_="rf-text", id="text", lang=lang))
    else:
        body.append(tag("p", "No text: the documents name this rule but do not say what it does.", class_="rf-empty", id="text"))
    body.extend(extras(primary))
    head, body = join(body), []

    if rule.children:
        toc.append(("sub-rules", "Sub-rules", 2))
        body.append(heading(2, "sub-rules", "Sub-rules"))
        for child_id in rule.children:
            child = book.rule(child_id)
            if child is None:
                continue
            anchor = book.child_anchor(child_id)
            toc.append((anchor, child.name, 3))
            body.append(sub_rule(book, child, anchor, here))

    if len(rule.versions) > 1:
        toc.append(("versions", "Versions", 2))
        body.append(heading(2, "versions", "Versions"))
        body.extend(versions(book, rule, writer, here))

    users = used_by(book, rule.id, here) if book.armies else []
    if users:
        toc.append(("used-by", "Used by", 2))
        body.extend(users)

    lists = relations.lists(book, rule, here)
    if lists:
        toc.append(("relations", "Relations", 2))
        body.append(heading(2, "relations", "Relations"))
        for anchor, title, items in lists:
            toc.append((anchor, title, 3))
            body.append(heading(3, anchor, title))
            body.append(items)

    if diagrams:
        svg = diagram(book, rule, here)
        if svg is not None:
            toc.append(("neighbourhood", "Neighbourhood", 2))
            body.append(heading(2, "neighbourhood", "Neighbourhood"))
            body.append(tag("figure", svg, class_="rf-figure", data_search_exclude=True))
    editors = for_editors(book, rule, here)
    if editors is not None:
        body.append(editors)
    return Written(head, tuple(toc), join(body), name, aside)


def crumbs(book: Rulebook, rule: Rule, here: str) -> Markup:
    """System › category › parent: where the rule sits, each a link."""
    parts = [tag("a", book.title, href=relative(here, book.address.system_page(book.system)))]
    if rule.category:
        href = relative(here, book.address.system_page(book.system, "categories"), "c-" + (slug(rule.category) or "x"))
        parts.append(tag("a", rule.category, href=href))
    if rule.parent and book.rule(rule.parent) is not None:
        parts.append(tag("a", book.name(rule.parent), href=relative(here, book.page(rule.parent), book.child_anchor(rule.id))))
    return tag("nav", join(parts, Markup(" › ")), class_="rf-crumbs", aria_label="Where this rule sits", data_search_exclude=True)


def facts(book: Rulebook, rule: Rule, here: str) -> Markup:
    """A definition list: aliases, parameters, amendments, source, flags."""
    rows: list[Markup] = []

    def row(term: str, value: Markup, css: str) -> None:
        rows.append(tag("div", [tag("dt", term), tag("dd", value)], class_=css))

    if rule.aliases:
        names = [
            join([tag("span", a.name, lang=a.lang, class_="rf-alias"), " ", tag("small", f"({language(a.lang)})")])
            for a in rule.aliases
        ]
        row("Also called", join(names, ", "), "rf-aliases")
    if rule.params:
        row("Parameters", join([tag("code", f"{p.name}: {p.kind}") for p in rule.params], ", "), "rf-params")
    if rule.amends:
        pages = ", ".join(f"p.{p}" for p in rule.amends.pages) or "an unnamed page"
        book_title = rule.amends.target or "the base book"
        verb = {"replace": "Replaces", "add": "Adds to", "remove": "Removes", "edit": "Edits"}.get(rule.amends.op, "Amends")
        row("Amends", join([f"{verb} {pages} of ", tag("cite", book_title)]), "rf-amends")
    row(
        "Source",
        relations.source_link(book, rule.source.file, rule.source.line, rule.source.column, here, rule.source.end_line, rule.source.page),
        "rf-sourceline",
    )
    return tag("dl", rows, class_="rf-facts")


def for_editors(book: Rulebook, rule: Rule, here: str) -> Markup | None:
    """What the extraction noted about the rule (a lost heading, no text), for editors: a
    collapsed box at the foot of the page, beside a link to the system's Editor's report."""
    notes = [FLAGS[f] for f in rule.flags if f in FLAGS and f != "versions"]
    if not notes:
        return None
    report = relative(here, book.address.system_page(book.system, "report"))
    return tag(
        "details",
        [
            tag("summary", "For editors"),
            tag("ul", [tag("li", note) for note in notes]),
            tag("p", ["Every such note is on the ", tag("a", "Editor's report", href=report), "."]),
        ],
        class_="rf-editors",
        data_search_exclude=True,
    )


def extras(version: Version | None) -> list[Markup]:
    """A version's weapon profiles and tables, as the document laid them out."""
    if version is None:
        return []
    out: list[Markup] = []
    if version.fields:
        out.append(fields(version))
    for profile in version.profiles:
        out.append(tag("p", [tag("span", "Profile", class_="rf-label"), " ", tag("code", profile.text, lang=profile.lang)], class_="rf-profile"))
    out.extend(table(t) for t in version.tables)
    return out


def fields(version: Version) -> Markup:
    """A rule's profile: the other cells of the table row or card defining it, one column each."""
    named = [f for f in version.fields if f.name]
    rows = []
    if named:
        rows.append(tag("thead", tag("tr", [tag("th", f.name) for f in named])))
        rows.append(tag("tbody", tag("tr", [tag("td", f.value) for f in named])))
    loose = [tag("tr", tag("td", f.value, colspan=str(max(len(named), 1)))) for f in version.fields if not f.name]
    if loose:
        rows.append(tag("tbody", loose))
    return tag("div", tag("table", rows), class_="rf-table rf-fields")


def table(t: Table) -> Markup:
    head = tag("thead", tag("tr", [tag("th", cell) for cell in t.header])) if any(t.header) else None
    body = tag("tbody", [tag("tr", [tag("td", cell) for cell in row]) for row in t.rows])
    return tag("div", tag("table", [head, body]), class_="rf-table")


def sub_rule(book: Rulebook, child: Rule, anchor: str, here: str) -> Markup:
    writer = TextWriter(book, child, here, prefix=f"{anchor}-")
    text = writer.text(child.text) if child.text.strip() else tag("p", "No text.", class_="rf-empty")
    link = tag("a", "its own page", href=relative(here, book.page(child.id)))
    return tag(
        "section",
        [heading(3, anchor, child.name), tag("p", ["See ", link, "."], class_="rf-see"), tag("div", text, class_="rf-text")],
        class_="rf-subrule",
    )


def versions(book: Rulebook, rule: Rule, writer: TextWriter, here: str) -> list[Markup]:
    """Each version with its document; every version after the first beside a word diff."""
    primary = rule.versions[0]
    out: list[Markup] = []
    for n, version in enumerate(rule.versions, start=1):
        title = [
            tag("strong", version.document.partition("/")[2] or version.document),
            f" ({version.role}, {language(version.lang)})",
        ]
        if version.heading and version.heading != rule.name:
            title.append(join([" as ", tag("q", version.heading)]))
        where = relations.source_link(book, version.source.file, version.source.line, version.source.column, here, version.source.end_line, version.source.page)
        head = tag("p", [*title, " — ", where, " (primary)" if n == 1 else None], class_="rf-version-head")
        if n == 1:
            out.append(tag("div", [head, tag("p", tag("a", "The text above.", href="#text"))], class_="rf-version", id=f"v{n}"))
            continue
        parts: list[Markup] = [head, tag("div", writer.text(version.text), class_="rf-text", lang=version.lang)]
        parts.extend(extras(version))
        if version.text.strip() and primary.text.strip() and version.text != primary.text:
            old, new = word_diff(primary.text, version.text)
            parts.append(
                tag(
                    "div",
                    [
                        tag("div", [tag("p", "Primary text", class_="rf-label"), tag("p", old)], class_="rf-diff-old"),
                        tag("div", [tag("p", "This version", class_="rf-label"), tag("p", new)], class_="rf-diff-new"),
                    ],
                    class_="rf-diff",
                )
            )
        elif version.text == primary.text:
            parts.append(tag("p", "Word for word the primary text.", class_="rf-same"))
        out.append(tag("div", parts, class_="rf-version", id=f"v{n}"))
    return out


def diagram(book: Rulebook, rule: Rule, here: str) -> Markup | None:
    """The neighbourhood SVG: rules whose relations point here, and where this one's point."""
    order = {kind: i for i, (kind, _, _) in enumerate(relations.GROUPS)}

    def gather(rels: list, outgoing: bool) -> list:
        nodes: dict[str, tuple[str | None, str, list[str], bool, str | None]] = {}
        for rel in rels:
            other = rel.target if outgoing else rel.source
            if other == rule.id:
                continue
            known = other is not None and book.rule(other) is not None
            key = other if known else f"~{rel.target_name or rel.kind}"
            name = book.name(other) if known else (rel.target_name or other or rel.kind)
            href = relative(here, book.page(other)) if known else None
            node = nodes.setdefault(key, (href, name, [], not known, book.preview(other) if known else None))
            if rel.kind not in node[2]:
                node[2].append(rel.kind)
        out = []
        for href, name, kinds, external, hint in nodes.values():
            kinds.sort(key=lambda k: order.get(k, len(order)))
            out.append((href, name, tuple(kinds), external, hint))
        out.sort(key=lambda n: (order.get(n[2][0], len(order)), n[1].casefold(), n[1]))
        return out

    into = tuple(gather(book.into.get(rule.id, []), outgoing=False))
    out = tuple(gather(book.out.get(rule.id, []), outgoing=True))
    return memo.DIAGRAMS.get((rule.name, into, out), lambda: neighbourhood(rule.name, into, out))
