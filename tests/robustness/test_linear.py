"""No step grows faster than its input (issue 23): counted, never timed.

A sentence of 20,000 unbalanced brackets took minutes to read (each unclosed
bracket was scanned to the end of the sentence), and 200,000 curated aliases
did not finish in 14 minutes (each alias's line was searched through the whole
manifest).  These tests count the work done on a moderate input, which a
quadratic step multiplies by the input's size; the long fuzzing run
(benchmarks/fuzz.py, target ``scaling``) times the large ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.graph import lexer
from referee.rulebase.manifest import _Problems, load_manifest
from tests.conftest import manifest, write_system
from tests.robustness.test_fuzz_readers import NAMES


class _Counted(list):  # type: ignore[type-arg]
    """A list that counts how often an item is read from it, by index or by walking it."""

    reads = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        _Counted.reads += 1
        return super().__getitem__(index)

    def __iter__(self):  # type: ignore[no-untyped-def]
        for item in super().__iter__():
            _Counted.reads += 1
            yield item


@pytest.mark.parametrize("shape", ["(", "[", "Fear (", "( Fear [ Terror ", ") ("])
def test_brackets_are_matched_in_one_pass(shape: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sentence = "The unit gains " + shape * 2000 + "."
    real = lexer._brackets
    counted: list[int] = []

    def brackets(lexemes: list[lexer.Lexeme], text: str, mentions: list[lexer.Mention]) -> list[lexer.Lexeme]:
        _Counted.reads = 0
        out = real(_Counted(lexemes), text, mentions)
        counted.append(_Counted.reads)
        counted.append(len(lexemes))
        return out

    monkeypatch.setattr(lexer, "_brackets", brackets)
    tokens = lexer.lex(sentence, NAMES)
    reads, size = counted
    assert size >= 2000 and tokens
    assert reads <= 4 * size, f"{reads} reads of {size} lexemes: not linear"


def test_unclosed_brackets_are_dropped_and_closed_ones_kept() -> None:
    """The one-pass matching reads as the scan did: an unclosed bracket is dropped, a closed one is a PAREN."""
    kinds = [lx.type for lx in lexer.lex("The unit gains ( ( Fear (D3) [ until ) the end.", NAMES)]
    assert kinds.count("PAREN") == 1 and "OPEN" not in kinds and "CLOSE" not in kinds
    fear = [lx for lx in lexer.lex("The unit gains ( Fear (D3) the end.", NAMES) if lx.type == "NAME"]
    assert [lx.param for lx in fear] == ["(D3)"]


def test_every_alias_line_is_found_in_one_pass_of_the_manifest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    count = 3000
    aliases = "[aliases.en]\n" + "".join(f'"Alias {i}" = "Gloom"\n' for i in range(count)) + "[aliases.de]\n\"D\\u00fcster\" = 'Gloom'\n'Grimm' = \"Gloom\"\nfinster=\"Gloom\"\n"
    src = write_system(tmp_path / "src", "demo", manifest("demo") + aliases, {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    real_init = _Problems.__init__

    def counted_init(self: _Problems, path: str, raw: str) -> None:
        real_init(self, path, raw)
        self.lines = _Counted(self.lines)

    monkeypatch.setattr(_Problems, "__init__", counted_init)
    _Counted.reads = 0
    read = load_manifest(src.resolve(), (src / "demo").resolve())
    lines = len(read.alias_lines) + 8
    assert _Counted.reads <= 3 * lines, f"{_Counted.reads} line reads for a manifest of {lines} lines: not linear"
    assert read.alias_lines["Alias 0"] == 9 and read.alias_lines[f"Alias {count - 1}"] == 8 + count
    assert [read.alias_lines[a] for a in ("Düster", "Grimm", "finster")] == [10 + count, 11 + count, 12 + count]
