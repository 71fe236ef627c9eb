"""Referee's Markdown reader beside markdown-it-py: speed and line:column fidelity (not a test).

    .venv/bin/python benchmarks/markdown_reader.py [--rules 20000] [--runs 3] [MARKDOWN ...]

Issue 24 asked whether Markdown should be read with markdown-it-py (its
tokens carry line maps) instead of the hand-written reader, if columns can be
kept.  This measures both:

- speed, on one synthetic document of ``--rules`` rules (benchmarks/synthetic.py's
  vocabulary and texts), every 50th section holding a pipe table of entries
  and a labelled paragraph: the whole Markdown adapter
  (``referee.sources.markdown.read``), its section scanner alone, and
  markdown-it-py's CommonMark parser with GFM tables (tokens only, the floor
  of any adapter built on it), best of ``--runs``;
- fidelity, on the shipped Markdown documents and any MARKDOWN files given
  (e.g. a checkout of a rule set of benchmarks/documents.py): for every
  heading and every table row the hand-written reader finds, whether
  markdown-it-py has a token for it on the same line, and whether the column
  can be had from the token (it carries none: it is recomputed from the
  source line, as an adapter built on it would have to).

markdown-it-py comes with rich, which Referee already depends on.  Prints Markdown.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from referee.sources import markdown as adapter  # noqa: E402
from referee.sources.document import Document  # noqa: E402
from referee.sources.markdown_blocks import scan  # noqa: E402
from referee.sources.markdown_tables import find  # noqa: E402


def synthetic_document(rules: int, seed: int = 7) -> str:
    import synthetic

    rng = random.Random(seed)
    lines: list[str] = []
    for n, spec in enumerate(synthetic.specs(rules, seed)):
        lines += [f"{'####' if spec.parent else '###'} {spec.name}", ""]
        if spec.text:
            lines += [spec.text, ""]
        if n % 50 == 49:
            lines += ["| Name | Effect | Cost |", "|---|---|---:|"]
            lines += [f"| Gift {n}-{k} | The bearer re-rolls one {rng.choice(['hit', 'wound', 'save'])} roll. | {k} |" for k in range(5)]
            lines += ["", f"**Oath {n}:** The unit may not flee this turn.", ""]
    return "\n".join(lines)


def _best(fn, runs: int) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def speed(rules: int, runs: int) -> None:
    from markdown_it import MarkdownIt

    text = synthetic_document(rules)
    doc = Document("synth", "synth/rules.md", "markdown", "core", text)
    md = MarkdownIt("commonmark").enable("table")
    print(f"## Speed: one synthetic document, {rules:,} rules, {len(text.splitlines()):,} lines, {len(text) / 1e6:.1f} MB\n")
    print("| reader | best of %d | per 1,000 lines |" % runs)
    print("|---|---:|---:|")
    n = len(text.splitlines()) / 1000
    for name, fn in (
        ("Referee, whole Markdown adapter (read)", lambda: adapter.read(doc)),
        ("Referee, section scanner alone (scan)", lambda: scan(doc)),
        ("markdown-it-py, tokens only (commonmark + table)", lambda: md.parse(text)),
    ):
        seconds = _best(fn, runs)
        print(f"| {name} | {seconds:.3f} s | {1000 * seconds / n:.2f} ms |")


def _indent_column(line: str) -> int:
    return len(line) - len(line.lstrip()) + 1


def fidelity(paths: list[Path]) -> None:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable("table")
    print("\n## Fidelity: headings and table rows the hand-written reader finds\n")
    print("| document | headings | markdown-it heading on the same line | table rows | markdown-it row on the same line | columns from markdown-it tokens |")
    print("|---|---:|---:|---:|---:|---:|")
    for path in paths:
        text = path.read_text(encoding="utf-8")
        doc = Document("x", path.name, "markdown", "core", text)
        _, sections = scan(doc)
        tokens = md.parse(text)
        heading_lines = {t.map[0] + 1 for t in tokens if t.type == "heading_open" and t.map}
        row_lines = {t.map[0] + 1 for t in tokens if t.type == "tr_open" and t.map}
        same = sum(1 for s in sections if s.line in heading_lines)
        lines = text.split("\n")
        rows = []
        i = 0
        while i < len(lines):
            block = find(lines, i)
            if block is None:
                i += 1
                continue
            rows += [r[0].line + 1 for r in block.rows if r]
            i = block.end + 1
        same_rows = sum(1 for r in rows if r in row_lines)
        print(f"| {path.name} | {len(sections)} | {same} | {len(rows)} | {same_rows} | 0 (recomputed from the source line) |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rules", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("markdown", nargs="*", type=Path)
    args = parser.parse_args()
    speed(args.rules, args.runs)
    shipped = sorted((ROOT / "rules_src").glob("*/*.md"))
    fidelity([*shipped, *args.markdown])
    return 0


if __name__ == "__main__":
    sys.exit(main())
