"""A rule's own words on where the modifiers of the values it speaks of reach: "All modifiers to
ground movement values also apply to a model's Fly values, unless specifically stated otherwise."
(Fly, which substitutes its models' Advance Rate and March Rate), beside a modifier of one of those
values that reaches its models ("-1" Advance Rate ... for Enemy units hit by the weapon", Higher
Calibre against a unit with Fly).

The sentence settles how the two meet: the modifier holds for the values the rule gives as well.
That is no winner (both apply, together), and the ruling quotes the sentence with the modifier's.
A modifier reaches the rule's models where both are on one side and the modifier names no enemy,
or where the modifier is the other side's and its words name enemy units.
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.meeting import sentences
from referee.resolve.ruling import Ruling, _unique
from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from referee.resolve.play import Side
    from referee.resolve.principles import Context
    from referee.resolve.ruling import Modifier

# "All modifiers to ground movement values also apply to a model's Fly values", "... are also applied to the flying values"
_ALSO_APPLY = lazy(r"\bmodifiers\s+(?:to|of|on)\s+[^.;:]{1,60}?\b(?:also\s+apply|are\s+also\s+applied|apply\s+also)\s+to\b", re.I)
_ENEMY = lazy(r"\benem(?:y|ies)\b", re.I)


def _reaches(modifier: Modifier, part: dict[str, Any], side: str) -> bool:
    """Whether a modifier's part reaches the models of ``side``, by its side and its own words."""
    said = " ".join(part.get("conditions") or []) + " " + (part.get("citation") or {}).get("quote", "")
    enemy = bool(_ENEMY.search(said))
    return enemy if modifier.side != side else not enemy


def reach_rulings(ctx: Context, sides: tuple[Side, Side], modifiers: Sequence[Modifier], answered: Sequence[set[str]] = ()) -> list[Ruling]:
    """Rulings on a rule whose own sentence says modifiers of the values it speaks of apply to its values too, beside such a
    modifier that reaches its models."""
    found: dict[tuple[str, str], tuple[dict[str, Any], list[str], list[dict[str, Any]], set[str]]] = {}
    for side in sides:
        for rid in side.rules:
            rule = ctx.view.get(rid)
            if rule is None or not modifiers:
                continue
            versions = rule["versions"] or [None]
            said = next(((s, v) for v in versions for s in sentences((v or rule).get("text") or "") if _ALSO_APPLY.search(s)), None)
            if said is None:
                continue
            text = fold(" ".join((v or rule).get("text") or "" for v in versions))
            for m in modifiers:
                if not re.search(rf"\b{re.escape(fold(m.stat))}\b", text):
                    continue  # a value the rule does not speak of
                for part in m.parts:
                    if part["rule"] == rid or not _reaches(m, part, side.name):
                        continue
                    if any({part["name"], ctx.name(rid)} <= done for done in answered):
                        continue
                    sentence = ctx.rule_quote(rid, said[0].lstrip("-*• "), said[1])
                    _, values, cited, where = found.setdefault((part["name"], rid), (sentence, [], [sentence], set()))
                    values.append(f"{m.stat} {part['value']}")
                    cited.append(part["citation"])
                    where |= {m.side, side.name}
    out = []
    for (name, rid), (_, values, cited, where) in found.items():
        outcome = (f"{ctx.name(rid)}'s own words say modifiers of the values it speaks of apply to its values too: {name}'s "
                   f"{', '.join(dict.fromkeys(values))} hold for them, as far as nothing says otherwise")
        out.append(Ruling([name, ctx.name(rid)], None, "together", outcome, _unique(cited), [], sorted(where, key=("self", "opponent").index)))
    return out
