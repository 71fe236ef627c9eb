"""The precedence model's own defaults are never taken for the rules' word (referee/resolve/principles.py):
a rule twice whose text is silent on several instances is an open question, and a ruling that rests on a
convention of the model (cannot beats must, source tiers, modifiers of different rules adding up) says so."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, system_data
from tests.stores import stored


def test_blind_twice_is_open_on_the_real_page(rulebase: Build) -> None:
    # the page says "Multiple instances of Stealth stack" and nothing of Blind: once or twice is open
    data = resolve(rulebase, "scrollhammer", "Blind, Blind").to_json()
    assert data["rulings"] == []
    [open_] = data["unresolved"]
    assert open_["rules"] == ["Blind"] and "says nothing of several instances" in open_["reason"]
    assert [c["quote"] for c in open_["citations"]] == ["A Blinded model gets -1 to hit for the duration of the effect."]
    [to_hit] = data["modifiers"]
    # what one instance gives, never -2, and the doubt beside it
    assert (to_hit["stat"], to_hit["value"], to_hit["condition"]) == ("to-hit", "-1", ["for one instance, or for each of its 2 instances: the text does not say which"])


def test_stealth_twice_still_stacks_by_its_own_words(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Stealth (+1), Stealth (+1)", when=["shooting"]).to_json()
    assert data["unresolved"] == [] and [r["principle"] for r in data["rulings"]] == ["stacking"]


def test_a_rule_twice_in_a_system_whose_abilities_never_stack_applies_once_quoting_that(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Taking cover, Taking cover", when=["shooting"]).to_json()
    [ruling] = [r for r in data["rulings"] if r["rules"] == ["Taking cover"]]
    assert ruling["principle"] == "never-stacks"
    assert "Any ability that increases or decreases a value in a datasheet never stacks." in [c["quote"] for c in ruling["citations"]]


def test_cannot_beats_must_says_it_is_the_referees_precedence(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Frenzy, War Machine").to_json()
    [ruling] = [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"]
    # Frenzy's obligation holds only "if possible": that is the text's word, and no convention is named
    assert ruling["outcome"].endswith("yields (it holds only if possible)")
    assert (ruling["relation"]["name"], ruling["relation"]["line"]) == ("Frenzy", 81)
    assert ruling["relation"]["quote"].endswith("must declare a Charge this Player Turn if possible.")
    # where neither sentence says which prevails, the convention is offered, labelled, and the question
    # stays open (r4-scrollhammer-532: Deep Strike's "these units cannot charge" and Frenzy's "must always
    # attempt to charge the nearest unit")
    data = resolve(rulebase, "scrollhammer", "Frenzy, Deep Strike").to_json()
    assert [r for r in data["rulings"] if r["principle"] == "cannot-beats-can"] == []
    [open_] = [u for u in data["unresolved"] if set(u["rules"]) == {"Deep Strike", "Frenzy"}]
    assert open_["convention"] == ("by the referee's convention (cannot beats must: a prohibition wins over an obligation or a permission of the "
                                   "same action), the referee may hold: Deep Strike cannot charge: Frenzy's obligation to attempt to charge the "
                                   "nearest unit yields")
    assert {c["name"] for c in open_["citations"]} == {"Deep Strike", "Frenzy"}


def test_army_data_that_names_a_units_rule_twice_gives_one_instance_in_a_small_system() -> None:
    from referee.resolve import Pick
    from tests.resolve.test_principles import rel, system

    view = system({"Quick": "+1 to hit."}, [rel("modifies", "Quick", None, "+1 to hit.", details={"stat": "to-hit", "value": "+1"})])
    unit = {"unit": "Wardens", "weapon": None, "text": "Quick"}
    listed = [Pick("demo/Quick", (), "Quick", None, {**unit, "source": {"file": "a.cat", "line": line, "column": 9}}) for line in (12, 40)]
    data = resolve(view, "demo", listed).to_json()
    [entry] = data["in_play"]["self"]
    assert entry["instances"] == 1 and len(entry["carriers"]) == 2
    assert data["unresolved"] == [] and [(m["stat"], m["value"]) for m in data["modifiers"]] == [("to-hit", "+1")]
    weapon = Pick("demo/Quick", (), "Quick", None, {**unit, "weapon": "Spear", "source": {"file": "a.cat", "line": 50, "column": 9}})
    assert resolve(view, "demo", [*listed, weapon]).to_json()["in_play"]["self"][0]["instances"] == 2


def test_a_rule_of_a_kind_chosen_only_once_is_there_once_by_that_sentence(rulebase: Build) -> None:
    # "No directive can be selected more than once per game." (of Rounds, beside the section Directives)
    data = resolve(rulebase, "last-edition", "Directive 8, Directive 8").to_json()
    [ruling] = data["rulings"]
    assert ruling["principle"] == "stacking" and ruling["winner"] is None and "chosen only once" in ruling["outcome"]
    assert ruling["citations"][0]["quote"] == "No directive can be selected more than once per game."
    assert (ruling["citations"][0]["line"], ruling["citations"][0]["column"]) == (365, 1)
    assert "no sentence says so" not in ruling["outcome"]


def test_a_kind_chosen_once_in_a_small_system() -> None:
    data = system_data({"Setup": "Each player picks stratagems. No stratagem may be chosen more than once per battle.",
                        "Stratagems": "", "Smoke Screen": "The squad hides.", "Feints": "", "Low Blow": "The squad trips a foe."}, [])
    for name, parent in (("Stratagems", "Root"), ("Setup", "Root"), ("Feints", "Root")):
        data["rules"][f"demo/{name}"]["parent"] = "demo/Root"
    data["rules"]["demo/Root"] = {**data["rules"]["demo/Setup"], "id": "demo/Root", "name": "Root", "text": "", "parent": None,
                                  "children": ["demo/Setup", "demo/Stratagems", "demo/Feints"]}
    data["rules"]["demo/Smoke Screen"]["parent"] = "demo/Stratagems"
    data["rules"]["demo/Low Blow"]["parent"] = "demo/Feints"
    view = stored(data)
    [ruling] = resolve(view, "demo", picks("Smoke Screen", "Smoke Screen")).to_json()["rulings"]
    assert ruling["citations"][0]["quote"] == "No stratagem may be chosen more than once per battle."
    # a kind no sentence limits: the referee's own reading, said as that
    [ruling] = resolve(view, "demo", picks("Low Blow", "Low Blow")).to_json()["rulings"]
    assert "no sentence says so" in ruling["outcome"]
