"""Check q3a's round-3 drafts: every quote stands on the line it names, ids are unique,
and each question has the keys of the round-2 format.

    .venv/bin/python benchmarks/questions/round3/draft/check_quotes_q3a.py

Quotes of ``t9a-bsdata/<file>`` are looked up in the BattleScribe samples
(``../shared/bsdata/<file>``, which ``referee import`` copies unchanged).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parents[3]
RULES = PROJECT / "rules_src"
BSDATA = PROJECT.parent / "shared" / "bsdata"
REFEREE_KEYS = {"id", "system", "keywords", "vs", "unit", "vs_unit", "when", "classes", "question", "answer", "quotes", "expect"}
CALC_KEYS = {"id", "system", "question", "answer", "quotes", "expect"}


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def source(name: str) -> Path:
    system, _, rest = name.partition("/")
    return BSDATA / rest if system == "t9a-bsdata" else RULES / name


def problems() -> list[str]:
    found, seen = [], set()
    for kind, keys in (("referee", REFEREE_KEYS), ("calc", CALC_KEYS)):
        for question in json.loads((HERE / f"{kind}_q3a.json").read_text(encoding="utf-8"))["questions"]:
            qid = question["id"]
            if qid in seen:
                found.append(f"{qid}: id used twice")
            seen.add(qid)
            if set(question) != keys:
                found.append(f"{qid}: keys {sorted(set(question) ^ keys)} differ from the round-2 format")
            for quote in question["quotes"]:
                path = source(quote["file"])
                lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
                if not lines:
                    found.append(f"{qid}: no file {quote['file']}")
                elif not 1 <= quote["line"] <= len(lines) or squeeze(quote["text"]) not in squeeze(lines[quote["line"] - 1]):
                    found.append(f"{qid}: {quote['file']}:{quote['line']} does not say '{quote['text'][:60]}'")
    return found


if __name__ == "__main__":
    bad = problems()
    print("\n".join(bad) or "every quote stands where it says; ids unique; keys as in round 2")
    sys.exit(1 if bad else 0)
