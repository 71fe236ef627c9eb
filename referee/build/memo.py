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
  and found through ``last-<system>``: valid while the system's name index
  and core terms stay the same (any name added, removed or renamed can
  change what every sentence refers to); a rule is read again when it, or
  the lines of a document its versions stand on, changed.  With it, the
  rule's packed rows of the view store, reused while no rule of the
  system changed its name (a relation's row names the rules at its ends).

Every file is written aside and renamed into place; one that cannot be
read is a miss, never an error (another build may be replacing it).
Files no build used for a while are removed by :func:`prune`.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import BinaryIO

    from referee.build.parts import Part
    from referee.build.record import Build
    from referee.manifest import DocumentSpec
    from referee.model import Entry, Relation, Rule
    from referee.rulebase import Rulebase

KEEP_UNUSED = 600  # seconds a file no build used is kept (a concurrent build may want it)


def _digest(*chunks: bytes | str) -> str:
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
                digest = fh.read(16)
                data = fh.read()
            if hashlib.blake2b(data, digest_size=16).digest() != digest:
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
        try:
            os.makedirs(self.folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".memo-", suffix=".tmp", dir=self.folder)
        except OSError:
            return None
        path = os.path.join(self.folder, name)
        try:
            with os.fdopen(fd, "wb") as fh:
                write(fh)
            os.replace(tmp, path)
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            return None
        except BaseException:
            os.unlink(tmp)
            raise
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
        return _digest(*chunks)

    def recall_part(self, key: str) -> Part | None:
        from referee.build.parts import Part

        path = os.path.join(self.folder, f"part-{key}.pickle")
        if not used(path):
            return None
        return Part(path, key=key, recalled=True)

    def keep_part(self, key: str, build: Build, rows: dict[str, Any], rules: Rules | None = None) -> Part | None:
        """Keep a system's part, with what the graph read in its rules; the system's
        ``last-<system>`` file names it, for the next read of the system to recall."""
        from referee.build import parts

        name = f"part-{key}.pickle"
        record = (rules.key, rules.now) if rules is not None else None
        path = self._write(name, lambda fh: parts.write(fh, build, rows, record))
        if path and rules is not None:
            self._write(f"last-{rules.system}", lambda fh: fh.write(f"{rules.key} {name}".encode()))
        return parts.Part(path, key=key) if path else None

    # -- documents and rules of a system being read ---------------------------------

    def documents(self, system: str) -> Documents:
        return Documents(self, system)

    def rules(self, rulebase: Rulebase, system: str) -> Rules:
        return Rules(self, rulebase, system)


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
        return f"doc-{_digest(self.memo.code, self.system, repr(spec), repr(options), text)}.pickle"

    def recall(self, spec: DocumentSpec, options: dict[str, Any], text: str) -> list[Entry] | None:
        return self.memo._load(self._name(spec, options, text))

    def keep(self, spec: DocumentSpec, options: dict[str, Any], text: str, entries: list[Entry]) -> None:
        self.memo._keep(self._name(spec, options, text), entries)


class Rules:
    """What the graph read in each rule of one system (:class:`referee.graph.build.ReadRules`).

    Kept in the system's part (:func:`referee.build.parts.write`), whose name
    the system's ``last-<system>`` file gives with the key it was read under.
    """

    def __init__(self, memo: Memo, rulebase: Rulebase, system: str) -> None:
        import marshal

        self.memo = memo
        self.system = system
        self.texts = rulebase.texts
        names = marshal.dumps((rulebase.names.get(system, {}), rulebase.manifests[system].core_terms))
        self.key = _digest(memo.code, names)
        self.now: dict[str, Any] = {}
        self._recalled: set[str] = set()
        self._lines: dict[str, list[str] | None] = {}
        self._rows = _Rows()
        self.before: dict[str, Any] = self._recall(rulebase)

    def _recall(self, rulebase: Rulebase) -> dict[str, Any]:
        """The record of the system's last read, if made under the same names."""
        from referee.build.parts import check, load_recorded, load_rows

        try:
            with open(os.path.join(self.memo.folder, f"last-{self.system}"), "rb") as fh:
                key, name = fh.read().decode().split(" ", 1)
            if key != self.key:
                return {}
            path = os.path.join(self.memo.folder, name)
            check(path)  # the record's rules and relations are the build's
            build, found = load_recorded(path)
            if not (isinstance(found, tuple) and len(found) == 2 and found[0] == self.key):
                return {}
            if build.rule_names == rulebase.rule_names:
                self._rows = _Rows(build, load_rows(path))
        except Exception:  # noqa: BLE001 - missing, damaged or being replaced: read anew
            return {}
        return found[1]

    def _cites(self, rule: Rule) -> tuple[str, ...]:
        """Keys of the lines each version of the rule stands on: all of its document
        that :func:`referee.graph.sentences.locate` reads to place its sentences.

        Lines, not the whole document: an edit elsewhere in the document
        leaves a rule whose lines and place did not change as it was read
        (the rule's own equality checks its place).  When the lines run to
        the document's end, what follows them may join them: the number of
        lines is part of the key then.
        """
        out = []
        for version in rule.versions:
            file, first, last = version.source.file, version.source.line, version.source.end_line
            lines = self._lines.get(file, False)
            if lines is False:
                text = self.texts.get(file)
                lines = self._lines[file] = None if text is None else text.split("\n")
            if lines is None:
                out.append("")
                continue
            tail = str(len(lines)) if max(first, last) >= len(lines) else ""
            out.append(_digest("\n".join(lines[max(first, 1) - 1 : last]), tail))
        return tuple(out)

    def recall(self, rule: Rule) -> tuple[list[Relation], list[Any]] | None:
        kept = self.before.pop(rule.id, None)  # let go as read: the system is not held twice
        if kept is None or kept[0] != rule or kept[1] != self._cites(rule):
            return None
        self.now[rule.id] = (rule, kept[1], kept[2])
        self._recalled.add(rule.id)
        return kept[2]

    def packed_rule(self, rule: Rule) -> bytes | None:
        """The rule's row of the view store as the last build packed it, if the
        graph recalled the rule (it is that rule, under the same names)."""
        if rule.id not in self._recalled or self.now[rule.id][0] is not rule:
            return None
        return self._rows.rules.get(rule.id)

    def packed_relation(self, relation: Relation) -> bytes | None:
        """A recalled relation's row of the view store as the last build packed it."""
        found = self._rows.relations.get(id(relation))
        return found[1] if found is not None and found[0] is relation else None

    def keep(self, rule: Rule, found: tuple[list[Relation], list[Any]]) -> None:
        self.now[rule.id] = (rule, self._cites(rule), found)


class _Rows:
    """The packed rows of a system's last build, by rule id and by relation (the
    very objects the graph recalls); none when names changed since."""

    def __init__(self, build: Build | None = None, rows: dict[str, Any] | None = None) -> None:
        self.rules: dict[str, bytes] = {}
        self.relations: dict[int, tuple[Relation, bytes]] = {}
        if build is None or rows is None:
            return
        self.rules = {rid: packed for rid, _, packed in rows["rules"]}
        for table in ("rule_names", "names"):
            for _ in rows[table]:
                pass  # read past, in file order
        relations = build.relations()
        for rel, (_, _, packed) in zip(relations, rows["relations"], strict=True):
            self.relations[id(rel)] = (rel, packed)


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
