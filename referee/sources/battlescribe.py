"""Adapter: BattleScribe data (``.gst``, ``.cat``, zipped ``.gstz``, ``.catz``) -> rule entries.

BattleScribe is the army builder most wargamers' army data lives in; the
BSData community keeps a game system file and a catalogue per army.  What
becomes a rule entry:

- every ``<rule>`` (the game system's shared rules, a catalogue's army
  rules, a rule written inside a unit): its name, its ``<description>`` as
  the text, and the book's own citation (``publicationId`` and ``page``)
  as a note;
- every shared ``<profile>`` at the top of a file (weapons, armour): its
  characteristics as a profile, its prose characteristic ("Rules",
  "Attributes", "Effect") as the text.

Units are read too (:func:`read_book`), into drafts that
:mod:`referee.army.link` ties to the system's rules once every document is read:
an ``entryLink`` or ``infoLink`` may point into another file.

Each entry cites the line of its element (lxml's ``sourceline``) and the
column of its tag.  Names and texts are cleaned of invisible characters
(:func:`referee.sources.battlescribe_xml.clean`); a name that had some notes
the original.  A zipped file is unpacked before decoding
(:func:`~referee.sources.battlescribe_xml.unpack`, called by the rulebase),
so its text, lines and columns are those of the XML inside.

Options (keys of the document's table in system.toml): ``category`` (given
to every rule), ``keyword_fields`` (names of the characteristics that hold
keyword strings; default Rules, Attributes, Keywords, Abilities).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from referee.model import Entry, Profile, Source
from referee.sources.battlescribe_xml import check_rules, clean, local, parse, unpack
from referee.sources.document import Document
from referee.units import BookRule

__all__ = ["BookDraft", "LinkDraft", "PartDraft", "ProfileDraft", "read", "read_book", "unpack"]

KEYWORD_FIELDS = ("Rules", "Attributes", "Keywords", "Abilities")
PROSE_FIELDS = ("Rules", "Attributes", "Effect", "Description", "Abilities")
UNIT_TYPES = ("unit", "model")
# Elements whose id names something a link can point at; other elements
# (constraints, modifiers, links themselves) carry ids too, never targets.
DEFINITIONS = frozenset(
    {"rule", "profile", "selectionEntry", "selectionEntryGroup", "categoryEntry", "forceEntry", "publication",
     "profileType", "costType", "characteristicType", "gameSystem", "catalogue"}
)  # fmt: skip
LINKS = frozenset({"infoLink", "entryLink", "categoryLink", "catalogueLink"})


@dataclass(frozen=True, slots=True)
class ProfileDraft:
    """A ``<profile>`` as written: characteristics (name, cleaned value, original or None)."""

    id: str
    name: str
    type: str
    characteristics: tuple[tuple[str, str, str | None], ...]
    source: Source


@dataclass(frozen=True, slots=True)
class LinkDraft:
    """An ``infoLink`` or ``entryLink``: its target id and its name with appended parameters."""

    target: str
    type: str  # rule | profile | selectionEntry | selectionEntryGroup | ...
    name: str
    original: str | None
    source: Source


@dataclass(frozen=True, slots=True)
class PartDraft:
    """A selection entry or group (a unit, a model, a weapon, an option) as written."""

    id: str
    name: str
    type: str  # unit | model | upgrade | group
    source: Source
    profiles: tuple[ProfileDraft, ...] = ()
    rules: tuple[tuple[str, Source], ...] = ()  # <rule>s written inside it
    info: tuple[LinkDraft, ...] = ()  # infoLinks: rules and profiles it has
    includes: tuple[LinkDraft, ...] = ()  # entryLinks: shared entries it may take
    children: tuple[PartDraft, ...] = ()


@dataclass
class BookDraft:
    """What one BattleScribe file says, before the system's files are tied together."""

    name: str
    file: str
    kind: str  # game-system | catalogue
    revision: str | None
    entries: list[Entry] = field(default_factory=list)
    rules: list[BookRule] = field(default_factory=list)
    ids: list[tuple[str, Source]] = field(default_factory=list)
    links: list[tuple[str, Source, str, str]] = field(default_factory=list)  # (target, where, name, element)
    units: list[PartDraft] = field(default_factory=list)
    shared: dict[str, PartDraft] = field(default_factory=dict)  # id -> shared selection entry or group
    profiles: dict[str, ProfileDraft] = field(default_factory=dict)  # id -> profile, for profile links
    keyword_fields: tuple[str, ...] = KEYWORD_FIELDS


def read(doc: Document) -> list[Entry]:
    """The rule entries of one BattleScribe file."""
    return list(read_book(doc).entries)


def read_book(doc: Document) -> BookDraft:
    """Everything one BattleScribe file says: rule entries, ids, links and unit drafts.

    A build reads each file twice (as entries for the rulebase, as units
    for :mod:`referee.army.link`); the parse is kept between the two.
    """
    fields = tuple(doc.options.get("keyword_fields") or KEYWORD_FIELDS)
    return _read(doc.path, doc.text, doc.options.get("category"), fields)


@lru_cache(maxsize=64)
def _read(path: str, text: str, category: str | None, fields: tuple[str, ...]) -> BookDraft:
    root, kind = parse(path, text)
    return _Reader(path, text, category).book(root, kind, fields)


class _Reader:
    def __init__(self, path: str, text: str, category: str | None) -> None:
        self.path = path
        self.lines = text.split("\n")
        self.category = category
        self.publications: dict[str, str] = {}

    # -- places -------------------------------------------------------------

    def source(self, el: Any, end_line: int | None = None) -> Source:
        line = el.sourceline or 1
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        column = text.find(f"<{local(el.tag)}") + 1 or 1
        return Source(self.path, line, max(end_line or line, line), column)

    # -- the file -------------------------------------------------------------

    def book(self, root: Any, kind: str, fields: tuple[str, ...]) -> BookDraft:
        book = BookDraft(clean(root.get("name") or self.path), self.path, kind, root.get("revision"), keyword_fields=fields)
        rules, profiles = [], []
        for el in root.iter():  # one walk of the whole tree; rules wait for every publication
            tag = local(el.tag)
            if tag == "publication" and el.get("id"):
                self.publications[el.get("id")] = clean(el.get("name") or "")
            if tag in DEFINITIONS and el.get("id"):
                book.ids.append((el.get("id"), self.source(el)))
            elif tag in LINKS and el.get("targetId"):
                book.links.append((el.get("targetId"), self.source(el), clean(el.get("name") or ""), tag))
            if tag == "rule":
                rules.append(el)
            elif tag == "profile" and el.get("id"):
                profiles.append(el)
        check_rules(self.path, len(rules))  # before drafting any: a file past the limit costs no more
        for el in rules:
            self.rule(el, book)
        for section in root:
            tag = local(section.tag)
            if tag == "sharedProfiles":
                for el in section:
                    if local(el.tag) == "profile":
                        self.shared_profile(el, book)
            if tag in ("selectionEntries", "sharedSelectionEntries", "sharedSelectionEntryGroups"):
                for el in section:
                    if local(el.tag) not in ("selectionEntry", "selectionEntryGroup"):
                        continue
                    part = self.part(el)
                    if tag != "selectionEntries":
                        book.shared[part.id] = part
                    if part.type in UNIT_TYPES:
                        book.units.append(part)
        for el in profiles:
            book.profiles.setdefault(el.get("id"), self.profile(el))
        return book

    def rule(self, el: Any, book: BookDraft) -> None:
        written = el.get("name") or ""
        name = clean(written).strip()
        if not name:
            return
        description = next((c for c in el if local(c.tag) == "description"), None)
        raw = (description.text or "") if description is not None else ""
        end = (description.sourceline or el.sourceline) + raw.count("\n") if description is not None else None
        source = self.source(el, end)
        notes = []
        publication = self.publications.get(el.get("publicationId") or "")
        page = el.get("page") or None
        if publication or page:
            notes.append("published in " + ", ".join(p for p in (publication, f"page {page}" if page else None) if p))
        if name != written.strip():
            notes.append(f"name written with invisible characters: {written!r}")
        text = clean(raw).strip()
        book.entries.append(
            Entry(name=name, text=text, source=source, category=self.category, notes=tuple(notes), heading=None)
        )
        book.rules.append(BookRule(el.get("id") or "", name, source, publication, page))

    def profile(self, el: Any) -> ProfileDraft:
        values = []
        for group in el:
            if local(group.tag) != "characteristics":
                continue
            for c in group:
                if local(c.tag) == "characteristic":
                    raw = c.text or ""
                    cleaned = " ".join(clean(raw).split())
                    values.append((clean(c.get("name") or ""), cleaned, raw if clean(raw).strip() != raw.strip() else None))
        return ProfileDraft(el.get("id") or "", clean(el.get("name") or ""), clean(el.get("typeName") or ""), tuple(values), self.source(el))

    def shared_profile(self, el: Any, book: BookDraft) -> None:
        profile = self.profile(el)
        if not profile.name:
            return
        prose = [v for k, v, _ in profile.characteristics if k in PROSE_FIELDS and v]
        shown = ", ".join(f"{k} {v}" for k, v, _ in profile.characteristics if k not in PROSE_FIELDS and v)
        profiles = (Profile(shown, profile.source),) if shown else ()
        book.entries.append(
            Entry(name=profile.name, text="\n\n".join(prose), source=profile.source, category=self.category or profile.type or None,
                  profiles=profiles, flags=("profile",))
        )
        book.rules.append(BookRule(profile.id, profile.name, profile.source))

    def link(self, el: Any) -> LinkDraft:
        written = el.get("name") or ""
        name = written
        for mods in el:
            if local(mods.tag) != "modifiers":
                continue
            for mod in mods:
                # Only unconditional modifiers name the link everywhere; a
                # conditional one ("if mounted") is a choice of the list.
                if local(mod.tag) != "modifier" or mod.get("field") != "name" or len(mod):
                    continue
                if mod.get("type") == "append":
                    name += mod.get("value") or ""
                elif mod.get("type") == "set":
                    name = mod.get("value") or name
        cleaned = " ".join(clean(name).split())
        return LinkDraft(el.get("targetId") or "", el.get("type") or "", cleaned, name if cleaned != name.strip() else None, self.source(el))

    def part(self, el: Any) -> PartDraft:
        profiles: list[ProfileDraft] = []
        rules: list[tuple[str, Source]] = []
        info: list[LinkDraft] = []
        includes: list[LinkDraft] = []
        children: list[PartDraft] = []
        for section in el:
            tag = local(section.tag)
            for child in section:
                ctag = local(child.tag)
                if tag == "profiles" and ctag == "profile":
                    profiles.append(self.profile(child))
                elif tag == "rules" and ctag == "rule" and clean(child.get("name") or "").strip():
                    rules.append((clean(child.get("name")).strip(), self.source(child)))
                elif tag == "infoLinks" and ctag == "infoLink":
                    info.append(self.link(child))
                elif tag == "entryLinks" and ctag == "entryLink":
                    includes.append(self.link(child))
                elif tag in ("selectionEntries", "selectionEntryGroups") and ctag in ("selectionEntry", "selectionEntryGroup"):
                    children.append(self.part(child))
        kind = el.get("type") or ("group" if local(el.tag) == "selectionEntryGroup" else "upgrade")
        return PartDraft(
            el.get("id") or "", " ".join(clean(el.get("name") or "").split()), kind, self.source(el),
            tuple(profiles), tuple(rules), tuple(info), tuple(includes), tuple(children),
        )  # fmt: skip
