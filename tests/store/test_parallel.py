"""A build read system by system, with the effect reader in one process or on several, is the build read whole."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from referee.cli.commands import main
from referee.errors import RulesError
from referee.graph.reading import WORKERS
from referee.paths import rules_src_dir
from referee.store import database, record
from referee.store.record import Build
from referee.store.load import open_rules
from referee.store.rows import Stored
from tests.store.tables import store_tables
from tests.conftest import manifest, write_system


@pytest.fixture
def unbuilt(tmp_path: Path) -> Path:
    """A copy of the project's rules, no store of them yet: four systems, five documents, four formats."""
    return Path(shutil.copytree(rules_src_dir(), tmp_path / "rules_src"))


@pytest.fixture(scope="module")
def read_whole() -> Build:
    """The project's rules read whole, with no store."""
    return record.assemble(rules_src_dir())


@pytest.mark.parametrize("n", ["1", "2"])
def test_the_build_of_systems_is_the_build_read_whole(unbuilt: Path, read_whole: Build, private_cache: Path, monkeypatch: pytest.MonkeyPatch, n: str) -> None:
    monkeypatch.setenv(WORKERS, n)
    files: dict[str, bytes] = {}
    content = database.hashed(str(unbuilt), files)[0]
    whole = replace(read_whole, key=content)
    told: list[str] = []
    stored = open_rules(unbuilt, progress=told.append)
    built = stored.whole()
    assert built.key == content and built == whole
    assert list(built.rules) == list(whole.rules) and list(built.names) == list(whole.names)
    assert list(built.graph.relations) == list(whole.graph.relations) and list(built.armies) == list(whole.armies)
    # every document's reading is told, from whichever process read it
    assert sorted(t for t in told if not t.startswith("relations of")) == sorted(f for f in files if not f.endswith("system.toml"))
    # the store holds, row for row, what a store of the whole build holds
    assert store_tables(database.path(unbuilt), sections=False) == store_tables(Stored.of(whole)._db, sections=False)


def test_the_cli_answers_the_same_from_a_build_in_one_process_and_on_two(
    rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The store's tests' own build of the rules (the effect reader in this process, ``rules``)
    and a build of them anew with the reader on two processes: every command says the same."""
    outputs = []
    for workers_n in ("1", "2"):
        if workers_n == "2":
            monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache-2"))
        monkeypatch.setenv(WORKERS, workers_n)
        said = []
        for command in (["list", "--json"], ["graph", "--format", "json"], ["lint", "--json"], ["build", "--json"]):
            main([*command, "--rules-src", str(rules)])
            said.append(capsys.readouterr().out)
        outputs.append(said)
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0][0])["count"] > 100


def test_an_error_in_a_worker_is_the_error_of_the_serial_build(tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first failing system, in folder order, names the failure, however many processes read."""
    src = tmp_path / "src"
    write_system(src, "alpha", manifest("alpha"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    write_system(src, "beta", manifest("beta"), {"rules.txt": b"Gloom\n\n\xff bad bytes\n"})
    write_system(src, "gamma", manifest("gamma"), {"rules.txt": "   \n"})
    errors = []
    for n in ("1", "2"):
        monkeypatch.setenv(WORKERS, n)
        with pytest.raises(RulesError) as caught:
            open_rules(src, refresh=True)
        errors.append(str(caught.value))
    assert errors[0] == errors[1] and errors[0].startswith("beta/rules.txt:3: error: not valid UTF-8")


def test_a_rebuilds_frame_holds_the_texts_read(unbuilt: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A system's frame (its manifests, document summaries, army books and document texts) is
    made anew when the system is read again: the build put together from the store after an
    edit is the build read whole, the edited text included."""
    from referee.store import writer

    monkeypatch.setattr(writer, "code_key", lambda: "code")  # others editing the code mid-test forget nothing
    open_rules(unbuilt)
    doc = unbuilt / "last-edition" / "core-rules.md"
    doc.write_text(doc.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    built = open_rules(unbuilt).whole()
    assert built == record.assemble(unbuilt, built.key) and built.texts[f"last-edition/{doc.name}"].endswith("One more line.\n")
