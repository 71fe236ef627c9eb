"""Check that the tuning and sealed halves are the one random split recorded here.

Run from the project folder:

    .venv/bin/python benchmarks/questions/split.py

The questions were written as one set per kind (referee, calc), given ids, and
split once: per system (in sorted order of the system ids), the system's
questions sorted by id are shuffled with ``random.Random(SEED)`` (one generator
for the whole kind), and a coin from the same generator decides whether the
odd question goes to the tuning half (round up) or the sealed half (round
down).  This script merges the two halves of each kind again, re-draws the
split and says whether every question sits in the half it was drawn into.  It
never changes a file: the sealed files are frozen.
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict
from pathlib import Path

SEED = 20261126
HERE = Path(__file__).resolve().parent
KINDS = ("referee", "calc")


def draw(questions: list[dict], seed: int = SEED) -> tuple[set[str], set[str]]:
    """The ids of the tuning half and of the sealed half, as the recorded split draws them
    (round 2, ``round2/split.py``, draws the same way with its own seed)."""
    rng = random.Random(seed)
    by_system: dict[str, list[dict]] = defaultdict(list)
    for question in questions:
        by_system[question["system"]].append(question)
    tuning: set[str] = set()
    sealed: set[str] = set()
    for system in sorted(by_system):
        group = sorted(by_system[system], key=lambda q: q["id"])
        rng.shuffle(group)
        half = (len(group) + 1) // 2 if rng.random() < 0.5 else len(group) // 2
        tuning.update(q["id"] for q in group[:half])
        sealed.update(q["id"] for q in group[half:])
    return tuning, sealed


def check(kind: str) -> list[str]:
    """What is wrong with the split of one kind (empty when it is the recorded one)."""
    halves = {}
    for half in ("tuning", "sealed"):
        doc = json.loads((HERE / f"{kind}_{half}.json").read_text(encoding="utf-8"))
        if doc.get("seed") != SEED:
            return [f"{kind}_{half}.json: seed {doc.get('seed')} is not {SEED}"]
        halves[half] = {q["id"] for q in doc["questions"]}
        if len(halves[half]) != doc["count"]:
            return [f"{kind}_{half}.json: count {doc['count']} but {len(halves[half])} distinct ids"]
    questions = []
    for half in ("tuning", "sealed"):
        questions += json.loads((HERE / f"{kind}_{half}.json").read_text(encoding="utf-8"))["questions"]
    tuning, sealed = draw(questions)
    problems = [f"{kind}: {qid} is in the sealed half but was drawn into tuning" for qid in sorted(tuning & halves["sealed"])]
    problems += [f"{kind}: {qid} is in the tuning half but was drawn into sealed" for qid in sorted(sealed & halves["tuning"])]
    return problems


def main() -> int:
    problems = [p for kind in KINDS for p in check(kind)]
    for problem in problems:
        print(problem)
    if not problems:
        print(f"the halves are the split drawn with seed {SEED}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
