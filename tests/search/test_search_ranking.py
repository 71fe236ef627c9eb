"""Ranking: the rule a player means comes first, and the tiers keep their order."""

from __future__ import annotations

import pytest

from referee.errors import RulesError
from referee.search import Index
from referee.search.engine import MAX_CHARS, WEAK
from tests.search.conftest import ids

# (query, --system, the rule that must come first, how it matched)
FIRST = [
    # a name or an alias, in any language, as written
    ("Fear", "t9a", "t9a/fear", "name"),
    ("Angst", None, "t9a/fear", "alias"),
    ("Hellebarde", None, "t9a/halberd", "alias"),
    ("schwere rustung", "t9a", "t9a/heavy-armour", "alias"),
    ("Todesstoß", None, "t9a/lethal-strike", "alias"),
    ("t9a/fear", None, "t9a/fear", "id"),
    ("Halberds", "t9a", "t9a/halberd", "name"),
    # stems and words run together
    ("Giftattacke", "t9a", "t9a/poison-attacks", "alias"),
    ("frenzied", "t9a", "t9a/frenzy", "name"),
    ("QuicktoFire", "t9a", "t9a/quick-to-fire", "name"),
    ("objective secured", "last-edition", "last-edition/objective-security", "name"),
    # begun or mistyped, one or two edits
    ("mulitple wounds", "t9a", "t9a/multiple-wounds", "name"),
    ("hellebard", "t9a", "t9a/halberd", "alias"),
    ("frenzyy", "t9a", "t9a/frenzy", "name"),
    ("skirmishr", "t9a", "t9a/skirmisher", "name"),
    ("rally flag", "t9a", "t9a/rally-around-the-flag", "name"),
    ("preffered enemy", "scrollhammer", "scrollhammer/preferred-enemy", "name"),
    # curated abbreviations (system.toml)
    ("FNP", None, "scrollhammer/feel-no-pain", "alias"),
    ("BSB", None, "t9a/battle-standard-bearer", "alias"),
    ("AP", "last-edition", "last-edition/armor-save", "alias"),
    # words of the text, stemmed, the phrase rewarded
    ("reroll failed panic tests", None, "t9a/hold-the-line", "text"),
    ("cannot be the General", None, "t9a/not-a-leader", "text"),
    ("always wound on a 2+", "scrollhammer", "scrollhammer/fleshbane", "text"),
    ('"cannot be the general"', None, "t9a/not-a-leader", "text"),
    ("extended to 18 inches", "t9a", "t9a/deafening-clamour", "text"),
]


@pytest.mark.parametrize(("query", "system", "first", "how"), FIRST)
def test_the_rule_a_player_means_comes_first(index: Index, query: str, system: str | None, first: str, how: str) -> None:
    answer = index.search(query, system)
    assert ids(answer)[0] == first
    assert how in answer.results[0].matched


@pytest.mark.parametrize(
    ("query", "system", "order"),
    [
        ("Ranged 2 heavy/sniper", "last-edition", ["last-edition/ranged-weapon-keywords", "last-edition/ranged-heavy", "last-edition/ranged-sniper"]),
        ("Melee 3 charge 1/heavy -1", "last-edition", ["last-edition/melee-weapon-keywords", "last-edition/melee-charge", "last-edition/melee-heavy"]),
        ("Fear, Frenzy", "t9a", ["t9a/fear", "t9a/frenzy"]),
        ("Frenzy, Fear", "t9a", ["t9a/frenzy", "t9a/fear"]),
        ("Devastating Charge (+1 Strength, Poison Attacks)", "t9a", ["t9a/devastating-charge", "t9a/poison-attacks"]),
        ("Poisoned Attacks (4+)", "t9a", ["t9a/poison-attacks"]),
        ("Multiple Wounds (D3, Clipped Wings)", "t9a", ["t9a/multiple-wounds"]),
        ("Stubborn, Bodyguard (Captain)", "t9a", ["t9a/stubborn", "t9a/bodyguard"]),
    ],
)
def test_a_keyword_string_ranks_the_rules_it_names_first_in_its_order(index: Index, query: str, system: str, order: list[str]) -> None:
    assert ids(index.search(query, system))[: len(order)] == order


def test_a_family_word_belongs_to_the_family_its_string_opens(index: Index) -> None:
    ranged = ids(index.search("Ranged 3 heavy", "last-edition"))
    melee = ids(index.search("Melee 3 heavy -1", "last-edition"))
    assert ranged.index("last-edition/ranged-heavy") < ranged.index("last-edition/melee-heavy") if "last-edition/melee-heavy" in ranged else True
    assert "last-edition/ranged-heavy" in ranged[:2] and "last-edition/melee-heavy" in melee[:2]


def test_without_a_system_every_system_answers_and_names_do_not_cross(index: Index) -> None:
    found = ids(index.search("Fear"))
    assert set(found[:2]) == {"t9a/fear", "scrollhammer/fear"}
    assert all(r.system == "t9a" for r in index.search("Fear", "t9a").results)


def test_tiers_keep_their_order_and_their_scores(index: Index) -> None:
    exact = index.search("Fear", "t9a").results[0]
    alias = index.search("Angst", "t9a").results[0]
    stem = index.search("Giftattacke", "t9a").results[0]
    near = index.search("frenzyy", "t9a").results[0]
    text = index.search("reroll failed panic tests", "t9a").results[0]
    assert exact.score == 1.0 and alias.score == 0.95 and stem.score == 0.9
    assert 0.55 <= near.score <= 0.85 and 0 < text.score < 0.5
    for answer in (index.search("fear"), index.search("mulitple wounds"), index.search("Ranged 2 heavy/sniper")):
        scores = [r.score for r in answer.results]
        assert scores == sorted(scores, reverse=True)
        assert len(set(ids(answer))) == len(answer.results)


def test_the_limit_and_the_system_are_kept(index: Index) -> None:
    answer = index.search("attacks", "t9a", limit=3)
    assert len(answer.results) == 3 and {r.system for r in answer.results} == {"t9a"}


def test_a_snippet_shows_the_matched_words(index: Index) -> None:
    result = index.search("reroll failed panic tests", "t9a").results[0]
    marked = [result.snippet[s:e].lower() for s, e in result.spans]
    assert marked == ["reroll", "failed", "panic", "tests"]
    assert "Hold the Line must reroll failed Panic Tests" in result.snippet


@pytest.mark.parametrize("query", ["fear", "reroll failed panic tests", "Giftattacke", "flaming attack", "12\"", "painted armies"])
def test_the_marks_stored_with_a_rule_are_its_words_read_now(index: Index, query: str) -> None:
    """The index keeps where each term stands in a rule's text (the snippet reads them
    instead of stemming ten texts per search): the same places the text's analyzer gives now."""
    from referee.search.index import body_field
    from referee.search.snippet import marks

    results = [r for r in index.search(query).results if hasattr(r, "spans")]
    assert results
    for result in results:
        doc = index.searcher().document(id=result.id)
        analyzer = index.schema[body_field(index.schema.names(), doc["body_lang"], index.languages)].analyzer
        assert doc["marks"] == marks(doc["body"], analyzer)


def test_a_rule_found_by_name_shows_the_start_of_its_text(index: Index) -> None:
    result = index.search("Hellebarde", "t9a").results[0]
    assert result.snippet.startswith("Attacks made with a Halberd") and result.spans == []


def test_a_stub_has_an_empty_snippet(index: Index) -> None:
    result = index.search("Quick to Fire", "t9a").results[0]
    assert (result.id, result.snippet) == ("t9a/quick-to-fire", "")


def test_typos_in_words_of_text_are_corrected_and_said(index: Index) -> None:
    answer = index.search("mulitple woundz rules", "scrollhammer")
    assert ids(answer)[0] == "scrollhammer/multiple-wounds"
    assert answer.did_you_mean is not None and answer.did_you_mean.startswith("multiple wound")


def test_a_name_found_despite_a_typo_needs_no_did_you_mean(index: Index) -> None:
    assert index.search("frenzyy", "t9a").did_you_mean is None


def test_nothing_found_is_an_empty_weak_answer(index: Index) -> None:
    answer = index.search("xyzzy qwv", "t9a")
    assert answer.results == [] and answer.weak and answer.did_you_mean is None
    assert answer.to_json() == {"query": "xyzzy qwv", "system": "t9a", "results": [], "did_you_mean": None}


def test_weak_means_no_rule_has_most_of_the_words(index: Index) -> None:
    assert index.search("Nonexistent Rule", "t9a").weak
    assert not index.search("reroll failed panic tests", "t9a").weak
    assert WEAK == 0.2


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("", "empty query: give a rule's name, alias or id, a keyword string or words of its text"),
        (" \t\n", "empty query: give a rule's name, alias or id, a keyword string or words of its text"),
        ("x" * (MAX_CHARS + 1), "query too long: 1001 characters (at most 1000); search for a name, a keyword string or a few words"),
        ("a " * 101, "query too long: 101 words (at most 100); search for a name, a keyword string or a few words"),
    ],
)
def test_empty_and_huge_queries_are_refused_with_a_clear_message(index: Index, query: str, message: str) -> None:
    with pytest.raises(RulesError) as err:
        index.search(query)
    assert err.value.message == message


def test_an_unknown_system_is_refused_as_everywhere(index: Index) -> None:
    with pytest.raises(RulesError, match="unknown system 'nope' \\(known: last-edition, scrollhammer, t9a, whfb-house\\)"):
        index.search("Fear", "nope")


def test_result_json_shape(index: Index) -> None:
    data = index.search("Hellebarde", "t9a").to_json()
    assert set(data) == {"query", "system", "results", "did_you_mean"}
    assert data["results"][0] == {
        "id": "t9a/halberd",
        "name": "Halberd",
        "system": "t9a",
        "score": 0.95,
        "snippet": data["results"][0]["snippet"],
        "matched": ["alias"],
    }
