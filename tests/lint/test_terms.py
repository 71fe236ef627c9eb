"""Reading names in keyword position, and deciding what counts as defined."""

from __future__ import annotations

import pytest

from referee.lint.context import LintContext
from referee.lint.terms import clean, names_of, uses_in, variants
from tests.lint.fixtures.graph.build import CASES, SYSTEM, build, load


@pytest.fixture(scope="module")
def names():  # type: ignore[no-untyped-def]
    """The defined names of the quiet undefined-reference case."""
    return names_of(LintContext(build(load(CASES / "undefined-reference-quiet.toml")), SYSTEM))


# text -> the names found in it, in order
USES = [
    ("Units composed entirely of models with Fly may use Flying Movement.", ["Fly"]),
    ("The model gains Light Troops and Swiftstride.", ["Light Troops", "Swiftstride"]),
    ("Units with Light Troops gain March and Shoot.", ["Light Troops", "March and Shoot"]),
    ("A unit with Hit and Run and Fly may leave.", ["Hit and Run", "Fly"]),
    ("it interacts with other rules, such as Flammable and Regeneration.", ["Flammable", "Regeneration"]),
    ("Attacks made with a Harpoon gain +1 Strength and Poison Attacks.", ["Harpoon", "Poison Attacks"]),
    ("Models that are Fearless are immune to the effects of Fear and Terror.", ["Fearless", "Fear", "Terror"]),
    ("Sniper weapons have the Pinning and Rending special rules.", ["Pinning", "Rending"]),
    ("models in the unit must have the Deep strike special rule", ["Deep strike"]),
    ("Models on hill see like units with Large Target special rule.", ["Large Target"]),
    ("must follow the Unit Spacing rule at the end of the move", ["Unit Spacing"]),
    ("At least 1 unit with the leader keyword has to be selected.", ["leader"]),
    ("The model gains Exclusive (Chariot) and Channel (1).", ["Exclusive (Chariot)", "Channel (1)", "Channel"]),
    ("The range of Academy Training is increased to 12\".", ["Academy Training"]),
    ("The Wizard gains Channel (1) and a +1 modifier to its casting rolls.", ["Channel (1)", "Channel"]),
    ("units with Random Movement (by moving into contact with them)", ["Random Movement (by moving into contact with them)"]),
    ("Hatred (Imperial Legion) would mean any models from that Army Book.", []),
    ("This model may use the Thu'um(see page XX for details).", []),
    ("Units with at least one model with Scoring are Scoring Units.", ["Scoring"]),
]


@pytest.mark.parametrize("text, expected", USES)
def test_uses_in(names, text: str, expected: list[str]) -> None:  # type: ignore[no-untyped-def]
    assert [u.term for u in uses_in(text, names)] == expected


# captured term -> the name it holds, or None
CLEAN = [
    ("As a Catapult (4)", "Catapult (4)"),
    ("War Machine's", "War Machine"),
    ("the Terrain Features", "Terrain Features"),
    ("X Veil Tokens", None),
    ("Y", None),
    ("Unit", None),
    ("Characters", None),
    ("Power Dice", None),
    ("Parry Save", None),
    ("Artillery Weapon", None),
    ("+1 Strength", None),
    ("Unit Spacing", "Unit Spacing"),
    ("same faction", "faction"),
]


@pytest.mark.parametrize("term, expected", CLEAN)
def test_clean(term: str, expected: str | None) -> None:
    assert clean(term) == expected


# written form -> a form variants() must try
VARIANTS = [
    ("Lances", "Lance"),
    ("Matching Base", "Matching Bases"),
    ("Abilities", "Ability"),
    ("Frenzied", "Frenzy"),
    ("Ambushing", "Ambush"),
    ("Ambushers", "Ambush"),
    ("Infiltrators", "Infiltrate"),
    ("Scouted", "Scout"),
    ("Chilled", "Chill"),
    ("Wizard Apprentices", "Wizard Apprentice"),
]


@pytest.mark.parametrize("written, name", VARIANTS)
def test_variants(written: str, name: str) -> None:
    assert name in variants(written)


@pytest.mark.parametrize(
    "term, known",
    [
        ("Clipped Wings", True),  # "If Clipped Wings is stated ..."
        ("Frenzy Test", True),  # "... called a Frenzy Test"
        ("No Retreat!", True),  # a "No Retreat!:" sub-heading
        ("Maximised (Charge Range)", True),  # an alias, with its values
        ("Insignificant R&F", True),  # a defined first part
        ("Discipline Tests", True),  # a core term, plural
        ("Channel (1) and Channel (2)", False),  # two names, never one
        ("Infernal Brand", False),
    ],
)
def test_is_known(names, term: str, known: bool) -> None:  # type: ignore[no-untyped-def]
    assert names.is_known(term, parts="and" not in term) is known
