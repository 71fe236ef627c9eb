"""A modifier a rule names by another rule's words: "a Hard Cover Modifier applied"; and a unit a
rule's words treat as one of a kind another rule speaks of: "as if it was a unit from reserve".

Hills (whfb-house): "If the majority of the models in the target unit is
obscured from the shooting model's view by a hill, a Hard Cover Modifier
applied."  The modifier is the one of the rule that says what hard cover
does ("Hard cover inflicts a -2 shooting modifier.", Target Behind Hard
Cover): that rule comes into play through the sentence, as a grant would
bring it, under the sentence's own condition, and its chain quotes it.

Where no rule of the system states such a modifier ("a Light Cover Modifier
applied", "the target model counts as having a Light Cover", and nothing
says what light cover does), its value is not guessed: the question stays
open, the sentence quoted, with any rule in play whose modifier is of the
same kind (and the rule that brought that one in: a hill's Hard Cover beside
a forest's Light Cover), unless the sentence speaks only of situations the
flags given are not.
"""

from __future__ import annotations

import re

from referee.graph.spoken import SPOKEN
from referee.patterns import lazy
from referee.resolve.called import Called
from referee.resolve.found import kept_for
from referee.resolve.meeting import sentences
from referee.resolve.play import InPlay, Side, read_states
from referee.resolve.ruling import Unresolved
from referee.text import fold, kind_words

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from referee.store.book import Book
    from collections.abc import Callable
    from typing import Any

# "a Hard Cover Modifier applied", "the Soft Cover modifier applies", "apply the Hard Cover modifier"
_NAMED = lazy(
    r"\b(?i:a|an|the)\s+(?P<what>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})\s+(?i:modifiers?|penalty|bonus)\b"
    r"(?=\s+(?:is\s+|are\s+)?(?:applied|applies|apply)\b)|\b(?i:apply)\s+(?i:a|an|the)\s+(?P<what2>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})\s+(?i:modifier|penalty|bonus)\b")
# the same thing given as what the target has: "the target model counts as having a Light Cover" (read only where no rule is so named)
_HAVING = lazy(r"\b(?i:counts?\s+as\s+having)\s+(?i:a|an)\s+(?P<what>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){1,3})\b(?!\s+(?i:special\s+)?(?i:rules?)\b)")
_CONDITION = lazy(r"^\s*(?P<words>(?:if|when|where|while)\b[^,]+),", re.I)


def _lender(view: Book, system: str, what: str, own: str) -> str | None:
    """The rule of the system that states what the named thing does: a ``modifies`` relation whose
    sentence opens on its words ("Hard cover inflicts a -2 shooting modifier."), else None."""
    words = fold(what) + " "
    found = [rid for rid, said in _modifying(view, system) if rid != own and any(sentence.startswith(words) for sentence in said)]
    return found[0] if len(found) == 1 else None


def _modifying(view: Book, system: str) -> list[tuple[str, tuple[str, ...]]]:
    """(rule id, the folded sentences of its ``modifies`` relations) of each rule of the system that has one,
    kept for the store (:func:`~referee.resolve.found.kept_for`) by system."""
    kept = kept_for(view.book if isinstance(view, Called) else view, "modifying")
    if system not in kept:
        said = ((rule["id"], tuple(fold(rel["citation"]["sentence"]) for rel in view.relations_out(rule["id"]) if rel["kind"] == "modifies"))
                for rule in view.in_system(system))  # read only where a rule in play names a modifier so: a few calls
        kept[system] = [(rid, sentences) for rid, sentences in said if sentences]
    return kept[system]


def _named(names: dict[str, str], system: str, what: str) -> bool:
    """Whether a rule of the system goes by these words (then "counts as having a <rule>" is a grant's, not a modifier's)."""
    said = fold(what)
    return any(fold(name) == said for rid, name in names.items() if rid.startswith(f"{system}/"))


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


def _kind_rule(view: Book, system: str, what: str, own: str) -> str | None:
    """The rule of the system named by the kind of the named modifier (its last word: "Light Cover" ->
    COVER), where the system would say what such a modifier is: the open question names it beside the
    rule that applies the modifier, whether or not it is in play; None where no rule, or several, go by it."""
    kind = fold(what.split()[-1])
    found = [rid for rid, name in view.rule_names.items() if rid.startswith(f"{system}/") and rid != own and fold(name) == kind]
    return found[0] if len(found) == 1 else None


def lent_modifiers(view: Book, system: str, sides: tuple[Side, Side], rule_quote: Callable[..., dict[str, Any]],
                   flags: tuple[str, ...] = ()) -> list[Unresolved]:
    """Bring into play, on the side of each rule in play that names a modifier by another rule's
    words, the rule that states it (its chain quoting the naming sentence, its condition kept as
    the instance's words); return the open questions where no rule states one, unless the naming
    sentence speaks only of situations the flags given are not ("If a firer is shooting ..." under
    ``--when charged,melee``: nothing of it is asked there)."""
    names = view.rule_names
    unstated: list[tuple[Side, str, str, str]] = []
    for side in sides:
        for rid in list(side.rules):
            rule = view.get(rid)
            if rule is None:
                continue
            text = rule["versions"][0]["text"] if rule["versions"] else rule["text"]
            for sentence in sentences(text or ""):
                having = [m for m in _HAVING.finditer(sentence) if not _named(names, system, m.group("what"))] if "having" in sentence else []
                for m in [*_NAMED.finditer(sentence), *having]:
                    what = m.group("what") or m.group("what2")
                    lender = _lender(view, system, what, rid)
                    cited = rule_quote(rid, sentence)
                    if lender is None:
                        unstated.append((side, rid, what, sentence))
                        continue
                    if lender in side.rules:
                        continue
                    condition = _CONDITION.match(sentence)
                    unknown = [condition.group("words")] if condition else []
                    chain = [*side.rules[rid].via, {"rule": rid, "name": names.get(rid, rid), "citation": cited}]
                    side.rules[lender] = InPlay(lender, names.get(lender, lender), side.name, chain, [()], unknown)
    # after every rule is lent (a hill's Hard Cover beside a forest's Light Cover, in either order): a rule in play whose modifier's
    # sentence names the same kind ("Hard cover inflicts a -2 shooting modifier" beside "a Light Cover Modifier"), named with the rule
    # that brought it in, and whether the two add up no sentence says
    open_questions: list[Unresolved] = []
    for side, rid, what, sentence in unstated:
        spoken = [flag for flag, words in SPOKEN.items() if words.search(sentence)]
        if flags and spoken and not set(spoken) & set(flags):
            continue
        kin = _kin(view, side, rid, what)
        kin_names = [n for k, _ in kin for n in (*(step["name"] for step in side.rules[k].via if step["rule"] != rid), names.get(k, k))]
        also = f"; {', '.join(names.get(k, k) for k, _ in kin)} states a modifier of the same kind, and whether they add up no sentence says" if kin else ""
        # the rule the kind's word names ("COVER", for "a Light Cover Modifier"): its words are where the modifier would be said, and are not
        home = _kind_rule(view, system, what, rid)
        home = None if home is None or home in {k for k, _ in kin} else home
        where = f"; {names.get(home, home)}, the rule of {what.split()[-1].lower()}, does not name it" if home else ""
        open_questions.append(Unresolved(
            list(dict.fromkeys([names.get(rid, rid), *kin_names, *([names.get(home, home)] if home else [])])),
            f"{names.get(rid, rid)} applies a {what} modifier, and no rule of {system} says what it is: its value is not given{where}{also}",
            [rule_quote(rid, sentence), *(c for k, said in kin for c in (*(step["citation"] for step in side.rules[k].via
                                                                            if step["rule"] != rid and step.get("citation")), rule_quote(k, said))),
             *([rule_quote(home)] if home else [])],
            kind="conflict"))
    return open_questions


# "as if it was a unit from reserve": the unit is treated as one of a kind, in the words of a kind
_AS_IF_KIND = lazy(r"\bas\s+if\s+(?:it|they|the\s+unit|the\s+model)\s+(?:was|were|is|are)\s+(?:a|an)\s+(?P<kind>[a-z][\w -]*?)\s*(?=[,.;:]|$)", re.I)


def _speaker(view: Book, system: str, kind: frozenset[str], own: str) -> tuple[str, str] | None:
    """(the rule, its sentence) of the one rule of the system but ``own`` whose sentences open on units
    of the kind ("Reserve units count as moved and do not receive orders.", of Placing reserves), or
    None where none or several do: the system's answer row for the kind, made at build time."""
    found = [(rid, n) for rid, n in view.unit_kind(system, " ".join(sorted(kind))) if rid != own]
    rule = view.get(found[0][0]) if len(found) == 1 else None
    if rule is None:
        return None
    return rule["id"], sentences(rule["versions"][0]["text"] if rule["versions"] else rule["text"])[found[0][1]]


def lent_kinds(view: Book, system: str, sides: tuple[Side, Side], rule_quote: Callable[..., dict[str, Any]], flags: tuple[str, ...] = ()) -> None:
    """Bring into play, on the side of each rule in play whose words treat its unit as one of a kind
    ("Bring one of your units that has previously been killed back to the battlefield, as if it was a
    unit from reserve", Directive 1), the one rule of the system whose sentences speak of units of that
    kind ("Reserve units count as moved and do not receive orders.", Placing reserves), its chain
    quoting the treating sentence; the situation its words put the side in is read again ("count as
    moved").  None brought where no rule, or more than one, speaks of the kind."""
    names = view.rule_names
    for side, other in (sides, sides[::-1]):
        lent = False
        for rid in list(side.rules):
            rule = view.get(rid)
            text = (rule["versions"][0]["text"] if rule["versions"] else rule["text"]) if rule else ""
            for sentence in sentences(text or "") if "as if" in (text or "") else ():
                found = _AS_IF_KIND.search(sentence)
                kind = kind_words(found.group("kind")) if found else frozenset()
                speaker = _speaker(view, system, kind, rid) if kind else None
                if speaker is None or speaker[0] in side.rules:
                    continue
                # the sentence as far as its paragraph runs (a heading before it is no part of it: '"Deus Ex Machina":')
                # (the whole sentence where the words run across a blank line)
                sentence = next((part for part in sentence.split("\n\n") if _AS_IF_KIND.search(part)), sentence).strip()
                chain = [*side.rules[rid].via, {"rule": rid, "name": names.get(rid, rid), "citation": rule_quote(rid, sentence)}]
                side.rules[speaker[0]] = InPlay(speaker[0], names.get(speaker[0], speaker[0]), side.name, chain, [()], [])
                lent = True
        if lent:
            read_states(view, side, flags, other.ids)
