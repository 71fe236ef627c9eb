"""Terminal output: rich tables and colour on a terminal, plain text otherwise.

rich is imported only when stdout is a terminal, so piped and ``--json``
calls stay as quick as the interpreter allows.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
TYPE_CHECKING = False  # typing itself costs ~4 ms of a warm call; only checkers read this

if TYPE_CHECKING:
    from typing import Any


def is_terminal() -> bool:
    return sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def console() -> Any:
    from rich.console import Console

    return Console(highlight=False, no_color="NO_COLOR" in os.environ)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], title: str | None = None) -> None:
    """Rows under headers: a rich table on a terminal, tab-free aligned text otherwise."""
    if is_terminal():
        from rich.table import Table

        t = Table(title=title, header_style="bold", title_justify="left")
        for h in headers:
            t.add_column(h, overflow="fold")
        for row in rows:
            t.add_row(*row)
        console().print(t)
        return
    if title:
        print(title)
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip())
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())


def heading(text: str, style: str = "bold") -> None:
    if is_terminal():
        console().print(f"[{style}]{_escape(text)}[/{style}]")
    else:
        print(text)


def line(text: str = "", style: str | None = None) -> None:
    if style and is_terminal():
        console().print(f"[{style}]{_escape(text)}[/{style}]")
    else:
        print(text)


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def error(message: str) -> None:
    """One line on stderr; red on a terminal."""
    if sys.stderr.isatty() and "NO_COLOR" not in os.environ:
        sys.stderr.write(f"\x1b[31m{message}\x1b[0m\n")
    else:
        sys.stderr.write(message + "\n")
