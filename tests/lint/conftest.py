"""Fixtures of the lint tests."""

from __future__ import annotations

import pytest

from referee.lint.run import LintResult, lint
from referee.rulebase import Rulebase
from tests.lint.corpus import TABLE_CODES


@pytest.fixture(scope="session")
def text_result(rulebase: Rulebase) -> LintResult:
    """The text checks over every system of rules_src, waivers applied."""
    return lint(rulebase, None, TABLE_CODES)
