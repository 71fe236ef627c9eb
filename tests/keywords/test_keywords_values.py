"""The value types: equality by meaning, hashing, JSON, canonical str."""

from __future__ import annotations

import copy
import doctest
import importlib
import pickle
from types import ModuleType

import pytest

from referee.keywords import (
    Dice,
    Distance,
    Keyword,
    KeywordList,
    KeywordUse,
    Modifier,
    Number,
    Qualifier,
    Threshold,
    Variable,
    parse,
    to_json,
)


def test_equality_ignores_spelling_and_place() -> None:
    assert parse("Poisoned(4+)") == parse("  Poisoned (4+)")
    assert parse("Impact Hits (d6)") == parse("Impact Hits (D6)")
    assert parse("Shots D6+1") == parse("Shots (D6+1)")
    assert parse("Fearless, Fear.") == parse("Fearless/Fear")
    assert parse("Poisoned (4+)") != parse("Poisoned (5+)")
    assert parse("Fearless, Fear") != parse("Fear, Fearless")


def test_values_are_hashable_and_frozen() -> None:
    uses = parse("Poisoned (4+), Poisoned(4+), Fearless")
    assert len(set(uses)) == 2
    with pytest.raises(AttributeError):
        uses[0].name = "Fear"  # type: ignore[misc]


def test_values_keep_what_dataclasses_gave_them() -> None:
    """The values are plain slotted classes (docs/performance.md, round 8): equality needs the
    same class, where a use was written is not compared, nothing can be set or deleted,
    and a pickle or a copy comes back equal with its layout."""
    assert Variable("X") != Qualifier("X") and Number(4) != Threshold(4)
    assert hash(Dice(1, 6)) == hash(Dice(1, 6, 0, 1)) and Dice(1, 6) != Dice(1, 6, 1)
    first, again = parse("Poisoned (4+)")[0], parse("  Poisoned(4+)")[0]
    assert first == again and first.span != again.span and hash(first) == hash(again)
    with pytest.raises(AttributeError, match="frozen"):
        del first.args
    with pytest.raises(AttributeError):
        first.colour = "red"  # type: ignore[attr-defined]
    uses = parse('Breath Attack (Str 4, AP 1, Flaming Attacks), 12" Ranged 2')
    for value in (uses, uses[0], uses[0].args[0], Keyword("Str", (Number(4),), bracketed=0)):
        back = pickle.loads(pickle.dumps(value))
        assert back == value and repr(back) == repr(value) and str(back) == str(value)
        assert copy.deepcopy(value) == value
    assert pickle.loads(pickle.dumps(uses)).uses[0].span == uses[0].span


def test_a_use_keeps_its_text_and_span() -> None:
    text = "Aegis (4+, against Melee Attacks), Fortitude (5+)"
    first, second = parse(text)
    assert (first.text, first.span) == ("Aegis (4+, against Melee Attacks)", (0, 33))
    assert (second.text, second.span) == ("Fortitude (5+)", (35, 49))
    assert first.keyword == Keyword("Aegis", first.args)


def test_a_keyword_list_reads_like_a_sequence() -> None:
    uses = parse('12" Ranged 2, heavy')
    assert len(uses) == 3
    assert [use.name for use in uses] == [None, "Ranged", "heavy"]
    assert uses.names == ("Ranged", "heavy")
    assert uses.input == '12" Ranged 2, heavy'
    assert uses[0].keyword is None


@pytest.mark.parametrize(
    ("dice", "text"),
    [(Dice(1, 6), "D6"), (Dice(2, 3), "2D3"), (Dice(1, 3, 1), "D3+1"), (Dice(1, 6, -1), "D6-1"), (Dice(2, 6, 0, 2), "2D6*2")],
)
def test_dice_text(dice: Dice, text: str) -> None:
    assert dice.text == text
    assert str(dice) == text


def test_to_json_of_a_list_of_a_use_and_of_an_argument() -> None:
    uses = parse("Fly (8\", 16\")")
    assert to_json(uses) == {
        "input": 'Fly (8", 16")',
        "keywords": [
            {
                "name": "Fly",
                "text": 'Fly (8", 16")',
                "span": [0, 13],
                "args": [{"kind": "distance", "value": 8}, {"kind": "distance", "value": 16}],
            }
        ],
    }
    assert to_json(uses[0])["name"] == "Fly"
    assert to_json(Distance(min=12, max=60)) == {"kind": "distance", "min": 12, "max": 60}
    assert to_json(Modifier(-1, "to hit")) == {"kind": "modifier", "value": -1, "var": None, "stat": "to hit", "inches": False}
    assert to_json(Threshold(None, "X")) == {"kind": "threshold", "value": None, "var": "X"}
    assert to_json(Number(3)) == {"kind": "number", "value": 3}


def test_an_empty_list() -> None:
    assert parse("") == KeywordList()
    assert to_json(parse("")) == {"input": "", "keywords": []}
    assert parse("   ") == KeywordList()


def test_repr_shows_meaning_not_layout() -> None:
    assert repr(Keyword("Str", (Number(4),), bracketed=0)) == "Keyword(name='Str', args=(Number(value=4),))"
    assert repr(KeywordUse("Fearless", (), "Fearless", (0, 8))) == (
        "KeywordUse(name='Fearless', args=(), text='Fearless', span=(0, 8))"
    )


@pytest.mark.parametrize("name", ["referee.keywords", "referee.keywords.render"])
def test_docstring_examples_run(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0
