"""The few words of a rule's text that show why it was found.

The snippet is the stretch of the rule's primary text (whitespace made
single spaces) with the most different query words in it, cut at word
boundaries and marked ``…`` where cut; ``spans`` are the (start, end)
offsets of the matched words inside the snippet, for the terminal to
highlight.  A rule found by name alone shows the start of its text.

Where each term stands in the text is worked out when the index is made
(:func:`marks`, stored with the rule): stemming every word of ten results'
texts took a warm search about 6 ms (docs/performance.md).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from typing import Any

WIDTH = 180  # characters of text in a snippet
LEAD = 40  # characters shown before the first matched word, when the text goes back that far


def marks(text: str, analyzer: Any) -> dict[str, list[int]]:
    """Where each term of ``text`` (whitespace made single spaces) stands, as
    ``analyzer`` reads a query: term -> its (start, end) offsets, flat.

    >>> from referee.search.analysis import stemming
    >>> marks("Models with Fear cause  Fear Tests.", stemming("en"))["fear"]
    [12, 16, 23, 27]
    """
    out: dict[str, list[int]] = {}
    for token in analyzer(" ".join(text.split()), chars=True, mode="query"):
        out.setdefault(token.text, []).extend((token.startchar, token.endchar))
    return out


def snippet(text: str, marked: dict[str, list[int]], wanted: set[str], width: int = WIDTH) -> tuple[str, list[tuple[int, int]]]:
    """``(snippet, spans)`` of ``text`` around the words whose terms are ``wanted``
    (``marked``: the text's :func:`marks`).

    >>> from referee.search.analysis import stemming
    >>> text = "Models with Fear cause Fear Tests."
    >>> snippet(text, marks(text, stemming("en")), {"test"})
    ('Models with Fear cause Fear Tests.', [(28, 33)])
    """
    text = " ".join(text.split())
    if not text:
        return "", []
    found = sorted((at[i], at[i + 1], term) for term in wanted for at in [marked.get(term, [])] for i in range(0, len(at), 2))
    start = 0
    if found:
        best = max(range(len(found)), key=lambda i: (len({t for s, e, t in found if found[i][0] <= s and e <= found[i][0] + width}), -i))
        cluster_end = max(e for s, e, _ in found if found[best][0] <= s and e <= found[best][0] + width)
        if cluster_end > width:  # the words are not in the first lines: start a little before them
            start = min(_word_start(text, max(0, found[best][0] - LEAD)), found[best][0])
    end = _word_end(text, min(len(text), start + width))
    lead = "…" if start > 0 else ""
    tail = "…" if end < len(text) else ""
    shift = len(lead) - start
    spans = [(s + shift, e + shift) for s, e, _ in found if start <= s and e <= end]
    return f"{lead}{text[start:end].rstrip()}{tail}", spans


def _word_start(text: str, at: int) -> int:
    """``at``, moved forward to the start of a word (or of a sentence just after it)."""
    if at == 0:
        return 0
    sentence = text.find(". ", at, at + LEAD)
    if sentence >= 0:
        return sentence + 2
    space = text.find(" ", at)
    return space + 1 if 0 <= space < at + 20 else at


def _word_end(text: str, at: int) -> int:
    """``at``, moved back to the end of a word."""
    if at >= len(text):
        return len(text)
    space = text.rfind(" ", at - 30, at)
    return space if space > 0 else at
