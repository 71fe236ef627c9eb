"""``slips`` and ``near_miss`` (referee/text.py) against the whole table of edits, worked out here
the plain way: the banded table with its early stop, and the letters both names share at either
end left out, must say the same of every pair."""

from __future__ import annotations

import itertools
import random

import pytest

from referee.text import near_miss, slips


def whole_table(a: str, b: str) -> int:
    """The optimal string alignment distance, every cell of the table worked out."""
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        table[i][0] = i
    for j in range(len(b) + 1):
        table[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
    return table[len(a)][len(b)]


def plain_near_miss(written: str, name: str) -> bool:
    most = 1 if len(written) < 10 else 2
    return written != name and whole_table(written, name) <= most


def _slipped(word: str, letters: str, rng: random.Random) -> str:
    """``word`` with up to three slips of every kind, so that most pairs are near each other."""
    out = list(word)
    for _ in range(rng.randint(0, 3)):
        kind, at = rng.randint(0, 3), rng.randint(0, max(len(out) - 1, 0))
        if kind == 0:
            out.insert(at, rng.choice(letters))
        elif kind == 1 and out:
            del out[at]
        elif kind == 2 and out:
            out[at] = rng.choice(letters)
        elif len(out) > 1:
            at = min(at, len(out) - 2)
            out[at], out[at + 1] = out[at + 1], out[at]
    return "".join(out)


def test_every_short_pair() -> None:
    words = ["".join(w) for n in range(4) for w in itertools.product("abc", repeat=n)]
    words += ["".join(w) for n in range(4, 6) for w in itertools.product("ab", repeat=n)]
    for a in words:
        for b in words:
            distance = whole_table(a, b)
            for most in range(4):
                assert slips(a, b, most) == min(distance, most + 1), (a, b, most)


@pytest.mark.parametrize("letters", ["ab", "abcd", "abcdefghijklmnopqrstuvwxyz ", "aeéßü -"])
def test_generated_pairs(letters: str) -> None:
    rng = random.Random(letters)
    for _ in range(800):
        a = "".join(rng.choice(letters) for _ in range(rng.randint(0, 16)))
        b = _slipped(a, letters, rng) if rng.random() < 0.7 else "".join(rng.choice(letters) for _ in range(rng.randint(0, 16)))
        distance = whole_table(a, b)
        for most in range(4):
            assert slips(a, b, most) == min(distance, most + 1), (a, b, most)
        assert near_miss(a, b) == plain_near_miss(a, b), (a, b)


def test_the_names_of_the_docs() -> None:
    pairs = [("hnad weapon", "hand weapon", True), ("halbred", "halberd", True), ("fear", "terror", False),
             ("feel no pian", "feel no pain", True), ("fear", "fear", False), ("weapon matser", "weapon master", True),
             ("hard taregt", "hard target", True), ("ab", "ba", True), ("abcdefghij", "abcdefghijkl", True)]
    assert [(a, b, near_miss(a, b)) for a, b, _ in pairs] == pairs
