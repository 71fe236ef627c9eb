"""``referee shell [--system S]``: the arguments, and the session started.

The CLI imports this module at its top, so at the top it imports only the
standard library and Referee's light modules: the build, the readers and
prompt_toolkit load in :func:`start_session`.
"""

from __future__ import annotations

import argparse
import sys

from referee import terminal
from referee.errors import unmanaged_warning


def arguments(parser: argparse.ArgumentParser) -> None:
    """The ``shell`` command's arguments (made only for a ``referee shell`` call)."""
    parser.add_argument("--system", "-s", metavar="ID", help="the system at the table (t9a, last-edition, ...); `system ID` changes it")
    parser.add_argument("--rules-src", metavar="DIR", help="folder of rule systems (default: as for every command)")
    parser.add_argument("--json", action="store_true", help="each answer as one JSON object on one line (shape: docs/json.md)")
    parser.set_defaults(format=None, formats=("text", "json"))  # as every command's, for the CLI's shared handling


def start_session(args: argparse.Namespace, rules_src: str) -> int:
    """Load the rules once, then answer: at a prompt on a terminal, else line by line from stdin.

    Raises :class:`~referee.errors.RulesError` for a rules folder or system that cannot be read.
    """
    from referee.shell.loop import prompt, read_lines
    from referee.shell.session import Session

    with terminal.Steps() as step:
        session = Session.open(rules_src, args.system, progress=step)
    for folder in session.view.unmanaged:
        terminal.warn(f"referee: {unmanaged_warning(folder)}")
    as_json = args.format == "json"
    if sys.stdin.isatty() and sys.stdout.isatty():
        return prompt(session, as_json)
    return read_lines(session, sys.stdin, as_json)
