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

Only a folder that is empty, or that a site build made (it holds the
:data:`MARKER` file every build writes), is ever replaced: anything else
(a project folder, someone's notes, the rules folder) is refused with
:class:`NotASite` before anything is touched, and so is a folder that is,
or holds, one of the folders ``Staged`` is told to keep (the rules).

On Linux the new folder and the previous one are exchanged in one step
(``renameat2`` with ``RENAME_EXCHANGE``), so a reader of ``out`` always finds a
whole site there, the old or the new.  Where the system or its file system
cannot exchange, the previous folder is renamed aside first: between the two
renames there is a moment (two system calls long) with no folder at ``out``,
and a build killed exactly then leaves the previous site under its
``.<name>.old-<pid>-...`` name beside it, never half of one.
"""

from __future__ import annotations

import errno
import os
import secrets
import shutil
import sys
import tempfile
from types import TracebackType

BUILDING = "building"
OLD = "old"
MARKER = ".referee-site"  # written into every site built; its presence lets the next build replace the folder
MARKER_TEXT = "This folder was built by `referee site build`; the next build replaces it whole.\n"
ATTEMPTS = 50  # swaps lost to other builds renaming in between; each loss means another build finished


class NotASite(OSError):
    """``out`` is a folder a site build may not replace (its ``strerror`` says why)."""


class Staged:
    """``with Staged(out) as staged:`` build into ``staged.folder``; on a clean exit it becomes ``out``.

    ``keep``: folders (the rules folder) that ``out`` may be neither equal to nor hold.
    """

    def __init__(self, out: str, keep: tuple[str, ...] = ()) -> None:
        out = os.path.abspath(out)
        if os.path.islink(out):  # replace the folder the link points at, not the link
            out = os.path.realpath(out)
        self.out = out
        self.keep = keep
        self.parent, self.name = os.path.split(out)
        self.folder = ""

    def __enter__(self) -> Staged:
        if os.path.lexists(self.out) and not os.path.isdir(self.out):
            raise NotADirectoryError(errno.ENOTDIR, "not a folder", self.out)
        check_replaceable(self.out, self.keep)
        os.makedirs(self.parent, exist_ok=True)
        remove_stale(self.parent, self.name)
        self.folder = tempfile.mkdtemp(dir=self.parent, prefix=sibling(self.name, BUILDING))
        os.chmod(self.folder, 0o777 & ~current_umask())  # mkdtemp's 0700 would hide the site from a web server
        with open(os.path.join(self.folder, MARKER), "w", encoding="utf-8") as fh:
            fh.write(MARKER_TEXT)
        return self

    def __exit__(self, kind: type[BaseException] | None, _error: BaseException | None, _tb: TracebackType | None) -> None:
        try:
            if kind is None:
                swap_in(self.folder, self.out)
        finally:
            if os.path.isdir(self.folder):  # the build failed, or the swap did
                shutil.rmtree(self.folder, ignore_errors=True)


def check_replaceable(out: str, keep: tuple[str, ...] = ()) -> None:
    """Raise :class:`NotASite` unless ``out`` is missing, empty or a site a build made,
    and is neither one of ``keep`` nor a folder holding one."""
    real = os.path.realpath(out)
    for folder in keep:
        kept = os.path.realpath(folder)
        if real == kept or kept.startswith(real.rstrip(os.sep) + os.sep):
            what = "the rules folder" if real == kept else "a folder holding the rules folder"
            raise NotASite(errno.EEXIST, f"that is {what}; give a folder of its own for the site", out)
        if real.startswith(kept.rstrip(os.sep) + os.sep):
            raise NotASite(errno.EEXIST, "that is inside the rules folder; give a folder outside it for the site", out)
    try:
        entries = os.listdir(real)
    except (FileNotFoundError, NotADirectoryError):  # a new folder; a file is refused by Staged
        return
    if entries and MARKER not in entries:
        raise NotASite(
            errno.ENOTEMPTY,
            f"the folder holds files a site build did not write (no {MARKER} in it), and a build replaces its folder whole; "
            "give an empty or new folder",
            out,
        )


def sibling(name: str, what: str, pid: int | None = None) -> str:
    """The prefix of a folder beside ``name``: hidden, naming its process (``.site.building-4242-``)."""
    return f".{name}.{what}-{os.getpid() if pid is None else pid}-"


def swap_in(new: str, out: str) -> None:
    """Put ``new`` at ``out``: exchanged with the folder there, which is then removed; where
    the system cannot exchange, the folder there renamed aside, ``new`` renamed into place."""
    if os.path.isdir(out) and not os.path.islink(out) and _exchanged(new, out):
        shutil.rmtree(new, ignore_errors=True)  # the previous site, now where the new one was built
        return
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


_AT_FDCWD = -100  # <fcntl.h>: paths relative to the working folder
_RENAME_EXCHANGE = 2  # <linux/fs.h>


def _exchanged(a: str, b: str) -> bool:
    """Whether the folders at ``a`` and ``b`` were swapped in one step (Linux's ``renameat2``);
    False, with nothing done, where the system, its C library or the file system cannot, or
    one of them is gone (another build's rename)."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):  # a C library without it (glibc before 2.28)
        return False
    renameat2.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOENT):
        return False
    raise OSError(err, os.strerror(err), b)


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
