"""How often ``referee resolve`` abstains by convention, and whether each abstention was right to.

A ruling that would rest on the referee's own precedence alone (cannot beats must where neither
sentence says which prevails, a source tier, the one-instance reading of a rule that counts hits or
wounds) is answered as an open question that offers the convention (``unresolved[].convention``,
docs/json.md).  For one half of one round's question set this script asks every question in process
(the four systems; the BattleScribe questions need an import and are skipped, and said so) and
counts:

- the answers that abstain so (one or more open questions with a ``convention``), and for each the
  scorer's category (benchmarks/referee_eval.py ``judge``): **honestly unresolved** is an abstention
  the question's writer agrees with; **right but incomplete** with "abstains" is one where the
  writer reads the text as settling it; anything else is listed;
- the rulings that state a winner, and how many of those quote the relation they rest on (every one,
  by the pass's own gate).

Run: ``.venv/bin/python benchmarks/abstention.py --round 4 --half tuning`` (``--json`` for data).
A measurement script, not a test; the figures are in docs/referee.md ("Round 7").
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "benchmarks"))

from referee_eval import BSDATA_SYSTEM, ROUNDS, judge, load  # noqa: E402  (the scorer beside this script)

from referee.errors import RulesError  # noqa: E402
from referee.resolve import resolve  # noqa: E402
from referee.store.load import open_rules  # noqa: E402


def measure(round_: int, half: str, rules_src: Path) -> dict[str, Any]:
    build = open_rules(rules_src).whole()
    view = open_rules(rules_src)
    asked, skipped, abstained, winners, founded = 0, [], [], 0, 0
    for question in load(half, round_=round_):
        if question["system"] == BSDATA_SYSTEM or question.get("unit") or question.get("vs_unit"):
            skipped.append(question["id"])
            continue
        try:
            data = resolve(view, question["system"], question["keywords"], question.get("vs"), question.get("when") or (),
                           documents=build.texts).to_json()
        except RulesError as err:
            skipped.append(f"{question['id']} ({str(err).splitlines()[0]})")
            continue
        asked += 1
        winners += sum(1 for r in data["rulings"] if r["winner"])
        founded += sum(1 for r in data["rulings"] if r["winner"] and r["relation"] is not None)
        offered = [u for u in data["unresolved"] if u.get("convention")]
        if offered:
            category, checked = judge(question, data)
            abstained.append({"id": question["id"], "category": category, "abstained": checked.abstained,
                              "rules": [u["rules"] for u in offered], "missing": checked.missing, "false": checked.false})
    return {"round": round_, "half": half, "asked": asked, "skipped": skipped, "winners": winners, "winners_with_relation": founded,
            "abstentions": abstained, "by_category": dict(Counter(a["category"] for a in abstained))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--round", type=int, choices=sorted(ROUNDS), default=1, dest="round_")
    parser.add_argument("--half", choices=("tuning", "sealed"), required=True)
    parser.add_argument("--rules-src", type=Path, default=PROJECT / "rules_src")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    found = measure(args.round_, args.half, args.rules_src)
    if args.json:
        print(json.dumps(found, indent=1))
        return 0
    print(f"round {found['round']}, {found['half']} half: {found['asked']} questions asked ({len(found['skipped'])} skipped)")
    print(f"winners stated: {found['winners']}, each on a quoted relation: {found['winners_with_relation']}")
    print(f"answers that abstain by convention: {len(found['abstentions'])} {found['by_category']}")
    for a in found["abstentions"]:
        print(f"  {a['id']:<24} {a['category']:<22} {'; '.join(', '.join(r) for r in a['rules'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
