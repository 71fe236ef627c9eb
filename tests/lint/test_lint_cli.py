"""referee lint on the command line: output, exit status, selection, JSON, SARIF."""

from __future__ import annotations

import json

import pytest

from referee.cli import main
from referee.lint.registry import checks, codes


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_compiler_style_lines_grouped_by_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--system", "t9a", "--select", "unnamed-rule")
    assert code == 1  # unwaived errors
    assert out.splitlines() == [
        "rules_src/t9a/universal-rules.txt",
        'rules_src/t9a/universal-rules.txt:20: error unnamed-rule text with no heading: "The model must be deployed in a unit.…"; '
        "write the rule's heading above it, or join it to the rule it continues",
        "    rules_src/t9a/universal-rules.txt:5: related the rule above: Ambush",
        'rules_src/t9a/universal-rules.txt:367: error unnamed-rule text with no heading: "Characters, allotted by the owner of the unit…"; '
        "write the rule's heading above it, or join it to the rule it continues",
        "    rules_src/t9a/universal-rules.txt:360: related the rule above: Unstable",
        "",
        "2 errors, 0 warnings, 0 info, 0 waived in t9a",
    ]


def test_no_errors_is_status_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--system", "last-edition")
    assert code == 0
    assert out.splitlines()[-1].startswith("0 errors, ")


def test_waived_findings_are_listed_and_do_not_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--system", "t9a", "--select", "undefined-reference", "--json")
    data = json.loads(out)
    waived = {(f["term"], f["waived"]) for f in data["findings"] if f["waived"]}
    assert ("Infernal Brand", "An army-book rule; the army books are not in this corpus.") in waived
    assert data["counts"]["waived"] == len([f for f in data["findings"] if f["waived"]]) >= 3
    assert code == 0  # warnings and waived findings only


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "lint", "--json", "--select", "conflicting-definition", "--system", "t9a")
    data = json.loads(out)
    assert set(data) == {"systems", "counts", "findings"}
    assert set(data["counts"]) == {"error", "warning", "info", "waived"}
    finding = next(f for f in data["findings"] if f["rule"] == "t9a/fear")
    assert set(finding) == {"code", "severity", "rule", "term", "message", "source", "related", "waived"}
    assert finding["source"] == {"file": "t9a/universal-rules.txt", "line": 58}
    assert finding["related"][0]["source"] == {"file": "t9a/army-builder-glossary-en-de.txt", "line": 198}


def test_select_and_ignore(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "lint", "--json", "--ignore", ",".join(c for c in codes() if c != "empty-rule"))
    assert {f["code"] for f in json.loads(out)["findings"]} == {"empty-rule"}
    _, out, _ = run(capsys, "lint", "--json", "--select", "grant-cycle,unnamed-rule")
    assert {f["code"] for f in json.loads(out)["findings"]} <= {"grant-cycle", "unnamed-rule"}


def test_unknown_code_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lint", "--select", "unnamed-rule,typo")
    assert (code, out) == (2, "")
    assert err == f"referee: error: --select: unknown code 'typo' (known: {', '.join(codes())})\n"


def test_sarif(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--format", "sarif", "--system", "t9a")
    sarif = json.loads(out)
    assert code == 1
    assert sarif["version"] == "2.1.0"
    [run_] = sarif["runs"]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "referee"
    assert [r["id"] for r in driver["rules"]] == list(codes())
    level = {"error": "error", "warning": "warning", "info": "note"}
    for rule, registered in zip(driver["rules"], checks()):
        assert rule["shortDescription"] == {"text": registered.summary}
        assert rule["defaultConfiguration"] == {"level": level[registered.severity]}
        assert rule["helpUri"] == f"docs/lint.md#{registered.code}"
    result = next(r for r in run_["results"] if r["ruleId"] == "unnamed-rule")
    assert result["level"] == "error"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "t9a/universal-rules.txt", "uriBaseId": "RULES_SRC"}
    assert location["region"] == {"startLine": 20}
    assert driver["rules"][result["ruleIndex"]]["id"] == "unnamed-rule"
    waived = [r for r in run_["results"] if "suppressions" in r]
    assert waived and waived[0]["suppressions"][0]["kind"] == "external"
    assert {r["level"] for r in run_["results"]} <= {"error", "warning", "note"}
