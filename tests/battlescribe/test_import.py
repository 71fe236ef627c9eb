"""`referee import battlescribe`: copy, write or update system.toml, then list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.commands import main
from tests.battlescribe.conftest import FIXTURES, zipped

GST = str(FIXTURES / "demo.gst")
CAT = str(FIXTURES / "demo-army.cat")

USER_MANIFEST = '''# My house rules for the demo game; keep this comment.
id = "demo"
title = "Demo, as we play it"
precedence = ["core"]

[[documents]]
path = "rules.md"   # our own text of the rules
format = "markdown"
role = "core"

[aliases.en]
"Scared" = "Fear"
'''


def _import(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main(["import", "battlescribe", *args, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_import_into_a_new_system_then_list(rules_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _import(capsys, GST, CAT, "--system", "demo", "--into", str(rules_dir))
    assert code == 0
    assert data == {
        "system": "demo",
        "folder": str(rules_dir / "demo"),
        "manifest": {"path": str(rules_dir / "demo" / "system.toml"), "created": True, "documents_added": ["demo.gst", "demo-army.cat"]},
        "files": [
            {"from": GST, "path": "demo/demo.gst", "kind": "game-system", "name": "Skirmish Demo", "revision": "3", "status": "added", "rules": 4, "units": 0},
            {"from": CAT, "path": "demo/demo-army.cat", "kind": "catalogue", "name": "Demo Army", "revision": "7", "status": "added", "rules": 1, "units": 2},
        ],
        "unresolved_links": [{"target": "r-nowhere", "name": "Ethereal", "element": "infoLink", "file": CAT, "line": 35}],
    }
    assert (rules_dir / "demo" / "demo.gst").read_bytes() == Path(GST).read_bytes()
    manifest = (rules_dir / "demo" / "system.toml").read_text()
    assert 'title = "Skirmish Demo"' in manifest and 'format = "battlescribe"' in manifest
    assert main(["list", "--system", "demo", "--rules-src", str(rules_dir), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert sorted(r["name"] for r in listed["rules"]) == ["Aegis", "Fear", "Fly", "Marine Training", "Spear"]


def test_a_second_import_changes_nothing(rules_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _import(capsys, GST, CAT, "--system", "demo", "--into", str(rules_dir))
    before = (rules_dir / "demo" / "system.toml").read_text()
    written = (rules_dir / "demo" / "demo.gst").stat().st_mtime_ns
    code, data = _import(capsys, GST, "--system", "demo", "--into", str(rules_dir))
    assert (rules_dir / "demo" / "demo.gst").stat().st_mtime_ns == written  # not even rewritten
    assert (code, [f["status"] for f in data["files"]], data["manifest"]["documents_added"]) == (0, ["unchanged"], [])
    assert (rules_dir / "demo" / "system.toml").read_text() == before


def test_an_update_of_the_user_manifest_keeps_every_line(rules_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = rules_dir / "demo"
    folder.mkdir()
    (folder / "system.toml").write_text(USER_MANIFEST)
    (folder / "rules.md").write_text((FIXTURES / "rules.md").read_text())
    code, data = _import(capsys, GST, "--system", "demo", "--into", str(rules_dir))
    assert (code, data["manifest"]["created"], data["manifest"]["documents_added"]) == (0, False, ["demo.gst"])
    after = (folder / "system.toml").read_text()
    lines = iter(after.splitlines())
    assert all(any(line == other for other in lines) for line in USER_MANIFEST.splitlines())  # in order, untouched
    assert main(["show", "demo/fear", "--rules-src", str(rules_dir), "--json"]) == 0
    fear = json.loads(capsys.readouterr().out)
    assert [v["role"] for v in fear["versions"]] == ["core", "battlescribe"]


def test_zipped_files_import_and_build(rules_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gstz = zipped(tmp_path, Path(GST), ".gstz")
    catz = zipped(tmp_path, Path(CAT), ".catz")
    code, data = _import(capsys, str(gstz), str(catz), "--system", "demo", "--into", str(rules_dir))
    assert code == 0 and [f["path"] for f in data["files"]] == ["demo/demo.gstz", "demo/demo-army.catz"]
    assert main(["lookup", "Fly", "--rules-src", str(rules_dir), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["results"][0]["source"]["file"] == "demo/demo.gstz"


def test_text_output(rules_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "battlescribe", GST, CAT, "--system", "demo", "--into", str(rules_dir)]) == 0
    out, err = capsys.readouterr()
    assert "demo/demo-army.cat" in out and "Demo Army" in out and f"wrote {rules_dir / 'demo' / 'system.toml'}" in out
    assert err == (
        f"{CAT}:35: warning: infoLink 'Ethereal' points at id 'r-nowhere', which no BattleScribe file of demo declares\n"
    )


# Each bad file, and the words its one-line error must hold (file and line included).
BAD_INPUT = [
    ("malformed.gst", "malformed.gst:5: error: malformed XML (column 17): Opening and ending tag mismatch: rule line 4 and sharedRules"),
    ("wrong-namespace.cat", "wrong-namespace.cat:2: error: not BattleScribe data: the root element is <catalogue> in http://example.com/not-battlescribe; expected <gameSystem> in http://www.battlescribe.net/schema/gameSystemSchema or <catalogue> in http://www.battlescribe.net/schema/catalogueSchema"),
    ("broken.catz", "broken.catz: error: not a readable zip archive (a .catz is a BattleScribe catalogue zipped): File is not a zip file"),
    ("bomb.gst", "bomb.gst:2: error: XML with a DOCTYPE is refused: its entity declarations can expand without bound (an XML bomb); BattleScribe data never declares one"),
]


@pytest.mark.parametrize("name, error", BAD_INPUT, ids=[b[0] for b in BAD_INPUT])
def test_bad_input_is_one_line_exit_2_and_nothing_imported(
    name: str, error: str, rules_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = str(FIXTURES / "bad" / name)
    assert main(["import", "battlescribe", GST, bad, "--system", "demo", "--into", str(rules_dir)]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"referee: {FIXTURES / 'bad'}/{error}\n")
    assert list(rules_dir.iterdir()) == []  # not even the good file before it


@pytest.mark.parametrize("name, error", BAD_INPUT, ids=[b[0] for b in BAD_INPUT])
def test_bad_input_in_a_rules_folder_names_the_document(
    name: str, error: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.conftest import manifest, write_system

    write_system(tmp_path / "src", "demo", manifest("demo", name, "battlescribe"), {name: (FIXTURES / "bad" / name).read_bytes()})
    monkeypatch.chdir(tmp_path)
    assert main(["list", "--rules-src", "src"]) == 2
    assert capsys.readouterr().err == f"referee: src/demo/{error}\n"


@pytest.mark.parametrize(
    "args, error",
    [
        (["nope.cat"], "referee: nope.cat: error: file not found"),
        (["rules.txt"], "referee: rules.txt: error: not a BattleScribe file: expected a .gst, .cat, .gstz or .catz file"),
        ([GST, GST], f"referee: {GST}: error: two files named 'demo.gst' ({GST} and {GST}): one system folder holds one"),
    ],
)
def test_bad_arguments(args: list[str], error: str, rules_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "battlescribe", *args, "--system", "demo", "--into", str(rules_dir)]) == 2
    assert capsys.readouterr().err == error + "\n"
    assert list(rules_dir.iterdir()) == []


def test_a_bad_system_id(rules_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "battlescribe", GST, "--system", "My Game", "--into", str(rules_dir)]) == 2
    assert capsys.readouterr().err == "referee: error: system id 'my game' must be lower-case letters, digits and dashes\n"


def test_a_malformed_user_manifest_is_left_alone(rules_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = rules_dir / "demo"
    folder.mkdir()
    (folder / "system.toml").write_text("id = \n")
    assert main(["import", "battlescribe", GST, "--system", "demo", "--into", str(rules_dir)]) == 2
    assert "error: malformed system.toml, left as it is: Invalid value (at line 1, column 6)" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["system.toml"]


def test_the_system_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "battlescribe", GST]) == 2
    assert capsys.readouterr().err.endswith("referee import: the following arguments are required: --system/-s\n")


def test_a_changed_file_is_updated(rules_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "demo.gst"
    mine.write_bytes(Path(GST).read_bytes())
    _import(capsys, str(mine), "--system", "demo", "--into", str(rules_dir))
    mine.write_text(mine.read_text().replace('revision="3"', 'revision="4"'))
    code, data = _import(capsys, str(mine), "--system", "demo", "--into", str(rules_dir))
    assert (code, [(f["status"], f["revision"]) for f in data["files"]]) == (0, [("updated", "4")])
    assert 'revision="4"' in (rules_dir / "demo" / "demo.gst").read_text()


# -- issue 23: what gave an internal error, and a CRLF manifest rewritten LF -----------------


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (
            lambda folder: (folder / "system.toml").write_text('id = "demo"\ntitle = "Demo"\ndocuments = 5\n'),
            "demo/system.toml:3: error: malformed system.toml, left as it is: 'documents' must be [[documents]] tables",
        ),
        (
            lambda folder: (folder / "system.toml").write_text('id = "demo"\ntitle = "Demo"\ndocuments = ["a.md"]\n'),
            "demo/system.toml:3: error: malformed system.toml, left as it is: 'documents' must be [[documents]] tables",
        ),
        (
            lambda folder: (folder / "system.toml").mkdir(),
            "demo/system.toml: error: system.toml is a folder, left as it is; the import needs a system.toml file there or none",
        ),
    ],
    ids=["documents a number", "documents a list of strings", "system.toml a folder"],
)
def test_a_manifest_of_the_wrong_shape_is_one_line_and_left_alone(
    make: object, error: str, rules_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = rules_dir / "demo"
    folder.mkdir()
    make(folder)  # type: ignore[operator]
    before = sorted(p.name for p in folder.iterdir())
    monkeypatch.chdir(rules_dir)
    assert main(["import", "battlescribe", GST, "--system", "demo", "--into", "."]) == 2
    assert capsys.readouterr().err == f"referee: ./{error}\n"
    assert sorted(p.name for p in folder.iterdir()) == before


def test_a_system_id_too_long_for_a_folder_name_is_one_line(rules_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    system = "a" * 300
    assert main(["import", "battlescribe", GST, "--system", system, "--into", str(rules_dir)]) == 2
    assert capsys.readouterr().err == f"referee: error: cannot write into {rules_dir / system}: File name too long; nothing was changed\n"
    assert list(rules_dir.iterdir()) == []


def test_a_full_disk_during_the_import_changes_nothing(rules_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The second file written aside meets a full disk (ENOSPC, as a real one raises it): nothing is left."""
    import errno
    import os

    from referee.imports import listing

    real = listing._aside
    written: list[str] = []

    def full(folder: str, data: bytes) -> str:
        if written:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(real(folder, data))
        return written[-1]

    monkeypatch.setattr(listing, "_aside", full)
    assert main(["import", "battlescribe", GST, CAT, "--system", "demo", "--into", str(rules_dir)]) == 2
    assert capsys.readouterr().err == f"referee: error: cannot write into {rules_dir / 'demo'}: No space left on device; nothing was changed\n"
    assert list(rules_dir.iterdir()) == []


def test_a_crlf_manifest_stays_crlf(rules_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = rules_dir / "demo"
    folder.mkdir()
    crlf = USER_MANIFEST.replace("\n", "\r\n").encode()
    (folder / "system.toml").write_bytes(crlf)
    (folder / "rules.md").write_text((FIXTURES / "rules.md").read_text())
    code, data = _import(capsys, GST, "--system", "demo", "--into", str(rules_dir))
    assert (code, data["manifest"]["documents_added"]) == (0, ["demo.gst"])
    after = (folder / "system.toml").read_bytes()
    lines = iter(after.split(b"\r\n"))
    assert all(any(line == other for other in lines) for line in crlf.split(b"\r\n"))  # in order, untouched
    assert b'path = "demo.gst"\r\n' in after
    assert after.count(b"\n") == after.count(b"\r\n")  # every line end as the user wrote them
    code, data = _import(capsys, GST, "--system", "demo", "--into", str(rules_dir))
    assert (code, data["manifest"]["documents_added"]) == (0, []) and (folder / "system.toml").read_bytes() == after


# -- issue 23: what one import may bring in ------------------------------------------------------

CATALOGUE_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<catalogue id="big" name="Big" revision="1" battleScribeVersion="2.03" gameSystemId="sys-demo" '
    'xmlns="http://www.battlescribe.net/schema/catalogueSchema">\n<sharedRules>\n'
)


def _catz(folder: Path, rules: int, padding: int = 0) -> Path:
    """A zipped catalogue of ``rules`` tiny rules (and ``padding`` bytes of comment): a few
    kilobytes on disk however much it unpacks to."""
    import zipfile

    body = "".join(f'<rule id="r{i}" name="Rule {i}" hidden="false"><description>Rule {i} does a thing.</description></rule>\n' for i in range(rules))
    xml = CATALOGUE_HEAD + body + "</sharedRules>\n" + (f"<!--{' ' * padding}-->\n" if padding else "") + "</catalogue>\n"
    path = folder / "big.catz"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("big.cat", xml)
    assert path.stat().st_size < 1_000_000
    return path


@pytest.mark.parametrize(
    ("rules", "padding", "error"),
    [
        (6_000, 0, "the file holds 6,000 rules, over the limit of 5,000 for one BattleScribe file"),
        (10, 33 * 1024 * 1024, "big.cat would unpack to 34,604,232 bytes, over the limit of 33,554,432 for one BattleScribe file"),
    ],
    ids=["too many rules", "too many bytes"],
)
def test_an_import_past_the_limits_is_refused_with_its_numbers(
    rules: int, padding: int, error: str, rules_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    catz = _catz(tmp_path, rules, padding)
    assert main(["import", "battlescribe", GST, str(catz), "--system", "demo", "--into", str(rules_dir)]) == 2
    assert capsys.readouterr().err == f"referee: {catz}: error: {error}\n"
    assert list(rules_dir.iterdir()) == []


def test_a_build_of_a_listed_file_past_the_limit_names_it(tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file put in the folder by hand, past the import, meets the same limit in the build."""
    from tests.conftest import write_system

    src = write_system(tmp_path / "src", "demo", 'id = "demo"\ntitle = "Demo"\n\n[[documents]]\npath = "big.catz"\nformat = "battlescribe"\nrole = "army"\n', {})
    _catz(src / "demo", 5_001)
    assert main(["list", "--rules-src", str(src)]) == 2
    assert capsys.readouterr().err.endswith("demo/big.catz: error: the file holds 5,001 rules, over the limit of 5,000 for one BattleScribe file\n")


def test_an_import_at_the_limit_goes_through(rules_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from referee.sources.battlescribe_xml import MAX_RULES

    catz = _catz(tmp_path, 50)
    assert main(["import", "battlescribe", GST, str(catz), "--system", "demo", "--into", str(rules_dir)]) == 0
    assert MAX_RULES == 5_000  # docs/battlescribe.md states it


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_path_that_is_not_a_regular_file_is_refused_unread(kind: str, rules_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A FIFO given to the import would block its read for ever; a folder is no file."""
    import os

    path = tmp_path / "army.cat"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    assert main(["import", "battlescribe", str(path), "--system", "demo", "--into", str(rules_dir)]) == 2
    assert capsys.readouterr().err == f"referee: {path}: error: not a regular file (a folder, a FIFO or a device): give a BattleScribe file\n"
    assert list(rules_dir.iterdir()) == []
