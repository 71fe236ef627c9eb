"""Open questions where two rules speak of one thing (issue 22, round 12): a rule on crossing terrain that is the ground's, not a
bearer's, binds the other side's models too; two rules that each let the unit shoot (or fight) from a rank more than normal leave
open whether the two add up, unless the situation says a sentence does not hold (referee/resolve/same_roll.py).

Each is tested on the real documents and on a small system in other words, both ways: what now meets, and what still does not."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system, system_data
from tests.stores import stored


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



def test_a_sentence_for_a_unit_that_has_not_moved_asks_nothing_once_it_moved_in_a_small_system() -> None:
    # whatever the thing both speak of: here whether the unit has moved, which a rule that puts the unit on the table counts as so
    view = system({"Drilled Archers": RANKS["Drilled Archers"], "Ambushers": "The unit counts as having moved this turn."}, [])
    assert _open(resolve(view, "demo", picks("Drilled Archers", "Ambushers")).to_json()) == [["Ambushers", "Drilled Archers"]]
    assert _open(resolve(view, "demo", picks("Drilled Archers", "Ambushers"), when=("moved",)).to_json()) == []


# -- a rule's own thing kept from rules of a kind -------------------------------------------------------------------------------


def test_a_thing_that_never_benefits_from_attack_attributes_prevails_over_one(bsdata_t9a: Build) -> None:
    data = resolve(bsdata_t9a, "t9a", "Crush Attack, Hatred", when=["melee", "first-round"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Crush Attack"]
    assert ruling["rules"] == ["Crush Attack", "Hatred"] and ruling["principle"] == "explicit-exception"
    assert ruling["relation"]["quote"] == "They never benefit from any weapons or other Attack Attributes the model part may have."
    # Hatred is an attribute of attacks by its own words, quoted beside
    assert [c["quote"] for c in ruling["citations"]][1] == "During the first Round of Combat, failed to-hit rolls from attacks with Hatred must be rerolled."
    # a weapon, by its category
    data = resolve(bsdata_t9a, "t9a", "Crush Attack, Great Weapon", when=["melee"]).to_json()
    assert [(r["winner"], r["rules"]) for r in data["rulings"] if r["principle"] == "explicit-exception"] == [("Crush Attack", ["Crush Attack", "Great Weapon"])]


KINDS = {"Ram": "The ram strikes once at Strength 8. It never benefits from any weapons or other Charge Attributes the rider may have.",
         "Fury": "Charges with Fury re-roll the charge distance.",
         "Long Spear": "A long spear reaches the second rank.",
         "Banner": "Special Charges cannot be affected by Charge Attributes.",
         "Burst": "Bursts never benefit from any Charge Attributes.",
         "Gallop": "Add 2 to the charge distance."}


def test_a_thing_kept_from_a_kind_in_a_small_system() -> None:
    data = system_data(KINDS, [])
    data["rules"]["demo/Long Spear"]["category"] = "Close Combat Weapon"
    view = stored(data)
    data = resolve(view, "demo", picks("Ram", "Fury", "Long Spear")).to_json()
    assert sorted((r["winner"], r["rules"][1]) for r in data["rulings"]) == [("Ram", "Fury"), ("Ram", "Long Spear")]
    # a sentence whose subject is not the rule's own thing; a rule not of the kind by its category nor its words; the other side's
    assert [r for r in resolve(view, "demo", picks("Banner", "Fury")).to_json()["rulings"] if r["winner"]] == []
    assert [r for r in resolve(view, "demo", picks("Burst", "Gallop")).to_json()["rulings"] if r["winner"]] == []
    assert [r for r in resolve(view, "demo", picks("Ram"), picks("Fury")).to_json()["rulings"] if r["winner"]] == []


# -- enemy units hit where they are, beside a unit that may not be targeted ------------------------------------------------------


def test_a_template_against_an_invisible_model_is_open(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Template", "Invisibility", when=["shooting"]).to_json()
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Invisibility", "Template"]]
    assert question["reason"].startswith("one says a unit may not be targeted or seen, the other lets its attacks reach a unit")
    assert "Enemy units underneath the Template are automatically hit, once for each model underneath." in {c["quote"] for c in question["citations"]}
    # the ruling on what each brought in (Ignores Cover over Stealth) stands beside it: it names the two only as the rules that
    # brought those in, and is no answer on whether the template reaches the invisible model
    assert [(r["winner"], r["rules"][:2]) for r in data["rulings"] if r["winner"]] == [("Ignores Cover", ["Ignores Cover", "Stealth"])]


def test_enemy_units_hit_where_they_are_in_a_small_system() -> None:
    view = system({"Spray": "Enemy units under the spray are automatically hit.", "Veil": "The model cannot be targeted or seen.",
                   "Spotter": "Enemy units within 6 inches are spotted.", "Drill": "The unit is hit on a 4+."}, [])
    assert _open(resolve(view, "demo", picks("Spray"), picks("Veil")).to_json()) == [["Spray", "Veil"]]
    # a unit's own rules: its own veil is no hiding from its own spray; nothing hit; no enemy named
    assert _open(resolve(view, "demo", picks("Spray", "Veil")).to_json()) == []
    assert _open(resolve(view, "demo", picks("Spotter"), picks("Veil")).to_json()) == []
    assert _open(resolve(view, "demo", picks("Drill"), picks("Veil")).to_json()) == []


# -- an obligation to be in a unit, with a clause between ------------------------------------------------------------------------


def test_an_obligation_to_be_deployed_in_a_unit_with_a_clause_between_meets_a_ban_on_joining(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Mechanised Support, Exclusive").to_json()
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Exclusive", "Mechanised Support"]]
    assert "The model must be deployed in, and can only join, a unit that includes at least one R&F model with Infernal Brand." in {
        c["quote"] for c in question["citations"]}


def test_an_obligation_to_be_in_a_unit_with_a_clause_between_in_a_small_system() -> None:
    rules = {"Tethered": "The model must be set up in, and may only join, a unit of its kin.", "Loner": "Loners can never join units.",
             "Herald": "The model must be set up in, as its lord says, and in no other way, a unit of its kin."}
    relations = [rel("must", "Tethered", None, rules["Tethered"], details={"action": "be set up"}, subject="The model"),
                 rel("cannot", "Loner", None, rules["Loner"], details={"action": "join units"}, subject="Loners"),
                 rel("must", "Herald", None, rules["Herald"], details={"action": "be set up"}, subject="The model")]
    view = system(rules, relations)
    assert _open(resolve(view, "demo", picks("Tethered", "Loner")).to_json()) == [["Loner", "Tethered"]]
    # a clause longer than a few words between is no such obligation
    assert _open(resolve(view, "demo", picks("Herald", "Loner")).to_json()) == []


# -- an immunity to a rule of the mission ----------------------------------------------------------------------------------------


def test_an_immunity_to_a_mission_rule_on_its_own_side_is_ruled(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Night Eye, Night Fighting", when=["shooting"]).to_json()
    assert [(r["principle"], r["winner"], r["rules"]) for r in data["rulings"]] == [("immunity", "Night Eye", ["Night Eye", "Night Fighting"])]


def test_an_immunity_to_a_mission_rule_in_a_small_system() -> None:
    rules = {"Owl Sight": "A model with this special rule ignores the effects of Darkness.", "Darkness": "This mission special rule darkens the table.",
             "Gloom": "Models with Gloom are hard to see.", "Dusk Sight": "A model with this special rule ignores the effects of Gloom."}
    relations = [rel("immune-to", "Owl Sight", "Darkness", rules["Owl Sight"], subject="A model with this special rule"),
                 rel("immune-to", "Dusk Sight", "Gloom", rules["Dusk Sight"], subject="A model with this special rule")]
    view = system(rules, relations)
    assert [(r["principle"], r["winner"]) for r in resolve(view, "demo", picks("Owl Sight", "Darkness")).to_json()["rulings"]] == [("immunity", "Owl Sight")]
    # a rule of a model, not of the mission, on one's own side: one's own models are not what the immunity is against
    assert [r for r in resolve(view, "demo", picks("Dusk Sight", "Gloom")).to_json()["rulings"] if r["principle"] == "immunity"] == []


# -- a unit that left the battlefield, and a rule that brings back a unit that was killed ----------------------------------------


def test_running_from_the_battlefield_and_bringing_back_a_killed_unit_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Cowards (2), Directive 1").to_json()
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Cowards (X)", "Directive 1"]]
    assert question["reason"].startswith("one takes the unit off the battlefield other than as a casualty")


def test_a_unit_that_left_the_battlefield_in_a_small_system() -> None:
    view = system({"Skittish": "This unit will flee from the battlefield once half its models are lost.",
                   "Second Wind": "Bring one unit that was killed back to the battlefield.",
                   "Reinforce": "Bring one unit from reserve onto the battlefield.",
                   "Routed": "Casualties are removed from the battlefield at once."}, [])
    assert _open(resolve(view, "demo", picks("Skittish", "Second Wind")).to_json()) == [["Second Wind", "Skittish"]]
    # a unit from reserve was never killed; casualties removed are no unit leaving; each side's own unit
    assert _open(resolve(view, "demo", picks("Skittish", "Reinforce")).to_json()) == []
    assert _open(resolve(view, "demo", picks("Routed", "Second Wind")).to_json()) == []
    assert _open(resolve(view, "demo", picks("Skittish"), picks("Second Wind")).to_json()) == []
