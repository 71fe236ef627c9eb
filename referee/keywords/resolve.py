"""Keyword uses tied to the rules of one system.

``referee parse --system S`` adds to every keyword of the JSON shape (nested
ones too) a ``rule``: the id of the rule it names, by name or alias, or
``"undefined"``.  A name that is one of the system's core game terms ("Str",
"Range", "Strength") also gets ``"core_term": true``: it names no special
rule, and that is not a mistake.

A nested keyword without arguments that names nothing in the system is a
condition in words, not a keyword: ``Stealth (Forests)``, the ``Clipped
Wings`` of ``Multiple Wounds (D3, Clipped Wings)``.  With a system to check
against, it becomes ``{"kind": "qualifier", "text": ...}``; without one, the
grammar cannot tell it from ``Exclusive (Chariot)`` and leaves it a keyword.

A keyword that names a family ("Ranged", "Melee": the rule whose sub-rules
are all "Ranged X ...") ties to that family, and the family words after it
in the same string belong to it: in "Ranged 2 heavy/sniper", ``heavy`` is
``ranged-heavy``, not ``melee-heavy``.  Where a name fits several rules and
no family decides, every one is listed in ``candidates`` (the first is
``rule``), so a reader never gets one silently picked.
"""

from __future__ import annotations

import re

from typing import Any

from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Protocol

    class Rules(Protocol):
        """What this module asks of a system's rules: the store's reading interface
        (``referee.store.book.Book``) answers it, and so does the search index's view."""

        def core_terms(self, system: str) -> list[str]: ...
        def lookup(self, name: str, system: str) -> list[dict[str, Any]]: ...
        def get(self, rule_id: str) -> dict[str, Any] | None: ...
        def families(self, system: str) -> dict[str, list[str]]: ...


UNDEFINED = "undefined"


def resolve(data: dict[str, Any], view: Rules, system: str) -> dict[str, Any]:
    """Annotate the JSON of a parse (``to_json(parse(...))``) with rule ids, in place."""
    core = set(view.core_terms(system))
    data["keywords"] = _whole_names(data, view, system, core)
    text = data.get("input") or ""
    family: str | None = None
    opener: dict[str, Any] | None = None  # the family's keyword whose values the words after it may fill
    for keyword in data["keywords"]:
        if keyword["name"] is not None:
            _tie(keyword, view, system, core, family)
            opened = _family(keyword, view, system)
            family = opened or family
            if opener is not None and text[opener["reach"] : keyword["span"][0]].strip() not in ("", "/"):
                opener = None  # another item of the list: the family's values stay with their own item
            if opened is not None:
                opener = {"keyword": keyword, "reach": keyword["span"][1]} if keyword["args"] else None
            elif opener is not None and _joins(keyword, opener["keyword"], view):
                shown = opener["keyword"]
                keyword["joined"] = {"name": shown["name"], "span": list(shown["span"]), "args": [dict(a) for a in shown["args"]]}
                opener["reach"] = keyword["span"][1]
            else:
                opener = None
        keyword["args"] = [_arg(arg, view, system, core, family) for arg in keyword["args"]]
    return data


def _joins(keyword: dict[str, Any], opener: dict[str, Any], view: Rules) -> bool:
    """Whether the values written after a family's name fill the pattern of the keyword that
    follows it: "Ranged 3 trigger -1 to hit" is one use of "Ranged X trigger -Y to hit", whose X is
    the 3 the grammar read onto "Ranged".  The rule's own name is read as a keyword string: its
    first use must be the family's name with variables only, as many as the opener has values,
    and its second the keyword's name with as many values as the keyword has (a pattern filled
    in part, "Melee 3 charge", is not joined: which letter a lone number is, no one can say)."""
    rule = view.get(keyword.get("rule", UNDEFINED))
    if rule is None or keyword.get("candidates"):
        return False
    from referee.keywords import KeywordSyntaxError, Variable, parse

    try:
        pattern = parse(rule["name"])
    except KeywordSyntaxError:
        return False
    if len(pattern) != 2:
        return False
    lead, own = pattern
    return (lead.name is not None and own.name is not None
            and fold(lead.name) == fold(opener["name"]) and fold(own.name) == fold(keyword["name"])
            and bool(lead.args) and all(isinstance(a, Variable) for a in lead.args)
            and len(lead.args) == len(opener["args"]) and len(own.args) == len(keyword["args"]))


def _whole_names(data: dict[str, Any], view: Rules, system: str, core: set[str]) -> list[dict[str, Any]]:
    """The keywords, with a rule's whole name read as the grammar split it made one again.

    The grammar reads words it cannot tell from a rule's name: a number after a name is a
    parameter ("Directive 8" as Directive with 8) and a slash joins two keywords ("Models/Armies"
    as Models and Armies).  Where the name read ties to nothing while the words as written are
    exactly a rule's name or alias, the words are that rule; a name that ties to a rule or a family
    keeps its reading ("Ranged 2 heavy", "Stomp / Thunder Stomp" of two names)."""
    text = data.get("input") or ""
    out: list[dict[str, Any]] = []
    for keyword in data["keywords"]:
        last = out[-1] if out else None
        if (last is not None and not last["args"] and not keyword["args"] and text[last["span"][1] : keyword["span"][0]].strip() == "/"
                and _unnamed(last, view, system, core) and _unnamed(keyword, view, system, core)):
            words = text[last["span"][0] : keyword["span"][1]]
            if _names_exactly(words, view, system):
                out[-1] = {**last, "name": words, "text": words, "span": [last["span"][0], keyword["span"][1]], "args": []}
                continue
        if keyword["args"] and _unnamed(keyword, view, system, core) and _names_exactly(keyword["text"], view, system):
            keyword = {**keyword, "name": keyword["text"], "args": []}
        elif not keyword["args"] and _unnamed(keyword, view, system, core):
            keyword = _words_after(keyword, view, system) or keyword
        out.append(keyword)
    return out


def _words_after(keyword: dict[str, Any], view: Rules, system: str) -> dict[str, Any] | None:
    """"Immune to Poison" as "Immune to" with Poison: a name that ties to nothing, whose leading
    words are a name its rule writes with a word parameter after it (:func:`word_parameter_names`);
    the words left are the parameter.  The longest such lead wins; None where there is none."""
    name = keyword["name"]
    words = name.split()
    for cut in range(len(words) - 1, 0, -1):
        lead = " ".join(words[:cut])
        for rule in view.lookup(lead, system):
            said = next((n for n in word_parameter_names(rule) if fold(n) == fold(lead)), None)
            if said is not None:
                return {**keyword, "name": said, "args": [{"kind": "qualifier", "text": name[len(lead) :].strip()}]}
    return None


def word_parameter_names(rule: dict[str, Any]) -> list[str]:
    """The names of ``rule`` (its name, its aliases) that its own text writes with a word
    parameter straight after them, without brackets ('A model with "Immune to X" ...': "Immune
    to"); the paste box's name table lists them too (referee/site/pages.py), one reading for both."""
    texts = [p["name"] for p in rule.get("params") or [] if p.get("kind") == "text"]
    said = rule.get("text") or ""
    if not texts or not said:
        return []
    names = [rule["name"], *(alias["name"] for alias in rule.get("aliases") or [])]
    return [n for n in names if any(re.search(rf"(?<!\w){re.escape(n)}\s+{re.escape(x)}(?!\w)", said, re.I) for x in texts)]


def _unnamed(keyword: dict[str, Any], view: Rules, system: str, core: set[str]) -> bool:
    """Whether a keyword's name ties to no rule, family or core game term of the system."""
    name = keyword["name"]
    return name is not None and fold(name) not in core and not view.lookup(name, system) and not _families(view, system, name)


def _names_exactly(words: str, view: Rules, system: str) -> bool:
    """Whether ``words`` are, folded, a rule's name or alias in the system (not merely near one)."""
    folded = fold(words)
    return any(folded == fold(rule["name"]) or any(folded == fold(alias["name"]) for alias in rule.get("aliases") or [])
               for rule in view.lookup(words, system))


def _family(keyword: dict[str, Any], view: Rules, system: str) -> str | None:
    """The id of the family a keyword opens ("Ranged"), if it names one."""
    rule = view.get(keyword.get("rule", UNDEFINED))
    if rule is not None and rule["children"]:
        return rule["id"]
    return None


def family_leads(names: list[str]) -> list[str]:
    """The folded word-prefixes that every one of ``names`` (a rule's sub-rules' folded
    names) begins with, each followed by a space: "ranged" for "ranged heavy",
    "ranged sniper".  A rule is the family of a keyword's name when its folded name
    is one of them (:func:`_families`); the build lists them for every rule
    (:func:`families`)."""
    if not names:
        return []
    first = names[0]
    return [first[:i] for i, char in enumerate(first) if char == " " and all(name.startswith(first[: i + 1]) for name in names)]


def families(rules: Iterable[tuple[str, list[str | None]]]) -> dict[str, list[str]]:
    """Folded word-prefix -> the ids of the rules (in the order given) all of whose sub-rules'
    names begin with it and a space (:func:`family_leads`): the map :func:`_families` reads,
    which the build keeps per system (:mod:`referee.store.answers`).  Each rule comes as its
    id and its sub-rules' names, None for a sub-rule not at hand: then it is no family.

    >>> families([("r1", ["Ranged Heavy", "Ranged Sniper"]), ("r2", ["Ranged Heavy", None]), ("r3", [])])
    {'ranged': ['r1']}
    """
    out: dict[str, list[str]] = {}
    for rule_id, names in rules:
        if None not in names:
            for lead in family_leads([fold(name) for name in names if name is not None]):
                out.setdefault(lead, []).append(rule_id)
    return out


def _families(view: Rules, system: str, name: str) -> list[dict[str, Any]]:
    """Rules whose sub-rules are all named "<name> ..." ("Ranged weapon keywords"), in
    reading order: from the build's list by word-prefix (the view's ``families``),
    so only the rules found are read; a view without one (the search index's)
    offers the rules to look at (``in_system``)."""
    return [rule for rule in map(view.get, view.families(system).get(fold(name), [])) if rule is not None]


def _tie(keyword: dict[str, Any], view: Rules, system: str, core: set[str], family: str | None = None) -> None:
    found = view.lookup(keyword["name"], system)
    if not found and fold(keyword["name"]) not in core:
        found = _families(view, system, keyword["name"])
    if family is not None and len(found) > 1:
        mine = [r for r in found if r["parent"] == family]
        found = mine + [r for r in found if r["parent"] != family] if mine else found
        if mine:
            found = mine[:1]
    keyword["rule"] = found[0]["id"] if found else UNDEFINED
    if len(found) > 1:
        keyword["candidates"] = [r["id"] for r in found]
    if fold(keyword["name"]) in core:
        keyword["core_term"] = True


def _arg(arg: dict[str, Any], view: Rules, system: str, core: set[str], family: str | None = None) -> dict[str, Any]:
    if arg["kind"] != "keyword":
        for key in ("options", "args"):
            if key in arg and isinstance(arg[key], list):
                arg[key] = [_arg(a, view, system, core, family) if isinstance(a, dict) else a for a in arg[key]]
        return arg
    _tie(arg, view, system, core, family)
    if arg["rule"] == UNDEFINED and not arg["args"] and not arg.get("core_term"):
        return {"kind": "qualifier", "text": arg["name"]}
    arg["args"] = [_arg(a, view, system, core, family) for a in arg["args"]]
    return arg
