"""A rule that says its bearer does not count as something for another rule's purposes.

"It does not count as Character regarding Bodyguard and Multiple Wounds, unless
the War Platform is specifically mentioned in the Bodyguard rule" (War
Platform): the graph reads the sentence as a ``references`` relation from War
Platform to each rule it names; this module reads what the sentence says of
them.  Where grants are followed (:mod:`referee.resolve.play`), a grant of
Bodyguard's that needs a Character ("that Character gains Stubborn") brings
nothing to the War Platform, unless its own "unless" holds.

>>> said = not_counted_as("It does not count as Character regarding Bodyguard and Multiple Wounds, unless the War Platform is specifically mentioned in the Bodyguard rule.")
>>> (said.what, said.purposes, said.unless)
('Character', ('Bodyguard', 'Multiple Wounds'), 'War Platform')
>>> not_counted_as("A Knight never counts as a Monster for the purposes of Terror.").purposes
('Terror',)
>>> said = not_counted_as("For the purposes of Stomp Attacks, a model with this rule is never considered Standard Size.")
>>> (said.what, said.purposes)
('Standard Size', ('Stomp Attacks',))
>>> not_counted_as("It is not treated as a Monster when it comes to Terror or Fear.").purposes
('Terror', 'Fear')
>>> not_counted_as("It counts as a Character.") is None
True
"""

from __future__ import annotations

import re


class NotCounted:
    """What the bearer does not count as, for which rules' purposes, and who the "unless" names (or None)."""

    __slots__ = ("what", "purposes", "unless")

    def __init__(self, what: str, purposes: tuple[str, ...], unless: str | None) -> None:
        self.what, self.purposes, self.unless = what, purposes, unless


_NAME = r"[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*)*"
_NAMES = _NAME + r"(?:\s*(?:,|\band\b|\bor\b)\s*" + _NAME + r")*"
# "does not count as", "is never considered", "is not treated as": the bearer is not what it names
_NOT_AS = r"(?i:(?:(?:does|do)\s+not|never)\s+counts?\s+as|(?:is|are)\s+(?:not|never)\s+(?:counted\s+as|considered(?:\s+as)?|treated\s+as|regarded\s+as))"
_PURPOSE = r"(?i:regarding|for\s+the\s+purposes?\s+of|with\s+regards?\s+to|in\s+respect\s+of|when\s+it\s+comes\s+to)"
_WHAT = r"(?:an?\s+|the\s+)?(?:being\s+(?:an?\s+)?)?(?P<what>" + _NAME + r")"
_UNLESS = r"(?:[^.;]*?\bunless\s+(?:the\s+|a\s+|an\s+)?(?P<unless>" + _NAME + r"))?"
# compiled where first used (re's own cache): few sentences say "count", "considered" ...
# "It does not count as Character regarding Bodyguard and Multiple Wounds, unless ..."
_AFTER = r"\b" + _NOT_AS + r"\s+" + _WHAT + r"\s+" + _PURPOSE + r"\s+(?P<purposes>" + _NAMES + r")" + _UNLESS
# "For the purposes of Stomp Attacks, a model with this rule is never considered Standard Size"
_BEFORE = r"\b" + _PURPOSE + r"\s+(?P<purposes>" + _NAMES + r")\b[^.;]*?\b" + _NOT_AS + r"\s+" + _WHAT + _UNLESS
_GATE = ("count", "consider", "treated", "regarded")


def not_counted_as(sentence: str) -> NotCounted | None:
    """What a sentence says its bearer does not count as, and for whose purposes, or None."""
    said = sentence.lower()
    if not any(word in said for word in _GATE):
        return None
    words = " ".join(sentence.split())
    found = re.search(_AFTER, words) or re.search(_BEFORE, words)
    if found is None:
        return None
    purposes = tuple(p.strip() for p in re.split(r"\s*(?:,|\band\b|\bor\b)\s*", found.group("purposes")) if p.strip())
    return NotCounted(found.group("what"), purposes, found.group("unless"))
