"""A rule that lets its bearer act through things "as if they were not there", against the
system's own rule for that action: "A model with this keyword can move over terrain and other
models as if they were not there" (Flying) beside "Models can not move through other models
(neither friendly nor enemy models)" (the Last Edition's MOVEMENT PHASE).

The system's rule is no rule in play: it is found by the names the system gives the action's
phase (a few named rows, read only where the situation names the action: a warm call stays
cheap), and met where its prohibition of the same verb names something the permission also
names ("other models").  The rule in play prevails, as far as its words say (principle
``explicit-exception``), both sentences quoted.
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.duties import situation_of_action
from referee.resolve.found import searched
from referee.resolve.meeting import sentences
from referee.resolve.ruling import Ruling
from referee.text import fold, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.resolve.play import Side
    from referee.resolve.principles import Context

_AS_IF = lazy(r"\b(?:can|may)\s+(?P<verb>[a-z]+)\s+(?:over|through|across|past)\s+(?P<what>[^,.;:]+?)\s+as\s+if\s+(?:they|it|these|those)\s+(?:were|was)\s+not\s+there\b", re.I)
_FORBIDS = r"\b(?:can\s*not|cannot|may\s+not|must\s+not|are\s+not\s+allowed\s+to)\s+{verb}\s+(?:through|over|across|past)\s+(?P<what>[^,.;:()]+)"
# the names a system gives the rules of the action done under a flag (the flag: duties.situation_of_action)
_PHASE_NAMES = {"moved": ("movement", "movement phase", "move", "moving"),
                "shooting": ("shooting", "shooting phase", "shoot"),
                "charging": ("charge", "charges", "charge phase", "charging")}
_SMALL = frozenset({"and", "or", "the", "a", "an", "other", "any", "all", "their", "its", "neither", "nor", "friendly", "enemy"})


def _things(words: str) -> set[str]:
    """The nouns of a phrase, singular: "terrain and other models" -> {terrain, model}."""
    return {next(iter(singulars(w)), w) for w in fold(words).split() if w not in _SMALL}


def _phase_rules(ctx: Context, system: str, names: tuple[str, ...], in_play: set[str]) -> list[dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for word in names:
        for rule in ctx.view.lookup(word, system):
            if rule["id"] not in in_play:
                found.setdefault(rule["id"], rule)
    return list(found.values())


def as_if_not_there(ctx: Context, system: str, sides: tuple[Side, Side], flags: tuple[str, ...]) -> list[Ruling]:
    """Rulings on a rule in play that acts "as if they were not there" against the system's rule for that action."""
    out = []
    in_play = sides[0].ids | sides[1].ids
    for side in sides:
        for rid in side.rules:
            rule = ctx.view.get(rid)
            for said in sentences((rule or {}).get("text") or ""):
                found = searched(_AS_IF, said)
                flag = situation_of_action(found.group("verb")) if found else None
                if flag not in flags or flag not in _PHASE_NAMES:
                    continue
                things = _things(found.group("what"))
                forbids = re.compile(_FORBIDS.format(verb=re.escape(found.group("verb").lower())), re.I)
                for other in _phase_rules(ctx, system, _PHASE_NAMES[flag], in_play):
                    denied = next((s for s in sentences(other.get("text") or "") for m in [forbids.search(s)] if m and things & _things(m.group("what"))), None)
                    if denied is None:
                        continue
                    name, shown = ctx.name(rid), other["name"]
                    outcome = (f"{name} prevails over {shown}, as far as the quoted words say: {shown} forbids to {found.group('verb').lower()} "
                               f"through what {name} lets its bearer {found.group('verb').lower()} over as if it were not there")
                    out.append(Ruling([name, shown], name, "explicit-exception", outcome,
                                      [ctx.rule_quote(rid, said), ctx.rule_quote(other["id"], denied)], [], [side.name], relation=ctx.rule_quote(rid, said)))
    return out
