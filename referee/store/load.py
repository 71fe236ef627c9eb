"""Opening a rules folder's rules: from its store when it holds the current content, else built.

:func:`open_rules` is the one way every reader gets its rules: the store is
opened, the stamp checked (:func:`referee.store.key.stamped_key`), and only
when a file changed are the bytes hashed and, for a key the store does not
hold, built from exactly those bytes (:func:`referee.store.writer.build`).
On every warm call's path: it imports neither pathlib nor the record classes.
"""

from __future__ import annotations

import os
import sqlite3

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.errors import RulesError
from referee.store import database, key
from referee.store.rows import Stored

if TYPE_CHECKING:
    from collections.abc import Callable


_OPENED: list[sqlite3.Connection] = []


def open_rules(rules_src: str | os.PathLike[str], refresh: bool = False, progress: Callable[[str], None] | None = None) -> Stored:
    """The rules of ``rules_src`` as they are now: read from its store, built first if
    the store does not hold them (``refresh``: read again whatever changed, even if the
    stamp says nothing did).  The store stays open until :func:`close_opened`."""
    found = _open(rules_src, refresh, progress)
    _OPENED.append(found._db)
    return found


def opened() -> int:
    """How many stores :func:`open_rules` has opened and not closed."""
    return len(_OPENED)


def close_opened(since: int = 0) -> None:
    """Close the stores :func:`open_rules` opened after the first ``since`` (a command that is
    done with them): the last connection to close leaves the store file without SQLite's log beside it."""
    while len(_OPENED) > since:
        _OPENED.pop().close()


def _open(rules_src: str | os.PathLike[str], refresh: bool, progress: Callable[[str], None] | None) -> Stored:
    src = os.fspath(rules_src)
    if not os.path.isdir(src):
        raise RulesError(f"rules folder not found: {src}")
    file = database.path(src)
    db = database.open_existing(file)
    if db is not None and not refresh and key.stamped_key(src, db) is not None:
        return Stored(db)
    files: dict[str, bytes] = {}
    current, stamp = key.hashed(src, files)
    if db is not None and not refresh and _restamped(db, stamp, current):
        return Stored(db)
    if db is not None:
        db.close()
    from referee.store import writer

    return Stored(writer.build(src, current, stamp, files, progress))


def current_key(rules_src: str | os.PathLike[str]) -> str:
    """The key of the current content of ``rules_src``: from the stamp while no file changed
    (a stale stamp of content the store holds is recorded anew, as :func:`open_rules` does)."""
    src = os.fspath(rules_src)
    db = database.open_existing(database.path(src))
    if db is None:
        return key.content_key(src)
    try:
        found = key.stamped_key(src, db)
        if found is None:
            found, stamp = key.hashed(src, None)
            _restamped(db, stamp, found)
        return found
    finally:
        db.close()


def _restamped(db: sqlite3.Connection, stamp: key.Stamp, current: str) -> bool:
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
