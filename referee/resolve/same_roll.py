"""Rules in play that speak of the same roll, with nothing read that says how they meet.

"For dice rolls subject to Maximised Roll, roll one additional D6 and discard
the lowest" and "... discard the highest" (Minimised Roll); "it can roll this
save after an armor save has failed" (Pure save) and "instead of rolling other
armor saves" (Dodge save); "strikes at Initiative 1" (Very Unwieldy) and "may
choose to strike at either Initiative 10 or Initiative 1" (Invisibility): each
pair speaks of one roll or one value of a characteristic, on one side or across
the two (across the sides, only where a sentence speaks of the other side's
roll: each side's own Panic Test is two rolls), and no relation the graph
reads joins them.  That is a meeting, and
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
from referee.resolve.ruling import Ruling, Unresolved, _unique
from referee.text import fold, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from collections.abc import Sequence

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
    """The system's characteristics a sentence gives a number ("strike at Initiative 1") or a
    signed change ("gets -1 Initiative"; "+1 Armour Penetration" is no "+1 Armour")."""
    words = tuple(t for t in terms if " " not in t and len(t) > 3)
    if not words:
        return set()
    after, before = _patterns(words)
    said, raw = fold(sentence), " ".join(sentence.lower().split())  # folding drops the sign
    out = {found.group("t") for found in after.finditer(said)}
    longer = set(terms)
    for found in before.finditer(raw):
        if f"{found.group('t')} {found.group('next')}" not in longer:
            out.add(found.group("t"))
    return out


_PATTERNS: dict[tuple[str, ...], tuple[re.Pattern[str], re.Pattern[str]]] = {}


def _patterns(words: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """One pattern for all of a system's characteristics, each way round, made once per system."""
    if words not in _PATTERNS:
        alt = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
        _PATTERNS[words] = (re.compile(rf"\b(?P<t>{alt})\s+\d+\b"),
                            re.compile(rf"(?<![\w+-])[+\-−]\d+\s+(?P<t>{alt})\b(?:\s+(?P<next>[a-z]+))?"))
    return _PATTERNS[words]


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
    """thing -> the rule's sentences that speak of it (every wording), each ``{"quote", "rid",
    "version"}``: placed in its document (:func:`_cited`) only if an answer quotes it."""
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
            if not _MAY_SPEAK.search(said):
                continue
            for thing in (_rolls(said) - own) | _valued(said, terms):
                listed = out.setdefault(thing, [])
                if all(c["quote"] != said for c in listed):
                    listed.append({"quote": said, "rid": rid, "version": version})
    return out


# a sentence names a roll or gives a number: the others are not read further
_MAY_SPEAK = re.compile(r"\b(?:saves?|tests?|rolls?)\b|\d", re.I)


def _cited(ctx: Context, said: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sentences an answer quotes, each at its file, line and column."""
    return _unique([ctx.rule_quote(c["rid"], c["quote"], c["version"]) for c in said])


def _params(entry: Any) -> set[str]:
    return {fold(p.strip()) for params in entry.instances for param in params for p in param.split(",") if p.strip()}


def same_roll_touches(ctx: Context, sides: tuple[Side, Side], met: list[Meeting], answered: Sequence[set[str]] = ()) -> list[Unresolved | Ruling]:
    """Open questions for two rules in play that speak of one roll or characteristic's value, where no meeting joins them;
    where one rule's own words say it is not for that roll, a ruling (``applicability``) that they do not meet there."""
    joined = {frozenset(m.rules) for m in met if len(m.rules) > 1}
    terms = ctx.view.core_terms(ctx.system)
    held = [(side.name, rid, entry) for side in sides for rid, entry in side.rules.items()]
    spoken = {(name, rid): _speaks(ctx, rid, terms) for name, rid, _ in held}
    out: list[Unresolved | Ruling] = []
    excluded: dict[tuple[str, str], Ruling] = {}
    seen: set[frozenset[str]] = set()
    for at, (side_a, a, entry_a) in enumerate(held):
        for side_b, b, entry_b in held[at + 1 :]:
            pair = frozenset((a, b))
            if a == b or pair in joined or pair in seen or _granted(entry_a, b) or _granted(entry_b, a):
                continue
            if any({ctx.name(a), ctx.name(b)} <= said for said in answered):
                continue  # a ruling or open question on both already (their modifiers of one stat)
            shared = sorted(spoken[(side_a, a)].keys() & spoken[(side_b, b)].keys())
            if side_a != side_b:
                # each side's own roll of one kind is two rolls ("Friendly units ... must reroll failed
                # Panic Tests", "When a War Machine fails a Panic Test"): across the sides a roll is one
                # only where a sentence speaks of the other side's ("its target", "enemy units")
                shared = [t for t in shared if any(_OTHER.search(c["quote"]) for c in spoken[(side_a, a)][t] + spoken[(side_b, b)][t])]
            if not shared:
                continue
            pa, pb = _params(entry_a), _params(entry_b)
            if pa and pb and not pa & pb and _bracketed_rolls(entry_a) and _bracketed_rolls(entry_b):
                continue  # each says which rolls it is for, and they share none
            seen.add(pair)
            touched = []
            for thing in shared:
                said_a, said_b = spoken[(side_a, a)][thing], spoken[(side_b, b)][thing]
                if _agree(said_a, said_b) or _in_turn(said_a, said_b, thing) or _in_turn(said_b, said_a, thing):
                    continue  # both say the same of it ("automatically passes Dangerous Terrain Tests"), or one says it comes after: nothing to rule on
                excluder, other = (a, b) if _excludes(said_a, thing) else (b, a) if _excludes(said_b, thing) else (None, None)
                if excluder is None:
                    touched.append(thing)
                    continue
                # "This instance of Minimised cannot be used for Panic Tests": it does not touch them
                ruling = excluded.get((excluder, thing))
                if ruling is None:
                    outcome = f"{ctx.name(excluder)} is not used for {thing}s, as its own words say: it does not touch the {thing}s the other rules speak of"
                    excluded[(excluder, thing)] = Ruling([ctx.name(excluder), ctx.name(other)], None, "applicability", outcome,
                                                         _cited(ctx, said_a + said_b if excluder == a else said_b + said_a), [],
                                                         sorted({side_a, side_b}, key=("self", "opponent").index))
                elif ctx.name(other) not in ruling.rules:
                    ruling.rules.append(ctx.name(other))
                    ruling.citations = _unique(ruling.citations + _cited(ctx, said_b if excluder == a else said_a))
            if not touched:
                continue
            cites = _cited(ctx, [c for thing in touched for c in spoken[(side_a, a)][thing] + spoken[(side_b, b)][thing]])
            names = [ctx.name(a), ctx.name(b)]
            why = f"both speak of {', '.join(touched)}, and no relation read from the text says how they meet"
            answer = Unresolved(names, why, cites)
            answer.kind = "touch"
            out.append(answer)
    return out + list(excluded.values())


# a sentence that takes the roll out of what its rule does: "cannot be used for Panic Tests and Break Tests"
_NOT_FOR = r"(?:cannot|can\s*not|may\s+not|does\s+not|do\s+not|is\s+not|are\s+not|never)\s+(?:be\s+)?(?:used|apply|applied|affect|count|taken)\s+(?:for|to|on|against|as)\s+(?:[\w-]+\s+){0,4}?"


_LEAD_IN = re.compile(r"^(?:in\s+addition|additionally|also|furthermore)\s*,?\s*", re.I)
_PASSES = re.compile(r"\bautomatically\s+pass(?:es)?\b", re.I)


def _agree(said_a: list[dict[str, Any]], said_b: list[dict[str, Any]]) -> bool:
    """Whether two rules say the same of a roll: one sentence of each alike but for a lead-in
    ("In addition, the model automatically passes ..."), or each passes it automatically."""
    def plain(c: dict[str, Any]) -> str:
        return " ".join(_LEAD_IN.sub("", fold(c["quote"])).split()).rstrip(".")
    if {plain(c) for c in said_a} & {plain(c) for c in said_b}:
        return True
    return any(_PASSES.search(c["quote"]) for c in said_a) and any(_PASSES.search(c["quote"]) for c in said_b)


def _in_turn(after: list[dict[str, Any]], other: list[dict[str, Any]], thing: str) -> bool:
    """Whether one rule's words put it after the other's roll has failed ("can therefore be taken
    after armour saves and ward saves have been failed") and the other does not take that roll's
    place ("instead of rolling other armor saves"): the order is settled, nothing meets."""
    if " " not in thing:
        return False
    word, kind = thing.split(" ", 1)
    roll = rf"{re.escape(word)}\s+{kind}s?"
    ordered = re.compile(rf"\bafter\b[^.;]*?\b{roll}\b[^.;]*?\b(?:has|have)\s+(?:been\s+)?failed\b", re.I)
    replacing = re.compile(rf"\binstead\s+of\b[^.;]*?\b{roll}\b", re.I)
    return any(ordered.search(fold(c["quote"])) for c in after) and not any(replacing.search(fold(c["quote"])) for c in other)


def _excludes(said: list[dict[str, Any]], thing: str) -> bool:
    """Whether every sentence of a rule on ``thing`` says it is not for it."""
    if " " not in thing:
        return False  # a characteristic's value ("Initiative 1") is not a roll a rule is kept from
    word, kind = thing.split(" ", 1)
    pattern = re.compile(_NOT_FOR + rf"{re.escape(word)}\s+{kind}s?\b", re.I)
    return bool(said) and all(pattern.search(fold(c["quote"])) for c in said)


_OTHER = re.compile(r"\b(?:target|targets|enemy|enemies|opponent|opponents|opposing)\b", re.I)


def _granted(entry: Any, other: str) -> bool:
    """Whether one rule came in through the other (a grant chain is how they meet)."""
    return any(step["rule"] == other for chain in entry.chains for step in chain)


def _bracketed_rolls(entry: Any) -> bool:
    """Whether an instance's brackets name what it is for in words ("Charge Range"), not a number ("4++")."""
    return any(re.search(r"[A-Za-z]{3,}", param) for params in entry.instances for param in params)
