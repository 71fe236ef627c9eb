"""A rule that asks less of a unit to count as what another rule of its side defines: "A rank of
monsterous units ... needs only three models to count for rank bonus, steadfast and so on, and only
six model in frontage to be counted as a horde" (Monsterous Ranks), beside "Any unit that is at
least 8 models wide is counted as being a horde" (The Horde).

The other rule defines the term by its own name (its article aside: The Horde, "a horde"); the
first asks "only" so much "to be counted as" it.  The first prevails over the second, for whom its
words say and as far as they say (principle ``explicit-exception``), both sentences quoted; a
rule that defines the term without "only" is no exception, and is left to the other readings.

Beside it, the other way round: a rule whose bearer "does not count as Character regarding
Bodyguard" (War Platform) prevails over the rule it names where that rule gives something to a
Character ("that Character gains Stubborn"): the grant brings nothing
(:func:`referee.resolve.play.not_counted_for`), and the ruling quotes both sentences.
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.meeting import sentences
from referee.resolve.play import not_counted_for
from referee.resolve.ruling import Ruling
from referee.resolve.together import name_pattern

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Sequence

    from referee.resolve.play import Side
    from referee.resolve.principles import Context

_COUNTED = r"count(?:s|ed)?\s+as\s+(?:being\s+)?(?:an?\s+|the\s+)?"
# "needs only ... to be counted as a": the exception's words, up to the term
_ONLY_TO_COUNT = lazy(r"\bonly\b[^.;:]*?\bto\s+(?:be\s+)?" + _COUNTED + r"$", re.I)
# "is counted as being a": the definition's words, up to the term
_IS_COUNTED = lazy(r"\b(?:is|are)\s+(?:then\s+|always\s+)?" + _COUNTED + r"$", re.I)


def _said_before(sentence: str, term: re.Pattern[str], lead: re.Pattern[str]) -> str | None:
    """The term's words where the sentence names it right after the lead's words, or None."""
    return next((m.group() for m in term.finditer(sentence) if lead.search(sentence[: m.start()])), None)


def counted_as_rulings(ctx: Context, sides: tuple[Side, Side], answered: Sequence[set[str]] = ()) -> list[Ruling]:
    """Rulings on a rule that asks "only" so much to count as what another rule of its side defines."""
    out = []
    for side in sides:
        for b in side.rules:
            other = ctx.view.get(b)
            term = name_pattern(other["name"]) if other else None
            if term is None:
                continue
            defined = next((s for s in sentences(other["text"] or "") if _said_before(s, term, _IS_COUNTED)), None)
            if defined is None:
                continue
            for a in side.rules:
                rule = ctx.view.get(a)
                if a == b or rule is None or any({ctx.name(a), ctx.name(b)} <= said for said in answered):
                    continue
                asked = next(((s, w) for s in sentences(rule["text"] or "") for w in [_said_before(s, term, _ONLY_TO_COUNT)] if w), None)
                if asked is None:
                    continue
                outcome = (f"{ctx.name(a)} prevails over {ctx.name(b)}, as far as the quoted words say: for the units its words name, "
                           f"it asks less to be counted as a {asked[1]} than {ctx.name(b)} does")
                out.append(Ruling([ctx.name(a), ctx.name(b)], ctx.name(a), "explicit-exception", outcome,
                                  [ctx.rule_quote(a, asked[0]), ctx.rule_quote(b, defined)], [], [side.name], relation=ctx.rule_quote(a, asked[0])))
    return out + not_counted_rulings(ctx, sides, answered)


def not_counted_rulings(ctx: Context, sides: tuple[Side, Side], answered: Sequence[set[str]] = ()) -> list[Ruling]:
    """Rulings on a rule whose bearer does not count as what another rule of its side gives to."""
    out = []
    for side in sides:
        for b, entry in side.rules.items():
            for rel in ctx.view.relations_out(b):
                if rel["kind"] != "grants" or rel["target"] is None:
                    continue
                excepted = not_counted_for(ctx.view, side, b, rel, entry.instances)
                if excepted is None:
                    continue
                other, said, needs = excepted
                a = other["source"]
                if any({ctx.name(a), ctx.name(b)} <= done for done in answered) or any(r.rules[:2] == [ctx.name(a), ctx.name(b)] for r in out):
                    continue
                outcome = (f"{ctx.name(a)} prevails over {ctx.name(b)}, as far as the quoted words say: {ctx.name(b)} gives "
                           f"{ctx.name(rel['target'])} to a {needs}, and {ctx.name(a)} does not count as {needs} regarding it")
                cited = ctx.rule_quote(a, other["citation"]["sentence"])
                out.append(Ruling([ctx.name(a), ctx.name(b)], ctx.name(a), "explicit-exception", outcome,
                                  [cited, ctx.rule_quote(b, rel["citation"]["sentence"])], [], [side.name], relation=cited))
    return out
