"""The package as users get it: layered without cycles, and installable from a wheel."""

from __future__ import annotations

import ast
import functools
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.benchmark_scripts import benchmark
from tests.conftest import PROJECT, RULES_SRC

PACKAGE = PROJECT / "referee"

# The modules at referee/'s root: the base layer, which every package may import (issue 27:
# everything else is grouped in a package of its layer). atomic: files written aside, renamed
# into place; grammars: the Lark loader; model and units: the rule and unit records the
# sources make and every layer reads; patterns: regular expressions compiled on first use, from
# the code pattern_cache keeps between processes; terminal: what every command's printer writes with;
# joined: the names a heading joins, read by the sources and by the resolver on every warm call.
BASE = frozenset({"atomic", "errors", "grammars", "joined", "model", "paths", "pattern_cache", "patterns", "terminal", "text", "units"})

# Lowest first: a module may import its own layer or any lower one, never a higher one.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({*BASE, "grammar", "__init__"}),
    frozenset({"sources"}),
    frozenset({"rulebase"}),  # its manifest reads system.toml, naming the sources' formats
    frozenset({"keywords", "graph", "army"}),  # army: BattleScribe units tied to rules (keyword grammar)
    frozenset({"store"}),  # the store: one SQLite database per rules folder, and the reading interface
    frozenset({"lint", "search", "imports", "calc", "resolve"}),  # imports: `referee import battlescribe`; calc: dice questions; resolve: the referee
    frozenset({"site"}),  # the MkDocs plugin reads the build, the graph and lint
    frozenset({"cli", "shell"}),  # cli: commands, render and unitcard (`referee unit`); shell: the interactive session over search, resolve and calc
)


def _layer(part: str) -> int:
    return next(i for i, names in enumerate(LAYERS) if part in names)


def _part(module: str) -> str:
    """``referee.graph.effects`` -> ``graph``; ``referee`` -> ``__init__``."""
    parts = module.split(".")
    if len(parts) > 1 and ((PACKAGE / parts[1]).is_dir() or (PACKAGE / f"{parts[1]}.py").is_file() or parts[1] == "grammar"):
        return parts[1]
    return "__init__"  # the package itself, or a name defined in it (__version__)


@functools.cache  # four tests ask; every module parsed once a run, not once a test
def _trees() -> tuple[tuple[Path, ast.Module], ...]:
    """Every module of the package, parsed."""
    return tuple((file, ast.parse(file.read_text(encoding="utf-8"))) for file in sorted(PACKAGE.rglob("*.py")))


@functools.cache  # three tests ask
def _imports() -> tuple[tuple[str, str, int], ...]:
    """(importing file, imported module, line) for every referee import, lazy ones included."""
    out = []
    for file, tree in _trees():
        for _, node in benchmark("function_imports").import_statements(tree.body):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "referee":
                if node.module == "referee":  # from referee import terminal
                    out.extend((str(file.relative_to(PROJECT)), f"referee.{a.name}", node.lineno) for a in node.names)
                else:
                    out.append((str(file.relative_to(PROJECT)), node.module, node.lineno))
            elif isinstance(node, ast.Import):
                out.extend((str(file.relative_to(PROJECT)), a.name, node.lineno) for a in node.names if a.name.startswith("referee"))
    return tuple(out)


def test_lower_layers_never_import_higher_ones() -> None:
    wrong = []
    for file, module, line in _imports():
        here = _part(".".join(Path(file).with_suffix("").parts))
        there = _part(module)
        if _layer(there) > _layer(here):
            wrong.append(f"{file}:{line}: {here} imports {module}")
    assert wrong == []


def test_the_root_holds_only_the_base_layer_and_it_imports_only_itself() -> None:
    assert {p.stem for p in PACKAGE.glob("*.py")} == BASE | {"__init__"}
    upward = [
        f"{file}:{line}: {module}"
        for file, module, line in _imports()
        if file.count("/") == 1 and _part(module) not in BASE | {"grammar", "__init__"}
    ]
    assert upward == []


def test_the_rulebase_knows_nothing_of_the_graph_or_its_readers() -> None:
    leaks = [
        f"{file}:{line}: {module}"
        for file, module, line in _imports()
        if file.startswith("referee/rulebase/") and _part(module) in {"graph", "store", "lint", "cli"}
    ]
    assert leaks == []


def test_the_package_list_covers_every_package() -> None:
    import tomllib

    listed = set(tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(PROJECT).parts) for p in PACKAGE.rglob("__init__.py")}
    assert found | {"referee.grammar"} == listed


def _run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, check=False, **kwargs)  # type: ignore[call-overload]


@pytest.mark.slow
def test_a_wheel_installs_and_answers_on_a_rules_folder_outside_the_project(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    built = _run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(wheels), str(PROJECT)],
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    assert built.returncode == 0, built.stderr
    [wheel] = wheels.glob("referee-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {str(p.relative_to(PROJECT)) for p in PACKAGE.rglob("*.py")}
    grammars = {f"referee/grammar/{p.name}" for p in (PROJECT / "grammar").iterdir() if p.suffix in (".lark", ".py")}
    assert modules | grammars <= names

    venv = tmp_path / "venv"
    assert _run([sys.executable, "-m", "venv", str(venv)]).returncode == 0
    installed = _run([str(venv / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check", str(wheel)])
    assert installed.returncode == 0, installed.stderr

    rules = shutil.copytree(RULES_SRC, tmp_path / "my rules")
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"))
    referee = str(venv / "bin" / "referee")
    work = tmp_path / "elsewhere"
    work.mkdir()

    def referee_json(*args: str) -> tuple[int, dict]:
        done = _run([referee, *args, "--rules-src", str(rules), "--json"], env=env, cwd=work)
        assert "Traceback" not in done.stderr
        return done.returncode, json.loads(done.stdout)

    code, found = referee_json("lookup", "Fear", "--system", "t9a")
    assert code == 0 and found["results"][0]["id"] == "t9a/fear"
    code, parsed = referee_json("parse", "Multiple Wounds (D3, Clipped Wings)", "--system", "t9a")
    assert code == 0 and parsed["keywords"][0]["name"] == "Multiple Wounds"
    code, explained = referee_json("explain", "Fly", "--system", "t9a")
    assert code == 0 and {g["target_name"] for g in explained["grants"]} >= {"Light Troops", "Swiftstride"}
    code, linted = referee_json("lint", "--system", "t9a")
    assert code in (0, 1) and linted["systems"] == ["t9a"]

    # The cache went to the user's cache folder, never into the installed package.
    assert list((home / ".cache" / "referee" / "store").glob("*/rules.sqlite"))
    site = next((venv / "lib").glob("python3*/site-packages"))
    assert not [p for p in site.rglob("*.pickle")] and not list(site.rglob("*.lalr.cache"))

    # Without a rules folder, an installed Referee says what to do.
    bare = _run([referee, "lookup", "Fear"], env=env, cwd=work)
    assert (bare.returncode, bare.stderr) == (2, "referee: no rules folder: give --rules-src DIR or set REFEREE_RULES_SRC\n")


def test_type_only_imports_have_one_idiom() -> None:
    """Every module guards its type-only imports with ``TYPE_CHECKING = False`` (which
    checkers read as typing's constant), never by importing typing for it: a warm
    ``referee lookup`` imports no typing at all (issue 27, one idiom)."""
    import re

    package = Path(__file__).resolve().parents[1] / "referee"
    imported = [str(p.relative_to(package)) for p in sorted(package.rglob("*.py"))
                if re.search(r"^from typing import .*\bTYPE_CHECKING\b", p.read_text(encoding="utf-8"), re.M)]
    assert imported == []
    guarded = [p for p in package.rglob("*.py") if "if TYPE_CHECKING:" in p.read_text(encoding="utf-8")]
    assert guarded and all(re.search(r"^TYPE_CHECKING = False\b", p.read_text(encoding="utf-8"), re.M) for p in guarded)


def test_imports_inside_functions_are_of_modules_documented_as_heavy() -> None:
    """An import inside a function is allowed only where start-up needs it: its module is
    in the table of heavy modules of docs/performance.md, each with its measured cost
    (benchmarks/function_imports.py measures and writes it). Every other import is at
    the top of its module (issue 27)."""
    imports = benchmark("function_imports")
    heavy = imports.heavy_modules()
    assert {"lark", "networkx", "pathlib"} <= set(heavy) and "json" not in heavy  # measured, not wished for
    found = imports.function_imports(trees=_trees())
    assert len(found) > 50  # the scan sees them: the heavy modules' imports are plenty
    light = [
        f"{path.relative_to(PROJECT)}:{line}: {fn}() imports {module}"
        for path, line, fn, module, _ in found
        if not imports.allowed(module, heavy)
    ]
    assert light == []


# the names a reader calls the build by; none of them is typed Any (issue 27: one reading interface)
BOOK_NAMES = frozenset({"view", "build", "book", "rulebook", "index", "store", "rules"})


def _untyped_books(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, name) of each parameter or field called by one of :data:`BOOK_NAMES` and annotated ``Any``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            named = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
            found += [(a.lineno, a.arg) for a in named if a.arg in BOOK_NAMES and isinstance(a.annotation, ast.Name) and a.annotation.id == "Any"]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id in BOOK_NAMES:
            if isinstance(node.annotation, ast.Name) and node.annotation.id == "Any":
                found.append((node.lineno, node.target.id))
    return found


def test_no_reader_takes_the_build_as_any() -> None:
    """Readers take the store's :class:`~referee.store.book.Book` (or a whole ``Build``, or calc's
    ``Rulebook``) by its type, never ``Any``; the scan itself finds one in a sample."""
    assert _untyped_books(ast.parse("def f(view: Any, n: Any) -> None: ...\nclass S:\n    index: Any\n")) == [(1, "view"), (3, "index")]
    found = [f"{path.relative_to(PROJECT)}:{line}: {name}: Any" for path, tree in _trees() for line, name in _untyped_books(tree)]
    assert found == []
