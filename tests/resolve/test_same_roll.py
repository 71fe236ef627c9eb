"""Rules of one side that speak of the same rule, roll or choice, met where the graph reads a relation
between them (issue 22, round 4): a rule that takes another out of play; a test forced on the one the
rule's weapon strikes, which the other side passes; a prohibition of an action and the side's ways of
doing it; a general exemption from a test and the obligations of the rule's parts.

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
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Fearless" and r["principle"] == "immunity"]
    assert (ruling["principle"], ruling["rules"][:2]) == ("immunity", ["Fearless", "Pinning"])
    # and what follows a failed Pinning test binds the one who took it: Fearless cannot Go to Ground
    [ground] = [r for r in data["rulings"] if r["winner"] == "Fearless" and r["principle"] == "cannot-beats-can"]
    # Fearless's own words settle it ("They cannot Go to Ground for any reason, however."): no convention
    assert ground["outcome"] == ("Fearless cannot Go to Ground: Pinning's obligation to Go to Ground, if the unit fails the test, yields "
                                 "(as Fearless's own words say; its words: \"for any reason\")")
    assert ground["relation"]["quote"] == "They cannot Go to Ground for any reason, however."
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


# -- a prohibition of an action, and the side's rules that are ways of doing it -------------------






def test_advancing_prevails_over_weapons_whose_use_it_forbids(rulebase: Build) -> None:
    # (Ranged X charge Y's "can be shot in the charge phase" names a time of its own beside Advancing's
    # "in the following battle phase": open since round 9, tests/resolve/test_relative_times.py)
    cases = [
        ("Advancing, Ranged 2 heavy", ["shooting"], "Ranged X heavy", 865),
        ("Advancing, Melee 2 charge 1", ["charging", "melee"], "Melee X charge Y", 893),
    ]
    for keywords, when, weapon, line in cases:
        data = resolve(rulebase, "last-edition", keywords, when=when).to_json()
        [ruling] = [r for r in data["rulings"] if r["winner"] == "Advancing" and weapon in r["rules"]]
        assert ruling["principle"] == "cannot-beats-can"
        assert [(c["name"], c["line"]) for c in ruling["citations"]] == [("Advancing", 471), (weapon, line)]
        # the weapon's words state no case of their own: Advancing's words cover it, and are the relation
        assert ruling["relation"]["quote"] == "Units that used the advance move are unable to shoot or fight in the following battle phase."


def test_a_permission_in_a_case_of_its_own_against_a_prohibition_bounded_in_time_is_open(rulebase: Build) -> None:
    # counterfire's "even if this unit was not activated this phase" and Advancing's "in the following
    # battle phase" both speak of when it shoots, and neither says which prevails (round 4, r4-last-edition-501)
    for when in ([], ["moved", "charged"], ["moved", "shooting"]):
        data = resolve(rulebase, "last-edition", "Advancing, Ranged 2 counterfire", when=when).to_json()
        assert not [r for r in data["rulings"] if r["winner"] and "Ranged X counterfire" in r["rules"]], when
        [open_] = [u for u in data["unresolved"] if "Ranged X counterfire" in u["rules"]]
        assert open_["rules"] == ["Advancing", "Ranged X counterfire"]
        assert [(c["name"], c["line"]) for c in open_["citations"]] == [("Advancing", 471), ("Ranged X counterfire", 861)]
        assert open_["convention"].startswith("by the referee's convention (cannot beats must: ")
        assert "lets it shoot in a case of its own (\"this unit was not activated this phase\")" in open_["convention"]
        # the situation does not say it shoots, or it is open: the weapon stays in play
        assert all(e["set_aside"] is None for e in data["in_play"]["self"])


WINDED = rel("cannot", "Winded", None, "A unit that sprinted cannot shoot or fight this turn.", subject="A unit that sprinted",
             details={"action": "shoot"})


def _winded(**rules: str) -> dict:
    view_rules = {"Winded": WINDED["citation"]["sentence"], **rules}
    from tests.resolve.test_principles import system_data
    from tests.stores import stored

    data = system_data(view_rules, [WINDED])
    if "Throwing Axe" in rules:
        data["rules"]["demo/Throwing Axe"]["parent"] = "demo/Missile weapons"
    return rulings(stored(data), picks("Winded", *rules))


def test_ways_of_shooting_in_other_words() -> None:
    sling = _winded(**{"Sling Staff": "This weapon can fire over friendly units."})
    assert brief(sling) == [("cannot-beats-can", "Winded", ["Winded", "Sling Staff"])]
    axe = _winded(**{"Throwing Axe": "+1 Strength.", "Missile weapons": "Weapons that are thrown or shot."})
    assert brief(axe) == [("cannot-beats-can", "Winded", ["Winded", "Throwing Axe"])]
    # a rule that is no way of shooting, and one whose permission is not its own use
    assert brief(_winded(Buckler="A buckler gives +1 Armour.", Spotter="Friendly units can shoot at targets it sees.")) == []


# -- a general exemption of a rule binds the obligations of its parts ----------------------------


def test_a_fleeing_unit_takes_no_panic_test_for_heavy_casualties(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Heavy casualties", when=["fleeing"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Panic tests" and "fleeing" in r["citations"][0]["quote"]]
    assert (ruling["principle"], ruling["rules"]) == ("cannot-beats-can", ["Panic tests", "Heavy casualties"])
    assert ruling["outcome"] == ("Panic tests (the rule Heavy casualties is a part of): A unit cannot take a Panic test, so Heavy casualties's "
                                 "obligation to take a Panic test, if it loses 25% or more of the models with which it started the phase, yields")
    assert [(c["name"], c["line"], c["column"]) for c in ruling["citations"]] == [("Panic tests", 41, 6), ("Heavy casualties", 47, 1)]
    # in close combat, the exemption of a unit in close combat; "test for panic" is taking a Panic test
    melee = resolve(rulebase, "whfb-house", "Nearby friend breaks", when=["melee"]).to_json()
    assert any(r["winner"] == "Panic tests" and r["citations"][0]["line"] == 40 for r in melee["rulings"])
    # where the situation says neither, those two exemptions do not apply
    plain = resolve(rulebase, "whfb-house", "Heavy casualties").to_json()
    assert {r["citations"][0]["line"] for r in plain["rulings"] if r["winner"] == "Panic tests"} == {39, 43}


def _break_tests(when: tuple[str, ...]) -> dict:
    from tests.resolve.test_principles import system_data
    from tests.stores import stored

    exempt = rel("cannot", "Break tests", None, "Units do not take Break tests while they are in close combat.", subject="Units",
                 details={"action": "take Break tests"}, conditions=(("melee", None, "in close combat"),))
    forced = rel("must", "Flank attack", None, "A unit attacked in the flank must test for break.", subject="A unit",
                 details={"action": "test for break"})
    data = system_data({"Break tests": exempt["citation"]["sentence"], "Flank attack": forced["citation"]["sentence"]}, [exempt, forced])
    data["rules"]["demo/Flank attack"]["parent"] = "demo/Break tests"
    return rulings(stored(data), picks("Flank attack"), when=when)


def test_a_parts_obligation_yields_to_its_parents_exemption_in_other_words() -> None:
    assert brief(_break_tests(("melee",))) == [("cannot-beats-can", "Break tests", ["Break tests", "Flank attack"])]
    assert brief(_break_tests(("shooting",))) == []


# -- a value set, and how its own words say it stands to other rules' values of the stat ----------


def test_fleshbane_prevails_over_poisoned_by_poisoned_s_own_words(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Fleshbane, Poisoned (4+)", when=["melee"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Fleshbane"]
    assert (ruling["principle"], ruling["rules"]) == ("explicit-exception", ["Fleshbane", "Poisoned"])
    assert ruling["outcome"] == ("to-wound: Poisoned sets 4+ unless a lower result would be required, as its own words say; "
                                 "Fleshbane sets 2+, so Fleshbane's 2+ applies")
    assert [(c["name"], c["column"]) for c in ruling["citations"]] == [("Fleshbane", 14587), ("Poisoned", 27324)]
    [wound] = [m for m in data["modifiers"] if m["stat"] == "to-wound"]
    assert wound["value"] == "=2+"
    assert data["unresolved"] == []
    # a higher number than Poisoned's own does not prevail over it: it stays open, as before
    sniper = resolve(rulebase, "scrollhammer", "Sniper, Poisoned (3+)", when=["shooting"]).to_json()
    assert not [r for r in sniper["rulings"] if r["winner"] == "Sniper" and "Poisoned" in r["rules"]]


def test_a_supporting_attack_is_one_attack_whatever_the_second_hand_weapon_gives(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Supporting Attacks, Second Hand Weapon", when=["melee"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "explicit-exception"]
    assert (ruling["winner"], ruling["rules"]) == ("Supporting Attacks", ["Supporting Attacks", "Second Hand Weapon"])
    assert ruling["outcome"] == ("Attacks: Supporting Attacks sets it to 1 regardless of other rules' modifiers, as its own words say: "
                                 "Second Hand Weapon +1 does not change it")
    assert [(c["name"], c["line"]) for c in ruling["citations"]] == [("Supporting Attacks", 212), ("Second Hand Weapon", 232)]
    assert {m["stat"]: m["value"] for m in data["modifiers"]} == {"Attacks": "=1", "Initiative": "+1"}


def _values(*parts: tuple[str, str, str]) -> dict:
    """A small system whose rules set or modify the to-wound roll: (rule, value, the detail of its standing)."""
    relations = []
    for name, value, standing in parts:
        details = {"stat": "to-wound", "value": value}
        if standing:
            details.update([standing.split("=")])
        relations.append(rel("modifies", name, None, f"{name} sets the roll.", details=details))
    view = system({name: f"{name} sets the roll." for name, _, _ in parts}, relations)
    return rulings(view, picks(*(name for name, _, _ in parts)))


def test_values_set_in_other_words_in_a_small_system() -> None:
    assert brief(_values(("Venom", "=5+", "yields=lower"), ("Hex", "=3+", ""))) == [("explicit-exception", "Hex", ["Hex", "Venom"])]
    # a higher number: Venom's own words do not let it yield, and nothing else says which applies
    higher = _values(("Venom", "=3+", "yields=lower"), ("Hex", "=5+", ""))
    assert brief(higher) == [] and [u["rules"] for u in higher["unresolved"]] == [["Venom", "Hex"]]
    assert brief(_values(("Drill", "=1", "over=others"), ("Frenzy", "+1", ""))) == [("explicit-exception", "Drill", ["Drill", "Frenzy"])]
    # no standing said: a value set beside a modifier stays open
    open_ = _values(("Drill", "=1", ""), ("Frenzy", "+1", ""))
    assert not [r for r in open_["rulings"] if r["winner"]] and [u["rules"] for u in open_["unresolved"]] == [["Drill", "Frenzy"]]


# -- a part's permission, by its whole's name, that holds only out of close combat ---------------


def test_a_breath_weapons_shooting_attack_is_not_made_in_close_combat(rulebase: Build) -> None:
    melee = resolve(rulebase, "whfb-house", "Breath Weapon Shooting Attack", when=["melee"]).to_json()
    [entry] = melee["in_play"]["self"]
    assert entry["set_aside"] == "Breath Weapon Shooting Attack applies only when the model is not in close combat, and the situation says --when melee"
    [idle] = [i for i in melee["in_play"]["inactive"] if i["relation"] == "can"]
    assert (idle["citation"]["line"], idle["citation"]["column"]) == (291, 1)
    assert idle["citation"]["quote"] == "Provided the model is not in close combat, it can use its Breath Weapon during its Shooting phase."
    shooting = resolve(rulebase, "whfb-house", "Breath Weapon Shooting Attack", when=["shooting"]).to_json()
    assert shooting["in_play"]["self"][0]["set_aside"] is None


def test_other_phrasings_of_a_permission_out_of_close_combat() -> None:
    from referee.resolve.scope import own_turn_condition

    assert own_turn_condition("Provided the model is not in close combat, it can use its Flamer.", "Flamer") == "not melee"
    assert own_turn_condition("A unit with this special rule may shoot while it is not engaged in combat.", "Skirmish") == "not melee"
    assert own_turn_condition("Models that aren't in close combat can use their Javelins.", "Javelins") == "not melee"
    # a permission of another rule, or in close combat itself, is no gate of this one out of combat
    assert own_turn_condition("Provided the model is not in close combat, it can use its Flamer.", "Javelins") is None
    assert own_turn_condition("A unit with this special rule may fight in close combat with two ranks.", "Spears") is None


# -- "having X does not prevent it from ...": the rule that says so prevails over X ---------------


def test_a_war_platform_chariot_is_not_kept_out_of_units_by_exclusive(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Chariot, War Platform").to_json()
    over = {(r["winner"], r["rules"][1]): r for r in data["rulings"] if r["winner"] == "War Platform"}
    assert set(over) == {("War Platform", "Exclusive"), ("War Platform", "Chariot")}
    exclusive = over[("War Platform", "Exclusive")]
    assert exclusive["outcome"] == "War Platform prevails over Exclusive, as far as the quoted words say (Exclusive via Chariot)"
    assert [(c["name"], c["line"], c["column"]) for c in exclusive["citations"]] == [("War Platform", 402, 1), ("Chariot", 33, 1)]
    # "even if it has Towering Presence" concedes: the glossary's sentence holds without Towering Presence
    assert over[("War Platform", "Chariot")]["conditions"] == []


# -- several instances of which the rule's own words let one be used at a time -------------------


def test_two_breath_weapons_are_used_one_at_a_time(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Breath Weapon, Breath Weapon").to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "stacking"]
    assert ruling["outcome"] == "Breath Weapon and Breath Weapon: only one of them can be used at a time, as the rule's own words say"
    assert [(c["line"], c["column"], c["quote"]) for c in ruling["citations"]] == [
        (287, 253, "In the event that a model has more than one Breath Weapon attack, it is permitted to use only one in a single turn.")]


def test_one_at_a_time_in_a_small_system() -> None:
    said = "A model with several Totems can only use one Totem in a single turn."
    one = rel("stacks", "Totem", None, said, details={"mode": "one"})
    data = rulings(system({"Totem": said}, [one]), picks(("Totem", ("1",)), ("Totem", ("2",))))
    assert brief(data) == [("stacking", None, ["Totem"])]
    assert data["rulings"][0]["outcome"] == "Totem (1) and Totem (2): only one of them can be used at a time, as the rule's own words say"
    assert data["unresolved"] == []


def test_a_war_machine_that_cannot_pursue_is_still_moved_by_random_movement(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "War Machine, Random Movement (2D6)").to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Random Movement"]
    assert (ruling["principle"], ruling["rules"]) == ("explicit-exception", ["Random Movement", "War Machine"])
    assert [(c["name"], c["line"], c["column"]) for c in ruling["citations"]] == [("War Machine", 380, 1)]
    assert "which does not prevent it from being affected by Random Movement" in ruling["citations"][0]["quote"]
    assert not [r for r in data["rulings"] if r["winner"] == "War Machine" and "Random Movement" in r["rules"]]


def test_each_exemption_of_panic_tests_meets_a_named_obligation_under_its_own_ifs(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Panic tests, Fled through").to_json()
    met = [r for r in data["rulings"] if r["winner"] == "Panic tests" and "Fled through" in r["rules"]]
    assert {r["citations"][0]["line"] for r in met} == {39, 43}  # in close combat and fleeing: not so here
    # Fled through is a part of Panic tests: the whole rule's own provision settles it, no convention
    assert {r["relation"]["line"] for r in met} == {39, 43}
    [us] = [r for r in met if r["citations"][0]["line"] == 39]
    assert us["outcome"] == ("Panic tests: A unit does not take Panic tests, if friendly causing unit has less US, so Fled through's "
                             "obligation to test for panic, if fleeing friends move through it, yields")


# -- a prohibition of being given rules of a kind sets aside the side's rules of that category -----


def test_reserve_units_receive_no_orders(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Placing reserves, Taking cover").to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Placing reserves"]
    assert ruling["outcome"] == ("Placing reserves prevails over Taking cover: its words forbid to receive orders, and Taking cover is one "
                                 "(its category: order); cannot beats can")
    assert [(c["line"], c["column"]) for c in ruling["citations"]] == [(493, 65)]
    assert {e["name"]: bool(e["set_aside"]) for e in data["in_play"]["self"]} == {"Placing reserves": False, "Taking cover": True}
    assert not [m for m in data["modifiers"] if m["stat"] == "to-hit"]


def test_a_kind_forbidden_in_other_words_in_a_small_system() -> None:
    from tests.resolve.test_principles import system_data
    from tests.stores import stored

    said = "Routed units cannot be given commands."
    forbid = rel("cannot", "Rout", None, said, details={"action": "be given commands"})
    data = system_data({"Rout": said, "Charge Order": "Move twice.", "Banner": "+1 Leadership."}, [forbid])
    data["rules"]["demo/Charge Order"]["category"] = "Commands"
    data["rules"]["demo/Banner"]["category"] = "Wargear"
    view = stored(data)
    assert brief(rulings(view, picks("Rout", "Charge Order", "Banner"))) == [("cannot-beats-can", "Rout", ["Rout", "Charge Order"])]


# -- a prohibition binding the other side of using one of its rules ------------------------------


def test_enemies_cannot_counter_attack_an_invisible_unit(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Counter-Attack", opponent="Invisibility", when=["charged"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Invisibility"]
    assert (ruling["principle"], ruling["rules"]) == ("cannot-beats-can", ["Invisibility", "Counter-Attack"])
    assert ruling["outcome"] == "Invisibility prevails over Counter-Attack: Enemies cannot counter-attack a completely invisible unit; cannot beats can"
    assert ruling["citations"][0]["quote"] == "Enemies cannot counter-attack a completely invisible unit."
    assert next(e for e in data["in_play"]["self"] if e["name"] == "Counter-Attack")["set_aside"]


def test_a_prohibition_on_the_other_side_in_other_words() -> None:
    said = "Enemy units cannot Overwatch against a unit with this rule."
    forbid = rel("cannot", "Ambushers", None, said, subject="Enemy units", details={"action": "Overwatch against a unit with this rule"})
    view = system({"Ambushers": said, "Overwatch": "Shoot at chargers.", "Watchful": "See all."}, [forbid])
    assert brief(rulings(view, picks("Overwatch"), picks("Ambushers"))) == [("cannot-beats-can", "Ambushers", ["Ambushers", "Overwatch"])]
    # its own side's Overwatch is not bound by it, nor is a rule whose name the action does not open with
    assert not [b for b in brief(rulings(view, picks("Ambushers", "Overwatch"))) if b[0] == "cannot-beats-can"]
    assert not [b for b in brief(rulings(view, picks("Watchful"), picks("Ambushers"))) if b[0] == "cannot-beats-can"]
