"""A rule that does what another rule is about "automatically ... even if" that rule's terms say not.

"Models with this keyword automatically hold objectives even if they are
outnumbered" (Objective security) and "Players with more models on an
objective hold it" (Holding objectives): the first does, unconditionally,
the very thing the second rule is named for, conceding what the second
turns on.  It is an explicit exception to that rule: the first prevails
(unless both sides have it: then its own words on both sides say how),
its sentence quoted with the other rule's first sentence; nothing is set
aside (the other rule still holds for everyone else).  The other rule is
found by its name: every word of it (its stem) among the words of what is
done automatically ("hold objectives": Holding objectives).

>>> conceded("Models with this keyword automatically hold objectives even if they are outnumbered.")
'hold objectives'
>>> conceded("The unit automatically passes Panic Tests.") is None
True
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.meeting import sentences
from referee.resolve.play import Side
from referee.resolve.ruling import Ruling
from referee.resolve.scope import words_name

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.store.book import Book

_CONCEDED = lazy(r"\bautomatically\s+(?P<done>[a-z]+(?:\s+[a-z]+){0,4}?)\s+even\s+(?:if|though|when|where)\b", re.I)


def conceded(sentence: str) -> str | None:
    """The words of what a sentence has done "automatically ... even if", or None."""
    found = _CONCEDED.search(sentence)
    return found.group("done") if found else None


def _text(view: Book, rid: str) -> str:
    rule = view.get(rid) or {}
    return (rule["versions"][0]["text"] if rule.get("versions") else rule.get("text")) or ""


def concession_rulings(view: Book, sides: tuple[Side, Side], quote_rule: Any) -> list[Ruling]:
    """Each rule in play whose sentence does "automatically ... even if" what another rule in play
    (either side) is named for: that rule is its explicit exception, both sentences quoted."""
    names = view.rule_names
    out: list[Ruling] = []
    for mine in sides:
        for rid in mine.rules:
            if all(rid in side.rules for side in sides):
                continue  # on both sides, neither prevails by it ("If both sides got the keyword ...": its own words)
            for sentence in sentences(_text(view, rid)):
                done = conceded(sentence)
                if done is None:
                    continue
                for side in sides:
                    for other in side.rules:
                        shown = names.get(other, other)
                        if other == rid or not words_name(done, shown) or any(r.rules == [names.get(rid, rid), shown] for r in out):
                            continue
                        first = next(iter(sentences(_text(view, other))), None)
                        outcome = (f"{names.get(rid, rid)} prevails over {shown}: its words have it {done} automatically, "
                                   f"even where {shown} would say otherwise (an explicit exception)")
                        cited = [quote_rule(rid, sentence), *([quote_rule(other, first)] if first else [])] if quote_rule else []
                        out.append(Ruling([names.get(rid, rid), shown], names.get(rid, rid), "explicit-exception", outcome, cited, [],
                                          sorted({mine.name, side.name}, key=("self", "opponent").index), relation=cited[0] if cited else None))
    return out
