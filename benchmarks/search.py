"""Search benchmark: quality against today's baseline, speed beside SQLite FTS5 (not a test).

    .venv/bin/python benchmarks/search.py [--runs N] [--synthetic 100000]

Measures, in one run:

- quality on the query set of tests/search/queries.toml: mean reciprocal
  rank (MRR, over the first 10 results) and hits@3, overall and per kind of
  query, for Referee's search, for the baseline a player has today
  (case-insensitive substring search over names and text, in document
  order: Ctrl-F in the PDF) and for SQLite FTS5 on the same rules (BM25,
  Porter stemmer, accents removed, names weighted ten times the text); then
  every query Referee does not answer first;
- speed: a warm ``referee search`` as a whole process beside a bare
  ``python -c pass`` (interleaved, so both see the same machine load), for
  plain words and for a keyword string (which loads the keyword grammar);
  in-process latency p50/p95 over the query set; index build time and size;
  the same for FTS5 on the same data;
- with ``--synthetic N``: index build time and size and query latency on a
  synthetic corpus of N rules (benchmarks/synthetic.py), beside FTS5, with
  queries made from its names (exact, German, mistyped) and texts; and a
  warm ``referee search`` on a rules folder of that size.  Indexing 100,000
  rules takes minutes: that part runs only when asked.

Referee is run from this script's checkout (``PYTHONPATH``), so a copy of
the project can be measured while its code is being edited elsewhere: the
cache key hashes the code, and an edit mid-run makes a warm call cold.

Prints Markdown; docs/search.md records the figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import platform
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
BIN = Path(sys.executable).parent
QUERIES = ROOT / "tests" / "search" / "queries.toml"


# --- quality -----------------------------------------------------------------------------


def load_queries() -> list[dict]:
    return tomllib.loads(QUERIES.read_text(encoding="utf-8"))["query"]


def rank(found: list[str], want: list[str]) -> int | None:
    return next((i + 1 for i, rule_id in enumerate(found[:10]) if rule_id in want), None)


def scores(ranks: list[int | None]) -> tuple[float, float]:
    """(MRR, hits@3)."""
    if not ranks:
        return 0.0, 0.0
    mrr = sum(1 / r for r in ranks if r) / len(ranks)
    return mrr, sum(1 for r in ranks if r and r <= 3) / len(ranks)


def print_quality(title: str, ranks: dict[str, list[int | None]], queries: list[dict]) -> None:
    """A markdown table of MRR and hits@3 per engine, overall and per kind of query."""
    kinds = sorted({q["kind"] for q in queries})
    counts = ", ".join(f"{k} {sum(q['kind'] == k for q in queries)}" for k in kinds)
    print(f"### {title}: {len(queries)} queries ({counts})\n")
    print("| engine | MRR | hits@3 | " + " | ".join(f"MRR {k}" for k in kinds) + " |")
    print("|---|---|---|" + "---|" * len(kinds))
    for name, found in ranks.items():
        mrr, hits = scores(found)
        per = [scores([r for r, q in zip(found, queries) if q["kind"] == k])[0] for k in kinds]
        print(f"| {name} | {mrr:.3f} | {hits:.3f} | " + " | ".join(f"{p:.2f}" for p in per) + " |")


def substring(build: object) -> Callable[[str, str | None], list[str]]:
    """The baseline: rules whose name or text holds the query, names first, in document order."""
    rules = list(build.rules.values())  # type: ignore[attr-defined]

    def find(query: str, system: str | None) -> list[str]:
        q = query.casefold()
        mine = [r for r in rules if system is None or r.system == system]
        named = [r.id for r in mine if any(q in n.casefold() for n in r.names)]
        texted = [r.id for r in mine if r.id not in named and any(q in v.text.casefold() for v in r.versions)]
        return named + texted

    return find


class Fts5:
    """The same rules in an SQLite FTS5 table: names and aliases, and text."""

    def __init__(self, rules: list, path: str) -> None:
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE VIRTUAL TABLE rules USING fts5(id UNINDEXED, system UNINDEXED, names, text, tokenize='porter unicode61 remove_diacritics 2')")
        with self.db:
            self.db.executemany(
                "INSERT INTO rules VALUES (?, ?, ?, ?)",
                ((r.id, r.system, "\n".join(r.names), "\n\n".join(dict.fromkeys(v.text for v in r.versions))) for r in rules),
            )

    def find(self, query: str, system: str | None) -> list[str]:
        words = re.findall(r"\w+", query)
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        sql = "SELECT id FROM rules WHERE rules MATCH ?" + (" AND system = ?" if system else "") + " ORDER BY bm25(rules, 0, 0, 10.0, 1.0) LIMIT 10"
        return [row[0] for row in self.db.execute(sql, (match, system) if system else (match,))]


def quality(index: object, build: object, fts: Fts5) -> None:
    queries = load_queries()
    engines = {
        "Referee search": lambda q, s: [r.id for r in index.search(q, s, 10).results],  # type: ignore[attr-defined]
        "baseline: substring (Ctrl-F)": substring(build),
        "SQLite FTS5 (bm25, porter)": fts.find,
    }
    ranks = {name: [rank(find(q["text"], q.get("system")), q["want"]) for q in queries] for name, find in engines.items()}
    print_quality("Quality", ranks, queries)
    print("\nQueries Referee does not answer first:\n")
    for r, q in zip(ranks["Referee search"], queries):
        if r != 1:
            got = [x.id for x in index.search(q["text"], q.get("system"), 3).results]  # type: ignore[attr-defined]
            print(f"- `{q['text']}` ({q.get('system') or 'all systems'}, {q['kind']}): rank {r or '>10'}, want {q['want'][0]}; first: {', '.join(got) or 'nothing'}")
    print()


# --- speed -----------------------------------------------------------------------------------


def wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def ms(xs: list[float]) -> str:
    return f"{statistics.median(xs) * 1000:.0f} ms (min {min(xs) * 1000:.0f})"


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))] * 1000


def latency(find: Callable[[str, str | None], object], queries: list[tuple[str, str | None]], repeat: int = 3) -> list[float]:
    for text, system in queries[:5]:
        find(text, system)  # warm caches (and the keyword grammar) first
    out = []
    for _ in range(repeat):
        for text, system in queries:
            start = time.perf_counter()
            find(text, system)
            out.append(time.perf_counter() - start)
    return out


def folder_size(path: str) -> int:
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(path) for f in files)


def process_speed(runs: int) -> None:
    import compileall

    compileall.compile_dir(ROOT / "referee", quiet=1)
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "REFEREE_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        referee = str(BIN / "referee")
        cold = [wall([referee, "search", "hellebard", "--system", "t9a"], env)]  # builds the rulebase and the index
        plain = [referee, "search", "hellebard", "--system", "t9a"]
        keywords = [referee, "search", "Multiple Wounds (D3, Clipped Wings)", "--system", "t9a"]
        grammar = [referee, "search", "Ranged 2 heavy/sniper", "--system", "last-edition"]
        lookup = [referee, "lookup", "Fear", "--system", "t9a"]
        bare = [sys.executable, "-c", "pass"]
        warm, warm_kw, warm_grammar, warm_lookup, base = [], [], [], [], []
        for _ in range(runs):
            warm.append(wall(plain, env))
            warm_kw.append(wall(keywords, env))
            warm_grammar.append(wall(grammar, env))
            warm_lookup.append(wall(lookup, env))
            base.append(wall(bare, env))
    print("### Whole process (warm cache)\n")
    print("| measure | median (min) | goal |")
    print("|---|---|---|")
    print(f"| `python -c pass` | {ms(base)} | |")
    print(f"| warm `referee search hellebard --system t9a` | {ms(warm)} | |")
    print(f"| ratio warm search / bare interpreter | {statistics.median(warm) / statistics.median(base):.1f}x | within 10x |")
    print(f"| warm `referee search \"Multiple Wounds (D3, Clipped Wings)\" --system t9a` | {ms(warm_kw)} | |")
    print(f"| ratio keyword-string search / bare interpreter | {statistics.median(warm_kw) / statistics.median(base):.1f}x | within 10x |")
    print(f"| warm `referee search \"Ranged 2 heavy/sniper\" --system last-edition` (loads the keyword grammar) | {ms(warm_grammar)} | |")
    print(f"| ratio / bare interpreter | {statistics.median(warm_grammar) / statistics.median(base):.1f}x | within 10x |")
    print(f"| warm `referee lookup Fear --system t9a` (for comparison) | {ms(warm_lookup)} | |")
    print(f"| cold `referee search` (rulebase and index made) | {ms(cold)} | |\n")


def in_process(label: str, corpus: object, rules: list, queries: list[tuple[str, str | None]], folder: str | None = None) -> tuple[object, Fts5]:
    """Index and FTS5 build time and size, and query latency, for one corpus.

    ``folder``: where to write the index (default: a temporary folder).
    """
    from referee.search import Corpus, write

    work = tempfile.mkdtemp(prefix="referee-bench-")
    times = []
    index = None
    for n in range(1 if len(rules) > 5000 else 3):
        target = folder if folder is not None else os.path.join(work, f"search-{n}")
        start = time.perf_counter()
        index = write(Corpus.of(corpus), target)
        times.append(time.perf_counter() - start)
    size = folder_size(index.folder)  # type: ignore[union-attr]
    start = time.perf_counter()
    fts = Fts5(rules, os.path.join(work, "fts.sqlite"))
    fts_time = time.perf_counter() - start
    fts_size = os.path.getsize(os.path.join(work, "fts.sqlite"))
    ours = latency(lambda q, s: index.search(q, s, 10), queries)  # type: ignore[union-attr]
    theirs = latency(fts.find, queries)
    print(f"### In process: {label}\n")
    print("| measure | Referee (whoosh) | SQLite FTS5 |")
    print("|---|---|---|")
    print(f"| index build | {min(times):.2f} s | {fts_time:.2f} s |")
    print(f"| index size | {size / 1e6:.1f} MB | {fts_size / 1e6:.1f} MB |")
    print(f"| query latency p50 ({len(queries)} queries x 3) | {pct(ours, 0.5):.1f} ms | {pct(theirs, 0.5):.2f} ms |")
    print(f"| query latency p95 | {pct(ours, 0.95):.1f} ms | {pct(theirs, 0.95):.2f} ms |\n")
    return index, fts


def synthetic_queries(build: object, count: int, seed: int = 11) -> list[tuple[str, str | None, str, set[str]]]:
    """(query, system, kind, wanted ids): names as written, German aliases, typos, text words.

    Every name is in all four systems; a query without a system wants any
    rule of that name.
    """
    from referee.text import fold

    rng = random.Random(seed)
    rules = [r for r in build.rules.values() if r.text]  # type: ignore[attr-defined]
    german = [r for r in rules if r.aliases]
    by_name: dict[str, set[str]] = {}
    for r in build.rules.values():  # type: ignore[attr-defined]
        by_name.setdefault(fold(r.name), set()).add(r.id)
    out = []
    for i in range(count):
        kind = ("name", "typo", "german", "text")[i % 4]
        rule = rng.choice(german if kind == "german" and german else rules)
        if kind == "name":
            text = rule.name
        elif kind == "german":
            text = rule.aliases[0].name if rule.aliases else rule.name
        elif kind == "typo":
            at = rng.randrange(1, len(rule.name) - 1)
            text = rule.name[:at] + rule.name[at + 1 :]  # a letter dropped
        else:
            words = rule.text.split()
            at = rng.randrange(0, max(1, len(words) - 6))
            text = " ".join(words[at : at + 6])
        system = rule.system if i % 2 else None
        want = {rule.id} if system or kind == "text" else by_name[fold(rule.name)]
        out.append((text, system, kind, want))
    return out


def synthetic(count: int, runs: int) -> None:
    import synthetic as synth

    from referee.store.load import current_key
    from referee.search.index import folder_for

    start = time.perf_counter()
    build = synth.build(count)
    made = time.perf_counter() - start
    rules = list(build.rules.values())
    print(f"## Synthetic corpus: {len(rules)} rules (made in {made:.1f} s)\n")
    with tempfile.TemporaryDirectory() as work:
        # The same rules as a rules folder, so that the index measured here is
        # also where a warm CLI call on that folder finds it (reading 100,000
        # rules through the adapters is not what is measured).
        src = str(synth.write_rules_src(Path(work) / "rules", count))
        env = {**os.environ, "REFEREE_CACHE_DIR": str(Path(work) / "cache"), "PYTHONPATH": str(ROOT)}
        os.environ["REFEREE_CACHE_DIR"] = env["REFEREE_CACHE_DIR"]
        key = current_key(src)
        build = dataclasses.replace(build, key=key)
        queries = synthetic_queries(build, 200)
        index, fts = in_process(f"synthetic, {len(rules)} rules", build, rules, [(q, s) for q, s, _, _ in queries], folder_for(src, key))
        by_kind: dict[str, list[tuple[int | None, int | None]]] = {}
        for text, system, kind, want in queries:
            ours = rank([r.id for r in index.search(text, system, 10).results], want)  # type: ignore[attr-defined]
            theirs = rank(fts.find(text, system), want)
            by_kind.setdefault(kind, []).append((ours, theirs))
        print("| synthetic queries | Referee MRR | FTS5 MRR |")
        print("|---|---|---|")
        for kind, pairs in by_kind.items():
            print(f"| {kind} ({len(pairs)}) | {scores([p[0] for p in pairs])[0]:.3f} | {scores([p[1] for p in pairs])[0]:.3f} |")
        print()
        if current_key(src) != key:
            print("(Referee's code changed during the run: the warm CLI would index anew; not measured)\n")
            return
        name = rules[len(rules) // 2].name
        plain = [str(BIN / "referee"), "search", name, "--rules-src", src]
        bare = [sys.executable, "-c", "pass"]
        warm, base = [], []
        for _ in range(runs):
            warm.append(wall(plain, env))
            base.append(wall(bare, env))
        start = time.perf_counter()
        current_key(src)
        hashing = time.perf_counter() - start
        print("| measure | median (min) |")
        print("|---|---|")
        print(f"| `python -c pass` | {ms(base)} |")
        print(f"| warm `referee search \"{name}\"` on {len(rules)} rules | {ms(warm)} |")
        print(f"| ratio | {statistics.median(warm) / statistics.median(base):.1f}x |")
        print(f"| of which hashing the rules folder (the cache key), in process | {hashing * 1000:.0f} ms |\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="whole-process runs of each command")
    parser.add_argument("--synthetic", type=int, default=0, metavar="N", help="also measure a synthetic corpus of N rules (100000 takes minutes)")
    args = parser.parse_args()

    from referee.store.record import assemble

    build = assemble(ROOT / "rules_src")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"rules: {len(build.rules)} in {len(build.systems)} systems\n")
    queries = [(q["text"], q.get("system")) for q in load_queries()]
    index, fts = in_process(f"rules_src, {len(build.rules)} rules", build, list(build.rules.values()), queries)
    quality(index, build, fts)
    process_speed(args.runs)
    if args.synthetic:
        synthetic(args.synthetic, max(5, args.runs // 2))


if __name__ == "__main__":
    main()
