"""Three classes of round 10's sealed half (spent), each on the real documents and on a small system of
our own words beside them:

- a prohibition through an action the side took earlier ("Units that used the advance move are unable
  to ... fight in the following battle phase"): with the rule that is that action in play the side took
  it, this turn; ``--when charging`` puts a way of fighting whose use the flag gives ("+Y attacks after
  the model has made a charge move") in the phase that follows, so it is set aside, the prohibition
  quoted; where no flag places the act in that phase the ruling keeps its condition;
- a cap and a multiplier of one count ("to a maximum of 15", "Double all your VP"): the order changes
  the total and no sentence gives it, so the meeting is open; a denial of the count ("no player can
  score any VP by holding it") settles nothing against a doubling, which gives none;
- a rule limited as a whole to a time by its heading or opening words ("Starting with the second
  round"): set aside under the flag of the first round or turn, said as a condition where no flag
  speaks of that time.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.graph.limits import time_limit, whole_limits
from referee.resolve import resolve
from referee.resolve.duties import used_its_own
from referee.store.record import Build
from tests.resolve.test_principles import SYSTEM, picks, system_data
from tests.resolve.test_read_by_graph import read_system
from tests.stores import stored

_ADVANCE = "Units that used the advance move are unable to shoot or fight in the following battle phase."


def _live(data: dict[str, Any]) -> list[str]:
    return [e["name"] for e in data["in_play"]["self"] if not e.get("set_aside")]


# -- a prohibition through an action taken earlier ---------------------------------------------------------


def test_a_charge_after_an_advance_takes_the_charge_weapon_out(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Advancing, Melee 3 charge 2", when=["charging"]).to_json()
    assert "Melee X charge Y" not in _live(data)
    assert not [m for m in data["modifiers"] if m["stat"] == "Attacks"]
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Advancing"]
    assert ruling["conditions"] == [] and "--when charging" in ruling["outcome"]
    assert _ADVANCE in {c["quote"] for c in ruling["citations"]}


def test_without_a_flag_of_that_phase_the_prohibition_keeps_its_time(rulebase: Build) -> None:
    # --when moved says the unit moved, not that it fights now: the ruling holds "whenever" the weapon would be used
    data = resolve(rulebase, "last-edition", "Advancing, Melee 3 charge 2", when=["moved"]).to_json()
    assert "Melee X charge Y" in _live(data)
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Advancing"]
    assert ruling["conditions"] == ["whenever Melee X charge Y would be used to fight in the following battle phase"]


_OWN = {
    "Sprinting": "Every unit can be moved an additional 4 inches. This is called a sprint move. "
                 "Units that used the sprint move are unable to fight in the following battle phase.",
    "Winded": "Units that used the sprint move are unable to fight in the following battle phase.",
    "War pick": "This weapon can fight in melee. This weapon has +1 attacks after the model has made a charge move.",
}


@pytest.fixture(scope="module")
def own() -> Any:
    return read_system(_OWN)


def test_an_earlier_act_in_our_own_words(own: Any) -> None:
    charging = resolve(own, SYSTEM, picks("Sprinting", "War pick"), None, ("charging",)).to_json()
    assert _live(charging) == ["Sprinting"]
    plain = resolve(own, SYSTEM, picks("Sprinting", "War pick"), None, ()).to_json()
    assert _live(plain) == ["Sprinting", "War pick"]
    assert [r["conditions"] for r in plain["rulings"] if r["winner"] == "Sprinting"] == [
        ["whenever War pick would be used to fight in the following battle phase"]]
    # --when melee alone: a fight, but not said to be this turn's
    melee = resolve(own, SYSTEM, picks("Sprinting", "War pick"), None, ("melee",)).to_json()
    assert _live(melee) == ["Sprinting", "War pick"]
    # a rule that is not the sprint itself does not say the unit sprinted: its subject stays a condition
    other = resolve(own, SYSTEM, picks("Winded", "War pick"), None, ("charging",)).to_json()
    assert _live(other) == ["Winded", "War pick"]


def test_the_users_of_a_rules_own_action() -> None:
    assert used_its_own("Units that used the sprint move", "Sprinting")
    assert not used_its_own("Units that used the sprint move", "Winded")
    assert not used_its_own("A unit which is fleeing", "Fleeing")


# -- a cap and a multiplier of one count -------------------------------------------------------------------


def test_a_cap_beside_a_doubling_is_open_and_the_denial_settles_nothing(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Directive 3, Poison cloud").to_json()
    assert [r for r in data["rulings"] if r["winner"]] == []
    [open_question] = data["unresolved"]
    assert sorted(open_question["rules"]) == ["Directive 3", "Poison cloud"]
    assert "which applies first" in open_question["reason"]
    assert "Objectives in this game give 5VP to a maximum of 15." in {c["quote"] for c in open_question["citations"]}


def test_a_cap_a_denial_and_a_doubling_in_our_own_words() -> None:
    data = system_data({"Burnt Shrine": "Shrines give 2VP to a maximum of 6. No player can score any VP by holding a burnt shrine.",
                        "Greedy": "Double all VP you score this turn.", "Tidy Camp": "A tidy camp scores 2VP."}, [])
    data["core_terms"] = {"demo": ["vp"]}
    view = stored(data)
    doubled = resolve(view, "demo", picks("Burnt Shrine", "Greedy")).to_json()
    assert [r for r in doubled["rulings"] if r["winner"]] == []
    [open_question] = doubled["unresolved"]
    assert "caps the VP, the other multiplies it" in open_question["reason"]
    # against a rule that gives the count, the denial still prevails as far as its words say
    given = resolve(view, "demo", picks("Burnt Shrine", "Tidy Camp")).to_json()
    assert [r["winner"] for r in given["rulings"] if r["winner"]] == ["Burnt Shrine"]


# -- a rule limited as a whole to a time -------------------------------------------------------------------


def test_a_heading_that_starts_in_the_second_round(rulebase: Build) -> None:
    first = resolve(rulebase, "last-edition", "Starting with the second round", when=["first-round"]).to_json()
    assert _live(first) == []
    [out] = [e for e in first["in_play"]["inactive"] if e["name"] == "Starting with the second round"]
    assert "--when first-round" in out["reason"]
    assert out["citation"]["line"] == 227 and out["citation"]["quote"] == "Starting with the second round"
    later = resolve(rulebase, "last-edition", "Starting with the second round").to_json()
    [entry] = later["in_play"]["self"]
    assert not entry.get("set_aside")
    assert 'only from round 2 on (its words "Starting with the second round")' in entry["conditions"]


@pytest.mark.parametrize(("words", "expected"), [
    ("Starting with the second round", ("from-round", ("2",))),
    ("From the third turn on, the unit may march.", ("from-turn", ("3",))),
    ("Beginning with Game Turn 2, it scores.", ("from-turn", ("2",))),
    ("In the second round", None),
    ("Holding an objective scores 4VP.", None),
])
def test_time_limits_read_from_words(words: str, expected: tuple[str, tuple[str, ...]] | None) -> None:
    found = time_limit(words)
    assert (found.situation, found.value) == expected if expected else found is None


def test_times_in_our_own_words() -> None:
    view = read_system({"From the third turn": "A unit on the hill scores 2 points.",
                        "Hill": "A unit on the hill scores 1 point.",
                        "Rally Horn": "From the second round of combat, the unit may reroll one failed test."})
    assert _live(resolve(view, SYSTEM, picks("From the third turn"), None, ("first-turn",)).to_json()) == []
    assert _live(resolve(view, SYSTEM, picks("From the third turn"), None, ("first-round",)).to_json()) == ["From the third turn"]
    assert _live(resolve(view, SYSTEM, picks("Rally Horn"), None, ("first-round",)).to_json()) == []
    assert _live(resolve(view, SYSTEM, picks("Rally Horn", "Hill"), None, ()).to_json()) == ["Rally Horn", "Hill"]
    assert [(l.situation, l.words) for l in whole_limits(["A unit on the hill scores 1 point."], "Hill")] == []
