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


def test_a_kind_of_attack_both_sentences_name_holds_without_the_flag(rulebase: Build) -> None:
    # "... untargetable for ranged attacks" against "not targetable by enemy shooting attacks": what Protected forbids is
    # a shooting attack, so the sniper's condition holds wherever Protected's words do, --when shooting given or not
    # (round 14's r14-last-edition-502 asks it with no flag); "in all shooting phases" (Directive 6) reads the same
    for other in ("Protected", "Directive 6"):
        answer = resolve(rulebase, "last-edition", "Ranged 2 sniper", opponent=other).to_json()
        [ruling] = [r for r in answer["rulings"] if r["principle"] == "explicit-exception"]
        assert ruling["winner"] == "Ranged X sniper" and ruling["rules"][1] == other
        assert not [u for u in answer["unresolved"] if "Ranged X sniper" in u["rules"]]


def test_a_kind_of_attack_in_a_small_system() -> None:
    from tests.resolve.test_principles import picks, system

    rel = {"kind": "overrides", "source": "demo/Hawkeye", "target": None, "target_name": "untargetable", "subject": "its shots",
           "conditions": [{"situation": "shooting", "value": None, "text": "shooting"}], "details": {"effect": "untargetable"},
           "citation": {"rule": "demo/Hawkeye", "sentence": "Its shots ignore every rule that makes a unit untargetable for ranged attacks.",
                        "file": "demo/rules.md", "line": 1, "column": 1}}
    view = system({"Hawkeye": "Its shots ignore every rule that makes a unit untargetable for ranged attacks.",
                   "Veiled": "A veiled unit is untargetable by missile attacks.",
                   "Cloaked": "A cloaked unit cannot be targeted."}, [rel])
    def ruled(other: str, when: list[str] | None = None) -> list[str]:
        answer = resolve(view, "demo", picks("Hawkeye"), picks(other), when=when or []).to_json()
        return [r["winner"] for r in answer["rulings"] if r["principle"] == "explicit-exception"]
    assert ruled("Veiled") == ["Hawkeye"]  # the other's words are of missile attacks: the condition is carried
    assert ruled("Veiled", ["melee"]) == []  # the situation says melee alone: no ranged attack, nothing set aside
    assert ruled("Cloaked") == []  # words of no kind of attack: the condition stays the situation's (no --when shooting)
    assert ruled("Cloaked", ["shooting"]) == ["Hawkeye"]
