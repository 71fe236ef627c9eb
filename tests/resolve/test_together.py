"""A rule's own clause for another rule of its side (referee/resolve/together.py), and whom an
obligation binds when its condition says the rule's bearer acts on the unit (meeting.binds_other_side)."""

from __future__ import annotations

from referee.resolve import resolve
from referee.resolve.meeting import binds_other_side
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system


def test_a_horde_with_fighting_in_extra_ranks_is_ruled_by_that_rules_clause(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "The Horde, Fighting in extra ranks", when=["melee", "not-charging"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "together"]
    assert ruling["rules"] == ["Fighting in extra ranks", "The Horde"] and ruling["winner"] is None
    [c] = ruling["citations"]
    assert (c["quote"], c["line"], c["column"]) == ("A horde with this rule will make supporting attacks with three ranks.", 254, 1)


def test_the_clause_needs_both_rules_on_the_same_side(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Fighting in extra ranks", "The Horde", when=["melee"]).to_json()
    assert not [r for r in data["rulings"] if r["principle"] == "together"]


def test_a_sentence_naming_another_rule_without_this_rule_is_no_clause() -> None:
    view = system({"Spears": "Spears fight in two ranks. A phalanx with this rule fights in three ranks.", "Phalanx": "x.",
                   "Pikes": "Pikes fight in a Phalanx too."}, [])
    data = resolve(view, "demo", picks("Spears", "Phalanx")).to_json()
    assert [(r["principle"], r["rules"]) for r in data["rulings"]] == [("together", ["Spears", "Phalanx"])]
    assert resolve(view, "demo", picks("Pikes", "Phalanx")).to_json()["rulings"] == []


def test_fearless_passes_the_morale_test_pinning_forces_on_it(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Fearless", "Pinning").to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "immunity"]
    assert ruling["winner"] == "Fearless" and ruling["rules"] == ["Fearless", "Pinning"]
    assert any(c["quote"].startswith("If a non-vehicle unit suffers one or more unsaved wounds from a weapon with the Pinning") for c in ruling["citations"])


def test_whom_an_obligation_binds() -> None:
    def must(condition: str, subject: str | None = None) -> dict:
        return rel("must", "Snare", None, "x.", subject=subject, conditions=(("other", None, condition),), details={"action": "take a test"})
    assert binds_other_side(must("If a unit suffers one or more wounds from a weapon with the Snare rule"))
    assert binds_other_side(must("If a unit has a charge declared against it by an enemy that causes Dread"))
    assert binds_other_side(must("If a unit is hit by an attack with Snare"))
    assert not binds_other_side(must("If the unit fails the test"))
    assert binds_other_side(rel("must", "Snare", None, "x.", subject="Enemy units"))


def test_what_follows_failing_a_test_binds_the_one_who_took_it(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Hatred (Goblins)", "Fear", when=["charged"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert ruling["winner"] == "Hatred" and ruling["rules"] == ["Hatred", "Fear"]
    # Hatred's sentence names Fear ("in the case of a failed Fear or Terror test ... regardless"): its words settle it
    assert ruling["outcome"] == ("Hatred cannot flee, if charged by the Hated foe: Fear's obligation to flee as its charge reaction, if it fails, "
                                 "yields (as Hatred's own words say; its words name Fear as the exception)")
    assert ruling["relation"]["name"] == "Hatred"
    assert ruling["conditions"] == ["if charged by the Hated foe", "If it fails"]
    pinned = resolve(rulebase, "scrollhammer", "Fearless", "Pinning").to_json()
    assert [(r["principle"], r["winner"]) for r in pinned["rulings"]] == [("immunity", "Fearless"), ("cannot-beats-can", "Fearless")]


def test_a_failure_binds_the_tester_only_where_its_rule_makes_the_other_side_test() -> None:
    from referee.resolve.meeting import binds_tester

    test = rel("must", "Dread", None, "If a unit is charged by an enemy with Dread, it must take a Nerve test.",
               conditions=(("other", None, "If a unit is charged by an enemy with Dread"),), details={"action": "take a Nerve test"})
    flee = rel("must", "Dread", None, "If it fails, it must flee.", conditions=(("other", None, "If it fails"),), details={"action": "flee"})
    view = system({"Dread": "x."}, [test, flee])
    assert binds_tester(view, flee)
    own = rel("must", "Rage", None, "If it fails, it must charge.", conditions=(("other", None, "If it fails"),), details={"action": "charge"})
    selftest = rel("must", "Rage", None, "The unit must take a Rage test.", details={"action": "take a Rage test"})
    assert not binds_tester(system({"Rage": "x."}, [selftest, own]), own)


def test_a_case_another_rule_allows_none_of_cannot_arise(rulebase: Build) -> None:
    # "The only Charge Reaction a unit with one or more models with Undead can perform is Hold." beside Feigned Flight's
    # "If a unit consisting entirely of models with Feigned Flight voluntarily chooses Flee as Charge Reaction, ..."
    data = resolve(rulebase, "t9a", "Undead, Feigned Flight", when=["charged"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Undead"]
    assert ruling["rules"] == ["Undead", "Feigned Flight"] and ruling["principle"] == "cannot-beats-can"
    assert ruling["relation"]["quote"] == "The only Charge Reaction a unit with one or more models with Undead can perform is Hold."
    assert "Flee as Charge Reaction" in ruling["outcome"]


def test_only_one_of_a_kind_in_a_small_system() -> None:
    only = rel("cannot", "Stubborn Guard", None, "The only Stance a guard can take is Shield Wall.",
               details={"action": "take a Stance other than Shield Wall", "only": "Shield Wall", "kind_of": "Stance"})
    view = system({"Stubborn Guard": only["citation"]["sentence"], "Skirmish Drill": "If the unit chooses Scatter as its Stance, it moves 3\".",
                   "Wall Drill": "If the unit chooses Shield Wall as its Stance, it gains +1 Armour."}, [only])
    [ruling] = resolve(view, "demo", picks("Stubborn Guard", "Skirmish Drill")).to_json()["rulings"]
    assert (ruling["winner"], ruling["rules"]) == ("Stubborn Guard", ["Stubborn Guard", "Skirmish Drill"])
    # the one allowed is no case ruled out; nor is the other side's
    assert resolve(view, "demo", picks("Stubborn Guard", "Wall Drill")).to_json()["rulings"] == []
    assert resolve(view, "demo", picks("Stubborn Guard"), picks("Skirmish Drill")).to_json()["rulings"] == []


def test_a_prohibition_of_moving_prevails_over_a_modifier_of_movement(rulebase: Build) -> None:
    # "In the Movement phase during which they arrive, deep striking units may not move any further, ..." beside Fleet of Foot's
    # "+d3 to its movement"
    data = resolve(rulebase, "scrollhammer", "Fleet of Foot, Deep Strike").to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Deep Strike"]
    assert ruling["rules"] == ["Deep Strike", "Fleet of Foot"] and ruling["principle"] == "explicit-exception"
    assert ruling["relation"]["quote"].startswith("In the Movement phase during which they arrive, deep striking units may not move any further")


def test_a_whole_action_forbidden_in_a_small_system() -> None:
    rooted = rel("cannot", "Rooted", None, "A rooted unit cannot move.", details={"action": "move"})
    wary = rel("cannot", "Wary", None, "A wary unit cannot move toward the enemy.", details={"action": "move toward the enemy"})
    swift = rel("modifies", "Swift", None, "+2 Movement.", details={"stat": "Movement", "value": "+2"})
    view = system({"Rooted": rooted["citation"]["sentence"], "Wary": wary["citation"]["sentence"], "Swift": swift["citation"]["sentence"]},
                  [rooted, wary, swift])
    [ruling] = resolve(view, "demo", picks("Rooted", "Swift")).to_json()["rulings"]
    assert (ruling["winner"], ruling["rules"]) == ("Rooted", ["Rooted", "Swift"])
    # a move forbidden only one way leaves the others to the modifier; the other side's move is its own
    assert resolve(view, "demo", picks("Wary", "Swift")).to_json()["rulings"] == []
    assert resolve(view, "demo", picks("Rooted"), picks("Swift")).to_json()["rulings"] == []


def test_a_cap_on_a_count_beside_a_modifier_of_it_is_open(rulebase: Build) -> None:
    # "can make as many supporting attacks as are on its profile, up to a maximum of three" beside Second Hand Weapon's +1A
    data = resolve(rulebase, "whfb-house", "Monsterous Support, Second Hand Weapon", when=["melee"]).to_json()
    [question] = [u for u in data["unresolved"] if "Monsterous Support" in u["rules"]]
    assert question["rules"] == ["Monsterous Support", "Second Hand Weapon"]
    assert any("up to a maximum of three" in c["quote"] for c in question["citations"])


def test_a_capped_count_in_a_small_system() -> None:
    brawl = rel("modifies", "Brawler", None, "+1 Attacks.", details={"stat": "Attacks", "value": "+1"})
    view = system({"Brawler": brawl["citation"]["sentence"], "Crowded": "A crowded unit makes no more than 2 attacks per model.",
                   "Tidy": "A tidy unit keeps no more than 2 banners."}, [brawl])
    data = resolve(view, "demo", picks("Brawler", "Crowded")).to_json()
    assert [sorted(u["rules"]) for u in data["unresolved"]] == [["Brawler", "Crowded"]]
    assert resolve(view, "demo", picks("Brawler", "Tidy")).to_json()["unresolved"] == []  # a cap on another count
    assert resolve(view, "demo", picks("Brawler"), picks("Crowded")).to_json()["unresolved"] == []  # the other side's count
