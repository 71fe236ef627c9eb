"""The registry of checks, and what is derived from it: cases, docs, loading."""

from __future__ import annotations

import pkgutil
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import referee.lint.checks
from referee.lint.finding import Finding, Related
from referee.lint.registry import MODULES, check, checks, codes, get, main, markdown_table

FIXTURES = Path(__file__).parent / "fixtures"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "lint.md"


def _cases() -> list[tuple[str, dict[str, object]]]:
    paths = sorted(FIXTURES.glob("graph/*.toml")) + sorted(FIXTURES.glob("text/*.toml"))
    return [(p.stem, tomllib.loads(p.read_text(encoding="utf-8"))) for p in paths]


@pytest.mark.parametrize("code", codes())
def test_every_code_has_a_case_that_triggers_it_and_one_that_stays_quiet(code: str) -> None:
    cases = [case for _, case in _cases() if case["code"] == code]
    assert any(case.get("expect") for case in cases), f"no case in tests/lint/fixtures/ reports {code}"
    assert any(not case.get("expect") for case in cases), f"no case in tests/lint/fixtures/ where {code} stays quiet"


def test_every_case_is_for_a_registered_code() -> None:
    assert {name: case["code"] for name, case in _cases() if case["code"] not in codes()} == {}


def test_docs_hold_the_table_of_codes() -> None:
    """docs/lint.md shows the registry's table; regenerate it with
    ``python -m referee.lint.registry --markdown``."""
    assert markdown_table() in DOCS.read_text(encoding="utf-8")


@pytest.mark.parametrize("code", codes())
def test_docs_have_a_section_per_code_with_its_default_severity(code: str) -> None:
    sections = re.split(r"^## ", DOCS.read_text(encoding="utf-8"), flags=re.MULTILINE)
    (section,) = [s for s in sections if s.startswith(f"{code}\n")]  # the anchor of the table and of SARIF's helpUri
    assert f"**Default severity:** {get(code).severity}." in section


def test_main_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--markdown"]) == 0
    assert capsys.readouterr().out == markdown_table()
    assert main([]) == 0
    assert capsys.readouterr().out.splitlines() == [f"{c.code}\t{c.severity}\t{c.summary}" for c in checks()]


@pytest.mark.slow
def test_python_m_registry_markdown() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "referee.lint.registry", "--markdown"], capture_output=True, text=True, check=True
    )
    assert done.stdout == markdown_table()


def test_every_module_of_the_checks_package_is_loaded() -> None:
    found = {m.name for m in pkgutil.iter_modules(referee.lint.checks.__path__)}
    assert found == set(MODULES)
    assert {c.run.__module__ for c in checks()} == {f"referee.lint.checks.{m}" for m in MODULES}


def test_checks_run_in_the_order_of_their_modules() -> None:
    order = [MODULES.index(c.run.__module__.rsplit(".", 1)[1]) for c in checks()]
    assert order == sorted(order)


def test_the_decorated_function_is_its_check() -> None:
    from referee.lint.checks.definitions import empty_rule

    assert empty_rule is get("empty-rule")
    assert empty_rule.run.__name__ == "empty_rule"


def test_a_finding_takes_its_code_and_severity_from_its_check() -> None:
    unnamed = get("unnamed-rule")
    related = (Related("demo/b", "demo/rules.txt", 3, "note"),)
    finding = unnamed.finding("no heading", "demo/rules.txt", 7, 4, rule="demo/a", related=related)
    assert finding == Finding("unnamed-rule", unnamed.severity, "no heading", "demo/rules.txt", 7, 4, "demo/a", None, related)
    assert unnamed.finding("no heading", "demo/rules.txt", 7).column == 1  # no column given: the line's start


@pytest.mark.parametrize(
    "code, severity, error",
    [
        ("empty-rule", "warning", "already the code of referee.lint.checks.definitions.empty_rule"),
        ("Empty Rule", "warning", "lower-case words joined by hyphens"),
        ("new-check", "fatal", "severity 'fatal' is not one of error, warning, info"),
    ],
)
def test_a_code_is_registered_once_with_a_known_severity(code: str, severity: str, error: str) -> None:
    checks()
    with pytest.raises(ValueError, match=re.escape(error)):
        check(code, severity, "a summary")(lambda ctx: [])
    assert "new-check" not in codes()


@pytest.mark.slow
def test_checks_load_only_when_lint_runs() -> None:
    """The CLI imports of lint only its source-line reader (which imports nothing but os:
    a light module is imported at the top, docs/performance.md); the lint modules it
    imports load no check."""
    probe = (
        "import sys\n"
        "import referee.cli.commands\n"
        "print(sorted(m for m in sys.modules if m.startswith('referee.lint')))\n"
        "import referee.lint.run, referee.lint.sarif, referee.lint.report\n"
        "print(sorted(m for m in sys.modules if m.startswith('referee.lint.checks.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["['referee.lint', 'referee.lint.source']", "[]"]
