"""Deciding what counts as defined (the names in keyword position are the rule graph's:
tests/graph/test_unknown.py)."""

from __future__ import annotations

import pytest

from referee.lint.context import LintContext
from referee.lint.terms import clean, names_of, variants
from tests.lint.fixtures.graph.build import CASES, SYSTEM, build, load


@pytest.fixture(scope="module")
def names():  # type: ignore[no-untyped-def]
    """The defined names of the quiet undefined-reference case."""
    return names_of(LintContext(build(load(CASES / "undefined-reference-quiet.toml")), SYSTEM))


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
