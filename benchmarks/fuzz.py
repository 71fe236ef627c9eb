"""The long fuzzing run: the properties of tests/robustness/ with a large Hypothesis budget.

Run from the project folder:

    .venv/bin/python benchmarks/fuzz.py --examples 20000     # the long run (docs/performance.md)
    .venv/bin/python benchmarks/fuzz.py --examples 500 --only keywords,effects

Each target is one property of ``tests/robustness/``, run for ``--examples``
generated inputs (documents are split evenly among the formats): rule
documents through their adapter (BattleScribe XML included), whole builds,
manifests, keyword strings, rule texts through the effect reader, and calc
questions.  Then the ``scaling`` targets: inputs of shapes that once took the
square of their size (a sentence of unbalanced brackets, in each format; a
manifest of many curated aliases), built whole at growing sizes, each size
within a time budget that grows linearly with it.  Prints a Markdown table (target,
examples, seconds, result); a failure is shown with Hypothesis' smallest
failing input and its traceback, and the exit status is 1.  Keep each crash
found as an ``@example`` of the test it broke.  This is a script, not a test.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from hypothesis import HealthCheck, given, settings  # noqa: E402 - after the path is set
from hypothesis import strategies as st  # noqa: E402

from tests.battlescribe.test_fuzz import _read as read_battlescribe  # noqa: E402
from tests.battlescribe.test_fuzz import damaged  # noqa: E402
from tests.calc.test_calc_properties import QUESTIONS, check_answer  # noqa: E402
from tests.robustness import strategies  # noqa: E402
from referee.calc.systems import MODULES  # noqa: E402
from tests.robustness.test_fuzz_readers import KEYWORD_TEXT, TEXTS, check_effects, check_keyword  # noqa: E402
from tests.robustness.test_fuzz_sources import (  # noqa: E402
    FUZZED,
    build_document,
    make_bare_system,
    make_single_systems,
    make_systems,
    read_document,
    read_manifest,
)


def targets(scratch: Path, examples: int) -> dict[str, tuple[Callable[..., None], object, int]]:
    """name -> (property, strategy, examples)."""
    systems = make_systems(scratch / "documents")
    manifests = make_bare_system(scratch / "manifests")
    out: dict[str, tuple[Callable[..., None], object, int]] = {}
    for fmt in FUZZED:
        out[f"document:{fmt}"] = (lambda data, fmt=fmt: read_document(systems, fmt, data), strategies.DOCUMENTS, max(1, examples // len(FUZZED)))
    documents = st.tuples(st.sampled_from(FUZZED), strategies.DOCUMENTS)
    builds = make_single_systems(scratch / "builds")
    out["build"] = (lambda drawn: build_document(builds, *drawn), documents, max(1, examples // 4))  # a build costs a few reads
    out["manifest"] = (lambda data: read_manifest(manifests, data), strategies.MANIFESTS, examples)
    out["keywords"] = (check_keyword, KEYWORD_TEXT, examples)
    out["effects"] = (check_effects, TEXTS, examples)
    catalogues = scratch / "battlescribe"
    # BattleScribe XML: any bytes, and the fixture catalogue cut, repeated or patched
    xml = st.one_of(st.binary(max_size=300), damaged())
    out["document:battlescribe"] = (lambda data: read_battlescribe(catalogues, "army.cat", data), xml, max(1, examples // len(FUZZED)))
    out["calc"] = (lambda drawn: check_answer(_rules_src_build(), *drawn), st.tuples(st.sampled_from(sorted(MODULES)), QUESTIONS), examples)
    return out


_BUILD: list[object] = []


def _rules_src_build() -> object:
    """The shipped rules' build, read once (the calc questions are asked of it)."""
    if not _BUILD:
        from referee.store.record import assemble
        from referee.paths import rules_src_dir

        _BUILD.append(assemble(rules_src_dir()))
    return _BUILD[0]


# -- scaling: shapes that grew with the square of their size (issue 23) ------------------------
#
# name -> (sizes, seconds allowed = fixed + per_unit * size, make(folder, size) -> rules folder).
# The budgets are generous (a quiet machine builds 20,000 brackets in under 1 s and 200,000
# aliases in about 9 s); a quadratic step blows through them by minutes.

BRACKET_SIZES = (2_500, 5_000, 10_000, 20_000)
ALIAS_SIZES = (25_000, 50_000, 100_000, 200_000)


def _brackets_system(fmt: str) -> Callable[[Path, int], Path]:
    def make(folder: Path, size: int) -> Path:
        from tests.conftest import manifest, write_system

        sentence = "Models with Gloom gain " + "(" * size + " Fear.\n"
        name, text = {
            "rules-list": ("rules.txt", "Gloom\n\n" + sentence),
            "glossary": ("rules.txt", "Gloom\n\n" + sentence),
            "markdown": ("rules.md", "# Rules\n\n## Gloom\n\n" + sentence),
        }[fmt]
        return write_system(folder, "demo", manifest("demo", name, fmt), {name: text})

    return make


def _aliases_system(folder: Path, size: int) -> Path:
    from tests.conftest import manifest, write_system

    aliases = "[aliases.en]\n" + "".join(f'"Alias {i}" = "Gloom"\n' for i in range(size))
    return write_system(folder, "demo", manifest("demo") + aliases, {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})


SCALING: dict[str, tuple[tuple[int, ...], float, float, Callable[[Path, int], Path]]] = {
    **{f"scaling:brackets:{fmt}": (BRACKET_SIZES, 5.0, 0.0005, _brackets_system(fmt)) for fmt in ("rules-list", "glossary", "markdown")},
    "scaling:aliases": (ALIAS_SIZES, 5.0, 0.0002, _aliases_system),
}


def run_scaling(scratch: Path, sizes: tuple[int, ...], fixed: float, per_unit: float, make: Callable[[Path, int], Path]) -> tuple[str, float, str]:
    """Build each size whole (no cache); the sizes run, the seconds, and the first size over its budget."""
    from referee.store.record import assemble

    total, shown = 0.0, []
    for size in sizes:
        src = make(scratch / str(size), size)
        started = time.perf_counter()
        assemble(str(src))
        took = time.perf_counter() - started
        total += took
        budget = fixed + per_unit * size
        shown.append(f"{size:,}: {took:.1f} s")
        if took > budget:
            return ", ".join(shown), total, f"TOO SLOW at {size:,} ({took:.1f} s > {budget:.1f} s)"
    return ", ".join(shown), total, "ok"


def run(prop: Callable[..., None], strategy: object, examples: int) -> tuple[int, float, str]:
    count = 0

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def fuzz(value: object) -> None:
        nonlocal count
        count += 1
        prop(value)

    started = time.perf_counter()
    try:
        fuzz()
    except Exception:  # noqa: BLE001 - any failure is the finding
        traceback.print_exc()
        return count, time.perf_counter() - started, "FAILED (see above)"
    return count, time.perf_counter() - started, "ok"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=2000, help="inputs per target (default 2000)")
    parser.add_argument("--only", default="", help="comma-separated target names or prefixes (document, build, manifest, keywords, effects, calc, scaling)")
    args = parser.parse_args()
    wanted = [w for w in args.only.split(",") if w]
    rows = []
    print("| target | inputs run | seconds | result |")
    print("|---|---:|---:|---|", flush=True)
    with tempfile.TemporaryDirectory(prefix="referee-fuzz-") as scratch:
        for name, (prop, strategy, examples) in targets(Path(scratch), args.examples).items():
            if wanted and not any(name.startswith(w) for w in wanted):
                continue
            print(f"fuzzing {name}: {examples} examples ...", file=sys.stderr, flush=True)
            rows.append((name, *run(prop, strategy, examples)))
            print("| {} | {} | {:.1f} | {} |".format(*rows[-1]), flush=True)  # a long run shows each row as it ends
        for name, (sizes, fixed, per_unit, make) in SCALING.items():
            if wanted and not any(name.startswith(w) for w in wanted):
                continue
            print(f"scaling {name}: sizes {', '.join(map(str, sizes))} ...", file=sys.stderr, flush=True)
            shown, seconds, result = run_scaling(Path(scratch) / name.replace(":", "-"), sizes, fixed, per_unit, make)
            rows.append((name, len(sizes), seconds, result))
            print(f"| {name} ({shown}) | {len(sizes)} sizes | {seconds:.1f} | {result} |", flush=True)
    print(f"\nTotal: {sum(r[1] for r in rows)} inputs in {sum(r[2] for r in rows):.0f} s (`--examples {args.examples}`)")
    return 1 if any(r[3] != "ok" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
