"""What is in play on each side: the rules named, what they grant, what is lost.

Each side starts from :class:`Pick` values (a rule and its parameters, as a
keyword string names them or as unit data will feed them) and follows the
graph's ``grants`` relations, keeping for every rule the chain that brought
it in (each step cited).  A grant whose condition does not hold in the
situation brings nothing in: its rule is listed as inactive, with the
reason.  A ``loses`` relation whose conditions hold takes a rule out the
same way.  Several instances of one rule are merged into one entry; the
principles decide whether they add up (:mod:`referee.resolve.principles`).
"""

from __future__ import annotations

import re
from collections import deque

from referee.resolve.ruling import quote
from referee.resolve.situation import FAILS, HOLDS, holds, why_not
from referee.text import fold

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SIDES = ("self", "opponent")


class Pick:
    """One rule a model or unit has: its id, its parameters as written, and where it was named.

    A value (equal and hashed by its fields).  Unit data (a BattleScribe
    unit) gives picks directly; a keyword string gives them through
    :func:`referee.resolve.naming.picks`.

    ``carrier``, for a pick from unit data, says what carries the rule:
    ``{"unit", "weapon", "text", "source"}`` (``weapon`` the weapon or
    option, None when the unit or its model has the rule itself).

    >>> Pick("t9a/channel", ("1",), "Channel (1)")
    Pick(rule='t9a/channel', params=('1',), text='Channel (1)', span=None)
    """

    __slots__ = ("rule", "params", "text", "span", "carrier")

    def __init__(self, rule: str, params: tuple[str, ...] = (), text: str = "", span: tuple[int, int] | None = None,
                 carrier: dict[str, Any] | None = None) -> None:
        self.rule, self.params, self.text, self.span, self.carrier = rule, tuple(params), text, span, carrier

    def _key(self) -> tuple[Any, ...]:
        return (self.rule, self.params, self.text, self.span, repr(self.carrier))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pick) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Pick(rule={self.rule!r}, params={self.params!r}, text={self.text!r}, span={self.span!r})"


class InPlay:
    """A rule in play on one side; ``via`` is the grant chain (empty when named directly)."""

    __slots__ = ("rule", "name", "side", "via", "instances", "conditions", "carriers")

    def __init__(self, rule: str, name: str, side: str, via: list[dict[str, Any]] | None = None,
                 instances: list[tuple[str, ...]] | None = None, conditions: list[str] | None = None) -> None:
        self.rule, self.name, self.side = rule, name, side
        self.via = via or []
        self.carriers: list[dict[str, Any]] = []  # for a unit's rule: what carries each instance
        self.instances = instances or []  # the params of each instance
        self.conditions = conditions or []  # conditions the situation cannot decide

    def to_json(self, params: list[str] | None = None, set_aside: str | None = None) -> dict[str, Any]:
        return {
            "name": self.name,
            "rule": self.rule,
            "via": self.via,
            "params": params if params is not None else [list(p) for p in self.instances],
            "instances": len(self.instances),
            "conditions": self.conditions,
            "set_aside": set_aside,
            "carriers": self.carriers,
        }


class Inactive:
    """A rule that would be in play but is not, here: why, and the sentence that says so."""

    __slots__ = ("rule", "name", "side", "reason", "citation", "via", "relation")

    def __init__(self, rule: str, name: str, side: str, reason: str, citation: dict[str, Any],
                 via: list[dict[str, Any]] | None = None, relation: str | None = None) -> None:
        self.rule, self.name, self.side, self.reason, self.citation = rule, name, side, reason, citation
        self.via = via or []
        self.relation = relation  # the kind of a relation that does not apply here (the rule stays in play)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rule": self.rule, "relation": self.relation, "reason": self.reason, "via": self.via, "citation": self.citation}


class Side:
    """One side's rules in play, in the order they came in, and those inactive here."""

    __slots__ = ("name", "rules", "inactive")

    def __init__(self, name: str) -> None:
        self.name = name
        self.rules: dict[str, InPlay] = {}
        self.inactive: list[Inactive] = []

    @property
    def ids(self) -> set[str]:
        return set(self.rules)


def target_of(rel: dict[str, Any], names: dict[str, str]) -> str | None:
    """The rule a relation concerns; a rule that names itself ("Fleeing loses Scoring", in Scoring) may be kept as words only."""
    if rel["target"] is None and rel["target_name"] and fold(rel["target_name"]) == fold(names.get(rel["source"], "")):
        return rel["source"]
    return rel["target"]


def step(rel: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """One link of a grant chain: the rule that grants, and its sentence."""
    return {"rule": rel["source"], "name": names.get(rel["source"], rel["source"]), "citation": quote(rel["citation"], names)}


def _undecided(rel: dict[str, Any], flags: tuple[str, ...], mine: set[str], theirs: set[str]) -> tuple[dict[str, Any] | None, list[str]]:
    """The first condition that fails (or None), and the words of those the situation cannot tell."""
    unknown = []
    for cond in rel["conditions"]:
        answer = holds(cond, flags, mine, theirs)
        if answer == FAILS:
            return cond, []
        if answer != HOLDS:
            unknown.append(cond["text"] or cond["situation"])
    return None, unknown


def side_in_play(view: Any, name: str, picks: list[Pick], flags: tuple[str, ...], theirs: set[str]) -> Side:
    """The rules in play on one side, given the other side's rules (for "against X")."""
    names = view.data["rule_names"]
    side = Side(name)
    for pick in picks:
        # a game term (no rule of the system: "Flaming Attacks" of the base book) is named as written
        shown = names.get(pick.rule) or pick.text.split("(")[0].strip() or pick.rule
        entry = side.rules.setdefault(pick.rule, InPlay(pick.rule, shown, name))
        entry.instances.append(pick.params)
        if pick.carrier is not None:
            entry.carriers.append({**pick.carrier, "params": list(pick.params)})
    queue = deque(side.rules)
    while queue:
        current = queue.popleft()
        for rel in view.relations_out(current):
            target = rel["target"]
            if rel["kind"] != "grants" or target is None or target == current:
                continue
            chain = [*side.rules[current].via, step(rel, names)]
            failed, unknown = _undecided(rel, flags, side.ids, theirs)
            if failed is not None:
                if target not in side.rules:
                    side.inactive.append(Inactive(target, names.get(target, target), name, why_not(failed), quote(rel["citation"], names), chain))
                continue
            if target in side.rules:
                continue  # named directly or reached by a shorter chain
            param = dict(rel["details"]).get("parameter")
            side.rules[target] = InPlay(target, names.get(target, target), name, chain, [_params(param)], unknown)
            queue.append(target)
    _losses(view, side, flags, theirs)
    return side


# subjects that name no circumstance: the rule's own model or unit
PLAIN_SUBJECT = re.compile(r"(?:the|this|that|its|each|a|an)?\s*(?:model|unit|models|units|it|they|wielder)?", re.I)


def _losses(view: Any, side: Side, flags: tuple[str, ...], theirs: set[str]) -> None:
    """``loses`` relations whose conditions hold take their rule out of play ("A unit that is Fleeing loses Scoring")."""
    names = view.data["rule_names"]
    for rid in list(side.rules):
        for rel in view.relations_out(rid):
            target = target_of(rel, names)
            if rel["kind"] != "loses" or target not in side.rules:
                continue
            failed, unknown = _undecided(rel, flags, side.ids, theirs)
            if failed is not None:
                continue
            subject = (rel["subject"] or "").strip()
            if not rel["conditions"] and not (subject and PLAIN_SUBJECT.fullmatch(subject)):
                # "A unit that has performed a Post-Combat Reform loses Scoring": who loses it is a
                # circumstance; with no subject read at all, the circumstance was not read either
                unknown = [subject or rel["citation"]["sentence"]]
            if unknown:
                said = f"may be lost: {rel['citation']['sentence']} ({names.get(rid, rid)})"
                if said not in side.rules[target].conditions:
                    side.rules[target].conditions.append(said)
                continue
            lost = side.rules.pop(target)
            when = [c["text"] or c["situation"] for c in rel["conditions"]]
            why = f"lost through {names.get(rid, rid)}" + (f" ({', '.join(dict.fromkeys(when))})" if when else "")
            side.inactive.append(Inactive(target, lost.name, side.name, why, quote(rel["citation"], names), lost.via))


def _params(text: str | None) -> tuple[str, ...]:
    """A grant's parameter as written, "(+2 Strength, +2 Armour Penetration)" -> its parts."""
    if not text:
        return ()
    inner = text.strip()
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    return tuple(part.strip() for part in inner.split(",") if part.strip())


def both_sides(view: Any, mine: list[Pick], theirs: list[Pick], flags: tuple[str, ...]) -> tuple[Side, Side]:
    """Both sides in play.  Twice round: what one side has decides the other's "against X"."""
    first = side_in_play(view, "self", mine, flags, {p.rule for p in theirs})
    second = side_in_play(view, "opponent", theirs, flags, first.ids)
    first = side_in_play(view, "self", mine, flags, second.ids)
    return first, second
