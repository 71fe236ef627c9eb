"""The plain-data view of the project's rules, which the referee reads, made once per run."""

from __future__ import annotations

import pytest

from referee.build import Build
from referee.build.view import View


@pytest.fixture(scope="session")
def view(rulebase: Build) -> View:
    return View.of(rulebase)
