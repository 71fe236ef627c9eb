"""Compiled regular expressions kept between processes, in the cache folder.

CPython's ``re.compile`` spends nearly all its time in Python code: parsing the
pattern (``re._parser``) and generating the matcher's code from it
(``re._compiler``).  Making the pattern object from that code (``_sre.compile``,
in C) is about a hundredth of it.  A warm ``referee resolve`` with the keyword
grammar compiles over a hundred patterns (docs/performance.md, "Warm calls,
round 12"), so this module keeps each pattern's generated code in one file of
the cache folder and, in later processes, makes the pattern from it.

A kept entry can cost time, never a wrong match:

- the file's name and its first line are Python's exact build (``sys.version``
  with ``_sre``'s magic number and code size): another interpreter's file is
  never read;
- an entry is found by the pattern's exact text and flags: an edited pattern is
  a new entry;
- an entry is kept only once the pattern made from it compared equal to what
  ``re.compile`` made (a compiled pattern's equality compares its text, flags
  and code, word for word);
- a checksum (CRC-32: a fifth of blake2b's time, and zlib is loaded by every
  warm call already) covers the file's index and another each entry: a damaged
  index is ignored whole, a damaged or truncated entry alone;
- anything that fails on the way (an unreadable file, an entry of another
  shape, ``_sre.compile`` refusing it) falls back to ``re.compile``.

A call reads the index whole and decodes only the entries of the patterns it
uses.  New entries are written once, when the process ends, beside the old ones
(:mod:`referee.atomic`); a cache folder that is missing and cannot be made, or
is read-only, only costs the time of compiling as before.  A pattern compiled
here has its entry made (parsed and generated again, then compared) only then,
and only when it is among the :data:`KEPT` entries written: a process that
makes thousands of patterns (a build, a shell session, a test worker) paid that
second compile for every one of them, and the file keeps the newest 512.
"""

from __future__ import annotations

import _sre
import atexit
import marshal
import os
import re
import sys
import types
import zlib
from re import _compiler, _parser

from referee import paths

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

# What the generated code depends on: the interpreter's build, its regular-expression
# engine's version and the width of a code word.
STAMP = f"referee compiled patterns, indexed by hash\0{sys.implementation.name}\0{sys.version}\0{_sre.MAGIC}\0{_sre.CODESIZE}".replace("\n", " ").encode()
KEPT = 512  # entries at most (every call that makes a pattern reads the whole index): the package holds about 260 patterns; run-time and edited ones age out
MADE = 512  # patterns made and held in one process at most (re's own cache holds as many)
_WORD = {2: "H", 4: "I"}.get(_sre.CODESIZE)  # how a code word is stored (memoryview's format)

_kept: Kept | None = None  # the file's index and entries, read on the first compile
_made: dict[tuple[str, int], re.Pattern[str]] = {}  # what this process made, by text and flags
_used: dict[tuple[str, int], bytes | None] = {}  # the entries this process used or made, as stored (None: made here, its entry not made yet)
_pending: dict[tuple[str, int], re.Pattern[str]] = {}  # what re.compile made here for those None entries, the newest KEPT
_fresh = False  # an entry was made here: the file is written at exit (registered once)


class Kept:
    """A file's entries: its index (a pattern's :func:`slot` -> where its entry is, its
    length and checksum), read whole, and the entries, each decoded and checked only when
    asked for, so a call pays for the patterns it uses rather than for all that are kept.
    An entry holds its pattern's text and flags, compared with the asked ones on use."""

    def __init__(self, index: dict[int, tuple[int, int, int]], entries: bytes | memoryview) -> None:
        self.index = index
        self.entries = entries

    def stored(self, key: tuple[str, int]) -> bytes | None:
        """The entry in ``key``'s slot as stored (marshal), None when absent or damaged."""
        return self.at(slot(key))

    def at(self, where: int) -> bytes | None:
        """The entry in the slot ``where`` as stored, None when absent or damaged."""
        place = self.index.get(where)
        if place is None:
            return None
        try:
            start, size, check = place
            raw = self.entries[start : start + size]
        except (TypeError, ValueError):
            return None
        return bytes(raw) if len(raw) == size and zlib.crc32(raw) == check else None


def slot(key: tuple[str, int]) -> int:
    """Where a pattern's entry is found: the CRC-32 of its text, its flags above (an index of
    numbers reads in about a quarter of the time one of texts took; two texts in one slot
    cost one of them its entry, which is compared on use)."""
    text = key[0]
    return zlib.crc32(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")) | key[1] << 32


def file_name() -> str:
    """The file the kept patterns are in: one per interpreter build, in the cache folder."""
    tag = f"{zlib.crc32(STAMP):08x}"
    return os.path.join(paths.cache_folder(), f"patterns-{sys.implementation.cache_tag}-{tag}.marshal")


def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, made from the code kept for it when there is some;
    the same object again when asked again in this process (up to :data:`MADE` of them,
    as ``re`` keeps its own)."""
    key = (pattern, int(flags))
    made = _made.get(key)
    if made is None:
        if len(_made) >= MADE:
            _made.clear()
        made = _made[key] = _make(key)
    return made


def _make(key: tuple[str, int]) -> re.Pattern[str]:
    global _kept
    if _kept is None:
        try:
            _kept = read(file_name()) if _WORD else Kept({}, b"")
        except Exception:  # noqa: BLE001 - no cache folder to name: compile as before
            _kept = Kept({}, b"")
    # a pattern this process compiled, or an entry it used, is held (``_pending``, ``_used``), so a
    # pattern asked again after ``_made`` was emptied is not parsed and compiled again
    again = _pending.get(key)
    if again is not None:
        return again
    raw = _used.get(key) or _kept.stored(key)
    if raw is not None:
        try:
            text, flags, *entry = marshal.loads(raw)
            if (text, flags) != key:  # another pattern in the same slot
                raise LookupError(text)
            made = _from_entry(key[0], tuple(entry))
        except Exception:  # noqa: BLE001 - an entry of another shape or pattern: compile as if none were kept
            pass
        else:
            _used[key] = raw
            return made
    made = re.compile(*key)
    if _WORD and isinstance(key[0], str) and not key[1] & re.DEBUG:
        _remember(key, made)
    return made


def _from_entry(pattern: str, entry: tuple[Any, ...]) -> re.Pattern[str]:
    flags, code, groups, groupindex, indexgroup = entry
    return _sre.compile(pattern, flags, memoryview(code).cast(_WORD).tolist(), groups, groupindex, indexgroup)


def _entry(pattern: str, flags: int, made: re.Pattern[str]) -> tuple[Any, ...] | None:
    """What ``_sre.compile`` is given for ``pattern``, as ``re._compiler.compile`` gives it;
    None unless the pattern made from it equals ``made`` (``re.compile``'s)."""
    if not _WORD or not isinstance(pattern, str) or flags & re.DEBUG:
        return None
    try:
        parsed = _parser.parse(pattern, flags)
        code = _compiler._code(parsed, flags)
        groupindex = dict(parsed.state.groupdict)
        indexgroup = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        entry = (flags | parsed.state.flags, _packed(code), parsed.state.groups - 1, groupindex, tuple(indexgroup))
        return entry if _from_entry(pattern, entry) == made else None
    except Exception:  # noqa: BLE001 - re's private modules changed shape: nothing is kept
        return None


def _packed(code: list[int]) -> bytes:
    """The code's words as bytes, as the machine stores them (read back by a cast, no import)."""
    words = memoryview(bytearray(len(code) * _sre.CODESIZE)).cast(_WORD)
    for at, word in enumerate(code):
        words[at] = word
    return words.tobytes()


def _remember(key: tuple[str, int], made: re.Pattern[str]) -> None:
    """``made`` (compiled here) to have its entry made at exit, if it is among the newest
    :data:`KEPT`; an older one drops out, as the file would not keep it."""
    global _fresh
    _used.pop(key, None)  # (a damaged or wrong entry read for it is replaced)
    _used[key] = None
    _pending[key] = made
    if len(_pending) > KEPT:
        old = next(iter(_pending))
        del _pending[old]
        if _used.get(old, b"") is None:
            del _used[old]
    if not _fresh:
        _fresh = True
        atexit.register(write)


def _made_entry(key: tuple[str, int]) -> bytes | None:
    """The entry of a pattern compiled here, as stored; None when none makes what it made."""
    made = _pending.get(key)
    entry = None if made is None else _entry(*key, made)
    if entry is None:
        return None
    raw = _used[key] = marshal.dumps((*key, *entry))
    return raw


def read(name: str) -> Kept:
    """The index and entries kept in the file ``name``; none when it is missing, of
    another interpreter, damaged or unreadable (a damaged entry is found at its use)."""
    nothing = Kept({}, b"")
    try:
        with open(name, "rb") as fh:
            data = fh.read()
    except OSError:
        return nothing
    # sliced through a view: each copy of the file's bytes cost a fresh process about 0.2 ms
    head = len(STAMP) + 1
    view = memoryview(data)
    check, size = int.from_bytes(view[head : head + 4], "big"), int.from_bytes(view[head + 4 : head + 8], "big")
    index = view[head + 8 : head + 8 + size]
    if data[:head] != STAMP + b"\n" or len(index) != size or zlib.crc32(index) != check:
        return nothing
    try:
        places = marshal.loads(index)
    except (EOFError, ValueError, TypeError):
        return nothing
    return Kept(places, view[head + 8 + size :]) if isinstance(places, dict) else nothing


def encode(entries: dict[int, bytes]) -> bytes:
    """The file holding ``entries`` (by slot, each as stored: marshal of the pattern's text,
    flags and what ``_sre.compile`` is given): its stamp, its index's checksum and length,
    the index, then the entries."""
    places, start = {}, 0
    for key, raw in entries.items():
        places[key] = (start, len(raw), zlib.crc32(raw))
        start += len(raw)
    index = marshal.dumps(places)
    return STAMP + b"\n" + zlib.crc32(index).to_bytes(4, "big") + len(index).to_bytes(4, "big") + index + b"".join(entries.values())


def write(name: str | None = None) -> bool:
    """Write the entries this process made beside those kept (re-read: another process
    may have added some), the most recently used last, at most :data:`KEPT`; False when
    the file cannot be written (that only costs time)."""
    try:
        name = name or file_name()
        kept = read(name)
        used: dict[int, bytes | tuple[str, int]] = {slot(key): key if raw is None else raw for key, raw in _used.items()}
        entries = {where: raw for where in kept.index if where not in used and (raw := kept.at(where)) is not None}
        entries.update(used)
        newest = {where: raw if isinstance(raw, bytes) else _made_entry(raw) for where, raw in list(entries.items())[-KEPT:]}
        body = encode({where: raw for where, raw in newest.items() if raw is not None})
        os.makedirs(os.path.dirname(name) or ".", exist_ok=True)
        from referee import atomic

        atomic.replace_with(name, lambda fh: fh.write(body))
    except Exception:  # noqa: BLE001 - at exit, for a cache: a failed write costs time, never the call
        return False
    return True


def as_re_module() -> types.ModuleType:
    """``re`` itself but for ``compile`` and ``match``, which make their patterns through
    :func:`compiled`: for code that is given a regular-expression module to compile with
    (the lexers of Lark's standalone parsers, :func:`referee.grammars.standalone`)."""
    global _RE
    if _RE is None:
        _RE = types.ModuleType("re")
        vars(_RE).update(vars(re))
        _RE.compile = compiled  # type: ignore[attr-defined]
        _RE.match = lambda pattern, string, flags=0: compiled(pattern, flags).match(string)  # type: ignore[attr-defined]
    return _RE


_RE: types.ModuleType | None = None
