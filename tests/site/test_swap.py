"""A site folder replaced whole (referee/site/swap.py): the previous one stays on failure."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.site.swap import Staged, remove_stale, sibling, swap_in


def _site(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "index.html").write_text(text, encoding="utf-8")
    (folder / "rules").mkdir()
    (folder / "rules" / "fear.html").write_text(text, encoding="utf-8")
    return folder


def test_a_finished_build_replaces_the_folder_whole(tmp_path: Path) -> None:
    out = _site(tmp_path / "site", "old")
    (out / "gone.html").write_text("a page the new build does not write", encoding="utf-8")
    with Staged(str(out)) as staged:
        assert Path(staged.folder).parent == tmp_path  # beside it: one file system, an atomic rename
        assert (out / "index.html").read_text() == "old"  # untouched while the build runs
        _site(Path(staged.folder) / "x", "new")
        os.rename(Path(staged.folder) / "x" / "index.html", Path(staged.folder) / "index.html")
    assert (out / "index.html").read_text() == "new"
    assert not (out / "gone.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # nothing left beside it
    assert oct(out.stat().st_mode & 0o777) == oct(0o777 & ~_umask())


def test_a_failed_build_leaves_the_previous_folder(tmp_path: Path) -> None:
    out = _site(tmp_path / "site", "old")
    with pytest.raises(RuntimeError), Staged(str(out)) as staged:
        (Path(staged.folder) / "index.html").write_text("half", encoding="utf-8")
        raise RuntimeError("the build stopped")
    assert (out / "index.html").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_new_folder_is_made_and_a_file_refused(tmp_path: Path) -> None:
    with Staged(str(tmp_path / "a" / "site")) as staged:
        (Path(staged.folder) / "index.html").write_text("new", encoding="utf-8")
    assert (tmp_path / "a" / "site" / "index.html").read_text() == "new"
    (tmp_path / "file").write_text("not a site", encoding="utf-8")
    with pytest.raises(NotADirectoryError), Staged(str(tmp_path / "file")):
        pass
    assert (tmp_path / "file").read_text() == "not a site"


def test_a_rename_lost_to_another_build_is_tried_again(tmp_path: Path) -> None:
    """Another build put its site in place after ours moved the previous one aside: ours wins whole."""
    out = _site(tmp_path / "site", "old")
    ours = _site(tmp_path / "ours", "ours")
    real_rename = os.rename
    raced = []

    def rename(src: str, dst: str) -> None:
        if src == str(ours) and not raced:  # just before ours goes in, theirs does
            raced.append(True)
            _site(tmp_path / "theirs", "theirs")
            real_rename(str(tmp_path / "theirs"), dst)
        real_rename(src, dst)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(os, "rename", rename)
        swap_in(str(ours), str(out))
    assert raced and (out / "index.html").read_text() == "ours"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_what_a_killed_build_left_is_removed_by_the_next(tmp_path: Path) -> None:
    dead = 2**22 + 12345  # above Linux's largest pid: no such process
    left = _site(tmp_path / (sibling("site", "building", dead) + "abc"), "half")
    mine = _site(tmp_path / (sibling("site", "building") + "abc"), "mine")
    other = _site(tmp_path / ".other.building-1-abc", "not ours to judge")
    remove_stale(str(tmp_path), "site")
    assert (left.exists(), mine.exists(), other.exists()) == (False, True, True)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_out_being_a_file_is_one_line_and_the_file_is_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from referee.build.cache import load_or_build
    from referee.cli import main
    from referee.site import commands
    from tests.site.sites import FIXTURE_RULES

    config = commands.write_config(str(tmp_path / "config"), load_or_build(FIXTURE_RULES))
    (tmp_path / "taken").write_text("not a site", encoding="utf-8")
    assert main(["site", "build", "--rules-src", str(FIXTURE_RULES), "--out", str(tmp_path / "taken"), "--config", config]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == f"referee: error: the site was not built: {tmp_path / 'taken'}: not a folder"
    assert (tmp_path / "taken").read_text(encoding="utf-8") == "not a site"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config", "taken"]


def test_a_failed_build_through_the_command_keeps_the_previous_site(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A build MkDocs stops (here: an unknown system) leaves the site that was there."""
    import json

    from referee.build.cache import load_or_build
    from referee.cli import main
    from referee.site import commands
    from tests.site.sites import FIXTURE_RULES

    config = commands.write_config(str(tmp_path / "config"), load_or_build(FIXTURE_RULES))
    out = _site(tmp_path / "site", "previous")
    data = json.loads(Path(config).read_text(encoding="utf-8"))
    data["plugins"] = [p if p != "referee" else {"referee": {"systems": ["nope"]}} for p in data["plugins"]]
    Path(config).write_text(json.dumps(data), encoding="utf-8")
    assert main(["site", "build", "--rules-src", str(FIXTURE_RULES), "--out", str(out), "--config", config]) == 2
    assert "the site was not built" in capsys.readouterr().err
    assert (out / "index.html").read_text(encoding="utf-8") == "previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config", "site"]
