"""How long the referee's answers are: quoted sentences per answer, with each answer's category.

Run from the project folder, naming the halves (ROUND/HALF) to read:

    .venv/bin/python benchmarks/referee_quotes.py 1/tuning 1/sealed 8/tuning [--bsdata DIR] [--json]

It prepares one rules folder as ``benchmarks/referee_eval.py`` does (rules_src
and the BattleScribe samples imported as ``t9a-bsdata``, built once), asks the
resolver each question in this one process (the same ``resolve`` the CLI
calls, so the same JSON), and judges each answer with the scorer's own
``judge``.  An answer's quotes are the distinct sentences the scorer counts as
quoted (``Answer.citations``, spaces folded): a ruling's, a modifier's and its
limits', what is in force, what does not apply, a grant chain's.  Per half it
prints the categories, and the median, mean and 90th percentile of quotes per
answer, and how many of the sentences the questions' writers list under
``quotes`` the answers quote (their emphasis marks and XML entities aside);
``--json`` gives every question's id, category, sentences quoted and what was
missing or false, to compare two commits question by question.  A measurement
script, not a test: the categories it prints are the scorer's, the figures in
docs/referee.md come from here.
"""

from __future__ import annotations

import argparse
import html
import json
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT / "benchmarks"))

import referee_eval as scorer  # noqa: E402  (a script beside this one, not a package)
from referee.errors import RulesError  # noqa: E402
from referee.resolve import resolve  # noqa: E402
from referee.resolve.naming import unit_picks  # noqa: E402
from referee.store.load import open_rules  # noqa: E402


def ask(view: Any, question: dict[str, Any], documents: Path) -> dict[str, Any] | None:
    """The resolver's JSON answer to one question, or None where it refuses the input."""
    system, army = question["system"], question.get("army")
    units: list[Any] = [None, None]
    acting: Any = question.get("keywords")
    opponent: Any = question.get("vs")
    try:
        if question.get("unit"):
            units[0], acting = unit_picks(view, system, question["unit"], army, "--unit")
        if question.get("vs_unit"):
            units[1], opponent = unit_picks(view, system, question["vs_unit"], army, "--vs-unit")
        return resolve(view, system, acting, opponent, question.get("when") or [], (units[0], units[1]), documents=str(documents)).to_json()
    except RulesError:
        return None


def quotes(data: dict[str, Any] | None) -> list[str]:
    """The distinct sentences an answer quotes, as the scorer reads them."""
    said = [] if data is None else [" ".join((c.get("quote") or "").split()) for c in scorer.Answer(data).citations()]
    return sorted(set(said) - {""})


def found(question: dict[str, Any], data: dict[str, Any] | None) -> list[bool]:
    """For each sentence the question's writer lists under ``quotes``, whether the answer quotes it
    (spaces folded, any case), as the scorer reads a ``quote_contains``."""
    said = "" if data is None else scorer.Answer(data).quoted()
    return [_as_read(str(q.get("text", ""))) in said for q in question.get("quotes") or [] if isinstance(q, dict)]


def _as_read(text: str) -> str:
    """A writer's quote as the documents' readers give its words: the source's emphasis marks ("**untargetable**", a wiki
    list's "*") and XML's entities ("doesn&apos;t") are no words, so they are dropped before comparing."""
    text = html.unescape(text).replace("*", "")
    return " ".join(text.split()).lower()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("halves", nargs="+", metavar="ROUND/HALF", help="e.g. 1/tuning 7/sealed")
    parser.add_argument("--bsdata", type=Path, default=PROJECT.parent / "shared" / "bsdata")
    parser.add_argument("--referee", type=Path, default=PROJECT / ".venv" / "bin" / "referee")
    parser.add_argument("--json", action="store_true", help="every question's id, category and quotes")
    args = parser.parse_args(argv)
    wanted = []
    for item in args.halves:
        round_, _, half = item.partition("/")
        if half not in ("tuning", "sealed") or not round_.isdigit() or int(round_) not in scorer.ROUNDS:
            parser.error(f"not a frozen round's half: {item!r} (ROUND/tuning or ROUND/sealed)")
        wanted.append((int(round_), half))
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="referee-quotes-") as tmp:
        rules, note = scorer.prepare(args.referee, PROJECT / "rules_src", args.bsdata, Path(tmp))
        view = open_rules(rules)
        for round_, half in wanted:
            for question in scorer.load(half, round_=round_):
                if question["system"] == scorer.BSDATA_SYSTEM and note:
                    continue
                data = ask(view, question, rules)
                category, checked = ("error", scorer.Checked(false=["refused"])) if data is None else scorer.judge(question, data)
                results.append({"half": f"{round_}/{half}", "id": question["id"], "category": category,
                                "quotes": quotes(data), "writers": found(question, data), "missing": checked.missing, "false": checked.false})
    if args.json:
        print(json.dumps({"note": note, "results": results}, indent=1))
        return 0
    if note:
        print(f"note: {note}")
    print("| half | " + " | ".join(scorer.CATEGORIES) + " | median quotes | mean | 90th percentile | writers' quotes quoted |")
    print("|---|" + "---:|" * (len(scorer.CATEGORIES) + 4))
    for name in [*dict.fromkeys(r["half"] for r in results), "all"]:
        these = [r for r in results if name in ("all", r["half"])]
        counts = Counter(r["category"] for r in these)
        n = [len(r["quotes"]) for r in these]
        cells = [str(counts[c]) for c in scorer.CATEGORIES]
        tenth = statistics.quantiles(n, n=10)[-1] if len(n) > 1 else n[0]
        writers = [w for r in these for w in r["writers"]]
        print(f"| {name} | " + " | ".join(cells) + f" | {statistics.median(n):g} | {statistics.mean(n):.2f} | {tenth:g} | {sum(writers)} of {len(writers)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
