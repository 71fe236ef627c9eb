"""A finding's source line, and a caret under its column, as compilers show them.

A wiki page saved as one line can be tens of thousands of characters long:
the line is cut to a window around the column, with ``…`` where it was cut,
and the caret stands under the column within that window.
"""

from __future__ import annotations

import os
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from referee.store.record import Build

WIDTH = 100  # characters of a long line shown around the column
BEFORE = 40  # of them, before the column


class SourceLines:
    """The lines of the documents of a build, and of the systems' manifests
    (read from ``rules_src`` when first asked), by file and 1-based line."""

    def __init__(self, build: Build, rules_src: str | None) -> None:
        self.texts = getattr(build, "texts", {})
        self.rules_src = rules_src
        self._lines: dict[str, list[str] | None] = {}

    def __call__(self, file: str, line: int) -> str | None:
        if file not in self._lines:
            self._lines[file] = self._read(file)
        lines = self._lines[file]
        if lines is None or not 0 < line <= len(lines):
            return None
        return lines[line - 1].rstrip("\r")

    def _read(self, file: str) -> list[str] | None:
        if file in self.texts:
            return self.texts[file].split("\n")
        if self.rules_src is None:
            return None
        try:
            with open(os.path.join(self.rules_src, file), encoding="utf-8") as f:
                return f.read().split("\n")
        except (OSError, UnicodeDecodeError):
            return None


def excerpt(text: str, column: int) -> tuple[str, str]:
    """(the line to show, the caret line under ``column``, 1-based); tabs become
    spaces so the caret lines up.

    >>> excerpt("Units with Fear suffer -1.", 12)
    ('Units with Fear suffer -1.', '           ^')
    >>> shown, caret = excerpt("x" * 200 + " Fear " + "y" * 200, 202)
    >>> shown[:2], len(shown), caret.index("^") == shown.index("Fear")
    ('…x', 102, True)
    """
    text = text.replace("\t", " ")
    at = max(min(column, len(text) + 1), 1) - 1
    start = max(0, at - BEFORE)
    end = min(len(text), start + WIDTH)
    shown = text[start:end]
    lead = "…" if start else ""
    tail = "…" if end < len(text) else ""
    return lead + shown + tail, " " * (len(lead) + at - start) + "^"
