"""must-cannot-conflict: how actions compare, and the project's own rules_src.

On rules_src, reviewed against the documents: the glossary's Frenzy drops
the rulebook's "if possible" ("the whole unit must Declare a Charge this
Player Turn"), so it meets every rule that forbids declaring charges.  The
rulebook's Frenzy and Terror's "if able to do so" yield silently.
"""

from __future__ import annotations

import pytest

from referee.lint.checks.obligations import forbids, normal_action, specific
from referee.rulebase import Rulebase
from tests.lint.corpus import GLOSSARY, SYSTEMS, findings


@pytest.mark.parametrize(
    "prohibited, obliged, clash",
    [
        ("Declare Charges", "Declare a Charge", True),
        ("declare Charges", "Declare a Charge this Player Turn", True),
        ("Pursue", "Pursue", True),
        ("move normally", "move 12\"", False),
        ("Declare Flee as Charge Reaction", "declare a Charge", False),
        ("Declare a Charge this Player Turn", "Declare a Charge", False),
        ("fight", "fight the more immediate foe", False),
        ("flee as a charge reaction", "flee as its charge reaction", True),
    ],
)
def test_forbids(prohibited: str, obliged: str, clash: bool) -> None:
    assert forbids(prohibited, obliged) is clash


@pytest.mark.parametrize(
    "action, compared",
    [("Declare a Charge", True), ("Pursue", True), ("be placed", False), ("test", False), ("Go", False), ("", False)],
)
def test_specific(action: str, compared: bool) -> None:
    assert specific(action) is compared


def test_normal_action() -> None:
    assert normal_action("Declare the Charges") == ["declare", "charge"]
    assert normal_action("pass Break Tests") == ["pass", "break", "test"]


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
