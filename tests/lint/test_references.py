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


def test_names_in_lists_near_misses_and_whole_names(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Every item of a list that names a rule is judged ("Eternal Warrior, and
    Feel No Pian" after "a 2+ Ward Save"); a near miss of a defined name says
    which, with the edit; an unknown name is reported whole ("Blood Frenzy",
    not "Blood" before the defined Frenzy), and the core_terms advice of a
    book's errata is given only when nothing close is defined."""
    from referee.store.record import assemble
    from referee.lint.context import LintContext
    from referee.lint.registry import get
    from tests.conftest import write_system

    manifest = (
        'id = "demo"\ntitle = "Demo"\n[[documents]]\npath = "house.md"\nformat = "markdown"\nrole = "errata"\n'
        'base_book = "The Book"\n'
    )
    text = (
        "## Feel No Pain\n\nRoll a D6 for each wound.\n\n## Frenzy\n\nOne more attack.\n\n## Fear\n\nTest to charge.\n\n"
        "## Daemon\n\nIt has a 2+ Ward Save, Frenzy, Eternal Warrior, and Feel No Pian. Models with Faer and "
        "Blood Frenzy flee.\n"
    )
    src = write_system(tmp_path, "demo", manifest, {"house.md": text})
    found = get("undefined-reference")(LintContext(assemble(src), "demo", str(src)))
    assert [(f.term, f.line, f.column, f.message) for f in found] == [
        ("Eternal Warrior", 15, 32, "'Eternal Warrior' is used here but no rule of demo defines it; "
         "if it is a rule of the base book, add it to core_terms in demo/system.toml"),
        ("Feel No Pian", 15, 53, "'Feel No Pian' is used here but no rule of demo defines it; "
         "did you mean 'Feel No Pain'? (Pian → Pain)"),
        ("Faer", 15, 79, "'Faer' is used here but no rule of demo defines it; did you mean 'Fear'? (Faer → Fear)"),
        ("Blood Frenzy", 15, 88, "'Blood Frenzy' is used here but no rule of demo defines it; "
         "if it is a rule of the base book, add it to core_terms in demo/system.toml"),
    ]


def test_a_name_beside_a_rule_only_as_a_near_miss(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from referee.store.record import assemble
    from referee.lint.context import LintContext
    from referee.lint.registry import get
    from tests.conftest import write_system

    manifest = 'id = "demo"\ntitle = "Demo"\n[[documents]]\npath = "rules.txt"\nformat = "rules-list"\nrole = "universal"\n'
    text = "Fear\n\nTest to charge.\n\nTerror\n\nFlee.\n\nHatred\n\nThey test for Fear and Terorr, and for Fear or Panic.\n"
    src = write_system(tmp_path, "demo", manifest, {"rules.txt": text})
    found = get("undefined-reference")(LintContext(assemble(src), "demo", str(src)))
    assert [(f.term, f.column) for f in found] == [("Terorr", 24)]


def test_names_inside_a_remark_in_brackets(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A remark in brackets is one token to the rule graph's reader; the names in
    keyword position inside it are judged all the same."""
    from referee.store.record import assemble
    from referee.lint.context import LintContext
    from referee.lint.registry import get
    from tests.conftest import write_system

    manifest = 'id = "demo"\ntitle = "Demo"\n[[documents]]\npath = "rules.txt"\nformat = "rules-list"\nrole = "universal"\n'
    text = (
        "Scout\n\nDeploy later.\n\nVanguard\n\n"
        "After Deployment (including units with Ancient Grudge), models with Vanguard move (such as Scout, Sceut and Fly).\n"
    )
    src = write_system(tmp_path, "demo", manifest, {"rules.txt": text})
    found = get("undefined-reference")(LintContext(assemble(src), "demo", str(src)))
    assert [(f.term, f.column) for f in found] == [("Ancient Grudge", 40), ("Sceut", 99), ("Fly", 109)]
