"""The text checks on tiny systems: one TOML case per file in fixtures/text/.

A case names its check, gives a manifest (without ``id`` and ``title``) and
the documents' text, and lists every finding it expects: rule, file, line,
term, and for some the exact message and the related places.  A case with
no ``[[expect]]`` must stay quiet.  Adding a case is adding a file.
"""

from __future__ import annotations

import doctest
import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.lint import rules_text, rules_text_compare, rules_text_lines, rules_text_places, rules_text_versions
from referee.lint.context import LintContext
from referee.lint.finding import Finding
from referee.rulebase import build_rulebase
from tests.conftest import write_system

CASES = Path(__file__).parent / "fixtures" / "text"
CASE_FILES = sorted(CASES.glob("*.toml"))
SYSTEM = "demo"
CODES = (
    "conflicting-definition",
    "duplicate-definition",
    "empty-rule",
    "unnamed-rule",
    "alias-mismatch",
    "mangled-text",
    "dangling-reference",
    "errata-target-missing",
)


def load(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def run(case: dict[str, Any], tmp_path: Path) -> list[Finding]:
    manifest = f'id = "{SYSTEM}"\ntitle = "Demo"\n' + case["manifest"]
    rb = build_rulebase(write_system(tmp_path, SYSTEM, manifest, case["files"]))
    check = getattr(rules_text, case["code"].replace("-", "_"))
    return list(check(LintContext(rb, SYSTEM)))


def _place(case: dict[str, Any], expect: dict[str, Any]) -> tuple[str, str, int, str | None]:
    file = expect.get("file", next(iter(case["files"])))
    return (f"{SYSTEM}/{expect['rule']}", f"{SYSTEM}/{file}", expect["line"], expect.get("term"))


def test_every_code_has_a_case_that_triggers_and_one_that_stays_quiet() -> None:
    cases = [load(path) for path in CASE_FILES]
    for code in CODES:
        assert any(c["code"] == code and c.get("expect") for c in cases), code
        assert any(c["code"] == code and not c.get("expect") for c in cases), code


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_case(path: Path, tmp_path: Path) -> None:
    case = load(path)
    findings = run(case, tmp_path)
    got = sorted((f.rule or "", f.file, f.line, f.term) for f in findings)
    want = sorted(_place(case, e) for e in case.get("expect", []))
    assert got == want, [f.message for f in findings]
    for expect in case.get("expect", []):
        rule, file, line, term = _place(case, expect)
        (finding,) = [f for f in findings if (f.rule, f.file, f.line, f.term) == (rule, file, line, term)]
        assert finding.code == case["code"]
        if "message" in expect:
            assert finding.message == expect["message"]
        if "related" in expect:
            assert [f"{r.file.removeprefix(SYSTEM + '/')}:{r.line}" for r in finding.related] == expect["related"]


def test_severities_are_the_registry_defaults() -> None:
    from referee.lint.checks import checks

    registry = {c.code: c.severity for c in checks()}
    ours = {**rules_text.SEVERITY, **rules_text_versions.SEVERITY, **rules_text_lines.SEVERITY}
    assert set(ours) == set(CODES)
    assert ours == {code: registry[code] for code in CODES}


def test_every_code_is_registered_with_its_function() -> None:
    from referee.lint.checks import checks

    for check in checks():
        if check.code in CODES:
            assert check.run is getattr(rules_text, check.code.replace("-", "_"))


@pytest.mark.parametrize(
    "module", [rules_text_compare, rules_text_lines, rules_text_places, rules_text_versions, rules_text]
)
def test_examples_in_docstrings(module: Any) -> None:
    assert doctest.testmod(module).failed == 0
