"""A rule's own sentence on the situation asked about (or on an instance given without its
number, or on how often it may be used), quoted where nothing else quotes it.

"Models can not disembark if the transport is in melee range of enemy models"
(Disembarking, asked ``--when melee``), "A Heavy Casualties Panic test must
also be taken (immediately) by a charging unit" (``--when charging``), "A
Breath Weapon shooting attack can be made even if the model marched"
(``--when moved``), "a fleeing unit may move through it but must take
Dangerous Terrain (5)" (``--when fleeing``): the graph read no relation from
these words that the situation settles, or read one whose condition the
situation cannot tell, so no ruling quoted them; yet they are what the rule
says of the situation given.  Each rule in play whose sentence names a flag
given (in the words below) and says what may, must or cannot be done then is
ruled on by those words (principle ``own-words``), the sentences quoted;
a sentence another part of the answer already quotes is not repeated.
"""

from __future__ import annotations

import re

from referee.resolve.meeting import sentences
from referee.resolve.ruling import Ruling

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from referee.resolve.play import Side
    from referee.resolve.principles import Context

# the words by which a sentence speaks of each flag of the situation table
# (referee/graph/situations.py): the flag's own word and the game's words for it
_SPOKEN: dict[str, re.Pattern[str]] = {
    "charging": re.compile(r"\bcharging\b|\bcharger\b", re.I),
    "charged": re.compile(r"\b(?:is|are|being|been|was|were)\s+charged\b|\bcharge\s+reactions?\b", re.I),
    "melee": re.compile(r"\bmelee\b|\bclose\s+combat\b", re.I),
    "shooting": re.compile(r"\bshoot(?:s|ing)?\b|\bshooting\s+attacks?\b|\branged\s+attacks?\b", re.I),
    "fleeing": re.compile(r"\bflee(?:s|ing)?\b|\bfled\b", re.I),
    "moved": re.compile(r"\bmoved\b|\bmarched\b|\badvanced\b|\breformed\b", re.I),
    "first-round": re.compile(r"\bfirst\s+round\b", re.I),
    "first-turn": re.compile(r"\bfirst\s+turn\b", re.I),
    "on-foot": re.compile(r"\bon\s+foot\b", re.I),
    "mounted": re.compile(r"\bmounted\b", re.I),
}

# what the sentence says may, must or cannot be done, or a limit ("can only make one redirect"):
# a sentence that only describes is not ruled on
_SAYS = re.compile(r"\b(?:can\s*not|cannot|can't|must|may|can|never|always|even\s+if|not\s+(?:be\s+)?\w+able|(?:does|do)\s+not\s+apply)\b", re.I)

# a rule's sentences on the situation, at most: more is a rule about the situation itself, its page to read
_MOST = 3


def situation_rulings(ctx: Context, sides: tuple[Side, Side], flags: tuple[str, ...], quoted: Iterable[str],
                      aside: Iterable[tuple[str, str]] = ()) -> list[Ruling]:
    """Rulings by a rule's own words on the flags given, for the sentences no other part of the answer
    quotes, of the rules not set aside (``aside``: (side, rule id), a rule whose every instance came
    through one set aside too)."""
    spoken = [(flag, _SPOKEN[flag]) for flag in flags if flag in _SPOKEN]
    said_already = {" ".join(q.split()) for q in quoted}
    gone = set(aside)
    out: list[Ruling] = []
    seen: set[str] = set()
    for side in sides:
        for rid, entry in side.rules.items():
            if rid in seen or (side.name, rid) in ctx.set_aside or (side.name, rid) in gone:
                continue
            seen.add(rid)
            rule_sides = [s.name for s in sides if rid in s.rules]
            found = _on_situation(ctx, rid, spoken, said_already) if spoken else []
            if found and len({s for _, s in found}) <= _MOST:
                given = sorted({flag for flag, _ in found}, key=flags.index)
                sentences_ = list(dict.fromkeys(s for _, s in found))
                outcome = (f"{entry.name}, when {', '.join(given)}: its own words speak of this situation, and hold as they say "
                           f"(no relation read from them settles more)")
                out.append(Ruling([entry.name], None, "own-words", outcome, [ctx.rule_quote(rid, s) for s in sentences_], [], rule_sides))
            limits = [s for s in _sentences(ctx, rid) if _LIMIT.search(s) and " ".join(s.split()) not in said_already
                      and not any(s in c for _, c in found)]
            if limits:
                # "Each unit can only make one redirect per turn.": how often the rule may be used, whatever the situation
                outcome = f"{entry.name}: its own words limit how often it is used"
                out.append(Ruling([entry.name], None, "own-words", outcome, [ctx.rule_quote(rid, s) for s in limits[:2]], [], rule_sides))
            contests = [s for s in _sentences(ctx, rid) if _contest(s) and " ".join(s.split()) not in said_already]
            if contests:
                # "If the result of the defender is higher than the result of the attacker, the power is blocked":
                # which of two results wins, and so what a tie does, is the rule's own word
                outcome = f"{entry.name}: its own words say what a result has to beat (read them for a tie)"
                out.append(Ruling([entry.name], None, "own-words", outcome, [ctx.rule_quote(rid, s) for s in contests[:2]], [], rule_sides))
            unnumbered = [s for s in _sentences(ctx, rid) if _NO_NUMBER.search(s) and " ".join(s.split()) not in said_already]
            if unnumbered and any(not params for params in entry.instances):
                # "If no number is shown in brackets, the rule is Poisoned (4+)": an instance given without one
                outcome = f"{entry.name} is given here without a number in brackets: its own words say what it is then"
                out.append(Ruling([entry.name], None, "own-words", outcome, [ctx.rule_quote(rid, s) for s in unnumbered[:1]], [], rule_sides))
    return out


# a limit on how often the rule is used: "Each unit can only make one redirect per turn."
_LIMIT = re.compile(r"\b(?:can|may)\s+only\s+(?:make|use|take|attempt|perform|be\s+used|be\s+made)\b[^.;]*?\b(?:one|once|a\s+single)\b[^.;]*?"
                    r"\bper\s+(?:turn|phase|round|game|battle)\b", re.I)

_RESULT = re.compile(r"\b(?:results?|rolls?|scores?|totals?)\b", re.I)
_COMPARED = re.compile(r"\b(?:higher|greater|lower|less|more|smaller|bigger)\s+than\b|\bequal\s+to\b|\bties?\b", re.I)


def _contest(sentence: str) -> bool:
    """Whether a sentence compares two results ("If the result of the defender is higher than the result of
    the attacker"), or says what a result has to beat ("The result has to be higher than the distance to the
    closest model in the target unit"): its words are what a tie is read by."""
    if _NEEDED.search(sentence):
        return True
    return len(_RESULT.findall(sentence)) >= 2 and bool(_COMPARED.search(sentence)) and bool(re.search(r"\b(?:if|when|whoever|the\s+winner)\b", sentence, re.I))


_NEEDED = re.compile(r"\b(?:results?|rolls?|scores?|totals?)\b[^.;]{0,30}?\b(?:has\s+to|have\s+to|must|needs?\s+to)\s+be\s+(?:higher|greater|lower|less|more)\s+than\b", re.I)


# a rule's own word on an instance given without its number: "If no number is shown in brackets, the rule is Poisoned (4+)"
_NO_NUMBER = re.compile(r"\bif\s+no\s+(?:number|value|x)\s+is\s+(?:shown|given|stated|written)\b", re.I)


def _sentences(ctx: Context, rid: str) -> list[str]:
    """A rule's sentences (its first wording), a split after "e.g." or "i.e." mended: "This rule does not
    apply if the unit Flees involuntarily (e.g. as the result of a failed Panic Test, ...)" is one."""
    rule = ctx.view.get(rid)
    if rule is None:
        return []
    out: list[str] = []
    for said in sentences((rule["versions"][0]["text"] if rule["versions"] else rule["text"]) or ""):
        if out and _CUT.search(out[-1]):
            out[-1] = f"{out[-1]} {said}"
        else:
            out.append(said)
    return out


_CUT = re.compile(r"\b(?:e\.(?:g\.)?|i\.(?:e\.)?|cf\.|vs\.)$", re.I)


def _on_situation(ctx: Context, rid: str, spoken: list[tuple[str, re.Pattern[str]]], said_already: set[str]) -> list[tuple[str, str]]:
    """(flag, sentence) of a rule's first wording that speak of a flag given and say what may, must or cannot be done."""
    # a sentence the graph read with its situation in structured words is ruled by applicability
    # already (its grant or modifier applied, or said not to apply here); one it read with the words
    # kept raw ("if the transport is in melee range"), a duty (listed, never ruled: "All fleeing units
    # through the impossible terrain must take Dangerous Terrain (5)"), or one it did not read, is quoted
    out = []
    read: set[str] | None = None  # read only where a sentence speaks of a flag: a warm call reads few relations
    for said in _sentences(ctx, rid):
        plain = " ".join(said.split())
        flagged = [flag for flag, words in spoken if words.search(said)]
        if not flagged or plain in said_already or not _SAYS.search(said) or said.lower().startswith(("for example", "e.g.")):
            continue
        if read is None:
            read = {" ".join(r["citation"]["sentence"].split()) for r in ctx.view.relations_out(rid)
                    if r["kind"] not in ("must", "cannot") and r["conditions"] and all(c["situation"] != "other" for c in r["conditions"])}
        if any(r in plain or plain in r for r in read):
            continue
        out += [(flag, said) for flag in flagged]
    return out
