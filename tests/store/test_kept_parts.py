"""The build gives its store to what reads parts of documents (the Markdown adapter's
chunks of sections, ``markdown`` rows of the memo): an edit reads again only the part
it touched, a change of Referee's code reads everything anew, and what comes out is
what a build without any store gives, byte for byte, as the CLI prints it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from referee.cli.commands import main
from referee.graph import effects
from referee.graph import reading
from referee.graph.reading import WORKERS
from referee.sources import markdown
from referee.store import database, record, writer
from referee.store.load import close_opened, open_rules
from referee.store.record import Build
from tests.benchmark_scripts import benchmark
from tests.store.edits import edit

CORE = "last-edition/core-rules.md"
COMMANDS = (["list", "--json"], ["graph", "--format", "json"])




def _sections_read(src: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Build ``src``: the (document, line) of every Markdown section the adapter read."""
    read: list[tuple[str, int]] = []
    real = markdown._section_rule

    def counted(doc, section, *args):  # type: ignore[no-untyped-def]
        read.append((doc.path, section.line))
        return real(doc, section, *args)

    monkeypatch.setattr(markdown, "_section_rule", counted)
    open_rules(src, refresh=True)  # the stamp does not know the code key the test sets
    close_opened()
    monkeypatch.setattr(markdown, "_section_rule", real)
    return read


def _said(src: Path, capsys: pytest.CaptureFixture[str]) -> tuple[list[str], Build]:
    """What the CLI prints of the rules of ``src``, and the build its store holds: every rule,
    relation and text, all that ``referee lint`` and the site read (linting both builds
    again would only say that the same build lints the same, at 1.7 s a time)."""
    out = []
    for command in COMMANDS:
        main([*command, "--rules-src", str(src)])
        out.append(capsys.readouterr().out)
    built = open_rules(src).whole()
    close_opened()
    return out, built


def _markdown_rows(src: Path) -> int:
    db = sqlite3.connect(database.path(src))
    try:
        return db.execute("SELECT count(*) FROM memo WHERE kind = 'markdown'").fetchone()[0]
    finally:
        db.close()


def test_an_edit_reads_again_one_chunk_of_sections_and_a_code_change_all(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = _markdown_rows(rules)  # the store of the code "code" keeps the document's chunks
    assert rows >= 2
    edit(rules / CORE, "Models on these terrain bases see and are visible", "Models on these terrain bases see, and are visible")
    read = [line for path, line in _sections_read(rules, monkeypatch) if path == CORE]
    assert _markdown_rows(rules) == rows  # the edited chunk's row replaced
    # Another code: the adapter's keys are the same, the salt is not, so nothing is recalled
    every = len([line for path, line in _sections_read(rules, _refresh(monkeypatch, "newer code")) if path == CORE])
    assert every > 50 and 0 < len(read) < every / 2  # the edit: the chunk of sections holding it
    assert _markdown_rows(rules) == rows  # the old code's rows are gone with it


def _refresh(monkeypatch: pytest.MonkeyPatch, code: str) -> pytest.MonkeyPatch:
    monkeypatch.setattr(writer, "code_key", lambda: code)
    return monkeypatch


@pytest.mark.parametrize("added", [" Models with it may reroll failed Panic Tests.", "\n\nModels with it may reroll failed Panic Tests."])
@pytest.mark.parametrize("where", ["rules_src", pytest.param("one document", marks=pytest.mark.slow)])
def test_a_rebuild_prints_what_a_build_without_a_store_prints(
    where: str, added: str, rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sentence added within a line, or as a paragraph of its own (every rule below it moved)."""
    if where == "one document":
        rules = tmp_path / "one"
        benchmark("synthetic").write_rules_src(rules, 1500, fmt="one-document")
        document = rules / "synth" / "rules.md"
    else:
        document = rules / CORE
    _said(rules, capsys)  # the store filled
    text = document.read_text(encoding="utf-8")
    at = text.index(".", len(text) // 2) + 1
    document.write_text(text[:at] + added + text[at:], encoding="utf-8")
    rebuilt = _said(rules, capsys)
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "fresh"))
    assert rebuilt == _said(rules, capsys)
    assert any("Models with it may reroll failed Panic Tests." in rule.text for rule in open_rules(rules).whole().rules.values())
    close_opened()


def test_lines_added_in_the_middle_place_every_later_rule_where_a_cold_build_does(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A paragraph added in the middle of a one-document system moves every rule below
    it two lines down: the rebuild reads again neither their sections nor their
    sentences (:mod:`referee.graph.moved`), and places every rule, relation and
    sentence on the line, and at the column, a build from nothing does."""
    monkeypatch.setenv(WORKERS, "1")
    monkeypatch.setattr(writer, "code_key", lambda: "code")
    # 400 rules in parts of about a quarter of the usual size: about a dozen of the adapter's
    # chunks of sections and of the reader's chunks, and eight of the store's sections
    monkeypatch.setattr(markdown, "SECTIONS_CUT", 16)
    monkeypatch.setattr(reading, "CUT", 16)
    monkeypatch.setattr(record, "SECTION_RULES", 50)
    src = tmp_path / "one"
    benchmark("synthetic").write_rules_src(src, 400, fmt="one-document")
    document = src / "synth" / "rules.md"
    before = open_rules(src).whole()
    text = document.read_text(encoding="utf-8")
    at = text.index(".", len(text) // 2) + 1
    line = text.count("\n", 0, at) + 1
    document.write_text(text[:at] + "\n\nModels with it may reroll failed Panic Tests." + text[at:], encoding="utf-8")
    read: list[str] = []
    real = effects.read_rule
    monkeypatch.setattr(effects, "read_rule", lambda rule, *args: read.append(rule.id) or real(rule, *args))
    sections = _sections_read(src, monkeypatch)  # the rebuild
    monkeypatch.setattr(effects, "read_rule", real)
    rebuilt = open_rules(src).whole()
    close_opened()
    cold = record.assemble(src, rebuilt.key)
    assert rebuilt == cold  # every rule, relation and sentence, field by field
    below = [r for r in cold.in_system("synth") if r.source.line > line + 2]
    assert len(below) > 150
    for rule in below:
        assert rule.source.line == before.rules[rule.id].source.line + 2
    cited = [rel.citation for rel in cold.relations("synth") if rel.citation.line > line + 2]
    assert len(cited) > 150 and [c.line for c in cited] == [
        c.line + 2 for c in (rel.citation for rel in before.relations("synth")) if c.line > line
    ]
    chunks = _markdown_rows(src)
    assert chunks >= 8 and 0 < len(sections) < 400 / 4  # the chunk of sections holding the edit
    assert read == [r.id for r in cold.in_system("synth") if r.source.line <= line <= r.source.end_line]  # its rule alone
