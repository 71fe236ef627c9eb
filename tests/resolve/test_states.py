"""A state that forbids actions, applied to the rules that are those actions, and a rule's own
attack kind read from its name or category (issue 22, round 6, from round 4's sealed half).  On
the real documents and on small systems of other words."""

from __future__ import annotations

from referee.resolve import resolve
from referee.resolve.duties import in_the_situation
from referee.resolve.scope import named_kind
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, system, system_data
from tests.stores import stored


def _aside(data: dict) -> dict[str, str | None]:
    return {e["name"]: e["set_aside"] for e in data["in_play"]["self"]}


# -- a state that forbids actions ---------------------------------------------------------

def test_a_fleeing_unit_cannot_breathe_fire_in_the_shooting_phase(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Breath Weapon Shooting Attack, Subsequent Actions Of Fleeing Troops",
                   when=["fleeing", "shooting"]).to_json()
    assert _aside(data) == {"Breath Weapon Shooting Attack": "Subsequent Actions Of Fleeing Troops: A unit which is fleeing cannot shoot here",
                            "Subsequent Actions Of Fleeing Troops": None}
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert ruling["conditions"] == []
    assert ruling["citations"][0]["quote"] == "A unit which is fleeing cannot fight, shoot or use magic - it can only flee."
    assert ruling["citations"][0]["line"] == 85


def test_a_fleeing_giant_does_not_stomp(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Stomp / Thunder Stomp, Subsequent Actions Of Fleeing Troops", when=["fleeing", "melee"]).to_json()
    assert _aside(data)["Stomp / Thunder Stomp"] == "Subsequent Actions Of Fleeing Troops: A unit which is fleeing cannot fight here"


def test_not_fleeing_the_breath_weapon_stays_in_play(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Breath Weapon Shooting Attack, Subsequent Actions Of Fleeing Troops", when=["shooting"]).to_json()
    assert _aside(data)["Breath Weapon Shooting Attack"] is None


def _routed():
    said = "Each model that is fleeing cannot fire or fight."
    unclear = "Squads that lost their sergeant cannot fire."
    fleeing = (("fleeing", None, "is fleeing"),)
    return system({"Broken Morale": said, "Leaderless": unclear, "Flamer Burst": "A model with this special rule can make a ranged attack with its flamer.",
                   "Bayonet Drill": "A model with this special rule can fight with its bayonet."}, [
        rel("cannot", "Broken Morale", None, said, conditions=fleeing, details={"action": "fire"}, subject="Each model that is fleeing"),
        rel("cannot", "Broken Morale", None, said, conditions=fleeing, details={"action": "fight"}, subject="Each model that is fleeing"),
        rel("cannot", "Leaderless", None, unclear, details={"action": "fire"}, subject="Squads that lost their sergeant"),
    ])


def test_a_state_sets_aside_the_ways_of_the_actions_it_forbids_in_other_words() -> None:
    shot = resolve(_routed(), "demo", picks("Broken Morale", "Flamer Burst", "Bayonet Drill"), None, ("fleeing", "shooting")).to_json()
    assert _aside(shot) == {"Broken Morale": None, "Flamer Burst": "Broken Morale: Each model that is fleeing cannot fire here", "Bayonet Drill": None}
    fought = resolve(_routed(), "demo", picks("Broken Morale", "Flamer Burst", "Bayonet Drill"), None, ("fleeing", "melee")).to_json()
    assert _aside(fought) == {"Broken Morale": None, "Flamer Burst": None, "Bayonet Drill": "Broken Morale: Each model that is fleeing cannot fight here"}
    steady = resolve(_routed(), "demo", picks("Broken Morale", "Flamer Burst"), None, ("shooting",)).to_json()
    assert _aside(steady)["Flamer Burst"] is None


def test_a_subject_whose_state_the_situation_cannot_tell_is_kept_as_a_condition() -> None:
    data = resolve(_routed(), "demo", picks("Leaderless", "Flamer Burst"), None, ("fleeing", "shooting")).to_json()
    assert _aside(data)["Flamer Burst"] is None
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Leaderless"]
    assert ruling["conditions"] == ["for Squads that lost their sergeant"]


def test_in_the_situation_reads_the_subjects_state() -> None:
    assert in_the_situation("Each model that is fleeing", ("fleeing",))
    assert not in_the_situation("Each model that is fleeing", ("melee",))
    assert not in_the_situation("Squads near a squad that is fleeing", ("fleeing",))
    assert not in_the_situation("A squad that is fleeing", ("fleeing",))  # a squad: a kind the subject names, not told
    assert not in_the_situation("A unit", ("fleeing",))


# -- a rule's own attack kind, from its name or category -----------------------------------

def test_the_close_combat_breath_is_set_aside_in_the_shooting_phase(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Breath Weapon Close Combat Attack", when=["shooting"]).to_json()
    assert _aside(data) == {"Breath Weapon Close Combat Attack": "Breath Weapon Close Combat Attack is a close combat attack, as its name says, "
                                                                 "and the situation is shooting (--when shooting)"}
    [idle] = [i for i in data["in_play"]["inactive"] if i["relation"] == "only"]
    assert (idle["citation"]["line"], idle["citation"]["quote"][:54]) == (295, "If the model with this special rule is in close combat")
    for when in (["melee"], []):
        data = resolve(rulebase, "whfb-house", "Breath Weapon Close Combat Attack", when=when).to_json()
        assert _aside(data)["Breath Weapon Close Combat Attack"] is None, when


def _attacks():
    data = system_data({"Tail Lash Melee Attack": "The beast may lash its tail at one adjacent enemy.",
                        "Acid Spit": "The beast spits acid at an enemy within 8 inches.",
                        "Quills": "The beast may loose its quills.",
                        "Claw Melee Attack": "The beast uses its claws, near or far."}, [])
    data["rules"]["demo/Acid Spit"]["category"] = "Ranged Attacks"
    data["rules"]["demo/Claw Melee Attack"]["category"] = "Ranged Attacks"  # its name and category disagree: no kind
    return stored(data)


def test_an_attack_kind_by_name_or_category_in_other_words() -> None:
    everyone = picks("Tail Lash Melee Attack", "Acid Spit", "Quills", "Claw Melee Attack")
    shot = resolve(_attacks(), "demo", everyone, None, ("shooting",)).to_json()
    assert {n: bool(w) for n, w in _aside(shot).items()} == {"Tail Lash Melee Attack": True, "Acid Spit": False, "Quills": False,
                                                             "Claw Melee Attack": False}
    fought = resolve(_attacks(), "demo", everyone, None, ("melee",)).to_json()
    assert {n: bool(w) for n, w in _aside(fought).items()} == {"Tail Lash Melee Attack": False, "Acid Spit": True, "Quills": False,
                                                               "Claw Melee Attack": False}
    both = resolve(_attacks(), "demo", everyone, None, ("melee", "shooting")).to_json()
    assert not any(_aside(both).values())


def test_named_kind() -> None:
    assert named_kind("Tail Lash Melee Attack", None) == "melee"
    assert named_kind("Acid Spit", "Ranged Attacks") == "shooting"
    assert named_kind("Claw Melee Attack", "Ranged Attacks") is None
    assert named_kind("Close Combat", None) is None
