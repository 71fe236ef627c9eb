"""A ruling whose winner another ruling sets aside prevails over nothing: an immunity that takes an
attack attribute away leaves that attribute's exception with nothing to apply (small systems of our
own wording, and the BattleScribe-style wording where an immunity strips the attribute)."""

from __future__ import annotations

from tests.resolve.test_principles import brief, picks, rel, rulings, system

OVERRIDE = rel("overrides", "Spear", "Shieldwall", "Spears ignore Shieldwall.")
WARDED = rel("immune-to", "Warded", "Spear", "Warded models are immune to Spears.")


def test_an_exception_whose_winner_the_other_side_is_immune_to_does_not_prevail() -> None:
    for relations in ([OVERRIDE, WARDED], [WARDED, OVERRIDE]):  # whichever meeting is settled first
        view = system({"Spear": "Spears ignore Shieldwall.", "Shieldwall": "+1 Armour.", "Warded": "x."}, relations)
        data = rulings(view, picks("Spear"), picks("Shieldwall", "Warded"))
        assert brief(data) == [("immunity", "Warded", ["Warded", "Spear"])]
        [idle] = [i for i in data["in_play"]["inactive"] if i["name"] == "Spear"]
        assert idle["reason"] == ("Spear would prevail over Shieldwall, but it brings nothing here: "
                                  "Warded: its models are immune to the effects of Spear")
        assert idle["citation"]["quote"] == "Spears ignore Shieldwall." and idle["side"] == "self"


def test_without_the_immunity_the_exception_still_prevails() -> None:
    view = system({"Spear": "Spears ignore Shieldwall.", "Shieldwall": "+1 Armour.", "Warded": "x."}, [OVERRIDE, WARDED])
    data = rulings(view, picks("Spear"), picks("Shieldwall"))
    assert brief(data) == [("explicit-exception", "Spear", ["Spear", "Shieldwall"])]
    assert not [i for i in data["in_play"]["inactive"] if i["name"] == "Spear"]


def test_where_each_side_is_immune_to_the_others_rule_each_keeps_what_it_does_for_its_own_models() -> None:
    calm = rel("overrides", "Brave", "Dread", "A Brave unit that passes a Dread test need not take a Nerve test.")
    view = system({"Brave": "x.", "Dread": "y."}, [
        calm, rel("immune-to", "Brave", "Dread", "Brave units are immune to Dread."),
        rel("immune-to", "Dread", "Brave", "Dread units are immune to Brave."),
    ])
    data = rulings(view, picks("Brave"), picks("Dread"))
    assert ("explicit-exception", "Brave", ["Brave", "Dread"]) in brief(data)
    assert not [i for i in data["in_play"]["inactive"] if "brings nothing here" in i["reason"]]
