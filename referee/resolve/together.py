"""A rule's own clause for another rule of the same side: "A horde with this rule will make
supporting attacks with three ranks" (Fighting in extra ranks, beside The Horde).

Like a both-sides clause ("If both sides have Scouts, ..."), the rule's text says
what holds when the two are together; the referee rules by that sentence
(principle ``together``) and quotes it, rather than saying nothing meets.  A
sentence is such a clause when it names the other rule (by its name, its
article aside) and speaks of its own rule as "this rule" ("with this rule",
"this special rule", "this keyword"); rules already joined by a meeting or a
ruling, or granted one by the other, are left to that.
"""

from __future__ import annotations

import re

from referee.resolve.meeting import sentences
from referee.resolve.ruling import Ruling
from referee.text import fold, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from referee.resolve.play import Side
    from referee.resolve.principles import Context

_OWN = r"\bthis\s+(?:special\s+|universal\s+|army\s+)?(?:rule|ability|keyword)\b"


def name_pattern(name: str) -> re.Pattern[str] | None:
    """A rule's name as a sentence says it: its article, brackets and placeholders aside, singular or plural."""
    words = fold(re.sub(r"\(.*?\)|\s+X\b.*$", " ", name)).split()
    if words and words[0] in ("the", "a", "an"):
        words = words[1:]
    if not words or len(" ".join(words)) < 4:
        return None
    last = words[-1]
    forms = {last, *singulars(last), last + "s", last + "es"}
    head = r"\s+".join(re.escape(w) for w in words[:-1])
    tail = "(?:" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + ")"
    lead = head + r"\s+" if head else ""
    return re.compile(rf"\b{lead}{tail}\b", re.I)


def together_rulings(ctx: Context, sides: tuple[Side, Side], answered: Sequence[set[str]] = ()) -> list[Ruling]:
    """Rulings by a rule's own clause for another rule its side has, where nothing else joins them."""
    out = []
    for side in sides:
        for a, entry_a in side.rules.items():
            rule = ctx.view.get(a)
            if rule is None:
                continue
            own = re.compile(_OWN, re.I)  # its own name would be any sentence naming two rules: "this rule" is the clause's mark
            for b, entry_b in side.rules.items():
                other = ctx.view.get(b)
                pattern = name_pattern(other["name"]) if other else None
                if b == a or pattern is None or _joined(entry_a, b) or _joined(entry_b, a):
                    continue
                if any({ctx.name(a), ctx.name(b)} <= said for said in answered):
                    continue
                said = _clause(ctx, a, rule, own, pattern)
                if said is None:
                    continue
                outcome = f"{ctx.name(a)} with {ctx.name(b)}: its own text says what holds then: {said['quote']}"
                out.append(Ruling([ctx.name(a), ctx.name(b)], None, "together", outcome, [said], [], [side.name]))
    return out


def _clause(ctx: Context, rid: str, rule: dict[str, Any], own: re.Pattern[str], other: re.Pattern[str]) -> dict[str, Any] | None:
    for version in rule["versions"] or [None]:
        text = version["text"] if version else rule["text"]
        for said in sentences(text or ""):
            bare = own.sub(" ", fold(said)) if own.search(fold(said)) else None
            if bare is not None and other.search(bare):
                return ctx.rule_quote(rid, said, version)
    return None


def _joined(entry: Any, other: str) -> bool:
    return any(step["rule"] == other for chain in entry.chains for step in chain)
