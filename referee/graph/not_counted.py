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
_SENTENCE = (  # compiled where first used (re's own cache): few sentences say "count"
    r"\b(?:(?:does|do)\s+not|never)\s+counts?\s+as\s+(?:an?\s+|the\s+)?(?:being\s+(?:an?\s+)?)?(?P<what>" + _NAME + r")\s+"
    r"(?:regarding|for\s+the\s+purposes?\s+of|with\s+regards?\s+to|in\s+respect\s+of|when\s+it\s+comes\s+to)\s+"
    r"(?P<purposes>" + _NAME + r"(?:\s*(?:,|\band\b|\bor\b)\s*" + _NAME + r")*)"
    r"(?:[^.;]*?\bunless\s+(?:the\s+|a\s+|an\s+)?(?P<unless>" + _NAME + r"))?"
)


def not_counted_as(sentence: str) -> NotCounted | None:
    """What a sentence says its bearer does not count as, and for whose purposes, or None."""
    if "count" not in sentence.lower():
        return None
    found = re.search(_SENTENCE, " ".join(sentence.split()))
    if found is None:
        return None
    purposes = tuple(p.strip() for p in re.split(r"\s*(?:,|\band\b|\bor\b)\s*", found.group("purposes")) if p.strip())
    return NotCounted(found.group("what"), purposes, found.group("unless"))
