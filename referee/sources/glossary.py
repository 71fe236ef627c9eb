"""Adapter for a glossary dumped by an army builder (format ``glossary``).

Every paragraph is either a heading (a short line) or a body.  A glossary of
definition lines ("Action Points (AP): Number of actions ...", "Cover — ...",
two or more of them: :mod:`referee.sources.definitions`) reads one entry per
line, the abbreviation an alias in the document's language, lines that
define nothing continuing the entry above.  A run of
headings is followed by the body of the last rule in the run, or by nothing.
English and German names are interleaved: "Halberd / Hellebarde / <text>" is
one rule with a German alias; "Hellebarde / <text>" alone is named from its
text ("Attacks made with a Halberd ...").  Category headers listed in the
manifest ("Close Combat Weapon", "Global") set the category of what follows
and are not rules.  Repeats are kept as separate entries: the rulebase merges
equal texts and keeps differing ones as versions.

The text is plain text: nothing in it is read as markup.  What looks like
Markdown or HTML ("[link](url)", "<b>") is kept in the rule text exactly as
written; a line opening with "<" is never a heading, so it is body text.  A
name or alias never holds HTML or invisible characters
(:mod:`referee.sources.markup`): they are left out of it, the heading as
written is kept in ``Entry.heading``, and a note says what was removed.
``Source.column`` is where the entry's first heading (or, with none, its
body) starts on its line; a profile's, where its line's text starts.

Manifest options read here: ``categories`` (list of header lines),
``alias_lang`` (language of the interleaved names, default "de"),
``curated_aliases`` (alias -> rule name, the system's curated aliases) and
``known_names`` (rules of the system's documents read before this one), both
passed in by the loader.
"""

from __future__ import annotations

import re

from referee.model import Alias, Entry, Profile
from referee.sources.document import Document, indent_column
from referee.sources.markup import name_from, names_from
from referee.sources.definitions import definition, split_term
from referee.sources.kinds import head, use, value_word
from referee.sources.naming import candidates, fold, mentions, subject_of
from referee.sources.paragraphs import Paragraph, join_lines, looks_like_heading, paragraphs, repair_hyphenation

# The first line of a body can be a tag saying what kind of rule it is.
_TAG = re.compile(
    r"^(?P<tag>Universal Rule|Attack Attribute\s*-\s*[\w ]+|Attacks & Weapons, [\w ]+|Close Combat"
    r"|(?:Shooting|Melee|Artillery) Weapon|[A-Z]\w+ - (?:Melee|Shooting|Close Combat))\.?$"
)
_SHORT_NAME = re.compile(r"^[A-Z][A-Za-z]{0,4}$")  # "AP", "LoS": an abbreviation, not a parameter
_PROFILE = re.compile(r"^(?:Range|Portée)\s+\d|\bShots\b.*\b(?:Str|Strength)\b")
_FRENCH = re.compile(r"\b(?:Portée|tir de volée|Force \d|PA \d)\b")
# Lines that look short enough to be headings but are sentences.
_SENTENCE_START = re.compile(r"^(?:Cannot|Can|May|Must|Roll|Is|Has|Gains|Loses)\b")
# German, told from English by its letters and its small words.
_GERMAN = re.compile(
    r"[äöüßÄÖÜ]|\b(?:und|oder|die|der|das|den|aus|um|im|an|kein|kann|nicht|werden|zusätzlichem)\b"
    r"|\w(?:ung|heit|keit|waffe|waffen|attacke|attacken|lich|isch|ige|iges|ender|tes)\b",
)


def is_heading(para: Paragraph) -> bool:
    text = para.text
    if not (para.single_line and looks_like_heading(text)) or _SENTENCE_START.match(text):
        return False
    return name_from(text)[0] is not None  # a name must be left once HTML is out


def _heading(para: Paragraph) -> tuple[str, str, list[str]]:
    """A heading's name (hyphenation repaired, HTML and invisible characters out), the
    heading as written (hyphenation repaired), and notes on what the name left out."""
    written = repair_hyphenation(para.text)
    name, notes = name_from(written)
    return name or written, written, notes


class _Reader:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.alias_lang = doc.options.get("alias_lang", "de")
        self.categories = {fold(c): c for c in doc.options.get("categories", ())}
        # curated aliases of the system: folded alias name -> rule name
        self.curated = {fold(k): v for k, v in doc.options.get("curated_aliases", {}).items()}
        self.known_names = list(doc.options.get("known_names", ()))
        self.ignore = tuple(doc.options.get("core_terms", ()))
        self.entries: list[Entry] = []
        self.category: str | None = None

    def is_foreign(self, name: str) -> bool:
        return fold(name) in self.curated or _GERMAN.search(name) is not None

    def read(self) -> list[Entry]:
        paras = paragraphs(self.doc.text)
        headings = [is_heading(p) for p in paras]  # asked once a paragraph: a glossary has tens of thousands
        known = [_heading(p)[0] for p, heading in zip(paras, headings) if heading]
        # the kinds a header can name that an entry can state otherwise: a header's last word that
        # also ends an entry's name ("Weapon" of "Hand Weapon", "Armour" of "Heavy Armour"); a header
        # no name ends like ("Global") is a part of the document, not a kind of thing
        self.kinds = {head(c) for c in self.categories.values()} & {head(k) for k in known if fold(k) not in self.categories}
        self.known = [k for k in known if fold(k) not in self.categories and not self.is_foreign(k)]
        self.known += self.known_names + list(self.curated.values())
        self.known_folded = {fold(k) for k in self.known}
        run: list[Paragraph] = []
        body: list[Paragraph] = []
        # "Term (ABBR): definition" lines: a glossary of them when there are two or more
        defined = [definition(p.lines[0]) is not None for p in paras]
        lines_glossary = sum(defined) >= 2
        for para, heading, is_definition in zip(paras, headings, defined):
            if lines_glossary and is_definition:
                self.flush(run, body)
                run, body = [], []
                self.emit_definitions(para)
                continue
            if heading:
                if body:
                    self.flush(run, body)
                    run, body = [], []
                if fold(para.text) in self.categories:
                    self.flush(run, [])
                    run = []
                    self.category = self.categories[fold(para.text)]
                    continue
                run.append(para)
            else:
                body.append(para)
        self.flush(run, body)
        return self.entries

    def flush(self, run: list[Paragraph], body: list[Paragraph]) -> None:
        # Collapse a heading written twice in a row ("Pistol / Pistol").
        heads: list[Paragraph] = []
        for para in run:
            if heads and fold(heads[-1].text) == fold(para.text):
                continue
            heads.append(para)
        if not heads and body:
            self.emit(None, (), body[0], body, ["unnamed"], ["body with no heading"])
            return
        if not body:
            self.emit_stubs(heads)
            return
        text = " ".join(p.text for p in body)
        last, written, left_out = _heading(heads[-1])
        prev, _, prev_left_out = _heading(heads[-2]) if len(heads) > 1 else (None, None, [])
        name, aliases, notes = self.resolve(last, prev, text)
        owner = len(heads) - 1 - (1 if prev and prev in (name, *aliases) and prev != last else 0)
        self.emit_stubs(heads[:owner])
        if heads[-1].text != written:
            notes.append(f"split hyphenation repaired: {heads[-1].text!r}")
        if owner != len(heads) - 1:
            left_out = prev_left_out + left_out
        self.emit(name, aliases, heads[owner], body, [], left_out + notes, heading=written)

    def resolve(self, last: str, prev: str | None, text: str) -> tuple[str, list[str], list[str]]:
        """Which rule a body belongs to, given the heading(s) just above it."""
        target = self.curated.get(fold(last))
        if target:
            return target, [last], [f"curated alias: {last} is {target}"]
        if mentions(text, last):
            return last, [], []
        if prev and mentions(text, prev):
            return prev, [last], []
        subject = self._subject(text, german=_GERMAN.search(last) is not None)
        if subject and fold(subject) != fold(last):
            return subject, [last], [f"named from its text: {last} is an alias of {subject}"]
        if prev and self.is_foreign(last) and not self.is_foreign(prev) and fold(prev) not in self.curated:
            return prev, [last], [f"paired by position: {last} taken as the name of {prev} in {self.alias_lang}"]
        if self.is_foreign(last):
            return last, [], ["untranslated heading: the text names no rule"]
        return last, [], ["heading not named by its text"]

    def _subject(self, text: str, german: bool) -> str | None:
        """The rule a text names clearly enough to rename the heading above it.

        The name must be a known rule of the system (a heading here, or a rule
        of a document read before) and stand clearly in keyword position
        ("models with Fear"); under a plainly German heading either will do.
        """
        scores = candidates(text)
        best = subject_of(text, ignore=self.ignore, known_folded=self.known_folded)
        if best is None:
            return None
        known = fold(best) in self.known_folded
        clear = scores.get(best, 0) >= 2
        return best if (known and clear) or (german and (known or clear)) else None

    def emit_definitions(self, para: Paragraph) -> None:
        """One entry per definition line of a paragraph; lines that are none continue the one above."""
        groups: list[list[tuple[int, str]]] = []
        for k, line in enumerate(para.lines):
            if definition(line) is not None or not groups:
                groups.append([])
            groups[-1].append((para.line + k, line))
        for lines in groups:
            found = definition(lines[0][1])
            assert found is not None  # a paragraph's first line is one
            term, short = split_term(found.term)
            abbreviation = short and found.term.endswith(")") and len(short) > 1 and _SHORT_NAME.match(short)
            aliases = [short] if abbreviation and short else []
            name = term if aliases or short is None else found.term
            if short and not aliases:
                aliases = [term]  # "Ward [X]": the bare name is an alias
            written, notes = name_from(name)
            kept, alias_notes = names_from(aliases)
            text = join_lines((found.rest, *(line for _, line in lines[1:])))
            self.entries.append(
                Entry(
                    name=written,
                    text=text,
                    source=self.doc.source(lines[0][0], lines[-1][0], found.offset + 1),
                    aliases=tuple(Alias(a, self.doc.lang) for a in kept),
                    category=self.category,
                    flags=() if written else ("unnamed",),
                    notes=("a glossary line", *notes, *alias_notes),
                    lang=self.doc.lang,
                    heading=found.term if found.term != written else None,
                )
            )

    def emit_stubs(self, heads: list[Paragraph]) -> None:
        i = 0
        while i < len(heads):
            name, written, notes = _heading(heads[i])
            nxt, _, nxt_notes = _heading(heads[i + 1]) if i + 1 < len(heads) else (None, None, [])
            curated = self.curated.get(fold(nxt)) if nxt else None
            pairs = nxt is not None and not self.is_foreign(name) and self.is_foreign(nxt)
            if pairs and nxt is not None and (curated is None or fold(curated) == fold(name)):
                end = heads[i + 1].end_line
                self.emit(name, [nxt], heads[i], [], ["stub"], notes + nxt_notes, heading=written, end=end)
                i += 2
            else:
                self.emit(name, [], heads[i], [], ["stub"], notes, heading=written, end=heads[i].end_line)
                i += 1

    def emit(
        self,
        name: str | None,
        aliases: list[str] | tuple[str, ...],
        first: Paragraph,
        body: list[Paragraph],
        flags: list[str],
        notes: list[str],
        end: int | None = None,
        heading: str | None = None,
    ) -> None:
        written = heading or name
        name, name_notes = name_from(name) if name else (None, [])
        aliases, alias_notes = names_from(aliases)
        notes = [*notes, *name_notes, *alias_notes]
        if name is None and "unnamed" not in flags:
            flags = [*flags, "unnamed"]
        text = "\n\n".join(p.text for p in body)
        profiles = tuple(
            Profile(ln.strip(), self.doc.source(p.line + k, column=indent_column(ln)), _profile_lang(ln))
            for p in body
            for k, ln in enumerate(p.lines)
            if _PROFILE.search(ln)
        )
        if body and (m := _TAG.match(body[0].lines[0].strip())):
            category = m.group("tag").strip()
            text = _strip_tag(body)
        else:
            category, reach = self.reach(name, text, bool(profiles))
            notes = [*notes, reach] if reach else notes
        lang = "fr" if _FRENCH.search(text) else self.doc.lang
        if profiles:
            flags = [*flags, "profile"]
        self.entries.append(
            Entry(
                name=name,
                text=text,
                source=self.doc.source(
                    first.line, end if end is not None else body[-1].end_line, indent_column(first.lines[0])
                ),
                aliases=tuple(Alias(a, self.alias_lang) for a in aliases),
                category=category,
                profiles=profiles,
                flags=tuple(flags),
                notes=tuple(notes),
                lang=lang,
                heading=written if written and written != name else None,
            )
        )

    def reach(self, name: str | None, text: str, profiled: bool) -> tuple[str | None, str | None]:
        """The category the header above gives an entry that states no tag of its own, and a note
        when it gives another or none: a header reaches the entries after it up to the next one,
        but not an entry that states another kind than the header's, by its name's last word
        ("Heavy Armour" under "Melee Weapon") or by the value its text opens with ("+1 Armour"
        of a Shield); a weapon whose profile states a range (a use: shooting) under a header of
        weapons for close combat takes the document's one category of weapons for shooting, if
        it has one (none, if it has none or several: never a pick)."""
        header = self.category
        if header is None:
            return None, None
        kind = head(header)
        if kind in self.kinds:
            words = (("name", (name or "").split()[-1:]), ("opening value", [value_word(text) or ""]))
            said = [(by, written[0]) for by, written in words if written and head(written[0]) in self.kinds]
            other = next(((by, written) for by, written in said if head(written) != kind), None)
            if other and not any(head(written) == kind for _, written in said):
                return None, f"not under the header {header!r}: its {other[0]} states another kind ({other[1]})"
        if profiled and use(header) == "melee":
            shooting = [c for c in self.categories.values() if head(c) == kind and use(c) == "shooting"]
            found = shooting[0] if len(shooting) == 1 else None
            return found, f"not under the header {header!r}: its profile states a range" + (f", so {found!r}" if found else "")
        return header, None


def _profile_lang(line: str) -> str:
    return "fr" if _FRENCH.search(line) else "en"


def _strip_tag(body: list[Paragraph]) -> str:
    first = Paragraph(body[0].line + 1, body[0].end_line, body[0].lines[1:], body[0].gap)
    parts = [first.text] if first.lines else []
    return "\n\n".join(parts + [p.text for p in body[1:]])


def read(doc: Document) -> list[Entry]:
    return _Reader(doc).read()
