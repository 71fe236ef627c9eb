"""Two more things two rules in play may speak of, read by their grammar, never by a rule's name.

- **A limit on how many of a kind a model may have.**  "A model part can only
  wear a single Suit of Armour." (of Light Armour, and of Heavy Armour): where
  both rules of one side are of the kind the sentence names (the kind's last
  word is the last word of each rule's name, or of its category), the model
  has one of them, and which one no sentence says.  A sentence whose kind is
  its own rule ("can only use one Breath Attack in a single phase") speaks of
  that rule's instances, read elsewhere.
- **A test one rule obliges, and its own rule's limit on who takes it.**  "All
  fleeing units through the impossible terrain must take Dangerous Terrain
  (5)" (an obligation whose target is a rule in play) beside that rule's
  "Flyers take Dangerous Terrain Test only when use flying move.": whether the
  obligation reaches a model the limit leaves out, no sentence says.  An
  obligation whose conditions fail in the situation obliges nothing here.

Each gives the sentences of both rules, ``{"quote", "rid", "version"}``, for an
open question (:func:`referee.resolve.same_roll.same_roll_touches`).

And two readings of a side's modifiers (:func:`set_twice`, :func:`two_of_a_kind`):
two rules that each set one roll to a value of their own, and two rules named
as two kinds of one thing ("Plate Armour", "Heavy Armour") added up by the
referee's default, each an open question beside the modifiers.
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.meeting import sentences
from referee.resolve.ruling import Unresolved
from referee.resolve.situation import judge
from referee.text import fold, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from collections.abc import Sequence

    from referee.resolve.play import Side
    from referee.resolve.principles import Context
    from referee.resolve.ruling import Modifier

ONE_OF = "one of a kind a model may have: "
TAKEN = "who takes a test another rule obliges: "

# "can only wear a single Suit of Armour", "may only carry one Banner", "can only have 1 talisman": a kind by a name of capitals, or one word
_SINGLE = lazy(r"\b(?:can|may)\s+only\s+(?:wear|have|carry|bear|take|use|be\s+(?:equipped|armed)\s+with)\s+(?:a\s+single|one|1)\s+"
               r"(?P<kind>(?-i:[A-Z])[\w'’-]*(?:\s+(?:of\s+)?(?-i:[A-Z])[\w'’-]*)*|[a-z][\w-]+)", re.I)
# words that stand after "one" and name no kind ("only use one of these rules", "one such item")
_NO_KIND = frozenset({"of", "such", "more", "other", "additional", "extra", "per", "at", "in", "each", "time", "model", "unit"})
# a sentence that says who takes a test only in a case: "Flyers take Dangerous Terrain Test only when use flying move."
_ONLY_TAKEN = lazy(r"\btakes?\b[^.;]*?\b(?:tests?|checks?)\b[^.;]*?\bonly\s+(?:if|when|while)\b|"
                   r"\bonly\s+(?:if|when|while)\b[^.;]*?\btakes?\b[^.;]*?\b(?:tests?|checks?)\b", re.I)


def _text(rule: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
    version = rule["versions"][0] if rule.get("versions") else None
    return (version or rule).get("text") or "", version


def _bare(name: str) -> str:
    return fold(re.sub(r"\(.*?\)|\b[XY]\b", " ", name)).strip()


def _head(words: str) -> str:
    """A name's last word, singular ("Suit of Armour": "armour"; "Banners": "banner")."""
    last = _bare(words).split()[-1:] or [""]
    forms = singulars(last[0])
    return forms[0] if forms else last[0]


def _of_kind(rule: dict[str, Any], head: str) -> bool:
    return bool(head) and _head(rule["name"]) == head


def single_of_kind(ctx: Context, a: str, b: str) -> tuple[str, list[dict[str, Any]]] | None:
    """The kind two rules of one side are, where a sentence of either says a model may have only one of that kind, with the
    sentences of both that say so (or the other's first sentence, where it says nothing of it); None where none does."""
    rules = [ctx.view.get(a) or {}, ctx.view.get(b) or {}]
    if not all(r.get("name") for r in rules):
        return None
    for owner in rules:
        text, version = _text(owner)
        if "only" not in text.lower():
            continue
        for said in sentences(text):
            found = _SINGLE.search(said)
            if found is None or found.group("kind").lower() in _NO_KIND or _bare(found.group("kind")) == _bare(owner["name"]):
                continue
            head = _head(found.group("kind"))
            if not all(_of_kind(r, head) for r in rules):
                continue
            out = []
            for rule in rules:
                own_text, own_version = _text(rule)
                mine = [s for s in sentences(own_text) if _SINGLE.search(s) and _head(_SINGLE.search(s).group("kind")) == head]  # type: ignore[union-attr]
                out += [{"quote": s, "rid": rule["id"], "version": own_version} for s in (mine or sentences(own_text)[:1])]
            return found.group("kind"), out
    return None


def taken_only(ctx: Context, obliger: str, taker: str, sides: tuple[Side, Side], flags: tuple[str, ...]) -> list[dict[str, Any]]:
    """The sentences of an obligation of ``obliger`` to take the test that is the rule ``taker`` (its conditions not failing here;
    ``sides``: the obliger's first), and of ``taker``'s own words that say who takes it only in a case; empty where either is
    missing."""
    obliging = [rel for rel in ctx.view.relations_out(obliger) if rel["kind"] == "must" and rel["target"] == taker
                and judge(rel["conditions"], flags, sides[0].ids, sides[1].ids)[0] is None]
    if not obliging:
        return []
    rule = ctx.view.get(taker) or {}
    text, version = _text(rule)
    limits = [s for s in sentences(text) if _ONLY_TAKEN.search(s)] if "only" in text.lower() else []
    if not limits:
        return []
    own = ctx.view.get(obliger) or {}
    return ([{"quote": rel["citation"]["sentence"], "rid": obliger, "version": _text(own)[1]} for rel in obliging[:1]]
            + [{"quote": s, "rid": taker, "version": version} for s in limits])


def why(thing: str) -> str | None:
    """What two rules leave open about a thing of this module's kinds, or None for another thing."""
    if thing.startswith(ONE_OF):
        return (f"a model may have only one {thing[len(ONE_OF):]}, both rules are one, and no sentence here says which one it has "
                f"(never both)")
    if thing.startswith(TAKEN):
        return (f"one obliges the test that is {thing[len(TAKEN):]}, whose own words say who takes it only in a case of their own, and "
                f"no sentence here says whether the obligation reaches a model those words leave out")
    return None


def set_twice(modifiers: Sequence[Modifier], asked: list[set[str]]) -> list[Unresolved]:
    """Two rules that each set one stat of one side to a value of its own ("always wound on a 2+", "always wound on a To Wound
    roll of 4+ or better"), held apart only because one names whom it is for and the other names no one: which value holds, no
    sentence says (two that name different models, "Attacks made with a Halberd", are each their own)."""
    by_stat: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for m in modifiers:
        if len(m.parts) == 1 and m.parts[0]["value"].startswith("="):
            by_stat.setdefault((m.side, m.stat), []).append(m.parts[0])
    out = []
    for (_, stat), parts in by_stat.items():
        named = {p["subject"] for p in parts if p["subject"]}
        if len({p["rule"] for p in parts}) < 2 or len({p["value"] for p in parts}) < 2 or len(named) > 1:
            continue
        rules = list(dict.fromkeys(p["name"] for p in parts))
        if set(rules) in asked:
            continue
        values = ", ".join(f"{p['name']} {p['value']}" for p in parts)
        out.append(Unresolved(rules, f"{stat}: {values} each set it to a value of its own, and no sentence here says which holds",
                              [p["citation"] for p in parts]))
    return out


def _kind_word(name: str) -> str | None:
    """The last word of a rule's name of two or three words, singular and folded ("Plate Armour": "armour"), or None."""
    words = fold(re.sub(r"\(.*?\)", " ", name)).split()
    if not 2 <= len(words) <= 3:
        return None
    forms = singulars(words[-1])
    return forms[0] if forms else words[-1]


def two_of_a_kind(modifiers: Sequence[Modifier], asked: list[set[str]]) -> list[Unresolved]:
    """Two rules of one side named as two kinds of one thing ("Plate Armour", "Heavy Armour") that each modify one stat, added up
    by the referee's default: whether a model has both of them, no sentence here says, so beside the sum the question is open,
    both sentences quoted (a sentence that says a model has only one of the kind is read in :mod:`referee.resolve.one_of_a_kind`)."""
    out = []
    for m in modifiers:
        if not m.stacks or len(m.parts) < 2:
            continue
        for at, one in enumerate(m.parts):
            for other in m.parts[at + 1 :]:
                kind = _kind_word(one["name"])
                if kind is None or one["rule"] == other["rule"] or fold(one["name"]) == fold(other["name"]) or kind != _kind_word(other["name"]):
                    continue  # (one name twice, from two documents, is one rule twice: its instances are read elsewhere)
                rules = [one["name"], other["name"]]
                if any(set(rules) <= said for said in asked) or any(set(rules) <= set(u.rules) for u in out):
                    continue
                out.append(Unresolved(rules, f"both are kinds of {kind} ({m.stat} {one['value']} and {other['value']}), and no sentence here says "
                                             f"whether a model has both, or which one", [one["citation"], other["citation"]], kind="touch"))
    return out
