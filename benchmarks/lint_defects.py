"""Score ``referee lint`` on editing mistakes written by hand, apart from lint's code.

    .venv/bin/python benchmarks/lint_defects.py [--defects FILE] [--only ID,ID] [--jobs N] [--json]
                                                [--save FILE | --rescore FILE]

The defects are data (``benchmarks/lint_defects/hand.json``): each replaces a
text found exactly once in a document of rules_src with another, and says
where lint should report it (file and line of the edited copy; for the wiki
page, saved as one line, the range of columns the edit covers; the code where
its author was sure). For each defect the script copies rules_src to a
temporary folder, makes the edit, and runs ``referee lint --min-severity info
--json`` on the copy; an unmodified copy is linted once, as the baseline.

A finding is *new* when the baseline has no finding of its code, file, line
and term (a baseline finding below the lines an edit changes is moved by the
lines it adds or removes; columns are left out of the comparison, since an
edit on the wiki's one line moves every later column).
Scoring, per defect:

- **found**: a new finding at the expected file and line (within the
  expected columns, if given) with the expected code (if given). A new finding
  there with another code counts as *placed* (found at the right place, under
  another code), not found;
- **false alarms**: new findings anywhere else, except those that only
  replace a baseline finding of the same code, file and line (its term
  changed: a conflicting-definition's diff after its rule's text was edited),
  and those that name the expected place among their related places (the
  other version of a conflict, which lint reports at both): these are
  counted apart, as *pointing at* the defect.

A run that stops (exit status 2, a manifest lint cannot read) counts as one
finding, code ``stopped``, at the file and line its error names.

Prints a table per kind, then the defects not found, the false alarms and
the findings that point at a defect from elsewhere; ``--json`` prints every
defect's result. ``--save FILE`` keeps lint's findings (baseline and per
defect), and ``--rescore FILE`` scores them again without linting. docs/lint.md
("Hand-written defects") records the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFECTS = ROOT / "benchmarks" / "lint_defects" / "hand.json"


@dataclass
class Result:
    defect: dict
    found: list[dict] = field(default_factory=list)
    placed: list[dict] = field(default_factory=list)
    false_alarms: list[dict] = field(default_factory=list)
    pointing: list[dict] = field(default_factory=list)
    changed: int = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--defects", type=Path, default=DEFECTS)
    parser.add_argument("--rules-src", type=Path, default=ROOT / "rules_src")
    parser.add_argument("--only", help="comma-separated defect ids")
    parser.add_argument("--jobs", type=int, default=1, help="lint runs at a time")
    parser.add_argument("--json", action="store_true", help="every defect's result as JSON")
    parser.add_argument("--save", type=Path, help="also write lint's findings, baseline and per defect, to this file")
    parser.add_argument("--rescore", type=Path, help="score the findings a --save wrote, without linting again")
    args = parser.parse_args()
    defects = json.loads(args.defects.read_text("utf-8"))["defects"]
    if args.only:
        wanted = set(args.only.split(","))
        defects = [d for d in defects if d["id"] in wanted]
    rules_src = args.rules_src.resolve()
    problems = [problem for d in defects if (problem := check_defect(rules_src, d))]
    if problems:
        sys.exit("\n".join(problems))
    if args.rescore:
        saved = json.loads(args.rescore.read_text("utf-8"))
        baseline, linted = saved["baseline"], saved["defects"]
    else:
        baseline, linted = _lint_all(rules_src, defects, args.jobs)
    if args.save:
        saved = {"baseline": baseline, "defects": linted}
        args.save.write_text(json.dumps(saved, ensure_ascii=False) + "\n", "utf-8")
    results = [score(d, baseline, linted[d["id"]], rules_src) for d in defects]
    if args.json:
        print(json.dumps([_as_json(r) for r in results], indent=1, ensure_ascii=False))
    else:
        print(report(results))


def _lint_all(rules_src: Path, defects: list[dict], jobs: int) -> tuple[list[dict], dict[str, list[dict]]]:
    """lint's findings on an unmodified copy, and on a copy with each defect."""
    with tempfile.TemporaryDirectory(prefix="lint-defects-") as folder:
        work = Path(folder)
        baseline = _lint_copy(rules_src, work, "baseline", None)
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            runs = pool.map(lambda d: (d["id"], _lint_copy(rules_src, work, d["id"], d)), defects)
            return baseline, dict(runs)


def check_defect(rules_src: Path, defect: dict) -> str | None:
    """A defect whose text is not found exactly once cannot be planted."""
    path = rules_src / defect["file"]
    if not path.is_file():
        return f"{defect['id']}: no file {defect['file']} in {rules_src}"
    count = path.read_text("utf-8").count(defect["find"])
    if count != 1:
        return f"{defect['id']}: its find text occurs {count} times in {defect['file']}, not once"
    return None


def _lint_copy(rules_src: Path, work: Path, name: str, defect: dict | None) -> list[dict]:
    copy = work / name
    shutil.copytree(rules_src, copy)
    if defect:
        path = copy / defect["file"]
        text = path.read_text("utf-8")
        path.write_text(text.replace(defect["find"], defect["replace"], 1), "utf-8")
    referee = str(Path(sys.executable).parent / "referee")
    env = dict(os.environ, REFEREE_CACHE_DIR=str(work / "cache"))
    command = [referee, "lint", "--rules-src", str(copy), "--min-severity", "info", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=work)
    shutil.rmtree(copy)
    answer = json.loads(done.stdout) if done.stdout.strip() else {}
    if done.returncode in (0, 1):
        return answer["findings"]
    error = answer.get("error") or {}
    if done.returncode != 2 or not error.get("file"):
        raise SystemExit(f"{name}: referee lint failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")
    file = (work / error["file"]).resolve()  # relative to the folder lint ran in
    source = {"file": file.relative_to(copy.resolve()).as_posix(), "line": error["line"], "column": 1}
    return [{"code": "stopped", "term": None, "message": error["message"], "source": source}]


def _key(finding: dict, line: int | None = None) -> tuple:
    source = finding["source"]
    return (finding["code"], source["file"], source["line"] if line is None else line, finding.get("term"))


def _moved_line(finding: dict, defect: dict, text: str) -> int:
    """A baseline finding's line in the edited copy.

    The edit is narrowed to the lines it changes (the lines find and replace
    share at both ends left out, compared whole, so a heading kept after an
    insertion is not taken for changed text): a finding below them moves by
    the lines the edit adds or removes, one on them stays at their first."""
    line = finding["source"]["line"]
    if finding["source"]["file"] != defect["file"]:
        return line
    old, new = defect["find"].split("\n"), defect["replace"].split("\n")
    same_start = 0
    while same_start < min(len(old), len(new)) and old[same_start] == new[same_start]:
        same_start += 1
    same_end = 0
    while same_end < min(len(old), len(new)) - same_start and old[-1 - same_end] == new[-1 - same_end]:
        same_end += 1
    first = text.count("\n", 0, text.index(defect["find"])) + 1
    if line < first + same_start:
        return line
    if line >= first + len(old) - same_end:
        return line + len(new) - len(old)
    return first + same_start


def _at_place(finding: dict, expect: dict) -> bool:
    source = finding["source"]
    if source["file"] != expect["file"] or source["line"] != expect["line"]:
        return False
    if "columns" in expect:
        low, high = expect["columns"]
        return low <= source["column"] <= high
    return True


def score(defect: dict, baseline: list[dict], findings: list[dict], rules_src: Path) -> Result:
    text = (rules_src / defect["file"]).read_text("utf-8")
    before = Counter(_key(f, _moved_line(f, defect, text)) for f in baseline)
    after = Counter(_key(f) for f in findings)
    gone = before - after
    new_keys = after - before
    result = Result(defect)
    expect = defect["expect"]
    replaced = Counter(key[:3] for key in gone.elements())
    for finding in findings:
        key = _key(finding)
        if not new_keys[key]:
            continue
        new_keys[key] -= 1
        if _at_place(finding, expect):
            if expect.get("code") in (None, finding["code"]):
                result.found.append(finding)
            else:
                result.placed.append(finding)
        elif replaced[key[:3]]:
            replaced[key[:3]] -= 1
            result.changed += 1
        elif any(_at_place(related, {"file": expect["file"], "line": expect["line"]})
                 for related in finding.get("related") or []):
            result.pointing.append(finding)
        else:
            result.false_alarms.append(finding)
    return result


def report(results: list[Result]) -> str:
    by_kind: dict[str, list[Result]] = defaultdict(list)
    for result in results:
        by_kind[result.defect["kind"]].append(result)
    lines = [
        "| kind | defects | found | placed, other code | missed | with false alarms | with findings elsewhere that point at it |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for kind in sorted(by_kind) + ["**all**"]:
        group = results if kind == "**all**" else by_kind[kind]
        found = sum(1 for r in group if r.found)
        placed = sum(1 for r in group if not r.found and r.placed)
        alarmed = sum(1 for r in group if r.false_alarms)
        pointing = sum(1 for r in group if r.pointing)
        missed = len(group) - found - placed
        lines.append(f"| {kind} | {len(group)} | {found} | {placed} | {missed} | {alarmed} | {pointing} |")
    lines.append("")
    for result in results:
        if not result.found:
            got = "; ".join(_brief(f) for f in result.placed) or "nothing there"
            lines.append(f"- missed {result.defect['id']} ({_where(result.defect['expect'])}): {got}")
    for result in results:
        for finding in result.false_alarms:
            lines.append(f"- false alarm of {result.defect['id']}: {_brief(finding)}")
    for result in results:
        for finding in result.pointing:
            lines.append(f"- elsewhere, pointing at {result.defect['id']}: {_brief(finding)}")
    return "\n".join(lines)


def _where(expect: dict) -> str:
    columns = "" if "columns" not in expect else f" cols {expect['columns'][0]}-{expect['columns'][1]}"
    return f"{expect['file']}:{expect['line']}{columns} {expect.get('code') or 'any code'}"


def _brief(finding: dict) -> str:
    source = finding["source"]
    return f"{source['file']}:{source['line']}:{source['column']} {finding['code']} {finding['message'][:140]}"


def _as_json(result: Result) -> dict:
    return {
        "id": result.defect["id"],
        "kind": result.defect["kind"],
        "expect": result.defect["expect"],
        "found": bool(result.found),
        "found_findings": result.found,
        "placed": result.placed,
        "false_alarms": result.false_alarms,
        "pointing": result.pointing,
        "changed": result.changed,
    }


if __name__ == "__main__":
    main()
