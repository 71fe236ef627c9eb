"""What readers ask about a whole system, computed once, at build time, into the ``answers`` and ``kinds`` tables.

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
  (:func:`referee.graph.kinds.kinds_named`);
- in the ``kinds`` table, a row per kind of unit (its words, :func:`referee.graph.kinds.unit_kinds`)
  and section: the section's rules with a sentence opening on units of that kind ("Reserve units
  count as moved ...": kind ``reserve``), and which of their sentences; a reader joins a kind's
  rows in reading order, and an edit replaces only its sections' (where a kind's words are
  common, "a unit with ...", its rows name thousands of rules).

``summary``, ``core_terms`` and ``families`` are read from the whole system (:func:`of_system`); the others
from each section's rows as they are made (:func:`share`, :mod:`referee.store.record`), joined in reading
order (:func:`joined`).  Units are :func:`referee.units.unit_index`'s.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.graph.kinds import kinds_found, kinds_left, names_keys, unit_kinds
from referee.graph.situations import condition_words
from referee.graph.stacking import binds_every_ability, caps_every_roll
from referee.keywords.resolve import families
from referee.text import fold

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

    from referee.model import Relation
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
    by_id = rulebase.rules
    named = ((r.id, [by_id[k].name if k in by_id else None for k in r.children]) for r in rules)
    return {"summary": summary, "core_terms": core_terms, "families": families(named)}


def share(rules: list[dict[str, Any]], relations: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, list[list[Any]]]]:
    """A section's share of the answers gathered section by section (:func:`joined`), from its rows:
    its rules and the relations their texts and layout state, as JSON, in reading order; and its
    rows of the ``kinds`` table, by kind.  Each answer reads every sentence or relation, so an
    edit reads again only the sections it touched."""
    firsts = [(r["id"], r["versions"][0]["text"] if r["versions"] else r["text"]) for r in rules]
    part = {
        "never": [rel for rel in relations if binds_every_ability(rel) or caps_every_roll(rel)],
        "against": sorted({c["value"] for rel in relations for c in rel["conditions"] if c["situation"] == "against" and c["value"] and "/" not in c["value"]}),
        "said": condition_words(text for r in rules for text in ([v["text"] for v in r["versions"]] or [r["text"]]) if text),
        "kinds_found": kinds_found(firsts),
        "names": sorted(names_keys(n for r in rules for n in (r["name"], *(a["name"] for a in r["aliases"])))),
    }
    return part, unit_kinds(firsts)


def joined(shares: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The answers gathered section by section, by the name of their row, from a system's sections'
    shares (:func:`share`) in reading order: the first section to say a word or name a kind gives it."""
    never: list[dict[str, Any]] = []
    against: set[str] = set()
    said: dict[str, str] = {}
    found: dict[str, list[Any]] = {}
    named: set[str] = set()
    for part in shares:
        never += part["never"]
        against.update(part["against"])
        for stem_, word in part["said"].items():
            said.setdefault(stem_, word)
        for key, places in part["kinds_found"].items():
            kept = found.setdefault(key, [])
            forms = {written for written, _, _ in kept}
            kept += [place for place in places if place[0] not in forms]
        named.update(part["names"])
    return {"condition_words": said, "kinds_named": kinds_left(found, named), "against_terms": sorted(against), "never_stacking": never}


def relation_data(rel: Relation, rule_names: Mapping[str, str]) -> dict[str, Any]:
    """A relation as the store keeps it: its JSON with the names of the rules at its ends."""
    data = rel.to_json()
    data["source_name"] = rule_names.get(rel.source, rel.source)
    if rel.target in rule_names:
        data["target_name"] = rule_names[rel.target]
    return data

