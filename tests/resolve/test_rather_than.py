"""What a rule gives "rather than the usual one supporting attack" prevails over the rule that
usually gives it, quoted (issue 22, round 3; the graph's reading is in tests/graph/fixtures/clauses.txt)."""

from __future__ import annotations

from referee.store.record import Build
from referee.resolve import resolve


def test_monstrous_support_prevails_over_supporting_attacks(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Monsterous Support, Supporting Attacks", when=["melee"]).to_json()
    ruling = next(r for r in data["rulings"] if r["principle"] == "explicit-exception")
    assert (ruling["winner"], ruling["rules"]) == ("Monsterous Support", ["Monsterous Support", "Supporting Attacks"])
    assert ruling["citations"][0]["quote"].endswith("rather than the usual one supporting attack.")
    assert (ruling["citations"][0]["line"], ruling["citations"][0]["column"]) == (218, 1)


def test_volley_fire_instead_of_a_normal_shooting_attack_overrides_no_rule(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Volley Fire", when=["shooting"]).to_json()
    assert not [r for r in data["rulings"] if r["principle"] == "explicit-exception"]


def test_a_torrent_weapon_is_treated_like_a_template_and_has_ignores_cover(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Torrent", when=["shooting"]).to_json()
    chains = {e["name"]: [s["name"] for s in e["via"]] for e in data["in_play"]["self"]}
    assert chains["Template"] == ["Torrent"] and chains["Ignores Cover"] == ["Torrent", "Template"]
    assert data["in_play"]["self"][1]["via"][0]["citation"]["quote"] == "The weapon is then treated like any other Template weapon."
