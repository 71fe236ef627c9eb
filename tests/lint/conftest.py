"""Fixtures of the lint tests."""

from __future__ import annotations

import pytest

from referee.store.record import Build
from referee.lint import stored
from referee.lint.run import LintResult
from tests.conftest import RULES_SRC
from tests.lint.corpus import TABLE_CODES


@pytest.fixture(scope="session")
def text_result(rulebase: Build) -> LintResult:
    """The text checks over every system of rules_src, waivers applied (the
    manifests read from rules_src, for findings about them), as ``referee lint`` reads them:
    cut from the build's findings the store keeps, linted once a run for every test that
    lints rules_src, in any worker (tests/lint/test_stored.py holds the cut to linting anew)."""
    return stored.lint(rulebase, None, TABLE_CODES, rules_src=str(RULES_SRC))
