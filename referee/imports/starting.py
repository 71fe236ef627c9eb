"""What ``referee init`` does: read every file, guess its format, write the system folder.

Each file's format is guessed from its content (:func:`referee.sources.sniff.guess`);
a PDF or a Word document is converted first (:mod:`referee.imports.documents`).
Everything is read and checked before anything is written; then the files
and the manifest are written aside and renamed into place, the manifest last.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from referee.errors import RulesError

EXAMPLE = """# Example rules

Write each rule under a heading of its own, then run `referee build`.

## Fear

A unit that fears an enemy must pass a Discipline test before it charges it.
"""


@dataclass
class Listed:
    given: str | None  # None: the example document
    path: str  # in the system folder
    format: str
    why: str
    title: str | None = None  # a converted book's own title (its first line, not a rule)

    def to_json(self) -> dict[str, Any]:
        return {"from": self.given, "path": self.path, "format": self.format, "why": self.why}


@dataclass
class Started:
    """What ``referee init`` wrote (docs/json.md)."""

    system: str
    title: str
    folder: str
    manifest: str
    documents: list[Listed] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"system": self.system, "title": self.title, "folder": self.folder, "manifest": self.manifest, "documents": [d.to_json() for d in self.documents]}


def start(into: str, system: str, files: list[str], title: str | None = None) -> Started:
    """Make ``into/system`` with the documents ``files`` and a system.toml listing them."""
    from referee.imports.listing import check_system_id, write_aside
    from referee.rulebase.manifest import MANIFEST

    check_system_id(system)
    folder = os.path.join(into, system)
    manifest_file = os.path.join(folder, MANIFEST)
    if os.path.exists(manifest_file):
        raise RulesError(f"{system} already has a {MANIFEST}: add documents with referee import, or list them in it by hand", manifest_file)
    written: dict[str, bytes] = {}
    listed: list[Listed] = []
    book_title = None
    for given in files:
        doc, data, found_title = _document(given)
        if doc.path in written:
            raise RulesError(f"two documents would be named {doc.path!r}: rename one", given)
        written[doc.path] = data
        listed.append(doc)
        book_title = book_title or found_title
    if not files:
        written["rules.md"] = EXAMPLE.encode("utf-8")
        listed.append(Listed(None, "rules.md", "markdown", "an example to replace with your rules"))
    for name, data in written.items():  # a file already in the folder is the user's: never overwritten
        target = os.path.join(folder, name)
        if os.path.exists(target) and not _same(target, data):
            raise RulesError(f"{system}/{name} already exists and differs: init never overwrites a file; move it aside or list it by hand", target)
    title = title or book_title or system
    write_aside(folder, list(written.items()), _manifest(system, title, listed))
    return Started(system, title, folder, manifest_file, listed)


def _same(path: str, data: bytes) -> bool:
    with open(path, "rb") as fh:
        return fh.read() == data


def _document(given: str) -> tuple[Listed, bytes, str | None]:
    """A file as listed: its format guessed (a book converted), its bytes, a book's title."""
    from referee.sources.sniff import guess

    try:
        with open(given, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        raise RulesError("file not found", given) from None
    except IsADirectoryError:
        raise RulesError("a folder, not a document: list the documents inside it", given) from None
    except OSError as err:
        raise RulesError(f"cannot read the file: {err.strerror}", given) from None
    if not data.strip():
        raise RulesError("document is empty", given)
    found = guess(os.path.basename(given), data)
    if not found.format:
        raise RulesError(f"not a rule document: {found.why}", given)
    if found.format in ("pdf", "docx"):
        from referee.imports.documents import convert

        book = convert(found.format, given)
        counts = book.counts()
        read = ", ".join(f"{counts[k]} {k[:-1] if counts[k] == 1 else k}" for k in ("headings", "paragraphs", "tables"))
        return Listed(given, book.name, "rules-list", f"{found.why}; {read}", book.title), book.text.encode("utf-8"), book.title
    return Listed(given, os.path.basename(given), found.format, found.why), data, None


def _manifest(system: str, title: str, listed: list[Listed]) -> str:
    import tomlkit

    from referee.imports.listing import new_manifest

    tables = []
    for item in listed:
        table = tomlkit.table()
        table.add("path", item.path)
        table.add("format", item.format)
        table["format"].comment(f"guessed: {item.why}")
        table.add("role", "battlescribe" if item.format == "battlescribe" else "core")
        if item.title:
            table.add("title", item.title)
        tables.append(table)
    return new_manifest(system, title, "Written by `referee init`: each document's format is a guess, said beside it; edit freely.", tables)
