"""Reading a system of a rules folder and writing it into the store: the rows of what changed, in one transaction.

:func:`build` reads the systems whose files changed (:attr:`referee.store.database.Stamp.systems`),
one after the other (:func:`read`: each alone, systems being namespaces, on every core), and
writes them as they come in one transaction that also records the content key and its stamp:
a reader sees the last build or this one, and a build killed part-way leaves the last one.
A read takes what the store's last build of the system left unless another version of
Referee's code wrote it.  Two builds take turns at the transaction; the second writes
what differs from the first's rows, if anything.
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Any

from referee.army.link import muster
from referee.rulebase.base import Rulebase, read_folder
from referee.rulebase.load import system_folders
from referee.store import answers, database, record
from referee.store.database import LAYOUT, SECTION_ROWS, SPAN, Stamp, code_key, encode, pack
from referee.store.record import Build, Section, canonical, pickled, rows_made
from referee.units import unit_index


@dataclass(frozen=True)
class Read:
    """A system read: the keys it was read under (``read_key``: of its files; ``reading_key``:
    of the code and core terms its sentences were read under; ``names_digest``: a quick "no
    name changed", of its rule names and name index), its name index, its rules in sections,
    its frame (the system's build but its rules and relations, packed as
    :func:`referee.store.record.from_store` reads it), answers and units, and the Markdown
    adapter's memo."""

    system: str
    read_key: str | None
    reading_key: str | None
    names_digest: str
    names: dict[str, list[str]]
    sections: Iterable[Section]  # in order, read as they are taken (see read())
    frame: bytes
    answers: dict[str, Any]  # and the sections' share, as they come
    units: dict[str, Any]
    memo: database.Memo | None = None


def read(
    root: Path,
    folder: Path,
    files: dict[str, bytes] | None,
    progress: Callable[[str], None] | None,
    last: sqlite3.Connection | None,
    code: str,
    key: str | None,
) -> Read:
    """Read one system folder of ``root`` (resolved), taking what it can from the store's last
    build (``last``, a connection of its own, of a build by this ``code``: None, read everything).
    The sections are read as the writer takes them, one at a time, so that
    the rows of one section at a time are held, not the whole system's."""
    memo = database.Memo(last, "markdown")
    manifest, summaries, rules, texts = read_folder(root, folder, progress, files, memo)
    rulebase = Rulebase.from_rules("", {manifest.id: manifest}, {manifest.id: summaries}, rules, texts)
    system = manifest.id
    index = rulebase.names.get(system, {})
    reading_key = canonical((code, list(manifest.core_terms))).hex()
    rule_names = rulebase.rule_names
    names_digest = canonical((rule_names, index)).hex()
    earlier = None if last is None else record.before(last, system, reading_key, names_digest, rule_names, index)
    if progress is not None:
        progress(f"relations of {system}")
    armies = muster(rulebase)
    # not the name indexes: the rules give them (record.from_store), and the rows hold them
    parts = {"manifests": rulebase.manifests, "documents": rulebase.documents, "armies": armies, "texts": rulebase.texts}
    return Read(
        system,
        key,
        reading_key,
        names_digest,
        index,
        record.read(rulebase, system, earlier),
        pickled(parts, 1),  # every whole build (graph, lint, site) reads it: packed as lightly as rows
        answers.of_system(rulebase, armies, system),
        unit_index(armies).get(system, {}),
        memo,
    )


STALE_TMP = 600  # seconds after which a temporary file is a killed build's leftover


def build(
    rules_src: str | os.PathLike[str], key: str, stamp: Stamp, files: dict[str, bytes], progress: Callable[[str], None] | None
) -> sqlite3.Connection:
    """Read what changed in ``rules_src`` (the bytes ``files`` of content ``key``) and write
    it into the store; the store as it then is, open.  Where the cache cannot be written
    (read-only, full), the build is kept in a store in memory."""
    file = database.path(rules_src)
    made = [f for f in (os.path.dirname(os.path.dirname(file)), os.path.dirname(file)) if not os.path.isdir(f)]
    fresh = not os.path.exists(file)
    # Python's cycle collector held off (in the forked readers too): reading makes millions of
    # objects and almost no cycles, and each full collection walked every object made so far.
    collecting = gc.isenabled()
    gc.disable()
    db = None
    try:
        db = database.create(file)
        _write(db, file, rules_src, key, stamp, files, progress)
    except BaseException as err:
        if db is not None and fresh:
            _unmake(db, file, made)  # rules that fail to build leave no cache behind
        elif db is not None:
            db.close()
        if not isinstance(err, Exception) or not unwritable(err):
            raise
        db = database.create(None)
        _write(db, None, rules_src, key, stamp, files, progress)
        return db
    finally:
        if collecting:
            gc.enable()
    _tidy(db, rules_src, key)
    return db


def _unmake(db: sqlite3.Connection, file: str, made: list[str]) -> None:
    """Remove the store this build made, and its folders, if no build's rows are in it."""
    try:
        empty = db.execute("SELECT count(*) FROM meta").fetchone()[0] == 0
    except sqlite3.Error:
        empty = False
    db.close()
    if not empty:
        return
    database.remove(file)
    for folder in reversed(made):
        with suppress(OSError):
            os.rmdir(folder)


def unwritable(err: BaseException) -> bool:
    """Whether ``err`` says the cache folder cannot be written (full, read-only, gone),
    as the file system says it (OSError) or as SQLite does ("database or disk is full")."""
    if isinstance(err, OSError):
        return True
    words = ("disk is full", "disk i/o error", "readonly database", "unable to open database")
    return isinstance(err, sqlite3.OperationalError) and any(w in str(err).lower() for w in words)


def _write(
    db: sqlite3.Connection, file: str | None, rules_src: str | os.PathLike[str], key: str, stamp: Stamp, files: dict[str, bytes], progress: Any
) -> None:
    root = Path(rules_src).resolve()
    folders, others = system_folders(root)
    code = code_key()
    last = None
    try:
        db.execute("BEGIN IMMEDIATE")  # held while the systems are read: a second build waits, readers read the last one
        if database.meta(db, "code") != code:
            for table in database.TABLES:
                db.execute(f"DELETE FROM {table}")
        # the systems the store holds (of this code: the rest was just deleted), with the key
        # of the files each was read from; the last build read beside the transaction
        kept = {system: read_key for system, read_key in db.execute("SELECT id, read_key FROM systems")}
        last = database.open_existing(file) if file is not None and kept else None
        for place, folder in enumerate(folders):
            read_key = stamp.systems.get(folder.name)
            if read_key is not None and kept.get(folder.name) == read_key:
                db.execute("UPDATE systems SET place = ? WHERE id = ?", (place, folder.name))
            else:
                write_system(db, read(root, folder, files, progress, last, code, read_key), place)
        names = [folder.name for folder in folders]
        for (gone,) in db.execute("SELECT id FROM systems").fetchall():
            if gone not in names:
                _drop_system(db, gone)
        meta = {"key": key, "code": code, "systems": names, "unmanaged": [p.name for p in others]}
        db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", ((name, json.dumps(value)) for name, value in meta.items()))
        stamp.write(db)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    finally:
        if last is not None:
            last.close()


def _ranges(base: int, k: int) -> list[tuple[int, int]]:
    """The ``seq`` ranges of section ``k``'s rows (rules and stated relations; layout relations)."""
    start = base + k * SECTION_ROWS
    return [(start, start + SECTION_ROWS - 1), (start + LAYOUT, start + LAYOUT + SECTION_ROWS - 1)]


def write_system(db: sqlite3.Connection, read: Read, place: int) -> None:
    """Replace the store's rows of one system by those of ``read``: of its sections, only
    those whose rows changed, each as it is taken from the read; its name index (when a
    name changed), rule names, units and answers whole."""
    system = read.system
    row = db.execute("SELECT number, names_digest FROM systems WHERE id = ?", (system,)).fetchone()
    # the number its rows are numbered from: kept while the system is in the store
    number = row[0] if row else db.execute("SELECT coalesce(max(number), -1) + 1 FROM systems").fetchone()[0]
    base = number * SPAN
    old = {k: (bytes(dig), shift) for k, dig, shift in db.execute("SELECT k, digest, shift FROM sections WHERE system = ?", (system,))}
    shares: list[dict[str, Any]] = []  # each section's share of the answers (answers.share), in reading order
    for k, section in enumerate(read.sections):
        shares.append(database.moved(section.share, section.file, section.shift) if section.shift else section.share)
        if k in old and old[k][0] == section.digest:
            if old[k][1] != section.shift:  # lines added or removed above it moved it
                db.execute("UPDATE sections SET shift = ? WHERE system = ? AND k = ?", (section.shift, system, k))
            continue
        _delete_section(db, system, base, k)
        # a section taken as it was is where it was, with the same digest: this one was read
        assert section.rows is not None and section.rules is not None and section.graph is not None
        assert section.kinds is not None and section.ends is not None
        rules, said, laid = section.rows
        (start, _), (layout, _) = _ranges(base, k)
        # A rule that moved here from a later section replaces its row there (ids are
        # unique); that section, having lost it, is written again when its turn comes.
        db.executemany("INSERT OR REPLACE INTO rules VALUES (?, ?, ?, ?, ?)", ((start + i, *row) for i, row in enumerate(rules)))
        db.executemany("INSERT INTO relations VALUES (?, ?, ?, ?)", _numbered(start, said))
        db.executemany("INSERT INTO relations VALUES (?, ?, ?, ?)", _numbered(layout, laid))
        db.executemany("INSERT INTO kinds VALUES (?, ?, ?, ?)", ((system, kind, k, encode(places)) for kind, places in section.kinds.items()))
        said = (encode(list(section.ids)), pack(section.share), pack(section.ends), pack(section.asked))
        kept = (system, k, section.file, section.base, section.shift, section.digest, *said, section.rules, section.graph)
        db.execute("INSERT INTO sections VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", kept)
    for k in old:
        if k >= len(shares):
            _delete_section(db, system, base, k)
    if row is None or row[1] != read.names_digest:  # the digest covers the rule names and the name index
        db.execute("DELETE FROM names WHERE system = ?", (system,))
        # with each name's place in the index, which decides between names spelled alike (record.before)
        db.executemany("INSERT INTO names VALUES (?, ?, ?, ?)", ((system, form, encode(ids), n) for n, (form, ids) in enumerate(read.names.items())))
    tables = {"units": read.units, "answers": {**read.answers, **answers.joined(shares)}}
    for table, values in tables.items():  # rows of (system, form or name, JSON)
        db.execute(f"DELETE FROM {table} WHERE system = ?", (system,))
        db.executemany(f"INSERT INTO {table} VALUES (?, ?, ?)", ((system, k, encode(v)) for k, v in values.items()))
    db.execute(
        "INSERT OR REPLACE INTO systems VALUES (?, ?, ?, ?, ?, ?, ?)",
        (number, system, place, read.read_key, read.reading_key, read.names_digest, read.frame),
    )
    if read.memo is not None:
        memo = read.memo
        db.executemany("INSERT OR REPLACE INTO memo VALUES (?, ?, ?, ?)", ((memo.kind, key, system, value) for key, value in memo.added.items()))
        stale = [key for (key,) in db.execute("SELECT key FROM memo WHERE kind = ? AND system = ?", (memo.kind, system)) if key not in memo.used]
        db.executemany("DELETE FROM memo WHERE kind = ? AND key = ?", ((memo.kind, key) for key in stale))


def _delete_section(db: sqlite3.Connection, system: str, base: int, k: int) -> None:
    """Take section ``k`` of a system out of the store: its row and the rows of its rules, relations and kinds."""
    for first, last in _ranges(base, k):
        db.execute("DELETE FROM rules WHERE seq BETWEEN ? AND ?", (first, last))
        db.execute("DELETE FROM relations WHERE seq BETWEEN ? AND ?", (first, last))
    for table in ("sections", "kinds"):
        db.execute(f"DELETE FROM {table} WHERE system = ? AND k = ?", (system, k))


def _numbered(start: int, per_rule: Iterable[list[tuple[str, str | None, bytes]]]) -> Iterable[tuple[Any, ...]]:
    return ((n, *row) for n, row in enumerate(chain.from_iterable(per_rule), start))


def _drop_system(db: sqlite3.Connection, system: str) -> None:
    """Take every row of a system that is no longer in the rules folder out of the store."""
    (number,) = db.execute("SELECT number FROM systems WHERE id = ?", (system,)).fetchone()
    db.execute("DELETE FROM relations WHERE seq BETWEEN ? AND ?", (number * SPAN, (number + 1) * SPAN - 1))
    for table in ("rules", "names", "units", "answers", "kinds", "sections", "memo"):
        db.execute(f"DELETE FROM {table} WHERE system = ?", (system,))
    db.execute("DELETE FROM systems WHERE id = ?", (system,))


def _tidy(db: sqlite3.Connection, rules_src: str | os.PathLike[str], key: str) -> None:
    """After a build: the pages what it replaced freed go back to the file system, the
    write-ahead log into the file (which empties it), and search indexes of other
    builds go.  Another build busy with the store leaves this for later."""
    with suppress(sqlite3.OperationalError):
        # Through executescript, which steps the pragma to its end: execute() stops after
        # its first step, and a step frees one page (a rebuild of 100,000 rules left the
        # 8.8 MB of the frame it replaced on the free list, and the file grew by as much).
        db.executescript("PRAGMA incremental_vacuum;")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    folder = database.folder(rules_src)
    now = time.time()
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        if name.startswith("search-") and name != f"search-{key}":
            shutil.rmtree(path, ignore_errors=True)
        elif name.startswith(".") and name.endswith(".tmp"):  # a killed build's or index's, once no build can still be writing it
            with suppress(OSError):
                if now - os.stat(path).st_mtime > STALE_TMP:
                    shutil.rmtree(path) if os.path.isdir(path) else os.unlink(path)


def write_build(db: sqlite3.Connection, build: Build) -> None:
    """Write a build made outside the cache into an empty store, as :func:`write_system` writes a
    read: each system's rules one section, whose first rule holds its relations' rows (there are
    no frames or pickles: the build is at hand)."""
    units = unit_index(build.armies)
    with db:
        for place, system in enumerate(build.systems):
            rules = list(build.in_system(system))
            said = [build.relations(system)] + [[] for _ in rules[1:]]
            section = rows_made(rules, said[: len(rules)], [[] for _ in rules], build.rule_names)
            found = answers.of_system(build, build.armies, system)
            index = build.names.get(system, {})
            write_system(db, Read(system, None, None, "", index, [section], b"", found, units.get(system, {})), place)
        meta = {"key": build.key, "code": "", "systems": build.systems, "unmanaged": list(build.unmanaged)}
        db.executemany("INSERT INTO meta VALUES (?, ?)", ((name, json.dumps(value)) for name, value in meta.items()))
