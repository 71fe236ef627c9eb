"""Shared fixtures: the real rules_src, and small rule systems built in tmp_path."""

from __future__ import annotations

import atexit
import fcntl
import gc
import os
import pickle
import shutil
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from _pytest.doctest import DoctestModule

from referee.store.record import Build
from referee.store.load import open_rules
from referee.paths import checkout_dir

PROJECT = Path(checkout_dir() or Path(__file__).resolve().parents[1])
RULES_SRC = PROJECT / "rules_src"
_SHARED_CACHE = pytest.StashKey[str]()
_OWN_TEMPORARY = pytest.StashKey[str]()
_SHARED_CACHE_VARIABLE = "REFEREE_TEST_SHARED_CACHE"
# A RAM disk for the run's temporary files where the machine has one with room: the builds of
# the tests write and sync thousands of small files (SQLite stores, sites, search indexes), and a
# store's first sync cost about 115 ms on this machine's disk against 2 ms on a RAM disk
# (docs/performance.md, "The fast lane, round 11").  Nothing a test checks depends on the disk.
RAM_DISK = "/dev/shm"
RAM_DISK_ROOM = 2 << 30  # bytes it must have free (a run writes a few hundred MB)
# The cycle collector's thresholds in a test process.  At Python's (700, 10, 10) a fast-lane run
# spent about 12 s of its processor time in collections, 10 s of it in full ones walking the
# session's fixtures (rulebases, stores, sites) again and again; at these, about 3 s
# (docs/performance.md, "The fast lane, round 23").  Garbage is still collected, less often.
GC_THRESHOLDS = (20_000, 10, 10)
# The developers' fast lane (`make check` sets it): property tests draw a quarter of their examples.
# `make test` and CI draw them all, and any example hypothesis saw fail is drawn again first.
FAST_LANE = os.environ.get("REFEREE_FAST_LANE") == "1"


def examples(full: int) -> int:
    """How many examples a property test draws: ``full`` in the whole suite, a quarter (at least
    ten) in the fast lane."""
    return max(10, full // 4) if FAST_LANE else full


def temporary_root(environ: Mapping[str, str] = os.environ, ram_disk: str = RAM_DISK) -> str | None:
    """The folder to hold the run's temporary files: None (the system's choice) when ``TMPDIR``
    is set or there is no RAM disk with :data:`RAM_DISK_ROOM` free that this user may write."""
    if environ.get("TMPDIR") or not os.path.isdir(ram_disk) or not os.access(ram_disk, os.W_OK | os.X_OK):
        return None
    room = os.statvfs(ram_disk)
    return ram_disk if room.f_bavail * room.f_frsize >= RAM_DISK_ROOM else None


def _use_temporary(folder: str) -> None:
    """Temporary files of this process and of those it starts go to ``folder``."""
    os.environ["TMPDIR"] = folder
    tempfile.tempdir = folder


def pytest_configure(config: pytest.Config) -> None:
    """One cache folder for the whole run (doctests included): the real rules are
    built once and every read-only test shares that build.  Builds of different
    rule folders live in separate sub-folders, so fixture systems never evict it.

    Under pytest-xdist the controller makes the folder and the workers inherit it
    through the environment (the cache is safe for concurrent builds), so the
    rules are built once per run, not once per worker.

    Temporary files go to a RAM disk where there is one (:func:`temporary_root`),
    pytest's ``tmp_path`` folders included, and each worker has a temporary folder of
    its own: what a library keeps under a fixed name in the temporary folder (whoosh
    builds an index in memory through ``<tmp>/MAIN.tmp``) is never another process's."""
    gc.set_threshold(*GC_THRESHOLDS)
    config.pluginmanager.register(DoctestSieve(), "referee-doctest-sieve")
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None:  # the controller, or a run without workers
        root = temporary_root()
        if root is not None:
            _use_temporary(root)
        folder = tempfile.mkdtemp(prefix="referee-test-cache-")
        config.stash[_SHARED_CACHE] = folder
        os.environ[_SHARED_CACHE_VARIABLE] = folder
    else:  # pytest's tmp_path folders of a worker are given by the controller, not made here
        own = tempfile.mkdtemp(prefix=f"referee-test-{workerinput['workerid']}-", dir=os.environ.get("TMPDIR") or None)
        config.stash[_OWN_TEMPORARY] = own
        _use_temporary(own)
    os.environ["REFEREE_CACHE_DIR"] = os.environ[_SHARED_CACHE_VARIABLE]
    os.environ.pop("REFEREE_RULES_SRC", None)
    os.environ["COLUMNS"] = "80"  # argparse wraps usage lines to the terminal's width


def shared_folder() -> Path:
    """The run's one cache folder, which every worker sees (:func:`pytest_configure`)."""
    return Path(os.environ[_SHARED_CACHE_VARIABLE])


def made_once(name: str, make: Callable[[Path], str]) -> tuple[Path, str]:
    """Something made once per test run, not once per worker, in a folder of the run's shared
    folder: the first worker to ask makes it (``make``, given that folder, answers what every
    asker is told, as text) while holding a lock; a worker that asks later waits for the lock
    and is told the same.  What is made there is only ever read.  A making that failed, or
    whose worker died (the lock goes with the process), left no ``made`` file: the next asker
    clears what it left and makes it again."""
    base = shared_folder() / "once" / name
    base.mkdir(parents=True, exist_ok=True)
    made = base / "made"  # written once the making is whole
    with open(base / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # let go when the file closes
        if not made.exists():
            for left in base.iterdir():
                if left.name != "lock":
                    shutil.rmtree(left) if left.is_dir() and not left.is_symlink() else left.unlink()
            made.write_text(make(base), encoding="utf-8")
        return base, made.read_text(encoding="utf-8")


def pytest_unconfigure(config: pytest.Config) -> None:
    for made in (_SHARED_CACHE, _OWN_TEMPORARY):
        if made in config.stash:
            shutil.rmtree(config.stash[made], ignore_errors=True)
    if getattr(config, "workerinput", None) is not None:
        atexit.register(_leave_untidied)  # the last exit function a worker registers


def _leave_untidied() -> None:
    """A test worker ends without taking its interpreter apart: it has reported its last test
    and run pytest's end of session (the check for unraisable exceptions included), so what is
    left is Python freeing every object it made one by one, about 1.5 s of each worker at the
    end of the fast lane, while the controller waits for it (docs/performance.md, "The fast
    lane, round 19").  Registered last (at the worker's end), this runs first of the exit
    functions: it runs the others (multiprocessing's, logging's, the pattern file's), then
    leaves with the status of a worker that ended as it should."""
    atexit.unregister(_leave_untidied)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(0)


# A test's report crosses from a worker to the controller as one pickled string: execnet's own
# encoding is written in Python and walks the report's dictionary item by item (its keywords, its
# place, its sections), about a tenth of a millisecond a report on each side, three reports a test
# (docs/performance.md, "The fast lane, round 19").  pytest's own hooks make the dictionary and the
# report from it, as without workers.
_PACKED = "referee-packed-report"


@pytest.hookimpl(wrapper=True)
def pytest_report_to_serializable(config: pytest.Config, report: Any) -> Any:
    data = yield
    if data is not None and getattr(config, "workerinput", None) is not None:
        return {_PACKED: pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)}
    return data


@pytest.hookimpl(tryfirst=True)
def pytest_report_from_serializable(config: pytest.Config, data: dict[str, Any]) -> Any:
    if _PACKED not in data:
        return None
    unpacked = pickle.loads(data[_PACKED])
    unpacked.update((key, value) for key, value in data.items() if key != _PACKED)  # what xdist added
    return config.hook.pytest_report_from_serializable(config=config, data=unpacked)


@pytest.fixture
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of the test's own, for tests of the cache itself."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(scope="session")
def rulebase() -> Build:
    """The build of the project's own rules_src, made once per test run (the first
    worker to ask builds it into the shared cache; the others load it)."""
    return open_rules(RULES_SRC).whole()


def write_system(root: Path, system: str, manifest: str, files: dict[str, str | bytes]) -> Path:
    """A rule system folder under ``root``; returns ``root`` (the rules_src)."""
    folder = root / system
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "system.toml").write_text(manifest, encoding="utf-8")
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def markdown_system(root: Path, system: str, rules: str) -> Path:
    """A system of a test's own words, one Markdown document (``rules.md``), under ``root``;
    returns ``root`` (the rules_src)."""
    return write_system(root, system, manifest(system, "rules.md", "markdown", 'languages = ["en"]'), {"rules.md": rules})


def manifest(system: str, path: str = "rules.txt", fmt: str = "rules-list", extra: str = "") -> str:
    return (
        f'id = "{system}"\ntitle = "Test system"\n{extra}\n'
        f'[[documents]]\npath = "{path}"\nformat = "{fmt}"\nrole = "core"\n'
    )


def has_examples(source: str) -> bool:
    """Whether a module's text holds a doctest example (a ``>>>`` prompt): only such a test module's
    doctests are collected."""
    return ">>>" in source


class DoctestSieve:
    """A module without a doctest example is not searched for doctests (``--doctest-modules``):
    the search walks every function and class of the module, in each worker, about half a second
    of a run for the test modules (docs/performance.md, "The fast lane, round 18").  Registered as a
    plugin (:func:`pytest_configure`), not as this file's hook, so that it sieves the package's
    modules too, not only those under tests/ (round 23).  A module with one is collected as before."""

    @pytest.hookimpl(wrapper=True)
    def pytest_collect_file(self, file_path: Path, parent: pytest.Collector) -> Any:
        found = yield
        if file_path.suffix == ".py" and found and any(isinstance(f, DoctestModule) for f in found):
            if not has_examples(file_path.read_text(encoding="utf-8")):
                found = [f for f in found if not isinstance(f, DoctestModule)]
        return found


# Every fixture that starts Chromium itself (tests/site/headless.py's ``start``); a fixture that
# takes one of these is in a test's closure of fixtures too (tests/test_lane.py checks the list)
_BROWSER_FIXTURES = frozenset({"browser", "own_browser"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that asks for a browser is a browser test, whatever its module: the
    fast lane (``make check``) leaves those out by marker rather than by file name."""
    for item in items:
        if _BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
