"""The build cache: builds kept by a hash of the bytes they were read from.

A key is a hash of the files rules_src's manifests list (and the manifests)
with Referee's own code and grammars.  A warm call does not hash them again: the folder's stamp
records each file's size and times when its key was taken, and while they
all match, the recorded key stands (:func:`stamped_key`; what this can and
cannot see is said there).  A build that has to be made parses *the same
bytes* that were hashed, never a second read of the disk, so a document
saved mid-build can never be stored under the content it replaced.

Each rules folder has a folder of its own under ``builds/`` (fixture rule
sets never evict the project's build), holding its ``stamp`` and, for each
kept build, the index of the whole :class:`~referee.build.Build`
(``build-<key>.pickle``: the file of each system's part of it, pickled
apart, :mod:`referee.build.parts`, kept under ``parts/``), its view as an
indexed SQLite store (``view-<key>.sqlite``, :mod:`referee.build.store`)
and, once searched, its search index (``search-<key>/``, made by
:mod:`referee.search.index`).  What its builds read, system by system and
document by document, is kept beside, under ``memo/``
(:mod:`referee.build.memo`), so a rebuild after an edit reads again only
what the edit touched, links the other systems' parts, and writes only the
changed systems' rows into a copy of the last view.  Files are written
aside and renamed into place, the view last, so a reader never sees half a
cache; a cache file that cannot be read, for any reason, is
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

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.errors import RulesError
from referee.paths import MANIFEST, PACKAGE_DIR, cache_folder, grammar_folder

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.build.record import Build
    from referee.build.store import StoredView
    from referee.build.view import View

    Progress = Callable[[str], None] | None

FORMAT = 8  # bump when the pickled shape changes in a way hashing the code cannot see
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
    import posixpath
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
    import stat

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
    if keep is None:
        key = stamped_key(src)
        if key is not None:
            return key
    return _hash(src, keep)


def _hash(src: str, keep: dict[str, bytes] | None) -> str:
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


def _write_stamp(src: str, stamp: tuple[Any, ...]) -> None:
    """Written aside and renamed into place; a cache folder that cannot be written only costs speed."""
    import marshal

    from referee.atomic import replace_with

    folder = builds_folder(src)
    try:
        os.makedirs(folder, exist_ok=True)
        replace_with(os.path.join(folder, STAMP), lambda fh: marshal.dump(stamp, fh), ".stamp-")
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
    return _beside(builds_folder(rules_src), "memo")


def discard(file: str, err: BaseException) -> None:
    """Remove a cache file that cannot be read (any damage means the same: build anew),
    with one line saying so."""
    print(f"referee: note: discarding an unreadable cache file ({type(err).__name__}); rebuilding", file=sys.stderr)
    try:
        os.unlink(file)
    except OSError:
        pass


def _load(file: str, key: str) -> Build | None:
    """The build stored for ``key``, or None.

    ``file`` is the build's index (``build-<key>.pickle``): it names each
    system's part file beside it, in folder order, with the digest of the
    part's pickled build; the parts are checked against it and put together
    here (:mod:`referee.build.parts`).  An index or part that exists but
    cannot be loaded (damaged, truncated, written by other code) is removed,
    with a note, so the next build replaces it.
    """
    import pickle

    from referee.build.parts import load_checked, merge

    try:
        with open(file, "rb") as fh:
            index = pickle.load(fh)
    except FileNotFoundError:
        return None
    except Exception as err:  # noqa: BLE001 - any damage means the same: build anew
        discard(file, err)
        return None
    folder = os.path.dirname(file)
    part = ""
    try:
        if not isinstance(index, dict) or index.get("key") != key:
            return None
        builds = []
        for entry in index["parts"]:
            part = os.path.join(_beside(folder, "parts"), entry["name"])
            builds.append(load_checked(part, entry["digest"]))
        return merge(key, builds, tuple(index["unmanaged"]))
    except Exception as err:  # noqa: BLE001 - any damage means the same: build anew
        discard(file, err)
        if part:  # a damaged part goes, and the memo's file of it when it is the same file, linked
            memo = os.path.join(_beside(folder, "memo"), os.path.basename(part).rsplit("-", 1)[0] + ".pickle")
            try:
                if os.path.samestat(os.stat(part), os.stat(memo)):
                    _remove(memo)
            except OSError:
                pass
            _remove(part)
        return None


def _beside(builds: str, kind: str) -> str:
    """The folder of a rules folder's ``memo`` (:func:`memo_folder`) or of its builds'
    ``parts``, given its builds folder: ``<cache>/<kind>/<tag>``."""
    return os.path.join(os.path.dirname(os.path.dirname(builds)), kind, os.path.basename(builds))


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
    made = [f for f in (folder, kept.folder, _beside(folder, "parts")) if not os.path.isdir(f)]
    earlier = _earlier(folder, kept.code)
    trusted = lambda part: _trusted(earlier, part)  # noqa: E731
    read = lambda: workers.read_parts(root, folders, files, progress, kept, trusted)  # noqa: E731
    try:
        try:
            os.makedirs(folder, exist_ok=True)
            os.makedirs(_beside(folder, "parts"), exist_ok=True)
            _write_build(folder, key, unmanaged, [f.name for f in folders], read(), earlier, kept.code)
        except Exception as err:  # a read-only or full cache folder only costs speed
            if not cache_unwritable(err):
                raise
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


def cache_unwritable(err: BaseException) -> bool:
    """Whether ``err`` says the cache folder cannot be written (full, read-only, gone),
    as the file system says it (OSError) or as SQLite does ("database or disk is full")."""
    if isinstance(err, OSError):
        return True
    import sqlite3

    words = ("disk is full", "disk i/o error", "readonly database", "unable to open database")
    return isinstance(err, sqlite3.OperationalError) and any(w in str(err).lower() for w in words)


# -- a build's files: its index, its parts, its view -------------------------------------
#
# A build is its index (``build-<key>.pickle``: the key, the unmanaged folders,
# and for each system folder, in order, the name of its part file, the digest
# of its pickled build, and the file's signature), the part files (in
# ``<cache>/parts/<tag>/``, beside ``memo/<tag>/``: ``part-<memo key>-<digest>.pickle``,
# the memo's part hard-linked, so a system that did not change costs a link
# that is usually already there, not a copy), and its view store.  A rebuild starts its view from the view of an earlier
# build of the same system folders (its signature unchanged since it was
# written): the file is copied, and only the systems whose part changed are
# taken out and written again (:func:`referee.build.store.write_systems`).
# A part no one wrote since a build checked it (the same size, modification
# time and inode as its index records) is not checked again: its digests
# were checked when it was written or last recalled; a part written in place
# since (a stray write, a bad disk) has another modification time and is
# checked in full.


def _file_signature(path: str) -> tuple[int, int, int]:
    """A cache file's size, modification time and inode: unchanged while no one writes it."""
    st = os.stat(path)
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _earlier(folder: str, code: str) -> list[tuple[str, dict[str, Any]]]:
    """The readable indexes of earlier builds made by this code, newest first."""
    import pickle

    found = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        if name.startswith("build-") and name.endswith(".pickle"):
            path = os.path.join(folder, name)
            try:
                mtime = os.path.getmtime(path)
                with open(path, "rb") as fh:
                    index = pickle.load(fh)
                if isinstance(index, dict) and index.get("code") == code:
                    found.append((mtime, index["key"], index))
            except Exception:  # noqa: BLE001 - damaged or being replaced: no help here
                continue
    return [(k, index) for _, k, index in sorted(found, key=lambda f: f[0], reverse=True)]


def _trusted(earlier: list[tuple[str, dict[str, Any]]], part: Any) -> bool:
    """Whether a recalled part is the file an earlier build recorded, unwritten since."""
    try:
        sig = _file_signature(part.path)
    except OSError:
        return False
    return any(entry.get("key") == part.key and tuple(entry["signature"]) == sig for _, index in earlier for entry in index["parts"])


def _place(folder: str, part: Any) -> str:
    """Put a system's part in the builds' ``folder`` of parts (a hard link to the memo's file where it
    can, a copy where it cannot); its name there."""
    import shutil

    from referee.build.memo import used
    from referee.build.parts import build_digest

    # Named by what it was read from and by its bytes: two builds of the same
    # files at once may pickle them differently (sets), and neither's index
    # may then name the other's file.
    name = f"part-{part.key or 't'}-{build_digest(part.path).hex()}.pickle"
    target = os.path.join(folder, name)
    try:
        if os.path.samestat(os.stat(part.path), os.stat(target)):
            used(target)  # its change time tells _prune a build uses it
            return name
    except OSError:
        pass
    tmp = os.path.join(folder, f".part-{os.getpid()}-{os.urandom(6).hex()}.tmp")
    try:
        if part.temporary:
            shutil.copyfile(part.path, tmp)
        else:
            try:
                os.link(part.path, tmp)
            except OSError:  # no hard links here: a copy
                shutil.copyfile(part.path, tmp)
        os.replace(tmp, target)
    except BaseException:
        _remove(tmp)
        raise
    finally:
        if part.temporary:
            _remove(part.path)
    return name


def _changes(before: str, path: str) -> dict[str, Any] | None:
    """The rows of part ``path`` that differ from those of ``before``, the part whose
    rows the previous view holds (None when that part is gone or damaged: then
    every row of the system is written anew)."""
    import pickle

    from referee.build.parts import Damaged, build_digest, load_changes

    try:
        build_digest(before)  # its header is whole
        return load_changes(before, path)
    except (OSError, Damaged, EOFError, ValueError, pickle.UnpicklingError):
        return None


def _write_build(
    folder: str, key: str, unmanaged: tuple[str, ...], names: list[str], parts: Any, earlier: list[tuple[str, dict[str, Any]]], code: str
) -> None:
    """Write the build's parts and index and its view (``view-<key>.sqlite``) from the
    parts as they come, one system at a time; each aside, renamed into place once
    whole, the view last.  The view starts from an earlier build's where one of the
    same system folders is whole (a system's id is its folder's name, so each place
    holds the same system there as here)."""
    import pickle

    from referee.atomic import replace_with
    from referee.build import store
    from referee.build.parts import build_digest, load_head, load_rows, store_meta

    view = os.path.join(folder, f"view-{key}.sqlite")
    previous: dict[str, Any] | None = None
    for old_key, index in earlier:
        if [e["folder"] for e in index["parts"]] == names and _view_signature(folder, old_key) == index.get("view"):
            previous = {"file": os.path.join(folder, f"view-{old_key}.sqlite"), "parts": index["parts"]}
            break
    entries: list[dict[str, Any]] = []
    systems: list[str] = []
    metas: list[dict[str, Any]] = []

    def rows() -> Any:
        for place, part in enumerate(parts):
            name = _place(_beside(folder, "parts"), part)
            path = os.path.join(_beside(folder, "parts"), name)
            before = previous["parts"][place] if previous else None
            if before is not None and part.key is not None and before.get("key") == part.key:
                head, data = load_head(path), None  # the previous view holds its rows
            else:
                data = _changes(os.path.join(_beside(folder, "parts"), before["name"]), path) if before is not None else None
                data = data or load_rows(path)
                head = {"system": data.pop("system"), "meta": data.pop("meta")}
            systems.append(head["system"])
            metas.append(head["meta"])
            entries.append(
                {"folder": names[place], "system": head["system"], "key": part.key, "name": name, "digest": build_digest(path), "signature": _file_signature(path)}
            )
            yield place, data, before["system"] if before is not None and data is not None else None

    def index_in_place(written: str) -> None:
        st = os.stat(written)
        index = {"key": key, "code": code, "unmanaged": list(unmanaged), "parts": entries, "view": (st.st_size, st.st_mtime_ns, st.st_ino)}
        replace_with(os.path.join(folder, f"build-{key}.pickle"), lambda fh: pickle.dump(index, fh, protocol=pickle.HIGHEST_PROTOCOL), ".build-")

    meta = lambda: store_meta(key, systems, unmanaged, metas)  # noqa: E731 - once every system is in
    store.write_systems(view, meta, rows(), before=index_in_place, previous=previous["file"] if previous else None)


def _view_signature(folder: str, key: str) -> tuple[int, int, int] | None:
    try:
        return _file_signature(os.path.join(folder, f"view-{key}.sqlite"))
    except OSError:
        return None


def _in_memory(key: str, parts: Any, unmanaged: tuple[str, ...], whole: bool) -> Any:
    """The build (or its view) when the cache cannot hold it: nothing written."""
    from referee.build.parts import load_build, merge
    from referee.build.view import View

    builds = []
    for part in parts:
        builds.append(load_build(part.path))
        if part.temporary:
            os.unlink(part.path)
    build = merge(key, builds, unmanaged)
    return build if whole else View.of(build)


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


def _prune(folder: str) -> None:
    """Keep the newest builds; drop older ones, half builds and killed builds' leftovers.

    A build's search index (``search-<key>/``, :mod:`referee.search.index`)
    goes with its build, and so does an index whose build is gone.  In the
    builds' folder of parts, a file goes when no kept build names it and no
    build has placed or used it for STALE_TMP (its change time: a build
    writing its index now may be about to name it); a killed build's
    half-placed part goes the same way.
    """
    import pickle

    builds: dict[str, float] = {}
    indexes: list[str] = []
    now = time.time()
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        try:
            st = os.stat(path)
        except OSError:
            continue
        if name.startswith(".") and name.endswith(".tmp"):
            if now - st.st_mtime > STALE_TMP:
                _remove(path)
            continue
        kind, _, rest = name.partition("-")
        if kind in ("view", "build") and rest.endswith((".pickle", ".sqlite")):
            key = rest.rpartition(".")[0]
            builds[key] = max(builds.get(key, 0.0), st.st_mtime)
        elif kind == "search":
            indexes.append(rest)
    kept = set(sorted(builds, key=builds.__getitem__, reverse=True)[:KEEP])
    for key in set(builds) - kept:
        for name in (f"build-{key}.pickle", f"view-{key}.sqlite", f"view-{key}.pickle"):
            _remove(os.path.join(folder, name))
    for key in indexes:
        if key not in kept:
            _remove(os.path.join(folder, f"search-{key}"))
    named: set[str] = set()
    for key in kept:
        try:
            with open(os.path.join(folder, f"build-{key}.pickle"), "rb") as fh:
                named.update(entry["name"] for entry in pickle.load(fh)["parts"])
        except FileNotFoundError:
            continue
        except Exception:  # noqa: BLE001 - an index that cannot be read: keep every part this time
            return
    stock = _beside(folder, "parts")
    try:
        names = os.listdir(stock)
    except OSError:
        return
    for name in names:
        path = os.path.join(stock, name)
        try:
            changed = os.stat(path).st_ctime
        except OSError:
            continue
        if name not in named and now - changed > STALE_TMP:
            _remove(path)


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
