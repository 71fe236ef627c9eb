"""``referee shell`` in a pseudo-terminal, typed into as a player would (pexpect).

Each step sends a line and waits for the words its answer must hold, so
nothing depends on timing.  The history goes to a temporary state folder.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.slow

REFEREE = str(Path(sys.executable).with_name("referee"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = "t9a>"  # prompt_toolkit draws the space after it as a cursor move


@pytest.fixture
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("home")


def spawn(home: Path, state: Path) -> object:
    """The shell at t9a in a pseudo-terminal, its history under ``state``."""
    env = dict(
        os.environ,
        HOME=str(home),
        XDG_STATE_HOME=str(state),
        XDG_DATA_HOME=str(home / "data"),
        TERM="xterm",
        NO_COLOR="1",
        PROMPT_TOOLKIT_NO_CPR="1",  # pexpect answers no cursor-position request
    )
    return pexpect.spawn(REFEREE, ["shell", "--system", "t9a"], env=env, encoding="utf-8", timeout=120, dimensions=(40, 120))


@pytest.fixture
def shell(rulebase: object, home: Path) -> object:
    """The shell at t9a, its rules already in the test run's cache (``rulebase``)."""
    child = spawn(home, home / "state")
    child.expect("help lists the commands")
    child.expect(PROMPT)
    yield child
    if child.isalive():
        child.terminate(force=True)


def ask(child: object, line: str, *answer: str) -> str:
    """Send ``line``, wait for each of ``answer`` in turn, then the next prompt; what was printed, plain."""
    child.send(line + "\r")
    seen = []
    for words in answer:
        child.expect_exact(words)
        seen.append(child.before + words)
    child.expect_exact(PROMPT)
    return ANSI.sub("", "".join(seen) + child.before)


def test_a_session_at_the_table(shell: object, home: Path) -> None:
    """One session walked through (under pytest-xdist the tests of a module may run in
    different workers, so the steps that build on each other are one test)."""
    # Tab completes a rule name
    shell.send("show Lightning Ref\t")
    shell.expect_exact("lexes")  # the rest of the name, written in by the completion
    out = ask(shell, "", "Lightning Reflexes  (t9a/lightning-reflexes)", "+1 to-hit modifier")
    assert "Blitzartige Reflexe [de]" in out

    # the table is set once and shown
    ask(shell, "me Halberd, Shield", "me: Halberd, Shield")
    ask(shell, "when melee", "when: melee")
    out = ask(shell, "state", "on the table", "system", "t9a", "me", "Halberd, Shield", "when", "melee")
    assert "(nobody)" in out

    # resolve answers from the table; calc answers
    ask(shell, "resolve", "Ruling (t9a): Halberd, Shield, when melee", "Shield cannot be used together with Halberd.")
    ask(shell, "calc 2D6 maximised", "Mean total: 203/24 (8.4583).", "Steps")

    # an unknown command or flag is one line, and the session goes on with the table as it was
    ask(shell, "frobnicate", "referee: error: unknown command 'frobnicate' (help lists the commands)")
    ask(shell, "when sneaking", "referee: error: unknown situation flag 'sneaking' for --when", "the situation stays: melee")
    ask(shell, "state", "Halberd, Shield", "melee")

    # Ctrl-C cancels the line being typed
    shell.send("frobnicate")
    shell.sendcontrol("c")
    shell.expect_exact(PROMPT)
    assert "unknown command" not in ask(shell, "state", "on the table")

    # Ctrl-D ends the session with status 0; the history is in the user's state folder
    shell.sendcontrol("d")
    shell.expect(pexpect.EOF)
    shell.close()
    assert shell.exitstatus == 0
    history = (home / "state" / "referee" / "shell-history").read_text(encoding="utf-8")
    assert "+show Lightning Reflexes\n" in history  # the completed line, as run
    assert "+me Halberd, Shield\n" in history


def test_without_a_state_folder_the_session_forgets_but_works(rulebase: object, home: Path) -> None:
    (home / "not-a-folder").write_text("", encoding="utf-8")
    child = spawn(home, home / "not-a-folder")
    try:
        child.expect_exact(f"referee: warning: no history kept (Not a directory: {home / 'not-a-folder' / 'referee'})")
        child.expect_exact(PROMPT)
        ask(child, "state", "on the table", "t9a")
        child.sendcontrol("d")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
