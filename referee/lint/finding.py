"""A lint finding: what is wrong, where, and what else is involved."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True)
class Related:
    """Another place a finding involves: the other version, the rule it points at."""

    rule: str | None
    file: str
    line: int
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "source": {"file": self.file, "line": self.line}, "note": self.note}


@dataclass(frozen=True)
class Finding:
    """One thing an editor should look at.

    ``rule`` is the id of the rule the finding is about (None for a finding
    about a document as a whole); ``term`` the word or name at fault, if any
    (the undefined name, the mangled word).  ``waived`` is the manifest's
    reason when a waiver covers it: a waived finding is still reported.
    """

    code: str
    severity: str
    message: str
    file: str
    line: int
    rule: str | None = None
    term: str | None = None
    related: tuple[Related, ...] = ()
    waived: str | None = None

    def waive(self, reason: str) -> Finding:
        return replace(self, waived=reason)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "rule": self.rule,
            "term": self.term,
            "message": self.message,
            "source": {"file": self.file, "line": self.line},
            "related": [r.to_json() for r in self.related],
            "waived": self.waived,
        }

    def sort_key(self) -> tuple[str, int, str, str]:
        return (self.file, self.line, self.code, self.term or "")
