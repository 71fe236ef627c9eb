"""A rule's own sentence on the situation given, or on an instance without its number, quoted where
nothing else quotes it (referee/resolve/situation_words.py, principle ``own-words``)."""

from __future__ import annotations

import pytest

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system

CASES = [
    ("last-edition", "Disembarking", ["melee"], "Models can not disembark if the transport is in melee range"),
    ("whfb-house", "Heavy casualties", ["charging"], "must also be taken (immediately) by a charging unit"),
    ("whfb-house", "Breath Weapon Shooting Attack", ["moved", "shooting"], "can be made even if the model marched or reformed"),
    ("whfb-house", "Impossible Terrain", ["fleeing"], "must take Dangerous Terrain (5)"),
]


@pytest.mark.parametrize(("system_", "keywords", "when", "words"), CASES)
def test_a_rules_own_sentence_on_the_flag_given_is_quoted(rulebase: Build, system_: str, keywords: str, when: list[str], words: str) -> None:
    data = resolve(rulebase, system_, keywords, when=when).to_json()
    own = [r for r in data["rulings"] if r["principle"] == "own-words"]
    assert own and any(words in c["quote"] for r in own for c in r["citations"])
    assert all(r["winner"] is None and len(r["rules"]) == 1 for r in own)


def test_the_other_sides_untargetable_when_shot_at_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Protected", opponent="Ranged 2 heavy", when=["shooting"]).to_json()
    [own] = [r for r in data["rulings"] if r["principle"] == "own-words"]
    assert "not the closest visual target" in own["citations"][0]["quote"]


def test_without_the_flag_nothing_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Disembarking").to_json()
    assert [r for r in data["rulings"] if r["principle"] == "own-words"] == []


def test_a_sentence_the_graph_read_with_its_situation_is_not_repeated(rulebase: Build) -> None:
    # "Hand Weapons wielded by models on foot can be used alongside a Shield": a grant read under on-foot
    data = resolve(rulebase, "t9a", "Halberd, Shield", when=["on-foot", "shooting"]).to_json()
    assert [r for r in data["rulings"] if r["principle"] == "own-words"] == []


def test_a_rule_set_aside_is_left_to_that_ruling_in_a_small_system() -> None:
    never = "A unit with Rush can never charge in close combat."
    view = system({"Rush": never, "Brake": "Rush cannot be used with it."}, [
        rel("excludes", "Brake", "Rush", "Rush cannot be used with it."),
        rel("settles", "Rush", None, never, details={"how": "situation", "words": never, "situations": "melee"}),
    ])
    alone = resolve(view, "demo", picks("Rush"), when=["melee"]).to_json()
    assert [(r["principle"], r["rules"]) for r in alone["rulings"]] == [("own-words", ["Rush"])]
    both = resolve(view, "demo", picks("Rush", "Brake"), when=["melee"]).to_json()
    assert [r["principle"] for r in both["rulings"]] == ["explicit-exception"]


def test_the_resolver_rules_only_on_the_situations_the_graph_read_in_a_small_system() -> None:
    # the words are the graph's to read (tests/graph/test_settles.py): a sentence it read no situation of
    # is not ruled on, whatever its words, and one it read is ruled on only where that situation is given
    sentence = "Mist can never drift over the close combat."
    bare = system({"Mist": sentence}, [])
    assert resolve(bare, "demo", picks("Mist"), when=["melee"]).to_json()["rulings"] == []
    read = system({"Mist": sentence}, [rel("settles", "Mist", None, sentence, details={"how": "situation", "words": sentence, "situations": "melee"})])
    assert [r["principle"] for r in resolve(read, "demo", picks("Mist"), when=["melee"]).to_json()["rulings"]] == ["own-words"]
    assert resolve(read, "demo", picks("Mist"), when=["shooting"]).to_json()["rulings"] == []


def test_an_instance_without_its_number_quotes_the_rules_own_default(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Poisoned", when=["melee"]).to_json()
    [own] = [r for r in data["rulings"] if r["principle"] == "own-words"]
    assert own["citations"][0]["quote"] == "If no number is shown in brackets, the rule is Poisoned (4+)."
    numbered = resolve(rulebase, "scrollhammer", "Poisoned (3+)", when=["melee"]).to_json()
    assert [r for r in numbered["rulings"] if r["principle"] == "own-words"] == []


def test_a_limit_on_how_often_a_rule_is_used_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Redirecting the charge", when=["charging"]).to_json()
    [own] = [r for r in data["rulings"] if r["principle"] == "own-words"]
    assert own["outcome"] == "Redirecting the charge: its own words limit how often it is used"
    assert [c["quote"] for c in own["citations"]] == ["Each unit can only make one redirect per turn."]


def test_a_manoeuvre_that_applies_to_both_sides_is_its_both_sides_clause(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Remove Casualties", opponent="Remove Casualties", when=["melee"]).to_json()
    [both] = [r for r in data["rulings"] if r["principle"] == "both-sides"]
    assert both["citations"][0]["quote"] == "This manoeuvre applies to both sides involved in the fight."


def test_a_rules_comparison_of_two_results_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Blocking powers").to_json()
    [own] = [r for r in data["rulings"] if r["principle"] == "own-words"]
    assert own["citations"][0]["quote"].startswith("If the result of the defender is higher than the result of the attacker, the power is blocked")


def test_a_rules_own_words_that_it_does_not_apply_then_are_quoted_whole(rulebase: Build) -> None:
    # quoted whole ("e.g." ends no sentence), by the open question on the Panic Test it and Terror speak of
    data = resolve(rulebase, "t9a", "Feigned Flight", opponent="Terror", when=["charged", "fleeing"]).to_json()
    quoted = {c["quote"] for answer in data["rulings"] + data["unresolved"] for c in answer["citations"]}
    assert ("This rule does not apply if the unit Flees involuntarily (e.g. as the result of a failed Panic Test, "
            "or if it was already Fleeing when being Charged).") in quoted


def test_what_a_result_has_to_beat_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Charge roll", when=["charging"]).to_json()
    [own] = [r for r in data["rulings"] if r["principle"] == "own-words"]
    assert own["outcome"] == "Charge roll: its own words say what a result has to beat (read them for a tie)"
    assert own["citations"][0]["quote"].startswith("The result has to be higher than the distance to the closest model")
