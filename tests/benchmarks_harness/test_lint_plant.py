"""The planted-defect harness (benchmarks/lint_plant.py) plants what it says it plants.

Not a test of lint's recall: that is the harness's figure, in docs/lint.md.
These tests pin the planter: the same seed plants the same defects, and each
planted file differs from the original only at the place the planting names.
"""

from __future__ import annotations

import tomllib

import pytest

from tests.benchmark_scripts import benchmark
from tests.conftest import RULES_SRC

plant = benchmark("lint_plant")


@pytest.fixture(scope="module")
def systems():
    return plant.read_corpus(RULES_SRC)


def _signature(planting) -> tuple:
    return (planting.kind, planting.file, planting.line, planting.column, planting.what, planting.edits)


def test_a_seed_plants_the_same_defects_every_time(systems) -> None:
    first = [_signature(p) for p in plant.plan(systems, 3, list(plant.KINDS))]
    again = [_signature(p) for p in plant.plan(plant.read_corpus(RULES_SRC), 3, list(plant.KINDS))]
    assert first == again
    assert first != [_signature(p) for p in plant.plan(systems, 4, list(plant.KINDS))]


def test_a_planting_does_not_depend_on_the_other_kinds_run(systems) -> None:
    alone = [_signature(p) for p in plant.plan(systems, 2, [plant.KIND_BY_NAME["misspelled-name"]])]
    among = [_signature(p) for p in plant.plan(systems, 2, list(plant.KINDS)) if p.kind == "misspelled-name"]
    assert alone == among


# What rules_src does not have, so a kind cannot plant it there.
NOTHING_TO_PLANT_IN = {
    ("bad-parameters", "rules-list"): "no rule of t9a records a parameter signature",
    ("bad-parameters", "glossary"): "no rule of t9a records a parameter signature",
    ("misspelled-name-in-list", "markdown"): "the Markdown rules write no list of rule names in running text",
}


def test_every_kind_plants_in_every_format_it_names(systems) -> None:
    formats = {d.format for s in systems for d in s.documents} | {"manifest"}
    planted: dict[str, set[str]] = {}
    for seed in (1, 2, 3):
        for p in plant.plan(systems, seed, list(plant.KINDS)):
            system = next(s for s in systems if s.id == p.system)
            fmt = "manifest" if p.document == system.manifest_path else system.document(p.document).format
            planted.setdefault(p.kind, set()).add(fmt)
    missing = {(k.name, f) for k in plant.KINDS for f in set(k.formats) & formats if f not in planted.get(k.name, set())}
    assert missing == set(NOTHING_TO_PLANT_IN)


@pytest.mark.parametrize("seed", [1, 101])
def test_a_planted_file_differs_only_where_the_planting_says(systems, seed) -> None:
    by_id = {s.id: s for s in systems}
    plantings = plant.plan(systems, seed, list(plant.KINDS))
    assert len(plantings) > 60
    for p in plantings:
        system = by_id[p.system]
        files = plant.planted_files(p, system)
        assert set(files) == {e.file for e in p.edits}
        assert p.file in files
        for file, new in files.items():
            old = plant.original_text(system, file)
            if file in p.new_files:
                assert old == "" and new
                continue
            (edit,) = [e for e in p.edits if e.file == file]
            assert new != old, (p.kind, p.what)
            starts = plant.line_starts(new)
            first, _ = plant.to_position(starts, edit.start)
            last, _ = plant.to_position(starts, edit.start + max(len(edit.text) - 1, 0))
            old_lines, new_lines = old.split("\n"), new.split("\n")
            # every line before the edited ones, and every line after them, is the original's
            assert new_lines[: first - 1] == old_lines[: first - 1], (p.kind, p.what)
            tail = len(new_lines) - last
            assert new_lines[last:] == old_lines[len(old_lines) - tail :], (p.kind, p.what)
            # and putting the original text back where the edit stands gives the original
            assert new[: edit.start] + old[edit.start : edit.end] + new[edit.start + len(edit.text) :] == old
            if file == p.file:
                assert first <= p.line <= last, (p.kind, p.what, p.line, first, last)
                assert edit.start <= p.at_end and p.at <= edit.start + max(len(edit.text), 1), (p.kind, p.what)
            if file.endswith("system.toml"):
                tomllib.loads(new)  # still a manifest TOML can read


def test_a_misspelling_is_no_name_the_system_knows(systems) -> None:
    by_id = {s.id: s for s in systems}
    for seed in (1, 2, 3, 4, 5):
        for p in plant.plan(systems, seed, [plant.KIND_BY_NAME["misspelled-name"], plant.KIND_BY_NAME["misspelled-name-in-list"]]):
            written = p.edits[0].text
            assert plant.fold(written) not in by_id[p.system].known, p.what


def test_a_finding_of_the_unplanted_run_moves_with_its_text() -> None:
    edits = [plant.Edit("f", 10, 10, "abc"), plant.Edit("f", 20, 25, "x")]
    assert plant.shift(5, edits) == 5
    assert plant.shift(10, edits) == 13  # text at an insertion point moves after it
    assert plant.shift(22, edits) == 23  # inside replaced text: at the replacement
    assert plant.shift(30, edits) == 29


def test_the_table_counts_plantings_found_and_false_alarms_per_kind() -> None:
    records = [
        {"kind": "doubled-word", "format": "markdown", "found": True, "false_alarms": []},
        {"kind": "doubled-word", "format": "mediawiki", "found": False, "false_alarms": [{"code": "x"}]},
        {"kind": "empty-rule", "format": "markdown", "found": True, "false_alarms": []},
    ]
    kinds = [plant.KIND_BY_NAME["doubled-word"], plant.KIND_BY_NAME["empty-rule"]]
    assert plant.table(records, kinds).split("\n")[2:] == [
        "| doubled-word | 2 | 1 | 50 % | 1 (50 %) |",
        "| empty-rule | 1 | 1 | 100 % | 0 (0 %) |",
        "| **all** | 3 | 2 | 67 % | 1 (33 %) |",
    ]
    assert "| doubled-word (mediawiki) | 1 | 0 | 0 % | 1 (100 %) |" in plant.table(records, kinds, by_format=True)
