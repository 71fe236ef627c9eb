"""Two versions of a rule compared word by word, for showing side by side.

>>> left, right = word_diff("Models gain +1 Strength.", "Models gain +2 Strength and Fear.")
>>> str(left)
'Models gain +<del>1</del> Strength.'
>>> str(right)
'Models gain +<ins>2</ins> Strength<ins> and Fear</ins>.'
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from referee.site import memo
from referee.site.html import Markup, join, tag

_TOKENS = re.compile(r"\s+|\w+|[^\w\s]")


def words(text: str) -> list[str]:
    return _TOKENS.findall(text)


def word_diff(old: str, new: str) -> tuple[Markup, Markup]:
    """``old`` with what ``new`` drops in ``<del>``, ``new`` with what it adds in ``<ins>``."""
    return memo.DIFFS.get((old, new), lambda: _diff(old, new))


def _diff(old: str, new: str) -> tuple[Markup, Markup]:
    a, b = words(old), words(new)
    left: list[Markup] = []
    right: list[Markup] = []
    # spaces are matched only next to matched words: as anchors, the commonest token of
    # a text makes the matcher's work grow with the square of its length (4x slower)
    for op, i1, i2, j1, j2 in SequenceMatcher(str.isspace, a, b, autojunk=False).get_opcodes():
        gone, came = "".join(a[i1:i2]), "".join(b[j1:j2])
        if op == "equal":
            left.append(join(gone))
            right.append(join(came))
            continue
        if gone:
            left.append(tag("del", gone))
        if came:
            right.append(tag("ins", came))
    return join(left), join(right)
