"""Open questions where two rules speak of one thing, read in the graph's terms (issue 22, round 11): a limit of acting once
in a phase beside a shot "even if this unit was not activated this phase"; a test one rule obliges beside that test's own
rule saying who takes it "only when"; a limit of one of a kind a model may have beside two rules of that kind (its real case
is in test_shared_things.py, on the BattleScribe sample).

Each is tested on the real documents and on a small system in words of our own, with a case beside it that must not meet."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system


def _open(data: dict) -> list[tuple[list[str], str]]:
    return [(sorted(u["rules"]), u["reason"]) for u in data["unresolved"]]


# -- acting once in a phase ----------------------------------------------------------------------------------------------


def test_acting_once_a_phase_and_a_shot_even_if_not_activated_are_open(rulebase: Build) -> None:
    # "A unit can only be selected to act once per phase." beside counterfire's "... even if this unit was not activated this phase."
    data = resolve(rulebase, "last-edition", "Phases, Ranged 2 counterfire", when=["charged", "shooting"]).to_json()
    [(rules, reason)] = [o for o in _open(data) if "Phases" in o[0]]
    assert rules == ["Phases", "Ranged X counterfire"]
    assert reason == ("one lets the unit act only once in a phase, the other lets it act even if it was not activated this phase, and "
                      "no sentence here says whether that is its one time or a time more")
    [question] = [u for u in data["unresolved"] if "Phases" in u["rules"]]
    assert {c["quote"] for c in question["citations"]} == {
        "A unit can only be selected to act once per phase.",
        "This means this weapon can be shot against charging units even if this unit was not activated this phase."}


def test_acting_once_in_a_small_system() -> None:
    view = system({"Orders": "A squad may only act once per turn.", "Return Fire": "It may shoot even if it has already acted.",
                   "Drill": "A squad may only act in good order.", "Volley": "It may shoot twice."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Orders", "Return Fire")).to_json())
    assert rules == ["Orders", "Return Fire"]
    assert _open(resolve(view, "demo", picks("Orders", "Volley")).to_json()) == []  # a shot that says nothing of having acted
    assert _open(resolve(view, "demo", picks("Drill", "Return Fire")).to_json()) == []  # "only act" with no "once" is no count


# -- a test one rule obliges, and its own rule's limit on who takes it -------------------------------------------------------


def test_a_test_obliged_and_its_rules_own_limit_on_who_takes_it_are_open(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Air And Ground Movement (flee, overrun and pursue), Dangerous Terrain(x)", "Impossible Terrain",
                   when=["fleeing"]).to_json()
    [(rules, reason)] = [o for o in _open(data) if o[0] == ["Dangerous Terrain(x)", "Impossible Terrain"]]
    assert reason.startswith("one obliges the test that is Dangerous Terrain(x), whose own words say who takes it only in a case")
    # the terrain's "Only a Fleeing Unit can move through Impossible Terrain" binds every unit that comes to it, the other side's
    # fliers that flee "on the ground" too: that pair is open as well (the writer's answer names all three rules)
    assert sorted(o[0] for o in _open(data) if "Impossible Terrain" in o[0]) == [["Air And Ground Movement (flee, overrun and pursue)", "Impossible Terrain"],
                                                                                ["Dangerous Terrain(x)", "Impossible Terrain"]]
    [question] = [u for u in data["unresolved"] if sorted(u["rules"]) == ["Dangerous Terrain(x)", "Impossible Terrain"]]
    assert {c["quote"] for c in question["citations"]} == {
        "All fleeing units through the impossible terrain must take Dangerous Terrain (5)",
        "Fliers take Dangerous Terrain Test, only if they land at terrain, not when flying over.",
        "Flyers take Dangerous Terrain Test only when use flying move."}


BOG = rel("must", "Quicksand", "Bog Test", "Every routed squad crossing the quicksand must take a Bog Test (4).",
          details={"action": "take Bog Test"}, subject="Every routed squad crossing the quicksand",
          conditions=(("fleeing", None, "routed"),))
MIRE = rel("must", "Mire", "Bog Test", "A squad in the mire must take a Bog Test.", details={"action": "take Bog Test"},
           subject="A squad in the mire")
TEXTS = {"Quicksand": "Every routed squad crossing the quicksand must take a Bog Test (4).", "Mire": "A squad in the mire must take a Bog Test.",
         "Bog Test": "Roll a die for each model. Skimmers take a Bog Test only when they land.", "Sink": "Roll a die for each model.",
         "Trudge": "Roll a die for each model."}


def test_a_test_obliged_and_its_own_limit_in_a_small_system() -> None:
    view = system(TEXTS, [BOG, MIRE])
    [(rules, _)] = _open(resolve(view, "demo", picks("Bog Test"), picks("Quicksand"), when=("fleeing",)).to_json())
    assert rules == ["Bog Test", "Quicksand"]
    [(rules, _)] = _open(resolve(view, "demo", picks("Bog Test", "Mire")).to_json())  # one side's own terrain too
    assert rules == ["Bog Test", "Mire"]
    # an obligation whose condition fails here obliges nothing
    assert _open(resolve(view, "demo", picks("Bog Test"), picks("Quicksand"), when=("melee",)).to_json()) == []
    # a test's rule that says nothing of who takes it only in a case: its obligation is all there is
    sink = rel("must", "Quicksand", "Sink", "Every routed squad crossing the quicksand must take a Bog Test (4).", details={"action": "take Sink"})
    view = system(TEXTS, [sink])
    assert _open(resolve(view, "demo", picks("Sink"), picks("Quicksand"), when=("fleeing",)).to_json()) == []


# -- one of a kind ------------------------------------------------------------------------------------------------------------


def test_one_of_a_kind_in_a_small_system() -> None:
    view = system({"Iron Helm": "A model can only wear one Helm. +1 Armour.", "Bronze Helm": "+1 Armour.", "Round Shield": "+1 Armour.",
                   "Breath Attack": "It can only use one Breath Attack in a single phase.", "Acid Attack": "Spits acid."}, [])
    [(rules, reason)] = _open(resolve(view, "demo", picks("Iron Helm", "Bronze Helm")).to_json())
    assert rules == ["Bronze Helm", "Iron Helm"]
    assert reason.startswith("a model may have only one Helm, both rules are one, and no sentence here says which one it has")
    assert "Round Shield" not in str(_open(resolve(view, "demo", picks("Iron Helm", "Round Shield")).to_json()))  # no helm
    assert _open(resolve(view, "demo", picks("Iron Helm"), picks("Bronze Helm")).to_json()) == []  # each side's own model
    # a limit on a rule's own instances names no kind another rule is
    assert _open(resolve(view, "demo", picks("Breath Attack", "Acid Attack")).to_json()) == []


# -- a modifier no rule states, given as what the target has; one of its kind brought in by another rule ------------------------


def test_a_light_cover_the_target_counts_as_having_is_stated_nowhere(rulebase: Build) -> None:
    # "If a firer is shooting at a model that is behind an obstacle, the target model counts as having a Light Cover."
    data = resolve(rulebase, "whfb-house", "Obstacle, Target Behind Soft Cover", when=["shooting"]).to_json()
    [question] = [u for u in data["unresolved"] if "Obstacle" in u["rules"]]
    assert question["rules"] == ["Obstacle", "Target Behind Soft Cover", "COVER"]
    assert question["reason"].startswith("Obstacle applies a Light Cover modifier, and no rule of whfb-house says what it is")
    assert [c["quote"] for c in question["citations"]][:2] == [
        "If a firer is shooting at a model that is behind an obstacle, the target model counts as having a Light Cover.",
        "Soft cover inflicts a -1 shooting modifier."]
    assert question["citations"][2]["name"] == "COVER"  # the rule of cover, where light cover is not said
    # its sentence speaks of shooting: a charge into the obstacle asks nothing of it
    charged = resolve(rulebase, "whfb-house", "Obstacle", when=["charged", "melee"]).to_json()
    assert not [u for u in charged["unresolved"] if "Obstacle" in u["rules"]]


def test_a_forests_light_cover_beside_a_hills_hard_cover_names_the_hill(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Bows", "Forest, Hills", when=["shooting"]).to_json()
    [question] = [u for u in data["unresolved"] if "Forest" in u["rules"]]
    assert question["rules"] == ["Forest", "Hills", "Target Behind Hard Cover", "COVER"]
    assert [c["line"] for c in question["citations"]] == [79, 71, 145, 137]  # the forest's sentence, the hill's, hard cover's, cover's


def test_a_thing_counted_as_had_in_a_small_system() -> None:
    said = "A model behind a hedge counts as having a Green Screen."
    view = system({"Hedge": said, "Haze": "A hazy screen gives -1 to hit.", "Charm": "A charmed model counts as having a Lucky Charm.",
                   "Lucky Charm": "Re-roll one die."}, [
        rel("modifies", "Haze", None, "A hazy screen gives -1 to hit.", details={"stat": "to-hit", "value": "-1"})])
    [question] = resolve(view, "demo", picks("Hedge", "Haze")).to_json()["unresolved"]
    assert question["rules"] == ["Hedge", "Haze"]
    assert resolve(view, "demo", picks("Charm")).to_json()["unresolved"] == []  # a rule of the system is so named: a grant's words


# -- two rules that each set one roll to a value of their own -----------------------------------------------------------------


def test_two_rules_setting_one_roll_to_their_own_values_are_open(rulebase: Build) -> None:
    # Fleshbane's "they always wound on a 2+" (whom: no one named) and Sniper's "its shooting attacks always wound on ... 4+"
    data = resolve(rulebase, "scrollhammer", "Fleshbane, Sniper", when=["shooting"]).to_json()
    [question] = [u for u in data["unresolved"] if "Fleshbane" in u["rules"]]
    assert question["rules"] == ["Fleshbane", "Sniper"]
    assert question["reason"] == "to-wound: Fleshbane =2+, Sniper =4+ each set it to a value of its own, and no sentence here says which holds"


def test_values_set_twice_in_a_small_system() -> None:
    steady = rel("modifies", "Steady", None, "Its shots always hit on a 3+.", details={"stat": "to-hit", "value": "=3+"})
    keen = rel("modifies", "Keen", None, "Shots of a keen archer always hit on a 2+.", details={"stat": "to-hit", "value": "=2+"},
               subject="Shots of a keen archer")
    axe = rel("modifies", "Axe", None, "Blows with an axe always hit on a 4+.", details={"stat": "to-hit", "value": "=4+"},
              subject="Blows with an axe")
    calm = rel("modifies", "Calm", None, "Its shots always hit on a 3+.", details={"stat": "to-hit", "value": "=3+"}, subject="Shots of a keen archer")
    view = system({"Steady": "Its shots always hit on a 3+.", "Keen": "Shots of a keen archer always hit on a 2+.",
                   "Axe": "Blows with an axe always hit on a 4+.", "Calm": "Its shots always hit on a 3+."}, [steady, keen, axe, calm])
    [(rules, _)] = _open(resolve(view, "demo", picks("Steady", "Keen")).to_json())
    assert rules == ["Keen", "Steady"]
    assert _open(resolve(view, "demo", picks("Keen", "Axe")).to_json()) == []  # each names its own models
    assert _open(resolve(view, "demo", picks("Steady", "Calm")).to_json()) == []  # the same value: nothing to choose


# -- a shot in melee beside a prohibition of melee attacks ----------------------------------------------------------------------


def test_a_shot_in_melee_beside_a_prohibition_of_melee_attacks_is_open(rulebase: Build) -> None:
    # trigger's "can use this weapon even in melee distance ..." beside type 2 walls' "... nor make melee attacks through these walls"
    data = resolve(rulebase, "last-edition", "Ranged 2 trigger -1 to hit", "vision hindering", when=["melee"]).to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Ranged X trigger -Y to hit", "Terrain type 2 / vision hindering"]
    assert reason.startswith("one forbids melee attacks (there, or at all), the other shoots a ranged weapon where melee attacks are made")
    # type 3 walls forbid attacks of both kinds ("neither attack (shooting or melee)"): the shot is forbidden either way
    blocking = resolve(rulebase, "last-edition", "Ranged 2 trigger -1 to hit", "vision blocking", when=["melee"]).to_json()
    assert not [o for o in _open(blocking) if o[1].startswith("one forbids melee attacks")]


def test_a_shot_in_melee_in_a_small_system() -> None:
    view = system({"Pistol": "You may fire this weapon even in melee range.", "Palisade": "Models cannot make melee attacks across a palisade.",
                   "Moat": "Models cannot make shooting attacks across a moat.", "Sword": "You may use this weapon in melee."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Pistol"), picks("Palisade")).to_json())
    assert rules == ["Palisade", "Pistol"]
    assert _open(resolve(view, "demo", picks("Pistol"), picks("Moat")).to_json()) == []  # a prohibition of the shot's own kind
    assert _open(resolve(view, "demo", picks("Sword"), picks("Palisade")).to_json()) == []  # a melee weapon is no shot in melee


# -- two kinds of one thing, each modifying one stat ------------------------------------------------------------------------


def test_two_suits_of_armour_added_by_default_are_open_beside_the_sum(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Plate Armour, Heavy Armour").to_json()
    [(rules, reason)] = _open(data)
    assert rules == ["Heavy Armour", "Plate Armour"]
    assert reason == "both are kinds of armour (Armour +3 and +2), and no sentence here says whether a model has both, or which one"
    assert [(m["stat"], m["value"]) for m in data["modifiers"]] == [("Armour", "+5")]  # the default's sum stays, said as such


def test_two_kinds_of_one_thing_in_a_small_system() -> None:
    bonus = [rel("modifies", name, None, text, details={"stat": "Armour", "value": value})
             for name, text, value in (("Iron Helm", "+1 Armour.", "+1"), ("Steel Helm", "+2 Armour.", "+2"), ("Round Shield", "+1 Armour.", "+1"))]
    view = system({"Iron Helm": "+1 Armour.", "Steel Helm": "+2 Armour.", "Round Shield": "+1 Armour."}, bonus)
    [(rules, _)] = _open(resolve(view, "demo", picks("Iron Helm", "Steel Helm")).to_json())
    assert rules == ["Iron Helm", "Steel Helm"]
    assert _open(resolve(view, "demo", picks("Iron Helm", "Round Shield")).to_json()) == []  # a helm and a shield are two things


# -- hits made on a unit, beside a rule that says whom every attack is made against --------------------------------------------


def test_hits_made_on_the_target_unit_beside_attacks_bound_to_a_challenge_are_open(rulebase: Build) -> None:
    # "These two characters must direct all of their attacks against each other" beside "A Thunderstomp makes D6 hits on the target unit"
    data = resolve(rulebase, "whfb-house", "Fighting A Challenge, Thunderstomp", when=["melee"]).to_json()
    [(rules, reason)] = [o for o in _open(data) if "Thunderstomp" in o[0]]
    assert rules == ["Fighting A Challenge", "Thunderstomp"]
    assert reason.startswith("one restricts whom every attack is made against, the other makes an attack on a unit")
    view = system({"Duel": "The duellists must direct all of their attacks against each other.", "Trample": "A trample makes 2 hits on the enemy unit.",
                   "Roar": "A roar makes the enemy unit nervous."}, [])
    [(rules, _)] = _open(resolve(view, "demo", picks("Duel", "Trample")).to_json())
    assert rules == ["Duel", "Trample"]
    assert _open(resolve(view, "demo", picks("Duel", "Roar")).to_json()) == []  # no hits made
