"""What readers ask about a whole system, computed once, at build time, into the ``answers`` table.

- ``summary``: what ``referee build`` reports per system;
- ``core_terms``: the system's core game terms (not special rules), folded;
- ``against_terms``: core terms a rule's condition is stated against
  ("suffered from flaming attack"), which the referee accepts in play;
- ``never_stacking``: the relations saying every ability never stacks, or
  capping every total of roll modifiers, in reading order;
- ``families``: folded word-prefix -> the rules all of whose sub-rules' names
  start with it ("ranged" -> "Ranged weapon keywords");
- ``condition_words``: the words the system's rules condition on, stem -> the word as first
  written ("fly" -> "flying", of "not when flying over"): a ``--when`` word the situation
  table lacks is understood where they have it (:func:`referee.graph.situations.condition_words`);
- ``kinds_named``: the kinds of unit the documents name as such, not rules ("Monstrous Creatures are
  immune to the effects of Slow."): a kind typed on a side is read as that side's kind of unit
  (:func:`kinds_named`);
- ``unit kind: <words>``, a row per kind of unit (its words, :func:`referee.text.kind_words`):
  the rules with a sentence opening on units of that kind ("Reserve units count as moved
  ...": ``unit kind: reserve``), and which of their sentences.

``summary``, ``core_terms`` and ``families`` are read from the whole system (:func:`of_system`); the others
from each section's rows as they are made (:func:`share`, :mod:`referee.store.record`), joined in reading
order (:func:`joined`).  Units are :func:`referee.units.unit_index`'s.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.graph.situations import condition_words
from referee.store.database import KIND
from referee.text import fold, kind_words, sentences, singulars
from referee.patterns import lazy

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

    from referee.model import Relation, Rule
    from referee.rulebase import Rulebase
    from referee.units import ArmyBook


def of_system(rulebase: Rulebase, armies: Mapping[str, tuple[ArmyBook, ...]], system: str) -> dict[str, Any]:
    """The answers read from the whole system (the others are gathered section by section, :func:`share`)."""
    rules = list(rulebase.in_system(system))
    manifest = rulebase.manifests[system]
    documents = [
        {"path": d.path, "format": d.format, "role": d.role, "lang": d.lang, "entries": d.entries, "aliases": d.aliases,
         "tables": d.tables, "flags": dict(d.flags), "skipped": [{"line": a, "end_line": b, "why": why} for a, b, why in d.skipped]}
        for d in rulebase.documents[system]
    ]  # fmt: skip
    summary = {
        "id": system,
        "title": manifest.title,
        "documents": len(documents),
        "document_list": documents,
        "rules": len(rules),
        "aliases": sum(len(r.aliases) for r in rules),
        "stubs": sum("stub" in r.flags for r in rules),
        "unnamed": sum("unnamed" in r.flags for r in rules),
        "with_versions": sum(len(r.versions) > 1 and len([v for v in r.versions if v.text.strip()]) > 1 for r in rules),
        "units": sum(len(book.units) for book in armies.get(system, ())),
        "warnings": list(manifest.warnings),
    }
    core_terms = sorted({fold(t) for t in manifest.core_terms})
    return {"summary": summary, "core_terms": core_terms, "families": families(rules, rulebase.rules)}


def share(rules: list[dict[str, Any]], relations: list[dict[str, Any]]) -> dict[str, Any]:
    """A section's share of the answers gathered section by section (:func:`joined`), from its rows:
    its rules and the relations their texts and layout state, as JSON, in reading order.  Each answer
    reads every sentence or relation, so an edit reads again only the sections it touched."""
    firsts = [(r["id"], r["versions"][0]["text"] if r["versions"] else r["text"]) for r in rules]
    return {
        "never": [rel for rel in relations if binds_every_ability(rel) or caps_every_roll(rel)],
        "against": sorted({c["value"] for rel in relations for c in rel["conditions"] if c["situation"] == "against" and c["value"] and "/" not in c["value"]}),
        "kinds": unit_kinds(firsts),
        "said": condition_words(text for r in rules for text in ([v["text"] for v in r["versions"]] or [r["text"]]) if text),
        "kinds_found": kinds_found(firsts),
        "names": sorted(names_keys(n for r in rules for n in (r["name"], *(a["name"] for a in r["aliases"])))),
    }


def joined(shares: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The answers gathered section by section, by the name of their row, from a system's sections'
    shares (:func:`share`) in reading order: the first section to say a word or name a kind gives it."""
    never: list[dict[str, Any]] = []
    against: set[str] = set()
    kinds: dict[str, list[list[Any]]] = {}
    said: dict[str, str] = {}
    found: dict[str, list[Any]] = {}
    named: set[str] = set()
    for part in shares:
        never += part["never"]
        against.update(part["against"])
        for kind, rules in part["kinds"].items():
            kinds.setdefault(kind, []).extend(rules)
        for stem_, word in part["said"].items():
            said.setdefault(stem_, word)
        for key, places in part["kinds_found"].items():
            kept = found.setdefault(key, [])
            forms = {written for written, _, _ in kept}
            kept += [place for place in places if place[0] not in forms]
        named.update(part["names"])
    return {"condition_words": said, "kinds_named": kinds_left(found, named), "against_terms": sorted(against), "never_stacking": never,
            **{KIND + kind: rules for kind, rules in kinds.items()}}  # fmt: skip


def relation_data(rel: Relation, rule_names: Mapping[str, str]) -> dict[str, Any]:
    """A relation as the store keeps it: its JSON with the names of the rules at its ends."""
    data = rel.to_json()
    data["source_name"] = rule_names.get(rel.source, rel.source)
    if rel.target in rule_names:
        data["target_name"] = rule_names[rel.target]
    return data


_WIDE = lazy(r"^(?:any|all|every)\b", re.I)  # "Any ability that ..."
_ROLLS = lazy(r"^(?:(?:any|all|every|the|a)\s+)?(?:dice|die|d6|rolls?|results?)\b", re.I)  # "Dice can never be modified by more than 1"


def caps_every_roll(rel: dict[str, Any]) -> bool:
    """A ``stacks`` relation (JSON) of mode "cap" whose subject is every die roll: a limit on
    every total of roll modifiers of the system."""
    return rel["kind"] == "stacks" and dict(rel["details"]).get("mode") == "cap" and bool(_ROLLS.match(rel["subject"] or ""))


def binds_every_ability(rel: dict[str, Any]) -> bool:
    """A ``stacks`` relation (JSON) of mode "never" whose subject is every ability of the
    system: it binds rules that do not name it."""
    return rel["kind"] == "stacks" and dict(rel["details"]).get("mode") == "never" and bool(_WIDE.match(rel["subject"] or ""))


def families(rules: Iterable[Rule], by_id: Mapping[str, Rule]) -> dict[str, list[str]]:
    """Folded word-prefix -> ids of the ``rules`` (one system's, reading order) all of whose
    sub-rules' folded names start with it and a space: what :mod:`referee.keywords.resolve`
    ties a keyword string's name to when it names no rule."""
    from referee.keywords.resolve import family_leads

    out: dict[str, list[str]] = {}
    for rule in rules:
        kids = [by_id.get(k) for k in rule.children]
        if kids and all(k is not None for k in kids):
            for lead in family_leads([fold(k.name) for k in kids if k is not None]):
                out.setdefault(lead, []).append(rule.id)
    return out


def unit_kinds(texts: Iterable[tuple[str, str]]) -> dict[str, list[list[Any]]]:
    """A kind of unit, its words (singular, sorted, space-joined) -> ``[rule id, n]`` of each rule of
    ``texts`` (id, first version's text; reading order) whose sentence ``n`` (the first such) has
    "unit(s)" and the kind's words for its first two or three words ("Reserve units count as moved
    ...": "reserve").  Gathered section by section (:func:`share`), a row each (:func:`joined`): a kind
    names many rules where its words are common ("a unit with": "with")."""
    out: dict[str, list[list[Any]]] = {}
    for rid, text in texts:
        seen: set[str] = set()
        for n, sentence in enumerate(sentences(text)):
            if sentence.isascii() and "unit" not in sentence.casefold():
                continue  # folding keeps an ASCII sentence's letters: no "unit" in it, none in its opening
            opening = fold(sentence).split()[:3]
            if "unit" in opening or "units" in opening:
                for kind in {" ".join(sorted(kind_words(" ".join(opening[:k])))) for k in (2, 3)} - seen - {""}:
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
    """:func:`kinds_named` before the rules' names are taken out (a section's share, :func:`share`):
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
