"""The build cache, keyed by a content hash of rules_src and of the code.

A warm call hashes the bytes of every file under rules_src and of Referee's
own code and grammars (a few hundred KB: a couple of milliseconds) and reads
the build for that hash.  Each build is kept twice: the full
:class:`~referee.rulebase.Rulebase` (``rulebase-<key>.pickle``) for readers
that need the records, and its plain-data view (``view-<key>.pickle``) for
the quick commands.  Writes go to a temporary file in the cache folder and
are renamed into place, the view last, so a reader never sees half a cache;
a build that fails writes nothing.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.errors import RulesError
from referee.paths import GRAMMAR, PACKAGE, cache_dir

if TYPE_CHECKING:
    from referee.rulebase import Rulebase
    from referee.rulebase.view import RulebaseView

FORMAT = 2  # bump when the pickled shape changes in a way code hashing cannot see
_KEEP = 4  # builds kept per cache folder
_STALE = (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, KeyError, TypeError)


def _files(root: Path, suffixes: tuple[str, ...] | None = None) -> list[Path]:
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            if suffixes is None or name.endswith(suffixes):
                out.append(Path(folder, name))
    return out


def content_key(rules_src: Path) -> str:
    """A hash of rules_src's files (names and bytes) and of the code reading them."""
    if not rules_src.is_dir():
        raise RulesError(f"rules folder not found: {rules_src}")
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{FORMAT}:{sys.version_info[:2]}".encode())
    for label, root, suffixes in (
        ("src", rules_src, None),
        ("code", PACKAGE, (".py",)),
        ("grammar", GRAMMAR, (".lark",)),
    ):
        if not root.is_dir():
            continue
        for path in _files(root, suffixes):
            h.update(f"\0{label}:{path.relative_to(root).as_posix()}\0".encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def _read(file: Path) -> Any:
    with file.open("rb") as fh:
        return pickle.load(fh)


def load_or_build(
    rules_src: Path, refresh: bool = False, progress: Callable[[str], None] | None = None
) -> Rulebase:
    """The full rulebase for the current content of ``rules_src``."""
    key = content_key(rules_src)
    file = cache_dir() / f"rulebase-{key}.pickle"
    if not refresh:
        try:
            rb = _read(file)
            if rb.key == key:
                return rb
        except _STALE:
            pass  # no cache, or one written by other code: build anew
    return _build(rules_src, key, progress)


def load_view(rules_src: Path, refresh: bool = False, progress: Callable[[str], None] | None = None) -> RulebaseView:
    """The plain-data view for the current content of ``rules_src``."""
    from referee.rulebase.view import RulebaseView

    key = content_key(rules_src)
    if not refresh:
        try:
            data = _read(cache_dir() / f"view-{key}.pickle")
            if data["key"] == key:
                return RulebaseView(data)
        except _STALE:
            pass
    return RulebaseView.of(_build(rules_src, key, progress))


def is_current(rules_src: Path) -> bool:
    return (cache_dir() / f"view-{content_key(rules_src)}.pickle").exists()


def _build(rules_src: Path, key: str, progress: Callable[[str], None] | None) -> Rulebase:
    from referee.rulebase import build_rulebase
    from referee.rulebase.view import RulebaseView

    rb = build_rulebase(rules_src, key, progress)
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _write(folder / f"rulebase-{key}.pickle", rb)
        _write(folder / f"view-{key}.pickle", RulebaseView.of(rb).data)
    except OSError:
        return rb  # a read-only cache folder only costs speed
    _prune(folder)
    return rb


def _write(file: Path, obj: Any) -> None:
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{file.stem}-", suffix=".tmp", dir=file.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(obj, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, file)
    except BaseException:
        os.unlink(tmp)
        raise


def _prune(folder: Path) -> None:
    views = sorted(folder.glob("view-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in views[_KEEP:]:
        key = old.stem.removeprefix("view-")
        old.unlink(missing_ok=True)
        (folder / f"rulebase-{key}.pickle").unlink(missing_ok=True)
