"""Parameters a rule's name joins with "|" ("Shock teleport X|Y"): an instance "3|4" is X 3 and Y 4."""

from __future__ import annotations

from referee.resolve import resolve
from referee.resolve.play import own_parameters
from tests.resolve.test_principles import SYSTEM, picks, system


def test_a_value_written_as_the_name_joins_its_parameters_is_each_of_them() -> None:
    assert own_parameters("Late Arrival A|B|C", ("2|3|5",)) == ("2", "3", "5")
    assert own_parameters("Late Arrival A|B|C", ("2|3",)) == ("2|3",)  # not the name's count: kept as written
    assert own_parameters("Ambush (X)", ("2|3",)) == ("2|3",)  # the name joins nothing
    view = system({"Late Arrival A|B": "The unit arrives in turn A or B (for example Late Arrival 2|3)."}, [])
    data = resolve(view, SYSTEM, picks(("Late Arrival A|B", ("4|5",)))).to_json()
    assert data["in_play"]["self"][0]["params"] == [["4", "5"]]


def test_shock_teleport_in_the_real_documents(rulebase) -> None:
    data = resolve(rulebase, "last-edition", "Shock teleport 3|4 side").to_json()
    shock = next(e for e in data["in_play"]["self"] if e["rule"] == "last-edition/shock-teleport")
    assert shock["params"] == [["3", "4"]]


def test_a_cumulative_rules_instances_add_up_the_stat_their_brackets_share(rulebase) -> None:
    # each instance brings its own "+1 Attack Value": two instances, added up by the rule's own
    # "This rule is cumulative", are +2, and a stat only one of them names is that one's
    data = resolve(rulebase, "t9a", "Devastating Charge (+1 Attack Value), Devastating Charge (+1 Attack Value, +1 Strength)",
                   when=["charging", "melee"]).to_json()
    assert {(m["stat"], m["value"]) for m in data["modifiers"]} >= {("Attack Value", "+2"), ("Strength", "+1")}


def test_one_stat_said_twice_among_the_parameters_is_their_sum() -> None:
    from referee.resolve.modifiers import _modifying

    grant = {"kind": "grants", "details": [("grants", "its parameters")]}
    found = _modifying([grant], [("+1 Strength", "+2 Strength", "+1 Agility")])
    assert [(d["stat"], d["value"]) for _rel, d, _at in found] == [("Strength", "+3"), ("Agility", "+1")]
