"""Check that every quote of the q3b draft stands on the line it names (run from the project folder).

Lines are read as benchmarks/questions/split.py reads them: str.splitlines(),
XML entities as the characters they stand for, runs of white space as one space.
"""
import html
import json
import re
import sys
from pathlib import Path

RULES = Path("rules_src")
BSDATA = Path("../shared/bsdata")
HERE = Path(__file__).parent


def squeeze(text):
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


bad = 0
for name in ("referee_q3b.json", "calc_q3b.json"):
    for question in json.loads((HERE / name).read_text(encoding="utf-8"))["questions"]:
        for quote in question["quotes"]:
            system, rest = quote["file"].split("/", 1)
            path = BSDATA / rest if system == "t9a-bsdata" else RULES / quote["file"]
            lines = path.read_text(encoding="utf-8").splitlines()
            if not 1 <= quote["line"] <= len(lines) or squeeze(quote["text"]) not in squeeze(lines[quote["line"] - 1]):
                bad += 1
                print(f"{question['id']}: not on {quote['file']}:{quote['line']}: {quote['text']!r}")
print("quotes checked:", "all on their lines" if not bad else f"{bad} misplaced")
sys.exit(1 if bad else 0)
