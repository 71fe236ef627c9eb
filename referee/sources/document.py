"""A rule document as an adapter receives it: decoded text plus its manifest entry."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from collections.abc import MutableMapping

from referee.model import Source


@dataclass(frozen=True)
class Document:
    """One document of a system.

    ``path`` is relative to rules_src (``t9a/universal-rules.txt``) and is what
    every :class:`~referee.model.Source` carries.  ``options`` holds the
    format-specific keys of the document's table in ``system.toml``.
    """

    system: str
    path: str
    format: str
    role: str
    text: str
    lang: str = "en"
    options: dict[str, Any] = field(default_factory=dict)
    # What an adapter read before in parts of documents, by the key of what each part was
    # read from (referee.sources.markdown keeps its sections' reading there): the seam for
    # the build's store, whose owner keys it to Referee's code.  None keeps nothing.
    kept: MutableMapping[str, bytes] | None = field(default=None, compare=False, repr=False)

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def source(self, line: int, end_line: int | None = None, column: int = 1) -> Source:
        """Where a piece of this document sits: 1-based lines, and the 1-based
        column (in characters) on ``line`` where it starts."""
        return Source(self.path, line, line if end_line is None else end_line, column)


def indent_column(line: str) -> int:
    """The 1-based column of a line's first character that is not blank.

    >>> indent_column("Fear"), indent_column("   ## Fear"), indent_column("\\tFear"), indent_column("")
    (1, 4, 2, 1)
    """
    return len(line) - len(line.lstrip()) + 1 if line.strip() else 1
