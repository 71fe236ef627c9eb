"""A rule's typed relations as lists: what it grants, what grants it, ... each cited.

Every entry names the other rule (linked) or what the relation concerns (a
stat, an action), who it applies to (the subject, as the sentence says),
when (its conditions, each with its situation word), and quotes the
sentence it was read from, linked to that sentence's anchor and to the
line of the document where it stands.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.graph.situations import SITUATIONS, describe
from referee.site.html import Markup, join, tag, tooltip
from referee.site.urls import line_anchor, relative

if TYPE_CHECKING:
    from referee.model import Citation, Relation, Rule
    from referee.site.rulebook import Rulebook

# (kind, heading of the rule's own relations, heading of the relations into it); None: not listed
GROUPS: tuple[tuple[str, str, str | None], ...] = (
    ("grants", "Grants", "Granted by"),
    ("loses", "Loses", "Lost by"),
    ("immune-to", "Immune to", "Rules immune to it"),
    ("overrides", "Overrides", "Overridden by"),
    ("excludes", "Excludes", "Excluded by"),
    ("must", "Must", None),
    ("cannot", "Cannot", None),
    ("modifies", "Modifies", None),
    ("stacks", "Stacking", None),
    ("amends", "Amends", None),
    ("part-of", "Part of", None),
    ("references", "References", "Referenced by"),
    ("settles", "Its own words settle", None),
)


def group_id(heading: str) -> str:
    """``Granted by`` -> ``granted-by``: the anchor of a list, stable for links."""
    return "-".join(heading.lower().split())


def lists(book: Rulebook, rule: Rule, here: str) -> list[tuple[str, str, Markup]]:
    """(anchor, heading, ``<ul>``) of every non-empty list, in the order of :data:`GROUPS`."""
    out_rels = book.out.get(rule.id, [])
    in_rels = [r for r in book.into.get(rule.id, []) if r.source != rule.id]
    found: list[tuple[str, str, Markup]] = []
    for kind, out_heading, in_heading in GROUPS:
        mine = [r for r in out_rels if r.kind == kind]
        if mine:
            found.append((group_id(out_heading), out_heading, _list(book, mine, here, outgoing=True)))
        if in_heading:
            theirs = [r for r in in_rels if r.kind == kind]
            if theirs:
                found.append((group_id(in_heading), in_heading, _list(book, theirs, here, outgoing=False)))
    return found


def _list(book: Rulebook, relations: list[Relation], here: str, outgoing: bool) -> Markup:
    return tag("ul", [entry(book, rel, here, outgoing) for rel in relations], class_="rf-rels")


def entry(book: Rulebook, rel: Relation, here: str, outgoing: bool) -> Markup:
    """One relation: the other end, subject, conditions, details, and the quoted citation."""
    other = rel.target if outgoing else rel.source
    parts: list[Markup] = [_end(book, other, rel.target_name if outgoing else None, here)]
    if rel.subject:
        parts.append(tag("span", ["for ", tag("span", rel.subject, class_="rf-who")], class_="rf-subject"))
    for condition in rel.conditions:
        words = describe(condition.to_json())
        value = book.name(condition.value) if condition.value and book.rule(condition.value) else condition.value
        title = SITUATIONS.get(condition.situation, condition.situation)
        if condition.situation == "other":  # no word of the vocabulary: the sentence's words alone
            parts.append(tag("span", words, class_="rf-cond", title=tooltip(title)))
            continue
        label = condition.situation + (f": {value}" if value else "")
        parts.append(tag("span", [tag("span", label, class_="rf-situation"), " ", words], class_="rf-cond", title=tooltip(title)))
    # what the other end already says (an action named as the target) is not repeated
    details = [f"{key} {value}" for key, value in rel.details if value != rel.target_name and (key != "op" or rel.kind == "amends")]
    if details:
        parts.append(tag("span", "; ".join(details), class_="rf-details"))
    return tag("li", [tag("div", join(parts, " "), class_="rf-rel"), quote(book, rel.citation, here)])


def _end(book: Rulebook, rule_id: str | None, words: str | None, here: str) -> Markup:
    """The rule at the other end (a link), or the words the relation concerns."""
    if rule_id and book.rule(rule_id) is not None:
        return tag("a", book.name(rule_id), href=relative(here, book.page(rule_id)), class_="rf-mention", title=tooltip(book.preview(rule_id)))
    if rule_id and "/page:" in rule_id:
        return tag("span", words or rule_id.partition("/page:")[2], class_="rf-external")
    return tag("strong", words or rule_id or "", class_="rf-external")


def quote(book: Rulebook, citation: Citation, here: str) -> Markup:
    """The cited sentence, linked to its anchor, and where it stands in its document."""
    anchor = book.cited(citation.rule, citation.sentence)
    page = book.page(citation.rule)
    said = tag("a", book.name(citation.rule), href=relative(here, page, anchor))
    place = source_link(book, citation.file, citation.line, citation.column, here)
    return tag("blockquote", [tag("q", citation.sentence), " ", tag("span", ["— ", said, ", ", place], class_="rf-where")], class_="rf-cite")


def source_link(book: Rulebook, file: str, line: int, column: int, here: str, end_line: int | None = None, page: str | None = None) -> Markup:
    """``t9a/universal-rules.txt:58:1``, linked to that line of the document's page;
    and the book's page after it, for a document made from a book (``referee import pdf``)."""
    shown = f"{file}:{line}" + (f"-{end_line}" if end_line and end_line != line else f":{column}")
    pages = f" ({'pp' if '-' in page else 'p'}. {page})" if page else ""
    if file not in book.documents:
        return join([tag("code", shown), pages])
    return join([tag("a", tag("code", shown), href=relative(here, book.address.document_page(file), line_anchor(line)), class_="rf-source"), pages])
