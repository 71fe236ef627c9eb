"""The words by which a sentence speaks of each flag of the situation table (:mod:`referee.graph.situations`): the
flag's own word and the game's words for it.  Read by the graph (:mod:`referee.graph.settles`, a rule's own words on a
situation) and by the resolver, which must not pay for the graph's other patterns on a warm call: each compiles on its
first use (:mod:`referee.patterns`)."""

from __future__ import annotations

import re

from referee.patterns import gated

# the words by which a sentence speaks of each flag of the situation table
# (referee/graph/situations.py): the flag's own word and the game's words for it
SPOKEN: dict[str, re.Pattern[str]] = {
    "charging": gated(r"\bcharging\b|\bcharger\b|\bcharges\b", re.I),
    "charged": gated(r"\b(?:is|are|being|been|was|were)\s+charged\b|\bcharge\s+reactions?\b", re.I),
    "melee": gated(r"\bmelee\b|\bclose\s+combat\b", re.I),
    "shooting": gated(r"\bshoot(?:s|ing)?\b|\bshooting\s+attacks?\b|\branged\s+attacks?\b", re.I),
    "fleeing": gated(r"\bflee(?:s|ing)?\b|\bfled\b", re.I),
    "moved": gated(r"\bmoved\b|\bmarched\b|\badvanced\b|\breformed\b", re.I),
    "first-round": gated(r"\bfirst\s+round\b", re.I),
    "first-turn": gated(r"\bfirst\s+turn\b", re.I),
    "on-foot": gated(r"\bon\s+foot\b", re.I),
    "mounted": gated(r"\bmounted\b", re.I),
}
