"""Start-up and build benchmark (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/startup.py [--runs N]

Measures, in one run:
- a warm ``referee lookup Fear --system t9a`` and ``referee explain Fly
  --system t9a`` (cache present) beside a bare
  ``python -c pass`` of the same interpreter, interleaved so both see the
  same machine load; goal: the lookup under 5x the bare start;
- (Referee's modules are byte-compiled first, as any install has them;)
- a cold build of all four systems, in process (``assemble``: rulebase and
  graph) and as a CLI call (``referee build`` into an empty cache folder:
  ``--refresh`` alone rebuilds the view but takes unchanged systems from the
  build's memo); goal: under 3 s;
- each adapter reading its real document (the timing the adapter tests once
  asserted; a shared machine makes such assertions flaky, so it lives here).
Prints a Markdown table; docs/performance.md records the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()

    # A real install has bytecode; a session that sets PYTHONDONTWRITEBYTECODE
    # would otherwise compile every module of Referee on every call.
    import compileall

    compileall.compile_dir(ROOT / "referee", quiet=1)
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "REFEREE_CACHE_DIR": cache}
        referee = str(BIN / "referee")
        lookup = [referee, "lookup", "Fear", "--system", "t9a"]
        explain = [referee, "explain", "Fly", "--system", "t9a"]
        bare = [sys.executable, "-c", "pass"]

        cold_cli = []
        for _ in range(3):
            with tempfile.TemporaryDirectory() as empty:
                cold_cli.append(wall([referee, "build"], {**env, "REFEREE_CACHE_DIR": empty}))
        wall([referee, "build"], env)  # the warm calls below find their cache
        warm, warm_explain, base = [], [], []
        for _ in range(args.runs):
            warm.append(wall(lookup, env))
            warm_explain.append(wall(explain, env))
            base.append(wall(bare, env))

    sys.path.insert(0, str(ROOT))
    from referee.build import assemble

    cold = []
    for _ in range(5):
        start = time.perf_counter()
        rb = assemble(ROOT / "rules_src")
        cold.append(time.perf_counter() - start)
    adapters = adapter_timings(rb)

    ms = lambda xs: f"{statistics.median(xs) * 1000:.0f} ms (min {min(xs) * 1000:.0f})"  # noqa: E731
    ratio = statistics.median(warm) / statistics.median(base)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"rules: {len(rb.rules)} in {len(rb.systems)} systems\n")
    print("| measure | median (min) | goal |")
    print("|---|---|---|")
    print(f"| `python -c pass` | {ms(base)} | |")
    print(f"| warm `referee lookup Fear --system t9a` | {ms(warm)} | |")
    print(f"| ratio warm lookup / bare interpreter | {ratio:.1f}x | under 5x |")
    print(f"| warm `referee explain Fly --system t9a` | {ms(warm_explain)} | |")
    print(f"| ratio warm explain / bare interpreter | {statistics.median(warm_explain) / statistics.median(base):.1f}x | under 5x |")
    print(f"| cold build, all systems, in process | {ms(cold)} | under 3 s |")
    print(f"| cold `referee build` (whole process, empty cache) | {ms(cold_cli)} | under 3 s |")
    for label, times in adapters.items():
        print(f"| adapter read: {label} | {ms(times)} | |")


def adapter_timings(rb: object, runs: int = 5) -> dict[str, list[float]]:
    """Each document read by its adapter alone, ``runs`` times."""
    from referee.sources import Document, adapter_for

    out: dict[str, list[float]] = {}
    for system, manifest in rb.manifests.items():  # type: ignore[attr-defined]
        for spec in manifest.documents:
            doc = Document(system, spec.path, spec.format, spec.role, rb.texts[spec.path], spec.lang, {"title": spec.title, **spec.options})  # type: ignore[attr-defined]
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                adapter_for(spec.format)(doc)
                times.append(time.perf_counter() - start)
            out[f"{spec.format} `{spec.path}`"] = times
    return out


if __name__ == "__main__":
    main()
