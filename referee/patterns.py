"""Regular expressions compiled where they are first used, not when their module is imported.

The referee's modules hold about 130 patterns at module level, and a warm ``referee
resolve`` used about 35 of them: compiling the rest at import was about a tenth of the
call (docs/performance.md, "The keyword path and make check, round 8").  A module
writes ``_WORDS = lazy(r"...", re.I)`` where it wrote ``re.compile``; the pattern
compiles on its first search, match, sub, ..., and from then on each of those is the
compiled pattern's own bound method, looked up like any attribute (no wrapper runs per
call).  Every pattern compiles through :func:`referee.pattern_cache.compiled`, which
makes it from code kept between processes; a pattern built at run time (from a rule's
name) is asked for with ``compiled(text, flags)``, here too, rather than ``re.compile``
or ``re.search(text, ...)``, and is made once per process.

>>> words = lazy(r"\\w+")
>>> words.pattern, "compiled" in vars(words)
('\\\\w+', False)
>>> words.findall("Fear and Terror"), words.flags == re.compile(r"\\w+").flags
(['Fear', 'and', 'Terror'], True)
>>> "compiled" in vars(words)
True
"""

from __future__ import annotations

import re  # (the doctest above compares with re.compile)

from referee.pattern_cache import compiled

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

# what a compiled pattern is asked for: copied onto the lazy pattern once it is compiled
_ASKED = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner", "flags", "groups", "groupindex")


class LazyPattern:
    """A pattern that compiles on first use; ``pattern`` (its source) is read without compiling."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        # only reached for what is not yet in the instance's __dict__: the first use.  Special
        # names (copy's __deepcopy__, pickle's __setstate__ on an object made without __init__)
        # are not the pattern's: they fail here rather than compile or recurse.
        if name.startswith("__") or name in ("pattern", "_flags"):
            raise AttributeError(name)
        made = compiled(self.pattern, self._flags)
        attributes = vars(self)
        for asked in _ASKED:
            attributes[asked] = getattr(made, asked)
        attributes["compiled"] = made
        return getattr(made, name)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self._flags!r})"


def lazy(pattern: str, flags: int = 0) -> Any:
    """``re.compile(pattern, flags)``, done on the pattern's first use (typed ``Any``: it
    stands where a compiled pattern stood, and answers the same calls)."""
    return LazyPattern(pattern, flags)


def longest_first(words: Iterable[str]) -> list[str]:
    """The alternatives of a pattern built at run time, longest first (so that "Strength"
    is tried before "Str"), ties in text order: the same pattern text in every process.
    Sorted by length alone, a set's words came in its order, which changes with each
    process's hash seed, and a pattern whose text changes is compiled anew every call
    (its kept code, :mod:`referee.pattern_cache`, is under its text).

    >>> longest_first({"WS", "BS", "Str", "S"})
    ['Str', 'BS', 'WS', 'S']
    """
    return sorted(words, key=lambda word: (-len(word), word))
