"""Score ``referee calc`` on the calc question sets of issue 22 (benchmarks/questions/).

Run from the project folder:

    .venv/bin/python benchmarks/calc_eval.py --half tuning [--round N] [--json] [--verbose]

The sealed half (``--half sealed``) is scored once, at the end, by the lead.
``--round N`` scores round N's question set (benchmarks/questions/roundN/);
round 1 is the default.

Each question is asked of the real CLI (``referee calc --system S QUESTION
--json``) on a copy of ``rules_src`` with the BattleScribe samples
(``../shared/bsdata/``, or ``--bsdata DIR``) imported as the system
``t9a-bsdata``, built once first (the referee scorer's ``prepare``), and compared with the figure the
question expects (computed by our own enumeration of the quoted mechanics):

- **right**: the answer's ``probability.decimal`` (or ``mean.decimal``) is
  within 0.0005 of the expected figure; a ``value`` equals it (a list as a
  set); a question the documents do not answer (``refused``) is refused: exit
  status 2 with an ``error`` object.
- **wrong**: a figure other than the expected one, no figure where one is
  expected, or a figure where the documents give none.
- **error**: any other non-zero exit (a refusal of a question the documents
  answer included), a traceback, or output that is not the JSON shape.

This is a measurement script, not a test.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
QUESTIONS = PROJECT / "benchmarks" / "questions"
CATEGORIES = ("right", "wrong", "error")
TOLERANCE = 0.0005


sys.path.insert(0, str(QUESTIONS))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from referee_eval import prepare  # noqa: E402  (the scorers are scripts side by side, not a package)
from referee_eval import table as by_system  # noqa: E402
from split import frozen  # noqa: E402  (a script beside the data, not a package; it lists the rounds and their seeds)

ROUNDS = frozen()


def load(half: str, round_: int = 1) -> list[dict[str, Any]]:
    """The calc questions of one half of one round's set."""
    return json.loads((ROUNDS[round_] / f"calc_{half}.json").read_text(encoding="utf-8"))["questions"]


def close(a: Any, b: Any) -> bool:
    try:
        return abs(float(a) - float(b)) <= TOLERANCE
    except (TypeError, ValueError):
        return False


def same_value(got: Any, want: Any) -> bool:
    if isinstance(want, list):
        return isinstance(got, list) and sorted(map(float, got)) == sorted(map(float, want))
    return not isinstance(got, list) and close(got, want)


def judge(question: dict[str, Any], returncode: int, stdout: str, stderr: str) -> tuple[str, str]:
    """The category of one answer and a few words on it."""
    expect = question["expect"]
    if "Traceback" in stderr:
        return "error", "traceback: " + stderr.strip().splitlines()[-1]
    try:
        data = json.loads(stdout)
    except json.JSONDecodeError:
        data = None
    if not isinstance(data, dict):
        return "error", f"exit status {returncode}, not JSON: {(stderr or stdout).strip()[:200]}"
    if returncode != 0:
        message = (data.get("error") or {}).get("message", "")
        if expect["field"] == "refused" and returncode == 2 and "error" in data:
            return "right", f"refused: {message}"
        return "error", f"exit status {returncode}: {message or stderr.strip()[:200]}"
    if expect["field"] == "refused":
        return "wrong", f"answers what the documents leave open: {data.get('probability') or data.get('value')}"
    if expect["field"] in ("probability", "mean"):
        figure = (data.get(expect["field"]) or {}).get("decimal")
        if figure is None:
            return "wrong", f"no {expect['field']} (expected {expect['fraction']})"
        if close(figure, expect["decimal"]):
            return "right", f"{expect['field']} {figure:.4f}"
        return "wrong", f"{expect['field']} {figure:.4f}, expected {expect['fraction']} ({expect['decimal']})"
    got = data.get("value")
    if same_value(got, expect["value"]):
        return "right", f"value {got}"
    return "wrong", f"value {got}, expected {expect['value']}"


def table(results: list[dict[str, Any]]) -> str:
    return by_system(results, categories=CATEGORIES)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--half", choices=("tuning", "sealed"), required=True)
    parser.add_argument("--round", type=int, choices=sorted(ROUNDS), default=1, dest="round_",
                        help="which question set: 1 (benchmarks/questions/) or N (benchmarks/questions/roundN/)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--verbose", action="store_true", help="say what each answer was")
    parser.add_argument("--rules-src", type=Path, default=PROJECT / "rules_src")
    parser.add_argument("--bsdata", type=Path, default=PROJECT.parent / "shared" / "bsdata")
    parser.add_argument("--referee", type=Path, default=PROJECT / ".venv" / "bin" / "referee")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="calc-eval-") as work:
        rules, note = prepare(args.referee, args.rules_src, args.bsdata, Path(work))
        if note:
            print(note, file=sys.stderr)
        return score(args, rules)


def score(args: argparse.Namespace, rules: Path) -> int:
    """Ask every question of the half of ``rules`` and print the results."""
    results = []
    for question in load(args.half, args.round_):
        argv_ = [str(args.referee), "calc", "--system", question["system"], question["question"],
                 "--rules-src", str(rules), "--json"]
        try:
            done = subprocess.run(argv_, capture_output=True, text=True, timeout=120)
            category, note = judge(question, done.returncode, done.stdout, done.stderr)
        except subprocess.TimeoutExpired:
            category, note = "error", "timed out after 120 s"
        results.append({"id": question["id"], "system": question["system"], "question": question["question"],
                        "category": category, "note": note})
        if not args.json:
            print(f"{question['id']:<24} {category:<6} {question['question']}" + (f"\n    {note}" if args.verbose else ""))
    if args.json:
        counts = Counter(r["category"] for r in results)
        print(json.dumps({"half": args.half, "round": args.round_, "counts": {c: counts[c] for c in CATEGORIES},
                          "questions": len(results), "results": results}, indent=1))
    else:
        print(f"\nround {args.round_}, {args.half} half, {len(results)} questions\n")
        print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
