"""A rule that is a state its bearer suffers: "A model that is Silenced cannot cast spells" (Silence).

Such a rule in play on a side means that side's model is in that state, put
on it by whatever did it (an enemy's spell); so an immunity of the same
side to it ("cannot be Silenced", of Physical God) shields that model from
it, as an immunity shields a model from what the other side brings.  A rule
is such a state when its text opens on its bearer named by the rule's own
participle: "A model that is Silenced", "A Blinded model", "Any model that
is Slowed".  A rule its bearer has ("A unit that causes Fear") is none.

>>> is_suffered("Silence", "A model that is Silenced cannot cast spells or use the Thu'um.")
True
>>> is_suffered("Blind", "A Blinded model gets -1 to hit for the duration of the effect.")
True
>>> is_suffered("Fear", "A unit that causes Fear has an intimidating presence on the battlefield.")
False
"""

from __future__ import annotations

from referee.patterns import lazy
from referee.text import fold

_OPENING = lazy(
    r"^(?:a|an|any|each|every)\s+(?:(?P<before>[a-z]+)\s+)?(?:models?|units?)\b"
    r"(?:\s+(?:that|which|who)\s+(?:is|are|has\s+been|have\s+been)\s+(?P<after>[a-z]+))?",
)
_PARTICIPLE = lazy(r"(?:ed|en)$")


def is_suffered(name: str, text: str) -> bool:
    """Whether a rule's text opens on its bearer named by the rule's own participle."""
    found = _OPENING.match(fold(text or "").strip())
    stems = [w[:5] for w in fold(name).split() if len(w) > 3]
    if found is None or not stems:
        return False
    word = found.group("before") or found.group("after") or ""
    return bool(_PARTICIPLE.search(word)) and word[:5] == stems[0]
