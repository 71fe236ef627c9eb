"""A build killed part-way, two builds at once, a read during a build, a damaged cache.

Builds run as real processes on a copy of the project's rules_src, each
test with a cache folder of its own (a copy of one warm cache, made once);
a killed build is killed with SIGKILL (no clean-up code runs), part-way
through reading, at the moment it starts writing its cache, or part-way
through writing a site.  What must hold afterwards is that every reader
still gets a whole, consistent rulebase.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from referee.cli.commands import main
from tests.conftest import RULES_SRC, manifest, write_system
from tests.store.tables import store_tables
from tests.robustness.processes import kill_when, referee, rules_only_config, snapshot, start

pytestmark = pytest.mark.slow  # real processes: a few seconds each, still part of every run


def _lookup(cache: Path, src: Path, name: str = "Fear") -> tuple[int, object, str]:
    done = referee(cache, "lookup", name, "--system", "t9a", "--json", "--rules-src", str(src))
    return done.returncode, json.loads(done.stdout) if done.stdout else None, done.stderr


@pytest.fixture(scope="module")
def warm(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, object]:
    """A copy of rules_src, a cache holding its build, and Fear's answer from it (made once)."""
    base = tmp_path_factory.mktemp("warm")
    shutil.copytree(RULES_SRC, base / "src")
    code, answer, err = _lookup(base / "cache", base / "src")
    assert (code, err) == (0, "")
    return base / "src", base / "cache", answer


@pytest.fixture
def rules(warm: tuple[Path, Path, object]) -> Iterator[Path]:
    """The warm rules folder; whatever a test edits in it is put back after."""
    src = warm[0]
    saved = {p: p.read_bytes() for p in src.rglob("*") if p.is_file()}
    yield src
    for path, data in saved.items():
        if path.read_bytes() != data:
            path.write_bytes(data)


@pytest.fixture
def cache(warm: tuple[Path, Path, object], tmp_path: Path) -> Path:
    """A cache folder of the test's own, holding the warm build."""
    return Path(shutil.copytree(warm[1], tmp_path / "cache"))


@pytest.fixture
def answer(warm: tuple[Path, Path, object]) -> object:
    return warm[2]


def _writing(cache: Path) -> Callable[[], bool]:
    """Whether a build is in its write transaction (holds the store's write lock)."""

    def holds() -> bool:
        for file in cache.glob("store/*/rules.sqlite"):
            db = sqlite3.connect(file, timeout=0)
            try:
                db.execute("BEGIN IMMEDIATE")
                db.execute("ROLLBACK")
            except sqlite3.OperationalError as err:
                return "locked" in str(err)
            finally:
                db.close()
        return False

    return holds


def _rows(cache: Path) -> dict[str, object]:
    """The store's rows (what it says the rules are)."""
    [file] = cache.glob("store/*/rules.sqlite")
    return store_tables(str(file))


def test_a_build_killed_while_writing_its_cache_leaves_the_previous_one(
    rules: Path, cache: Path, answer: object, warm: tuple[Path, Path, object]
) -> None:
    assert _lookup(cache, rules) == (0, answer, "")
    before = _rows(cache)
    universal = rules / "t9a" / "universal-rules.txt"
    universal.write_text(universal.read_text(encoding="utf-8") + "\nGloom\n\nModels with Gloom sulk.\n", encoding="utf-8")

    for _attempt in range(3):  # a busy machine may not let the poll see the short write: try again
        if kill_when(start(cache, "build", "--rules-src", str(rules)), _writing(cache)):
            break
        shutil.rmtree(cache)
        shutil.copytree(warm[1], cache)  # the build finished: back to the previous cache alone
    else:
        pytest.fail("the build ended each time before it was seen writing its cache")
    assert _rows(cache) == before  # the previous build's rows, untouched (the transaction never committed)
    universal.write_text(universal.read_text(encoding="utf-8").rsplit("\nGloom", 1)[0], encoding="utf-8")
    assert _lookup(cache, rules) == (0, answer, "")  # read from the cache as it was, no note of damage
    code, _, err = _lookup(cache, rules, "Gloom")
    assert code == 1 and "Traceback" not in err  # the edit is gone, and so is what the killed build read


@pytest.mark.parametrize("moment", ["reading", "writing"])
def test_a_refresh_killed_part_way_leaves_a_cache_that_answers(rules: Path, cache: Path, answer: object, moment: str) -> None:
    process = start(cache, "build", "--refresh", "--rules-src", str(rules))
    if moment == "reading":
        begun = time.monotonic()  # a build of rules_src takes over a second: half a second in, it has not written
        ready = lambda: time.monotonic() > begun + 0.5  # noqa: E731
    else:
        ready = _writing(cache)
    kill_when(process, ready)
    assert _lookup(cache, rules) == (0, answer, "")


def test_a_read_during_a_build_sees_one_whole_rulebase(rules: Path, cache: Path) -> None:
    """While a build of edited rules runs, lookups run too: each finds the build of the edited
    rules in the cache or makes it alongside, and answers whole from it, never a mix or a note."""
    universal = rules / "t9a" / "universal-rules.txt"
    universal.write_text(universal.read_text(encoding="utf-8").replace("Fear", "Dread"), encoding="utf-8")
    building = start(cache, "build", "--rules-src", str(rules))
    answers = []
    while building.poll() is None or not answers:
        answers.append(_lookup(cache, rules, "Dread"))
    assert building.wait() == 0
    for code, answer, err in answers:
        assert (code, err) == (0, ""), err
        assert '"Dread"' in json.dumps(answer) and '"Fear"' not in json.dumps(answer)


# -- a damaged cache ---------------------------------------------------------------


def _damaged(path: Path, how: str) -> None:
    data = path.read_bytes()
    path.write_bytes({"truncated": data[: len(data) // 2], "garbage": b"\x80\x04garbage" * 7, "empty": b""}[how])


@pytest.mark.parametrize("how", ["truncated", "garbage", "empty"])
def test_every_damaged_cache_file_is_rebuilt_with_at_most_a_note(
    tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    """Each file of the cache in turn (the store, the search index's parts), damaged three ways:
    the next call answers as before, says so in at most one note, and never shows a traceback."""
    src = write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    commands = (["lookup", "Gloom"], ["search", "sulk"], ["lint"])
    expected = []
    for command in commands:
        assert main([*command, "--json", "--rules-src", str(src)]) == 0
        expected.append(capsys.readouterr().out)
    files = sorted(p for p in private_cache.rglob("*") if p.is_file() and p.stat().st_size)
    assert len(files) >= 3  # the store and the search index's files at least
    damaged = 0
    for file in files:
        if not file.exists():
            continue  # replaced by the rebuild after an earlier file's damage
        damaged += 1
        _damaged(file, how)
        for command, out in zip(commands, expected):
            code = main([*command, "--json", "--rules-src", str(src)])
            got, err = capsys.readouterr()
            assert (code, got) == (0, out), (file.name, command, err)
            assert "Traceback" not in err and len(err.splitlines()) <= 1, (file.name, command, err)
            assert err == "" or err.startswith("referee: note: "), (file.name, command, err)
    assert damaged >= 3


# -- the site ------------------------------------------------------------------------


def test_a_site_build_killed_part_way_leaves_the_previous_site(tmp_path: Path) -> None:
    cache, out = tmp_path / "cache", tmp_path / "site"
    src = write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    site = ("site", "build", "--rules-src", str(src), "--out", str(out), "--config", rules_only_config(src, tmp_path / "config"))
    assert referee(cache, *site).returncode == 0
    before = snapshot(out)
    assert "rules/demo/gloom.html" in before
    (src / "demo" / "rules.txt").write_text("Gloom\n\nModels with Gloom sulk loudly.\n", encoding="utf-8")

    kill_when(start(cache, *site), lambda: snapshot(out) != before)

    # Whole: every file of a site there, of the old build or (swapped in just before the kill) the new.
    after = snapshot(out)
    assert set(after) == set(before), f"{len(set(before) - set(after))} of {len(before)} files of the previous site gone"


def test_two_site_builds_at_once_leave_one_whole_site(tmp_path: Path) -> None:
    """Two `referee site build` of the same rules into one folder at once: both succeed, and the
    folder holds exactly what one build alone writes (MkDocs writes each file whole)."""
    src = write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    config = rules_only_config(src, tmp_path / "config")
    cache = tmp_path / "cache"
    alone, shared = tmp_path / "alone", tmp_path / "shared"
    site = ("site", "build", "--rules-src", str(src), "--config", config, "--out")
    assert referee(cache, *site, str(alone)).returncode == 0
    both = [start(cache, *site, str(shared)) for _ in range(2)]
    assert [(p.wait(), p.stderr.read() if p.stderr else "") for p in both] == [(0, "")] * 2
    assert snapshot(shared) == snapshot(alone)
