"""What an action requires, read as a prohibition on whoever fails it.

"Eligible models to declare a charge have to fulfill all the following
criteria: ... 4. The model did not fall back last turn." (the Last Edition's
Charging) forbids a charge to a model that fell back.  The graph reads each
such item into a ``cannot`` of the list's rule, whose subject is whoever fails
it ("A model that did fall back last turn"), and a reference from that rule to
the rule the item's words name (Fall back).  Here a rule in play on a side
(Fall back) is followed to the lists that name it: where the situation is the
action forbidden (``--when charging``), the side did what the rule is, so the
criterion fails and the action cannot be taken, the lead and the item quoted.
Where no flag is given, it is a prohibition in force (listed with the
others, not ruled) where another rule in play of the side speaks of the
action by name (a weapon "charge"); a flag of another situation asks
nothing of it.  A time the item names that no flag
says ("last turn") is the ruling's "if"; "this turn" is the turn asked about.

The list's rule need not be in play: its words bind every unit that acts so.
Each rule in play costs one look at the relations that name it, never a
look at the whole system.
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.play import live
from referee.resolve.ruling import Ruling, quote
from referee.resolve.scope import words_name

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.resolve.play import Side
    from referee.store.book import Book

# the times an item names: "this turn" is the turn asked about (a rule in play is of it); another is no flag's
_TIME = lazy(r"\b(?:this|last|previous|next|that)\s+(?:turn|round|phase)\b", re.I)


def criteria_rulings(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], set_aside: dict[tuple[str, str], str],
                     rule_quote: Callable[[str, str], dict[str, Any]]) -> tuple[list[Ruling], list[dict[str, Any]]]:
    """(the rulings that an action the situation names cannot be taken, because a rule in play is what one of the
    action's criteria says the unit did not do, as Fall back beside Charging's "The model did not fall back last
    turn." under ``--when charging``; the same prohibitions in force where no flag is given, each where another rule
    in play of the side speaks of the action: a weapon "shot in the charge phase" beside Advancing)."""
    from referee.resolve.duties import situation_of_action
    from referee.resolve.meeting import action_words

    names = view.rule_names
    out: list[Ruling] = []
    duties: list[dict[str, Any]] = []
    for side in sides:
        for rid in live(side, set_aside):
            name = names.get(rid, rid)
            for ref in view.relations_in(rid):
                source = ref["source"]
                if ref["kind"] != "references" or "criteria" not in dict(ref["details"]) or source in side.rules or source == rid:
                    continue  # only a list's item leads to its prohibitions: one rule's many mentions cost nothing here
                for rel in view.relations_out(source):
                    details = dict(rel["details"])
                    if (rel["kind"] != "cannot" or "criteria" not in details or rel["citation"]["sentence"] != ref["citation"]["sentence"]
                            or not words_name(details.get("done", ""), name)):
                        continue
                    action = details["action"]
                    flag = situation_of_action(action)
                    times = [t for t in _TIME.findall(details.get("done", "")) if not t.lower().startswith("this ")]
                    doubt = [f"if {name} was used {t}" for t in times]
                    if not flags and _speaks_of(view, side, rid, action_words(action)):
                        duty = {"side": side.name, "rule": source, "name": names.get(source, source), "kind": "cannot", "actions": [action],
                                "subject": rel["subject"], "conditions": doubt, "citation": quote(rel["citation"], names)}
                        if duty not in duties:
                            duties.append(duty)
                        continue
                    if flag is None or flag not in flags:
                        continue
                    when = f", if {name} was used {' or '.join(times)} (no --when flag says when)" if times else ""
                    outcome = (f"{names.get(source, source)}: to {action}, a unit must meet every criterion its list gives, and this one "
                               f"fails for \"{rel['subject']}\", which {name} in play makes the unit; the situation is {flag} "
                               f"(--when {flag}): cannot beats can, so it cannot {action} here{when}")
                    cited = [rule_quote(source, details["criteria"]), quote(rel["citation"], names)]
                    ruling = Ruling([names.get(source, source), name], None, "cannot-beats-can", outcome, cited, doubt, [side.name])
                    if not any(o.outcome == ruling.outcome for o in out):
                        out.append(ruling)
    return out, duties


def _speaks_of(view: Book, side: Side, rid: str, words: frozenset[str]) -> bool:
    """Whether another rule in play of the side names a word of the action in its name ("Ranged X charge Y": a
    charge), so that the question is about that action."""
    return any(other != rid and words & set(re.findall(r"[a-z]+", (view.rule_names.get(other) or "").lower())) for other in side.rules)
