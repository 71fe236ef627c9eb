"""A modifier a rule names by another rule's words: "a Hard Cover Modifier applied".

Hills (whfb-house): "If the majority of the models in the target unit is
obscured from the shooting model's view by a hill, a Hard Cover Modifier
applied."  The modifier is the one of the rule that says what hard cover
does ("Hard cover inflicts a -2 shooting modifier.", Target Behind Hard
Cover): that rule comes into play through the sentence, as a grant would
bring it, under the sentence's own condition, and its chain quotes it.

Where no rule of the system states such a modifier ("a Light Cover Modifier
applied", and nothing says what light cover does), its value is not
guessed: the question stays open, the sentence quoted.
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.meeting import sentences
from referee.resolve.play import InPlay, Side
from referee.resolve.ruling import Unresolved
from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from referee.store.book import Book
    from collections.abc import Callable
    from typing import Any

# "a Hard Cover Modifier applied", "the Soft Cover modifier applies", "apply the Hard Cover modifier"
_NAMED = lazy(
    r"\b(?i:a|an|the)\s+(?P<what>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})\s+(?i:modifiers?|penalty|bonus)\b"
    r"(?=\s+(?:is\s+|are\s+)?(?:applied|applies|apply)\b)|\b(?i:apply)\s+(?i:a|an|the)\s+(?P<what2>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})\s+(?i:modifier|penalty|bonus)\b")
_CONDITION = lazy(r"^\s*(?P<words>(?:if|when|where|while)\b[^,]+),", re.I)


def _lender(view: Book, system: str, what: str, own: str) -> str | None:
    """The rule of the system that states what the named thing does: a ``modifies`` relation whose
    sentence opens on its words ("Hard cover inflicts a -2 shooting modifier."), else None."""
    words = fold(what)
    found = []
    for rule in view.in_system(system):  # read only where a rule in play names a modifier so: a few calls
        rid = rule["id"]
        if rid == own:
            continue
        for rel in view.relations_out(rid):
            if rel["kind"] == "modifies" and fold(rel["citation"]["sentence"]).startswith(words + " "):
                found.append(rid)
                break
    return found[0] if len(found) == 1 else None


def _kin(view: Book, side: Side, own: str, what: str) -> list[tuple[str, str]]:
    """(rule, sentence) of the other rules in play on ``side`` whose modifier's sentence names the kind of
    the named modifier (its last word: "Light Cover" -> "cover"), once per rule."""
    kind = re.compile(rf"\b{re.escape(what.split()[-1])}\b", re.I)
    out = []
    for rid in side.rules:
        if rid == own:
            continue
        said = [r["citation"]["sentence"] for r in view.relations_out(rid) if r["kind"] == "modifies" and kind.search(r["citation"]["sentence"])]
        if said:
            out.append((rid, said[0]))
    return out


def lent_modifiers(view: Book, system: str, sides: tuple[Side, Side], rule_quote: Callable[..., dict[str, Any]]) -> list[Unresolved]:
    """Bring into play, on the side of each rule in play that names a modifier by another rule's
    words, the rule that states it (its chain quoting the naming sentence, its condition kept as
    the instance's words); return the open questions where no rule states one."""
    names = view.rule_names
    open_questions: list[Unresolved] = []
    for side in sides:
        for rid in list(side.rules):
            rule = view.get(rid)
            if rule is None:
                continue
            text = rule["versions"][0]["text"] if rule["versions"] else rule["text"]
            for sentence in sentences(text or ""):
                for m in _NAMED.finditer(sentence):
                    what = m.group("what") or m.group("what2")
                    lender = _lender(view, system, what, rid)
                    cited = rule_quote(rid, sentence)
                    if lender is None:
                        # a rule in play whose modifier's sentence names the same kind ("Hard cover inflicts a -2
                        # shooting modifier" beside "a Light Cover Modifier"): whether the two add up, no sentence says
                        kin = _kin(view, side, rid, what)
                        also = f"; {', '.join(names.get(k, k) for k, _ in kin)} states a modifier of the same kind, and whether they add up no sentence says" if kin else ""
                        open_questions.append(Unresolved(
                            [names.get(rid, rid), *(names.get(k, k) for k, _ in kin)],
                            f"{names.get(rid, rid)} applies a {what} modifier, and no rule of {system} says what it is: its value is not given{also}",
                            [cited, *(rule_quote(k, said) for k, said in kin)], kind="conflict"))
                        continue
                    if lender in side.rules:
                        continue
                    condition = _CONDITION.match(sentence)
                    unknown = [condition.group("words")] if condition else []
                    chain = [*side.rules[rid].via, {"rule": rid, "name": names.get(rid, rid), "citation": cited}]
                    side.rules[lender] = InPlay(lender, names.get(lender, lender), side.name, chain, [()], unknown)
    return open_questions
