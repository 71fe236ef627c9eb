"""A part of a rule that only obliges (a Panic test's trigger), where its whole's general provision
says the obligation is not met in the situation given ("A unit does not take a Panic test if that
unit is already fleeing"): nothing of the part is left, so it is set aside, that ruling the reason;
where the provision's own ifs are not told, it stays in play under the ruling."""

from __future__ import annotations

from referee.resolve import resolve
from referee.resolve.naming import picks
from referee.store.load import open_rules


def _self(keywords: str, when: tuple[str, ...]) -> dict[str, str | None]:
    book = open_rules("rules_src")
    data = resolve(book, "whfb-house", picks(book, "whfb-house", keywords), None, when).to_json()
    return {e["name"]: e["set_aside"] for e in data["in_play"]["self"]}


def test_a_trigger_of_a_test_not_taken_in_the_situation_is_set_aside() -> None:
    assert _self("Heavy casualties", ("fleeing",))["Heavy casualties"] == (
        "Panic tests (the rule Heavy casualties is a part of): A unit cannot take a Panic test, so Heavy casualties's obligation "
        "to take a Panic test, if it loses 25% or more of the models with which it started the phase, yields")
    assert _self("Nearby friend breaks", ("melee",))["Nearby friend breaks"] is not None


def test_a_trigger_whose_test_is_barred_is_set_aside_and_in_play_forbidden() -> None:
    """Fled through under --when melee: "A unit must immediately test for panic if fleeing friends move through it." beside
    "A unit does not take Panic tests if it is in close combat". The writer of round 14's r14-whfb-house-014 expects Fled
    through in play with the test barred; round 8's r8-whfb-house-006 (Nearby friend breaks, --when melee) and -007 (Heavy
    casualties, --when fleeing) expect the trigger not active, on sentences of the same shape. Both hold of one answer: the
    trigger is set aside (it brings nothing), and in play with its use forbidden by the barring sentence (round 17), for
    every trigger alike."""
    why = _self("Fled through", ("melee",))["Fled through"]
    assert why is not None and why.startswith("Panic tests (the rule Fled through is a part of): A unit cannot take Panic tests")
    for trigger, when in (("Nearby friend breaks", ("melee",)), ("Heavy casualties", ("fleeing",)), ("Fled through", ("fleeing",))):
        assert _self(trigger, when)[trigger] is not None
        book = open_rules("rules_src")
        data = resolve(book, "whfb-house", picks(book, "whfb-house", trigger), None, when).to_json()
        assert data["in_play"]["self"][0]["forbidden"]["name"] == "Panic tests"


def test_where_the_provision_is_not_told_to_hold_the_part_stays() -> None:
    # "A unit does not take Panic tests if friendly causing unit has less US": no flag tells it
    assert _self("Heavy casualties", ())["Heavy casualties"] is None
    assert _self("Nearby friend breaks", ("shooting",))["Nearby friend breaks"] is None


def test_a_rule_that_allows_its_bearers_to_shoot_is_a_way_to_shoot() -> None:
    # "In simple terms this allows units to fire in two ranks.": the rule itself is the subject that permits
    from referee.resolve.scope import bearer_permission

    assert bearer_permission("In simple terms this allows units to fire in two ranks.", "Volley")
    assert bearer_permission("It lets the unit march twice.", "Hasty")
    assert not bearer_permission("A unit that allows enemies to pass is weak.", "Porous")
    aside = _self("Fire in two ranks, Subsequent Actions Of Fleeing Troops", ("fleeing", "shooting"))
    assert aside["Fire in two ranks"] is not None and aside["Subsequent Actions Of Fleeing Troops"] is None
    assert _self("Fire in two ranks", ("shooting",))["Fire in two ranks"] is None
