"""One worked example per class of referee question, from a scored half (issue 22).

    .venv/bin/python benchmarks/referee_eval.py --half sealed --json > /tmp/sealed.json
    .venv/bin/python benchmarks/referee_examples.py /tmp/sealed.json > /tmp/examples.md

For each class the issue names (instances, prohibitions, shared terms, limits on sums,
both-sides clauses, conditions, citations, abstention, names), the first question of the
scored half in that class that the scorer judged right (or, for questions the rules leave
open, honestly unresolved) is printed as Markdown: the question, the answer the question's
author derived and the quote it rests on, the command, and the referee's own terminal
answer, run again here. Nothing is chosen by hand: the examples in docs/referee.md are
this script's output.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from referee_eval import PROJECT, command, load, prepare  # noqa: E402 - a sibling script

# The issue's classes, each as the question classes that stand for it, in the issue's order.
CLASSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Every instance counts", ("cumulative", "granted-twice", "named-and-granted", "instances", "parameters")),
    ("Every relation applied: prohibitions", ("prohibition", "cannot-beats-can")),
    ("Meetings through a shared term", ("shared-term", "auto-pass")),
    ("Limits on sums", ("cap", "limits", "never-stacks")),
    ("A rule's own both-sides clause", ("both-sides", "symmetric")),
    ("Conditions only where the text attaches them", ("conditions",)),
    ("Explicit exceptions and immunity", ("explicit-exception", "immunity")),
    ("Calibrated abstention", ("unsettled",)),
    ("Names", ("near-miss",)),
)


def pick(results: list[dict[str, Any]], classes: tuple[str, ...], taken: set[str]) -> dict[str, Any] | None:
    for wanted in classes:
        for result in results:
            good = result["category"] == "right" or (wanted == "unsettled" and result["category"] == "honestly unresolved")
            if good and wanted in result["classes"] and result["id"] not in taken:
                return result
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results", type=Path, help="the JSON that referee_eval.py --json printed")
    parser.add_argument("--rules-src", type=Path, default=PROJECT / "rules_src")
    parser.add_argument("--bsdata", type=Path, default=PROJECT.parent / "shared" / "bsdata")
    parser.add_argument("--referee", type=Path, default=PROJECT / ".venv" / "bin" / "referee")
    args = parser.parse_args(argv)
    scored = json.loads(args.results.read_text(encoding="utf-8"))
    questions = {q["id"]: q for q in load(scored["half"])}
    taken: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="referee-examples-") as tmp:
        rules, _note = prepare(args.referee, args.rules_src, args.bsdata, Path(tmp))
        for title, classes in CLASSES:
            result = pick(scored["results"], classes, taken)
            print(f"### {title}\n")
            if result is None:
                print(f"No question of this class was judged right in the {scored['half']} half.\n")
                continue
            taken.add(result["id"])
            question = questions[result["id"]]
            argv_ = command(args.referee, rules, question)[:-1]  # the terminal answer, not --json
            argv_[argv_.index("--rules-src") : argv_.index("--rules-src") + 2] = []
            shown = " ".join(_quoted(a) for a in ["referee", *argv_[1:]])
            done = subprocess.run([*argv_, "--rules-src", str(rules)], capture_output=True, text=True,
                                  env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"})
            quote = question["quotes"][0] if question["quotes"] else None
            print(f"`{result['id']}` ({scored['half']} half, judged {result['category']}). {question['question']}\n")
            print(f"Expected: {question['answer']}" + (f" (\"{quote['text']}\", {quote['file']}:{quote['line']})" if quote else "") + "\n")
            print(f"```text\n$ {shown}\n{done.stdout.rstrip()}\n```\n")
    return 0


def _quoted(arg: str) -> str:
    return arg if arg and all(c.isalnum() or c in "-_./,:+" for c in arg) else '"' + arg.replace('"', '\\"') + '"'


if __name__ == "__main__":
    raise SystemExit(main())
