"""Rules that speak of the same roll or choice with no relation joining them: an open question,
never "nothing to rule on" (referee/resolve/same_roll.py, and the choice in meeting.py)."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system, system_data
from tests.stores import stored


def _open(data: dict) -> list[tuple[list[str], str]]:
    return [(sorted(u["rules"]), u["reason"]) for u in data["unresolved"]]


def test_maximised_and_minimised_roll_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Maximised Roll, Minimised Roll").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Maximised Roll", "Minimised Roll"]
    assert reason == "both speak of dice roll, and no relation read from the text says how they meet"
    quotes = {c["quote"] for c in data["unresolved"][0]["citations"]}
    assert "For dice rolls subject to Maximised Roll, roll one additional D6 and discard the lowest D6 rolled." in quotes
    assert data["rulings"][0]["principle"] == "source-conflict"  # nothing is ruled between them


def test_maximised_and_minimised_for_different_rolls_do_not_meet(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Maximised Roll (Charge Range), Minimised Roll (Discipline Tests)").to_json()
    assert data["unresolved"] == []


def test_a_pure_save_after_a_failed_armor_save_and_a_dodge_save_instead_of_one_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Pure save 4++, Dodge save 5+-").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Dodge save X+- (Ds)", "Pure save X++ (Ps)"] and "armor save" in reason
    assert [(c["line"], c["column"]) for c in data["unresolved"][0]["citations"]] == [(769, 1), (777, 1)]


def test_two_values_of_initiative_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Very Unwieldy, Invisibility", when=["melee", "first-round"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Invisibility", "Very Unwieldy"] and reason.startswith("both speak of initiative")


def test_each_sides_own_roll_of_one_kind_does_not_meet(rulebase: Build) -> None:
    # "Friendly units ... must reroll failed Panic Tests" and "When a War Machine fails a Panic Test"
    assert resolve(rulebase, "t9a", "Hold the Line", "War Machine").to_json()["unresolved"] == []


def test_a_prohibition_of_choosing_what_the_other_side_forces_is_open(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Frenzy", "Terror", when=["charged"]).to_json()
    [(rules, reason)] = [o for o in _open(data) if o[0] == ["Frenzy", "Terror"]]
    assert reason == ("one rule forbids choosing what the other obliges, and the texts do not say whether doing it when obliged is a choice")
    assert not [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]


def test_fixture_wordings() -> None:
    rules = {
        "Lucky": "A lucky model may reroll its ward saves.",
        "Cursed": "A cursed model must reroll successful ward saves.",
        "Brave": "This rule cannot be used for ward saves.",
        "Tall": "A tall model has Height 3.",
        "Short": "The model counts as Height 1 for Line of Sight.",
    }
    data = system_data(rules, [rel("references", "Lucky", None, "x.")])
    data["core_terms"] = {"demo": ["height"]}  # the system's characteristics
    view = stored(data)
    assert _open(resolve(view, "demo", picks("Lucky", "Cursed")).to_json())[0][0] == ["Cursed", "Lucky"]
    assert _open(resolve(view, "demo", picks("Tall", "Short")).to_json())[0][0] == ["Short", "Tall"]
    # a rule whose words say it is not for the roll: ruled not to touch it, quoted
    data = resolve(view, "demo", picks("Lucky", "Brave")).to_json()
    assert data["unresolved"] == []
    [ruling] = data["rulings"]
    assert ruling["principle"] == "applicability" and ruling["rules"] == ["Brave", "Lucky"] and ruling["winner"] is None
    assert [c["quote"] for c in ruling["citations"]] == ["This rule cannot be used for ward saves.", "A lucky model may reroll its ward saves."]
    # a roll named as the rule's own is no meeting
    assert resolve(system({"Ward": "Roll a ward save of 5+.", "Lucky": "A lucky model may reroll its ward saves."}, []),
                   "demo", picks("Ward", "Lucky")).to_json()["unresolved"] == []


def test_a_choice_forbidden_and_forced_on_a_small_system() -> None:
    view = system({"Proud": "x.", "Dread": "y."}, [
        rel("cannot", "Proud", None, "Proud units cannot choose Retreat as their Reaction.", details={"action": "choose Retreat as their Reaction"}),
        rel("must", "Dread", None, "Its target must declare a Retreat Reaction.", details={"action": "declare a Retreat Reaction"}, subject="Its target"),
    ])
    data = resolve(view, "demo", picks("Proud"), picks("Dread")).to_json()
    assert _open(data)[0][0] == ["Dread", "Proud"] and data["rulings"] == []
    # the same prohibition without "choose" meets the obligation, and neither sentence says which
    # prevails: cannot beats must is the referee's convention, offered, and the question stays open
    plain = system({"Proud": "x.", "Dread": "y."}, [
        rel("cannot", "Proud", None, "Proud units cannot declare a Retreat Reaction.", details={"action": "declare a Retreat Reaction"}),
        rel("must", "Dread", None, "Its target must declare a Retreat Reaction.", details={"action": "declare a Retreat Reaction"}, subject="Its target"),
    ])
    data = resolve(plain, "demo", picks("Proud"), picks("Dread")).to_json()
    assert data["rulings"] == [] and [u["rules"] for u in data["unresolved"]] == [["Proud", "Dread"]]
    assert "cannot beats must" in data["unresolved"][0]["convention"]


def test_two_rules_that_say_the_same_of_a_roll_do_not_meet(rulebase: Build) -> None:
    # "automatically passes Dangerous Terrain Tests" in both: nothing to rule on
    assert resolve(rulebase, "t9a", "Ghost Step, Strider").to_json()["unresolved"] == []
    view = system({"Nimble": "In addition, the model rerolls failed Dodge tests.", "Quick": "The model rerolls failed Dodge tests."}, [])
    assert resolve(view, "demo", picks("Nimble", "Quick")).to_json()["unresolved"] == []


def test_a_value_set_and_a_signed_change_of_one_characteristic_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Very Unwieldy, Chill", when=["melee"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Chill", "Very Unwieldy"] and reason.startswith("both speak of initiative")
    # "+1 Armour Penetration" is no "+1 Armour": Halberd and Shield do not meet when shot at
    assert resolve(rulebase, "t9a", "Halberd, Shield", when=["shooting"]).to_json()["unresolved"] == []


def test_a_roll_said_to_come_after_the_others_failed_does_not_meet_it(rulebase: Build) -> None:
    # "Regeneration save are not ward saves, and can therefore be taken after armour saves and ward saves have been failed!"
    data = resolve(rulebase, "whfb-house", "Regeneration, Hand Weapon + Shield (foot)", when=["melee"]).to_json()
    assert data["unresolved"] == []
    # but a save taken instead of that roll leaves the order open (Pure save after a failed armor save, Dodge instead of one)
    assert _open(resolve(rulebase, "last-edition", "Pure save 4++, Dodge save 5+-").to_json())


# Round 5: the wordings round 3's sealed half found unread (re-rolls of a test, a set value against a
# modifier, a cap against a bonus, a characteristic by its initials, a modifier of a roll taken in turn,
# an attack made against a restriction on every attack, a roll read after any re-rolls)


def test_two_rerolls_of_one_test_are_open_where_one_is_a_characteristics_test(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Hold the Line, Rally Around the Flag").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Hold the Line", "Rally Around the Flag"]
    assert reason.startswith("both re-roll a test that may be one (discipline test, panic test)")


def test_a_set_value_and_a_bracketed_modifier_of_it_are_open_in_a_small_system() -> None:
    view = system({"Toxic": "The attack has its Strength always set to 3.",
                   "Onrush": "A charging model with Onrush gains the Characteristic modifiers stated in brackets."},
                  [rel("grants", "Onrush", None, "A charging model with Onrush gains the Characteristic modifiers stated in brackets.",
                       details={"grants": "its parameters"})])
    data = resolve(view, "demo", picks("Toxic", ("Onrush", ("+1 Strength",)))).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Onrush", "Toxic"] and "strength" in reason
    plain = resolve(view, "demo", picks("Toxic", ("Onrush", ("+1 Agility",)))).to_json()
    assert plain["unresolved"] == []


def test_a_cap_and_a_doubling_of_one_count_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "All-in, Storm").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Directive 3", "Storm"] and "caps the VP, the other multiplies it" in reason and "which applies first" in reason
    assert {c["quote"] for c in data["unresolved"][0]["citations"]} >= {"Objectives in this game give 5VP to a maximum of 15."}


def test_a_characteristic_by_its_initials_is_the_characteristic(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Invisibility, Paralyze", when=["melee", "first-round"]).to_json()
    # (each also speaks of difficult terrain: Paralyze's "treats all terrain as difficult", and Invisibility's and its Hit and Run's)
    [(rules, reason)] = [o for o in _open(data) if o[0] == ["Invisibility", "Paralyze"]]
    assert "both speak of initiative" in reason
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Invisibility", "Paralyze"]]
    assert "A Paralyzed model is reduced to WS1 I1 and treats all terrain as difficult." in {c["quote"] for c in question["citations"]}


def test_a_die_is_no_characteristics_initial_in_a_small_system() -> None:
    view = system({"Gnaw": "Roll a D6 for each hit.", "Rot": "Roll a D6 at the end of the turn."}, [])
    data = resolve(view, "demo", picks("Gnaw", "Rot")).to_json()
    assert data["unresolved"] == []


def test_a_modifier_of_the_roll_a_save_is_taken_after_is_open(rulebase: Build) -> None:
    # "after an armor save has failed" orders a pure save after another save, not after a -1 to it
    data = resolve(rulebase, "last-edition", "Pure save 4++, Concentrating", when=["shooting"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Concentrating", "Pure save X++ (Ps)"] and "armor save" in reason


def test_an_attack_made_on_a_unit_beside_a_restriction_on_every_attack_is_open(rulebase: Build) -> None:
    for keywords in ("Breath Weapon Close Combat Attack, Fighting A Challenge", "Stomp / Thunder Stomp, Fighting A Challenge"):
        data = resolve(rulebase, "whfb-house", keywords, when=["melee"]).to_json()
        [(rules, reason)] = [(rules, reason) for rules, reason in _open(data) if "Fighting A Challenge" in rules]
        assert "Fighting A Challenge" in rules and reason.startswith("one restricts whom every attack is made against")


def test_two_attacks_made_or_two_restrictions_do_not_meet_in_a_small_system() -> None:
    view = system({"Spit": "It inflicts 2 hits on a unit in base contact.", "Gore": "It inflicts 1 hit on an enemy unit."}, [])
    assert resolve(view, "demo", picks("Spit", "Gore")).to_json()["unresolved"] == []


def test_a_roll_read_after_any_rerolls_is_ruled_by_those_words(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Master-Crafted, Backfire", when=["shooting"]).to_json()
    assert data["unresolved"] == []
    [ruling] = [r for r in data["rulings"] if r["principle"] != "own-words"]  # and Backfire's template sentence on shooting
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("together", None, ["Backfire", "Master-Crafted"])
    assert any("after any re-rolls" in c["quote"] for c in ruling["citations"])


def test_two_rerolls_of_one_roll_are_not_added_up(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Shred, Poisoned", when=["melee"]).to_json()
    [wound] = [m for m in data["modifiers"] if m["stat"] == "to-wound"]
    assert wound["value"] is None
    assert any("re-roll" in u["reason"] for u in data["unresolved"])


def test_moving_over_models_and_a_casualty_for_moving_through_them_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Flying, Fall back", when=["melee", "moved"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Fall back", "Flying"] and "moving through other models" in reason
    assert not [r for r in data["rulings"] if r["winner"] and "Fall back" in r["rules"]]  # Flying over the Movement phase is another ruling


def test_one_rule_alone_on_moving_through_models_meets_nothing_in_a_small_system() -> None:
    view = system({"Glide": "It can move over other models.", "Dig": "It digs in."}, [])
    assert resolve(view, "demo", picks("Glide", "Dig")).to_json()["unresolved"] == []


def test_a_save_taken_after_another_has_failed_is_ruled_in_turn_quoting_its_words(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Regeneration, Hand Weapon + Shield (foot)", when=["melee"]).to_json()
    assert data["unresolved"] == []
    [turn] = [r for r in data["rulings"] if r["principle"] == "together"]
    assert turn["winner"] is None and turn["rules"] == ["Regeneration", "Hand Weapon + Shield (foot)"]
    assert any("can therefore be taken after armour saves and ward saves have been failed" in c["quote"] for c in turn["citations"])


def test_a_roll_named_by_its_failed_result_is_that_roll_in_a_small_system() -> None:
    # "a miss" is a failed roll to hit: two re-rolls of it meet, and neither text says whether a re-rolled die is re-rolled again
    view = system({"Keen Blade": "The wielder may re-roll one failed roll to hit each turn.",
                   "Hex Charm": "Once per game, the bearer may re-roll a single miss."}, [])
    [(rules, reason)] = _open(resolve(view, "demo", picks("Keen Blade", "Hex Charm")).to_json())
    assert rules == ["Hex Charm", "Keen Blade"] and reason == "both speak of hit roll, and no relation read from the text says how they meet"
    # a failed wound is a failed roll to wound, not a failed wound save
    apart = system({"Keen Blade": "The wielder may re-roll one failed roll to hit each turn.",
                    "Grim Charm": "The bearer may re-roll one failed wound save."}, [])
    assert resolve(apart, "demo", picks("Keen Blade", "Grim Charm")).to_json()["unresolved"] == []


def test_a_kind_of_terrain_two_rules_speak_of_is_open_in_a_small_system() -> None:
    # "treats every terrain as boggy" and "never slowed by Boggy Terrain": one kind of terrain, nothing joins them
    view = system({"Mired": "A Mired model treats every terrain as boggy.",
                   "Marsh Strider": "Marsh Striders are never slowed by Boggy Terrain.",
                   "Sure Foot": "The model may test for rocky terrain as normal."}, [])
    [(rules, reason)] = _open(resolve(view, "demo", picks("Mired", "Marsh Strider")).to_json())
    assert rules == ["Marsh Strider", "Mired"] and reason.startswith("both speak of boggy terrain")
    # "as normal" names no kind of terrain
    assert resolve(view, "demo", picks("Mired", "Sure Foot")).to_json()["unresolved"] == []


def test_two_re_rolls_of_a_hit_and_a_terrain_every_move_is_slowed_by_are_open(rulebase: Build) -> None:
    for keywords, pair in (("Master-Crafted, Soul Trap", ["Master-Crafted", "Soul Trap"]), ("Paralyze, Swarms", ["Paralyze", "Swarms"]),
                           ("Slow, Move Through Cover", ["Move Through Cover", "Slow"])):
        data = resolve(rulebase, "scrollhammer", keywords).to_json()
        assert [rules for rules, _ in _open(data)] == [pair], keywords
        assert not [r for r in data["rulings"] if r["winner"]]


def test_two_weapons_of_one_kind_on_one_side_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Great Weapon, Paired Weapons", when=["melee"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Great Weapon", "Paired Weapons"] and reason.startswith("both are weapons of one kind (Close Combat Weapon) on the same side")
    assert not [r for r in data["rulings"] if r["winner"]]
    # one on each side: each model fights with its own
    assert resolve(rulebase, "whfb-house", "Second Hand Weapon", "Hand Weapon + Shield (foot)", when=["melee"]).to_json()["unresolved"] == []


def test_weapons_of_one_kind_by_category_in_a_small_system() -> None:
    data = system_data({"Warpick": "A Warpick strikes last.", "Twin Axes": "Twin Axes give +1 Attack.", "Buckler": "A Buckler parries."}, [])
    for name, category in (("Warpick", "Hafted Weapon"), ("Twin Axes", "Hafted Weapon"), ("Buckler", "Armour")):
        data["rules"][f"demo/{name}"]["category"] = category
    view = stored(data)
    [(rules, reason)] = _open(resolve(view, "demo", picks("Warpick", "Twin Axes")).to_json())
    assert rules == ["Twin Axes", "Warpick"] and "(Hafted Weapon)" in reason
    assert resolve(view, "demo", picks("Warpick", "Buckler")).to_json()["unresolved"] == []  # a weapon and armour: no kind shared


def test_a_hit_roll_written_as_one_word_is_the_hit_roll(rulebase: Build) -> None:
    # "enemy hitrolls of 1 are deflected" beside "they subtract Y from the hit roll": the other side's roll, one roll
    data = resolve(rulebase, "last-edition", "Melee 3 deflect 2", "Ranged 2 trigger -1 to hit", when=["melee"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Melee X deflect Y", "Ranged X trigger -Y to hit"] and reason.startswith("both speak of hit roll")
    view = system({"Parry Blade": "Enemy hitrolls of 1 miss.", "Dazzle": "Enemy units subtract 1 from the hit roll."}, [])
    assert _open(resolve(view, "demo", picks("Parry Blade"), picks("Dazzle")).to_json())[0][0] == ["Dazzle", "Parry Blade"]


def test_a_ranged_and_a_melee_weapon_of_one_category_are_two_weapons(rulebase: Build) -> None:
    # both "weapon keyword" by category, but in the sections "Ranged weapon keywords" and "Melee weapon keywords":
    # the pistol is shot and the blade fights, nothing meets
    data = resolve(rulebase, "last-edition", "Ranged 2 charge 1, Melee 2 charge 2", when=["charging"]).to_json()
    assert data["unresolved"] == [] and [m["value"] for m in data["modifiers"]] == ["+2"]


def test_the_section_a_weapon_is_part_of_is_its_kind_in_a_small_system() -> None:
    data = system_data({"Shooting weapons": "Guns are shot.", "Close weapons": "Blades fight.", "Bolt Gun": "A Bolt Gun fires twice.",
                        "Long Gun": "A Long Gun fires far.", "Chain Blade": "A Chain Blade gives +1 Attack."}, [])
    for name, parent in (("Bolt Gun", "Shooting weapons"), ("Long Gun", "Shooting weapons"), ("Chain Blade", "Close weapons")):
        data["rules"][f"demo/{name}"]["category"] = "Weapon rule"
        data["rules"][f"demo/{name}"]["parent"] = f"demo/{parent}"
    view = stored(data)
    assert resolve(view, "demo", picks("Bolt Gun", "Chain Blade")).to_json()["unresolved"] == []
    [(rules, reason)] = _open(resolve(view, "demo", picks("Bolt Gun", "Long Gun")).to_json())
    assert rules == ["Bolt Gun", "Long Gun"] and "(Shooting weapons)" in reason


def test_a_kind_of_terrain_named_only_in_an_example_is_no_meeting_in_a_small_system() -> None:
    # the example's terrain is the scene it is set in, not a way the rule treats that terrain
    view = system({"Mired": "A Mired model treats every terrain as boggy.",
                   "Chaser": "Chasers may run into a new foe even when the prey escapes. (ex. When the prey hid behind boggy terrain).",
                   "Hunter": "Hunters may run on. For example, a hunter whose prey crossed boggy terrain runs on."}, [])
    assert resolve(view, "demo", picks("Mired", "Chaser")).to_json()["unresolved"] == []
    assert resolve(view, "demo", picks("Mired", "Hunter")).to_json()["unresolved"] == []


def test_a_kind_of_terrain_named_only_in_an_example_on_the_real_documents(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Pursuit Move, Pursuit Into Fresh Enemy").to_json()
    assert data["unresolved"] == []
    [said] = [d for d in data["in_force"] if d["name"] == "Pursuit Into Fresh Enemy"]
    assert said["how"] == "permission" and said["actions"] == ["can pursue into fresh enemy even when they do not catch the fleeing unit"]


def test_a_unit_that_may_not_be_targeted_and_an_attack_that_reaches_a_unit_are_open(rulebase: Build) -> None:
    for keywords, vs, when, pair in (("Ranged 3 counterfire", "Directive 6", ["charged", "shooting"], ["Directive 6", "Ranged X counterfire"]),
                                     ("Ranged 3 sniper", "vision blocking", ["shooting"], ["Ranged X sniper", "Terrain type 3 / vision blocking"])):
        data = resolve(rulebase, "last-edition", keywords, vs, when=when).to_json()
        [(rules, reason)] = _open(data)
        assert rules == pair and reason.startswith("one says a unit may not be targeted or seen, the other lets its attacks reach a unit")
        assert not [r for r in data["rulings"] if r["winner"]]


def test_targeting_in_other_words_in_a_small_system() -> None:
    view = system({"Cloaked": "Name one squad as untargetable during the volley phase.",
                   "Overwatch Gun": "This gun can be shot at charging squads even out of turn.",
                   "Seeker Round": "Its shots ignore any rule that makes a squad untargetable.",
                   "Smoke": "Squads in smoke are not visible to the foe."}, [])
    for mine, theirs in (("Overwatch Gun", "Cloaked"), ("Seeker Round", "Smoke")):
        [(rules, _)] = _open(resolve(view, "demo", picks(mine), picks(theirs)).to_json())
        assert rules == sorted([mine, theirs])
    # one's own hidden squad and one's own gun: nothing meets; two that hide: nothing meets
    assert resolve(view, "demo", picks("Overwatch Gun", "Cloaked")).to_json()["unresolved"] == []
    assert resolve(view, "demo", picks("Cloaked"), picks("Smoke")).to_json()["unresolved"] == []


def test_a_rule_that_asks_whether_the_unit_moved_and_one_that_places_it_are_open(rulebase: Build) -> None:
    for system_, keywords, when, pair in (("last-edition", "Ranged 2 heavy, Disembarking", ["shooting"], ["Disembarking", "Ranged X heavy"]),
                                          ("t9a", "Ambush, Move or Fire", ["shooting"], ["Ambush", "Move or Fire"]),
                                          ("t9a", "Random Movement (2D6), Vanguard", [], ["Random Movement", "Vanguard"])):
        data = resolve(rulebase, system_, keywords, when=when).to_json()
        opened = [(rules, reason) for rules, reason in _open(data) if rules == pair]
        assert opened and opened[0][1].startswith("one speaks of whether the unit has moved"), keywords
        assert not [r for r in data["rulings"] if r["winner"] and set(r["rules"]) == set(pair)]


def test_moving_in_other_words_in_a_small_system() -> None:
    view = system({"Steady Aim": "The gun gets +1 to hit if the squad did not move this turn.",
                   "Drop Pod": "The squad arrives by placing it within 6\" of the beacon.",
                   "Lurkers": "Lurking squads count as having moved on the turn they arrive.",
                   "Quick": "The squad may run 3\"."}, [])
    for other in ("Drop Pod", "Lurkers"):
        [(rules, _)] = _open(resolve(view, "demo", picks("Steady Aim", other)).to_json())
        assert rules == sorted(["Steady Aim", other])
    assert resolve(view, "demo", picks("Steady Aim", "Quick")).to_json()["unresolved"] == []  # a move of its own: no question
    assert resolve(view, "demo", picks("Steady Aim"), picks("Drop Pod")).to_json()["unresolved"] == []  # each side's squad moves on its own


def test_two_rules_named_by_forms_of_one_word_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Flying, Fly -1").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Fly -X", "Flying"] and reason.startswith("their names are forms of one word (fly)")
    quotes = {c["quote"] for c in data["unresolved"][0]["citations"]}
    assert "There can never be more than 1 unit with the fly keyword per 1000 army points." in quotes
    view = system({"Swim X": "Never take more than one squad with the swim keyword.", "Swimming": "A model with this keyword crosses rivers.",
                   "Swift": "A swift model moves 2\" more."}, [])
    [(rules, reason)] = _open(resolve(view, "demo", picks("Swimming", "Swim X")).to_json())
    assert rules == ["Swim X", "Swimming"] and "(swim)" in reason
    assert resolve(view, "demo", picks("Swimming", "Swift")).to_json()["unresolved"] == []


def test_a_hit_that_results_in_another_rules_shot_reaches_by_that_rules_words(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Sniper", "Invisibility", when=["shooting"]).to_json()
    # Sniper's "each To Hit roll of a 6 results in a Precision Shot" is a grant (round 10): Precision is in play
    # through Sniper, and it is the rule whose words reach the Invisible unit
    [(rules, reason)] = [(r, why) for r, why in _open(data) if "Invisibility" in r]
    assert rules == ["Invisibility", "Precision"] and reason.startswith("one says a unit may not be targeted or seen")
    names = {c["name"] for c in data["unresolved"][0]["citations"]}
    assert names == {"Precision", "Invisibility"}
    [precision] = [e for e in data["in_play"]["self"] if e["name"] == "Precision"]
    assert precision["via"][0]["citation"]["quote"].endswith("each To Hit roll of a 6 results in a Precision Shot (see page XX).")
    view = system({"Deadeye": "Each roll of 6 to hit results in a Called Shot.", "Called Shot": "With a Called Shot the firer allocates the wounds.",
                   "Shroud": "A shrouded model cannot be targeted."},
                  [rel("references", "Deadeye", "Called Shot", "Each roll of 6 to hit results in a Called Shot.")])
    [(rules, _)] = _open(resolve(view, "demo", picks("Deadeye"), picks("Shroud")).to_json())
    assert rules == ["Deadeye", "Shroud"]


def test_two_rolls_named_with_one_rolls_and_tests_that_may_be_one_are_open(rulebase: Build) -> None:
    # "re-rolls failed To Hit and To Wound rolls of 1" speaks of the hit roll too
    data = resolve(rulebase, "scrollhammer", "Master-Crafted, Preferred Enemy", when=["melee"]).to_json()
    assert [rules for rules, _ in _open(data)] == [["Master-Crafted", "Preferred Enemy"]]
    # Maximised (Frenzy Tests, ...) through Frenzy and Minimised (Discipline Tests): a Frenzy Test may be a Discipline Test
    data = resolve(rulebase, "t9a", "Frenzy, Minimised Roll (Discipline Tests)").to_json()
    assert [rules for rules, _ in _open(data)] == [["Maximised Roll", "Minimised Roll"]]
    view = system({"Keen": "Re-roll failed To Strike and To Hurt rolls of 1.", "Sure": "Re-roll one failed roll To Strike."}, [])
    assert _open(resolve(view, "demo", picks("Keen", "Sure")).to_json()) == []  # no roll of this system's names: none read


def test_a_placing_and_a_limit_on_placing_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Shock teleport 2|3 side", "Directive 7").to_json()
    [(rules, reason)] = _open(data)
    assert "Directive 7" in rules and reason.startswith("one places a unit on the battlefield, the other limits where a unit is placed")
    view = system({"Ambushers": "Place one of your units held back onto the table at the end of your move.",
                   "Far Deploy": "It can never be placed closer than 12\" to the foe.", "Rally": "Place a banner beside the unit."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Far Deploy"), picks("Ambushers")).to_json())
    assert rules == ["Ambushers", "Far Deploy"]
    assert _open(resolve(view, "demo", picks("Far Deploy"), picks("Rally")).to_json()) == []


def test_wounds_two_rules_restore_and_an_attack_not_rolled_to_hit_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Absorb, Regeneration").to_json()
    assert [(rules, reason.split(",")[0]) for rules, reason in _open(data)] == [(["Absorb", "Regeneration"], "both speak of wounds restored")]
    data = resolve(rulebase, "scrollhammer", "Autohit, Backfire", when=["shooting"]).to_json()
    assert [(rules, reason.split(",")[0]) for rules, reason in _open(data)] == [(["Autohit", "Backfire"], "both speak of hit roll")]
    view = system({"Mend": "At dawn one wound is restored.", "Leech": "A leech restores D3 wounds, but only once per game.",
                   "Homing": "This attack automatically hits.", "Misfire": "On a hit roll of 1 the gun jams.", "Tough": "A tough model has 3 wounds."}, [])
    assert [r for r, _ in _open(resolve(view, "demo", picks("Mend", "Leech")).to_json())] == [["Leech", "Mend"]]
    assert [r for r, _ in _open(resolve(view, "demo", picks("Homing", "Misfire")).to_json())] == [["Homing", "Misfire"]]
    assert _open(resolve(view, "demo", picks("Mend", "Tough")).to_json()) == []  # wounds counted, none restored


def test_a_way_of_crossing_and_a_rule_on_crossing_terrain_are_open(rulebase: Build) -> None:
    # Flying "can move over terrain ... as if they were not there" beside the walls of vision blocking terrain, which models
    # cannot "move through"; fliers that "always move on the ground" when they flee beside a test taken by a model that
    # "flees ... through an area of dangerous terrain", which fliers take "only when use flying move"
    for system_, keywords, when, pair in (("last-edition", "Flying, vision blocking", ["moved"], ["Flying", "Terrain type 3 / vision blocking"]),
                                          ("whfb-house", "Air And Ground Movement (flee, overrun and pursue), Dangerous Terrain (4)", ["fleeing"],
                                           ["Air And Ground Movement (flee, overrun and pursue)", "Dangerous Terrain(x)"])):
        data = resolve(rulebase, system_, keywords, when=when).to_json()
        [(rules, reason)] = [(r, why) for r, why in _open(data) if r == pair]
        assert reason.startswith("one says how the model crosses what lies in its way"), keywords
        assert not [r for r in data["rulings"] if r["winner"] and set(r["rules"]) == set(pair)]
    quotes = {c["quote"] for c in resolve(rulebase, "last-edition", "Flying, vision blocking", when=["moved"]).to_json()["unresolved"][0]["citations"]}
    assert "Models can neither attack (shooting or melee) through these walls, move through these walls nor stand on these walls." in quotes


def test_crossing_in_other_words_in_a_small_system() -> None:
    view = system({"Skimmer": "A skimmer may move across hedges and rubble as if they were not there.",
                   "Hedge Maze": "No squad may move through the maze walls.",
                   "Gliders": "Gliders always move on the ground while they retreat.",
                   "Quagmire": "A squad that charges into or through quagmire terrain loses a model.",
                   "Ghost": "A ghost may move through walls as if they were not there."}, [])
    for a, b in (("Skimmer", "Hedge Maze"), ("Gliders", "Quagmire")):
        [(rules, reason)] = _open(resolve(view, "demo", picks(a, b)).to_json())
        assert rules == sorted([a, b]) and reason.startswith("one says how the model crosses"), (a, b)
    # two ways of crossing, or two rules on crossing, say nothing of each other
    assert resolve(view, "demo", picks("Skimmer", "Ghost")).to_json()["unresolved"] == []
    assert resolve(view, "demo", picks("Hedge Maze", "Quagmire")).to_json()["unresolved"] == []


def test_a_weapon_used_even_where_it_could_not_be_reaches_a_unit_that_may_not_be_targeted(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Ranged 2 trigger -1 to hit", "Protected", when=["melee"]).to_json()
    [(rules, reason)] = [o for o in _open(data) if o[0] == ["Protected", "Ranged X trigger -Y to hit"]]
    assert reason.startswith("one says a unit may not be targeted or seen, the other lets its attacks reach a unit")
    assert not [r for r in data["rulings"] if r["winner"] and set(r["rules"]) == {"Protected", "Ranged X trigger -Y to hit"}]
    view = system({"Point Blank": "Gunners may fire this pistol even while engaged against enemy units.",
                   "Smoke": "Squads in smoke are not visible to the foe.",
                   "Long Barrel": "Gunners may fire this rifle at long range."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Point Blank"), picks("Smoke")).to_json())
    assert rules == ["Point Blank", "Smoke"]
    assert resolve(view, "demo", picks("Long Barrel"), picks("Smoke")).to_json()["unresolved"] == []  # a shot with no "even": no reach


def test_two_rules_that_make_an_unsaved_wound_several_are_open(rulebase: Build) -> None:
    # "Each unsaved wound inflicted by this attack deals multiple wounds." and "each unsaved wound is multiplied to two
    # unsaved Wounds": the text does not say how the two multiply together
    data = resolve(rulebase, "scrollhammer", "Blast, Multiple Wounds (D3)", "Swarms", when=["shooting"]).to_json()
    [(rules, reason, quotes)] = [(sorted(u["rules"]), u["reason"], [c["quote"] for c in u["citations"]]) for u in data["unresolved"]
                                 if sorted(u["rules"]) == ["Multiple Wounds", "Swarms"]]
    assert reason.startswith("both make one unsaved wound into several")
    assert quotes == ["Each unsaved wound inflicted by this attack deals multiple wounds.",
                      "If a Swarm suffers an unsaved Wound from a Blast, Large Blast or Template weapon, each unsaved wound is multiplied to two "
                      "unsaved Wounds."]  # the list item's mark is the list's
    view = system({"Shatter": "Unsaved wounds caused by this hammer are multiplied into three.",
                   "Brittle": "Every unsaved wound a brittle model suffers is multiplied to two wounds.",
                   "Tough": "Roll a die for each unsaved wound; on a 6 it is ignored."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Shatter"), picks("Brittle")).to_json())
    assert rules == ["Brittle", "Shatter"]
    # a roll once for each unsaved wound beside a rule that makes one several: once for the wound, or for each it becomes, no
    # sentence says (round 7's sealed half, Multiple Wounds and Feel No Pain); two rules that each act once per wound do not meet
    [(rules, reason)] = _open(resolve(view, "demo", picks("Shatter"), picks("Tough")).to_json())
    assert rules == ["Shatter", "Tough"] and reason.startswith("one makes an unsaved wound into several, the other acts once for each")
    view = system({"Tough": "Roll a die for each unsaved wound; on a 6 it is ignored.", "Grim": "For every unsaved wound, lose 1 Nerve."}, [])
    assert resolve(view, "demo", picks("Tough"), picks("Grim")).to_json()["unresolved"] == []


def test_parts_of_a_section_that_says_they_combine_are_no_choice_of_weapon(rulebase: Build) -> None:
    # "Some weapons have additional keywords. This can be combined.": spray&prey and heavy go on one weapon
    data = resolve(rulebase, "last-edition", "Ranged 2 spray&prey 3, Ranged 2 heavy", when=["moved", "shooting"]).to_json()
    assert data["unresolved"] == []
    assert [m["value"] for m in data["modifiers"]] == ["-1"]
    data = system_data({"Gun traits": "Guns may carry traits. Traits may be combined.", "Rapid": "A rapid gun fires twice.",
                        "Scoped": "A scoped gun fires far.", "Blades": "Blades fight.", "Saw": "A saw fights twice.", "Axe": "An axe fights hard."}, [])
    for name, parent in (("Rapid", "Gun traits"), ("Scoped", "Gun traits"), ("Saw", "Blades"), ("Axe", "Blades")):
        data["rules"][f"demo/{name}"]["parent"] = f"demo/{parent}"
        data["rules"][f"demo/{name}"]["category"] = "Weapon trait"
    view = stored(data)
    assert resolve(view, "demo", picks("Rapid", "Scoped")).to_json()["unresolved"] == []
    [(rules, _)] = _open(resolve(view, "demo", picks("Saw", "Axe")).to_json())  # no such words: which one, or both, stays open
    assert rules == ["Axe", "Saw"]


def test_a_count_one_rule_denies_outright_is_ruled_by_that_sentence(rulebase: Build) -> None:
    # "no player can score any VP by holding it" beside "Holding an objective ... scores him 4 victory points (VP)"
    data = resolve(rulebase, "last-edition", "Poison cloud, Starting with the second round").to_json()
    assert data["unresolved"] == []
    [ruling] = data["rulings"]
    assert (ruling["winner"], ruling["rules"], ruling["principle"]) == ("Poison cloud", ["Poison cloud", "Starting with the second round"], "explicit-exception")
    assert ruling["relation"]["quote"] == "The objective is destroyed for the rest of the game and no player can score any VP by holding it."
    assert (ruling["relation"]["line"], ruling["relation"]["column"]) == (277, 1)
    data = system_data({"Scorched Well": "The well is burnt, and no side may claim any VP for it.", "Hold the Well": "Holding the well scores 3VP.",
                        "Double Up": "Double all your VP this turn.", "Rich Well": "The well scores 5VP."}, [])
    data["core_terms"] = {"demo": ["vp"]}
    view = stored(data)
    [ruling] = resolve(view, "demo", picks("Scorched Well", "Hold the Well")).to_json()["rulings"]
    assert ruling["winner"] == "Scorched Well" and ruling["relation"]["quote"] == "The well is burnt, and no side may claim any VP for it."
    # neither denies: a doubling and a value of one count stay open
    [(rules, _)] = _open(resolve(view, "demo", picks("Double Up", "Rich Well")).to_json())
    assert rules == ["Double Up", "Rich Well"]


def test_a_roll_that_cannot_be_modified_and_a_change_that_counts_as_modifying(rulebase: Build) -> None:
    # "it can not be modified (by rerolling for example)" names the other's way: it prevails, that sentence its relation
    data = resolve(rulebase, "last-edition", "Modify by rerolling, Modify by the bad luck pool").to_json()
    assert data["unresolved"] == []
    [ruling] = data["rulings"]
    assert ruling["winner"] == "Modify by the “bad luck pool”" and ruling["rules"][1] == "Modify by rerolling"
    assert ruling["relation"]["quote"] == "This means the result of this dice gets accepted by the player and it can not be modified (by rerolling for example)."
    # two rules that read the same unmodified 1 do not meet by it
    assert resolve(rulebase, "last-edition", "Destroyed transports, Modify by the bad luck pool").to_json()["unresolved"] == []
    view = system({"Locked Die": "A locked die cannot be modified, not even by nudging.", "Nudge": "Nudging a die counts as modifying it.",
                   "Twist": "A twisted die counts as being modified.", "Crit": "An unmodified roll of 6 wounds at once.",
                   "Capped": "Dice can never be modified by more than 1."}, [])
    [ruling] = resolve(view, "demo", picks("Locked Die", "Nudge")).to_json()["rulings"]
    assert ruling["winner"] == "Locked Die"
    # a prohibition that names no way of the other's, or a rule that reads the unmodified roll: open
    for pair in (("Locked Die", "Twist"), ("Crit", "Twist")):
        [(rules, reason)] = _open(resolve(view, "demo", picks(*pair)).to_json())
        assert rules == sorted(pair) and reason.startswith("one counts its change of a roll as modifying it")
    # a limit on how much a die is modified is no prohibition of modifying it
    assert resolve(view, "demo", picks("Capped", "Twist")).to_json()["unresolved"] == []


def test_a_move_one_rule_counts_and_the_other_names_is_ruled_by_both_sentences(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Special Ambush, Move or Fire", when=["shooting"]).to_json()
    assert data["unresolved"] == []
    [ruling] = [r for r in data["rulings"] if r["principle"] == "together"]
    assert ruling["winner"] is None and ruling["rules"] == ["Special Ambush", "Move or Fire"]
    assert [c["quote"] for c in ruling["citations"]] == [
        "For the purpose of shooting, the unit counts as having performed a March Move in this Player Turn.",
        "The attack may not be used if the attacking model has made an Advance Move, March Move, Reform or Pivot during the current Player Turn."]
    view = system({"Steady Aim": "The gun gets +1 to hit unless the squad has made a Dash Move this turn.",
                   "Drop In": "The squad counts as having made a Dash Move on the turn it lands.",
                   "Creep In": "The squad counts as having made a Crawl Move on the turn it lands."}, [])
    [ruling] = resolve(view, "demo", picks("Steady Aim", "Drop In")).to_json()["rulings"]
    assert ruling["principle"] == "together" and "Dash Move" in ruling["outcome"]
    # a move the other's words do not name: whether it is the move the first speaks of stays open
    [(rules, reason)] = _open(resolve(view, "demo", picks("Steady Aim", "Creep In")).to_json())
    assert rules == ["Creep In", "Steady Aim"] and reason.startswith("one speaks of whether the unit has moved")


def test_a_signed_change_to_hit_and_a_six_rolled_to_hit_are_the_hit_roll(rulebase: Build) -> None:
    # Blind's "gets -1 to hit" beside Preferred Enemy's re-roll of "To Hit rolls of 1", and beside Backfire's "roll of a 1(after
    # any re-rolls)": whether a modified 1 is a roll of 1, no sentence says
    for keywords, when in (("Blind, Preferred Enemy", ["melee"]), ("Backfire, Blind", ["shooting"])):
        data = resolve(rulebase, "scrollhammer", keywords, when=when).to_json()
        [(rules, reason)] = _open(data)
        assert rules == sorted(keywords.split(", ")) and reason.startswith("both speak of hit roll"), keywords
    # Precision's "rolls a 6 to hit" beside an attack that "automatically hits": open, the sentence quoted
    data = resolve(rulebase, "scrollhammer", "Autohit, Precision", when=["melee"]).to_json()
    [question] = data["unresolved"]
    assert "This attack automatically hits." in [c["quote"] for c in question["citations"]]
    view = system({"Dazzled": "A dazzled model gets -2 to-hit.", "Lucky Shot": "A model that rolls a 6 to hit may shoot again.",
                   "Sturdy": "A sturdy model gets +1 to its Toughness."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Dazzled", "Lucky Shot")).to_json())
    assert rules == ["Dazzled", "Lucky Shot"]
    assert resolve(view, "demo", picks("Dazzled", "Sturdy")).to_json()["unresolved"] == []


def test_an_attack_that_automatically_hits_is_ruled_beside_a_to_hit_modifier_before_any_open_question(rulebase: Build) -> None:
    # "This attack automatically hits." (hits, not hit) beside Blind's -1 to hit: no roll to hit is made, so the -1 has
    # nothing to modify; ruled, not left open
    data = resolve(rulebase, "scrollhammer", "Autohit, Blind", when=["shooting"]).to_json()
    assert data["unresolved"] == []
    [ruling] = data["rulings"]
    assert ruling["principle"] == "together" and ruling["winner"] is None and ruling["rules"] == ["Autohit", "Blind"]
    assert ruling["citations"][0]["quote"] == "This attack automatically hits."


def test_a_weapon_used_alongside_others_is_no_choice_of_which_one(rulebase: Build) -> None:
    # the Shield's own "Hand Weapons ... can be used alongside a Shield": carried beside a weapon, not fought with instead
    assert resolve(rulebase, "t9a", "Giant Club, Shield", when=["melee", "on-foot"]).to_json()["unresolved"] == []
    data = system_data({"Buckler": "Swords can be used alongside a Buckler.", "Warpick": "A Warpick strikes last.",
                        "Twin Axes": "Twin Axes give +1 Attack."}, [])
    for name in ("Buckler", "Warpick", "Twin Axes"):
        data["rules"][f"demo/{name}"]["category"] = "Hafted Weapon"
    view = stored(data)
    assert resolve(view, "demo", picks("Buckler", "Warpick")).to_json()["unresolved"] == []
    [(rules, _)] = _open(resolve(view, "demo", picks("Warpick", "Twin Axes")).to_json())
    assert rules == ["Twin Axes", "Warpick"]


def test_a_move_of_set_distance_and_movement_lost_on_terrain_are_open(rulebase: Build) -> None:
    # soft cover's "They lose 2\" movement" beside the charge roll's "can make a move equal to the result of the charge roll",
    # and beside Flying's moving over terrain "as if they were not there"
    for keywords, when, pair, why in (("Charge roll, soft cover", ["charging"], ["Charge roll", "Terrain type 1 / soft cover"], "one sets how far"),
                                      ("Flying, soft cover", ["moved"], ["Flying", "Terrain type 1 / soft cover"], "one says how the model crosses")):
        data = resolve(rulebase, "last-edition", keywords, when=when).to_json()
        [(rules, reason)] = [o for o in _open(data) if o[0] == pair]
        assert reason.startswith(why), keywords
    view = system({"Dash": "The squad may make a move equal to twice its speed.", "Mud": "Squads in mud lose 1\" movement.",
                   "Haste": "Hasted squads gain 2\" movement."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Dash", "Mud")).to_json())
    assert rules == ["Dash", "Mud"]
    assert resolve(view, "demo", picks("Mud", "Haste")).to_json()["unresolved"] == []  # two changes, no distance set
