"""A rule's own words on where it does not hold, and a prohibition that reaches a rule by what bears
it (issue 22, round 11): "This rule does not apply if ... (e.g. ..., or if it was already Fleeing when
being Charged)" under the flags that say that case; "Ignore Stand Behind for models with Mismatching
Bases" where the other rule is in play; "cannot cast spells" beside "A spell with Ward ...".  On the
real documents and on small systems of our own words whose relations the graph reads."""

from __future__ import annotations

from referee.resolve import resolve
from referee.resolve.scope import not_applying
from referee.store.record import Build
from tests.resolve.test_read_by_graph import read_system
from tests.resolve.test_principles import SYSTEM, picks


def _aside(data: dict, name: str) -> str | None:
    [entry] = [e for e in data["in_play"]["self"] if e["name"] == name]
    return entry["set_aside"]


def test_a_case_the_rule_says_it_does_not_apply_in() -> None:
    words = "This rule does not apply if the band scatters unwillingly (e.g. after a lost duel, or if it was already fleeing when charged)."
    assert not_applying(words, "Rout", ("fleeing", "charged")) == "if it was already fleeing when charged"
    assert not_applying(words, "Rout", ("charged",)) is None  # not fleeing: that case is not told
    assert not_applying(words, "Rout", ("fleeing", "charged", "melee")) == "if it was already fleeing when charged"
    assert not_applying("This rule does not apply if the band scatters unwillingly.", "Rout", ("fleeing",)) is None
    view = read_system({"Rout": "A band that chooses to flee regroups at once. " + words})
    data = resolve(view, SYSTEM, picks("Rout"), when=("fleeing", "charged")).to_json()
    assert _aside(data, "Rout") == ("Rout does not apply if it was already fleeing when charged, by its own words, and the situation says so "
                                   "(--when fleeing, charged)")
    assert resolve(view, SYSTEM, picks("Rout"), when=("charged",)).to_json()["in_play"]["self"][0]["set_aside"] is None


def test_feigned_flight_already_fleeing_when_charged(rulebase: Build) -> None:
    """t9a (round 9's tuning r9-t9a-017): "(e.g. ..., or if it was already Fleeing when being Charged)"."""
    data = resolve(rulebase, "t9a", "Feigned Flight", when=["fleeing", "charged"]).to_json()
    assert _aside(data, "Feigned Flight").startswith("Feigned Flight does not apply if it was already Fleeing when being Charged")
    [idle] = [i for i in data["in_play"]["inactive"] if i["name"] == "Feigned Flight"]
    assert idle["citation"]["quote"].startswith("This rule does not apply if the unit Flees involuntarily")
    assert _aside(resolve(rulebase, "t9a", "Feigned Flight", when=["charged"]).to_json(), "Feigned Flight") is None


def test_a_rule_ignored_beside_another_by_its_own_words() -> None:
    view = read_system({"Hang Back": "The model may stand anywhere in its band. Ignore Hang Back for models with Wide Bases.",
                        "Wide Bases": "A model on a wide base stands at the side of its band."})
    data = resolve(view, SYSTEM, picks("Hang Back", "Wide Bases")).to_json()
    assert _aside(data, "Hang Back") == "Hang Back is ignored beside Wide Bases, by its own words, and Wide Bases is in play on this side"
    assert _aside(resolve(view, SYSTEM, picks("Hang Back")).to_json(), "Hang Back") is None
    # the other side's rule is no bearer of ours
    assert _aside(resolve(view, SYSTEM, picks("Hang Back"), picks("Wide Bases")).to_json(), "Hang Back") is None


def test_stand_behind_beside_mismatching_bases(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Stand Behind, Mismatching Bases").to_json()
    assert _aside(data, "Stand Behind") is not None
    [idle] = [i for i in data["in_play"]["inactive"] if i["name"] == "Stand Behind"]
    assert idle["citation"]["quote"] == "Ignore Stand Behind for models with Mismatching Bases."


def test_a_prohibition_reaches_a_rule_by_what_bears_it() -> None:
    view = read_system({"Hush": "A model that is Hushed cannot cast spells.", "Mirror": "A spell with Mirror, if cast in reply, turns the foe's spell back.",
                        "Blade Song": "A weapon with Blade Song strikes twice."})
    data = resolve(view, SYSTEM, picks("Hush", "Mirror")).to_json()
    [ruling] = data["rulings"]
    assert (ruling["winner"], ruling["outcome"]) == ("Hush", "Hush prevails over Mirror: its words forbid to cast spells, and Mirror is one "
                                                             "(its bearer, by its own words: A spell with Mirror); cannot beats can")
    assert _aside(data, "Mirror")
    assert resolve(view, SYSTEM, picks("Hush", "Blade Song")).to_json()["rulings"] == []


def test_silence_forbids_a_ward(rulebase: Build) -> None:
    """scrollhammer (round 9's tuning r9-scrollhammer-508): "A model that is Silenced cannot cast spells"."""
    data = resolve(rulebase, "scrollhammer", "Ward, Silence").to_json()
    [ruling] = [r for r in data["rulings"] if "Ward" in r["rules"]]
    assert (ruling["winner"], ruling["relation"]["quote"]) == ("Silence", "A model that is Silenced cannot cast spells or use the Thu'um.")
