"""Draw lint findings for a hand check, stratified across codes, with a fixed seed.

    .venv/bin/python benchmarks/lint_handcheck.py [--seed 26] [--count 40] [--findings FILE] [--json]

Runs ``referee lint --min-severity info --json`` on the four systems of
rules_src (or reads that output from ``--findings FILE``), leaves out the
waived findings (an editor has judged those already), and draws ``--count``
of the rest: every code that has findings gets one, the other draws are
shared in proportion to each code's findings beyond that one (largest
remainders first, ties by code), and within a code the findings are drawn
with ``random.Random(seed)`` from their sorted list, so the same findings
give the same draw. It prints the drawn findings, one per line, as
``# code file:line:col message``; the
verdicts are written by hand into docs/lint.md ("Hand check, round 4").
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--findings", type=Path, help="the output of `referee lint --min-severity info --json`")
    parser.add_argument("--json", action="store_true", help="print the drawn findings as JSON")
    args = parser.parse_args()
    report = json.loads(args.findings.read_text("utf-8") if args.findings else _lint())
    drawn = draw([f for f in report["findings"] if not f["waived"]], args.count, args.seed)
    if args.json:
        print(json.dumps(drawn, indent=2, ensure_ascii=False))
        return
    for number, finding in enumerate(drawn, 1):
        source = finding["source"]
        print(f"{number:2} {finding['code']} {source['file']}:{source['line']}:{source['column']} {finding['message']}")


def _lint() -> str:
    referee = str(Path(sys.executable).parent / "referee")
    command = [referee, "lint", "--rules-src", str(ROOT / "rules_src"), "--min-severity", "info", "--json"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode not in (0, 1):  # 1: errors found, which is what a hand check wants to see
        sys.exit(f"referee lint failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def quotas(sizes: dict[str, int], count: int) -> dict[str, int]:
    """One per code, the rest in proportion to each code's findings beyond its one (largest remainder)."""
    codes = sorted(sizes)
    if count < len(codes):
        raise SystemExit(f"{count} draws cannot cover {len(codes)} codes")
    share = {code: 1 for code in codes}
    rest = count - len(codes)
    spare = {code: sizes[code] - 1 for code in codes}
    total = sum(spare.values())
    if total == 0:
        return share
    exact = {code: rest * spare[code] / total for code in codes}
    for code in codes:
        share[code] += int(exact[code])
    left = rest - sum(int(value) for value in exact.values())
    for code in sorted(codes, key=lambda c: (-(exact[c] - int(exact[c])), c))[:left]:
        share[code] += 1
    return {code: min(share[code], sizes[code]) for code in codes}


def draw(findings: list[dict], count: int, seed: int) -> list[dict]:
    by_code: dict[str, list[dict]] = defaultdict(list)
    for finding in findings:
        by_code[finding["code"]].append(finding)
    rng = random.Random(seed)
    drawn = []
    for code, share in sorted(quotas({c: len(fs) for c, fs in by_code.items()}, count).items()):
        pool = sorted(by_code[code], key=_place)
        drawn.extend(sorted(rng.sample(pool, share), key=_place))
    return drawn


def _place(finding: dict) -> tuple:
    source = finding["source"]
    return (source["file"], source["line"], source["column"], finding.get("term") or "", finding["message"])


if __name__ == "__main__":
    main()
