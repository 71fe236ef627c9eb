"""Loading the grammar: once, lazily, cached, conflict-free, one method per rule."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lark import Lark

from referee import grammars
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


def test_only_a_parse_with_nothing_kept_imports_lark(tmp_path: Path) -> None:
    """The first parse writes Lark's standalone parser into the cache folder (importing
    Lark); a later process parses with it, the same values, without importing Lark."""
    code = "import sys, referee.keywords as k; print(k.parse('Multiple Wounds (D3, Clipped Wings)')[0].args, 'lark' in sys.modules)"
    cold = _python(code, REFEREE_CACHE_DIR=str(tmp_path))
    assert (tmp_path / grammars.standalone_name("keywords.lark")).is_file()
    warm = _python(code, REFEREE_CACHE_DIR=str(tmp_path))
    values = "(Dice(count=1, sides=3, modifier=0, multiplier=1), Keyword(name='Clipped Wings', args=()))"
    assert (cold.stdout, cold.stderr, warm.stdout, warm.stderr) == (f"{values} True\n", "", f"{values} False\n", "")


def test_a_kept_parser_of_another_grammar_or_lark_is_written_again(tmp_path: Path) -> None:
    kept = tmp_path / "k.standalone"
    grammars.standalone("keywords.lark", cache=kept)
    stamp, _, body = kept.read_bytes().partition(b"\n")
    kept.write_bytes(b"0" * len(stamp) + b"\n" + body)  # another key: another grammar, options, Lark or Python
    assert grammars.standalone("keywords.lark", cache=kept).parse("Fear").children[0].data == "bare_use"
    assert kept.read_bytes().partition(b"\n")[0] == stamp  # written again (marshal's bytes vary from run to run)
    kept.write_bytes(stamp + b"\n" + b"damaged")  # the right key over a damaged body: made again too
    assert grammars.standalone("keywords.lark", cache=kept).parse("Fear").children[0].data == "bare_use"
    again = kept.read_bytes()
    assert again.partition(b"\n")[0] == stamp and len(again) > 1000


def test_the_standalone_parser_gives_what_lark_gives(tmp_path: Path) -> None:
    lark = grammar.build(tmp_path / "k.cache")
    for text in ("Multiple Wounds (D3, Clipped Wings), Fearless", 'Range 12" Shots 1 Strength 4', "Leader (green/red) +8 {3 base / 2 guardian/elite}"):
        assert grammar.parser().parse(text) == lark.parse(text)
    assert grammars.runtime(grammar.parser()) is not grammars.runtime(lark)  # its own classes
    assert grammars.runtime(lark).__name__ == "lark"


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
