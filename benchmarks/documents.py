"""Rule sets nobody here wrote: the share of the names a player looks up that ``lookup`` finds (not a test).

    .venv/bin/python benchmarks/documents.py [SET=PATH ...] [--missed]

Each SET is an open-licensed rule set in Markdown found in a public
repository (docs/systems.md says where each came from and its licence);
PATH is a checkout of it, or a bare git directory (such as a mirror under
/work/.mirror/), read at HEAD.  Without arguments, the sets are read from
their usual mirror paths (:data:`SETS`).  The documents are never copied into
this repository: the script copies them into a temporary rules folder with a
``system.toml`` of its own, builds it, and asks ``lookup`` for every name in
``benchmarks/documents/<set>.txt``: the headings, table entries and glossary
terms a player of that game would look up, listed by hand once from the
documents (one name per line, ``#`` comments).

``--missed`` lists the names not found.  Prints Markdown; docs/systems.md
records the figures.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LISTS = Path(__file__).resolve().parent / "documents"


@dataclass(frozen=True)
class RuleSet:
    id: str
    title: str
    default: str  # where its mirror usually is
    documents: tuple[str, ...]  # paths inside the repository, read as Markdown


SETS = {
    s.id: s
    for s in (
        RuleSet(
            "grimheim",
            "Grimheim (DonnervS/grimheim-rules)",
            "/work/.mirror/DonnervS+grimheim-rules/repo",
            ("rules/game-rules.md", "rules/appendix.md", "rules/glossary.md", "rules/building-a-warband.md"),
        ),
        RuleSet(
            "mighty-kingdoms",
            "Mighty Kingdoms (UltraSalem/mightykingdoms)",
            "/work/.mirror/UltraSalem+mightykingdoms/repo",
            ("mightykingdoms_full.md",),
        ),
        RuleSet(
            "ccarps",
            "CCARPS (digitalvectorz/ccarps)",
            "/work/.mirror/digitalvectorz+ccarps/repo",
            ("Essentials.md", "Character_Creation.md", "Combat.md", "Movement.md", "Disposition.md"),
        ),
    )
}


def _read(source: str, path: str) -> bytes:
    """A document's bytes from a checkout, or from a bare git directory at HEAD."""
    here = Path(source)
    if (here / path).is_file():
        return (here / path).read_bytes()
    return subprocess.run(
        ["git", "--git-dir", source, "show", f"HEAD:{path}"], check=True, capture_output=True
    ).stdout


def _folder(rule_set: RuleSet, source: str, into: Path) -> None:
    system = into / rule_set.id
    system.mkdir(parents=True)
    manifest = [f'id = "{rule_set.id}"', f'title = "{rule_set.title}"', ""]
    for n, path in enumerate(rule_set.documents, start=1):
        name = f"{n:02d}-{Path(path).name}"
        (system / name).write_bytes(_read(source, path))
        manifest += ["[[documents]]", f'path = "{name}"', 'format = "markdown"', 'role = "core"', ""]
    (system / "system.toml").write_text("\n".join(manifest), encoding="utf-8")


def names(rule_set: RuleSet) -> list[str]:
    lines = (LISTS / f"{rule_set.id}.txt").read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]


def measure(rule_set: RuleSet, source: str) -> tuple[int, list[str], int, float]:
    """(names found, names missed, rules built, seconds to build) for one set."""
    from referee.store.load import open_rules

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["REFEREE_CACHE_DIR"] = str(Path(tmp) / "cache")
        _folder(rule_set, source, Path(tmp) / "rules")
        start = time.perf_counter()
        view = open_rules(str(Path(tmp) / "rules"))
        seconds = time.perf_counter() - start
        wanted = names(rule_set)
        missed = [n for n in wanted if not view.lookup(n, rule_set.id)]
        return len(wanted) - len(missed), missed, len(view.in_system(rule_set.id)), seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("sets", nargs="*", metavar="SET=PATH", help=f"sets to read: {', '.join(SETS)}")
    parser.add_argument("--missed", action="store_true", help="list the names not found")
    args = parser.parse_args(argv)
    chosen = dict(a.split("=", 1) for a in args.sets) if args.sets else {k: s.default for k, s in SETS.items()}
    print("| set | documents | rules | names listed | found by lookup | share |")
    print("|---|---:|---:|---:|---:|---:|")
    report = []
    for key, source in chosen.items():
        rule_set = SETS[key]
        found, missed, rules, _ = measure(rule_set, source)
        total = found + len(missed)
        print(f"| {rule_set.title} | {len(rule_set.documents)} | {rules} | {total} | {found} | {100 * found / total:.1f} % |")
        report.append((rule_set.id, missed))
    if args.missed:
        for key, missed in report:
            print(f"\n{key}: not found: {', '.join(missed) or '(none)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
