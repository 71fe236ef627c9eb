"""Loading grammar/effects.lark: the cache, the fallback without one, the doctests."""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from lark import Token

from referee.graph import effects_grammar
from referee.graph.effects_grammar import Effect, build, cache_path, longest_clause, parser


def _read(lark_parser, types: list[str]) -> list[Effect]:  # type: ignore[no-untyped-def]
    interactive = lark_parser.parse_interactive()
    for k, kind in enumerate(types):
        interactive.feed_token(Token(kind, kind.lower(), start_pos=k))
    return interactive.feed_eof()


def test_cache_is_written_and_reused(tmp_path: Path) -> None:
    target = tmp_path / "effects.lalr.cache"
    first = build(target)
    assert target.exists() and target.stat().st_size > 0
    second = build(target)  # loaded from the cache
    for lark_parser in (first, second):
        assert _read(lark_parser, ["GAIN", "NAME", "AND", "NAME"]) == [Effect("grants", 1), Effect("grants", 3)]


def test_cache_path_follows_the_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    assert cache_path() == tmp_path / "cache" / "effects.lalr.cache"


def test_unwritable_cache_folder_means_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(blocker / "cache"))
    assert cache_path() is None
    assert _read(build(None), ["IMMUNE", "TO", "EFFECTS", "NAME"]) == [Effect("immune-to", 3)]


def test_parser_is_built_once() -> None:
    assert parser() is parser()


@pytest.mark.parametrize(
    ("types", "end"),
    [
        (["GAIN", "NAME", "AND", "NAME", "COMMA", "WORD"], 4),  # the clause stops before ", word"
        (["GAIN", "NAME", "AND", "WORD"], 2),  # "and" with nothing after it is not part of it
        (["WORD", "GAIN", "NAME"], 0),  # no clause starts with a plain word
        (["CANNOT", "ACT", "WORD", "COMMA", "ACT", "WORD", "DOT"], 6),
        (["MUST", "BE", "REROLL", "DOT"], 3),
    ],
)
def test_longest_clause(types: list[str], end: int) -> None:
    assert longest_clause(types, 0) == end


@pytest.mark.parametrize(
    "module",
    [
        "referee.graph.effects",
        "referee.graph.lexer",
        "referee.graph.sentences",
        "referee.graph.effects_grammar",
        "referee.graph.effects_words",
    ],
)
def test_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_importing_the_reader_does_not_import_lark() -> None:
    code = "import sys, referee.graph.effects; print('lark' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
