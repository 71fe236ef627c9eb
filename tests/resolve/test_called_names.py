"""An answer's rule names (``referee.resolve.called``): the name a player called a rule by first,
else the book's, each of the book's read once per store (across answers), with the book's own answers for a rule
it does not name."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import pytest

from referee.resolve.called import _Names
from referee.resolve.found import kept_for


class Counted(Mapping[str, str]):
    """A book's names that count how often each is read."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names, self.read, self.counted = names, [], 0

    def __getitem__(self, rule_id: str) -> str:
        self.read.append(rule_id)
        return self.names[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        self.counted += 1
        return len(self.names)


def test_each_name_of_the_book_is_read_once_and_answers_as_the_book() -> None:
    book = Counted({"demo/stomp": "Stomp / Thunder Stomp", "demo/fear": "Fear"})
    names = _Names({"demo/stomp": "Stomp"}, book, {})
    for _ in range(3):
        assert names["demo/stomp"] == names.get("demo/stomp") == "Stomp"  # the name called, never read from the book
        assert names["demo/fear"] == names.get("demo/fear") == "Fear" and "demo/fear" in names
        assert names.get("demo/none") is None and names.get("demo/none", "?") == "?" and "demo/none" not in names
        with pytest.raises(KeyError):
            names["demo/none"]
        assert len(names) == 2 and sorted(names) == ["demo/fear", "demo/stomp"]
    assert book.read == ["demo/fear", "demo/none"] and book.counted == 1


def test_the_book_names_are_kept_per_store_never_the_names_called() -> None:
    book, other = Counted({"demo/stomp": "Stomp / Thunder Stomp", "demo/fear": "Fear"}), Counted({"demo/fear": "Fear (other)"})
    first = _Names({"demo/stomp": "Stomp"}, book, kept_for(book, "names"))
    assert first["demo/stomp"] == "Stomp" and first["demo/fear"] == "Fear"
    # the next answer on the same store reads nothing again, and calls no rule by the first answer's names
    second = _Names({}, book, kept_for(book, "names"))
    assert second["demo/stomp"] == "Stomp / Thunder Stomp" and second["demo/fear"] == "Fear"
    assert book.read == ["demo/fear", "demo/stomp"]
    # another store starts afresh
    third = _Names({}, other, kept_for(other, "names"))
    assert third["demo/fear"] == "Fear (other)" and other.read == ["demo/fear"]
