"""`referee lint` across sources: the fixture army against its game system and Markdown rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.commands import main
from tests.battlescribe.test_adapter import _system

CODES = "undefined-unit-rule,unit-rule-parameters,broken-link,duplicate-id,source-drift"


def test_lint_reports_army_problems_across_sources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _system(tmp_path)
    code = main(["lint", "--system", "demo", "--rules-src", str(root), "--select", CODES, "--min-severity", "info", "--json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    got = [(f["code"], f["source"]["file"], f["source"]["line"], f["term"]) for f in findings]
    assert got == [
        ("undefined-unit-rule", "demo/demo-army.cat", 20, "Stubborn"),
        ("broken-link", "demo/demo-army.cat", 35, "Ethereal"),
        ("source-drift", "demo/rules.md", 3, None),
    ]
    assert code == 1  # broken-link is an error
    drift = findings[2]
    assert [r["note"] for r in drift["related"]] == [
        'core version (primary): "…Fear suffer -1 Discipline and must take a Fear Test."',
        'battlescribe version: "…Fear suffer -1 Discipline."',
    ]


def test_a_unit_rule_with_wrong_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _system(tmp_path)
    cat = root / "demo" / "demo-army.cat"
    cat.write_text(cat.read_text().replace("Marine Training, Stubborn", "Cowards (4+)"))
    main(["lint", "--system", "demo", "--rules-src", str(root), "--select", "unit-rule-parameters", "--json"])
    (finding,) = json.loads(capsys.readouterr().out)["findings"]
    assert finding["message"] == (
        "'Cowards (4+)': Cowards (X) expects a number such as 2 for X, not a roll needed ('4+') (on 'Spearmen', Spearmen > Spearman)"
    )


def test_the_xmls_own_names_are_not_mangled_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The text checks read a BattleScribe rule's description, not the file's
    lines: "includeChildSelections", "/selectionEntryGroup" and the like are the
    XML's attribute and element names (2,014 such warnings on the Ninth Age's
    six catalogues before), while a doubled word in a description is found."""
    root = _system(tmp_path)
    gst = root / "demo" / "demo.gst"
    text = gst.read_text(encoding="utf-8").replace(
        'name="Fear" publicationId="pub-core"',
        'name="Fear" publicationId="pub-core" includeChildSelections="false" includeChildForces="false"',
    )
    assert "includeChildSelections" in text
    gst.write_text(text, encoding="utf-8")
    main(["lint", "--system", "demo", "--rules-src", str(root), "--select", "mangled-text", "--json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [f for f in findings if f["source"]["file"].endswith((".gst", ".cat"))] == []
    gst.write_text(text.replace("suffer -1 Discipline", "suffer suffer -1 Discipline", 1), encoding="utf-8")
    main(["lint", "--system", "demo", "--rules-src", str(root), "--select", "mangled-text", "--json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["source"]["file"], f["term"]) for f in findings] == [("demo/demo.gst", "suffer suffer")]
