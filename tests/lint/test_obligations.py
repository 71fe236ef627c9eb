"""must-cannot-conflict: how actions compare, and the project's own rules_src.

On rules_src, reviewed against the documents, nothing clashes.  The
glossary's Frenzy drops the rulebook's "if possible" ("If the test is
failed, the whole unit must Declare a Charge this Player Turn"), but the
sentence before it sets the test for units "that could Declare a Charge":
a War Machine, a Scout in its first turn, never takes it.  The rulebook's
Frenzy and Terror's "if able to do so" yield silently.  Scrollhammer's
Pinning ("must immediately Go to Ground") meets Fearless, which "cannot Go
to Ground for any reason, however": the prohibition says it wins.
"""

from __future__ import annotations

import pytest

from referee.store.record import Build
from referee.lint.checks.obligations import action, conditional, forbids, normal_action, settled, specific, yields
from referee.lint.context import LintContext
from referee.model import Citation, Relation
from tests.lint.corpus import GLOSSARY, SYSTEMS, findings


@pytest.mark.parametrize(
    "prohibited, obliged, clash",
    [
        ("Declare Charges", "Declare a Charge", True),
        ("declare Charges", "Declare a Charge this Player Turn", True),
        ("Pursue", "Pursue", True),
        ("move normally", "move 12\"", False),
        ("Declare Flee as Charge Reaction", "declare a Charge", False),
        ("Declare a Charge this Player Turn", "Declare a Charge", False),
        ("fight", "fight the more immediate foe", False),
        ("flee as a charge reaction", "flee as its charge reaction", True),
    ],
)
def test_forbids(prohibited: str, obliged: str, clash: bool) -> None:
    assert forbids(prohibited, obliged) is clash


@pytest.mark.parametrize(
    "action, compared",
    [("Declare a Charge", True), ("Pursue", True), ("be placed", False), ("test", False), ("Go", False), ("", False)],
)
def test_specific(action: str, compared: bool) -> None:
    assert specific(action) is compared


def test_normal_action() -> None:
    assert normal_action("Declare the Charges") == ["declare", "charge"]
    assert normal_action("pass Break Tests") == ["pass", "break", "test"]


@pytest.mark.parametrize(
    "sentences, obliged, binds_only_the_able",
    [
        (["the whole unit must declare a Charge this Player Turn if possible."], "declare a Charge", True),
        (["the target must declare a Flee Charge Reaction, if able to do so."], "declare a Flee Charge Reaction", True),
        (["Units must Pursue where possible."], "Pursue", True),
        (["Units that could Declare a Charge take a test.", "If it is failed, they must Declare a Charge."], "Declare a Charge", True),
        (["Units that could shoot take a test.", "If it is failed, they must Declare a Charge."], "Declare a Charge", False),
        (["Units that cannot Declare a Charge must Declare a Charge."], "Declare a Charge", False),
        (["The unit must Declare a Charge this Player Turn."], "Declare a Charge", False),
    ],
)
def test_conditional(sentences: list[str], obliged: str, binds_only_the_able: bool) -> None:
    assert conditional(sentences, obliged) is binds_only_the_able


def _relation(kind: str, sentence: str) -> Relation:
    return Relation(kind, "demo/a", None, None, Citation("demo/a", sentence, "demo/rules.txt", 1))


@pytest.mark.parametrize(
    "kind, sentence, is_settled",
    [
        ("must", "Ambushing units must Declare Charges unless they are Shaken.", True),
        ("cannot", "They cannot Go to Ground for any reason, however.", True),
        ("cannot", "The unit cannot, under any circumstances, flee.", True),
        ("must", "The unit must Go to Ground for any reason.", False),  # only a prohibition wins "for any reason"
        ("cannot", "The model cannot Pursue.", False),
    ],
)
def test_settled(kind: str, sentence: str, is_settled: bool) -> None:
    assert settled(_relation(kind, sentence)) is is_settled


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_conflict_on_rules_src(rulebase: Build, system: str) -> None:
    assert findings(rulebase, system, "must-cannot-conflict") == []


def test_the_glossarys_frenzy_binds_only_units_that_could_charge(rulebase: Build) -> None:
    ctx = LintContext(rulebase, "t9a")
    (must,) = [
        r for r in ctx.relations
        if r.kind == "must" and r.source == "t9a/frenzy" and r.citation.file == GLOSSARY and "Charge" in action(r)
    ]  # fmt: skip
    assert must.citation.sentence == "If the test is failed, the whole unit must Declare a Charge this Player Turn."
    assert yields(ctx, must)
    # not for want of a clash: War Machine forbids it
    war_machine = [r for r in ctx.relations if r.kind == "cannot" and r.source == "t9a/war-machine"]
    assert any(forbids(action(r), action(must)) for r in war_machine)


def test_the_rulebooks_frenzy_yields_if_possible(rulebase: Build) -> None:
    ctx = LintContext(rulebase, "t9a")
    musts = [r for r in ctx.relations if r.kind == "must" and r.source == "t9a/frenzy" and r.citation.line == 81]
    assert [yields(ctx, m) for m in musts if "Charge" in action(m)] == [True]


def test_scrollhammers_fearless_cannot_go_to_ground_for_any_reason(rulebase: Build) -> None:
    ctx = LintContext(rulebase, "scrollhammer")
    fearless = [r for r in ctx.relations if r.source == "scrollhammer/fearless" and "for any reason" in r.citation.sentence]
    assert fearless and all(settled(r) for r in fearless if r.kind == "cannot")
