"""Page work kept across the builds of one process, keyed by what it is made from.

``referee site serve`` rebuilds the whole site after each edit, in the same
process, from a new build of the rules (MkDocs has no partial rebuild that
keeps the links between pages right). An edit changes one rule; most of
what each page computes (the mentions a sentence links, the word diff of two
versions, the layout of a diagram) is made from text that did not change.
Each :class:`Memo` keeps such results keyed by their inputs' *content*
(strings, and a digest of a system's names), never by object identity, which
every rebuild changes, so a kept result is exactly what computing it anew
would give. Within one build they save the repeats too: a sub-rule's text is
written on its own page and on its parent's, a sentence often recurs in a
rule's versions.

Each memo holds at most ``limit`` results and starts over past that, so a
long ``serve`` session of many edits keeps memory bounded.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")
_MISSING = object()


class Memo(Generic[T]):
    """Results by key; ``get`` computes a missing one with ``make``.

    >>> squares = Memo[int](limit=2)
    >>> squares.get(3, lambda: 9), squares.get(3, lambda: 0)
    (9, 9)
    >>> squares.get(4, lambda: 16), squares.get(5, lambda: 25), len(squares)
    (16, 25, 1)
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.kept: dict[Hashable, T] = {}

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        found = self.kept.get(key, _MISSING)
        if found is _MISSING:
            if len(self.kept) >= self.limit:
                self.kept.clear()
            found = self.kept[key] = make()
        return found  # type: ignore[return-value]

    def __len__(self) -> int:
        return len(self.kept)


# sized for a few rebuilds of a 10,000-rule site (about 60,000 sentences)
LINKS: Memo = Memo(limit=400_000)  # (names digest, rule id, sentence) -> mentions linked
DIFFS: Memo = Memo(limit=20_000)  # (old text, new text) -> the two sides of a word diff
DIAGRAMS: Memo = Memo(limit=40_000)  # (name, neighbours in, neighbours out) -> the SVG
SENTENCES: Memo = Memo(limit=200_000)  # text -> its sentences, as the rule graph cuts them
