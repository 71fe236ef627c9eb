"""How well the rule graph reads the rule texts, against a hand-checked table.

Run from the project folder:

    .venv/bin/python benchmarks/graph_precision.py [--sample N] [--seed S] [--markdown]

Builds rules_src (``referee.store.record.assemble``, no cache) and compares its
relations with tests/graph/reviewed_relations.toml, whose entries were
written by reading each sentence in its document:

- every ``[[relation]]`` is judged ``right`` (the build read that kind,
  source, target and direction from that sentence, with the same subject and
  conditions), ``missing-condition`` (kind, target and direction right, the
  subject or conditions missing, incomplete or different) or ``wrong`` (the
  kind, target or direction is wrong, or nothing of the kind was read);
- every ``[[negative]]`` passes when no typed relation (anything but
  references, part-of, amends) was read from its sentence for its rule, and
  none of its ``not`` pairs.

Precision here is the share of reviewed entries the build gets ``right``;
"kind right" counts ``missing-condition`` too.  ``--sample N`` prints N
typed relations drawn at random (``--seed``) with their sentence, subject and
conditions, for a person to review and, when they are checked, to add to the
table.  ``--markdown`` prints the summary as the table docs/graph.md shows.

tests/graph/test_reviewed.py loads this file for the same comparison, so the
test and the benchmark judge alike.  This is a script, not a test.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tomllib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parent.parent
TABLE = PROJECT / "tests" / "graph" / "reviewed_relations.toml"
RULES_SRC = PROJECT / "rules_src"
# not effects: a rule named, the layout, errata, and a rule's own words on how it meets others (settles),
# which quote a sentence and grant, forbid or modify nothing: a sentence that states no effect may hold them
STRUCTURAL = frozenset({"references", "part-of", "amends", "settles"})
TARGETLESS_DETAILS = {"modifies": ("stat", "value"), "must": ("action",), "cannot": ("action",), "stacks": ("mode",), "settles": ("how",)}
OUTCOMES = ("right", "missing-condition", "wrong")

if str(PROJECT) not in sys.path:
    sys.path.insert(0, str(PROJECT))


# -- the table ------------------------------------------------------------------------


def load_table(path: Path = TABLE) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The reviewed relations and the negative sentences, in file order."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return list(data.get("relation", [])), list(data.get("negative", []))


def citing_rule(entry: dict[str, Any]) -> str:
    """The rule whose text states the entry's sentence."""
    return entry.get("rule") or entry["source"]


def entry_label(entry: dict[str, Any]) -> str:
    """A short name for an entry: "t9a/fly grants t9a/light-troops" or "... must [declare a Charge]"."""
    if "kind" not in entry:
        return f"{entry['source']} (negative)"
    details = entry.get("details", {})
    what = entry.get("target") or "[" + " ".join(str(details[k]) for k in ("stat", "value", "action", "mode") if k in details) + "]"
    if not entry.get("target") and entry.get("target_name"):
        what = f"[{entry['target_name']}]"
    return f"{entry['source']} {entry['kind']} {what}"


def entry_where(entry: dict[str, Any]) -> str:
    column = entry.get("column")
    return f"{entry['file']}:{entry['line']}" + (f":{column}" if column else "")


# -- normalising words ----------------------------------------------------------------

_NOT_ALNUM = re.compile(r"[\W_]+")
_LEADING_ARTICLE = re.compile(r"^(?:the|a|an)\s+")
_SPACES = re.compile(r"\s+")
_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "″": '"', "−": "-", "–": "-", "—": "-"})


def squeeze(text: str) -> str:
    """Letters and digits only, case-folded: how sentences are compared."""
    return _NOT_ALNUM.sub("", text).casefold()


def plain(text: str) -> str:
    """Case-folded, typography unified, spaces collapsed, outer punctuation dropped."""
    text = _SPACES.sub(" ", text.translate(_TYPOGRAPHY)).strip().casefold()
    return text.strip(" .,;:")


def norm_subject(subject: str | None) -> str | None:
    """A subject as compared: case-blind, a leading the/a/an ignored; None for no subject."""
    if subject is None:
        return None
    text = _LEADING_ARTICLE.sub("", plain(subject))
    return text or None


def condition_key(situation: str, value: str | None) -> str:
    """"situation" or "situation:value"; "other" alone, whatever its words."""
    situation = situation.strip()
    if situation == "other" or not value:
        return situation
    return f"{situation}:{plain(value)}"


def entry_conditions(entry: dict[str, Any]) -> set[str]:
    keys = set()
    for text in entry.get("conditions", []):
        situation, _, value = text.partition(":")
        keys.add(condition_key(situation, value or None))
    return keys


def relation_conditions(relation: Any) -> set[str]:
    """The build's conditions as keys; tolerant of plain strings from older builds."""
    keys = set()
    for condition in getattr(relation, "conditions", ()) or ():
        situation = getattr(condition, "situation", None)
        if situation is None:
            keys.add("other")
            continue
        keys.add(condition_key(situation, getattr(condition, "value", None)))
    return keys


def relation_subject(relation: Any) -> str | None:
    return norm_subject(getattr(relation, "subject", None))


def relation_details(relation: Any) -> dict[str, str]:
    return {str(k): str(v) for k, v in (getattr(relation, "details", ()) or ())}


def _stat_words(stat: str) -> str:
    return squeeze(stat).replace("armor", "armour").removesuffix("s")


def _value_words(value: str) -> str:
    return plain(value).replace(" ", "")


def details_match(entry: dict[str, Any], relation: Any) -> bool:
    """Whether a targetless relation says what the entry's details and target words say (loosely)."""
    wanted = entry.get("details", {})
    got = relation_details(relation)
    if entry.get("target_name"):
        a, b = squeeze(entry["target_name"]), squeeze(getattr(relation, "target_name", None) or "")
        if not b or (a not in b and b not in a):
            return False
    for key, value in wanted.items():
        have = got.get(key)
        if have is None:
            return False
        if key == "stat":
            a, b = _stat_words(str(value)), _stat_words(have)
            if not a or not b or (a not in b and b not in a):
                return False
        elif key == "value":
            if _value_words(str(value)) != _value_words(have):
                return False
        elif key == "action":
            a, b = squeeze(str(value)), squeeze(have)
            if not a or not b or (a not in b and b not in a):
                return False
        elif plain(str(value)) != plain(have):
            return False
    return True


# -- finding the build's relations of a sentence --------------------------------------


def from_sentence(relations: Iterable[Any], entry: dict[str, Any]) -> list[Any]:
    """The build's relations read from the entry's sentence, for its rule or source.

    A relation is from the sentence when its citation is in the same file,
    within two lines of the entry's line (a wrapped sentence may be cited a
    line off), one sentence contains the other (letters and digits compared),
    and it is cited from the entry's rule or runs from the entry's source.
    """
    key = squeeze(entry["sentence"])
    rule, source = citing_rule(entry), entry["source"]
    found = []
    for relation in relations:
        citation = relation.citation
        if citation.file != entry["file"] or abs(citation.line - entry["line"]) > 2:
            continue
        if citation.rule != rule and relation.source != source:
            continue
        said = squeeze(citation.sentence)
        if said and (said in key or key in said):
            found.append(relation)
    return found


# -- judging ----------------------------------------------------------------------------


@dataclass
class Verdict:
    """How the build fares on one reviewed entry."""

    entry: dict[str, Any]
    outcome: str  # right | missing-condition | wrong (relations); right | wrong (negatives)
    reason: str = ""
    found: list[Any] = field(default_factory=list)

    @property
    def system(self) -> str:
        return self.entry["system"]


def _describe(relation: Any) -> str:
    details = relation_details(relation)
    what = relation.target or "[" + " ".join(details.get(k, "") for k in ("stat", "value", "action", "mode") if k in details) + "]"
    if what == "[]" and getattr(relation, "target_name", None):
        what = f"[{relation.target_name}]"
    subject = getattr(relation, "subject", None)
    conditions = sorted(relation_conditions(relation))
    extra = (f" subject={subject!r}" if subject else "") + (f" conditions={conditions}" if conditions else "")
    return f"{relation.source} {relation.kind} {what}{extra}"


def judge(relations: Sequence[Any], entry: dict[str, Any]) -> Verdict:
    """Right, missing-condition or wrong, for one reviewed relation."""
    found = from_sentence(relations, entry)
    kind, source, target = entry["kind"], entry["source"], entry.get("target")
    same_kind = [r for r in found if r.kind == kind]
    forward = [r for r in same_kind if r.source == source and r.target == target]
    if target is None and forward:
        matching = [r for r in forward if details_match(entry, r)]
        if not matching:
            got = "; ".join(_describe(r) for r in forward)
            return Verdict(entry, "wrong", f"details differ: read {got}", found)
        forward = matching
    if not forward:
        if target is not None and any(r.source == target and r.target == source for r in same_kind):
            return Verdict(entry, "wrong", f"direction reversed: read {target} {kind} {source}", found)
        if not found:
            return Verdict(entry, "wrong", "nothing read from the sentence", found)
        got = "; ".join(_describe(r) for r in found)
        return Verdict(entry, "wrong", f"read instead: {got}", found)

    want_subject, want_conditions = norm_subject(entry.get("subject")), entry_conditions(entry)

    def fit(relation: Any) -> tuple[bool, bool, int]:
        conditions = relation_conditions(relation)
        return (
            relation_subject(relation) == want_subject,
            conditions == want_conditions,
            len(conditions & want_conditions) - len(conditions ^ want_conditions),
        )

    best = max(forward, key=fit)
    subject_ok, conditions_ok, _ = fit(best)
    if subject_ok and conditions_ok:
        return Verdict(entry, "right", "", [best])
    problems = []
    if not subject_ok:
        problems.append(f"subject {getattr(best, 'subject', None)!r}, want {entry.get('subject')!r}")
    if not conditions_ok:
        got = relation_conditions(best)
        missing, extra = sorted(want_conditions - got), sorted(got - want_conditions)
        if missing:
            problems.append(f"conditions missing {missing}")
        if extra:
            problems.append(f"conditions extra {extra}")
    return Verdict(entry, "missing-condition", "; ".join(problems), [best])


def judge_negative(relations: Sequence[Any], entry: dict[str, Any]) -> Verdict:
    """Right when no typed relation and none of the entry's ``not`` pairs was read."""
    found = from_sentence(relations, entry)
    typed = [r for r in found if r.kind not in STRUCTURAL]
    forbidden = [
        r
        for r in found
        for pair in entry.get("not", [])
        if r.kind == pair["kind"] and ("target" not in pair or r.target == pair["target"])
    ]
    bad = list(dict.fromkeys(typed + forbidden))
    if bad:
        return Verdict(entry, "wrong", "read " + "; ".join(_describe(r) for r in bad), bad)
    return Verdict(entry, "right", "", [])


# -- the report ------------------------------------------------------------------------


@dataclass
class Report:
    verdicts: list[Verdict]
    negatives: list[Verdict]
    systems: list[str]

    def counts(self, system: str | None = None) -> Counter[str]:
        return Counter(v.outcome for v in self.verdicts if system in (None, v.system))

    def negative_counts(self, system: str | None = None) -> tuple[int, int]:
        chosen = [v for v in self.negatives if system in (None, v.system)]
        return sum(v.outcome == "right" for v in chosen), len(chosen)

    def rows(self) -> list[tuple[str, int, int, int, int, str, str, str]]:
        out = []
        for system in [*self.systems, None]:
            counts = self.counts(system)
            total = sum(counts.values())
            passed, negatives = self.negative_counts(system)
            out.append((
                system or "all",
                total,
                counts["right"],
                counts["missing-condition"],
                counts["wrong"],
                _share(counts["right"], total),
                _share(counts["right"] + counts["missing-condition"], total),
                f"{passed}/{negatives}",
            ))
        return out


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def score(build: Any, table: Path = TABLE) -> Report:
    """Judge every entry of the table against ``build`` (a ``referee.store.record.Build``)."""
    reviewed, negatives = load_table(table)
    systems = [s for s in build.systems if any(e["system"] == s for e in [*reviewed, *negatives])]
    relations = {system: build.relations(system) for system in build.systems}
    verdicts = [judge(relations.get(e["system"], []), e) for e in reviewed]
    negative_verdicts = [judge_negative(relations.get(e["system"], []), e) for e in negatives]
    return Report(verdicts, negative_verdicts, systems)


HEADER = ("system", "reviewed", "right", "missing condition", "wrong", "precision", "kind right", "negatives passed")


def markdown(report: Report) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|---|" + "---:|" * (len(HEADER) - 1)]
    for row in report.rows():
        cells = [f"**{row[0]}**" if row[0] == "all" else row[0], *map(str, row[1:])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def text_table(report: Report) -> str:
    rows = [HEADER, *[tuple(map(str, row)) for row in report.rows()]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADER))]
    lines = []
    for row in rows:
        cells = [cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells))
    return "\n".join(lines)


def failures(report: Report) -> str:
    lines = []
    for outcome in ("wrong", "missing-condition"):
        chosen = [v for v in report.verdicts if v.outcome == outcome]
        if chosen:
            lines.append(f"\n{outcome} ({len(chosen)}):")
            lines.extend(f"  {entry_where(v.entry)}  {entry_label(v.entry)}: {v.reason}" for v in chosen)
    failed = [v for v in report.negatives if v.outcome != "right"]
    if failed:
        lines.append(f"\nnegatives failed ({len(failed)}):")
        lines.extend(f"  {entry_where(v.entry)}  [{v.entry['source']}] {v.reason}" for v in failed)
    return "\n".join(lines)


def sample(build: Any, count: int, seed: int | None) -> str:
    """``count`` typed relations at random, with what a reviewer needs to check them."""
    typed = [r for system in build.systems for r in build.relations(system) if r.kind not in STRUCTURAL]
    chosen = random.Random(seed).sample(typed, min(count, len(typed)))
    blocks = []
    for n, relation in enumerate(chosen, 1):
        citation = relation.citation
        column = getattr(citation, "column", 1)
        where = f"{citation.file}:{citation.line}" + (f":{column}" if column and column != 1 else "")
        target = relation.target or "-"
        conditions = [
            condition_key(c.situation, c.value) if getattr(c, "situation", None) else str(c)
            for c in getattr(relation, "conditions", ()) or ()
        ]
        blocks.append("\n".join([
            f"{n}. {relation.kind}  {relation.source} -> {target}  ({getattr(relation, 'target_name', None) or ''})",
            f"   details:    {relation_details(relation) or '-'}",
            f"   subject:    {getattr(relation, 'subject', None)!r}",
            f"   conditions: {conditions or '-'}",
            f"   cited from: {citation.rule} at {where}",
            f"   sentence:   {citation.sentence}",
        ]))
    return "\n\n".join(blocks)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=0, metavar="N", help="also print N random typed relations to review")
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="seed of the random sample")
    parser.add_argument("--markdown", action="store_true", help="print the summary as a Markdown table")
    parser.add_argument("--table", type=Path, default=TABLE, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    from referee.store.record import assemble

    build = assemble(RULES_SRC)
    report = score(build, args.table)
    if args.markdown:
        print(markdown(report))
    else:
        reviewed, negatives = len(report.verdicts), len(report.negatives)
        shown = args.table.relative_to(PROJECT) if args.table.is_relative_to(PROJECT) else args.table
        print(f"{reviewed} reviewed relations, {negatives} negative sentences ({shown})\n")
        print(text_table(report))
        print(failures(report))
    if args.sample:
        print(f"\n{'#### ' if args.markdown else ''}{args.sample} typed relations at random (seed {args.seed})\n")
        print(sample(build, args.sample, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
