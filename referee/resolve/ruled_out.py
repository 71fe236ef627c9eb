"""Situations a system's own text rules out, and the rules in play that let them arise.

``melee`` and ``shooting`` are no contradiction of the situation words
themselves (charging and not charging are): whether a unit in close combat
may shoot is the system's to say.  The Last Edition says it may not ("Eligible
models to shoot with have to fulfill all the following criteria: ... 5. The
unit is not in melee distance to an enemy unit."), unless a rule in play says
it may ("models can use this weapon even in melee distance", Ranged X trigger).
So the referee answers the pair with the sentences that settle it, never a
refusal:

- the system rules it out and no rule in play lets it arise: one ruling says
  the situation cannot arise, quoting the sentence and the words it answers;
  nothing else is ruled in a situation that cannot happen;
- a rule in play lets it arise: ruled with both flags, the sentence that
  rules it out and the rule's own words quoted;
- no sentence of the system speaks of it: ruled with both flags, and said so.

The system's word is read in the rules it names for shooting or close combat
("4.1 SHOOTING") and their parts, never in a rule in play (a rule in play
that limits itself, "Provided the model is not in close combat, it can use
its Breath Weapon", is that rule's condition, not the system's).
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.ruling import Ruling

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.resolve.play import Side
    from referee.resolve.principles import Context

# the acting unit itself in close combat, in the words the documents use
_IN_MELEE = r"(?:in|within|engaged\s+in|locked\s+in)\s+(?:melee(?:\s+distance|\s+range)?|close\s+combat|(?:a\s+)?combat)"
# "The unit is not in melee distance to an enemy unit": a criterion on the unit (or model) itself
_NOT_IN_MELEE = lazy(rf"^(?:(?:\d+[.)]|[-*•])\s*)?(?:the|a|an|this)\s+(?:unit|model)s?\s+(?:(?:is|are)\s+not|must\s+not\s+be)\s+{_IN_MELEE}\b", re.I)
# shooting as the action allowed: "Eligible models to shoot with", "a unit may shoot", "eligible to shoot"
_SHOOT = lazy(r"\b(?:to|may|can|could|eligible\s+to)\s+shoot\b|\bshoot\s+with\b|\beligible\s+to\s+shoot\b", re.I)
# a rule in play that lets it arise: "models can use this weapon even in melee distance"
_EVEN_IN_MELEE = lazy(rf"\beven\s+(?:if\s+|when\s+|while\s+)?(?:(?:the|its|this)\s+(?:unit|model)\s+is\s+)?{_IN_MELEE}\b", re.I)

# pairs of flags a system's text may rule out: (the action, the state it must not be in)
PAIRS = (("shooting", "melee"),)


def _lines(text: str) -> list[tuple[str, str]]:
    """A rule's lines, each with the lead it stands under ("... the following criteria:"), itself if none."""
    out: list[tuple[str, str]] = []
    lead = ""
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            continue
        if line.endswith(":"):
            lead = line
            out.append((line, line))
            continue
        out.append((line, lead or line))
        if not re.match(r"^(?:\d+[.)]|[-*•])\s", line):
            lead = ""  # a paragraph of prose ends the list a lead introduced
    return out


def _criterion(line: str) -> str:
    """A list item's words without its number ("5. The unit is ..." -> "The unit is ...")."""
    return re.sub(r"^(?:\d+[.)]|[-*•])\s+", "", line)


# the system's rules for the two situations, by the names it gives them ("4.1 SHOOTING")
_NAMED = ("shooting", "shoot", "shooting phase", "ranged attacks", "close combat", "close combat phase", "melee", "melee phase", "combat")


def _for_the_situations(ctx: Context, system: str) -> list[dict[str, Any]]:
    """The rules a system names for shooting or for close combat, and their parts: where its
    eligibility to shoot is stated (a few named rows, never the whole system: a warm call stays cheap)."""
    found: dict[str, dict[str, Any]] = {}
    for word in _NAMED:
        for rule in ctx.view.lookup(word, system):
            found.setdefault(rule["id"], rule)
    for rid in list(found):
        for cid in (ctx.view.get(rid) or {}).get("children") or ():
            got = ctx.view.get(cid)
            if got is not None:
                found.setdefault(cid, got)
    return [ctx.view.get(rid) or rule for rid, rule in found.items()]


def system_sentence(ctx: Context, system: str, in_play: set[str]) -> list[dict[str, Any]]:
    """The system's own words that rule out shooting in melee, in its rules for shooting or close
    combat: the lead and the criterion, each quoted at its place (empty where none says so)."""
    for rule in _for_the_situations(ctx, system):
        if rule["id"] in in_play:
            continue
        for line, lead in _lines(rule.get("text") or ""):
            said = _criterion(line)
            if _NOT_IN_MELEE.search(line) and (_SHOOT.search(lead) or _SHOOT.search(said)):
                quotes = [ctx.rule_quote(rule["id"], lead)] if lead != line else []
                return quotes + [ctx.rule_quote(rule["id"], said)]
    return []


def shot_even_in_melee(text: str) -> list[str]:
    """The sentences of a rule's text that let its bearer shoot in melee anyway ("This means models
    can use this weapon even in melee distance against enemy models")."""
    from referee.resolve.meeting import sentences

    return [said for said in sentences(text or "") if _EVEN_IN_MELEE.search(said) and re.search(r"\b(?:used?|shoot|shot|fired?)\b", said, re.I)]


def lets_it_arise(ctx: Context, sides: tuple[Side, Side]) -> list[dict[str, Any]]:
    """The sentences of the acting side's rules in play that let it shoot in melee anyway."""
    return [ctx.rule_quote(rid, said) for rid in sides[0].rules for said in shot_even_in_melee((ctx.view.get(rid) or {}).get("text") or "")]


def situation_ruling(ctx: Context, system: str, sides: tuple[Side, Side], flags: tuple[str, ...]) -> tuple[Ruling | None, bool]:
    """(the ruling on a pair of flags the system's text may rule out, whether the situation can arise)."""
    pair = next(((one, other) for one, other in PAIRS if one in flags and other in flags), None)
    if pair is None:
        # --when melee alone, with a rule in play that lets its weapon be shot even in melee: the
        # exception is in force, and the system's sentence it makes an exception to is quoted
        state_only = next(((one, other) for one, other in PAIRS if other in flags and one not in flags), None)
        letting = lets_it_arise(ctx, sides) if state_only is not None else []
        ruled_out = system_sentence(ctx, system, sides[0].ids | sides[1].ids) if letting else []
        if not ruled_out:
            return None, True
        names = list(dict.fromkeys(c["name"] for c in letting))
        where = ruled_out[-1]["name"]
        outcome = (f"--when {state_only[1]}: {where} lets a unit shoot only when it is not in close combat, but {', '.join(names)} "
                   f"lets its models shoot even so, as far as its words say")
        return Ruling([*names, where], names[0], "applicability", outcome, letting + ruled_out, [], ["self"], relation=letting[0]), True
    action, state = pair
    said = f"--when {state} and --when {action}"
    ruled_out = system_sentence(ctx, system, sides[0].ids | sides[1].ids)
    if not ruled_out:
        outcome = (f"{said}: no sentence of {system}'s rules for shooting or close combat says a unit cannot shoot while in close combat, "
                   f"so both hold; ruled with both")
        return Ruling([], None, "applicability", outcome, [], [], ["self"]), True
    where = ruled_out[-1]["name"]
    letting = lets_it_arise(ctx, sides)
    if letting:
        names = list(dict.fromkeys(c["name"] for c in letting))
        outcome = (f"{said}: {where} lets a unit shoot only when it is not in close combat, but {', '.join(names)} "
                   f"lets it shoot even so, as far as its words say; ruled with both")
        return Ruling([*names, where], names[0], "applicability", outcome, letting + ruled_out, [], ["self"], relation=letting[0]), True
    outcome = (f"{said}: the situation cannot arise: {where} lets a unit shoot only when it is not in close combat, "
               f"and no rule in play says otherwise; nothing else is ruled in it")
    return Ruling([where], None, "applicability", outcome, ruled_out, [], ["self"]), False
