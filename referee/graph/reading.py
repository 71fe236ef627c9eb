"""What the effect reader finds in a system's rules, on every core.

:func:`referee.graph.effects.read_rule` reads one rule at a time, and most
of a build's time goes there.  :class:`Readings` answers for the rules of
one system in chunks of consecutive rules: a chunk is read by a pool of
forked workers, one per core, several chunks ahead of the one asked for,
while the caller goes on with what it was given (a system of one big
document uses both cores, not one).  A rule asked for alone (a rebuild's
edited one: the store keeps what was read in the others,
:mod:`referee.store.record`) is read alone, here.

Whatever the way, the answer is the one ``read_rule`` gives for the rule
(``tests/graph/test_reading.py`` compares them on rules_src and a synthetic
system).  Chunks are cut where a rule's id says so (content-defined): a rule
added or removed moves the boundaries of its own chunk only.
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
import sys
import weakref
import zlib
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.graph import effects
from referee.graph.lexer import NameIndex, Names, name_index
from referee.graph.sentences import line_at

if TYPE_CHECKING:
    from referee.graph.effects import Sentence
    from referee.model import Relation, Rule
    from referee.rulebase import Rulebase

    Found = tuple[list[Relation], list[Sentence]]

WORKERS = "REFEREE_WORKERS"  # the build's knob: N processes (1: read in this one)
POOL_RULES = 3000  # a system of fewer rules is read faster than processes start
CHUNK_MOST = 256  # rules a chunk holds at most
CHUNK_LEAST = 16  # and at least, but at a document's end
CUT = 64  # a chunk ends after a rule whose id's CRC-32 is 0 modulo this: about 64 rules a chunk
AHEAD = 6  # chunks each worker is given ahead of the one asked for
KEPT_OPEN = 4  # chunks kept unpickled: rules are asked for in reading order


def chunks(rules: list[Rule]) -> list[list[Rule]]:
    """Consecutive rules (reading order) in chunks: a chunk ends at a document's end,
    after :data:`CHUNK_MOST` rules, or after a rule whose id hashes to 0 modulo
    :data:`CUT` once it holds :data:`CHUNK_LEAST`."""
    out: list[list[Rule]] = []
    for rule in rules:
        if not out or len(out[-1]) == CHUNK_MOST or out[-1][-1].source.file != rule.source.file:
            out.append([])
        elif len(out[-1]) >= CHUNK_LEAST and zlib.crc32(out[-1][-1].id.encode("utf-8", "surrogatepass")) % CUT == 0:
            out.append([])
        out[-1].append(rule)
    return out


class Readings:
    """What :func:`~referee.graph.effects.read_rule` finds in each rule of ``system``:
    call it with a rule of the system.  ``workers``: processes reading at once (None:
    ``REFEREE_WORKERS``, else one per core for a system of :data:`POOL_RULES` rules or
    more; never in a worker of the build, which already has its core).
    """

    def __init__(self, rulebase: Rulebase, system: str, workers: int | None = None) -> None:
        self.texts = rulebase.texts
        self.names = rulebase.names.get(system, {})
        self.core = rulebase.manifests[system].core_terms
        self.chunks = chunks(list(rulebase.in_system(system)))
        self.where = {rule.id: (i, j) for i, chunk in enumerate(self.chunks) for j, rule in enumerate(chunk)}
        self.read_here = 0  # chunks this process read, and the workers (for tests and benchmarks)
        self.alone = 0  # rules read one at a time, here
        self.read_by_workers = 0
        self._workers = worker_count(workers, len(self.where))
        self._pending: dict[int, Any] = {}  # chunk -> future
        self._open: dict[int, list[tuple[Found, Asked]]] = {}
        self._asked: set[int] = set()
        self.names_asked: dict[str, Asked] = {}  # rule id -> what its reading asked of the names (lexer.NameChange), until taken
        self._pool: Any = None
        self._index: NameIndex | None = None

    @property
    def index(self) -> NameIndex:
        """The system's name index, made on the first rule read and kept as long as this
        reader is (every rule's :class:`Names` shares it; the workers inherit it filled)."""
        if self._index is None:
            self._index = name_index(self.names, self.core)
        return self._index

    @property
    def workers(self) -> int:
        """How many processes read at once (1: this one)."""
        return self._workers

    def __call__(self, rule: Rule) -> Found:
        at = self.where.get(rule.id)
        if at is None or (self.chunks[at[0]][at[1]] is not rule and self.chunks[at[0]][at[1]] != rule):
            return self._alone(rule)  # not as it was given
        i, j = at
        if i not in self._open:
            # The workers read ahead once rules are asked for chunk after chunk (a build);
            # a rule asked for alone (a rebuild's edited one) is read alone.
            pooled = i in self._pending or (i - 1 in self._asked and self._workers > 1 and self._start())
            self._asked.add(i)
            if not pooled:
                self.alone += 1
                return self._alone(rule)
            if len(self._open) >= KEPT_OPEN:
                del self._open[next(iter(self._open))]
            self._open[i] = pickle.loads(self._chunk(i))
        found, self.names_asked[rule.id] = self._open[i][j]
        return found

    def _alone(self, rule: Rule) -> Found:
        names = Names(self.names, self.core, rule.id, self.index)
        found = effects.read_rule(rule, names, self.texts)
        self.names_asked[rule.id] = asked_of(names)
        return found

    def close(self) -> None:
        """Stop the workers (also done once every chunk was handed out, or when dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    # -- one chunk --------------------------------------------------------------------

    def _chunk(self, i: int) -> bytes:
        """Chunk ``i``'s readings, pickled: from a worker, or read here (a worker failed)."""
        data = None
        if self._pool is not None:
            self._ahead(i)  # i first, unless a worker has it already
            try:
                data = self._pending.pop(i).result()
                self.read_by_workers += 1
                self._ahead(i + 1)  # the workers stay busy while this chunk is used
            except Exception:  # noqa: BLE001 - a worker killed, or an error: read here (the same error, if one)
                self.close()
                self._workers = 1
                self._pending.clear()
        if data is None:
            data = _read(self.chunks[i], self.names, self.core, self.texts, self.index)
            self.read_here += 1
        if i == len(self.chunks) - 1:
            self.close()
        return data

    def _ahead(self, start: int) -> None:
        """Give the workers the chunks from ``start`` on that none has, as many as keep them busy."""
        for k in range(start, min(len(self.chunks), start + AHEAD * self._workers)):
            if k not in self._pending and k not in self._open:
                self._pending[k] = self._pool.submit(_read_chunk, k)

    def _start(self) -> bool:
        """The pool, started on the first chunk it is needed for; False when processes
        cannot be started here (then chunks are read in this process)."""
        if self._pool is not None:
            return True
        try:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # What every worker needs, made once here and inherited by the fork.
            self.index.fill()  # filed whole here: the workers share it
            for text in self.texts.values():
                line_at(text, 1)
            context = multiprocessing.get_context("fork")
            job = (self.chunks, self.names, self.core, self.texts, self.index)
            self._pool = ProcessPoolExecutor(self._workers, mp_context=context, initializer=_begin, initargs=(job,))
            # Forked now, with the collector's headers of every object left as they are
            # (a collection in a worker would otherwise copy the pages it touches).
            gc.freeze()
            try:
                self._pool.submit(int).result()
            finally:
                gc.unfreeze()
        except (OSError, ImportError, ValueError):  # no processes here (a sandbox, no /dev/shm)
            self._workers = 1
            return False
        weakref.finalize(self, self._pool.shutdown, False, cancel_futures=True)
        return True


def worker_count(wanted: int | None, rules: int) -> int:
    """The processes to read ``rules`` rules on: ``wanted`` if given, else ``REFEREE_WORKERS``, else
    every core this process may use once there are :data:`POOL_RULES` rules or more; one off Linux
    and inside a build's worker."""
    if sys.platform != "linux":
        return 1
    if wanted is None:
        import multiprocessing

        if multiprocessing.parent_process() is not None:  # a build's worker, reading one system of several
            return 1
        told = os.environ.get(WORKERS, "").strip()
        if told.isdigit():
            wanted = int(told)
        elif rules < POOL_RULES:
            return 1
        else:
            wanted = len(os.sched_getaffinity(0))
    return max(1, wanted)


Asked = tuple[tuple[str, ...], tuple[str, ...]]  # the names a reading asked for, and the words' heads it looked up, sorted


def asked_of(names: Names) -> Asked:
    return tuple(sorted(names.asked)), tuple(sorted(names.heads))


def _read(chunk: list[Rule], names: dict[str, list[str]], core: tuple[str, ...], texts: dict[str, str], index: NameIndex) -> bytes:
    """A chunk's readings, each with the names it asked for, pickled."""
    found = []
    for rule in chunk:
        known = Names(names, core, rule.id, index)
        found.append((effects.read_rule(rule, known, texts), asked_of(known)))
    return pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL)


# -- in a worker ------------------------------------------------------------------------

_JOB: tuple[Any, ...] = ()  # (chunks, names, core terms, texts, name index): inherited by fork, never pickled


def _begin(job: tuple[Any, ...]) -> None:
    global _JOB
    _JOB = job
    try:  # a build killed part-way leaves no worker behind (Linux: PR_SET_PDEATHSIG)
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)
    except Exception:  # noqa: BLE001 - only tidiness is lost
        pass


def _read_chunk(i: int) -> bytes:
    chunks, names, core, texts, index = _JOB
    return _read(chunks[i], names, core, texts, index)
