"""Every warm call a player waits on, against a bare interpreter start (not a test: run
it on a quiet machine).

    env -u PYTHONDONTWRITEBYTECODE .venv/bin/python benchmarks/warm_calls.py [--runs 15] [--against DIR]
    env -u PYTHONDONTWRITEBYTECODE .venv/bin/python benchmarks/warm_calls.py --patterns [--runs 5] [--against DIR]

The calls: the five of ``benchmarks/resolve.py``, the four questions of
``benchmarks/calc.py``, ``lookup Fear --system t9a``, ``search Hellebarde`` and
``parse "Multiple Wounds (D3, Clipped Wings)" --system t9a``, each with its cache
warm (the rules' store, the search index, the grammars' tables and the kept
patterns, ``referee.pattern_cache``, written by one call of each first).  Each
run calls a bare ``python -c pass`` and then every call, so that all see the same
load; the table gives the ratio of medians, of wall time and of processor time
(user + system, which a busy machine moves least).  With ``--against DIR`` (another copy
of the project, ``git archive <commit> | tar -x -C DIR``) every call is also made
with DIR's code and a cache of its own, in the same loop, both through
``benchmarks/startup.py``'s launcher: a before/after on one machine load.

``--patterns`` runs each call in a process of its own, warm, and counts the regular
expressions it compiles (``re._compiler.compile``, which ``re.compile`` calls for a
pattern not in its own cache; a pattern made from kept code is not compiled) and
their time (in the run where it was least of ``--runs``: parsing the pattern, then
generating its code, both in Python, then the rest, ``_sre.compile`` in C), by the
module that asked; with ``--against DIR``, DIR's code too.

docs/performance.md records the figures ("Warm calls, round 12").
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from calc import QUESTIONS  # noqa: E402  (one list of calc questions)
from resolve import CALLS  # noqa: E402  (one list of resolve questions)
from startup import LAUNCH, wall  # noqa: E402  (one whole-process timer and one launcher)

ROOT = Path(__file__).resolve().parent.parent


def calls() -> dict[str, list[str]]:
    """The commands timed (without ``referee``), by the name the table gives them."""
    named = {f"resolve {_shown(call)}": ["resolve", *call] for call in CALLS.values()}
    named.update({f"calc -s {system} {question!r}": ["calc", "--system", system, question] for system, question in QUESTIONS})
    named["lookup Fear --system t9a"] = ["lookup", "Fear", "--system", "t9a"]
    named["search Hellebarde"] = ["search", "Hellebarde"]
    named["parse 'Multiple Wounds (D3, Clipped Wings)' --system t9a"] = ["parse", "Multiple Wounds (D3, Clipped Wings)", "--system", "t9a"]
    return named


def _shown(call: list[str]) -> str:
    return " ".join(arg if arg.startswith("--") or (" " not in arg and "," not in arg) else repr(arg) for arg in call)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--against", metavar="DIR", help="another copy of the project: its calls beside these")
    parser.add_argument("--patterns", action="store_true", help="count the patterns each call compiles, in process")
    args = parser.parse_args()
    if args.patterns:
        count_patterns(args.against, args.runs)
        return
    import compileall

    compileall.compile_dir(ROOT / "referee", quiet=1)  # an install has bytecode
    if args.against:
        compileall.compile_dir(Path(args.against) / "referee", quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as other_cache:
        mine = {**env, "REFEREE_CACHE_DIR": cache}
        theirs = {**env, "REFEREE_CACHE_DIR": other_cache}
        runs: dict[str, tuple[list[str], dict[str, str]]] = {"python -c pass": ([sys.executable, "-c", "pass"], mine)}
        for name, call in calls().items():
            if args.against:  # both through the launcher, each with its own code and cache
                runs[name] = ([sys.executable, "-c", LAUNCH, str(ROOT), *call], mine)
                runs[f"{name} (before)"] = ([sys.executable, "-c", LAUNCH, args.against, *call], theirs)
            else:
                runs[name] = ([str(Path(sys.executable).parent / "referee"), *call], mine)
        for cmd, cmd_env in list(runs.values())[1:]:  # caches written, disk warm
            wall(cmd, cmd_env)
            wall(cmd, cmd_env)
        walls: dict[str, list[float]] = {name: [] for name in runs}
        cpus: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(args.runs):
            for name, (cmd, cmd_env) in runs.items():
                walls[name].append(wall(cmd, cmd_env, cpus[name]))
    bare, bare_cpu = statistics.median(walls["python -c pass"]), statistics.median(cpus["python -c pass"])
    print(f"runs: {args.runs}; Python {sys.version.split()[0]}; load average at the end {os.getloadavg()[0]:.1f}")
    print()
    print("| call | wall median | x bare | processor median | x bare |")
    print("|---|---:|---:|---:|---:|")
    for name in runs:
        wall_ms, cpu_ms = statistics.median(walls[name]), statistics.median(cpus[name])
        shown = name if name.startswith("python") else f"referee {name}"
        print(f"| `{shown}` | {wall_ms * 1000:.1f} ms | {wall_ms / bare:.2f} | {cpu_ms * 1000:.1f} ms | {cpu_ms / bare_cpu:.2f} |")


def count_patterns(against: str | None, runs: int) -> None:
    """Each call in fresh processes of its own, warm (a first call wrote its caches),
    counting the patterns it compiles (:func:`count_one`); with ``against``, the same
    with that copy's code and a cache of its own.  The count is the same in every run;
    the times are the smallest of ``runs`` (a busy machine only ever adds time)."""
    import json

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as other_cache:
        codes = {"this checkout": (str(ROOT), cache)}
        if against:
            codes["before"] = (against, other_cache)
        print(f"runs: {runs}; load average at the start {os.getloadavg()[0]:.1f}")
        print()
        print("| call | code | patterns compiled | their compile time (parse + code + rest) | the call in process | most compiled by |")
        print("|---|---|---:|---:|---:|---|")
        for name, call in calls().items():
            for label, (code, folder) in codes.items():
                run = [sys.executable, __file__, "--count-one", code, *call]
                subprocess.run(run, env={**env, "REFEREE_CACHE_DIR": folder}, capture_output=True, check=False)  # store, caches
                seen = [json.loads(subprocess.run(run, env={**env, "REFEREE_CACHE_DIR": folder}, capture_output=True, text=True, check=True).stdout) for _ in range(runs)]
                by: dict[str, int] = {}
                for _, where in seen[0]["asked"]:
                    by[where] = by.get(where, 0) + 1
                top = ", ".join(f"{where} {count}" for where, count in sorted(by.items(), key=lambda item: -item[1])[:3])
                least = min(seen, key=lambda one: sum(s for s, _ in one["asked"]))
                spent = sum(s for s, _ in least["asked"]) * 1000
                took = min(one["took"] for one in seen) * 1000
                split = f"{least['parse'] * 1000:.1f} + {least['code'] * 1000:.1f} + {spent - (least['parse'] + least['code']) * 1000:.1f}"
                print(f"| `referee {name}` | {label} | {len(seen[0]['asked'])} | {spent:.1f} ms ({split}) | {took:.0f} ms | {top} |")


def count_one(code: str, call: list[str]) -> None:
    """One call in this process, with the code of the project copy ``code``, counting what
    ``re._compiler.compile`` is asked and by which module (the first frame outside ``re``
    and the lazy patterns); prints, as JSON, the call's time and each compile's."""
    import gc
    import json
    import re._compiler as compiler

    asked: list[tuple[float, str]] = []
    steps = {"parse": 0.0, "code": 0.0}  # re._compiler.compile's two steps in Python; the rest is _sre.compile (C)
    original, parse, generate = compiler.compile, compiler._parser.parse, compiler._code

    def counted(pattern: object, flags: int = 0) -> object:
        start = time.perf_counter()
        made = original(pattern, flags)
        spent = time.perf_counter() - start
        frame = sys._getframe(1)
        while frame.f_back is not None and (f"{os.sep}re{os.sep}" in frame.f_code.co_filename or frame.f_code.co_filename.endswith(("patterns.py", "pattern_cache.py"))):
            frame = frame.f_back
        asked.append((spent, _module(frame.f_code.co_filename, code)))
        return made

    def timed(step: str, function: Any) -> Any:
        def run(*args: Any) -> Any:
            start = time.perf_counter()
            try:
                return function(*args)
            finally:
                steps[step] += time.perf_counter() - start

        return run

    compiler.compile = counted
    compiler._parser.parse = timed("parse", parse)
    compiler._code = timed("code", generate)
    gc.disable()  # a collection would be timed as the compile that set it off
    sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__module__.startswith("__editable__")]  # as startup.LAUNCH
    sys.path.insert(0, code)
    from referee.cli.commands import main as referee

    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        referee(call)
    took = time.perf_counter() - start
    print(json.dumps({"took": took, "asked": asked, **steps}))


def _module(file: str, code: str) -> str:
    """A short name for the file that asked: ``referee/resolve/scope.py``, ``lark standalone``, ``argparse.py``."""
    if "site-packages" in file:
        return file.rpartition(f"site-packages{os.sep}")[2]
    if file.startswith(code + os.sep):
        return file[len(code) + 1 :]
    return "lark standalone" if "standalone" in file else os.path.basename(file)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--count-one"]:
        count_one(sys.argv[2], sys.argv[3:])
    else:
        main()
