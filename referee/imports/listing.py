"""Writing imported files into a system folder and listing them in its system.toml.

Shared by every ``referee import``: files and manifest are written aside and
renamed into place, the manifest last; a failure removes what was written
aside.  A user's manifest keeps every line it had (tomlkit keeps comments and
layout), and only gains ``[[documents]]`` tables.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import tomllib
from typing import Any

from referee.errors import RulesError

_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def check_system_id(system: str) -> None:
    if not _ID.match(system):
        raise RulesError(f"system id {system!r} must be lower-case letters, digits and dashes")


def read_manifest_text(file: str) -> str:
    """The manifest's text, line ends as written (``\r\n`` kept)."""
    try:
        mode = os.stat(file).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
            raise RulesError(f"system.toml is {kind}, left as it is; the import needs a system.toml file there or none", file)
        with open(file, encoding="utf-8", newline="") as fh:
            return fh.read()
    except UnicodeDecodeError as err:
        raise RulesError(f"manifest is not valid UTF-8 (byte {err.start})", file) from None
    except OSError as err:
        raise RulesError(f"cannot read system.toml: {err.strerror or err}", file) from None


def listed_paths(text: str, file: str) -> set[str]:
    """The paths a manifest's [[documents]] tables list."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise RulesError(f"malformed system.toml, left as it is: {err}", file) from None
    docs = data.get("documents", [])
    if not isinstance(docs, list) or not all(isinstance(d, dict) for d in docs):
        raise RulesError("malformed system.toml, left as it is: 'documents' must be [[documents]] tables", file, _line_of_key(text, "documents"))
    return {d.get("path") for d in docs}


def _line_of_key(text: str, key: str) -> int | None:
    for number, line in enumerate(text.split("\n"), start=1):
        if line.lstrip().startswith((f"{key} ", f"{key}=", f"[[{key}]]")):
            return number
    return None


def add_document(manifest_file: str, system: str, title: str, table: dict[str, str]) -> tuple[str | None, bool, bool]:
    """The manifest's new text listing ``table`` (None: unchanged), whether it
    is new, and whether the document was added to it."""
    import tomlkit

    if not os.path.exists(manifest_file):
        return new_manifest(system, title, "Written by `referee import`; edit freely, imports only add documents.", [_table(table)]), True, True
    text = read_manifest_text(manifest_file)
    if table["path"] in listed_paths(text, manifest_file):
        return None, False, False
    doc = tomlkit.parse(text)
    documents = doc.get("documents")
    if documents is None:
        documents = tomlkit.aot()
        doc.add("documents", documents)
    documents.append(_table(table))
    out = tomlkit.dumps(doc)
    if not keeps(text, out, 1):
        raise RulesError("cannot add the document without rewriting what is there; add it by hand", manifest_file)
    return out, False, True


def new_manifest(system: str, title: str, comment: str, tables: list[Any]) -> str:
    """A new system.toml: the comment saying who wrote it, the system's id, title and language,
    and its documents' tables, in the layout people write by hand."""
    import tomlkit

    doc = tomlkit.document()
    doc.add(tomlkit.comment(comment))
    doc.add("id", system)
    doc.add("title", title)
    doc.add("languages", ["en"])
    documents = tomlkit.aot()
    for table in tables:
        documents.append(table)
    doc.add("documents", documents)
    return tomlkit.dumps(doc)


def _table(values: dict[str, str]) -> Any:
    import tomlkit

    table = tomlkit.table()
    for key, value in values.items():
        table.add(key, value)
    table.add(tomlkit.nl())  # a blank line after each table, as people write them
    return table


def keeps(before: str, after: str, added: int) -> bool:
    """Whether ``after`` holds every line of ``before``, in order, and means the
    same but for ``added`` more documents at the end of the list."""
    lines = iter(after.split("\n"))
    if not all(any(line == other for other in lines) for line in before.split("\n")):
        return False
    old, new = tomllib.loads(before), tomllib.loads(after)
    documents = new.pop("documents", [])
    return {**new, "documents": documents[: len(documents) - added]} == {**old, "documents": old.get("documents", [])}


def write_aside(folder: str, files: list[tuple[str, bytes]], manifest: str | None) -> None:
    """Write everything aside, then rename it into place (the manifest last);
    the folder (and the rules folder above it) is made if new."""
    made = not os.path.isdir(folder)
    os.makedirs(folder, exist_ok=True)
    staged: list[tuple[str, str]] = []
    try:
        for name, data in files:
            staged.append((_aside(folder, data), os.path.join(folder, name)))
        if manifest is not None:
            staged.append((_aside(folder, manifest.encode("utf-8")), os.path.join(folder, "system.toml")))
    except BaseException:
        for tmp, _ in staged:
            os.unlink(tmp)
        if made:
            os.rmdir(folder)
        raise
    for tmp, target in staged:
        os.replace(tmp, target)


def _aside(folder: str, data: bytes) -> str:
    fd, tmp = tempfile.mkstemp(prefix=".import-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp
