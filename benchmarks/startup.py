"""Start-up and build benchmark (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/startup.py [--runs N]

Measures, in one run:
- a warm ``referee lookup Fear --system t9a``, ``referee explain Fly
  --system t9a``, ``referee search fear`` and ``referee parse Fear --system
  t9a`` (cache and search index present) beside a bare ``python -c pass`` of
  the same interpreter, interleaved so all see the same machine load, by
  wall time and by CPU time (user + system of the child: less moved by a
  busy machine); goal: each under 5x the bare start;
- (Referee's modules are byte-compiled first, as any install has them;)
- a cold build of all four systems, in process (``assemble``: rulebase and
  graph) and as a CLI call (``referee build`` into an empty cache folder:
  ``--refresh`` alone rebuilds the view but takes unchanged systems from the
  build's memo); goal: under 3 s;
- each adapter reading its real document (the timing the adapter tests once
  asserted; a shared machine makes such assertions flaky, so it lives here).
With ``--against DIR`` (another copy of the project, e.g. ``git archive
<commit> | tar -x -C DIR``), every warm call is also made with DIR's code, in
the same interleaved loop and against its own cache, and both run through
the same small launcher (the editable install's hook, which maps ``referee``
onto this checkout, is set aside for both): a before/after on one machine
load.

Prints a Markdown table; docs/performance.md records the figures.
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
# ``python -c LAUNCH DIR ARGS...`` runs ``referee ARGS...`` with the code of DIR: its
# ``main`` is in referee.cli.commands, or in the module referee.cli in a copy from before
# the loose modules were grouped (issue 27), so a before/after can span that move.
LAUNCH = (
    "import sys; sys.meta_path[:] = [f for f in sys.meta_path if not type(f).__module__.startswith('__editable__')]; "
    "sys.path.insert(0, sys.argv.pop(1)); sys.argv[0] = 'referee'; cli = __import__('referee.cli', fromlist=['main']); "
    "main = getattr(cli, 'main', None) or __import__('referee.cli.commands', fromlist=['main']).main; sys.exit(main())"
)


def wall(cmd: list[str], env: dict[str, str], cpu: list[float] | None = None) -> float:
    """Wall time of one call; with ``cpu``, its CPU time (user + system) is appended there."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    took = time.perf_counter() - start
    if cpu is not None:
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--against", metavar="DIR", help="another copy of the project: its warm calls beside these")
    args = parser.parse_args()

    # A real install has bytecode; a session that sets PYTHONDONTWRITEBYTECODE
    # would otherwise compile every module of Referee on every call.
    import compileall

    compileall.compile_dir(ROOT / "referee", quiet=1)
    if args.against:
        compileall.compile_dir(Path(args.against) / "referee", quiet=1)
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as other_cache:
        env = {**os.environ, "REFEREE_CACHE_DIR": cache}
        referee = str(BIN / "referee")
        calls = {
            "bare": [sys.executable, "-c", "pass"],
            "lookup": [referee, "lookup", "Fear", "--system", "t9a"],
            "explain": [referee, "explain", "Fly", "--system", "t9a"],
            "search": [referee, "search", "fear"],
            "parse": [referee, "parse", "Fear", "--system", "t9a"],
        }

        cold_cli = []
        for _ in range(3):
            with tempfile.TemporaryDirectory() as empty:
                cold_cli.append(wall([referee, "build"], {**env, "REFEREE_CACHE_DIR": empty}))
        envs = {name: env for name in calls}
        if args.against:  # both through the launcher, each with its own code and cache
            other_env = {**env, "REFEREE_CACHE_DIR": other_cache}
            for name, cmd in list(calls.items())[1:]:
                calls[name] = [sys.executable, "-c", LAUNCH, str(ROOT), *cmd[1:]]
                calls[f"{name} ({args.against})"] = [sys.executable, "-c", LAUNCH, args.against, *cmd[1:]]
                envs[f"{name} ({args.against})"] = other_env
        for name, cmd in calls.items():
            if name != "bare":  # the warm calls below find their cache and search index
                wall(cmd, envs[name])
        walls: dict[str, list[float]] = {name: [] for name in calls}
        cpus: dict[str, list[float]] = {name: [] for name in calls}
        for _ in range(args.runs):
            for name, cmd in calls.items():
                walls[name].append(wall(cmd, envs[name], cpus[name]))

    sys.path.insert(0, str(ROOT))
    from referee.store.record import assemble

    cold = []
    for _ in range(5):
        start = time.perf_counter()
        rb = assemble(ROOT / "rules_src")
        cold.append(time.perf_counter() - start)
    adapters = adapter_timings(rb)

    ms = lambda xs: f"{statistics.median(xs) * 1000:.0f} ms (min {min(xs) * 1000:.0f})"  # noqa: E731
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
    print(f"rules: {len(rb.rules)} in {len(rb.systems)} systems\n")
    print(f"| warm call, {args.runs} interleaved runs | wall median (min) | x bare | CPU median | x bare |")
    print("|---|---|---:|---|---:|")
    for name, cmd in calls.items():
        words = cmd[4:] if cmd[1:2] == ["-c"] and len(cmd) > 4 else cmd[1:]
        shown = "`python -c pass`" if name == "bare" else f"`{' '.join(['referee', *words])}`"
        if args.against and name != "bare":
            shown += f" ({args.against})" if name.endswith(f"({args.against})") else " (this checkout)"
        ratio = statistics.median(walls[name]) / statistics.median(walls["bare"])
        cpu_ratio = statistics.median(cpus[name]) / statistics.median(cpus["bare"])
        print(f"| {shown} | {ms(walls[name])} | {ratio:.1f}x | {statistics.median(cpus[name]) * 1000:.0f} ms | {cpu_ratio:.1f}x |")
    print("\n| measure | median (min) | goal |")
    print("|---|---|---|")
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
