"""grant-cycle on the project's own rules_src: none, since no grants loop
(and not for want of grants to check)."""

from __future__ import annotations

import pytest

from referee.rulebase import Rulebase
from tests.lint.corpus import SYSTEMS, findings


@pytest.mark.parametrize("system", SYSTEMS)
def test_grant_cycle(rulebase: Rulebase, system: str) -> None:
    assert findings(rulebase, system, "grant-cycle") == []


def test_grant_cycle_has_grants_to_check(rulebase: Rulebase) -> None:
    grants = [r for r in rulebase.graph.relations["t9a"] if r.kind == "grants" and r.target]
    assert ("t9a/fly", "t9a/light-troops") in {(r.source, r.target) for r in grants}
