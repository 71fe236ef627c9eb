"""Planted defects: how many ordinary editing mistakes ``referee lint`` finds.

    .venv/bin/python benchmarks/lint_plant.py --seeds 1-5 [--kinds K1,K2] [--json] [--verbose]
    .venv/bin/python benchmarks/lint_plant.py --seeds 101-110          # the reporting seeds
    .venv/bin/python benchmarks/lint_plant.py --list-kinds

**Seeds.** Seeds 1-5 are the *tuning* seeds: lint's developers may look at
what they plant and what lint makes of it.  Seeds 101-110 are the
*reporting* seeds: their figures go into docs/lint.md ("Planted defects"),
and nobody changing lint may run them, read their plantings or tune with
them; otherwise the figures measure the tuning, not lint.

**How it plants.** The rules folder (default: the project's ``rules_src/``)
is read once (its build gives the rules' names, aliases and where each
version stands) and copied, one system at a time, into a temporary folder.
For each seed, each kind of defect and each document of a format the kind
applies to, one *planting* is made: one edit an editor could make by hand,
to real text, at a place the seed chooses (a ``random.Random`` seeded with
``"<seed>:<kind>:<document>"``, so a planting does not depend on which
other kinds are run).  The edit respects the document's format: a rules
list's heading line, blank line and paragraphs; a glossary's heading run and
body; Markdown ``## Name`` sections; the wiki's ``'''Name'''`` entries on
its one long line; system.toml's tables.  Each planting records its kind,
the file, line and column where a correct finding should point, and a short
description ("'Feel No Pain' -> 'Feel No Pian'").

Lint runs once per planting, on the system's copy with only that planting in
it (``referee lint --rules-src COPY --system S --json --min-severity info``),
so every difference from the unplanted findings is the planting's; the
unplanted findings are taken once per system, and mapped through the edit
(a finding after an insertion moves down or right with its text).

**What counts.**

- *Found*: a finding that the unplanted run does not have, at the planted
  file and line (the line where the defect stands: for a redefinition, the
  heading of the second definition, the copy, which the planter always puts
  after the original; for a misspelled or unknown name, the line of the name;
  for a pasted paragraph or repeated sentence, the line of the second copy;
  for a manifest defect, its line in system.toml).  Any code counts (the
  harness does not know lint's codes), but two kinds of finding are never
  evidence: ``unused-definition`` (a note that nobody names a rule), and,
  for kinds that are not about definitions, the findings that compare a
  rule's versions (conflicting-, reworded- and duplicate-definition,
  alias-mismatch, source-drift): a typo in a rule that another document also
  defines makes its versions differ, which is the typo's consequence.  On
  the wiki page, whose rules all stand on one line, the column must also
  fall between the start of the entry that holds the defect and the end of
  the planted text.  A diverged version (``diverged-version``) is found at
  the edited version's line or at the rule's primary version, where
  conflicting-definition reports, by a new finding or by a finding of the
  unplanted run whose message changed (the rule's versions differed
  already).  A manifest alias with a typo (``manifest-alias-typo``) is
  found only if the run also goes on: no error instead of findings, and at
  least 80 % of the unplanted findings still reported.
- *False alarm*: a new finding elsewhere that is not about the planting.
  Not false alarms but consequences: a finding whose rule or term is one of
  the names the planting touched (the rule whose text was edited, the name
  misspelled, the copied rule, the alias: a misspelled "Fear" may well leave
  Fear unused), and a finding inside copied text of a problem the original
  text has too (its code and term are among the unplanted findings).  The
  table gives the plantings that caused at least one false alarm.

The planter is in three modules beside this script: ``lint_plant_corpus.py``
(the documents and where each rule stands), ``lint_plant_planter.py`` (the
edit, the planting, and where names, sentences and headings are) and
``lint_plant_kinds.py`` (one function per kind, and the table of kinds).

Kinds that lint's documents describe but that are not planted: grant
cycles, must/cannot conflicts and forbidden grants (an editor seldom writes
them by accident), unnamed rules (deleting a heading mostly leaves a body
that names its rule), and BattleScribe data (rules_src has none).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))
if str(ROOT / "benchmarks") not in sys.path:
    sys.path.insert(0, str(ROOT / "benchmarks"))  # the planter's modules beside this script

from lint_plant_corpus import System, fold, line_starts, read_corpus, to_offset, to_position  # noqa: E402
from lint_plant_kinds import KIND_BY_NAME, KINDS, Kind  # noqa: E402
from lint_plant_planter import Edit, Planting, apply, original_text, plan, planted_files, shift  # noqa: E402

# what the tests and other scripts use, from this script and the planter's modules
__all__ = [
    "KINDS", "KIND_BY_NAME", "Edit", "Planting", "Result", "apply", "fold", "line_starts", "main", "original_text",
    "plan", "planted_files", "read_corpus", "score", "shift", "table", "to_offset", "to_position",
]

# the installed command beside this Python (the venv's), else the module's entry point
_SCRIPT = Path(sys.executable).with_name("referee")
REFEREE = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-c", "import sys; from referee.cli.commands import main; sys.exit(main())"]

TUNING_SEEDS = tuple(range(1, 6))
REPORTING_SEEDS = tuple(range(101, 111))


# -- running lint and scoring -----------------------------------------------


@dataclass
class Result:
    planting: Planting
    found: bool
    hits: list[dict]
    false_alarms: list[dict]
    consequences: list[dict]
    lost: int
    error: str | None
    seconds: float


def _key(f: dict) -> tuple:
    s = f["source"]
    return (f["code"], s["file"], s["line"], s.get("column", 1), f.get("term"))


class Linter:
    """One working copy per system; lint runs on it with one planting at a time."""

    def __init__(self, rules_src: Path, work: Path) -> None:
        self.rules_src = rules_src
        self.work = work
        self.env = dict(os.environ, REFEREE_CACHE_DIR=str(work / "cache"), REFEREE_WORKERS="1")
        self.baseline: dict[str, list[dict]] = {}
        self.dirty: dict[str, set[str]] = {}

    def folder(self, system: str) -> Path:
        return self.work / system

    def prepare(self, system: System) -> None:
        if system.id in self.baseline:
            return
        shutil.copytree(self.rules_src / system.id, self.folder(system.id) / system.id)
        answer, _status, error = self.lint(system.id)
        if error:
            raise SystemExit(f"lint_plant: the unplanted {system.id} does not lint: {error}")
        self.baseline[system.id] = answer
        self.dirty[system.id] = set()

    def lint(self, system: str) -> tuple[list[dict], int, str | None]:
        cmd = [*REFEREE, "lint", "--rules-src", str(self.folder(system)),
               "--system", system, "--json", "--min-severity", "info"]
        done = subprocess.run(cmd, capture_output=True, text=True, env=self.env, cwd=ROOT)
        try:
            answer = json.loads(done.stdout)
        except json.JSONDecodeError:
            return [], done.returncode, (done.stderr.strip() or "no JSON")[-300:]
        if "error" in answer:
            err = answer["error"]
            return [], done.returncode, f"{err.get('file')}:{err.get('line')}: {err.get('message')}"
        return answer.get("findings", []), done.returncode, None

    def _write(self, system: str, file: str, text: str | None) -> None:
        path = self.folder(system) / file
        if text is None:
            path.unlink(missing_ok=True)
            return
        tmp = path.with_name(path.name + ".planting")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)  # a new inode: the build's stamp sees the change

    def run(self, planting: Planting, system: System) -> Result:
        self.prepare(system)
        for file in self.dirty[system.id]:
            original = original_text(system, file)
            self._write(system.id, file, original if file in (system.manifest_path, *(d.path for d in system.documents)) else None)
        files = planted_files(planting, system)
        for file, text in files.items():
            self._write(system.id, file, text)
        self.dirty[system.id] = set(files)
        began = time.perf_counter()
        findings, _status, error = self.lint(system.id)
        seconds = time.perf_counter() - began
        return score(planting, system, self.baseline[system.id], findings, error, seconds)


def _moved(finding: dict, planting: Planting, system: System, cache: dict) -> tuple:
    """A finding of the unplanted run, keyed where its text stands after the planting."""
    s = finding["source"]
    file = s["file"]
    edits = [e for e in planting.edits if e.file == file]
    if not edits:
        return _key(finding)
    if file not in cache:
        cache[file] = (line_starts(original_text(system, file)), line_starts(planted_files(planting, system)[file]))
    before, after = cache[file]
    offset = shift(to_offset(before, s["line"], s.get("column", 1)), edits)
    line, column = to_position(after, offset)
    return (finding["code"], file, line, column, finding.get("term"))


def _at_place(f: dict, planting: Planting) -> bool:
    s = f["source"]
    if (s["file"], s["line"]) in planting.also:
        return True
    if s["file"] != planting.file or s["line"] != planting.line:
        return False
    if planting.entry_column is None:
        return True
    return planting.entry_column <= s.get("column", 1) <= planting.end_column


def _about(f: dict, planting: Planting) -> bool:
    touched = {fold(n) for n in planting.names}
    rule = f.get("rule") or ""
    slug = fold(rule.split("/", 1)[-1]) if rule else ""
    term = fold(f.get("term") or "")
    if slug in touched or term in touched:
        return True
    quoted = re.findall(r"'([^']+)'", f.get("message", ""))
    return any(fold(q) in touched for q in quoted)


# Findings that compare a rule's versions: evidence of a redefinition, not of a typo or a pasted
# paragraph in a rule another document also defines (there they are the edit's consequence).
VERSION_CODES = {"conflicting-definition", "reworded-definition", "duplicate-definition", "alias-mismatch", "source-drift"}
DEFINITION_KINDS = {"redefined-in-document", "redefined-across-documents", "conflicting-redefinition", "diverged-version"}


def _evidence(f: dict, planting: Planting) -> bool:
    """Whether a finding at the planted place can be the finding of the planted defect."""
    if f["code"] == "unused-definition":  # a note that nobody names a rule: never an editing mistake
        return False
    return planting.kind in DEFINITION_KINDS or f["code"] not in VERSION_CODES


def _copied(f: dict, planting: Planting, planted: dict[str, str], inherited: set) -> bool:
    """A finding inside text the planting copied, of a problem the original text has too."""
    if (f["code"], f.get("term")) not in inherited:
        return False
    s = f["source"]
    for e in planting.edits:
        if e.file == s["file"] and e.text and e.file in planted:
            offset = to_offset(line_starts(planted[e.file]), s["line"], s.get("column", 1))
            if e.start <= offset < e.start + len(e.text):
                return True
    return False


def score(planting: Planting, system: System, baseline: list[dict], findings: list[dict], error: str | None, seconds: float) -> Result:
    cache: dict = {}
    before = Counter(_moved(f, planting, system, cache) for f in baseline)
    seen = Counter()
    new = []
    for f in findings:
        k = _key(f)
        seen[k] += 1
        if seen[k] > before.get(k, 0):
            new.append(f)
    lost = sum((before - Counter(_key(f) for f in findings)).values())
    hits = [f for f in new if _at_place(f, planting) and _evidence(f, planting)]
    if planting.kind == "diverged-version":
        # a rule whose versions differed already has its finding: it tells the new change, or not
        said = {}
        for f in baseline:
            said.setdefault(_moved(f, planting, system, cache), set()).add(f.get("message"))
        hits += [f for f in findings if f not in new and _at_place(f, planting) and _evidence(f, planting)
                 and f.get("message") not in said.get(_key(f), set())]
    rest = [f for f in new if f not in hits]
    inherited = {(f["code"], f.get("term")) for f in baseline}
    planted = planted_files(planting, system)
    consequences = [f for f in rest if _about(f, planting) or _copied(f, planting, planted, inherited)]
    false_alarms = [f for f in rest if f not in consequences]
    found = bool(hits) and error is None
    if planting.run_goes_on and found:
        kept = sum(min(before[k], Counter(_key(f) for f in findings)[k]) for k in before)
        found = kept >= 0.8 * sum(before.values())
    return Result(planting, found, hits, false_alarms, consequences, lost, error, seconds)


# -- the command ------------------------------------------------------------


def parse_seeds(spec: str) -> list[int]:
    seeds: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        if "-" in part:
            lo, hi = part.split("-", 1)
            seeds.extend(range(int(lo), int(hi) + 1))
        elif part:
            seeds.append(int(part))
    return seeds


def table(records: list[dict], kinds: list[Kind], by_format: bool = False) -> str:
    """The Markdown table of plantings scored (``_result_json`` records)."""
    rows = ["| kind | plantings | found | recall | with false alarms |", "|---|---:|---:|---:|---:|"]
    total = [0, 0, 0]
    groups = [(k.name, k.name, None) for k in kinds]
    if by_format:
        groups = [(f"{k.name} ({f})", k.name, f) for k in kinds for f in k.formats]
    for label, name, fmt in groups:
        mine = [r for r in records if r["kind"] == name and fmt in (None, r.get("format"))]
        if not mine:
            rows.append(f"| {label} | 0 | | | |")
            continue
        found = sum(r["found"] for r in mine)
        alarms = sum(bool(r["false_alarms"]) for r in mine)
        total[0] += len(mine)
        total[1] += found
        total[2] += alarms
        rows.append(f"| {label} | {len(mine)} | {found} | {100 * found / len(mine):.0f} % | {alarms} ({100 * alarms / len(mine):.0f} %) |")
    if total[0]:
        rows.append(f"| **all** | {total[0]} | {total[1]} | {100 * total[1] / total[0]:.0f} % | {total[2]} ({100 * total[2] / total[0]:.0f} %) |")
    return "\n".join(rows)


def _brief(f: dict) -> str:
    s = f["source"]
    return f"{s['file']}:{s['line']}:{s.get('column', 1)}: {f['code']} {f.get('message', '')[:140]}"


def describe(r: Result) -> str:
    p = r.planting
    mark = "found " if r.found else "MISSED"
    lines = [f"{mark} seed {p.seed} {p.kind} {p.file}:{p.line}:{p.column}: {p.what}"]
    if r.error:
        lines.append(f"    run stopped: {r.error}")
    for f in r.hits:
        lines.append(f"    hit   {_brief(f)}")
    for f in r.false_alarms:
        lines.append(f"    FALSE {_brief(f)}")
    for f in r.consequences:
        lines.append(f"    conseq {_brief(f)}")
    return "\n".join(lines)


def run_all(plantings: list[Planting], systems: dict[str, System], rules_src: Path, work: Path, jobs: int,
            show: Callable[[Result], str] | None) -> list[Result]:
    """Lint every planting, ``jobs`` at a time, each worker on copies of its own; results in planting order."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    local = threading.local()
    lock = threading.Lock()
    done = [0]

    def one(planting: Planting) -> Result:
        if not hasattr(local, "linter"):
            with lock:
                folder = work / f"worker{len(list(work.glob('worker*')))}"
                folder.mkdir()
            local.linter = Linter(rules_src, folder)
        result = local.linter.run(planting, systems[planting.system])
        with lock:
            done[0] += 1
            if show:
                print(show(result), flush=True)
            elif sys.stderr.isatty():
                print(f"\r{done[0]}/{len(plantings)}", end="", file=sys.stderr, flush=True)
        return result

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(one, plantings))
    if sys.stderr.isatty() and not show:
        print(file=sys.stderr)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1-5", help="seeds, e.g. 1-5 or 101-110 or 1,3 (1-5 tune, 101-110 report)")
    parser.add_argument("--kinds", help="comma-separated kinds (default: all; --list-kinds)")
    parser.add_argument("--systems", help="comma-separated systems (default: all)")
    parser.add_argument("--rules-src", type=Path, default=ROOT / "rules_src")
    parser.add_argument("--json", action="store_true", help="print every planting and its score as JSON")
    parser.add_argument("--verbose", "-v", action="store_true", help="print each planting and the findings it caused")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="lint runs at a time (default 1; each has its own copy)")
    parser.add_argument("--by-format", action="store_true", help="a row per kind and document format")
    parser.add_argument("--plan-only", action="store_true", help="print the plantings without running lint")
    parser.add_argument("--list-kinds", action="store_true")
    parser.add_argument("--table-from", type=Path, metavar="JSON", help="print the table of a run saved with --json")
    args = parser.parse_args(argv)
    if args.table_from:
        saved = json.loads(args.table_from.read_text(encoding="utf-8"))
        names = set(saved["kinds"])
        print(table(saved["plantings"], [k for k in KINDS if k.name in names], args.by_format))
        return 0
    if args.list_kinds:
        for kind in KINDS:
            print(f"{kind.name:28} {', '.join(kind.formats):40} {kind.summary}")
        return 0
    kinds = list(KINDS)
    if args.kinds:
        unknown = [k for k in args.kinds.split(",") if k not in KIND_BY_NAME]
        if unknown:
            parser.error(f"unknown kind {unknown[0]!r}; --list-kinds lists them")
        kinds = [KIND_BY_NAME[k] for k in args.kinds.split(",")]
    seeds = parse_seeds(args.seeds)
    rules_src = args.rules_src.resolve()
    with tempfile.TemporaryDirectory(prefix="lint-plant-") as tmp:
        work = Path(tmp)
        # the planter's own build of the unplanted folder, in the run's cache
        os.environ["REFEREE_CACHE_DIR"] = str(work / "cache")
        systems = read_corpus(rules_src, set(args.systems.split(",")) if args.systems else None)
        by_id = {s.id: s for s in systems}
        plantings = [p for seed in seeds for p in plan(systems, seed, kinds)]
        if args.plan_only:
            for p in plantings:
                print(f"seed {p.seed} {p.kind} {p.file}:{p.line}:{p.column}: {p.what}")
            return 0
        results = run_all(plantings, by_id, rules_src, work, args.jobs, describe if args.verbose else None)
    if args.json:
        print(json.dumps({
            "seeds": seeds,
            "rules_src": str(rules_src),
            "kinds": {k.name: _kind_summary(k, results) for k in kinds},
            "plantings": [_result_json(r) for r in results],
        }, indent=1))
    else:
        print(f"seeds {args.seeds}: {len(results)} plantings, lint {sum(r.seconds for r in results):.0f} s\n")
        print(table([_result_json(r) for r in results], kinds, args.by_format))
    return 0


def _kind_summary(kind: Kind, results: list[Result]) -> dict:
    mine = [r for r in results if r.planting.kind == kind.name]
    found = sum(r.found for r in mine)
    return {
        "plantings": len(mine), "found": found, "recall": round(found / len(mine), 3) if mine else None,
        "with_false_alarms": sum(bool(r.false_alarms) for r in mine),
    }


def _result_json(r: Result) -> dict:
    p = r.planting
    return {
        "seed": p.seed, "kind": p.kind, "format": p.format, "system": p.system, "file": p.file, "line": p.line, "column": p.column,
        "end_column": p.end_column, "entry_column": p.entry_column, "also": [list(a) for a in p.also],
        "what": p.what, "found": r.found, "error": r.error, "lost": r.lost, "seconds": round(r.seconds, 2),
        "hits": r.hits, "false_alarms": r.false_alarms, "consequences": r.consequences,
    }


if __name__ == "__main__":
    sys.exit(main())
