"""A site folder replaced whole: built beside its place, then renamed into it.

MkDocs empties its ``site_dir`` and writes page after page into it, so a
build killed part-way would leave half a site where a whole one was.  A
:class:`Staged` folder is made beside ``out`` (the same parent, so the same
file system, where a rename is atomic); the build writes there, and when it
has ended well the previous folder is renamed aside, the new one renamed
into its place and the previous one removed.  A build that fails, or is
killed, leaves the previous folder as it was (a killed one also leaves its
staged folder, removed by the next build into the same place).

Two builds into one place each stage their own folder; whichever renames
last wins, whole.  A rename onto a folder another build has just put in
place fails (the folder is not empty), so the swap is tried again.

Between the two renames there is a moment (two system calls long) with no
folder at ``out``; a build killed exactly then leaves the previous site
under its ``.<name>.old-<pid>-...`` name beside it, never half of one.
"""

from __future__ import annotations

import errno
import os
import secrets
import shutil
import tempfile
from types import TracebackType

BUILDING = "building"
OLD = "old"
ATTEMPTS = 50  # swaps lost to other builds renaming in between; each loss means another build finished


class Staged:
    """``with Staged(out) as staged:`` build into ``staged.folder``; on a clean exit it becomes ``out``."""

    def __init__(self, out: str) -> None:
        out = os.path.abspath(out)
        if os.path.islink(out):  # replace the folder the link points at, not the link
            out = os.path.realpath(out)
        self.out = out
        self.parent, self.name = os.path.split(out)
        self.folder = ""

    def __enter__(self) -> Staged:
        if os.path.lexists(self.out) and not os.path.isdir(self.out):
            raise NotADirectoryError(errno.ENOTDIR, "not a folder", self.out)
        os.makedirs(self.parent, exist_ok=True)
        remove_stale(self.parent, self.name)
        self.folder = tempfile.mkdtemp(dir=self.parent, prefix=sibling(self.name, BUILDING))
        os.chmod(self.folder, 0o777 & ~current_umask())  # mkdtemp's 0700 would hide the site from a web server
        return self

    def __exit__(self, kind: type[BaseException] | None, _error: BaseException | None, _tb: TracebackType | None) -> None:
        try:
            if kind is None:
                swap_in(self.folder, self.out)
        finally:
            if os.path.isdir(self.folder):  # the build failed, or the swap did
                shutil.rmtree(self.folder, ignore_errors=True)


def sibling(name: str, what: str, pid: int | None = None) -> str:
    """The prefix of a folder beside ``name``: hidden, naming its process (``.site.building-4242-``)."""
    return f".{name}.{what}-{os.getpid() if pid is None else pid}-"


def swap_in(new: str, out: str) -> None:
    """Rename ``new`` to ``out``, the folder there before renamed aside and removed after."""
    parent, name = os.path.split(out)
    for _ in range(ATTEMPTS):
        aside = None
        if os.path.lexists(out):
            aside = os.path.join(parent, sibling(name, OLD) + secrets.token_hex(4))
            try:
                os.rename(out, aside)
            except FileNotFoundError:  # another build moved it aside first
                aside = None
        try:
            os.rename(new, out)
        except OSError as err:
            if err.errno in (errno.ENOTEMPTY, errno.EEXIST):  # another build renamed its site in meanwhile
                if aside is not None:
                    shutil.rmtree(aside, ignore_errors=True)
                continue
            if aside is not None:  # put the previous site back
                try:
                    os.rename(aside, out)
                except OSError:
                    pass
            raise
        if aside is not None:
            shutil.rmtree(aside, ignore_errors=True)
        return
    raise OSError(errno.EBUSY, f"other builds kept replacing it ({ATTEMPTS} tries)", out)


def remove_stale(parent: str, name: str) -> None:
    """Folders a killed build left beside ``name`` (its process gone): staged or set-aside sites."""
    try:
        entries = os.listdir(parent)
    except OSError:
        return
    for entry in entries:
        pid = _pid_of(entry, name)
        if pid is not None and not _alive(pid):
            shutil.rmtree(os.path.join(parent, entry), ignore_errors=True)


def _pid_of(entry: str, name: str) -> int | None:
    for what in (BUILDING, OLD):
        prefix = f".{name}.{what}-"
        if entry.startswith(prefix):
            digits = entry[len(prefix):].partition("-")[0]
            return int(digits) if digits.isdigit() else None
    return None


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def current_umask() -> int:
    """The process's umask (read by setting it, then put back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
