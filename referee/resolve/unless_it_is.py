"""A rule whose words except the model that is another rule of its side: "The model gains Tall and
can never be joined or join a unit (unless it is a War Platform)" (Towering Presence), beside War
Platform on the same model.

The graph reads the clause as a condition ``unless`` whose value is the rule it names, and the
readers of each relation already set the forbidding (or granting) words aside when the side has
that rule (:func:`referee.resolve.situation.holds`).  That is a relation read from the text between
the two rules: the named rule prevails over the one whose words except it, as far as those words
say (principle ``explicit-exception``), the excepting sentence quoted.

Only a clause that says the bearer *is* the rule ("unless it is a War Platform", "unless War
Platform") is such an exception.  An "unless" of what the bearer does with the other rule
("unless ... wielding Great Weapons", "unless their unit starts the March Move within the range of
... Commanding Presence") names the rule as a thing of the situation, and is left to the readers
of modifiers and prohibitions.
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.ruling import Ruling, quote
from referee.resolve.together import name_pattern

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Sequence

    from referee.resolve.play import Side
    from referee.resolve.principles import Context

# "unless it is a War Platform", "unless the model is a ...", "unless War Platform", "except if it is a ..."
_IS = lazy(r"^\s*(?:unless|except(?:\s+if|\s+when)?)\s+(?:(?:it|the\s+model|the\s+unit|this\s+model|they)\s+(?:is|are)\s+)?"
           r"(?:an?\s+|the\s+)?(?P<name>[^,;:.()]+?)\s*$", re.I)

def excepted_by_being(text: str, name: str) -> bool:
    """Whether an "unless" clause's words say the bearer is the rule named ``name``.

    >>> excepted_by_being("unless it is a War Platform", "War Platform")
    True
    >>> excepted_by_being("unless their unit starts the March Move within the range of a friendly model's Commanding Presence", "Commanding Presence")
    False
    """
    found = _IS.match(text or "")
    pattern = name_pattern(name)
    return bool(found and pattern is not None and pattern.fullmatch(found.group("name").strip()))


def unless_rulings(ctx: Context, sides: tuple[Side, Side], answered: Sequence[set[str]] = ()) -> list[Ruling]:
    """Rulings on a rule whose own words except the model that is another rule its side has: one
    per pair and side, every excepting sentence quoted."""
    found: dict[tuple[str, str, str], tuple[list[str], list[dict[str, object]]]] = {}
    for side in sides:
        for rid in side.rules:
            for rel in ctx.view.relations_out(rid):
                for cond in rel["conditions"]:
                    other = cond.get("value") or ""
                    if cond["situation"] != "unless" or other == rid or other not in side.rules:
                        continue
                    if not excepted_by_being(cond.get("text") or "", ctx.name(other)):
                        continue
                    if any({ctx.name(other), ctx.name(rid)} <= said for said in answered):
                        continue
                    words, cited = found.setdefault((side.name, other, rid), ([], []))
                    said = " ".join((cond.get("text") or "").split())
                    quoted = quote(rel["citation"], ctx.view.rule_names)
                    words += [said] if said not in words else []
                    cited += [quoted] if quoted not in cited else []
    out = []
    for (side_name, other, rid), (words, cited) in found.items():
        clauses = ", ".join(f'"{w}"' for w in words)
        outcome = (f"{ctx.name(other)} prevails over {ctx.name(rid)}, as far as the quoted words say: {ctx.name(rid)}'s words except "
                   f"the model that is {ctx.name(other)} ({clauses}), and this one is ({ctx.name(other)} is in play on its side)")
        out.append(Ruling([ctx.name(other), ctx.name(rid)], ctx.name(other), "explicit-exception", outcome, cited, [], [side_name],
                          relation=cited[0]))
    return out
