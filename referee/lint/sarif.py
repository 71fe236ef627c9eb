"""SARIF 2.1.0 output, for code-scanning tools and editors that read it."""

from __future__ import annotations

from typing import Any

from referee.lint.registry import checks
from referee.lint.run import LintResult

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def to_sarif(result: LintResult, rules_src: str, version: str) -> dict[str, Any]:
    """One run of the ``referee`` tool; locations are relative to ``rules_src``,
    columns count characters (``columnKind``), 1-based."""
    rules = [
        {
            "id": check.code,
            "shortDescription": {"text": check.summary},
            "defaultConfiguration": {"level": _LEVEL[check.severity]},
            "helpUri": f"docs/lint.md#{check.code}",
        }
        for check in checks()
        if check.code in result.codes
    ]
    index = {r["id"]: i for i, r in enumerate(rules)}
    results = []
    for f in result.findings:
        item: dict[str, Any] = {
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": _LEVEL[f.severity],
            "message": {"text": f.message},
            "locations": [_location(f.file, f.line, f.column)],
            "properties": {"rule": f.rule, "term": f.term},
        }
        if f.related:
            item["relatedLocations"] = [
                {**_location(r.file, r.line, r.column), "id": i, "message": {"text": r.note or (r.rule or "")}}
                for i, r in enumerate(f.related)
            ]
        if f.waived:
            item["suppressions"] = [{"kind": "external", "justification": f.waived}]
        results.append(item)
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "referee", "version": version, "informationUri": "docs/lint.md", "rules": rules}},
                "originalUriBaseIds": {"RULES_SRC": {"uri": rules_src.rstrip("/") + "/"}},
                "columnKind": "unicodeCodePoints",  # columns count characters, as Python strings do
                "results": results,
            }
        ],
    }


def _location(file: str, line: int, column: int) -> dict[str, Any]:
    return {
        "physicalLocation": {
            "artifactLocation": {"uri": file, "uriBaseId": "RULES_SRC"},
            "region": {"startLine": max(line, 1), "startColumn": max(column, 1)},
        }
    }
