"""Relations the graph read and the referee did not apply (issue 22, round 5, from round 3's sealed
half): a rule or modifier limited to one kind of attack, a prohibition of using a kind of
equipment, an immunity to what a rule's bearer treats as another rule, and a prohibition met by a
weapon that may be shot even in melee.  On the real documents and on small systems of other words."""

from __future__ import annotations

from referee.store.record import Build
from referee.resolve import resolve
from tests.resolve.test_principles import brief, picks, rel, system, system_data
from tests.stores import stored


def _modifiers(data: dict) -> list[tuple[str, str, str]]:
    return [(m["side"], m["stat"], m["value"]) for m in data["modifiers"]]


# -- a modifier or a rule limited to one kind of attack ---------------------------------

def test_stealth_gives_no_cover_save_in_close_combat(rulebase: Build) -> None:
    melee = resolve(rulebase, "scrollhammer", "Stealth (+1)", when=["melee"]).to_json()
    assert not [m for m in melee["modifiers"] if m["stat"] == "cover save"]
    # its defining sentence places the whole rule in the Shooting Phase: in close combat it is not in play at all
    [entry] = melee["in_play"]["self"]
    assert entry["set_aside"] == 'Stealth holds only when shooting, by its own words ("during the Shooting Phase"), and the situation says --when melee'
    [idle] = [i for i in melee["in_play"]["inactive"] if i["name"] == "Stealth"]
    assert (idle["citation"]["quote"], idle["relation"]) == (
        "A model with this special rule counts its cover saves during the Shooting Phase as being 1 point better than normal.", None)
    shot = resolve(rulebase, "scrollhammer", "Stealth (+1)", when=["shooting"]).to_json()
    assert [m["value"] for m in shot["modifiers"] if m["stat"] == "cover save"] == ["+1"]


def test_a_parry_save_for_close_combat_only_is_set_aside_when_shot_at(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Hand Weapon + Shield (foot)", when=["shooting"]).to_json()
    [entry] = data["in_play"]["self"]
    assert entry["set_aside"] == ('Hand Weapon + Shield (foot) is for close combat only, as its words say ("cc only"), '
                                  "and the situation is shooting (--when shooting)")
    [idle] = [i for i in data["in_play"]["inactive"] if i["relation"] == "only"]
    assert (idle["citation"]["line"], idle["citation"]["quote"]) == (
        228, "exchange Fighting with a hand weapon and a shield to Parry Save (fighting front, ward save 6+ cc only)")
    for when in (["melee"], [], ["melee", "shooting"]):
        data = resolve(rulebase, "whfb-house", "Hand Weapon + Shield (foot)", when=when).to_json()
        assert data["in_play"]["self"][0]["set_aside"] is None, when


def _warded():
    return system({"Warding Cloak": "The bearer has a 5+ ward save, shooting only.",
                   "Brawler": "It gets +1 Armour only in close combat.",
                   "Both": "A 6+ ward save in close combat only, and +1 Armour against shooting attacks only."}, [])


def test_other_words_for_one_kind_in_a_small_system() -> None:
    melee = resolve(_warded(), "demo", picks("Warding Cloak", "Brawler", "Both"), None, ("melee",)).to_json()
    assert {e["name"]: bool(e["set_aside"]) for e in melee["in_play"]["self"]} == {"Warding Cloak": True, "Brawler": False, "Both": False}
    shot = resolve(_warded(), "demo", picks("Warding Cloak", "Brawler", "Both"), None, ("shooting",)).to_json()
    assert {e["name"]: bool(e["set_aside"]) for e in shot["in_play"]["self"]} == {"Warding Cloak": False, "Brawler": True, "Both": False}


# -- a prohibition of using a kind of equipment -------------------------------------------

def test_harnessed_cannot_use_a_halberd(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Harnessed, Halberd", when=["melee"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Harnessed"]
    assert (ruling["principle"], ruling["rules"]) == ("cannot-beats-can", ["Harnessed", "Halberd"])
    assert ruling["outcome"] == ("Harnessed prevails over Halberd: its words forbid to use Weapons, and Halberd is one "
                                 "(its category: Close Combat Weapon); cannot beats can")
    assert ruling["citations"][0]["quote"] == "Model parts with Harnessed cannot make Supporting Attacks and cannot use Weapons."
    assert not [m for m in data["modifiers"] if m["stat"] == "Strength"]


def test_inanimate_cannot_shoot_a_pistol_but_may_hold_a_halberd(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Inanimate, Pistol", when=["shooting"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Inanimate"]
    # the glossary's "Close Combat Weapon" header no longer reaches a weapon whose profile states a range
    assert ruling["outcome"].endswith("and Pistol is one (its category: Shooting Weapon); cannot beats can")
    halberd = resolve(rulebase, "t9a", "Inanimate, Halberd", when=["melee"]).to_json()
    assert not [r for r in halberd["rulings"] if r["winner"] == "Inanimate" and "Halberd" in r["rules"]]


def _yoked():
    sentence = "Beasts with Yoked cannot use Ranged Weapons."
    data = system_data({"Yoked": sentence, "Sling": "Range 18 Shots 1 Strength 3", "Club": "A club.", "Lamp": "A lamp."}, [
        rel("cannot", "Yoked", None, sentence, details={"action": "use Ranged Weapons"}, subject="Beasts with Yoked")])
    data["rules"]["demo/Club"]["category"] = "Hand Weapon"
    data["rules"]["demo/Sling"]["category"] = "Hand Weapon"  # a heading the adapter gave it; its profile states a Range
    data["rules"]["demo/Sling"]["versions"][0]["profiles"] = [{"text": "Range 18 Shots 1 Strength 3"}]
    data["rules"]["demo/Lamp"]["category"] = "Ranged Gear"
    return stored(data)


def test_a_kind_of_weapon_by_its_profile_in_a_small_system() -> None:
    data = resolve(_yoked(), "demo", picks("Yoked", "Sling", "Club", "Lamp")).to_json()
    assert [(r["winner"], r["rules"]) for r in data["rulings"]] == [("Yoked", ["Yoked", "Sling"])]
    assert {e["name"]: bool(e["set_aside"]) for e in data["in_play"]["self"]} == {"Yoked": False, "Sling": True, "Club": False, "Lamp": False}


# -- an immunity to what the bearer treats as a rule it is immune to ------------------------

def test_fear_is_immune_to_terror_and_terror_to_fear(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Fear", opponent="Terror", when=["charged"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "immunity"]
    assert (ruling["winner"], ruling["rules"]) == (None, ["Fear", "Terror"])
    assert ruling["outcome"].startswith("Fear and Terror: each side is immune to the other's rule, so neither prevails: Fear's models are "
                                        "immune to Terror (they treat it as Fear, to which they are immune); Terror's models are immune to Fear; ")
    assert not [r for r in data["rulings"] if r["winner"] == "Terror"]


def _spirits():
    dread = "Its models are immune to Dread, and treat Awe as Dread instead."
    awe = "A unit with Awe is immune to Dread."
    return system({"Dread": dread, "Awe": awe, "Brave": "Brave models are immune to Dread."}, [
        rel("immune-to", "Dread", "Dread", dread), rel("immune-to", "Dread", "Awe", dread, details={"as": "demo/Dread"}),
        rel("immune-to", "Awe", "Dread", awe), rel("immune-to", "Brave", "Dread", "Brave models are immune to Dread.")])


def test_mutual_immunity_in_a_small_system() -> None:
    data = resolve(_spirits(), "demo", picks("Dread"), picks("Awe")).to_json()
    assert brief(data) == [("immunity", None, ["Dread", "Awe"])]
    one_way = resolve(_spirits(), "demo", picks("Brave"), picks("Dread")).to_json()
    assert brief(one_way) == [("immunity", "Brave", ["Brave", "Dread"])]


# -- a prohibition of shooting, and a weapon that may be shot even in melee -------------------

def test_advancing_over_a_trigger_weapon_in_melee(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Advancing, Ranged 1 trigger -1 to hit", when=["moved", "melee"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Advancing" and "Ranged X trigger -Y to hit" in r["rules"]]
    assert [c["quote"] for c in ruling["citations"]] == [
        "Units that used the advance move are unable to shoot or fight in the following battle phase.",
        "This means models can use this weapon even in melee distance against enemy models in addition to making melee attacks."]
    # the time the prohibition names by an event is said in the outcome as in its conditions: no flag says it is that time
    assert "cannot shoot in the following battle phase, and Ranged X trigger -Y to hit is a way to shoot" in ruling["outcome"]
    assert ruling["conditions"][-1] == "whenever Ranged X trigger -Y to hit would be used to shoot in the following battle phase"
    heavy = resolve(rulebase, "last-edition", "Advancing, Ranged 2 heavy", when=["moved", "melee"]).to_json()
    assert not [r for r in heavy["rulings"] if "Ranged X heavy" in r["rules"]]  # no way to shoot in melee


# -- a prohibition of what others do to the rule's bearers ------------------------------------

def test_a_challenge_is_not_supported_against(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Supporting Attacks", opponent="Fighting A Challenge", when=["melee"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert (ruling["winner"], ruling["rules"]) == ("Fighting A Challenge", ["Fighting A Challenge", "Supporting Attacks"])
    assert ruling["outcome"] == ("Fighting A Challenge prevails over Supporting Attacks, as far as the quoted words say: those it speaks of "
                                 "cannot be attacked by any other model, and Supporting Attacks is a way to do it, so it cannot be used against them")
    assert all(e["set_aside"] is None for e in data["in_play"]["self"])  # against the others, it may be
    shot = resolve(rulebase, "whfb-house", "Supporting Attacks", opponent="Fighting A Challenge", when=["shooting"]).to_json()
    assert not [r for r in shot["rulings"] if r["principle"] == "cannot-beats-can"]


def _sanctuary():
    cannot = "Pilgrims in the shrine cannot be shot at by enemy models."
    return system({"Sanctuary": cannot, "Bow Drill": "A model with this special rule can shoot twice.", "Brawler": "It can fight twice."},
                  [rel("cannot", "Sanctuary", None, cannot, details={"action": "be shot at by enemy models"})])


def test_other_words_for_what_others_cannot_do_in_a_small_system() -> None:
    data = resolve(_sanctuary(), "demo", picks("Bow Drill", "Brawler"), picks("Sanctuary"), ("shooting",)).to_json()
    assert brief(data) == [("cannot-beats-can", "Sanctuary", ["Sanctuary", "Bow Drill"])]


def test_a_challenge_on_the_supporters_own_side_is_not_supported_against(rulebase: Build) -> None:
    # "These two characters must direct all of their attacks against each other — they cannot be attacked by any other model":
    # the two are foes, so one is the enemy of the side that fights the challenge, and its supporting attacks meet the
    # prohibition too (round 9's r9-whfb-house-019 asks it with both rules on one side; it was an abstention)
    for other in ("Supporting Attacks", "Fighting in extra ranks"):
        data = resolve(rulebase, "whfb-house", f"Fighting A Challenge, {other}", when=["melee"]).to_json()
        assert [(r["winner"], r["rules"]) for r in data["rulings"] if r["principle"] == "cannot-beats-can"] == [
            ("Fighting A Challenge", ["Fighting A Challenge", other])]
        assert not [u for u in data["unresolved"] if other in u["rules"]]
    # the challengers' own attacks on a unit ("on a single enemy unit in base contact") are the open question, as rounds 3 to 13 read it
    breath = resolve(rulebase, "whfb-house", "Breath Weapon Close Combat Attack, Fighting A Challenge", when=["melee"]).to_json()
    assert not [r for r in breath["rulings"] if r["principle"] == "cannot-beats-can"]
    assert [u["rules"] for u in breath["unresolved"]] == [["Breath Weapon Close Combat Attack", "Fighting A Challenge"]]


def test_foes_of_each_other_in_a_small_system() -> None:
    cannot = "The duellists fight one another — they cannot be attacked by any other model."
    view = system({"Duel": cannot, "Second Rank": "It lets models in the second rank fight as well.", "Brawler": "A model with this special rule can fight twice."},
                  [rel("cannot", "Duel", None, cannot, details={"action": "be attacked by any other model"})])
    data = resolve(view, "demo", picks("Duel", "Second Rank", "Brawler"), None, ("melee",)).to_json()
    assert brief(data) == [("cannot-beats-can", "Duel", ["Duel", "Second Rank"])]  # the duellist's own second attack is no other model's
    alone = "The champion cannot be attacked by any other model."
    lone = system({"Guarded": alone, "Second Rank": "It lets models in the second rank fight as well."},
                  [rel("cannot", "Guarded", None, alone, details={"action": "be attacked by any other model"})])
    assert brief(resolve(lone, "demo", picks("Guarded", "Second Rank"), None, ("melee",)).to_json()) == []  # no foe named: its own side is its own


# -- a rule that asks less to count as what another rule of its side defines -------------------

def test_monsterous_ranks_make_a_horde_of_six(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "The Horde, Monsterous Ranks").to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("explicit-exception", "Monsterous Ranks", ["Monsterous Ranks", "The Horde"])
    assert ruling["outcome"] == ("Monsterous Ranks prevails over The Horde, as far as the quoted words say: for the units its words name, "
                                 "it asks less to be counted as a horde than The Horde does")
    assert [(c["line"], c["quote"][:40]) for c in ruling["citations"]] == [
        (222, "A rank of monsterous units (single model"), (161, "Any unit that is at least 8 models wide ")]


def _phalanx(asks: str):
    return system({"Phalanx": "A unit of ten models is counted as a phalanx. A phalanx fights in two ranks.", "Veterans": asks}, [])


def test_other_words_for_counting_as_in_a_small_system() -> None:
    data = resolve(_phalanx("Veteran units need only six models to be counted as a phalanx."), "demo", picks("Phalanx", "Veterans")).to_json()
    assert brief(data) == [("explicit-exception", "Veterans", ["Veterans", "Phalanx"])]
    plain = resolve(_phalanx("Veteran units are counted as a phalanx."), "demo", picks("Phalanx", "Veterans")).to_json()
    assert plain["rulings"] == []  # no "only": no lower requirement said


# -- a rule that acts "as if they were not there", against the system's rule for the action ---

def test_flying_moves_over_other_models(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Flying", when=["moved"]).to_json()
    [ruling] = data["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("explicit-exception", "Flying", ["Flying", "MOVEMENT PHASE"])
    assert [(c["name"], c["line"], c["column"]) for c in ruling["citations"]] == [("Flying", 923, 1), ("MOVEMENT PHASE", 461, 1)]
    assert resolve(rulebase, "last-edition", "Flying").to_json()["rulings"] == []  # the situation names no move


def _ghosts():
    data = system_data({"Ghostly": "A ghostly model may move through walls as if they were not there.",
                        "Movement": "Models may not move through walls or impassable terrain.",
                        "Shooting": "Models cannot shoot through walls."}, [])
    data["names"] = {"demo": {"movement": ["demo/Movement"], "shooting": ["demo/Shooting"]}}
    return stored(data)


def test_other_words_for_as_if_not_there_in_a_small_system() -> None:
    data = resolve(_ghosts(), "demo", picks("Ghostly"), None, ("moved",)).to_json()
    assert brief(data) == [("explicit-exception", "Ghostly", ["Ghostly", "Movement"])]
    shot = resolve(_ghosts(), "demo", picks("Ghostly"), None, ("shooting",)).to_json()
    assert shot["rulings"] == []  # it moves through walls; it does not shoot through them


# -- a prohibition's other condition, and a rule in play that is itself a move -----------------

def test_no_volley_fire_as_a_stand_and_shoot_reaction(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Volley Fire", when=["charged", "shooting"]).to_json()
    [entry] = data["in_play"]["self"]
    assert entry["set_aside"] == "Volley Fire cannot be used: Volley Fire forbids it, and cannot beats can"
    shot = resolve(rulebase, "whfb-house", "Volley Fire", when=["shooting"]).to_json()
    assert shot["in_play"]["self"][0]["set_aside"] is None
    assert 'Volley Fire forbids Volley Fire only when the unit is the target of a charge (the words "as a Stand and Shoot reaction"; --when charged not given)' in [
        i["reason"] for i in shot["in_play"]["inactive"]]


def test_an_advanced_unit_cannot_concentrate(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Advancing, Concentrating").to_json()
    entries = {e["name"]: e["set_aside"] for e in data["in_play"]["self"]}
    assert entries["Concentrating"] == ('Concentrating applies only when the unit did not move, and Advancing is a move, by its own words '
                                        '("This is called an advance move.")')
    assert entries["Advancing"] is None
    assert not [m for m in data["modifiers"] if m["rule"] == "last-edition/concentrating"]
    alone = resolve(rulebase, "last-edition", "Concentrating").to_json()
    assert alone["in_play"]["self"][0]["set_aside"] is None


def _marching():
    return system({"Forced March": "The unit moves 4 more inches. This is called a forced march move.",
                   "Dash": "The unit moves 2 more inches.",
                   "Bracing": "Units that did not move this turn can use bracing: +1 to hit."}, [])


def test_other_words_for_a_move_in_a_small_system() -> None:
    marched = resolve(_marching(), "demo", picks("Forced March", "Bracing")).to_json()
    assert {e["name"]: bool(e["set_aside"]) for e in marched["in_play"]["self"]} == {"Forced March": False, "Bracing": True}
    dashed = resolve(_marching(), "demo", picks("Dash", "Bracing")).to_json()
    assert {e["name"]: bool(e["set_aside"]) for e in dashed["in_play"]["self"]} == {"Dash": False, "Bracing": False}  # no word says Dash is a move


def _blunderbuss():
    cannot = "The weapon cannot be used for a Stand and Shoot Charge Reaction."
    return system({"Blunderbuss": cannot, "Pike": "The weapon is long."}, [
        rel("cannot", "Blunderbuss", None, cannot, details={"action": "be used for a Stand and Shoot Charge Reaction"},
            subject="The weapon", conditions=(("charged", None, "for a Stand and Shoot Charge Reaction"),))])


def test_what_bears_the_rule_forbidden_a_use_keeps_the_rule_in_play_in_a_small_system() -> None:
    """"The weapon cannot be used for a Stand and Shoot Charge Reaction" is the rule's prohibition on
    the weapon that bears it: the rule is in play, and it is what forbids (this test pinned the rule
    set aside before: round 9's sealed r9-t9a-bsdata-002 showed that reading wrong)."""
    data = resolve(_blunderbuss(), "demo", picks("Blunderbuss", "Pike"), None, ("charged", "shooting")).to_json()
    assert brief(data) == []
    assert {e["name"]: bool(e["set_aside"]) for e in data["in_play"]["self"]} == {"Blunderbuss": False, "Pike": False}
    [forbids] = [d for d in data["in_force"] if d["kind"] == "cannot"]
    assert (forbids["name"], forbids["subject"], forbids["actions"], forbids["conditions"]) == (
        "Blunderbuss", None, ["be used for a Stand and Shoot Charge Reaction"], [])
    calm = resolve(_blunderbuss(), "demo", picks("Blunderbuss"), None, ("shooting",)).to_json()
    assert calm["rulings"] == [] and calm["in_play"]["self"][0]["set_aside"] is None
    assert [d["reason"] for d in calm["in_play"]["inactive"] if d["relation"] == "cannot"] == [
        'Blunderbuss forbids "be used for a Stand and Shoot Charge Reaction" only when the unit is the target of a charge '
        '(the words "for a Stand and Shoot Charge Reaction"; --when charged not given)']


def test_the_rule_itself_forbidden_a_use_is_set_aside_in_a_small_system() -> None:
    cannot = "This rule cannot be used for a Stand and Shoot Charge Reaction."
    view = system({"Quickdraw": cannot, "Pike": "The weapon is long."}, [
        rel("cannot", "Quickdraw", None, cannot, details={"action": "be used for a Stand and Shoot Charge Reaction"},
            subject="This rule", conditions=(("charged", None, "for a Stand and Shoot Charge Reaction"),))])
    data = resolve(view, "demo", picks("Quickdraw", "Pike"), None, ("charged", "shooting")).to_json()
    assert brief(data) == [("cannot-beats-can", None, ["Quickdraw"])]
    assert {e["name"]: bool(e["set_aside"]) for e in data["in_play"]["self"]} == {"Quickdraw": True, "Pike": False}


def test_a_move_only_then_is_no_move_here_in_a_small_system() -> None:
    view = system({"Ambush": "Ambushing models count as having moved during the Player Turn they arrive on the Battlefield.",
                   "Reserves": "Reserve units count as moved and do not receive orders.",
                   "Bracing": "Units that did not move this turn can use bracing: +1 to hit."}, [])
    ambush = resolve(view, "demo", picks("Ambush", "Bracing")).to_json()
    assert {e["name"]: bool(e["set_aside"]) for e in ambush["in_play"]["self"]} == {"Ambush": False, "Bracing": False}
    reserve = resolve(view, "demo", picks("Reserves", "Bracing")).to_json()
    assert {e["name"]: bool(e["set_aside"]) for e in reserve["in_play"]["self"]} == {"Reserves": False, "Bracing": True}
