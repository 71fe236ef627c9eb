"""unused-definition on the project's own rules_src, reviewed against the documents:
the special rules no other rule names (army books and datasheets, not in
the corpus, are their users), and rules that are used, or not checked, and
so stay quiet.
"""

from __future__ import annotations

import pytest

from referee.lint.checks.usage import coordinated, mentions
from referee.rulebase import Rulebase
from tests.lint.corpus import SYSTEMS, findings


UNUSED = {
    "scrollhammer": [
        "Acute Senses", "Atronach", "Autohit", "Backfire", "Barrage", "Bestial Instinct", "Blind", "Chill",
        "Command", "Critical Strike", "Deep Strike", "Dragonborn", "Ethereal", "Fleet of Foot", "Fleshbane",
        "Frenzy", "Furious Charge", "Invisibility", "Master-Crafted", "Monster Hunter", "Move Through Cover",
        "Night Eye", "Paralyze", "Physical God", "Rampage", "Scout", "Shred", "Slow", "Slow and Purposeful",
        "Sniper", "Soul Trap", "Split Fire", "Swarms", "Torrent", "Two-Handed", "Volley Fire",
    ],
    "t9a": [
        "Battle Standard Bearer", "Deafening Clamour", "Engineer", "Feigned Flight", "Frenzy", "Ghost Step",
        "Hidden", "Hold the Line", "Insignificant", "Massive Bulk", "Protean Magic", "Skirmisher",
        "Special Ambush", "Stand Behind", "Strider", "Supernal", "Swift Reform", "Terror", "Unbreakable",
        "Undead", "Wizard Conclave", "Distracting", "Ash Storm", "Divine Attacks",
        "Flaming Shot", "Move or Fire", "Big Brother", "Lightning Reflexes", "Soul Conduit",
        "Cannot be Stomped", "Fortitude", "Hatred", "Higher Calibre", "Mechanised Support", "Rage",
        "Tactician", "Theocratic Litigators", "Unbranded",
    ],
}  # fmt: skip


@pytest.mark.parametrize("system", SYSTEMS)
def test_unused_definition(rulebase: Rulebase, system: str) -> None:
    found = findings(rulebase, system, "unused-definition")
    assert sorted(f.term or "" for f in found) == sorted(UNUSED.get(system, []))
    assert all(f.severity == "info" for f in found)


@pytest.mark.parametrize(
    "system, name, why",
    [
        ("t9a", "Vanguard", "Scoring: 'A Vanguarding model loses Scoring'"),
        ("t9a", "Plate Armour", "equipment: '+3 Armor'"),
        ("t9a", "Halberd", "equipment: a Close Combat Weapon"),
        ("t9a", "Musician", "a stub: its text was lost"),
        ("t9a", "Matching Bases", "a sub-rule of Front Rank"),
        ("t9a", "Fear", "Terror grants it"),
        ("t9a", "Wizard Master", "Protean Magic: 'Wizard Apprentices, Adepts, and Masters'"),
        ("t9a", "Wizard Adept", "Wizard Conclave: 'the Spell Selection rules for Wizard Adepts'"),
        ("scrollhammer", "Infiltrate", "Scout: 'including Infiltrators'"),
        ("scrollhammer", "Silence", "Physical God: 'cannot be Silenced'"),
        ("scrollhammer", "Absorb", "a keyword family with a signature"),
        ("last-edition", "Objective security", "a keyword under 'Other keywords'"),
        ("whfb-house", "Volley Fire", "a section of errata to the base book"),
    ],
)
def test_not_reported_unused(rulebase: Rulebase, system: str, name: str, why: str) -> None:
    assert name not in {f.term for f in findings(rulebase, system, "unused-definition")}, why


@pytest.mark.parametrize(
    "name, text, named",
    [
        ("Vanguard", "A Vanguarding model loses Scoring.", True),
        ("Infiltrate", "including Infiltrators", True),
        ("Frenzy", "Frenzied units charge.", True),
        ("Matching Base", "Characters on Matching Bases are placed inside the unit.", True),
        ("Ability", "Special Abilities stack.", True),
        ("Wizard Master", "the Spell Selection rules for Wizard Apprentices, Adepts, and Masters.", True),
        ("Break Test", "the unit passes Panic and Break Tests.", True),
        ("Fear", "Units that are Fearless ignore Panic.", False),
        ("Slow", "terrain that would slow others", False),
        ("Wizard Master", "Wizard Apprentices and Adepts know one spell; Masters know two.", False),
    ],
)
def test_mentions(name: str, text: str, named: bool) -> None:
    assert mentions(name, text) is named


def test_coordinated_lists_written_in_full() -> None:
    assert list(coordinated("for Wizard Apprentices, Adepts, and Masters.")) == [
        "Wizard Apprentices", "Wizard Adepts", "Wizard Masters",
    ]  # fmt: skip
    assert list(coordinated("pass Panic, Fear and Break Tests")) == ["Panic Tests", "Fear Tests", "Break Tests"]
    assert list(coordinated("gains Tall and Exclusive")) == ["Tall", "Exclusive"]


def test_texts_filed_by_words_answer_as_asking_every_text() -> None:
    # unused-definition asks the texts filed under a name's words
    # (usage._Writings) where it asked every text: the answers must be the same,
    # for names of plain words, words with endings, hyphens, quotes and odd spacing.
    import random
    from types import SimpleNamespace

    from referee.lint.checks.usage import _Writings, _names, _stem
    from referee.text import fold

    names = [
        "Fear", "Ability", "Iron Guard", "Storm Ward of-the-north", "Kings' Guard", "Rock'n Roll",
        "Hit & Run", "Nachladen!", "Wizard Master", "Break Test", "Ward  Twice", "Fly",
    ]
    pieces = [
        "Fear", "Fearless", "Abilities", "Iron", "Guard", "Guards", "Iron\tGuard", "Storm Ward of-the-north",
        "Storm Ward of the north", "Kings' Guard", "Kings'Guard", "Rock'n Roll", "Hit & Run", "Nachladen!",
        "Nachladen", "Wizard Apprentices, Adepts, and Masters", "Panic and Break Tests", "Ward  Twice",
        "Ward Twice", "-Fear", "with", "models", ",", ".", "\n",
    ]
    rnd = random.Random(7)
    rules = [
        SimpleNamespace(
            id=f"demo/r{i}",
            names=[names[i % len(names)]],
            versions=[SimpleNamespace(text=" ".join(rnd.choices(pieces, k=rnd.randint(0, 6)))) for _ in range(2)],
        )
        for i in range(60)
    ]
    writings = _Writings(SimpleNamespace(rules=rules))
    answers = []
    for rule in rules:
        every_text = any(
            _names(fold(name), _stem(name), version.text)
            for other in rules
            if other.id != rule.id
            for version in other.versions
            for name in rule.names
            if len(name) > 2
        )
        assert writings.mention(rule) is every_text, rule.names
        answers.append(every_text)
    assert True in answers and False in answers
