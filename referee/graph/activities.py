"""What the bearer is doing when a modifier holds, as the sentence that states it says.

"The attack suffers an additional -1 to-hit modifier for Moving and
Shooting": the modifier is limited to a unit that moved and shoots; "in
Fighting with a weapon in each hand, model get +1I and +1A": to close
combat.  A phrase led by one of :data:`~referee.graph.effects_words.ACTIVITY_LEADS`
("for", "from", "when", "in" ...) and made of activities
(:data:`~referee.graph.effects_words.ACTIVITIES`) joined by "and", "or" or
commas states one condition per activity, each a word of the situation
table (``moved``, ``shooting``, ``melee``, ``charging``), or kept in its
words where the table has no flag for it (marching).  Activities of
different kinds all hold together ("Moving and Shooting" is both); a phrase
that names both kinds of attack ("both for Shooting Attacks and Close Combat
Attacks") limits the modifier to neither.

>>> [c.situation for _start, found in activities_in("suffers a -1 to-hit modifier for Moving and Shooting (for a total of -2)") for c in found]
['moved', 'shooting']
>>> [c.situation for _start, found in activities_in("change in Fighting with a weapon in each hand, model get +1A") for c in found]
['melee']
>>> activities_in("suffers a -1 to-hit modifier (both for Shooting Attacks and Close Combat Attacks)")
[]
>>> activities_in("Units in base contact with a moving model suffer -1 Discipline.")
[]
>>> activities_in("A model gains +1 Strength provided it is not in close combat.")
[]
"""

from __future__ import annotations

import re

from referee.graph.effects_words import ACTIVITIES, ACTIVITY_DOERS, ACTIVITY_LEADS
from referee.model import Condition
from referee.patterns import gated

_ONE = "|".join(f"(?:{pattern})" for pattern, _situation in ACTIVITIES)
_PHRASE = gated(
    rf"(?<!\bnot\s)(?<!\bexcept\s)(?<![nN][’']t\s)\b(?:{ACTIVITY_LEADS})\s+(?:{ACTIVITY_DOERS})?(?P<what>(?:{_ONE})(?:\s*(?:,|\band\b|\bor\b|&)\s*(?:{_ONE}))*)\b(?!\s+(?:units?|models?|troops|enem(?:y|ies)|friends?|range|distance)\b)",
    re.IGNORECASE,
)
_EACH = [(gated(rf"^(?:{pattern})$", re.IGNORECASE), situation) for pattern, situation in ACTIVITIES]
_SPLIT = gated(r"\s*(?:,|\band\b|\bor\b|&)\s*", re.IGNORECASE)
_KINDS = {"melee", "shooting"}


def activities_in(sentence: str) -> list[tuple[int, list[Condition]]]:
    """(where the phrase starts, its conditions) of each activity phrase of a sentence; a phrase
    whose activities are only both kinds of attack is left out."""
    out = []
    for found in _PHRASE.finditer(sentence):
        words = " ".join(found.group().split())
        situations: list[str] = []
        for part in _SPLIT.split(found.group("what")):
            situation = next((s for pattern, s in _EACH if pattern.match(part.strip())), None)
            if situation is not None and situation not in situations:
                situations.append(situation)
        if _KINDS <= set(situations):
            situations = [s for s in situations if s not in _KINDS]
        conditions = [Condition(s, None, words) if s else Condition("other", None, words) for s in situations]
        if conditions:
            out.append((found.start(), conditions))
    return out
