"""Warm calls against a bare interpreter start (not a test: run it on a quiet machine).

    env -u PYTHONDONTWRITEBYTECODE .venv/bin/python benchmarks/warm.py [--runs 15] [--rules-src FOLDER]

For each of ``lookup``, ``show``, ``explain``, ``resolve`` and ``calc`` (the
quick commands a player types mid-game), ``--runs`` whole-process calls of
the command with its cache warm, each beside a bare ``python -c pass`` of the
same interpreter in the same loop, so both see the same load.  Prints the
median of each and their ratio (the goal: under 5x).  Without
``--rules-src`` the project's rules_src is read, into a cache folder of its
own; with it (a folder ``benchmarks/scale.py --keep`` wrote), the names
asked for are the synthetic ones.  docs/performance.md records the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = {
    "lookup": ["lookup", "Hellebarde"],
    "show": ["show", "Fear", "--system", "t9a"],
    "explain": ["explain", "Fly", "--system", "t9a"],
    "resolve": ["resolve", "Fearless", "--vs", "Terror", "--system", "t9a"],
    "calc": ["calc", "-s", "last-edition", "2d6"],
}


def wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def synthetic_calls(src: Path) -> dict[str, list[str]]:
    """The same commands on a synthetic folder: a rule of its first system, by name."""
    system = sorted(p.name for p in src.iterdir() if (p / "system.toml").is_file())[0]
    listed = subprocess.run(
        [str(Path(sys.executable).parent / "referee"), "list", "--system", system, "--json", "--rules-src", str(src)],
        capture_output=True, text=True, check=True,
    )
    import json

    rules = json.loads(listed.stdout)["rules"]
    one, other = rules[len(rules) // 2]["name"], rules[len(rules) // 3]["name"]
    return {
        "lookup": ["lookup", one],
        "show": ["show", one, "--system", system],
        "explain": ["explain", one, "--system", system],
        "resolve": ["resolve", one, "--vs", other, "--system", system],
        "calc": ["calc", "-s", system, "2d6"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--rules-src", type=Path, help="a rules folder (its cache as it is); default: the project's, in a fresh cache")
    args = parser.parse_args()
    import compileall

    compileall.compile_dir(ROOT / "referee", quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as cache:
        if args.rules_src is None:
            env["REFEREE_CACHE_DIR"] = cache
            src = ROOT / "rules_src"
            calls = CORPUS
        else:
            src = args.rules_src.resolve()
            os.environ.update(env)
            calls = synthetic_calls(src)
        referee = [str(Path(sys.executable).parent / "referee")]
        subprocess.run([*referee, "build", "--rules-src", str(src)], env=env, stdout=subprocess.DEVNULL, check=True)
        bare = [sys.executable, "-c", "pass"]
        times: dict[str, list[float]] = {name: [] for name in calls}
        base: list[float] = []
        for name, call in calls.items():  # once each: bytecode and the search index (resolve) written
            wall([*referee, *call, "--rules-src", str(src)], env)
        for _ in range(args.runs):
            base.append(wall(bare, env))
            for name, call in calls.items():
                times[name].append(wall([*referee, *call, "--rules-src", str(src)], env))
    b = statistics.median(base)
    print(f"rules: {src}; runs: {args.runs}; load average at the end: {os.getloadavg()[0]:.1f}\n")
    print("| call | median | ratio to a bare start |")
    print("|---|---|---|")
    print(f"| `python -c pass` | {b * 1000:.0f} ms | 1.0x |")
    for name, call in calls.items():
        m = statistics.median(times[name])
        print(f"| `referee {' '.join(call)}` | {m * 1000:.0f} ms | {m / b:.1f}x |")


if __name__ == "__main__":
    main()
