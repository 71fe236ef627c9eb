"""Rules of one side that speak of the same rule, roll or choice, met where the graph reads a relation
between them (issue 22, round 4): a rule that takes another out of play, ...

Each class is tested on the real documents and on a small system of other words.
"""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import brief, picks, rel, rulings, system


# -- a loss: the rule that takes another out of play prevails over it ---------------------------


def test_random_movement_prevails_over_the_swiftstride_fly_grants(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Random Movement (2D6), Fly (8, 16)").to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Random Movement"]
    assert (ruling["principle"], ruling["rules"]) == ("explicit-exception", ["Random Movement", "Swiftstride"])
    assert ruling["outcome"] == ("Random Movement prevails over Swiftstride: The model loses Swiftstride (which came in via Fly), "
                                 "so Swiftstride brings nothing here")
    assert [(c["name"], c["line"], c["column"]) for c in ruling["citations"]] == [("Random Movement", 637, 159), ("Fly", 490, 1)]
    # what Swiftstride granted goes with it
    inactive = {i["name"]: i["reason"] for i in data["in_play"]["inactive"]}
    assert inactive["Swiftstride"] == "lost through Random Movement"
    assert inactive["Maximised Roll"] == "granted through Swiftstride, lost through Random Movement"
    assert "Maximised Roll" not in [e["name"] for e in data["in_play"]["self"]]


LOSS = rel("loses", "Heavy Plate", "Sprint", "The model can no longer Sprint: it loses Sprint.", subject="The model")
GRANT = rel("grants", "Horse", "Sprint", "Horses give their riders Sprint.")
SPRINT_GRANTS = rel("grants", "Sprint", "Dash", "Sprint brings Dash with it.")


def test_a_loss_of_a_granted_rule_is_ruled_in_a_small_system() -> None:
    view = system({"Heavy Plate": LOSS["citation"]["sentence"], "Horse": GRANT["citation"]["sentence"],
                   "Sprint": SPRINT_GRANTS["citation"]["sentence"], "Dash": "+1 Movement."}, [LOSS, GRANT, SPRINT_GRANTS])
    data = rulings(view, picks("Heavy Plate", "Horse"))
    assert brief(data) == [("explicit-exception", "Heavy Plate", ["Heavy Plate", "Sprint"])]
    assert [i["name"] for i in data["in_play"]["inactive"]] == ["Sprint", "Dash"]
    # a rule that loses itself ("lose this rule") is no meeting of two rules
    own = rel("loses", "Sprint", "Sprint", "Sprint is lost when it is used.")
    view = system({"Sprint": own["citation"]["sentence"]}, [own])
    assert rulings(view, picks("Sprint"))["rulings"] == []


# -- a test forced on the one struck by the rule's weapon, which the other side passes ----------


def test_fearless_passes_the_pinning_test_a_sniper_forces(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Sniper", opponent="Fearless", when=["shooting"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Fearless"]
    assert (ruling["principle"], ruling["rules"][:2]) == ("immunity", ["Fearless", "Pinning"])
    assert ruling["outcome"].startswith("Fearless: A unit containing one or more models with the Fearless special rule automatically "
                                        "passes Morale tests, so the Morale tests Pinning forces on it do not touch it")
    assert [(c["name"], c["column"]) for c in ruling["citations"]] == [("Fearless", 12738), ("Pinning", 26390), ("Sniper", 34645)]


def _struck(condition: str) -> dict:
    sentence = f"{condition}, it must take a Panic Test."
    forced = rel("must", "Dread Blade", None, sentence, details={"action": "take a Panic Test"},
                 conditions=(("other", None, condition),))
    passes = rel("immune-to", "Brave", None, "Brave units automatically pass Panic Tests.", details={"passes": "automatically"})
    passes["target_name"] = "Panic Tests"
    view = system({"Dread Blade": sentence, "Brave": passes["citation"]["sentence"]}, [forced, passes])
    return rulings(view, picks("Dread Blade"), picks("Brave"))


def test_a_test_forced_on_whom_the_rule_strikes_in_other_words() -> None:
    for words in ("If a unit is hit by an attack with this special rule", "If a unit takes wounds from a weapon with Dread Blade",
                  "When an enemy model is wounded by a model with the Dread Blade rule"):
        assert brief(_struck(words)) == [("immunity", "Brave", ["Brave", "Dread Blade"])], words
    # the bearer struck by someone else's weapon: the test is its own, the other side's immunity does not meet it
    assert brief(_struck("If a unit with this rule is hit by an attack with Poisoned Attacks")) == []
