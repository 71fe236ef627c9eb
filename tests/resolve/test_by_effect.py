"""A rule that sets aside the other side's rules by what they make ("ignore every rule that makes an
enemy model or unit untargetable"), on the Last Edition's own words."""

from __future__ import annotations

from referee.store.record import Build
from referee.resolve import resolve


def test_rules_that_make_a_unit_untargetable_yield_to_the_rule_that_ignores_them(rulebase: Build) -> None:
    answer = resolve(rulebase, "last-edition", "Protected", opponent="Ranged 2 sniper", when=["shooting"]).to_json()
    [ruling] = [r for r in answer["rulings"] if r["principle"] == "explicit-exception"]
    assert (ruling["winner"], ruling["rules"]) == ("Ranged X sniper", ["Ranged X sniper", "Protected"])
    assert [(c["name"], c["line"]) for c in ruling["citations"]] == [("Ranged X sniper", 869), ("Protected", 927)]
    assert ruling["citations"][1]["quote"].startswith("A unit with this keyword is not targetable by enemy shooting attacks")


def test_outside_ranged_attacks_nothing_meets(rulebase: Build) -> None:
    answer = resolve(rulebase, "last-edition", "Protected", opponent="Ranged 2 sniper", when=["melee"]).to_json()
    assert not [r for r in answer["rulings"] if r["principle"] == "explicit-exception"]


def test_a_rule_that_makes_nothing_of_the_kind_is_untouched(rulebase: Build) -> None:
    answer = resolve(rulebase, "last-edition", "Ranged 2 heavy", opponent="Ranged 2 sniper", when=["shooting"]).to_json()
    assert not [r for r in answer["rulings"] if r["principle"] == "explicit-exception"]
