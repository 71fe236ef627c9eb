"""Bad input: one line naming the file (and line), exit status 2, no cache written.

Each case is a broken rule system and the exact line the user must see.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.cli.commands import main
from tests.conftest import manifest, write_system

GOOD = "Fear\n\nModels with Fear scare others.\n"

CASES = [
    (
        "undecodable",
        manifest("demo"),
        {"rules.txt": b"Fear\n\nModels with Fear \xff scare.\n"},
        "{src}/demo/rules.txt:3: error: not valid UTF-8: byte 0xff cannot be decoded (save the file as UTF-8)",
    ),
    (
        "empty document",
        manifest("demo"),
        {"rules.txt": "  \n\n"},
        "{src}/demo/rules.txt: error: document is empty",
    ),
    (
        "missing document",
        manifest("demo", path="nowhere.txt"),
        {"rules.txt": GOOD},
        "{src}/demo/system.toml:5: error: document 'nowhere.txt' not found",
    ),
    (
        "unknown format",
        manifest("demo", fmt="text"),
        {"rules.txt": GOOD},
        "{src}/demo/system.toml:6: error: document 'rules.txt' has unknown format 'text' (known: battlescribe, glossary, markdown, mediawiki, rules-list)",
    ),
    (
        "a book's format",  # a PDF is converted first, and the message says how
        manifest("demo", fmt="pdf"),
        {"rules.txt": GOOD},
        "{src}/demo/system.toml:6: error: document 'rules.txt': format 'pdf' is read once converted to text: run referee import pdf FILE --system demo, which lists the text it writes",
    ),
    (
        "malformed toml",
        'id = "demo"\ntitle = "Demo\n[[documents]]\n',
        {"rules.txt": GOOD},
        "{src}/demo/system.toml:2: error: malformed system.toml: Illegal character '\\n'",
    ),
    (
        "path escaping rules_src",
        manifest("demo", path="../../etc/passwd"),
        {"rules.txt": GOOD},
        "{src}/demo/system.toml:5: error: document path '../../etc/passwd' escapes rules_src",
    ),
    (
        "absolute path",
        manifest("demo", path="/etc/passwd"),
        {"rules.txt": GOOD},
        "{src}/demo/system.toml:5: error: document path '/etc/passwd' escapes rules_src",
    ),
    (
        "id not matching folder",
        manifest("other"),
        {"rules.txt": GOOD},
        "{src}/demo/system.toml:1: error: system id 'other' does not match its folder 'demo'",
    ),
    (
        "no documents",
        'id = "demo"\ntitle = "Demo"\n',
        {},
        "{src}/demo/system.toml: error: no documents: add at least one [[documents]] table",
    ),
    (
        "missing title",
        'id = "demo"\n[[documents]]\npath = "rules.txt"\nformat = "rules-list"\n',
        {"rules.txt": GOOD},
        "{src}/demo/system.toml: error: missing required key 'title'",
    ),
    (
        "precedence naming an unknown role",
        manifest("demo", extra='precedence = ["errata"]'),
        {"rules.txt": GOOD},
        "{src}/demo/system.toml:3: error: precedence names role 'errata', which no document has",
    ),
    (
        "waiver without reason",
        manifest("demo") + '\n[[waivers]]\ncode = "empty-rule"\nrule = "Fear"\n',
        {"rules.txt": GOOD},
        "{src}/demo/system.toml:10: error: waiver for 'empty-rule' needs a 'reason'",
    ),
    (
        "curated alias with a typo in its target",
        manifest("demo") + '\n[aliases.de]\n"Hellebarde" = "Halbred"\n',
        {"rules.txt": "Halberd\n\nThe wielder gains +1 Strength.\n\nHellebarde\n\nDer Träger erhält +1 Stärke.\n"},
        "{src}/demo/system.toml:10: error: alias 'Hellebarde' points at 'Halbred', which no document defines; did you mean 'Halberd'?",
    ),
    (
        "document listed twice",
        manifest("demo") + '\n[[documents]]\npath = "rules.txt"\nformat = "rules-list"\n',
        {"rules.txt": GOOD},
        "{src}/demo/system.toml:10: error: document 'rules.txt' is listed twice",
    ),
]


@pytest.mark.parametrize(("label", "toml", "files", "message"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_one_line_exit_2_and_no_cache(
    tmp_path: Path,
    private_cache: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    label: str,
    toml: str,
    files: dict[str, str | bytes],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    write_system(tmp_path / "src", "demo", toml, files)
    code = main(["lookup", "Fear", "--rules-src", "src"])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == "referee: " + message.format(src="src") + "\n"
    assert out == ""
    assert "Traceback" not in err
    assert list(private_cache.iterdir()) == []


def test_missing_rules_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["list", "--rules-src", str(tmp_path / "nope")])
    assert code == 2
    assert capsys.readouterr().err == f"referee: error: rules folder not found: {tmp_path / 'nope'}\n"


def test_manifest_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": GOOD})
    (tmp_path / "src" / "demo" / "system.toml").write_bytes(b'id = "demo"\ntitle = "D\xe9mo"\n')
    code = main(["list", "--rules-src", "src"])
    assert code == 2
    assert capsys.readouterr().err == "referee: src/demo/system.toml: error: manifest is not valid UTF-8 (byte 22)\n"


def test_folder_without_systems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["list", "--rules-src", str(tmp_path)])
    assert code == 2
    assert capsys.readouterr().err == f"referee: error: no system found: no folder of {tmp_path} has a system.toml\n"


def test_unknown_system(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_system(tmp_path, "demo", manifest("demo"), {"rules.txt": GOOD})
    code = main(["lookup", "Fear", "--system", "t9a", "--rules-src", str(tmp_path)])
    assert code == 2
    assert capsys.readouterr().err == "referee: error: unknown system 't9a' (known: demo)\n"


def test_json_error_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": "\n"})
    code = main(["list", "--json", "--rules-src", "src"])
    assert code == 2
    import json

    assert json.loads(capsys.readouterr().out) == {
        "error": {"message": "document is empty", "file": "src/demo/rules.txt", "line": None}
    }


def test_user_data_is_never_written(tmp_path: Path) -> None:
    write_system(tmp_path, "demo", manifest("demo"), {"rules.txt": GOOD})
    before = sorted((p.name, p.stat().st_mtime_ns) for p in (tmp_path / "demo").iterdir())
    assert main(["build", "--rules-src", str(tmp_path)]) == 0
    assert sorted((p.name, p.stat().st_mtime_ns) for p in (tmp_path / "demo").iterdir()) == before


# -- listed paths that are not regular files (issue 23: a FIFO hung, a loop was an internal error) --


def _fifo(folder: Path) -> None:
    os.mkfifo(folder / "rules.txt")


def _folder(folder: Path) -> None:
    (folder / "rules.txt").mkdir()


def _loop(folder: Path) -> None:
    os.symlink("loop-b", folder / "rules.txt")
    os.symlink("rules.txt", folder / "loop-b")


def _manifest_outside(folder: Path) -> None:
    outside = folder.parent.parent / "elsewhere.toml"
    outside.write_text(manifest("demo"), encoding="utf-8")
    (folder / "system.toml").unlink()
    os.symlink(outside, folder / "system.toml")


def _manifest_fifo(folder: Path) -> None:
    (folder / "system.toml").unlink()
    os.mkfifo(folder / "system.toml")


NOT_REGULAR = [
    ("fifo", _fifo, "src/demo/system.toml:5: error: document 'rules.txt' is not a regular file (a FIFO); list a file"),
    ("folder", _folder, "src/demo/system.toml:5: error: document 'rules.txt' is not a regular file (a folder); list a file"),
    ("symlink loop", _loop, "src/demo/system.toml:5: error: document path 'rules.txt' is a loop of symbolic links"),
    (
        "manifest linked from outside",
        _manifest_outside,
        "src/demo/system.toml: error: system.toml lies outside the rules folder (through a symbolic link); copy it in instead",
    ),
    ("manifest a fifo", _manifest_fifo, "error: no system found: no folder of {src} has a system.toml"),
]


@pytest.mark.parametrize(("label", "make", "message"), NOT_REGULAR, ids=[c[0] for c in NOT_REGULAR])
def test_a_listed_path_that_is_not_a_regular_file_is_refused_unread(
    tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, label: str, make: object, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    write_system(tmp_path / "src", "demo", manifest("demo"), {})
    make(tmp_path / "src" / "demo")  # type: ignore[operator]
    for command in (["lookup", "Fear"], ["build", "--refresh"]):
        assert main([*command, "--rules-src", "src"]) == 2
        out, err = capsys.readouterr()
        assert (out, err) == ("", f"referee: {message.format(src=tmp_path / 'src')}\n")


def test_the_dev_folder_as_rules_folder_is_refused_without_reading(capsys: pytest.CaptureFixture[str], private_cache: Path) -> None:
    """`--rules-src /dev` hung reading devices; now only manifests and what they list are opened."""
    assert main(["list", "--rules-src", "/dev"]) == 2
    assert capsys.readouterr().err == "referee: error: no system found: no folder of /dev has a system.toml\n"
