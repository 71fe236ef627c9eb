"""Importing BattleScribe files into a system folder, all or nothing.

Every file is read whole first (unzipped, parsed, its rules and units
drafted); one unreadable file stops the import before anything is written.
Then the files are copied into ``<DIR>/<system>/`` and the system's
``system.toml`` is written or updated: a new manifest is made from the game
system's name; an existing one keeps every key, comment and table its user
wrote, and gains one ``[[documents]]`` table per file it does not list yet
(format ``battlescribe``, role ``battlescribe``; a role the precedence does
not name ranks after those it names, so rules the user's own documents
define keep their text as the primary version).  Files and manifest are
written aside and renamed into place, the manifest last; a failure removes
what was written aside.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from typing import Any

from referee.errors import RulesError
from referee.imports.listing import check_system_id, keeps, listed_paths, read_manifest_text, write_aside
from referee.rulebase.manifest import MANIFEST

SUFFIXES = (".gst", ".cat", ".gstz", ".catz")
ROLE = "battlescribe"


@dataclass
class ImportedFile:
    given: str  # the path the user gave
    path: str  # where it lands, relative to the rules folder
    kind: str
    name: str
    revision: str | None
    status: str  # added | updated | unchanged
    rules: int
    units: int

    def to_json(self) -> dict[str, Any]:
        return {
            "from": self.given, "path": self.path, "kind": self.kind, "name": self.name, "revision": self.revision,
            "status": self.status, "rules": self.rules, "units": self.units,
        }  # fmt: skip


@dataclass
class Import:
    """What an import did (docs/json.md, ``referee import``)."""

    system: str
    folder: str
    manifest: str
    created: bool
    files: list[ImportedFile] = field(default_factory=list)
    listed: list[str] = field(default_factory=list)  # documents added to the manifest
    unresolved: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "folder": self.folder,
            "manifest": {"path": self.manifest, "created": self.created, "documents_added": self.listed},
            "files": [f.to_json() for f in self.files],
            "unresolved_links": self.unresolved,
        }


def import_files(paths: list[str], system: str, into: str) -> Import:
    """Copy BattleScribe ``paths`` into ``into/system`` and list them in its system.toml."""
    check_system_id(system)
    if not paths:
        raise RulesError("no file to import: give one or more .gst, .cat, .gstz or .catz files")
    folder = os.path.join(into, system)
    drafts: list[tuple[str, str, bytes, Any]] = []  # (given, file name, bytes, draft)
    names: dict[str, str] = {}
    for given in paths:
        name = os.path.basename(given)
        if name in names:
            raise RulesError(f"two files named {name!r} ({names[name]} and {given}): one system folder holds one", given)
        names[name] = given
        drafts.append((given, name, *_read(given, system)))

    manifest_file = os.path.join(folder, MANIFEST)
    existing = _read_text(manifest_file) if os.path.lexists(manifest_file) else None
    crlf = existing is not None and "\r\n" in existing and existing.count("\r\n") == existing.count("\n")
    if crlf:  # worked on with "\n" and written back with the user's line ends
        existing = existing.replace("\r\n", "\n")  # type: ignore[union-attr]
    listed = _listed(existing, manifest_file) if existing is not None else set()
    new_docs = [name for _, name, _, _ in drafts if name not in listed]
    text = _updated(existing, system, drafts, new_docs) if existing is not None else _new(system, drafts)
    if crlf:
        text, existing = text.replace("\n", "\r\n"), existing.replace("\n", "\r\n")  # type: ignore[union-attr]

    result = Import(system, folder, manifest_file, existing is None, listed=new_docs)
    for given, name, data, draft in drafts:
        target = os.path.join(folder, name)
        status = "added"
        if os.path.exists(target):
            with open(target, "rb") as fh:
                status = "unchanged" if fh.read() == data else "updated"
        result.files.append(
            ImportedFile(given, f"{system}/{name}", draft.kind, draft.name, draft.revision, status, len(draft.rules), len(draft.units))
        )
    changed = {f.path.rsplit("/", 1)[-1] for f in result.files if f.status != "unchanged"}
    try:
        _write(folder, [(name, data) for _, name, data, _ in drafts if name in changed], text if text != existing else None)
    except OSError as err:  # a full disk, a name too long, a folder not writable: nothing was changed
        raise RulesError(f"cannot write into {err.filename or folder}: {err.strerror or err}; nothing was changed") from None
    result.unresolved = _unresolved(folder, system, [d for *_, d in drafts])
    return result


def _read(given: str, system: str) -> tuple[bytes, Any]:
    """A file's bytes and its draft: every reading error stops the import here."""
    from referee.sources import Document
    from referee.sources.battlescribe import read_book
    from referee.sources.battlescribe_xml import check_size, unpack

    if not given.lower().endswith(SUFFIXES):
        raise RulesError("not a BattleScribe file: expected a .gst, .cat, .gstz or .catz file", given)

    try:
        fd = os.open(given, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO would wait for a writer
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise RulesError("not a regular file (a folder, a FIFO or a device): give a BattleScribe file", given)
            check_size(given, st.st_size)  # refused before it is read whole
            with os.fdopen(os.dup(fd), "rb") as fh:
                data = fh.read()
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise RulesError("file not found", given) from None
    except OSError as err:
        raise RulesError(f"cannot read the file: {err.strerror}", given) from None
    xml = unpack(given, data)
    try:
        text = xml.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        raise RulesError(f"not valid UTF-8: byte 0x{xml[err.start]:02x} cannot be decoded", given, xml.count(b"\n", 0, err.start) + 1) from None
    if not text.strip():
        raise RulesError("document is empty", given)
    draft = read_book(Document(system, given, "battlescribe", ROLE, text))
    return data, draft


def _read_text(file: str) -> str:
    return read_manifest_text(file)


def _listed(text: str, file: str) -> set[str]:
    return listed_paths(text, file)


def _document(name: str, draft: Any) -> Any:
    import tomlkit

    table = tomlkit.table()
    table.add("path", name)
    table.add("format", "battlescribe")
    table.add("role", ROLE)
    table.add("title", draft.name)
    revision = f" (revision {draft.revision})" if draft.revision else ""
    table.add("origin", f"BattleScribe {'game system' if draft.kind == 'game-system' else 'catalogue'}{revision}, imported with referee import battlescribe.")
    table.add(tomlkit.nl())  # a blank line after each table, as people write them
    return table


def _new(system: str, drafts: list[tuple[str, str, bytes, Any]]) -> str:
    import tomlkit

    doc = tomlkit.document()
    doc.add(tomlkit.comment("Written by `referee import battlescribe`; edit freely, imports only add documents."))
    doc.add("id", system)
    games = [d for *_, d in drafts if d.kind == "game-system"]
    doc.add("title", games[0].name if games else system)
    doc.add("languages", ["en"])
    doc.add("origin", "BattleScribe data (a game system and its catalogues).")
    documents = tomlkit.aot()
    for _, name, _, draft in sorted(drafts, key=lambda d: (d[3].kind != "game-system", d[1])):
        documents.append(_document(name, draft))
    doc.add("documents", documents)
    return tomlkit.dumps(doc)


def _updated(text: str, system: str, drafts: list[tuple[str, str, bytes, Any]], new_docs: list[str]) -> str:
    """The user's manifest with a [[documents]] table per new file, nothing else changed."""
    if not new_docs:
        return text
    import tomlkit

    doc = tomlkit.parse(text)
    documents = doc.get("documents")
    if documents is None:
        documents = tomlkit.aot()
        doc.add("documents", documents)
    by_name = {name: draft for _, name, _, draft in drafts}
    for name in new_docs:
        documents.append(_document(name, by_name[name]))
    out = tomlkit.dumps(doc)
    if not _keeps(text, out, len(new_docs)):  # tomlkit keeps what it read; were it ever not to, write nothing
        raise RulesError("cannot add the documents without rewriting what is there; add them by hand", os.path.join(system, MANIFEST))
    return out


def _keeps(before: str, after: str, added: int) -> bool:
    return keeps(before, after, added)


def _write(folder: str, files: list[tuple[str, bytes]], manifest: str | None) -> None:
    write_aside(folder, files, manifest)


def _unresolved(folder: str, system: str, drafts: list[Any]) -> list[dict[str, Any]]:
    """Links of the imported files to ids that no BattleScribe file of the folder declares."""
    ids = {i for d in drafts for i, _ in d.ids}
    for other in os.listdir(folder):
        if other.lower().endswith(SUFFIXES) and other not in {os.path.basename(d.file) for d in drafts}:
            try:
                ids.update(i for i, _ in _read(os.path.join(folder, other), system)[1].ids)
            except RulesError:
                continue  # a file already there is the build's to report
    out = []
    for draft in drafts:
        for target, source, name, element in draft.links:
            if target not in ids:
                out.append({"target": target, "name": name, "element": element, "file": draft.file, "line": source.line})
    return out
