"""A system's own pages: the A-Z index, the categories, and its source documents.

The index lists every rule and every alias ("Hellebarde → Halberd") under
its initial letter, with a bar of letters to jump by, and opens with the box
where a player pastes a unit's keyword string (:mod:`referee.site.assets`'s
``referee.js`` reads it in the browser).  A document's page shows its text
line by line, each line with its own anchor (``#L58``), and a link to each
rule at the line where the rule starts.
"""

from __future__ import annotations

import unicodedata
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.site.html import Markup, join, tag
from referee.site.rulepage import Written, heading, language
from referee.site.urls import line_anchor, relative, slug
from referee.text import fold

if TYPE_CHECKING:
    from referee.site.rulebook import Rulebook


def initial(name: str) -> str:
    """The letter a name is listed under: A-Z, accents dropped; "#" for anything else.

    >>> initial("Ätherklinge"), initial("fear"), initial("+1 Strength")
    ('A', 'F', '#')
    """
    first = unicodedata.normalize("NFKD", name.strip()[:1].upper())[:1]
    return first if "A" <= first <= "Z" else "#"


def write_index(book: Rulebook, here: str, paste_box: bool, report: bool) -> Written:
    """The A-Z index of rule names and aliases, and the paste box."""
    entries: list[tuple[str, str, Markup]] = []
    shown = book.player_rules()
    for rule in shown:
        link = tag("a", rule.name, href=relative(here, book.page(rule.id)))
        notes = [tag("span", rule.category, class_="rf-cat")] if rule.category else []
        if rule.parent and book.rule(rule.parent) is not None:
            notes.append(tag("span", ["in ", book.name(rule.parent)], class_="rf-in"))
        entries.append((fold(rule.name), rule.id, tag("li", [link, " ", *notes])))
        for alias in rule.aliases:
            if fold(alias.name) == fold(rule.name):
                continue
            line = [tag("span", alias.name, lang=alias.lang, class_="rf-alias"), " ", tag("small", f"({language(alias.lang)})"), " → ", link]
            entries.append((fold(alias.name), rule.id, tag("li", line, class_="rf-alias-entry")))
    entries.sort(key=lambda e: (e[0], e[1]))
    letters: dict[str, list[Markup]] = {}
    for key, _rid, item in entries:
        letters.setdefault(initial(key), []).append(item)
    order = sorted(letters, key=lambda c: (c == "#", c))

    counts = f"{len(shown)} rules, {sum(len(r.aliases) for r in shown)} other names, {len(book.documents)} documents."
    links = [tag("a", "Categories", href=relative(here, book.address.system_page(book.system, "categories")))]
    if report:
        links.append(tag("a", "Editor's report", href=relative(here, book.address.system_page(book.system, "report"))))
    links.extend(tag("a", doc.partition("/")[2], href=relative(here, book.address.document_page(doc))) for doc in book.documents)
    if book.armies:  # imported army data: each army book's units
        links.extend(tag("a", f"Army: {army.book.name}", href=relative(here, army.page), class_="rf-army-link") for army in book.armies.armies)
    body: list[Markup] = [
        tag("h1", book.title, id="system"),
        game_search(book.system, book.title, relative(here, book.address.system_page(book.system))),
        tag("p", [counts, " ", join(links, " · ")], class_="rf-system-links"),
    ]
    head, body = join(body), []
    toc: list[tuple[str, str, int]] = []
    if paste_box:
        body.append(paste_box_html(book, here))
        toc.append(("paste", "Paste a unit's rules", 2))
    body.append(heading(2, "a-z", "A–Z"))
    toc.append(("a-z", "A–Z", 2))
    body.append(
        tag("nav", join([tag("a", c, href=f"#letter-{_letter_id(c)}") for c in order], " "), class_="rf-letters", aria_label="Letters")
    )
    for c in order:
        body.append(heading(3, f"letter-{_letter_id(c)}", c))
        body.append(tag("ul", letters[c], class_="rf-index"))
    return Written(head, tuple(toc), join(body))


def game_search(system: str, title: str, index: str) -> Markup:
    """A search box for one game: the site's search, scoped to the game (``referee.js``
    opens the search with the game chosen; its results have a switch to all games).
    Without script, sending it opens the game's A-Z index (``index``, relative)."""
    label = f"Search {title}"  # said to screen readers; the box shows "Find a rule…"
    return tag(
        "form",
        [
            tag("label", label, for_=f"rf-find-{system}", class_="rf-sr"),
            tag("input", None, type="search", id=f"rf-find-{system}", placeholder="Find a rule…", autocomplete="off", spellcheck="false"),
            tag("button", "Search", type="submit"),
        ],
        class_="rf-game-search",
        data_game=system,
        role="search",
        action=index,
    )


def _letter_id(c: str) -> str:
    return c.lower() if c != "#" else "other"


def paste_box_html(book: Rulebook, here: str) -> Markup:
    """The form the page's script reads; without script it says what it would do."""
    return tag(
        "section",
        [
            heading(2, "paste", "Paste a unit's rules"),
            tag(
                "p",
                'Paste the special rules line of a unit card, such as "Aegis (4+, against Melee Attacks), Fortitude (5+)": each rule it names links to its page, with its parameters.',
            ),
            tag(
                "form",
                [
                    tag("label", "Keyword string", for_="rf-paste-input", class_="rf-label"),
                    tag("textarea", None, id="rf-paste-input", rows=2, spellcheck="false", autocomplete="off", placeholder="Multiple Wounds (D3, Clipped Wings), Fearless"),
                ],
                class_="rf-paste-form",
            ),
            tag("div", None, id="rf-paste-result", aria_live="polite"),
            tag("noscript", "The box needs JavaScript; every rule is also in the index below."),
        ],
        class_="rf-paste",
        data_system=book.system,
        data_names=relative(here, book.address.asset(f"names-{book.system}.js")),
        data_parser=relative(here, book.address.asset("keyword-parser.js")),
    )


def write_categories(book: Rulebook, here: str) -> Written:
    """Each category with its rules, A-Z; rules without one last."""
    groups: dict[str, list] = {}
    for rule in book.sorted_rules():
        if not book.for_players(rule):
            continue
        groups.setdefault(rule.category or "", []).append(rule)
    order = sorted((c for c in groups if c), key=lambda c: (fold(c), c)) + ([""] if "" in groups else [])
    body: list[Markup] = [tag("h1", f"{book.title}: categories", id="categories")]
    toc: list[tuple[str, str, int]] = []
    taken: set[str] = set()
    for category in order:
        anchor = "c-" + (slug(category) or "x")
        if anchor in taken:  # two spellings of one category: the page still needs unique ids
            anchor += f"-{len(taken)}"
        taken.add(anchor)
        title = category or "Without a category"
        toc.append((anchor, title, 2))
        rules = groups[category]
        body.append(heading(2, anchor, f"{title} ({len(rules)})"))
        body.append(tag("ul", [tag("li", tag("a", r.name, href=relative(here, book.page(r.id)))) for r in rules], class_="rf-index"))
    return Written(join(body), tuple(toc))


def write_document(book: Rulebook, document: str, here: str) -> Written:
    """A document's text, a numbered line per line; each rule linked where it starts."""
    text = book.build.texts.get(document, "")
    starts: dict[int, list] = {}
    for rule in book.rules:
        for version in rule.versions:
            if version.source.file == document:
                starts.setdefault(version.source.line, []).append(rule)
    summary = next((d for d in book.build.documents.get(book.system, []) if d.path == document), None)
    about = []
    if summary is not None:
        about.append(f"{summary.format}, role {summary.role}, {language(summary.lang)}")
        if summary.origin:
            about.append(f". {summary.origin}")
    lines: list[Markup] = []
    for number, line in enumerate(text.split("\n"), start=1):
        anchor = line_anchor(number)
        marks = [
            tag("a", r.name, href=relative(here, book.page(r.id)), class_="rf-line-rule")
            for r in sorted(starts.get(number, []), key=lambda r: r.id)
        ]
        lines.append(
            tag(
                "span",
                [tag("a", str(number), href=f"#{anchor}", class_="rf-ln"), tag("span", line, class_="rf-lt"), *marks],
                id=anchor,
                class_="rf-line",
            )
        )
    body = [
        tag("h1", document, id="document"),
        tag("p", [*about, " ", tag("a", "Back to the index.", href=relative(here, book.address.system_page(book.system)))], class_="rf-doc-about"),
        tag("pre", join(lines, "\n"), class_="rf-source-text", data_search_exclude=True),
    ]
    return Written(join(body), ())
