"""Grants in the documents' own wordings followed into play, and a prohibition that leaves another
rule's own case no room (issue 22, round 10): a weapon's profile line with a value in words, "exchange
<a way of fighting> to <a rule>", a name led by a verb's -ing form written with the verb, and "The
only <kind> ... is <one>" against a rule whose case is choosing another of that kind."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import brief, name_index, picks, rel, rulings, system, system_data
from tests.stores import stored


def _self(data: dict) -> dict[str, dict]:
    return {e["name"]: e for e in data["in_play"]["self"]}


def test_a_profile_line_with_a_value_in_words_grants_its_rules(rulebase: Build) -> None:
    """ "Range 8″, Shots 2, FO Same as user, AP Same as user, Accurate, Quick to Fire": both rules in
    play, each granted by the weapon."""
    data = resolve(rulebase, "t9a", "Throwing Weapons", when=["shooting"]).to_json()
    found = _self(data)
    for name in ("Accurate", "Quick to Fire"):
        assert [step["name"] for step in found[name]["via"]] == ["Throwing Weapons"], name
        assert found[name]["via"][0]["citation"]["file"] == "t9a/army-builder-glossary-en-de.txt"


def test_a_profile_line_with_no_commas_grants_its_rule(rulebase: Build) -> None:
    """ "Range 30" Shots 1 Strength 4 Armour Penetration 1 Unwieldy"."""
    found = _self(resolve(rulebase, "t9a", "Crossbow", when=["shooting"]).to_json())
    assert [step["name"] for step in found["Unwieldy"]["via"]] == ["Crossbow"]


def test_an_exchange_for_a_rule_grants_it_under_its_words(rulebase: Build) -> None:
    """Spear (foot): "exchange Fight in ranks to Fight in Extra Ranks (when do not move that turn and
    fighting front)": Fighting in extra ranks is in play through the spear, under the bracket's words."""
    data = resolve(rulebase, "whfb-house", "Spear (foot)", when=["charged", "melee", "first-round"]).to_json()
    ranks = _self(data)["Fighting in extra ranks"]
    assert [step["name"] for step in ranks["via"]] == ["Spear (foot)"]
    assert ranks["via"][0]["citation"]["quote"].startswith("exchange Fight in ranks to Fight in Extra Ranks")
    assert "when do not move that turn and fighting front" in ranks["conditions"]
    # the bracket's "when do not move that turn" is the situation's: a unit that moved does not fight in extra ranks
    moved = resolve(rulebase, "whfb-house", "Spear (foot)", when=["moved", "melee"]).to_json()
    assert "Fighting in extra ranks" not in _self(moved)
    [gone] = [i for i in moved["in_play"]["inactive"] if i["name"] == "Fighting in extra ranks"]
    assert gone["reason"] == "only when the unit did not move, and the situation says --when moved"


def test_a_prohibition_that_allows_one_of_a_kind_beats_a_rule_whose_case_is_another(rulebase: Build) -> None:
    """Undead: "The only Charge Reaction a unit with one or more models with Undead can perform is
    Hold." Feigned Flight: "If a unit ... voluntarily chooses Flee as Charge Reaction ...": Undead
    prevails, its sentence the relation."""
    data = resolve(rulebase, "t9a", "Undead, Feigned Flight", when=["charged"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert (ruling["winner"], ruling["rules"]) == ("Undead", ["Undead", "Feigned Flight"])
    assert ruling["outcome"] == ("Undead prevails over Feigned Flight: the unit cannot declare a Charge Reaction other than Hold, and "
                                 "Feigned Flight speaks of its choosing Flee as Charge Reaction, which those words do not allow; "
                                 "cannot beats can")
    assert ruling["relation"]["quote"] == "The only Charge Reaction a unit with one or more models with Undead can perform is Hold."
    assert ruling["citations"][1]["quote"].startswith("If a unit consisting entirely of models with Feigned Flight voluntarily chooses Flee")


def _reactions():
    only = "The only Stance a unit with Rooted can take is Brace."
    dash = "When the unit selects Sprint as Stance, it moves twice."
    steady = "When the unit selects Brace as Stance, it gains +1 Armour."
    return system({"Rooted": only, "Dash": dash, "Steady": steady}, [
        rel("cannot", "Rooted", None, only, details={"action": "declare a Stance other than Brace", "only": "Brace", "kind_of": "Stance"})])


def test_the_only_one_of_a_kind_in_our_own_words() -> None:
    view = _reactions()
    assert brief(rulings(view, picks("Rooted", "Dash"))) == [("cannot-beats-can", "Rooted", ["Rooted", "Dash"])]
    # a rule whose case is the one allowed meets nothing; nor does the other side's rule
    assert brief(rulings(view, picks("Rooted", "Steady"))) == []
    assert brief(rulings(view, picks("Rooted"), picks("Dash"))) == []


def _combined():
    sentence = ("When combined with Steady Aim, the shot can only ignore the normal -1 to-hit modifier for moving, "
                "not the additional -1 to-hit modifier from Heavy Barrel.")
    return system({"Heavy Barrel": "The shot suffers an additional -1 to-hit modifier. " + sentence, "Steady Aim": "Ignore the -1 for moving."}, [
        rel("modifies", "Heavy Barrel", None, "The shot suffers an additional -1 to-hit modifier.", details={"stat": "to-hit", "value": "-1"}),
        rel("overrides", "Heavy Barrel", "Steady Aim", sentence, conditions=(("with", "demo/Steady Aim", "When combined with Steady Aim"),))])


def test_the_rule_whose_modifier_is_not_ignored_keeps_it() -> None:
    """The rule that prevails over the one that ignores keeps its own modifier, with no "unless set aside"
    beside it (only a loser's modifier may be taken away by the exception's words)."""
    data = rulings(_combined(), picks("Heavy Barrel", "Steady Aim"))
    assert brief(data) == [("explicit-exception", "Heavy Barrel", ["Heavy Barrel", "Steady Aim"])]
    [total] = [m for m in data["modifiers"] if (m["side"], m["stat"]) == ("self", "to-hit")]
    [part] = total["parts"]
    assert (part["name"], part["value"], part["conditions"]) == ("Heavy Barrel", "-1", [])


# -- a rule whose words lift a limit another rule of its side sets --


def test_a_role_not_limited_to_three_beats_the_limit_of_three(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Base -1 {unit}, Models/Armies").to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("explicit-exception", "Base -X {unit}", ["Base -X {unit}", "Models/Armies"])
    assert [(c["quote"], c["line"]) for c in ruling["citations"]] == [
        ("In addition:\n\nThis role is not limited to a maximum of 3 units of the same type.", 821),
        ("The same unit can only be selected up to 3 times in the army.", 79)]


def test_a_lifted_limit_in_our_own_words() -> None:
    view = system({"Levy": "A Levy banner is not limited to a maximum of 2 banners per regiment.",
                   "Regiments": "A regiment can only carry up to 2 banners.", "Drill": "A regiment can only march once per turn."}, [])
    assert brief(rulings(view, picks("Levy", "Regiments"))) == [("explicit-exception", "Levy", ["Levy", "Regiments"])]
    # another limit (no number shared), or the other side's limit, is not lifted
    assert brief(rulings(view, picks("Levy", "Drill"))) == []
    assert brief(rulings(view, picks("Levy"), picks("Regiments"))) == []


# -- a condition of the acting side that is a state or a rule: "charges or Counter-Attacks" --


def test_a_state_or_a_rule_fails_where_neither_holds(rulebase: Build) -> None:
    """Furious Charge's "+1 ... In a turn in which a model with this special rule charges or Counter-Attacks":
    not stated when shooting, nor when charged without Counter-Attack; stated, under its words, beside
    Counter-Attack; stated with no words left when charging."""
    def strength(names: str, *when: str) -> tuple[list[str], list[str]]:
        data = resolve(rulebase, "scrollhammer", names, when=list(when)).to_json()
        stated = [p["value"] for m in data["modifiers"] if m["stat"] == "Strength" for p in m["parts"]]
        idle = [i["reason"] for i in data["in_play"]["inactive"] if "Strength" in i["reason"]]
        return stated, idle

    for when in (["shooting"], ["charged", "melee"]):
        stated, idle = strength("Furious Charge", *when)
        assert stated == []
        assert idle == ['Furious Charge modifies Strength +1 only "In a turn in which a model with this special rule charges or '
                        'Counter-Attacks": --when charging not given, and Counter-Attack is not in play']
    assert strength("Furious Charge, Counter-Attack", "charged", "melee")[0] == ["+1"]
    data = resolve(rulebase, "scrollhammer", "Furious Charge", when=["charging", "melee"]).to_json()
    [part] = [p for m in data["modifiers"] if m["stat"] == "Strength" for p in m["parts"]]
    assert part["conditions"] == []


def test_the_other_sides_state_is_not_read_from_the_flags() -> None:
    sentence = "In a turn in which a model with this rule charges or Rallies, it gains +1 Strength."
    rules = {"Wild Rush": sentence, "Rally": "It may rally.", "Spear": "A spear."}
    data = system_data(rules, [
        rel("modifies", "Wild Rush", None, sentence, details={"stat": "Strength", "value": "+1"},
            conditions=(("other", None, "In a turn in which a model with this rule charges or Rallies"),))])
    data["names"] = name_index(rules)
    view = stored(data)
    mine = rulings(view, picks("Wild Rush"), when=("charged",))
    assert mine["modifiers"] == []
    theirs = rulings(view, picks("Spear"), picks("Wild Rush"), when=("charged",))
    [total] = theirs["modifiers"]
    assert (total["side"], total["value"]) == ("opponent", "+1")


def test_a_rule_granted_and_named_is_open_with_every_rule_that_brought_it(rulebase: Build) -> None:
    """Fighting in extra ranks named and brought by Spear (foot): "supporting attacks can be made by an extra rank"
    is an amount two instances could count twice, and the text says nothing of several: open, the spear listed."""
    data = resolve(rulebase, "whfb-house", "Spear (foot), Fighting in extra ranks", when=["melee"]).to_json()
    [open_question] = [u for u in data["unresolved"] if u["rules"][:1] == ["Fighting in extra ranks"]]
    assert open_question["rules"] == ["Fighting in extra ranks", "Spear (foot)"]
    assert any(c["quote"].startswith("exchange Fight in ranks to Fight in Extra Ranks") for c in open_question["citations"])
