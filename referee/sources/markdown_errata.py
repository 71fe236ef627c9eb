"""Amendment annotations in errata headings: "(exchange p.53)", "(p.75 - exchange - edited)".

Private helpers of :mod:`referee.sources.markdown`.  An annotation is the last
parenthesised group of a heading (or the whole body of a section) when it
names a page of the base book or says what happens to it.  Its words are read
as a set, in any order:

- ``exchange``/``exchanged``/``replace``/``change`` -> replace
- ``add``/``added`` -> add
- ``remove``/``removed``/``delete``/``deleted`` -> remove
- ``edited``/``edit`` -> edit; "exchange - edited" is an edited replacement: edit
- ``p.53``, ``p53``, ``p. 53``, ``pp.50-51`` -> page labels as written ("53")

Any other words are kept as ``extra`` ("to Which models can fight").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_OPS = {
    "exchange": "replace", "exchanged": "replace", "replace": "replace", "replaced": "replace",
    "change": "replace", "changed": "replace",
    "add": "add", "added": "add",
    "remove": "remove", "removed": "remove", "delete": "remove", "deleted": "remove",
    "edit": "edit", "edited": "edit",
}
_PAGE = re.compile(r"\bpp?\.?\s*(\d+[a-z]?(?:\s*[-–]\s*\d+[a-z]?)?)\b", re.IGNORECASE)
_PAGE_MARK = re.compile(r"\bpp?\.", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_][\w'’]*")
_LAST_GROUP = re.compile(r"^(?P<name>.*?)\s*\((?P<inner>[^()]*)\)\s*$", re.DOTALL)
# "Stone Thrower Summary change (4) point to": an instruction in place of a title.
_INSTRUCTION = re.compile(r"^(?P<name>.+?)\s+(?:change|exchange)\s.*\bto$", re.IGNORECASE)


class AnnotationError(ValueError):
    """An annotation that names pages or operations but does not add up."""


@dataclass(frozen=True)
class Annotation:
    op: str | None  # None: the annotation names pages only
    pages: tuple[str, ...]
    extra: str = ""


def looks_like_annotation(inner: str) -> bool:
    """Whether a parenthesised group speaks of pages or amendment operations.

    >>> looks_like_annotation("p.106 - added"), looks_like_annotation(" added ")
    (True, True)
    >>> looks_like_annotation("flee, overrun and pursue"), looks_like_annotation("x")
    (False, False)
    """
    if _PAGE.search(inner) or _PAGE_MARK.search(inner):
        return True
    return any(w.casefold() in _OPS for w in _WORD.findall(inner))


def parse(inner: str) -> Annotation:
    """The operation and pages of an annotation (AnnotationError if it contradicts itself).

    >>> parse("p.75 - exchange - edited")
    Annotation(op='edit', pages=('75',), extra='')
    >>> parse("removed p.50 p.51")
    Annotation(op='remove', pages=('50', '51'), extra='')
    >>> parse("added p.77 to Which models can fight")
    Annotation(op='add', pages=('77',), extra='to Which models can fight')
    """
    pages = tuple(re.sub(r"\s+", "", m.group(1)) for m in _PAGE.finditer(inner))
    rest = _PAGE.sub(" ", inner)
    if _PAGE_MARK.search(rest):
        raise AnnotationError("a page mark has no page number")
    ops: list[str] = []
    extra: list[str] = []
    for word in _WORD.findall(rest):
        op = _OPS.get(word.casefold())
        if op:
            ops.append(op)
        else:
            extra.append(word)
    kinds = set(ops)
    if "edit" in kinds and kinds <= {"edit", "replace"}:
        op: str | None = "edit"
    elif len(kinds) > 1:
        raise AnnotationError("it names more than one operation (" + ", ".join(sorted(kinds)) + ")")
    else:
        op = kinds.pop() if kinds else None
    if op is None and not pages:
        raise AnnotationError("it names neither a page nor an operation")
    return Annotation(op, pages, " ".join(extra))


def split_heading(name: str) -> tuple[str, str | None]:
    """A heading without its trailing annotation, and the annotation's inside.

    >>> split_heading("Air And Ground Movement (flee, overrun and pursue) (p.106 - added)")
    ('Air And Ground Movement (flee, overrun and pursue)', 'p.106 - added')
    >>> split_heading("Steadfast (only The Horde formation)")
    ('Steadfast (only The Horde formation)', None)
    """
    m = _LAST_GROUP.match(name)
    if m and m.group("name") and looks_like_annotation(m.group("inner")):
        return m.group("name").strip(), m.group("inner")
    return name, None


def body_annotation(text: str) -> str | None:
    """The inside of a body that is nothing but an annotation: "(removed p.50 p.51)"."""
    m = _LAST_GROUP.match(text.strip())
    if m and not m.group("name") and looks_like_annotation(m.group("inner")):
        return m.group("inner")
    return None


def instruction(name: str) -> str | None:
    """The rule named by a heading that is an instruction ("X change (4) point to")."""
    m = _INSTRUCTION.match(name)
    return m.group("name") if m else None


def op_from_body(text: str) -> str:
    """The operation of a page-only annotation, judged from the section's body.

    A body that is just "removed" removes the page; any other body edits it
    ("delete first paragraph.", "exchange X to Y", or new text).
    """
    word = text.strip().rstrip(".!").casefold()
    return "remove" if _OPS.get(word) == "remove" else "edit"
