"""A rule whose own words lift a limit another rule of the same side sets.

"This role is not limited to a maximum of 3 units of the same type." (Base -X {unit}) and "The same
unit can only be selected up to 3 times in the army." (Models/Armies): the first says its bearer is
not held by what the second limits, in the second's own words (the number and what it counts).  The
first prevails, as far as its words say, its sentence the relation, the limit quoted beside it.

A limit is a sentence with "only", "up to", "a maximum of", "at most" or "no more than"; it is the
one lifted when it shares with the words after "not limited to" their number, if they name one, and
at least two other words of substance (or three, with no number), plurals made singular.

>>> lifted("This role is not limited to a maximum of 3 units of the same type.")
'a maximum of 3 units of the same type'
>>> limits("a maximum of 3 units of the same type", "The same unit can only be selected up to 3 times in the army.")
True
>>> limits("a maximum of 3 units of the same type", "A unit can only be selected once per turn.")
False
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.meeting import sentences
from referee.resolve.ruling import Ruling
from referee.text import singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.resolve.play import Side
    from referee.store.book import Book

_LIFTED = lazy(r"\b(?:is|are)\s+not\s+limited\s+(?:to|by)\s+(?P<what>[^.;:()]+)", re.I)
_LIMIT = lazy(r"\b(?:only|up\s+to|a\s+maximum\s+of|at\s+most|no\s+more\s+than)\b", re.I)
_NUMBER = lazy(r"\b\d+\b")
# words of no substance: what any two sentences share
_SMALL = frozenset("a an the of to in on at by for from with and or is are be can may only up maximum most more than no not "
                   "its their this that it they any each per".split())


def lifted(sentence: str) -> str | None:
    """The words of what a sentence says its subject is not limited to, or None."""
    found = _LIFTED.search(sentence)
    return found.group("what").strip() if found else None


def _words(text: str) -> set[str]:
    out = set()
    for word in re.findall(r"[a-z]+", text.lower()):
        if word not in _SMALL and len(word) > 2:
            forms = singulars(word)
            out.add(forms[0] if forms else word)
    return out


def limits(what: str, sentence: str) -> bool:
    """Whether a sentence sets the limit the words ``what`` speak of."""
    if _LIMIT.search(sentence) is None or _LIFTED.search(sentence):
        return False
    numbers = set(_NUMBER.findall(what))
    if numbers and not numbers <= set(_NUMBER.findall(sentence)):
        return False
    shared = _words(what) & _words(sentence)
    return len(shared) >= (1 if numbers else 3) and len(shared | numbers) >= (2 if numbers else 3)


def lifted_limits(view: Book, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str] | None, quote_rule: Any) -> list[Ruling]:
    """Each rule in play whose words say it is not limited to what another rule of its side limits: it prevails."""
    names = view.rule_names
    out: list[Ruling] = []
    for side in sides:
        live = [rid for rid in side.rules if (side.name, rid) not in (set_aside or {})]
        texts = {rid: sentences(_text(view, rid)) for rid in live}
        for rid in live:
            for said in texts[rid]:
                what = lifted(said)
                if what is None:
                    continue
                for other in live:
                    limit = next((s for s in texts[other] if limits(what, s)), None) if other != rid else None
                    if limit is None or any(set(r.rules) == {names.get(rid, rid), names.get(other, other)} for r in out):
                        continue
                    name, shown = names.get(rid, rid), names.get(other, other)
                    cited = [quote_rule(rid, _own_line(said)), quote_rule(other, _own_line(limit))]
                    outcome = (f"{name} prevails over {shown}, as far as the quoted words say: {name}'s words say it is not limited to "
                               f"{what}, the limit {shown}'s words set")
                    out.append(Ruling([name, shown], name, "explicit-exception", outcome, cited, [], [side.name], relation=cited[0]))
    return out


def _own_line(sentence: str) -> str:
    """A sentence without a heading run into it ("In addition:\n\nThis role is ..."): its last paragraph."""
    return sentence.rsplit("\n\n", 1)[-1].strip()


def _text(view: Book, rid: str) -> str:
    rule = view.get(rid) or {}
    return (rule["versions"][0]["text"] if rule.get("versions") else rule.get("text")) or ""
