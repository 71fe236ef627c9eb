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
- ``unit kind: <words>``, a row per kind of unit (its words, :func:`referee.text.kind_words`):
  the rules with a sentence opening on units of that kind ("Reserve units count as moved
  ...": ``unit kind: reserve``), and which of their sentences.

``against_terms``, ``never_stacking`` and the kinds of unit are gathered section by section as the graph is read
(:mod:`referee.store.record`); units are :func:`referee.units.unit_index`'s.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.store.database import KIND
from referee.text import fold, kind_words, sentences
from referee.patterns import lazy

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

    from referee.model import Relation, Rule
    from referee.rulebase import Rulebase
    from referee.units import ArmyBook


def of_system(rulebase: Rulebase, armies: Mapping[str, tuple[ArmyBook, ...]], system: str) -> dict[str, Any]:
    """The answers a system's rules give (its relations give theirs section by section, :func:`gather`)."""
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
    from referee.graph.situations import condition_words

    said = condition_words(text for r in rules for text in ([v.text for v in r.versions] or [r.text]) if text)
    return {"summary": summary, "core_terms": core_terms, "families": families(rules, rulebase.rules), "condition_words": said}


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


def system_wide(data: dict[str, Any]) -> bool:
    return binds_every_ability(data) or caps_every_roll(data)


def gather(rel: Relation, data: dict[str, Any], never: list[dict[str, Any]], terms: set[str]) -> None:
    """Add a relation's share of ``never_stacking`` (its JSON ``data``) and ``against_terms``
    (the core terms its conditions are stated against)."""
    terms.update(c.value for c in rel.conditions if c.situation == "against" and c.value and "/" not in c.value)
    if system_wide(data):
        never.append(data)


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
    ...": "reserve").  Gathered section by section (:mod:`referee.store.record`), a row each
    (:func:`kind_rows`): a kind names many rules where its words are common ("a unit with": "with")."""
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


def kind_rows(kinds: dict[str, list[list[Any]]]) -> dict[str, list[list[Any]]]:
    """The kinds of unit as rows of the ``answers`` table, by name."""
    return {KIND + kind: rules for kind, rules in kinds.items()}
