"""The rule records every stage of Referee reads and writes.

Adapters (``referee.sources``) turn one document into :class:`Entry` values:
what that document says about one rule, where it says it.  The rulebase
(``referee.rulebase``) folds the entries of all documents of a system into
:class:`Rule` values, one per rule, with a :class:`Version` per document that
defines it.  Everything is frozen: the cache pickles these, and every reader
(CLI, lint, graph, site) shares them without copying.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from operator import attrgetter
from typing import Any


@dataclass(frozen=True, slots=True)
class Source:
    """Where a piece of rule text sits: a path relative to rules_src, 1-based lines."""

    file: str
    line: int
    end_line: int
    column: int = 1  # 1-based column where the rule's heading or entry starts on ``line``
    page: str | None = None  # the printed page(s) of a document made from a book ("12", "12-13")

    def __str__(self) -> str:
        if self.end_line != self.line:
            return f"{self.file}:{self.line}-{self.end_line}"
        if self.column != 1:
            return f"{self.file}:{self.line}:{self.column}"
        return f"{self.file}:{self.line}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"file": self.file, "line": self.line, "end_line": self.end_line, "column": self.column}
        if self.page is not None:  # only documents made from a book have pages
            out["page"] = self.page
        return out


@dataclass(frozen=True, slots=True)
class Alias:
    """Another name a rule goes by: a translation, a variant, a keyword form."""

    name: str
    lang: str = "en"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "lang": self.lang}


@dataclass(frozen=True, slots=True)
class Amendment:
    """An erratum: this rule changes the named pages of a base book.

    ``op`` is one of replace, add, remove, edit (see AMENDMENT_OPS);
    ``pages`` keeps the page labels as written ("53", "50").
    """

    op: str
    pages: tuple[str, ...]
    target: str | None = None  # title of the base book, from the manifest

    def to_json(self) -> dict[str, Any]:
        return {"op": self.op, "pages": list(self.pages), "target": self.target}


AMENDMENT_OPS = ("replace", "add", "remove", "edit")


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a keyword family's signature ("Ranged X heavy": X)."""

    name: str
    kind: str  # number | dice | threshold | distance | modifier | color | role | text

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class Table:
    """A table inside a rule, kept as rows and columns."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    source: Source

    def to_json(self) -> dict[str, Any]:
        return {
            "header": list(self.header),
            "rows": [list(r) for r in self.rows],
            "source": self.source.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Field:
    """One named value of a rule read from a table row or card ("Range": "24\""), as written."""

    name: str
    value: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value}


@dataclass(frozen=True, slots=True)
class Profile:
    """A weapon profile line ("Range 36\", Shots 1, Str 5, AP 2"), kept as written."""

    text: str
    source: Source
    lang: str = "en"

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "lang": self.lang, "source": self.source.to_json()}


@dataclass(frozen=True, slots=True)
class Entry:
    """What one document says about one rule, before the documents are aligned.

    ``name`` is None when the heading was lost and could not be recovered
    (the entry is then flagged ``unnamed``).  ``key`` separates rules that
    share a name (the Last Edition's ranged heavy and melee heavy); when it is
    empty the rulebase derives it from the name.  ``parent`` names the parent
    entry (by its key or name) for sub-rules.
    """

    name: str | None
    text: str
    source: Source
    aliases: tuple[Alias, ...] = ()
    category: str | None = None
    key: str = ""
    parent: str | None = None
    params: tuple[Param, ...] = ()
    amends: Amendment | None = None
    tables: tuple[Table, ...] = ()
    profiles: tuple[Profile, ...] = ()
    flags: tuple[str, ...] = ()  # stub, unnamed, recovered-name, profile, ...
    lang: str = "en"  # language of the text
    notes: tuple[str, ...] = ()  # how the adapter read it, for editors
    heading: str | None = None  # the heading as written, when ``name`` differs from it
    fields: tuple[Field, ...] = ()  # the other cells of the table row or card that defines it


@dataclass(frozen=True, slots=True)
class Version:
    """One document's text of a rule."""

    text: str
    source: Source
    document: str  # path of the document, relative to rules_src
    role: str  # the document's role in the manifest: core, universal, glossary, ...
    lang: str = "en"
    heading: str | None = None  # the heading as that document wrote it
    flags: tuple[str, ...] = ()
    also_at: tuple[Source, ...] = ()  # the same text repeated in the same document
    profiles: tuple[Profile, ...] = ()
    tables: tuple[Table, ...] = ()
    fields: tuple[Field, ...] = ()  # its profile: the other cells of the row or card defining it

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "source": self.source.to_json(),
            "document": self.document,
            "role": self.role,
            "lang": self.lang,
            "heading": self.heading,
            "flags": list(self.flags),
            "also_at": [s.to_json() for s in self.also_at],
            "profiles": [p.to_json() for p in self.profiles],
            "tables": [t.to_json() for t in self.tables],
            "fields": [f.to_json() for f in self.fields],
        }


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of one game system, as Referee answers for it.

    ``text`` and ``source`` are those of the primary version (chosen by the
    manifest's precedence); ``versions`` lists every document's text,
    primary first.
    """

    id: str
    name: str
    system: str
    text: str
    source: Source
    aliases: tuple[Alias, ...] = ()
    category: str | None = None
    parent: str | None = None  # id of the parent rule
    params: tuple[Param, ...] = ()
    amends: Amendment | None = None
    versions: tuple[Version, ...] = ()
    flags: tuple[str, ...] = ()
    children: tuple[str, ...] = field(default=())

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *(a.name for a in self.aliases))

    def to_json(self) -> dict[str, Any]:
        """The documented JSON shape of a rule (docs/json.md)."""
        return {
            "id": self.id,
            "name": self.name,
            "system": self.system,
            "aliases": [a.to_json() for a in self.aliases],
            "category": self.category,
            "text": self.text,
            "source": self.source.to_json(),
            "amends": self.amends.to_json() if self.amends else None,
            "parent": self.parent,
            "params": [p.to_json() for p in self.params],
            "versions": [v.to_json() for v in self.versions],
            "flags": list(self.flags),
            "children": list(self.children),
            "fields": [f.to_json() for f in self.versions[0].fields] if self.versions else [],
        }


@dataclass(frozen=True, slots=True)
class Citation:
    """The words a relation, finding or ruling rests on, and where they stand."""

    rule: str  # id of the rule whose text says it
    sentence: str
    file: str
    line: int
    column: int = 1  # 1-based, of the sentence's first character on its line

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "sentence": self.sentence, "file": self.file, "line": self.line, "column": self.column}


@dataclass(frozen=True)
class Condition:
    """When a relation holds, as its sentence says.

    ``situation`` is a word of the situation vocabulary
    (:mod:`referee.graph.situations`, docs/graph.md): ``charging``,
    ``against``, ``unit-entirely`` ...; ``value`` what the word needs (the
    rule id for ``against``, "6+" for ``natural-roll``); ``text`` the words
    of the sentence.  A condition the vocabulary does not know is kept with
    situation ``other`` and its text, never dropped.
    """

    situation: str
    value: str | None = None
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"situation": self.situation, "value": self.value, "text": self.text}

    def __str__(self) -> str:
        return self.text or " ".join(w for w in (self.situation, self.value) if w)


RELATION_KINDS = (
    "grants",
    "loses",
    "immune-to",
    "excludes",
    "overrides",
    "must",
    "cannot",
    "stacks",
    "modifies",
    "amends",
    "references",
    "part-of",
    "settles",
)


@dataclass(frozen=True, slots=True)
class Relation:
    """A typed edge of the rule graph: ``source`` (a rule id) ``kind`` ``target``.

    ``target`` is the id of the rule the relation concerns, or None when the
    text names something that is not a rule of the system (a stat for
    ``modifies``, an action for ``must``/``cannot``, nothing for ``stacks``);
    ``target_name`` keeps the words as written.  ``details`` holds what the
    kind needs, as (key, value) pairs: ("stat", "Strength"), ("value", "+2"),
    ("action", "Declare a Charge"), ("mode", "cumulative").
    """

    kind: str
    source: str
    target: str | None
    target_name: str | None
    citation: Citation
    conditions: tuple[Condition, ...] = ()
    details: tuple[tuple[str, str], ...] = ()
    subject: str | None = None  # who it applies to, as the sentence says ("Infantry", "the unit")

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "source": self.source,
            "target": self.target,
            "target_name": self.target_name,
            "subject": self.subject,
            "conditions": [c.to_json() for c in self.conditions],
            "details": dict(self.details),
            "citation": self.citation.to_json(),
        }


def _quick_records(cls: type) -> None:
    """Make and unpickle a frozen, slotted record with plain stores into its slots.

    The ``__init__`` that ``dataclass(frozen=True)`` writes sets each field through
    ``object.__setattr__`` (looked up and called field by field): an :class:`Entry`
    took 2.4 µs to make, and a rebuild of 100,000 rules makes an entry, a version, a
    rule and a source or two for each of them.  Calling each slot's own setter took
    1.0 µs.  A frozen record's ``__setattr__`` refuses every store, and so keeps the
    interpreter from compiling ``self.name = name`` into a store straight into the
    slot; a plain slotted class with the very same slots, in the same order, has no
    such ``__setattr__``.  So ``__init__`` makes the new record an instance of that
    twin (one store of ``__class__``, which Python allows between classes of one
    layout), sets the fields as plain stores, and makes it the record again: 0.5 µs
    an entry.  Nothing outside ``__init__`` ever sees the twin, setting an attribute
    afterwards still fails, as a frozen record's must, and the parameters and
    defaults are the dataclass's.  A record is never subclassed (the twin's layout
    is the record's own, and ``__init__`` makes the record again by its class), so
    ``__init_subclass__`` refuses one.

    Pickled, a record is its class and its fields' values in order, made again by
    that ``__init__`` (1.8 µs an entry, where setting a state field by field took 4):
    the ``__getstate__``/``__setstate__`` that ``dataclass(slots=True)`` writes
    call ``dataclasses.fields`` for every record pickled (at 100,000 rules that
    was 3.4 s of the 7.7 s a rebuild spent writing one system).
    """
    made = fields(cls)
    names = tuple(f.name for f in made)
    assert names == cls.__slots__, f"{cls.__name__}: its slots are its fields, in order"
    twin = type(f"_{cls.__name__}Made", (), {"__slots__": names, "__module__": cls.__module__})
    read = attrgetter(*names)
    single = len(names) == 1
    scope: dict[str, Any] = {"_twin": twin, "_record": cls, "_become": _set_class}
    params = []
    for f in made:
        assert f.init and f.default_factory is MISSING and not f.kw_only, f"{cls.__name__}.{f.name}: a plain field"
        if f.default is MISSING:
            params.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    body = "".join(f"    self.{name} = {name}\n" for name in names)
    source = f"def __init__(self, {', '.join(params)}):\n    _become(self, _twin)\n{body}    self.__class__ = _record\n"
    exec(source, scope)  # noqa: S102 - made from the fields' names only
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__

    def reduce(self: Any) -> tuple[type, tuple[Any, ...]]:
        return cls, (read(self),) if single else read(self)

    def getstate(self: Any) -> list[Any]:  # its fields' values in order, read in one call (graph.moved)
        return [read(self)] if single else list(read(self))

    def refuse(sub: type, **_: Any) -> None:
        raise TypeError(f"{cls.__name__} is a record made by its own class only: it cannot be subclassed ({sub.__name__})")

    cls.__init__ = init  # type: ignore[misc]
    cls.__reduce__ = reduce  # type: ignore[method-assign,assignment]
    cls.__getstate__ = getstate  # type: ignore[attr-defined]
    cls.__init_subclass__ = classmethod(refuse)  # type: ignore[assignment]


# ``obj.__class__ = twin`` as a call: a frozen record's own ``__setattr__`` would refuse the store
_set_class = object.__dict__["__class__"].__set__


for _record in (Source, Alias, Amendment, Param, Table, Field, Profile, Entry, Version, Rule, Citation, Relation):
    _quick_records(_record)
