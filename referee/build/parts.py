"""One system of a rules folder, read alone: its share of the build and of the view store.

Systems are namespaces: nothing one system's documents say resolves in
another.  So a build reads each system folder on its own (on a core of its
own, :mod:`referee.build.workers`) into a :class:`Part`, a file holding
the one-system :class:`~referee.build.Build` and the system's rows of the
view store, already packed, in sections a rebuild can keep as they are
(:mod:`referee.build.sections`).  Put together in folder order (:func:`merge`,
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
from typing import Any, BinaryIO
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    import mmap
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from referee.build.memo import Memo
    from referee.build.record import Build
    from referee.build.sections import Section


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
    read_again: list[str] | None = None,
) -> Read:
    """Read one system folder of ``root`` (resolved) into what its part file holds;
    with a memo, what the last read of the system can give is taken from it
    (:mod:`referee.build.sections`).  ``read_again`` is told each rule the graph reads."""
    from referee.army import muster
    from referee.build import sections
    from referee.build.record import Build
    from referee.build.summary import system_summaries
    from referee.build.units import unit_index
    from referee.build.view import families, folded_core_terms
    from referee.graph.build import RuleGraph
    from referee.rulebase.base import Rulebase, read_folder

    manifest, summaries, rules, texts = read_folder(root, folder, progress, files, memo.documents(folder.name) if memo else None)
    rulebase = Rulebase.from_rules("", {manifest.id: manifest}, {manifest.id: summaries}, rules, texts)
    system = manifest.id
    names_key, before = memo.before(rulebase, system) if memo else (None, None)
    if progress is not None:
        progress(f"relations of {system}")
    read = list(sections.read(rulebase, system, before, read_again))
    armies = muster(rulebase)
    rules_only = Build("", rulebase, RuleGraph({system: []}, {system: []}), armies)  # what the meta's other answers read
    never = [rel for section in read for rel in section.never]
    meta = {
        "summaries": system_summaries(rules_only),
        "core_terms": {system: folded_core_terms(manifest)},
        "against_terms": {system: sorted({term for section in read for term in section.against})},
        "never_stacking": {system: never},
        "families": {system: families(rules_only, system)},
        "units": unit_index(rules_only),
    }
    frame = {
        "manifests": rulebase.manifests,
        "documents": rulebase.documents,
        "names": rulebase.names,
        "rule_names": rulebase.rule_names,
        "texts": rulebase.texts,
        "armies": armies,
    }
    record = (names_key, names_digest(rulebase.rule_names)) if memo else None  # the digest: a quick "no rule renamed"
    return Read(system, frame, read, {"system": system, "meta": meta}, record)


@dataclass(frozen=True)
class Read:
    """A system read, as its part file holds it: ``frame`` (the one-system build but
    its rules and relations), the rules in sections, the head of its store rows
    (``system`` and its share of the store's ``meta``), and the memo's ``record``
    (the key of the names it was read under, and of its rules' names) or None."""

    system: str
    frame: dict[str, Any]
    sections: list[Section]
    head: dict[str, Any]
    record: tuple[str | None, str] | None = None


def names_digest(rule_names: dict[str, str]) -> str:
    import marshal

    from referee.build.memo import digest

    return digest(marshal.dumps(rule_names))


# -- a part's file ------------------------------------------------------------------------
#
# After a header, two runs of length-prefixed pickles ("frames"): the build,
# then the store rows and the memo's record.  The header gives the build's
# length and digest (the build's index records the digest, and a reader of the
# whole build checks the bytes against it: a damaged part is read anew, never
# cached whole), the rows' length, and the digest of the rest.
#
# The build: the system's frame (its build but its rules and relations), the
# list of its sections (each: its rules' ids, the lengths of its three pickles,
# its share of the meta), then each section's rules and graph pickles.  The
# rest: the head of the rows (system and meta), the rule names' rows, the
# name index's rows, each section's rows pickle, and the record.  Sections
# are kept as written bytes, so a rebuild copies a section it did not touch.

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

    def frame(self, data: bytes) -> None:
        self.write(len(data).to_bytes(8, "little"))
        self.write(data)


def _pickled(obj: Any) -> bytes:
    return pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)


def write(fh: BinaryIO, read: Read) -> None:
    """Write a part (from the start of ``fh``, a new file)."""
    fh.write(bytes(_HEADER))
    out = _Hashing(fh)
    out.frame(_pickled(read.frame))
    out.frame(_pickled([(s.ids, len(s.rules), len(s.graph), len(s.rows), s.never, s.against, s.ends) for s in read.sections]))
    for section in read.sections:
        out.write(section.rules)
        out.write(section.graph)
    size, digest = out.size, out.hash.digest()
    out.hash = hashlib.blake2b(digest_size=16)  # the rest: rows, then the record
    out.frame(_pickled(read.head))
    out.frame(_pickled(list(read.frame["rule_names"].items())))
    out.frame(_pickled(_name_rows(read.frame["names"])))
    for section in read.sections:
        out.write(section.rows)
    rows_size = out.size - size
    out.frame(_pickled(read.record))
    fh.seek(0)
    fh.write(size.to_bytes(8, "little") + digest + rows_size.to_bytes(8, "little") + out.hash.digest())


def _name_rows(names: dict[str, dict[str, list[str]]]) -> list[tuple[str, str, str]]:
    from referee.build.store import encode

    return [(system, form, encode(ids)) for system, forms in names.items() for form, ids in forms.items()]


@dataclass(frozen=True)
class _Layout:
    """Where things are in a part file: the build's length, the rows' length, the
    sections (descriptors as written, with the offsets of their pickles)."""

    size: int
    rows_size: int
    sections: list[tuple[Any, ...]]  # (ids, rules at, rules length, graph at, graph length, rows at, rows length, never, against, ends)
    rest: int  # where the rows' head frame starts


def _frame(fh: BinaryIO) -> bytes:
    size = int.from_bytes(fh.read(8), "little")
    data = fh.read(size)
    if len(data) != size:
        raise Damaged(getattr(fh, "name", "part"))
    return data


def _layout(fh: BinaryIO) -> _Layout:
    size, _, rows_size, _ = _header(fh)
    at = _HEADER + 8 + int.from_bytes(fh.read(8), "little")
    fh.seek(at)
    described = pickle.loads(_frame(fh))
    at = fh.tell()
    placed = []
    for ids, n_rules, n_graph, n_rows, never, against, ends in described:
        placed.append([ids, at, n_rules, at + n_rules, n_graph, 0, n_rows, never, against, ends])
        at += n_rules + n_graph
    rest = _HEADER + size
    fh.seek(rest)
    at = rest
    for _ in range(3):  # head, rule names, names
        at += 8 + int.from_bytes(fh.read(8), "little")
        fh.seek(at)
    for place in placed:
        place[5] = at
        at += place[6]
    return _Layout(size, rows_size, [tuple(p) for p in placed], rest)


def copy_build(path: str, out: Any) -> None:
    """Append the part's build to ``out``, checking it against its digest."""
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


# Rows are numbered within their system (the store adds the system's place,
# :data:`referee.build.store.SPAN`): section ``k``'s rules and the relations its
# texts state from ``k * SECTION_ROWS``, the relations of its layout from
# ``LAYOUT + k * SECTION_ROWS``, so every relation its texts state comes before
# every relation of the layout, as a build lists them, and one section's rows
# can be replaced without renumbering another's.
SECTION_ROWS = 1 << 20
LAYOUT = 1 << 39


def load_rows(path: str) -> dict[str, Any]:
    """The part's store rows: ``system`` and ``meta``, and each table's rows, read
    from the file as they are taken (``rules``, ``rule_names``, ``names``,
    ``relations``; rules and relations numbered within the system)."""
    with open(path, "rb") as fh:
        layout = _layout(fh)
        fh.seek(layout.rest)
        out: dict[str, Any] = pickle.loads(_frame(fh))
        rule_names = pickle.loads(_frame(fh))
        names = pickle.loads(_frame(fh))
    spans = [(k, s[5], s[6]) for k, s in enumerate(layout.sections)]
    out["rules"] = _rule_rows(path, spans)
    out["rule_names"] = iter(rule_names)
    out["names"] = iter(names)
    out["relations"] = _relation_rows(path, spans)
    return out


def load_changes(before: str, path: str) -> dict[str, Any]:
    """The rows of part ``path`` that differ from those of part ``before`` (an earlier
    read of the same system, at the same place), as :func:`load_rows` gives them,
    with under ``drop`` what to take out of a store holding ``before``'s rows: the
    sections whose rows changed, their rules' names, and the name index's rows
    that changed or went."""
    with open(before, "rb") as fh:
        old = _layout(fh)
        fh.seek(old.rest)
        _frame(fh)  # the head
        _frame(fh)  # the rule names: the changed sections' rules say which go
        old_index = {(system, form): ids for system, form, ids in pickle.loads(_frame(fh))}
    with open(path, "rb") as fh:
        new = _layout(fh)
        fh.seek(new.rest)
        out: dict[str, Any] = pickle.loads(_frame(fh))
        rule_names = dict(pickle.loads(_frame(fh)))
        new_index = pickle.loads(_frame(fh))
    changed = [k for k in range(max(len(old.sections), len(new.sections))) if not _same_rows(before, old, path, new, k)]
    spans = [(k, new.sections[k][5], new.sections[k][6]) for k in changed if k < len(new.sections)]
    given = {(system, form) for system, form, _ in new_index}
    out["drop"] = {
        "sections": [k for k in changed if k < len(old.sections)],
        "rule_names": [rid for k in changed if k < len(old.sections) for rid in old.sections[k][0]],
        "names": [key for key, ids in old_index.items() if key not in given] + [
            (system, form) for system, form, ids in new_index if (system, form) in old_index and old_index[system, form] != ids
        ],
    }
    out["rules"] = _rule_rows(path, spans)
    out["rule_names"] = iter([(rid, rule_names[rid]) for k, _, _ in spans for rid in new.sections[k][0]])
    out["names"] = iter([row for row in new_index if old_index.get(row[:2]) != row[2]])
    out["relations"] = _relation_rows(path, spans)
    return out


def _same_rows(before: str, old: _Layout, path: str, new: _Layout, k: int) -> bool:
    if k >= len(old.sections) or k >= len(new.sections):
        return False
    a, b = old.sections[k], new.sections[k]
    if a[0] != b[0] or a[6] != b[6]:
        return False
    with open(before, "rb") as fa, open(path, "rb") as fb:
        fa.seek(a[5])
        fb.seek(b[5])
        return fa.read(a[6]) == fb.read(b[6])


def _section_rows(path: str, spans: list[tuple[int, int, int]]) -> Iterator[tuple[int, Any]]:
    with open(path, "rb") as fh:
        for k, at, size in spans:
            fh.seek(at)
            yield k, pickle.loads(fh.read(size))


def _rule_rows(path: str, spans: list[tuple[int, int, int]]) -> Iterator[Any]:
    for k, rows in _section_rows(path, spans):
        base = k * SECTION_ROWS
        for i, row in enumerate(rows[0]):
            yield (base + i, *row)


def _relation_rows(path: str, spans: list[tuple[int, int, int]]) -> Iterator[Any]:
    for which, start in ((1, 0), (2, LAYOUT)):  # the texts' relations, then the layout's
        for k, rows in _section_rows(path, spans):
            n = start + k * SECTION_ROWS
            for per_rule in rows[which]:
                for row in per_rule:
                    yield (n, *row)
                    n += 1


def load_build(path: str) -> Build:
    with open(path, "rb") as fh:
        size = _header(fh)[0]
        return _assemble(fh.read(size))


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
    return _assemble(data)


def _assemble(data: bytes) -> Build:
    """The one-system build of a part's build bytes."""
    from referee.build.record import Build
    from referee.graph.build import RuleGraph
    from referee.rulebase.base import Rulebase

    view = memoryview(data)
    at = 8 + int.from_bytes(view[:8], "little")
    frame = pickle.loads(view[8:at])
    size = int.from_bytes(view[at : at + 8], "little")
    described = pickle.loads(view[at + 8 : at + 8 + size])
    at += 8 + size
    rules: dict[str, Any] = {}
    said: list[Any] = []
    laid: list[Any] = []
    sentences: list[Any] = []
    for _, n_rules, n_graph, *_ in described:
        run, _ = pickle.loads(view[at : at + n_rules])
        found, layout = pickle.loads(view[at + n_rules : at + n_rules + n_graph])
        at += n_rules + n_graph
        for rule, (relations, read), structure in zip(run, found, layout, strict=True):
            rules[rule.id] = rule
            said.extend(relations)
            sentences.extend(read)
            laid.extend(structure)
    if at != len(data):
        raise Damaged("part")
    (system,) = frame["manifests"]
    rulebase = Rulebase("", frame["manifests"], frame["documents"], rules, frame["names"], frame["rule_names"], frame["texts"])
    return Build("", rulebase, RuleGraph({system: said + laid}, {system: sentences}), frame["armies"])


def load_head(path: str) -> dict[str, Any]:
    """The part's ``system`` and its share of the store's ``meta``, without its rows."""
    with open(path, "rb") as fh:
        size, _, _, _ = _header(fh)
        fh.seek(_HEADER + size)
        out: dict[str, Any] = pickle.loads(_frame(fh))
    return out


def open_checked(path: str) -> mmap.mmap:
    """The part's bytes, mapped, once they match their digests (else :class:`Damaged`).

    Mapped, not read: a rebuild takes a few sections of its system's last part,
    and the mapping keeps the file it checked even if another build renames a
    new one into its place meanwhile."""
    import mmap

    with open(path, "rb") as fh:
        data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    try:
        size, build, _, rest = _header(data)  # type: ignore[arg-type]
        with memoryview(data) as view:  # hashed in place, not copied
            whole = len(view) >= _HEADER + size
            if not whole or hashlib.blake2b(view[_HEADER : _HEADER + size], digest_size=16).digest() != build:
                raise Damaged(path)
            if hashlib.blake2b(view[_HEADER + size :], digest_size=16).digest() != rest:
                raise Damaged(path)
    except BaseException:
        data.close()
        raise
    return data


def load_sections(data: mmap.mmap) -> tuple[Any, dict[tuple[str, ...], Callable[[], Section]], Callable[[], dict[str, str]]]:
    """The memo's record a part was written with, its sections by their rules' ids,
    each taken from the part's bytes (:func:`open_checked`) when asked for, and a
    reader of its rules' names."""
    from referee.build.sections import Section

    data.seek(0)
    layout = _layout(data)  # type: ignore[arg-type]
    data.seek(_HEADER + layout.size + layout.rows_size)
    record = pickle.loads(_frame(data))  # type: ignore[arg-type]

    def rule_names() -> dict[str, str]:
        data.seek(layout.rest)
        _frame(data)  # type: ignore[arg-type]  # the head
        return dict(pickle.loads(_frame(data)))  # type: ignore[arg-type]

    def reader(place: tuple[Any, ...]) -> Callable[[], Section]:
        ids, rules_at, n_rules, graph_at, n_graph, rows_at, n_rows, never, against, ends = place
        return lambda: Section(ids, data[rules_at:graph_at], data[graph_at : graph_at + n_graph], data[rows_at : rows_at + n_rows], never, against, ends)

    return record, {place[0]: reader(place) for place in layout.sections}, rule_names


def _header(fh: BinaryIO) -> tuple[int, bytes, int, bytes]:
    head = fh.read(_HEADER)
    if len(head) != _HEADER:
        raise Damaged(getattr(fh, "name", "part"))
    return int.from_bytes(head[:8], "little"), head[8:24], int.from_bytes(head[24:32], "little"), head[32:]


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
