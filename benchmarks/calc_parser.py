"""Does ``referee calc`` need its own LALR driver?  (Not a test: run it on a quiet machine.)

    .venv/bin/python benchmarks/calc_parser.py [--runs N]

Times a warm ``referee calc`` as a whole process two ways, beside a bare
``python -c pass``, interleaved so all see the same machine load:
- ``tables``: as shipped, walking the LALR tables Lark made (referee/calc/lalr.py),
  without importing Lark;
- ``lark``: the same call with the question parsed by Lark itself, loaded
  through referee/grammars.py from its cache (the parser swapped in before the
  CLI runs; the trees are the same, tests/calc/test_calc_lalr.py).
Wall time (median and minimum) and the child's CPU time (user + system,
median), which a loaded machine disturbs less.  docs/performance.md records
the figures.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
QUESTION = ["calc", "3 attacks hit CS5 vs CS4 then wound S4 vs T4 then save 4+/6+ AP-1", "--system", "last-edition"]
THROUGH_LARK = """
import sys
from referee import grammars
from referee.calc import parse
from referee.cli.commands import main


class Lark:
    Stuck = parse.lalr.Stuck
    strings = parse.lalr.strings
    parser = None

    @classmethod
    def parse(cls, text):
        cls.parser = cls.parser or grammars.load("calc.lark")
        return cls.parser.parse(text)


parse.lalr = Lark
sys.argv = ["referee", *sys.argv[1:]]
sys.exit(main())
"""


def run(cmd: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    commands = {
        "bare `python -c pass`": [sys.executable, "-c", "pass"],
        "`referee calc`, table walker": [str(BIN / "referee"), *QUESTION],
        "`referee calc`, Lark through the loader": [sys.executable, "-c", THROUGH_LARK, *QUESTION],
    }
    for cmd in commands.values():  # warm the caches (build, tables, Lark's cache file)
        run(cmd)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, cmd in commands.items():
            wall, cpu = run(cmd)
            walls[name].append(wall)
            cpus[name].append(cpu)
    bare = next(iter(commands))
    print(f"| {args.runs} runs each | wall median (min) | CPU median | CPU / bare |")
    print("|---|---|---|---|")
    for name in commands:
        ratio = statistics.median(cpus[name]) / statistics.median(cpus[bare])
        print(
            f"| {name} | {statistics.median(walls[name]) * 1e3:.0f} ms ({min(walls[name]) * 1e3:.0f})"
            f" | {statistics.median(cpus[name]) * 1e3:.0f} ms | {ratio:.1f}x |"
        )


if __name__ == "__main__":
    main()
