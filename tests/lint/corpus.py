"""Helpers for the tests that lint the project's own rules_src.

The documents the findings point into, and how to pick findings out of a run:
by running one check over one system, or from the run of the text checks
(the ``text_result`` fixture of conftest.py).
"""

from __future__ import annotations

from referee.lint.context import LintContext
from referee.lint.finding import Finding
from referee.lint.registry import get
from referee.lint.run import LintResult
from referee.rulebase import Rulebase

SYSTEMS = ["last-edition", "scrollhammer", "t9a", "whfb-house"]
GLOSSARY = "t9a/army-builder-glossary-en-de.txt"
UNIVERSAL = "t9a/universal-rules.txt"
HOUSE = "whfb-house/house-rules-8th-edition.md"
WIKI = "scrollhammer/special-rules.wiki"
CORE = "last-edition/core-rules.md"
BASE_BOOK = "Warhammer: The Game of Fantasy Battles, 8th edition rulebook"

# The checks whose every finding on rules_src fixtures/text/corpus.txt lists.
TABLE_CODES = [
    "redefinition",
    "conflicting-definition",
    "reworded-definition",
    "duplicate-definition",
    "empty-rule",
    "unnamed-rule",
    "alias-mismatch",
    "mangled-text",
    "dangling-reference",
    "errata-target-missing",
]


def findings(rb: Rulebase, system: str, code: str) -> list[Finding]:
    """What the check of ``code`` finds in ``system`` (no waivers applied)."""
    return list(get(code)(LintContext(rb, system)))


def found(result: LintResult, code: str, file: str, line: int) -> list[Finding]:
    return [f for f in result.findings if (f.code, f.file, f.line) == (code, file, line)]


def one(result: LintResult, code: str, file: str, line: int) -> Finding:
    (finding,) = found(result, code, file, line)
    return finding
