"""Plain-text documents as paragraphs: the shared first step of the text adapters."""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.text import strip_invisible

_LIST_ITEM = re.compile(r"^\s*(?:[-•*]|\d+\.)\s")
# "Zau- bernovize", "Zerschmet- tern": a word split by PDF hyphenation.
_SPLIT_WORD = re.compile(r"(?<=[a-zäöüß])- (?=[a-zäöüß])")


@dataclass(frozen=True)
class Paragraph:
    """Lines between blank lines; ``gap`` counts the blank lines before it."""

    line: int  # 1-based first line
    end_line: int
    lines: tuple[str, ...]
    gap: int

    @property
    def text(self) -> str:
        return join_lines(self.lines)

    @property
    def single_line(self) -> bool:
        return len(self.lines) == 1


def paragraphs(text: str) -> list[Paragraph]:
    """Split a document into paragraphs, keeping line numbers and gaps.

    >>> [(p.line, p.gap, p.text) for p in paragraphs("Title\\n\\n\\nBody one\\nwraps.\\n\\nTwo")]
    [(1, 0, 'Title'), (4, 2, 'Body one wraps.'), (7, 1, 'Two')]
    """
    out: list[Paragraph] = []
    current: list[str] = []
    start = 0
    gap = 0
    blanks = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip()
        if line.strip():
            if not current:
                start, gap = number, blanks
            current.append(line)
            blanks = 0
        else:
            if current:
                out.append(Paragraph(start, number - 1, tuple(current), gap))
                current = []
            blanks += 1
    if current:
        out.append(Paragraph(start, start + len(current) - 1, tuple(current), gap))
    return out


def join_lines(lines: tuple[str, ...] | list[str]) -> str:
    """Join hard-wrapped lines into running text; list items keep their own line.

    >>> join_lines(["Model parts", "with Magical Attacks.", "• first", "• second"])
    'Model parts with Magical Attacks.\\n- first\\n- second'
    """
    out: list[str] = []
    for raw in lines:
        line = raw.strip()
        if line.startswith("•"):
            line = "- " + line[1:].strip()
        if not out or _LIST_ITEM.match(line):
            out.append(line)
        elif line[0] in ".,;:" or (out[-1].endswith("-") and not out[-1].endswith(" -")):
            out[-1] = out[-1].rstrip() + line
        else:
            out[-1] += " " + line
    return "\n".join(out)


def repair_hyphenation(text: str) -> str:
    """Rejoin words split by PDF hyphenation.

    >>> repair_hyphenation("Zau- bernovize"), repair_hyphenation("Zerschmet- tern")
    ('Zaubernovize', 'Zerschmettern')
    >>> repair_hyphenation("Attack - Melee")
    'Attack - Melee'
    """
    return _SPLIT_WORD.sub("", text)


_HEADING_END = (".", ":", ";", ",", "?")
_DIGIT_OR_INCHES = re.compile(r"\d|[\"″”]")  # a heading holds no number and no distance


def looks_like_heading(text: str, max_words: int = 7) -> bool:
    """A short line with no closing punctuation that starts with a capital.

    Invisible characters (a zero-width space before "Fear") do not count; a
    line opening with "<" (HTML, in a plain-text document) is text.

    >>> looks_like_heading("Rally Around the Flag"), looks_like_heading("Nachladen!")
    (True, True)
    >>> looks_like_heading("+3 Armor"), looks_like_heading("In addition:")
    (False, False)
    >>> looks_like_heading("\u200bFear"), looks_like_heading("<b>Fear</b>")
    (True, False)
    """
    text = strip_invisible(text)[0].strip()
    if not text or text.endswith(_HEADING_END) or len(text.split()) > max_words:
        return False
    if not (text[0].isupper() or text[0] == "("):
        return False
    return not _DIGIT_OR_INCHES.search(text)
