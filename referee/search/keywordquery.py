"""A query pasted from a unit card: the rules its keyword string names, in order.

"Multiple Wounds (D3, Clipped Wings)", "Ranged 2 heavy/sniper", "Poisoned
Attacks (4+)": the string is parsed by the keyword grammar
(:func:`referee.keywords.parse`) and tied to rules by the one resolver
:func:`referee.keywords.resolve.resolve` uses everywhere, so a family word
belongs to the family its string opens ("heavy" after "Ranged" is the
ranged one).  The resolver reads the index through :class:`IndexView`; a
keyword it cannot tie ("Poisoned Attacks" where the rule is Poison Attacks)
is matched by stem, or by a near name that differs by a letter or two.

Only queries with the marks of a keyword string (brackets, commas, slashes,
digits, ``+``) are parsed, so plain words never wait for the grammar; nor
does one rule's name with values in brackets ("Multiple Wounds (D3, Clipped
Wings)", "Magic Resistance (2)"), which names that rule alone: lookup's
exact match finds it as surely (:func:`names_one_rule`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.patterns import lazy
from referee.search import match
from referee.text import fold

if TYPE_CHECKING:
    from typing import Any

    from referee.search.index import Index

_MARKS = lazy(r"[()\[\]{}/,|+]|\d")
_ONE_KEYWORD = lazy(r"^([^()\[\]{},/|]+?)\s*[(\[{]([^()\[\]{}]*)[)\]}]\s*$")
_SEPARATORS = lazy(r"[,/|]")
SURE = 0.85  # how like a rule's name an untied keyword must be to name it


def looks_like_keywords(text: str) -> bool:
    """Whether ``text`` has the marks of a keyword string.

    >>> looks_like_keywords("Multiple Wounds (D3)"), looks_like_keywords("cannot be the General")
    (True, False)
    """
    return _MARKS.search(text) is not None


def names_one_rule(index: Index, text: str, systems: list[str]) -> bool:
    """Whether ``text`` is a rule's name and a bracket of values naming no other rule.

    Such a string names just the rule lookup finds for it, so the keyword
    grammar (and the ~80 ms of loading it) can be spared.
    """
    found = _ONE_KEYWORD.match(text)
    if found is None or not match.exact(index, found.group(1), systems):
        return False
    for part in _SEPARATORS.split(found.group(2)):
        words = " ".join(w for w in part.split() if not any(c.isdigit() for c in w) and sum(c.isalpha() for c in w) >= 2)
        if words and match.exact(index, words, systems):
            return False
    return True


class IndexView:
    """What :func:`referee.keywords.resolve.resolve` asks of a view, answered by the index.

    ``names``: the folded keyword names of the string being resolved.  The
    resolver looks for families among all rules of a system; a family's
    sub-rules' names all begin with the keyword's name, so only rules whose
    sub-rules' names all begin with the first word of one of ``names`` are
    offered (at 100,000 rules, reading every rule with sub-rules took
    seconds).
    """

    def __init__(self, index: Index, names: set[str]) -> None:
        self.index = index
        self.leads = sorted({name.split()[0] for name in names if name.split()})
        self._got: dict[str, dict[str, Any] | None] = {}

    def core_terms(self, system: str) -> list[str]:
        return self.index.core_terms(system)

    def lookup(self, name: str, system: str) -> list[dict[str, Any]]:
        return [_rule(doc) for doc, _kind, _ in match.exact(self.index, name, [system])]

    def get(self, rule_id: str) -> dict[str, Any] | None:
        if rule_id not in self._got:
            doc = self.index.searcher().document(id=rule_id)
            self._got[rule_id] = _rule(doc) if doc is not None else None
        return self._got[rule_id]

    def in_system(self, system: str) -> list[dict[str, Any]]:
        """The rules of ``system`` that could be the family of one of the names."""
        searcher = self.index.searcher()
        return [_rule(doc) for lead in self.leads for doc in searcher.documents(family=lead, system=system)]

    def families(self, system: str) -> dict[str, list[str]]:
        """Folded word-prefix -> the rules of ``system`` all of whose sub-rules' names start
        with it, among those that could be the family of one of the names."""
        from referee.keywords.resolve import families

        return families((rule["id"], [k and k["name"] for k in map(self.get, rule["children"])]) for rule in self.in_system(system))


def _rule(doc: dict[str, Any]) -> dict[str, Any]:
    return {"id": doc["id"], "name": doc["title"], "system": doc["system"], "parent": doc.get("parent"), "children": doc.get("children") or []}


def named(index: Index, text: str, systems: list[str]) -> list[tuple[str, str]]:
    """``(rule id, how named)`` for the rules ``text`` names as a keyword string, in
    its order; empty if it does not parse or names nothing.  Of several
    systems, the ones where more of its keywords name rules come first."""
    from referee.keywords import KeywordSyntaxError, parse, to_json
    from referee.keywords.resolve import UNDEFINED, resolve

    try:
        parsed = to_json(parse(text))
    except KeywordSyntaxError:
        return []
    view = IndexView(index, {fold(item["name"]) for item in _keywords(parsed["keywords"], tied=False)})
    per_system = []
    for rank, system in enumerate(systems):
        data = resolve(copy.deepcopy(parsed), view, system)
        found: list[tuple[str, str]] = []
        for keyword in _keywords(data["keywords"]):
            if keyword["rule"] != UNDEFINED:
                found.append((keyword["rule"], _how(index, keyword["rule"], keyword["name"])))
            elif not keyword.get("core_term"):
                found.extend(_nearest(index, keyword["name"], system))
        if found:
            per_system.append((-len(found), rank, found))
    out: dict[str, str] = {}
    for _count, _rank, found in sorted(per_system):
        for rule_id, how in found:
            out.setdefault(rule_id, how)
    return list(out.items())


def _keywords(items: list[Any], tied: bool = True) -> Iterator[dict[str, Any]]:
    """Every keyword of a parse, nested ones after their parent, in order: with
    ``tied``, those a resolve tied (they have a ``rule``), else every named one."""
    for item in items:
        if not isinstance(item, dict):
            continue
        if ("rule" in item) if tied else bool(item.get("name")):
            yield item
        for key in ("args", "options"):
            if isinstance(item.get(key), list):
                yield from _keywords(item[key], tied)


def _how(index: Index, rule_id: str, name: str) -> str:
    doc = index.searcher().document(id=rule_id)
    return match.closest(doc["forms"], name)[0] if doc else "name"


def _nearest(index: Index, name: str, system: str) -> list[tuple[str, str]]:
    """The rule an untied keyword most likely means: same stems, else a near name."""
    same = match.stemmed(index, name, [system])
    if same:
        return [(same[0][0]["id"], same[0][1])]
    near = [f for f in match.near(index, name, [system], system) if f[2] >= SURE]
    return [(near[0][0]["id"], near[0][1])] if near else []
