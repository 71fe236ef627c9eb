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
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.meeting import sentences
from referee.resolve.situation import judge
from referee.text import fold, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.resolve.play import Side
    from referee.resolve.principles import Context

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
