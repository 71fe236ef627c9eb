"""The build cache: builds kept by a hash of the bytes they were read from.

A key is a hash of every file under rules_src with Referee's own code and
grammars.  A warm call does not hash them again: the folder's stamp
records each file's size and times when its key was taken, and while they
all match, the recorded key stands (:func:`stamped_key`; what this can and
cannot see is said there).  A build that has to be made parses *the same
bytes* that were hashed, never a second read of the disk, so a document
saved mid-build can never be stored under the content it replaced.

Each rules folder has a folder of its own under ``builds/`` (fixture rule
sets never evict the project's build), holding its ``stamp`` and, for each
kept build, the whole :class:`~referee.build.Build` (``build-<key>.pickle``,
each system's part of it pickled apart: :mod:`referee.build.parts`),
its view as an indexed SQLite store (``view-<key>.sqlite``,
:mod:`referee.build.store`) and, once searched, its search index
(``search-<key>/``, made by :mod:`referee.search.index`).  What its
builds read, system by system and document by document, is kept beside,
under ``memo/`` (:mod:`referee.build.memo`), so a rebuild after an edit
reads again only what the edit touched.  Files are
written aside and renamed into place, the view last, so a reader never sees
half a cache; a cache file that cannot be read, for any reason, is
discarded with one line on stderr and the build made anew.  Temporary files
left by a killed build are removed once they are old enough that no build
can still be writing.

This module is on every warm call's path: it works on strings with
``os.path`` and imports pathlib, pickle and the record classes only to build.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time

TYPE_CHECKING = False  # typing itself costs ~4 ms of a warm call; only checkers read this

from referee.errors import RulesError
from referee.paths import PACKAGE_DIR, cache_folder, grammar_folder

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.build.record import Build
    from referee.build.store import StoredView
    from referee.build.view import View

    Progress = Callable[[str], None] | None

FORMAT = 6  # bump when the pickled shape changes in a way hashing the code cannot see
KEEP = 2  # builds kept per rules folder
STALE_TMP = 600  # seconds after which a temporary file is a killed build's leftover


def _files(root: str, suffixes: tuple[str, ...] | None = None) -> list[str]:
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            if suffixes is None or name.endswith(suffixes):
                out.append(os.path.join(folder, name))
    return out


def _roots(src: str) -> tuple[tuple[str, str, tuple[str, ...] | None], ...]:
    return (("src", src, None), ("code", PACKAGE_DIR, (".py",)), ("grammar", grammar_folder(), (".lark",)))


def _header() -> str:
    return f"{FORMAT}:{sys.version_info[:2]}"


def content_key(rules_src: str | os.PathLike[str], keep: dict[str, bytes] | None = None) -> str:
    """A hash of rules_src's files (names and bytes) and of the code reading them.

    ``keep``: a dict that receives the bytes hashed, by path relative to
    rules_src (``/``-separated), for the build to parse.  Without it, the
    key recorded in the folder's stamp is taken when no file changed since
    (:func:`stamped_key`), so a warm call does not hash every byte.
    """
    src = os.fspath(rules_src)
    if not os.path.isdir(src):
        raise RulesError(f"rules folder not found: {src}")
    if keep is None:
        key = stamped_key(src)
        if key is not None:
            return key
    return _hash(src, keep)


def _hash(src: str, keep: dict[str, bytes] | None) -> str:
    started = time.time_ns()
    h = hashlib.blake2b(digest_size=16)
    h.update(_header().encode())
    seen: list[tuple[str, str, int, int, int, int]] = []
    for label, root, suffixes in _roots(src):
        for path in _files(root, suffixes):
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            h.update(f"\0{label}:{rel}\0".encode())
            try:
                with open(path, "rb") as fh:
                    # Stat the open file before reading it: a save after this
                    # moment changes what the stamp recorded, so it is seen.
                    seen.append((label, rel, *_signature(os.fstat(fh.fileno()))))
                    data = fh.read()
            except OSError:
                seen.append((label, rel, *_signature(_stat(path))))
                continue  # unreadable or vanished: the build names it when it needs it
            h.update(data)
            if keep is not None and label == "src":
                keep[rel] = data
    key = h.hexdigest()
    _PENDING[src] = (_header(), key, started, tuple(seen))
    return key


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

STAMP = "stamp"
UNSURE_NS = 2_000_000_000
# Stamps of keys hashed by this process, written only once the cache holds a
# build for the key: rules that fail to build leave no cache behind, not even
# a stamp.
_PENDING: dict[str, tuple[Any, ...]] = {}


def _confirm(rules_src: str | os.PathLike[str], key: str) -> None:
    src = os.fspath(rules_src)
    stamp = _PENDING.pop(src, None)
    if stamp is not None and stamp[1] == key:
        _write_stamp(src, stamp)


def _signature(st: os.stat_result | None) -> tuple[int, int, int, int]:
    if st is None:
        return (-1, -1, -1, -1)
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def stamped_key(rules_src: str | os.PathLike[str]) -> str | None:
    """The key of the current content if no file changed since it was hashed, else None."""
    import marshal

    src = os.fspath(rules_src)
    try:
        with open(os.path.join(builds_folder(src), STAMP), "rb") as fh:
            header, key, started, recorded = marshal.load(fh)
    except Exception:  # noqa: BLE001 - missing, damaged or older: hash as without one
        return None
    if header != _header():
        return None
    unsure = started - UNSURE_NS
    files = iter(recorded)
    for label, root, suffixes in _roots(src):
        for path in _files(root, suffixes):
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            sig = _signature(_stat(path))
            if next(files, None) != (label, rel, *sig) or sig[1] >= unsure or sig[2] >= unsure:
                return None
    if next(files, None) is not None:  # a file was removed
        return None
    return key


def _write_stamp(src: str, stamp: tuple[Any, ...]) -> None:
    """Written aside and renamed into place; a cache folder that cannot be written only costs speed."""
    import marshal

    folder = builds_folder(src)
    tmp = os.path.join(folder, f".stamp-{os.getpid()}.tmp")
    try:
        os.makedirs(folder, exist_ok=True)
        with open(tmp, "wb") as fh:
            marshal.dump(stamp, fh)
        os.replace(tmp, os.path.join(folder, STAMP))
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def builds_folder(rules_src: str | os.PathLike[str]) -> str:
    """Where the builds of this rules folder are kept."""
    src = os.path.realpath(os.fspath(rules_src))
    tag = hashlib.blake2b(src.encode("utf-8", "surrogateescape"), digest_size=8).hexdigest()
    return os.path.join(cache_folder(src), "builds", tag)


def memo_folder(rules_src: str | os.PathLike[str]) -> str:
    """Where a rules folder's builds keep what they read (:mod:`referee.build.memo`),
    beside its builds, not among them."""
    builds = builds_folder(rules_src)
    return os.path.join(os.path.dirname(os.path.dirname(builds)), "memo", os.path.basename(builds))


def discard(file: str, err: BaseException) -> None:
    """Remove a cache file that cannot be read (any damage means the same: build anew),
    with one line saying so."""
    print(f"referee: note: discarding an unreadable cache file ({type(err).__name__}); rebuilding", file=sys.stderr)
    try:
        os.unlink(file)
    except OSError:
        pass


def _load(file: str, key: str) -> Build | None:
    """The build stored in ``file`` for ``key``, or None.

    The file holds a header, then each system's one-system build
    (:mod:`referee.build.parts`), put together here.  A file that exists
    but cannot be loaded (damaged, truncated, written by other code) is
    removed, with a note, so the next build replaces it.
    """
    import pickle

    from referee.build.parts import merge

    try:
        with open(file, "rb") as fh:
            header = pickle.load(fh)
            if not isinstance(header, dict) or header.get("key") != key:
                return None
            return merge(key, [pickle.load(fh) for _ in range(header["parts"])], header["unmanaged"])
    except FileNotFoundError:
        return None
    except Exception as err:  # noqa: BLE001 - any damage means the same: build anew
        discard(file, err)
        return None


def load_or_build(rules_src: str | os.PathLike[str], refresh: bool = False, progress: Progress = None) -> Build:
    """The whole build for the current content of ``rules_src``."""
    if not refresh:
        key = content_key(rules_src)
        build = _load(os.path.join(builds_folder(rules_src), f"build-{key}.pickle"), key)
        if build is not None:
            _confirm(rules_src, key)
            return build
    files: dict[str, bytes] = {}
    key = content_key(rules_src, keep=files)
    if not refresh:
        build = _load(os.path.join(builds_folder(rules_src), f"build-{key}.pickle"), key)
        if build is not None:
            _confirm(rules_src, key)
            return build
    return _build(rules_src, key, files, progress, whole=True)


def load_view(rules_src: str | os.PathLike[str], refresh: bool = False, progress: Progress = None) -> View | StoredView:
    """The view for the current content of ``rules_src``: its indexed store
    (:mod:`referee.build.store`) when cached, so a warm call reads only the
    rows it asks for; the view of a fresh build when one had to be made."""
    from referee.build import store

    if not refresh:
        key = content_key(rules_src)
        found = store.open_store(os.path.join(builds_folder(rules_src), f"view-{key}.sqlite"), key)
        if found is not None:
            _confirm(rules_src, key)
            return found
    files: dict[str, bytes] = {}
    key = content_key(rules_src, keep=files)
    if not refresh:
        found = store.open_store(os.path.join(builds_folder(rules_src), f"view-{key}.sqlite"), key)
        if found is not None:
            _confirm(rules_src, key)
            return found
    return _build(rules_src, key, files, progress, whole=False)


def _build(rules_src: str | os.PathLike[str], key: str, files: dict[str, bytes], progress: Progress, whole: bool) -> Any:
    """Read the rules (each system alone, on every core: :mod:`referee.build.workers`)
    and write the build and its view as the systems come, so neither is ever held
    whole here.  Gives the :class:`Build` (``whole``) or the view, as the store now
    holds it (a warm call reads the same)."""
    from pathlib import Path

    from referee.build import memo, workers
    from referee.rulebase.load import system_folders

    root = Path(rules_src).resolve()
    folders, others = system_folders(root)
    unmanaged = tuple(p.name for p in others)
    folder = builds_folder(rules_src)
    kept = memo.Memo(memo_folder(rules_src), code_key())
    made = [f for f in (folder, kept.folder) if not os.path.isdir(f)]
    read = lambda: workers.read_parts(root, folders, files, progress, kept)  # noqa: E731
    try:
        try:
            os.makedirs(folder, exist_ok=True)
            _write_build(folder, key, unmanaged, len(folders), read())
        except OSError:  # a read-only cache folder only costs speed
            return _in_memory(key, read(), unmanaged, whole)
    except BaseException:
        for path in made:  # rules that fail to build leave no cache behind
            _remove(path)
            try:
                os.rmdir(os.path.dirname(path))
            except OSError:
                pass
        raise
    _confirm(rules_src, key)
    _prune(folder)
    memo.prune(kept.folder)
    if whole:
        return _load(os.path.join(folder, f"build-{key}.pickle"), key) or _in_memory(key, read(), unmanaged, whole)
    from referee.build import store

    return store.open_store(os.path.join(folder, f"view-{key}.sqlite"), key) or _in_memory(key, read(), unmanaged, whole)


def _write_build(folder: str, key: str, unmanaged: tuple[str, ...], count: int, parts: Any) -> None:
    """Write ``build-<key>.pickle`` (a header, then each system's pickled build) and
    ``view-<key>.sqlite`` from the parts as they come, one system at a time; each
    aside, renamed into place once whole, the view last."""
    import pickle
    import tempfile

    from referee.build import store
    from referee.build.parts import copy_build, store_meta

    systems: list[str] = []
    metas: list[dict[str, Any]] = []
    fd, tmp = tempfile.mkstemp(prefix=".build-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            pickle.dump({"key": key, "parts": count, "unmanaged": unmanaged}, fh, protocol=pickle.HIGHEST_PROTOCOL)

            def rows() -> Any:
                for part, data in parts:
                    try:
                        copy_build(part.path, fh)
                    finally:
                        if part.temporary:
                            os.unlink(part.path)
                    systems.append(data.pop("system"))
                    metas.append(data.pop("meta"))
                    yield data

            def build_in_place() -> None:
                fh.close()
                os.replace(tmp, os.path.join(folder, f"build-{key}.pickle"))

            meta = lambda: store_meta(key, systems, unmanaged, metas)  # noqa: E731 - once every system is in
            store.write_systems(os.path.join(folder, f"view-{key}.sqlite"), meta, rows(), before=build_in_place)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _in_memory(key: str, parts: Any, unmanaged: tuple[str, ...], whole: bool) -> Any:
    """The build (or its view) when the cache cannot hold it: nothing written."""
    from referee.build.parts import load_build, merge
    from referee.build.view import View

    builds = []
    for part, _rows in parts:
        builds.append(load_build(part.path))
        if part.temporary:
            os.unlink(part.path)
    build = merge(key, builds, unmanaged)
    return build if whole else View.of(build)


def code_key() -> str:
    """A hash of Referee's own code and grammars: what the memo's keys include."""
    h = hashlib.blake2b(digest_size=16)
    h.update(_header().encode())
    for label, root, suffixes in _roots("")[1:]:
        for path in _files(root, suffixes):
            h.update(f"\0{label}:{os.path.relpath(path, root)}\0".encode())
            try:
                with open(path, "rb") as fh:
                    h.update(fh.read())
            except OSError:
                continue
    return h.hexdigest()


def _prune(folder: str) -> None:
    """Keep the newest builds; drop older ones, half builds and killed builds' leftovers.

    A build's search index (``search-<key>/``, :mod:`referee.search.index`)
    goes with its build, and so does an index whose build is gone.
    """
    builds: dict[str, float] = {}
    indexes: list[str] = []
    now = time.time()
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        try:
            mtime = os.path.getmtime(path)
        except OSError:
            continue
        if name.startswith(".") and name.endswith(".tmp"):
            if now - mtime > STALE_TMP:
                _remove(path)
            continue
        kind, _, rest = name.partition("-")
        if kind in ("view", "build") and rest.endswith((".pickle", ".sqlite")):
            key = rest.rpartition(".")[0]
            builds[key] = max(builds.get(key, 0.0), mtime)
        elif kind == "search":
            indexes.append(rest)
    kept = set(sorted(builds, key=builds.__getitem__, reverse=True)[:KEEP])
    for key in set(builds) - kept:
        for name in (f"build-{key}.pickle", f"view-{key}.sqlite", f"view-{key}.pickle"):
            _remove(os.path.join(folder, name))
    for key in indexes:
        if key not in kept:
            _remove(os.path.join(folder, f"search-{key}"))


def _remove(path: str) -> None:
    """Remove a file, or a folder (a search index, a killed build's temporary one)."""
    try:
        if os.path.isdir(path) and not os.path.islink(path):
            import shutil

            shutil.rmtree(path)
        else:
            os.unlink(path)
    except FileNotFoundError:
        pass
