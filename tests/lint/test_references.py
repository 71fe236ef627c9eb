"""undefined-reference on the project's own rules_src, reviewed against the documents.

t9a names four rules of its army books that neither of its documents defines
(Infernal Brand twice, Otherworldly, Academy Training), the Regeneration rule
its extraction lost, and the Musician's March to the Beat; the WHFB house
rules name two rules of the base book.  Names such as Hard Target, Magical
Attacks, Clipped Wings ("If Clipped Wings is stated ..." in Multiple Wounds),
Unit Spacing (a core term) or Maximised (an alias) are defined and stay quiet.
How names are read is tested in test_terms.py.
"""

from __future__ import annotations

import pytest

from referee.rulebase import Rulebase
from tests.lint.corpus import GLOSSARY, HOUSE, SYSTEMS, UNIVERSAL, findings


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
