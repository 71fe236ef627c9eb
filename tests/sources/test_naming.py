"""Finding rule names in text (referee.sources.naming): whole words, singular or plural."""

from __future__ import annotations

import doctest
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.sources import naming
from referee.sources.naming import mentions
from referee.text import plural, singulars
from tests.conftest import examples

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


def _by_pattern(text: str, name: str) -> bool:
    """What ``mentions`` answers, as the one case-blind pattern it compiles for other text."""
    forms = dict.fromkeys([name, plural(name), *singulars(name)])
    words = "|".join(re.escape(form).replace(r"\ ", r"\s+") for form in sorted(forms, key=len, reverse=True))
    return re.search(rf"\b(?:{words})\b", text, re.IGNORECASE) is not None


# Plain ASCII is answered without a pattern; where word boundaries, runs of
# spaces and case fall must be where the pattern puts them.
PLAIN = [
    ("&x marks", "&x"),  # a name that opens with no word character
    ("a&x marks", "&x"),
    ("Nachladen! now", "Nachladen!"),
    ("Nachladen!now", "Nachladen!"),
    ("Matching \t\x1c Base", "Matching Base"),  # any run of spaces, as \s+ reads them
    ("Matching_Base", "Matching Base"),
    ("matching basement", "Matching Base"),
    ("FEAR_", "Fear"),
    ("xfear fear", "Fear"),
    ("Ab  Ba", "Ab  Ba"),  # two spaces in the name: the pattern's way
    ("Units with Fear.", " Fear"),
]


@pytest.mark.parametrize(("text", "name"), PLAIN)
def test_mentions_in_plain_text_as_the_pattern_finds(text: str, name: str) -> None:
    assert mentions(text, name) is _by_pattern(text, name)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.text(alphabet="aAbBsSyYe _-&!'\n\t\x1c.1\u00e9", max_size=24),
    st.sampled_from(["Fear", "Lance", "Ability", "Matching Base", "Hex", "Sea", "Boss", "&x", "Ab-Ba", "Bys"]),
)
def test_mentions_as_the_pattern_finds(text: str, name: str) -> None:
    assert mentions(text, name) is _by_pattern(text, name)
