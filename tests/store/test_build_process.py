"""``referee build`` as its own process: the objects alive when it ends are left to the
operating system, not walked by the cycle collector on the way out (docs/performance.md,
"The edit at 100,000 rules, round 19"); a caller of ``main`` that goes on is left as it was."""

from __future__ import annotations

import gc
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli.commands import main

MANIFEST = 'id = "tiny"\ntitle = "Tiny"\nlanguages = ["en"]\n\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nrole = "core"\n'
RULES = "### Fear\n\nUnits with Fear cause Panic Tests.\n\n### Panic\n\nA unit that fails a Panic Test flees.\n"


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    src = tmp_path / "rules_src"
    (src / "tiny").mkdir(parents=True)
    (src / "tiny" / "system.toml").write_text(MANIFEST, encoding="utf-8")
    (src / "tiny" / "rules.md").write_text(RULES, encoding="utf-8")
    return src


def test_build_in_process_leaves_the_collector_as_it_was(tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    frozen = gc.get_freeze_count()
    assert main(["build", "--rules-src", str(tiny), "--format", "json"]) == 0
    assert gc.get_freeze_count() == frozen
    assert gc.isenabled()


def test_build_as_the_program_freezes_what_is_left_and_says_all(tiny: Path, tmp_path: Path) -> None:
    program = (
        "import gc, sys\n"
        "from referee.cli.commands import main\n"
        "code = main()\n"
        "print(gc.get_freeze_count() > 0, file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    env = {**os.environ, "REFEREE_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", program, "build", "--rules-src", str(tiny), "--format", "json"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "True"
    said = json.loads(done.stdout)  # the whole answer, flushed before the process ended
    assert [s["id"] for s in said["systems"]] == ["tiny"]
    listed = subprocess.run(
        [sys.executable, "-c", "import sys\nfrom referee.cli.commands import main\nsys.exit(main())", "list", "--rules-src", str(tiny), "--format", "json"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert listed.returncode == 0, listed.stderr
    assert [r["name"] for r in json.loads(listed.stdout)["rules"]] == ["Fear", "Panic"]  # the store it left is whole


@pytest.mark.slow
def test_two_processes_write_the_same_store_whatever_their_hash_seeds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store's rows, to the bytes of each section's pickles and digest, do not depend on the
    process that wrote them: a rebuild keeps what another process wrote beside what it writes
    itself.  (A set's order of strings changes with the hash seed; the kinds of a sentence
    were once gathered through one, and the sections' answers then differed in their order.)"""
    from referee.paths import rules_src_dir
    from referee.store import database
    from tests.store.tables import store_tables

    src = Path(shutil.copytree(rules_src_dir(), tmp_path / "rules_src"))
    stores = []
    for seed in ("1", "2"):
        cache = tmp_path / f"cache-{seed}"
        env = {**os.environ, "REFEREE_CACHE_DIR": str(cache), "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", "import sys\nfrom referee.cli.commands import main\nsys.exit(main())", "build", "--rules-src", str(src), "--format", "json"],
            capture_output=True, text=True, env=env, timeout=300, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        monkeypatch.setenv("REFEREE_CACHE_DIR", str(cache))
        db = sqlite3.connect(database.path(src))
        stores.append((store_tables(db), db.execute("SELECT system, k, digest, rules, graph FROM sections ORDER BY system, k").fetchall()))
        db.close()
    assert stores[0] == stores[1]
