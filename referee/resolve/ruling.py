"""The referee's answers as values: a :class:`Ruling`, an :class:`Unresolved` question, a :class:`Resolution`.

Every ruling names its principle (one of :data:`PRINCIPLES`) and quotes the
sentences it rests on, each at its file, line and column.  ``winner`` is
None where no rule prevails (stacking, a source conflict); a question no
principle settles is an :class:`Unresolved`, never a ruling with a guess.

A winner stands only on a relation read from the text that connects the rules
(``relation``: its quote, at its place).  A ruling that would rest on the
referee's own convention instead (cannot beats must, a source tier, a reading
no sentence states) is no ruling: :func:`calibrated` makes it an open question
that offers the convention, labelled as the referee's (``convention``).
"""

from __future__ import annotations

import re

from referee.patterns import lazy

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

PRINCIPLES = (
    "applicability",
    "explicit-exception",
    "immunity",
    "errata",
    "source-tier",
    "cannot-beats-can",
    "both-sides",
    "together",
    "own-words",
    "stacking",
    "never-stacks",
    "source-conflict",
    "unresolved",
)


_LEADS = ("if ", "when", "unless", "while", "whilst", "on ", "in ", "against", "during", "after", "before", "until", "for ", "from ", "only", "may ",
          "except", "as long as", "once ")


def conditions(texts: list[str]) -> str:
    """Conditions as a referee says them ("if" only where the words lack a lead).

    >>> conditions(["the test is failed", "unless it is a War Platform"])
    ' if the test is failed; unless it is a War Platform'
    >>> conditions([])
    ''
    """
    said = [t[:1].lower() + t[1:] if t.lower().startswith(_LEADS) else f"if {t}" for t in dict.fromkeys(texts)]
    return f" {'; '.join(said)}" if said else ""


def quote(citation: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A relation's citation as a ruling quotes it: rule, file, line, column and the words."""
    return {
        "rule": citation["rule"],
        "name": names.get(citation["rule"], citation["rule"]),
        "file": citation["file"],
        "line": citation["line"],
        "column": citation["column"],
        "quote": citation["sentence"],
    }


def _unique(citations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen, out = set(), []
    for c in citations:
        key = (c["file"], c["line"], c["column"], c["quote"])
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


class Ruling:
    """How two (or more) rules in play meet, and why: ``principle`` and the quoted sentences.

    ``conditions``: what the situation cannot tell, the "if ..." of the ruling.
    ``relation``: the quoted sentence that connects the rules and says which prevails (a rule's
    "instead", "cannot be taken against", "immune to", its own "if possible"), where ``winner``
    is stated; None where the ruling states no winner, or would rest on ``convention`` alone.
    ``convention``: the referee's own precedence the ruling would rest on, where no sentence
    settles it ("cannot beats must"): such a ruling is answered as an open question.
    """

    __slots__ = ("rules", "winner", "principle", "outcome", "citations", "conditions", "sides", "relation", "convention")

    def __init__(self, rules: list[str], winner: str | None, principle: str, outcome: str, citations: list[dict[str, Any]],
                 conditions: list[str] | None = None, sides: list[str] | None = None, relation: dict[str, Any] | None = None,
                 convention: str | None = None) -> None:
        if principle not in PRINCIPLES:
            raise ValueError(f"unknown principle {principle!r}")
        self.rules, self.winner, self.principle, self.outcome = rules, winner, principle, outcome
        self.relation = relation
        self.convention = convention
        self.citations = _unique(citations + ([relation] if relation is not None else []))
        self.conditions = conditions or []
        self.sides = sides or []

    def settled(self) -> bool:
        """Whether the text settles what this ruling says: no winner is stated, or one is, on a relation read from the text."""
        return self.convention is None and (self.winner is None or self.relation is not None)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "winner": self.winner,
            "principle": self.principle,
            "outcome": self.outcome,
            "conditions": self.conditions,
            "sides": self.sides,
            "relation": self.relation,
            "citations": self.citations,
        }


class Unresolved:
    """A question the rules do not settle: every rule involved, cited, and the system's tie-break if it states one."""

    __slots__ = ("rules", "reason", "citations", "tie_break", "kind", "convention")

    def __init__(self, rules: list[str], reason: str, citations: list[dict[str, Any]], tie_break: str | None = None, kind: str = "conflict",
                 convention: str | None = None) -> None:
        self.rules, self.reason, self.tie_break = rules, reason, tie_break
        self.citations = _unique(citations)
        # "conflict": the rules disagree and no principle settles it; "touch": they touch
        # (one speaks of the other, or both of one thing) and no relation read says how
        self.kind = kind
        # what the referee's own convention would say, offered as that and never as the rules' word
        self.convention = convention

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "kind": self.kind, "reason": self.reason, "tie_break": self.tie_break, "convention": self.convention,
                "citations": self.citations}


# The referee's own conventions, by the name a ruling gives: what each says, in the words an open
# question offers it with ("by the referee's convention, cannot beats must, ...").
CONVENTIONS = {
    "cannot beats must": "a prohibition wins over an obligation or a permission of the same action",
    "source tier": "an army or faction rule wins over a universal rule, and that over a core rule",
    "one instance": "a rule there twice that states no amount brings nothing more the second time",
    "kind by use": "a weapon used for shooting is a shooting weapon, whatever its category is named",
}


def calibrated(answer: Ruling | Unresolved) -> Ruling | Unresolved:
    """A ruling as the text settles it: unchanged where it states no winner, or states one on a
    relation read from the text; else the open question it is, every sentence it quoted cited, its
    convention offered as the referee's ("the rules do not settle this; by the referee's convention,
    cannot beats must, the referee may hold: ...")."""
    if not isinstance(answer, Ruling) or answer.settled():
        return answer
    name = answer.convention or "cannot beats must"
    said = answer.outcome.rstrip(".")
    said = _OWN_WORDS.sub("", said)
    convention = f"by the referee's convention ({name}: {CONVENTIONS.get(name, name)}), the referee may hold: {said}"
    reason = (f"the rules do not settle how {' and '.join(dict.fromkeys(answer.rules))} meet: no sentence read connects them to say "
              f"which prevails")
    if answer.conditions:
        reason += f" ({'; '.join(answer.conditions)})"
    return Unresolved(list(dict.fromkeys(answer.rules)), reason, answer.citations, convention=convention)


# a ruling's own note that it rests on a convention, dropped where the convention is offered apart
_OWN_WORDS = lazy(r"\s*\((?:by the referee's (?:precedence|default|reading)[^()]*|cannot beats can[^()]*)\)|;?\s*cannot beats can\b", re.I)


class Modifier:
    """The modifiers of one stat on one side: each part cited, summed only where they stack.

    ``value``: the sum, the one value, or None where the rules do not say which applies;
    ``parts``: ``{rule, name, value, conditions, citation}`` each.
    """

    __slots__ = ("side", "stat", "value", "stacks", "parts", "limits")

    def __init__(self, side: str, stat: str, value: str | None, stacks: bool, parts: list[dict[str, Any]],
                 limits: list[dict[str, Any]] | None = None) -> None:
        self.side, self.stat, self.value, self.stacks, self.parts = side, stat, value, stacks, parts
        # the sentences that limit how these combine ("This to-hit modifier cannot be combined with
        # any other negative to-hit modifiers"), quoted with the totals they limit
        self.limits = _unique(limits or [])

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "stat": self.stat,
            "value": self.value,
            "stacks": self.stacks,
            "from": [p["name"] for p in self.parts],
            "condition": sorted({c for p in self.parts for c in p["conditions"]}),
            "parts": self.parts,
            "limits": self.limits,
        }


class Resolution:
    """``referee resolve``: what is in play, the rulings, the modifiers, and what stays open."""

    __slots__ = ("system", "acting", "opponent", "when", "in_play", "inactive", "rulings", "modifiers", "unresolved", "units", "in_force")

    def __init__(self, system: str, acting: str | None, opponent: str | None, when: tuple[str, ...], in_play: dict[str, list[dict[str, Any]]],
                 inactive: list[dict[str, Any]], rulings: list[Ruling], modifiers: list[Modifier], unresolved: list[Unresolved],
                 in_force: list[dict[str, Any]] | None = None) -> None:
        self.system, self.acting, self.opponent, self.when = system, acting, opponent, when
        self.in_force = in_force or []  # the obligations and prohibitions of the rules in play, applied
        self.in_play, self.inactive = in_play, inactive
        self.rulings, self.modifiers, self.unresolved = rulings, modifiers, unresolved
        self.units: dict[str, dict[str, Any] | None] = {"self": None, "opponent": None}  # units of army data, when a side is one

    def to_json(self) -> dict[str, Any]:
        """The documented shape (docs/json.md, "resolve")."""
        return {
            "system": self.system,
            "keywords": self.acting,
            "vs": self.opponent,
            "when": list(self.when),
            "in_play": {**self.in_play, "inactive": self.inactive},
            "rulings": [r.to_json() for r in self.rulings],
            "modifiers": [m.to_json() for m in self.modifiers],
            "unresolved": [u.to_json() for u in self.unresolved],
            "in_force": self.in_force,
            "unit": self.units["self"],
            "vs_unit": self.units["opponent"],
        }
