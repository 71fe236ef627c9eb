"""BattleScribe import benchmark (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/battlescribe.py [--runs N] [--catalogues 20] [--megabytes 10]

Writes a synthetic game system in the real format to a temporary folder:
one ``.gst`` (shared rules with publication and page, shared weapon
profiles) and 20 ``.cat`` army books (units of models with profiles, "Rules"
characteristics of keyword strings, ``infoLink``\\s with name modifiers,
``entryLink``\\s to shared weapons, and the constraints and modifiers that
make up most of real data's bulk), about 10 MB together.  Then measures:

- ``referee import battlescribe`` of all of it as a CLI call, into a new
  rules folder (goal: under 10 s);
- the cold build of that folder (``referee build``: rulebase, graph, units);
- a warm ``referee lookup Fear --system t9a`` on the project's rules_src
  before and after the import (the import writes elsewhere; the figure must
  not move), and a warm lookup on the imported folder.

Prints a Markdown table; docs/battlescribe.md records the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
GST_NS = "http://www.battlescribe.net/schema/gameSystemSchema"
CAT_NS = "http://www.battlescribe.net/schema/catalogueSchema"
WORDS = (
    "unit model enemy attack charge move march flee rally test discipline combat round phase range weapon "
    "strength armour agility health point terrain battlefield front rank flank rear facing character general"
).split()
FIRST = "Iron Swift Grim Storm Ghost Blood Stone Frost Fire Shadow Dread Sky Wild Deep Bright Dark Elder Battle Lone War".split()
SECOND = "Strike Guard Ward Fury Step Howl Aim Charge Shield Blade Hunt Wrath Call Oath Rage".split()
TAKES = ["(4+)", "(D3)", "(1)", '(9", 9")', "(2, against Large)", ""]


def _id(rng: random.Random) -> str:
    return "-".join(f"{rng.randrange(16**4):04x}" for _ in range(4))


def _sentence(rng: random.Random, n: int = 14) -> str:
    words = [rng.choice(WORDS) for _ in range(n)]
    return "Models with this rule " + " ".join(words) + "."


def game_system(rng: random.Random, rules: int) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]]]:
    """The .gst text, its rules (id, name) and its weapons (id, name)."""
    # Names of words, as real rules have ("Lightning Reflexes"): the keyword
    # grammar reads "Rule 001" as a name and a number.
    names = [f"{FIRST[i % len(FIRST)]} {SECOND[i // len(FIRST) % len(SECOND)]}" for i in range(rules)]
    rule_ids = [(_id(rng), n) for n in names]
    weapons = [(_id(rng), f"Weapon {i:02d}") for i in range(40)]
    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        f'<gameSystem id="gs-bench" name="Bench Battles" revision="1" battleScribeVersion="2.03" xmlns="{GST_NS}">',
        '  <publications><publication id="pub-1" name="Bench Rulebook"/></publications>',
        "  <sharedRules>",
    ]
    for i, (rid, name) in enumerate(rule_ids):
        text = " ".join(_sentence(rng) for _ in range(4))
        out += [
            f'    <rule id="{rid}" name="{name}" publicationId="pub-1" page="{10 + i // 3}" hidden="false">',
            f"      <description>{text}</description>",
            "    </rule>",
        ]
    out += ["  </sharedRules>", "  <sharedProfiles>"]
    for pid, name in weapons:
        out += [
            f'    <profile id="{pid}" name="{name}" hidden="false" typeId="pt-weapon" typeName="Melee Weapon">',
            "      <characteristics>",
            '        <characteristic name="Str" typeId="ct-str">+1</characteristic>',
            '        <characteristic name="AP" typeId="ct-ap">1</characteristic>',
            f'        <characteristic name="Attributes" typeId="ct-attr">{_sentence(rng)}</characteristic>',
            "      </characteristics>",
            "    </profile>",
        ]
    out += ["  </sharedProfiles>", "</gameSystem>", ""]
    return "\n".join(out), rule_ids, weapons


def _bulk(rng: random.Random, indent: str) -> list[str]:
    """Constraints and a conditional modifier: what most of a real catalogue's bytes are."""
    return [
        f"{indent}<constraints>",
        f'{indent}  <constraint field="selections" scope="parent" value="1.0" percentValue="false" shared="true" includeChildSelections="false" includeChildForces="false" id="{_id(rng)}" type="max"/>',
        f'{indent}  <constraint field="selections" scope="roster" value="3.0" percentValue="false" shared="true" includeChildSelections="true" includeChildForces="false" id="{_id(rng)}" type="max"/>',
        f"{indent}</constraints>",
        f"{indent}<modifiers>",
        f'{indent}  <modifier type="set" field="hidden" value="true">',
        f'{indent}    <conditions><condition field="selections" scope="force" value="0.0" percentValue="false" shared="true" includeChildSelections="true" includeChildForces="false" childId="{_id(rng)}" type="equalTo"/></conditions>',
        f"{indent}  </modifier>",
        f"{indent}</modifiers>",
        f'{indent}<costs><cost name="pts" typeId="cost-pts" value="{rng.randrange(5, 300)}.0"/></costs>',
    ]


def catalogue(rng: random.Random, n: int, rule_ids: list[tuple[str, str]], weapons: list[tuple[str, str]], size: int) -> str:
    """One army book of about ``size`` bytes."""
    army_rules = [(_id(rng), f"{FIRST[n % len(FIRST)]} Host {SECOND[i]}") for i in range(10)]
    shared = [(_id(rng), name, wid) for wid, name in weapons[:12]]
    head = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        f'<catalogue id="cat-{n:02d}" name="Bench Army {n:02d}" revision="1" battleScribeVersion="2.03" library="false" gameSystemId="gs-bench" gameSystemRevision="1" xmlns="{CAT_NS}">',
        "  <sharedRules>",
    ]
    for rid, name in army_rules:
        head += [f'    <rule id="{rid}" name="{name}" hidden="false">', f"      <description>{_sentence(rng, 30)}</description>", "    </rule>"]
    head += ["  </sharedRules>", "  <sharedSelectionEntries>"]
    for sid, name, wid in shared:
        head += [
            f'    <selectionEntry id="{sid}" name="{name}" hidden="false" collective="false" import="true" type="upgrade">',
            f'      <infoLinks><infoLink id="{_id(rng)}" name="{name}" hidden="false" targetId="{wid}" type="profile"/></infoLinks>',
            *_bulk(rng, "      "),
            "    </selectionEntry>",
        ]
    head += ["  </sharedSelectionEntries>", "  <selectionEntries>"]
    body: list[str] = []
    written = sum(len(line) + 1 for line in head)
    unit = 0
    while written < size - 200:
        unit += 1
        keywords = ", ".join(f"{rng.choice(rule_ids)[1]} {rng.choice(TAKES)}".strip() for _ in range(3))
        rid, rname = rng.choice(rule_ids)
        lines = [
            f'    <selectionEntry id="{_id(rng)}" name="Unit {n:02d}-{unit:03d}" hidden="false" collective="false" import="true" type="unit">',
            *_bulk(rng, "      "),
            "      <infoLinks>",
            f'        <infoLink id="{_id(rng)}" name="{rname}" hidden="false" targetId="{rid}" type="rule">',
            f"          <modifiers><modifier type=\"append\" field=\"name\" value={quoteattr(' ' + rng.choice(TAKES[:-1]))}/></modifiers>",
            "        </infoLink>",
            f'        <infoLink id="{_id(rng)}" name="{army_rules[unit % 10][1]}" hidden="false" targetId="{army_rules[unit % 10][0]}" type="rule"/>',
            "      </infoLinks>",
            "      <selectionEntries>",
            f'        <selectionEntry id="{_id(rng)}" name="Model {n:02d}-{unit:03d}" hidden="false" collective="false" import="true" type="model">',
            "          <profiles>",
            f'            <profile id="{_id(rng)}" name="Model {n:02d}-{unit:03d}" hidden="false" typeId="pt-off" typeName="Offensive">',
            "              <characteristics>",
            '                <characteristic name="Att" typeId="ct-att">2</characteristic>',
            '                <characteristic name="Str" typeId="ct-str">4</characteristic>',
            f'                <characteristic name="Rules" typeId="ct-rules">{quoteattr(keywords)[1:-1]}</characteristic>',
            "              </characteristics>",
            "            </profile>",
            "          </profiles>",
            *_bulk(rng, "          "),
            "          <entryLinks>",
            f'            <entryLink id="{_id(rng)}" name="{shared[unit % 12][1]}" hidden="false" collective="false" import="true" targetId="{shared[unit % 12][0]}" type="selectionEntry">',
            *_bulk(rng, "              "),
            "            </entryLink>",
            "          </entryLinks>",
            "        </selectionEntry>",
            "      </selectionEntries>",
            "    </selectionEntry>",
        ]
        body += lines
        written += sum(len(line) + 1 for line in lines)
    return "\n".join([*head, *body, "  </selectionEntries>", "</catalogue>", ""])


def generate(folder: Path, catalogues: int, megabytes: float, seed: int = 9) -> list[Path]:
    rng = random.Random(seed)
    gst, rule_ids, weapons = game_system(rng, 300)
    files = [folder / "bench.gst"]
    files[0].write_text(gst, encoding="utf-8")
    size = int((megabytes * 1024 * 1024 - len(gst)) / catalogues)
    for n in range(catalogues):
        path = folder / f"army-{n:02d}.cat"
        path.write_text(catalogue(rng, n, rule_ids, weapons, size), encoding="utf-8")
        files.append(path)
    return files


def wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def warm_lookup(referee: str, rules: str, system: str, env: dict[str, str], runs: int) -> float:
    cmd = [referee, "lookup", "Fear" if system == "t9a" else "Iron Strike", "--system", system, "--rules-src", rules]
    wall(cmd, env)  # builds the cache when it is missing
    return statistics.median(wall(cmd, env) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--catalogues", type=int, default=20)
    parser.add_argument("--megabytes", type=float, default=10.0)
    args = parser.parse_args()

    import compileall

    compileall.compile_dir(ROOT / "referee", quiet=1)
    referee = str(BIN / "referee")
    rules_src = str(ROOT / "rules_src")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "data").mkdir()
        (work / "rules").mkdir()
        env = {**os.environ, "REFEREE_CACHE_DIR": str(work / "cache")}
        files = generate(work / "data", args.catalogues, args.megabytes)
        total = sum(f.stat().st_size for f in files)

        before = warm_lookup(referee, rules_src, "t9a", env, args.runs)
        into = [referee, "import", "battlescribe", *map(str, files), "--system", "bench", "--into", str(work / "rules")]
        imported = wall(into, env)
        reimport = wall(into, env)  # every file unchanged: reads all, writes nothing
        after = warm_lookup(referee, rules_src, "t9a", env, args.runs)
        cold = [wall([referee, "build", "--refresh", "--rules-src", str(work / "rules")], env) for _ in range(2)]
        warm_imported = warm_lookup(referee, str(work / "rules"), "bench", env, args.runs)
        stages = _stages(work / "rules")

        print(f"{len(files)} files ({args.catalogues} catalogues), {total / 1e6:.1f} MB; median of {args.runs} warm runs\n")
        print("| measure | seconds |")
        print("|---|---|")
        print(f"| `referee import battlescribe` (CLI, {len(files)} files, new folder) | {imported:.2f} |")
        print(f"| the same import again (all unchanged) | {reimport:.2f} |")
        print(f"| cold `referee build --refresh` of the imported folder (best of 2) | {min(cold):.2f} |")
        print(f"| warm `referee lookup Fear --system t9a` on rules_src, before the import | {before:.3f} |")
        print(f"| the same, after the import | {after:.3f} |")
        print(f"| warm `referee lookup` on the imported folder ({total / 1e6:.0f} MB of XML) | {warm_imported:.3f} |")
        for stage, seconds in stages.items():
            print(f"| in process: {stage} | {seconds:.2f} |")
        print(f"\nmachine load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def _stages(rules: Path) -> dict[str, float]:
    """The cold build's stages in this process: rulebase (XML read), graph, units."""
    from referee.army.link import muster
    from referee.graph.relations import read_relations
    from referee.rulebase import build_rulebase

    out = {}
    start = time.perf_counter()
    rulebase = build_rulebase(rules)
    out["rulebase (BattleScribe files parsed into rules)"] = time.perf_counter() - start
    start = time.perf_counter()
    read_relations(rulebase)
    out["rule graph of those rules"] = time.perf_counter() - start
    start = time.perf_counter()
    armies = muster(rulebase)
    units = sum(len(book.units) for books in armies.values() for book in books)
    out[f"units mustered ({units} units, keyword strings parsed, rules tied)"] = time.perf_counter() - start
    return out


if __name__ == "__main__":
    main()
