"""The grant checks on the project's own rules_src.

grant-cycle: none, since no grants loop (and not for want of grants to
check).  forbidden-grant: one, reviewed against the glossary: its Fly
"gains Light Troops and Swiftstride" (line 490), its Random Movement "loses
Swiftstride (and can never gain it)" (line 637).  The rulebook's Random
Movement says "cannot use Swiftstride", which forbids using it, not gaining
it, and its Fly grants no Swiftstride.
"""

from __future__ import annotations

import pytest

from referee.store.record import Build
from tests.lint.corpus import GLOSSARY, SYSTEMS, findings


@pytest.mark.parametrize("system", SYSTEMS)
def test_grant_cycle(rulebase: Build, system: str) -> None:
    assert findings(rulebase, system, "grant-cycle") == []


def test_grant_cycle_has_grants_to_check(rulebase: Build) -> None:
    grants = [r for r in rulebase.graph.relations["t9a"] if r.kind == "grants" and r.target]
    assert ("t9a/fly", "t9a/light-troops") in {(r.source, r.target) for r in grants}


FORBIDDEN = {"t9a": [("t9a/fly", "Swiftstride", GLOSSARY, 490, [("t9a/random-movement", 637)])]}


@pytest.mark.parametrize("system", SYSTEMS)
def test_forbidden_grant(rulebase: Build, system: str) -> None:
    found = findings(rulebase, system, "forbidden-grant")
    got = [(f.rule, f.term, f.file, f.line, [(r.rule, r.line) for r in f.related]) for f in found]
    assert got == FORBIDDEN.get(system, [])


def test_fly_and_random_movement(rulebase: Build) -> None:
    (finding,) = findings(rulebase, "t9a", "forbidden-grant")
    assert finding.message == (
        "Fly grants Swiftstride, but Random Movement says it can never be gained, which settles it: a model with "
        "both has no Swiftstride ('cannot beats can'); to make that plain, say so in Fly, or name Fly in Random Movement"
    )
    (related,) = finding.related
    assert related.note.startswith("Random Movement: The model loses Swiftstride (and can never gain it)")
