"""Loading the grammar: once, lazily, cached, conflict-free, one method per rule."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lark import Lark

from referee.keywords import grammar, parse
from referee.keywords.transform import KeywordTransformer

PROJECT = Path(__file__).resolve().parents[2]


def _python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=PROJECT,
        env={**os.environ, **env},
        check=False,
    )


def test_importing_the_package_does_not_import_lark() -> None:
    done = _python("import sys, referee.keywords; print('lark' in sys.modules)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_the_first_parse_imports_lark() -> None:
    done = _python("import sys, referee.keywords as k; k.parse('Fearless'); print('lark' in sys.modules)")
    assert done.stdout.strip() == "True", done.stderr


def test_one_parser_per_process_with_the_agreed_options() -> None:
    parser = grammar.parser()
    assert parser is grammar.parser()
    assert parser.options.parser == "lalr"
    assert parser.options.propagate_positions is True
    assert isinstance(parser.options.transformer, KeywordTransformer)


def test_the_grammar_is_read_from_the_package_that_maps_the_top_level_folder() -> None:
    # One copy: the package referee.grammar is the project's grammar/ folder.
    import referee.grammar

    assert Path(referee.grammar.__file__).resolve().parent == PROJECT / "grammar"
    assert grammar.grammar_text() == (PROJECT / "grammar" / "keywords.lark").read_text(encoding="utf-8")


def test_the_grammar_has_no_conflicts(caplog: pytest.LogCaptureFixture) -> None:
    # Lark resolves a shift/reduce conflict silently (as shift) unless debug is on.
    with caplog.at_level(logging.DEBUG, logger="lark"):
        Lark(grammar.grammar_text(), parser="lalr", debug=True)
    assert not [record.getMessage() for record in caplog.records if "conflict" in record.getMessage().lower()]


def test_every_named_rule_has_a_transformer_method() -> None:
    built = Lark(grammar.grammar_text(), parser="lalr")
    names = {rule.origin.name for rule in built.rules}
    named = {str(name) for name in names if not str(name).startswith("_")}
    assert named == {
        "start", "bare_use", "closed_use", "open_use", "lead_closed", "lead_open", "bracket",
        "second_profile", "slot", "nested", "roll", "allowance", "role", "choice", "modifier", "simple",
    }
    missing = [name for name in named if not hasattr(KeywordTransformer, name)]
    assert missing == []


def test_the_cache_goes_to_referee_cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    target = grammar.cache_path()
    assert target == tmp_path / "cache" / grammar.CACHE_FILE_NAME
    assert target.parent.is_dir()


def test_a_cold_build_writes_the_cache_and_a_warm_one_reads_it(tmp_path: Path) -> None:
    target = tmp_path / "keywords.cache"
    cold = grammar.build(target)
    assert target.is_file()
    written = target.stat().st_mtime_ns
    warm = grammar.build(target)
    assert target.stat().st_mtime_ns == written
    text = "Multiple Wounds (D3, Clipped Wings), Fearless"
    assert cold.parse(text) == warm.parse(text)


def test_an_unwritable_cache_folder_means_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(blocker / "cache"))
    assert grammar.cache_path() is None


def test_parsing_still_works_silently_without_a_cache(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    done = _python(
        "from referee.keywords import parse; print(parse('Poisoned (4+)'))",
        REFEREE_CACHE_DIR=str(blocker / "cache"),
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "Poisoned (4+)\n", "")


def test_parse_uses_the_singleton() -> None:
    parse("Fearless")
    assert grammar._parser is grammar.parser()
