"""Reading a rules folder's systems on every core, each system in a forked worker of its own.

The biggest systems go first, so that no core is left with a big one at the end; each
worker tells the build's progress (``Read <document>``) through a queue this process reads
while it waits.  One system, a small folder (it reads faster than processes start) or no
way to start a process: the systems are read here, one after the other; a worker killed from
outside: its system is read here.  ``REFEREE_WORKERS=N`` sets the number of workers.
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import queue as queues
import signal
import sys
from concurrent.futures import ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.store import system

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from referee.store.system import Read

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


def read_systems(
    root: Path,
    folders: list[Path],
    files: dict[str, bytes] | None,
    progress: Callable[[str], None] | None,
    store: str | None,
    code: str,
    keys: list[str | None],
) -> Iterator[Read]:
    """Every system folder of ``folders`` read, in their order, each given once read
    (taking what it can from the store in file ``store``); ``keys``: each folder's
    :func:`~referee.store.system.read_key`."""
    prefixes = [f"{folder.relative_to(root).as_posix()}/" for folder in folders]
    sizes = [sum(len(data) for rel, data in (files or {}).items() if rel.startswith(prefix)) for prefix in prefixes]
    size = sum(len(data) for data in files.values()) if files else 0
    pool = _pool(workers(len(folders), size), (root, folders, files, store, code, keys))
    if pool is None:
        for i, folder in enumerate(folders):
            yield system.read(root, folder, files, progress, store, code, keys[i], whole=False)
        return
    executor, queue = pool
    try:
        futures = {i: executor.submit(_read, i) for i in sorted(range(len(folders)), key=lambda i: -sizes[i])}
        for i, folder in enumerate(folders):
            while not futures[i].done():
                _tell(queue, progress)
                wait([futures[i]], timeout=0.1)
            _tell(queue, progress)
            try:
                yield futures[i].result()
            except BrokenProcessPool:  # a worker killed from outside
                yield system.read(root, folder, files, progress, store, code, keys[i], whole=False)
    except BaseException:  # a system failed (or the build was stopped): the others' reading is moot
        for process in dict(getattr(executor, "_processes", None) or {}).values():
            process.terminate()
        raise
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
        _tell(queue, progress)


def _pool(n: int, job: tuple[Any, ...]) -> tuple[ProcessPoolExecutor, Any] | None:
    """A pool of ``n`` forked workers and their progress queue, or None to read here."""
    if n < 2 or sys.platform != "linux":
        return None
    try:
        context = multiprocessing.get_context("fork")
        queue = context.Queue()
        return ProcessPoolExecutor(n, mp_context=context, initializer=_start, initargs=(job, queue)), queue
    except (OSError, ImportError, ValueError):  # no processes here (a sandbox, no /dev/shm)
        return None


_JOB: tuple[Any, ...] = ()  # what a worker reads: set by _start in the worker, inherited by fork


def _start(job: tuple[Any, ...], queue: Any) -> None:
    """In a worker: take the job (inherited, never pickled) and die with the build."""
    global _JOB
    _JOB = (*job, queue)
    try:  # a build killed part-way leaves no worker behind (Linux: PR_SET_PDEATHSIG)
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)
    except Exception:  # noqa: BLE001 - only tidiness is lost
        pass


def _read(i: int) -> Read:
    """In a worker: read system folder ``i`` and hand it back, then its memory (a worker reads several)."""
    root, folders, files, store, code, keys, queue = _JOB
    try:
        return system.read(root, folders[i], files, queue.put, store, code, keys[i])
    finally:
        gc.collect()
        try:
            ctypes.CDLL(None).malloc_trim(0)  # glibc keeps freed heap otherwise
        except Exception:  # noqa: BLE001 - not glibc: only the peak is higher
            pass


def _tell(queue: Any, progress: Callable[[str], None] | None) -> None:
    while True:
        try:
            what = queue.get_nowait()
        except (queues.Empty, OSError, ValueError):
            return
        if progress is not None:
            progress(what)
