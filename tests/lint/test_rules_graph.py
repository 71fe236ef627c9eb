"""The graph checks on tiny systems: one TOML case per file in fixtures/graph/.

Each case names its check, builds its rules and relations by hand, and lists
every finding it expects (rule, term, line, and for some the exact message and
the lines of the related places).  A case with no ``[[expect]]`` must stay
quiet.  Adding a case is adding a file.
"""

from __future__ import annotations

import doctest
import importlib
from typing import Any

import pytest

from referee.lint import rules_graph
from referee.lint.context import LintContext
from referee.lint.finding import Finding
from referee.lint.rules_graph import forbids, normal_action, specific
from tests.lint.fixtures.graph.build import CASES, SYSTEM, build, load, rule_id

CASE_FILES = sorted(CASES.glob("*.toml"))
CODES = ("undefined-reference", "bad-parameters", "must-cannot-conflict", "grant-cycle", "unused-definition")
SEVERITY = {
    "undefined-reference": "warning",
    "bad-parameters": "error",
    "must-cannot-conflict": "warning",
    "grant-cycle": "error",
    "unused-definition": "info",
}


def run(case: dict[str, Any]) -> list[Finding]:
    check = getattr(rules_graph, case["code"].replace("-", "_"))
    return list(check(LintContext(build(case), SYSTEM)))


def test_every_code_has_a_case_that_triggers_and_one_that_stays_quiet() -> None:
    cases = [load(path) for path in CASE_FILES]
    for code in CODES:
        assert any(c["code"] == code and c.get("expect") for c in cases), code
        assert any(c["code"] == code and not c.get("expect") for c in cases), code


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_case(path: Any) -> None:
    case = load(path)
    findings = run(case)
    expected = case.get("expect", [])
    got = sorted((f.rule or "", f.term or "", f.line) for f in findings)
    want = sorted((rule_id(e["rule"]), e.get("term", ""), e["line"]) for e in expected)
    assert got == want
    for e in expected:
        matching = [f for f in findings if f.rule == rule_id(e["rule"]) and (f.term or "") == e.get("term", "") and f.line == e["line"]]
        if "message" in e:
            assert any(f.message == e["message"] for f in matching), [f.message for f in matching]
        if "related" in e:
            assert any([r.line for r in f.related] == e["related"] for f in matching), [[r.line for r in f.related] for f in matching]


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_findings_carry_the_code_and_severity_of_their_check(path: Any) -> None:
    case = load(path)
    for finding in run(case):
        assert (finding.code, finding.severity) == (case["code"], SEVERITY[case["code"]])
        assert finding.file == f"{SYSTEM}/rules.txt"


def test_severities_are_the_registry_defaults() -> None:
    pytest.importorskip("referee.lint.rules_text")
    from referee.lint.checks import checks

    registry = {c.code: (c.severity, c.run) for c in checks()}
    for code, severity in SEVERITY.items():
        assert registry[code][0] == severity
        assert registry[code][1] is getattr(rules_graph, code.replace("-", "_"))


def test_no_relations_no_graph_findings() -> None:
    """A rulebase built without the effects reader (graph None) gives no graph-only findings."""
    case = load(CASES / "grant-cycle.toml")
    rb = build(case)
    rb.graph = None
    ctx = LintContext(rb, SYSTEM)
    assert list(rules_graph.grant_cycle(ctx)) == []
    assert list(rules_graph.must_cannot_conflict(ctx)) == []


@pytest.mark.parametrize(
    "module",
    [
        "referee.lint.rules_graph",
        "referee.lint.rules_graph_terms",
        "referee.lint.rules_graph_params",
        "referee.lint.rules_graph_usage",
    ],
)
def test_doctests(module: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(module))
    assert failures == 0


@pytest.mark.parametrize(
    "prohibited, obliged, clash",
    [
        ("Declare Charges", "Declare a Charge", True),
        ("declare Charges", "Declare a Charge this Player Turn", True),
        ("Pursue", "Pursue", True),
        ("move normally", "move 12\"", False),
        ("Declare Flee as Charge Reaction", "declare a Charge", False),
        ("Declare a Charge this Player Turn", "Declare a Charge", False),
        ("fight", "fight the more immediate foe", False),
        ("flee as a charge reaction", "flee as its charge reaction", True),
    ],
)
def test_forbids(prohibited: str, obliged: str, clash: bool) -> None:
    assert forbids(prohibited, obliged) is clash


@pytest.mark.parametrize(
    "action, compared",
    [("Declare a Charge", True), ("Pursue", True), ("be placed", False), ("test", False), ("Go", False), ("", False)],
)
def test_specific(action: str, compared: bool) -> None:
    assert specific(action) is compared


def test_normal_action() -> None:
    assert normal_action("Declare the Charges") == ["declare", "charge"]
    assert normal_action("pass Break Tests") == ["pass", "break", "test"]
