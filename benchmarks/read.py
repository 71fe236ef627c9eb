"""Reading speed: each system's documents through its adapter, then aligned (not a test).

    .venv/bin/python benchmarks/read.py RULES_SRC [--runs 1] [--system ID] [--graph] [--profile OUT.prof] [--dump OUT.json]

For every system of a rules folder (e.g. one written by
``benchmarks/synthetic.py``), in process: the time ``read_system`` takes
(every document read by its adapter, then aligned), and of that the time
``align`` takes (measured by aligning the entries read once more), best of
``--runs``, as wall time and as the process's CPU time (steadier on a shared
machine), and of ``align`` the CPU time of its step that aligns untranslated
headings by text (``_merge_by_text``) and, in brackets, of that step's
filter (``_Texts.near``, the one part that grows with headings x rules).
``--graph`` adds the rule graph's reading of each system's rules
(``read_relations``: the effect reader), wall and CPU time, best of
``--runs``.  Run it at two sizes to see how reading grows: a system of
2,500 rules against one of 10,000 should take about 4x, not 16x.

``--profile`` writes a cProfile of reading those systems once more (for
``python -m pstats``); ``--dump`` writes every rule they hold (id, names,
aliases, text, versions, sources, every field) as JSON, to compare the
rules a change reads before and after, byte for byte.  Prints a Markdown table;
docs/performance.md (Scale) records the figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # after PYTHONPATH: a copy of the code given there is what runs


def _plain(value: object) -> object:
    """A rule as JSON-ready data, every field kept, in a fixed order."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    return value


def _timed(owner: object, name: str, spent: list[float]) -> object:
    """Replace ``owner.name`` by a version adding its CPU time to ``spent[0]``;
    returns the original, to put back."""
    original = getattr(owner, name)

    def timed(*args: object) -> object:
        start = time.process_time()
        try:
            return original(*args)
        finally:
            spent[0] += time.process_time() - start

    setattr(owner, name, timed)
    return original


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rules_src", type=Path)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--system", action="append", help="time only this system (repeatable)")
    parser.add_argument("--profile", type=Path, help="write a cProfile of reading the systems here")
    parser.add_argument("--dump", type=Path, help="write every rule as JSON here")
    parser.add_argument("--graph", action="store_true", help="time the rule graph's reading of each system too")
    args = parser.parse_args()

    from referee.rulebase.manifest import load_manifest
    from referee.rulebase import align as aligning
    from referee.rulebase.load import read_system, system_folders

    root = args.rules_src.resolve()
    load = os.getloadavg()
    print(f"{root} (load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, best of {args.runs})\n")
    graph_head = " graph s (CPU s) |" if args.graph else ""
    print(
        f"| system | formats | rules | read_system s (CPU s) | of which align s (CPU s) | of which by text CPU s (filter) |{graph_head}"
        f"\n|---|---|---:|---:|---:|---:|{'---:|' if args.graph else ''}"
    )
    total = aligned = total_cpu = aligned_cpu = graphed = graphed_cpu = 0.0
    folders = [f for f in system_folders(root)[0] if not args.system or f.name in args.system]
    for folder in folders:
        manifest = load_manifest(root, folder)
        best = best_align = best_cpu = best_align_cpu = best_by_text = best_near = float("inf")
        for _ in range(args.runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            read, rules, _texts = read_system(root, manifest)
            best = min(best, time.perf_counter() - start)
            best_cpu = min(best_cpu, time.process_time() - start_cpu)
            by_text, near = [0.0], [0.0]
            merge = _timed(aligning, "_merge_by_text", by_text)
            filter_ = _timed(aligning._Texts, "near", near)
            try:
                start, start_cpu = time.perf_counter(), time.process_time()
                aligning.align(manifest, read)
                best_align = min(best_align, time.perf_counter() - start)
                best_align_cpu = min(best_align_cpu, time.process_time() - start_cpu)
            finally:
                setattr(aligning, "_merge_by_text", merge)
                setattr(aligning._Texts, "near", filter_)
            best_by_text, best_near = min(best_by_text, by_text[0]), min(best_near, near[0])
        formats = ", ".join(sorted({spec.format for spec, _ in read}))
        times = (
            f"{best:.2f} ({best_cpu:.2f}) | {best_align:.2f} ({best_align_cpu:.2f}) | {best_by_text:.2f} ({best_near:.2f})"
        )
        if args.graph:
            graph, graph_cpu = _graph(manifest, read, rules, _texts, args.runs)
            times += f" | {graph:.2f} ({graph_cpu:.2f})"
            graphed, graphed_cpu = graphed + graph, graphed_cpu + graph_cpu
        print(f"| {manifest.id} | {formats} | {len(rules)} | {times} |")
        total, total_cpu = total + best, total_cpu + best_cpu
        aligned, aligned_cpu = aligned + best_align, aligned_cpu + best_align_cpu
    graph_total = f" {graphed:.2f} ({graphed_cpu:.2f}) |" if args.graph else ""
    print(f"| all | | | {total:.2f} ({total_cpu:.2f}) | {aligned:.2f} ({aligned_cpu:.2f}) | |{graph_total}")

    if args.profile or args.dump:
        import cProfile

        profile = cProfile.Profile()
        rules = []
        for folder in folders:
            manifest = load_manifest(root, folder)
            if args.profile:
                profile.enable()
            rules.extend(read_system(root, manifest)[1])
            profile.disable()
        if args.profile:
            profile.dump_stats(str(args.profile))
        if args.dump:
            plain = [_plain(rule) for rule in sorted(rules, key=lambda r: r.id)]
            args.dump.write_text(json.dumps(plain, ensure_ascii=False, indent=0, default=repr))


def _graph(manifest: object, read: object, rules: list[object], texts: dict[str, str], runs: int) -> tuple[float, float]:
    """Wall and CPU seconds of the rule graph's reading of one system's rules, best of ``runs``."""
    from referee.graph.relations import read_relations
    from referee.rulebase.base import DocumentSummary, Rulebase

    summaries = [DocumentSummary(s.path, s.format, s.role, s.lang, s.title, s.origin, len(es)) for s, es in read]  # type: ignore[attr-defined]
    rulebase = Rulebase.from_rules("", {manifest.id: manifest}, {manifest.id: summaries}, rules, texts)  # type: ignore[attr-defined,arg-type]
    best = best_cpu = float("inf")
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        read_relations(rulebase)
        best, best_cpu = min(best, time.perf_counter() - start), min(best_cpu, time.process_time() - start_cpu)
    return best, best_cpu


if __name__ == "__main__":
    main()
