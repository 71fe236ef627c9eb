"""The sentences a referee reads out that no relation holds: a rule's limit on its own use, and what it
does by its numbers (issue 22, round 10): on the real documents, and on a small system of other words."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

from referee.resolve import resolve
from referee.resolve.render import markdown, print_resolution
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, rulings, system, system_data
from tests.stores import stored


def _listed(data: dict, how: str) -> list[tuple[str, str]]:
    return [(d["name"], d["citation"]["quote"]) for d in data["in_force"] if d["kind"] == "settles" and d["how"] == how]


def _quotes(data: dict) -> list[str]:
    found = [c["quote"] for key in ("rulings", "unresolved") for item in data[key] for c in item["citations"]]
    found += [p["citation"]["quote"] for m in data["modifiers"] for p in m["parts"]]
    return found + [d["citation"]["quote"] for d in data["in_force"]]


def test_a_limit_on_what_another_rule_in_play_does_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Modifying wound rolls, Modify by rerolling").to_json()
    [entry] = [d for d in data["in_force"] if d.get("how") == "limit" and d["name"] == "Modifying wound rolls"]
    assert entry["citation"]["quote"] == "Only the first roll of a wound roll can be modified by rerolling."
    assert (entry["citation"]["file"], entry["citation"]["line"], entry["citation"]["column"]) == ("last-edition/core-rules.md", 157, 1)
    assert entry["actions"] == ["Only the first roll of a wound roll can be modified by rerolling"]
    assert not data["rulings"] and not data["unresolved"]  # a sentence read out is no ruling


def test_a_limit_on_how_often_and_a_ceiling_are_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Blocking powers, Generating power dice").to_json()
    assert ("Generating power dice", "There can only be one attempt to cast the same power per round.") in _listed(data, "limit")
    # the cap is quoted once: in the open question on it and Second Hand Weapon's +1A (round 10), not again under its own words
    data = resolve(rulebase, "whfb-house", "Monsterous Support, Second Hand Weapon", when=["melee"]).to_json()
    [question] = [u for u in data["unresolved"] if u["rules"] == ["Monsterous Support", "Second Hand Weapon"]]
    assert any("up to a maximum of three" in c["quote"] for c in question["citations"])
    assert not [q for q in _listed(data, "limit") if q[0] == "Monsterous Support"]


def test_what_a_rule_does_by_its_numbers_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Destroyed transports, Bending reality").to_json()
    assert _listed(data, "effect") == [("Destroyed transports", "For every unmodified roll of a 1 one model is a casualty.")]
    # the other rule's own trigger on a number ("Every time you roll a 1 ..., you may put that exact dice aside")
    data = resolve(rulebase, "last-edition", "Destroyed transports, Modify by the bad luck pool").to_json()
    assert [name for name, _ in _listed(data, "effect")] == ["Destroyed transports", "Modify by the “bad luck pool”"]


def test_a_criterion_that_did_not_happen_is_ruled_on_in_its_situation(rulebase: Build) -> None:
    """Charging's list of criteria: "They have not made shooting attacks this turn." speaks of shooting."""
    data = resolve(rulebase, "last-edition", "Concentrating, Charging", when=["shooting", "charging"]).to_json()
    [own] = [r for r in data["rulings"] if r["principle"] == "own-words"]
    assert own["rules"] == ["Charging"] and own["winner"] is None
    assert [c["quote"] for c in own["citations"]] == ["2.They have not made shooting attacks this turn."]
    assert not [r for r in resolve(rulebase, "last-edition", "Concentrating, Charging").to_json()["rulings"] if r["principle"] == "own-words"]


WARDSTONE = {
    "Wardstone": ("A warband may raise a Wardstone before the battle. The Wardstone can only be invoked once per battle. "
                  "It can only be invoked once more if the priest survives. When invoked, each foe within 6 inches suffers D3 hits. "
                  "On a roll of 5+, the stone cracks: remove it. (For example, only one stone may stand per warband.)"),
    "Oath of Iron": "Sworn warriors add 1 to their Leadership. An oath counts only once.",
    "Tower Shield": "A Tower Shield adds 2 to the armour save.",
}


def test_one_sentence_of_each_kind_per_rule_and_two_limits_in_the_order_of_its_text() -> None:
    view = system(WARDSTONE, [rel("modifies", "Oath of Iron", None, "Sworn warriors add 1 to their Leadership.",
                                  details={"stat": "Leadership", "value": "+1"})])
    data = rulings(view, picks("Wardstone", "Oath of Iron", "Tower Shield"))
    assert _listed(data, "limit") == [("Wardstone", "The Wardstone can only be invoked once per battle."),
                                      ("Wardstone", "It can only be invoked once more if the priest survives."),
                                      ("Oath of Iron", "An oath counts only once.")]
    assert _listed(data, "effect") == [("Wardstone", "When invoked, each foe within 6 inches suffers D3 hits.")]
    quotes = _quotes(data)
    # two limits per rule at most (tests/resolve/test_own_limits_twice.py: a third is left to its page)
    assert not [q for q in quotes if q.startswith("(For example")]  # an example is no limit
    # a rule with no such sentence is read out by its first sentence alone
    assert [q for q in quotes if "Tower Shield" in q] == ["A Tower Shield adds 2 to the armour save."]
    assert ("Tower Shield", "A Tower Shield adds 2 to the armour save.") in _listed(data, "defines")
    text = markdown(data, lambda rid, sentence: rid)
    assert "Wardstone (your rules): what it does, in its own words: each foe within 6 inches suffers D3 hits" in text


def test_a_sentence_quoted_elsewhere_is_not_said_twice_and_a_rule_set_aside_says_nothing() -> None:
    once = "The Wardstone can only be invoked once per battle."
    view = system(WARDSTONE, [rel("cannot", "Wardstone", None, once, details={"action": "invoke"})])
    data = rulings(view, picks("Wardstone"))
    assert _quotes(data).count(once) == 1
    assert ("Wardstone", once) not in _listed(data, "limit")
    warded = {**WARDSTONE, "Unbound": "Unbound warriors are immune to the Wardstone."}
    view = system(warded, [rel("immune-to", "Unbound", "Wardstone", "Unbound warriors are immune to the Wardstone.")])
    data = rulings(view, picks("Unbound"), picks("Wardstone"))
    assert data["in_play"]["opponent"][0]["set_aside"]
    assert not [name for name, _ in _listed(data, "limit") + _listed(data, "effect") if name == "Wardstone"]


def test_a_roll_that_triggers_the_rule_is_its_effect() -> None:
    view = system({"Lucky Charm": "Roll a die when the bearer is slain. On a roll of 4+, he stands up again with one wound.",
                   "Grim Fate": "For every roll of a 1 one bearer is removed."}, [])
    data = rulings(view, picks("Lucky Charm", "Grim Fate"))
    assert _listed(data, "effect") == [("Lucky Charm", "On a roll of 4+, he stands up again with one wound."),
                                       ("Grim Fate", "For every roll of a 1 one bearer is removed.")]


def test_what_a_rule_produces_as_another_rules_thing_does_when_it_triggers_is_quoted() -> None:
    """Sniper's "each To Hit roll of a 6 results in a Precision Shot": Precision is not in play, but its "on the roll of
    a 3+, the strike or shot is reassigned" is what Sniper's shot does; a rule only named, not produced, says nothing."""
    produces = "Each roll of a 6 results in a Deadeye Shot."
    texts = {"Hawkeye": f"Hawkeyes shoot far. {produces}", "Deadeye": "A Deadeye Shot picks its victim. On a roll of 4+, the leader ducks: pick again.",
             "Keen Sight": "Keen Sight works as in the Deadeye rule.", "Guard": "Guards protect leaders."}
    view = system(texts, [rel("references", "Hawkeye", "Deadeye", produces),
                          rel("references", "Keen Sight", "Deadeye", "Keen Sight works as in the Deadeye rule.")])
    data = rulings(view, picks("Hawkeye"), picks("Guard"))
    assert [(d["side"], d["name"], d["how"], d["citation"]["quote"]) for d in data["in_force"] if d["how"] != "defines"] == [
        ("self", "Deadeye", "effect", "On a roll of 4+, the leader ducks: pick again.")]
    assert not [d for d in rulings(view, picks("Keen Sight"), picks("Guard"))["in_force"] if d["how"] != "defines"]


def test_a_precision_shot_is_quoted_for_sniper(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Sniper", "Independent Character", when=["shooting"]).to_json()
    [quote] = [q for name, q in _listed(data, "effect") if name == "Precision"]
    assert "on the roll of a 3+, the strike or shot is reassigned" in quote


def test_a_place_one_rule_says_its_models_are_not_is_quoted_beside_the_rule_that_speaks_of_it() -> None:
    texts = {"Burrowing": "Burrowing warriors dig in. Warriors that have dug in are not on the surface, and cannot be seen.",
             "Call to Arms": "At dawn, pick one warband on the surface and send it home.", "Tower Shield": "A Tower Shield adds 2 to the armour save."}
    view = system(texts, [])
    data = rulings(view, picks("Burrowing", "Call to Arms"))
    assert [(d["name"], d["how"], d["actions"], d["citation"]["quote"]) for d in data["in_force"] if d.get("how") == "mentions"] == [
        ("Burrowing", "mentions", ["Call to Arms"], "Warriors that have dug in are not on the surface, and cannot be seen.")]
    # the other side's rule speaks of its own warbands; a rule that names no such place says nothing of it
    for mine, theirs in ((("Burrowing",), ("Call to Arms",)), (("Burrowing", "Tower Shield"), ())):
        data = rulings(view, picks(*mine), picks(*theirs))
        assert not [d for d in data["in_force"] if d.get("how") == "mentions"]


def test_disembarked_models_are_not_on_the_battlefield_for_a_directive(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Directive 4, Disembarking").to_json()
    assert [(d["name"], d["actions"], d["citation"]["quote"]) for d in data["in_force"] if d.get("how") == "mentions"] == [
        ("Disembarking", ["Directive 4"], "Models that are embarked in a transport are not on the battlefield.")]


@pytest.mark.parametrize(("sentence", "how"), [
    ("Only the first swing of a duel can be parried.", "limit"),
    ("There can only be one vow sworn per round.", "limit"),
    ("The relic can only be used against foes in front of the bearer.", "limit"),
    ("The bearer only gains the blessing whilst standing in a shrine.", "limit"),
    ("Once per Magic Phase, the bearer may lift a curse.", "limit"),
    ("Thunderclap. One use only.", "limit"),
    ("A chanting priest rallies up to a maximum of two squads.", "limit"),
    ("A squad that rests can no longer march this turn.", "limit"),
    ("This ward value cannot be increased by other blessings.", "limit"),
    ("The relic makes D6 hits on a squad in its path.", "effect"),
    ("Each wound caused by the relic deals multiple wounds.", "effect"),
    ("On a roll of 2+, the curse lifts.", "effect"),
    ("Every time you roll a 6 for the bearer, you may add a die to the pool.", "effect"),
    ("A squire can only carry a single banner.", "limit"),
    ("Only a mounted Knight may ride through the marsh.", "limit"),
    ("Squires wielding lances do not gain this bonus.", "limit"),
    ("These blows can only be assigned to foes of the same size.", "limit"),
    ("A volley can never fell more foes than there are in the squad.", "limit"),
    ("The relic's bolts hit automatically and count as spells.", "effect"),
    ("A censer does not roll to hit.", "effect"),
    ("The squad struck by the relic suffers X wounds.", "effect"),
    ("The bolt causes a number of hits equal to the squad's ranks.", "effect"),
    ("Priests stand only in the first rank.", None),
    ("The relic works exactly like a tower shield.", "like"),
    ("Its bearer sees like a hawk in the dark.", "like"),
    ("The relic glows brightly.", None),
    ("Not only the bearer but his squad may pray.", None),
    ("For example, only one relic may glow at once.", None),
])
def test_the_words_that_make_a_sentence_a_limit_or_an_effect(sentence: str, how: str | None) -> None:
    view = system({"Relic": f"The relic is old. {sentence}"}, [])
    listed = [(d["how"], d["citation"]["quote"]) for d in rulings(view, picks("Relic"))["in_force"] if d["how"] != "defines"]
    assert listed == ([(how, sentence.split(". ")[-1] if how == "limit" and sentence.startswith("Thunderclap") else sentence)] if how else [])


def test_a_rule_named_with_nothing_else_quoted_is_read_out_by_its_first_sentence() -> None:
    texts = {"Ironhide": "Veterans. Ironhide warriors shrug off the first blow of every fight. They never tire.",
             "Tower Shield": "A Tower Shield adds 2 to the armour save. It is heavy to carry.",
             "Shieldwall": "Shieldwall gives its bearer a Tower Shield. Shieldwall warriors lock their shields together."}
    shield = "A Tower Shield adds 2 to the armour save."
    view = system(texts, [rel("modifies", "Tower Shield", None, shield, details={"stat": "armour save", "value": "+2"}),
                          rel("grants", "Shieldwall", "Tower Shield", "Shieldwall gives its bearer a Tower Shield.")])
    data = rulings(view, picks("Ironhide", "Tower Shield"))
    # "Veterans." is a label, not a sentence of what the rule is; the Tower Shield is quoted by its modifier already
    assert _listed(data, "defines") == [("Ironhide", "Ironhide warriors shrug off the first blow of every fight.")]
    assert "Ironhide (your rules): what it is, in its first words: Ironhide warriors shrug off the first blow of every fight" in markdown(
        data, lambda rid, sentence: rid)
    # a rule only granted has its grant quoted; the granting rule's first sentence is that grant
    data = rulings(view, picks("Shieldwall"))
    assert _listed(data, "defines") == []
    assert shield in _quotes(data) and "Shieldwall gives its bearer a Tower Shield." in [s["citation"]["quote"] for e in data["in_play"]["self"] for s in e["via"]]


def test_a_tables_rendered_text_is_not_read_out_as_its_first_words(rulebase: Build) -> None:
    """The Dangerous Terrain Table's text is the reader's rendering of its rows, not the document's words."""
    data = resolve(rulebase, "whfb-house", "Dangerous Terrain Table").to_json()
    assert not [d for d in data["in_force"] if d["how"] == "defines"]


def test_first_words_alone_leave_nothing_to_rule_on(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Stubborn").to_json()
    assert [d["how"] for d in data["in_force"]] == ["defines"]
    out = io.StringIO()
    with redirect_stdout(out):
        print_resolution(data)
    assert out.getvalue().endswith("Nothing to rule on: no rules in play meet, and none modifies a stat here.\n")


def test_a_title_line_is_no_part_of_the_first_sentence(rulebase: Build) -> None:
    """Directive 5 is titled "“Bending reality”" on a line of its own; its first sentence is the next paragraph's."""
    data = resolve(rulebase, "last-edition", "Directive 5").to_json()
    [entry] = [d for d in data["in_force"] if d["how"] == "defines"]
    assert entry["citation"]["quote"] == "Add five dice to the bad luck pool showing a 6."
    assert (entry["citation"]["file"], entry["citation"]["column"]) == ("last-edition/core-rules.md", 1)


HORNS = {
    "Warhorns": ("A unit may sound a horn once per battle. A unit with two or more horns may sound only one of them per turn. "
                 "Horns are carved from bone or cast in brass. A unit carrying more than one horn moves 1 inch slower. "
                 "Several horns sounded at once deafen their bearers."),
    "Bone Horn": "A Bone Horn rallies a fleeing unit.",
    "Brass Horn": "A Brass Horn adds 1 to the charge roll.",
}


def _horns() -> object:
    data = system_data(HORNS, [])
    for part in ("Bone Horn", "Brass Horn"):
        data["rules"][f"demo/{part}"]["parent"] = "demo/Warhorns"
    data["rules"]["demo/Warhorns"]["children"] = ["demo/Bone Horn", "demo/Brass Horn"]
    return stored(data)


def test_a_sections_words_on_several_of_its_parts_are_quoted_where_two_are_in_play() -> None:
    view = _horns()
    data = rulings(view, picks("Bone Horn", "Brass Horn"))
    assert [(d["name"], d["actions"], d["citation"]["quote"]) for d in data["in_force"] if d["how"] == "several"] == [
        ("Warhorns", ["Bone Horn", "Brass Horn"], "A unit with two or more horns may sound only one of them per turn."),
        ("Warhorns", ["Bone Horn", "Brass Horn"], "A unit carrying more than one horn moves 1 inch slower.")]  # two at most
    assert "Warhorns (your rules): its words on several of these at once: Bone Horn; Brass Horn" in markdown(data, lambda rid, sentence: rid)
    # one part alone, or one on each side: the section's words on several say nothing of it
    for mine, theirs in ((("Bone Horn",), ()), (("Bone Horn",), ("Brass Horn",))):
        assert not [d for d in rulings(view, picks(*mine), picks(*theirs))["in_force"] if d["how"] == "several"]


def test_two_breath_weapons_are_quoted_the_sections_limit(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Breath Weapon Shooting Attack, Breath Weapon Close Combat Attack").to_json()
    quotes = [d["citation"]["quote"] for d in data["in_force"] if d["how"] == "several"]
    assert quotes == ["A model with two or more different Breath Weapons can use each one once.",
                      "In the event that a model has more than one Breath Weapon attack, it is permitted to use only one in a single turn."]


def test_a_rule_lost_under_a_condition_the_situation_cannot_tell_is_quoted() -> None:
    loses = "A raiding warband loses its Banner until the second dawn."
    # the sentence is the Banner's (as Scoring's "A Vanguarding model loses Scoring ..." is), read as the raid's relation
    view = system({"Night Raid": "Raiders strike at night.", "Banner": f"A Banner adds 1 to Leadership. {loses}"},
                  [rel("loses", "Night Raid", "Banner", loses, conditions=(("game-turn", "<=2", "until the second dawn"),))])
    data = rulings(view, picks("Night Raid", "Banner"))
    assert [(d["name"], d["how"], d["actions"], d["citation"]["quote"]) for d in data["in_force"] if d["how"] == "loses"] == [
        ("Night Raid", "loses", ["Banner"], loses)]
    # the Banner on the other side is not the raiders' to lose
    assert not [d for d in rulings(view, picks("Night Raid"), picks("Banner"))["in_force"] if d["how"] == "loses"]


@pytest.mark.parametrize("sentence", ["This is decreased to 6 inches for foes that crept forward.", "Its range is doubled at night."])
def test_a_number_the_rule_changes_is_its_effect(sentence: str) -> None:
    view = system({"Relic": f"The relic is old. {sentence}"}, [])
    assert [(d["how"], d["citation"]["quote"]) for d in rulings(view, picks("Relic"))["in_force"] if d["how"] != "defines"] == [("effect", sentence)]


def test_vanguard_quotes_what_it_loses_and_the_distance_it_decreases(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Vanguard, Scoring").to_json()
    assert ("Vanguard", "A Vanguarding model loses Scoring until the end of Game Turn 1.") in _listed(data, "loses")
    [(name, quote)] = _listed(data, "effect")
    assert name == "Vanguard" and quote.startswith("This is decreased to 6")
    # in the game's first turn "until the end of Game Turn 1" holds: the loss is ruled, Scoring out of play (this test pinned
    # the loss as an open condition under --when first-turn, when a game-turn bound was never judged against that flag)
    first = resolve(rulebase, "t9a", "Vanguard, Scoring", when=["first-turn"]).to_json()
    assert [e["name"] for e in first["in_play"]["self"]] == ["Vanguard"]
    [ruling] = [r for r in first["rulings"] if r["winner"] == "Vanguard"]
    assert "A Vanguarding model loses Scoring until the end of Game Turn 1." in {c["quote"] for c in ruling["citations"]}


def test_a_cap_on_a_count_and_a_single_suit_are_limits_and_unrolled_hits_an_effect(rulebase: Build) -> None:
    """Round 8's sealed r8-t9a-bsdata-014 (Area Attack's cap beside Battle Focus) on the shipped documents' words."""
    data = resolve(rulebase, "last-edition", "Fly").to_json()
    assert ("Fly -X", "There can never be more than 1 unit with the fly keyword per 1000 army points.") in _listed(data, "limit")
    data = resolve(rulebase, "t9a", "Sweeping Attack", opponent="Distracting", when=["moved"]).to_json()
    assert _listed(data, "effect") == [("Sweeping Attack", "These attacks hit automatically and count as ranged Special Attacks.")]


GROUND = {
    "Battlefield": "The battlefield is set up before the game.",
    "Laying out the field": "The players take turns to lay out ground.",
    "The kinds of ground": ("Standing on ground changes how warriors fight. A warrior standing on two or more ground patches only counts the "
                            "worst of them. A squad with multiple banner bearers rallies first."),
    "Ground 1 / mud": "Warriors in mud lose 1 inch of movement.",
    "Ground 2 / ice": "Warriors on ice add 1 to their armour.",
    "Banner 1 / red": "A red banner adds 1 to Leadership.",
}


def _ground() -> object:
    """The kinds of ground stand under a sibling section of the two kinds' own: the layout the documents have for terrain."""
    data = system_data(GROUND, [])
    rules = data["rules"]
    for part, parent in (("Laying out the field", "Battlefield"), ("Ground 1 / mud", "Battlefield"), ("Ground 2 / ice", "Battlefield"),
                         ("Banner 1 / red", "Battlefield"), ("The kinds of ground", "Laying out the field")):
        rules[f"demo/{part}"]["parent"] = f"demo/{parent}"
        rules[f"demo/{parent}"]["children"].append(f"demo/{part}")
    return stored(data)


def test_a_sentence_under_the_shared_section_on_several_of_the_kind_both_are_named_for_is_quoted() -> None:
    view = _ground()
    data = rulings(view, picks("Ground 1 / mud", "Ground 2 / ice"))
    assert [(d["name"], d["actions"], d["citation"]["quote"]) for d in data["in_force"] if d["how"] == "several"] == [
        ("The kinds of ground", ["Ground 1 / mud", "Ground 2 / ice"], "A warrior standing on two or more ground patches only counts the worst of them.")]
    # two parts whose names share no word, one part alone, or one on each side: nothing of several is read
    for mine, theirs in ((("Ground 1 / mud", "Banner 1 / red"), ()), (("Ground 1 / mud",), ()), (("Ground 1 / mud",), ("Ground 2 / ice",))):
        assert not [d for d in rulings(view, picks(*mine), picks(*theirs))["in_force"] if d["how"] == "several"]


def test_a_model_on_two_terrain_types_is_quoted_the_highest_counts(rulebase: Build) -> None:
    """Round 8's sealed r8-last-edition-533 and round 5's r5-last-edition-532: the sentence stands in "The 3 terrain types", under
    the section the two terrain types are parts of."""
    data = resolve(rulebase, "last-edition", "soft cover, vision hindering", opponent="Ranged 2 heavy", when=["shooting"]).to_json()
    [entry] = [d for d in data["in_force"] if d["how"] == "several"]
    assert entry["citation"]["quote"] == "A model standing on two or more terrain features only counts as standing on the highest terrain type."
    assert (entry["name"], entry["citation"]["file"], entry["citation"]["line"], entry["citation"]["column"]) == (
        "The 3 terrain types", "last-edition/core-rules.md", 313, 1)
    # two weapon keywords share "keyword" with "multiple faction keywords", a kind of another word: not read
    data = resolve(rulebase, "last-edition", "Melee 3 charge 1, Ranged 2 charge 1", when=["charging", "melee"]).to_json()
    assert not [d for d in data["in_force"] if d["how"] == "several"]


def test_a_rule_given_a_number_is_quoted_what_the_number_is() -> None:
    view = system({"Cravens": "Some squads are cravens. A craven squad flees once it has X warriors or fewer.",
                   "Ward": "A ward turns blows aside. The number in brackets is the roll that saves the bearer. A ward never tires."}, [])
    data = rulings(view, picks(("Cravens", ("3",)), ("Ward", ("5+",))))
    assert _listed(data, "parameter") == [("Cravens", "A craven squad flees once it has X warriors or fewer."),
                                          ("Ward", "The number in brackets is the roll that saves the bearer.")]
    assert not _listed(data, "defines")  # the number's sentence names the rule in play: its first words need not
    # given without a number, a rule's words on its number are not read out for it
    assert not _listed(rulings(view, picks("Cravens", "Ward")), "parameter")


def test_cowards_is_quoted_the_number_it_runs_at(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Cowards (3), Unit coherency").to_json()
    assert _listed(data, "parameter") == [
        ("Cowards (X)", "This unit will run from the battlefield after the number of models in this unit is equal or lower than the number X.")]
    assert "Some units have the Cowards keyword." not in _quotes(data)
    data = resolve(rulebase, "t9a", "Vanguard (8)").to_json()
    assert ("Vanguard", "In case a figure is stated in brackets, this distance is X\" instead.") in _listed(data, "parameter")


def test_a_rules_words_on_a_test_the_other_sides_rule_makes_it_take_are_quoted() -> None:
    dread, flee, stand = ("When a Wraith charges, its target must take a Nerve Test.", "If the test is failed, its target must flee.",
                          "Golems cannot flee.")
    texts = {"Wraith": f"Wraiths are cold. {dread} {flee}", "Golem": f"Golems are clay. {stand} When a Golem fails a Nerve Test, it stands still for a turn.",
             "Drummer": "Drummers keep time. Its own squad must take a Nerve Test when the drum breaks."}
    # the two meet by the Golem's prohibition (cannot beats can), so nothing else quotes the Golem's words on the test
    view = system(texts, [rel("must", "Wraith", None, dread, details={"action": "take a Nerve Test"}, subject="its target"),
                          rel("must", "Wraith", None, flee, details={"action": "flee"}, subject="its target"),
                          rel("cannot", "Golem", None, stand, details={"action": "flee"}),
                          rel("must", "Drummer", None, "Its own squad must take a Nerve Test when the drum breaks.",
                              details={"action": "take a Nerve Test"}, subject="Its own squad")])
    data = rulings(view, picks("Golem"), picks("Wraith"))
    assert [(d["name"], d["actions"], d["citation"]["quote"]) for d in data["in_force"] if d.get("how") == "forced"] == [
        ("Golem", ["Wraith"], "When a Golem fails a Nerve Test, it stands still for a turn.")]
    assert "Golem (your rules): its words on the test the other side's rule makes it take: Wraith" in markdown(data, lambda rid, sentence: rid)
    # a test the side's own rule makes it take, or one the other side takes: not the other side's doing
    assert not [d for d in rulings(view, picks("Golem", "Drummer"))["in_force"] if d.get("how") == "forced"]
    assert not [d for d in rulings(view, picks("Golem", "Wraith"))["in_force"] if d.get("how") == "forced"]


def test_a_war_machine_charged_by_terror_is_quoted_what_a_failed_panic_test_does(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "War Machine", opponent="Terror", when=["charged"]).to_json()
    assert ("War Machine", "When a War Machine fails a Panic Test, instead of Fleeing, it is Shaken until the end of the next Player Turn.") in _listed(data, "forced")


def test_a_first_sentence_is_read_with_a_next_too_short_to_stand_alone() -> None:
    view = system({"Banners": "Some warbands carry extra banners. These stack. Banners are heavy to carry.",
                   "Horns": "Some warbands carry war horns. Loud ones. Horns are carved from bone."}, [])
    data = rulings(view, picks("Banners", "Horns"))
    # "These stack." says what the banners do; "Loud ones." says nothing of its own
    assert _listed(data, "defines") == [("Banners", "Some warbands carry extra banners. These stack."), ("Horns", "Some warbands carry war horns.")]


def test_weapon_keywords_are_read_out_as_combined(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Ranged 2 splash 5").to_json()
    [entry] = [d for d in data["in_force"] if d["how"] == "defines" and d["name"] == "Ranged weapon keywords"]
    assert entry["citation"]["quote"] == "Some weapons have additional keywords. This can be combined."
    assert (entry["citation"]["line"], entry["citation"]["column"]) == (857, 1)


def test_what_a_rule_works_like_is_quoted_as_far_as_its_paragraph(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Hills, General's Leadership").to_json()
    assert ("Hills", "Models on hill see like units with Large Target special rule.") in _listed(data, "like")
    # "... with the following exceptions:" and the list after it: the sentence as far as its paragraph runs
    data = resolve(rulebase, "whfb-house", "Regeneration").to_json()
    assert ("Regeneration", "This rule confers a special regeneration save to the model which works exactly like 4+ ward save, "
            "with the following exceptions:") in _listed(data, "like")


def test_the_state_a_rule_or_a_rule_it_names_puts_its_units_in_is_quoted_beside_a_rule_on_that_state() -> None:
    drop = "A squad with Deep Drop arrives from the reserves at the start of the second turn."
    texts = {"Deep Drop": drop, "Reserves": "Squads wait off the table. Reserve squads count as moved and cannot charge.",
             "Steady Aim": "Squads that did not move add 1 to their shooting.", "Banner": "A banner adds 1 to Leadership."}
    view = system(texts, [rel("references", "Deep Drop", "Reserves", drop)])
    data = rulings(view, picks("Deep Drop", "Steady Aim"))
    assert [(d["name"], d["actions"], d["citation"]["quote"]) for d in data["in_force"] if d.get("how") == "state"] == [
        ("Reserves", ["Steady Aim"], "Reserve squads count as moved and cannot charge.")]
    # no rule in play on that side speaks of moving, or the rule on moving is the other side's: nothing to say of the state
    assert not [d for d in rulings(view, picks("Deep Drop", "Banner"))["in_force"] if d.get("how") == "state"]
    assert not [d for d in rulings(view, picks("Deep Drop"), picks("Steady Aim"))["in_force"] if d.get("how") == "state"]


def test_reserves_count_as_moved_beside_concentrating(rulebase: Build) -> None:
    """The sentence is quoted once: in the open question on whether Shock teleport's unit is one of the reserve units that
    "do not receive orders" (Concentrating is an order; round 17), beside the open question on whether it moved."""
    data = resolve(rulebase, "last-edition", "Shock teleport 2|3, Concentrating").to_json()
    sentence = "Reserve units count as moved and do not receive orders."
    [orders] = [u for u in data["unresolved"] if "Placing reserves" in u["rules"]]
    assert "Concentrating" in orders["rules"] and sentence in [c["quote"] for c in orders["citations"]]
    assert [u for u in data["unresolved"] if "Placing reserves" not in u["rules"] and "Concentrating" in u["rules"]]  # moved, open


def test_a_rule_set_aside_by_a_ruling_that_quotes_none_of_its_words_is_read_out_by_its_first_words(rulebase: Build) -> None:
    forbids = "Enemies cannot rally against a ghostly squad."
    view = system({"Ghost": f"Ghosts drift through walls. {forbids}", "Rally": "A beaten squad may rally against the foe that broke it. Rallying is hard."},
                  [rel("cannot", "Ghost", None, forbids, details={"action": "rally against a ghostly squad"}, subject="Enemies")])
    data = rulings(view, picks("Rally"), picks("Ghost"))
    assert [(r["winner"], [c["name"] for c in r["citations"]]) for r in data["rulings"]] == [("Ghost", ["Ghost"])]
    assert next(e for e in data["in_play"]["self"] if e["name"] == "Rally")["set_aside"]
    # the loser is named by its words as well as the winner
    assert _listed(data, "defines") == [("Rally", "A beaten squad may rally against the foe that broke it.")]
    # Frenzy's immunity sets Terror aside, quoting Frenzy's words alone
    data = resolve(rulebase, "scrollhammer", "Frenzy", opponent="Terror", when=["charged"]).to_json()
    assert next(e for e in data["in_play"]["opponent"] if e["name"] == "Terror")["set_aside"]
    assert [q for name, q in _listed(data, "defines") if name == "Terror"][0].startswith("A model that causes Terror prompts the same tests as a model")
