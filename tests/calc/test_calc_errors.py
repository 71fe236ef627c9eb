"""Questions turned away: a caret under what the grammar cannot read, or the
reason a system's documents do not answer.  Every message is pinned."""

from __future__ import annotations

import pytest

from referee.calc import answer
from referee.calc.errors import CalcSyntaxError, Refusal

SYNTAX = [
    (
        "hit CS5 vs vs CS4",
        'error: unexpected \'vs\' at column 12\n    hit CS5 vs vs CS4\n               ^\nexpected: "cs"',
    ),
    (
        "hit CS5 vs",
        'error: the question ends too soon at column 11\n    hit CS5 vs\n              ^\nexpected: "cs"',
    ),
    (
        "save 4+ AP",
        "error: the question ends too soon at column 11\n    save 4+ AP\n              ^\n"
        "expected: a number (armour penetration, e.g. -2)",
    ),
    (
        "wound S3 vs T7 #",
        'error: unexpected \'#\' at column 16\n    wound S3 vs T7 #\n                   ^\nexpected: ",", "with", "and", "mean", "reroll failed" or "reroll successful", "then", a modifier such as -1 or the end',
    ),
    (
        "cover medium",
        "error: unexpected 'medium' at column 7\n    cover medium\n          ^\nexpected: soft, hard or light",
    ),
    (
        "2D6 maximised sideways",
        "error: unexpected 'sideways' at column 15\n    2D6 maximised sideways\n                  ^\n"
        'expected: ",", "once", "thrice", "twice", "with", "at least", "needing", "reroll failed" or "reroll successful", a number, a roll such as 4+, '
        "maximised, minimised, x2, x3, ... or the end",
    ),
    (
        "swiftstride march",
        "error: unexpected 'march' at column 13\n    swiftstride march\n                ^\n"
        "expected: charge range, flee distance, pursuit distance or overrun distance",
    ),
    (
        "",
        "error: the question is empty at column 1\n    \n    ^\n"
        'expected: "bad", "cover", "dangerous", "dodge", "feel", "fleshbane", "fnp", "hit", "multiple", "poisoned", '
        '"pure", "save", "sniper", "swiftstride", "unstable", "wound", "a", "armour save", "at least", "needing", "roll", "to", '
        "a characteristic and its value such as Mg3, a number, a roll such as 4+, a rule's name, dice such as 2D6 or D3 or soft, hard or light",
    ),
]


@pytest.mark.parametrize(("question", "message"), SYNTAX)
def test_syntax_error(rulebase, question, message):
    with pytest.raises(CalcSyntaxError) as err:
        answer(rulebase, "last-edition", question)
    assert str(err.value) == message


def test_syntax_error_json(rulebase):
    with pytest.raises(CalcSyntaxError) as err:
        answer(rulebase, "t9a", "hit CS5 vs")
    assert err.value.to_json() == {
        "error": {"message": "the question ends too soon", "question": "hit CS5 vs", "column": 11, "expected": ['"cs"'], "did_you_mean": []}
    }


REFUSED = [
    ("whfb-house", "D3", "whfb-house rolls D6 (2D6 or 3D6 to flee), never a D3"),
    ("whfb-house", "2D6 maximised", "whfb-house does not define Maximised or Minimised rolls"),
    ("t9a", "hit CS5 vs CS5", "t9a does not define to-hit rolls by Combat Skill"),
    ("scrollhammer", "wound S4 vs T4", "scrollhammer does not define wound rolls by Strength against Toughness"),
    ("whfb-house", "save 2+/4+ AP-1", "whfb-house does not define armour saves"),
    ("last-edition", "2D6 maximised", "last-edition does not define Maximised or Minimised rolls"),
    ("last-edition", "unstable 10", "last-edition does not define Unstable"),
    ("t9a", "cover soft", "t9a does not define cover modifiers"),
    ("t9a", "bad luck pool 1 1", "t9a does not define the bad luck pool"),
    ("last-edition", "sniper", "last-edition does not define Sniper"),
    ("t9a", "3 attacks multiple wounds D3 then feel no pain", "t9a does not define Feel No Pain"),
    ("last-edition", "save 4+ AP-1", "an armour save in last-edition has two parts, such as 2+/4+ (last-edition/armor-save); give both"),
    (
        "last-edition",
        "save 4+/2+",
        "the second part of an armour save is the stronger part, worse than or equal to the first: 4+/2+ cannot be read",
    ),
    ("last-edition", "bad luck pool 1 7", "a die in the bad luck pool shows 1 to 6, not 7"),
    ("t9a", "2D6 maximised minimised", "t9a does not say how Maximised Roll and Minimised Roll combine on one roll"),
    ("t9a", "D3 maximised", "t9a states Maximised and Minimised Roll for D6 rolls; D3 is not one"),
    ("scrollhammer", "multiple wounds D3 clipped wings", "scrollhammer does not define Clipped Wings"),
    ("scrollhammer", "multiple wounds 2 vs hp 3", "scrollhammer does not define a Health Points cap for Multiple Wounds"),
    ("last-edition", "cover soft and hard",
     "last-edition defines soft cover only (terrain type 1), not hard cover: its terrain types 2 and 3 hinder or block vision"),
    ("whfb-house", "cover light", "whfb-house names a Light Cover modifier (forests, obstacles) but never gives its value"),
    ("whfb-house", "dangerous terrain cavalry impossible", 'the Dangerous Terrain Table gives no test ("-") for Cavalry in Impossible'),
    (
        "whfb-house",
        "dangerous terrain dragons lava",
        "name a troop type (Cavalry, Chariot, Fliers, Small Infantry, All fleeing units) and a terrain "
        "(Forest, Water, Obstacle, Impossible, Enemy) of the Dangerous Terrain Table; 'dragons lava' names no one entry",
    ),
    ("whfb-house", "dangerous terrain cavalry", "name a troop type (Cavalry, Chariot, Fliers, Small Infantry, All fleeing units) and a terrain "
     "(Forest, Water, Obstacle, Impossible, Enemy) of the Dangerous Terrain Table; 'cavalry' names no one entry"),
]


@pytest.mark.parametrize(("system", "question", "message"), REFUSED)
def test_refused(rulebase, system, question, message):
    with pytest.raises(Refusal) as err:
        answer(rulebase, system, question)
    assert err.value.message == message
    assert err.value.to_json() == {"error": {"message": message, "system": system, "question": question}}


def test_unknown_system_is_refused(rulebase):
    with pytest.raises(Refusal) as err:
        answer(rulebase, "warmaster", "sniper")
    assert str(err.value) == "error: calc knows no dice mechanics of warmaster (it knows last-edition, t9a, whfb-house, scrollhammer)"


def test_a_mistyped_word_gets_did_you_mean(rulebase) -> None:
    """An unknown word at the caret is offered the expected words close to it, as lookup offers names."""
    with pytest.raises(CalcSyntaxError) as caught:
        answer(rulebase, "t9a", "2D6 maximsed")
    assert str(caught.value).endswith("\ndid you mean maximised or minimised?")
    assert caught.value.to_json()["error"]["did_you_mean"] == ["maximised", "minimised"]
