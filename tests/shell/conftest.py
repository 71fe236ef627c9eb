"""A shell session over the real rules, loaded once per run; each test gets a fresh table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.store.record import Build
from referee.shell.session import Session
from referee.shell.table import Table
from tests.conftest import RULES_SRC


@pytest.fixture(scope="session")
def loaded(rulebase: Build) -> Session:
    from referee.calc import Rulebook
    from referee.search.index import open_index
    from referee.store.load import open_rules

    src = str(RULES_SRC)
    return Session(src, rulebase, open_rules(src), Rulebook.of(rulebase), open_index(src, lambda: rulebase))


@pytest.fixture
def session(loaded: Session) -> Session:
    """The loaded readers with an empty table at t9a (a test's `me`, `vs`, `when` stay its own)."""
    return replace(loaded, table=Table("t9a"))
