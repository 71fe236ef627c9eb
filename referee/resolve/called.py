"""A rule whose heading joins a rule and a kind of it, in play by the name it was called.

"Stomp / Thunder Stomp" and "Blast and Large Blast" are headings that name a
rule and a kind of it sharing their words (:mod:`referee.joined`):
the heading is the rule's name, each joined name one of its names, and the
name used says which is meant.  What is in play is said in the player's
words: a player who names "Stomp" has Stomp in play ("You: Stomp; Always
Strike Last via Stomp"), and a rule a sentence grants by one of those names
("Barrage weapons act as Blast or Large Blast weapons") is in play by the
name that sentence writes first.  The answer says it so throughout (in play,
quotes, rulings); the entry's id stays the heading's.  A heading that joins two
names of one thing ("Terrain type 3 / vision blocking") is answered by the
heading; so is a rule the player names by its heading, or by two of its
names at once, one of them perhaps through the rule of its own the text
defines for it ("Stomp, Thunderstomp": "#### Thunderstomp" under the
heading is its Thunder Stomp).

:class:`Called` is the book the sides are read from: the store's, with
``rule_names`` giving those names first.  It asks the store nothing more
than the rule's name, which the picks have read already.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from referee.joined import kinds_joined
from referee.resolve.found import kept_for, name_folded
from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.resolve.play import Pick
    from referee.store.book import Book


class _Names(Mapping[str, str]):
    """Rule id -> name: the name an answer called a rule by, else the book's.  The book's are
    kept as they are read (``read``, kept for the store: :func:`~referee.resolve.found.kept_for`): a store reads each from its rows, and an
    answer asks the same few rules' names thousands of times (a walk of every rule in ten
    situations: about ninety a call), the next answer the same again."""

    __slots__ = ("_called", "_names", "_read", "_count")

    def __init__(self, called: dict[str, str], names: Mapping[str, str], read: dict[str, object]) -> None:
        self._called, self._names = called, names
        self._read = read  # id -> the book's name, or _NONE where it has none
        self._count: int | None = None

    def _book(self, rule_id: str) -> object:
        try:
            return self._read[rule_id]
        except KeyError:
            pass
        try:
            name: object = self._names[rule_id]
        except KeyError:
            name = _NONE
        self._read[rule_id] = name
        return name

    def __getitem__(self, rule_id: str) -> str:
        if rule_id in self._called:
            return self._called[rule_id]
        name = self._book(rule_id)
        if name is _NONE:
            raise KeyError(rule_id)
        return name  # type: ignore[return-value]

    def get(self, rule_id: str, default: Any = None) -> Any:  # type: ignore[override]
        if rule_id in self._called:
            return self._called[rule_id]
        name = self._book(rule_id)
        return default if name is _NONE else name

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._called or self._book(rule_id) is not _NONE  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        if self._count is None:
            self._count = len(self._names)
        return self._count


_NONE = object()  # a rule id the book names no rule by


class Called:
    """The book the sides are read from: ``view``, with each rule of a joined heading named as it
    was called (``called``: id -> name).  A rule the player names keeps the name the player used, or
    its heading where the player used it or two of its names; grants name only the others
    (:func:`granted_as`)."""

    __slots__ = ("_view", "called", "rule_names", "_asked", "get", "relations_out", "relations_in")

    def __init__(self, view: Book, picks: list[Pick]) -> None:
        self._view = view
        # the store's own, asked about a hundred times an answer: held here, not looked up through __getattr__ each time
        self.get, self.relations_out, self.relations_in = view.get, view.relations_out, view.relations_in
        self.called: dict[str, str] = {}
        self.rule_names = _Names(self.called, view.rule_names, kept_for(view, "names"))  # none called yet: the store's names
        said: dict[str, set[str]] = {}
        kinds: list[tuple[str, str]] = []
        for pick in picks:
            words = fold(pick.text.split("(")[0].strip())
            said.setdefault(pick.rule, set()).add(next((p for p in _parts(self, pick.rule) if fold(p) == words), ""))
            # a joined name the text also defines as a rule of its own, under the heading ("#### Thunderstomp"
            # under "Stomp / Thunder Stomp"): naming that rule beside the heading's names that kind of it too
            parent = (view.get(pick.rule) or {}).get("parent")
            own = _spaceless(self.rule_names.get(pick.rule) or "")
            kind = next((p for p in _parts(self, parent) if _spaceless(p) == own), None) if parent else None
            if kind is not None:
                kinds.append((parent, kind))
        for parent, kind in kinds:
            if parent in said:
                said[parent].add(kind)
        self._asked = set(said)
        for rid, names in said.items():
            if len(names) == 1 and (name := next(iter(names))):
                self.called[rid] = name  # one of its names, and only one, was used

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._view, attr)

    @property
    def book(self) -> Book:
        """The store read through this one answer: what a memo of the store's own rules (their words, their
        relations; never the names called here) is kept for, across answers."""
        return self._view


def _spaceless(name: str) -> str:
    return name_folded(name).replace(" ", "")


def _parts(view: Book, rule_id: str) -> list[str]:
    return kinds_joined(view.rule_names.get(rule_id) or "")


def granted_as(view: Book, rule_id: str, rel: dict[str, Any]) -> None:
    """A rule of a joined heading granted by ``rel``, not yet called in the answer: called by the joined
    name its sentence writes first (the longer where two start at one place)."""
    if not isinstance(view, Called) or rule_id in view.called or rule_id in view._asked:
        return
    sentence = rel["citation"]["sentence"]
    found = []
    for part in _parts(view, rule_id):  # not called yet: the store's name
        m = re.search(rf"(?<!\w){re.escape(part)}(?!\w)", sentence, re.IGNORECASE)
        if m is not None:
            found.append((m.start(), -len(part), part))
    if found:
        view.called[rule_id] = min(found)[2]
