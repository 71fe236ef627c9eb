"""The content key of a rules folder, and the stamp that spares hashing it (docs/performance.md).

A key hashes exactly what a build reads: each system folder's manifest and
the documents it lists (an unlisted file, a FIFO or a link to /dev/zero costs
nothing; a listed path that is no regular file is stat'ed, never read), the
names of folders without a manifest, and Referee's code and grammars.  A
build parses *the bytes that were hashed* (``keep``), never a second read,
so a document saved mid-build is never stored under the content it replaced.
"""

from __future__ import annotations

import json
import os
import posixpath
import stat
import sys
import time

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.paths import MANIFEST, PACKAGE_DIR, grammar_folder
from referee.store.database import blake2b

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Iterator
    from typing import Any

HEADER = f"{sys.version_info[:2]}"  # what is stored changes with the code (hashed too) and Python's version


def _code() -> Iterator[tuple[str, str, str]]:
    """``(label, path relative to its root, path)`` of each file of Referee's code and grammars."""
    for label, root, suffixes in (("code", PACKAGE_DIR, (".py",)), ("grammar", grammar_folder(), (".lark",))):
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for name in sorted(n for n in files if n.endswith(suffixes)):
                path = os.path.join(folder, name)
                yield label, os.path.relpath(path, root).replace(os.sep, "/"), path


def _tops(src: str) -> list[tuple[str, str]]:
    """The folders a build looks at (:func:`referee.rulebase.load.system_folders`), by name:
    ``("system", <folder>/system.toml)``, or ``("other", ...)`` for a folder without one."""
    try:
        names = sorted(e.name for e in os.scandir(src) if not e.name.startswith((".", "_")) and e.is_dir())
    except OSError:
        return []
    return [("system" if os.path.isfile(os.path.join(src, name, MANIFEST)) else "other", f"{name}/{MANIFEST}") for name in names]


def _listed_documents(manifest_rel: str, data: bytes) -> list[str]:
    """The document paths a manifest lists that stay inside rules_src, relative to it;
    none from a manifest that cannot be read (the build says why)."""
    import tomllib

    try:
        documents = tomllib.loads(data.decode("utf-8")).get("documents")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    out: list[str] = []
    for doc in documents if isinstance(documents, list) else ():
        path = doc.get("path") if isinstance(doc, dict) else None
        if not isinstance(path, str) or not path.strip() or "\0" in path or posixpath.isabs(path):
            continue
        rel = posixpath.normpath(posixpath.join(posixpath.dirname(manifest_rel), path))
        if rel != ".." and not rel.startswith("../") and rel not in out:
            out.append(rel)
    return out


def _signature(path: str, st: os.stat_result | None = None) -> tuple[int, int, int, int]:
    if st is None:
        try:
            st = os.stat(path)
        except OSError:
            return (-1, -1, -1, -1)
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _read_regular(path: str) -> tuple[tuple[int, int, int, int], bytes | None]:
    """A file's signature and bytes (None unless a readable regular file).  Opened without
    blocking (a FIFO would wait for a writer) and stat'ed open, before reading: a save
    after this moment changes what the stamp records, so it is seen."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return _signature(path), None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        return _signature(path, st), None
    with os.fdopen(fd, "rb") as fh:
        try:
            return _signature(path, st), fh.read()
        except OSError:
            return _signature(path, st), None


def hashed(src: str, keep: dict[str, bytes] | None) -> tuple[str, Stamp]:
    """The key of ``src`` and its stamp.  ``keep`` receives the bytes hashed, by path relative
    to ``src`` as the build names them (``/``-separated, links resolved)."""
    started = time.time_ns()
    h = blake2b(HEADER.encode(), digest_size=16)
    seen: list[tuple[Any, ...]] = []
    systems: dict[str, str] = {}
    real_src = os.path.realpath(src)

    def take(kind: str, rel: str, path: str, label: str | None = None, part: Any = None) -> bytes | None:
        hashers = (h,) if part is None else (h, part)
        for hasher in hashers:
            hasher.update(f"\0{kind}:{rel}\0".encode("utf-8", "surrogateescape"))
        real = os.path.realpath(path) if label is None else path
        # of rules_src: a folder without a manifest, or a file linked from outside it (refused by the build), is not read
        if label is None and (kind == "other" or not real.startswith(real_src.rstrip(os.sep) + os.sep)):
            sig, data = _signature(path), None
        else:
            sig, data = _read_regular(path)
        seen.append((kind, rel, *sig))
        if data is not None:
            for hasher in hashers:
                hasher.update(data)
            if keep is not None and label is None:
                keep[os.path.relpath(real, real_src).replace(os.sep, "/")] = data
        return data

    for kind, manifest in _tops(src):
        part = blake2b(digest_size=16)
        data = take(kind, manifest, os.path.join(src, manifest), None, part)
        for rel in _listed_documents(manifest, data) if data is not None else ():
            take("document", rel, os.path.join(src, rel), None, part)
        if kind == "system":
            systems[manifest.partition("/")[0]] = part.hexdigest()
    for label, rel, path in _code():
        take(label, rel, path, label)
    return h.hexdigest(), Stamp(started, seen, systems)


# The stamp records, for the last key hashed, every file's size, modification and
# change times (ns) and inode; while all match, the key stands without a byte read
# (hashing a 100,000-rule folder costs a call about 0.2 s).  The kernel sets the
# change time on every write, rename or chmod, and no program can set it back, so
# an edit that keeps the size and restores the mtime is still seen.  A file whose
# times lie within UNSURE_NS of when hashing began may have been written again in
# the same clock tick: then the files are hashed.  Unseen: a same-size rewrite with
# the clock set back to the same nanoseconds, or a file system without times.

UNSURE_NS = 2_000_000_000


class Stamp:
    """When hashing began (ns), and each file hashed: ``(kind, path, size, mtime, ctime, inode)``;
    ``systems``: each system folder's key, of its manifest and the documents it lists (what
    tells a build which systems to read again), by folder name."""

    __slots__ = ("started", "files", "systems")

    def __init__(self, started: int, files: list[tuple[Any, ...]], systems: dict[str, str]) -> None:
        self.started = started
        self.files = files
        self.systems = systems

    def write(self, db: sqlite3.Connection) -> None:
        """Record the stamp in the store (within the caller's transaction)."""
        db.execute("DELETE FROM files")
        db.executemany("INSERT INTO files (kind, path, size, mtime, ctime, inode) VALUES (?, ?, ?, ?, ?, ?)", self.files)
        db.execute("INSERT OR REPLACE INTO meta VALUES ('stamp', ?)", (json.dumps([HEADER, self.started]),))


def stamped_key(rules_src: str | os.PathLike[str], db: sqlite3.Connection) -> str | None:
    """The key of the build in the store ``db`` if no file it was read from changed since, else None."""
    src = os.fspath(rules_src)
    try:
        meta = {name: json.loads(value) for name, value in db.execute("SELECT name, value FROM meta WHERE name IN ('key', 'stamp')")}
        header, started = meta["stamp"]
        recorded = db.execute("SELECT kind, path, size, mtime, ctime, inode FROM files ORDER BY seq").fetchall()
    except Exception:  # noqa: BLE001 - no stamp, or no build yet: hash as without one
        return None
    if header != HEADER:
        return None
    unsure = int(started) - UNSURE_NS
    at = 0

    def same(kind: str, rel: str, path: str) -> bool:
        nonlocal at
        sig = _signature(path)
        found = at < len(recorded) and recorded[at] == (kind, rel, *sig) and sig[1] < unsure and sig[2] < unsure
        at += 1
        return found

    for kind, manifest in _tops(src):
        if not same(kind, manifest, os.path.join(src, manifest)):
            return None
        while at < len(recorded) and recorded[at][0] == "document":  # the manifest is unchanged: so is its list
            if not same("document", recorded[at][1], os.path.join(src, recorded[at][1])):
                return None
    for label, rel, path in _code():
        if not same(label, rel, path):
            return None
    return meta["key"] if at == len(recorded) else None  # else a file was removed


def code_key() -> str:
    """A hash of Referee's own code and grammars: what the memo's keys include."""
    h = blake2b(HEADER.encode(), digest_size=16)
    for label, rel, path in _code():
        h.update(f"\0{label}:{rel}\0".encode())
        h.update(_read_regular(path)[1] or b"")
    return h.hexdigest()
