"""The rebuild of a one-document system after one sentence, in one process, step by step.

    .venv/bin/python benchmarks/rebuild.py --rules 20000 [--work DIR] [--rebuilds 2] [--cold] [--profile FILE]

Writes (once, into ``--work``) the one-document folder of ``synthetic.py
--format one-document``, builds it into its own cache (``--cold``, or when
that cache is missing), then adds one sentence in the middle of the document
and rebuilds, ``--rebuilds`` times, each with a sentence of its own; the
document is put back after each.  For each build it prints the wall and
processor time of this process (``REFEREE_WORKERS=1`` is set unless ``--workers``: everything is
read here, so the processor time is all of it), its largest resident set,
the store's size and free pages after it, and the processor time of the steps: reading the folder
(``rulebase.base.read_folder`` as the store calls it, alignment included), aligning
(``rulebase.align.align``), the system's read (``store.writer.read``, which
holds the reading) and writing it (``store.writer.write_system``, which
reads the sections as it takes them).
``--lines``: the sentence is a paragraph of its own (two lines more, which move every
rule below it), and the document put back is built too (two lines fewer).
``--workers 2``: the effect reader's workers
(then the processor time is this process's only).  ``--steps``: the processor time of
each pass too (``STEPS``), each step's wall time after a slash (on a shared machine the
wall time is mostly the wait for a core).  ``--code-key K``: the store's code key held at K, so that one cold
build serves every version of the code timed against it.  ``--profile FILE``: the last rebuild run
under cProfile, its statistics written to FILE (``python -m pstats FILE``) and the
functions that took the most of it printed.  Not a test: the processor times are
the steadier figures on a shared machine; docs/performance.md records them.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import resource
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Referee first, from wherever this Python finds it (PYTHONPATH: a copy of the code, whose
# key stays put while others edit the tree); ``synthetic`` puts the tree itself on the path.
import referee  # noqa: E402,F401

sys.path.insert(0, str(ROOT / "benchmarks"))
import synthetic  # noqa: E402

SPENT: dict[str, float] = {}
WALL: dict[str, float] = {}  # the same steps' wall time

# --steps: the passes of a rebuild, each timed where it is called from (module, name, label)
STEPS = [
    ("referee.sources.markdown", "scan", "md scan"),
    ("referee.sources.markdown", "fold_lead_ins", "md lead-ins"),
    ("referee.sources.markdown", "link", "md link"),
    ("referee.sources.markdown", "_section_rules", "md sections (chunks)"),
    ("referee.sources.markdown", "_name_removed_lists", "md removed lists"),
    ("referee.sources.markdown", "_categorise", "md categories"),
    ("referee.sources.markdown", "_inline_keywords", "md inline keywords"),
    ("referee.sources.markdown", "_entries", "md entries"),
    ("referee.rulebase.load", "decode", "decode"),
    ("referee.rulebase.base", "document_summary", "document summary"),
    ("referee.rulebase.align", "_check_curated", "align: curated"),
    ("referee.rulebase.align", "_group", "align: group"),
    ("referee.rulebase.align", "_rules", "align: rules"),
    ("referee.store.writer", "Rulebase.from_rules", "rulebase"),
    ("referee.store.writer", "_named", "names"),
    ("referee.store.writer", "canonical", "names keys"),
    ("referee.store.record", "before", "before"),
    ("referee.store.record", "known", "section digests"),
    ("referee.store.writer", "muster", "muster"),
    ("referee.store.writer", "pickled", "frame pickled"),
    ("referee.store.answers", "of_system", "answers"),
    ("referee.store.writer", "unit_index", "units"),
    ("referee.store.record", "rows_made", "rows made"),
    ("referee.store.record", "Readings.__call__", "effect reader"),
    ("referee.store.writer", "_tidy", "tidy"),
    ("referee.store.writer", "code_key", "code key"),
]


def timed(module: object, name: str, label: str) -> None:
    """Wrap ``module.name`` so that the processor time spent in it adds up in SPENT[label]."""
    real = getattr(module, name)

    @functools.wraps(real)
    def wrapper(*args: object, **kwargs: object) -> object:
        start, wall = time.process_time(), time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            SPENT[label] = SPENT.get(label, 0.0) + time.process_time() - start
            WALL[label] = WALL.get(label, 0.0) + time.perf_counter() - wall

    setattr(module, name, wrapper)


def build(src: Path, label: str, profile: Path | None = None) -> None:
    from referee.store.load import close_opened, open_rules

    SPENT.clear()
    WALL.clear()
    wall, cpu = time.time(), time.process_time()
    if profile is None:
        open_rules(src)
    else:
        import cProfile
        import pstats

        with cProfile.Profile() as profiler:
            open_rules(src)
        profiler.dump_stats(profile)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
    close_opened()
    steps = ", ".join(f"{name} {SPENT.get(name, 0.0):.2f} ({WALL.get(name, 0.0):.2f} wall)" for name in ("read_folder", "align", "system read", "write_system"))
    if STEPS:
        steps += "\n  " + ", ".join(f"{label} {SPENT.get(label, 0.0):.3f}/{WALL.get(label, 0.0):.3f}" for *_, label in STEPS)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    spent = f"wall {time.time() - wall:.2f} s, processor {time.process_time() - cpu:.2f} s, largest {peak:.0f} MB"
    print(f"{label}: {spent}; steps (processor s): {steps}; {_store(src)}", flush=True)


def _store(src: Path) -> str:
    """The store's size on disk and its free pages (what a rebuild freed and did not hand back)."""
    import sqlite3

    from referee.store import database

    file = database.path(src)
    db = sqlite3.connect(file)
    try:
        free = db.execute("PRAGMA freelist_count").fetchone()[0]
    finally:
        db.close()
    return f"store {os.path.getsize(file) / 2**20:.1f} MB, {free} free pages"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", type=int, default=20000)
    parser.add_argument("--work", type=Path, default=Path("/tmp/referee-rebuild"))
    parser.add_argument("--rebuilds", type=int, default=2)
    parser.add_argument("--cold", action="store_true", help="build from an empty cache first")
    parser.add_argument("--workers", type=int, default=1, help="REFEREE_WORKERS (1: everything read here)")
    parser.add_argument("--profile", type=Path, help="profile the last rebuild into this file")
    parser.add_argument("--lines", action="store_true", help="add the sentence as a paragraph of its own (two lines more)")
    parser.add_argument("--steps", action="store_true", help="time each pass of the rebuild (STEPS) too")
    parser.add_argument(
        "--code-key",
        help="hold the store's code key at this (a cache built once serves code being changed: for timing only)",
    )
    args = parser.parse_args()
    src = args.work / f"one-{args.rules}"
    cache = args.work / f"cache-{args.rules}"
    if not src.exists():
        synthetic.write_rules_src(src, args.rules, fmt="one-document")
    os.environ["REFEREE_CACHE_DIR"] = str(cache)
    os.environ["REFEREE_WORKERS"] = str(args.workers)

    from referee.rulebase import align
    from referee.store import writer

    timed(writer, "read_folder", "read_folder")  # as the store calls it
    timed(align, "align", "align")
    timed(writer, "read", "system read")
    timed(writer, "write_system", "write_system")
    if args.code_key:
        writer.code_key = lambda: args.code_key
    if not args.steps:
        STEPS.clear()
    for module, name, label in STEPS:
        owner: object = importlib.import_module(module)
        *classes, name = name.split(".")  # "Class.method": wrapped on the class
        for cls in classes:
            owner = getattr(owner, cls)
        timed(owner, name, label)
    print(f"{args.rules} rules in one document, workers {args.workers}, load {os.getloadavg()[0]:.1f}")
    if args.cold or not cache.exists():
        shutil.rmtree(cache, ignore_errors=True)
        build(src, "cold build")
    document = src / "synth" / "rules.md"
    text = document.read_text(encoding="utf-8")
    at = text.index(".", len(text) // 2) + 1
    for n in range(args.rebuilds):
        sentence = f"Models with it may reroll failed Panic Tests ({time.time_ns() % 10**6} {n})."
        added = f"\n\n{sentence}" if args.lines else f" {sentence}"
        document.write_text(text[:at] + added + text[at:], encoding="utf-8")
        try:
            build(src, f"rebuild {n + 1}", args.profile if n == args.rebuilds - 1 and not args.lines else None)
        finally:
            document.write_text(text, encoding="utf-8")
        if args.lines:  # the store back to the document as it was: the lines taken out again, a rebuild too
            build(src, f"put back {n + 1}", args.profile if n == args.rebuilds - 1 else None)


if __name__ == "__main__":
    main()
