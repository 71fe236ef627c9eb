"""The view as an indexed SQLite file: what a warm ``lookup``, ``show``,
``explain`` and ``list`` read.

Unpickling the whole view costs a warm call time in proportion to the
rules folder (2.7 s at 100,000 rules).  The store holds the same data in
rows, one per rule with its JSON as :class:`~referee.build.view.View` gives
it (compressed), with the name index (folded name or alias -> rule ids, per
system) and the relations by rule, so a query reads the handful of rows it
needs and costs about the same at 100 rules as at 100,000.

:class:`StoredView` answers the View's questions from the file, with the
same results.  The file is written aside and renamed into place by
:func:`write`, and opened read-only; one that cannot be read is removed
with one line on stderr, and the caller builds anew.
"""

from __future__ import annotations

import json
import os
import zlib

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.errors import unknown_system
from referee.text import find

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any

SCHEMA = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE rules (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, system TEXT NOT NULL, json BLOB NOT NULL);
CREATE INDEX rules_by_system ON rules (system, seq);
CREATE TABLE rule_names (id TEXT PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE names (system TEXT NOT NULL, form TEXT NOT NULL, ids TEXT NOT NULL, PRIMARY KEY (system, form)) WITHOUT ROWID;
CREATE TABLE relations (seq INTEGER PRIMARY KEY, source TEXT NOT NULL, target TEXT, json BLOB NOT NULL);
"""
# Indexes made after the rows are in (faster than growing them row by row).
INDEXES = """
CREATE INDEX relations_by_source ON relations (source, seq);
CREATE INDEX relations_by_target ON relations (target, seq);
"""
# ``never_stacking`` and ``families``: the two answers about a whole system that a warm
# resolve needs (referee.build.view), made once at build time.
META = ("key", "systems", "unmanaged", "summaries", "core_terms", "against_terms", "never_stacking", "families", "units")


# Rules and relations are kept as compressed JSON: a rule's text stands in its
# JSON twice (the rule's and its first version's), which a pickle stores once
# and plain JSON twice; compressed, the store comes close to the pickled view's
# size (half of plain JSON), and inflating the few rows a query reads costs
# microseconds.  A 1 KB
# window (wbits 10) compresses a row about as well as the default 32 KB and
# several times faster: zlib sets up its whole window for every row.
encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def pack(data: Any) -> bytes:
    return zlib.compress(encode(data).encode(), 1, 10)


def unpack(blob: bytes) -> Any:
    return json.loads(zlib.decompress(blob))


def write(file: str, data: dict[str, Any]) -> None:
    """Store a view's ``data`` (:meth:`View.of <referee.build.view.View.of>`) in ``file``, atomically."""
    write_systems(file, {name: data[name] for name in META}, [(None, _rows(data), None)])


def _rows(data: dict[str, Any]) -> dict[str, Iterable[Any]]:
    """A view's data as the rows :func:`write_systems` inserts."""
    return rows(data["rules"].values(), data["rule_names"].items(), data["names"], data["relations"])


def rows(
    rules: Iterable[dict[str, Any]], rule_names: Iterable[tuple[str, str]], names: dict[str, dict[str, list[str]]], relations: Iterable[dict[str, Any]]
) -> dict[str, Iterable[Any]]:
    """The store's rows, made one at a time as they are inserted: rules and
    relations as the view gives them (JSON-shaped), the name index by system."""
    return {
        "rules": ((r["id"], r["system"], pack(r)) for r in rules),
        "rule_names": rule_names,
        "names": ((system, form, encode(ids)) for system, forms in names.items() for form, ids in forms.items()),
        # Each relation once, in reading order: a rule's relations out are those
        # it is the source of, its relations in those it is the target of, in the
        # order the view lists them (both follow reading order).
        "relations": ((rel["source"], rel["target"], pack(rel)) for rel in relations),
    }


# A build's store numbers the rows of the system at place i of its rules folder
# from i * SPAN, adding the number each row has in its system
# (:func:`referee.build.parts.load_rows`): ``seq`` orders rules and relations
# as before (reading order, system after system), and one system's rows, or
# one section of them, can be taken out and put back without renumbering any
# other's (:func:`write_systems` with ``previous``).
SPAN = 1 << 40


def write_systems(
    file: str,
    meta: dict[str, Any] | Callable[[], dict[str, Any]],
    systems: Iterable[tuple[int | None, dict[str, Iterable[Any]] | None, str | None]],
    before: Callable[[str], None] | None = None,
    previous: str | None = None,
) -> None:
    """Store rows, system after system, in ``file``, atomically.

    ``systems`` gives, for each system, ``(place, rows, replaces)``: its place
    in the rules folder (None: its rows, :func:`rows`, go one after the
    other; else rules and relations come numbered within the system, from
    :func:`referee.build.parts.load_rows`, and are numbered from
    ``place * SPAN``), its rows, and the system whose rows the place holds in
    ``previous`` (None: no rows there).  With ``previous``, a store of an
    earlier build of the same systems, the new store starts as a copy of it:
    a place given no rows keeps the previous one's, a place given rows has
    those of ``replaces`` taken out first, and rows that say what to ``drop``
    (:func:`referee.build.parts.load_changes`) replace only the sections of
    the system that changed; so a rebuild after one document's edit writes
    the rows that edit changed, not every row.

    The rows go in as they come, so the whole view is never held at once;
    ``meta`` may be a function, called once every system's rows are in;
    ``before`` is called with the file written aside once it is whole, before
    it is renamed into place (what must be in place before the view is).
    """
    import sqlite3

    from referee.atomic import aside

    with aside(file, ".view-") as tmp:
        if previous is not None:
            import shutil

            shutil.copyfile(previous, tmp)  # in the kernel (copy_file_range), no row read
        db = sqlite3.connect(tmp)
        try:
            db.execute("PRAGMA journal_mode = OFF")  # a file nobody reads until it is renamed into place
            db.execute("PRAGMA synchronous = OFF")
            if previous is None:
                db.executescript(SCHEMA)
            with db:
                for place, system, replaces in systems:
                    if previous is not None and system is not None and place is not None and "drop" in system:
                        _drop_sections(db, place, system["drop"])
                    elif previous is not None and replaces is not None and place is not None:
                        _drop(db, place, replaces)
                    if system is not None:
                        _fill(db, system, None if place is None else place * SPAN)
                values = meta() if callable(meta) else meta
                db.execute("DELETE FROM meta")
                db.executemany("INSERT INTO meta VALUES (?, ?)", ((name, encode(values[name])) for name in META))
            if previous is None:
                db.executescript(INDEXES)
        finally:
            db.close()
        if before is not None:
            before(tmp)


def _fill(db: sqlite3.Connection, rows: dict[str, Any], base: int | None) -> None:
    if base is None:
        db.executemany("INSERT INTO rules (id, system, json) VALUES (?, ?, ?)", rows["rules"])
    else:
        db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?)", ((base + n, *row) for n, *row in rows["rules"]))
    db.executemany("INSERT INTO rule_names VALUES (?, ?)", rows["rule_names"])
    db.executemany("INSERT INTO names VALUES (?, ?, ?)", rows["names"])
    if base is None:
        db.executemany("INSERT INTO relations (source, target, json) VALUES (?, ?, ?)", rows["relations"])
    else:
        db.executemany("INSERT INTO relations VALUES (?, ?, ?, ?)", ((base + n, *row) for n, *row in rows["relations"]))


def _drop(db: sqlite3.Connection, place: int, system: str) -> None:
    """Take out the rows of ``system``, at ``place`` (its rules' names with its rules)."""
    span = (place * SPAN, (place + 1) * SPAN - 1)
    db.execute("DELETE FROM rule_names WHERE id IN (SELECT id FROM rules WHERE seq BETWEEN ? AND ?)", span)
    db.execute("DELETE FROM rules WHERE seq BETWEEN ? AND ?", span)
    db.execute("DELETE FROM names WHERE system = ?", (system,))
    db.execute("DELETE FROM relations WHERE seq BETWEEN ? AND ?", span)


def _drop_sections(db: sqlite3.Connection, place: int, drop: dict[str, Any]) -> None:
    """Take out the rows of the sections of the system at ``place`` that changed, their
    rules' names, and the name index's rows that changed or went."""
    from referee.build.parts import LAYOUT, SECTION_ROWS

    for k in drop["sections"]:
        for start in (0, LAYOUT):
            span = (place * SPAN + start + k * SECTION_ROWS, place * SPAN + start + (k + 1) * SECTION_ROWS - 1)
            if start == 0:
                db.execute("DELETE FROM rules WHERE seq BETWEEN ? AND ?", span)
            db.execute("DELETE FROM relations WHERE seq BETWEEN ? AND ?", span)
    db.executemany("DELETE FROM rule_names WHERE id = ?", ((rid,) for rid in drop["rule_names"]))
    db.executemany("DELETE FROM names WHERE system = ? AND form = ?", drop["names"])


def open_store(file: str, key: str) -> StoredView | None:
    """The store in ``file`` if it holds build ``key``; None if it is missing or
    holds another (a damaged one is removed, with a note, so the next build replaces it)."""
    if not os.path.isfile(file):
        return None
    import sqlite3

    # Read-only and immutable: the file is never changed in place, only replaced.
    uri = "file:" + file.replace("%", "%25").replace("?", "%3f").replace("#", "%23") + "?mode=ro&immutable=1"
    try:
        db = sqlite3.connect(uri, uri=True)
        row = db.execute("SELECT value FROM meta WHERE name = 'key'").fetchone()
        found = json.loads(row[0]) if row else None
    except Exception as err:  # noqa: BLE001 - any damage means the same: build anew
        from referee.build.cache import discard

        discard(file, err)
        return None
    if found != key:
        db.close()
        return None
    return StoredView(db)


class StoredView:
    """The :class:`~referee.build.view.View` questions, answered from the store."""

    __slots__ = ("_db", "_meta", "_rules")

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._meta: dict[str, Any] = {}
        self._rules: dict[str, dict[str, Any] | None] = {}

    def _value(self, name: str) -> Any:
        if name not in self._meta:
            row = self._db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
            self._meta[name] = json.loads(row[0])
        return self._meta[name]

    @property
    def key(self) -> str:
        return self._value("key")

    @property
    def systems(self) -> list[str]:
        return self._value("systems")

    @property
    def unmanaged(self) -> list[str]:
        """Folders of the rules folder with no system.toml (warned about, not read)."""
        return self._value("unmanaged")

    @property
    def summaries(self) -> list[dict[str, Any]]:
        return self._value("summaries")

    def relations_out(self, rule_id: str) -> list[dict[str, Any]]:
        """Relations the rule's text states, as JSON (docs/graph.md)."""
        return self._relations(rule_id, "out")

    def relations_in(self, rule_id: str) -> list[dict[str, Any]]:
        """Relations other rules state about this one."""
        return self._relations(rule_id, "in")

    def _relations(self, rule_id: str, direction: str) -> list[dict[str, Any]]:
        column = "source" if direction == "out" else "target"
        rows = self._db.execute(f"SELECT json FROM relations WHERE {column} = ? ORDER BY seq", (rule_id,))
        return [unpack(blob) for (blob,) in rows]

    def core_terms(self, system: str) -> list[str]:
        """Folded core game terms of a system (not special rules)."""
        return self._value("core_terms").get(system, [])

    def check_system(self, system: str | None) -> None:
        if system is not None and system not in self.systems:
            raise unknown_system(system, self.systems, tuple(self.unmanaged))

    def in_system(self, system: str | None = None) -> list[dict[str, Any]]:
        self.check_system(system)
        if system is None:
            rows = self._db.execute("SELECT json FROM rules ORDER BY seq")
        else:
            rows = self._db.execute("SELECT json FROM rules WHERE system = ? ORDER BY seq", (system,))
        return [unpack(blob) for (blob,) in rows]

    def get(self, rule_id: str) -> dict[str, Any] | None:
        if rule_id not in self._rules:
            row = self._db.execute("SELECT json FROM rules WHERE id = ?", (rule_id,)).fetchone()
            self._rules[rule_id] = unpack(row[0]) if row else None
        return self._rules[rule_id]

    def lookup(self, query: str, system: str | None = None) -> list[dict[str, Any]]:
        """Rules named ``query`` (name, alias or id; case- and accent-blind)."""
        self.check_system(system)
        systems = [system] if system else self.systems
        ids = find(_Names(self._db), _RuleNames(self._db), query, systems)
        return [rule for rule in map(self.get, ids) if rule is not None]

    @property
    def data(self) -> _Data:
        """The view's data by name, as :attr:`View.data <referee.build.view.View.data>`;
        ``rule_names`` is read row by row, the rest whole on first use."""
        return _Data(self)


class _RuleNames:
    """Rule id -> name, read from the store one id at a time."""

    __slots__ = ("_db",)

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def get(self, rule_id: str, default: Any = None) -> Any:
        row = self._db.execute("SELECT name FROM rule_names WHERE id = ?", (rule_id,)).fetchone()
        return row[0] if row else default

    def __getitem__(self, rule_id: str) -> str:
        name = self.get(rule_id)
        if name is None:
            raise KeyError(rule_id)
        return name

    def __contains__(self, rule_id: object) -> bool:
        return isinstance(rule_id, str) and self.get(rule_id) is not None


class _Names:
    """System -> folded name or alias -> rule ids, the shape :func:`referee.text.find` reads."""

    __slots__ = ("_db",)

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def get(self, system: str, default: Any = None) -> _SystemNames:
        return _SystemNames(self._db, system)


class _SystemNames:
    __slots__ = ("_db", "_system")

    def __init__(self, db: sqlite3.Connection, system: str) -> None:
        self._db = db
        self._system = system

    def get(self, form: str, default: Any = None) -> Any:
        row = self._db.execute("SELECT ids FROM names WHERE system = ? AND form = ?", (self._system, form)).fetchone()
        return json.loads(row[0]) if row else default


class _Data:
    """``view.data[name]`` for a stored view: what a reader written for the
    in-memory :class:`~referee.build.view.View` may ask."""

    __slots__ = ("_view",)

    def __init__(self, view: StoredView) -> None:
        self._view = view

    def __getitem__(self, name: str) -> Any:
        db = self._view._db
        if name == "rule_names":
            return _RuleNames(db)
        if name in META:
            return self._view._value(name)
        if name == "rules":
            return {r["id"]: r for r in self._view.in_system()}
        if name == "names":
            out: dict[str, dict[str, list[str]]] = {}
            for system, form, ids in db.execute("SELECT system, form, ids FROM names"):
                out.setdefault(system, {})[form] = json.loads(ids)
            return out
        if name == "relations":
            return [unpack(blob) for (blob,) in db.execute("SELECT json FROM relations ORDER BY seq")]
        if name in ("relations_out", "relations_in"):
            column = "source" if name == "relations_out" else "target"
            by_rule: dict[str, list[dict[str, Any]]] = {}
            for rule, blob in db.execute(f"SELECT {column}, json FROM relations WHERE {column} IS NOT NULL ORDER BY seq"):
                by_rule.setdefault(rule, []).append(unpack(blob))
            return by_rule
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter((*META, "rules", "rule_names", "names", "relations_out", "relations_in", "relations"))
