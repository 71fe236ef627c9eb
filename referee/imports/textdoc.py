"""Blocks written as a ``rules-list`` text document, page markers included.

The layout is the one :mod:`referee.sources.rules_list` reads: two blank
lines, a heading, one blank line, its paragraphs separated by one blank line.
A line ``[page 12]`` stands right before the first line read from page 12
(inside a paragraph, when the paragraph runs on over the page), so a rule's
citation can say its page; a table is written as rows ``| a | b |``, one a
line, which the adapter keeps as the rule's table.
"""

from __future__ import annotations

from referee.imports.layout import Block


def page_marker(label: str) -> str:
    """The line that says the lines after it stand on page ``label``.

    >>> page_marker("12")
    '[page 12]'
    """
    return f"[page {label}]"


def write_rules_list(found: list[Block], title: str | None = None) -> str:
    """The text of a rules-list document holding ``found``, titled ``title``."""
    out: list[str] = []
    page: str | None = None

    def line(text: str, on: str | None) -> None:
        nonlocal page
        if on and on != page:
            out.append(page_marker(on))
            page = on
        out.append(text)

    if title:
        out += [title, ""]
    for block in found:
        if block.kind == "heading":
            out += [""] * (2 if out else 0)
            line(" ".join(block.lines[0].split()), block.page)
        else:
            out.append("")
            if block.kind == "table":
                for row in block.rows:
                    line("| " + " | ".join(cell.replace("|", "/") for cell in row) + " |", block.page)
            else:
                for text, on in zip(block.lines, block.pages):
                    line(text, on)
    text = "\n".join(out).strip("\n")
    return _collapse(text) + "\n"


def _collapse(text: str) -> str:
    """At most two blank lines in a row: more would read as a lost heading."""
    while "\n\n\n\n" in text:
        text = text.replace("\n\n\n\n", "\n\n\n")
    return text
