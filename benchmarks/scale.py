"""Scale benchmark: Referee on synthetic rule folders of 10,000 (and 100,000) rules.

    .venv/bin/python benchmarks/scale.py [--rules 10000] [--format mixed] [--runs 7] [--skip-search]
    .venv/bin/python benchmarks/scale.py --rules 100000 --skip-search --skip-lint --runs 3  # minutes
    .venv/bin/python benchmarks/scale.py --one-document --rules 100000 --skip-search --skip-lint --runs 3 --rebuilds 3
    .venv/bin/python benchmarks/scale.py --one-document --growth 10000,20000,50000

``--one-document``: one system whose rules all stand in one Markdown document
(``synthetic.py --format one-document``), the shape of an army-book-wide
system, instead of four systems; ``--growth`` prints, for each size, the
processor time of each reading step in one process (the adapter, alignment,
the effect reader), the cold build and the rebuild after one sentence, to
show how each grows with the rules.

Not a test: run it on a quiet machine.  For the rules folder written by
``benchmarks/synthetic.py`` (``--format``: markdown, rules-list, glossary,
mediawiki or mixed, one format per system), it measures, each as a whole
process, in one run:

- the cold build (``referee build``): wall time, peak memory (the largest
  maximum resident set of the build and its workers, from ``os.wait4``, and
  the peak of their proportional set sizes together, sampled from /proc) and
  the size of the cache it wrote;
- the rebuild after one sentence is added to one document (``--edit line``:
  after a line is added at its top, so that every rule of it moves), with each
  run's processor time (of the build and its workers) and the load average
  before it, since on a shared machine the wall time is mostly the wait for a core;
- warm ``lookup``, ``show``, ``explain`` (a name found once), ``list --system``
  and, unless ``--skip-search``, the search index build and warm ``search``;
  ``lint`` (whole build read from the cache); each beside a bare
  ``python -c pass`` run interleaved with it, so both see the same load;
- the plain alternatives, side by side: ``grep`` over the documents for the
  name (lookup) and a linear scan of every document's paragraphs for the
  words (search), and SQLite FTS5 over the same rules for the words.

Referee's code is copied into a temporary folder first and run from there
(``PYTHONPATH``), because the cache key hashes Referee's own code: in a tree
others are editing, every edit would make the next "warm" call cold.
Prints a Markdown table; docs/performance.md (Scale) records the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import synthetic  # noqa: E402


CPU: list[float] = [0.0]  # processor seconds (user + system, workers included) of the last run()


def run(cmd: list[str], env: dict[str, str], check: bool = True, tree: list[int] | None = None) -> tuple[float, int]:
    """Wall seconds and peak resident memory (KB) of one whole process (the largest
    of it and its workers, as ``os.wait4`` reports it).  ``tree``: receives the peak
    of the memory of the process and its workers together (KB), sampled.  Its
    processor time goes into ``CPU[0]``."""
    start = time.perf_counter()
    # From a neutral folder: ``python -m`` puts the working folder first on sys.path.
    proc = subprocess.Popen(cmd, env=env, cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    done = threading.Event()
    if tree is not None:
        tree.append(0)
        threading.Thread(target=_sample_tree, args=(proc.pid, done, tree), daemon=True).start()
    _, status, usage = os.wait4(proc.pid, 0)
    done.set()
    took = time.perf_counter() - start
    CPU[0] = usage.ru_utime + usage.ru_stime
    proc.returncode = os.waitstatus_to_exitcode(status)
    if check and proc.returncode not in (0, 1):
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}")
    return took, usage.ru_maxrss


def _sample_tree(pid: int, done: threading.Event, peak: list[int]) -> None:
    """Every 0.2 s, the proportional set size (KB: shared pages split between the
    processes sharing them, so forked workers are not counted twice) of ``pid``
    and its descendants; the largest sum goes into ``peak[-1]``."""
    while not done.wait(0.2):
        parents: dict[int, int] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as fh:
                        parents[int(entry)] = int(fh.read().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    pass
        family, grew = {pid}, True
        while grew:
            more = {p for p, parent in parents.items() if parent in family} - family
            grew, family = bool(more), family | more
        total = 0
        for member in family:
            try:
                with open(f"/proc/{member}/smaps_rollup") as fh:
                    total += next(int(line.split()[1]) for line in fh if line.startswith("Pss:"))
            except (OSError, StopIteration, ValueError):
                pass
        peak[-1] = max(peak[-1], total)


class _Said(list):  # type: ignore[type-arg]
    """The table's rows, each also said on stderr as soon as measured (a long run
    that fails late keeps what it measured)."""

    def append(self, row: tuple[str, str, str]) -> None:
        print(" | ".join(row), file=sys.stderr, flush=True)
        super().append(row)


def folder_size(path: Path) -> int:
    """Bytes of the files under ``path``, each file (a hard link's inode) counted once."""
    seen = {(st.st_dev, st.st_ino): st.st_size for st in (f.stat() for f in path.rglob("*") if f.is_file())}
    return sum(seen.values())


def snapshot(into: Path) -> Path:
    """Referee's code and grammars, copied so their hash stays put while others edit."""
    shutil.copytree(ROOT / "referee", into / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    # Inside the package too, where an installed Referee has them: found before
    # the editable install's mapping of referee.grammar onto the live grammar/.
    shutil.copytree(ROOT / "grammar", into / "referee" / "grammar", ignore=shutil.ignore_patterns("__pycache__"))
    import compileall

    compileall.compile_dir(into / "referee", quiet=1)  # an install has bytecode
    return into


def linear_scan(folder: str, words: str) -> int:
    """The plain search: every paragraph of every document, kept if it has all the words."""
    wanted = words.casefold().split()
    hits = 0
    for path in sorted(Path(folder).rglob("*")):
        if path.is_file() and path.suffix != ".toml":
            for para in path.read_text(encoding="utf-8").split("\n\n"):
                low = para.casefold()
                hits += all(w in low for w in wanted)
    return hits


def fts5(store: Path, into: Path, words: str) -> tuple[float, float]:
    """SQLite FTS5 over the rules' names and texts: seconds to index, to answer."""
    import sqlite3

    into.unlink(missing_ok=True)  # a kept folder's earlier run
    db = sqlite3.connect(into)
    start = time.perf_counter()
    db.execute("CREATE VIRTUAL TABLE rules USING fts5(id UNINDEXED, name, text)")
    from referee.store.database import unpack

    rows = (unpack(blob) for (blob,) in sqlite3.connect(store).execute("SELECT json FROM rules"))
    db.executemany("INSERT INTO rules VALUES (?, ?, ?)", ((r["id"], r["name"], r["text"]) for r in rows))
    db.commit()
    indexed = time.perf_counter() - start
    start = time.perf_counter()
    db.execute("SELECT id FROM rules WHERE rules MATCH ? ORDER BY rank LIMIT 10", (words,)).fetchall()
    return indexed, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", type=int, default=10_000)
    parser.add_argument("--format", choices=(*synthetic.FORMATS, "mixed"), default="mixed")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--skip-search", action="store_true", help="leave out the search index (long at 100,000 rules)")
    parser.add_argument("--skip-rebuild", action="store_true", help="leave out the rebuild after an edit")
    parser.add_argument("--rebuilds", type=int, default=1, help="rebuilds after an edit to time (each a new edit of the same document)")
    parser.add_argument(
        "--edit",
        choices=("sentence", "line"),
        default="sentence",
        help="the edit before each rebuild: a sentence added within a line in the middle of the document, "
        "or a line added at its top (every rule of the document moves: the document is read again whole)",
    )
    parser.add_argument("--skip-lint", action="store_true", help="leave out lint (long at 100,000 rules)")
    parser.add_argument("--keep", type=Path, help="write the rules folder and cache here and keep them")
    parser.add_argument(
        "--one-document",
        action="store_true",
        help="one system whose rules all stand in one Markdown document (an army-book-wide system) instead of four",
    )
    parser.add_argument(
        "--growth",
        metavar="N,N,...",
        help="only the growth table of the one-document system, at each of these sizes (its reading steps, cold build, rebuild)",
    )
    args = parser.parse_args()
    if args.growth:
        growth([int(n) for n in args.growth.split(",")], args.keep)
        return

    work = Path(tempfile.mkdtemp(prefix="referee-scale-")) if args.keep is None else args.keep
    work.mkdir(parents=True, exist_ok=True)
    try:
        measure(args, work)
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)


def measure(args: argparse.Namespace, work: Path) -> None:
    code = snapshot(work / "code") if not (work / "code").exists() else work / "code"
    src = work / "rules_src"
    if not src.exists():
        synthetic.write_rules_src(src, args.rules, fmt="one-document" if args.one_document else args.format)
    cache = work / "cache"
    shutil.rmtree(cache, ignore_errors=True)
    env = {**os.environ, "PYTHONPATH": str(code), "REFEREE_CACHE_DIR": str(cache), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("REFEREE_RULES_SRC", None)
    check = [sys.executable, "-c", "import referee.paths as p, sys; sys.stdout.write(p.PACKAGE_DIR + ' ' + p.grammar_folder())"]
    found = subprocess.run(check, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, check=True).stdout.split()
    assert found == [str(code / "referee"), str(code / "referee" / "grammar")], found  # the copy runs, not the live tree
    py = sys.executable
    referee = [py, "-m", "referee.cli.commands"]
    where = ["--rules-src", str(src)]
    system = synthetic.ONE_SYSTEM[0][0] if args.one_document else "synth-d"
    specs = synthetic.specs(args.rules, systems=synthetic.ONE_SYSTEM) if args.one_document else synthetic.specs(args.rules)
    named = next(s for s in specs if s.system == system and s.text and not s.param and sum(t.name == s.name for t in specs) == 1)
    words = "reroll Panic"  # "may reroll failed Panic Tests": in about one rule in thirty

    rows: list[tuple[str, str, str]] = _Said()
    tree: list[int] = []
    load = os.getloadavg()[0]
    cold, peak = run([*referee, "build", *where], env, tree=tree)
    memory = f"peak {peak / 1024:.0f} MB (largest process); {tree[-1] / 1024:.0f} MB all processes (PSS, sampled)"
    rows.append(("cold `referee build`", f"{cold:.1f} s ({CPU[0]:.1f} s CPU)", f"{memory}; load {load:.1f} -> {os.getloadavg()[0]:.1f}"))
    rows.append(("cache size after the build", f"{folder_size(cache) / 2**20:.0f} MiB", ""))

    if not args.skip_rebuild:
        # One sentence added to one rule in the middle of one document: the
        # document is read again, and the rules it gives a version of.
        edited = next(p for p in sorted(src.rglob("*")) if p.suffix in (".md", ".txt", ".wiki"))
        took: list[float] = []
        cpu: list[float] = []
        loads: list[float] = []
        peaks: list[tuple[int, int]] = []
        for n in range(max(1, args.rebuilds)):
            text = edited.read_text(encoding="utf-8")
            if args.edit == "line":
                at = text.index("\n") + 1  # below the document's first line: every rule of it moves down
                edited.write_text(text[:at] + "\n" + text[at:], encoding="utf-8")
            else:
                at = text.index(".", len(text) // 2) + 1
                edited.write_text(text[:at] + f" Models with it may reroll failed Panic Tests ({n})." + text[at:], encoding="utf-8")
            loads.append(os.getloadavg()[0])
            again, peak = run([*referee, "build", *where], env, tree=tree)
            took.append(again)
            cpu.append(CPU[0])
            peaks.append((peak, tree[-1]))
        what = "a line added at the top of" if args.edit == "line" else "a sentence added in"
        label = f"rebuild after {what} one document ({edited.parent.name}/{edited.name})"
        spread = f"{statistics.median(took):.1f} s (min {min(took):.1f}, {len(took)} runs)" if len(took) > 1 else f"{took[0]:.1f} s"
        peak, whole = max(peaks)
        spent = ", ".join(f"{c:.1f}" for c in cpu)
        said = ", ".join(f"{a:.1f}" for a in loads)
        memory = f"peak {peak / 1024:.0f} MB; {whole / 1024:.0f} MB all processes"
        rows.append((label, spread, f"{memory}; CPU s {spent}; load {said}"))
        rows.append(("cache size after the rebuilds", f"{folder_size(cache) / 2**20:.0f} MiB", "the one store, after what the edits replaced is gone"))
    time.sleep(2.5)  # past the stamp's same-tick window: warm calls now take the recorded key

    if not args.skip_search:
        took, peak = run([*referee, "search", words, *where], env)
        rows.append(("search index build (first `referee search`)", f"{took:.1f} s", f"peak {peak / 1024:.0f} MB"))
    if not args.skip_lint:
        took, peak = run([*referee, "lint", *where], env, check=False)
        rows.append(("`referee lint` (build from cache)", f"{took:.1f} s", f"peak {peak / 1024:.0f} MB"))

    warm = {
        f"warm `referee lookup '{named.name}'`": [*referee, "lookup", named.name, *where],
        f"warm `referee show '{named.name}'`": [*referee, "show", named.name, *where],
        f"warm `referee explain '{named.name}'`": [*referee, "explain", named.name, *where],
        f"warm `referee list --system {system} --json`": [*referee, "list", "--system", system, "--json", *where],
        f"plain: `grep -rF '{named.name}'` over the documents": ["grep", "-rF", named.name, str(src)],
        f"plain: linear scan of every paragraph for '{words}'": [py, "-c", f"import sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); import scale; scale.linear_scan({str(src)!r}, {words!r})"],
    }
    if not args.skip_search:
        warm[f"warm `referee search '{words}'`"] = [*referee, "search", words, *where]
    bare = [py, "-c", "pass"]
    times: dict[str, list[float]] = {label: [] for label in warm}
    base: list[float] = []
    for _ in range(args.runs):
        for label, cmd in warm.items():
            times[label].append(run(cmd, env)[0])
            base.append(run(bare, env)[0])
    b, low = statistics.median(base), min(base)
    rows.append(("`python -c pass` (bare interpreter)", f"{b * 1000:.0f} ms (min {low * 1000:.0f})", ""))
    for label, xs in times.items():
        m = statistics.median(xs)
        # On a busy shared machine the medians swing with the load; the minima
        # are each command alone, so their ratio is given too.
        rows.append((label, f"{m * 1000:.0f} ms (min {min(xs) * 1000:.0f})", f"{m / b:.1f}x bare (min to min {min(xs) / low:.1f}x)"))

    stores = sorted(cache.rglob("store/*/rules.sqlite"), key=lambda p: p.stat().st_mtime)
    if stores:
        indexed, answered = fts5(stores[-1], work / "fts5.sqlite", words)
        rows.append((f"plain: SQLite FTS5 index of names and texts; query '{words}'", f"{indexed:.1f} s to index", f"{answered * 1000:.1f} ms to answer"))

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    shape = "1 system in one Markdown document" if args.one_document else f"{len(synthetic.SYSTEMS)} systems, format {args.format}"
    print(f"rules: {args.rules} in {shape}\n")
    print("| measure | time | note |")
    print("|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


# -- how one system of one document grows ---------------------------------------------------

STEPS = """
import json, sys, time
from pathlib import Path
from referee.graph.reading import Readings
from referee.rulebase import align as aligning
from referee.rulebase.base import Rulebase, read_folder
src = Path(sys.argv[1])
spent = [0.0]
real = aligning.align
def timed(*args):
    start = time.process_time()
    try:
        return real(*args)
    finally:
        spent[0] += time.process_time() - start
aligning.align = timed
start = time.process_time()
manifest, summaries, rules, texts = read_folder(src, src / "synth", None, None)
read = time.process_time() - start
rb = Rulebase.from_rules("", {manifest.id: manifest}, {manifest.id: summaries}, rules, texts)
start = time.process_time()
readings = Readings(rb, manifest.id, workers=1)
for rule in rb.in_system(manifest.id):
    readings(rule)
effects = time.process_time() - start
print(json.dumps({"documents": read - spent[0], "align": spent[0], "effects": effects}))
"""


def growth(sizes: list[int], keep: Path | None) -> None:
    """The one-document system at each size: each step's processor time in one
    process (the adapter reading the document, alignment, the effect reader), then
    the cold ``referee build`` (wall, processor time of it and its workers, memory)
    and the rebuild after a sentence added in the middle of the document."""
    work = Path(tempfile.mkdtemp(prefix="referee-growth-")) if keep is None else keep
    work.mkdir(parents=True, exist_ok=True)
    try:
        code = snapshot(work / "code") if not (work / "code").exists() else work / "code"
        env = {**os.environ, "PYTHONPATH": str(code), "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("REFEREE_RULES_SRC", None)
        py = sys.executable
        rows = []
        for n in sizes:
            src = work / f"one-{n}"
            if not src.exists():
                synthetic.write_rules_src(src, n, fmt="one-document")
            cache = work / f"cache-{n}"
            shutil.rmtree(cache, ignore_errors=True)
            env["REFEREE_CACHE_DIR"] = str(cache)
            out = subprocess.run([py, "-c", STEPS, str(src)], env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, check=True)
            import json

            steps = json.loads(out.stdout)
            tree: list[int] = []
            cold, peak = run([py, "-m", "referee.cli.commands", "build", "--rules-src", str(src)], env, tree=tree)
            cpu = CPU[0]
            document = src / "synth" / "rules.md"
            text = document.read_text(encoding="utf-8")
            at = text.index(".", len(text) // 2) + 1
            document.write_text(text[:at] + " Models with it may reroll failed Panic Tests." + text[at:], encoding="utf-8")
            again, _ = run([py, "-m", "referee.cli.commands", "build", "--rules-src", str(src)], env)
            document.write_text(text, encoding="utf-8")
            row = (
                f"{n:,}", f"{steps['documents']:.1f}", f"{steps['align']:.1f}", f"{steps['effects']:.1f}",
                f"{cold:.1f}", f"{cpu:.1f}", f"{peak / 1024:.0f} / {tree[-1] / 1024:.0f}", f"{again:.1f}",
            )  # fmt: skip
            print(" | ".join(row), file=sys.stderr, flush=True)
            rows.append(row)
        print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
        print("one system, one Markdown document; steps in one process (CPU s); the build a whole process\n")
        print("| rules | reading the document | aligning | effect reader | cold build, wall s | its CPU s | largest / all processes, MB | rebuild after a sentence, s |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
