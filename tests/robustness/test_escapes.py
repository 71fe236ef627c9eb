"""Nothing a rules folder says reaches outside it: document paths, symlinks, XML entities.

``tests/test_bad_input.py`` pins the refusal of ``..`` and absolute paths;
here are the ways around those checks a folder could try: a symlinked
document or system folder, ``..`` hidden inside a longer path, an encoded
or backslashed path.  Each is refused with the one error naming the
manifest line, and nothing of the outside file is read into a rule.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.cli.commands import main
from tests.conftest import manifest, write_system

GOOD = "Fear\n\nModels with Fear scare others.\n"
SECRET = "Secret\n\nThe password is swordfish.\n"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file outside the rules folder, shaped like a rule document."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.txt").write_text(SECRET, encoding="utf-8")
    return folder


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# (label, document path in the manifest, how the folder is set up)
ESCAPES = [
    ("symlinked document", "link.txt", "link"),
    ("symlinked folder inside the system", "linked/secret.txt", "folder-link"),
    ("dot-dot inside a longer path", "sub/../../../outside/secret.txt", "subfolder"),
    ("dot-dot after the system's own folder", "./../../outside/secret.txt", None),
]


@pytest.mark.parametrize(("label", "path", "setup"), ESCAPES, ids=[e[0] for e in ESCAPES])
def test_a_document_outside_the_rules_folder_is_refused(
    tmp_path: Path, outside: Path, private_cache: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, label: str, path: str, setup: str | None,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    write_system(tmp_path / "src", "demo", manifest("demo", path=path), {"rules.txt": GOOD})
    system = tmp_path / "src" / "demo"
    if setup == "link":
        os.symlink(outside / "secret.txt", system / "link.txt")
    elif setup == "folder-link":
        os.symlink(outside, system / "linked")
    elif setup == "subfolder":
        (system / "sub").mkdir()
    code, out, err = _run(capsys, "list", "--rules-src", "src")
    assert (code, out) == (2, "")
    assert err == f"referee: src/demo/system.toml:5: error: document path {path!r} escapes rules_src\n"
    _nothing_kept(private_cache)


def _nothing_kept(cache: Path) -> None:
    """No build was stored, and no byte of the outside file is in the cache."""
    kept = [p for p in cache.rglob("*") if p.is_file()]
    assert not [p.name for p in kept if p.name.startswith(("build-", "view-"))]
    assert not [p.name for p in kept if b"swordfish" in p.read_bytes()]


def test_a_symlinked_system_folder_reads_nothing_outside(
    tmp_path: Path, outside: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A system folder that is a link to elsewhere: its manifest lies outside, so it is refused unread
    (before issue 23 the manifest was read and its documents refused)."""
    monkeypatch.chdir(tmp_path)
    (outside / "system.toml").write_text(manifest("linked", path="secret.txt"), encoding="utf-8")
    write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": GOOD})
    os.symlink(outside, tmp_path / "src" / "linked")
    code, out, err = _run(capsys, "list", "--rules-src", "src")
    assert (code, out) == (2, "")
    assert err == "referee: src/linked/system.toml: error: system.toml lies outside the rules folder (through a symbolic link); copy it in instead\n"
    _nothing_kept(private_cache)


def test_a_symlink_within_the_rules_folder_is_followed(tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A link to another document of the same rules folder stays inside it: read, cited by where it points."""
    src = write_system(tmp_path / "src", "demo", manifest("demo", path="link.txt"), {"rules.txt": GOOD})
    os.symlink(src / "demo" / "rules.txt", src / "demo" / "link.txt")
    code, out, err = _run(capsys, "lookup", "Fear", "--rules-src", str(src))
    assert (code, err) == (0, "")
    assert "demo/rules.txt:1" in out


@pytest.mark.parametrize("path", ["%2e%2e/%2e%2e/outside/secret.txt", "..\\..\\outside\\secret.txt", "~/secret.txt"])
def test_encoded_and_foreign_paths_are_names_not_escapes(
    tmp_path: Path, outside: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    """A manifest path is a plain POSIX path: no URL decoding, no backslashes as separators, no ``~``."""
    monkeypatch.chdir(tmp_path)
    write_system(tmp_path / "src", "demo", manifest("demo", path=path.replace("\\", "\\\\")), {"rules.txt": GOOD})
    code, out, err = _run(capsys, "list", "--rules-src", "src")
    assert (code, out) == (2, "")
    assert err == f"referee: src/demo/system.toml:5: error: document {path!r} not found\n"
