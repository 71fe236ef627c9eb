"""Check round 2's question sets: the halves are the one random split, and every quote stands where it says.

Run from the project folder:

    .venv/bin/python benchmarks/questions/round2/split.py [--bsdata DIR]

Round 2 (benchmarks/questions/round2/) is a second set of questions, written
apart from the code after round 1 had been split and its sealed half scored.
It is split the same way as round 1 (``../split.py``: per system, in sorted
order of the system ids, the system's questions sorted by id are shuffled with
one generator, and a coin from the same generator sends an odd question to the
tuning half or the sealed half), with its own seed, 20261127.

Each quote (``quotes[]``: file relative to the rules folder, 1-based line,
exact words) is looked up in ``rules_src`` or, for ``t9a-bsdata/...``, in the
BattleScribe samples (default ``../shared/bsdata/``, which ``referee import``
copies unchanged); XML entities are read as the characters they stand for and
runs of white space as one space. The script never changes a file: the sealed
files are frozen.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent.parent.parent
sys.path.insert(0, str(HERE.parent))

from split import draw  # noqa: E402  (round 1's split, shared)

SEED = 20261127
KINDS = ("referee", "calc")
BSDATA_SYSTEM = "t9a-bsdata"


def load(kind: str, half: str) -> dict:
    return json.loads((HERE / f"{kind}_{half}.json").read_text(encoding="utf-8"))


def split_problems(kind: str) -> list[str]:
    """What is wrong with the split of one kind (empty when it is the recorded one)."""
    halves, questions = {}, []
    for half in ("tuning", "sealed"):
        doc = load(kind, half)
        if doc.get("seed") != SEED:
            return [f"round2/{kind}_{half}.json: seed {doc.get('seed')} is not {SEED}"]
        halves[half] = {q["id"] for q in doc["questions"]}
        if len(halves[half]) != doc["count"]:
            return [f"round2/{kind}_{half}.json: count {doc['count']} but {len(halves[half])} distinct ids"]
        questions += doc["questions"]
    tuning, sealed = draw(questions, SEED)
    problems = [f"{kind}: {qid} is in the sealed half but was drawn into tuning" for qid in sorted(tuning & halves["sealed"])]
    problems += [f"{kind}: {qid} is in the tuning half but was drawn into sealed" for qid in sorted(sealed & halves["tuning"])]
    return problems


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


def quote_problems(kind: str, rules: Path, bsdata: Path) -> list[str]:
    """Quotes whose words do not stand on the line they name."""
    problems, files = [], {}
    for half in ("tuning", "sealed"):
        for question in load(kind, half)["questions"]:
            for quote in question["quotes"]:
                name = quote["file"]
                path = bsdata / name.split("/", 1)[1] if name.startswith(BSDATA_SYSTEM + "/") else rules / name
                if name not in files:
                    files[name] = path.read_text(encoding="utf-8").splitlines() if path.is_file() else None
                lines = files[name]
                if lines is None:
                    problems.append(f"{question['id']}: no file {path}")
                elif not 1 <= quote["line"] <= len(lines) or squeeze(quote["text"]) not in squeeze(lines[quote["line"] - 1]):
                    problems.append(f"{question['id']}: {name}:{quote['line']} does not say '{quote['text'][:60]}'")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules-src", type=Path, default=PROJECT / "rules_src")
    parser.add_argument("--bsdata", type=Path, default=PROJECT.parent / "shared" / "bsdata")
    args = parser.parse_args(argv)
    problems = [p for kind in KINDS for p in split_problems(kind)]
    problems += [p for kind in KINDS for p in quote_problems(kind, args.rules_src, args.bsdata)]
    for problem in problems:
        print(problem)
    if not problems:
        print(f"round 2: the halves are the split drawn with seed {SEED}, and every quote stands where it says")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
