"""referee/grammars.py: the one way a grammar of grammar/ is loaded with Lark."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lark import Transformer

from referee import grammars

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("grammar", "name"),
    [("keywords.lark", "keywords.lalr.cache"), ("effects.lark", "effects.lalr.cache"), ("calc.lark", "calc.lalr.cache")],
)
def test_each_grammar_has_its_cache_file(grammar: str, name: str) -> None:
    assert grammars.cache_name(grammar) == name


def test_tables_are_cached_in_the_cache_folder_and_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    cold = grammars.load("calc.lark")
    cached = tmp_path / "cache" / "calc.lalr.cache"
    assert cached.is_file()
    written = cached.stat().st_mtime_ns
    warm = grammars.load("calc.lark")
    assert cached.stat().st_mtime_ns == written  # read, not made again
    question = "hit CS5 vs CS4"
    assert warm.parse(question) == cold.parse(question)
    assert warm.options.parser == "lalr"


def test_an_unwritable_cache_folder_costs_only_speed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(blocked / "cache"))
    assert grammars.load("calc.lark").parse("hit CS5 vs CS4").data == "chain"
    assert not (blocked / "cache").exists()


def test_the_transformer_runs_inside_the_parse_and_positions_are_kept_when_asked(tmp_path: Path) -> None:
    class Names(Transformer):  # type: ignore[type-arg]
        def bare_use(self, children: list) -> tuple[str, int, int]:
            return str(children[0]), children[0].start_pos, children[0].end_pos

    parser = grammars.load("keywords.lark", transformer=Names(), propagate_positions=True, cache=tmp_path / "k.cache")
    assert parser.parse("Fear, Terror").children == [("Fear", 0, 4), ("Terror", 6, 12)]
    trees = grammars.load("keywords.lark", propagate_positions=True, cache=tmp_path / "p.cache")
    use = trees.parse("Fear, Terror").children[1]
    assert (use.data, use.meta.start_pos, use.meta.end_pos) == ("bare_use", 6, 12)


def test_loading_lark_waits_for_the_first_load() -> None:
    code = "import sys, referee.grammars; print('lark' in sys.modules)"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert found.stdout.strip() == "False"


def test_every_lalr_parser_is_loaded_here() -> None:
    """No module builds its own Lark LALR parser (Earley, for a benchmark's comparison, is the one other)."""
    builders = []
    for module in sorted((ROOT / "referee").rglob("*.py")):
        for number, line in enumerate(module.read_text(encoding="utf-8").splitlines(), 1):
            if "Lark(" in line and module.name != "grammars.py" and "parser=algorithm" not in line:
                builders.append(f"{module.relative_to(ROOT)}:{number}")
    assert builders == []


def test_a_copy_of_the_project_reads_its_own_grammars(tmp_path: Path) -> None:
    """A copy run by PYTHONPATH beside this editable install (a benchmark's ``--against``
    copy, a scorer's snapshot) reads the copy's grammar/, never the installed tree's: a
    grammar newer than the code it runs with makes trees that code cannot read."""
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "grammar", copy / "grammar")
    shutil.copytree(ROOT / "referee", copy / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    code = "import referee.paths as p; print(p.PACKAGE_DIR); print(p.grammar_folder())"
    env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path, env=env)
    assert found.stdout.split() == [str(copy / "referee"), str(copy / "grammar")]
