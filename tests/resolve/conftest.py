"""The store of the project's rules, which the referee reads, opened once per run."""

from __future__ import annotations

import pytest

from referee.store.load import open_rules
from referee.store.record import Build
from referee.store.rows import Stored
from tests.conftest import RULES_SRC


@pytest.fixture(scope="session")
def view(rulebase: Build) -> Stored:
    return open_rules(RULES_SRC)
