"""`referee import pdf` and `referee import docx`: books made here, read back as rules with pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.commands import main
from referee.imports.layout import Page, Word, blocks, drop_running, page_lines
from tests.imports.books import two_column_book, word_book

BOOK_TEXT = """Skirmish Rules


[page 12]
Fear

A unit that fears an enemy must pass a
Discipline test before it may charge that
enemy. A failed test means the unit stays
where it stands this turn.

Units that are Fearless ignore this rule.


Terror

Terror works like Fear, and in addition a
unit that fails its test becomes immediately
Shaken. A Shaken unit may not march
and must take a test at the start of each
[page 13]
of its turns until it passes one.


Weapons

Every weapon has a profile:

| Weapon | Range | Strength |
| Spear | Melee | +1 |
| Longbow | 30" | 3 |
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return two_column_book(tmp_path_factory.mktemp("books") / "core.pdf")


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main([*args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_a_two_column_book_becomes_a_rules_list_with_pages(book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    into = tmp_path / "new" / "rules"  # made, parents too
    code, data = _json(capsys, "import", "pdf", str(book), "--system", "skirmish", "--into", str(into))
    assert code == 0
    assert data == {
        "system": "skirmish", "from": str(book), "path": "skirmish/core.txt", "status": "added", "title": "Skirmish Rules",
        "manifest": {"path": str(into / "skirmish" / "system.toml"), "created": True, "document_added": True},
        "read": {"pages": 2, "headings": 3, "paragraphs": 4, "tables": 1},
    }  # fmt: skip
    # the running header and the page numbers are gone; the right column follows the left
    assert (into / "skirmish" / "core.txt").read_text() == BOOK_TEXT
    manifest = (into / "skirmish" / "system.toml").read_text()
    assert 'format = "rules-list"' in manifest and 'title = "Skirmish Rules"' in manifest

    code, terror = _json(capsys, "show", "Terror", "--rules-src", str(into))
    assert code == 0
    assert terror["text"].endswith("becomes immediately Shaken. A Shaken unit may not march and must take a test at the start of each of its turns until it passes one.")
    assert terror["source"] == {"file": "skirmish/core.txt", "line": 15, "end_line": 22, "column": 1, "page": "12-13"}
    code, weapons = _json(capsys, "show", "Weapons", "--rules-src", str(into))
    assert weapons["text"] == "Every weapon has a profile:"
    table = weapons["versions"][0]["tables"][0]
    assert (table["header"], table["rows"]) == (["Weapon", "Range", "Strength"], [["Spear", "Melee", "+1"], ["Longbow", '30"', "3"]])
    assert main(["show", "Fear", "--rules-src", str(into)]) == 0
    assert "source: skirmish/core.txt:5-12 (p. 12)" in capsys.readouterr().out
    assert main(["show", "Terror", "--rules-src", str(into)]) == 0
    assert "(pp. 12-13)" in capsys.readouterr().out


def test_a_second_import_of_the_same_book_changes_nothing(book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _json(capsys, "import", "pdf", str(book), "--system", "skirmish", "--into", str(tmp_path))
    before = (tmp_path / "skirmish" / "system.toml").read_text()
    code, data = _json(capsys, "import", "pdf", str(book), "--system", "skirmish", "--into", str(tmp_path))
    assert (code, data["status"], data["manifest"]["document_added"]) == (0, "unchanged", False)
    assert (tmp_path / "skirmish" / "system.toml").read_text() == before


def test_a_word_document_is_read_likewise(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    docx = word_book(tmp_path / "house.docx")
    code, data = _json(capsys, "import", "docx", str(docx), "--system", "skirmish", "--into", str(tmp_path / "rules"))
    assert (code, data["title"], data["read"]) == (0, "Skirmish Rules", {"pages": 0, "headings": 2, "paragraphs": 2, "tables": 1})
    text = (tmp_path / "rules" / "skirmish" / "house.txt").read_text()
    assert text == "Skirmish Rules\n\n\nFear\n\nA unit that fears an enemy must pass a Discipline test before it may charge.\n\n\nTerror\n\nTerror works like Fear.\n\n| Weapon | Range |\n| Spear | Melee |\n"
    code, listed = _json(capsys, "list", "--rules-src", str(tmp_path / "rules"))
    assert [r["name"] for r in listed["rules"]] == ["Fear", "Terror"]


@pytest.mark.parametrize(
    ("kind", "content", "message"),
    [
        ("pdf", b"Fear\n\nUnits flee.\n", "not a PDF: the file does not start with %PDF-"),
        ("pdf", b"%PDF-1.4\nbroken", "cannot read the PDF: No /Root object! - Is this really a PDF?"),
        ("pdf", "blank", "the PDF has no text layer (scanned pages?): run it through OCR first, e.g. ocrmypdf, then import the result"),
        ("docx", b"Fear\n", "not a .docx: a Word document is a zip archive, and this file is not one (a .doc from before 2007? save it as .docx)"),
        ("docx", b"%PDF-1.7\n", "not a .docx: this is a PDF: use referee import pdf FILE --system ID to turn it into a text document"),
        ("pdf", b"\xd0\xcf\x11\xe0\xa1\xb1", "not a PDF: this is an old Word or Excel file (.doc, .xls): save it as .docx and use referee import docx"),
    ],
)
def test_a_file_that_is_not_what_it_says_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, content: bytes | str, message: str) -> None:
    given = tmp_path / f"book.{kind}"
    if content == "blank":  # a page with nothing written on it, as a scan without OCR reads
        from fpdf import FPDF

        pdf = FPDF()
        pdf.add_page()
        pdf.output(str(given))
    else:
        given.write_bytes(content)
    assert main(["import", kind, str(given), "--system", "demo", "--into", str(tmp_path / "rules")]) == 2
    assert capsys.readouterr().err == f"referee: {given}: error: {message}\n"
    assert not (tmp_path / "rules" / "demo").exists()


def test_a_word_document_given_as_a_pdf_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    given = word_book(tmp_path / "book.pdf")  # misnamed
    assert main(["import", "pdf", str(given), "--system", "demo", "--into", str(tmp_path / "rules")]) == 2
    assert capsys.readouterr().err == f"referee: {given}: error: not a PDF: this is a Word document (.docx): use referee import docx FILE --system ID to turn it into a text document\n"


def test_a_book_never_overwrites_another_document_of_the_same_name(book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _json(capsys, "import", "pdf", str(book), "--system", "skirmish", "--into", str(tmp_path))
    other = word_book(tmp_path / "core.docx")
    assert main(["import", "docx", str(other), "--system", "skirmish", "--into", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"referee: {other}: error: skirmish/core.txt already exists (made from core.pdf); rename core.docx or remove that document first\n"


def _words(x: float, top: float, text: str, size: float = 10, font: str = "Helvetica") -> list[Word]:
    out, at = [], x
    for word in text.split():
        out.append(Word(word, at, at + len(word) * size * 0.5, top, top + size, size, font))
        at += (len(word) + 1) * size * 0.5
    return out


def test_two_columns_are_read_left_then_right_between_spanning_lines() -> None:
    words = _words(60, 40, "A Title That Spans The Whole Page Width Of The Book", 16, "Helvetica-Bold")
    for i in range(5):
        words += _words(60, 80 + 14 * i, f"left line {i}") + _words(320, 80 + 14 * i, f"right line {i}")
    words += _words(60, 200, "a closing line set across the whole width of the page, past the gutter")
    lines = [line.text for line in page_lines(words, 0, 595)]
    assert lines == [
        "A Title That Spans The Whole Page Width Of The Book",
        *(f"left line {i}" for i in range(5)),
        *(f"right line {i}" for i in range(5)),
        "a closing line set across the whole width of the page, past the gutter",
    ]


def test_a_single_column_page_is_read_row_by_row() -> None:
    words = []
    for i in range(6):
        words += _words(60, 80 + 14 * i, f"one line of body text running across the middle of the page {i}")
    assert [line.text[-1] for line in page_lines(words, 0, 595)] == ["0", "1", "2", "3", "4", "5"]


def test_headings_by_size_and_weight_and_running_lines_dropped() -> None:
    pages = []
    for index in range(3):
        words = _words(60, 20, "Core Rules") + _words(60, 100, "Movement", 18) + _words(60, 130, "Charging", 10, "Times-Bold")
        words += _words(60, 150, "A charging unit moves first.") + _words(290, 810, str(index + 40), 8)
        pages.append(Page(index, 595, 842, page_lines(words, index, 595)))
    drop_running(pages)
    assert [p.label for p in pages] == ["40", "41", "42"]
    found = blocks(pages)
    assert [(b.kind, b.lines, b.level, b.page) for b in found[:3]] == [
        ("heading", ["Movement"], 1, "40"),
        ("heading", ["Charging"], 2, "40"),
        ("paragraph", ["A charging unit moves first."], 0, "40"),
    ]


def test_the_site_cites_the_books_pages(book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.site.sites import build_site, content

    _json(capsys, "import", "pdf", str(book), "--system", "skirmish", "--into", str(tmp_path / "rules"))
    site = build_site(tmp_path / "rules", tmp_path / "site", tmp_path / "scratch")
    page = content(site.page("rules/skirmish/terror.html"))
    assert "<code>skirmish/core.txt:15-22</code></a> (pp. 12-13)" in page


def test_a_hyphen_at_a_line_end_goes_unless_the_book_writes_the_word_with_one() -> None:
    words = _words(60, 100, "A two-handed weapon strikes last; a two-") + _words(60, 114, "handed sword is one, and it strikes immedi-")
    words += _words(60, 128, "ately after the charge.")
    page = Page(0, 595, 842, page_lines(words, 0, 595))
    [paragraph] = blocks([page])
    assert paragraph.lines == ["A two-handed weapon strikes last; a two-handed", "sword is one, and it strikes immediately", "after the charge."]


def test_a_run_in_label_names_the_paragraph_it_opens_and_a_drop_cap_joins_its_word() -> None:
    words = _words(60, 100, "Movement", 18)
    big_w = Word("W", 60, 70, 110, 125, 15.0, "Helvetica")
    words += [big_w] + _words(72, 114, "elcome to the game, general.")
    words += _words(60, 140, "DEPLOYMENT ZONES: Each player deploys within")
    words += _words(60, 154, "twelve inches of the table edge.")
    [page] = [Page(0, 595, 842, page_lines(words, 0, 595))]
    found = [(b.kind, b.lines) for b in blocks([page])]
    assert found == [
        ("heading", ["Movement"]),
        ("paragraph", ["Welcome to the game, general."]),
        ("heading", ["DEPLOYMENT ZONES"]),
        ("paragraph", ["Each player deploys within", "twelve inches of the table edge."]),
    ]
