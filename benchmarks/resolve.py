"""Speed of a warm ``referee resolve`` (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/resolve.py [--runs N] [--cpu]

Times, as whole processes and interleaved with a bare ``python -c pass`` of
the same interpreter (so both see the same machine load), a warm call (the
cache built first) of:

- ``referee resolve "Great Weapon, Lightning Reflexes" --system t9a --when melee``
- ``referee resolve "Paired Weapons" --vs "Hand Weapon, Shield" --system t9a --when melee,on-foot --json``
- ``referee resolve Fear --vs Fear --system t9a --format markdown``
- ``referee resolve "Fly (8, 16)" --system t9a`` (plain numbers: still no grammar)
- ``referee resolve "Ranged 2 heavy" --system last-edition --when moved`` (a
  family and its words: the keyword grammar loads)

and ``referee lookup Fear --system t9a`` for comparison.  ``--cpu`` times
each call's processor time (user + system) instead of its wall time: on a
busy machine the wall times mostly measure the wait for a core.
Goal: each within 5x the bare start, like ``referee lookup``.  Prints a
Markdown table of medians; docs/referee.md records the figures.

Any other rules folder (a synthetic one, ``benchmarks/synthetic.py``):

    .venv/bin/python benchmarks/resolve.py --rules-src DIR [--system S] [--keep WORK] [--runs N]

The questions are taken from the folder's own build (the store): a rule that
grants another, ``--when melee``; a rule against the rule it overrides,
``--json``; a rule against one it is immune to, ``--format markdown``; a
cumulative rule twice; the same rule with a dice parameter (the keyword
grammar loads); and ``lookup`` of the first.  Referee's code is copied first
and run from the copy (``benchmarks/scale.py``: the cache key hashes the
code, which others edit meanwhile).  The cold build and the first
``resolve`` after it (which keeps the system's "never stacks" sentences
beside the store, :mod:`referee.resolve.source`) are timed once; with
``--keep WORK`` the copy and the cache stay in WORK and a second run is warm
from the start.  ``--search WORDS`` adds ``referee search WORDS`` (its first
call, which builds the search index, timed once with its peak memory).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

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
    parser.add_argument("--rules-src", type=Path, help="a rules folder to ask instead of the project's (questions taken from its build)")
    parser.add_argument("--system", help="with --rules-src: the system to ask about (default: its last)")
    parser.add_argument("--keep", type=Path, help="with --rules-src: keep the code copy and the cache here (a second run starts warm)")
    parser.add_argument("--search", metavar="WORDS", help="with --rules-src: also time `referee search WORDS` (the first call builds the index)")
    parser.add_argument("--cpu", action="store_true", help="time each call's processor time (user + system) instead of its wall time: what a busy machine moves least")
    args = parser.parse_args()
    if args.rules_src is not None:
        folder(args)
        return

    import compileall

    compileall.compile_dir(ROOT / "referee", quiet=1)  # an install has bytecode
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "REFEREE_CACHE_DIR": cache}
        referee = str(BIN / "referee")
        bare = [sys.executable, "-c", "pass"]
        for call in CALLS.values():
            wall([referee, "resolve", *call], env)  # builds the cache once, then warms the disk
        calls = {name: [referee, "resolve", *call] for name, call in CALLS.items()}
        calls["lookup Fear --system t9a"] = [referee, "lookup", "Fear", "--system", "t9a"]
        base, times = interleaved(bare, calls, env, args.runs, timer=_cpu if args.cpu else wall)
    if args.cpu:
        print("processor time (user + system) of each call, not wall time")
    table(args.runs, base, times)


def _cpu(cmd: list[str], env: dict[str, str]) -> float:
    """The processor time of one call (user + system), in seconds."""
    spent: list[float] = []
    wall(cmd, env, spent)
    return spent[0]


def interleaved(bare: list[str], calls: dict[str, list[str]], env: dict[str, str], runs: int, timer: Any = wall) -> tuple[list[float], dict[str, list[float]]]:
    """Seconds of each call and of a bare start, run by turns so that both see the same load."""
    times: dict[str, list[float]] = {name: [] for name in calls}
    base: list[float] = []
    for _ in range(runs):
        base.append(timer(bare, env))
        for name, cmd in calls.items():
            times[name].append(timer(cmd, env))
    return base, times


def table(runs: int, base: list[float], times: dict[str, list[float]]) -> None:
    bare_ms, bare_min = statistics.median(base) * 1000, min(base) * 1000
    print(f"runs: {runs}; Python {sys.version.split()[0]}; {os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}")
    print()
    print("| call | median (ms) | min (ms) | x bare start (median; min to min) |")
    print("|---|---:|---:|---:|")
    print(f"| `python -c pass` | {bare_ms:.1f} | {bare_min:.1f} | 1.0 |")
    for name, values in times.items():
        ms, low = statistics.median(values) * 1000, min(values) * 1000
        print(f"| `referee {name}` | {ms:.1f} | {low:.1f} | {ms / bare_ms:.1f}; {low / bare_min:.1f} |")


def questions(store_file: Path, system: str) -> dict[str, list[str]]:
    """Typical questions about ``system``, from its build: each names rules by a name that names one rule."""
    import sqlite3

    from referee.store.database import unpack
    from referee.store.rows import Stored

    view = Stored(sqlite3.connect(f"file:{store_file}?mode=ro", uri=True))

    def plain(rule_id: str | None) -> str | None:
        name = view.rule_names.get(rule_id or "")
        name = name and name.split(" (")[0]
        ok = name and [r["id"] for r in view.lookup(name, system)] == [rule_id] and not view.get(rule_id)["children"]
        return name if ok else None

    wanted: dict[str, list[str]] = {}
    rows = view._db.execute("SELECT r.json FROM rules AS u JOIN relations AS r ON r.source = u.id WHERE u.system = ? ORDER BY u.seq, r.seq", (system,))
    for (blob,) in rows:
        rel = unpack(blob)
        mine, theirs = plain(rel["source"]), plain(rel["target"])
        if mine is None:
            continue
        if rel["kind"] == "grants" and theirs and rel["target"] != rel["source"] and "grants" not in wanted:
            wanted["grants"] = [mine, "--when", "melee"]
        elif rel["kind"] == "overrides" and theirs and rel["target"] != rel["source"] and "overrides" not in wanted:
            wanted["overrides"] = [mine, "--vs", theirs, "--json"]
        elif rel["kind"] == "immune-to" and theirs and rel["target"] != rel["source"] and "immunity" not in wanted:
            wanted["immunity"] = [mine, "--vs", theirs, "--format", "markdown"]
        elif rel["kind"] == "stacks" and dict(rel["details"]).get("mode") == "cumulative" and "cumulative" not in wanted:
            wanted["cumulative"] = [f"{mine}, {mine}"]
            wanted["grammar"] = [f"{mine} (D3)"]
        if len(wanted) == 5:
            break
    calls = {f"resolve {' '.join(_shown(a) for a in call)}": ["resolve", *call, "--system", system] for call in wanted.values()}
    named = wanted["grants"][0]
    calls[f"lookup {_shown(named)} --system {system}"] = ["lookup", named, "--system", system]
    return calls


def _shown(arg: str) -> str:
    return arg if arg.startswith("--") or " " not in arg and "," not in arg else repr(arg)


def folder(args: argparse.Namespace) -> None:
    """Warm ``referee resolve`` on another rules folder, from a copy of the code, beside a bare start."""
    import shutil

    from scale import run, snapshot

    work = args.keep or Path(tempfile.mkdtemp(prefix="referee-resolve-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        code = work / "code" if (work / "code").exists() else snapshot(work / "code")
        cache = work / "cache"
        env = {**os.environ, "PYTHONPATH": str(code), "REFEREE_CACHE_DIR": str(cache)}
        env.pop("REFEREE_RULES_SRC", None)
        referee = [sys.executable, "-m", "referee.cli.commands"]
        where = ["--rules-src", str(args.rules_src.resolve())]
        load = f"load average {os.getloadavg()[0]:.1f}"
        took, peak = run([*referee, "build", *where], env)
        print(f"build (cold unless --keep held one): {took:.1f} s, peak {peak / 1024:.0f} MB; {load}")
        stores = sorted(cache.rglob("store/*/rules.sqlite"), key=lambda p: p.stat().st_mtime)
        system = args.system or sorted({p.name for p in args.rules_src.iterdir() if (p / "system.toml").is_file()})[-1]
        calls = {name: [*referee, *call, *where] for name, call in questions(stores[-1], system).items()}
        if args.search:
            took, peak = run([*referee, "search", args.search, *where], env)
            print(f"first `referee search {args.search!r}` (builds the index unless --keep held one): {took:.1f} s, peak {peak / 1024:.0f} MB")
            calls[f"search {args.search!r}"] = [*referee, "search", args.search, *where]
        time.sleep(2.5)  # past the stamp's same-tick window: warm calls take the recorded key
        for name, cmd in calls.items():
            took, _ = run(cmd, env)
            print(f"first `referee {name}` after the build: {took * 1000:.0f} ms")
        print()
        # from a neutral folder (scale.run): ``python -m`` puts the working folder first on sys.path
        base, times = interleaved([sys.executable, "-c", "pass"], calls, env, args.runs, timer=lambda cmd, env: run(cmd, env)[0])
        table(args.runs, base, times)
        print(f"\nload average at the end {os.getloadavg()[0]:.1f}")
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
