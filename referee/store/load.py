"""Opening a rules folder's rules: from its store when it holds the current content, else built.

:func:`open_rules` is the one way every reader gets its rules: the store is
opened, the stamp checked (:func:`referee.store.database.stamped_key`), and only
when a file changed are the bytes hashed and, for a key the store does not
hold, built from exactly those bytes (:func:`referee.store.writer.build`).
On every warm call's path: it imports neither pathlib nor the record classes.
"""

from __future__ import annotations

import os
import sqlite3

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.errors import RulesError
from referee.store import database
from referee.store.rows import Stored

if TYPE_CHECKING:
    from collections.abc import Callable


_OPENED: list[sqlite3.Connection] = []


def open_rules(rules_src: str | os.PathLike[str], refresh: bool = False, progress: Callable[[str], None] | None = None) -> Stored:
    """The rules of ``rules_src`` as they are now: read from its store, built first if
    the store does not hold them (``refresh``: read again whatever changed, even if the
    stamp says nothing did).  The store stays open until :func:`close_opened`."""
    src, db = _store(rules_src)
    files: dict[str, bytes] = {}
    current, stamp = database.hashed(src, files) if refresh else _current(src, db, files)
    if stamp is not None:
        if db is not None:
            db.close()
        from referee.store import writer

        db = writer.build(src, current, stamp, files, progress)
    assert db is not None
    _OPENED.append(db)
    return Stored(db)


def opened() -> int:
    """How many stores :func:`open_rules` has opened and not closed."""
    return len(_OPENED)


def close_opened(since: int = 0) -> None:
    """Close the stores :func:`open_rules` opened after the first ``since`` (a command that is
    done with them): the last connection to close leaves the store file without SQLite's log beside it."""
    while len(_OPENED) > since:
        _OPENED.pop().close()


def current_key(rules_src: str | os.PathLike[str]) -> str:
    """The key of the current content of ``rules_src``: from the stamp while no file changed
    (a stale stamp of content the store holds is recorded anew, as :func:`open_rules` does)."""
    src, db = _store(rules_src)
    try:
        return _current(src, db, None)[0]
    finally:
        if db is not None:
            db.close()


def _store(rules_src: str | os.PathLike[str]) -> tuple[str, sqlite3.Connection | None]:
    src = os.fspath(rules_src)
    if not os.path.isdir(src):
        raise RulesError(f"rules folder not found: {src}")
    return src, database.open_existing(database.path(src))


def _current(src: str, db: sqlite3.Connection | None, keep: dict[str, bytes] | None) -> tuple[str, database.Stamp | None]:
    """The key of the content of ``src`` now, and the stamp to build it under, None when the
    store ``db`` holds it (the stamp is read; only when a file changed are the bytes hashed)."""
    found = database.stamped_key(src, db) if db is not None else None
    if found is not None:
        return found, None
    found, stamp = database.hashed(src, keep)
    return found, None if db is not None and _restamped(db, stamp, found) else stamp


def _restamped(db: sqlite3.Connection, stamp: database.Stamp, current: str) -> bool:
    """Whether the store holds the content ``current``; then its stale stamp (a file touched,
    not changed) is recorded anew, so the next call need not hash.  A store busy or
    read-only only costs speed."""
    try:
        if database.meta(db, "key") != current:
            return False
    except sqlite3.Error:
        return False
    try:
        db.execute("BEGIN IMMEDIATE")
        if database.meta(db, "key") == current:  # still: another build may have written meanwhile
            stamp.write(db)
        db.execute("COMMIT")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()  # the file whole again, the log empty
    except sqlite3.Error:
        if db.in_transaction:
            db.execute("ROLLBACK")
    return True
