"""Keyword parsing speed: LALR beside Earley, and parser construction cold vs cached.

Run from the project folder:

    .venv/bin/python benchmarks/keywords.py [--seconds 1.0] [--rules-src DIR ...]

Prints a Markdown table.  The strings are the corpus' keyword strings: every
keyword string the extractor finds in rules_src (``referee parse --corpus``)
that the grammar reads.  ``--rules-src DIR`` (repeatable) measures the
keyword strings of another rules folder too, in a table of its own (a
synthetic one of ``benchmarks/synthetic.py``: the plain alternative, Earley,
beside our LALR parser at scale).  This is a script, not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))


def corpus(folder: Path = PROJECT / "rules_src") -> list[str]:
    """Every keyword string of the rule documents, duplicates kept (as a real corpus has them)."""
    from referee.keywords.corpus import keyword_strings
    from referee.rulebase import build_rulebase

    return [item.text for item in keyword_strings(build_rulebase(folder))]


def readable(strings: list[str]) -> list[str]:
    """Only the strings the keyword grammar reads (the corpus report lists the others)."""
    from referee.keywords import KeywordSyntaxError, parse

    kept = []
    for text in strings:
        try:
            parse(text)
        except KeywordSyntaxError:
            continue
        kept.append(text)
    return kept


def rate(parse_one: Callable[[str], object], strings: list[str], seconds: float) -> float:
    """Parses per second over ``strings``, best of several rounds of about ``seconds`` in all."""
    rounds = []
    deadline = time.perf_counter() + seconds
    while True:
        start = time.perf_counter()
        for text in strings:
            parse_one(text)
        rounds.append(len(strings) / (time.perf_counter() - start))
        if time.perf_counter() > deadline and len(rounds) >= 3:
            return max(rounds)


def construction(cold: bool, repeats: int) -> float:
    """Median milliseconds to build the LALR parser, without (cold) or with its cache file."""
    from referee.keywords import grammar

    timings = []
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder) / grammar.CACHE_FILE_NAME
        grammar.build(cache)  # write the cache once for the warm runs
        for _ in range(repeats):
            if cold:
                cache.unlink(missing_ok=True)
            start = time.perf_counter()
            grammar.build(cache)
            timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--seconds", type=float, default=1.0, help="time per measurement (default 1.0)")
    options.add_argument("--rules-src", type=Path, action="append", default=[], help="also another rules folder's keyword strings (repeatable)")
    args = options.parse_args()

    start = time.perf_counter()
    import lark  # timed apart from construction

    import_ms = (time.perf_counter() - start) * 1000

    from referee.keywords import grammar

    lalr = grammar.build(None)
    # Earley, for comparison only (the package loads every grammar LALR, through referee.grammars):
    # it cannot run a transformer inside the parse, so it gives trees for KeywordTransformer().transform.
    earley = lark.Lark(grammar.grammar_text(), parser="earley", propagate_positions=True)
    print(f"load average {os.getloadavg()[0]:.1f}\n")
    compare("the corpus (rules_src/)", corpus(), lalr, earley, args.seconds)
    for folder in args.rules_src:
        compare(str(folder), corpus(folder), lalr, earley, args.seconds)
    print("| construction | ms |")
    print("| --- | ---: |")
    print(f"| `import lark` | {import_ms:.0f} |")
    print(f"| LALR, cold (no cache file) | {construction(cold=True, repeats=5):.1f} |")
    print(f"| LALR, cached | {construction(cold=False, repeats=9):.1f} |")
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


def compare(label: str, found: list[str], lalr: Any, earley: Any, seconds: float) -> None:
    """Parses per second of one folder's keyword strings: our LALR parse beside lark's Earley parser."""
    from referee.keywords import parse
    from referee.keywords.transform import KeywordTransformer

    strings = readable(found)
    to_values = KeywordTransformer()

    def earley_parse(text: str) -> object:
        return to_values.transform(earley.parse(text))

    agree = 0
    for text in strings:
        try:
            agree += earley_parse(text) == lalr.parse(text)
        except Exception:  # noqa: BLE001 - Earley may read a string differently or not at all
            pass

    chars = statistics.mean(len(text) for text in strings)
    rows = [
        ("LALR, `parse()` (values + spans)", rate(parse, strings, seconds)),
        ("LALR, parser only (transformer inside)", rate(lalr.parse, strings, seconds)),
        ("Earley, parse + transform", rate(earley_parse, strings, seconds)),
    ]
    print(f"{label}: {len(strings)} keyword strings ({len(found) - len(strings)} unreadable left out), mean {chars:.0f} characters\n")
    print("| parser | parses/s | all strings once |")
    print("| --- | ---: | ---: |")
    for name, per_second in rows:
        print(f"| {name} | {per_second:,.0f} | {len(strings) / per_second:.2f} s |")
    print(f"\nLALR is {rows[1][1] / rows[2][1]:.0f}x faster than Earley; Earley reads {agree} of {len(strings)} strings the same way.\n")


if __name__ == "__main__":
    main()
