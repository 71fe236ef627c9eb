"""What a pattern finds in a rule's words, kept by pattern and words; names folded, kept by name; and
what is kept for the store last read (:func:`kept_for`).

An answer's passes search the sentences of the rules in play with their own patterns, and
every answer (each situation a walk asks, each question of a shell session) searches the
same sentences again: a walk of the project's rules asked about half a million searches,
most of them asked before, and folded about a quarter of a million names, the same few
hundred again and again.  What is kept depends on the pattern and the words alone, so it
holds for any store and any build; a match is only read, never changed.
"""

from __future__ import annotations

import functools

from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    import re
    from typing import Any

    from referee.store.book import Book

_FOUND: dict[tuple[Any, str], re.Match[str] | None] = {}
_FOUND_MOST = 1 << 16  # searches kept at most: past that, the next starts afresh


def searched(pattern: Any, words: str) -> re.Match[str] | None:
    """``pattern.search(words)``, searched once per pattern and words.

    >>> import re
    >>> searched(re.compile(r"\\bfear\\b", re.I), "Models with Fear").group()
    'Fear'
    """
    key = (pattern, words)
    try:
        return _FOUND[key]
    except KeyError:
        if len(_FOUND) >= _FOUND_MOST:
            _FOUND.clear()
        found = _FOUND[key] = pattern.search(words)
        return found


# a rule's name, an action's words, a relation's subject (:func:`referee.text.fold`), folded once
name_folded = functools.lru_cache(maxsize=1 << 14)(fold)


# what is kept for the store last read: (that store, purpose -> what is kept for it).  A store's rules never change
# in place (a rebuild opens a new store), so the store itself is the key: another, even of the same rules and build
# key, starts afresh.  An answer reads the store through the names it called rules by
# (:class:`~referee.resolve.called.Called`, made anew for each answer): what is kept is of the store's own words and
# names, never those, so the caller gives the store behind them
_FOR_STORE: tuple[Book | None, dict[str, dict[Any, Any]]] = (None, {})


def kept_for(store: Book, purpose: str) -> dict[Any, Any]:
    """The dict kept under ``purpose`` for ``store``, empty when another store was read last.

    >>> one, other = object(), object()
    >>> kept_for(one, "demo")["x"] = 1
    >>> kept_for(one, "demo"), kept_for(other, "demo"), kept_for(one, "demo")
    ({'x': 1}, {}, {})
    """
    global _FOR_STORE
    if _FOR_STORE[0] is not store:
        _FOR_STORE = (store, {})
    return _FOR_STORE[1].setdefault(purpose, {})
