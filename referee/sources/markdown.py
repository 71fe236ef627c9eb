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

Names lose emphasis, a trailing colon, section numbers ("1.COMMAND PHASE",
"A) Orders"), decorative "!...!" and the markers "(O)" (flag and category
``order``) and "(Action)" (flag ``action``).  A trailing abbreviation becomes
an alias ("Movement (M)": Movement, alias M), as do a trailing qualifier
("Steadfast (only The Horde formation)": alias Steadfast; "Ward [X]": alias
Ward), the names a heading joins ("A / B", "Blast and Large Blast":
:mod:`referee.joined`), both forms of "Block Die/Dice", each name of a
list of capitalised names ("Dodge, Block, Parry"), and a
quoted name opening the body ("Directive 1": "Deus Ex Machina").  Keyword
families ("Ranged X heavy") are read by :mod:`markdown_keywords`; errata
annotations ("(exchange p.53)") by :mod:`markdown_errata`, in documents whose
role is ``errata`` or whose manifest names a ``base_book``.

Categories: ``order`` for orders; a keyword family takes the keyword list it
sits in ("Ranged weapon keywords" -> ``weapon keyword``, "## ARMY ROLE
KEYWORDS" -> ``army role keyword``, "Special armor saves" -> ``special armor
save``); a rule under a bold "... keywords" label takes that label; any other
sub-rule takes its top-level section's name; top-level rules have none.

Markup is not text, and text is not markup (:mod:`markdown_inline`): a link
or image keeps its words and loses its destination, whatever that is
("[link](javascript:alert(1))" reads "link"); emphasis, code spans, the
formatting tags (``<b>``, ``<em>``, ``<span>`` ...), ``<br>`` and comments
are unwrapped; any other HTML in rule text is shown as a reader of the page
sees it (:func:`referee.sources.markup.html_as_text`): tags go, an image keeps
its alt text, ``<script>`` and ``<style>`` go whole.  A name, alias or
keyword family never holds
HTML or invisible characters (:mod:`referee.sources.markup`): they are left
out of it, with a note, and the heading as written stays in
``Entry.heading``.  A ``#`` or Setext heading that is nothing but HTML
("## <script>...</script>") names no rule: its section is an entry of its
own, flagged ``unnamed`` like an empty heading, so that its text is neither
lost nor glued onto the rule above, and the linter shows the editor where.
A bold line that is nothing but HTML is no heading at all, only emphasis:
text of the rule being read (:func:`markdown_blocks.bold_heading`).

Tables (:mod:`markdown_tables`) of entries give one sub-rule per row or card
with its other cells as fields; tables of data stay tables of their rule
(:mod:`markdown_entries`).  Labelled paragraphs and glossary lines
("**Term**: ...", "Term (ABBR): ...") define their terms as sub-rules
(:mod:`markdown_labels`).

``Source.column`` is where the heading (the ``#``, the bold line, the first
line of a Setext heading) starts on its line; a table's, where its first
row starts; a table entry's, where its name cell's text starts; a labelled
paragraph's, where its label starts.
"""

from __future__ import annotations

import hashlib
import pickle
import re
import zlib
from dataclasses import replace

from referee.errors import RulesError
from referee.model import Alias, Amendment, Entry, Field, Source, Table
from referee.sources import markdown_errata as errata
from referee.sources import markdown_footnotes as footnotes
from referee.sources import markdown_labels as labels
from referee.sources.document import Document, indent_column
from referee.joined import joined_names
from referee.sources.markdown_blocks import (
    KEYWORD_LABEL,
    FoundEntry,
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
from referee.sources.markdown_inline import plain, plain_line
from referee.sources.markdown_keywords import Family, family
from referee.sources.markup import name_from, names_from
from referee.text import singulars

_SECTION_NUMBER = re.compile(r"^(?:(?:\d+ ?\.)+\d*\s*|(?:[A-Z]|\d+)\)\s+)(?=[^\W\d_])")
_ORDER = re.compile(r"^\(O\)\s*")
_ACTION = re.compile(r"\s*\(Action\)$", re.IGNORECASE)
_ABBREVIATION = re.compile(r"^(?P<name>.*\S)\s*\((?P<abbr>[A-Z][A-Za-z]{0,2})\)$")
_QUALIFIER = re.compile(r"^(?P<name>.*\S)\s*(?:\([^()]+\)|\[[^\[\]]+\])$")
# "Block Die/Dice": the last word in two forms, each form of the name an alias
_LAST_WORD_VARIANTS = re.compile(r"^(?P<lead>.*\S\s)(?P<a>[^\W\d_]+)/(?P<b>[^\W\d_]+)$")
_CAPITALISED = re.compile(r"^[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,3}$")
_DICE_RESULT = re.compile(r"^\d+(?:\s*[-–]\s*\d+)?$")
_QUOTED_NAME = re.compile(r'^["“”](?P<name>[^"“”]{1,60})["”“]:?$')
_CATEGORY_LABEL = re.compile(r"\b(?:keywords|saves)$", re.IGNORECASE)
# The last character of a name _CATEGORY_LABEL can find (changed with it): an s in any case
# ("ſ" is one to the pattern, which ignores case), or the newline its "$" may stand before.
_LABEL_ENDS = frozenset("sS\u017f\n")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
# "Ranged X", "power (x)": a keyword with a placeholder, named in running text.
_INLINE_KEYWORD = re.compile(r"\b(?:[A-Z][a-z]+ [XYZ]|[A-Za-z]+ \([XYZxyz]\))(?![\w(|])")


class _SectionRule:
    """What one section says about its rule, while the sections are read together.

    A plain class, not a dataclass: what most rules leave as they were read (no alias,
    flag, note, category, family, amendment, table or sub-rule) is the class's value,
    and a rule's own ``__dict__`` holds only what it sets.  A kept chunk pickles only
    those (:meth:`__getstate__`), and a recalled rule is its few values, not sixteen
    with five empty lists: 100,000 unpickle in about a third of the time.
    A recalled rule's defaults are tuples, so whatever changes one assigns a new list
    (:func:`_noted`) rather than appending to the class's."""

    section: Section = None  # type: ignore[assignment]  # set by the reader, or on recall (_attached)
    aliases: list[str] | tuple[str, ...] = ()
    flags: list[str] | tuple[str, ...] = ()
    notes: list[str] | tuple[str, ...] = ()
    category: str | None = None
    fam: Family | None = None
    amends: Amendment | None = None
    page_only: errata.Annotation | None = None
    text: str = ""
    tables: tuple[Table, ...] = ()
    fields: tuple[Field, ...] = ()
    found: list[FoundEntry] | tuple[FoundEntry, ...] = ()
    labelled: list[_SectionRule] | tuple[_SectionRule, ...] = ()  # rules its labelled paragraphs define
    span: tuple[int, int] | None = None  # kept: where its text stands in its chunk's lines (_detached)

    def __init__(self, section: Section, name: str | None, heading: str, notes: list[str] | None = None) -> None:
        self.section = section
        self.name = name
        self.heading = heading
        self.aliases, self.flags, self.notes, self.found, self.labelled = [], [], list(notes or ()), [], []

    def __getstate__(self) -> dict[str, object]:
        """Its name and heading, and each value other than the class's (an empty list is
        the class's empty tuple)."""
        return {k: v for k, v in self.__dict__.items() if k in ("name", "heading") or not _as_class(k, v)}

    def copy(self, **changes: object) -> _SectionRule:
        """Another rule with this one's values and ``changes``."""
        new = object.__new__(_SectionRule)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new


def _as_class(attribute: str, value: object) -> bool:
    default = getattr(_SectionRule, attribute)
    return value == default or (default == () and type(value) is list and not value)


def _noted(rule: _SectionRule, note: str) -> None:
    """A note added to a rule that may have been recalled (its notes the class's tuple)."""
    rule.notes = [*rule.notes, note]


def read(doc: Document) -> list[Entry]:
    """Every rule of a Markdown document, in document order.

    >>> doc = Document("demo", "demo/rules.md", "markdown", "core", "# Fear\\n\\nUnits **must** flee.")
    >>> [(e.name, e.text, str(e.source)) for e in read(doc)]
    [('Fear', 'Units must flee.', 'demo/rules.md:1-3')]
    """
    base_book = doc.options.get("base_book")
    if base_book is not None and not isinstance(base_book, str):
        raise RulesError("option base_book must be a string: the title of the base book", doc.path)
    lines = doc.text.removeprefix("\ufeff").split("\n")
    preamble, sections = scan(doc, lines)
    sections = fold_lead_ins(sections)
    top = title(sections, _document_names(doc))
    link(sections)
    is_errata = doc.role == "errata" or base_book is not None
    rules = _section_rules(doc, [s for s in sections if s is not top], lines, is_errata, base_book)
    first, defined = _preamble(doc, preamble) if any(t.strip() for _, t in preamble) else (None, [])
    rules = defined + [one for rule in rules for one in (rule, *_defined(rule))]
    _name_removed_lists(rules)
    by_section = {id(d.section): d for d in rules}
    _categorise(rules, top, by_section)
    _inline_keywords(rules)
    return footnotes.attach(doc, ([first] if first is not None else []) + _entries(doc, rules, top, by_section))


def _defined(rule: _SectionRule) -> list[_SectionRule]:
    """The sub-rules a section's labelled paragraphs and tables define, in that order."""
    if not rule.labelled and not rule.found:
        return []  # most sections: no labelled paragraph, no table of entries
    return [*rule.labelled, *(t for r in (rule, *rule.labelled) for t in _table_rules(r))]


def _document_names(doc: Document) -> list[str]:
    """What a document is called: its manifest title, its system, its file name."""
    names = [doc.system, doc.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]]
    if isinstance(doc.options.get("title"), str):
        names.append(doc.options["title"])
    return names


# -- one section ----------------------------------------------------------------

SECTIONS_MOST = 256  # sections a kept chunk holds at most
SECTIONS_LEAST = 16  # and at least, but at the document's end
SECTIONS_CUT = 64  # a chunk ends after a heading whose CRC-32 is 0 modulo this
# What a kept chunk's key starts with: another when what is kept, or how it is keyed, changes
# (2: the chunk's lines hashed whole; rules pickled with only what they set, a text that
# stands as written in those lines as where it stands)
KEPT_PREFIX = "markdown2-"


def _section_rules(
    doc: Document, sections: list[Section], lines: list[str], is_errata: bool, base_book: str | None
) -> list[_SectionRule]:
    """What each section says about its rule (:func:`_section_rule`); with ``doc.kept``,
    read in chunks of consecutive sections, each kept there under the key of all it
    depends on: the document's path, format and role, the errata options, and the
    chunk's lines (``lines``: the document's, as :func:`scan` split them).  After an edit
    only the chunk that holds it is read again.  Chunks end where a heading says so
    (content-defined): a section added or removed moves its own chunk's end only.  A line
    number is only a label in a section's reading, so a chunk that lines added or removed
    above it moved is taken and moved with it (:func:`_moved`), not read again.

    A chunk is the lines from its first heading to the line before the next chunk's
    (to the document's end for the last).  Those lines alone say what its sections
    are: a chunk begins at a heading, where :func:`scan` is in the same state wherever
    the heading stands (out of any code fence; after a break, if it is a bold or Setext
    heading; an ATX heading needs none, and after any heading the state is the same),
    so scan reads the chunk's lines the same wherever they stand; and a lead-in is
    folded into the section above it, never the first of a chunk.  So the key is those
    lines, and each section's line counted from the first (that said twice), hashed:
    no pass over the sections' bodies in Python."""
    if doc.kept is None:
        return [_section_rule(doc, s, is_errata, base_book) for s in sections]
    chunks: list[list[Section]] = []
    for section in sections:
        if not chunks or len(chunks[-1]) == SECTIONS_MOST:
            chunks.append([])
        elif len(chunks[-1]) >= SECTIONS_LEAST and zlib.crc32(chunks[-1][-1].raw.encode("utf-8", "surrogatepass")) % SECTIONS_CUT == 0:
            chunks.append([])
        chunks[-1].append(section)
    head = pickle.dumps((doc.path, doc.format, doc.role, is_errata, base_book), protocol=pickle.HIGHEST_PROTOCOL)
    ends = [chunk[0].line - 1 for chunk in chunks[1:]] + [len(lines)]
    out: list[_SectionRule] = []
    for chunk, end in zip(chunks, ends):
        at = chunk[0].line
        hashed = hashlib.sha256(head)
        hashed.update(pickle.dumps([s.line - at for s in chunk], protocol=pickle.HIGHEST_PROTOCOL))
        written = "\n".join(lines[at - 1 : end])
        hashed.update(written.encode("utf-8", "surrogatepass"))
        key = KEPT_PREFIX + hashed.hexdigest()[:32]
        try:
            data = doc.kept.get(key)
            recalled = _attached(*pickle.loads(data), chunk, written) if data is not None else None
        except Exception:  # noqa: BLE001 - a store that cannot answer (or gives damaged bytes) only costs speed
            recalled = None
        if recalled is not None:
            out.extend(recalled)
            continue
        read = [_section_rule(doc, s, is_errata, base_book) for s in chunk]
        try:
            doc.kept[key] = _detached(read, written)
        except Exception:  # noqa: BLE001 - a store that cannot keep only costs speed
            pass
        out.extend(read)
    return out


def _detached(rules: list[_SectionRule], written: str) -> bytes:
    """Rules of sections, pickled without their sections (the document's own objects,
    linked to their parents) and with the line they were read at: :func:`_attached`
    gives them back.  A text that stands as it is in its chunk's lines (``written``,
    what the chunk's key hashed: most texts, a paragraph or paragraphs one blank line
    apart with no markup) is kept as where it stands there, not again."""
    kept = [(rule.section, rule.text, [child.section.parent for child in rule.labelled]) for rule in rules]
    starts = [0]  # where each line of the chunk starts in ``written``
    for line in written.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    at = rules[0].section.line
    try:
        for rule in rules:
            section = rule.section
            if rule.text:
                last = max([section.line] + [n for n, _ in section.body]) - at + 1
                found = written.find(rule.text, starts[section.line - at], starts[last])
                if found >= 0:
                    rule.span, rule.text = (found, found + len(rule.text)), ""
            rule.section = None  # type: ignore[assignment]
            for child in rule.labelled:
                child.section.parent = None
        return pickle.dumps((at, rules), protocol=pickle.HIGHEST_PROTOCOL)
    finally:
        for rule, (section, text, parents) in zip(rules, kept):
            rule.section, rule.text = section, text
            rule.__dict__.pop("span", None)
            for child, parent in zip(rule.labelled, parents):
                child.section.parent = parent


def _attached(line: int, rules: list[_SectionRule], sections: list[Section], written: str) -> list[_SectionRule]:
    """Rules read at ``line`` given back their sections, moved to where those now stand,
    and their texts kept as where they stand in the chunk's lines (``written``)."""
    by = sections[0].line - line
    for rule, section in zip(rules, sections, strict=True):
        rule.section = section
        if rule.span is not None:
            rule.text = written[rule.span[0] : rule.span[1]]
        if by:  # a chunk below an edit that added or removed lines (most chunks: none)
            _moved(rule, by)
        for child in rule.labelled:
            child.section.parent = section
    return rules


def _moved(rule: _SectionRule, by: int) -> None:
    """A section's reading moved ``by`` lines down the document: every line it holds
    (its tables', its table entries', its labelled paragraphs' and theirs)."""
    if not by:
        return
    moved = [replace(t.source, line=t.source.line + by, end_line=t.source.end_line + by) for t in rule.tables]
    rule.tables = tuple(Table(t.header, t.rows, source) for t, source in zip(rule.tables, moved))
    rule.found = [replace(f, line=f.line + by, end_line=f.end_line + by) for f in rule.found]
    for child in rule.labelled:
        child.section.line += by
        child.section.body = [(n + by, text) for n, text in child.section.body]
        _moved(child, by)


def _section_rule(doc: Document, section: Section, is_errata: bool, base_book: str | None) -> _SectionRule:
    heading = clean_name(section.heading)
    name, notes = name_from(heading)
    rule = _SectionRule(section, name, section.heading, notes=notes)
    if not name:
        rule.flags.append("unnamed")
        if not heading:
            rule.notes.append("empty heading")
    body = list(section.body)
    if rule.name and is_errata:
        _read_heading_annotation(rule, base_book)
    if rule.name:
        _shape_name(rule)
        if _DICE_RESULT.match(rule.name):
            body = _take_label(rule, body)
    _read_body_start(rule, body)
    body = _split_labelled(doc, rule, body, doc.role == "glossary" or labels.glossary_heading(section.heading))
    rule.text, rule.tables, rule.found = render(doc, body)
    if is_errata:
        _read_body_annotation(rule, base_book)
    return rule


def _split_labelled(doc: Document, rule: _SectionRule, body: Lines, glossary: bool) -> Lines:
    """Paragraphs that open with a label ("**Term**: ...", "Term (ABBR): ...") define that
    term: each becomes a sub-rule of the section, and leaves the section's text."""
    found = labels.find([text for _, text in body], glossary, rule.name or "")
    if not found:
        return body
    taken: set[int] = set()
    for first, last, one in found:
        number = body[first][0]
        lines = [(number, one.rest), *body[first + 1 : last + 1]]
        section = Section(number, one.term, rule.section.level + 1, body[first][1], lines, rule.section, one.column)
        name, notes = name_from(clean_name(one.term))
        child = _SectionRule(section, name, one.term, notes=notes)
        child.notes.append("a labelled paragraph" if one.emphasised else "a glossary line")
        if name:
            _shape_name(child)
        else:
            child.flags.append("unnamed")
        child.text, child.tables, child.found = render(doc, lines)
        rule.labelled.append(child)
        taken.update(range(first, last + 1))
    return [line for i, line in enumerate(body) if i not in taken]


def _table_rules(rule: _SectionRule) -> list[_SectionRule]:
    """The entries the section's tables define, each a sub-rule of the section's rule,
    named and shaped like a heading, cited to its own cell (see :mod:`markdown_entries`)."""
    out = []
    for found in rule.found:
        if rule.name and not rule.fields and _card_title(clean_name(found.name)).casefold() == rule.name.casefold():
            # "##### Unarmed" over a one-row table naming Unarmed: the profile of the section's own rule
            rule.fields = tuple(Field(k, v) for k, v in found.fields)
            rule.text = "\n\n".join(t for t in (rule.text, found.text) if t)
            _noted(rule, f"its profile is the {found.kind} table row at line {found.line}")
            continue
        lines = [(found.line, found.name)] + ([(found.end_line, found.text)] if found.end_line != found.line else [])
        section = Section(found.line, found.name, rule.section.level + 1, found.name, lines, rule.section, found.column)
        heading = clean_name(found.name)
        name, notes = name_from(_card_title(heading))
        child = _SectionRule(section, name, found.name, notes=notes)
        child.notes.append(f"an entry of a {found.kind} table")
        if not name:
            child.flags.append("unnamed")
        else:
            _shape_name(child)
        child.text = found.text
        child.fields = tuple(Field(k, v) for k, v in found.fields)
        out.append(child)
    if out:
        _noted(rule, f"its tables define {len(out)} entries, each a rule of its own")
    return out


def _card_title(heading: str) -> str:
    """ "Pass - 1 AP" -> "Pass": a card's title, its cost left out of the name."""
    parts = re.split(r"\s+[-–—]\s+", heading, maxsplit=1)
    return parts[0] if len(parts) == 2 and re.search(r"\d", parts[1]) and len(parts[1].split()) <= 3 else heading


def _read_heading_annotation(rule: _SectionRule, base_book: str | None) -> None:
    name, inner = errata.split_heading(rule.name or "")
    if inner is None:
        subject = errata.instruction(name)
        if subject:
            rule.name = subject
            rule.amends = Amendment("edit", (), base_book)
            instruction = rule.heading.rstrip(":")
            rule.notes.append(f"the heading is an instruction ({instruction}) naming no page: read as edit")
        return
    try:
        found = errata.parse(inner)
    except errata.AnnotationError as err:
        rule.notes.append(f"could not read the amendment annotation ({inner}): {err}; kept it in the name")
        return
    rule.name = name
    if found.op is None:
        rule.page_only = found  # the body says what happens to the page
    else:
        rule.amends = Amendment(found.op, found.pages, base_book)
        if not found.pages:
            rule.notes.append(f"the amendment annotation ({inner.strip()}) names no page")
    if found.extra:
        rule.notes.append(f"the amendment annotation also says: {found.extra}")


def _shape_name(rule: _SectionRule) -> None:
    """Markers, numbers and aliases out of the name (see the module docstring)."""
    name = rule.name or ""
    if _ORDER.match(name):
        name = _ORDER.sub("", name)
        rule.flags.append("order")
        rule.category = "order"
    if _ACTION.search(name):
        name = _ACTION.sub("", name)
        rule.flags.append("action")
    if len(name) > 2 and name.startswith("!") and name.endswith("!"):
        name = name.strip("!").strip()
    name = _SECTION_NUMBER.sub("", name) or name
    rule.fam = family(name)
    if rule.fam is not None:
        rule.aliases.extend(rule.fam.aliases)
    elif m := _ABBREVIATION.match(name):
        name = m.group("name")
        rule.aliases.append(m.group("abbr"))
    elif m := _QUALIFIER.match(name):
        rule.aliases.append(m.group("name"))
    if rule.fam is None and (joined := joined_names(name)):
        rule.aliases.extend(joined)  # "Stomp / Thunder Stomp", "Blast and Large Blast": each its name
    elif rule.fam is None and (m := _LAST_WORD_VARIANTS.match(name)):
        rule.aliases.extend((m.group("lead") + m.group("a"), m.group("lead") + m.group("b")))
    elif rule.fam is None and ", " in name and all(_CAPITALISED.match(p.strip()) for p in name.split(",")):
        rule.aliases.extend(p.strip() for p in name.split(","))  # "Dodge, Block, Parry": each its name
    rule.name = name


def _take_label(rule: _SectionRule, body: Lines) -> Lines:
    """A dice-result heading ("1:") is named by the label line under it ("Attack:")."""
    for i, (_, text) in enumerate(body):
        if not text.strip():
            continue
        label = plain_line(text).strip()
        if label.endswith(":") and len(label) <= 60 and not LIST_ITEM.match(text) and bold_heading(text) is None:
            name, notes = name_from(clean_name(label))
            if name is None:
                break
            rule.notes.append(f"dice result {rule.name}")
            rule.notes.extend(notes)
            rule.name = name
            rule.heading = f"{rule.heading} {clean_name(label)}"
            _shape_name(rule)
            return body[:i] + body[i + 1 :]
        break
    return body


def _read_body_start(rule: _SectionRule, body: Lines) -> None:
    """A quoted name opening the body is an alias; a repeat of the heading is dropped."""
    first = next(((i, text) for i, (_, text) in enumerate(body) if text.strip()), None)
    if first is None or not rule.name:
        return
    i, text = first
    line = plain_line(text).strip()
    if m := _QUOTED_NAME.match(plain(text).strip()):  # HTML in it: left out of the alias, with a note
        rule.aliases.append(m.group("name").strip())
        return
    repeated = errata.split_heading(clean_name(line))[0]
    if repeated.casefold() in (rule.name.casefold(), clean_name(rule.heading).casefold()):
        del body[i]
        rule.notes.append("the text's first line repeats the heading; left out of the text")


def _read_body_annotation(rule: _SectionRule, base_book: str | None) -> None:
    if rule.page_only is not None:
        op = errata.op_from_body(rule.text)
        rule.amends = Amendment(op, rule.page_only.pages, base_book)
        how = "the text says removed" if op == "remove" else "the text gives the change"
        rule.notes.append(f"the heading names pages but no operation; read as {op} ({how})")
        return
    inner = errata.body_annotation(rule.text) if rule.amends is None else None
    if inner is None:
        return
    try:
        found = errata.parse(inner)
    except errata.AnnotationError as err:
        rule.notes.append(f"could not read the amendment annotation ({inner}): {err}")
        return
    if found.op is not None:
        rule.amends = Amendment(found.op, found.pages, base_book)
        if found.extra:
            rule.notes.append(f"the amendment annotation also says: {found.extra}")


# -- across sections ------------------------------------------------------------


def _name_removed_lists(rules: list[_SectionRule]) -> None:
    """A removal listing several rules ("Terrain, Open Terrain, ...") gives one entry per rule.

    Each removed rule is a rule of the base book a player may look up by its
    own name ("Difficult Terrain"), so each gets its own entry, all citing the
    same lines; aliases would wrongly say they are one rule.  A name this
    document defines again in a section of its own ("Obstacle") is left out:
    that section is the rule now, and a removed twin would hide it.
    """
    if not any(rule.amends and rule.amends.op == "remove" and ", " in (rule.name or "") for rule in rules):
        return  # no removal lists (any document but errata): the names need not be gathered
    defined = {d.name.casefold(): d for d in rules if d.name and "," not in d.name}
    i = 0
    while i < len(rules):
        rule = rules[i]
        if not (rule.name and rule.amends and rule.amends.op == "remove" and ", " in rule.name):
            i += 1
            continue
        names = [n.strip() for n in rule.name.split(",") if n.strip()]
        redefined = [n for n in names if n.casefold() in defined]
        kept = [n for n in names if n.casefold() not in defined] or names
        copies = []
        for name in kept:
            copy = rule.copy(name=name, aliases=[], notes=list(rule.notes), flags=list(rule.flags))
            copy.notes.append(f"one of {len(names)} rules removed by one heading: {', '.join(names)}")
            copies.append(copy)
        for name in redefined:
            if name in kept:
                continue
            twin = defined[name.casefold()]
            pages = ", ".join(f"p.{p}" for p in rule.amends.pages)
            note = f"{name} is not listed as removed here: line {twin.section.line} defines it again"
            copies[0].notes.append(note)
            removed_at = rule.section.line
            _noted(twin, f"the base book's {name} ({pages}) is removed at line {removed_at}; this section is the rule now")
        rules[i : i + 1] = copies
        i += len(copies)


def _root(section: Section, top: Section | None) -> Section:
    while section.parent is not None and section.parent is not top:
        section = section.parent
    return section


def _label_category(label: str, lead: str | None = None) -> str:
    """ "Ranged weapon keywords" -> "weapon keyword" (for a Ranged family); "Other keywords" -> "keyword"."""
    words = label.casefold().split()
    words[-1] = next(iter(singulars(words[-1])), words[-1])
    if words[0] == "other" and len(words) > 1:
        words = words[1:]
    if lead and len(words) > 1 and words[0] == lead.casefold():
        words = words[1:]
    return " ".join(words)


def _categorise(rules: list[_SectionRule], top: Section | None, by_section: dict[int, _SectionRule]) -> None:
    """Keyword families by the keyword list they sit in; other rules by their top-level section
    (``by_section``: each rule by its section's id, as :func:`_entries` takes them too)."""
    labels: dict[int, _SectionRule] = {}  # id of a top-level section -> the last category label read in it
    before: _SectionRule | None = None
    for rule in rules:
        if before is not None and _is_category_label(before.name):
            labels[id(_root(before.section, top))] = before
        before = rule
        if rule.category or not rule.name:
            continue
        section = rule.section
        root = _root(section, top)
        if rule.fam is not None:
            own = rule.fam.aliases[0]
            if _CATEGORY_LABEL.search(own):
                rule.category = _label_category(own)
                continue
            label = labels.get(id(root))
            if label is not None and label.name:
                rule.category = _label_category(label.name, rule.fam.lead)
            if rule.category:
                continue
        parent = section.parent
        if section.bold and KEYWORD_LABEL.search(rule.name):
            rule.category = _label_category(rule.name)
        elif parent is not None and _is_keyword_label(parent):
            rule.category = _label_category(clean_name(parent.heading))
        elif root is not section:
            root_rule = by_section.get(id(root))
            rule.category = root_rule.name if root_rule else None


def _is_category_label(name: str | None) -> bool:
    """ "Ranged weapon keywords", "Special armor saves"; most names are not asked the pattern."""
    return bool(name) and name[-1] in _LABEL_ENDS and _CATEGORY_LABEL.search(name) is not None  # type: ignore[index]


def _is_keyword_label(section: Section) -> bool:
    return section.bold and KEYWORD_LABEL.search(clean_name(section.heading)) is not None


def _inline_keywords(rules: list[_SectionRule]) -> None:
    """A keyword with a placeholder named in running text ("weapon keyword "Melee X"")
    is an alias of the first rule whose text names it so, unless a heading defines it."""
    claimed = {a.casefold() for d in rules if d.fam for a in (d.name or "", *d.aliases)}
    for rule in rules:
        if rule.fam is not None or "keyword" not in rule.text.casefold():  # casefold maps each character alone
            continue
        for sentence in _SENTENCE.split(rule.text):
            if "keyword" not in sentence.casefold():
                continue
            for m in _INLINE_KEYWORD.finditer(sentence):
                keyword = m.group()
                if keyword.casefold() not in claimed:
                    claimed.add(keyword.casefold())
                    rule.aliases = [*rule.aliases, keyword]
                    _noted(rule, f"its text defines the keyword {keyword}")


def _entries(doc: Document, rules: list[_SectionRule], top: Section | None, by_section: dict[int, _SectionRule]) -> list[Entry]:
    """Each rule read as an :class:`Entry` (``by_section``: each rule by its section's id)."""
    with_children = {id(d.section.parent) for d in rules if d.section.parent is not None}
    out = []
    path, lang = doc.path, doc.lang
    for d in rules:
        section = d.section
        up = section.parent
        parent = by_section.get(id(up)) if up is not None and up is not top else None
        flags = tuple(d.flags)
        if not d.text:
            # "group": an empty heading that only gathers sub-sections ("### Flee/Pursuit")
            flags += ("stub", "group") if id(section) in with_children else ("stub",)
        aliases: tuple[Alias, ...] = ()
        alias_notes: list[str] = []
        if d.aliases:  # most rules have none
            seen = {(d.name or "").casefold()}
            kept, alias_notes = names_from(d.aliases)
            named = []
            for alias in kept:
                if alias and alias.casefold() not in seen:
                    seen.add(alias.casefold())
                    named.append(Alias(alias, lang))
            aliases = tuple(named)
        heading = d.heading if d.heading and clean_name(d.heading) != d.name else None
        fam = d.fam
        # Entry's fields in order (a call by keyword costs a quarter more, once per rule):
        # name, text, source, aliases, category, key, parent, params, amends, tables,
        # profiles, flags, lang, notes, heading, fields
        out.append(
            Entry(
                d.name, d.text, Source(path, section.line, section.end_line, section.column), aliases, d.category,
                fam.key if fam else "", (parent.fam.key if parent.fam else parent.name) if parent else None,
                fam.params if fam else (), d.amends, d.tables, (), flags, lang,
                tuple(dict.fromkeys([*d.notes, *alias_notes])) if d.notes or alias_notes else (), heading, d.fields,
            )  # fmt: skip
        )
    return out


def _preamble(doc: Document, lines: Lines) -> tuple[Entry | None, list[_SectionRule]]:
    """Text before the first heading: kept, as a rule without a name; the rules its
    tables and labelled paragraphs define are rules of their own, with no parent."""
    written = [(n, t) for n, t in lines if t.strip()]
    holder = _SectionRule(Section(written[0][0], "", 0, "", list(lines)), None, "")
    body = _split_labelled(doc, holder, list(lines), doc.role == "glossary")
    text, tables, holder.found = render(doc, body)
    defined = _defined(holder)
    left = [(n, t) for n, t in body if t.strip()]
    if not (text or tables) or not left:
        return None, defined
    entry = Entry(
        name=None,
        text=text,
        source=doc.source(left[0][0], left[-1][0], indent_column(left[0][1])),
        tables=tables,
        flags=("unnamed",),
        lang=doc.lang,
        notes=("text before the first heading",),
    )
    return entry, defined


__all__ = ["read"]
