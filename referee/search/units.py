"""Units of the army data (BattleScribe), found by name as rules are.

A build's units (:func:`referee.units.unit_index`) are few beside its rules and
are searched by name only, so they are not whoosh documents: their summary
rides in the index's ``meta.json`` (:func:`summary`), and :func:`find`
matches a query against them in the tiers the rules use
(:mod:`referee.search.engine`): exactly as ``lookup`` folds names (1.0),
stemmed or run together (0.9), then every word of the query beginning a
word of the name or one or two typos from it (0.55 to 0.85, by
closeness).  Keeping them out of whoosh also keeps them out of the text
tier's word statistics: rules rank as they did without army data.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.search import analysis
from referee.search.match import NEAR_WORDS, closest, max_edits
from referee.text import fold, query_forms

if TYPE_CHECKING:
    from typing import Any

    from referee.search.index import Index
    from referee.store.record import Build

    Unit = dict[str, Any]  # {name, army, file, line, column, rules: [rule names]}


def summary(build: Build) -> dict[str, list[Unit]]:
    """System -> its units, each with the names of the rules it has (weapons' and options' too)."""
    from referee.units import unit_index

    out: dict[str, list[Unit]] = {}
    for system, names in unit_index(build.armies).items():
        units = out.setdefault(system, [])
        for found in names.values():
            for unit in found:
                rules = list(dict.fromkeys(use["name"] for use in unit["rules"] if use["name"]))
                units.append({k: unit[k] for k in ("name", "army", "file", "line", "column")} | {"rules": rules})
    return {system: units for system, units in out.items() if units}


class UnitResult:
    """One unit found: the JSON shape of docs/json.md (``"kind": "unit"``)."""

    __slots__ = ("name", "system", "army", "file", "line", "column", "rules", "score", "matched")
    kind = "unit"

    def __init__(self, name: str, system: str, army: str, file: str, line: int, column: int, rules: list[str], score: float, matched: list[str]) -> None:
        self.name, self.system, self.army, self.file, self.line, self.column = name, system, army, file, line, column
        self.rules, self.score, self.matched = rules, score, matched

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "system": self.system,
            "army": self.army,
            "source": {"file": self.file, "line": self.line, "column": self.column},
            "rules": self.rules,
            "score": round(self.score, 3),
            "matched": self.matched,
        }


def find(index: Index, query: str, systems: list[str]) -> list[tuple[Unit, str, int, float]]:
    """``(unit, system, tier, score)`` for every unit whose name ``query`` matches, best first
    within a tier (the engine's tier numbers: 4 exact, 3 stemmed, 2 near)."""
    units = index.units
    if not units:
        return []
    forms = set(query_forms(query))
    bare = analysis.bare(query)
    stems = _keys(index, bare)
    words = [w for w in analysis.terms(index.schema["names"].analyzer, bare) if w not in analysis.STOPWORDS]
    if len(words) > NEAR_WORDS:
        words = []
    out = []
    for system in systems:
        for unit in units.get(system, []):
            name = unit["name"]
            if fold(name) in forms:
                out.append((unit, system, 4, 1.0))
            elif stems & _keys(index, analysis.bare(name)):
                out.append((unit, system, 3, 0.9))
            elif words and _near(words, analysis.terms(index.schema["names"].analyzer, name)):
                out.append((unit, system, 2, 0.55 + 0.3 * closest([[name, "name", ""]], bare)[1]))
    out.sort(key=lambda f: (-f[2], -f[3], fold(f[0]["name"]), f[0]["army"], f[0]["file"], f[0]["line"]))
    return out


def _keys(index: Index, name: str) -> set[str]:
    """A name stemmed in each language of the index, and run together (as :func:`match.stemmed` keys)."""
    keys = {fold(name).replace(" ", "")}
    for lang in index.languages:
        keys.add(" ".join(analysis.terms(index.schema[f"text_{lang}"].analyzer, name)))
    return {k for k in keys if k}


def _near(words: list[str], name_words: list[str]) -> bool:
    """Every query word is a word of the name, begins one (3 letters or more), or is a
    typo or two from one with the same first letter, as :func:`match.near` asks of rules."""
    return all(any(_fits(word, other) for other in name_words) for word in words)


def _fits(word: str, other: str) -> bool:
    if word == other or (len(word) >= 3 and other.startswith(word)):
        return True
    edits = max_edits(word)
    return bool(edits) and word[:1] == other[:1] and abs(len(word) - len(other)) <= edits and _distance(word, other) <= edits


def _distance(a: str, b: str) -> int:
    """Levenshtein distance (a swap of neighbours is two edits, as whoosh's fuzzy terms count it).

    >>> _distance("spearman", "spearmen"), _distance("mulitple", "multiple")
    (1, 2)
    """
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, start=1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]
