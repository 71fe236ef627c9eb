"""Speed of a warm ``referee resolve`` (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/resolve.py [--runs N]

Times, as whole processes and interleaved with a bare ``python -c pass`` of
the same interpreter (so both see the same machine load), a warm call (the
cache built first) of:

- ``referee resolve "Great Weapon, Lightning Reflexes" --system t9a --when melee``
- ``referee resolve "Paired Weapons" --vs "Hand Weapon, Shield" --system t9a --when melee,on-foot --json``
- ``referee resolve Fear --vs Fear --system t9a --format markdown``
- ``referee resolve "Fly (8, 16)" --system t9a`` (plain numbers: still no grammar)
- ``referee resolve "Ranged 2 heavy" --system last-edition --when moved`` (a
  family and its words: the keyword grammar loads)

and ``referee lookup Fear --system t9a`` for comparison.
Goal: each within 5x the bare start, like ``referee lookup``.  Prints a
Markdown table of medians; docs/referee.md records the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import wall  # noqa: E402  (one whole-process timer for every start-up benchmark)

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CALLS = {
    "resolve (text)": ["Great Weapon, Lightning Reflexes", "--system", "t9a", "--when", "melee"],
    "resolve --vs --json": ["Paired Weapons", "--vs", "Hand Weapon, Shield", "--system", "t9a", "--when", "melee,on-foot", "--json"],
    "resolve --format markdown": ["Fear", "--vs", "Fear", "--system", "t9a", "--format", "markdown"],
    "resolve (parameters)": ["Fly (8, 16)", "--system", "t9a"],
    "resolve (keyword grammar)": ["Ranged 2 heavy", "--system", "last-edition", "--when", "moved"],
}


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
        for call in CALLS.values():
            wall([referee, "resolve", *call], env)  # builds the cache once, then warms the disk
        times: dict[str, list[float]] = {name: [] for name in [*CALLS, "lookup Fear --system t9a"]}
        base: list[float] = []
        for _ in range(args.runs):
            base.append(wall(bare, env))
            for name, call in CALLS.items():
                times[name].append(wall([referee, "resolve", *call], env))
            times["lookup Fear --system t9a"].append(wall([referee, "lookup", "Fear", "--system", "t9a"], env))
    bare_ms = statistics.median(base) * 1000
    print(f"runs: {args.runs}; Python {sys.version.split()[0]}; {os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}")
    print()
    print("| call | median (ms) | x bare start |")
    print("|---|---:|---:|")
    print(f"| `python -c pass` | {bare_ms:.1f} | 1.0 |")
    for name, values in times.items():
        ms = statistics.median(values) * 1000
        print(f"| `referee {name}` | {ms:.1f} | {ms / bare_ms:.1f} |")


if __name__ == "__main__":
    main()
