"""The question sets' one random split per round: draw it, freeze it, check it.

Run from the project folder:

    .venv/bin/python benchmarks/questions/split.py [--round N] [--bsdata DIR]
    .venv/bin/python benchmarks/questions/split.py --freeze N

Each round is a set of questions written apart from the code (see README.md),
one set per kind (referee, calc), split once: per system (in sorted order of
the system ids), the system's questions sorted by id are shuffled with
``random.Random(seed)`` (one generator for the whole kind), and a coin from the
same generator decides whether the odd question goes to the tuning half (round
up) or the sealed half (round down).  Each round has its own folder and seed
(``ROUNDS``).

``--freeze N`` draws round N's split from the writers' drafts
(``<folder>/draft/<kind>_*.json``, merged) and writes ``<kind>_tuning.json`` and
``<kind>_sealed.json``; it never overwrites halves that exist, and it reads no
question beyond its id and system.  Without ``--freeze`` the script checks
every round (or the one named): the halves are the split the seed draws, and
from round 2 on every quote's words stand on the line it names (file relative
to the rules folder, or ``t9a-bsdata/...`` in the BattleScribe samples, which
``referee import`` copies unchanged; XML entities read as the characters they
stand for, runs of white space as one space).  It never changes a frozen file.
"""

from __future__ import annotations

import argparse
import html
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent.parent
KINDS = ("referee", "calc")
BSDATA_SYSTEM = "t9a-bsdata"
ROUNDS = {1: (HERE, 20261126), 2: (HERE / "round2", 20261127), 3: (HERE / "round3", 20261128),
          4: (HERE / "round4", 20261130), 5: (HERE / "round5", 20261201),
          6: (HERE / "round6", 20261202), 7: (HERE / "round7", 20261203),
          8: (HERE / "round8", 20261204),
          9: (HERE / "round9", 20261205), 10: (HERE / "round10", 20261206),
          11: (HERE / "round11", 20261207), 12: (HERE / "round12", 20261208),
          13: (HERE / "round13", 20261209),
          14: (HERE / "round14", 20261210),
          15: (HERE / "round15", 20261211),
          16: (HERE / "round16", 20261212),
          17: (HERE / "round17", 20261213)}


def folder(round_: int) -> Path:
    return ROUNDS[round_][0]


def frozen() -> dict[int, Path]:
    """The rounds whose halves are drawn, each with its folder (what the scorers can score)."""
    return {number: where for number, (where, _seed) in ROUNDS.items() if (where / "referee_tuning.json").exists()}


def draw(questions: list[dict], seed: int) -> tuple[set[str], set[str]]:
    """The ids of the tuning half and of the sealed half, as the split draws them."""
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


def load(round_: int, kind: str, half: str) -> dict:
    return json.loads((folder(round_) / f"{kind}_{half}.json").read_text(encoding="utf-8"))


def freeze(round_: int) -> list[str]:
    """Write round N's halves from its drafts; the paths written."""
    where, seed = ROUNDS[round_]
    written = []
    for kind in KINDS:
        targets = {half: where / f"{kind}_{half}.json" for half in ("tuning", "sealed")}
        if any(path.exists() for path in targets.values()):
            raise SystemExit(f"round {round_}: {kind} is frozen already; the halves are never drawn again")
        questions = [q for draft in sorted((where / "draft").glob(f"{kind}_*.json"))
                     for q in json.loads(draft.read_text(encoding="utf-8"))["questions"]]
        ids = [q["id"] for q in questions]
        if len(set(ids)) != len(ids):
            raise SystemExit(f"round {round_}: {kind} drafts repeat an id")
        tuning, _ = draw(questions, seed)
        for half, path in targets.items():
            chosen = sorted((q for q in questions if (q["id"] in tuning) == (half == "tuning")), key=lambda q: q["id"])
            doc = {"half": half, "kind": kind, "round": round_, "seed": seed, "count": len(chosen), "questions": chosen}
            path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
            written.append(str(path.relative_to(PROJECT)))
    return written


def split_problems(round_: int, kind: str) -> list[str]:
    """What is wrong with one kind's split (empty when it is the one the seed draws)."""
    seed = ROUNDS[round_][1]
    halves, questions = {}, []
    for half in ("tuning", "sealed"):
        doc = load(round_, kind, half)
        name = f"round {round_}, {kind}_{half}.json"
        if doc.get("seed") != seed:
            return [f"{name}: seed {doc.get('seed')} is not {seed}"]
        halves[half] = {q["id"] for q in doc["questions"]}
        if len(halves[half]) != doc["count"]:
            return [f"{name}: count {doc['count']} but {len(halves[half])} distinct ids"]
        questions += doc["questions"]
    tuning, sealed = draw(questions, seed)
    problems = [f"round {round_}, {kind}: {qid} is in the sealed half but was drawn into tuning" for qid in sorted(tuning & halves["sealed"])]
    problems += [f"round {round_}, {kind}: {qid} is in the tuning half but was drawn into sealed" for qid in sorted(sealed & halves["tuning"])]
    return problems


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


def quote_problems(round_: int, kind: str, rules: Path, bsdata: Path) -> list[str]:
    """Quotes whose words do not stand on the line they name."""
    problems, files = [], {}
    for half in ("tuning", "sealed"):
        for question in load(round_, kind, half)["questions"]:
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
    parser.add_argument("--round", type=int, choices=sorted(ROUNDS), dest="round_", help="check this round only")
    parser.add_argument("--freeze", type=int, choices=sorted(ROUNDS), help="draw this round's halves from its drafts, once")
    parser.add_argument("--rules-src", type=Path, default=PROJECT / "rules_src")
    parser.add_argument("--bsdata", type=Path, default=PROJECT.parent / "shared" / "bsdata")
    args = parser.parse_args(argv)
    if args.freeze:
        for path in freeze(args.freeze):
            print(f"wrote {path}")
        return 0
    rounds = [args.round_] if args.round_ else [r for r in sorted(ROUNDS) if (folder(r) / "referee_tuning.json").exists()]
    problems = []
    for round_ in rounds:
        problems += [p for kind in KINDS for p in split_problems(round_, kind)]
        if round_ > 1:
            problems += [p for kind in KINDS for p in quote_problems(round_, kind, args.rules_src, args.bsdata)]
    for problem in problems:
        print(problem)
    if not problems:
        print(f"round {', '.join(map(str, rounds))}: the halves are the splits their seeds draw"
              + (", and every quote stands where it says" if max(rounds) > 1 else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
