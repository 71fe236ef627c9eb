"""``referee shell`` without a terminal: one command per line of stdin, answered in turn."""

from __future__ import annotations

import io
import os

import pytest

from referee.cli import commands as cli
from referee.shell.loop import history_file, read_lines
from referee.shell.session import Session

SYSTEMS = "last-edition, scrollhammer, t9a, whfb-house"
FLAGS = "charging, not-charging, charged, first-round, first-turn, melee, shooting, fleeing, on-foot, mounted, moved"


def test_lines_are_answered_in_turn_and_the_gravest_status_returned(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["me Halberd, Shield\n", "\n", "when melee\n", "frobnicate\n", "resolve\n", "lookup Fearr\n"]
    assert read_lines(session, lines) == 2
    out, err = capsys.readouterr()
    assert out.startswith("me: Halberd, Shield\n\nwhen: melee\n\n\nRuling (t9a): Halberd, Shield, when melee\n")
    assert err == (
        "referee: error: unknown command 'frobnicate' (help lists the commands)\n"
        "referee: no rule named 'Fearr' in t9a; did you mean Fear (t9a/fear)?\n"
    )


@pytest.mark.parametrize(("lines", "code"), [(["state"], 0), (["lookup Fearr", "state"], 1), (["lookup Fearr", "when x"], 2)])
def test_the_status_is_the_gravest_line(session: Session, lines: list[str], code: int) -> None:
    assert read_lines(session, lines) == code


def test_quit_ends_the_lines(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    assert read_lines(session, ["quit", "frobnicate"]) == 0
    assert capsys.readouterr() == ("", "")


def test_the_cli_reads_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("me Fear\nvs Fear\nresolve\n"))
    assert cli.main(["shell", "--system", "T9A"]) == 0
    out = capsys.readouterr().out
    assert "Ruling (t9a): Fear against Fear\n" in out
    assert "Models that have Fear themselves are immune to the effects of Fear." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["shell", "--system", "nowhere"], f"referee: error: unknown system 'nowhere' (known: {SYSTEMS})"),
        (["shell", "--vs", "Fear"], "referee shell: unrecognized arguments: --vs Fear"),  # said by the command (issue 23)
    ],
)
def test_bad_arguments_are_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("state\n"))
    assert cli.main(argv) == 2
    assert capsys.readouterr().err.splitlines()[-1] == message


def test_the_history_lives_in_the_users_state_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert history_file() == os.path.join(tmp_path, "referee", "shell-history")
    assert os.path.isdir(os.path.join(tmp_path, "referee"))


def _json_lines(text: str) -> list[dict[str, object]]:
    import json

    return [json.loads(line) for line in text.splitlines()]


def test_json_is_one_object_per_answer(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["me Fear", "", "vs Fear", "lookup Hellebarde", "resolve", "calc 2D6 maximised", "help state", "lookup Fearr", "search xyzzyq", "when sneaking", "calc 2D6 by"]
    assert read_lines(session, lines, as_json=True) == 2
    out = _json_lines(capsys.readouterr().out)
    assert [o["line"] for o in out] == [line for line in lines if line]
    table = {"system": "t9a", "me": {"kind": "keywords", "said": "Fear"}, "vs": {"kind": "keywords", "said": "Fear"}, "when": []}
    assert out[1] == {"line": "vs Fear", "answer": table}
    assert out[2]["answer"]["query"] == "Hellebarde" and [r["id"] for r in out[2]["answer"]["results"]] == ["t9a/halberd"]
    assert [r["principle"] for r in out[3]["answer"]["rulings"]][:1] == ["immunity"]
    assert out[4]["answer"]["system"] == "t9a" and out[4]["answer"]["question"] == "2D6 maximised"
    assert out[5] == {"line": "help state", "answer": {"commands": [{"name": "state", "usage": "", "help": "what is on the table: system, me, vs, when"}]}}
    assert out[6] == {"line": "lookup Fearr", "error": {"message": "no rule named 'Fearr' in t9a; did you mean Fear (t9a/fear)?", "status": 1}}
    assert out[7] == {
        "line": "search xyzzyq",
        "error": {"message": "nothing found for 'xyzzyq' in t9a", "status": 1},
        "answer": {"query": "xyzzyq", "system": "t9a", "results": [], "did_you_mean": None},
    }
    assert out[8] == {
        "line": "when sneaking",
        "error": {"message": f"unknown situation flag 'sneaking' for --when (known: {FLAGS}; or a word t9a's rules condition on)\nthe situation stays: no situation flags",
                  "file": None, "line": None, "status": 2},
    }
    assert set(out[9]["error"]) == {"message", "question", "column", "expected", "did_you_mean", "status"}  # calc's own error shape


def test_the_cli_answers_in_json(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("state\n"))
    assert cli.main(["shell", "--json"]) == 0
    assert _json_lines(capsys.readouterr().out) == [{"line": "state", "answer": {"system": None, "me": None, "vs": None, "when": []}}]
