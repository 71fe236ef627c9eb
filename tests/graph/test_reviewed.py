"""The rule graph against a hand-checked table (tests/graph/reviewed_relations.toml).

First, the table itself: each sentence stands in its document at its line,
each rule id exists in the build, every kind and every system is covered and
conditions use the situation vocabulary.  Then the comparison: for each
reviewed relation the build must have read the same kind, source, target and
direction from that sentence, with the same subject and conditions; from each
negative sentence it must have read no typed relation.

The comparison is the one benchmarks/graph_precision.py scores with (that
file is loaded here).  An entry the reader is known to miss carries a
``known_gap = "..."`` key in the table and is then expected to fail
(strict xfail): remove the key once the reader gets it right.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from referee.store.record import Build
from referee.graph.situations import SITUATIONS
from referee.model import RELATION_KINDS
from tests.benchmark_scripts import benchmark

PROJECT = Path(__file__).resolve().parents[2]
RULES_SRC = PROJECT / "rules_src"


precision = benchmark("graph_precision")
RELATIONS, NEGATIVES = precision.load_table()
SYSTEMS = {"t9a", "whfb-house", "last-edition", "scrollhammer"}

RELATION_KEYS = {"system", "file", "line", "column", "sentence", "rule", "source", "kind", "target", "target_name",
                 "details", "subject", "conditions", "note", "known_gap"}  # fmt: skip
NEGATIVE_KEYS = {"system", "file", "line", "column", "sentence", "source", "note", "not", "known_gap"}
RULE_VALUED = {"against", "except-against", "unit-entirely", "unit-more-than-half", "with"}
NEEDS_VALUE = RULE_VALUED | {"unless", "natural-roll", "game-turn"}
PAGE = re.compile(r"^(?P<system>[\w-]+)/page:(?P<page>\S+)$")


def _id(entry: dict[str, Any], index: int) -> str:
    details = entry.get("details", {})
    what = entry.get("target") or entry.get("target_name") or details.get("action") or details.get("stat") or details.get("mode") or ""
    label = f"{entry['source']}-{entry.get('kind', 'negative')}-{what}".replace(" ", "_")
    return f"{index:03d}-{entry['file'].rsplit('/', 1)[-1]}:{entry['line']}-{label}"


def _params(entries: list[dict[str, Any]], gaps: bool = False) -> list[Any]:
    """One case per entry; with ``gaps``, an entry's ``known_gap`` makes its case a strict xfail."""
    params = []
    for index, entry in enumerate(entries):
        gap = entry.get("known_gap") if gaps else None
        marks = [pytest.mark.xfail(strict=True, reason=gap)] if gap else []
        params.append(pytest.param(entry, marks=marks, id=_id(entry, index)))
    return params


_DOCUMENTS: dict[str, str] = {}


def _document(file: str) -> str:
    """A document's text as the table's lines and columns count it."""
    if file not in _DOCUMENTS:
        _DOCUMENTS[file] = (RULES_SRC / file).read_text(encoding="utf-8")
    return _DOCUMENTS[file]


# -- the table is well-formed -----------------------------------------------------------


def test_table_size_and_coverage() -> None:
    assert len(RELATIONS) >= 70
    assert len(NEGATIVES) >= 25
    assert {e["kind"] for e in RELATIONS} == set(RELATION_KINDS), "every kind of relation is reviewed"
    assert {e["system"] for e in RELATIONS} == SYSTEMS
    assert {e["system"] for e in NEGATIVES} == SYSTEMS


def test_entries_have_their_keys() -> None:
    for entry in RELATIONS:
        entry_label = precision.entry_label(entry)
        assert set(entry) <= RELATION_KEYS, (entry_label, set(entry) - RELATION_KEYS)
        for key in ("system", "file", "line", "sentence", "source", "kind", "conditions", "note"):
            assert key in entry, (entry_label, key)
        assert entry["kind"] in RELATION_KINDS, entry_label
        assert entry["note"].strip(), entry_label
        assert isinstance(entry["conditions"], list)
        if entry["kind"] in precision.TARGETLESS_DETAILS and "target" not in entry:
            for key in precision.TARGETLESS_DETAILS[entry["kind"]]:
                assert entry.get("details", {}).get(key), (entry_label, f"a targetless {entry['kind']} needs {key}")
        if entry["kind"] in ("excludes", "overrides", "references", "part-of", "amends"):
            assert entry.get("target"), (entry_label, "this kind needs a target")
        if entry["kind"] in ("grants", "loses", "immune-to") and "target" not in entry:
            assert entry.get("target_name"), (entry_label, "a target left empty keeps its words in target_name")
        if "target_name" in entry:
            assert "target" not in entry, (entry_label, "target_name is for a target left empty")
        if "subject" in entry:
            assert entry["subject"].strip(), entry_label
    for entry in NEGATIVES:
        assert set(entry) <= NEGATIVE_KEYS, (entry["sentence"], set(entry) - NEGATIVE_KEYS)
        for key in ("system", "file", "line", "sentence", "source", "note"):
            assert key in entry, (entry["sentence"], key)
        for pair in entry.get("not", []):
            assert pair["kind"] in RELATION_KINDS and set(pair) <= {"kind", "target"}, pair


def test_no_entry_twice() -> None:
    def key(entry: dict[str, Any]) -> tuple:
        return (entry["file"], entry["line"], entry.get("column"), entry["sentence"], entry.get("rule"), entry["source"],
                entry.get("kind"), entry.get("target"), tuple(sorted(entry.get("details", {}).items())),
                tuple(sorted(entry.get("conditions", []))))  # fmt: skip

    counts = Counter(key(e) for e in [*RELATIONS, *NEGATIVES])
    assert not [k for k, n in counts.items() if n > 1]


@pytest.mark.parametrize("entry", _params(RELATIONS + NEGATIVES))
def test_sentence_stands_at_its_line(entry: dict[str, Any]) -> None:
    assert entry["file"].split("/", 1)[0] == entry["system"]
    text = _document(entry["file"])
    sentence, line, column = entry["sentence"], entry["line"], entry.get("column")
    if entry["system"] == "scrollhammer":
        assert column, "scrollhammer's page is one line: give the column"
    places = []
    start = text.find(sentence)
    while start >= 0:
        line_start = text.rfind("\n", 0, start) + 1
        places.append((text.count("\n", 0, start) + 1, start - line_start + 1))
        start = text.find(sentence, start + 1)
    assert places, f"not in {entry['file']}: {sentence!r}"
    assert any(at == line and (column is None or col == column) for at, col in places), (
        f"{sentence[:60]!r} stands at {places}, not at line {line}" + (f" column {column}" if column else "")
    )


def test_rule_ids_exist(rulebase: Build) -> None:
    def check(rule_id: str, system: str, what: str) -> None:
        rule = rulebase.get(rule_id)
        assert rule is not None, f"{what} {rule_id!r} is no rule of the build"
        assert rule.system == system, f"{what} {rule_id!r} is not a rule of {system}"

    for entry in RELATIONS:
        system = entry["system"]
        check(entry["source"], system, "source")
        check(precision.citing_rule(entry), system, "rule")
        target = entry.get("target")
        if target is None:
            continue
        page = PAGE.match(target)
        if page:
            amended = rulebase.get(entry["source"])
            assert entry["kind"] == "amends" and page["system"] == system, target
            assert amended is not None and amended.amends and page["page"] in amended.amends.pages, target
        else:
            check(target, system, "target")
    for entry in NEGATIVES:
        check(entry["source"], entry["system"], "source")
        for pair in entry.get("not", []):
            if "target" in pair:
                check(pair["target"], entry["system"], "not-target")


@pytest.mark.parametrize("entry", _params(RELATIONS + NEGATIVES))
def test_sentence_is_in_its_rule(rulebase: Build, entry: dict[str, Any]) -> None:
    """The sentence is the citing rule's: in one of its texts, or (part-of, amends) its heading."""
    rule = rulebase.get(precision.citing_rule(entry))
    assert rule is not None
    said = precision.squeeze(entry["sentence"])
    if entry.get("kind") in ("part-of", "amends"):
        headings = [rule.name, *(v.heading or "" for v in rule.versions)]
        assert any(precision.squeeze(h) and precision.squeeze(h) in said for h in headings), (rule.id, entry["sentence"])
        return
    texts = [rule.text, *(v.text for v in rule.versions)]
    assert any(said in precision.squeeze(t) for t in texts), f"{entry['sentence'][:60]!r} is not in the text of {rule.id}"


def test_conditions_use_the_situation_vocabulary(rulebase: Build) -> None:
    for entry in RELATIONS:
        for text in entry["conditions"]:
            situation, colon, value = text.partition(":")
            assert situation in SITUATIONS, (precision.entry_label(entry), text)
            if situation in NEEDS_VALUE or situation == "other":
                assert colon and value.strip(), (precision.entry_label(entry), f"{situation} needs a value")
            else:
                assert not colon, (precision.entry_label(entry), f"{situation} takes no value")
            if situation == "against" and "/" not in value:  # a core game term of the system, folded
                from referee.text import fold

                terms = {fold(t) for t in rulebase.manifests[entry["system"]].core_terms}
                assert value in terms or value.rstrip("s") in terms or value + "s" in terms, (precision.entry_label(entry), text)
            elif situation in RULE_VALUED:
                rule = rulebase.get(value)
                assert rule is not None and rule.system == entry["system"], (precision.entry_label(entry), text)
            if situation == "unless" and "/" in value:
                rule = rulebase.get(value)
                assert rule is not None and rule.system == entry["system"], (precision.entry_label(entry), text)
        assert len(set(entry["conditions"])) == len(entry["conditions"]), precision.entry_label(entry)


# -- the build against the table ----------------------------------------------------------


@pytest.mark.parametrize("entry", _params(RELATIONS, gaps=True))
def test_reviewed_relation(rulebase: Build, entry: dict[str, Any]) -> None:
    verdict = precision.judge(rulebase.relations(entry["system"]), entry)
    assert verdict.outcome == "right", f"{precision.entry_label(entry)} ({precision.entry_where(entry)}): {verdict.outcome}: {verdict.reason}"


@pytest.mark.parametrize("entry", _params(NEGATIVES, gaps=True))
def test_reviewed_negative(rulebase: Build, entry: dict[str, Any]) -> None:
    verdict = precision.judge_negative(rulebase.relations(entry["system"]), entry)
    assert verdict.outcome == "right", f"[{entry['source']}] {precision.entry_where(entry)}: {verdict.reason}"
