"""bad-parameters on the project's own rules_src: none, since every
parametrised use fits its signature (and not for want of uses to check)."""

from __future__ import annotations

import pytest

from referee.lint.context import LintContext
from referee.rulebase import Rulebase
from tests.lint.corpus import SYSTEMS, findings


@pytest.mark.parametrize("system", SYSTEMS)
def test_bad_parameters(rulebase: Rulebase, system: str) -> None:
    assert findings(rulebase, system, "bad-parameters") == []


def test_bad_parameters_has_signatures_to_check(rulebase: Rulebase) -> None:
    """The quiet result is not for want of input: scrollhammer's uses meet their signatures."""
    from referee.keywords import parse
    from referee.keywords.corpus import keyword_strings

    ctx = LintContext(rulebase, "scrollhammer")
    checked = [
        use.name
        for found in keyword_strings(rulebase, "scrollhammer")
        if found.kind == "use"
        for use in parse(found.text)
        if use.name and any(r.params for r in rulebase.lookup(use.name, system="scrollhammer"))
    ]
    assert {"Stealth", "Absorb Magicka", "Poisoned", "Multiple Wounds"} <= set(checked)
    assert ctx.rules
