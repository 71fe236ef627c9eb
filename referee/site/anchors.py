"""The anchors of a rule page: one per sentence, as the site writes them and the referee links to them.

Kept apart from :mod:`referee.site.rulebook` (which reads mentions with the graph's
lexer and holds a system's pages): ``referee resolve --format markdown`` links each
quote to its sentence's anchor and needs only this, not the lexer, on a warm call
(docs/performance.md, round 8).
"""

from __future__ import annotations

from referee.graph.sentences import split
from referee.site import memo
from referee.site.urls import Anchors, sentence_anchor, slug

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterable

# ids of the sections of a rule page: no sentence or sub-rule anchor may take them
PAGE_SECTIONS = ("rule", "text", "sub-rules", "tables", "versions", "used-by", "relations", "neighbourhood")


def child_anchor(rule_id: str) -> str:
    """The anchor of a sub-rule on its parent's page: its slug."""
    return slug(rule_id.partition("/")[2]) or "sub-rule"


def sentences_of(text: str) -> list[str]:
    """The sentences of a text, as the rule graph cuts them (a new list each call)."""
    return list(memo.SENTENCES.get(text, lambda: tuple(split(text) if text.strip() else ())))


def page_anchors(texts: list[str], children: Iterable[str]) -> dict[str, str]:
    """Sentence -> anchor on a rule's page, from its versions' texts, primary first: the
    page's sections and sub-rules keep their ids, and the same sentence in two versions has
    one anchor (its first place).  The one scheme the site writes and the referee links to."""
    taken = Anchors(set(PAGE_SECTIONS) | {child_anchor(c) for c in children})
    found: dict[str, str] = {}
    for text in texts:
        for sentence in sentences_of(text):
            if sentence not in found:
                found[sentence] = taken.take(sentence_anchor(sentence))
    return found
