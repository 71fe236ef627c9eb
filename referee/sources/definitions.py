"""A term defined on its own line: ``Term: definition``, ``Term (ABBR): definition``,
``Term — definition``.  One reading, shared by the Markdown and plain-text glossaries.

The term is a name, not a clause: a capital letter first, at most five words,
no verb ("Character is in melee combat: -3" is a modifier in a list), and the
definition opens with a word ("Target prone: +3" defines nothing).  Whether a
document is a glossary at all (a run of such lines, a "Glossary" heading) is
the adapter's call.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LINE = re.compile(
    r"^(?P<term>[A-Z][^\s:.!?;,—–]*(?:[ /&'-][^\s:.!?;,—–]+){0,4})"
    r"(?P<extra>\s*(?:\([^()]{1,20}\)|\[[^\[\]]{1,20}\]))?"
    r"(?P<sep>:|\s[—–])\s+(?P<rest>\S.*)$"
)
_VERB = re.compile(r"\b(?:is|are|was|were|has|have|had|can|may|must|will|gets?|gains?|does|do)\b", re.IGNORECASE)
_LEAD_IN = re.compile(r"^(?:.*\bnotes?|in addition|(?:for )?example|e\.g|i\.e|important|hint|tip)$", re.IGNORECASE)
_WORD_FIRST = re.compile(r"[^\W\d_]|[\"“'(]")
_ABBREVIATION = re.compile(r"^(?P<name>.*\S)\s*[(\[](?P<short>[^()\[\]]+)[)\]]$")


@dataclass(frozen=True)
class Definition:
    term: str  # as written, a bracket after it included ("Action Points (AP)")
    offset: int  # 0-based offset of the term in the line
    rest: str  # the definition


def definition(line: str) -> Definition | None:
    """The term a line defines, if it is a definition line.

    >>> definition("Action Points (AP): Number of actions a model performs.")
    Definition(term='Action Points (AP)', offset=0, rest='Number of actions a model performs.')
    >>> definition("Cover — Terrain between a shooter and its target.").term
    'Cover'
    >>> definition("Character is in melee combat: -3") is None, definition("Note: read this first.") is None
    (True, True)
    """
    body = line.lstrip()
    m = _LINE.match(body)
    if m is None or _VERB.search(m.group("term")) or not _WORD_FIRST.match(m.group("rest")):
        return None
    if _LEAD_IN.match(m.group("term")):
        return None
    term = (m.group("term") + (m.group("extra") or "")).strip()
    return Definition(term, len(line) - len(body), m.group("rest").strip())


def split_term(term: str) -> tuple[str, str | None]:
    """ "Action Points (AP)" -> ("Action Points", "AP"); "Ward [X]" -> ("Ward", "X")."""
    m = _ABBREVIATION.match(term)
    return (m.group("name"), m.group("short").strip()) if m else (term, None)
