"""What one rule obliges and another forbids (see docs/lint.md).

The effects reader records obligations (``must``) and prohibitions
(``cannot``) as relations of the rule graph; an obligation and a prohibition
of the same action, in two rules, clash unless the rules settle it.  Whether
an obligation is conditional is read in its sentence (and, for "If the test
is failed, ... must ...", the sentence that sets the test), not in the
relation's structured conditions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding, Related
from referee.lint.registry import check
from referee.lint.words import listed
from referee.text import fold, singulars

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Relation, Rule


# An obligation that says so yields to a prohibition without a conflict.
_YIELDS = re.compile(
    r"\b(?:if|where|when|as far as|wherever|whenever) (?:at all )?(?:possible|able|it can|they can|it is able|they are able)\b"
    r"|\bunless (?:it is |they are )?unable\b",
    re.IGNORECASE,
)
# An obligation of those that can do it: "units ... that could Declare a Charge ... must ...".
_ABLE = re.compile(r"\b(?:could|can|is able to|are able to)\s+(?!not\b|never\b)([^,.;:()]+)", re.IGNORECASE)
# A sentence that states its own exception settles the clash it is part of; a
# prohibition "for any reason" says it wins whatever another rule obliges.
_EXCEPTION = re.compile(r"\b(?:unless|except|exception|instead)\b", re.IGNORECASE)
_WINS_ANYWAY = re.compile(r"\b(?:for any reason|under any circumstances?|in any case|no matter what)\b", re.IGNORECASE)
# "If the test is failed, ... must ...": the obligation's terms are in the sentence before.
_REFERS_BACK = re.compile(
    r"^(?:if|when|once|should)\b[^,;:]*?\b(?:the|this|that)\s+(?:test|roll|check)\b"
    r"|^(?:if|when)\s+(?:it|they)\s+(?:fails?|passe?s?)\b",
    re.IGNORECASE,
)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
_ARTICLES = frozenset({"a", "an", "the", "any", "its", "their"})
# Verbs that say nothing on their own: "must test" (for panic?), "cannot move" (through what?).
# An action of one of these alone has lost its object, and clashes with anything.
_NEEDS_OBJECT = frozenset("test take declare choose select go use make perform roll move do place put pass".split())
# Every other relation between two rules shows they were written with each other in mind.
_NOT_LINKS = frozenset({"part-of", "amends", "must", "cannot", "stacks", "modifies"})


@check("must-cannot-conflict", "warning", "one rule obliges what another forbids, with nothing to settle it")
def must_cannot_conflict(ctx: LintContext) -> Iterator[Finding]:
    """An obligation and prohibitions of the same action, in other rules, that nothing settles:
    one finding per obligation and action, every prohibiting rule related.

    Settled, and so not reported: an obligation "if possible" / "if able", or
    of those that "could" do it (the precedence model lets it yield
    silently); a sentence with "unless", "except" or "instead"; a
    prohibition "for any reason"; two rules one of which names the other
    (overrides it, is immune to it, references it: "can never flee: in the
    case of a failed Fear test ..."), since their authors wrote them with each
    other in mind.  Passive actions ("be placed": placed what?) and bare
    verbs whose object the reading lost ("test", "move") are not compared.
    """
    names = ctx.rb.rule_names
    linked = {(r.source, r.target) for r in ctx.relations if r.target and r.kind not in _NOT_LINKS}
    cannots = [r for r in ctx.relations if r.kind == "cannot" and specific(action(r)) and not settled(r)]
    conflicts: dict[tuple[str, tuple[str, ...]], tuple[list[Relation], dict[str, Relation]]] = {}
    for must in ctx.relations:
        if must.kind != "must" or not specific(action(must)) or settled(must) or yields(ctx, must):
            continue
        against: dict[str, Relation] = {}
        for cannot in cannots:
            if cannot.source == must.source or not forbids(action(cannot), action(must)):
                continue
            if (must.source, cannot.source) in linked or (cannot.source, must.source) in linked:
                continue
            against.setdefault(cannot.source, cannot)
        if against:
            musts, forbidding = conflicts.setdefault((must.source, tuple(normal_action(action(must)))), ([], {}))
            musts.append(must)
            for source, cannot in against.items():
                forbidding.setdefault(source, cannot)
    for musts, forbidding in conflicts.values():
        yield _conflict(names, musts, list(forbidding.values()))


def _conflict(names: dict[str, str], musts: list[Relation], cannots: list[Relation]) -> Finding:
    first, written = musts[0], action(musts[0])
    who = [names.get(c.source, c.source) for c in cannots]
    forbid = f"{listed(who)} forbid{'s' if len(who) == 1 else ''}"
    related = [Related.cited(m.source, m.citation, f"must: {m.citation.sentence}") for m in musts[1:]]
    related += [
        Related.cited(c.source, c.citation, f"{names.get(c.source, c.source)} cannot: {c.citation.sentence}") for c in cannots
    ]
    return must_cannot_conflict.finding_at(
        f"{names.get(first.source, first.source)} obliges '{written}' (must) and {forbid} it (cannot); the referee lets "
        "the prohibition win ('cannot beats must'), but the obligation has no 'if possible' and "
        f"{'neither rule' if len(who) == 1 else 'no rule'} names an exception",
        first.citation,
        rule=first.source,
        term=written,
        related=tuple(related),
    )


def action(rel: Relation) -> str:
    """The action an obligation or prohibition is about, as written."""
    for key, value in rel.details:
        if key == "action":
            return value
    return rel.target_name or ""


def normal_action(text: str) -> list[str]:
    """An action's words, folded, without articles and plural endings.

    >>> normal_action("Declare a Charge"), normal_action("declare Charges")
    (['declare', 'charge'], ['declare', 'charge'])
    """
    return [next(iter(singulars(w)), w) for w in fold(text).split() if w not in _ARTICLES]


def specific(text: str) -> bool:
    """Whether an action says enough to be compared: not passive, not a bare verb.

    >>> specific("Declare a Charge"), specific("Pursue"), specific("be placed"), specific("test")
    (True, True, False, False)
    """
    words = normal_action(text)
    return bool(words) and words[0] != "be" and not (len(words) == 1 and words[0] in _NEEDS_OBJECT)


def forbids(prohibited: str, obliged: str) -> bool:
    """Whether doing ``obliged`` does what is ``prohibited``: the same action, or more of
    it ("cannot declare Charges" forbids "must Declare a Charge this Player Turn").  A
    one-word prohibition only forbids that word: "cannot fight" (while fleeing) says
    too little to forbid "must fight the more immediate foe"."""
    no, must = normal_action(prohibited), normal_action(obliged)
    if not no:
        return False
    return must == no or (len(no) >= 2 and must[: len(no)] == no)


def conditional(sentences: list[str], obliged: str) -> bool:
    """Whether an obligation, read in its sentence (last) and the sentences it
    refers back to, binds only those able to do it.

    >>> conditional(["If the test is failed, the unit must declare a Charge if possible."], "declare a Charge")
    True
    >>> setup = "Each unit with Frenzy that could Declare a Charge against an enemy must take a Frenzy Test."
    >>> conditional([setup, "If the test is failed, the whole unit must Declare a Charge."], "Declare a Charge")
    True
    >>> conditional(["Units that can shoot must Declare a Charge."], "Declare a Charge")
    False
    """
    text = " ".join(sentences)
    if _YIELDS.search(text):
        return True
    return any(forbids(obliged, m.group(1)) for m in _ABLE.finditer(text))


def yields(ctx: LintContext, must: Relation) -> bool:
    """Whether an obligation binds only those able to do it (see :func:`conditional`)."""
    context = [*_set_up_by(ctx.rb.get(must.source), must.citation.sentence), must.citation.sentence]
    context += [str(c) for c in must.conditions]
    return conditional(context, action(must))


def _set_up_by(rule: Rule | None, sentence: str) -> list[str]:
    """The sentence before ``sentence`` in its rule's text, when ``sentence`` refers
    back to it ("If the test is failed, ..."); else nothing."""
    if rule is None or not _REFERS_BACK.match(sentence.strip()):
        return []
    for version in rule.versions:
        at = version.text.find(sentence.strip())
        if at > 0:
            before = [s for s in _SENTENCES.split(version.text[:at]) if s.strip()]
            return before[-1:]
    return []


def settled(rel: Relation) -> bool:
    """Whether a sentence settles its own clash: it states an exception, or (a
    prohibition) says it holds for any reason, or it is an exemption from a
    test under conditions it states ("A unit does not take Panic tests if it is
    in close combat"): an exception to every obligation to take that test."""
    sentence = rel.citation.sentence
    if rel.kind == "cannot" and rel.conditions and ("exempts", "test") in rel.details:  # the graph's mark
        return True
    return _EXCEPTION.search(sentence) is not None or (rel.kind == "cannot" and _WINS_ANYWAY.search(sentence) is not None)
