"""Fixtures of the lint tests."""

from __future__ import annotations

import pytest

from referee.store.record import Build
from referee.lint.run import LintResult, lint
from tests.conftest import RULES_SRC
from tests.lint.corpus import TABLE_CODES


@pytest.fixture(scope="session")
def text_result(rulebase: Build) -> LintResult:
    """The text checks over every system of rules_src, waivers applied (the
    manifests read from rules_src, for findings about them)."""
    return lint(rulebase, None, TABLE_CODES, rules_src=str(RULES_SRC))
