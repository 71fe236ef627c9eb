"""The referee answers alike from the cache's store and from a build handed in.

The CLI's warm ``referee resolve`` reads the cache's store (:class:`~referee.store.rows.Stored`,
row by row); a build handed in (a test's, a benchmark's) is kept in a store in memory
(:meth:`~referee.store.rows.Stored.of`), written from the record classes rather than from
what each system's reading gave.  Every scenario, every output and every error must be the
same from both.
"""

from __future__ import annotations

import functools
import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.store import rows
from referee.store.rows import Stored
from referee.errors import RulesError
from referee.keywords.resolve import _families
from referee.resolve import resolve, source
from referee.resolve.render import markdown, site_links
from referee.site import rulebook, urls
from referee.text import fold

SCENARIOS = Path(__file__).parent / "scenarios"

# Beyond the scenario files: errors, a grammar path, families, parameters and unit-less markdown.
EXTRA = [
    ("t9a", "Halberd, Shield", "Fear", ["melee"]),
    ("t9a", "Paired Weapons", "Hand Weapon, Shield", ["melee", "on-foot"]),
    ("t9a", "Fly (8, 16)", None, []),
    ("t9a", "Channel (1), Channel (2)", None, []),
    ("t9a", "Multiple Wounds (D3, Clipped Wings)", None, []),
    ("last-edition", "Ranged 2 heavy", None, ["moved"]),
    ("t9a", "Halbard", None, []),  # no such rule: the same caret from both
    ("t9a", "", None, []),
]


def _questions() -> list[Any]:
    out = [pytest.param(*q, id=f"{q[0]}: {q[1]!r} vs {q[2]!r}") for q in EXTRA]
    for file in sorted(SCENARIOS.glob("*.toml")):
        for case in tomllib.loads(file.read_text(encoding="utf-8"))["scenario"]:
            out.append(pytest.param(file.stem, case["keywords"], case.get("vs"), case.get("when", []), id=f"{file.stem}: {case['name']}"))
    return out


@pytest.fixture(scope="module")
def stored(view: Stored) -> Stored:
    """The cache's store, as the CLI opens it (``view`` is the same store, by another name)."""
    return view


@pytest.fixture(scope="module")
def handed(rulebase: Any) -> Stored:
    """The whole build handed in: kept in a store in memory."""
    return source.source(rulebase)


def _answer(view: Any, system: str, keywords: str, vs: str | None, when: list[str]) -> tuple[str, str]:
    """The ruling as ``--json`` and ``--format markdown`` print it, or the error's message."""
    try:
        data = resolve(view, system, keywords, vs, when).to_json()
    except RulesError as err:
        return "error", str(err)
    link = site_links((urls, rulebook), "http://127.0.0.1:8000/", view)
    return json.dumps(data, ensure_ascii=False), markdown(data, link)


@pytest.mark.parametrize(("system", "keywords", "vs", "when"), _questions())
def test_the_store_rules_as_a_build_handed_in(handed: Stored, stored: Stored, system: str, keywords: str, vs: str | None, when: list[str]) -> None:
    assert _answer(stored, system, keywords, vs, when) == _answer(handed, system, keywords, vs, when)


def test_a_whole_build_is_read_through_a_store_in_memory(rulebase: Any, view: Stored) -> None:
    question = ("t9a", "Halberd, Shield", "Fear", ["melee"])
    assert resolve(rulebase, *question).to_json() == resolve(view, *question).to_json()


def test_every_ability_never_stacks_is_found_in_the_store(handed: Stored, stored: Stored) -> None:
    """The one question about a whole system: the answer is the same however the store was written, and last-edition has one."""
    for system in stored.systems:
        assert source.never_stacking(stored, system) == source.never_stacking(handed, system)
    [rel] = source.never_stacking(stored, "last-edition")
    assert rel["citation"]["sentence"].startswith("Any ability that increases or decreases a value in a datasheet never stacks")


def test_the_answer_is_an_answer_row_of_the_store(handed: Stored, stored: Stored, monkeypatch: pytest.MonkeyPatch) -> None:
    """Made at build time: reading it touches no relation row and writes nothing beside the store."""
    expected = source.never_stacking(handed, "last-edition")
    folder = os.path.dirname(next(file for _, name, file in stored._db.execute("PRAGMA database_list") if name == "main"))
    before = sorted(p for p in os.listdir(folder) if not p.startswith("rules.sqlite-"))
    monkeypatch.setattr(rows, "unpack", lambda *_: pytest.fail("read a relation row"))
    assert source.never_stacking(Stored(stored._db), "last-edition") == expected != []
    assert sorted(p for p in os.listdir(folder) if not p.startswith("rules.sqlite-")) == before


def test_the_answer_follows_reading_order_rule_by_rule(view: Stored) -> None:
    """The build's answer is the one a pass over every rule of the system and its relations gives."""
    for system in view.systems:
        scanned = [rel for rule in view.in_system(system) for rel in view.relations_out(rule["id"]) if source.binds_every_ability(rel)]
        assert source.never_stacking(view, system) == scanned


def _families_by_reading(view: Stored, system: str, name: str) -> list[str]:
    """Rules whose sub-rules are all named "<name> ...", found by reading every rule of the system."""
    lead = fold(name) + " "
    return [rid for rid, kids in _sub_rule_names(view, system) if all(k is not None and k.startswith(lead) for k in kids)]


@functools.cache  # the view is hashed by identity
def _sub_rule_names(view: Stored, system: str) -> tuple[tuple[str, tuple[str | None, ...]], ...]:
    """Every rule of the system that has sub-rules, with their folded names (None: a sub-rule the
    store lacks), in reading order: read once per system and store, not once per name asked."""
    kids = ((rule["id"], [view.get(k) for k in rule["children"]]) for rule in view.in_system(system))
    return tuple((rid, tuple(k and fold(k["name"]) for k in ks)) for rid, ks in kids if ks)


def test_families_are_those_every_rule_of_the_system_gives(handed: Stored, stored: Stored) -> None:
    """Every word-prefix of every sub-rule's name (and a few that lead nowhere) ties to
    the same families from the build's map as from reading the whole system."""
    view = stored
    for system in view.systems:
        prefixes = {"", "ranged", "melee", "halbard", "clipped wings"}
        for rule in view.in_system(system):
            words = fold(rule["name"]).split(" ")
            prefixes.update(" ".join(words[:i]) for i in range(1, len(words) + 1))
        found = 0
        for prefix in sorted(prefixes):
            expected = _families_by_reading(view, system, prefix)
            assert [r["id"] for r in _families(handed, system, prefix)] == expected, (system, prefix)
            assert [r["id"] for r in _families(stored, system, prefix)] == expected, (system, prefix)
            found += bool(expected)
        assert found or system != "last-edition"
    assert [r["name"] for r in _families(stored, "last-edition", "Ranged")] == ["Ranged weapon keywords"]


# Keyword strings with a name that is no rule: a family's word ("Ranged" of "Ranged weapon
# keywords"), a qualifier in brackets ("Clipped Wings"), a misspelling.  The keyword grammar
# (referee.keywords.resolve) finds families in the build's map (the store's answer
# ``families``), so these too read only the rows they name.


@pytest.mark.parametrize(("system", "keywords", "vs", "when"), _questions())
def test_a_ruling_reads_only_the_rows_it_names(stored: Stored, system: str, keywords: str, vs: str | None, when: list[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """No question reads every rule or every relation of the store."""

    def whole(*_: Any, **__: Any) -> Any:
        raise AssertionError("read a whole system")

    for question in ("in_system", "relations", "whole"):
        monkeypatch.setattr(Stored, question, whole)
    monkeypatch.setattr(rows.RuleNames, "__iter__", whole)
    _answer(stored, system, keywords, vs, when)
