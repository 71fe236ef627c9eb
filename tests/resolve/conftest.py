"""The store of the project's rules, which the referee reads, opened once per run."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli.commands import main

from referee.store.load import open_rules
from referee.store.record import Build
from referee.store.rows import Stored
from tests.conftest import RULES_SRC


@pytest.fixture(scope="session")
def view(rulebase: Build) -> Stored:
    return open_rules(RULES_SRC)


@pytest.fixture(scope="session")
def bsdata_t9a(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The BattleScribe sample of the Ninth Age's game system file, imported as a system of its own ("t9a"), built once per run."""
    into = tmp_path_factory.mktemp("bsdata")
    gst = Path("/work/shared/bsdata/2nd-theNinthAge-FantasyBattles.gst")
    assert main(["import", "battlescribe", str(gst), "--system", "t9a", "--into", str(into), "--json"]) == 0
    return open_rules(into).whole()
