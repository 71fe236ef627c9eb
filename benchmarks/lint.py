"""Lint speed from a warm cache (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/lint.py [--runs N]

Measures a warm ``referee lint`` over all four systems as a whole process
(goal: under 2 s), and, in process, the time each check takes on the build
``referee.build.assemble`` reads.  Prints Markdown; docs/lint.md records the
figures.
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
    rules_src = str(ROOT / "rules_src")
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "REFEREE_CACHE_DIR": cache}
        subprocess.run([referee, "build", "--rules-src", rules_src], env=env, stdout=subprocess.DEVNULL, check=True)
        walls = []
        for _ in range(args.runs):
            start = time.perf_counter()
            command = [referee, "lint", "--rules-src", rules_src, "--format", "json", "--min-severity", "info"]
            subprocess.run(command, env=env, stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - start)

    from referee.build import assemble
    from referee.lint.context import LintContext
    from referee.lint.registry import checks
    from referee.lint.run import lint

    build = assemble(rules_src)
    per_check: dict[str, float] = {}
    for system in build.systems:
        ctx = LintContext(build, system, rules_src)
        for check in checks():
            start = time.perf_counter()
            ctx.findings(check.code)
            per_check[check.code] = per_check.get(check.code, 0.0) + time.perf_counter() - start
    findings = len(lint(build, rules_src=rules_src).findings)  # after the timings: they start cold

    print("| measure | median (min) | goal |\n|---|---|---|")
    print(f"| warm `referee lint` (4 systems, {findings} findings), whole process | "
          f"{statistics.median(walls) * 1000:.0f} ms ({min(walls) * 1000:.0f}) | under 2 s |\n")
    print("| check | ms (4 systems, in process) |\n|---|---:|")
    for code, seconds in sorted(per_check.items(), key=lambda kv: -kv[1]):
        print(f"| {code} | {seconds * 1000:.1f} |")


if __name__ == "__main__":
    main()
