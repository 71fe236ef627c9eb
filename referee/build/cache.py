"""The build cache: builds kept by a hash of the bytes they were read from.

A warm call reads every file under rules_src once (a few hundred KB: a
couple of milliseconds), hashes those bytes with Referee's own code and
grammars, and loads the build stored under that hash.  A build that has to
be made parses *the same bytes* that were hashed, never a second read of
the disk, so a document saved mid-build can never be stored under the
content it replaced.

Each rules folder has a folder of its own under ``builds/`` (fixture rule
sets never evict the project's build), holding for each kept build the
whole :class:`~referee.build.Build` (``build-<key>.pickle``), its
plain-data view (``view-<key>.pickle``) and, once searched, its search
index (``search-<key>/``, made by :mod:`referee.search.index`).  Files
are written aside and renamed into place, the view last, so a reader
never sees half a cache; a cache file that cannot be read, for any
reason, is discarded with one line on stderr and the build made anew.
Temporary files left by a killed build are removed once they are old
enough that no build can still be writing.

This module is on every warm call's path: it works on strings with
``os.path`` and imports pathlib and the record classes only to build.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import time

TYPE_CHECKING = False  # typing itself costs ~4 ms of a warm call; only checkers read this

from referee.errors import RulesError
from referee.paths import PACKAGE_DIR, cache_folder, grammar_folder

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.build.record import Build
    from referee.build.view import View

    Progress = Callable[[str], None] | None

FORMAT = 4  # bump when the pickled shape changes in a way hashing the code cannot see
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


def content_key(rules_src: str | os.PathLike[str], keep: dict[str, bytes] | None = None) -> str:
    """A hash of rules_src's files (names and bytes) and of the code reading them.

    ``keep``: a dict that receives the bytes hashed, by path relative to
    rules_src (``/``-separated), for the build to parse.
    """
    src = os.fspath(rules_src)
    if not os.path.isdir(src):
        raise RulesError(f"rules folder not found: {src}")
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{FORMAT}:{sys.version_info[:2]}".encode())
    roots = (("src", src, None), ("code", PACKAGE_DIR, (".py",)), ("grammar", grammar_folder(), (".lark",)))
    for label, root, suffixes in roots:
        for path in _files(root, suffixes):
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            h.update(f"\0{label}:{rel}\0".encode())
            try:
                with open(path, "rb") as fh:
                    data = fh.read()
            except OSError:
                continue  # unreadable or vanished: the build names it when it needs it
            h.update(data)
            if keep is not None and label == "src":
                keep[rel] = data
    return h.hexdigest()


def builds_folder(rules_src: str | os.PathLike[str]) -> str:
    """Where the builds of this rules folder are kept."""
    src = os.path.realpath(os.fspath(rules_src))
    tag = hashlib.blake2b(src.encode("utf-8", "surrogateescape"), digest_size=8).hexdigest()
    return os.path.join(cache_folder(src), "builds", tag)


def _load(file: str, key: str) -> Any:
    """The object stored in ``file`` for ``key``, or None.

    A file that exists but cannot be loaded (damaged, truncated, written by
    other code) is removed, with a note, so the next build replaces it.
    """
    try:
        with open(file, "rb") as fh:
            obj = pickle.load(fh)
    except FileNotFoundError:
        return None
    except Exception as err:  # noqa: BLE001 - any damage means the same: build anew
        print(f"referee: note: discarding an unreadable cache file ({type(err).__name__}); rebuilding", file=sys.stderr)
        try:
            os.unlink(file)
        except OSError:
            pass
        return None
    found = obj.get("key") if isinstance(obj, dict) else getattr(obj, "key", None)
    return obj if found == key else None


def load_or_build(rules_src: str | os.PathLike[str], refresh: bool = False, progress: Progress = None) -> Build:
    """The whole build for the current content of ``rules_src``."""
    files: dict[str, bytes] = {}
    key = content_key(rules_src, keep=files)
    if not refresh:
        build = _load(os.path.join(builds_folder(rules_src), f"build-{key}.pickle"), key)
        if build is not None:
            return build
    return _build(rules_src, key, files, progress)


def load_view(rules_src: str | os.PathLike[str], refresh: bool = False, progress: Progress = None) -> View:
    """The plain-data view for the current content of ``rules_src``."""
    from referee.build.view import View

    files: dict[str, bytes] = {}
    key = content_key(rules_src, keep=files)
    if not refresh:
        data = _load(os.path.join(builds_folder(rules_src), f"view-{key}.pickle"), key)
        if data is not None:
            return View(data)
    return View.of(_build(rules_src, key, files, progress))


def _build(rules_src: str | os.PathLike[str], key: str, files: dict[str, bytes], progress: Progress) -> Build:
    from referee.build.record import assemble
    from referee.build.view import View

    build = assemble(rules_src, key, progress, files)
    folder = builds_folder(rules_src)
    try:
        os.makedirs(folder, exist_ok=True)
        _write(os.path.join(folder, f"build-{key}.pickle"), build)
        _write(os.path.join(folder, f"view-{key}.pickle"), View.of(build).data)
    except OSError:
        return build  # a read-only cache folder only costs speed
    _prune(folder)
    return build


def _write(file: str, obj: Any) -> None:
    import tempfile

    stem = os.path.basename(file).split("-", 1)[0]
    fd, tmp = tempfile.mkstemp(prefix=f".{stem}-", suffix=".tmp", dir=os.path.dirname(file))
    try:
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(obj, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, file)
    except BaseException:
        os.unlink(tmp)
        raise


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
        if kind in ("view", "build") and rest.endswith(".pickle"):
            key = rest[: -len(".pickle")]
            builds[key] = max(builds.get(key, 0.0), mtime)
        elif kind == "search":
            indexes.append(rest)
    kept = set(sorted(builds, key=builds.__getitem__, reverse=True)[:KEEP])
    for key in set(builds) - kept:
        for kind in ("view", "build"):
            _remove(os.path.join(folder, f"{kind}-{key}.pickle"))
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
