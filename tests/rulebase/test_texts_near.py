"""The filter that aligns untranslated headings by text (``_Texts.near``)
gives exactly what comparing each heading with every group gives.

It is checked three ways: its bound (the fewest shared words a score of
``_SIMILAR`` needs) against the score itself, its digit-by-digit
comparison against plain integers, and the whole filter against a full
comparison, on random word sets (Hypothesis) and on a synthetic glossary
whose headings do merge by text.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rulebase import align as aligning
from referee.rulebase.align import _MIN_WORDS, _SIMILAR, _at_least, _fewest_shared, _similar, _Texts
from tests.conftest import examples
from tests.benchmark_scripts import benchmark


def _group(words: list[str]) -> str:
    return " ".join(words)  # a group's primary's text


def _full(texts: _Texts, words: set[str], order: dict[str, int]) -> list[str]:
    """The groups a comparison with every filed group finds similar, in order."""
    return [
        key for key in sorted(texts.words, key=order.__getitem__)
        if len(texts.words[key]) >= _MIN_WORDS
        and len(words & texts.words[key]) / len(words | texts.words[key]) >= _SIMILAR
    ]


def test_fewest_shared_words_is_where_the_score_reaches_similar() -> None:
    for n in range(1, 70):
        for m in range(1, 70):
            fewest = _fewest_shared(n, m)
            for shared in range(min(n, m) + 1):
                assert _similar(shared, n, m) == (fewest is not None and shared >= fewest), (n, m, shared)
            # the bound in exact arithmetic: ceil(s (n + m) / (1 + s)), when the texts allow that many
            s = Fraction(_SIMILAR).limit_denominator(1000)
            exact = math.ceil(s * (n + m) / (1 + s))
            assert fewest == (exact if exact <= min(n, m) else None), (n, m)


@given(st.lists(st.integers(0, 70), max_size=40), st.integers(0, 130), st.data())
def test_at_least_compares_bit_sliced_counts_like_integers(counts: list[int], least: int, data: Any) -> None:
    among = data.draw(st.lists(st.booleans(), min_size=len(counts), max_size=len(counts)))
    width = max(counts, default=0).bit_length()
    digits = [sum(1 << slot for slot, count in enumerate(counts) if count >> i & 1) for i in range(width)]
    among_bits = sum(1 << slot for slot, chosen in enumerate(among) if chosen)
    expected = sum(1 << slot for slot, count in enumerate(counts) if among[slot] and count >= least)
    assert _at_least(digits, least, among_bits) == expected


VOCABULARY = [f"w{i}" for i in range(14)]  # few words: texts share many, as synthetic ones do
word_sets = st.lists(st.sampled_from(VOCABULARY + ["rare", "unheard"]), max_size=16, unique=True)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    texts=st.lists(word_sets, max_size=40),
    refiled=st.lists(st.tuples(st.integers(0, 39), word_sets), max_size=10),
    candidates=st.lists(st.integers(0, 39), max_size=5),
    headings=st.lists(word_sets, min_size=1, max_size=8),
    few=st.integers(0, 6),
)
def test_near_is_exactly_the_full_comparison(
    texts: list[list[str]], refiled: list[tuple[int, list[str]]], candidates: list[int],
    headings: list[list[str]], few: int,
) -> None:
    groups = {f"rule{i}": _group(words) for i, words in enumerate(texts)}
    keys = list(groups)
    unfiled = {keys[i]: None for i in candidates if i < len(keys)}  # the headings themselves are not filed
    filed = _Texts(groups, unfiled, few=few)  # few: words with a column, and words compared as sets
    for i, words in refiled:  # a group's primary, so its text, changes after a merge
        if i < len(keys) and keys[i] not in unfiled:
            filed.add(keys[i], _group(words))
    order = {key: i for i, key in enumerate(keys)}
    for words in headings:
        heading = set(words)
        if len(heading) >= _MIN_WORDS:
            assert filed.near(heading, order) == _full(filed, heading, order)


def test_near_finds_similar_texts_of_every_kind() -> None:
    # The property above must not pass by finding nothing: here texts are near
    # through columns, through words with none, and through both.
    groups = {
        "shared": _group(["a", "b", "c", "d", "e", "f"]),
        "with-a-rare-word": _group(["a", "b", "c", "d", "e", "rare"]),
        "far": _group(["a", "x1", "x2", "x3", "x4", "x5"]),
        "short": _group(["a", "b", "c", "d"]),
    }
    order = {key: i for i, key in enumerate(groups)}
    texts = _Texts(groups, {}, few=2)
    assert "rare" not in texts._columns and "a" in texts._columns
    assert texts.near({"a", "b", "c", "d", "e", "rare"}, order) == ["shared", "with-a-rare-word"]
    texts.add("far", _group(["a", "b", "c", "d", "e", "new"]))  # "new" came later: no column
    assert texts.near({"a", "b", "c", "d", "e", "new"}, order) == ["shared", "with-a-rare-word", "far"]
    texts.add("shared", _group(["x1", "x2", "x3", "x4", "x5"]))  # its old words no longer count
    assert texts.near({"a", "b", "c", "d", "e", "new"}, order) == ["with-a-rare-word", "far"]


def test_a_synthetic_glossary_aligns_as_with_a_full_comparison(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # synth-b, the system with German names, as a glossary of two documents:
    # headings of the second align by text with rules of the first.
    from referee.rulebase.manifest import load_manifest
    from referee.rulebase.load import read_system

    synthetic = benchmark("synthetic")
    for path, text in synthetic.documents(synthetic.specs(10_000), "glossary").items():
        if path.startswith("synth-b/"):
            (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / path).write_text(text, encoding="utf-8")
    manifest = load_manifest(tmp_path, tmp_path / "synth-b")
    read, filtered, _ = read_system(tmp_path, manifest)

    # every filed group handed to the comparison, as before any filter
    monkeypatch.setattr(aligning._Texts, "near", lambda self, words, order: sorted(self.words, key=order.__getitem__))
    full = aligning.align(manifest, read)

    assert filtered == full
    merged = [rule for rule in full if len({version.document for version in rule.versions}) > 1]
    assert len(merged) > 20  # headings of the second document did align by text (37 of them)
