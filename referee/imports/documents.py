"""``referee import pdf|docx FILE``: a book turned into a text document of a system.

The book is read whole first (:mod:`referee.imports.pdf`,
:mod:`referee.imports.docx`); then ``<DIR>/<system>/<stem>.txt`` is written
in the ``rules-list`` layout (:mod:`referee.imports.textdoc`) and listed in
the system's ``system.toml`` (made if new, else one ``[[documents]]`` table
added, every other line kept).  Both are written aside and renamed into
place, the manifest last: a failure leaves nothing half-written.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from typing import Any

from referee.errors import RulesError
from referee.imports.layout import Block
from referee.rulebase.manifest import MANIFEST

FORMAT = "rules-list"
ROLE = "core"


@dataclass
class BookImport:
    """What ``referee import pdf`` did (docs/json.md)."""

    system: str
    given: str
    path: str  # of the text written, relative to the rules folder
    manifest: str
    created: bool
    listed: bool
    status: str  # added | updated | unchanged
    title: str | None
    pages: int
    headings: int
    paragraphs: int
    tables: int

    def to_json(self) -> dict[str, Any]:
        return {
            "system": self.system, "from": self.given, "path": self.path, "status": self.status, "title": self.title,
            "manifest": {"path": self.manifest, "created": self.created, "document_added": self.listed},
            "read": {"pages": self.pages, "headings": self.headings, "paragraphs": self.paragraphs, "tables": self.tables},
        }  # fmt: skip


@dataclass
class Converted:
    """A book as text: what is written, its title, and the blocks it was read as."""

    name: str  # the text document's file name
    text: str
    title: str | None
    blocks: list[Block]

    def counts(self) -> dict[str, int]:
        pages = {b.page for b in self.blocks} | {p for b in self.blocks for p in b.pages}
        kinds = [b.kind for b in self.blocks]
        return {"pages": len(pages - {""}), "headings": kinds.count("heading"), "paragraphs": kinds.count("paragraph"), "tables": kinds.count("table")}


def convert(kind: str, given: str) -> Converted:
    """Read ``given`` (a PDF or a .docx) into the text of a rules-list document."""
    from referee.imports.textdoc import write_rules_list

    found = _read(kind, given)
    title = None
    if found and found[0].kind == "heading" and found[0].level == 1:  # the book's own title
        title = " ".join(found[0].lines[0].split())
        found = found[1:]
    name = os.path.splitext(os.path.basename(given))[0] + ".txt"
    return Converted(name, write_rules_list(found, title), title, found)


def import_book(kind: str, given: str, system: str, into: str) -> BookImport:
    """Convert ``given`` (a PDF or a .docx) into ``into/system/<stem>.txt`` and list it."""
    from referee.imports.listing import add_document, check_system_id, write_aside

    check_system_id(system)
    book = convert(kind, given)
    text, title, name = book.text, book.title, book.name
    folder = os.path.join(into, system)
    target = os.path.join(folder, name)
    origin = f"{os.path.basename(given)}, converted with referee import {kind}."
    manifest_file = os.path.join(folder, MANIFEST)
    status = "added"
    if os.path.exists(target):
        with open(target, encoding="utf-8", errors="replace") as fh:
            status = "unchanged" if fh.read() == text else "updated"
        came_from = _origin(manifest_file, name)
        if status == "updated" and came_from != origin:
            was = f"made from {came_from.split(',')[0]}" if came_from else "not made by an import"
            raise RulesError(f"{system}/{name} already exists ({was}); rename {os.path.basename(given)} or remove that document first", given)
    table = {"path": name, "format": FORMAT, "role": ROLE}
    if title:
        table["title"] = title
    table["origin"] = origin
    manifest, created, listed = add_document(manifest_file, system, title or system, table)
    write_aside(folder, [(name, text.encode("utf-8"))] if status != "unchanged" else [], manifest)
    counts = book.counts()
    return BookImport(
        system, given, f"{system}/{name}", manifest_file, created, listed, status, title,
        counts["pages"], counts["headings"], counts["paragraphs"], counts["tables"],
    )  # fmt: skip


def _origin(manifest_file: str, name: str) -> str | None:
    """The ``origin`` a manifest gives the document ``name``, if any."""
    try:
        with open(manifest_file, "rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError):
        return None
    for doc in data.get("documents", []):
        if isinstance(doc, dict) and doc.get("path") == name and isinstance(doc.get("origin"), str):
            return doc["origin"]
    return None


def _read(kind: str, given: str) -> list[Block]:
    if kind == "pdf":
        from referee.imports.pdf import read_pdf

        return read_pdf(given)
    from referee.imports.docx import read_docx

    return read_docx(given)
