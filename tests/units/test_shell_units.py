"""The shell's table takes units of army data: ``me unit NAME`` / ``vs unit NAME``, completed by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.shell.completion import candidates
from referee.shell.loop import read_lines
from referee.shell.session import Session


@pytest.fixture(scope="module")
def session(rules_src: Path) -> Session:
    return Session.open(str(rules_src), "demo")


def test_me_unit_then_resolve_names_the_unit(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["me unit wraith lord", "vs unit Ghost", "state", "resolve"]
    assert read_lines(session, lines) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("me: unit Wräith Lord (Rival Army, demo/rivals.cat:17)\n\nvs: unit Ghost (Demo Army, demo/demo-army.cat:33)\n")
    assert "Ruling (demo): Wräith Lord (Rival Army) against Ghost (Demo Army)\nYou: Fear\nNot ruled on: Ethereal (Ghost" in out


def test_state_as_json_keeps_the_unit(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    assert read_lines(session, ["me unit Ghost", "state"], as_json=True) == 0
    state = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert state["answer"]["me"] == {
        "kind": "unit", "said": "Ghost", "army": "Demo Army", "source": {"file": "demo/demo-army.cat", "line": 33, "column": 5}
    }


def test_an_unknown_or_shared_unit_is_an_error_and_leaves_the_table(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    before = session.table
    assert read_lines(session, ["me unit Spearman", "vs unit Spearmen", "me unit"]) == 2
    assert capsys.readouterr().err == (
        "referee: error: me unit: no unit named 'Spearman' in demo; did you mean Spearmen?\n"
        "referee: error: vs unit: 'Spearmen' names units of 2 armies of demo: Demo Army (demo/demo-army.cat:9); "
        "Rival Army (demo/rivals.cat:4); give --army NAME\n"
        "referee: error: give a unit's name, as its army data writes it\n"
    )
    assert session.table == before


def test_unit_names_complete(session: Session) -> None:
    assert candidates(session, "me unit sp") == (["Spearmen"], 2)
    assert candidates(session, "vs unit ") == (["Ghost", "Spearmen", "Wräith Lord"], 0)
    assert candidates(session, "me Fe") == (["Fear"], 2)
