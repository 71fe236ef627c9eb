"""Where a word of a rule's text stands in its document.

Adapters join wrapped lines and repair hyphenation, so an offset into a
version's text is not a line of the document.  The raw lines inside the
version's span are searched for the word instead; the offset only breaks ties
and is the fallback when extraction changed the word beyond recognition.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Version


def line_of(ctx: LintContext, version: Version, needle: str, at: int = 0) -> int:
    """The document line of ``needle``, found near offset ``at`` of ``version.text``."""
    source = version.source
    hint = min(source.line + version.text.count("\n", 0, max(at, 0)), source.end_line)
    return nearest_line(ctx, source.file, source.line, source.end_line, needle, hint)


def nearest_line(ctx: LintContext, file: str, first: int, last: int, needle: str, hint: int) -> int:
    """The line in ``first..last`` holding ``needle`` (case-blind, any spacing) closest to ``hint``."""
    if file not in ctx.rb.texts:
        return hint
    pattern = re.compile(r"\s+".join(re.escape(w) for w in needle.split()), re.IGNORECASE)
    lines = ctx.lines(file)
    found = [n for n in range(first, min(last, len(lines)) + 1) if pattern.search(lines[n - 1])]
    if not found:
        return hint
    return min(found, key=lambda n: (abs(n - hint), n))
