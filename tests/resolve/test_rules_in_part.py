"""A rule that both imposes and protects (issue 22, round 14, from r11-scrollhammer-516): where the other
side's immunity resists what the rule imposes, its other part, the immunity it gives its own bearers, still
holds while the other side holds what it protects from; the rule stays in play, only its effects on the other
side are set aside, and the ruling quotes both parts.  On the real documents and on a small system of our
own words."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system


def _entry(data: dict, side: str, name: str) -> dict:
    [entry] = [e for e in data["in_play"][side] if e["name"] == name]
    return entry


def test_fear_against_terror_keeps_both_rules_for_what_they_spare(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Fear", opponent="Terror", when=["not-charging"]).to_json()
    # each side's immunity holds against the other's rule: neither rule is set aside whole
    assert _entry(data, "self", "Fear")["set_aside"] is None
    assert _entry(data, "opponent", "Terror")["set_aside"] is None
    [ruling] = [r for r in data["rulings"] if r["principle"] == "immunity"]
    assert ruling["winner"] is None
    quotes = [c["quote"] for c in ruling["citations"]]
    # what each spares its own models, and what each would impose on the other, both quoted
    assert "A unit that containing at least one model that causes Fear is itself immune to Fear, and treats models that cause Terror as causing Fear instead." in quotes
    assert "Enemy units must pass a Leadership test to charge a unit containing one or more models that cause Fear." in quotes
    assert "A unit containing at least one model that causes Terror is immune to Fear and Terror." in quotes
    assert ruling["outcome"].endswith("Terror and Fear each stay in play for what they spare their own models, "
                                      "and only what each imposes on the other side is set aside")
    # what each imposes is said not to apply, sentence by sentence
    idle = {(i["side"], i["name"], i["citation"]["quote"]) for i in data["in_play"]["inactive"]}
    assert ("self", "Fear", "If a unit has a charge declared against it by an enemy that causes Fear, it must immediately take a Morale test.") in idle
    assert ("opponent", "Terror", "A model that causes Terror prompts the same tests as a model that causes Fear, except that if a unit charged "
            "by a Terror-causing unit fails its Terror test, it must always flee, even if it outnumbers the charging unit.") in idle
    assert not [d for d in data["in_force"] if d["rule"] in ("scrollhammer/fear", "scrollhammer/terror") and d.get("kind") == "must"]


def test_fear_beside_fearless_is_kept_only_while_the_other_side_has_fear(rulebase: Build) -> None:
    both = resolve(rulebase, "t9a", "Fear", opponent="Fearless, Fear", when=["charged"]).to_json()
    assert _entry(both, "self", "Fear")["set_aside"] is None  # it still makes its own models immune to the enemy's Fear
    [ruling] = [r for r in both["rulings"] if r["winner"] == "Fearless"]
    assert "Fear stays in play for what it spares its own models (they are immune to Fear)" in ruling["outcome"]
    assert "Models that have Fear themselves are immune to the effects of Fear." in [c["quote"] for c in ruling["citations"]]
    assert not [m for m in both["modifiers"] if m["side"] == "opponent" and m["stat"] == "discipline"]
    alone = resolve(rulebase, "t9a", "Fear", opponent="Fearless", when=["charged"]).to_json()
    assert alone["in_play"]["self"][0]["set_aside"]  # it spares its models nothing here: set aside whole, as before


def _beasts():
    dread = ["Enemies of a beast with Dread must take a Nerve test.", "A beast with Dread is immune to Awe."]
    awe = ["Units near a beast with Awe suffer -1 Nerve.", "A beast with Awe is immune to Dread."]
    plain = "Calm beasts are immune to Dread."
    return system({"Dread": " ".join(dread), "Awe": " ".join(awe), "Calm": plain}, [
        rel("must", "Dread", None, dread[0], details={"action": "take a Nerve test"}),
        rel("immune-to", "Dread", "Awe", dread[1]),
        rel("modifies", "Awe", None, awe[0], details={"stat": "nerve", "value": "-1"}),
        rel("immune-to", "Awe", "Dread", awe[1]),
        rel("immune-to", "Calm", "Dread", plain)])


def test_a_rule_that_imposes_and_protects_in_a_small_system() -> None:
    mutual = resolve(_beasts(), "demo", picks("Dread"), picks("Awe")).to_json()
    assert [e["set_aside"] for side in ("self", "opponent") for e in mutual["in_play"][side]] == [None, None]
    assert not mutual["modifiers"]  # Awe's -1 Nerve touches no beast with Dread
    [ruling] = mutual["rulings"]
    assert [c["quote"] for c in ruling["citations"]] == [
        "A beast with Dread is immune to Awe.", "A beast with Awe is immune to Dread.",
        "Units near a beast with Awe suffer -1 Nerve.", "Enemies of a beast with Dread must take a Nerve test."]
    # against a side that only resists it, Dread spares its beasts nothing here: set aside whole
    one_way = resolve(_beasts(), "demo", picks("Calm"), picks("Dread")).to_json()
    assert one_way["in_play"]["opponent"][0]["set_aside"]
    # beside Awe on the resisting side, its immunity to Awe is at work again: set aside in part only
    kept = resolve(_beasts(), "demo", picks("Calm", "Awe"), picks("Dread")).to_json()
    assert _entry(kept, "opponent", "Dread")["set_aside"] is None
    assert any("Dread stays in play for what it spares its own models (they are immune to Awe)" in r["outcome"] for r in kept["rulings"])
