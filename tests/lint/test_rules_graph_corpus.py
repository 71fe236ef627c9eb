"""The graph checks on the project's own rules_src, reviewed against the documents.

Every expectation here was checked by reading the rule text it cites:

- undefined-reference: t9a names four rules of its army books that neither of
  its documents defines (Infernal Brand twice, Otherworldly, Academy
  Training), the Regeneration rule its extraction lost, and the Musician's
  March to the Beat; the WHFB house rules name two rules of the base book.
  Names such as Hard Target, Magical Attacks, Clipped Wings ("If Clipped
  Wings is stated ..." in Multiple Wounds), Unit Spacing (a core term) or
  Maximised (an alias) are defined and stay quiet.
- must-cannot-conflict: the glossary's Frenzy drops the rulebook's "if
  possible" ("the whole unit must Declare a Charge this Player Turn"), so it
  meets every rule that forbids declaring charges.  The rulebook's Frenzy and
  Terror's "if able to do so" yield silently.
- bad-parameters and grant-cycle: none; every parametrised use fits, and no
  grants loop.
- unused-definition: the special rules no other rule names (army books and
  datasheets, not in the corpus, are their users).
"""

from __future__ import annotations

import pytest

from referee.lint import rules_graph
from referee.lint.context import LintContext
from referee.lint.finding import Finding
from referee.rulebase import Rulebase

SYSTEMS = ["last-edition", "scrollhammer", "t9a", "whfb-house"]
GLOSSARY = "t9a/army-builder-glossary-en-de.txt"
UNIVERSAL = "t9a/universal-rules.txt"
HOUSE = "whfb-house/house-rules-8th-edition.md"


def findings(rb: Rulebase, system: str, code: str) -> list[Finding]:
    return list(getattr(rules_graph, code.replace("-", "_"))(LintContext(rb, system)))


UNDEFINED = {
    "t9a": [
        ("t9a/deafening-clamour", "March to the Beat", UNIVERSAL, 41),
        ("t9a/flaming-attacks", "Regeneration", GLOSSARY, 283),
        ("t9a/magical-attacks", "Otherworldly", GLOSSARY, 287),
        ("t9a/mechanised-support", "Infernal Brand", GLOSSARY, 622),
        ("t9a/tactician", "Academy Training", GLOSSARY, 688),
        ("t9a/unbranded", "Infernal Brand", GLOSSARY, 700),
    ],
    "whfb-house": [
        ("whfb-house/general-s-leadership", "Large Target", HOUSE, 174),
        ("whfb-house/hills", "Large Target", HOUSE, 73),
        ("whfb-house/stomp-thunder-stomp", "Always Strike Last", HOUSE, 262),
    ],
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_undefined_reference(rulebase: Rulebase, system: str) -> None:
    got = sorted((f.rule, f.term, f.file, f.line) for f in findings(rulebase, system, "undefined-reference"))
    assert got == sorted(UNDEFINED.get(system, []))


def test_undefined_reference_messages(rulebase: Rulebase) -> None:
    by_rule = {f.rule: f.message for f in findings(rulebase, "t9a", "undefined-reference")}
    assert by_rule["t9a/mechanised-support"] == "'Infernal Brand' is used here but no rule of t9a defines it"
    house = {f.rule: f.message for f in findings(rulebase, "whfb-house", "undefined-reference")}
    assert house["whfb-house/hills"].endswith("if it is a rule of the base book, add it to core_terms in whfb-house/system.toml")


# (obligation's rule, its line, the prohibiting rule, the prohibition's line)
CONFLICTS = {
    "t9a": [
        ("t9a/frenzy", 502, "t9a/random-movement", 243),
        ("t9a/frenzy", 502, "t9a/scout", 276),
        ("t9a/frenzy", 502, "t9a/vanguard", 376),
        ("t9a/frenzy", 502, "t9a/war-machine", 380),
    ],
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_must_cannot_conflict(rulebase: Rulebase, system: str) -> None:
    found = findings(rulebase, system, "must-cannot-conflict")
    got = sorted((f.rule, f.line, f.related[0].rule, f.related[0].line) for f in found)
    assert got == CONFLICTS.get(system, [])
    assert all(f.file == GLOSSARY and f.term == "Declare a Charge" for f in found)


def test_the_rulebooks_frenzy_yields_if_possible(rulebase: Rulebase) -> None:
    lines = {f.line for f in findings(rulebase, "t9a", "must-cannot-conflict")}
    assert 81 not in lines and 91 not in lines  # "... this Player Turn if possible."


@pytest.mark.parametrize("system", SYSTEMS)
def test_bad_parameters(rulebase: Rulebase, system: str) -> None:
    assert findings(rulebase, system, "bad-parameters") == []


def test_bad_parameters_has_signatures_to_check(rulebase: Rulebase) -> None:
    """The quiet result is not for want of input: scrollhammer's uses meet their signatures."""
    from referee.keywords import parse
    from referee.keywords.corpus import keyword_strings

    ctx = LintContext(rulebase, "scrollhammer")
    checked = [
        use.name
        for found in keyword_strings(rulebase, "scrollhammer")
        if found.kind == "use"
        for use in parse(found.text)
        if use.name and any(r.params for r in rulebase.lookup(use.name, system="scrollhammer"))
    ]
    assert {"Stealth", "Absorb Magicka", "Poisoned", "Multiple Wounds"} <= set(checked)
    assert ctx.rules


@pytest.mark.parametrize("system", SYSTEMS)
def test_grant_cycle(rulebase: Rulebase, system: str) -> None:
    assert findings(rulebase, system, "grant-cycle") == []


def test_grant_cycle_has_grants_to_check(rulebase: Rulebase) -> None:
    grants = [r for r in rulebase.graph.relations["t9a"] if r.kind == "grants" and r.target]
    assert ("t9a/fly", "t9a/light-troops") in {(r.source, r.target) for r in grants}


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
        "Undead", "Wizard Master", "Wizard Conclave", "Distracting", "Ash Storm", "Divine Attacks",
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
        ("scrollhammer", "Infiltrate", "Scout: 'including Infiltrators'"),
        ("scrollhammer", "Silence", "Physical God: 'cannot be Silenced'"),
        ("scrollhammer", "Absorb", "a keyword family with a signature"),
        ("last-edition", "Objective security", "a keyword under 'Other keywords'"),
        ("whfb-house", "Volley Fire", "a section of errata to the base book"),
    ],
)
def test_not_reported_unused(rulebase: Rulebase, system: str, name: str, why: str) -> None:
    assert name not in {f.term for f in findings(rulebase, system, "unused-definition")}, why
