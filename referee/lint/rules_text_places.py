"""Where the text of a rule stands: every place a version of it is written.

A version is written at its ``source`` and again at each ``also_at`` (the
same text repeated in one document).  The text checks look at these places,
in the rule records and in the raw lines of the documents.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule, Source, Version


@dataclass(frozen=True)
class Place:
    """One place a version of a rule is written."""

    rule: Rule
    version: Version
    source: Source

    @property
    def lines(self) -> range:
        return range(self.source.line, self.source.end_line + 1)


def places(rule: Rule) -> Iterator[Place]:
    for version in rule.versions:
        for source in (version.source, *version.also_at):
            yield Place(rule, version, source)


def where(file: str, line: int, home: str | None = None) -> str:
    """``file:line``, or just ``line N`` inside the file a message is about."""
    return f"line {line}" if file == home else f"{file}:{line}"


_MARKUP = re.compile(r"^[#*_'=\s]+|[*_'=\s:]+$")
_SPLIT_WORD = re.compile(r"(?<=[^\W\d_])- (?=[a-zäöüß])")


def heading_form(line: str) -> str:
    """A raw line as a heading compares: markup and split words undone, folded.

    >>> heading_form("### **Zau- bernovize:**")
    'zaubernovize'
    """
    return fold(_SPLIT_WORD.sub("", _MARKUP.sub("", line)))


def heading_names(ctx: LintContext) -> set[str]:
    """Every name, alias and heading of the system, as :func:`heading_form` gives them."""
    out: set[str] = set()
    for rule in ctx.rules:
        out.update(fold(n) for n in rule.names)
        out.update(fold(v.heading) for v in rule.versions if v.heading)
    return out


def document_lang(ctx: LintContext, path: str) -> str:
    return next((d.lang for d in ctx.manifest.documents if d.path == path), "en")


def raw_lines(ctx: LintContext, path: str) -> tuple[str, ...]:
    """A document's lines as read (1-based line N is item N - 1)."""
    return _lines(ctx.text(path))


@lru_cache(maxsize=16)
def _lines(text: str) -> tuple[str, ...]:
    return tuple(ln.rstrip("\r") for ln in text.split("\n"))
