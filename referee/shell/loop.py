"""The session's loop: a prompt on a terminal, or lines from stdin for scripts.

On a terminal: prompt_toolkit's line editor with tab completion and a
history kept in the user's state folder (platformdirs: ``~/.local/state/
referee/shell-history`` on Linux), never in the project or the installed
package.  Ctrl-C cancels the line (or the answer being written), Ctrl-D or
``quit`` ends the session.  Without a terminal, each line of stdin is one
command, answered in turn; nothing of prompt_toolkit is loaded.

A line that cannot be answered prints its one line on stderr and the
session goes on.  The exit status of a session read from stdin is the
gravest status of its lines (0 all answered, 1 something not found, 2 bad
input), so a script can tell; an interactive session ends with 0.
With ``--json`` each answer is one JSON object on one line (JSON Lines).
"""

from __future__ import annotations

import os
import sys

from referee import terminal
from referee.shell.actions import Quit, Unanswered, ask, perform

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from referee.shell.session import Session

HISTORY = "shell-history"


def history_file() -> str:
    """Where the typed lines are kept: the user's state folder for Referee (made if missing)."""
    import platformdirs

    folder = platformdirs.user_state_dir("referee", appauthor=False)
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, HISTORY)


def answer(session: Session, line: str, as_json: bool = False) -> int:
    """Answer one line; its status (0 answered, 1 not found, 2 bad input).  Raises :class:`Quit`.

    ``as_json``: the answer as one JSON object on one line (docs/json.md, "shell"):
    ``{"line", "answer"}``, or ``{"line", "error": {"message", "status"}}``.
    """
    if as_json:
        return _answer_json(session, line)
    try:
        perform(session, line)
    except Unanswered as err:
        sys.stdout.flush()  # the answer so far first, then the error under it
        terminal.error(str(err))
        return err.code
    return 0


def _answer_json(session: Session, line: str) -> int:
    try:
        said = ask(session, line)
    except Unanswered as err:
        out: dict[str, Any] = {"line": line.strip(), "error": err.to_json()}
        if err.said is not None:
            out["answer"] = err.said.data
        code = err.code
    else:
        if said is None:
            return 0
        out, code = {"line": line.strip(), "answer": said.data}, 0
    terminal.print_json_line(out)
    sys.stdout.flush()  # a script reading the answers line by line gets each at once
    return code


def read_lines(session: Session, lines: Iterable[str], as_json: bool = False) -> int:
    """Answer each line (stdin, a script); the gravest status of all."""
    worst = 0
    answered = False
    for line in lines:
        if not line.strip():
            continue
        if answered and not as_json:
            terminal.line()  # one blank line between answers, as between the rules of a lookup
        answered = True
        try:
            worst = max(worst, answer(session, line, as_json))
        except Quit:
            break
    return worst


def prompt(session: Session, as_json: bool = False) -> int:
    """The interactive session; returns 0 when the player ends it."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, History, InMemoryHistory

    from referee.shell.completion import completer

    history: History
    try:
        history = FileHistory(history_file())
    except OSError as err:  # a read-only home: the session still works, it just forgets
        terminal.warn(f"referee: warning: no history kept ({err.strerror}: {err.filename})")
        history = InMemoryHistory()
    asking = PromptSession(history=history, completer=completer(session), complete_while_typing=False)
    terminal.line("Referee shell: help lists the commands; Tab completes; Ctrl-D ends.", style="dim")
    while True:
        try:
            line = asking.prompt(f"{session.table.system or 'referee'}> ")
        except KeyboardInterrupt:
            continue  # Ctrl-C cancels the line being typed
        except EOFError:
            return 0
        try:
            answer(session, line, as_json)
        except KeyboardInterrupt:
            terminal.error("referee: interrupted")
        except Quit:
            return 0
