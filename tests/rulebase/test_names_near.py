"""The written name a curated alias's target is a typo of (``referee.rulebase.align._written_near``), looked up among
the names of a fitting length and letters, against the plain way: difflib's closest among every name, else the
first near miss of them all.  Generated names, most of them a few slips from one another, must give the same."""

from __future__ import annotations

import difflib
import random

from referee.rulebase.align import _CLOSE, _ByLength, _written_near
from referee.text import near_miss


def plain(aimed: str, names: list[str], other) -> list[str]:  # type: ignore[no-untyped-def]
    others = [name for name in names if other(name)]
    return difflib.get_close_matches(aimed, others, n=1, cutoff=_CLOSE) or [name for name in others if near_miss(aimed, name)][:1]


def _slipped(word: str, letters: str, rng: random.Random) -> str:
    out = list(word)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(out) + 1)
        kind = rng.randrange(4)
        if kind == 0:
            out.insert(at, rng.choice(letters))
        elif kind == 1 and at < len(out):
            del out[at]
        elif kind == 2 and at < len(out):
            out[at] = rng.choice(letters)
        elif at + 1 < len(out):
            out[at], out[at + 1] = out[at + 1], out[at]
    return "".join(out)


def test_generated_names() -> None:
    rng = random.Random(27)
    for letters in ("abcde ", "abcdefghijklmnopqrstuvwxyz ", "aeiourstnl"):
        words = ["".join(rng.choice(letters) for _ in range(rng.randint(2, 14))).strip() or "x" for _ in range(40)]
        names = list(dict.fromkeys(words + [_slipped(rng.choice(words), letters, rng) for _ in range(160)]))
        index = _ByLength(names)
        for _ in range(60):
            aimed = _slipped(rng.choice(names), letters, rng) if rng.random() < 0.8 else rng.choice(names)
            skip = {aimed, rng.choice(names)}
            other = lambda name, skip=skip: name not in skip and len(name) % 7 != 3  # noqa: E731  (some names left out, as own aliases are)
            assert _written_near(aimed, index, other) == plain(aimed, names, other), (aimed, letters)


def test_the_typos_of_the_docs() -> None:
    names = ["hand weapon", "halberd", "great weapon", "hatred", "weapon master", "fear"]
    index = _ByLength(names)
    found = {aimed: _written_near(aimed, index, lambda name: True) for aimed in ("hnad weapon", "halbred", "haterd", "weapon matser", "terror")}
    assert found == {"hnad weapon": ["hand weapon"], "halbred": ["halberd"], "haterd": ["hatred"], "weapon matser": ["weapon master"], "terror": []}
