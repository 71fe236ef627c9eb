"""referee lint on the command line: output on a terminal and elsewhere, exit
status, selection, severity, waivers, JSON, SARIF.

The tests run with stdout not a terminal, so ``referee lint`` prints only
compiler lines there; the terminal's grouped report is tested with
``referee.terminal.is_terminal`` patched.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee import terminal
from referee.cli.commands import main
from referee.lint.registry import checks, codes
from tests.conftest import write_system

UNNAMED_20 = (
    'rules_src/t9a/universal-rules.txt:20:1: error unnamed-rule text with no heading: "The model must be deployed in a '
    "unit.…\"; write the rule's heading above it, or join it to the rule it continues"
)
UNNAMED_367 = (
    'rules_src/t9a/universal-rules.txt:367:1: error unnamed-rule text with no heading: "Characters, allotted by the owner '
    "of the unit…\"; write the rule's heading above it, or join it to the rule it continues"
)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """stdout taken for a terminal 80 columns wide (conftest.py): long lines are
    left whole, for the terminal to wrap."""
    monkeypatch.setattr(terminal, "is_terminal", lambda: True)


# --- output -----------------------------------------------------------------


def test_elsewhere_only_compiler_lines_and_the_summary_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lint", "--system", "t9a", "--select", "unnamed-rule")
    assert code == 1  # unwaived errors
    assert out.splitlines() == [UNNAMED_20, UNNAMED_367]
    assert err == "2 errors, 0 warnings, 0 info, 0 waived in t9a\n"


def test_on_a_terminal_grouped_by_file_with_related_places(capsys: pytest.CaptureFixture[str], on_a_terminal: None) -> None:
    code, out, err = run(capsys, "lint", "--system", "t9a", "--select", "unnamed-rule")
    assert code == 1
    assert out.splitlines() == [
        "rules_src/t9a/universal-rules.txt",
        UNNAMED_20,
        "    The model must be deployed in a unit. The model can never voluntarily leave its unit.",
        "    ^",
        "    rules_src/t9a/universal-rules.txt:5:1: related the rule above: Ambush",
        UNNAMED_367,
        "    Characters, allotted by the owner of the unit as evenly as possible",
        "    ^",
        "    rules_src/t9a/universal-rules.txt:360:1: related the rule above: Unstable",
        "",
        "2 errors, 0 warnings, 0 info, 0 waived in t9a",
    ]
    assert err == ""


def test_on_a_terminal_a_long_list_of_related_places_is_cut(capsys: pytest.CaptureFixture[str], on_a_terminal: None) -> None:
    _, out, _ = run(capsys, "lint", "--system", "whfb-house", "--select", "errata-target-missing", "--min-severity", "info")
    lines = out.splitlines()
    assert lines[0] == "rules_src/whfb-house/system.toml"
    assert lines[1].startswith("rules_src/whfb-house/system.toml:24:13: info errata-target-missing 42 sections of ")
    assert lines[2:4] == [
        '    base_book = "Warhammer: The Game of Fantasy Battles, 8th edition rulebook"',
        "                ^",
    ]
    assert lines[4] == (
        "    rules_src/whfb-house/house-rules-8th-edition.md:3:1: related 'Redirecting the charge' replaces p.53"
    )
    assert lines[9] == "    … and 37 more related places (--format json lists every one)"
    assert lines[10:] == ["", "0 errors, 0 warnings, 1 info, 0 waived in whfb-house"]


def test_waived_findings_are_listed_on_a_terminal_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(capsys, "lint", "--system", "t9a", "--select", "undefined-reference")
    assert code == 0  # warnings and waived findings only
    assert "Infernal Brand" not in out
    assert all(" warning undefined-reference " in line for line in out.splitlines())
    assert err.endswith(" waived in t9a\n") and " 0 waived" not in err
    monkeypatch.setattr(terminal, "is_terminal", lambda: True)
    _, out, _ = run(capsys, "lint", "--system", "t9a", "--select", "undefined-reference")
    assert (
        "rules_src/t9a/army-builder-glossary-en-de.txt:622:100: waived (An army-book rule; the army books are not in "
        "this corpus.) undefined-reference 'Infernal Brand' is used here but no rule of t9a defines it"
    ) in out.splitlines()


def test_no_errors_is_status_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lint", "--system", "last-edition")
    assert code == 0
    assert err.startswith("0 errors, ")
    assert all(": warning " in line for line in out.splitlines())


# --- severity ---------------------------------------------------------------


def test_info_is_not_shown_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lint", "--system", "t9a", "--select", "reworded-definition")
    assert (code, out) == (0, "")
    assert err == (
        "0 errors, 0 warnings, 0 info, 0 waived in t9a (1 below warning not shown: --min-severity info shows every finding)\n"
    )
    _, out, err = run(capsys, "lint", "--system", "t9a", "--select", "reworded-definition", "--min-severity", "info")
    assert out.splitlines() == [
        "rules_src/t9a/universal-rules.txt:27:1: info reworded-definition 'Bodyguard' has 2 texts that differ only in "
        "wording; t9a/army-builder-glossary-en-de.txt:364: -[While] +[When]; keep one wording"
    ]
    assert err == "0 errors, 0 warnings, 1 info, 0 waived in t9a\n"


def test_min_severity_error_shows_errors_only(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--min-severity", "error", "--json")
    data = json.loads(out)
    assert code == 1
    assert {f["severity"] for f in data["findings"]} == {"error"}
    assert data["min_severity"] == "error" and data["hidden"] > 0
    assert data["counts"]["warning"] == data["counts"]["info"] == 0


def test_an_unknown_severity_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lint", "--min-severity", "note")
    assert (code, out) == (2, "")
    assert err.endswith(
        "\nreferee lint: argument --min-severity: invalid choice: 'note' (choose from 'info', 'warning', 'error')\n"
    )


# --- JSON and SARIF -----------------------------------------------------------


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "lint", "--json", "--select", "conflicting-definition", "--system", "t9a")
    data = json.loads(out)
    assert set(data) == {"systems", "min_severity", "counts", "hidden", "findings"}
    assert (data["min_severity"], data["hidden"]) == ("warning", 0)
    assert set(data["counts"]) == {"error", "warning", "info", "waived"}
    finding = next(f for f in data["findings"] if f["rule"] == "t9a/fear")
    assert set(finding) == {"code", "severity", "rule", "term", "message", "source", "related", "detail", "waived"}
    finding = next(f for f in data["findings"] if f["rule"] == "t9a/fear" and f["source"]["line"] == 58)
    assert finding["detail"] == [  # the two sentences aligned, the words that differ marked
        "line 58:                                 … unit are Shaken [and Close Combat … effects apply] until the end …",
        "t9a/army-builder-glossary-en-de.txt:200: … unit are Shaken []                                 until the end …",
    ]
    assert finding["source"] == {"file": "t9a/universal-rules.txt", "line": 58, "column": 183}
    assert finding["related"][0]["source"] == {"file": "t9a/army-builder-glossary-en-de.txt", "line": 200, "column": 183}


def test_json_lists_waived_findings_with_their_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--system", "t9a", "--select", "undefined-reference", "--json")
    data = json.loads(out)
    waived = {(f["term"], f["waived"]) for f in data["findings"] if f["waived"]}
    assert ("Infernal Brand", "An army-book rule; the army books are not in this corpus.") in waived
    assert data["counts"]["waived"] == len([f for f in data["findings"] if f["waived"]]) >= 3
    assert code == 0


def test_select_and_ignore(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "lint", "--json", "--ignore", ",".join(c for c in codes() if c != "empty-rule"))
    assert {f["code"] for f in json.loads(out)["findings"]} == {"empty-rule"}
    _, out, _ = run(capsys, "lint", "--json", "--select", "grant-cycle,unnamed-rule")
    assert {f["code"] for f in json.loads(out)["findings"]} == {"unnamed-rule"}


def test_unknown_code_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lint", "--select", "unnamed-rule,typo")
    assert (code, out) == (2, "")
    assert err == f"referee: error: --select: unknown code 'typo' (known: {', '.join(codes())})\n"


DOCS = (Path(__file__).resolve().parents[2] / "docs").as_uri() + "/"


def test_sarif(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lint", "--format", "sarif", "--system", "t9a")
    sarif = json.loads(out)
    assert code == 1
    assert sarif["version"] == "2.1.0"
    [run_] = sarif["runs"]
    assert run_["columnKind"] == "unicodeCodePoints"
    driver = run_["tool"]["driver"]
    assert driver["name"] == "referee"
    assert [r["id"] for r in driver["rules"]] == list(codes())
    level = {"error": "error", "warning": "warning", "info": "note"}
    for rule, registered in zip(driver["rules"], checks()):
        assert rule["shortDescription"] == {"text": registered.summary}
        assert rule["defaultConfiguration"] == {"level": level[registered.severity]}
        assert rule["helpUri"] == f"{DOCS}lint.md#{registered.code}"
    assert driver["informationUri"] == f"{DOCS}lint.md"
    assert run_["originalUriBaseIds"]["RULES_SRC"]["uri"] == (Path.cwd() / "rules_src").as_uri() + "/"
    result = next(r for r in run_["results"] if r["ruleId"] == "unnamed-rule")
    assert result["level"] == "error"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "t9a/universal-rules.txt", "uriBaseId": "RULES_SRC"}
    assert location["region"] == {"startLine": 20, "startColumn": 1}
    assert driver["rules"][result["ruleIndex"]]["id"] == "unnamed-rule"
    mangled = next(r for r in run_["results"] if r["properties"]["term"] == "QuicktoFire")
    assert mangled["locations"][0]["physicalLocation"]["region"] == {"startLine": 59, "startColumn": 51}
    waived = [r for r in run_["results"] if "suppressions" in r]
    assert waived and waived[0]["suppressions"][0]["kind"] == "external"
    assert {r["level"] for r in run_["results"]} <= {"error", "warning"}  # info is not shown by default


# --- waivers ------------------------------------------------------------------

MANIFEST = """id = "demo"
title = "Demo"

[[documents]]
path = "rules.txt"
format = "rules-list"
role = "universal"

[[waivers]]
code = "empty-rule"
rule = "Musician"
reason = "A command model."

[[waivers]]
code = "empty-rul"
rule = "Drummer"
reason = "A typo."

[[waivers]]
code = "dangling-reference"
term = "page XX"
reason = "Filled in at print."
"""


@pytest.fixture
def demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    write_system(tmp_path / "rules", "demo", MANIFEST, {"rules.txt": "Musician\n\nFear\n\nUnits with Fear cause Panic Tests.\n"})
    monkeypatch.chdir(tmp_path)
    return "rules"


def test_waivers_that_waive_nothing(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    code, out, err = run(capsys, "lint", "--rules-src", demo)
    assert code == 1
    assert out.splitlines() == [
        "rules/demo/system.toml:15:8: error unknown-waiver-code waiver names unknown code 'empty-rul', so it waives "
        "nothing; did you mean 'empty-rule'?",
        "rules/demo/system.toml:21:8: warning unused-waiver waiver of dangling-reference for term 'page XX' matches no "
        "finding; remove it, or correct its rule or term",
    ]
    # Musician's empty-rule is waived; Fear, which nothing uses, is an unused-definition note
    assert err == (
        "1 error, 1 warning, 0 info, 1 waived in demo (1 below warning not shown: --min-severity info shows every finding)\n"
    )


def test_an_unused_waiver_is_judged_whatever_is_selected(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    _, out, _ = run(capsys, "lint", "--rules-src", demo, "--select", "unused-waiver", "--json")
    findings = json.loads(out)["findings"]
    assert [(f["code"], f["term"], f["source"]) for f in findings] == [
        ("unused-waiver", "page XX", {"file": "demo/system.toml", "line": 21, "column": 8})
    ]


def test_a_clean_run_elsewhere_prints_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    write_system(tmp_path, "demo", MANIFEST.split("[[waivers]]")[0], {"rules.txt": "Fear\n\nUnits with Fear cause Panic Tests.\n"})
    assert run(capsys, "lint", "--rules-src", str(tmp_path), "--select", "empty-rule,dangling-reference") == (0, "", "")


# --- redefinitions ----------------------------------------------------------


def test_show_never_picks_one_of_a_name_defined_twice(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A rule defined twice in one document is a redefinition lint reports, and
    `show` names both rather than answering with either text."""
    files = {"rules.txt": "Fear\n\nSuffer -1 Discipline.\n\nTerror\n\nCauses Fear.\n\nFear\n\nSuffer -2 Discipline.\n"}
    src = write_system(tmp_path, "demo", MANIFEST, files)
    code, out, err = run(capsys, "show", "Fear", "--rules-src", str(src))
    assert code == 2 and out == ""
    assert err == (
        "referee: 'Fear' names 2 rules: demo/fear, demo/fear-2; give an id "
        "(the name is defined 2 times in demo: see referee lint's redefinition)\n"
    )
    code, out, err = run(capsys, "lint", "--rules-src", str(src), "--select", "redefinition")
    assert out.endswith(
        "/demo/rules.txt:9:1: warning redefinition 'Fear' is defined again here (previous definition at line 1), "
        "as a second rule, demo/fear-2 (2 rules of this name); a name names one rule: merge them, or give each its own name\n"
    )


# --- manifest problems and waivers of one place -------------------------------


def test_a_manifest_problem_is_a_finding_and_the_run_goes_on(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """One alias with a typo stops `referee show`, but lint reports it at its
    line beside the documents' own findings."""
    text = MANIFEST.split("[[waivers]]")[0] + '[aliases.de]\n"Hellebarde" = "Halbred"\n'
    files = {"rules.txt": "Halberd\n\nAttacks made with a Halberd gain +1 Strength.\n\nMusician\n"}
    src = write_system(tmp_path, "demo", text, files)
    code, out, err = run(capsys, "show", "Halberd", "--rules-src", str(src))
    assert code == 2 and "error: alias 'Hellebarde' points at 'Halbred'" in err
    code, out, err = run(capsys, "lint", "--rules-src", str(src))
    assert code == 1
    lines = [line.split("/demo/", 1)[1] for line in out.splitlines()]
    assert lines == [
        "rules.txt:5:1: warning empty-rule 'Musician' is a heading with no text in any document of demo; add its text "
        "(or, if it is a section title, make the rules below it its sub-headings)",
        "system.toml:10:1: error manifest-problem alias 'Hellebarde' points at 'Halbred', which no document defines; "
        "did you mean 'Halberd'?; the run went on reading it as 'Halberd'",
    ]


def test_an_alias_with_a_typo_is_read_as_corrected_so_its_uses_are_not_unknown_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Like a compiler recovering past one error: the alias is reported once, and
    the rest of the run reads it as the name it most likely meant, where dropping
    it made every use of the alias an undefined reference too."""
    text = MANIFEST.split("[[waivers]]")[0] + '[aliases.en]\n"FC" = "Furious Chrage"\n'
    files = {"rules.txt": "Furious Charge\n\nA model with Furious Charge gains +1 Strength when it charges.\n\n"
             "Berserkers\n\nBerserkers have FC and Fear.\n\nFear\n\nEnemies take a Fear Test.\n"}
    src = write_system(tmp_path, "demo", text, files)
    code, out, err = run(capsys, "lint", "--rules-src", str(src), "--min-severity", "info")
    lines = [line.split("/demo/", 1)[1] for line in out.splitlines()]
    assert lines == [
        "system.toml:10:1: error manifest-problem alias 'FC' points at 'Furious Chrage', which no document defines; "
        "did you mean 'Furious Charge'?; the run went on reading it as 'Furious Charge'",
    ]


def test_a_waiver_of_one_place_or_phrase(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = MANIFEST.split("[[waivers]]")[0] + (
        '[[waivers]]\ncode = "empty-rule"\nplace = "rules.txt:5"\nreason = "A command model."\n\n'
        '[[waivers]]\ncode = "empty-rule"\nphrase = "drummer"\nreason = "Another."\n\n'
        '[[waivers]]\ncode = "empty-rule"\nplace = "rules.txt:99"\nreason = "Gone."\n'
    )
    files = {"rules.txt": "Halberd\n\nAttacks made with a Halberd gain +1 Strength.\n\nMusician\n\nDrummer\n\nBugler\n"}
    src = write_system(tmp_path, "demo", text, files)
    code, out, err = run(capsys, "lint", "--rules-src", str(src), "--format", "json")
    found = json.loads(out)["findings"]
    assert [(f["code"], f["source"]["line"], f["waived"]) for f in found] == [
        ("empty-rule", 5, "A command model."),
        ("empty-rule", 7, "Another."),
        ("empty-rule", 9, None),
        ("unused-waiver", 21, None),
    ]
    assert found[3]["message"] == (
        "waiver of empty-rule for place 'rules.txt:99' matches no finding; remove it, or correct its place"
    )


# --- failing on warnings, source lines, SARIF fingerprints ----------------------


def test_fail_on_warning(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "lint", "--system", "last-edition", "--select", "redefinition")[0] == 0
    code, out, err = run(capsys, "lint", "--system", "last-edition", "--select", "redefinition", "--fail-on", "warning")
    assert code == 1 and " warning redefinition " in out


def test_source_lines_with_a_caret_under_the_column(capsys: pytest.CaptureFixture[str]) -> None:
    """On a terminal by default, elsewhere with --source: the line, and a caret
    under the column of the word at fault."""
    code, out, _ = run(capsys, "lint", "--system", "t9a", "--select", "mangled-text", "--source")
    lines = out.splitlines()
    at = lines.index(
        'rules_src/t9a/army-builder-glossary-en-de.txt:59:51: warning mangled-text words run together: "QuicktoFire"; '
        'put the spaces back ("Quick to Fire")'
    )
    assert lines[at + 1 : at + 3] == [
        "    …Shots 1 Strength 4 Armour Penetration 2 QuicktoFire",
        "                                             ^",
    ]
    assert lines[at + 2].index("^") == lines[at + 1].index("QuicktoFire")


def test_sarif_fingerprints_survive_an_edit_elsewhere(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = MANIFEST.split("[[waivers]]")[0]
    files = {"rules.txt": "Halberd\n\nAttacks made with a Halberd gain +1 Strength.\n\nMusician\n"}
    src = write_system(tmp_path, "demo", text, files)

    def prints() -> dict[str, str]:
        _, out, _ = run(capsys, "lint", "--rules-src", str(src), "--format", "sarif", "--docs-url", "https://example.org/d")
        run_ = json.loads(out)["runs"][0]
        assert run_["tool"]["driver"]["rules"][0]["helpUri"].startswith("https://example.org/d/lint.md#")
        assert run_["originalUriBaseIds"]["RULES_SRC"]["uri"] == src.resolve().as_uri() + "/"
        return {r["message"]["text"]: r["partialFingerprints"]["refereeFinding/v1"] for r in run_["results"]}

    before = prints()
    (src / "demo" / "rules.txt").write_text("Pike\n\nA long spear.\n\n" + files["rules.txt"], encoding="utf-8")
    after = prints()
    assert before and before == after  # the finding moved 4 lines down; its fingerprint stayed


def test_a_system_whose_documents_are_all_missing_is_one_finding(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Only an unreadable manifest stops the run: a system none of whose
    documents is there is linted as empty, the others as ever."""
    files = {"rules.txt": "Halberd\n\nAttacks made with a Halberd gain +1 Strength.\n\nMusician\n"}
    src = write_system(tmp_path, "demo", MANIFEST.split("[[waivers]]")[0], files)
    write_system(src, "other", MANIFEST.split("[[waivers]]")[0].replace('"demo"', '"other"').replace("rules.txt", "gone.txt"), {})
    code, out, err = run(capsys, "lint", "--rules-src", str(src))
    assert code == 1
    lines = [line.split(str(src.name) + "/", 1)[-1] for line in out.splitlines()]
    assert [line.split(": ", 1)[0] for line in lines] == ["demo/rules.txt:5:1", "other/system.toml:5:1"]
    assert lines[1].endswith("error manifest-problem document 'gone.txt' not found; the run went on without it")
