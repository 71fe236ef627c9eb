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

import re

from referee.resolve.meeting import Meeting
from referee.resolve.ruling import quote
from referee.resolve.situation_words import RULED

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

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
                details = dict(rel["details"])
                if rel["kind"] != "settles" or details["how"] in RULED:
                    continue  # the others are ruled on (referee/resolve/situation_words.py)
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


# what a permission's "even if" clause names: its words of four letters or more, stemmed, that are
# not the clause's people or time ("the model", "this turn")
_WORD = re.compile(r"[A-Za-z]{4,}")
_NOT_NAMED = frozenset({"they", "them", "their", "model", "models", "unit", "units", "this", "that", "same", "during",
                        "turn", "phase", "round", "player", "current", "have", "been", "with", "from", "there"})


def _stems(words: str) -> set[str]:
    out = set()
    for word in _WORD.findall(words.lower()):
        if word in _NOT_NAMED:
            continue
        out.add(re.sub(r"(?:ed|ing|es|s)$", "", word) if len(word) > 5 else word)
    return out


def permission_meetings(view: Any, sides: tuple[Side, Side], met: list[Meeting]) -> list[Meeting]:
    """A rule's permission "even if" X (Light Troops: "allowed to shoot even if they Marched or
    Reformed") beside a rule of the same side that forbids something if X (Move or Fire: "may not
    be used if the attacking model has made an Advance Move, March Move, Reform or Pivot"): the two
    meet on what the permission's clause names, and neither text says which prevails, so the
    question stays open with both sentences (a ``touch`` meeting), unless a meeting joins them."""
    joined = {frozenset(m.rules) for m in met if len(m.rules) > 1}
    out: list[Meeting] = []
    for side in sides:
        for a in side.rules:
            for perm in view.relations_out(a):
                details = dict(perm["details"])
                words = details.get("words", "")
                if perm["kind"] != "settles" or details.get("how") != "permission" or " even if " not in f" {words.lower()} ":
                    continue
                named = _stems(words.lower().split("even if", 1)[1])
                for b in side.rules:
                    if b == a or frozenset((a, b)) in joined:
                        continue
                    forbids = [r for r in view.relations_out(b) if r["kind"] == "cannot" and named & _stems(r["citation"]["sentence"])]
                    if forbids:
                        joined.add(frozenset((a, b)))
                        shared = ", ".join(sorted(named & _stems(forbids[0]["citation"]["sentence"])))
                        why = (f"{view.rule_names.get(a, a)} permits \"{words}\", and {view.rule_names.get(b, b)} forbids it where the same "
                               f"words hold ({shared}); neither text says which prevails")
                        out.append(Meeting("touch", [a, b], [side.name], [perm, forbids[0]], extra={"through": [], "why": why}))
    return out
