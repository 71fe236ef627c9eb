"""Where a test run keeps its temporary files (tests/conftest.py): a RAM disk when there is
one with room and ``TMPDIR`` is not set, and a temporary folder of each worker's own; and which
tests the fast lane leaves out as browser tests."""

from __future__ import annotations

import ast
import gc
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from _pytest.doctest import DoctestItem, DoctestModule

import tests.conftest as conftest
from tests.conftest import shared_folder, temporary_root


def test_a_ram_disk_with_room_is_chosen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "RAM_DISK_ROOM", 0)
    assert temporary_root({}, str(tmp_path)) == str(tmp_path)


def test_tmpdir_set_by_the_user_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "RAM_DISK_ROOM", 0)
    assert temporary_root({"TMPDIR": "/var/tmp"}, str(tmp_path)) is None


def test_no_ram_disk_or_one_without_room_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert temporary_root({}, str(tmp_path / "missing")) is None
    room = os.statvfs(tmp_path)
    monkeypatch.setattr(conftest, "RAM_DISK_ROOM", room.f_bavail * room.f_frsize + (1 << 30))
    assert temporary_root({}, str(tmp_path)) is None


def test_no_ram_disk_this_user_may_not_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "RAM_DISK_ROOM", 0)
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    assert temporary_root({}, str(tmp_path)) is None


def test_a_worker_has_a_temporary_folder_of_its_own_apart_from_the_shared_cache() -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        pytest.skip("a run without workers keeps the temporary folder it was given")
    own = Path(tempfile.gettempdir())
    assert own.name.startswith(f"referee-test-{worker}-") and own.is_dir()
    assert os.environ["TMPDIR"] == str(own)  # and the processes a test starts inherit it
    assert own != shared_folder() and shared_folder() not in own.parents and own not in shared_folder().parents


def _fixtures_starting_chromium(source: str) -> set[str]:
    """The fixtures of a test module's source that call tests/site/headless.py's ``start``."""
    tree = ast.parse(source)
    starts = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module == "tests.site.headless" for alias in node.names if alias.name == "start"}
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and any("fixture" in ast.unparse(d) for d in node.decorator_list):
            if any(isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id in starts for c in ast.walk(node)):
                found.add(node.name)
    return found


def test_every_fixture_that_starts_chromium_marks_its_tests_as_browser_tests() -> None:
    """The fast lane leaves out the browser tests by marker (tests/conftest.py): a fixture that
    starts a browser of its own and is missing from the list would put its tests in the lane."""
    starting = set()
    for path in Path(conftest.__file__).parent.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        if "tests.site.headless" in source:
            starting |= _fixtures_starting_chromium(source)
    assert {"browser", "own_browser"} <= starting  # the check sees the two there are
    assert starting <= conftest._BROWSER_FIXTURES


def test_a_fixture_calling_start_is_found() -> None:
    source = "import pytest\nfrom tests.site.headless import start as go\n@pytest.fixture\ndef mine():\n    return go('p')\n"
    assert _fixtures_starting_chromium(source) == {"mine"}


def test_only_test_modules_with_examples_are_searched_for_doctests(request: pytest.FixtureRequest) -> None:
    # tests/conftest.py skips the doctest search of a test module with no ">>>"; the package's modules
    # and tests/test_docs.py keep theirs: where this run collected tests/test_docs.py, its doctests too
    assert conftest.has_examples('    >>> fold("A")\n') and not conftest.has_examples("def test_a() -> None:\n    assert 1 >> 0\n")
    files = {item.nodeid.split("::")[0] for item in request.session.items}
    doctests = {item.nodeid.split("::")[0] for item in request.session.items if isinstance(item, DoctestItem)}
    if request.config.getoption("doctestmodules") and "tests/test_docs.py" in files:
        assert "tests/test_docs.py" in doctests
    assert {path for path in doctests if path.startswith("tests/")} <= {"tests/test_docs.py"}
    if request.config.getoption("doctestmodules") and any(path.startswith("referee/") for path in files):
        assert "referee/text.py" in doctests  # a package module with examples keeps its doctests


def test_the_doctest_sieve_sieves_every_module_of_the_run(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """Registered as a plugin, it sees the package's modules as well as the tests' (a hook of
    tests/conftest.py sees only files under tests/)."""
    sieve = request.config.pluginmanager.get_plugin("referee-doctest-sieve")
    assert isinstance(sieve, conftest.DoctestSieve)
    plain, shown = tmp_path / "plain.py", tmp_path / "shown.py"
    plain.write_text("def f():\n    return 1\n", encoding="utf-8")
    shown.write_text('def f():\n    """\n    >>> f()\n    1\n    """\n', encoding="utf-8")
    search, other = object.__new__(DoctestModule), object()
    for path, kept in ((plain, [other]), (shown, [search, other])):
        wrapped = sieve.pytest_collect_file(path, None)
        next(wrapped)
        with pytest.raises(StopIteration) as done:
            wrapped.send([search, other])
        assert done.value.value == kept, path.name


def test_a_report_crosses_from_a_worker_as_pytest_would_send_it(request: pytest.FixtureRequest) -> None:
    # tests/conftest.py sends a worker's report as one pickled string; the controller's report is the
    # one pytest's own encoding gives, a failure's text, captured output and properties included
    from _pytest import reports

    made = reports.TestReport(
        "tests/x.py::test_a[1-b]", ("tests/x.py", 3, "test_a[1-b]"), {"test_a[1-b]": 1, "slow": 1}, "failed", "assert 1 == 2",
        "call", sections=[("Captured stdout call", "out\n")], duration=0.25, start=1.0, stop=1.25, user_properties=[("k", (1, 2))],
    )
    worker = type("Worker", (), {"workerinput": {"workerid": "gw9"}, "hook": request.config.hook})()
    packing = conftest.pytest_report_to_serializable(worker, made)
    next(packing)
    with pytest.raises(StopIteration) as sent:
        packing.send(reports.pytest_report_to_serializable(made))
    data = sent.value.value
    assert list(data) == [conftest._PACKED] and isinstance(data[conftest._PACKED], bytes)
    data["item_index"] = 7  # as xdist adds it
    received = conftest.pytest_report_from_serializable(request.config, data)
    plain = reports.pytest_report_from_serializable({**reports.pytest_report_to_serializable(made), "item_index": 7})
    assert type(received) is reports.TestReport and vars(received) == vars(plain)
    assert received.longreprtext == "assert 1 == 2" and received.sections == made.sections and received.item_index == 7
    # the controller's own reports, and a run without workers, are pytest's as they are
    assert conftest.pytest_report_from_serializable(request.config, {"$report_type": "TestReport"}) is None


def test_a_worker_leaves_after_the_other_exit_functions_without_tearing_down(tmp_path: Path) -> None:
    script = (
        "import atexit, os, sys\n"
        f"sys.path.insert(0, {str(Path(conftest.__file__).parents[1])!r})\n"
        "import tests.conftest as c\n"
        "class Kept:\n"
        "    def __del__(self):\n"
        "        print('torn down', flush=True)\n"
        "kept = Kept()\n"
        "atexit.register(print, 'registered before it', flush=True)\n"
        "atexit.register(print, 'and this', flush=True)\n"
        "atexit.register(c._leave_untidied)\n"
        "print('the end', flush=True)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=60, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "the end\nand this\nregistered before it\n", "")


def test_no_folder_of_tests_is_one_pytest_leaves_unread(request: pytest.FixtureRequest) -> None:
    # pytest never goes into a folder matching norecursedirs ("build" among its defaults): the
    # store's tests sat in tests/build and no run collected them, so none may match
    import fnmatch

    skipped = request.config.getini("norecursedirs")
    assert "build" in skipped  # pytest's default, unchanged: the check below is what guards
    root = Path(conftest.__file__).resolve().parents[1]
    folders = [p for top in ("tests", "referee") for p in (root / top).rglob("*") if p.is_dir() and p.name != "__pycache__"]
    assert len(folders) > 20
    unread = [str(p.relative_to(root)) for p in folders if any(fnmatch.fnmatch(p.name, pattern) for pattern in skipped)]
    assert unread == []


def test_a_test_process_collects_cycles_less_often() -> None:
    assert gc.isenabled() and gc.get_threshold() == conftest.GC_THRESHOLDS
    assert conftest.GC_THRESHOLDS[0] > 700  # Python's own, which a test process passed ten times as often


def test_the_fast_lane_draws_a_quarter_of_the_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "FAST_LANE", True)
    assert [conftest.examples(n) for n in (400, 150, 60, 25)] == [100, 37, 15, 10]
    monkeypatch.setattr(conftest, "FAST_LANE", False)
    assert [conftest.examples(n) for n in (400, 150, 60, 25)] == [400, 150, 60, 25]


def test_make_check_runs_the_fast_lane_and_make_test_the_whole_suite() -> None:
    recipes: dict[str, list[str]] = {}
    target = None
    for line in (conftest.PROJECT / "Makefile").read_text(encoding="utf-8").splitlines():
        if line and not line[0].isspace() and ":" in line and not line.startswith("#"):
            target = line.split(":")[0]
        elif line.startswith("\t") and target:
            recipes.setdefault(target, []).append(line.strip())
    [check] = [r for r in recipes["check"] if "pytest" in r]
    [whole] = [r for r in recipes["test"] if "pytest" in r]
    assert "REFEREE_FAST_LANE=1" in check and '-m "not slow and not browser"' in check
    assert "REFEREE_FAST_LANE" not in whole and '-m "' not in whole  # every marker, every example


def test_a_making_that_failed_part_way_is_made_again_from_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """made_once: what a failed making (or a worker that died) left is cleared before the next one."""
    monkeypatch.setenv("REFEREE_TEST_SHARED_CACHE", str(tmp_path))

    def failing(base: Path) -> str:
        (base / "half").mkdir()
        (base / "half" / "written").write_text("part", encoding="utf-8")
        raise RuntimeError("the making broke")

    def making(base: Path) -> str:
        (base / "half").mkdir()  # as the failed one did: fails if its leftovers were still there
        return "whole"

    with pytest.raises(RuntimeError, match="the making broke"):
        conftest.made_once("thing", failing)
    assert (tmp_path / "once" / "thing" / "half" / "written").exists() and not (tmp_path / "once" / "thing" / "made").exists()
    base, told = conftest.made_once("thing", making)
    assert told == "whole" and sorted(p.name for p in base.iterdir()) == ["half", "lock", "made"]
    assert conftest.made_once("thing", failing) == (base, "whole")  # made: never made again
