"""How text becomes terms: folding, stemming per language, compounds, inches."""

from __future__ import annotations

import pytest

from referee.search.analysis import RuleTokenizer, bare, fold_word, folding, stemming, terms

# Written differently, searched alike: (language of the field, one way, the other).
SAME = [
    ("en", "rerolls", "re-roll"),
    ("en", "Re-Rolls", "reroll"),
    ("en", "frenzied", "Frenzy"),
    ("en", "Wounds", "wound"),
    ("en", "Poisoned Attacks", "poison attack"),
    ("en", "Counter-Attack", "counterattack"),
    ("en", "model's", "model"),
    ("en", "Todesstoß", "todesstoss"),
    ("en", '12"', "12 inches"),
    ("en", "6″", "6 inch"),
    ("de", "Giftattacke", "Giftattacken"),
    ("de", "Schwere Rüstung", "schwere rustung"),
    ("de", "Hellebarde", "hellebard"),
    ("de", "Plänkler", "plankler"),
]


@pytest.mark.parametrize(("lang", "one", "other"), SAME)
def test_forms_a_player_would_call_the_same_give_the_same_terms(lang: str, one: str, other: str) -> None:
    analyzer = stemming(lang)
    assert terms(analyzer, one) == terms(analyzer, other)


@pytest.mark.parametrize(("one", "other"), [("frenzied", "frenzy"), ("wounds", "wound")])
def test_the_folding_analyzer_does_not_stem(one: str, other: str) -> None:
    assert terms(folding(), one) != terms(folding(), other)


def test_an_index_keeps_the_parts_of_a_compound_and_a_query_the_whole() -> None:
    indexed = [(t.text, t.pos) for t in RuleTokenizer()("may re-roll failed tests", positions=True)]
    assert indexed == [("may", 0), ("re", 1), ("reroll", 2), ("roll", 2), ("failed", 3), ("tests", 4)]
    assert terms(folding(), "Re-Roll") == ["reroll"]


def test_character_offsets_point_at_the_words_as_written() -> None:
    text = 'Fly (8", 16")'
    found = [(t.text, text[t.startchar : t.endchar]) for t in RuleTokenizer()(text, chars=True, mode="query")]
    assert found == [("Fly", "Fly"), ("8", "8"), ("inches", '"'), ("16", "16"), ("inches", '"')]


def test_invisible_characters_never_split_or_hide_a_word() -> None:
    assert terms(folding(), "Fe\u200bar\u00ad") == ["fear"]


@pytest.mark.parametrize(("word", "folded"), [("Rüstung", "rustung"), ("Todesstoß", "todesstoss"), ("ÉCLAIR", "eclair")])
def test_fold_word(word: str, folded: str) -> None:
    assert fold_word(word) == folded


@pytest.mark.parametrize(
    ("name", "without"),
    [("Multiple Wounds (D3, Clipped Wings)", "Multiple Wounds"), ("DT(4)", "DT"), ("Fear", "Fear"), ("(Unique) role", "(Unique) role")],
)
def test_bare_drops_parameters_as_lookup_does(name: str, without: str) -> None:
    assert bare(name) == without
