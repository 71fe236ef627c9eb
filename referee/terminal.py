"""Terminal output: rich tables and colour on a terminal, plain text otherwise.

rich is imported only when stdout is a terminal, so piped and ``--json``
calls stay as quick as the interpreter allows.

Rule text is data from documents, so everything written for people passes
through :func:`safe`: control characters (C0 and C1, but tab and newline)
and bidirectional controls are shown escaped (``\x1b``, ``U+202E``), never
written raw where they could move the cursor, recolour the terminal or
reorder a line.  JSON output keeps every character exact (json escapes the
C0 controls itself).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence

from referee.patterns import lazy

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from typing import Any


_UNSAFE = lazy("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _shown(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0xA0 else f"U+{code:04X}"


def safe(text: str) -> str:
    r"""``text`` with every control and bidi character escaped, for a terminal.

    >>> safe("Fear\x1b[31mRED")
    'Fear\\x1b[31mRED'
    >>> safe("abc\u202edef"), safe("tab\tand\nnewline stay")
    ('abcU+202Edef', 'tab\tand\nnewline stay')
    """
    return _UNSAFE.sub(lambda m: _shown(m.group()), text)


def is_terminal() -> bool:
    return sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


def print_json(data: Any) -> None:
    # on an output that cannot carry every character (an ASCII locale), JSON's own \u escapes
    sys.stdout.write(json.dumps(data, ensure_ascii=not _carries_all(sys.stdout), indent=2) + "\n")


def print_json_line(data: Any) -> None:
    """One JSON value on one line (``parse -``, the shell's ``--json`` answers)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=not _carries_all(sys.stdout)) + "\n")


def _carries_all(stream: Any) -> bool:
    """Whether ``stream`` can write any character (a UTF encoding), not only some."""
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    return encoding.startswith(("utf", "ucs"))


def prepare_streams() -> None:
    """Make the standard streams safe for any rule text before a command runs.

    Under an ASCII-only output encoding (``PYTHONIOENCODING=ascii``, or
    ``LC_ALL=C`` with ``PYTHONUTF8=0``) what can be written is written and the
    rest escaped (``Todessto\\xdf``), never an encoding error; JSON then uses
    its own escapes (:func:`print_json`).  Standard input in such a locale is
    read as UTF-8, what terminals and files send today."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and not _carries_all(stream) and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    stdin = sys.stdin
    if stdin is not None and (getattr(stdin, "encoding", "") or "").lower() in ("ascii", "us-ascii", "ansi_x3.4-1968") and hasattr(stdin, "reconfigure"):
        stdin.reconfigure(encoding="utf-8", errors="replace")


def console(stderr: bool = False) -> Any:
    from rich.console import Console

    return Console(highlight=False, no_color="NO_COLOR" in os.environ, stderr=stderr)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], title: str | None = None, whole: Sequence[int] = (0,)) -> None:
    """Rows under headers: a rich table on a terminal, aligned text otherwise.

    On a terminal the table fits its width: the columns in ``whole`` (ids,
    file:line) are never broken or cut; the others are cut with an ellipsis.
    """
    rows = [[safe(c) for c in row] for row in rows]
    if is_terminal():
        from rich.table import Table
        from rich.text import Text

        t = Table(title=title and safe(title), header_style="bold", title_justify="left")
        for i, h in enumerate(headers):
            if i in whole:
                t.add_column(h, no_wrap=True, min_width=max([len(h), *(len(r[i]) for r in rows)]))
            else:
                t.add_column(h, no_wrap=True, overflow="ellipsis")
        for row in rows:
            t.add_row(*(Text(c) for c in row))  # rule text is never read as rich markup
        console().print(t)
        return
    if title:
        print(safe(title))
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip())
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())


def heading(text: str, style: str = "bold") -> None:
    line(text, style)


def line(text: str = "", style: str | None = None) -> None:
    text = safe(text)
    if style and is_terminal():
        console().print(f"[{style}]{_escape(text)}[/{style}]")
    else:
        print(text)


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def error(message: str, colour: str = "31") -> None:
    """One line on stderr; red on a terminal."""
    message = safe(message)
    if sys.stderr.isatty() and "NO_COLOR" not in os.environ:
        sys.stderr.write(f"\x1b[{colour}m{message}\x1b[0m\n")
    else:
        sys.stderr.write(message + "\n")


class Steps:
    """A transient progress bar on stderr for a build, drawn only on a terminal and only
    once the work reports its first step: a cached answer draws nothing, and nobody
    has to ask the cache beforehand whether it will build.

    >>> with Steps() as step:  # not a terminal here: nothing is drawn
    ...     step("Read t9a/universal-rules.txt")
    """

    def __init__(self, label: str = "Reading rule documents") -> None:
        self.label = label
        self._bar: Any = None
        self._task: Any = None

    def __call__(self, what: str) -> None:
        if self._bar is None:
            if not is_terminal():
                return
            from rich.progress import Progress

            self._bar = Progress(transient=True, console=console(stderr=True))
            self._bar.start()
            self._task = self._bar.add_task(self.label, total=None)
        self._bar.update(self._task, description=what, advance=1)

    def __enter__(self) -> Steps:
        return self

    def __exit__(self, *_exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


def warn(message: str) -> None:
    """One line on stderr; yellow on a terminal."""
    error(message, colour="33")
