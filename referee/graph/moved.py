"""What the effect reader found in a rule, taken to where an edit above it moved the rule.

A line added or removed above a rule moves it down or up its document and changes
nothing else of it.  The effect reader places every sentence at the rule's own first
line plus the sentence's line within the lines the rule stands on
(:func:`referee.graph.sentences.locate`, which reads only those lines), so what it
read in the rule before the move, every citation's line shifted by as much as the
rule moved, is what it reads after: a rebuild shifts it rather than read the rule
again.  :func:`shifts` says by how much, and only when the rule is otherwise the same
record; :func:`moved` shifts what was read; :func:`rule_moved` and :func:`shifted` put a
section the store kept as it was written where lines added above it moved it.
"""

from __future__ import annotations

import functools
from dataclasses import fields, replace
from typing import Any

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.model import Rule, Source, Version

if TYPE_CHECKING:
    from referee.model import Relation

Shifts = dict[str, int]  # document path -> lines the rule moved down it (up: negative)


def shifts(old: Rule, new: Rule) -> Shifts | None:
    """How many lines each document's version of ``old`` moved to be ``new``, or None when
    ``new`` is not ``old`` moved (its text, names, columns or anything else differ, or two
    places in one document moved by different amounts)."""
    if len(old.versions) != len(new.versions):
        return None
    found: Shifts = {}
    for before, after in ((old.source, new.source), *((a.source, b.source) for a, b in zip(old.versions, new.versions))):
        shift = after.line - before.line
        if before.file != after.file or found.setdefault(after.file, shift) != shift:
            return None
    if not any(found.values()):
        return found if old == new else None
    return found if rule_moved(old, found) == new else None


def moved(found: tuple[list[Relation], list[Any]], by: Shifts) -> tuple[list[Relation], list[Any]] | None:
    """The relations and sentences read in a rule, each citation moved as its document's
    lines moved (None when one cites a document the rule has no version in)."""
    relations, sentences = found
    if any(r.citation.file not in by for r in relations) or any(s.file not in by for s in sentences):
        return None
    return shifted(found, by)


def shifted(found: tuple[list[Relation], list[Any]], by: Shifts) -> tuple[list[Relation], list[Any]]:
    """Relations and sentences with each citation in a document of ``by`` moved by its lines (the others as they are)."""
    relations, sentences = found
    out = [_with(r, citation=_with(r.citation, line=r.citation.line + by[r.citation.file])) if r.citation.file in by else r for r in relations]
    return out, [replace(s, line=s.line + by[s.file]) if s.file in by else s for s in sentences]


@functools.cache
def _place(cls: type, name: str) -> int:
    return [f.name for f in fields(cls)].index(name)


def _with(record: Any, **changes: Any) -> Any:
    """A record of :mod:`referee.model` with some fields changed: made from its state
    (its fields' values in order), about three times quicker than ``dataclasses.replace``."""
    state = record.__getstate__()
    for name, value in changes.items():
        state[_place(type(record), name)] = value
    return type(record)(*state)


def _source(source: Source, by: Shifts) -> Source:
    shift = by.get(source.file, 0)
    return _with(source, line=source.line + shift, end_line=source.end_line + shift) if shift else source


def _version(version: Version, by: Shifts) -> Version:
    return _with(
        version,
        source=_source(version.source, by),
        also_at=tuple(_source(s, by) for s in version.also_at),
        profiles=tuple(_with(p, source=_source(p.source, by)) for p in version.profiles),
        tables=tuple(_with(t, source=_source(t.source, by)) for t in version.tables),
    )


def rule_moved(rule: Rule, by: Shifts) -> Rule:
    """``rule`` with every place of it in a document of ``by`` moved by its lines."""
    return _with(rule, source=_source(rule.source, by), versions=tuple(_version(v, by) for v in rule.versions))
