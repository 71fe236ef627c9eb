"""The kinds of unit a system's documents speak of, read from its rules' sentences.

- the kinds a sentence opens on ("Reserve units count as moved ...": ``reserve``,
  :func:`unit_kinds`): where the referee finds the rules about a side's kind of unit;
- the kinds named as such, not rules ("Monstrous Creatures are immune to the effects of
  Slow.", :func:`kinds_named`): a kind typed on a side is read as that side's kind of unit.

The build keeps both per system, gathered section by section (:mod:`referee.store.answers`);
a kind typed on a side is folded as the documents' are (:func:`kind_key`).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.patterns import lazy
from referee.text import fold, kind_words, sentences, singulars

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


def unit_kinds(texts: Iterable[tuple[str, str]]) -> dict[str, list[list[Any]]]:
    """A kind of unit, its words (singular, sorted, space-joined) -> ``[rule id, n]`` of each rule of
    ``texts`` (id, first version's text; reading order) whose sentence ``n`` (the first such) has
    "unit(s)" and the kind's words for its first two or three words ("Reserve units count as moved
    ...": "reserve").  Kept a row each (:func:`referee.store.answers.joined`): a kind names many
    rules where its words are common ("a unit with": "with").  In the same order in every process:

    >>> unit_kinds([("t/x", "Ambushing units with Fly may charge. All units that flee are Shaken.")])
    {'ambushing': [['t/x', 0]], 'ambushing with': [['t/x', 0]], 'all': [['t/x', 1]], 'all that': [['t/x', 1]]}
    """
    out: dict[str, list[list[Any]]] = {}
    for rid, text in texts:
        seen: set[str] = set()
        for n, sentence in enumerate(sentences(text)):
            if sentence.isascii() and "unit" not in sentence.casefold():
                continue  # folding keeps an ASCII sentence's letters: no "unit" in it, none in its opening
            opening = fold(sentence).split()[:3]
            if "unit" in opening or "units" in opening:
                # the two words' kind, then the three's: in this order in every process (a set's
                # order of strings changes with the process's hash seed, and the store keeps this)
                for kind in dict.fromkeys(" ".join(sorted(kind_words(" ".join(opening[:k])))) for k in (2, 3)):
                    if kind and kind not in seen:
                        seen.add(kind)
                        out.setdefault(kind, []).append([rid, n])
    return out


# A kind of unit or model the documents name as such, not a rule: what a sentence says a kind has or is
# ("Cavalry has Dangerous Terrain (1)", "Monstrous Creatures are immune to the effects of Slow."), what a
# model is said to be ("unless it is a Monstrous Creature", "If the unit is Infantry, Artillery, or a
# Monstrous Creature"), what a rule excepts ("models other than Monstrous Creatures and Artillery pieces")
# or whose rules a model uses ("the model uses the rules for cavalry").  One compiled pattern per sentence.
_KIND = r"[A-Z][a-z][\w'-]*(?:\s+[A-Z][a-z][\w'-]*)?"
_KINDS = lazy(
    r"^(?P<subject>" + _KIND + r")\s+(?:has|have|are|is|takes?|does|do|can|cannot|must|may|counts?|treats?|gets?|gains?|suffers?|never|always)\b"
    r"|\b(?:is|are)\s+(?:not\s+)?(?P<article>an?\s+)?(?P<listed>" + _KIND + r"(?:\s*,\s*(?:or\s+|and\s+)?(?:an?\s+)?" + _KIND + r")*(?:,?\s+(?:or|and)\s+(?:an?\s+)?" + _KIND + r")?)\b"
    r"|\bother\s+than\s+(?P<other>" + _KIND + r"(?:\s+(?:and|or)\s+" + _KIND + r")?)"
    r"|\brules\s+for\s+(?P<rules_for>[a-z]+)\b"
)
_LIST_SPLIT = lazy(r"\s*,\s*(?:or\s+|and\s+)?(?:an?\s+)?|,?\s+(?:or|and)\s+(?:an?\s+)?")
# first words that are no kind's: articles, pronouns, quantifiers, the game's general nouns
_NO_KIND = frozenset(
    "a an the this that these those each every any all some no both such if when while whilst unless it its they their "
    "he she his her you your we our in on at for of once after before during model models unit units player players "
    "enemy friendly rule rules note however also then there here hits wounds nor to only sometimes close apply hold save roll test attack weapon phase turn base rank casualty number result".split()
)


def kind_key(name: str) -> str:
    """A kind's words folded, the last in the singular: "Monstrous Creatures" -> "monstrous creature"."""
    words = fold(name).split()
    if words:
        words[-1] = next(iter(singulars(words[-1])), words[-1])
    return " ".join(words)


def kinds_named(rules: Iterable[tuple[str, str]], rule_names: Iterable[str]) -> dict[str, list[Any]]:
    """A kind of unit the documents name (:func:`kind_key`) -> ``[rule id, sentence]``, the first sentence that
    names it as a kind; a rule's name is no kind.  ``rules``: (id, text) in reading order.

    >>> kinds_named([("demo/slow", "Any model that is Slowed gets -1 Initiative. Monstrous Creatures are immune to the effects of Slow."),
    ...              ("demo/scout", "If the unit is Infantry, Artillery, or a Monstrous Creature, it may redeploy.")], ["Slow", "Scout"])
    {'monstrous creature': ['demo/slow', 'Monstrous Creatures are immune to the effects of Slow.'], 'infantry': ['demo/scout', 'If the unit is Infantry, Artillery, or a Monstrous Creature, it may redeploy.'], 'artillery': ['demo/scout', 'If the unit is Infantry, Artillery, or a Monstrous Creature, it may redeploy.']}
    """
    return kinds_left(kinds_found(rules), names_keys(rule_names))


def kinds_left(found: dict[str, list[Any]], named: set[str]) -> dict[str, list[Any]]:
    """Of :func:`kinds_found`, each kind no rule's name rules out, with the first sentence naming it in a form
    that is no rule's name either."""
    out: dict[str, list[Any]] = {}
    for key, places in found.items():
        if key not in named:
            first = next(([rid, sentence] for written, rid, sentence in places if written not in named), None)
            if first is not None:
                out[key] = first
    return out


def names_keys(rule_names: Iterable[str]) -> set[str]:
    """What a rule's name rules out as a kind of unit (:func:`kinds_named`): its kind key and its folded form."""
    rule_names = list(rule_names)
    return {kind_key(n) for n in rule_names} | {fold(n) for n in rule_names}


def kinds_found(rules: Iterable[tuple[str, str]]) -> dict[str, list[Any]]:
    """:func:`kinds_named` before the rules' names are taken out (a section's share, :func:`referee.store.answers.share`):
    a kind -> ``[form as written, folded; rule id; sentence]``, the first place of each form, in reading order."""
    out: dict[str, list[Any]] = {}
    for rid, text in rules:
        for sentence in (line.strip() for said in sentences(text) for line in said.splitlines()):
            for found in _KINDS.finditer(sentence):
                words = found.group("subject") or found.group("other") or found.group("rules_for")
                items = _LIST_SPLIT.split(found.group("listed")) if found.group("listed") else _LIST_SPLIT.split(words or "")
                if found.group("listed") and len(items) == 1 and not found.group("article"):
                    continue  # "is Fleeing", "is Shaken": a state; a kind is "a Monstrous Creature", or one of a list
                for item in items:
                    key = kind_key(item.strip())
                    if not key or fold(item).split()[0] in _NO_KIND or key.split()[0] in _NO_KIND or key.split()[-1] in _NO_KIND or key.endswith(("ed", "ing", "en")):
                        continue  # "Slowed", "Ambushing", "Shaken": what a rule makes of a model; "Fortitude Saves": no kind
                    written = fold(item)
                    places = out.setdefault(key, [])
                    if all(w != written for w, _, _ in places):
                        places.append([written, rid, sentence])
    return out
