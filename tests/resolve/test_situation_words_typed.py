"""A ``--when`` word the situation table lacks, understood where the system's documents condition on it:
whfb-house's Fliers ("not when flying over", "when use flying move") make ``--when flying`` a situation
in the documents' own words, and the rules in play are ruled on by their sentences that speak of it; a
word the documents never condition on is refused with the nearest words.  On the real documents and on
a small system of our own words."""

from __future__ import annotations

from typing import Any

import pytest

from referee.errors import RulesError
from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import SYSTEM, picks
from tests.resolve.test_read_by_graph import read_system

_RULES = {
    "Gliding": "A model may glide over terrain. While gliding it ignores walls. It cannot charge. Gliders land at the end of the move.",
    "Burrow": "Burrowing models emerge anywhere. If they are burrowing, they cannot be shot.",
}


@pytest.fixture(scope="module")
def small() -> Any:
    return read_system(_RULES)


def _own(data: dict[str, Any]) -> list[list[str]]:
    return [[c["quote"] for c in r["citations"]] for r in data["rulings"] if r["principle"] == "own-words"]


def test_a_word_the_documents_condition_on_is_a_situation_whose_sentences_are_quoted(small: Any) -> None:
    burrow = resolve(small, SYSTEM, picks("Burrow"), when=("burrowing",)).to_json()
    assert burrow["when"] == ["burrowing"]
    assert _own(burrow) == [["Burrowing models emerge anywhere.", "If they are burrowing, they cannot be shot."]]
    # a rule that speaks of it in more than three sentences (with "It cannot charge.", which goes on about
    # gliding) is a rule about the situation itself: its page to read, not a ruling
    assert _own(resolve(small, SYSTEM, picks("Gliding"), when=("gliding",)).to_json()) == []


def test_a_word_no_condition_of_the_system_uses_is_refused_with_the_nearest(small: Any) -> None:
    with pytest.raises(RulesError, match=r"unknown situation flag 'burowing' for --when \(known: .*; or a word demo's rules "
                                         r"condition on\); did you mean burrowing\?$"):
        resolve(small, SYSTEM, picks("Burrow"), when=("burowing",))
    with pytest.raises(RulesError, match=r"unknown situation flag 'swimming' for --when \(known: [^;]*; or a word demo's rules condition on\)$"):
        resolve(small, SYSTEM, picks("Burrow"), when=("swimming",))


def test_a_form_of_a_flag_of_the_table_is_refused_naming_the_flag(small: Any) -> None:
    with pytest.raises(RulesError, match=r"unknown situation flag 'flee' for --when; did you mean fleeing\?$"):
        resolve(small, SYSTEM, picks("Burrow"), when=("flee",))


def test_whfb_house_fliers(rulebase: Build) -> None:
    """Round 16's r16-whfb-house-517 and -518 (errors before: 'flying' was no flag)."""
    data = resolve(rulebase, "whfb-house", "Air And Ground Movement (flee, overrun and pursue)", when=("flying",)).to_json()
    assert _own(data) == [["Fliers always move on the ground when attempting to flee pursue, overrun - there simply is no time for them to take off properly.",
                           "Note that they still benefit from their 3D6 distance as they flee overrun and pursue."]]
    terrain = resolve(rulebase, "whfb-house", "Dangerous Terrain(x)", when=("flying",)).to_json()
    assert _own(terrain) == [["Fliers take Dangerous Terrain Test, only if they land at terrain, not when flying over.",
                              "Flyers take Dangerous Terrain Test only when use flying move."]]
    # last-edition conditions on no flying: refused there, with the nearest word of the table
    with pytest.raises(RulesError, match=r"'flying' for --when \(known: [^;]*; or a word last-edition's rules condition on\); did you mean fleeing\?$"):
        resolve(rulebase, "last-edition", "Concentrating", when=("flying",))
