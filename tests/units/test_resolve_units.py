"""``referee resolve --unit`` / ``--vs-unit``: a unit's rules, and its weapons' and options', from army data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import commands as cli


def _resolve(capsys: pytest.CaptureFixture[str], rules_src: Path, *args: str) -> tuple[int, str, str]:
    code = cli.main(["resolve", "--system", "demo", "--rules-src", str(rules_src), *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_unit_rules_with_what_carries_each(rules_src: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _resolve(capsys, rules_src, "--unit", "SPEARMEN", "--army", "demo army", "--json")
    assert code == 0
    data = json.loads(out)
    mine = {e["name"]: e for e in data["in_play"]["self"]}
    assert list(mine) == ["Fly", "Fear", "Aegis", "Marine Training", "Spear"]
    assert mine["Spear"]["carriers"] == [
        {"unit": "Spearmen", "weapon": "Spear", "part": None, "text": "Spear", "params": [], "source": {"file": "demo/demo-army.cat", "line": 42, "column": 9}}
    ]
    assert mine["Aegis"]["carriers"][0]["weapon"] is None and mine["Aegis"]["params"] == [["4+"]]
    assert mine["Fly"]["via"] == [] and mine["Fly"]["params"] == [['9"', '9"']]
    assert data["unit"] == {
        "name": "Spearmen",
        "army": "Demo Army",
        "source": {"file": "demo/demo-army.cat", "line": 9, "column": 5},
        "not_ruled": [
            {
                "unit": "Spearmen",
                "weapon": None, "part": None,
                "text": "Stubborn",
                "source": {"file": "demo/demo-army.cat", "line": 20, "column": 13},
                "reason": "no rule of demo defines 'Stubborn'",
            }
        ],
    }
    assert data["vs_unit"] is None and data["vs"] is None
    assert [m["stat"] for m in data["modifiers"]] == ["Discipline"]


def test_keywords_give_no_unit_and_empty_carriers(rules_src: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _resolve(capsys, rules_src, "Fear", "--json")
    data = json.loads(out)
    assert code == 0 and data["unit"] is None and data["in_play"]["self"][0]["carriers"] == []


def test_unit_against_unit_names_both(rules_src: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _resolve(capsys, rules_src, "--unit", "wraith lord", "--vs-unit", "Spearmen", "--army", "Rival Army")
    assert code == 0
    assert out.startswith("Ruling (demo): Wräith Lord (Rival Army) against Spearmen (Rival Army)\nYou: Fear\nOpponent: Cowards (X) (3) (from Craven Banner)\n")


def test_text_lists_what_is_not_ruled_on(rules_src: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _resolve(capsys, rules_src, "--unit", "Ghost")
    assert code == 0
    assert out.splitlines()[:2] == [
        "Ruling (demo): Ghost (Demo Army)",
        "Not ruled on: Ethereal (Ghost, demo/demo-army.cat:35:9): no rule of demo defines 'Ethereal' "
        "(its infoLink points at id 'r-nowhere', which no file of the system defines)",
    ]


def test_markdown_names_the_unit(rules_src: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _resolve(capsys, rules_src, "--unit", "Spearmen", "--army", "Demo Army", "--format", "markdown", "--site-url", "http://x/")
    assert code == 0 and out.startswith("**Ruling** (demo): Spearmen (Demo Army)\n")
    assert "[Spear](http://x/rules/demo/spear.html) (from Spear)" in out


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--unit", "Spearman"], "referee: error: --unit: no unit named 'Spearman' in demo; did you mean Spearmen?\n"),
        (["--unit", "wrath"], "referee: error: --unit: no unit named 'wrath' in demo; did you mean Wräith Lord?\n"),
        (["--unit", "Zzyzx"], "referee: error: --unit: no unit named 'Zzyzx' in demo\n"),
        (["Fear", "--vs-unit", "Nobody"], "referee: error: --vs-unit: no unit named 'Nobody' in demo\n"),
        (
            ["--unit", "Spearmen"],
            "referee: error: --unit: 'Spearmen' names units of 2 armies of demo: Demo Army (demo/demo-army.cat:9); "
            "Rival Army (demo/rivals.cat:4); give --army NAME\n",
        ),
        (["Fear", "--unit", "Ghost"], "referee: error: resolve: give KEYWORDS or --unit, not both\n"),
        (["Fear", "--vs", "Fear", "--vs-unit", "Ghost"], "referee: error: resolve: give --vs or --vs-unit, not both\n"),
        (["Fear", "--army", "Demo Army"], "referee: error: resolve: --army names the army of --unit or --vs-unit; give one\n"),
        (["--unit", " "], "referee: error: --unit is empty: give a unit's name, as its army data writes it\n"),
    ],
)
def test_bad_units_are_one_line_exit_2(args: list[str], error: str, rules_src: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _resolve(capsys, rules_src, *args)
    assert (code, out, err) == (2, "", error)


def test_a_system_without_army_data_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["resolve", "--system", "t9a", "--unit", "Spearmen"]) == 2
    assert capsys.readouterr().err == (
        "referee: error: --unit: no unit named 'Spearmen' in t9a "
        "(t9a has no army data: import some with `referee import battlescribe`)\n"
    )
