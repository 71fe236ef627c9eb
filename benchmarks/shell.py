"""Speed of answers inside ``referee shell`` (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/shell.py [--runs N]

Loads a session as ``referee shell`` does (the build from the warm cache,
its view, the calc rulebook and the search index, timed once), then times
each kind of command in process, ``--runs`` times each (default 200, after
a few warm-up runs), from the line typed to the answer written:

- *piped*: the answer as plain text (stdin mode, a script);
- *terminal*: the answer through rich, as at the prompt (stdout is a
  string buffer that claims to be a terminal, so rich lays out its tables
  and styles; the screen's own drawing is not counted).

Tab completion is timed as the candidates for a line.  Goal: each answer
under 50 ms at the 95th percentile.  Prints a Markdown table (p50, p95,
max); docs/shell.md records the figures.
"""

from __future__ import annotations

import argparse
import io
import itertools
import statistics
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import terminal  # noqa: E402
from referee.shell.actions import Unanswered, perform  # noqa: E402
from referee.shell.completion import candidates  # noqa: E402
from referee.shell.session import Session  # noqa: E402
from referee.shell.table import Side, Table  # noqa: E402

TABLE = Table("t9a", Side.of_keywords("Paired Weapons"), Side.of_keywords("Hand Weapon, Shield"), ("melee", "on-foot"))
LINES = {
    "lookup Hellebarde": "lookup Hellebarde",
    "lookup (miss: suggestions)": "lookup Fearr",
    "search (7 queries in turn)": (
        "search mulitple wounds",
        "search Fear",
        "search Hellebarde",
        "search great weapon",
        "search Multiple Wounds (D3, Clipped Wings)",
        "search armour penetration strength",
        "search fly",
    ),
    "show Fear": "show Fear",
    "explain Fly": "explain Fly",
    "resolve (the table: Paired Weapons vs Hand Weapon, Shield; melee, on-foot)": "resolve",
    "resolve Fear (vs the table's opponent)": "resolve Fear",
    "calc 2D6 maximised": "calc 2D6 maximised",
    "calc multiple wounds D3 clipped wings vs fly hp 3": "calc multiple wounds D3 clipped wings vs fly hp 3",
    "me Great Weapon, Lightning Reflexes": "me Great Weapon, Lightning Reflexes",
    "when melee, charging": "when melee, charging",
    "state": "state",
    "help": "help",
}
COMPLETIONS = {
    "Tab: lookup Lightning Ref": "lookup Lightning Ref",
    "Tab: me Halberd, Sh": "me Halberd, Sh",
    "Tab: when melee ch": "when melee ch",
}


class _Screen(io.StringIO):
    def isatty(self) -> bool:
        return True


def _time(fn: object, runs: int) -> list[float]:
    for _ in range(3):
        fn()
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def _answer(session: Session, lines: str | tuple[str, ...], screen: bool) -> object:
    """One answer per call; several lines are asked in turn (no answer is the same twice running)."""
    turn = itertools.cycle([lines] if isinstance(lines, str) else lines)

    def run() -> None:
        session.table = TABLE
        sink = _Screen() if screen else io.StringIO()
        with redirect_stdout(sink), redirect_stderr(io.StringIO()):
            try:
                perform(session, next(turn))
            except Unanswered:
                pass  # a miss is an answer too: its line is what is timed

    return run


def _row(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[max(0, round(0.95 * len(ms)) - 1)]
    return f"| {name} | {statistics.median(ms):.1f} | {p95:.1f} | {ms[-1]:.1f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()

    src = str(ROOT / "rules_src")
    Session.open(src)  # the cache made warm first, as after `referee build`
    start = time.perf_counter()
    session = Session.open(src, "t9a")
    loaded = (time.perf_counter() - start) * 1000

    print(f"Session load, imports already done (warm cache: build, view, rulebook, search index): {loaded:.0f} ms\n")
    print("| command | p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|")
    for name, line in LINES.items():
        print(_row(f"{name} (piped)", _time(_answer(session, line, screen=False), args.runs)))
        with mock.patch.object(terminal, "is_terminal", lambda: True):
            print(_row(f"{name} (terminal)", _time(_answer(session, line, screen=True), args.runs)))
    for name, line in COMPLETIONS.items():
        session.table = TABLE
        print(_row(name, _time(lambda line=line: candidates(session, line), args.runs)))


if __name__ == "__main__":
    main()
