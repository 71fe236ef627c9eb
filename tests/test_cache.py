"""The store is never wrong: keyed by the bytes it parsed, self-healing, tidy."""

from __future__ import annotations

import functools
import os
import time
from pathlib import Path

import pytest

import sqlite3

from referee.cli.commands import main
from referee.store import database, writer
from referee.store.load import current_key, open_rules
from referee.store.rows import Stored
from tests.conftest import manifest, write_system

GLOOM = "Gloom\n\nModels with Gloom sulk.\n"
EDITED = "Gloom\n\nModels with Gloom sulk loudly.\n"


def _system(tmp_path: Path) -> Path:
    return write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": GLOOM})


def _lookup(capsys: pytest.CaptureFixture[str], src: Path) -> tuple[int, str, str]:
    code = main(["lookup", "Gloom", "--rules-src", str(src)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_document_edited_during_a_build_is_never_cached_under_the_old_key(
    tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    src = _system(tmp_path)
    document = src / "demo" / "rules.txt"
    real = writer.read_folder  # the reading of a system folder, as the store calls it

    def edited_while_reading(*args, **kwargs):  # type: ignore[no-untyped-def]
        document.write_text(EDITED, encoding="utf-8")  # the user saves right after the key was taken
        return real(*args, **kwargs)

    monkeypatch.setattr(writer, "read_folder", edited_while_reading)
    code, out, _ = _lookup(capsys, src)
    assert code == 0 and "sulk." in out and "loudly" not in out  # the bytes that were hashed
    monkeypatch.setattr(writer, "read_folder", real)
    assert "loudly" in _lookup(capsys, src)[1]  # the edit is seen on the next call
    document.write_text(GLOOM, encoding="utf-8")  # and reverting it gives the old text back
    code, out, _ = _lookup(capsys, src)
    assert code == 0 and "sulk." in out and "loudly" not in out


def _damage(file: Path, how: str) -> None:
    data = file.read_bytes()
    file.write_bytes({"garbage": b"garbage", "truncated": data[: len(data) // 2]}[how])


@pytest.mark.parametrize("how", ["garbage", "truncated"])
@pytest.mark.parametrize("command", [["lookup", "Gloom"], ["lint"]])
def test_a_corrupted_store_is_discarded_and_rebuilt(
    tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], how: str, command: list[str]
) -> None:
    """(Before issue 27 there were a pickled build and a view file to damage; now one database.)"""
    src = _system(tmp_path)
    assert main(["build", "--rules-src", str(src)]) == 0
    [damaged] = private_cache.glob("store/*/rules.sqlite")
    _damage(damaged, how)
    capsys.readouterr()
    code = main([*command, "--rules-src", str(src)])
    out, err = capsys.readouterr()
    assert code == 0 and ("Gloom" in out if command[0] == "lookup" else out == "")  # a clean piped lint prints nothing
    assert err == "referee: note: discarding an unreadable cache file (DatabaseError); rebuilding\n"
    db = sqlite3.connect(damaged)  # written anew, whole
    assert db.execute("SELECT id FROM rules").fetchall() == [("demo/gloom",)]
    db.close()
    assert main([*command, "--rules-src", str(src)]) == 0
    assert capsys.readouterr().err == ""


def test_temporary_files_of_killed_builds_are_removed(tmp_path: Path, private_cache: Path) -> None:
    src = _system(tmp_path)
    assert main(["build", "--rules-src", str(src)]) == 0
    [folder] = (private_cache / "store").iterdir()
    old, fresh = folder / ".store-killed.tmp", folder / ".store-writing.tmp"
    old.write_bytes(b"x" * 1000)
    fresh.write_bytes(b"y")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    (src / "demo" / "rules.txt").write_text(EDITED, encoding="utf-8")
    assert main(["build", "--rules-src", str(src)]) == 0
    assert not old.exists()
    assert fresh.exists()  # another build may still be making it


@pytest.mark.slow
def test_concurrent_builds_leave_a_whole_store(tmp_path: Path, private_cache: Path) -> None:
    """Four processes building the same rules at once: all answer, and the store holds
    the one build, whole (each build writes in one transaction; they take turns)."""
    import subprocess
    import sys

    src = _system(tmp_path)
    env = {**os.environ, "REFEREE_CACHE_DIR": str(private_cache)}
    cmd = [sys.executable, "-m", "referee.cli.commands", "lookup", "Gloom", "--rules-src", str(src), "--json"]
    runs = [subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(4)]
    results = [(p.wait(), p.stdout.read(), p.stderr.read()) for p in runs]  # type: ignore[union-attr]
    assert [(code, err) for code, _, err in results] == [(0, "")] * 4
    assert all('"id": "demo/gloom"' in out for _, out, _ in results)
    [folder] = (private_cache / "store").iterdir()
    assert [p.name for p in folder.iterdir() if not p.name.endswith(("-wal", "-shm"))] == ["rules.sqlite"]
    db = sqlite3.connect(folder / "rules.sqlite")
    assert db.execute("SELECT id, system FROM rules").fetchall() == [("demo/gloom", "demo")]
    assert db.execute("SELECT id, place FROM systems").fetchall() == [("demo", 0)]
    db.close()
    assert main(["lookup", "Gloom", "--rules-src", str(src)]) == 0


# -- the stamp: a warm call takes the recorded key without hashing every byte ---------


@pytest.fixture
def settled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files written before hashing began count as settled (no same-tick doubt),
    so a test need not wait out the real two-second window."""
    monkeypatch.setattr(database, "UNSURE_NS", 0)


def _stamped(src: Path) -> str | None:
    """The key the store's stamp vouches for, if any."""
    db = database.open_existing(database.path(src))
    if db is None:
        return None
    try:
        return database.stamped_key(src, db)
    finally:
        db.close()


def test_the_stamp_gives_the_key_while_no_file_changes(tmp_path: Path, private_cache: Path, settled: None) -> None:
    src = _system(tmp_path)
    assert _stamped(src) is None  # nothing built yet
    assert current_key(src) and _stamped(src) is None  # a key alone is not stamped
    built = open_rules(src).key
    assert _stamped(src) == built and current_key(src) == built


def test_asking_the_current_key_records_a_stale_stamp_of_content_the_store_holds(
    tmp_path: Path, private_cache: Path, settled: None
) -> None:
    """A file touched but not changed: what a warm search asks (current_key) hashes once and
    records the stamp again, so the next search need not hash (it once hashed every time)."""
    src = _system(tmp_path)
    built = open_rules(src).key
    document = src / "demo" / "rules.txt"
    document.write_text(document.read_text(encoding="utf-8"), encoding="utf-8")
    assert _stamped(src) is None
    assert current_key(src) == built and _stamped(src) == built


def test_an_edit_of_the_same_size_with_the_mtime_set_back_is_seen(tmp_path: Path, private_cache: Path, settled: None) -> None:
    """The change time, which no program can set back, gives the edit away."""
    src = _system(tmp_path)
    document = src / "demo" / "rules.txt"
    built = open_rules(src).key
    before = document.stat()
    document.write_text(GLOOM.replace("sulk", "SULK"), encoding="utf-8")
    os.utime(document, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert document.stat().st_size == before.st_size and document.stat().st_mtime_ns == before.st_mtime_ns
    assert _stamped(src) is None
    assert current_key(src) != built


TWO_DOCUMENTS = manifest("demo") + '[[documents]]\npath = "notes.md"\nformat = "markdown"\nrole = "core"\n'


@pytest.mark.parametrize(
    "change", ["edit", "manifest edited", "listed file removed", "listed file renamed", "new system", "new folder", "manifest added"]
)
def test_any_change_of_what_a_build_reads_is_seen(tmp_path: Path, private_cache: Path, settled: None, change: str) -> None:
    """The key covers the manifests, the files they list, and which folders hold a manifest.
    (Before issue 23 it covered every file under rules_src, listed or not; this test then
    pinned that an unlisted new file changed the key.)"""
    src = write_system(tmp_path / "src", "demo", TWO_DOCUMENTS, {"rules.txt": GLOOM, "notes.md": "# Notes\n"})
    built = open_rules(src).key
    assert _stamped(src) == built
    if change == "edit":
        (src / "demo" / "rules.txt").write_text(EDITED, encoding="utf-8")
    elif change == "manifest edited":
        (src / "demo" / "system.toml").write_text(TWO_DOCUMENTS.replace("Test system", "Tested"), encoding="utf-8")
    elif change == "listed file removed":
        (src / "demo" / "notes.md").unlink()
    elif change == "listed file renamed":
        (src / "demo" / "notes.md").rename(src / "demo" / "notez.md")
    elif change == "new system":
        write_system(src, "more", manifest("more"), {"rules.txt": GLOOM})
    elif change == "new folder":
        (src / "drafts").mkdir()  # readers warn of a folder without a manifest
    else:
        (src / "drafts").mkdir()
        built = open_rules(src).key
        assert _stamped(src) == built
        (src / "drafts" / "system.toml").write_text(manifest("drafts"), encoding="utf-8")
    assert _stamped(src) is None
    assert current_key(src) != built


@pytest.mark.parametrize("folder", [".drafts", "__pycache__", "sub/.hidden"])
def test_a_listed_document_in_a_hidden_folder_is_seen_without_refresh(
    tmp_path: Path, private_cache: Path, settled: None, capsys: pytest.CaptureFixture[str], folder: str
) -> None:
    """Issue 23: `path = ".drafts/rules.txt"` was read, but the stamp skipped dot-folders and
    __pycache__, so its edits were never seen until --refresh."""
    src = write_system(tmp_path / "src", "demo", manifest("demo", f"{folder}/rules.txt"), {f"{folder}/rules.txt": GLOOM})
    assert _lookup(capsys, src)[0] == 0
    (src / "demo" / folder / "rules.txt").write_text(EDITED, encoding="utf-8")
    code, out, _ = _lookup(capsys, src)
    assert code == 0 and "loudly" in out


def test_unlisted_files_are_never_read(tmp_path: Path, private_cache: Path, settled: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only what the manifests list is opened: an unlisted FIFO (which would block a read),
    a link to /dev/zero (endless) and a new or edited unlisted file change nothing."""
    src = _system(tmp_path)
    (src / "demo" / "notes.md").write_text("# Notes\n", encoding="utf-8")
    built = open_rules(src).key
    os.mkfifo(src / "demo" / "pipe")
    os.symlink("/dev/zero", src / "demo" / "zero")
    (src / "demo" / "notes.md").write_text("# Notes, edited\n", encoding="utf-8")
    (src / "demo" / "huge.pdf").write_bytes(b"%PDF" + b"\0" * 1000)
    (src / "stray.txt").write_text("not a folder", encoding="utf-8")
    opened: list[str] = []
    real_open = os.open

    def watched(path: str, *args: object, **kwargs: object) -> int:
        opened.append(os.fspath(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", watched)
    assert _stamped(src) == built
    assert database.hashed(str(src), {})[0] == built
    under = sorted(os.path.relpath(p, src) for p in opened if p.startswith(str(src)))
    assert under == ["demo/rules.txt", "demo/system.toml"]


def test_a_file_written_in_the_same_clock_tick_is_hashed_not_trusted(tmp_path: Path, private_cache: Path) -> None:
    """Within two seconds of the hash, a second save could keep size and
    timestamps on a coarse file system: the stamp is not trusted then."""
    src = _system(tmp_path)
    open_rules(src)
    db = sqlite3.connect(database.path(src))
    assert db.execute("SELECT kind, path FROM files WHERE kind IN ('system', 'document')").fetchall() == [("system", "demo/system.toml"), ("document", "demo/rules.txt")]
    db.close()
    assert _stamped(src) is None


def test_a_damaged_stamp_only_costs_a_hash(tmp_path: Path, private_cache: Path, settled: None) -> None:
    src = _system(tmp_path)
    built = open_rules(src).key
    db = sqlite3.connect(database.path(src))
    with db:
        db.execute("UPDATE meta SET value = 'garbage' WHERE name = 'stamp'")
    db.close()
    assert _stamped(src) is None
    assert open_rules(src).key == built and _stamped(src) == built  # written anew


def test_a_warm_lookup_reads_rows_not_the_whole_build(
    tmp_path: Path, private_cache: Path, settled: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    src = _system(tmp_path)
    assert main(["build", "--rules-src", str(src)]) == 0
    capsys.readouterr()

    def no_unpickling(*args: object) -> None:
        raise AssertionError("a warm lookup put the whole build together")

    def no_hashing(*args: object) -> None:
        raise AssertionError("a warm lookup hashed the files")

    monkeypatch.setattr(Stored, "whole", no_unpickling)
    monkeypatch.setattr(database, "hashed", no_hashing)
    code, out, err = _lookup(capsys, src)
    assert (code, err) == (0, "") and "Models with Gloom sulk." in out


def test_a_store_of_another_version_is_made_anew_without_a_note(tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Not damage: a store written by another version of Referee (another schema or packing) is replaced quietly."""
    src = _system(tmp_path)
    assert main(["build", "--rules-src", str(src)]) == 0
    db = sqlite3.connect(database.path(src))
    db.execute("PRAGMA user_version = 1")
    db.close()
    capsys.readouterr()
    code, out, err = _lookup(capsys, src)
    assert (code, err) == (0, "") and "Models with Gloom sulk." in out
    db = sqlite3.connect(database.path(src))
    assert str(db.execute("PRAGMA user_version").fetchone()[0]) == database.FORMAT
    db.close()


def test_the_code_is_read_once_a_process(tmp_path: Path, private_cache: Path, settled: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Referee's code and grammars are hashed into every key and the memo's: once a process
    (a build used to read them twice, and every key asked for again)."""
    monkeypatch.setattr(database, "_code_hashed", functools.cache(database._code_hashed.__wrapped__))
    read: list[str] = []
    real = database._read_regular
    monkeypatch.setattr(database, "_read_regular", lambda path: read.append(path) or real(path))
    src = _system(tmp_path)
    built = open_rules(src).key
    (src / "demo" / "rules.txt").write_text(EDITED, encoding="utf-8")
    assert current_key(src) != built and open_rules(src).key != built
    code = [path for _, _, path in database._code()]
    assert len(code) > 100 and sorted(p for p in read if p in code) == sorted(code)


def test_a_file_of_the_code_changed_since_the_stamp_is_seen(tmp_path: Path, private_cache: Path, settled: None) -> None:
    """The stamp keeps the signature of every file of the code as it was hashed: another
    signature now (a newer Referee) means the key is hashed again."""
    src = _system(tmp_path)
    built = open_rules(src).key
    assert _stamped(src) == built
    db = sqlite3.connect(database.path(src))
    with db:
        [(kind, path)] = db.execute("SELECT kind, path FROM files WHERE path = 'store/database.py'").fetchall()
        db.execute("UPDATE files SET mtime = mtime - 1 WHERE path = 'store/database.py'")
    db.close()
    assert kind == "code" and _stamped(src) is None
