"""The build cache, keyed by a content hash of rules_src and of the code.

A warm call hashes the bytes of every file under rules_src and of Referee's
own code and grammars (a few hundred KB: a couple of milliseconds) and reads
the build for that hash.  Each build is kept twice: the full
:class:`~referee.rulebase.Rulebase` (``rulebase-<key>.pickle``) for readers
that need the records, and its plain-data view (``view-<key>.pickle``) for
the quick commands.  Writes go to a temporary file in the cache folder and
are renamed into place, the view last, so a reader never sees half a cache;
a build that fails writes nothing.

This module is on every warm call's path: it works on strings with
``os.path`` and imports pathlib only to build.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
TYPE_CHECKING = False  # typing itself costs ~4 ms of a warm call; only checkers read this

from referee.errors import RulesError
from referee.paths import GRAMMAR_DIR, PACKAGE_DIR, cache_folder

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.rulebase import Rulebase
    from referee.rulebase.view import RulebaseView

    Progress = Callable[[str], None] | None

FORMAT = 3  # bump when the pickled shape changes in a way code hashing cannot see
_KEEP = 4  # builds kept per cache folder
_STALE = (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, KeyError, TypeError)


def _files(root: str, suffixes: tuple[str, ...] | None = None) -> list[str]:
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            if suffixes is None or name.endswith(suffixes):
                out.append(os.path.join(folder, name))
    return out


def content_key(rules_src: str | os.PathLike[str]) -> str:
    """A hash of rules_src's files (names and bytes) and of the code reading them."""
    src = os.fspath(rules_src)
    if not os.path.isdir(src):
        raise RulesError(f"rules folder not found: {src}")
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{FORMAT}:{sys.version_info[:2]}".encode())
    for label, root, suffixes in (("src", src, None), ("code", PACKAGE_DIR, (".py",)), ("grammar", GRAMMAR_DIR, (".lark",))):
        for path in _files(root, suffixes):
            h.update(f"\0{label}:{os.path.relpath(path, root)}\0".encode())
            with open(path, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()


def _read(file: str) -> Any:
    with open(file, "rb") as fh:
        return pickle.load(fh)


def load_or_build(rules_src: str | os.PathLike[str], refresh: bool = False, progress: Progress = None) -> Rulebase:
    """The full rulebase for the current content of ``rules_src``."""
    key = content_key(rules_src)
    if not refresh:
        try:
            rb = _read(os.path.join(cache_folder(), f"rulebase-{key}.pickle"))
            if rb.key == key:
                return rb
        except _STALE:
            pass  # no cache, or one written by other code: build anew
    return _build(rules_src, key, progress)


def load_view(rules_src: str | os.PathLike[str], refresh: bool = False, progress: Progress = None) -> RulebaseView:
    """The plain-data view for the current content of ``rules_src``."""
    from referee.rulebase.view import RulebaseView

    key = content_key(rules_src)
    if not refresh:
        try:
            data = _read(os.path.join(cache_folder(), f"view-{key}.pickle"))
            if data["key"] == key:
                return RulebaseView(data)
        except _STALE:
            pass
    return RulebaseView.of(_build(rules_src, key, progress))


def is_current(rules_src: str | os.PathLike[str]) -> bool:
    return os.path.exists(os.path.join(cache_folder(), f"view-{content_key(rules_src)}.pickle"))


def _build(rules_src: str | os.PathLike[str], key: str, progress: Progress) -> Rulebase:
    from pathlib import Path

    from referee.rulebase import build_rulebase
    from referee.rulebase.view import RulebaseView

    rb = build_rulebase(Path(rules_src), key, progress)
    folder = cache_folder()
    try:
        os.makedirs(folder, exist_ok=True)
        _write(os.path.join(folder, f"rulebase-{key}.pickle"), rb)
        _write(os.path.join(folder, f"view-{key}.pickle"), RulebaseView.of(rb).data)
    except OSError:
        return rb  # a read-only cache folder only costs speed
    _prune(folder)
    return rb


def _write(file: str, obj: Any) -> None:
    import tempfile

    stem = os.path.basename(file).rsplit(".", 1)[0]
    fd, tmp = tempfile.mkstemp(prefix=f".{stem}-", suffix=".tmp", dir=os.path.dirname(file))
    try:
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(obj, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, file)
    except BaseException:
        os.unlink(tmp)
        raise


def _prune(folder: str) -> None:
    """Keep the newest builds; drop older ones, and any half of a build."""
    builds: dict[str, float] = {}
    for name in os.listdir(folder):
        for prefix in ("view-", "rulebase-"):
            if name.startswith(prefix) and name.endswith(".pickle"):
                key = name[len(prefix) : -len(".pickle")]
                builds[key] = max(builds.get(key, 0.0), os.path.getmtime(os.path.join(folder, name)))
    for key in sorted(builds, key=builds.__getitem__, reverse=True)[_KEEP:]:
        for prefix in ("view-", "rulebase-"):
            try:
                os.unlink(os.path.join(folder, f"{prefix}{key}.pickle"))
            except FileNotFoundError:
                pass
