"""Every check on tiny systems: one TOML case per file in fixtures/graph/ and fixtures/text/.

Each case names its check (``code``) and lists every finding it expects; a
case with no ``[[expect]]`` must stay quiet.  Every finding carries the
case's code and the severity the registry gives that code.  Adding a case
is adding a file; test_registry.py asks every registered code for one case
of each kind.

- fixtures/graph/: the rules and relations are built by hand (see
  fixtures/graph/relations.py), so the checks are tested without the adapters or
  the effects reader.  An expectation gives the rule, term and line, and for
  some the column, the exact message and the lines of the related places.
- fixtures/text/: a manifest (without ``id`` and ``title``) and the
  documents' text, read by the adapters.  An expectation gives the rule,
  file, line and term, and for some the column, the exact message and the
  related places.  A finding about the manifest itself (a waiver, a base
  book) has no rule and gives ``file = "system.toml"``.
"""

from __future__ import annotations

import dataclasses

import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.store.record import assemble
from referee.graph.relations import RuleGraph
from referee.lint.checks.grants import forbidden_grant, grant_cycle
from referee.lint.checks.obligations import must_cannot_conflict
from referee.lint.context import LintContext
from referee.lint.finding import Finding
from referee.lint.registry import get
from referee.rulebase.manifest import noting
from tests.conftest import write_system
from tests.lint.fixtures.graph.build import CASES as GRAPH_CASES
from tests.lint.fixtures.graph.build import SYSTEM as GRAPH_SYSTEM
from tests.lint.fixtures.graph.build import build, rule_id

TEXT_CASES = Path(__file__).parent / "fixtures" / "text"
TEXT_SYSTEM = "demo"
GRAPH_FILES = sorted(GRAPH_CASES.glob("*.toml"))
TEXT_FILES = sorted(TEXT_CASES.glob("*.toml"))


def load(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def run_graph(case: dict[str, Any]) -> list[Finding]:
    return list(get(case["code"])(LintContext(build(case), GRAPH_SYSTEM)))


def run_text(case: dict[str, Any], tmp_path: Path) -> list[Finding]:
    manifest = f'id = "{TEXT_SYSTEM}"\ntitle = "Demo"\n' + case["manifest"]
    rules_src = write_system(tmp_path, TEXT_SYSTEM, manifest, case["files"])
    with noting() as noted:  # as referee lint reads a manifest with a problem
        build = assemble(rules_src)
    return list(get(case["code"])(LintContext(build, TEXT_SYSTEM, str(rules_src), tuple(noted))))


# --- fixtures/graph ---------------------------------------------------------


@pytest.mark.parametrize("path", GRAPH_FILES, ids=lambda p: p.stem)
def test_graph_case(path: Path) -> None:
    case = load(path)
    findings = run_graph(case)
    expected = case.get("expect", [])
    got = sorted((f.rule or "", f.term or "", f.line) for f in findings)
    want = sorted((rule_id(e["rule"]), e.get("term", ""), e["line"]) for e in expected)
    assert got == want
    for e in expected:
        matching = [f for f in findings if f.rule == rule_id(e["rule"]) and (f.term or "") == e.get("term", "") and f.line == e["line"]]
        if "column" in e:
            assert any(f.column == e["column"] for f in matching), [f.column for f in matching]
        if "message" in e:
            assert any(f.message == e["message"] for f in matching), [f.message for f in matching]
        if "related" in e:
            assert any([r.line for r in f.related] == e["related"] for f in matching), [[r.line for r in f.related] for f in matching]


@pytest.mark.parametrize("path", GRAPH_FILES, ids=lambda p: p.stem)
def test_graph_findings_carry_the_code_and_severity_of_their_check(path: Path) -> None:
    case = load(path)
    for finding in run_graph(case):
        assert (finding.code, finding.severity) == (case["code"], get(case["code"]).severity)
        assert finding.file == f"{GRAPH_SYSTEM}/rules.txt"


def test_no_relations_no_graph_findings() -> None:
    """A build whose graph holds no relations gives no graph-only findings."""
    rb = dataclasses.replace(build(load(GRAPH_CASES / "grant-cycle.toml")), graph=RuleGraph())
    ctx = LintContext(rb, GRAPH_SYSTEM)
    assert list(grant_cycle(ctx)) == []
    assert list(must_cannot_conflict(ctx)) == []
    assert list(forbidden_grant(ctx)) == []


# --- fixtures/text ----------------------------------------------------------


def _place(case: dict[str, Any], expect: dict[str, Any]) -> tuple[str, str, int, str]:
    file = expect.get("file", next(iter(case["files"])))
    rule = f"{TEXT_SYSTEM}/{expect['rule']}" if "rule" in expect else ""
    return (rule, f"{TEXT_SYSTEM}/{file}", expect["line"], expect.get("term") or "")


def _key(f: Finding) -> tuple[str, str, int, str]:
    return (f.rule or "", f.file, f.line, f.term or "")


@pytest.mark.parametrize("path", TEXT_FILES, ids=lambda p: p.stem)
def test_text_case(path: Path, tmp_path: Path) -> None:
    case = load(path)
    findings = run_text(case, tmp_path)
    got = sorted(_key(f) for f in findings)
    want = sorted(_place(case, e) for e in case.get("expect", []))
    assert got == want, [f.message for f in findings]
    for finding in findings:
        assert (finding.code, finding.severity) == (case["code"], get(case["code"]).severity)
    for expect in case.get("expect", []):
        # two findings of one rule, line and term (a line several rules share) are told by their columns
        (finding,) = [f for f in findings if _key(f) == _place(case, expect) and f.column == expect.get("column", f.column)]
        if "message" in expect:
            assert finding.message == expect["message"]
        if "related" in expect:
            assert [f"{r.file.removeprefix(TEXT_SYSTEM + '/')}:{r.line}" for r in finding.related] == expect["related"]
