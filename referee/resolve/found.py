"""What a pattern finds in a rule's words, kept by pattern and words; and names folded, kept by name.

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
