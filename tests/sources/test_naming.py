"""Finding rule names in text (referee.sources.naming): whole words, singular or plural."""

from __future__ import annotations

import doctest

import pytest

from referee.sources import naming
from referee.sources.naming import mentions

# (text, name, whether the text names it)
MENTIONS = [
    ("Units with Fear flee.", "Fear", True),
    ("Units with fear flee.", "Fear", True),  # case-blind
    ("Fearsome units flee.", "Fear", False),  # a whole word only
    ("Two Fears stack.", "Fear", True),
    ("a Matching Base", "Matching Bases", True),  # the singular of a plural name
    ("Models with Matching Bases", "Matching Base", True),  # the plural of a singular name
    ("models with Matching\nBases", "Matching Base", True),  # a line break between the words
    ("two Abilities", "Ability", True),  # -y, -ies: the one table of endings in referee.text
    ("one Ability", "Abilities", True),
    ("two Hexes", "Hex", True),
    ("a Hex", "Hexes", True),
    ("the Glass breaks", "Glass", True),
    ("the Glasses break", "Glass", True),
    ("Glas", "Glass", False),  # "ss" is no plural ending
    ("a Matching Bas", "Matching Base", False),
]


@pytest.mark.parametrize(("text", "name", "named"), MENTIONS)
def test_mentions(text: str, name: str, named: bool) -> None:
    assert mentions(text, name) is named


def test_docstring_examples() -> None:
    assert doctest.testmod(naming).failed == 0
