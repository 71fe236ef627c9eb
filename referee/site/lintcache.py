"""The Editor's reports' findings, kept beside the build they were found in.

Linting every system takes about a second for the four systems of
rules_src (more for large ones), and a site is rebuilt far more often than
its rules change (each edit of the guide under ``serve``). The findings of
a build are the same every time, so they are kept in the build's cache
folder as ``lint-<key>.pickle``, written aside and renamed into place, and
dropped when their build is (a lint file whose ``build-``/``view-`` files
are gone is removed by the next write). Anything unreadable is linted anew.

For a large system, linting is started early in a second process
(:mod:`referee.site.ahead`), while the pages are written.
"""

from __future__ import annotations

import os
import pickle
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.atomic import replace_with

if TYPE_CHECKING:
    from referee.build import Build
    from referee.lint.run import LintResult

FORMAT = 1  # bump when LintResult's pickled shape changes


EARLY = 300  # rules from which linting starts ahead in a second process (below, starting one costs more)


def lint_all(build: Build, systems: list[str], rules_src: str | None) -> dict[str, LintResult]:
    """``referee lint --min-severity info`` per system, from the cache when it holds them."""
    from referee.lint.run import lint

    found = cached(build, systems, rules_src)
    if found is not None:
        return found
    results = {system: lint(build, system, min_severity="info", rules_src=rules_src) for system in systems}
    path = _path(build, rules_src)
    if path:
        _write(path, build.key, results)
    return results


def cached(build: Build, systems: list[str], rules_src: str | None) -> dict[str, LintResult] | None:
    path = _path(build, rules_src)
    found = _read(path, build.key) if path else None
    return found if found is not None and all(s in found for s in systems) else None


def _path(build: Build, rules_src: str | None) -> str | None:
    if not build.key or not rules_src:
        return None  # a build made outside the cache
    from referee.build.cache import builds_folder

    return os.path.join(builds_folder(rules_src), f"lint-{build.key}.pickle")


def _read(path: str, key: str) -> dict[str, LintResult] | None:
    try:
        with open(path, "rb") as fh:
            data = pickle.load(fh)
    except Exception:  # noqa: BLE001 - missing, damaged or written by other code: lint anew
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
        return None
    return data["results"]


def _write(path: str, key: str, results: dict[str, LintResult]) -> None:
    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, exist_ok=True)
        data = {"format": FORMAT, "key": key, "results": results}
        replace_with(path, lambda fh: pickle.dump(data, fh, protocol=pickle.HIGHEST_PROTOCOL), ".lint-")
        _prune(folder)
    except OSError:
        pass  # a read-only cache only costs speed


def _prune(folder: str) -> None:
    """Lint files whose build is no longer kept."""
    names = os.listdir(folder)
    kept = {n.split("-", 1)[1][: -len(".pickle")] for n in names if n.startswith(("build-", "view-")) and n.endswith(".pickle")}
    for name in names:
        if name.startswith("lint-") and name.endswith(".pickle") and name[len("lint-") : -len(".pickle")] not in kept:
            try:
                os.unlink(os.path.join(folder, name))
            except OSError:
                pass
