"""The rules in play's own words that settle or frame a meeting, quoted with what is in force.

The graph reads them as ``settles`` relations (:mod:`referee.graph.settles`):
a choice, a tie-break, a both-sides clause, a permission or exception, a
limit, when a roll is read, another rule's mechanism used by reference.  They
oblige and forbid nothing the situation can tell, so no principle rules by
them; but a referee who meets these rules must read them, so each is listed
in ``in_force`` (kind ``settles``, ``actions`` its words, ``how`` its kind)
for every rule in play that no ruling set aside, once per sentence.
"""

from __future__ import annotations

from typing import Any

from referee.resolve.ruling import quote

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from referee.resolve.play import Side


def own_words(view: Any, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str]) -> list[dict[str, Any]]:
    """An ``in_force`` entry per sentence of a rule in play that settles how it meets others."""
    names = view.rule_names
    out: list[dict[str, Any]] = []
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for side in sides:
        for rid in side.rules:
            if (side.name, rid) in set_aside:
                continue
            for rel in view.relations_out(rid):
                if rel["kind"] != "settles":
                    continue
                details = dict(rel["details"])
                key = (rid, rel["citation"]["sentence"])  # the same rule on both sides: its words said once
                same = seen.get(key)
                if same is not None:
                    if details["words"] not in same["actions"]:
                        same["actions"].append(details["words"])
                        same["how"] += f", {details['how']}"
                    continue
                entry = {
                    "side": side.name, "rule": rid, "name": names.get(rid, rid), "kind": "settles", "actions": [details["words"]],
                    "how": details["how"], "subject": None, "conditions": [], "citation": quote(rel["citation"], names),
                }
                seen[key] = entry
                out.append(entry)
    return out
