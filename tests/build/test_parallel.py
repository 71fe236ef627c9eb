"""A build read system by system, with the effect reader in one process or on several, is the build read whole."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from referee.cli.commands import main
from referee.errors import RulesError
from referee.graph.reading import WORKERS
from referee.paths import rules_src_dir
from referee.store import database, record
from referee.store.load import open_rules
from referee.store.rows import Stored
from tests.build.tables import store_tables
from tests.conftest import manifest, write_system


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    """A copy of the project's rules: four systems, five documents, four formats."""
    return Path(shutil.copytree(rules_src_dir(), tmp_path / "rules_src"))


@pytest.mark.parametrize("n", ["1", "2"])
def test_the_build_of_systems_is_the_build_read_whole(rules: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch, n: str) -> None:
    monkeypatch.setenv(WORKERS, n)
    files: dict[str, bytes] = {}
    content = database.hashed(str(rules), files)[0]
    whole = record.assemble(rules, content)
    told: list[str] = []
    stored = open_rules(rules, progress=told.append)
    built = stored.whole()
    assert built.key == content and built == whole
    assert list(built.rules) == list(whole.rules) and list(built.names) == list(whole.names)
    assert list(built.graph.relations) == list(whole.graph.relations) and list(built.armies) == list(whole.armies)
    # every document's reading is told, from whichever process read it
    assert sorted(t for t in told if not t.startswith("relations of")) == sorted(f for f in files if not f.endswith("system.toml"))
    # the store holds, row for row, what a store of the whole build holds
    assert store_tables(database.path(rules), sections=False) == store_tables(Stored.of(whole)._db, sections=False)


@pytest.mark.parametrize("n", ["1", "2"])
def test_the_cli_answers_the_same_from_either_build(rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], n: str) -> None:
    outputs = []
    for workers_n in ("1", n):
        monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / f"cache-{workers_n}-{len(outputs)}"))
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


def test_texts_packed_on_the_other_core_are_the_texts_read(rules: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch, forks_told: list[bool]) -> None:
    """With a second core, a system's document texts are pickled and compressed in a forked
    process while the system is read (``writer._packing``): the store's frames hold the very
    texts the rules were read from, byte for byte the frames this process packs itself; and a
    read that fails ends that process rather than leaving it waiting on its pipe."""
    from referee.store import writer

    monkeypatch.setenv(WORKERS, "2")
    monkeypatch.setattr(writer, "PACK_APART", 0)  # rules_src's documents are small: packed apart all the same
    told = forks_told
    built = open_rules(rules).whole()
    assert built == record.assemble(rules, built.key) and built.texts  # the texts included
    assert told.count(True) >= len(built.systems) and False not in told  # each system's texts packed apart, and taken
    query = "SELECT id, frame FROM systems ORDER BY id"
    db = sqlite3.connect(database.path(rules))
    frames = db.execute(query).fetchall()
    db.close()
    monkeypatch.setattr(writer, "PACK_APART", 1 << 62)
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(private_cache / "packed-here"))
    del told[:]
    open_rules(rules)
    assert not told  # no process: this one packed them
    db = sqlite3.connect(database.path(rules))
    assert db.execute(query).fetchall() == frames
    db.close()

    monkeypatch.setattr(writer, "PACK_APART", 0)
    monkeypatch.setattr(writer, "read_folder", lambda *args: (_ for _ in ()).throw(RuntimeError("the read broke")))
    doc = rules / "last-edition" / "core-rules.md"
    doc.write_text(doc.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="the read broke"):
        open_rules(rules)
    assert told == [False]  # the texts' process was ended, not waited for
