"""``referee calc`` start-up benchmark (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/calc.py [--runs N]

Measures a warm ``referee calc`` (the build cached, the grammar's LALR tables
cached) as a whole process, for a few questions, beside a bare
``python -c pass`` of the same interpreter, interleaved so both see the same
machine load; goal: under 5x the bare start.  CPU time (user + system of
the child) is given beside wall time: on a shared, loaded machine it is the
steadier of the two.  Also the answer alone, in
process (parse, compute, cite).  Prints a Markdown table; docs/calc.md
records the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
QUESTIONS = [
    ("last-edition", "hit CS5 vs CS5"),
    ("last-edition", "3 attacks hit CS5 vs CS4 then wound S4 vs T4 then save 4+/6+ AP-1"),
    ("t9a", "3D6 maximised twice"),
    ("whfb-house", "dangerous terrain cavalry water"),
]


CPU: dict[str, list[float]] = {}  # per command: the child's user + system CPU seconds


def wall(cmd: list[str], env: dict[str, str]) -> float:
    """Wall time of one run; its CPU time (steadier on a loaded machine) is kept in CPU."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.setdefault(" ".join(cmd), []).append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()

    import compileall

    compileall.compile_dir(ROOT / "referee", quiet=1)  # an install has bytecode
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "REFEREE_CACHE_DIR": cache}
        referee = str(BIN / "referee")
        bare = [sys.executable, "-c", "pass"]
        calls = {q: [referee, "calc", "--system", s, q] for s, q in QUESTIONS}
        lookup = [referee, "lookup", "Fear", "--system", "t9a"]  # for comparison: the quickest command
        for cmd in calls.values():
            wall(cmd, env)  # warm: the build, its view and the grammar tables are cached now
        times: dict[str, list[float]] = {q: [] for q in calls}
        base: list[float] = []
        looked: list[float] = []
        wall(lookup, env)
        for _ in range(args.runs):
            base.append(wall(bare, env))
            looked.append(wall(lookup, env))
            for q, cmd in calls.items():
                times[q].append(wall(cmd, env))

        os.environ["REFEREE_CACHE_DIR"] = cache
        from referee.store.load import open_rules
        from referee.calc import answer

        src = str(ROOT / "rules_src")
        view = open_rules(src)
        inproc: dict[str, float] = {}
        for s, q in QUESTIONS:
            answer(view, s, q, src)
            start = time.perf_counter()
            for _ in range(20):
                answer(view, s, q, src)
            inproc[q] = (time.perf_counter() - start) / 20

    bare_ms = statistics.median(base) * 1000
    bare_cpu = statistics.median(CPU[" ".join(bare)]) * 1000
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, load average {load:.1f}, median of {args.runs} runs\n")
    print(f"bare `python -c pass`: {bare_ms:.0f} ms wall, {bare_cpu:.0f} ms CPU\n")
    print("| question | warm `referee calc`, wall | x bare | CPU | x bare | answer in process |")
    print("|---|---:|---:|---:|---:|---:|")
    rows = [(f"`{q}`", times[q], calls[q], f"{inproc[q] * 1000:.1f} ms") for q in calls]
    rows.append(("(for comparison: `referee lookup Fear --system t9a`)", looked, lookup, ""))
    for label, runs, cmd, alone in rows:
        ms = statistics.median(runs) * 1000
        cpu = statistics.median(CPU[" ".join(cmd)][1:]) * 1000  # the first run warmed the cache
        print(f"| {label} | {ms:.0f} ms | {ms / bare_ms:.1f}x | {cpu:.0f} ms | {cpu / bare_cpu:.1f}x | {alone} |")


if __name__ == "__main__":
    main()
