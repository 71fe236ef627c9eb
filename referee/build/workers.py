"""Reading a rules folder's systems on every core, each system in a process of its own.

Systems are namespaces, so the systems of a rules folder are read apart
(:func:`referee.build.parts.read_part`) and put together after.  With more
than one system to read and a corpus big enough to repay starting
processes, they are read by a pool of forked workers, one per core;
otherwise, or where processes cannot be started, one after the other in
this process.  Either way :func:`read_parts` gives the parts in folder
order, and what it gives is the same.

A worker tells the build's progress (``Read <document>``) through a queue
that this process reads while it waits; a system whose files did not
change since it was last read is taken from the memo
(:mod:`referee.build.memo`) and not read at all.

``REFEREE_WORKERS=N`` sets the number of workers (1: read in this process).
"""

from __future__ import annotations

import os
import sys
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from referee.build.memo import Memo
    from referee.build.parts import Part

WORKERS = "REFEREE_WORKERS"
PARALLEL_BYTES = 1 << 20  # a smaller corpus reads faster than processes start


def workers(systems: int, size: int) -> int:
    """How many processes read ``systems`` systems of ``size`` bytes in all."""
    wanted = os.environ.get(WORKERS, "").strip()
    if wanted.isdigit():
        n = int(wanted)
    elif size < PARALLEL_BYTES:
        n = 1
    else:
        n = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(n, systems))


def read_parts(
    root: Path,
    folders: list[Path],
    files: dict[str, bytes] | None = None,
    progress: Callable[[str], None] | None = None,
    memo: Memo | None = None,
    trusted: Callable[[Part], bool] | None = None,
) -> Iterator[Part]:
    """Every system folder read into a part, in folder order, each given once read.

    A part recalled from the memo is checked against its digests first, unless
    ``trusted`` vouches for it (a file no one wrote since a build checked it:
    the cache knows, :func:`referee.build.cache._trusted`); one found damaged
    is read anew."""
    from referee.build import parts

    keys = [memo.part_key(root, folder, files) if memo else None for folder in folders]
    recalled: dict[int, Part] = {}
    for i, key in enumerate(keys):
        found = memo.recall_part(key) if memo and key else None
        if found is not None:
            recalled[i] = found
    todo = [i for i in range(len(folders)) if i not in recalled]
    size = sum(len(data) for data in files.values()) if files else 0
    pool = _pool(workers(len(todo), size), (root, folders, files, keys, memo))
    try:
        # The biggest systems first, so that no core is left with a big one at the end.
        order = sorted(todo, key=lambda i: -_size(folders[i], root, files))
        futures = {i: pool[0].submit(_read, i) for i in order} if pool else {}
        for i in range(len(folders)):
            again = lambda i=i: _read_here(root, folders[i], files, progress, memo, keys[i])  # noqa: E731
            if i in recalled:
                try:
                    if trusted is None or not trusted(recalled[i]):
                        parts.check(recalled[i].path)
                    yield recalled[i]
                    continue
                except parts.Damaged:  # a damaged memo file: read the system anew
                    part = again()
                except OSError:  # gone meanwhile (another build pruned it)
                    part = again()
            elif i in futures:
                part = _wait(futures[i], pool[1], progress) or again()
            else:
                part = again()
            yield part
    except BaseException:
        if pool:  # a system failed (or the build was stopped): the others' reading is moot
            for process in dict(getattr(pool[0], "_processes", None) or {}).values():
                process.terminate()
        raise
    finally:
        if pool:
            pool[0].shutdown(wait=True, cancel_futures=True)
            _tell(pool[1], progress)


def _size(folder: Path, root: Path, files: dict[str, bytes] | None) -> int:
    prefix = folder.relative_to(root).as_posix() + "/"
    return sum(len(data) for rel, data in (files or {}).items() if rel.startswith(prefix))


def _read_here(root: Path, folder: Path, files: dict[str, bytes] | None, progress: Any, memo: Memo | None, key: str | None) -> Part:
    """Read a system here and write its part: into the memo when it can hold it,
    else into a temporary file that goes once used."""
    import tempfile

    from referee.build import parts

    read = parts.read_part(root, folder, files, progress, memo)
    kept = memo.keep_part(key, read) if memo and key else None
    if kept is not None:
        return kept
    fd, path = tempfile.mkstemp(prefix="referee-part-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            parts.write(fh, read)
    except BaseException:
        os.unlink(path)
        raise
    return parts.Part(path, temporary=True, key=key)


# -- the pool ----------------------------------------------------------------------------

_JOB: tuple[Any, ...] = ()  # what a worker reads: set by _start in the worker, inherited by fork


def _pool(n: int, job: tuple[Any, ...]) -> tuple[Any, Any] | None:
    """A pool of ``n`` forked workers and their progress queue, or None to read here."""
    if n < 2 or sys.platform != "linux":
        return None
    try:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("fork")
        queue = context.Queue()
        return ProcessPoolExecutor(n, mp_context=context, initializer=_start, initargs=(job, queue)), queue
    except (OSError, ImportError, ValueError):  # no processes here (a sandbox, no /dev/shm): read in this one
        return None


def _start(job: tuple[Any, ...], queue: Any) -> None:
    """In a worker: take the job (inherited, never pickled) and die with the build."""
    global _JOB
    _JOB = (*job, queue)
    try:  # a build killed part-way leaves no worker behind (Linux: PR_SET_PDEATHSIG)
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)
    except Exception:  # noqa: BLE001 - only tidiness is lost
        pass


def _read(i: int) -> Part:
    """In a worker: read system folder ``i``, keep it in the memo, hand it back."""
    root, folders, files, keys, memo, queue = _JOB
    try:
        return _read_here(root, folders[i], files, queue.put, memo, keys[i])
    finally:
        _let_go()


def _let_go() -> None:
    """Hand the memory of a system read back before the next: a worker reads several."""
    import gc

    gc.collect()
    try:
        import ctypes

        ctypes.CDLL(None).malloc_trim(0)  # glibc keeps freed heap otherwise
    except Exception:  # noqa: BLE001 - not glibc: only the peak is higher
        pass


def _wait(future: Any, queue: Any, progress: Callable[[str], None] | None) -> Part | None:
    """The part a worker reads, telling its progress meanwhile; None if the pool broke
    (a worker killed from outside): the caller reads that system itself."""
    from concurrent.futures import wait
    from concurrent.futures.process import BrokenProcessPool

    while not future.done():
        _tell(queue, progress)
        wait([future], timeout=0.1)
    _tell(queue, progress)
    try:
        return future.result()
    except BrokenProcessPool:
        return None


def _tell(queue: Any, progress: Callable[[str], None] | None) -> None:
    import queue as queues

    while True:
        try:
            what = queue.get_nowait()
        except (queues.Empty, OSError, ValueError):
            return
        if progress is not None:
            progress(what)
