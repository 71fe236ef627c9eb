"""Lint speed from a warm cache (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/lint.py [--runs N]
    .venv/bin/python benchmarks/lint.py --rules-src FOLDER --in-process [--keep-build FILE] [--findings OUT]

Measures a warm ``referee lint`` over all four systems as a whole process
(goal: under 2 s), and, in process, the time each check takes on the build
``referee.store.record.assemble`` reads.  Prints Markdown; docs/lint.md records the
figures.

``--rules-src`` lints another folder (a synthetic one written by
``benchmarks/synthetic.py``, to see how lint grows); ``--in-process`` skips
the whole-process runs; ``--keep-build`` pickles the assembled build to a
file the first time and reads it from there afterwards (reading 40,000
rules and their relations takes minutes, and comparing the checks before
and after a change needs the same build); ``--findings`` writes every
finding as JSON, to compare them byte for byte.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # after PYTHONPATH: a copy of the code given there is what runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--rules-src", type=Path, default=ROOT / "rules_src")
    parser.add_argument("--in-process", action="store_true", help="only the checks' times, in process")
    parser.add_argument("--keep-build", type=Path, help="pickle the build here once, read it from here afterwards")
    parser.add_argument("--findings", type=Path, help="write every finding as JSON here")
    args = parser.parse_args()
    rules_src = str(args.rules_src.resolve())
    walls = [] if args.in_process else _whole_process(rules_src, args.runs)

    from referee.store.record import assemble
    from referee.lint.context import LintContext
    from referee.lint.registry import checks
    from referee.lint.run import lint

    if args.keep_build and args.keep_build.exists():
        build = pickle.loads(args.keep_build.read_bytes())
    else:
        build = assemble(rules_src)
        if args.keep_build:
            args.keep_build.write_bytes(pickle.dumps(build, protocol=pickle.HIGHEST_PROTOCOL))
    per_check: dict[str, float] = {}
    for system in build.systems:
        ctx = LintContext(build, system, rules_src)
        for check in checks():
            start = time.perf_counter()
            ctx.findings(check.code)
            per_check[check.code] = per_check.get(check.code, 0.0) + time.perf_counter() - start
    start, start_cpu = time.perf_counter(), time.process_time()
    result = lint(build, rules_src=rules_src)  # after the timings: they start cold
    whole, whole_cpu = time.perf_counter() - start, time.process_time() - start_cpu
    findings = len(result.findings)
    if args.findings:
        args.findings.write_text(json.dumps([f.to_json() for f in result.findings], ensure_ascii=False, indent=0))

    load = os.getloadavg()
    print(f"{rules_src}: {len(build.rules)} rules (load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})\n")
    print("| measure | median (min) | goal |\n|---|---|---|")
    if walls:
        print(f"| warm `referee lint` ({len(build.systems)} systems, {findings} findings), whole process | "
              f"{statistics.median(walls) * 1000:.0f} ms ({min(walls) * 1000:.0f}) | under 2 s |")
    print(f"| `lint` in process, all checks ({findings} findings) | {whole * 1000:.0f} ms (CPU {whole_cpu * 1000:.0f} ms) | |\n")
    print(f"| check | ms ({len(build.systems)} systems, in process) |\n|---|---:|")
    for code, seconds in sorted(per_check.items(), key=lambda kv: -kv[1]):
        print(f"| {code} | {seconds * 1000:.1f} |")


def _whole_process(rules_src: str, runs: int) -> list[float]:
    """Wall seconds of warm ``referee lint`` runs, each a whole process."""
    compileall.compile_dir(ROOT / "referee", quiet=1)
    referee = str(Path(sys.executable).parent / "referee")
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "REFEREE_CACHE_DIR": cache}
        subprocess.run([referee, "build", "--rules-src", rules_src], env=env, stdout=subprocess.DEVNULL, check=True)
        walls = []
        for _ in range(runs):
            start = time.perf_counter()
            command = [referee, "lint", "--rules-src", rules_src, "--format", "json", "--min-severity", "info"]
            subprocess.run(command, env=env, stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - start)

    return walls


if __name__ == "__main__":
    main()
