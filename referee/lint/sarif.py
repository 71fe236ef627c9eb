"""SARIF 2.1.0 output, for code-scanning tools and editors that read it.

Links are absolute: each rule's ``helpUri`` is its section of docs/lint.md
under a docs base URL (``--docs-url``; by default the ``file:`` URI of the
docs folder beside the package, when it is there), and the base of the
locations (``RULES_SRC``) is the rules folder's absolute ``file:`` URI.
Each result carries ``partialFingerprints`` made from what it is (code,
file, rule, term) and the words of its line, not the line's number, so a
finding keeps its fingerprint when lines above it are added or removed.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Callable

from referee.lint.registry import checks
from referee.lint.run import LintResult

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
FINGERPRINT = "refereeFinding/v1"


def docs_base(given: str | None = None) -> str:
    """The base URL of the docs, ending in ``/``: ``given`` (``--docs-url``, else the
    environment's ``REFEREE_DOCS_URL``), or the ``file:`` URI of the docs folder of
    the source tree the package runs from."""
    given = given or os.environ.get("REFEREE_DOCS_URL")
    if given:
        return given if given.endswith("/") else given + "/"
    return (Path(__file__).resolve().parents[2] / "docs").as_uri() + "/"


def to_sarif(
    result: LintResult,
    rules_src: str,
    version: str,
    *,
    docs_url: str | None = None,
    line_text: Callable[[str, int], str | None] = lambda file, line: None,
) -> dict[str, Any]:
    """One run of the ``referee`` tool; locations are relative to ``rules_src``
    (given as an absolute ``file:`` URI), columns count characters
    (``columnKind``), 1-based.  ``line_text(file, line)``: a finding's line, for
    its fingerprint."""
    base = docs_base(docs_url)
    rules = [
        {
            "id": check.code,
            "shortDescription": {"text": check.summary},
            "defaultConfiguration": {"level": _LEVEL[check.severity]},
            "helpUri": f"{base}lint.md#{check.code}",
        }
        for check in checks()
        if check.code in result.codes
    ]
    index = {r["id"]: i for i, r in enumerate(rules)}
    results = []
    seen: dict[str, int] = {}
    for f in result.findings:
        key = fingerprint(f.code, f.file, f.rule, f.term, line_text(f.file, f.line))
        seen[key] = seen.get(key, 0) + 1  # the same finding twice on like lines: counted apart
        item: dict[str, Any] = {
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": _LEVEL[f.severity],
            "message": {"text": f.message},
            "locations": [_location(f.file, f.line, f.column)],
            "partialFingerprints": {FINGERPRINT: f"{key}:{seen[key]}"},
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
                "tool": {
                    "driver": {"name": "referee", "version": version, "informationUri": f"{base}lint.md", "rules": rules}
                },
                "originalUriBaseIds": {"RULES_SRC": {"uri": Path(rules_src).resolve().as_uri() + "/"}},
                "columnKind": "unicodeCodePoints",  # columns count characters, as Python strings do
                "results": results,
            }
        ],
    }


def fingerprint(code: str, file: str, rule: str | None, term: str | None, line: str | None) -> str:
    """What a finding is, hashed: its code, file, rule, term and the words of its
    line (not the line's number).

    >>> a = fingerprint("empty-rule", "t9a/x.txt", "t9a/spear", "Spear", "Spear ")
    >>> a == fingerprint("empty-rule", "t9a/x.txt", "t9a/spear", "Spear", "  Spear"), len(a)
    (True, 16)
    """
    words = " ".join((line or "").split())
    text = "\x1f".join((code, file, rule or "", term or "", words))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _location(file: str, line: int, column: int) -> dict[str, Any]:
    return {
        "physicalLocation": {
            "artifactLocation": {"uri": file, "uriBaseId": "RULES_SRC"},
            "region": {"startLine": max(line, 1), "startColumn": max(column, 1)},
        }
    }
