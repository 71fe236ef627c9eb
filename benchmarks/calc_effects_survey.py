"""Survey the sentences of every rule that speak of changing a roll, and count how many of
them ``referee calc`` reads (referee/calc/effects.py).

Run from the project folder, on a built rules folder (t9a-bsdata: the BattleScribe samples
imported into a copy, as benchmarks/calc_eval.py prepares it):

    .venv/bin/python benchmarks/calc_effects_survey.py --rules-src DIR [--show KIND] [--unread]

A sentence is put in a kind by its words, which is rough on purpose: a re-roll ("re-roll",
"reroll"), a modifier ("+1 to hit", "-1 to-wound modifier"), an automatic success
("automatically hits", "wounds automatically") or a save ("4+ Ward save", "Aegis Save (5+)").
For each kind it prints how many sentences there are per system and how many of them calc
reads an effect of that kind from.  ``--show KIND --unread`` lists the ones it does not read,
which is where the next sentence shape to teach calc is found.  ``--sides`` counts instead, over
every sentence calc reads an effect from, whose rule each effect is as the sentence says it
(effects.Effect's ``side``: the roller's own, the other side's, or not said); ``--show-sides``
lists them.

This is a measurement script, not a test.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from pathlib import Path

from referee.calc import answer, effects
from referee.calc.citations import sentences, squeeze
from referee.store.load import open_rules

SYSTEMS = ("last-edition", "t9a", "t9a-bsdata", "scrollhammer", "whfb-house")
KINDS = {
    "reroll": re.compile(r"\bre-?rol", re.I),
    "modifier": re.compile(r"[+\-−]\s?\d+\s+(?:to\s*-?\s*)?(?:hit|wound|to-hit|to-wound|save)|to-?\s?(?:hit|wound)\s+modifier", re.I),
    "auto": re.compile(r"\bautomatically\s+(?:hits?|wounds?|pass\w*)|\b(?:hits?|wounds?)\s+automatically", re.I),
    "save": re.compile(r"\d\+\+?\s*(?:[A-Z]\w*\s+)?(?i:save)|\bsaves?\s*\([^()]*\d\+[^()]*\)|\bsave\s+(?:of\s+)?\d\+", re.I),
}
NAMED_SAVE = re.compile(r"\b([A-Z]\w+)\s+(?i:save)\s*\(")
# which effect kinds (effects.Effect.kind) answer which kind of sentence; a save is read when
# "<rule> save" is answered quoting the sentence (referee/calc/named.py)
READS = {"reroll": {"reroll", "one"}, "modifier": {"modifier", "alone"}, "auto": {"auto", "always", "natural"}}


def survey(rules_src: Path) -> dict[str, dict[str, list[tuple[str, str, bool]]]]:
    """{kind: {system: [(rule id, sentence, read), ...]}}."""
    build = open_rules(str(rules_src)).whole()
    out: dict[str, dict[str, list[tuple[str, str, bool]]]] = {kind: {} for kind in KINDS}
    for system in SYSTEMS:
        for rule in build.in_system(system):
            shown = rule.to_json()
            seen: set[str] = set()
            for version in shown.get("versions") or [shown]:
                for sentence in sentences(version.get("text") or ""):
                    if sentence in seen:
                        continue
                    seen.add(sentence)
                    found = {e.kind for e in effects.read(shown["id"], sentence)}
                    for kind, pattern in KINDS.items():
                        if pattern.search(sentence):
                            read = _save_read(build, system, shown, sentence) if kind == "save" else bool(found & READS[kind])
                            out[kind].setdefault(system, []).append((shown["id"], sentence, read))
    return out


def sides(rules_src: Path) -> dict[str, dict[str, list[tuple[str, str, str]]]]:
    """{side: {system: [(rule id, kind and roll, sentence), ...]}}, each effect calc reads once."""
    build = open_rules(str(rules_src)).whole()
    out: dict[str, dict[str, list[tuple[str, str, str]]]] = {"own": {}, "other": {}, "unsaid": {}}
    for system in SYSTEMS:
        for rule in build.in_system(system):
            shown = rule.to_json()
            seen: set[tuple[str, str, str]] = set()
            for version in shown.get("versions") or [shown]:
                for sentence in sentences(version.get("text") or ""):
                    for effect in effects.read(shown["id"], sentence):
                        what = f"{effect.kind} {effect.roll}"
                        if (sentence, what, effect.side) in seen:
                            continue
                        seen.add((sentence, what, effect.side))
                        out[effect.side or "unsaid"].setdefault(system, []).append((shown["id"], what, sentence))
    return out


def _save_read(build: object, system: str, rule: dict, sentence: str) -> bool:
    """Whether "<rule> save" (or "<name> save" for a save the sentence names: "Parry Save (...)")
    is answered with a step quoting ``sentence``."""
    for name in [rule["name"], *NAMED_SAVE.findall(sentence)]:
        try:
            found = answer(build, system, f"{name} save")
        except Exception:  # a refusal or a name the grammar cannot read: not read
            continue
        if any(step.citation is not None and squeeze(step.citation.quote) in squeeze(sentence) for step in found.steps):
            return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules-src", type=Path, required=True)
    parser.add_argument("--show", choices=tuple(KINDS))
    parser.add_argument("--unread", action="store_true", help="with --show: only the sentences calc does not read")
    parser.add_argument("--sides", action="store_true", help="count whose rule each effect read is, as its sentence says")
    parser.add_argument("--show-sides", action="store_true", help="list each effect read with its side")
    args = parser.parse_args()
    if args.sides or args.show_sides:
        by_side = sides(args.rules_src)
        if args.show_sides:
            for side, systems in by_side.items():
                for rows in systems.values():
                    for rule, what, sentence in rows:
                        print(f"{side:<6} {rule} ({what}): {sentence[:200]}")
            return
        print("| side | " + " | ".join(SYSTEMS) + " | all |")
        print("|---|" + "---:|" * (len(SYSTEMS) + 1))
        for side, systems in by_side.items():
            cells = [str(len(systems.get(system, []))) for system in SYSTEMS]
            print(f"| {side} | " + " | ".join(cells) + f" | {sum(len(rows) for rows in systems.values())} |")
        return
    found = survey(args.rules_src)
    if args.show:
        for system, rows in found[args.show].items():
            for rule, sentence, read in rows:
                if read and args.unread:
                    continue
                print(f"{'read  ' if read else 'unread'} {rule}: {sentence[:220]}")
        return
    print("| kind | " + " | ".join(SYSTEMS) + " | all |")
    print("|---|" + "---:|" * (len(SYSTEMS) + 1))
    for kind in KINDS:
        total = Counter()
        cells = []
        for system in SYSTEMS:
            rows = found[kind].get(system, [])
            read = sum(1 for *_, r in rows if r)
            total["read"] += read
            total["all"] += len(rows)
            cells.append(f"{read} of {len(rows)}")
        print(f"| {kind} | " + " | ".join(cells) + f" | {total['read']} of {total['all']} |")


if __name__ == "__main__":
    main()
