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
