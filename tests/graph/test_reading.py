"""The effect reader on every core and with a store of chunks read before
(:mod:`referee.graph.reading`): the same relations and sentences as reading
each rule with :func:`~referee.graph.effects.read_rule`, and after an edit
only the chunk it touched is read again."""

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


def test_an_edit_reads_again_only_the_chunk_it_touched(one_document: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "CUT", SMALL_CUT)
    store: dict[str, bytes] = {}
    rb = build_rulebase(one_document)
    cold, first = _read(rb, "synth", store=store, code="c1", workers=1)
    assert first.read_here == len(first.chunks) == len(store) and first.alone == 0

    again, second = _read(rb, "synth", store=store, code="c1", workers=2)  # nothing changed: all from the store
    assert again == cold
    assert second.recalled == len(second.chunks) and second.read_here == second.read_by_workers == 0

    # One sentence added within a line in the middle of the document.
    edited = tmp_path / "edited"
    (edited / "synth").mkdir(parents=True)
    (edited / "synth" / "system.toml").write_bytes((one_document / "synth" / "system.toml").read_bytes())
    text = (one_document / "synth" / "rules.md").read_text(encoding="utf-8")
    at = text.index(".", len(text) // 2) + 1
    (edited / "synth" / "rules.md").write_text(text[:at] + " Models with it may reroll failed Panic Tests." + text[at:], encoding="utf-8")
    rb = build_rulebase(edited)
    found, third = _read(rb, "synth", store=store, code="c1", workers=2)
    assert third.read_here + third.read_by_workers == 1
    assert third.recalled == len(third.chunks) - 1
    assert found == _serial(rb, "synth")
    assert found != cold

    # Other code: nothing recalled.  The code is in the part of the key every chunk shares, so
    # the first and the last chunk (read here, not from the store: the same readings) show it.
    other_code = Readings(rb, "synth", store=store, code="c2", workers=1)
    first, last = other_code.chunks[0], other_code.chunks[-1]
    assert [other_code(rule) for rule in first] == found[: len(first)]
    assert [other_code(rule) for rule in last] == found[-len(last) :]
    other_code.close()
    assert other_code.recalled == 0 and other_code.read_here == 2


def test_a_store_that_fails_only_costs_speed(corpus: Rulebase) -> None:
    class Broken(dict):  # type: ignore[type-arg]
        def get(self, key: object, default: object = None) -> object:
            raise OSError("disk gone")

        def __setitem__(self, key: object, value: object) -> None:
            raise OSError("disk full")

    system = corpus.systems[0]
    found, _ = _read(corpus, system, store=Broken(), workers=1)
    assert found == _serial(corpus, system)


def _dies(i: int) -> bytes:
    os._exit(1)  # a worker killed from outside


def test_a_worker_killed_leaves_the_chunks_to_this_process(corpus: Rulebase, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reading, "_read_chunk", _dies)
    system = max(corpus.systems, key=lambda s: len(list(corpus.in_system(s))))
    found, readings = _read(corpus, system, workers=2)
    assert found == _serial(corpus, system)
    assert readings.read_by_workers == 0 and readings.read_here > 0
