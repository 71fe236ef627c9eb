"""Imports inside functions, and what the modules they import cost to load (not a test).

    .venv/bin/python benchmarks/function_imports.py            # counts per folder
    .venv/bin/python benchmarks/function_imports.py --list     # every one: file:line, function, module
    .venv/bin/python benchmarks/function_imports.py --measure [--runs N] [--write]
    .venv/bin/python benchmarks/function_imports.py --warm     # which ones a warm call needs

An import inside a function is allowed only where start-up needs it: the
module it imports must be in the table of heavy modules of
docs/performance.md ("Heavy modules"), which tests/test_package.py reads.
``--measure`` times, for every module imported inside a function, what
importing it adds to a process that has already imported ``referee.cli.commands``
(the warm CLI's own start), with ``python -S -X importtime``: the smallest of
``--runs`` fresh interpreters, since a busy machine only ever adds time.  A
module that adds at least ``THRESHOLD_MS`` is heavy.  ``--write`` puts the
table of heavy modules into docs/performance.md between its markers.

``--warm`` runs the quick commands (:data:`WARM`) on the project's rules_src,
warm, and lists each import inside a function that none of them needs: no
warm call loads its module without loading what it imports too, so at the
top of its module it would cost a warm call nothing.
"""

from __future__ import annotations

import argparse
import ast
import collections
import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"
DOC = ROOT / "docs" / "performance.md"
START, END = "<!-- heavy-modules:start -->", "<!-- heavy-modules:end -->"
THRESHOLD_MS = 1.0
BASELINE = "referee.cli.commands"  # what every warm call has imported before a command runs
WARM = (  # the calls a player makes mid-game, and the others that read a store holding the current rules
    ["lookup", "Hellebarde"],
    ["show", "Fear", "--system", "t9a"],
    ["explain", "Fly", "--system", "t9a"],
    ["resolve", "Fearless", "--vs", "Terror", "--system", "t9a"],
    ["calc", "-s", "last-edition", "2d6"],
    ["search", "fear"],
    ["parse", "Fear (3+)", "--system", "t9a"],
    ["list", "--system", "t9a"],
    ["build"],
    ["graph", "--format", "json"],
    ["lint", "--json"],
)


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module (a file or a package folder), found on disk
    from its top-level package, so that nothing is imported to tell."""
    top, *rest = name.split(".")
    spec = importlib.util.find_spec(top) if top != "referee" else None
    places = [ROOT / "referee"] if top == "referee" else [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    for place in places:
        path = place.joinpath(*rest)
        if path.with_suffix(".py").is_file() or (path / "__init__.py").is_file() or (not rest and path.is_dir()):
            return True
    return False


def imported_modules(node: ast.Import | ast.ImportFrom, here: str, is_package: bool) -> list[tuple[str, str]]:
    """The modules an import statement loads, each with the statement that loads it as
    written (what is timed): ``from referee import terminal`` loads ``referee.terminal``;
    ``from lark import Lark`` loads ``lark``, and ``from referee.resolve import resolve``
    whatever the package's lazy ``__getattr__`` imports for it."""
    if isinstance(node, ast.Import):
        return [(alias.name, f"import {alias.name}") for alias in node.names]
    base = node.module or ""
    if node.level:
        package = here if is_package else here.rsplit(".", 1)[0]
        for _ in range(node.level - 1):
            package = package.rsplit(".", 1)[0]
        base = f"{package}.{base}" if base else package
    subs = [f"{base}.{alias.name}" for alias in node.names if _is_module(f"{base}.{alias.name}")]
    if subs:
        return [(sub, f"import {sub}") for sub in subs]
    return [(base, f"from {base} import {', '.join(alias.name for alias in node.names)}")]


def function_imports(
    paths: list[Path] | None = None, trees: Iterable[tuple[Path, ast.Module]] | None = None
) -> list[tuple[Path, int, str, str, str]]:
    """Every import inside a function: (file, line, function, module, statement), in file
    order; of ``trees`` when the caller has parsed the files already."""
    found = []
    if trees is None:
        trees = ((path, ast.parse(path.read_text(encoding="utf-8"), str(path))) for path in paths or sorted(PACKAGE.rglob("*.py")))
    for path, tree in trees:
        here = _module_of(path)
        is_package = path.name == "__init__.py"
        for fn, node in import_statements(tree.body):
            if fn is not None:
                for module, statement in imported_modules(node, here, is_package):
                    found.append((path, node.lineno, fn.name, module, statement))
    return sorted(set(found), key=lambda f: (str(f[0]), f[1], f[3]))


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")  # where statements hold statements


def import_statements(
    body: list[ast.stmt], fn: ast.FunctionDef | ast.AsyncFunctionDef | None = None
) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef | None, ast.Import | ast.ImportFrom]]:
    """Every import statement in ``body``, with the innermost function around it (None at
    module or class level outside any function).  An import is a statement, so only the
    statements' own bodies are walked (an except clause's and a match case's included),
    never an expression: a tenth of the nodes :func:`ast.walk` visits."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield fn, node
            continue
        inner = node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else fn
        for name in _BODIES:
            for child in getattr(node, name, ()):
                yield from import_statements([child] if isinstance(child, ast.stmt) else child.body, inner)


def folder_of(path: Path) -> str:
    rel = path.relative_to(ROOT)
    return "referee/ (root modules)" if rel.parent == Path("referee") else str(rel.parent)


def heavy_modules(doc: Path = DOC) -> dict[str, str]:
    """The documented heavy modules (module -> its cost as written), from docs/performance.md."""
    text = doc.read_text(encoding="utf-8")
    table = text[text.index(START) + len(START) : text.index(END)]
    return {m.group(1): m.group(2) for m in re.finditer(r"^\| `([\w.]+)` \| ([^|]+?) \|", table, re.M)}


def allowed(module: str, heavy: dict[str, str] | set[str]) -> bool:
    """A module is heavy if it is listed, or is inside a listed package (``lark.exceptions``)."""
    return any(module == h or module.startswith(h + ".") for h in heavy)


def cost_ms(statement: str, runs: int) -> float:
    """What running the import ``statement`` adds to a process that has imported the baseline, in ms.

    The interpreter starts without ``site`` (``-S``), the project and the
    installed packages put on its path by hand: an editable install's import
    hook loads pathlib and importlib.util at every start, which a wheel
    install does not, and would make them look free.
    """
    packages = next(p for p in sys.path if p.endswith("site-packages"))
    code = (
        f"import sys; sys.path[:0] = [{str(ROOT)!r}, {packages!r}]; import {BASELINE}; "
        f"sys.stderr.write('--mark--\\n'); {statement}"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    best = float("inf")
    for _ in range(runs):
        err = subprocess.run([sys.executable, "-S", "-X", "importtime", "-c", code], capture_output=True, text=True, env=env, cwd=ROOT).stderr
        after = err.split("--mark--\n", 1)[-1]
        total = sum(int(m.group(1)) for m in re.finditer(r"^import time:\s+\d+ \|\s+(\d+) \| (?! )", after, re.M))
        best = min(best, total / 1000)
    return best


def loaded_by(call: list[str]) -> set[str]:
    """The modules a warm ``referee <call>`` has loaded when it ends (run twice: the first
    may build the store or the search index)."""
    packages = next(p for p in sys.path if p.endswith("site-packages"))
    code = (  # without site, as cost_ms: the editable install's hook would load pathlib for every call
        f"import sys; sys.path[:0] = [{str(ROOT)!r}, {packages!r}]; from referee.cli.commands import main\n"
        "sys.argv = ['referee', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\nsys.stderr.write('--modules--' + ' '.join(sys.modules))"
    )
    for _ in range(2):
        err = subprocess.run([sys.executable, "-S", "-c", code, *call], capture_output=True, text=True, cwd=ROOT).stderr
    return set(err.rpartition("--modules--")[2].split())


def not_needed(found: list[tuple[Path, int, str, str, str]]) -> list[tuple[Path, int, str, str, str]]:
    """The imports of ``found`` that no warm call needs inside a function."""
    loads = [loaded_by(call) for call in WARM]
    return [f for f in found if not any(_module_of(f[0]) in mods and f[3] not in mods for mods in loads)]


def table(costs: dict[str, float], users: dict[str, int]) -> str:
    rows = ["| module | import cost | imported in functions at |", "|---|---:|---:|"]
    for module, ms in sorted(costs.items(), key=lambda kv: (-kv[1], kv[0])):
        if ms >= THRESHOLD_MS:
            rows.append(f"| `{module}` | {ms:.1f} ms | {users[module]} |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--list", action="store_true", help="every import inside a function")
    parser.add_argument("--measure", action="store_true", help="time every module imported inside a function")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write", action="store_true", help="with --measure: write the table into docs/performance.md")
    parser.add_argument("--warm", action="store_true", help="the imports inside functions no warm call needs there")
    args = parser.parse_args()

    found = function_imports()
    heavy = heavy_modules()
    if args.list:
        for path, line, fn, module, _ in found:
            mark = "" if allowed(module, heavy) else "  (not heavy)"
            print(f"{path.relative_to(ROOT)}:{line}: {fn}: {module}{mark}")
    per_folder = collections.Counter(folder_of(p) for p, *_ in found)
    light = collections.Counter(folder_of(p) for p, _, _, m, _ in found if not allowed(m, heavy))
    print(f"{len(found)} imports inside functions, {sum(light.values())} of a module not documented as heavy\n")
    print("| folder | inside functions | of a module not heavy |\n|---|---:|---:|")
    for folder in sorted(per_folder):
        print(f"| {folder} | {per_folder[folder]} | {light[folder]} |")
    if args.warm:
        spare = not_needed(found)
        print(f"\n{len(spare)} imports inside functions that no warm call ({len(WARM)} commands) needs there:\n")
        for path, line, fn, module, _ in spare:
            print(f"{path.relative_to(ROOT)}:{line}: {fn}: {module}")
        print("\n| folder | not needed inside functions |\n|---|---:|")
        for folder, n in sorted(collections.Counter(folder_of(p) for p, *_ in spare).items()):
            print(f"| {folder} | {n} |")
    if args.measure:
        users = collections.Counter(m for _, _, _, m, _ in found)
        costs: dict[str, float] = {}
        for statement, module in sorted({(s, m) for _, _, _, m, s in found}):
            costs[module] = max(costs.get(module, 0.0), cost_ms(statement, args.runs))  # the dearest way it is imported
        text = table(costs, users)
        print(f"\nModules that add at least {THRESHOLD_MS} ms to a process that imported {BASELINE} "
              f"(-X importtime, least of {args.runs} runs):\n\n{text}")
        if args.write:
            doc = DOC.read_text(encoding="utf-8")
            head, rest = doc.split(START, 1)
            DOC.write_text(f"{head}{START}\n{text}\n{rest[rest.index(END):]}", encoding="utf-8")


if __name__ == "__main__":
    main()
