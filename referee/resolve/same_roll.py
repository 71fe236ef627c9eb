"""Rules in play that speak of the same roll, with nothing read that says how they meet.

"For dice rolls subject to Maximised Roll, roll one additional D6 and discard
the lowest" and "... discard the highest" (Minimised Roll); "it can roll this
save after an armor save has failed" (Pure save) and "instead of rolling other
armor saves" (Dodge save); "strikes at Initiative 1" (Very Unwieldy) and "may
choose to strike at either Initiative 10 or Initiative 1" (Invisibility): each
pair speaks of one roll or one value of a characteristic, on one side or across
the two, and no relation the graph reads joins them.  That is a meeting, and
the referee does not guess it: an open question (``touch``), each rule's
sentence that speaks of the thing quoted.  "Nothing to rule on" stays only
where no two rules speak of one such thing.

What counts as one thing: a roll (a save, a test, "dice rolls"), named the same
in both sentences and neither rule's own name, or a characteristic of the
system's game terms given a number in both ("Initiative 1", "Initiative 10").
Two rules whose brackets both say which rolls they are for, and share none
("Maximised (Charge Range)", "Minimised (Discipline Tests)"), do not meet.
"""

from __future__ import annotations

import re

from referee.resolve.meeting import sentences
from referee.resolve.ruling import Unresolved
from referee.text import fold, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.resolve.meeting import Meeting
    from referee.resolve.play import Side
    from referee.resolve.principles import Context

# a roll named by what it is: "armor save(s)", "Panic Test(s)", "dice roll(s)"
_ROLL = re.compile(r"\b([a-z]+)\s+(save|test|roll)s?\b", re.I)
# words that stand before a roll's name but are not it ("this save", "other armor saves": "armor")
_NOT_A_NAME = frozenset({"a", "an", "the", "this", "that", "these", "those", "its", "his", "her", "their", "each", "any", "every", "other",
                         "one", "no", "all", "to", "of", "for", "and", "or", "is", "are", "be", "failed", "successful", "additional", "same",
                         "first", "second", "such", "own", "your", "which", "with", "on", "in", "subject", "you", "we", "they", "it", "can", "may",
                         "must", "will", "then", "not", "re"})


def _rolls(sentence: str) -> set[str]:
    """The rolls a sentence names, folded and singular ("armor saves" -> "armor save")."""
    out = set()
    for word, kind in _ROLL.findall(sentence):
        if word.lower() in _NOT_A_NAME:
            continue
        out.add(f"{fold(word)} {kind.lower()}")
    return out


def _valued(sentence: str, terms: list[str]) -> set[str]:
    """The system's characteristics a sentence gives a number ("strike at Initiative 1")."""
    said = fold(sentence)
    return {t for t in terms if " " not in t and len(t) > 3 and re.search(rf"\b{re.escape(t)}\s+\d+\b", said)}


def _own(name: str) -> set[str]:
    """A rule's own name as a roll, so that "Frenzy Test" of Frenzy or "Pure save" of Pure save is no meeting."""
    words = fold(re.sub(r"\(.*?\)|\bX\b", " ", name)).split()
    out = set()
    for at in range(len(words) - 1):
        out.add(f"{words[at]} {words[at + 1]}")
        forms = singulars(words[at + 1])
        if forms:
            out.add(f"{words[at]} {forms[0]}")
    return out | {f"{w} {k}" for w in words[:1] for k in ("save", "test", "roll")}


def _speaks(ctx: Context, rid: str, terms: list[str]) -> dict[str, list[dict[str, Any]]]:
    """thing -> the rule's sentences that speak of it, each quoted at its place (every wording)."""
    rule = ctx.view.get(rid)
    if rule is None:
        return {}
    own = _own(rule["name"])
    out: dict[str, list[dict[str, Any]]] = {}
    versions = rule["versions"] or [None]
    for version in versions:
        text = version["text"] if version else rule["text"]
        # an example's words are read too: an open question applies no number of it, and an example
        # may be the one sentence that says which roll a rule replaces ("instead of rolling other armor saves")
        for said in sentences(text or ""):
            for thing in (_rolls(said) - own) | _valued(said, terms):
                quoted = ctx.rule_quote(rid, said, version)
                if quoted not in out.setdefault(thing, []):
                    out[thing].append(quoted)
    return out


def _params(entry: Any) -> set[str]:
    return {fold(p.strip()) for params in entry.instances for param in params for p in param.split(",") if p.strip()}


def same_roll_touches(ctx: Context, sides: tuple[Side, Side], met: list[Meeting]) -> list[Unresolved]:
    """Open questions for two rules in play that speak of one roll or characteristic's value, where no meeting joins them."""
    joined = {frozenset(m.rules) for m in met if len(m.rules) > 1}
    terms = ctx.view.core_terms(ctx.system)
    held = [(side.name, rid, entry) for side in sides for rid, entry in side.rules.items()]
    spoken = {(name, rid): _speaks(ctx, rid, terms) for name, rid, _ in held}
    out: list[Unresolved] = []
    seen: set[frozenset[str]] = set()
    for at, (side_a, a, entry_a) in enumerate(held):
        for side_b, b, entry_b in held[at + 1 :]:
            pair = frozenset((a, b))
            if a == b or pair in joined or pair in seen or _granted(entry_a, b) or _granted(entry_b, a):
                continue
            shared = sorted(spoken[(side_a, a)].keys() & spoken[(side_b, b)].keys())
            if not shared:
                continue
            pa, pb = _params(entry_a), _params(entry_b)
            if pa and pb and not pa & pb and _bracketed_rolls(entry_a) and _bracketed_rolls(entry_b):
                continue  # each says which rolls it is for, and they share none
            seen.add(pair)
            cites = [c for thing in shared for c in spoken[(side_a, a)][thing] + spoken[(side_b, b)][thing]]
            names = [ctx.name(a), ctx.name(b)]
            why = f"both speak of {', '.join(shared)}, and no relation read from the text says how they meet"
            answer = Unresolved(names, why, cites)
            answer.kind = "touch"
            out.append(answer)
    return out


def _granted(entry: Any, other: str) -> bool:
    """Whether one rule came in through the other (a grant chain is how they meet)."""
    return any(step["rule"] == other for chain in entry.chains for step in chain)


def _bracketed_rolls(entry: Any) -> bool:
    """Whether an instance's brackets name what it is for in words ("Charge Range"), not a number ("4++")."""
    return any(re.search(r"[A-Za-z]{3,}", param) for params in entry.instances for param in params)
