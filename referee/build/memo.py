"""What a build remembers of the ones before, so an edit re-reads only what it touched.

Three things are kept, in the rules folder's ``memo/`` folder of the cache
(:func:`referee.build.cache.memo_folder`),
each under a key that names everything it was read from (with Referee's
own code, so a change of code forgets it all):

- ``part-<key>``: a whole system read (:mod:`referee.build.parts`),
  keyed by its manifest and the bytes of every document it lists.  A
  system none of whose files changed is not read at all.
- ``doc-<key>``: the entries an adapter read from one document, keyed by
  the document's text, its manifest entry and the options the adapter was
  given (which include the names of the documents read before it).  An
  edited system re-reads only its edited documents, then aligns them all.
- what the graph read in each rule of a system, kept in the system's part
  (in sections, :mod:`referee.build.sections`) and found through
  ``last-<system>``: valid while the system's name index and core terms
  stay the same (any name added, removed or renamed can change what every
  sentence refers to); a rule is read again when it, or the lines of a
  document its versions stand on, changed.  With it, the rule's packed rows
  of the view store, valid while no rule of the system changed its name (a
  relation's row names the rules at its ends).

Every file is written aside and renamed into place; one that cannot be
read is a miss, never an error (another build may be replacing it).
Files no build used for a while are removed by :func:`prune`.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import time
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import BinaryIO

    from referee.build.parts import Part, Read
    from referee.build.sections import Before
    from referee.manifest import DocumentSpec
    from referee.model import Entry
    from referee.rulebase import Rulebase

KEEP_UNUSED = 600  # seconds a file no build used is kept (a concurrent build may want it)


def digest(*chunks: bytes | str) -> str:
    h = hashlib.blake2b(digest_size=16)
    for chunk in chunks:
        data = chunk.encode("utf-8", "surrogatepass") if isinstance(chunk, str) else chunk
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


class Memo:
    """The memo folder of one rules folder's builds, for builds made with code ``code``."""

    def __init__(self, folder: str, code: str) -> None:
        self.folder = folder
        self.code = code

    # -- files ------------------------------------------------------------------

    def _load(self, name: str) -> Any:
        """What ``name`` keeps, if its digest holds (a flipped byte could still unpickle)."""
        try:
            with open(os.path.join(self.folder, name), "rb") as fh:
                expected = fh.read(16)
                data = fh.read()
            if hashlib.blake2b(data, digest_size=16).digest() != expected:
                return None
            found = pickle.loads(data)
        except Exception:  # noqa: BLE001 - missing, damaged or being replaced: read anew
            return None
        used(os.path.join(self.folder, name))
        return found

    def _keep(self, name: str, obj: Any) -> None:
        data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
        self._write(name, lambda fh: fh.write(hashlib.blake2b(data, digest_size=16).digest() + data))

    def _write(self, name: str, write: Callable[[BinaryIO], None]) -> str | None:
        """Written aside and renamed into place; a cache that cannot be written only
        costs speed (None then).  The file's path otherwise."""
        from referee.atomic import replace_with

        path = os.path.join(self.folder, name)
        try:
            os.makedirs(self.folder, exist_ok=True)
            replace_with(path, write, ".memo-")
        except OSError:
            return None
        return path

    # -- whole systems -------------------------------------------------------------

    def part_key(self, root: Path, folder: Path, files: dict[str, bytes] | None) -> str | None:
        """The key of a system folder's read: its manifest and the documents it lists,
        or None when they cannot be read here (the build reads it and says why)."""
        from referee.errors import RulesError
        from referee.manifest import MANIFEST, load_manifest

        try:
            manifest = load_manifest(root, folder, files)
            chunks: list[bytes | str] = [self.code, manifest.path, _bytes(root, manifest.path, files)]
            for spec in manifest.documents:
                chunks += [spec.path, _bytes(root, spec.path, files)]
        except (RulesError, OSError):
            return None
        return digest(*chunks)

    def recall_part(self, key: str) -> Part | None:
        from referee.build.parts import Part

        path = os.path.join(self.folder, f"part-{key}.pickle")
        if not used(path):
            return None
        return Part(path, key=key, recalled=True)

    def keep_part(self, key: str, read: Read) -> Part | None:
        """Keep a system's part; the system's ``last-<system>`` file names it, for the
        next read of the system to take what it can from."""
        from referee.build import parts

        name = f"part-{key}.pickle"
        path = self._write(name, lambda fh: parts.write(fh, read))
        if path and read.record is not None and read.record[0] is not None:
            self._write(f"last-{read.system}", lambda fh: fh.write(f"{read.record[0]} {name}".encode()))
        return parts.Part(path, key=key) if path else None

    # -- documents and rules of a system being read ---------------------------------

    def documents(self, system: str) -> Documents:
        return Documents(self, system)

    def before(self, rulebase: Rulebase, system: str) -> tuple[str, Before | None]:
        """The key of the names ``system`` is read under now, and what its last read,
        made under the same names, can give (None when there is none)."""
        import marshal

        from referee.build.parts import load_sections, names_digest, open_checked
        from referee.build.sections import Before

        names = marshal.dumps((_named(rulebase, system), rulebase.manifests[system].core_terms))
        key = digest(self.code, names)
        try:
            with open(os.path.join(self.folder, f"last-{system}"), "rb") as fh:
                kept, name = fh.read().decode().split(" ", 1)
            if kept != key:
                return key, None
            path = os.path.join(self.folder, name)
            record, sections, rule_names = load_sections(open_checked(path))  # sections are taken as they are asked for
            if not (isinstance(record, tuple) and len(record) == 2 and record[0] == key):
                return key, None
            renamed: set[str] = set()
            if record[1] != names_digest(rulebase.rule_names):
                before, now = rule_names(), rulebase.rule_names
                renamed = {rid for rid in before.keys() | now.keys() if before.get(rid) != now.get(rid)}
        except Exception:  # noqa: BLE001 - missing, damaged or being replaced: read anew
            return key, None
        used(path)
        return key, Before(sections, renamed)


def _named(rulebase: Rulebase, system: str) -> dict[str, list[str]]:
    """The system's name index as a sentence can refer to it: without the names an
    unnamed rule is given ("(unnamed rule at FILE:LINE)"), which change whenever a
    line is added above it, when no text of the system holds the word "unnamed"
    (then no sentence can name one)."""
    from referee.text import fold

    index = rulebase.names.get(system, {})
    placeholders = {fold(r.name) for r in rulebase.in_system(system) if "unnamed" in r.flags and r.name.startswith("(unnamed rule at ")}
    if not placeholders:
        return index
    for text in rulebase.texts.values():
        if "unnamed" in (text.casefold() if text.isascii() else fold(text)):
            return index
    return {form: ids for form, ids in index.items() if form not in placeholders}


def _bytes(root: Path, rel: str, files: dict[str, bytes] | None) -> bytes:
    if files is not None and rel in files:
        return files[rel]
    return (root / rel).read_bytes()


class Documents:
    """The entries each document of one system gave (:class:`referee.rulebase.load.ReadDocuments`)."""

    def __init__(self, memo: Memo, system: str) -> None:
        self.memo = memo
        self.system = system

    def _name(self, spec: DocumentSpec, options: dict[str, Any], text: str) -> str:
        return f"doc-{digest(self.memo.code, self.system, repr(spec), repr(options), text)}.pickle"

    def recall(self, spec: DocumentSpec, options: dict[str, Any], text: str) -> list[Entry] | None:
        return self.memo._load(self._name(spec, options, text))

    def keep(self, spec: DocumentSpec, options: dict[str, Any], text: str, entries: list[Entry]) -> None:
        self.memo._keep(self._name(spec, options, text), entries)


def used(path: str) -> bool:
    """Mark a file used now, for :func:`prune`; False if it is gone.

    Only its access time is set: its modification time stays the one it was
    written with, so a build can tell a part no one wrote since it was
    checked by its size, modification time and inode
    (:func:`referee.build.cache._trusted`)."""
    try:
        st = os.stat(path)
        os.utime(path, ns=(time.time_ns(), st.st_mtime_ns))
    except OSError:
        return False
    return True


def prune(memo: str) -> None:
    """Remove memo files no build used for a while: a build marks what it reads (:func:`used`)."""
    try:
        names = os.listdir(memo)
    except OSError:
        return
    now = time.time()
    for name in names:
        path = os.path.join(memo, name)
        try:
            st = os.stat(path)
            if now - max(st.st_mtime, st.st_atime) > KEEP_UNUSED:
                os.unlink(path)
        except OSError:
            pass
