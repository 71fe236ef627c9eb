"""Score ``referee resolve`` on the question sets of issue 22 (benchmarks/questions/).

Run from the project folder:

    .venv/bin/python benchmarks/referee_eval.py --half tuning [--round N] [--json] [--verbose] [--only ID ...]

The sealed half (``--half sealed``) is scored once, at the end, by the lead.
``--round N`` scores round N's question set (benchmarks/questions/roundN/),
each written apart from the code after the round before it was split and its
sealed half scored; round 1 (benchmarks/questions/) is the default.

It copies ``rules_src`` into a temporary rules folder, imports the BattleScribe
samples (``../shared/bsdata/``, or ``--bsdata DIR``) into it as the system
``t9a-bsdata`` (``referee import battlescribe ... --system t9a-bsdata --into``),
builds once (``referee build``), then asks the real CLI each question
(``referee resolve ... --json``) and compares the answer with the question's
expectation (the keys are described in benchmarks/questions/README.md).

Each check of an expectation either holds, is *missing* (the answer does not
say it) or is *false* (the answer states something the documents contradict).
A question is then:

- **right**: every check holds, and the expected verdict is a ruling (a winner,
  an immunity, a choice or tie-break the text states, a both-sides clause,
  nothing to rule on) or no verdict at all (modifiers, rules in play).
- **honestly unresolved**: the documents do not settle it (verdict
  ``unresolved``), the answer lists the rules involved in one unresolved
  question, states no winner among them, and every other check holds.
- **right but incomplete**: nothing false, but something expected is missing:
  a modifier, a rule in play, a grant chain, a cited rule, a quoted
  tie-break; or the answer abstains (lists the rules as unresolved) where the
  text settles the question; or it says nothing where a ruling was expected;
  or it lists an unresolved question where nothing meets.
- **wrong**: something false: a winner other than the expected one, a winner
  where the text does not settle it (or where nothing meets), a modifier with
  a value the documents contradict, a modifier that must not be there, a rule
  in play that the situation takes out, a rule set aside that applies (a rule
  set aside only because a prohibition in force bars its use, ``forbidden``,
  is in play: it meets ``in_play`` and ``not_active`` alike), or a
  numeric example's value taken as the instance's parameter. A modifier
  whose value names no number ("+Y") states no figure: it counts as missing.
- **error**: a non-zero exit, a traceback, or output that is not the JSON
  shape.

Questions of ``t9a-bsdata`` are skipped, and said so, when the BattleScribe
samples are not found. This is a measurement script, not a test.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
QUESTIONS = PROJECT / "benchmarks" / "questions"
BSDATA_SYSTEM = "t9a-bsdata"
CATEGORIES = ("right", "right but incomplete", "honestly unresolved", "wrong", "error")
# Principles whose rulings are about one rule's texts, not a meeting of rules.
NOT_A_MEETING = {"source-conflict", "errata"}

# Words players and documents use for one stat, folded to one.
STAT_WORDS = {
    "tohit": {"tohit", "hit", "hitroll", "hitrolls", "shooting", "shootingmodifier", "tohitmodifier", "tohitroll"},
    "attacks": {"a", "att", "attack", "attacks", "attackvalue"},
    "initiative": {"i", "initiative"},
    "strength": {"s", "str", "strength"},
    "ap": {"ap", "armourpenetration", "armorpenetration"},
    "armour": {"armour", "armor", "armoursave", "armorsave", "as", "save"},
    "wound": {"wound", "woundroll", "towound", "towoundroll"},
    "casting": {"casting", "castingroll", "castingrolls", "castingvalue"},
    "cover": {"cover", "coversave"},
    "cs": {"cs", "combatskill"},
    "discipline": {"discipline", "ld", "leadership"},
    "offensiveskill": {"offensiveskill", "os"},
    "movement": {"movement", "m", "move"},
}


def fold(name: str) -> str:
    """A rule name as compared: case, words in brackets, placeholders and punctuation dropped."""
    text = re.sub(r"\([^)]*\)", " ", name.lower())
    words = [w for w in re.sub(r"[^a-z0-9]+", " ", text).split() if w not in {"x", "y", "z"}]
    return " ".join(words)


def fold_stat(stat: str) -> str:
    key = re.sub(r"[^a-z0-9]+", "", stat.lower())
    for canonical, words in STAT_WORDS.items():
        if key in words:
            return canonical
    return key


def names_of(entry: dict[str, Any]) -> set[str]:
    """The folded names an answer's entry (rule in play, citation, step) goes by."""
    names = set()
    if entry.get("name"):
        names.add(fold(str(entry["name"])))
    if entry.get("rule"):
        names.add(fold(str(entry["rule"]).rsplit("/", 1)[-1].replace("-", " ")))
    return names


def matches(expected: str | list[str], names: set[str]) -> bool:
    wanted = [expected] if isinstance(expected, str) else expected
    return any(fold(w) in names for w in wanted)


def label(expected: str | list[str]) -> str:
    return expected if isinstance(expected, str) else " / ".join(expected)


def number(value: Any) -> int | None:
    found = re.search(r"[-+−]?\d+", str(value))
    return int(found.group().replace("−", "-")) if found else None


def same_value(a: Any, b: Any) -> bool:
    if a is None or b is None:
        return a is b
    x, y = number(a), number(b)
    return x is not None and x == y


def scalars(value: Any) -> list[str]:
    """Every scalar inside a value of parameters, as text."""
    if isinstance(value, dict):
        return [s for v in value.values() for s in scalars(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in scalars(v)]
    return [] if value is None else [str(value)]


def param_forms(text: Any) -> set[str]:
    """A value's spellings to compare: a number (``"value": 3``) as its text."""
    bare = re.sub(r"[\s\"″']", "", str(text).lower())
    return {bare, bare.lstrip("+")}


def steps(value: Any) -> list[dict[str, Any]]:
    """Every step of a grant chain, however nested."""
    if isinstance(value, dict):
        return [value]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in steps(v)]
    return []


def chain_steps(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """Every step of every instance's grant chain: ``via`` is only the first
    instance's; ``each[].via`` holds each instance's own (docs/json.md)."""
    found = steps(entry.get("via"))
    for instance in entry.get("each") or []:
        found += [s for s in steps(instance.get("via")) if s not in found]
    return found


@dataclass
class Answer:
    """The parts of a resolve answer the checks read."""

    data: dict[str, Any]

    def entries(self, side: str) -> list[dict[str, Any]]:
        return list(self.data.get("in_play", {}).get(side) or [])

    @property
    def inactive(self) -> list[dict[str, Any]]:
        return list(self.data.get("in_play", {}).get("inactive") or [])

    @property
    def rulings(self) -> list[dict[str, Any]]:
        return list(self.data.get("rulings") or [])

    @property
    def unresolved(self) -> list[dict[str, Any]]:
        return list(self.data.get("unresolved") or [])

    @property
    def modifiers(self) -> list[dict[str, Any]]:
        return list(self.data.get("modifiers") or [])

    def find(self, name: str | list[str], sides: tuple[str, ...] = ("self", "opponent")) -> list[dict[str, Any]]:
        return [e for side in sides for e in self.entries(side) if matches(name, names_of(e))]

    def citations(self) -> list[dict[str, Any]]:
        found = []
        for item in self.rulings + self.unresolved:
            found += item.get("citations") or []
        for modifier in self.modifiers:
            found += [p["citation"] for p in modifier.get("parts") or [] if p.get("citation")]
            found += [c for c in modifier.get("limits") or [] if c.get("quote")]  # the sentences that limit the total
        found += [e["citation"] for e in self.inactive if e.get("citation")]
        found += [d["citation"] for d in self.data.get("in_force") or [] if d.get("citation")]  # obligations, prohibitions and the rules' own words in force, quoted
        for side in ("self", "opponent"):
            for entry in self.entries(side):
                found += [s["citation"] for s in chain_steps(entry) if s.get("citation")]
        return found

    def quoted(self) -> str:
        texts = [c.get("quote") or "" for c in self.citations()]
        texts += [u.get("tie_break") or "" for u in self.unresolved]
        return re.sub(r"\s+", " ", " ".join(texts)).lower()


def rule_names(item: dict[str, Any]) -> set[str]:
    return {fold(str(r)) for r in item.get("rules") or []}


@dataclass
class Checked:
    missing: list[str] = field(default_factory=list)
    false: list[str] = field(default_factory=list)
    abstained: bool = False


def loses(expect: dict[str, Any], name: str | list[str], answer: Answer | None = None) -> bool:
    """Whether the question's verdict says this rule loses: then the rule is in
    the situation, and its being set aside by that ruling is the answer, not a
    contradiction of "in play" (the verdict check asks for the ruling).  A rule
    loses a winner verdict it is "over".  An immunity verdict names its rules in
    no set order (the format says only that one side is immune), so a rule of
    the verdict loses when it is not the first (the order most questions use),
    when it is the verdict's only rule (Fear against Fear), or when the answer's
    immunity ruling on the verdict's rules names another of them as the immune
    one."""
    verdict = expect.get("verdict") or {}
    names = {fold(n) for n in ([name] if isinstance(name, str) else name)}
    if verdict.get("kind") == "winner":
        return matches(verdict["over"], names)
    if verdict.get("kind") == "immunity":
        rules = verdict["rules"]
        if any(matches(rule, names) for rule in (rules if len(rules) == 1 else rules[1:])):
            return True
        if answer is None or not any(matches(rule, names) for rule in rules):
            return False
        others = [rule for rule in rules if not matches(rule, names)]
        return any(r.get("principle") == "immunity" and r.get("winner") and involves(r, *rules)
                   and any(matches(other, {fold(str(r["winner"]))}) for other in others)
                   for r in answer.rulings)
    return False


def check_in_play(answer: Answer, expect: dict[str, Any], out: Checked) -> None:
    for key, side in (("in_play", "self"), ("opp_in_play", "opponent")):
        for name in expect.get(key, []):
            found = answer.find(name, (side,))
            if not found:
                out.missing.append(f"{label(name)} not in play ({side})")
            elif all(e.get("set_aside") and not e.get("forbidden") for e in found) and not loses(expect, name, answer):
                out.false.append(f"{label(name)} set aside: {found[0]['set_aside']}")
    for name in expect.get("not_active", []):
        # a rule in play whose use a prohibition bars (``forbidden``) is set aside too: it brings nothing here
        live = [e for e in answer.find(name) if not e.get("set_aside")]
        if live:
            out.false.append(f"{label(name)} in play, not set aside")
    for name, granter in expect.get("via", {}).items():
        # a rule granted and then lost or set aside still shows who granted it (in_play.inactive's via)
        shown = answer.find(name) + [e for e in answer.inactive if matches(name, names_of(e))]
        chains = [s for e in shown for s in chain_steps(e)]
        if not any(matches(granter, names_of(s)) for s in chains):
            out.missing.append(f"{name} not shown granted by {label(granter)}")
    for name, count in expect.get("instances", {}).items():
        found = answer.find(name)
        if not found or max(int(e.get("instances") or 1) for e in found) < count:
            out.missing.append(f"{name}: fewer than {count} instances")


def check_params(answer: Answer, expect: dict[str, Any], out: Checked) -> None:
    for name, values in expect.get("params", {}).items():
        have = {f for e in answer.find(name) for s in scalars(e.get("params")) for f in param_forms(s)}
        for value in values:
            if not param_forms(value) & have:
                out.missing.append(f"{name}: parameter {value} not shown")
    for name, values in expect.get("params_not", {}).items():
        have = {f for e in answer.find(name) for s in scalars(e.get("params")) for f in param_forms(s)}
        for value in values:
            if param_forms(value) & have:
                out.false.append(f"{name}: parameter {value} (a number the text does not give this instance)")
    total = expect.get("stack_total")
    if total:
        have = {f for e in answer.find(total["rule"]) for s in scalars(e.get("params")) for f in param_forms(s)}
        from_rule = [m for m in answer.modifiers if any(fold(total["rule"]) == fold(str(r)) for r in m.get("from") or [])]
        if not (param_forms(total["value"]) & have or any(same_value(m.get("value"), total["value"]) for m in from_rule)):
            out.missing.append(f"{total['rule']}: instances not added up to {total['value']}")


def check_modifiers(answer: Answer, expect: dict[str, Any], out: Checked) -> None:
    for want in expect.get("modifiers", []):
        stat = fold_stat(want["stat"])
        found = [m for m in answer.modifiers if m.get("side") == want["side"] and fold_stat(str(m.get("stat"))) == stat]
        if any(same_value(m.get("value"), want["value"]) for m in found):
            continue
        stated = [m for m in found if number(m.get("value")) is not None]
        if stated:
            out.false.append(f"{want['side']} {want['stat']} {stated[0]['value']} (expected {want['value']})")
        else:
            out.missing.append(f"{want['side']} {want['stat']} {want['value']} not stated")
    for banned in expect.get("absent", []):
        stat = fold_stat(banned["stat"])
        for m in answer.modifiers:
            if fold_stat(str(m.get("stat"))) != stat or number(m.get("value")) is None:
                continue
            if banned["value"] is None or same_value(m.get("value"), banned["value"]):
                out.false.append(f"modifier {m.get('side')} {m.get('stat')} {m.get('value')} must not be stated")


def check_citations(answer: Answer, expect: dict[str, Any], out: Checked) -> None:
    cited = set()
    for citation in answer.citations():
        cited |= names_of(citation)
    for name in expect.get("cited", []):
        if not matches(name, cited):
            out.missing.append(f"{label(name)} not quoted")
    quoted = answer.quoted()
    for words in expect.get("quote_contains", []):
        if re.sub(r"\s+", " ", words.lower()) not in quoted:
            out.missing.append(f"not quoted: '{words}'")
    principle = expect.get("principle")
    if principle and not any(r.get("principle") == principle for r in answer.rulings):
        out.missing.append(f"no {principle} ruling")


def states_winner(ruling: dict[str, Any]) -> bool:
    return bool(ruling.get("winner")) and ruling.get("principle") not in NOT_A_MEETING


def check_forbidden(answer: Answer, expect: dict[str, Any], out: Checked) -> None:
    for winner, loser in expect.get("forbid_winner", []):
        for r in answer.rulings:
            if states_winner(r) and matches(winner, {fold(str(r["winner"]))}) and matches(loser, rule_names(r)):
                out.false.append(f"states {r['winner']} prevails over {label(loser)}")
    for name in expect.get("no_unresolved_on", []):
        if any(matches(name, rule_names(u)) for u in answer.unresolved):
            out.missing.append(f"{name} left unresolved where the text settles it")
            out.abstained = True


def involves(item: dict[str, Any], *wanted: str | list[str]) -> bool:
    names = rule_names(item)
    return all(matches(w, names) for w in wanted)


def check_verdict(answer: Answer, verdict: dict[str, Any] | None, out: Checked) -> None:
    if not verdict:
        return
    kind = verdict["kind"]
    if kind == "winner":
        winner, over = verdict["winner"], verdict["over"]
        mine = [r for r in answer.rulings if involves(r, winner, over) or
                (r.get("winner") and matches(winner, {fold(str(r["winner"]))}) and involves(r, over))]
        if any(r.get("winner") and matches(winner, {fold(str(r["winner"]))}) for r in mine):
            return
        contrary = [r for r in mine if states_winner(r)]
        if contrary:
            out.false.append(f"states {contrary[0]['winner']} prevails (expected {label(winner)} over {label(over)})")
        elif any(involves(u, winner, over) for u in answer.unresolved):
            out.missing.append(f"abstains on {label(winner)} / {label(over)}, which the text settles")
            out.abstained = True
        else:
            out.missing.append(f"no ruling that {label(winner)} prevails over {label(over)}")
    elif kind == "immunity":
        if any(r.get("principle") == "immunity" and involves(r, *verdict["rules"]) for r in answer.rulings):
            return
        if any(involves(u, *verdict["rules"]) for u in answer.unresolved):
            out.missing.append("abstains where the text gives an immunity")
            out.abstained = True
        else:
            out.missing.append(f"no immunity ruling on {', '.join(map(label, verdict['rules']))}")
    elif kind == "unresolved":
        rules = verdict["rules"]
        picked = [r for r in answer.rulings if states_winner(r) and involves(r, *rules)]
        if len(rules) == 1:
            picked += [r for r in answer.rulings if r.get("principle") == "stacking" and matches(rules[0], rule_names(r)) and len(rule_names(r)) == 1
                       and not any(involves(u, *rules) for u in answer.unresolved)]
        if picked:
            settled = picked[0].get("winner") or picked[0].get("outcome")
            out.false.append(f"settles what the text leaves open: {settled}")
        elif not any(involves(u, *rules) for u in answer.unresolved):
            out.missing.append(f"does not say that {', '.join(map(label, rules))} stays unresolved")
    elif kind in ("choice", "tiebreak", "both-sides"):
        if re.sub(r"\s+", " ", verdict["words"].lower()) not in answer.quoted():
            out.missing.append(f"the rule's own words not quoted: '{verdict['words']}'")
        if kind == "choice":
            for r in answer.rulings:
                if states_winner(r) and involves(r, *verdict["rules"]):
                    out.false.append(f"picks {r['winner']} where the player chooses")
    elif kind == "none":
        for r in answer.rulings:
            if states_winner(r):
                out.false.append(f"states {r['winner']} prevails ({', '.join(map(str, r.get('rules') or []))}) where nothing meets")
        if answer.unresolved:
            out.missing.append("lists an unresolved question where nothing meets: "
                               + "; ".join(", ".join(map(str, u.get("rules") or [])) for u in answer.unresolved))


CHECKS = (check_in_play, check_params, check_modifiers, check_citations, check_forbidden)


LISTS = ("in_play", "opp_in_play", "not_active", "modifiers", "absent", "cited", "quote_contains",
         "no_unresolved_on")


def as_written(expect: dict[str, Any]) -> dict[str, Any]:
    """The expectation with a lone item where a list is documented read as a list of one.

    A writer who puts one quote (a string) or one modifier (an object) where the format asks for
    a list means that one item; looping over it instead would check letters or keys."""
    out = dict(expect)
    for key in LISTS:
        if isinstance(out.get(key), (str, dict)):
            out[key] = [out[key]]
    pairs = out.get("forbid_winner")
    if pairs and isinstance(pairs[0], str):
        out["forbid_winner"] = [pairs]
    return out


def judge(question: dict[str, Any], data: dict[str, Any]) -> tuple[str, Checked]:
    """The category of one answer, with what was missing and what was false."""
    answer, expect, out = Answer(data), as_written(question["expect"]), Checked()
    for check in CHECKS:
        check(answer, expect, out)
    verdict = expect.get("verdict")
    check_verdict(answer, verdict, out)
    if out.false:
        return "wrong", out
    if out.missing:
        return "right but incomplete", out
    if verdict and verdict["kind"] == "unresolved":
        return "honestly unresolved", out
    return "right", out


def command(referee: Path, rules: Path, question: dict[str, Any]) -> list[str]:
    argv = [str(referee), "resolve"]
    if question.get("unit"):
        argv += ["--unit", question["unit"]]
    elif question.get("keywords") is not None:  # none: the opponent's side alone
        argv.append(question["keywords"])
    if question.get("vs_unit"):
        argv += ["--vs-unit", question["vs_unit"]]
    elif question.get("vs"):
        argv += ["--vs", question["vs"]]
    if question.get("army"):
        argv += ["--army", question["army"]]
    if question.get("when"):
        argv += ["--when", ",".join(question["when"])]
    return argv + ["--system", question["system"], "--rules-src", str(rules), "--json"]


def ask(argv: list[str]) -> tuple[dict[str, Any] | None, str]:
    """The answer's JSON, or None and why it is an error."""
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "timed out after 120 s"
    if "Traceback" in done.stderr:
        return None, "traceback: " + done.stderr.strip().splitlines()[-1]
    if done.returncode != 0:
        return None, f"exit status {done.returncode}: " + (done.stderr.strip() or done.stdout.strip())[:300]
    try:
        data = json.loads(done.stdout)
    except json.JSONDecodeError as exc:
        return None, f"not JSON: {exc}"
    if not isinstance(data, dict) or "in_play" not in data or "rulings" not in data:
        return None, "not the resolve JSON shape"
    return data, ""


def prepare(referee: Path, rules_src: Path, bsdata: Path | None, into: Path) -> tuple[Path, str]:
    """A rules folder for the run: rules_src, plus the BattleScribe samples as t9a-bsdata; built once."""
    rules = into / "rules"
    shutil.copytree(rules_src, rules)
    note = ""
    files = sorted(p for p in bsdata.iterdir() if p.suffix in {".gst", ".cat", ".gstz", ".catz"}) if bsdata and bsdata.is_dir() else []
    if files:
        done = subprocess.run([str(referee), "import", "battlescribe", *map(str, files), "--system", BSDATA_SYSTEM,
                               "--into", str(rules)], capture_output=True, text=True)
        if done.returncode != 0:
            note = f"the BattleScribe import failed: {done.stderr.strip()[:300]}"
    else:
        note = f"no BattleScribe samples in {bsdata}: {BSDATA_SYSTEM} questions skipped"
    done = subprocess.run([str(referee), "build", "--rules-src", str(rules)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"referee build failed on {rules}: {done.stderr.strip()[:500]}")
    return rules, note


sys.path.insert(0, str(QUESTIONS))
from split import frozen  # noqa: E402  (a script beside the data, not a package; it lists the rounds and their seeds)

ROUNDS = frozen()


def load(half: str, kind: str = "referee", round_: int = 1) -> list[dict[str, Any]]:
    """The questions of one half of one round's set."""
    return json.loads((ROUNDS[round_] / f"{kind}_{half}.json").read_text(encoding="utf-8"))["questions"]


def table(results: list[dict[str, Any]], by: str = "system", categories: tuple[str, ...] = CATEGORIES) -> str:
    """A Markdown table: categories by system (or by class of question), and the total
    (calc_eval.py prints its own categories with it)."""
    by_system: dict[str, Counter[str]] = defaultdict(Counter)
    for result in results:
        for key in ([result["system"]] if by == "system" else result["classes"]):
            by_system[key][result["category"]] += 1
        by_system["all"][result["category"]] += 1
    lines = [f"| {by} | " + " | ".join(categories) + " | questions |", "|---|" + "---:|" * (len(categories) + 1)]
    for system in sorted(s for s in by_system if s != "all") + ["all"]:
        counts = by_system[system]
        total = sum(counts.values())
        cells = [f"{counts[c]} ({100 * counts[c] / total:.0f} %)" if total else "0" for c in categories]
        lines.append(f"| {system} | " + " | ".join(cells) + f" | {total} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--half", choices=("tuning", "sealed"), required=True)
    parser.add_argument("--round", type=int, choices=sorted(ROUNDS), default=1, dest="round_",
                        help="which question set: 1 (benchmarks/questions/) or N (benchmarks/questions/roundN/)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--verbose", action="store_true", help="say what was missing or false for each question")
    parser.add_argument("--only", nargs="*", default=None, help="only these question ids")
    parser.add_argument("--rules-src", type=Path, default=PROJECT / "rules_src")
    parser.add_argument("--bsdata", type=Path, default=PROJECT.parent / "shared" / "bsdata")
    parser.add_argument("--referee", type=Path, default=PROJECT / ".venv" / "bin" / "referee")
    args = parser.parse_args(argv)
    questions = [q for q in load(args.half, round_=args.round_) if args.only is None or q["id"] in args.only]
    results, skipped = [], []
    with tempfile.TemporaryDirectory(prefix="referee-eval-") as tmp:
        rules, note = prepare(args.referee, args.rules_src, args.bsdata, Path(tmp))
        for question in questions:
            if question["system"] == BSDATA_SYSTEM and note:
                skipped.append(question["id"])
                continue
            argv_ = command(args.referee, rules, question)
            data, problem = ask(argv_)
            if data is None:
                category, checked = "error", Checked(false=[problem])
            else:
                category, checked = judge(question, data)
            results.append({"id": question["id"], "system": question["system"], "classes": question["classes"],
                            "category": category, "missing": checked.missing, "false": checked.false,
                            "abstained": checked.abstained,
                            "command": ["referee", *argv_[1:]]})
            if not args.json:
                print(f"{question['id']:<24} {category}")
                if args.verbose:
                    for line in checked.false:
                        print(f"    false:   {line}")
                    for line in checked.missing:
                        print(f"    missing: {line}")
    if args.json:
        counts = Counter(r["category"] for r in results)
        print(json.dumps({"half": args.half, "round": args.round_, "counts": {c: counts[c] for c in CATEGORIES}, "questions": len(results),
                          "skipped": skipped, "note": note, "results": results}, indent=1))
    else:
        if note:
            print(f"\nnote: {note}")
        print(f"\nround {args.round_}, {args.half} half, {len(results)} questions\n")
        print(table(results))
        if args.verbose:
            print("\nBy class of question (a question may have several):\n")
            print(table(results, by="class"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
