"""The build cache: one pickle per content hash of rules_src and of the code.

A warm call hashes the bytes of every file under rules_src and of Referee's
own code and grammars (a few hundred KB: about a millisecond), then unpickles
the build.  Writes go to a temporary file in the cache folder and are renamed
into place, so a reader never sees half a cache; a build that fails writes
nothing.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from referee.errors import RulesError
from referee.paths import GRAMMAR, PACKAGE, cache_dir

if TYPE_CHECKING:
    from referee.rulebase import Rulebase

FORMAT = 1  # bump when the pickled shape changes in a way code hashing cannot see
_KEEP = 4  # cache files kept per folder


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


def load_or_build(
    rules_src: Path, refresh: bool = False, progress: Callable[[str], None] | None = None
) -> Rulebase:
    from referee.rulebase import build_rulebase

    if not rules_src.is_dir():
        raise RulesError(f"rules folder not found: {rules_src}")
    key = content_key(rules_src)
    folder = cache_dir()
    file = folder / f"rulebase-{key}.pickle"
    if not refresh:
        try:
            with file.open("rb") as fh:
                rb = pickle.load(fh)
            if rb.key == key:
                return rb
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
            pass  # no cache, or one from other code: build anew
    rb = build_rulebase(rules_src, key, progress)
    _write(folder, file, rb)
    return rb


def _write(folder: Path, file: Path, rb: Rulebase) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".rulebase-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(rb, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, file)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return  # a read-only cache folder only costs speed
    olds = sorted(folder.glob("rulebase-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in olds[_KEEP:]:
        old.unlink(missing_ok=True)
