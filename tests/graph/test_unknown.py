"""Names in keyword position the system does not define (referee.graph.unknown): what
lint's undefined-reference judges.  Known names (NAME) end or continue a list but are
never reported; a capitalised word anywhere else is not a use of a rule."""

from __future__ import annotations

import pytest

from referee.graph.lexer import Names, lex
from referee.graph.unknown import unknown_names

KNOWN = {name.lower(): [f"x/{name.lower().replace(' ', '-')}"] for name in
         ("Fly", "Light Troops", "Hit and Run", "Flammable", "Fear", "Pinning", "Channel", "Sniper", "Exclusive")}
CORE = ["Discipline", "Round of Combat"]

# sentence -> the unknown names found in it, in order
CASES = [
    ("The model gains Light Troops and Swiftstride.", ["Swiftstride"]),
    ("Units with Light Troops gain March and Shoot.", ["March", "Shoot"]),  # "and" separates: a known "March and Shoot" would be one NAME
    ("A unit with Hit and Run and Ambush may leave.", ["Ambush"]),
    ("It interacts with other rules, such as Flammable and Regeneration.", ["Regeneration"]),
    ("Some creatures, such as Trolls, regenerate.", []),
    ("Models that are immune to the effects of Fear and Terror flee.", ["Terror"]),
    ("Sniper weapons have the Pinning and Rending special rules.", ["Rending"]),
    ("Models on hill see like units with Large Target special rule.", ["Large Target"]),
    ("A General with the Large Target rule has a longer range.", ["Large Target"]),
    ("A Stomp has Always Strike Last special rule.", ["Always Strike Last"]),
    ("Units with Sniper gain Stealth (+1) and Infiltrate.", ["Stealth", "Infiltrate"]),
    ("The range of Academy Training is increased to 12\".", ["Academy Training"]),
    ("The range of the model's March to the Beat is extended.", ["March to the Beat"]),
    ("The model gains Exclusive (Chariot) and Stomp (D6).", ["Stomp"]),
    ("It arrives as Reinforcement (Dawn Assault) or Ambusher.", []),
    ("Skirmishers have a Front, two Flanks and a Rear.", []),
    ("Sometimes rules are only beneficial to unmodified rolls.", []),
    ("Roll a D6 for each Model in the Round of Combat.", []),
    ("A unit with Fly may use Flying Movement.", []),
    ("Units that are Fearless never flee.", ["Fearless"]),
    ("Attacks made with a Halberd gain +1 Strength.", ["Halberd"]),
    ("Its rolls are subject to Maximised Roll.", ["Maximised Roll"]),
    ("A unit that causes Terror is feared.", ["Terror"]),
    ("The model gains Fly and Not a Laeder.", ["Not a Laeder"]),  # a capital "Not" inside a sentence opens a name
    ("Not all Models flee.", []),  # at a sentence's start it says nothing
    ("Having Fly, and having Chraiot does not prevent it.", ["Chraiot"]),
    ("Having lost the combat, the Unit flees.", []),
]


@pytest.mark.parametrize(("sentence", "expected"), CASES, ids=[c[0][:40] for c in CASES])
def test_unknown_names(sentence: str, expected: list[str]) -> None:
    found = unknown_names(lex(sentence, Names(KNOWN, CORE, "x/beast"), []))
    assert [name for name, _offset, _position in found] == expected


def test_offsets_point_at_the_name() -> None:
    sentence = "A Stomp has Always Strike Last special rule."
    [(name, offset, position)] = unknown_names(lex(sentence, Names(KNOWN, CORE, "x/beast"), []))
    assert sentence[offset : offset + len(name)] == name and position == "list"


def test_the_build_keeps_them_on_their_sentence(rulebase) -> None:  # type: ignore[no-untyped-def]
    [sentence] = [s for s in rulebase.graph.sentences["whfb-house"] if s.unknown and s.rule == "whfb-house/stomp-thunder-stomp"]
    assert [name for name, _, _ in sentence.unknown] == ["Always Strike Last"]
