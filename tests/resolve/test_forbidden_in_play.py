"""A rule in play whose use a prohibition in force bars, told apart from a rule whose own condition does not hold
(issue 22, round 17): both bring nothing here and are set aside, but the first is in play, with the forbidding
sentence quoted at its place (``forbidden``), and the second is not.  On the real documents, and on a small system
of other words beside them."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

from referee.resolve import resolve
from referee.resolve.render import print_resolution
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, rulings, system


def _entry(data: dict, name: str, side: str = "self") -> dict:
    [entry] = [e for e in data["in_play"][side] if e["name"] == name]
    return entry


def _where(c: dict) -> tuple[str, str, int, int]:
    return c["name"], c["file"], c["line"], c["column"]


def test_a_rule_whose_own_sentence_forbids_it_here_is_in_play_and_forbidden(rulebase: Build) -> None:
    """Embarking's own "Units can not embarked while they ... did fall back ...", beside Fall back; Disembarking's "... after
    the transport advanced this turn", beside Advancing; Volley Fire's "A unit cannot Volley Fire if it moved earlier in the
    turn" under --when moved."""
    data = resolve(rulebase, "last-edition", "Embarking, Fall back").to_json()
    embarking = _entry(data, "Embarking")
    assert embarking["set_aside"]
    assert _where(embarking["forbidden"]) == ("Embarking", "last-edition/core-rules.md", 947, 93)
    assert embarking["forbidden"]["quote"] == "Units can not embarked while they or the transport did fall back or made an advance move this turn."
    assert _entry(data, "Fall back")["forbidden"] is None
    disembarking = _entry(resolve(rulebase, "last-edition", "Disembarking, Advancing").to_json(), "Disembarking")
    assert disembarking["set_aside"] and "after the transport advanced this turn" in disembarking["forbidden"]["quote"]
    volley = _entry(resolve(rulebase, "whfb-house", "Volley Fire", when=["shooting", "moved"]).to_json(), "Volley Fire")
    assert volley["set_aside"]
    assert volley["forbidden"]["quote"] == "A unit cannot Volley Fire if it moved earlier in the turn, or as a Stand and Shoot reaction."


def test_a_trigger_whose_obligation_another_rule_forbids_is_in_play_and_forbidden(rulebase: Build) -> None:
    """Fled through under --when melee: its trigger holds, the Panic test it obliges is what Panic tests' "A unit does not
    take Panic tests if it is in close combat" forbids; the forbidding sentence is Panic tests', at its place."""
    fled = _entry(resolve(rulebase, "whfb-house", "Fled through", when=["melee"]).to_json(), "Fled through")
    assert fled["set_aside"]
    assert fled["forbidden"]["name"] == "Panic tests"
    assert fled["forbidden"]["quote"].startswith("A unit does not take Panic tests if it is in close combat")
    assert _entry(resolve(rulebase, "whfb-house", "Fled through").to_json(), "Fled through")["forbidden"] is None  # nothing forbids it


def test_a_rule_another_rule_excludes_is_in_play_and_forbidden(rulebase: Build) -> None:
    """Halberd's "A model using this weapon cannot simultaneously use a Shield against Melee Attacks.": the Shield is the
    model's, its use barred beside the Halberd."""
    data = resolve(rulebase, "t9a", "Halberd, Shield", when=["melee"]).to_json()
    shield = _entry(data, "Shield")
    assert shield["set_aside"] and shield["forbidden"]["name"] == "Halberd"
    assert shield["forbidden"]["quote"] == "A model using this weapon cannot simultaneously use a Shield against Melee Attacks."


def test_a_rule_whose_own_condition_does_not_hold_is_not_in_play(rulebase: Build) -> None:
    """Concentrating's "Units that did not move in the movement phase are able to use concentration" under --when moved, and
    Fighting in extra ranks "on a turn in which the unit did not charge" under --when charging: their own condition fails,
    so they are set aside and not in play; no prohibition is named as the reason."""
    concentrating = _entry(resolve(rulebase, "last-edition", "Concentrating", when=["moved"]).to_json(), "Concentrating")
    assert concentrating["set_aside"] and concentrating["forbidden"] is None
    ranks = _entry(resolve(rulebase, "whfb-house", "Fighting in extra ranks", when=["charging", "melee"]).to_json(), "Fighting in extra ranks")
    assert ranks["set_aside"] and ranks["forbidden"] is None


def test_the_terminal_says_the_rule_is_in_play_but_cannot_be_used(rulebase: Build) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        print_resolution(resolve(rulebase, "last-edition", "Embarking, Fall back").to_json())
    said = out.getvalue()
    assert "You: Embarking [cannot be used here]; Fall back\n" in said
    assert ('Embarking (you): in play, but cannot be used here: "Units can not embarked while they or the transport did fall back or '
            'made an advance move this turn."  (Embarking, last-edition/core-rules.md:947:93)\n') in said


FORD = "A unit cannot Ford if it charged this turn."
LANCE = "A model using a Lance cannot use a Pavise."
TEXTS = {
    "Ford": f"Units may cross a river at half pace. {FORD}",
    "Lance": f"Lances strike hard. {LANCE}",
    "Pavise": "A Pavise gives +1 armour.",
}


def _view():
    return system(TEXTS, [
        rel("cannot", "Ford", "Ford", FORD, conditions=(("charging", None, "if it charged this turn"),)),
        rel("excludes", "Lance", "Pavise", LANCE),
    ])


def test_forbidden_or_out_of_its_case_in_other_words() -> None:
    """The same model on words of this test's own: a rule's own prohibition of itself where its condition holds, and a rule
    another excludes, are in play and forbidden, the sentence quoted; where the prohibition's condition fails, nothing is
    set aside at all."""
    data = rulings(_view(), picks("Ford"), when=("charging",))
    ford = _entry(data, "Ford")
    assert ford["set_aside"] and ford["forbidden"]["quote"] == FORD
    assert ford["forbidden"]["rule"] == "demo/Ford"
    calm = _entry(rulings(_view(), picks("Ford"), when=("shooting",)), "Ford")
    assert (calm["set_aside"], calm["forbidden"]) == (None, None)
    armed = rulings(_view(), picks("Lance", "Pavise"))
    assert _entry(armed, "Pavise")["forbidden"]["quote"] == LANCE
    assert _entry(armed, "Lance")["forbidden"] is None


def test_a_prohibition_of_the_act_another_rule_comes_into_use_on(rulebase: Build) -> None:
    """t9a's Fearless "cannot declare a Flee Charge Reaction, unless already Fleeing", Frenzy's "cannot choose Flee as Charge
    Reaction" and War Machine's "cannot ... declare Flee Charge Reactions", each beside Feigned Flight, which opens "If a unit
    consisting entirely of models with Feigned Flight voluntarily chooses Flee as Charge Reaction and ...": the prohibition
    prevails, both sentences quoted; where its own "unless" cannot be told, the ruling says so and nothing is set aside."""
    opening = ("If a unit consisting entirely of models with Feigned Flight voluntarily chooses Flee as Charge Reaction and passes its "
               "Rally Test in its next Player Turn, it does not become Shaken.")
    fearless = resolve(rulebase, "t9a", "Fearless, Feigned Flight").to_json()
    [ruling] = [r for r in fearless["rulings"] if r["winner"] == "Fearless"]
    assert ruling["rules"] == ["Fearless", "Feigned Flight"] and ruling["conditions"] == ["unless already Fleeing"]
    assert opening in [c["quote"] for c in ruling["citations"]]
    # Feigned Flight's own words on the case Fearless leaves out ("already Fleeing"), each wording at its own place
    places = {(c["file"], c["line"], c["column"]) for c in ruling["citations"] if "already Fleeing when being" in c["quote"]}
    assert places == {("t9a/universal-rules.txt", 65, 322), ("t9a/army-builder-glossary-en-de.txt", 480, 377)}
    assert _entry(fearless, "Feigned Flight")["set_aside"] is None
    assert not [u for u in fearless["unresolved"] if set(u["rules"]) == {"Fearless", "Feigned Flight"}]
    for rule in ("War Machine", "Frenzy"):
        data = resolve(rulebase, "t9a", f"{rule}, Feigned Flight").to_json()
        assert [r["winner"] for r in data["rulings"] if r["principle"] == "cannot-beats-can"] == [rule]
        feigned = _entry(data, "Feigned Flight")
        assert feigned["set_aside"] and feigned["forbidden"]["name"] == rule
        assert not [u for u in data["unresolved"] if "Feigned Flight" in u["rules"]]  # what it permits is moot: it is not used


OATH = "Sworn units cannot declare a Retreat Order."


def test_a_prohibition_of_the_act_another_rule_comes_into_use_on_in_other_words() -> None:
    view = system({"Oath": OATH, "Rearguard": "If a unit voluntarily declares a Retreat Order, it moves 3 inches.",
                   "Ambusher": "If a unit declares a Retreat, it hides."},
                  [rel("cannot", "Oath", None, OATH, details={"action": "declare a Retreat Order"}, subject="Sworn units")])
    data = rulings(view, picks("Oath", "Rearguard", "Ambusher"))
    assert [(r["winner"], r["rules"]) for r in data["rulings"]] == [("Oath", ["Oath", "Rearguard"])]
    assert _entry(data, "Rearguard")["forbidden"]["quote"] == OATH
    assert _entry(data, "Ambusher")["set_aside"] is None  # "a Retreat" is not the act "a Retreat Order"


def test_a_prohibition_of_a_kind_in_a_rule_only_named_is_an_open_question(rulebase: Build) -> None:
    """Placing reserves' "Reserve units count as moved and do not receive orders." is not in play beside Shock teleport,
    which only names its step ("to be deployed later on the battlefield in the "placing reserves" step"): whether its unit
    is a reserve unit no sentence says (round 5's writer reads it open, rounds 10 and 16's read it settled), so the order
    beside it (Taking cover, its category order) is left open with the three rules, both sentences quoted.  A rule named
    whose prohibition binds its own bearers ("Model parts with Inanimate cannot ... use Shooting Weapons", named by
    Harnessed) raises no such question."""
    data = resolve(rulebase, "last-edition", 'Shock teleport 2|3 anywhere, Taking cover').to_json()
    [open_] = [u for u in data["unresolved"] if "Placing reserves" in u["rules"]]
    assert open_["rules"][1:] == ["Placing reserves", "Taking cover"] and open_["rules"][0].startswith("Shock teleport")
    assert "Reserve units count as moved and do not receive orders." in [c["quote"] for c in open_["citations"]]
    assert _entry(data, "Taking cover")["set_aside"] is None  # nothing is ruled: the question is open
    for keywords in ("Harnessed, Impact Hits", "Inanimate, Impact Hits"):
        assert not [u for u in resolve(rulebase, "t9a", keywords).to_json()["unresolved"] if len(u["rules"]) > 2]


def test_a_prohibition_of_a_kind_in_a_rule_only_named_in_other_words() -> None:
    from tests.resolve.test_principles import system_data
    from tests.stores import stored

    levy, bound = "Levy units do not receive banners.", "Models with Oathbound do not receive banners."
    texts = {"Levy Muster": f"Levy units join at the muster step. {levy}", "Oathbound": bound,
             "Militia": "This unit arrives later in the muster step, unlike the Oathbound.", "Eagle Banner": "+1 leadership."}
    data = system_data(texts, [
        rel("cannot", "Levy Muster", None, levy, details={"action": "receive banners"}, subject="Levy units"),
        rel("references", "Militia", "Levy Muster", "This unit arrives later in the muster step, unlike the Oathbound."),
        rel("cannot", "Oathbound", None, bound, details={"action": "receive banners"}, subject="Models with Oathbound"),
        rel("references", "Militia", "Oathbound", "This unit arrives later in the muster step, unlike the Oathbound."),
    ])
    data["rules"]["demo/Eagle Banner"]["category"] = "Banner"
    answer = rulings(stored(data), picks("Militia", "Eagle Banner"))
    # Levy Muster is named for the Levy units its words bind; Oathbound's words bind its own bearers, so it raises nothing
    assert [u["rules"] for u in answer["unresolved"]] == [["Militia", "Levy Muster", "Eagle Banner"]]
    assert _entry(answer, "Eagle Banner")["set_aside"] is None



def test_a_prohibition_of_a_kind_forbids_each_rule_of_that_kind_in_three_systems(rulebase: Build) -> None:
    """What kind a rule is, in three systems' words: last-edition's heading ("### Orders:", Taking cover's category order)
    against "do not receive orders"; t9a's category (a Halberd, a Close Combat Weapon) against Harnessed's "cannot use
    Weapons"; scrollhammer's "A spell with Ward" against Silence's "cannot cast spells". Each rule of the kind is in play
    and forbidden, the prohibition quoted."""
    for system_, keywords, rule, forbidder in (("last-edition", "Placing reserves, Taking cover", "Taking cover", "Placing reserves"),
                                               ("t9a", "Harnessed, Halberd", "Halberd", "Harnessed"),
                                               ("scrollhammer", "Silence, Ward", "Ward", "Silence")):
        entry = _entry(resolve(rulebase, system_, keywords).to_json(), rule)
        assert entry["set_aside"] and entry["forbidden"]["name"] == forbidder, (system_, entry)


def test_a_prohibition_on_model_parts_with_the_rule_meets_a_permission_of_the_same_act(bsdata_t9a: Build) -> None:
    """The BattleScribe sample's Harnessed, "Model parts with Harnessed cannot make Supporting Attacks and cannot use
    Weapons.", binds its own bearers, as "A model that is Silenced" does: beside Fight in Extra Rank's "... can make
    Supporting Attacks from an additional Rank (normally, this means ...)" the prohibition prevails, offered as the
    referee's cannot beats can (a gloss in brackets, "normally, this means", is no "as normal")."""
    data = resolve(bsdata_t9a, "t9a", "Harnessed, Fight in Extra Rank", when=["melee"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    assert (ruling["winner"], ruling["rules"]) == ("Harnessed", ["Harnessed", "Fight in Extra Rank"])
    assert "only as normal" not in ruling["outcome"] and "convention" in ruling["outcome"]


def test_a_prohibition_on_model_parts_with_the_rule_in_other_words() -> None:
    yoked = "Model parts with Yoked cannot make Supporting Attacks."
    view = system({"Yoked": yoked, "Long Spears": "Model parts with Long Spears can make Supporting Attacks from an additional Rank.",
                   "Drilled": "Model parts with Yoked Oxen cannot make Supporting Attacks."},
                  [rel("cannot", "Yoked", None, yoked, details={"action": "make Supporting Attacks"}, subject="Model parts with Yoked"),
                   rel("cannot", "Drilled", None, "Model parts with Yoked Oxen cannot make Supporting Attacks.",
                       details={"action": "make Supporting Attacks"}, subject="Model parts with Yoked Oxen")])
    data = rulings(view, picks("Yoked", "Long Spears"))
    assert [(r["winner"], r["rules"]) for r in data["rulings"]] == [("Yoked", ["Yoked", "Long Spears"])]
    # the parts of another rule's bearers are not Drilled's own: it binds no bearer of Drilled
    assert not rulings(view, picks("Drilled", "Long Spears"))["rulings"]
