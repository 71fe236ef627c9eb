"""Labelled paragraphs and glossary lines: a term and its definition on one line.

Private helpers of :mod:`referee.sources.markdown`.  A paragraph, a list item
or a line of a run of such lines defines a term when it opens with

- an emphasised label: ``**Term**: ...``, ``**Term:** ...``, ``*Term* — ...``,
  ``**Short Term.** The ...`` (a run-in heading of at most four words),
  ``**Term**[N] ...``, ``**Term (ABBR)** The ...`` (a new sentence after it),
  or a label split over several bold runs (``**Multiple** **Wounds**: ...``);
- or, in a glossary, a plain label: ``Term: definition``,
  ``Term (ABBR): definition``, ``Term — definition``
  (:mod:`referee.sources.definitions`).  A plain label counts
  only in a run of two or more (a glossary reads as a list of them) or under
  a heading that says it is one ("Glossary", "Definitions", "Terms").

A label is a name: a capital letter first, at most eight words, not a
sentence, not a lead-in ("Note:", "Example:"), and the definition follows it.
A bold label running on in lower case is emphasis in a sentence ("**Double
all your VP** gained by ..."), unless the sentence defines it ("**Wealth** is
a measure of ...", "... occurs when", "... means").  A label naming the
section it sits in ("## DISTANCES" over "**Distances** are measured ...")
repeats the heading: it stays text of that section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.sources.definitions import definition
from referee.sources.markdown_inline import plain
from referee.sources.markdown_tables import closes_html_table, opens_html_table

_BULLET = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+")
_RUN = re.compile(r"(\*\*\*|\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1(?!\w)")
_AFTER = re.compile(r"\s*(?P<extra>(?:\[[^\[\]]{1,20}\]|\([^()]{1,20}\))?)\s*(?P<sep>:|[—–]|-(?=\s))?\s*")
_SPACES = re.compile(r" *")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_LEAD_IN = re.compile(r"^(?:.*\bnotes?|in addition|(?:for )?example|e\.g|i\.e|important|hint|tip)$", re.IGNORECASE)
# "**Wealth** is a measure of ...": a sentence that defines its bold subject
_DEFINING = r"(?:is|are|occurs|means|refers|represents|describes)\b"
_GLOSSARY = re.compile(r"\b(?:glossary|definitions?|terms|abbreviations|terminology)\b", re.IGNORECASE)
_MAX_WORDS, _MAX_CHARS = 8, 60
_RUN_IN_WORDS = 4  # "**Feed armies.** ...": a run-in heading ending in a period is short


@dataclass(frozen=True)
class Label:
    """A term a line defines: the term as written, where it starts, the definition's text."""

    term: str  # plain text of the label (brackets after it included, separator left out)
    column: int  # 1-based column of the label's first character
    rest: str  # the rest of the line: the definition's start
    emphasised: bool


def _is_term(text: str) -> bool:
    text = text.strip()
    if not text or not text[0].isupper() or len(text) > _MAX_CHARS or len(text.split()) > _MAX_WORDS:
        return False
    return not text.endswith((".", ",", ";")) and not _LEAD_IN.match(text.rstrip(":").strip())


def label(line: str) -> Label | None:
    """The label a line opens with, if it opens with one (see the module docstring).

    >>> label("**Anywhere:** This means anywhere.")
    Label(term='Anywhere', column=1, rest='This means anywhere.', emphasised=True)
    >>> label("- **Multiple** **Wounds** (D3): roll.").term
    'Multiple Wounds (D3)'
    >>> label("Action Points (AP): Number of actions.")
    Label(term='Action Points (AP)', column=1, rest='Number of actions.', emphasised=False)
    >>> label("**Double all your VP** gained by objectives.") is None
    True
    """
    bullet = _BULLET.match(line)
    start = bullet.end() if bullet else len(line) - len(line.lstrip())
    body = line[start:]
    if body[:1] in ("*", "_"):
        return _emphasised(body, start)
    found = definition(body)
    if found is None or not _is_term(found.term):
        return None
    return Label(plain(found.term).strip(), start + 1, found.rest, False)


def _emphasised(body: str, start: int) -> Label | None:
    parts: list[str] = []
    pos = 0
    while (m := _RUN.match(body, pos)) is not None:
        parts.append(m.group(2))
        pos = m.end()
        gap = _SPACES.match(body, pos)
        assert gap is not None  # it matches nothing at worst
        if _RUN.match(body, gap.end()) is None:
            break
        pos = gap.end()
    if not parts:
        return None
    after = _AFTER.match(body, pos)
    assert after is not None  # every part of it is optional
    extra, sep = after.group("extra"), after.group("sep")
    rest = body[after.end() :].strip()
    term = plain(" ".join(parts)).strip()
    if term.endswith(":"):
        term, sep = term[:-1].strip(), sep or ":"
    elif term.endswith(".") and len(term.split()) <= _RUN_IN_WORDS and re.match(r"[A-Z]", body[after.end() :].strip()):
        term, sep = term[:-1].strip(), "."  # "**Feed armies.** If you wish ...": a run-in heading
    if extra:
        term = f"{term} {extra}"
    if not rest or not _is_term(term):
        return None
    if sep is None and not (extra and extra.startswith("[")) and not re.match(r"[A-Z0-9\"“'(]", rest):
        if not re.match(_DEFINING, rest):
            return None  # "**Double all your VP** gained by ...": emphasis inside a sentence
        rest = body.strip()  # "**Wealth** is a measure ...": the sentence, its subject included
    return Label(term, start + 1, rest, True)


def glossary_heading(heading: str) -> bool:
    return _GLOSSARY.search(heading) is not None


def find(lines: list[str], glossary: bool, own: str = "") -> list[tuple[int, int, Label]]:
    """Where labelled paragraphs sit in a body: (first line index, last line index, label).

    ``own`` is the name of the section the lines are under.  A labelled
    paragraph runs to the end of its paragraph or list item, or to the next
    labelled line in it (a run of "Term: ..." lines with hard breaks).
    """
    found: list[tuple[int, int, Label]] = []
    starts = True  # the line opens a paragraph
    previous_labelled = False
    fence: str | None = None
    in_table = False
    for i, line in enumerate(lines):
        if fence is not None or (m := _FENCE.match(line)):
            if fence is None and m:
                fence = m.group(1)[0] * 3
            elif line.strip().startswith(fence or "\0"):
                fence = None
            starts, previous_labelled = False, False
            continue
        if in_table or opens_html_table(line):
            in_table = not closes_html_table(line)
            starts, previous_labelled = False, False
            continue
        if not line.strip():
            starts, previous_labelled = True, False
            continue
        one = label(line) if (starts or previous_labelled or _BULLET.match(line)) else None
        if one is not None:
            found.append((i, i, one))
            previous_labelled = True
        elif found and found[-1][1] == i - 1 and not starts and (previous_labelled or _continues(line)):
            previous_labelled = False
            found[-1] = (found[-1][0], i, found[-1][2])
        else:
            previous_labelled = False
        starts = False
    plain_ok = glossary or sum(1 for _, _, one in found if not one.emphasised) >= 2
    own = own.casefold().strip()
    return [f for f in found if (f[2].emphasised or plain_ok) and f[2].term.casefold() != own]


def _continues(line: str) -> bool:
    return not _BULLET.match(line)
