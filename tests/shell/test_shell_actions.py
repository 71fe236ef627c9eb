"""The shell's command table, in process, over the real rules: answers, the table state, errors."""

from __future__ import annotations

import pytest

from referee.cli import commands as cli
from referee.shell.actions import ACTIONS, BY_NAME, Quit, Unanswered, perform, split_line
from referee.shell.session import Session
from referee.shell.table import Side, Table

FLAGS = "charging, not-charging, charged, first-round, first-turn, melee, shooting, fleeing, on-foot, mounted, moved"
SYSTEMS = "last-edition, scrollhammer, t9a, whfb-house"

# line -> (the one line printed, exit status): every message the shell words itself
ERRORS = [
    ("frobnicate", "referee: error: unknown command 'frobnicate' (help lists the commands)", 2),
    ("help frobnicate", "referee: error: unknown command 'frobnicate' (help lists the commands)", 2),
    ("lookup Fearr", "referee: no rule named 'Fearr' in t9a; did you mean Fear (t9a/fear)?", 1),
    ("show Fearr", "referee: no rule named 'Fearr' in t9a", 1),
    ("explain Fearr", "referee: no rule named 'Fearr' in t9a", 1),
    ("show Heavy", "referee: no rule named 'Heavy' in t9a", 1),
    ("search xyzzyq", "referee: nothing found for 'xyzzyq' in t9a", 1),
    ("show", "referee: error: give a rule's id, name or alias", 2),
    ("lookup \u200b", "referee: error: give a rule's name, alias or id", 2),
    ("calc", 'referee: error: give a dice question ("2D6 maximised", "hit CS5 vs CS4 then wound S4 vs T4")', 2),
    ("me", "", 0),  # no keywords: shows the table
    ("me \u200b", "referee: error: give KEYWORDS (a keyword string), or - to clear", 2),
    ("when charging not-charging", "referee: error: --when charging and --when not-charging cannot both hold\nthe situation stays: melee", 2),
    ("resolve Feer", "referee: error: KEYWORDS: unknown rule 'Feer' in t9a at column 4\n    Feer\n    ~~~^\ndid you mean Fear (t9a/fear)?", 2),
    ("vs Fear, Feer", "referee: error: --vs: unknown rule 'Feer' in t9a at column 10\n    Fear, Feer\n          ~~~^\ndid you mean Fear (t9a/fear)?", 2),
    ("vs Stealth", "referee: error: --vs: unknown rule 'Stealth' in t9a at column 7\n    Stealth\n    ~~~~~~^", 2),  # nothing near: no guess
    ("system nowhere", f"referee: error: unknown system 'nowhere' (known: {SYSTEMS})", 2),
    ("when sneaking", f"referee: error: unknown situation flag 'sneaking' for --when (known: {FLAGS}; or a word t9a's rules condition on)\nthe situation stays: melee", 2),
]

# line -> the CLI call that must say the same (the messages of search, resolve and calc, worded there)
AS_THE_CLI = [
    ("lookup Fearr", ["lookup", "Fearr", "-s", "t9a"]),
    ("search xyzzyq", ["search", "xyzzyq", "-s", "t9a"]),
    ("show Heavy", ["show", "Heavy", "-s", "t9a"]),
    ("explain Fearr", ["explain", "Fearr", "-s", "t9a"]),
    ("system nowhere", ["lookup", "Fear", "-s", "nowhere"]),
    ("me Halberd, (Shield", ["resolve", "Halberd, (Shield", "-s", "t9a"]),
    ("resolve Halberd, (Shield", ["resolve", "Halberd, (Shield", "-s", "t9a"]),
    ("vs Fear)", ["resolve", "Fear", "--vs", "Fear)", "-s", "t9a"]),
    ("calc hit CS5 vs CS4", ["calc", "-s", "t9a", "hit CS5 vs CS4"]),
    ("calc 2D6 maximised by the wind", ["calc", "-s", "t9a", "2D6 maximised by the wind"]),
]


def said(session: Session, line: str) -> tuple[str, int]:
    try:
        perform(session, line)
    except Unanswered as err:
        return str(err), err.code
    return "", 0


@pytest.mark.parametrize(("line", "message", "code"), ERRORS, ids=[e[0] for e in ERRORS])
def test_an_error_is_one_message_and_the_table_stands(session: Session, line: str, message: str, code: int) -> None:
    session.table = Table("t9a", Side.of_keywords("Halberd"), None, ("melee",))
    before = session.table
    assert said(session, line) == (message, code)
    assert session.table == before


@pytest.mark.parametrize(("line", "argv"), AS_THE_CLI, ids=[e[0] for e in AS_THE_CLI])
def test_an_error_reads_as_the_cli_says_it(session: Session, capsys: pytest.CaptureFixture[str], line: str, argv: list[str]) -> None:
    code = cli.main(argv)
    cli_says = capsys.readouterr().err.rstrip("\n")
    assert code == 2 or cli_says.startswith("referee: no") or cli_says.startswith("referee: nothing")  # an error, not an answer
    session.table = before = Table("t9a", Side.of_keywords("Halberd"), None, ("melee",))
    assert said(session, line) == (cli_says, code)
    assert session.table == before


def test_resolve_needs_a_side(session: Session) -> None:
    message = "referee: error: resolve needs a side: give `me KEYWORDS` or `vs KEYWORDS` first, or `resolve KEYWORDS`"
    assert said(session, "resolve") == (message, 2)


def test_resolve_with_only_the_opponent_rules_on_their_rules(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    session.table = Table("t9a", None, Side.of_keywords("Magic Resistance (2), Magic Resistance (3)"), ())
    perform(session, "resolve")
    assert capsys.readouterr().out.startswith("Ruling (t9a): no rules of yours against Magic Resistance (2), Magic Resistance (3)\n")


def test_without_a_system_resolve_and_calc_ask_for_one(session: Session) -> None:
    session.table = Table()
    wanted = f"needs a system: give `system ID` (one of: {SYSTEMS})"
    assert said(session, "resolve Fear") == (f"referee: error: resolve {wanted}", 2)
    assert said(session, "calc 2D6") == (f"referee: error: calc {wanted}", 2)
    assert said(session, "me Fear") == (f"referee: error: me {wanted}", 2)


def test_state_is_set_once_and_shown(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    for line in ("me Halberd, Shield", "vs Fear", "when melee, charging"):
        perform(session, line)
    assert capsys.readouterr().out == "me: Halberd, Shield\nvs: Fear\nwhen: melee, charging\n"
    perform(session, "state")
    assert capsys.readouterr().out.splitlines() == [
        "        on the table",
        "system  t9a",
        "me      Halberd, Shield",
        "vs      Fear",
        "when    melee, charging",
    ]
    assert session.table.to_json() == {
        "system": "t9a",
        "me": {"kind": "keywords", "said": "Halberd, Shield"},
        "vs": {"kind": "keywords", "said": "Fear"},
        "when": ["melee", "charging"],
    }


def test_a_dash_clears(session: Session) -> None:
    for line in ("me Halberd", "vs Fear", "when melee", "me -", "vs -", "when -"):
        perform(session, line)
    assert session.table == Table("t9a")


def test_resolve_reads_the_table(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    for line in ("me Halberd, Shield", "when melee"):
        perform(session, line)
    capsys.readouterr()
    perform(session, "resolve")
    out = capsys.readouterr().out
    assert out.startswith("Ruling (t9a): Halberd, Shield, when melee\n")
    assert "Shield cannot be used together with Halberd." in out


def test_resolve_keywords_stand_in_for_me_this_once(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    for line in ("me Halberd, Shield", "vs Fear"):
        perform(session, line)
    capsys.readouterr()
    perform(session, "resolve Fear")
    assert capsys.readouterr().out.startswith("Ruling (t9a): Fear against Fear\n")
    assert session.table.me == Side.of_keywords("Halberd, Shield")


def test_answers_are_the_cli_answers(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    """The shell prints with the CLI's own renderers: the same question, the same text."""
    pairs = [
        ("lookup Hellebarde", ["lookup", "Hellebarde", "-s", "t9a"]),
        ("show Fear", ["show", "Fear", "-s", "t9a"]),
        ("explain Fly", ["explain", "Fly", "-s", "t9a"]),
        ("search mulitple wounds", ["search", "mulitple wounds", "-s", "t9a"]),
        ("calc 2D6 maximised", ["calc", "-s", "t9a", "2D6 maximised"]),
        ("resolve Fear", ["resolve", "Fear", "-s", "t9a"]),
        # a sentence no relation cites, quoted at its own line as the CLI quotes it (the rules' texts)
        ("resolve Fly", ["resolve", "Fly", "-s", "t9a"]),
    ]
    for line, argv in pairs:
        assert cli.main(argv) == 0
        expected = capsys.readouterr().out
        perform(session, line)
        assert capsys.readouterr().out == expected, line


def test_another_system_clears_the_sides_and_says_so(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    for line in ("me Halberd", "when melee", "system last-edition"):
        perform(session, line)
    assert capsys.readouterr().out.splitlines()[-1] == "system: last-edition (me cleared: they named rules of t9a)"
    assert session.table == Table("last-edition", None, None, ("melee",))


def test_help_is_read_from_the_table(session: Session, capsys: pytest.CaptureFixture[str]) -> None:
    perform(session, "help")
    out = capsys.readouterr().out
    for action in ACTIONS:
        assert f"{action.name} {action.usage}".rstrip() in out
        assert action.help in out
    perform(session, "HELP resolve")
    assert capsys.readouterr().out == f"resolve [KEYWORDS]\n  {BY_NAME['resolve'].help}\n"


def test_quit_and_blank_lines(session: Session) -> None:
    with pytest.raises(Quit):
        perform(session, "quit")
    perform(session, "   ")  # nothing asked, nothing said


@pytest.mark.parametrize(
    ("line", "parts"),
    [("", ("", "")), ("state", ("state", "")), ("  LOOKUP  Warrior's Oath ", ("lookup", "Warrior's Oath"))],
)
def test_a_line_is_a_command_and_the_rest_as_typed(line: str, parts: tuple[str, str]) -> None:
    assert split_line(line) == parts
