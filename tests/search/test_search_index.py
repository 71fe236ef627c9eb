"""The search index lives beside the store: made once per key, whole or not at all, gone when the store holds another build."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest

from referee.store import database
from referee.store.load import current_key, open_rules
from referee.search import index as search_index
from referee.search import open_index
from tests.conftest import manifest, write_system

GLOOM = "Gloom\n\nModels with Gloom sulk.\n"


def _src(tmp_path: Path, text: str = GLOOM) -> Path:
    return write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": text})


def _edit(src: Path, n: int) -> None:
    (src / "demo" / "rules.txt").write_text(f"Gloom\n\nModels with Gloom sulk {n} times.\n", encoding="utf-8")


def test_the_index_is_written_beside_the_build_under_its_key(tmp_path: Path, private_cache: Path) -> None:
    src = _src(tmp_path)
    index = open_index(str(src))
    folder = Path(database.folder(str(src)))
    key = current_key(str(src))
    assert index.key == key and Path(index.folder) == folder / f"search-{key}"
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith("search-") and not p.name.endswith(("-wal", "-shm"))) == ["rules.sqlite"]
    assert [r.id for r in index.search("gloom").results] == ["demo/gloom"]
    assert index.systems == ["demo"] and index.unmanaged == []


def test_it_is_made_only_when_the_rules_change(tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _src(tmp_path)
    made = []
    real = search_index.write
    monkeypatch.setattr(search_index, "write", lambda *a, **k: made.append(1) or real(*a, **k))
    first = open_index(str(src)).folder
    assert open_index(str(src)).folder == first and len(made) == 1  # the same rules: opened, not made
    _edit(src, 1)
    second = open_index(str(src))
    assert second.folder != first and len(made) == 2
    assert "sulk 1 times" in second.search("gloom").results[0].snippet


def test_old_indexes_go_when_the_store_holds_another_build(tmp_path: Path, private_cache: Path) -> None:
    """(Before issue 27 the cache kept two builds, and the indexes of both.)"""
    src = _src(tmp_path)
    folders = []
    for n in range(4):
        _edit(src, n)
        folders.append(Path(open_index(str(src)).folder))
        time.sleep(0.01)  # distinct modification times, so "newest" is well defined
    _edit(src, 99)
    open_rules(str(src))  # a new build: the indexes of the others go
    kept = sorted(p.name for p in Path(database.folder(str(src))).iterdir() if p.name.startswith("search-"))
    assert kept == []
    assert not any(folder.exists() for folder in folders)


def test_a_failed_indexing_leaves_nothing_behind(tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _src(tmp_path)
    open_rules(str(src)).whole()

    def broken(*args: object, **kwargs: object) -> dict:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(search_index, "document", broken)
    with pytest.raises(RuntimeError, match="disk on fire"):
        open_index(str(src))
    folder = Path(database.folder(str(src)))
    assert [p.name for p in folder.iterdir() if "search" in p.name] == []  # no index, no temporary folder


def test_a_damaged_index_is_discarded_with_a_note_and_made_again(
    tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _src(tmp_path)
    folder = Path(open_index(str(src)).folder)
    for file in folder.iterdir():
        if file.suffix == ".seg":
            file.write_bytes(b"garbage")
    capsys.readouterr()
    index = open_index(str(src))
    assert capsys.readouterr().err.startswith("referee: note: discarding an unreadable search index (")
    assert [r.id for r in index.search("gloom").results] == ["demo/gloom"]
    assert open_index(str(src)).folder == index.folder  # whole again: opened quietly
    assert capsys.readouterr().err == ""


def test_an_index_of_another_build_is_never_read(tmp_path: Path, private_cache: Path) -> None:
    src = _src(tmp_path)
    index = open_index(str(src))
    meta = Path(index.folder) / search_index.META
    meta.write_text(meta.read_text(encoding="utf-8").replace(index.key, "0" * len(index.key)), encoding="utf-8")
    assert search_index.open_folder(index.folder, index.key) is None
    assert not Path(index.folder).exists()


def test_a_read_only_cache_only_costs_speed(tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = _src(tmp_path)
    open_rules(str(src)).whole()

    def read_only(*args: object, **kwargs: object) -> str:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(search_index.tempfile, "mkdtemp", read_only)
    index = open_index(str(src))
    assert index.folder is None and [r.id for r in index.search("gloom").results] == ["demo/gloom"]
    assert [p.name for p in Path(database.folder(str(src))).iterdir() if "search" in p.name] == []


def test_another_process_that_finished_first_wins_the_race(tmp_path: Path, private_cache: Path) -> None:
    src = _src(tmp_path)
    build = open_rules(str(src)).whole()
    target = search_index.folder_for(str(src), build.key)
    first = search_index.write(search_index.Corpus.of(build), target)
    second = search_index.write(search_index.Corpus.of(build), target)  # renaming onto a whole index fails: read it
    assert second.folder == first.folder == target
    assert [p.name for p in Path(target).parent.iterdir() if p.name.endswith(".tmp")] == []


def test_temporary_folders_of_killed_indexings_are_removed(tmp_path: Path, private_cache: Path) -> None:
    src = _src(tmp_path)
    open_index(str(src))
    folder = Path(database.folder(str(src)))
    old, fresh = folder / ".search-killed.tmp", folder / ".search-writing.tmp"
    for tmp in (old, fresh):
        tmp.mkdir()
        (tmp / "MAIN_1.toc").write_bytes(b"x")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    _edit(src, 1)
    open_rules(str(src)).whole()
    assert not old.exists() and fresh.exists()


def test_the_index_answers_in_memory_without_a_folder_and_writes_no_scratch_files(rulebase: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # whoosh's own in-memory storage writes through <tmp>/MAIN.tmp, a fixed name: another
    # process's build there (here a file of that name) broke this one.  One index of the
    # corpus for both checks (each write takes about a second of processor time).
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    (tmp_path / "MAIN.tmp").write_text("another build's")
    index = search_index.write(search_index.Corpus.of(rulebase), None)
    assert index.folder is None and [r.id for r in index.search("Hellebarde", "t9a").results][:1] == ["t9a/halberd"]
    assert [p.name for p in tmp_path.iterdir()] == ["MAIN.tmp"]  # nothing written beside it
