"""Reading a Word document (.docx) into blocks, with python-docx.

A .docx has no pages to cite (Word lays them out when it prints), so its
blocks carry none.  Headings are the paragraphs styled "Title" or
"Heading N", or set wholly in bold and short; tables are kept as rows.
"""

from __future__ import annotations

import re
import zipfile

from referee.errors import RulesError
from referee.imports.layout import Block

_HEADING_STYLE = re.compile(r"^(?:title|heading\s*(\d))", re.IGNORECASE)


def read_docx(path: str) -> list[Block]:
    """The blocks of a .docx in document order."""
    try:
        if not zipfile.is_zipfile(path):
            from referee.sources.sniff import binary_kind

            with open(path, "rb") as fh:
                found = binary_kind(fh.read())
            if found:
                raise RulesError(f"not a .docx: this is {found[0]}: {found[1]}", path)
            raise RulesError("not a .docx: a Word document is a zip archive, and this file is not one (a .doc from before 2007? save it as .docx)", path)
    except FileNotFoundError:
        raise RulesError("file not found", path) from None
    import docx
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    try:
        document = docx.Document(path)
    except Exception as err:  # python-docx raises its own and zip/XML errors for a broken file
        raise RulesError(f"cannot read the .docx ({type(err).__name__}: {err})", path) from None
    out: list[Block] = []
    for item in document.iter_inner_content():
        if isinstance(item, Table):
            rows = [[" ".join(cell.text.split()) for cell in row.cells] for row in item.rows]
            if rows:
                out.append(Block("table", [], "", rows=rows, pages=[""]))
        elif isinstance(item, Paragraph):
            text = " ".join(item.text.split())
            if not text:
                continue
            level = _heading_level(item, text)
            out.append(Block("heading" if level else "paragraph", [text], "", level=level, pages=[""]))
    if not out:
        raise RulesError("the .docx holds no text", path)
    return out


def _heading_level(paragraph: object, text: str) -> int:
    style = getattr(getattr(paragraph, "style", None), "name", "") or ""
    found = _HEADING_STYLE.match(style)
    if found:
        return int(found.group(1) or 0) + 1
    runs = [r for r in paragraph.runs if r.text.strip()]  # type: ignore[attr-defined]
    if runs and all(r.bold for r in runs) and len(text.split()) <= 8 and not text.endswith((".", ":", ";")):
        return 9  # bold, short: a heading below every styled one
    return 0
