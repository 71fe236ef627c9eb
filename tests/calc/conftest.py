"""The BattleScribe samples imported as t9a-bsdata, for calc's tests: the game system alone
(``bsdata``) and with the High Born Elves catalogue (``bsdata_elves``); skipped with one line
where the samples are not on the machine."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli.commands import main
from referee.store.record import assemble

GAME = Path("/work/shared/bsdata/2nd-theNinthAge-FantasyBattles.gst")
ELVES = GAME.with_name("2nd-highbornElves.cat")


def _imported(into: Path, *files: Path):
    if not all(f.exists() for f in files):
        pytest.skip("no BattleScribe sample on this machine")
    assert main(["import", "battlescribe", *map(str, files), "--system", "t9a-bsdata", "--into", str(into), "--json"]) == 0
    return assemble(into)


# once a run, not once a module: seven modules read them (about 0.25 s an import), and none changes what it is handed
@pytest.fixture(scope="session")
def bsdata(tmp_path_factory: pytest.TempPathFactory):
    return _imported(tmp_path_factory.mktemp("bsdata"), GAME)


@pytest.fixture(scope="session")
def bsdata_elves(tmp_path_factory: pytest.TempPathFactory):
    return _imported(tmp_path_factory.mktemp("bsdata"), GAME, ELVES)
