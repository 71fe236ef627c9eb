"""Small rulebooks made for the tests: a PDF and a .docx built here, line by line.

Each line is placed by hand so the tests know exactly what the reader faces:
a title, a running header and page numbers, two columns, a word hyphenated
at a line end, a rule running on over a page break, and a ruled table.
"""

from __future__ import annotations

from pathlib import Path

HEADER = "Skirmish Rules - Core Book"
LEFT, RIGHT, WIDTH = 20, 110, 80  # millimetres: two columns with a 10 mm gutter


def _lines(pdf, x: float, y: float, lines: list[str], size: float = 10, style: str = "") -> float:
    pdf.set_font("Helvetica", style, size)
    for text in lines:
        pdf.set_xy(x, y)
        pdf.cell(WIDTH, size * 0.45, text)
        y += size * 0.5
    return y


def _page(pdf, number: int) -> None:
    pdf.add_page()
    _lines(pdf, LEFT, 8, [HEADER], size=8)
    _lines(pdf, 100, 285, [str(number + 11)], size=8)  # printed page numbers start at 12


def two_column_book(path: Path) -> Path:
    """Two pages; page labels 12 and 13."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(False)
    _page(pdf, 1)
    _lines(pdf, LEFT, 22, ["Skirmish Rules"], size=20, style="B")
    y = _lines(pdf, LEFT, 40, ["Fear"], size=14, style="B") + 3
    y = _lines(pdf, LEFT, y, [
        "A unit that fears an enemy must pass a",
        "Discipline test before it may charge that",
        "enemy. A failed test means the unit stays",
        "where it stands this turn.",
    ])
    y += 4
    _lines(pdf, LEFT, y, [
        "Units that are Fearless ignore this rule.",
    ])
    y = _lines(pdf, RIGHT, 40, ["Terror"], size=14, style="B") + 3
    y = _lines(pdf, RIGHT, y, [
        "Terror works like Fear, and in addition a",
        "unit that fails its test becomes immedi-",
        "ately Shaken. A Shaken unit may not march",
        "and must take a test at the start of each",
    ])
    _page(pdf, 2)
    y = _lines(pdf, LEFT, 22, [
        "of its turns until it passes one.",
    ]) + 4
    y = _lines(pdf, LEFT, y, ["Weapons"], size=14, style="B") + 3
    y = _lines(pdf, LEFT, y, ["Every weapon has a profile:"]) + 2
    pdf.set_font("Helvetica", "", 10)
    pdf.set_xy(LEFT, y)
    with pdf.table(width=120, col_widths=(50, 35, 35), align="LEFT") as table:
        for row in (("Weapon", "Range", "Strength"), ("Spear", "Melee", "+1"), ("Longbow", "30\"", "3")):
            cells = table.row()
            for cell in row:
                cells.cell(cell)
    pdf.output(str(path))
    return path


def word_book(path: Path) -> Path:
    """A .docx: a title, headings styled and bold, a paragraph, a table."""
    import docx

    document = docx.Document()
    document.add_heading("Skirmish Rules", level=0)
    document.add_heading("Fear", level=1)
    document.add_paragraph("A unit that fears an enemy must pass a Discipline test before it may charge.")
    bold = document.add_paragraph()
    bold.add_run("Terror").bold = True
    document.add_paragraph("Terror works like Fear.")
    table = document.add_table(rows=2, cols=2)
    for r, row in enumerate((("Weapon", "Range"), ("Spear", "Melee"))):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    document.save(str(path))
    return path
