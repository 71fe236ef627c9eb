"""What one rule obliges and another forbids (see docs/lint.md).

The effects reader records obligations (``must``) and prohibitions
(``cannot``) as relations of the rule graph; an obligation and a prohibition
of the same action, in two rules, clash unless the rules settle it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.lint.finding import Finding, Related
from referee.lint.registry import check
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Relation


# An obligation that says so yields to a prohibition without a conflict.
_YIELDS = re.compile(r"\b(?:if|where|when|as far as|wherever) (?:at all )?(?:possible|able|it can|they can)\b", re.IGNORECASE)
# A sentence that states its own exception settles the clash it is part of.
_EXCEPTION = re.compile(r"\b(?:unless|except|exception|instead)\b", re.IGNORECASE)
_ARTICLES = frozenset({"a", "an", "the", "any", "its", "their"})
# Verbs that say nothing on their own: "must test" (for panic?), "cannot move" (through what?).
# An action of one of these alone has lost its object, and clashes with anything.
_NEEDS_OBJECT = frozenset("test take declare choose select go use make perform roll move do place put pass".split())
# Every other relation between two rules shows they were written with each other in mind.
_NOT_LINKS = frozenset({"part-of", "amends", "must", "cannot", "stacks", "modifies"})


@check("must-cannot-conflict", "warning", "one rule obliges what another forbids, with nothing to settle it")
def must_cannot_conflict(ctx: LintContext) -> Iterator[Finding]:
    """An obligation and a prohibition of the same action, in two rules, that nothing settles.

    Settled, and so not reported: an obligation "if possible" / "if able"
    (the precedence model lets it yield silently); a sentence with "unless",
    "except" or "instead"; two rules one of which names the other (overrides
    it, is immune to it, references it: "can never flee: in the case of a
    failed Fear test ..."), since their authors wrote them with each other in
    mind.  Passive actions ("be placed": placed what?) and bare verbs whose
    object the reading lost ("test", "move") are not compared.
    """
    names = ctx.rb.rule_names
    linked = {(r.source, r.target) for r in ctx.relations if r.target and r.kind not in _NOT_LINKS}
    cannots = [r for r in ctx.relations if r.kind == "cannot" and specific(action(r)) and not _settled(r)]
    reported: set[tuple[str, int, str]] = set()
    for must in ctx.relations:
        if must.kind != "must" or not specific(action(must)) or _settled(must):
            continue
        if _YIELDS.search(" ".join((must.citation.sentence, *map(str, must.conditions)))):
            continue
        for cannot in cannots:
            if cannot.source == must.source or not forbids(action(cannot), action(must)):
                continue
            if (must.source, cannot.source) in linked or (cannot.source, must.source) in linked:
                continue
            key = (must.citation.file, must.citation.line, cannot.source)
            if key in reported:
                continue
            reported.add(key)
            written = action(must)
            yield must_cannot_conflict.finding(
                f"{names.get(must.source, must.source)} obliges '{written}' (must) and "
                f"{names.get(cannot.source, cannot.source)} forbids it (cannot); the referee lets the prohibition win "
                "('cannot beats must'), but the obligation has no 'if possible' and neither rule names an exception",
                must.citation.file,
                must.citation.line,
                rule=must.source,
                term=written,
                related=(Related(cannot.source, cannot.citation.file, cannot.citation.line, f"cannot: {cannot.citation.sentence}"),),
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
    words = [w for w in fold(text).split() if w not in _ARTICLES]
    return [w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w for w in words]


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


def _settled(rel: Relation) -> bool:
    return _EXCEPTION.search(rel.citation.sentence) is not None
