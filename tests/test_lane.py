"""Where a test run keeps its temporary files (tests/conftest.py): a RAM disk when there is
one with room and ``TMPDIR`` is not set, and a temporary folder of each worker's own."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

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
