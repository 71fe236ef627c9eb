"""One system of a rules folder, read alone: everything the store keeps of it.

Systems are namespaces: nothing one system's documents say resolves in
another.  So a build reads each system folder on its own (on a core of its
own, :mod:`referee.store.workers`) into a :class:`Read`, which the build
writes into the store (:mod:`referee.store.writer`).  What the last build of
the system left in the store spares reading again:

- a system whose manifest and documents have the bytes they had
  (:func:`read_key`) is not read at all: its rows stay;
- an edited system reads again only its edited documents (the entries each
  adapter read are ``document`` rows of the store's memo, keyed by the
  document's text, its manifest entry and the adapter's options), and of an
  edited document only the parts an adapter keeps apart (the Markdown
  adapter's chunks of sections, ``markdown`` rows, :class:`Salted` with
  the code key) that the edit touched;
- the graph reads again only the rules the edit touched
  (:mod:`referee.store.sections`), while the system's name index and core
  terms are the same (any name added, removed or renamed can change what
  every sentence refers to).
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sqlite3
import zlib
from collections.abc import MutableMapping
from dataclasses import dataclass, field, replace
from typing import Any

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.army.link import muster
from referee.errors import RulesError
from referee.rulebase.base import Rulebase, read_folder
from referee.rulebase.manifest import load_manifest
from referee.store import answers, database, sections
from referee.store.sections import Before, Section
from referee.store.answers import system_summaries
from referee.text import fold
from referee.units import unit_index

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from pathlib import Path

    from referee.model import Entry
    from referee.rulebase.manifest import DocumentSpec


def digest(*chunks: bytes | str) -> str:
    h = hashlib.blake2b(digest_size=16)
    for chunk in chunks:
        data = chunk.encode("utf-8", "surrogatepass") if isinstance(chunk, str) else chunk
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


@dataclass(frozen=True)
class Read:
    """A system read: its ``frame`` (the one-system build but its rules and relations,
    pickled and compressed), its rules in sections, its rule names and name index,
    its answers (:mod:`referee.store.answers`) and units, the keys it was read under
    (``read_key``: of its files; ``names_key``: of the names its sentences were read
    under; ``names_digest``: a quick "no name changed", the digest of its rule names and
    name index), and what its reading kept in the store's memo."""

    system: str
    folder: str
    read_key: str | None
    names_key: str | None
    names_digest: str
    frame: bytes
    rule_names: dict[str, str]
    names: dict[str, list[str]]
    sections: Iterable[Section]  # in order: a list, or read as they are taken (see read())
    answers: dict[str, Any]
    units: dict[str, list[dict[str, Any]]]
    memo: list[tuple[str, str, bytes]] = field(default_factory=list)  # (kind, key, value) kept by this read
    used: list[tuple[str, str]] = field(default_factory=list)  # (kind, key) this read asked for or kept

    def whole(self) -> Read:
        """This read with every section read, each with its pickles (to be pickled)."""
        return replace(self, sections=[section.whole() for section in self.sections])


def _key(data: Any) -> bytes:
    """``data`` (names, ids, lists of them) as a key: the same bytes for the same data, whatever
    the objects' identities (:func:`sections.canonical`: pickled without the memo).  Two equal
    dicts filled in another order give other keys; the name index is filled in reading order,
    so that costs only a system whose rules moved a reading anew.  (Sorted JSON, as before,
    took 0.5 s at 100,000 rules, three times over the name index.)"""
    return sections.canonical(data)


def read_key(root: Path, folder: Path, files: dict[str, bytes] | None, code: str) -> str | None:
    """The key of a system folder's read: its manifest and the documents it lists (with
    the code), or None when they cannot be read here (the build reads it and says why)."""
    try:
        manifest = load_manifest(root, folder, files)
        chunks: list[bytes | str] = [code, manifest.path, _bytes(root, manifest.path, files)]
        for spec in manifest.documents:
            chunks += [spec.path, _bytes(root, spec.path, files)]
    except (RulesError, OSError):
        return None
    return digest(*chunks)


def _bytes(root: Path, rel: str, files: dict[str, bytes] | None) -> bytes:
    if files is not None and rel in files:
        return files[rel]
    return (root / rel).read_bytes()


def read(
    root: Path,
    folder: Path,
    files: dict[str, bytes] | None,
    progress: Callable[[str], None] | None,
    store: str | None,
    code: str,
    key: str | None,
    read_again: list[str] | None = None,
    whole: bool = True,
) -> Read:
    """Read one system folder of ``root`` (resolved), taking what it can from the store in
    file ``store`` (None: read everything).  ``read_again`` is told each rule the graph reads.

    ``whole``: every section read before this returns (a read handed to another process);
    otherwise the sections are read as the writer takes them, one at a time, so that the
    rows of one section at a time are held, not the whole system's (the store is closed
    when the last is read)."""
    db = database.open_existing(store) if store is not None else None
    try:
        found = _read(root, folder, files, progress, db, code, key, read_again)
        if whole or db is None:
            return found.whole()
    except BaseException:
        if db is not None:
            db.close()
        raise
    return replace(found, sections=_closing(found.sections, db))


def _closing(sections: Iterable[Section], db: sqlite3.Connection) -> Iterator[Section]:
    try:
        yield from sections
    finally:
        db.close()


def _read(
    root: Path,
    folder: Path,
    files: dict[str, bytes] | None,
    progress: Callable[[str], None] | None,
    db: sqlite3.Connection | None,
    code: str,
    key: str | None,
    read_again: list[str] | None,
) -> Read:
    memos: list[database.Memo] = []

    def memo(kind: str) -> database.Memo:
        """A mapping of bytes by content hash for one reading step of this system, kept in the
        store's memo with the system's rows (any step may take one: give it its own ``kind``)."""
        memos.append(database.Memo(db, kind, folder.name))
        return memos[-1]

    documents = Documents(memo("document"), code)
    manifest, summaries, rules, texts = read_folder(root, folder, progress, files, documents, Salted(memo("markdown"), code))
    rulebase = Rulebase.from_rules("", {manifest.id: manifest}, {manifest.id: summaries}, rules, texts)
    system = manifest.id
    index = rulebase.names.get(system, {})
    named = _named(rulebase, system)
    index_key = _key(index)
    names_key = digest(code, index_key if named is index else _key(named), _key(list(rulebase.manifests[system].core_terms)))
    names_digest = digest(_key(rulebase.rule_names), index_key)
    earlier = before(db, rulebase, system, names_key, names_digest) if db is not None else None
    if progress is not None:
        progress(f"relations of {system}")
    read_sections = sections.read(rulebase, system, earlier, read_again)
    armies = muster(rulebase)
    frame = {
        "manifests": rulebase.manifests,
        "documents": rulebase.documents,
        "names": rulebase.names,
        "rule_names": rulebase.rule_names,
        "texts": rulebase.texts,
        "armies": armies,
    }
    found = {
        "summary": system_summaries(rulebase, armies)[0],
        "core_terms": answers.folded_core_terms(manifest),
        "families": answers.families(rulebase.in_system(system), rulebase.rules),
    }  # and the answers its sections give, as the writer takes them (Read.sections)
    return Read(
        system,
        folder.name,
        key,
        names_key,
        names_digest,
        zlib.compress(pickle.dumps(frame, protocol=pickle.HIGHEST_PROTOCOL), 1),
        dict(rulebase.rule_names),
        rulebase.names.get(system, {}),
        read_sections,
        found,
        unit_index(armies).get(system, {}),
        [(m.kind, k, v) for m in memos for k, v in m.added.items()],
        [(m.kind, k) for m in memos for k in m.used],
    )


def before(db: sqlite3.Connection, rulebase: Rulebase, system: str, names_key: str, names_digest: str) -> Before | None:
    """What the store's last read of ``system``, made under the same names, can give
    (None when there is none, or it was read under other names)."""
    try:
        row = db.execute("SELECT names_key, names_digest FROM systems WHERE id = ?", (system,)).fetchone()
        if row is None or row[0] != names_key:
            return None
        placed = {tuple(json.loads(ids)): k for k, ids in db.execute("SELECT k, ids FROM sections WHERE system = ?", (system,))}
        renamed: set[str] = set()
        now = rulebase.rule_names
        if row[1] != names_digest:
            then = dict(db.execute("SELECT id, name FROM rule_names WHERE system = ?", (system,)).fetchall())
            renamed = {rid for rid in then.keys() | now.keys() if then.get(rid) != now.get(rid)}
    except sqlite3.Error:  # a damaged store: read anew
        return None

    def section(k: int) -> Callable[[], Section]:
        def pickles() -> tuple[bytes, bytes]:
            query = "SELECT rules, graph FROM sections WHERE system = ? AND k = ?"
            rules, graph = db.execute(query, (system, k)).fetchone()
            return bytes(rules), bytes(graph)

        def load() -> Section:
            ids, never, against, ends, dig = db.execute(
                "SELECT ids, never, against, ends, digest FROM sections WHERE system = ? AND k = ?", (system, k)
            ).fetchone()
            listed = (tuple(json.loads(never)), tuple(json.loads(against)), tuple(json.loads(ends)))
            return Section(tuple(json.loads(ids)), None, None, *listed, dig, None, pickles)

        return load

    return Before({ids: section(k) for ids, k in placed.items()}, renamed)


def _named(rulebase: Rulebase, system: str) -> dict[str, list[str]]:
    """The system's name index as a sentence can refer to it: without the names an
    unnamed rule is given ("(unnamed rule at FILE:LINE)"), which change whenever a
    line is added above it, when no text of the system holds the word "unnamed"
    (then no sentence can name one)."""
    index = rulebase.names.get(system, {})
    placeholders = {fold(r.name) for r in rulebase.in_system(system) if "unnamed" in r.flags and r.name.startswith("(unnamed rule at ")}
    if not placeholders:
        return index
    for text in rulebase.texts.values():
        if "unnamed" in (text.casefold() if text.isascii() else fold(text)):
            return index
    return {form: ids for form, ids in index.items() if form not in placeholders}


class Documents:
    """The entries each document of one system gave (:class:`referee.rulebase.load.ReadDocuments`),
    kept in the store's memo."""

    def __init__(self, memo: database.Memo, code: str) -> None:
        self.memo = memo
        self.code = code

    def _key(self, spec: DocumentSpec, options: dict[str, Any], text: str) -> str:
        return digest(self.code, self.memo.system, repr(spec), repr(options), text)

    def recall(self, spec: DocumentSpec, options: dict[str, Any], text: str) -> list[Entry] | None:
        try:
            return pickle.loads(zlib.decompress(self.memo[self._key(spec, options, text)]))
        except Exception:  # noqa: BLE001 - missing or damaged: read anew
            return None

    def keep(self, spec: DocumentSpec, options: dict[str, Any], text: str, entries: list[Entry]) -> None:
        packed = zlib.compress(pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL), sections.KEPT_LEVEL)
        self.memo[self._key(spec, options, text)] = packed


class Salted(MutableMapping[str, bytes]):
    """A memo whose keys are salted with Referee's code key, for a step whose own keys
    say only what it read (the Markdown adapter's ``Document.kept``): after a change
    of code nothing it kept is recalled.  Values are kept compressed, whose check
    makes a damaged row a missing one (read anew), never other bytes.  A memo is
    asked by key: what it lists, or lets go of, is what this build kept."""

    def __init__(self, memo: database.Memo, salt: str) -> None:
        self.memo = memo
        self.salt = salt + ":"

    def __getitem__(self, key: str) -> bytes:
        packed = self.memo[self.salt + key]
        try:
            return zlib.decompress(packed)
        except zlib.error:
            raise KeyError(key) from None

    def __setitem__(self, key: str, value: bytes) -> None:
        self.memo[self.salt + key] = zlib.compress(value, sections.KEPT_LEVEL)

    def __delitem__(self, key: str) -> None:
        del self.memo.added[self.salt + key]

    def __iter__(self) -> Iterator[str]:
        return (key[len(self.salt) :] for key in self.memo.added if key.startswith(self.salt))

    def __len__(self) -> int:
        return sum(1 for _ in self)
