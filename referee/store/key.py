"""The content key: a hash of the bytes a build reads, and the stamp that spares hashing them.

A key is a hash of the files rules_src's manifests list (and the manifests)
with Referee's own code and grammars.  A warm call does not hash them again:
the store's ``files`` table records each file's size and times when its key
was taken, and while they all match, the recorded key stands
(:func:`stamped_key`; what this can and cannot see is said there).  A build
that has to be made parses *the same bytes* that were hashed, never a second
read of the disk, so a document saved mid-build can never be stored under
the content it replaced.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import stat
import sys
import time

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.errors import RulesError
from referee.paths import MANIFEST, PACKAGE_DIR, grammar_folder

if TYPE_CHECKING:
    import sqlite3
    from typing import Any

FORMAT = 9  # bump when what is stored changes in a way hashing the code cannot see


def _files(root: str, suffixes: tuple[str, ...] | None = None) -> list[str]:
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            if suffixes is None or name.endswith(suffixes):
                out.append(os.path.join(folder, name))
    return out


def _code_roots() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    return (("code", PACKAGE_DIR, (".py",)), ("grammar", grammar_folder(), (".lark",)))


def _header() -> str:
    return f"{FORMAT}:{sys.version_info[:2]}"


# -- what a key covers: the files the manifests list, and Referee's code -------------------
#
# Of a rules folder, exactly what a build reads: each system folder's manifest
# and the documents it lists, wherever they are (a dot-folder, __pycache__),
# and the names of the folders that hold no manifest (readers warn of them).
# Nothing else under it is opened, so an unlisted file (a 3 GB PDF, a link to
# /dev/zero, a FIFO) costs nothing, and a listed path that is not a regular
# file is stat'ed, never read: the build then refuses it with its line.
# Entries are ``(kind, path relative to rules_src)``: "system" (a manifest),
# "document" (a listed file, as the manifest's folder joined with its path),
# "other" (the manifest path of a folder without one).


def _tops(src: str) -> list[tuple[str, str]]:
    """The folders a build looks at, as :func:`referee.rulebase.load.system_folders`
    does: ("system" or "other", ``<folder>/system.toml``), by name."""
    try:
        names = sorted(e.name for e in os.scandir(src) if not e.name.startswith((".", "_")) and e.is_dir())
    except OSError:
        return []
    found = []
    for name in names:
        rel = f"{name}/{MANIFEST}"
        found.append(("system" if os.path.isfile(os.path.join(src, rel)) else "other", rel))
    return found


def _listed_documents(src: str, manifest_rel: str, data: bytes) -> list[str]:
    """The document paths a manifest lists, relative to rules_src (``/``-separated), those
    that stay inside it; a manifest that cannot be read lists none (the build says why)."""
    import tomllib

    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    documents = table.get("documents")
    folder = posixpath.dirname(manifest_rel)
    out: list[str] = []
    for doc in documents if isinstance(documents, list) else ():
        path = doc.get("path") if isinstance(doc, dict) else None
        if not isinstance(path, str) or not path.strip() or "\0" in path or posixpath.isabs(path):
            continue
        rel = posixpath.normpath(posixpath.join(folder, path))
        if rel != ".." and not rel.startswith("../") and rel not in out:
            out.append(rel)
    return out


def _inside(src: str, path: str) -> bool:
    real, root = os.path.realpath(path), os.path.realpath(src)
    return real.startswith(root.rstrip(os.sep) + os.sep)


def _read_regular(path: str) -> tuple[tuple[int, int, int, int], bytes | None]:
    """A file's signature and bytes; no bytes when it cannot be read or is not a
    regular file.  Opened without blocking (a FIFO would wait for a writer) and
    stat'ed open, before reading: a save after this moment changes what the stamp
    recorded, so it is seen."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return _signature(_stat(path)), None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        return _signature(st), None
    with os.fdopen(fd, "rb") as fh:
        try:
            return _signature(st), fh.read()
        except OSError:
            return _signature(st), None


def content_key(rules_src: str | os.PathLike[str], keep: dict[str, bytes] | None = None) -> str:
    """A hash of the files rules_src's manifests list (names and bytes), the
    manifests themselves, and the code reading them.

    ``keep``: a dict that receives the bytes hashed, by path relative to
    rules_src as the build names them (``/``-separated, links resolved), for
    the build to parse.  Without it, the key recorded in the folder's stamp
    is taken when no file changed since (:func:`stamped_key`), so a warm call
    does not hash every byte.
    """
    src = os.fspath(rules_src)
    if not os.path.isdir(src):
        raise RulesError(f"rules folder not found: {src}")
    return hashed(src, keep)[0]


def hashed(src: str, keep: dict[str, bytes] | None) -> tuple[str, Stamp]:
    """The key of the content of ``src`` and its stamp (:func:`stamped_key`)."""
    started = time.time_ns()
    h = hashlib.blake2b(digest_size=16)
    h.update(_header().encode())
    seen: list[tuple[Any, ...]] = []
    real_src = os.path.realpath(src)

    def take(kind: str, rel: str) -> bytes | None:
        path = os.path.join(src, rel)
        h.update(f"\0{kind}:{rel}\0".encode("utf-8", "surrogateescape"))
        if kind == "other" or not _inside(src, path):  # a manifest linked from outside is refused by the build
            sig, data = _signature(_stat(path)), None
        else:
            sig, data = _read_regular(path)
        seen.append((kind, rel, *sig))
        if data is not None:
            h.update(data)
            if keep is not None:
                keep[os.path.relpath(os.path.realpath(path), real_src).replace(os.sep, "/")] = data
        return data

    for kind, manifest in _tops(src):
        data = take(kind, manifest)
        for rel in _listed_documents(src, manifest, data) if data is not None else ():
            take("document", rel)
    for label, root, suffixes in _code_roots():
        for path in _files(root, suffixes):
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            h.update(f"\0{label}:{rel}\0".encode())
            sig, data = _read_regular(path)
            seen.append((label, rel, *sig))
            if data is not None:
                h.update(data)
    return h.hexdigest(), Stamp(started, seen)


# -- the stamp: which files a key was hashed from, by size and times ------------------
#
# Hashing every byte of a 100,000-rule folder costs a warm call about 0.2 s.
# The stamp records, for the last key hashed, every file's size, modification
# and change times (ns) and inode.  When all still match, nothing was written
# since, and the key stands without reading a byte.  The change time (ctime)
# is set by the kernel on every write, rename or chmod and cannot be set back
# by a program, so an edit that keeps the size and restores the mtime
# (``touch -d``, ``os.utime``) is still seen.  A file whose times lie within
# UNSURE_NS of the moment hashing began may have been written again within the
# same clock tick (coarse file-system timestamps): while any does, the stamp
# is not trusted and the files are hashed.  What remains unseen: a file
# rewritten with the same size while the system clock was set back to the very
# same nanoseconds, or a file system that records no times at all.

UNSURE_NS = 2_000_000_000


class Stamp:
    """When hashing began (ns), and each file hashed: ``(kind, path, size, mtime, ctime, inode)``."""

    __slots__ = ("started", "files")

    def __init__(self, started: int, files: list[tuple[Any, ...]]) -> None:
        self.started = started
        self.files = files

    def write(self, db: sqlite3.Connection) -> None:
        """Record the stamp in the store (within the caller's transaction)."""
        db.execute("DELETE FROM files")
        db.executemany("INSERT INTO files (kind, path, size, mtime, ctime, inode) VALUES (?, ?, ?, ?, ?, ?)", self.files)
        db.execute("INSERT OR REPLACE INTO meta VALUES ('stamp', ?)", (json.dumps([_header(), self.started]),))


def _signature(st: os.stat_result | None) -> tuple[int, int, int, int]:
    if st is None:
        return (-1, -1, -1, -1)
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def stamped_key(rules_src: str | os.PathLike[str], db: sqlite3.Connection) -> str | None:
    """The key of the build the store ``db`` holds if no file it was read from changed
    since it was hashed, else None."""
    src = os.fspath(rules_src)
    try:
        meta = {name: json.loads(value) for name, value in db.execute("SELECT name, value FROM meta WHERE name IN ('key', 'stamp')")}
        header, started = meta["stamp"]
        key = meta["key"]
        recorded = db.execute("SELECT kind, path, size, mtime, ctime, inode FROM files ORDER BY seq").fetchall()
    except Exception:  # noqa: BLE001 - no stamp, or no build yet: hash as without one
        return None
    if header != _header():
        return None
    unsure = int(started) - UNSURE_NS

    def same(entry: tuple[Any, ...] | None, kind: str, rel: str, path: str) -> bool:
        sig = _signature(_stat(path))
        return entry == (kind, rel, *sig) and sig[1] < unsure and sig[2] < unsure

    files = iter(recorded)
    entry = next(files, None)
    for kind, manifest in _tops(src):
        if not same(entry, kind, manifest, os.path.join(src, manifest)):
            return None
        entry = next(files, None)
        while entry is not None and entry[0] == "document":  # the manifest is unchanged: so is its list
            if not same(entry, "document", entry[1], os.path.join(src, entry[1])):
                return None
            entry = next(files, None)
    for label, root, suffixes in _code_roots():
        for path in _files(root, suffixes):
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            if not same(entry, label, rel, path):
                return None
            entry = next(files, None)
    if entry is not None:  # a file was removed
        return None
    return key


def code_key() -> str:
    """A hash of Referee's own code and grammars: what the memo's keys include."""
    h = hashlib.blake2b(digest_size=16)
    h.update(_header().encode())
    for label, root, suffixes in _code_roots():
        for path in _files(root, suffixes):
            h.update(f"\0{label}:{os.path.relpath(path, root)}\0".encode())
            try:
                with open(path, "rb") as fh:
                    h.update(fh.read())
            except OSError:
                continue
    return h.hexdigest()


