"""`referee init` and what a new user meets next: formats guessed and said, what `build`
read per document, and the errors of a first system (binary files, misspelt keys, the
wrong folder)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.commands import main
from tests.conftest import manifest, write_system
from tests.imports.books import two_column_book

BSDATA = Path("/work/shared/bsdata")
FEAR_MD = "# Fear\n\nUnits with Fear scare others.\n\n| Weapon | Range |\n| --- | --- |\n| Spear | Melee |\n"
WIKI = "==Special Rules==\n'''Terror''' Terror is worse than [[Fear]].\n"


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main([*args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_init_guesses_each_format_from_the_content_and_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "fear.txt").write_text(FEAR_MD)  # Markdown, though named .txt
    (tmp_path / "terror.txt").write_text(WIKI)
    (tmp_path / "plain.txt").write_text("Rally\n\nA fleeing unit may rally.\n")
    book = two_column_book(tmp_path / "core.pdf")
    files = [str(tmp_path / n) for n in ("fear.txt", "terror.txt", "plain.txt")] + [str(book)]
    code, data = _json(capsys, "init", str(tmp_path / "rules"), "--system", "skirmish", *files)
    assert code == 0
    assert [(d["path"], d["format"], d["why"]) for d in data["documents"]] == [
        ("fear.txt", "markdown", "1 '#' heading, 1 pipe table"),
        ("terror.txt", "mediawiki", "1 '''Name''' entry, 1 '== Heading ==' line"),
        ("plain.txt", "rules-list", "plain text with no markup: headings are short lines set apart by blank lines"),
        ("core.txt", "rules-list", "it starts with %PDF-: converted to text with referee import pdf; 3 headings, 4 paragraphs, 1 table"),
    ]
    assert data["title"] == "Skirmish Rules"  # the book's own
    toml = (tmp_path / "rules" / "skirmish" / "system.toml").read_text()
    assert 'format = "markdown" # guessed: 1 \'#\' heading, 1 pipe table' in toml

    code, built = _json(capsys, "build", "--rules-src", str(tmp_path / "rules"))
    system = built["systems"][0]
    assert [(d["path"], d["entries"]) for d in system["document_list"]] == [
        ("skirmish/fear.txt", 2), ("skirmish/terror.txt", 1), ("skirmish/plain.txt", 1), ("skirmish/core.txt", 3),  # the table's Spear row is a rule of its own (Markdown tables of entries)
    ]  # fmt: skip
    assert (system["units"], system["warnings"]) == (0, [])
    assert main(["build", "--rules-src", str(tmp_path / "rules")]) == 0
    assert "skirmish/core.txt (rules-list): 3 entries, 0 aliases, 1 table\n" in capsys.readouterr().out


def test_init_with_battlescribe_data_reports_units(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(BSDATA / "2nd-theNinthAge-FantasyBattles.gst"), str(BSDATA / "2nd-dwarvenHolds.cat")]
    code, data = _json(capsys, "init", str(tmp_path), "--system", "t9a-bs", *files)
    assert [d["format"] for d in data["documents"]] == ["battlescribe", "battlescribe"]
    code, built = _json(capsys, "build", "--rules-src", str(tmp_path))
    assert built["systems"][0]["units"] > 10


def test_init_without_files_writes_an_example_that_builds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["init", str(tmp_path), "--system", "mine"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("rules.md: markdown (an example to replace with your rules)\n")
    code, listed = _json(capsys, "list", "--rules-src", str(tmp_path))
    assert [r["name"] for r in listed["rules"]] == ["Example rules", "Fear"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x89PNG\r\n\x1a\n....", "not a rule document: a PNG image, not a rule document"),
        (b"PK\x03\x04junk", "not a rule document: a zip archive, not a rule document"),
        (b"  \n\n", "document is empty"),
    ],
)
def test_init_refuses_what_is_no_rule_document_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str) -> None:
    given = tmp_path / "cover.png"
    given.write_bytes(content)
    assert main(["init", str(tmp_path / "rules"), "--system", "mine", str(given)]) == 2
    assert capsys.readouterr().err == f"referee: {given}: error: {message}\n"
    assert not (tmp_path / "rules" / "mine").exists()


def test_init_never_overwrites_a_system(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["init", str(tmp_path), "--system", "mine"]) == 0
    capsys.readouterr()
    assert main(["init", str(tmp_path), "--system", "mine"]) == 2
    assert capsys.readouterr().err == f"referee: {tmp_path}/mine/system.toml: error: mine already has a system.toml: add documents with referee import, or list them in it by hand\n"


def test_init_never_overwrites_a_file_already_in_the_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "rules.md").write_text("# My own rules\n")
    assert main(["init", str(tmp_path), "--system", "mine"]) == 2
    assert capsys.readouterr().err == f"referee: {tmp_path}/mine/rules.md: error: mine/rules.md already exists and differs: init never overwrites a file; move it aside or list it by hand\n"
    assert (tmp_path / "mine" / "rules.md").read_text() == "# My own rules\n"
    assert not (tmp_path / "mine" / "system.toml").exists()


def test_a_pdf_listed_as_text_says_what_it_is(tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_system(tmp_path / "src", "demo", manifest("demo", path="rules.pdf"), {"rules.pdf": b"%PDF-1.7\n\x00\x01binary"})
    assert main(["build", "--rules-src", "src"]) == 2
    err = capsys.readouterr().err
    assert err == "referee: src/demo/rules.pdf: error: this is a PDF, not a text document: use referee import pdf FILE --system ID to turn it into a text document\n"
    assert "UTF-8" not in err


def test_a_misspelt_key_is_warned_with_the_key_meant(tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = manifest("demo", extra='tilte = "x"').replace('role = "core"', 'role = "core"\ncatgory = "Core"')
    write_system(tmp_path / "src", "demo", text, {"rules.txt": "Fear\n\nUnits flee.\n"})
    assert main(["build", "--rules-src", "src"]) == 0
    err = capsys.readouterr().err
    assert err == (
        "referee: src/demo/system.toml:3: warning: unknown key 'tilte', ignored; did you mean 'title'?\n"
        "referee: src/demo/system.toml:8: warning: unknown key 'catgory' of document 'rules.txt', ignored; did you mean 'category'?\n"
    )


def test_a_misspelt_format_key_is_named_and_no_none_is_said(tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_system(tmp_path / "src", "demo", manifest("demo").replace("format =", "fromat ="), {"rules.txt": "Fear\n\nUnits flee.\n"})
    assert main(["build", "--rules-src", "src"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "referee: src/demo/system.toml:5: error: document 'rules.txt' has no 'format' "
        "(known: battlescribe, glossary, markdown, mediawiki, rules-list); 'fromat' looks like a misspelling of it\n"
    )
    assert "None" not in err


def test_a_format_misspelt_is_suggested(tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_system(tmp_path, "demo", manifest("demo", fmt="markdwon"), {"rules.txt": "Fear\n\nUnits flee.\n"})
    assert main(["build", "--rules-src", str(tmp_path)]) == 2
    assert capsys.readouterr().err.endswith("has unknown format 'markdwon' (known: battlescribe, glossary, markdown, mediawiki, rules-list); did you mean 'markdown'?\n")


def test_rules_src_at_one_system_says_to_give_its_parent(tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_system(tmp_path, "demo", manifest("demo"), {"rules.txt": "Fear\n\nUnits flee.\n"})
    assert main(["build", "--rules-src", str(tmp_path / "demo")]) == 2
    assert capsys.readouterr().err == (
        f"referee: error: {tmp_path / 'demo'} is one system's folder (it holds its system.toml): "
        f"give the folder above it, which holds a folder per system (--rules-src {tmp_path})\n"
    )


def test_import_battlescribe_makes_the_folder_it_is_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    into = tmp_path / "new" / "rules"
    code, data = _json(capsys, "import", "battlescribe", str(BSDATA / "2nd-theNinthAge-FantasyBattles.gst"), "--system", "t9a", "--into", str(into))
    assert (code, data["manifest"]["created"]) == (0, True)
    assert (into / "t9a" / "system.toml").is_file()


def test_build_says_which_blocks_no_rule_took(tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    page = "Jump to navigation\nlog in\n==Special Rules==\n'''Fear''' Units with Fear scare others.\n\nPlease note that all contributions may be edited.\n"
    write_system(tmp_path / "src", "demo", manifest("demo", path="rules.wiki", fmt="mediawiki"), {"rules.wiki": page})
    code, data = _json(capsys, "build", "--rules-src", "src")
    [doc] = data["systems"][0]["document_list"]
    assert doc["skipped"] == [{"line": 1, "end_line": 3, "why": "before the first rule"}]  # the wiki's chrome and a section heading
    assert main(["build", "--rules-src", "src"]) == 0
    out = capsys.readouterr().out
    assert "demo/rules.wiki (mediawiki): 1 entry, 0 aliases; 1 block read into no rule (lines 1-3 before the first rule)\n" in out
