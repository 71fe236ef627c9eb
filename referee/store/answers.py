"""The answers about a whole system that readers ask for, computed once, at build time.

A reader never works them out from every rule at query time: the store keeps
each system's answers in its ``answers`` table (:mod:`referee.store.database`),
and :class:`~referee.store.rows.Stored` reads them by name.  What each is:

- ``core_terms``: the system's core game terms (not special rules), folded;
- ``against_terms``: core terms a rule's condition is stated against
  ("suffered from flaming attack"), which the referee accepts in play;
- ``never_stacking``: the relations saying every ability never stacks, or
  limiting every total of roll modifiers, rule by rule in reading order;
- ``families``: folded word-prefix -> the rules all of whose sub-rules' names
  start with it ("ranged" -> "Ranged weapon keywords");
- ``units`` (:func:`referee.units.unit_index`) and ``summary``
  (:mod:`referee.store.summary`).

The first three are gathered section by section as the graph is read
(:mod:`referee.store.sections`), with the tests below.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.text import fold

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

    from referee.rulebase.manifest import Manifest
    from referee.model import Relation, Rule


def relation_data(rel: Relation, rule_names: Mapping[str, str]) -> dict[str, Any]:
    """A relation as the view keeps it: its JSON with the names of the rules at its ends."""
    data = rel.to_json()
    data["source_name"] = rule_names.get(rel.source, rel.source)
    if rel.target in rule_names:
        data["target_name"] = rule_names[rel.target]
    return data


def folded_core_terms(manifest: Manifest) -> list[str]:
    """A system's core game terms (not special rules), folded, as the view lists them."""
    return sorted({fold(t) for t in manifest.core_terms})


_WIDE = re.compile(r"^(?:any|all|every)\b", re.I)


# what a limit on every roll speaks of: "Dice can never be modified by more than 1"
_ROLLS = re.compile(r"^(?:(?:any|all|every|the|a)\s+)?(?:dice|die|d6|rolls?|results?)\b", re.I)


def caps_every_roll(rel: dict[str, Any]) -> bool:
    """A ``stacks`` relation (as JSON) of mode "cap" whose subject is every die roll ("Dice can
    never be modified by more than 1"): a limit on every total of roll modifiers of the system."""
    return rel["kind"] == "stacks" and dict(rel["details"]).get("mode") == "cap" and bool(_ROLLS.match(rel["subject"] or ""))


def binds_every_ability(rel: dict[str, Any]) -> bool:
    """A ``stacks`` relation (as JSON) of mode "never" whose subject is every ability of
    the system ("Any ability that ..."): it binds rules that do not name it."""
    return rel["kind"] == "stacks" and dict(rel["details"]).get("mode") == "never" and bool(_WIDE.match(rel["subject"] or ""))


def families(rules: Iterable[Rule], by_id: Mapping[str, Rule]) -> dict[str, list[str]]:
    """Folded word-prefix -> ids of the ``rules`` (one system's, in reading order) all of
    whose sub-rules' folded names start with it and a space ("ranged" -> "Ranged weapon
    keywords"): what :mod:`referee.keywords.resolve` ties a keyword string's name to
    when it names no rule, without reading the whole system at query time."""
    from referee.keywords.resolve import family_leads

    out: dict[str, list[str]] = {}
    for rule in rules:
        kids = [by_id.get(k) for k in rule.children]
        if kids and all(k is not None for k in kids):
            for lead in family_leads([fold(k.name) for k in kids if k is not None]):
                out.setdefault(lead, []).append(rule.id)
    return out


def against(rel: Relation) -> set[str]:
    """The core terms a relation's conditions are stated against."""
    return {c.value for c in rel.conditions if c.situation == "against" and c.value and "/" not in c.value}


def system_wide(data: dict[str, Any]) -> bool:
    """Whether a relation (as JSON) binds every ability or caps every roll of its system."""
    return binds_every_ability(data) or caps_every_roll(data)
