"""What a ``stacks`` relation (its JSON, docs/graph.md) says of how effects add up, read in one place.

The effect reader states "never stacks" as mode ``never`` and "can never be modified by more
than 1" as mode ``cap`` (:mod:`referee.graph.effects_transform`).  Two of those bind a whole
system, rules that do not name them too: the build keeps them per system
(:mod:`referee.store.answers`), and the referee reads them there (:mod:`referee.resolve.source`).

>>> never = {"kind": "stacks", "details": {"mode": "never"}, "subject": "Any ability that modifies a value"}
>>> never_stacks(never), binds_every_ability(never), caps_every_roll(never)
(True, True, False)
>>> caps_every_roll({"kind": "stacks", "details": {"mode": "cap", "value": 1}, "subject": "Dice"})
True
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.patterns import lazy

if TYPE_CHECKING:
    from typing import Any

_WIDE = lazy(r"^(?:any|all|every)\b", re.I)  # "Any ability that ..."
_ROLLS = lazy(r"^(?:(?:any|all|every|the|a)\s+)?(?:dice|die|d6|rolls?|results?)\b", re.I)  # "Dice can never be modified by more than 1"


def stacking_mode(rel: dict[str, Any]) -> str | None:
    """How a ``stacks`` relation says its effects add up (never, cap, highest, lowest, choose, ...); None of another kind."""
    return dict(rel["details"]).get("mode") if rel["kind"] == "stacks" else None


def never_stacks(rel: dict[str, Any]) -> bool:
    """A ``stacks`` relation of mode "never": what it names does not add up with its like."""
    return stacking_mode(rel) == "never"


def binds_every_ability(rel: dict[str, Any]) -> bool:
    """A never-stacks relation whose subject is every ability of the system: it binds rules that do not name it."""
    return never_stacks(rel) and bool(_WIDE.match(rel["subject"] or ""))


def caps_every_roll(rel: dict[str, Any]) -> bool:
    """A ``stacks`` relation of mode "cap" whose subject is every die roll: a limit on every
    total of roll modifiers of the system."""
    return stacking_mode(rel) == "cap" and bool(_ROLLS.match(rel["subject"] or ""))
