"""No query makes a search fail: syntax characters, control characters, any Unicode.

A query whoosh's syntax cannot read (or reads into something unsafe, such as
a wildcard matching everything or NOT alone) falls back to plain words; the
only refusals are an empty query and a huge one, each with its message.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import RulesError
from referee.search import Answer, Index
from referee.search.engine import MAX_CHARS
from tests.conftest import examples
from tests.search.conftest import ids

HOSTILE = [
    '"', "'", "*", "?", "~", "^", "\\", "/", "-", "+", "++", "(((", ")))", ")(", "[[[", "{{{", "[a TO z]",
    "AND", "OR NOT", "NOT fear", "NOT NOT fear", "AND AND AND", '"" AND ""', "fear AND NOT fly", "name:fear",
    "id:t9a/fear", "fear^2", "fear~2", '"fear', 'fear"', "f*", "*ly", "fe?r", "*:*", "((fear)", "fear)))",
    "(" * 40 + "fear", "Fear (((", "Fear (D3", "Multiple Wounds (D3, Clipped Wings", "Ranged 2 heavy/", ",,,", "|",
    "\x00", "\x1b[31mred", "\u202efear", "fear\u200b", "e\u0301", "🙂", "مرحبا", "漢字", "<script>", "%s %d", "R&F",
    "x" * 200, "fear " * 99, 'Fly (8", 16")', "6″", "D6+", "4+", "2++", "6+-",
]


def _valid(answer: Answer, limit: int = 10) -> None:
    assert len(answer.results) <= limit
    assert len(set(ids(answer))) == len(answer.results)
    scores = [r.score for r in answer.results]
    assert scores == sorted(scores, reverse=True) and all(0 <= s <= 1 for s in scores)
    for result in answer.results:
        assert result.matched and all(0 <= s < e <= len(result.snippet) for s, e in result.spans)


@pytest.mark.parametrize("query", HOSTILE)
def test_syntax_and_strange_characters_never_crash(index: Index, query: str) -> None:
    _valid(index.search(query))


def test_a_query_whoosh_cannot_read_falls_back_to_plain_words(index: Index) -> None:
    assert ids(index.search('"cannot be the General', "t9a"))[0] == "t9a/not-a-leader"
    assert ids(index.search("Fear (((", "t9a"))[0] == "t9a/fear"
    assert ids(index.search("NOT Fearless", "t9a"))[0] == "t9a/fearless"  # NOT alone asks for nothing: plain words


def test_syntax_that_reads_is_used(index: Index) -> None:
    assert ids(index.search("fly*", "last-edition"))[:2] == ["last-edition/fly", "last-edition/flying"]
    assert "t9a/fear" in ids(index.search("fear AND NOT fly", "t9a"))[:1]


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(min_size=0, max_size=80))
def test_any_text_gives_an_answer_or_the_one_refusal(index: Index, query: str) -> None:
    try:
        answer = index.search(query)
    except RulesError as err:
        assert not query.split() and err.message.startswith("empty query")
        return
    _valid(answer)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.sampled_from(["Fear", "(", ")", '"', "*", "AND", "NOT", "OR", ",", "/", "D3", "4+", "heavy", "Ranged", "2", "~", "^", ":", "-"]),
        min_size=1,
        max_size=12,
    ),
    st.sampled_from([None, "t9a", "last-edition"]),
)
def test_any_mix_of_syntax_and_names_gives_an_answer(index: Index, parts: list[str], system: str | None) -> None:
    _valid(index.search(" ".join(parts), system))


def test_a_huge_query_is_refused_not_searched(index: Index) -> None:
    with pytest.raises(RulesError, match="query too long"):
        index.search("Fear " * (MAX_CHARS // 4))
