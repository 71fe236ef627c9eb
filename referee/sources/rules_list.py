"""Adapter for a universal-rules list extracted from a PDF (format ``rules-list``).

The layout: a heading line, one blank line, the rule's paragraphs separated by
single blank lines.  Extraction lost about a third of the headings; where one
was lost, the body follows two or more blank lines with no heading.  Such a
body is named from its own text ("Units with Ambush may ..." is Ambush) and
flagged ``recovered-name``; when the text names no rule it becomes an
``unnamed`` entry of its own, never glued onto the rule before it.

Sub-headings inside a rule (Front Rank's "Matching Bases") are headings that
the enclosing rule's text already mentions; they become sub-rules.  Figure
captions ("Illustration of ...", "a) ...") are kept out of rule text and
listed in the entry's notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.model import Entry
from referee.sources.document import Document
from referee.sources.naming import fold, mentions, subject_of
from referee.sources.paragraphs import Paragraph, looks_like_heading, paragraphs

_CAPTION_ITEM = re.compile(r"^[a-z]\)\s")


@dataclass
class _Draft:
    name: str | None
    line: int
    end_line: int
    parts: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    parent: str | None = None
    heading: bool = True

    def add(self, para: Paragraph) -> None:
        self.parts.append(para.text)
        self.end_line = para.end_line


def _is_caption(para: Paragraph) -> bool:
    first = para.lines[0]
    if first.startswith("Illustration of"):
        return True
    return len(para.lines) > 1 and all(_CAPTION_ITEM.match(line) for line in para.lines[1:])


def _is_heading(paras: list[Paragraph], i: int) -> bool:
    para = paras[i]
    if not para.single_line or not looks_like_heading(para.text):
        return False
    # A heading is followed by its body after exactly one blank line, or by
    # nothing (a stub at the end, or before a gap that starts another rule).
    return i + 1 == len(paras) or paras[i + 1].gap >= 1


def read(doc: Document) -> list[Entry]:
    paras = paragraphs(doc.text)
    if not paras:
        return []
    ignore = tuple(doc.options.get("core_terms", ()))
    title = doc.options.get("title")
    start = 0
    if title and fold(paras[0].text) == fold(title):
        start = 1  # the document's own title is not a rule
    drafts: list[_Draft] = []
    top: _Draft | None = None  # the enclosing top-level rule
    current: _Draft | None = None
    pending: list[str] = []  # captions waiting for the next rule
    for i in range(start, len(paras)):
        para = paras[i]
        if _is_caption(para):
            note = f"figure caption at line {para.line}: {para.text}"
            next_is_new = i + 1 < len(paras) and paras[i + 1].gap >= 2
            points_at_figure = current is not None and "figure" in " ".join(current.parts[-1:]).casefold()
            if current is not None and (points_at_figure or not next_is_new):
                current.notes.append(note)
            else:
                pending.append(note)  # belongs to the rule that follows
            continue
        if _is_heading(paras, i):
            name = para.text.strip()
            enclosing = " ".join(top.parts) if top else ""
            is_sub = top is not None and top.parts and mentions(enclosing, name)
            draft = _Draft(name, para.line, para.line, notes=pending)
            pending = []
            if is_sub and top is not None:
                draft.parent = top.name
            else:
                top = draft
            drafts.append(draft)
            current = draft
            continue
        body_follows_heading = current is not None and current.heading and not current.parts and para.gap == 1
        if current is not None and (para.gap <= 1 or body_follows_heading):
            current.add(para)
            continue
        # Two or more blank lines and no heading: a lost heading.
        if top is not None and _continues(para.text, top.name or subject_of(top.parts[0], ignore=ignore)):
            current.add(para)
            continue
        draft = _Draft(None, para.line, para.line, heading=False, notes=pending)
        draft.flags.append("lost-heading")
        pending = []
        draft.add(para)
        drafts.append(draft)
        top = current = draft
    for draft in drafts:
        if "lost-heading" in draft.flags:
            _name_from_text(draft, ignore)
    return [_entry(doc, d) for d in drafts]


def _name_from_text(draft: _Draft, ignore: tuple[str, ...]) -> None:
    draft.flags.remove("lost-heading")
    # The opening paragraph says most clearly what the rule is about; the
    # rest of the body only breaks ties.
    name = subject_of(draft.parts[0], ignore=ignore) or subject_of(" ".join(draft.parts), ignore=ignore)
    draft.name = name
    if name:
        draft.flags.append("recovered-name")
        draft.notes.append(f"heading lost in extraction; name recovered from the text: {name}")
    else:
        draft.flags.append("unnamed")
        draft.notes.append("heading lost in extraction and the text names no rule")


def _continues(text: str, name: str | None) -> bool:
    """A paragraph after a gap that opens with the current rule's name continues it."""
    return bool(name) and re.match(re.escape(name) + r"\b", text) is not None


def _entry(doc: Document, d: _Draft) -> Entry:
    flags = list(d.flags)
    if not d.parts:
        flags.append("stub")
    return Entry(
        name=d.name,
        text="\n\n".join(d.parts),
        source=doc.source(d.line, d.end_line),
        parent=d.parent,
        flags=tuple(flags),
        notes=tuple(d.notes),
        lang=doc.lang,
        category=doc.options.get("category"),
    )
