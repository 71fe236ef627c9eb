"""Open questions where two rules speak of one thing (issue 22, round 12): a rule on crossing terrain that is the ground's, not a
bearer's, binds the other side's models too; two rules that each let the unit shoot (or fight) from a rank more than normal leave
open whether the two add up, unless the situation says a sentence does not hold (referee/resolve/same_roll.py).

Each is tested on the real documents and on a small system in other words, both ways: what now meets, and what still does not."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, system


def _open(data: dict) -> list[list[str]]:
    return [sorted(u["rules"]) for u in data["unresolved"]]


# -- crossing terrain, across the sides ---------------------------------------------------------------------------------------


def test_a_flyer_against_walls_no_model_may_move_through_is_open_across_the_sides(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Flying", "Vision blocking", when=["moved"]).to_json()
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Flying", "Terrain type 3 / vision blocking"]]
    assert question["reason"].startswith("one says how the model crosses what lies in its way")
    assert {c["quote"] for c in question["citations"]} >= {
        "Models can neither attack (shooting or melee) through these walls, move through these walls nor stand on these walls."}


GROUND = {"Hover": "A model with this keyword can move over terrain and other models as if they were not there.",
          "Thornwall": "Models cannot move through these walls.",
          "Pathfinder": "A unit with this special rule rolls an extra die when it moves through difficult terrain.",
          "Sentry": "Enemy units within 6 inches are spotted."}


def test_crossing_terrain_across_the_sides_in_a_small_system() -> None:
    view = system(GROUND, [])
    assert _open(resolve(view, "demo", picks("Hover"), picks("Thornwall")).to_json()) == [["Hover", "Thornwall"]]
    assert _open(resolve(view, "demo", picks("Thornwall"), picks("Hover")).to_json()) == [["Hover", "Thornwall"]]
    # a sentence on its own bearers' crossing binds its own side only; and a rule that says nothing of crossing meets nothing
    assert _open(resolve(view, "demo", picks("Hover"), picks("Pathfinder")).to_json()) == []
    assert _open(resolve(view, "demo", picks("Hover"), picks("Sentry")).to_json()) == []


# -- a rank more to shoot or fight from, given twice ----------------------------------------------------------------------------


def test_two_rules_each_giving_a_rank_more_to_shoot_from_are_open(rulebase: Build, bsdata_t9a: Build) -> None:
    data = resolve(bsdata_t9a, "t9a", "Volley Fire, Shoot in Extra Rank", when=["shooting"]).to_json()
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Shoot in Extra Rank", "Volley Fire"]]
    assert question["reason"].startswith("both let the unit shoot or fight from a rank more than normal")
    quotes = " ".join(c["quote"] for c in question["citations"])
    assert "may shoot from one additional rank" in quotes and "may use Shooting Attacks from one additional rank" in quotes
    # Volley Fire's rank is for a unit "that has not moved during this Player Turn": after a move, one rank, and no question
    moved = resolve(bsdata_t9a, "t9a", "Volley Fire, Shoot in Extra Rank", when=["shooting", "moved"]).to_json()
    assert ["Shoot in Extra Rank", "Volley Fire"] not in _open(moved)


RANKS = {"Drilled Archers": "Models in a unit that has not moved may shoot from one additional rank.",
         "Tall Bows": "The model may use Shooting Attacks from one additional rank.",
         "Pike Drill": "Supporting attacks can be made from an extra rank.",
         "Keen Eyes": "The model may shoot at one additional target."}


def test_a_rank_more_given_twice_in_a_small_system() -> None:
    view = system(RANKS, [])
    assert _open(resolve(view, "demo", picks("Drilled Archers", "Tall Bows")).to_json()) == [["Drilled Archers", "Tall Bows"]]
    # the unit moved: the first rank more is not given, and nothing is asked
    assert _open(resolve(view, "demo", picks("Drilled Archers", "Tall Bows"), when=("moved",)).to_json()) == []
    # a rank more to fight from is another thing than one to shoot from; "one additional target" is no rank; each side's own ranks
    assert _open(resolve(view, "demo", picks("Pike Drill", "Tall Bows")).to_json()) == []
    assert _open(resolve(view, "demo", picks("Keen Eyes", "Tall Bows")).to_json()) == []
    assert _open(resolve(view, "demo", picks("Drilled Archers"), picks("Tall Bows")).to_json()) == []

