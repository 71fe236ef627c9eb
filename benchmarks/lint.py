"""Lint speed from a warm cache (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/lint.py [--runs N]

Measures a warm ``referee lint`` over all four systems as a whole process
(goal: under 2 s), and, in process, the time each check takes.
Prints Markdown; docs/lint.md records the figures.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "referee", quiet=1)
    referee = str(Path(sys.executable).parent / "referee")
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "REFEREE_CACHE_DIR": cache}
        subprocess.run([referee, "build"], env=env, stdout=subprocess.DEVNULL, check=True)
        walls = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run([referee, "lint", "--format", "json"], env=env, stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - start)

    from referee.lint.checks import checks
    from referee.lint.context import LintContext
    from referee.rulebase import build_rulebase

    rb = build_rulebase(ROOT / "rules_src")
    per_check: dict[str, float] = {}
    findings = 0
    for system in rb.systems:
        ctx = LintContext(rb, system)
        for check in checks():
            start = time.perf_counter()
            findings += len(list(check.run(ctx)))
            per_check[check.code] = per_check.get(check.code, 0.0) + time.perf_counter() - start

    print("| measure | median (min) | goal |\n|---|---|---|")
    print(f"| warm `referee lint` (4 systems, {findings} findings), whole process | "
          f"{statistics.median(walls) * 1000:.0f} ms ({min(walls) * 1000:.0f}) | under 2 s |\n")
    print("| check | ms (4 systems, in process) |\n|---|---:|")
    for code, seconds in sorted(per_check.items(), key=lambda kv: -kv[1]):
        print(f"| {code} | {seconds * 1000:.1f} |")


if __name__ == "__main__":
    main()
