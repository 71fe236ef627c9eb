"""Every finding of the text checks on the project's rules_src, per system, as
an exact table (fixtures/text/corpus.txt), so a new false alarm, or a lost
finding, fails.  The findings an editor expects are pinned one by one in the
tests of each check's module (test_definitions.py, test_text_quality.py,
test_errata.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.lint.finding import Finding
from referee.lint.run import LintResult
from tests.lint.corpus import SYSTEMS

TABLE = Path(__file__).parent / "fixtures" / "text" / "corpus.txt"


def _table() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            system = line.split(" | ")[0]
            rows.setdefault(system, []).append(line.strip())
    return rows


def _row(f: Finding) -> str:
    """``system | code | file:line:column | rule | term``; a finding about the
    manifest has no rule (``-``); the book of errata-target-missing is left out."""
    system, file = f.file.split("/", 1)
    cells = [system, f.code, f"{file}:{f.line}:{f.column}", (f.rule or "-").split("/", 1)[-1]]
    if f.term and f.code != "errata-target-missing":
        cells.append(f.term)
    return " | ".join(cells)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_finding_per_system(text_result: LintResult, system: str) -> None:
    got = sorted(_row(f) for f in text_result.findings if f.file.startswith(system + "/"))
    assert got == sorted(_table().get(system, []))


def test_every_finding_names_its_rule_or_its_manifest_and_a_place(text_result: LintResult) -> None:
    for f in text_result.findings:
        system = f.file.split("/")[0]
        assert (f.rule or "").split("/")[0] == system or (f.rule is None and f.file == f"{system}/system.toml")
        assert f.line >= 1 and f.column >= 1
        assert "\n" not in f.message
