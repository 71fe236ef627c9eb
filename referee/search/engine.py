"""Ranking: what a player means by a query, best guess first.

Matches come in tiers; a higher tier always ranks first:

===  =========================================  ==========================
tier what matched                               score
===  =========================================  ==========================
5    a keyword string names the rule            1.0, in the string's order
4    its name, alias or id, exactly             1.0 (name, id), 0.95 (alias)
3    its name or alias, after stemming          0.9
     ("Poisoned Attacks", "Giftattacke")
2    a name or alias begun or mistyped           0.55 to 0.85, by closeness
     ("hellebard", "mulitple wounds")
1    words of its text, names, headings          0.49 at most, by words found
===  =========================================  ==========================

Units of army data (:mod:`referee.search.units`) are matched by name in
tiers 4 to 2 with the same scores, and rank after rules of the same score.

An answer is *weak* when nothing scores 0.2 or more: no name matched and no
rule has most of the words.  Where words of the query were corrected
(:func:`referee.search.fulltext.correct`) and the answer is weak or rests
on words of text, it carries ``did_you_mean``: the query corrected.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.errors import RulesError
from referee.search import fulltext, match, snippet, units
from referee.search.index import body_field
from referee.search.keywordquery import looks_like_keywords, named, names_one_rule

if TYPE_CHECKING:
    from typing import Any

    from referee.search.index import Index

MAX_CHARS = 1000
MAX_WORDS = 100
WEAK = 0.2
NAMED = 0.5  # scores from here up are matches of a name or alias
KEYWORDS, EXACT, STEMMED, NEAR, TEXT = 5, 4, 3, 2, 1


class Result:
    """One rule found: the JSON shape of docs/json.md, and spans to highlight.

    The search's classes are written out rather than made by ``dataclasses``,
    whose import (with ``inspect``) cost a warm search about 5 ms.
    """

    __slots__ = ("id", "name", "system", "score", "snippet", "matched", "spans")

    def __init__(self, id: str, name: str, system: str, score: float, snippet: str, matched: list[str], spans: list[tuple[int, int]]) -> None:
        self.id, self.name, self.system, self.score = id, name, system, score
        self.snippet, self.matched, self.spans = snippet, matched, spans  # spans: the matched words in the snippet

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "system": self.system,
            "score": round(self.score, 3),
            "snippet": self.snippet,
            "matched": self.matched,
        }


class Answer:
    """The ranked rules for a query (units only where the rules have army data)."""

    __slots__ = ("query", "system", "results", "did_you_mean")

    def __init__(self, query: str, system: str | None, results: list[Result | units.UnitResult], did_you_mean: str | None = None) -> None:
        self.query, self.system, self.results, self.did_you_mean = query, system, results, did_you_mean

    @property
    def weak(self) -> bool:
        return not self.results or self.results[0].score < WEAK

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "system": self.system,
            "results": [r.to_json() for r in self.results],
            "did_you_mean": self.did_you_mean,
        }


class _Hit:
    __slots__ = ("fields", "tier", "score", "order", "matched")

    def __init__(self, fields: dict[str, Any], tier: int, score: float, order: int, matched: set[str]) -> None:
        self.fields, self.tier, self.score, self.order, self.matched = fields, tier, score, order, matched


class _UnitHit:
    __slots__ = ("unit", "system", "tier", "score", "order")

    def __init__(self, unit: dict[str, Any], system: str, tier: int, score: float, order: int) -> None:
        self.unit, self.system, self.tier, self.score, self.order = unit, system, tier, score, order

    def result(self) -> units.UnitResult:
        u = self.unit
        return units.UnitResult(u["name"], self.system, u["army"], u["file"], u["line"], u["column"], list(u["rules"]), self.score, ["name"])


def check(query: str) -> str:
    """The query with its whitespace made single spaces; an error if there is
    nothing to search for or far too much."""
    text = " ".join(query.split())
    if not text:
        raise RulesError("empty query: give a rule's name, alias or id, a keyword string or words of its text")
    if len(text) > MAX_CHARS:
        raise RulesError(f"query too long: {len(text)} characters (at most {MAX_CHARS}); search for a name, a keyword string or a few words")
    words = len(text.split())
    if words > MAX_WORDS:
        raise RulesError(f"query too long: {words} words (at most {MAX_WORDS}); search for a name, a keyword string or a few words")
    return text


def search(index: Index, query: str, system: str | None = None, limit: int = 10, with_units: bool = True) -> Answer:
    """The rules ``query`` most likely means, best first (at most ``limit``); with
    ``with_units``, the units of army data whose names it matches among them, by the same tiers."""
    text = check(query)
    index.check_system(system)
    systems = [system] if system else index.systems
    hits: dict[str, _Hit] = {}

    def add(doc: dict[str, Any], tier: int, score: float, matched: set[str]) -> None:
        hit = hits.get(doc["id"])
        if hit is None:
            hits[doc["id"]] = _Hit(doc, tier, score, len(hits), set(matched))
            return
        if (tier, score) > (hit.tier, hit.score):
            hit.tier, hit.score = tier, score
        hit.matched |= matched

    exact = match.exact(index, text, systems)
    is_id = bool(exact) and exact[0][1] == "id"
    if looks_like_keywords(text) and not is_id and not names_one_rule(index, text, systems):
        searcher = index.searcher()
        for rule_id, how in named(index, text, systems):
            add(searcher.document(id=rule_id), KEYWORDS, 1.0, {how})
    for doc, kind, _ in exact:
        add(doc, EXACT, 0.95 if kind == "alias" else 1.0, {kind})
    for doc, kind, _ in match.stemmed(index, text, systems):
        add(doc, STEMMED, 0.9, {kind})
    for doc, kind, closeness in match.near(index, text, systems, system):
        add(doc, NEAR, 0.55 + 0.3 * closeness, {kind})

    words = fulltext.Words.of(text)
    fulltext.correct(index, words)
    for doc, score, matched in _text(index, text, words, system, limit + len(hits), plain=bool(hits) and looks_like_keywords(text)):
        add(doc, TEXT, score, matched)

    found: list[_Hit | _UnitHit] = list(hits.values())
    for unit, unit_system, tier, score in units.find(index, text, systems) if with_units else []:
        found.append(_UnitHit(unit, unit_system, tier, score, len(found)))  # after rules of the same score
    ranked = sorted(found, key=lambda h: (-h.tier, -h.score, h.order))[:limit]
    answer = Answer(text, system, [hit.result() if isinstance(hit, _UnitHit) else _result(index, hit, words) for hit in ranked])
    if answer.weak or (words.corrections and ranked[0].tier == TEXT):
        answer.did_you_mean = words.did_you_mean()
    return answer


def _text(index: Index, text: str, words: fulltext.Words, system: str | None, limit: int, plain: bool) -> list[tuple[dict[str, Any], float, set[str]]]:
    """The text tier.  ``plain``: read the query as plain words (a keyword
    string already read as one: its brackets are no syntax).  A query in
    whoosh's syntax that whoosh cannot run is run again as plain words."""
    query = fulltext.build_query(index, text, words, plain=plain)
    if query is None:
        return []
    try:
        return fulltext.run(index, query, words, system, limit)
    except Exception:  # noqa: BLE001 - whoosh's syntax failed on this query: plain words then
        if plain or not fulltext.uses_syntax(text):
            raise
    query = fulltext.build_query(index, text, words, plain=True)
    return fulltext.run(index, query, words, system, limit) if query is not None else []


def _result(index: Index, hit: _Hit, words: fulltext.Words) -> Result:
    doc = hit.fields
    field_name = body_field(index.schema.names(), doc.get("body_lang"), index.languages)
    found = [*words.terms.values(), *words.corrected_terms.values()]
    wanted = {term for terms in found for name, term in terms if name == field_name}
    text, spans = snippet.snippet(doc.get("body") or "", doc.get("marks") or {}, wanted)
    order = ["keyword", "id", "name", "alias", "heading", "category", "text"]
    matched = sorted(hit.matched, key=lambda m: order.index(m) if m in order else len(order))
    return Result(doc["id"], doc["title"], doc["system"], hit.score, text, matched, spans)
