"""The Editor's reports' findings, kept in the store with the build they were found in.

Linting every system takes about a second for the four systems of
rules_src (more for large ones), and a site is rebuilt far more often than
its rules change (each edit of the guide under ``serve``). The findings of
a build are the same every time, so they are kept in the store's memo
(:class:`referee.store.database.Memo`'s table, kind ``lint``, keyed by the
build's key), and replaced when another build's findings are written.
Anything unreadable is linted anew.

For a large system, linting is started early in a second process
(:mod:`referee.site.ahead`), while the pages are written.
"""

from __future__ import annotations

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


EARLY = 300  # rules from which linting starts ahead in a second process (below, starting one costs more)


def lint_all(build: Build, systems: list[str], rules_src: str | None) -> dict[str, LintResult]:
    """``referee lint --min-severity info`` per system, from the cache when it holds them."""
    from referee.lint.run import lint

    found = cached(build, systems, rules_src)
    if found is not None:
        return found
    results = {system: lint(build, system, min_severity="info", rules_src=rules_src) for system in systems}
    if build.key and rules_src:
        _write(rules_src, build.key, results)
    return results


def cached(build: Build, systems: list[str], rules_src: str | None) -> dict[str, LintResult] | None:
    if not build.key or not rules_src:
        return None  # a build made outside the cache
    found = _read(rules_src, build.key)
    return found if found is not None and all(s in found for s in systems) else None


def _read(rules_src: str, key: str) -> dict[str, LintResult] | None:
    db = database.open_existing(database.path(rules_src))
    if db is None:
        return None
    try:
        row = db.execute("SELECT value FROM memo WHERE kind = ? AND key = ?", (KIND, key)).fetchone()
        data = pickle.loads(zlib.decompress(row[0])) if row else None
    except Exception:  # noqa: BLE001 - damaged or written by other code: lint anew
        return None
    finally:
        db.close()
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    return data["results"]


def _write(rules_src: str, key: str, results: dict[str, LintResult]) -> None:
    """Keep the findings of build ``key``, in place of any other build's; a store busy or
    read-only only costs speed."""
    db = database.open_existing(database.path(rules_src))
    if db is None:
        return
    value = zlib.compress(pickle.dumps({"format": FORMAT, "results": results}, protocol=pickle.HIGHEST_PROTOCOL), 1)
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute("DELETE FROM memo WHERE kind = ?", (KIND,))
        db.execute("INSERT INTO memo VALUES (?, ?, '', ?)", (KIND, key, value))
        db.execute("COMMIT")
    except sqlite3.Error:
        if db.in_transaction:
            db.execute("ROLLBACK")
    finally:
        db.close()
