"""Adapter for Markdown rule documents (format ``markdown``).

A rule is a heading and the body under it, up to the next heading; how
headings are found and nested is in :mod:`markdown_blocks`.  Also read as
structure, not as rules:

- the document's first heading, when it has no text, sub-sections follow and
  it is named like the document (manifest title, system or file name), is the
  title ("## THE LAST EDITION"): no entry, its sub-sections are roots;
- lead-in labels ("Note:", "Example: ...", "In addition:") are paragraphs of
  the rule before them;
- a heading that is only a dice result ("**1:**") takes its name from the
  label line under it ("Attack:"), which leaves the text.

Names lose emphasis, a trailing colon, section numbers ("1.COMMAND PHASE"),
decorative "!...!" and the markers "(O)" (flag and category ``order``) and
"(Action)" (flag ``action``).  A trailing abbreviation becomes an alias
("Movement (M)": Movement, alias M), as do a trailing qualifier ("Steadfast
(only The Horde formation)": alias Steadfast), the parts of "A / B", and a
quoted name opening the body ("Directive 1": "Deus Ex Machina").  Keyword
families ("Ranged X heavy") are read by :mod:`markdown_keywords`; errata
annotations ("(exchange p.53)") by :mod:`markdown_errata`, in documents whose
role is ``errata`` or whose manifest names a ``base_book``.

Categories: ``order`` for orders; a keyword family takes the keyword list it
sits in ("Ranged weapon keywords" -> ``weapon keyword``, "## ARMY ROLE
KEYWORDS" -> ``army role keyword``, "Special armor saves" -> ``special armor
save``); a rule under a bold "... keywords" label takes that label; any other
sub-rule takes its top-level section's name; top-level rules have none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from referee.errors import RulesError
from referee.model import Alias, Amendment, Entry, Table
from referee.sources import markdown_errata as errata
from referee.sources.document import Document
from referee.sources.markdown_blocks import (
    KEYWORD_LABEL,
    LIST_ITEM,
    Lines,
    Section,
    bold_heading,
    clean_name,
    fold_lead_ins,
    link,
    render,
    scan,
    title,
)
from referee.sources.markdown_inline import plain_line
from referee.sources.markdown_keywords import Family, family

_SECTION_NUMBER = re.compile(r"^(?:\d+\.)+\d*\s*(?=[^\W\d_])")
_ORDER = re.compile(r"^\(O\)\s*")
_ACTION = re.compile(r"\s*\(Action\)$", re.IGNORECASE)
_ABBREVIATION = re.compile(r"^(?P<name>.*\S)\s*\((?P<abbr>[A-Z][A-Za-z]{0,2})\)$")
_QUALIFIER = re.compile(r"^(?P<name>.*\S)\s*\([^()]+\)$")
_DICE_RESULT = re.compile(r"^\d+(?:\s*[-–]\s*\d+)?$")
_QUOTED_NAME = re.compile(r'^["“”](?P<name>[^"“”]{1,60})["”“]:?$')
_CATEGORY_LABEL = re.compile(r"\b(?:keywords|saves)$", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
# "Ranged X", "power (x)": a keyword with a placeholder, named in running text.
_INLINE_KEYWORD = re.compile(r"\b(?:[A-Z][a-z]+ [XYZ]|[A-Za-z]+ \([XYZxyz]\))(?![\w(|])")


@dataclass
class _Draft:
    """One entry in the making."""

    section: Section
    name: str | None
    heading: str
    aliases: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    category: str | None = None
    fam: Family | None = None
    amends: Amendment | None = None
    page_only: errata.Annotation | None = None
    text: str = ""
    tables: tuple[Table, ...] = ()


def read(doc: Document) -> list[Entry]:
    """Every rule of a Markdown document, in document order.

    >>> doc = Document("demo", "demo/rules.md", "markdown", "core", "# Fear\\n\\nUnits **must** flee.")
    >>> [(e.name, e.text, str(e.source)) for e in read(doc)]
    [('Fear', 'Units must flee.', 'demo/rules.md:1-3')]
    """
    base_book = doc.options.get("base_book")
    if base_book is not None and not isinstance(base_book, str):
        raise RulesError("option base_book must be a string: the title of the base book", doc.path)
    preamble, sections = scan(doc)
    sections = fold_lead_ins(sections)
    top = title(sections, _document_names(doc))
    link(sections)
    is_errata = doc.role == "errata" or base_book is not None
    drafts = [_draft(doc, s, is_errata, base_book) for s in sections if s is not top]
    _name_removed_lists(drafts)
    _categorise(drafts, top)
    _inline_keywords(drafts)
    entries = [_preamble(doc, preamble)] if any(t.strip() for _, t in preamble) else []
    return entries + _entries(doc, drafts, top)


def _document_names(doc: Document) -> list[str]:
    """What a document is called: its manifest title, its system, its file name."""
    names = [doc.system, doc.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]]
    if isinstance(doc.options.get("title"), str):
        names.append(doc.options["title"])
    return names


# -- one section ----------------------------------------------------------------


def _draft(doc: Document, section: Section, is_errata: bool, base_book: str | None) -> _Draft:
    heading = clean_name(section.heading)
    draft = _Draft(section, heading or None, section.heading)
    if not heading:
        draft.flags.append("unnamed")
        draft.notes.append("empty heading")
    body = list(section.body)
    if heading and is_errata:
        _read_heading_annotation(draft, base_book)
    if draft.name:
        _shape_name(draft)
        if _DICE_RESULT.match(draft.name):
            body = _take_label(draft, body)
    _read_body_start(draft, body)
    draft.text, draft.tables = render(doc, body)
    if is_errata:
        _read_body_annotation(draft, base_book)
    return draft


def _read_heading_annotation(draft: _Draft, base_book: str | None) -> None:
    name, inner = errata.split_heading(draft.name or "")
    if inner is None:
        subject = errata.instruction(name)
        if subject:
            draft.name = subject
            draft.amends = Amendment("edit", (), base_book)
            instruction = draft.heading.rstrip(":")
            draft.notes.append(f"the heading is an instruction ({instruction}) naming no page: read as edit")
        return
    try:
        found = errata.parse(inner)
    except errata.AnnotationError as err:
        draft.notes.append(f"could not read the amendment annotation ({inner}): {err}; kept it in the name")
        return
    draft.name = name
    if found.op is None:
        draft.page_only = found  # the body says what happens to the page
    else:
        draft.amends = Amendment(found.op, found.pages, base_book)
        if not found.pages:
            draft.notes.append(f"the amendment annotation ({inner.strip()}) names no page")
    if found.extra:
        draft.notes.append(f"the amendment annotation also says: {found.extra}")


def _shape_name(draft: _Draft) -> None:
    """Markers, numbers and aliases out of the name (see the module docstring)."""
    name = draft.name or ""
    if _ORDER.match(name):
        name = _ORDER.sub("", name)
        draft.flags.append("order")
        draft.category = "order"
    if _ACTION.search(name):
        name = _ACTION.sub("", name)
        draft.flags.append("action")
    if len(name) > 2 and name.startswith("!") and name.endswith("!"):
        name = name.strip("!").strip()
    name = _SECTION_NUMBER.sub("", name) or name
    draft.fam = family(name)
    if draft.fam is not None:
        draft.aliases.extend(draft.fam.aliases)
    elif m := _ABBREVIATION.match(name):
        name = m.group("name")
        draft.aliases.append(m.group("abbr"))
    elif m := _QUALIFIER.match(name):
        draft.aliases.append(m.group("name"))
    if draft.fam is None and " / " in name:
        draft.aliases.extend(part.strip() for part in name.split(" / ") if part.strip())
    draft.name = name


def _take_label(draft: _Draft, body: Lines) -> Lines:
    """A dice-result heading ("1:") is named by the label line under it ("Attack:")."""
    for i, (_, text) in enumerate(body):
        if not text.strip():
            continue
        label = plain_line(text).strip()
        if label.endswith(":") and len(label) <= 60 and not LIST_ITEM.match(text) and bold_heading(text) is None:
            draft.notes.append(f"dice result {draft.name}")
            draft.name = clean_name(label)
            draft.heading = f"{draft.heading} {clean_name(label)}"
            _shape_name(draft)
            return body[:i] + body[i + 1 :]
        break
    return body


def _read_body_start(draft: _Draft, body: Lines) -> None:
    """A quoted name opening the body is an alias; a repeat of the heading is dropped."""
    first = next(((i, text) for i, (_, text) in enumerate(body) if text.strip()), None)
    if first is None or not draft.name:
        return
    i, text = first
    line = plain_line(text).strip()
    if m := _QUOTED_NAME.match(line):
        draft.aliases.append(m.group("name").strip())
        return
    repeated = errata.split_heading(clean_name(line))[0]
    if repeated.casefold() in (draft.name.casefold(), clean_name(draft.heading).casefold()):
        del body[i]
        draft.notes.append("the text's first line repeats the heading; left out of the text")


def _read_body_annotation(draft: _Draft, base_book: str | None) -> None:
    if draft.page_only is not None:
        op = errata.op_from_body(draft.text)
        draft.amends = Amendment(op, draft.page_only.pages, base_book)
        how = "the text says removed" if op == "remove" else "the text gives the change"
        draft.notes.append(f"the heading names pages but no operation; read as {op} ({how})")
        return
    inner = errata.body_annotation(draft.text) if draft.amends is None else None
    if inner is None:
        return
    try:
        found = errata.parse(inner)
    except errata.AnnotationError as err:
        draft.notes.append(f"could not read the amendment annotation ({inner}): {err}")
        return
    if found.op is not None:
        draft.amends = Amendment(found.op, found.pages, base_book)
        if found.extra:
            draft.notes.append(f"the amendment annotation also says: {found.extra}")


# -- across sections ------------------------------------------------------------


def _name_removed_lists(drafts: list[_Draft]) -> None:
    """A removal listing several rules ("Terrain, Open Terrain, ...") gives one entry per rule.

    Each removed rule is a rule of the base book a player may look up by its
    own name ("Difficult Terrain"), so each gets its own entry, all citing the
    same lines; aliases would wrongly say they are one rule.  A name this
    document defines again in a section of its own ("Obstacle") is left out:
    that section is the rule now, and a removed twin would hide it.
    """
    defined = {d.name.casefold(): d for d in drafts if d.name and "," not in d.name}
    i = 0
    while i < len(drafts):
        draft = drafts[i]
        if not (draft.name and draft.amends and draft.amends.op == "remove" and ", " in draft.name):
            i += 1
            continue
        names = [n.strip() for n in draft.name.split(",") if n.strip()]
        redefined = [n for n in names if n.casefold() in defined]
        kept = [n for n in names if n.casefold() not in defined] or names
        copies = []
        for name in kept:
            copy = replace(draft, name=name, aliases=[], notes=list(draft.notes), flags=list(draft.flags))
            copy.notes.append(f"one of {len(names)} rules removed by one heading: {', '.join(names)}")
            copies.append(copy)
        for name in redefined:
            if name in kept:
                continue
            twin = defined[name.casefold()]
            pages = ", ".join(f"p.{p}" for p in draft.amends.pages)
            note = f"{name} is not listed as removed here: line {twin.section.line} defines it again"
            copies[0].notes.append(note)
            removed_at = draft.section.line
            twin.notes.append(f"the base book's {name} ({pages}) is removed at line {removed_at}; this section is the rule now")
        drafts[i : i + 1] = copies
        i += len(copies)


def _root(section: Section, top: Section | None) -> Section:
    while section.parent is not None and section.parent is not top:
        section = section.parent
    return section


def _label_category(label: str, lead: str | None = None) -> str:
    """ "Ranged weapon keywords" -> "weapon keyword" (for a Ranged family); "Other keywords" -> "keyword"."""
    words = label.casefold().split()
    words[-1] = words[-1].rstrip("s")
    if words[0] == "other" and len(words) > 1:
        words = words[1:]
    if lead and len(words) > 1 and words[0] == lead.casefold():
        words = words[1:]
    return " ".join(words)


def _categorise(drafts: list[_Draft], top: Section | None) -> None:
    """Keyword families by the keyword list they sit in; other rules by their top-level section."""
    by_section = {id(d.section): d for d in drafts}
    for i, draft in enumerate(drafts):
        if draft.category or not draft.name:
            continue
        section = draft.section
        root = _root(section, top)
        if draft.fam is not None:
            own = draft.fam.aliases[0]
            if _CATEGORY_LABEL.search(own):
                draft.category = _label_category(own)
                continue
            for label in reversed(drafts[:i]):
                if label.name and _CATEGORY_LABEL.search(label.name) and _root(label.section, top) is root:
                    draft.category = _label_category(label.name, draft.fam.lead)
                    break
            if draft.category:
                continue
        if section.bold and KEYWORD_LABEL.search(draft.name):
            draft.category = _label_category(draft.name)
        elif section.parent is not None and _is_keyword_label(section.parent):
            draft.category = _label_category(clean_name(section.parent.heading))
        elif root is not section:
            root_draft = by_section.get(id(root))
            draft.category = root_draft.name if root_draft else None


def _is_keyword_label(section: Section) -> bool:
    return section.bold and KEYWORD_LABEL.search(clean_name(section.heading)) is not None


def _inline_keywords(drafts: list[_Draft]) -> None:
    """A keyword with a placeholder named in running text ("weapon keyword "Melee X"")
    is an alias of the first rule whose text names it so, unless a heading defines it."""
    claimed = {a.casefold() for d in drafts if d.fam for a in (d.name or "", *d.aliases)}
    for draft in drafts:
        if draft.fam is not None:
            continue
        for sentence in _SENTENCE.split(draft.text):
            if "keyword" not in sentence.casefold():
                continue
            for m in _INLINE_KEYWORD.finditer(sentence):
                keyword = m.group()
                if keyword.casefold() not in claimed:
                    claimed.add(keyword.casefold())
                    draft.aliases.append(keyword)
                    draft.notes.append(f"its text defines the keyword {keyword}")


def _entries(doc: Document, drafts: list[_Draft], top: Section | None) -> list[Entry]:
    by_section = {id(d.section): d for d in drafts}
    with_children = {id(d.section.parent) for d in drafts if d.section.parent is not None}
    out = []
    for d in drafts:
        parent = by_section.get(id(d.section.parent)) if d.section.parent is not top else None
        flags = list(d.flags)
        if not d.text:
            # "group": an empty heading that only gathers sub-sections ("### Flee/Pursuit")
            flags.extend(("stub", "group") if id(d.section) in with_children else ("stub",))
        aliases: list[Alias] = []
        seen = {(d.name or "").casefold()}
        for alias in d.aliases:
            if alias and alias.casefold() not in seen:
                seen.add(alias.casefold())
                aliases.append(Alias(alias, doc.lang))
        heading = d.heading if d.heading and clean_name(d.heading) != d.name else None
        out.append(
            Entry(
                name=d.name,
                text=d.text,
                source=doc.source(d.section.line, d.section.end_line),
                aliases=tuple(aliases),
                category=d.category,
                key=d.fam.key if d.fam else "",
                parent=(parent.fam.key if parent.fam else parent.name) if parent else None,
                params=d.fam.params if d.fam else (),
                amends=d.amends,
                tables=d.tables,
                flags=tuple(flags),
                lang=doc.lang,
                notes=tuple(d.notes),
                heading=heading,
            )
        )
    return out


def _preamble(doc: Document, lines: Lines) -> Entry:
    """Text before the first heading: kept, as a rule without a name."""
    text, tables = render(doc, lines)
    numbers = [n for n, t in lines if t.strip()]
    return Entry(
        name=None,
        text=text,
        source=doc.source(numbers[0], numbers[-1]),
        tables=tables,
        flags=("unnamed",),
        lang=doc.lang,
        notes=("text before the first heading",),
    )


__all__ = ["read"]
