"""Two rules in play that speak of one thing, read in the graph's terms and not by name (issue 22, round 10): a wound one rule
makes several and another acts once for; a roll named by its die and a rule doing what that die decides; a way of deploying two
rules each give; a count of models two rules each set; a rule a side forbids itself that only the other side holds.  And the
other way: two rules that each only give some of a count add up, and do not meet (referee/resolve/same_roll.py).

Each is tested on the real documents and on a small system in other words."""

from __future__ import annotations

import pytest

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system, system_data
from tests.stores import stored



def _open(data: dict) -> list[tuple[list[str], str]]:
    return [(sorted(u["rules"]), u["reason"]) for u in data["unresolved"]]


def _quotes(data: dict, rules: list[str]) -> set[str]:
    return {c["quote"] for u in data["unresolved"] if sorted(u["rules"]) == rules for c in u["citations"]}


# -- a wound made several, and a roll made once for each unsaved wound -----------------------------


def test_a_wound_made_several_and_a_roll_for_each_unsaved_wound_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Multiple Wounds (D3)", "Feel No Pain (5+)", when=["melee"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Feel No Pain", "Multiple Wounds"]
    assert reason == ("one makes an unsaved wound into several, the other acts once for each unsaved wound, and no sentence here says "
                      "whether it acts once for the wound or once for each wound it becomes")
    assert _quotes(data, rules) == {"Each unsaved wound inflicted by this attack deals multiple wounds.",
                                    "Roll a D6 each time an unsaved Wound is suffered."}


# -- a roll named by its die ------------------------------------------------------------------------


def test_a_roll_named_by_its_die_and_a_rule_doing_what_it_decides_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Autohit, Barrage", when=["shooting"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Autohit", "Barrage"] and reason.startswith("both speak of the scatter dice (what they decide")
    assert _quotes(data, rules) >= {"If it would use the scatter die, it never scatters.",
                                    "If so, they can fire even without Line of Sight, but always roll full scatter."}


def test_dice_added_to_a_pool_and_a_limit_on_the_dice_kept_are_open(rulebase: Build) -> None:
    # "Add five dice to the **bad luck pool** showing a 6." beside "You can never store more than one of the same dice results after
    # the improving dice step." (a section on "any of the bad luck dice")
    data = resolve(rulebase, "last-edition", "Directive 5, Improving dice step").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Directive 5", "Improving dice step"] and reason.startswith("both speak of the luck dice")


def test_a_roll_named_by_its_die_in_a_small_system() -> None:
    view = system({"Steady Aim": "A steady gun ignores the drift die: it never drifts.", "Lob": "Lobbed shells always roll for drift.",
                   "Heavy Shell": "A heavy shell needs two dice to wound.", "Spin": "Spin the shell before it lands.",
                   "Hoard": "Add three dice to the fate pool.", "Fickle": "Only one of the fate dice may be spent each turn."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Steady Aim", "Lob")).to_json())
    assert rules == ["Lob", "Steady Aim"]
    # a count of dice is no die's name, and a rule that does not drift meets nothing
    assert _open(resolve(view, "demo", picks("Heavy Shell", "Lob")).to_json()) == []
    assert _open(resolve(view, "demo", picks("Steady Aim", "Spin")).to_json()) == []
    [(rules, _)] = _open(resolve(view, "demo", picks("Hoard", "Fickle")).to_json())  # a pool of dice and those dice
    assert rules == ["Fickle", "Hoard"]
    assert _open(resolve(view, "demo", picks("Hoard", "Lob")).to_json()) == []


# -- two ways of deploying one unit -----------------------------------------------------------------


def test_two_ways_of_deploying_one_unit_are_open(rulebase: Build) -> None:
    # "The model cannot be deployed during the Deployment Phase. Instead, ..." beside "Units with Ambush may be deployed using
    # Special Deployment rules."
    data = resolve(rulebase, "t9a", "Hidden, Ambush").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Ambush", "Hidden"] and reason.startswith("both say how or when the unit is deployed other than in the normal way")
    # two ways each offered ("Units with Scout may be deployed using Special Deployment rules", "Units with Ambush may be deployed
    # using Special Deployment rules"): no sentence says whether a unit may be declared for both, or which it takes (round 14's
    # r14-t9a-bsdata-520); this test pinned them as the player's choice, which no sentence gives
    [(rules, reason)] = _open(resolve(rulebase, "t9a", "Scout, Ambush").to_json())
    assert rules == ["Ambush", "Scout"] and reason.startswith("both say how or when the unit is deployed other than in the normal way")


def test_ways_of_deploying_in_a_small_system() -> None:
    view = system({"Tunnellers": "Tunnellers may be deployed later, by digging up.",
                   "Lurkers": "Lurkers cannot be deployed during deployment. They arrive from turn 3.",
                   "Drilled": "The unit must be deployed in a block.", "Sneaky": "Sneaky units may be deployed last."}, [])
    [(rules, reason)] = _open(resolve(view, "demo", picks("Tunnellers", "Lurkers")).to_json())
    assert rules == ["Lurkers", "Tunnellers"] and "deployed" in reason
    assert _open(resolve(view, "demo", picks("Tunnellers", "Drilled")).to_json()) == []  # how it stands, not how it comes
    # two ways offered, and no sentence says whether the unit may take both or which: open, not the player's choice
    [(rules, _)] = _open(resolve(view, "demo", picks("Tunnellers", "Sneaky")).to_json())
    assert rules == ["Sneaky", "Tunnellers"]
    assert _open(resolve(view, "demo", picks("Tunnellers"), picks("Lurkers")).to_json()) == []  # each side deploys its own


# -- how many models a model counts as --------------------------------------------------------------


def test_a_model_counted_as_more_and_all_counted_normally_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Objectives, Objective security", "Objective security").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Objective security", "Objectives"] and reason.startswith("both say how many models a model counts as")
    assert _quotes(data, rules) >= {"If both sides got the keyword just count all models normally."}
    # the both-sides clause is still the rule's own word on both sides
    assert "both-sides" in [r["principle"] for r in data["rulings"]]


def test_models_counted_in_a_small_system() -> None:
    view = system({"Big Banner": "A model near the banner counts as two models for holding ground.",
                   "Level Field": "On a level field count all models normally.", "Muster": "Count the models in the unit."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Big Banner"), picks("Level Field")).to_json())
    assert rules == ["Big Banner", "Level Field"]
    assert _open(resolve(view, "demo", picks("Big Banner"), picks("Muster")).to_json()) == []


# -- a rule a side forbids itself, which only the other side holds ----------------------------------


def test_a_prohibition_of_a_rule_only_the_other_side_has_is_open(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Big Brother, Stomp Attacks (D3)", "Cannot be Stomped", when=["melee"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Cannot be Stomped", "Stomp Attacks"]
    assert reason.startswith("one forbids its own side a rule that only the other side has here")
    assert _quotes(data, rules) == {"Cannot use Stomp Attacks"}
    # where its own side holds the rule, the prohibition binds its own side, and that is all
    data = resolve(rulebase, "t9a", "Cannot be Stomped, Stomp Attacks (D3)", when=["melee"]).to_json()
    assert [o for o in _open(data) if "Cannot be Stomped" in o[0]] == []


def test_a_prohibition_of_the_other_sides_rule_in_a_small_system() -> None:
    ban = rel("cannot", "Slippery", "Grapple", "A slippery model may not Grapple.", details={"action": "Grapple"})
    view = system({"Slippery": ban["citation"]["sentence"], "Grapple": "Grappling models hold their foe fast.", "Claws": "+1 Attack."}, [ban])
    [(rules, _)] = _open(resolve(view, "demo", picks("Grapple"), picks("Slippery")).to_json())
    assert rules == ["Grapple", "Slippery"]
    assert _open(resolve(view, "demo", picks("Claws"), picks("Slippery")).to_json()) == []


# -- and the other way: two rules that only give some of a count ------------------------------------


def test_two_rules_that_each_give_some_of_a_count_do_not_meet(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Painting an army, Models that communicate").to_json()
    assert data["unresolved"] == []
    data = system_data({"Tidy Camp": "A tidy camp scores 2VP.", "Bold Flag": "The flag scores 3VP at the end.",
                        "Greedy": "Double all VP you score this turn.", "Capped": "No more than 5VP can be scored from camps."}, [])
    data["core_terms"] = {"demo": ["vp"]}
    view = stored(data)
    assert resolve(view, "demo", picks("Tidy Camp", "Bold Flag")).to_json()["unresolved"] == []
    for other in ("Greedy", "Capped"):
        [(rules, _)] = _open(resolve(view, "demo", picks("Tidy Camp", other)).to_json())
        assert rules == sorted(["Tidy Camp", other])


# -- a named move one rule makes, which another's "has made ..." names --------------------------------


def test_a_move_one_rule_makes_and_another_heeds_by_name_are_open(rulebase: Build) -> None:
    # "The unit makes a Reform with the following exceptions: ... not prohibited from shooting" beside "The attack may not be used
    # if the attacking model has made an Advance Move, March Move, Reform or Pivot"
    data = resolve(rulebase, "t9a", "Swift Reform, Move or Fire", when=["moved", "shooting"]).to_json()
    [(rules, reason)] = [o for o in _open(data) if o[0] == ["Move or Fire", "Swift Reform"]]
    assert reason.startswith("one speaks of whether the unit has made a move it names, the other makes that move in a way of its own")


def test_a_named_move_made_in_a_small_system() -> None:
    view = system({"Quickstep": "The unit makes a Dash Move, and may still fire afterwards.",
                   "Heavy Gun": "The gun may not fire if the model has made a Dash Move this turn.",
                   "Parade": "The unit makes a Wheel Move around its leader."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Quickstep", "Heavy Gun")).to_json())
    assert rules == ["Heavy Gun", "Quickstep"]
    assert _open(resolve(view, "demo", picks("Parade", "Heavy Gun")).to_json()) == []  # a move the gun's words do not name


# -- points one rule gives and another caps ------------------------------------------------------------


def test_points_one_rule_gives_and_another_caps_are_open(rulebase: Build) -> None:
    # "Gain **+4 leader points** this turn." beside "... filling up all the leader points to the maximum number they had ..."
    data = resolve(rulebase, "last-edition", "Directive 8, Command phase").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["COMMAND PHASE", "Directive 8"] and reason.startswith("one gives leader points, the other caps them")


def test_points_given_and_capped_in_a_small_system() -> None:
    view = system({"Rousing Speech": "Gain +2 courage points at once.", "Steady Nerve": "A unit can never have more than 3 courage points.",
                   "Pep Talk": "Gain 1 courage point each turn.", "Tithe": "Gain +2 gold points."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Rousing Speech", "Steady Nerve")).to_json())
    assert rules == ["Rousing Speech", "Steady Nerve"]
    assert _open(resolve(view, "demo", picks("Rousing Speech", "Pep Talk")).to_json()) == []  # two that give add up
    assert _open(resolve(view, "demo", picks("Tithe", "Steady Nerve")).to_json()) == []  # another kind of points


# -- two numbers of one thing a model has or knows ------------------------------------------------------


def test_two_numbers_of_spells_known_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Wizard Apprentice, Wizard Adept").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Wizard Adept", "Wizard Apprentice"] and reason.startswith("both say how many spells the model knows, with different numbers")


def test_numbers_of_one_thing_in_a_small_system() -> None:
    view = system({"Novice": "Knows 1 chant.", "Cantor": "Knows 3 different chants.", "Choir": "Knows 3 chants.",
                   "Sturdy": "Has 2 Wounds."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Novice", "Cantor")).to_json())
    assert rules == ["Cantor", "Novice"]
    assert _open(resolve(view, "demo", picks("Cantor", "Choir")).to_json()) == []  # the same number agrees
    assert _open(resolve(view, "demo", picks("Novice"), picks("Cantor")).to_json()) == []  # each side's own model


# -- where one rule's own sentence settles what both speak of ---------------------------------------------


@pytest.fixture(scope="module")
def army(bsdata_t9a: Build) -> Build:
    """The BattleScribe sample of the Ninth Age, imported as a system of its own (its Unwieldy has the words): built once per run."""
    return bsdata_t9a


def test_a_rules_own_word_on_being_combined_with_the_other_prevails(army: Build) -> None:
    # Unwieldy: "When combined with Quick to Fire, the attack can only ignore the normal -1 to-hit modifier from Moving and
    # Shooting, not the additional -1 to-hit modifier from Unwieldy."
    data = resolve(army, "t9a", "Quick to Fire, Unwieldy", when=["shooting", "moved"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Unwieldy"]
    assert ruling["rules"] == ["Unwieldy", "Quick to Fire"] and ruling["principle"] == "explicit-exception"
    assert ruling["relation"]["quote"].startswith("When combined with Quick to Fire, the attack can only ignore the normal -1")
    assert not [u for u in data["unresolved"] if set(u["rules"]) == {"Unwieldy", "Quick to Fire"}]


def test_an_automatic_pass_beside_a_change_of_how_the_test_is_taken(rulebase: Build) -> None:
    # "automatically passes Dangerous Terrain Tests taken due to Terrain" beside "must roll an additional D6 when taking Dangerous
    # Terrain Tests": where the unit moves (round 4's and round 11's writers, --when moved) the pass settles it, as far as its
    # words reach; asked with no move (round 8's writers) the question stays open (tests/resolve/test_passed_outright.py)
    data = resolve(rulebase, "t9a", "Chariot, Ghost Step", when=["moved"]).to_json()
    assert not _open(data)
    assert [r["winner"] for r in data["rulings"] if r["winner"]] == ["Ghost Step"]
    data = resolve(rulebase, "t9a", "Chariot, Ghost Step").to_json()
    assert [rules for rules, _ in _open(data)] == [["Chariot", "Ghost Step"]]
    assert not [r for r in data["rulings"] if r["winner"]]


def test_own_words_that_settle_in_a_small_system() -> None:
    view = system({"Longshot": "When combined with Rapid Fire, the gun can only fire once at -1 to hit.",
                   "Rapid Fire": "The gun fires twice, at -1 to hit.", "Mention": "Unlike Rapid Fire, this gun gets -1 to hit."}, [])
    [ruling] = resolve(view, "demo", picks("Longshot", "Rapid Fire")).to_json()["rulings"]
    assert (ruling["winner"], ruling["relation"]["quote"]) == ("Longshot", "When combined with Rapid Fire, the gun can only fire once at -1 to hit.")
    data = resolve(view, "demo", picks("Mention", "Rapid Fire")).to_json()  # a name alone says nothing of which prevails
    assert data["rulings"] == [] and [sorted(u["rules"]) for u in data["unresolved"]] == [["Mention", "Rapid Fire"]]


def test_a_rule_named_after_its_dice_does_not_meet_others_by_them_in_a_small_system() -> None:
    view = system({"Rolling Fate Dice": "At the start of the turn roll three fate dice.", "Fate Ward": "Spend a fate die to stop a spell.",
                   "Hoard": "Add three dice to the fate pool."}, [])
    assert _open(resolve(view, "demo", picks("Rolling Fate Dice", "Fate Ward")).to_json()) == []
    [(rules, _)] = _open(resolve(view, "demo", picks("Hoard", "Fate Ward")).to_json())
    assert rules == ["Fate Ward", "Hoard"]


def test_a_rule_brought_in_by_an_open_question_still_meets_the_other(rulebase: Build) -> None:
    # Fear came in through Terror, whose open question with Frenzy is of the Flee; Frenzy's +2 Discipline and Fear's test are
    # another thing, and still open (only a ruling with a winner answers for what its rule brought in)
    data = resolve(rulebase, "t9a", "Frenzy", "Terror", when=["charged"]).to_json()
    assert {"Fear + Frenzy", "Frenzy + Terror"} <= {" + ".join(rules) for rules, _ in _open(data)}


# -- a limit one rule sets and another says it is not held to --------------------------------------------


def test_a_rule_not_limited_to_the_number_another_caps_prevails(rulebase: Build) -> None:
    # "This role is not limited to a maximum of 3 units of the same type." beside "The same unit can only be selected up to 3 times
    # in the army."
    data = resolve(rulebase, "last-edition", "Base -1 {unit}, Models/Armies").to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"]]
    assert ruling["rules"] == ["Base -X {unit}", "Models/Armies"]
    assert ruling["relation"]["quote"].endswith("This role is not limited to a maximum of 3 units of the same type.")
    assert data["unresolved"] == []


def test_limits_in_a_small_system() -> None:
    view = system({"Muster": "Each banner can be taken up to 2 times in the host.", "Levy": "Levies are not limited to 2 banners.",
                   "Guard": "A guard may have at most 2 banners.", "Horde": "A horde is not limited to 5 ranks."}, [])
    [ruling] = resolve(view, "demo", picks("Levy", "Muster")).to_json()["rulings"]
    assert (ruling["winner"], ruling["relation"]["quote"]) == ("Levy", "Levies are not limited to 2 banners.")
    assert resolve(view, "demo", picks("Guard", "Muster")).to_json()["rulings"] == []  # two limits of one number agree
    assert resolve(view, "demo", picks("Horde", "Muster")).to_json()["rulings"] == []  # another number


# -- a value a granting rule holds, beside the rule's own pick among its instances ---------------------------------


def test_a_value_that_cannot_be_increased_beside_use_the_highest_is_open(rulebase: Build) -> None:
    # Theocratic Litigators: "gain Magic Resistance (2) ... This Magic Resistance value cannot be increased." beside Magic
    # Resistance's "If there are different X values that could be used, use the highest value."
    data = resolve(rulebase, "t9a", "Theocratic Litigators, Magic Resistance (3)").to_json()
    [question] = [u for u in data["unresolved"] if "Theocratic Litigators" in u["rules"]]
    assert sorted(question["rules"]) == ["Magic Resistance", "Theocratic Litigators"]
    assert "This Magic Resistance value cannot be increased." in {c["quote"] for c in question["citations"]}
    assert not [r for r in data["rulings"] if r["principle"] == "stacking" and r["rules"] == ["Magic Resistance"]]
    # the rule's own pick stands where no granting rule holds its value
    data = resolve(rulebase, "t9a", "Magic Resistance (1), Magic Resistance (2)").to_json()
    assert [r["principle"] for r in data["rulings"] if r["rules"] == ["Magic Resistance"]][:1] == ["stacking"]


def test_a_held_value_in_a_small_system() -> None:
    pick = rel("stacks", "Ward", None, "If a model has several Ward values, use the highest value.", details={"mode": "highest"})
    gift = rel("grants", "Blessing", "Ward", "The model gains Ward (2). This Ward value cannot be increased.")
    gift["details"] = {"params": "2"}
    view = system({"Ward": pick["citation"]["sentence"], "Blessing": gift["citation"]["sentence"]}, [pick, gift])
    data = resolve(view, "demo", picks("Blessing", ("Ward", ("3",)))).to_json()
    [(rules, _)] = _open(data)
    assert rules == ["Blessing", "Ward"]


# -- attacks a rule sets beside attacks another adds; a rule heeding whether the unit did what another rule is -------------


def test_a_number_of_attacks_set_and_attacks_added_are_open(rulebase: Build) -> None:
    # "This means models make Y attacks with this weapon on half range." beside "This means that this weapon attacks an additional
    # X times for every Y models in the target unit." (keywords that "can be combined": one weapon, so both hold, and how is open)
    data = resolve(rulebase, "last-edition", "Ranged 2 spray&prey 4/splash 5", when=["shooting"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Ranged X splash Y", "Ranged X spray&prey Y"] and reason.startswith("one sets how many attacks are made, the other adds")


def test_attacks_set_and_added_in_a_small_system() -> None:
    view = system({"Volley": "Archers make 3 attacks at long range.", "Hail": "The bow attacks an additional 2 times against hordes.",
                   "Storm": "Slingers make 2 attacks at close range.", "Frenzied": "The model makes an extra attack on the charge."}, [])
    for other in ("Hail", "Frenzied"):
        [(rules, _)] = _open(resolve(view, "demo", picks("Volley", other)).to_json())
        assert rules == sorted(["Volley", other])
    assert _open(resolve(view, "demo", picks("Volley", "Storm")).to_json()) == []  # two numbers set, each its own
    assert _open(resolve(view, "demo", picks("Hail", "Frenzied")).to_json()) == []  # two that add


def test_a_rule_heeding_whether_the_unit_did_what_another_rule_is_is_open(rulebase: Build) -> None:
    # Charging's "4.The model did not fall back last turn." beside Fall back
    data = resolve(rulebase, "last-edition", "Fall back, Charging").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Charging", "Fall back"] and reason.startswith("one heeds whether the unit did Fall back, at a time its words name")
    view = system({"Assault": "A unit may assault if it did not dig in this turn.", "Dig In": "The unit digs trenches.", "Dig": "Dig."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Assault", "Dig In")).to_json())
    assert rules == ["Assault", "Dig In"]
    assert _open(resolve(view, "demo", picks("Assault"), picks("Dig In")).to_json()) == []  # the other side's unit
    assert _open(resolve(view, "demo", picks("Assault", "Dig")).to_json()) == []  # one common word is no rule's name said so


def test_acting_no_more_this_phase_and_a_shot_even_if_not_activated_are_open(rulebase: Build) -> None:
    # "A player that passes can no longer act with units in this phase." beside "can be shot against charging units even if this
    # unit was not activated this phase"
    data = resolve(rulebase, "last-edition", "Ranged 2 counterfire, Passing").to_json()
    [(rules, reason)] = [o for o in _open(data) if "Passing" in o[0]]
    assert rules == ["Passing", "Ranged X counterfire"] and reason.startswith("one says the unit acts no more in this phase")
    view = system({"Spent": "A unit that has fired cannot act again this phase.", "Snap Shot": "It may fire even if it has already acted.",
                   "Ready": "It may fire twice."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Spent", "Snap Shot")).to_json())
    assert rules == ["Snap Shot", "Spent"]
    assert _open(resolve(view, "demo", picks("Spent", "Ready")).to_json()) == []


def test_a_rule_heeding_whether_the_unit_shot_and_a_shot_in_a_phase_of_its_own_are_open(rulebase: Build) -> None:
    # Charging's "2.They have not made shooting attacks this turn." beside "this weapon can be shot in the charge phase ..."
    data = resolve(rulebase, "last-edition", "Ranged 3 charge 1, Charging").to_json()
    [(rules, reason)] = [o for o in _open(data) if "Charging" in o[0]]
    assert rules == ["Charging", "Ranged X charge Y"] and reason.startswith("one heeds whether the unit made shooting attacks")
    view = system({"Assault": "A unit may assault if it has not shot this turn.", "Overwatch Gun": "The gun can be shot in the enemy phase.",
                   "Rifle": "The rifle can be shot at long range."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Assault", "Overwatch Gun")).to_json())
    assert rules == ["Assault", "Overwatch Gun"]
    assert _open(resolve(view, "demo", picks("Assault", "Rifle")).to_json()) == []  # a shot in no phase of its own


def test_two_suits_of_armour_where_a_model_wears_a_single_one_are_open(army: Build) -> None:
    # "A model part can only wear a single Suit of Armour." (of Light Armour, and of Heavy Armour); a Shield is no suit
    data = resolve(army, "t9a", "Light Armour, Heavy Armour").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Heavy Armour", "Light Armour"]
    assert reason == ("a model may have only one Suit of Armour, both rules are one, and no sentence here says which one it has (never "
                      "both)")
    assert _quotes(data, rules) == {"A model part can only wear a single Suit of Armour."}
    assert _open(resolve(army, "t9a", "Light Armour, Shield").to_json()) == []


def test_an_attack_made_as_the_unit_makes_a_named_move_beside_a_rule_heeding_that_move_is_open(army: Build) -> None:
    # Sweeping Attack's "When the unit Advance Moves or March Moves, ..." beside Move or Fire's "... has made an Advance Move, March Move"
    data = resolve(army, "t9a", "Sweeping Attack, Move or Fire", when=["moved"]).to_json()
    [(rules, reason)] = [o for o in _open(data) if "Sweeping Attack" in o[0]]
    assert rules == ["Move or Fire", "Sweeping Attack"] and reason.startswith("one speaks of whether the unit has made a move it names")
    view = system({"Strafe": "When the unit Dash Moves, it may shoot once.", "Steady": "It may not shoot if it has made a Dash Move this turn.",
                   "Stroll": "When the unit Walk Moves, it may shoot once."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Strafe", "Steady")).to_json())
    assert rules == ["Steady", "Strafe"]
    assert _open(resolve(view, "demo", picks("Stroll", "Steady")).to_json()) == []  # a move the heeding sentence does not name


def test_two_rules_overriding_one_rule_not_in_play_are_open(army: Build) -> None:
    # Pathmaster's "This rule overrides the Spell Selection rules connected to being Wizard Apprentice, Apprentice or Master." and
    # Protean Magic's "... for Wizard Apprentices, Adepts, and Masters.": each says what holds instead, and which does, no sentence
    data = resolve(army, "t9a", "Pathmaster, Protean Magic").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Pathmaster", "Protean Magic"]
    assert reason == ("Pathmaster and Protean Magic each set aside what Wizard Apprentice, Wizard Master says with their own words, and "
                      "no sentence says which of the two holds in its place")
    override = [rel("overrides", name, "Drill", "This rule overrides the Drill rules.") for name in ("Zeal", "Calm")]
    view = system({"Zeal": "Charge at once. This rule overrides the Drill rules.", "Calm": "Hold. This rule overrides the Drill rules.",
                   "Drill": "Units march in step.", "Rest": "Units sleep."}, override)
    [(rules, _)] = _open(resolve(view, "demo", picks("Zeal", "Calm")).to_json())
    assert rules == ["Calm", "Zeal"]
    assert _open(resolve(view, "demo", picks("Zeal", "Rest")).to_json()) == []  # one overrides, the other does not
    assert _open(resolve(view, "demo", picks("Zeal"), picks("Calm")).to_json()) == []  # each side's own


def test_a_model_held_to_a_unit_beside_a_prohibition_of_joining_units_is_open(army: Build) -> None:
    # Attached's "The model must be deployed in a unit." beside "Models with Exclusive without any brackets can never join units ..."
    data = resolve(army, "t9a", "Attached, Exclusive").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Attached", "Exclusive"] and reason.startswith("one rule holds the model to a unit, the other forbids it to join units")
    assert _open(resolve(army, "t9a", "Attached, Exclusive (Elves)").to_json()) == []  # that sentence is for no brackets
    must = rel("must", "Escort", None, "The model must be deployed in a unit.", details={"action": "be deployed"}, subject="The model")
    alone = rel("cannot", "Loner", None, "A Loner cannot join units.", details={"action": "join units"}, subject="A Loner")
    march = rel("cannot", "Slow", None, "A slow model cannot march.", details={"action": "march"}, subject="A slow model")
    view = system({"Escort": "The model must be deployed in a unit.", "Loner": "A Loner cannot join units.", "Slow": "A slow model cannot march."},
                  [must, alone, march])
    [(rules, _)] = _open(resolve(view, "demo", picks("Escort", "Loner")).to_json())
    assert rules == ["Escort", "Loner"]
    assert _open(resolve(view, "demo", picks("Escort", "Slow")).to_json()) == []
