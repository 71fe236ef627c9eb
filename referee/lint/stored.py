"""Every finding of a build, kept in the store with that build: ``referee lint`` and the
Editor's reports read them instead of linting again.

Linting every system takes about a second for the four systems of rules_src
(more for large ones), and the same build is linted far more often than its
rules change: each edit of the guide under ``serve`` rebuilds the site, and a
user runs ``referee lint`` again with other options or after a fix elsewhere.
A build's findings are the same every time (its key hashes the rules folder's
documents and manifests and Referee's own code), so each system's findings,
every check at every severity with waivers applied, are kept in the store's
memo (:class:`referee.store.database.Memo`'s table, kind ``lint``, keyed by the
build's key) and replaced when another build's findings are written. What a
call asks for (some codes, a severity, one system) is cut from them by
:func:`referee.lint.run.narrowed`, exactly as linting anew would give it.
Anything unreadable is linted anew; a store busy or read-only only costs speed.

For a large system the site starts linting early in a second process
(:mod:`referee.site.ahead`), while the pages are written.
"""

from __future__ import annotations

import os
import pickle
import sqlite3
import zlib

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.store import database

if TYPE_CHECKING:
    from referee.lint.run import LintResult
    from referee.store.record import Build

FORMAT = 2  # bump when LintResult's pickled shape changes
KIND = "lint"


def lint(
    build: Build,
    system: str | None = None,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    *,
    min_severity: str = "info",
    rules_src: str | None = None,
) -> LintResult:
    """:func:`referee.lint.run.lint`, cut from the findings the store keeps for the build
    (linting every check of the systems asked for first, and keeping them, when it has none).
    A build no store can keep findings for is linted for what is asked only."""
    from referee.lint import run

    if not build.key or not rules_src or not os.path.isfile(database.path(rules_src)):
        return run.lint(build, system, select, ignore, min_severity=min_severity, rules_src=rules_src)
    run.asked(build, system, select, ignore, min_severity)  # a bad option is refused before any linting
    every = lint_all(build, [system] if system else build.systems, rules_src)
    return run.narrowed(every, build, system, select, ignore, min_severity=min_severity)


def lint_all(build: Build, systems: list[str], rules_src: str | None) -> dict[str, LintResult]:
    """``referee lint --min-severity info`` per system, from the store for those it holds;
    the systems linted here are kept beside them."""
    from referee.lint.run import lint

    kept = _read(rules_src, build.key) if build.key and rules_src else None
    found = {s: kept[s] for s in systems if kept and s in kept}
    missing = [s for s in systems if s not in found]
    if not missing:
        return found
    linted = {system: lint(build, system, min_severity="info", rules_src=rules_src) for system in missing}
    if build.key and rules_src:
        _write(rules_src, build.key, linted)
    return {**found, **linted}


def cached(build: Build, systems: list[str], rules_src: str | None) -> dict[str, LintResult] | None:
    """Every one of ``systems``' findings when the store holds them all, else None."""
    if not build.key or not rules_src:
        return None  # a build made outside the store
    found = _read(rules_src, build.key)
    return {s: found[s] for s in systems} if found is not None and all(s in found for s in systems) else None


def _read(rules_src: str, key: str, db: sqlite3.Connection | None = None) -> dict[str, LintResult] | None:
    own = db is None
    db = database.open_existing(database.path(rules_src)) if own else db
    if db is None:
        return None
    try:
        row = db.execute("SELECT value FROM memo WHERE kind = ? AND key = ?", (KIND, key)).fetchone()
        data = pickle.loads(zlib.decompress(row[0])) if row else None
    except Exception:  # noqa: BLE001 - damaged or written by other code: lint anew
        return None
    finally:
        if own:
            db.close()
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("results"), dict):
        return None
    return data["results"]


def _write(rules_src: str, key: str, results: dict[str, LintResult]) -> None:
    """Keep these systems' findings of build ``key`` beside the ones of its other systems
    kept already (read again under the write lock: another process may have added some),
    in place of any other build's."""
    db = database.open_existing(database.path(rules_src))
    if db is None:
        return
    try:
        db.execute("BEGIN IMMEDIATE")
        kept = _read(rules_src, key, db) or {}
        value = {"format": FORMAT, "results": {**kept, **results}}
        packed = zlib.compress(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), 1)
        db.execute("DELETE FROM memo WHERE kind = ?", (KIND,))
        db.execute("INSERT INTO memo VALUES (?, ?, '', ?)", (KIND, key, packed))
        db.execute("COMMIT")
    except sqlite3.Error:
        if db.in_transaction:
            db.execute("ROLLBACK")
    finally:
        db.close()
