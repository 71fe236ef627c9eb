"""The query set (queries.toml): every query answered where it must be, and MRR at least 0.9.

Queries known to miss carry ``miss`` (why) and are strict xfails: when one
starts to pass, the test says so and the note comes out of the set.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

from referee.search import Index

QUERIES = tomllib.loads((Path(__file__).parent / "queries.toml").read_text(encoding="utf-8"))["query"]
GOAL_MRR = 0.9
KINDS = {"name", "german", "typo", "slang", "keywords", "description"}


@lru_cache(maxsize=None)
def _found(index: Index, text: str, system: str | None) -> tuple[str, ...]:
    """The first ten answers to a query, asked once per process: the mean reciprocal rank reads
    the answers each query's own test asked for (the index is the run's one, never changed)."""
    return tuple(r.id for r in index.search(text, system, 10).results)


def _rank(index: Index, query: dict) -> int | None:
    found = _found(index, query["text"], query.get("system"))
    return next((i + 1 for i, rule_id in enumerate(found) if rule_id in query["want"]), None)


def _case(query: dict) -> object:
    marks = [pytest.mark.xfail(reason=query["miss"], strict=True)] if "miss" in query else []
    return pytest.param(query, id=f"{query.get('system') or 'all'}:{query['text']}", marks=marks)


def test_the_set_is_large_and_covers_every_system_and_kind() -> None:
    assert len(QUERIES) >= 60
    systems = {q["want"][0].split("/")[0] for q in QUERIES}
    assert systems == {"t9a", "scrollhammer", "whfb-house", "last-edition"}
    assert {q["kind"] for q in QUERIES} == KINDS
    assert all(set(q) <= {"text", "system", "want", "kind", "top", "miss"} for q in QUERIES)


def test_every_wanted_rule_exists(index: Index) -> None:
    searcher = index.searcher()
    assert [rule_id for q in QUERIES for rule_id in q["want"] if searcher.document(id=rule_id) is None] == []


@pytest.mark.parametrize("query", [_case(q) for q in QUERIES])
def test_each_query_finds_its_rule(index: Index, query: dict) -> None:
    rank = _rank(index, query)
    assert rank is not None and rank <= query.get("top", 1), f"rank {rank}"


def test_mean_reciprocal_rank_reaches_the_goal(index: Index) -> None:
    ranks = [_rank(index, q) for q in QUERIES]
    mrr = sum(1 / r for r in ranks if r) / len(ranks)
    assert mrr >= GOAL_MRR
