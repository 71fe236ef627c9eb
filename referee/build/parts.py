"""One system of a rules folder, read alone: its share of the build and of the view store.

Systems are namespaces: nothing one system's documents say resolves in
another.  So a build reads each system folder on its own (on a core of its
own, :mod:`referee.build.workers`) into a :class:`Part`, a file holding
the pickled one-system :class:`~referee.build.Build` and the system's rows
of the view store, already packed.  Put together in folder order (:func:`merge`,
:func:`store_meta`) they are exactly the build and the view of reading the
folder whole with :func:`referee.build.assemble` (``tests/build`` pins it).

A part travels as a file, never through a pipe: the process that writes
the cache links the file among the build's parts (the build's index names
them, :mod:`referee.build.cache`), and reads its rows one system at a time,
only for the systems that changed since the last build, so it never holds
the whole build (unless a reader asks for it).
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from referee.build.memo import Memo, Rules
    from referee.build.record import Build


@dataclass(frozen=True)
class Part:
    """A system read, in a file: ``temporary`` when it is no memo's and goes once used;
    ``key``: the memo's key of what it was read from (None without a memo), which
    names it among a build's parts; ``recalled`` when this build did not read it."""

    path: str
    temporary: bool = False
    key: str | None = None
    recalled: bool = False


def read_part(
    root: Path,
    folder: Path,
    files: dict[str, bytes] | None = None,
    progress: Callable[[str], None] | None = None,
    memo: Memo | None = None,
) -> tuple[Build, dict[str, Any], Rules | None]:
    """Read one system folder of ``root`` (resolved): its one-system build, its store
    rows, and (with a memo) what the graph read in each rule."""
    from referee.army import muster
    from referee.build.record import Build
    from referee.graph.build import read_relations
    from referee.rulebase.base import Rulebase, read_folder

    manifest, summaries, rules, texts = read_folder(root, folder, progress, files, memo.documents(folder.name) if memo else None)
    rulebase = Rulebase.from_rules("", {manifest.id: manifest}, {manifest.id: summaries}, rules, texts)
    read_before = memo.rules(rulebase, manifest.id) if memo else None
    graph = read_relations(rulebase, progress, read_before)
    build = Build("", rulebase, graph, muster(rulebase))
    return build, _rows(build, read_before), read_before


# -- a part's file ------------------------------------------------------------------------
#
# The one-system build, pickled, comes first, after a header giving its length
# and digest: the build's index records the digest, and a reader of the whole
# build checks the bytes against it (a damaged part is read anew, never
# cached whole).  The store rows
# follow (pickled without a memo: they share nothing), then what the graph
# read in each rule (for the memo), pickled by the build's own pickler, so
# the rules and relations it names are references to the build's, not copies.

_HEADER = 8 + 16 + 8 + 16  # build's length and digest, rows' length, digest of rows and record


class Damaged(Exception):
    """A part file whose build is not the one its header names."""


class _Hashing:
    def __init__(self, fh: BinaryIO) -> None:
        self.fh = fh
        self.hash = hashlib.blake2b(digest_size=16)
        self.size = 0

    def write(self, data: bytes) -> int:
        self.hash.update(data)
        self.size += len(data)
        return self.fh.write(data)


def write(fh: BinaryIO, build: Build, rows: dict[str, Any], rules: Any = None) -> None:
    """Write a part (from the start of ``fh``, a new file); ``rules``: the memo's
    record of what the graph read in each rule (:class:`referee.build.memo.Rules`)."""
    fh.write(bytes(_HEADER))
    hashing = _Hashing(fh)
    pickler = pickle.Pickler(hashing, pickle.HIGHEST_PROTOCOL)
    pickler.dump(build)
    size, digest = hashing.size, hashing.hash.digest()
    hashing.hash = hashlib.blake2b(digest_size=16)  # the rest: rows, then the record
    _write_rows(hashing, rows)
    rows_size = hashing.size - size
    if rules is not None:
        pickler.dump(rules)
    fh.seek(0)
    fh.write(size.to_bytes(8, "little") + digest + rows_size.to_bytes(8, "little") + hashing.hash.digest())


TABLES = ("rules", "rule_names", "names", "relations")
CHUNK = 2000  # rows a pickle holds: neither end of a part's rows ever holds them all


def _write_rows(out: Any, rows: dict[str, Any]) -> None:
    """The system and its meta, then each table's rows as they are made, in chunks
    (an empty chunk ends a table)."""
    plain = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    plain.fast = True  # rows share nothing: no memo to hold
    plain.dump({"system": rows["system"], "meta": rows["meta"]})
    for table in TABLES:
        chunk: list[Any] = []
        for row in rows[table]:
            chunk.append(row)
            if len(chunk) == CHUNK:
                plain.dump(chunk)
                chunk = []
        if chunk:
            plain.dump(chunk)
        plain.dump([])


def copy_build(path: str, out: Any) -> None:
    """Append the part's pickled build to ``out``, checking it against its digest."""
    with open(path, "rb") as fh:
        size, digest, _, _ = _header(fh)
        h = hashlib.blake2b(digest_size=16)
        left = size
        while left:
            chunk = fh.read(min(left, 1 << 20))
            if not chunk:
                raise Damaged(path)
            h.update(chunk)
            out.write(chunk)
            left -= len(chunk)
    if h.digest() != digest:
        raise Damaged(path)


def check(path: str) -> None:
    """Raise :class:`Damaged` unless the whole part matches its digests."""
    copy_build(path, _Nowhere())
    with open(path, "rb") as fh:
        size, _, _, digest = _header(fh)
        fh.seek(_HEADER + size)
        h = hashlib.blake2b(digest_size=16)
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    if h.digest() != digest:
        raise Damaged(path)


class _Nowhere:
    def write(self, data: bytes) -> int:
        return len(data)


def load_rows(path: str) -> dict[str, Any]:
    """The part's store rows: ``system`` and ``meta``, and each table's rows,
    read from the file as they are taken (in :data:`TABLES` order)."""
    fh = open(path, "rb")  # noqa: SIM115 - closed once the last table is read
    try:
        size, _, _, _ = _header(fh)
        fh.seek(_HEADER + size)
        out: dict[str, Any] = pickle.load(fh)
    except BaseException:
        fh.close()
        raise
    for table in TABLES:
        out[table] = _table(fh, table == TABLES[-1])
    return out


def _table(fh: BinaryIO, last: bool) -> Iterator[Any]:
    try:
        while chunk := pickle.load(fh):
            yield from chunk
    finally:
        if last:
            fh.close()


def load_build(path: str) -> Build:
    with open(path, "rb") as fh:
        _header(fh)
        return pickle.load(fh)


def build_digest(path: str) -> bytes:
    """The digest of the part's pickled build, as its header gives it."""
    with open(path, "rb") as fh:
        return _header(fh)[1]


def load_checked(path: str, digest: bytes) -> Build:
    """The part's build, if its bytes are the ones of ``digest``; else :class:`Damaged`."""
    with open(path, "rb") as fh:
        size, found, _, _ = _header(fh)
        data = fh.read(size)
    if found != digest or len(data) != size or hashlib.blake2b(data, digest_size=16).digest() != digest:
        raise Damaged(path)
    return pickle.loads(data)


def load_head(path: str) -> dict[str, Any]:
    """The part's ``system`` and its share of the store's ``meta``, without its rows."""
    with open(path, "rb") as fh:
        size, _, _, _ = _header(fh)
        fh.seek(_HEADER + size)
        out: dict[str, Any] = pickle.load(fh)
    return out


def load_recorded(path: str) -> tuple[Build, Any]:
    """The part's build, and what the graph read in each rule as :func:`write` was
    given it (None if not): the record's rules and relations are the build's objects."""
    with open(path, "rb") as fh:
        size, _, rows_size, _ = _header(fh)
        reader = pickle.Unpickler(fh)
        build = reader.load()
        fh.seek(_HEADER + size + rows_size)
        try:
            return build, reader.load()
        except EOFError:
            return build, None


def _header(fh: BinaryIO) -> tuple[int, bytes, int, bytes]:
    head = fh.read(_HEADER)
    if len(head) != _HEADER:
        raise Damaged(fh.name)
    return int.from_bytes(head[:8], "little"), head[8:24], int.from_bytes(head[24:32], "little"), head[32:]


def _rows(build: Build, before: Rules | None = None) -> dict[str, Any]:
    """A one-system build's rows of the view store (made as they are written), and its
    share of the store's meta.  ``before``: the memo's record of the system's last
    read, whose packed rows stand for the rules and relations the graph recalled
    (packing is most of the time of writing a part)."""
    from referee.build import store
    from referee.build.summary import system_summaries
    from referee.build.units import unit_index
    from referee.build.view import against_terms, families, folded_core_terms, never_stacking, relation_data

    names = build.rule_names

    def rules() -> Iterator[tuple[str, str, bytes]]:
        for rule in build.rules.values():
            packed = before.packed_rule(rule) if before is not None else None
            yield rule.id, rule.system, packed if packed is not None else store.pack(rule.to_json())

    def relations() -> Iterator[tuple[str, str | None, bytes]]:
        for rel in build.relations():
            packed = before.packed_relation(rel) if before is not None else None
            if packed is None:
                data = relation_data(rel, names)
                yield data["source"], data["target"], store.pack(data)
            else:
                yield rel.source, rel.target, packed

    out: dict[str, Any] = store.packed_rows(rules(), names.items(), build.names, relations())
    out["system"] = build.systems[0]
    out["meta"] = {
        "summaries": system_summaries(build),
        "core_terms": {s: folded_core_terms(m) for s, m in build.manifests.items()},
        "against_terms": {s: against_terms(build, s) for s in build.manifests},
        "never_stacking": {s: never_stacking(build, s) for s in build.manifests},
        "families": {s: families(build, s) for s in build.manifests},
        "units": unit_index(build),
    }
    return out


def merge(key: str, builds: list[Build], unmanaged: tuple[str, ...]) -> Build:
    """One Build of one-system builds, given in folder order: the build of the whole folder."""
    from referee.build.record import Build
    from referee.graph.build import RuleGraph
    from referee.rulebase.base import Rulebase

    parts: dict[str, dict[Any, Any]] = {name: {} for name in ("manifests", "documents", "rules", "names", "rule_names", "texts")}
    graph = RuleGraph()
    armies: dict[str, Any] = {}
    for build in builds:
        for name, into in parts.items():
            into.update(getattr(build.rulebase, name))
        graph.relations.update(build.graph.relations)
        graph.sentences.update(build.graph.sentences)
        armies.update(build.armies)
    p = parts
    rulebase = Rulebase(key, p["manifests"], p["documents"], p["rules"], p["names"], p["rule_names"], p["texts"], unmanaged)
    return Build(key, rulebase, graph, armies)


_BY_SYSTEM = ("core_terms", "against_terms", "never_stacking", "families", "units")  # meta values keyed by system


def store_meta(key: str, systems: list[str], unmanaged: tuple[str, ...], metas: list[dict[str, Any]]) -> dict[str, Any]:
    """The store's meta values of the whole build, from each system's share (folder order)."""
    out: dict[str, Any] = {"key": key, "systems": systems, "unmanaged": list(unmanaged), "summaries": []}
    for name in _BY_SYSTEM:
        out[name] = {}
    for meta in metas:
        out["summaries"].extend(meta["summaries"])
        for name in _BY_SYSTEM:
            out[name].update(meta[name])
    return out
