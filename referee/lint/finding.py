"""A lint finding: what is wrong, where, and what else is involved."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from referee.model import Citation, Source

SEVERITIES = ("error", "warning", "info")


def at_least(severity: str, minimum: str) -> bool:
    """Whether ``severity`` is ``minimum`` or graver.

    >>> at_least("error", "warning"), at_least("info", "warning"), at_least("info", "info")
    (True, False, True)
    """
    return SEVERITIES.index(severity) <= SEVERITIES.index(minimum)


@dataclass(frozen=True)
class Related:
    """Another place a finding involves: the other version, the rule it points at."""

    rule: str | None
    file: str
    line: int
    note: str = ""
    column: int = 1

    @classmethod
    def cited(cls, rule: str | None, place: Citation | Source, note: str) -> Related:
        """A place about ``rule``: a relation's citation, or a rule's or version's source."""
        return cls(rule, place.file, place.line, note, place.column)

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "source": _source(self.file, self.line, self.column), "note": self.note}


@dataclass(frozen=True)
class Finding:
    """One thing an editor should look at.

    ``line`` and ``column`` are 1-based: the column of the word at fault, or
    of where the rule or sentence starts on its line.  ``rule`` is the id of
    the rule the finding is about (None for a finding about a manifest or a
    document as a whole); ``term`` the word or name at fault, if any (the
    undefined name, the mangled word).  ``waived`` is the manifest's reason
    when a waiver covers it: a waived finding is still reported.
    """

    code: str
    severity: str
    message: str
    file: str
    line: int
    column: int = 1
    rule: str | None = None
    term: str | None = None
    related: tuple[Related, ...] = ()
    waived: str | None = None
    detail: tuple[str, ...] = ()  # lines shown under it: two texts' differing words, aligned

    def waive(self, reason: str) -> Finding:
        return replace(self, waived=reason)

    def where(self) -> str:
        """``file:line:column``, as compilers print a place."""
        return f"{self.file}:{self.line}:{self.column}"

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "rule": self.rule,
            "term": self.term,
            "message": self.message,
            "source": _source(self.file, self.line, self.column),
            "related": [r.to_json() for r in self.related],
            "detail": list(self.detail),
            "waived": self.waived,
        }

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.file, self.line, self.column, self.code, self.term or "")


def _source(file: str, line: int, column: int) -> dict[str, Any]:
    return {"file": file, "line": line, "column": column}
