"""How long the developers' fast lane takes (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/check.py [--runs N] [--against DIR]

Runs ``make check``'s command (``python -m pytest -q -m "not slow and not browser"``,
two workers on this machine) ``--runs`` times and prints, for each run, its wall
time, the processor time of the run and every process it waited for (user + system:
what a busier machine moves least) and the load average before and after; then the
best and the median.  Goal (issue 27): under 60 s of wall time on this 2-core machine.

``--against DIR`` (another checkout with its own ``.venv``, e.g. ``/work/main``)
runs DIR's fast lane in turn with this one's, so that both see the same load: a
before/after on one machine.  Each run has bytecode written, as ``make check`` and
a developer's checkout have it (``PYTHONDONTWRITEBYTECODE`` unset), and keeps
pytest's cache folder, as ``make check`` does: a docs page the Markdown linter found
clean in an earlier run is not linted again until it changes (tests/test_docs.py),
so the first run in a checkout lints every page and later ones only the pages
changed.  ``--fresh`` runs without pytest's cache instead (``-p no:cacheprovider``,
as in a fresh clone or on CI: every page linted every run).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = ["-m", "pytest", "-q", "-m", "not slow and not browser"]
FRESH = ["-p", "no:cacheprovider"]


def one_run(tree: Path, fresh: bool = False) -> dict[str, float]:
    """Wall and processor seconds of one fast lane in ``tree``, with the load around it."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = os.getloadavg()[0]
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([str(tree / ".venv" / "bin" / "python"), *COMMAND, *(FRESH if fresh else [])], cwd=tree, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr.strip()[-200:]
    if done.returncode != 0:
        print(f"{tree}: the fast lane failed: {summary}", file=sys.stderr)
    return {
        "wall": wall,
        "cpu": (after.ru_utime - used.ru_utime) + (after.ru_stime - used.ru_stime),
        "load_before": before,
        "load_after": os.getloadavg()[0],
        "ok": float(done.returncode == 0),
        "summary": summary,  # type: ignore[dict-item]
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another checkout, run in turn with this one")
    parser.add_argument("--fresh", action="store_true", help="without pytest's cache folder, as a fresh clone or CI runs (every docs page linted)")
    args = parser.parse_args()
    trees = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    results: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    shown = " ".join(COMMAND + (FRESH if args.fresh else []))
    print(f"Python {sys.version.split()[0]}; {os.cpu_count()} cores; {args.runs} runs of: python {shown}")
    print()
    print("| tree | run | wall (s) | processor (s) | load before / after | result |")
    print("|---|---:|---:|---:|---|---|")
    for run in range(1, args.runs + 1):
        for name, tree in trees.items():
            found = one_run(tree, args.fresh)
            results[name].append(found)
            print(f"| {name} ({tree}) | {run} | {found['wall']:.1f} | {found['cpu']:.1f} | {found['load_before']:.1f} / {found['load_after']:.1f} | {found['summary']} |", flush=True)
    print()
    for name, runs in results.items():
        walls = [r["wall"] for r in runs]
        cpus = [r["cpu"] for r in runs]
        print(f"{name}: wall best {min(walls):.1f} s, median {statistics.median(walls):.1f} s; processor best {min(cpus):.1f} s, median {statistics.median(cpus):.1f} s")


if __name__ == "__main__":
    main()
