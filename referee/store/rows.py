"""Reading the store: :class:`Stored` answers every reader's questions (:class:`~referee.store.book.Book`)
from the handful of rows each asks for, so a warm call costs about the same at 100 rules as at 100,000.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.errors import unknown_system
from referee.store import database
from referee.store.database import SPAN, moved, section_of, unpack
from referee.text import find

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Iterator
    from typing import Any

    from referee.store.record import Build

META = "SELECT value FROM meta WHERE name = ?"


class Stored:
    """The rules of one build, as the store holds them (see :class:`referee.store.book.Book`)."""

    __slots__ = ("_db", "_kept", "_moved", "_related", "_rules", "_whole", "rule_names")

    def __init__(self, db: sqlite3.Connection, whole: Build | None = None) -> None:
        self._db = db
        self._kept: dict[tuple[Any, ...], Any] = {}
        self._rules: dict[str, dict[str, Any] | None] = {}
        self._related: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self._moved: dict[tuple[int, int], tuple[str, int]] | None = None
        self._whole = whole
        self.rule_names = RuleNames(db)

    @classmethod
    def of(cls, build: Build) -> Stored:
        """A build made outside the cache, kept in a store in memory (every reader reads one shape)."""
        from referee.store import writer

        db = database.create(None)
        writer.write_build(db, build)
        return cls(db, build)

    # -- the build as a whole ------------------------------------------------------

    def _value(self, sql: str, *args: Any, default: Any = None) -> Any:
        """The JSON of the one value ``sql`` selects (kept for the next call), or ``default``."""
        if (sql, *args) not in self._kept:
            row = self._db.execute(sql, args).fetchone()
            self._kept[sql, *args] = json.loads(row[0]) if row else default
        return self._kept[sql, *args]

    @property
    def key(self) -> str:
        return self._value(META, "key")

    @property
    def systems(self) -> list[str]:
        return self._value(META, "systems")

    @property
    def unmanaged(self) -> list[str]:
        """Folders of the rules folder with no system.toml (warned about, not read)."""
        return self._value(META, "unmanaged")

    def check_system(self, system: str | None) -> None:
        if system is not None and system not in self.systems:
            raise unknown_system(system, self.systems, tuple(self.unmanaged))

    def whole(self) -> Build:
        """The full build (record classes), put together from each system's frame and sections."""
        if self._whole is None:
            from referee.store.record import from_store

            self._whole = from_store(self._db, self.key, tuple(self.unmanaged))
        return self._whole

    # -- rules -------------------------------------------------------------------------

    def get(self, rule_id: str) -> dict[str, Any] | None:
        if rule_id not in self._rules:
            row = self._db.execute("SELECT seq, json FROM rules WHERE id = ?", (rule_id,)).fetchone()
            self._rules[rule_id] = self._placed(*row) if row else None
        return self._rules[rule_id]

    def _placed(self, seq: int, blob: bytes) -> dict[str, Any]:
        """A row's JSON, its places where its section now stands (:data:`referee.store.database.SPAN`)."""
        if self._moved is None:
            query = "SELECT y.number, s.k, s.file, s.shift FROM sections s JOIN systems y ON y.id = s.system WHERE s.shift != 0"
            self._moved = {(number, k): (file, shift) for number, k, file, shift in self._db.execute(query)}
        at = self._moved.get(section_of(seq)) if self._moved else None
        return unpack(blob) if at is None else moved(unpack(blob), *at)

    def in_system(self, system: str | None = None) -> list[dict[str, Any]]:
        """The rules of one system, or of all, in reading order, as JSON (docs/json.md)."""
        self.check_system(system)
        return self._spanned("rules", system)

    def lookup(self, query: str, system: str | None = None) -> list[dict[str, Any]]:
        """Rules named ``query`` (name, alias or id; case- and accent-blind)."""
        self.check_system(system)
        systems = [system] if system else self.systems
        ids = find(self._named, self.rule_names, query, systems)
        return [rule for rule in map(self.get, ids) if rule is not None]

    def _named(self, system: str, form: str) -> list[str]:
        return self._value("SELECT ids FROM names WHERE system = ? AND form = ?", system, form, default=[])

    # -- relations -----------------------------------------------------------------------

    def relations_out(self, rule_id: str) -> list[dict[str, Any]]:
        """Relations the rule's text states, as JSON (docs/graph.md)."""
        return self._of(rule_id, "source")

    def relations_in(self, rule_id: str) -> list[dict[str, Any]]:
        """Relations other rules state about this one."""
        return self._of(rule_id, "target")

    def _of(self, rule_id: str, end: str) -> list[dict[str, Any]]:
        """A rule's relations from one end, kept for the next call as ``get`` keeps rules: a resolve
        call asks for the same few rules' relations dozens of times.  Readers never change what they
        are handed (tests/resolve/test_walks.py compares the kept lists with the rows after a walk);
        a build makes a new :class:`Stored`, so what is kept is never of an older build."""
        if (rule_id, end) not in self._related:
            rows = self._unpacked(f"SELECT seq, json FROM relations WHERE {end} = ? ORDER BY seq", database.end(rule_id))
            self._related[rule_id, end] = [rel for rel in rows if rel[end] == rule_id]  # not another id of the same hash
        return self._related[rule_id, end]

    def relations(self, system: str | None = None) -> list[dict[str, Any]]:
        """Every relation of one system, or of all, in reading order, as JSON."""
        self.check_system(system)
        return self._spanned("relations", system)

    def _spanned(self, table: str, system: str | None) -> list[dict[str, Any]]:
        """The rows of ``rules`` or ``relations`` of one system, or of all (in folder order), in reading order."""
        placed = "SELECT number FROM systems WHERE ? IS NULL OR id = ? ORDER BY place"
        numbers = [n for (n,) in self._db.execute(placed, (system, system)).fetchall()]
        spanned = f"SELECT seq, json FROM {table} WHERE seq >= ? AND seq < ? ORDER BY seq"
        return [row for n in numbers for row in self._unpacked(spanned, n * SPAN, (n + 1) * SPAN)]

    def _unpacked(self, sql: str, *args: Any) -> list[dict[str, Any]]:
        return [self._placed(seq, blob) for seq, blob in self._db.execute(sql, args)]

    # -- the answers computed at build time (each described in referee.store.answers) -----

    def _answer(self, system: str, name: str, default: Any) -> Any:
        return self._value("SELECT value FROM answers WHERE system = ? AND name = ?", system, name, default=default)

    @property
    def summaries(self) -> list[dict[str, Any]]:
        return [self._answer(system, "summary", {}) for system in self.systems]

    def core_terms(self, system: str) -> list[str]:
        return self._answer(system, "core_terms", [])

    def against_terms(self, system: str) -> list[str]:
        return self._answer(system, "against_terms", [])

    def never_stacking(self, system: str) -> list[dict[str, Any]]:
        return self._answer(system, "never_stacking", [])

    def families(self, system: str) -> dict[str, list[str]]:
        return self._answer(system, "families", {})

    def condition_words(self, system: str) -> dict[str, str]:
        return self._answer(system, "condition_words", {})

    def kinds_named(self, system: str) -> dict[str, list[Any]]:
        return self._answer(system, "kinds_named", {})

    def unit_kind(self, system: str, kind: str) -> list[list[Any]]:
        """``[rule id, sentence]`` of each rule whose sentence opens on units of ``kind`` (its
        words), in reading order: its rows of the ``kinds`` table, section by section."""
        if ("kinds", system, kind) not in self._kept:
            rows = self._db.execute("SELECT rules FROM kinds WHERE system = ? AND kind = ? ORDER BY k", (system, kind))
            self._kept["kinds", system, kind] = [place for (places,) in rows for place in json.loads(places)]
        return self._kept["kinds", system, kind]

    def units(self, system: str) -> dict[str, list[dict[str, Any]]]:
        """Folded unit name -> the units of that name (one per army book that has it)."""
        rows = self._db.execute("SELECT form, json FROM units WHERE system = ?", (system,))
        return {form: json.loads(units) for form, units in rows}

    def unit(self, system: str, name: str) -> list[dict[str, Any]]:
        """The units of ``system`` whose folded name is ``name``."""
        return self._value("SELECT json FROM units WHERE system = ? AND form = ?", system, name, default=[])


class RuleNames(Mapping[str, str]):
    """Rule id -> name, read from the store one id at a time."""

    __slots__ = ("_db",)

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __getitem__(self, rule_id: str) -> str:
        row = self._db.execute("SELECT name FROM rules WHERE id = ?", (rule_id,)).fetchone()
        if row is None:
            raise KeyError(rule_id)
        return row[0]

    def __iter__(self) -> Iterator[str]:
        return iter([rid for (rid,) in self._db.execute("SELECT id FROM rules ORDER BY id")])

    def __len__(self) -> int:
        return self._db.execute("SELECT count(*) FROM rules").fetchone()[0]
