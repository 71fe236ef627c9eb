"""What a rule speaks of is read once per store, rule, system and instances (``same_roll._speaks``), and each call
gets its own answer: another store (even with the same rule ids and build key), other parameters or another system's
terms are read afresh, and what a caller adds to an answer never reaches the next caller."""

from __future__ import annotations

import pytest

from referee.resolve import resolve, same_roll
from referee.resolve.principles import Context
from referee.resolve.same_roll import _speaks, _spoken
from referee.store.record import Build
from referee.store.rows import Stored
from tests.resolve.test_principles import picks, rel, system

ONRUSH = "A charging model with Onrush gains the Characteristic modifiers stated in brackets."
LENDS = rel("grants", "Onrush", None, ONRUSH, details={"grants": "its parameters"})


def _store(toxic: str) -> Stored:
    return system({"Toxic": toxic, "Onrush": ONRUSH}, [LENDS])


def _open(view: Stored, params: str) -> list[list[str]]:
    data = resolve(view, "demo", picks("Toxic", ("Onrush", (params,)))).to_json()
    return [sorted(u["rules"]) for u in data["unresolved"]]


def test_other_parameters_of_one_rule_in_one_store_are_read_again() -> None:
    view = _store("The attack has its Strength always set to 3.")
    # the instance without Strength first, so that a memo keyed on the rule alone would hand its answer to the second
    assert _open(view, "+1 Agility") == []
    assert _open(view, "+1 Strength") == [["Onrush", "Toxic"]]
    assert _open(view, "+1 Agility") == []


def test_another_store_with_the_same_rule_ids_and_key_is_read_afresh() -> None:
    strength, initiative = _store("The attack has its Strength always set to 3."), _store("The attack has its Initiative always set to 3.")
    assert strength.key == initiative.key and strength.get("demo/Toxic") is not None and initiative.get("demo/Toxic") is not None
    assert _open(strength, "+1 Strength") == [["Onrush", "Toxic"]]
    assert _open(initiative, "+1 Strength") == []  # its Toxic sets Initiative: nothing in common with Strength
    assert _open(initiative, "+1 Initiative") == [["Onrush", "Toxic"]]
    assert _open(strength, "+1 Initiative") == []


def test_another_systems_terms_are_read_again() -> None:
    ctx = Context(_store("The attack has its Strength always set to 3."), "demo")
    assert "strength" in _speaks(ctx, "demo/Toxic", ["strength"])
    assert _speaks(ctx, "demo/Toxic", ["initiative"]) == {}
    assert "strength" in _speaks(ctx, "demo/Toxic", ["strength"])


def test_what_a_caller_adds_to_an_answer_is_not_kept() -> None:
    ctx = Context(_store("The attack has its Strength always set to 3."), "demo")
    first = _speaks(ctx, "demo/Toxic", ["strength"])
    first["strength"].append({"quote": "added", "rid": "demo/Toxic", "version": None})
    first["scatter die"] = []
    assert _speaks(ctx, "demo/Toxic", ["strength"]) == _spoken(ctx, "demo/Toxic", ["strength"])
    assert "scatter die" not in _speaks(ctx, "demo/Toxic", ["strength"])


def test_a_roll_named_by_its_die_gives_one_answer_each_time(view: Stored, rulebase: Build) -> None:
    # the die's words are added to each rule's answer (``_die_words``), and a question of one rule to both pairs' answers:
    # asked again in the same store, and in a store made afresh of the build (the documents' texts given to both, as a whole
    # build brings its own), the answer is the same
    asked = [resolve(view, "scrollhammer", "Autohit, Barrage", when=["shooting"], documents=rulebase.texts).to_json() for _ in range(2)]
    asked.append(resolve(rulebase, "scrollhammer", "Autohit, Barrage", when=["shooting"]).to_json())
    assert asked[0] == asked[1] == asked[2]
    assert [sorted(u["rules"]) for u in asked[0]["unresolved"]] == [["Autohit", "Barrage"]]


def test_a_rule_asked_again_in_one_store_is_not_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # each answer reads the store through the names it called (``Called``, made anew per answer): the memo is the store's,
    # so the second answer reads nothing again, and answers as the first did
    read: list[str] = []

    def counted(ctx: Context, rid: str, terms: list[str], entry: object = None) -> dict[str, list[dict[str, object]]]:
        read.append(rid)
        return _spoken(ctx, rid, terms, entry)

    monkeypatch.setattr(same_roll, "_spoken", counted)
    view = _store("The attack has its Strength always set to 3.")
    first = _open(view, "+1 Strength")
    assert sorted(read) == ["demo/Onrush", "demo/Toxic"]
    assert _open(view, "+1 Strength") == first == [["Onrush", "Toxic"]]
    assert sorted(read) == ["demo/Onrush", "demo/Toxic"]
