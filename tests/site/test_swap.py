"""A site folder replaced whole (referee/site/swap.py): the previous one stays on failure."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from referee.site import swap
from referee.site.swap import MARKER, NotASite, Staged, remove_stale, sibling, swap_in


def _site(folder: Path, text: str) -> Path:
    """A site as a build leaves it: pages and the marker that lets the next build replace it."""
    folder.mkdir(parents=True)
    (folder / MARKER).write_text("built\n", encoding="utf-8")
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


def test_the_new_site_and_the_previous_are_exchanged_in_one_step(tmp_path: Path) -> None:
    """On Linux no moment passes without a whole site at ``out``: the two folders are exchanged
    (no rename is made), and the previous site, left where the new one was built, is removed."""
    if not sys.platform.startswith("linux"):
        pytest.skip("renameat2 is Linux's")
    out = _site(tmp_path / "site", "old")
    ours = _site(tmp_path / "ours", "ours")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(os, "rename", lambda *_: pytest.fail("renamed, not exchanged"))
        swap_in(str(ours), str(out))
    assert (out / "index.html").read_text() == "ours"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_rename_lost_to_another_build_is_tried_again(tmp_path: Path) -> None:
    """Where the folders cannot be exchanged: another build put its site in place after ours
    moved the previous one aside, and ours wins whole."""
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
        mp.setattr(swap, "_exchanged", lambda *_: False)
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
    from referee.store.load import open_rules
    from referee.cli.commands import main
    from referee.site import commands
    from tests.site.sites import FIXTURE_RULES

    config = commands.write_config(str(tmp_path / "config"), open_rules(FIXTURE_RULES).whole())
    (tmp_path / "taken").write_text("not a site", encoding="utf-8")
    assert main(["site", "build", "--rules-src", str(FIXTURE_RULES), "--out", str(tmp_path / "taken"), "--config", config]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == f"referee: error: the site was not built: {tmp_path / 'taken'}: not a folder"
    assert (tmp_path / "taken").read_text(encoding="utf-8") == "not a site"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config", "taken"]


def test_a_failed_build_through_the_command_keeps_the_previous_site(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A build MkDocs stops (here: an unknown system) leaves the site that was there."""
    import json

    from referee.store.load import open_rules
    from referee.cli.commands import main
    from referee.site import commands
    from tests.site.sites import FIXTURE_RULES

    config = commands.write_config(str(tmp_path / "config"), open_rules(FIXTURE_RULES).whole())
    out = _site(tmp_path / "site", "previous")
    data = json.loads(Path(config).read_text(encoding="utf-8"))
    data["plugins"] = [p if p != "referee" else {"referee": {"systems": ["nope"]}} for p in data["plugins"]]
    Path(config).write_text(json.dumps(data), encoding="utf-8")
    assert main(["site", "build", "--rules-src", str(FIXTURE_RULES), "--out", str(out), "--config", config]) == 2
    assert "the site was not built" in capsys.readouterr().err
    assert (out / "index.html").read_text(encoding="utf-8") == "previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config", "site"]


# -- what a build may replace (issue 23: `--out .` deleted a project's rules and notes) --------


def _project(tmp_path: Path) -> tuple[Path, Path]:
    """A project folder: the rules (a copy of the fixture's), a note of the user's; the config aside."""
    import shutil

    from referee.store.load import open_rules
    from referee.site import commands
    from tests.site.sites import FIXTURE_RULES

    project = tmp_path / "project"
    shutil.copytree(FIXTURE_RULES, project / "rules_src")
    (project / "notes.txt").write_text("my notes", encoding="utf-8")
    (project / "important").mkdir()
    (project / "important" / "thesis.tex").write_text("years of work", encoding="utf-8")
    config = commands.write_config(str(tmp_path / "config"), open_rules(project / "rules_src").whole())
    return project, Path(config)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    ("out", "why"),
    [
        (".", "that is a folder holding the rules folder; give a folder of its own for the site"),
        ("rules_src", "that is the rules folder; give a folder of its own for the site"),
        ("rules_src/hostile", "that is inside the rules folder; give a folder outside it for the site"),
        (
            "important",
            "the folder holds files a site build did not write (no .referee-site in it), and a build replaces its "
            "folder whole; give an empty or new folder",
        ),
    ],
)
def test_a_folder_the_build_did_not_make_is_refused_and_kept(
    out: str, why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.cli.commands import main

    project, config = _project(tmp_path)
    before = _files(project)
    monkeypatch.chdir(project)
    assert main(["site", "build", "--rules-src", "rules_src", "--out", out, "--config", str(config)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"referee: error: --out {out}: {why}"]
    assert _files(project) == before
    assert sorted(p.name for p in project.iterdir()) == ["important", "notes.txt", "rules_src"]


def test_an_empty_folder_or_a_built_site_is_replaced_and_marked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from referee.cli.commands import main

    project, config = _project(tmp_path)
    out = tmp_path / "empty"
    out.mkdir()
    site = ["site", "build", "--rules-src", str(project / "rules_src"), "--out", str(out), "--config", str(config)]
    assert main(site) == 0, capsys.readouterr().err
    assert (out / MARKER).is_file() and (out / "index.html").is_file()
    (out / "stale.html").write_text("a page of the previous build", encoding="utf-8")
    assert main(site) == 0, capsys.readouterr().err  # its own site: replaced whole
    assert not (out / "stale.html").exists() and (out / MARKER).is_file()


def test_staged_refuses_before_touching_anything(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    (rules / "demo").mkdir(parents=True)
    with pytest.raises(NotASite), Staged(str(tmp_path), keep=(str(rules),)):
        pass
    with pytest.raises(NotASite), Staged(str(rules / "demo"), keep=(str(rules),)):
        pass
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(NotASite), Staged(str(tmp_path / "notes")):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes", "rules"]
