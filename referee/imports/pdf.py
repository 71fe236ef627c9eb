"""Reading a rulebook PDF into blocks (:mod:`referee.imports.layout`) with pdfplumber.

pdfplumber (on pdfminer.six) gives every word with its box, font name and
size, which is what headings are recovered from, and finds ruled tables;
pypdf gives text without fonts or places, so neither headings nor columns
could be told (measured: benchmarks/pdf_readers.py, docs/import.md).
"""

from __future__ import annotations

from referee.errors import RulesError
from referee.imports.layout import Block, Page, Word, blocks, drop_running, page_lines

PDF_MAGIC = b"%PDF-"


def read_pdf(path: str) -> list[Block]:
    """The blocks of a PDF, in reading order; a file that is no readable PDF
    raises :class:`RulesError` naming it."""
    pages = read_pages(path)
    drop_running(pages)
    found = blocks(pages)
    if not found:
        raise RulesError("the PDF has no text layer (scanned pages?): run it through OCR first, e.g. ocrmypdf, then import the result", path)
    return found


def read_pages(path: str) -> list[Page]:
    try:
        with open(path, "rb") as fh:
            head = fh.read(1024)
    except FileNotFoundError:
        raise RulesError("file not found", path) from None
    except OSError as err:
        raise RulesError(f"cannot read the file: {err.strerror}", path) from None
    if PDF_MAGIC not in head:
        from referee.sources.sniff import binary_kind

        with open(path, "rb") as fh:
            found = binary_kind(fh.read())  # a zip's names are at its end: read it whole (this is the error path)
        said = f"this is {found[0]}: {found[1]}" if found else "the file does not start with %PDF-"
        raise RulesError(f"not a PDF: {said}", path)
    import pdfplumber
    from pdfminer.pdfparser import PDFSyntaxError

    try:
        with pdfplumber.open(path) as pdf:
            return [_page(p, i) for i, p in enumerate(pdf.pages)]
    except PDFSyntaxError as err:
        raise RulesError(f"not a readable PDF: {err}", path) from None
    except Exception as err:  # pdfminer's errors share no base class: encrypted, broken xref, ...
        name = type(err).__name__
        if "Password" in name or "Encrypt" in name:
            raise RulesError("the PDF is password-protected: save an unprotected copy and import that", path) from None
        if name.startswith(("PDF", "Pdfminer")):
            raise RulesError(f"cannot read the PDF: {err}", path) from None
        raise


def _page(page: object, index: int) -> Page:
    words = [
        Word(w["text"], float(w["x0"]), float(w["x1"]), float(w["top"]), float(w["bottom"]), float(w["size"]), str(w["fontname"]))
        for w in page.extract_words(extra_attrs=["fontname", "size"], keep_blank_chars=False)  # type: ignore[attr-defined]
        if w.get("upright", True)
    ]
    tables = []
    for table in page.find_tables():  # type: ignore[attr-defined]
        rows = [[" ".join((cell or "").split()) for cell in row] for row in table.extract()]
        rows = [row for row in rows if any(row)]
        if len(rows) >= 2 and max(len(r) for r in rows) >= 2:
            tables.append((tuple(table.bbox), rows))
    width, height = float(page.width), float(page.height)  # type: ignore[attr-defined]
    return Page(index, width, height, page_lines(words, index, width, tables))
