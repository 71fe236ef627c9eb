"""The hand-written defect sets and their scorer (benchmarks/lint_defects.py), and the
hand check's drawing (benchmarks/lint_handcheck.py).

Not a test of lint: its recall on these defects is the script's figure, in
docs/lint.md. These tests pin that every defect of every set can still be planted
where it says, and that the scorer tells a found defect from a moved or changed
baseline finding and from a false alarm.
"""

from __future__ import annotations

import json

import pytest

from tests.benchmark_scripts import benchmark
from tests.conftest import RULES_SRC

defects_script = benchmark("lint_defects")
handcheck = benchmark("lint_handcheck")
# hand.json and the sets written after it (hand2.json, ...), each apart from lint's code
SETS = {path.stem: json.loads(path.read_text("utf-8"))["defects"]
        for path in sorted(defects_script.DEFECTS.parent.glob("hand*.json"))}
DEFECTS = [defect for defects in SETS.values() for defect in defects]


@pytest.mark.parametrize("name", sorted(SETS))
def test_each_set_is_forty_defects_or_more_over_every_system_and_format(name) -> None:
    defects = SETS[name]
    assert len(defects) >= 40
    assert len({d["id"] for d in defects}) == len(defects)
    others = {d["id"] for other, written in SETS.items() if other != name for d in written}
    assert not others & {d["id"] for d in defects}  # an id names one defect of all the sets
    systems = {d["file"].split("/")[0] for d in defects}
    assert systems == {"t9a", "whfb-house", "last-edition", "scrollhammer"}
    documents = {d["file"] for d in defects}
    assert {"t9a/universal-rules.txt", "t9a/army-builder-glossary-en-de.txt", "last-edition/core-rules.md",
            "whfb-house/house-rules-8th-edition.md", "scrollhammer/special-rules.wiki"} <= documents
    assert {f"{system}/system.toml" for system in systems} <= documents


@pytest.mark.parametrize("defect", DEFECTS, ids=[d["id"] for d in DEFECTS])  # ids unique across the sets too
def test_each_defect_is_found_once_and_expected_inside_its_edit(defect) -> None:
    assert defects_script.check_defect(RULES_SRC, defect) is None
    text = (RULES_SRC / defect["file"]).read_text("utf-8")
    start = text.index(defect["find"])
    edited = text.replace(defect["find"], defect["replace"], 1)
    first = edited.count("\n", 0, start) + 1
    last = first + defect["replace"].count("\n")
    expect = defect["expect"]
    assert expect["file"] == defect["file"] and first <= expect["line"] <= last
    if "columns" in expect:
        line_start = edited.rfind("\n", 0, start) + 1
        assert expect["columns"] == [start - line_start + 1, start - line_start + len(defect["replace"])]


def test_a_find_text_written_twice_cannot_be_planted() -> None:
    twice = {"id": "twice", "file": "t9a/universal-rules.txt", "find": "Panic Tests"}
    assert "occurs" in defects_script.check_defect(RULES_SRC, twice)


def _finding(code: str, line: int, term: str | None = None, column: int = 1, file: str = "demo/rules.txt") -> dict:
    return {"code": code, "term": term, "message": "", "source": {"file": file, "line": line, "column": column}}


def test_the_scorer_moves_the_baseline_below_the_edit_and_finds_the_new_finding(tmp_path) -> None:
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "rules.txt").write_text("Fear\n\nCauses Fear.\n\nTerror\n\nCauses Terror.\n", "utf-8")
    defect = {"id": "d", "kind": "k", "file": "demo/rules.txt", "find": "Causes Fear.\n",
              "replace": "Causes Fear.\n\nCauses Fear.\n", "expect": {"file": "demo/rules.txt", "line": 5, "code": "repeated-text"}}
    baseline = [_finding("unused-definition", 5, "Terror"), _finding("conflicting-definition", 1, "a")]
    findings = [_finding("unused-definition", 7, "Terror"), _finding("conflicting-definition", 1, "b"),
                _finding("repeated-text", 5, "Causes Fear."), _finding("mangled-text", 9, "x")]
    result = defects_script.score(defect, baseline, findings, tmp_path)
    assert [f["code"] for f in result.found] == ["repeated-text"]
    assert result.changed == 1  # the conflicting definition's term changed on its line: not a false alarm
    assert [f["code"] for f in result.false_alarms] == ["mangled-text"]


def test_the_scorer_counts_another_code_at_the_place_as_placed_and_holds_to_the_columns(tmp_path) -> None:
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "page.wiki").write_text("'''A''' one. '''B''' two.", "utf-8")
    expect = {"file": "demo/page.wiki", "line": 1, "columns": [14, 26], "code": "redefinition"}
    defect = {"id": "d", "kind": "k", "file": "demo/page.wiki", "find": "'''B''' two.",
              "replace": "'''A''' two. '''B''' two.", "expect": expect}
    placed = [_finding("empty-rule", 1, "A", column=14, file="demo/page.wiki")]
    assert defects_script.score(defect, [], placed, tmp_path).placed == placed
    outside = [_finding("redefinition", 1, "A", column=1, file="demo/page.wiki")]
    result = defects_script.score(defect, [], outside, tmp_path)
    assert not result.found and result.false_alarms == outside


def test_the_hand_check_draws_one_per_code_and_the_rest_in_proportion() -> None:
    shares = handcheck.quotas({"a": 30, "b": 10, "c": 1}, 10)
    assert shares == {"a": 6, "b": 3, "c": 1}  # one each, then 7 shared as 29 : 9 : 0
    findings = [{"code": code, "message": str(i), "term": None, "source": {"file": "f", "line": i, "column": 1}}
                for code, n in (("a", 30), ("b", 10), ("c", 1)) for i in range(n)]
    drawn = handcheck.draw(findings, 10, seed=26)
    assert drawn == handcheck.draw(list(reversed(findings)), 10, seed=26)  # the order read in does not matter
    assert drawn != handcheck.draw(findings, 10, seed=27)
    assert sorted({f["code"] for f in drawn}) == ["a", "b", "c"] and len(drawn) == 10


def test_a_finding_on_the_last_line_of_an_edit_moves_with_the_text_after_it(tmp_path) -> None:
    """The edit ends in a heading it keeps ("Terror"): that heading's finding moves down with it."""
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "rules.txt").write_text("Fear\n\nCauses Fear.\n\nTerror\n\nCauses Terror.\n", "utf-8")
    defect = {"id": "d", "kind": "k", "file": "demo/rules.txt", "find": "Causes Fear.\n\nTerror",
              "replace": "Causes Fear.\n\nFear\n\nCauses Panic.\n\nTerror",
              "expect": {"file": "demo/rules.txt", "line": 5, "code": "redefinition"}}
    baseline = [_finding("unused-definition", 5, "Terror")]
    related = [{"rule": "demo/fear", "source": {"file": "demo/rules.txt", "line": 5, "column": 1}, "note": ""}]
    findings = [_finding("unused-definition", 9, "Terror"), _finding("redefinition", 5, "Fear"),
                dict(_finding("conflicting-definition", 1, "Fear"), related=related)]
    result = defects_script.score(defect, baseline, findings, tmp_path)
    assert [f["code"] for f in result.found] == ["redefinition"]
    assert result.false_alarms == []
    assert [f["code"] for f in result.pointing] == ["conflicting-definition"]  # the other version's side


def test_an_insertion_that_happens_to_share_letters_with_the_heading_after_it_moves_that_heading(tmp_path) -> None:
    """"Hass" inserted before "Higher Calibre": the two share an "H", but the heading is kept whole."""
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "glossary.txt").write_text("Hass\n\nText.\n\nHigher Calibre\n\nMore.\n", "utf-8")
    defect = {"id": "d", "kind": "k", "file": "demo/glossary.txt", "find": "Higher Calibre\n\nMore.",
              "replace": "Hass\n\nOther text.\n\nHigher Calibre\n\nMore.",
              "expect": {"file": "demo/glossary.txt", "line": 5, "code": "redefinition"}}
    baseline = [_finding("unused-definition", 5, "Higher Calibre", file="demo/glossary.txt")]
    findings = [_finding("unused-definition", 9, "Higher Calibre", file="demo/glossary.txt")]
    assert defects_script.score(defect, baseline, findings, tmp_path).false_alarms == []
