"""The effect reader on every core (:mod:`referee.graph.reading`): the same relations and
sentences as reading each rule with :func:`~referee.graph.effects.read_rule`.  What an edit
reads again is the store's to say (tests/store/test_kept_parts.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.graph import reading
from referee.graph.effects import read_rule
from referee.graph.lexer import Names
from referee.graph.reading import Readings, chunks
from referee.rulebase import Rulebase
from referee.rulebase.base import build_rulebase
from tests.benchmark_scripts import benchmark
from tests.conftest import RULES_SRC


def _serial(rb: Rulebase, system: str) -> list[object]:
    core = rb.manifests[system].core_terms
    return [read_rule(rule, Names(rb.names[system], core, rule.id), rb.texts) for rule in rb.in_system(system)]


def _read(rb: Rulebase, system: str, **kwargs: object) -> tuple[list[object], Readings]:
    readings = Readings(rb, system, **kwargs)  # type: ignore[arg-type]
    found = [readings(rule) for rule in rb.in_system(system)]
    readings.close()
    return found, readings


@pytest.fixture(scope="module")
def corpus() -> Rulebase:
    return build_rulebase(RULES_SRC)


SMALL_CUT = 16  # the tests of one big document cut it into chunks of about a quarter of the usual size


@pytest.fixture(scope="module")
def one_document(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """500 synthetic rules of one system in one Markdown document: about fifteen chunks at
    :data:`SMALL_CUT` (1,200 rules made eleven at the usual cut, for more than twice the reading)."""
    folder = tmp_path_factory.mktemp("one-document")
    benchmark("synthetic").write_rules_src(folder, 500, fmt="one-document")
    return folder


def test_two_workers_read_rules_src_as_one_process_does(corpus: Rulebase) -> None:
    for system in corpus.systems:
        found, readings = _read(corpus, system, workers=2)
        assert found == _serial(corpus, system), system
        if len(readings.chunks) > 2:
            assert readings.read_by_workers == len(readings.chunks) - 1, system  # the first chunk's rules are read here
            assert readings.alone == len(readings.chunks[0]) and readings.read_here == 0


def test_two_workers_read_one_big_document_as_one_process_does(one_document: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "CUT", SMALL_CUT)
    rb = build_rulebase(one_document)
    found, readings = _read(rb, "synth", workers=2)
    assert len(readings.chunks) > 10
    assert readings.read_by_workers == len(readings.chunks) - 1
    assert found == _serial(rb, "synth")


def test_a_system_too_small_for_a_pool_is_read_here(corpus: Rulebase, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(reading.WORKERS, raising=False)
    system = max(corpus.systems, key=lambda s: len(list(corpus.in_system(s))))
    assert len(list(corpus.in_system(system))) < reading.POOL_RULES
    _, readings = _read(corpus, system)
    assert readings.read_by_workers == 0 and readings.alone == len(list(corpus.in_system(system)))


def test_chunks_follow_reading_order_and_documents(corpus: Rulebase) -> None:
    for system in corpus.systems:
        rules = list(corpus.in_system(system))
        cut = chunks(rules)
        assert [rule for chunk in cut for rule in chunk] == rules
        for chunk in cut:
            assert len({rule.source.file for rule in chunk}) == 1
            assert len(chunk) <= reading.CHUNK_MOST


def _dies(i: int) -> bytes:
    os._exit(1)  # a worker killed from outside


def test_a_worker_killed_leaves_the_chunks_to_this_process(corpus: Rulebase, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "_read_chunk", _dies)
    system = max(corpus.systems, key=lambda s: len(list(corpus.in_system(s))))
    found, readings = _read(corpus, system, workers=2)
    assert found == _serial(corpus, system)
    assert readings.read_by_workers == 0 and readings.read_here > 0
