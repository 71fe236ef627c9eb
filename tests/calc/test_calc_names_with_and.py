"""A rule's name holding a word the question language joins names with ("Hit and Run"): read
whole wherever a rule's name can stand, on the documents and on a rules folder of my own."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer
from referee.calc.errors import CalcSyntaxError, Refusal
from referee.calc.parse import parse, spans
from referee.store.record import assemble
from tests.conftest import write_system


def test_hit_and_run_rolls_its_own_3d6(rulebase):
    found = answer(rulebase, "scrollhammer", "hit and run 3D6 needing 12")
    assert found.probability == Fraction(3, 8)
    assert found.steps[0].citation.rule == "scrollhammer/hit-and-run"
    assert found.steps[0].citation.quote == "If the test is passed, choose a direction - then roll 3D6."
    with pytest.raises(Refusal, match="hit-and-run rolls 3D6"):  # its own sentence, other dice
        answer(rulebase, "scrollhammer", "Hit and Run 2D6 needing 7")


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("hit 4+ with Slow and Purposeful", "Slow and Purposeful"),  # one rule, not Slow and a rule "Purposeful"
        ("hit 4+ with Preferred Enemy and Hit and Run, reroll failed", "Hit and Run"),
    ],
)
def test_a_name_with_and_after_with_is_one_rule(rulebase, question, name):
    with pytest.raises(Refusal) as err:
        answer(rulebase, "scrollhammer", question)
    assert err.value.message.startswith(f"{name}:")


def test_without_the_systems_names_and_still_joins():
    """The grammar alone reads "and" between names; only a name of the system holding it changes that."""
    with pytest.raises(CalcSyntaxError, match="unexpected 'and'"):
        parse("hit and run 3D6 needing 12")
    joined = parse("hit 4+ with Hatred and Hit and Run")
    assert joined.stages[0].attacker == ("Hatred", "Hit", "Run")
    read = parse("hit 4+ with Hatred and Hit and Run", ("Hit and Run",))
    assert read.stages[0].attacker == ("Hatred", "Hit and Run")
    assert spans("Hit  AND run 3D6", ("hit and run",)) == ((0, 12),)
    assert spans("cover soft and hard", ("Hit and Run",)) == ()
    assert spans("hit 4+ with Hit and Running", ("Hit and Run",)) == ()  # whole words only


MANIFEST = 'id = "whfb-house"\ntitle = "Mini"\nlanguages = ["en"]\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nlang = "en"\n'


def test_a_name_with_and_of_my_own(tmp_path):
    rules = (
        "# Mini rules\n\n"
        "## Smash and Grab\n\n"
        "After a won combat the raiders may loot: roll 2D6 and take that many tokens.\n\n"
        "## Grab\n\n"
        "A grabbing model rolls 3D6.\n"
    )
    build = assemble(write_system(tmp_path, "whfb-house", MANIFEST, {"rules.md": rules}))
    found = answer(build, "whfb-house", "smash and grab 2D6 needing 7")
    assert found.probability == Fraction(7, 12)
    assert found.steps[0].citation.rule == "whfb-house/smash-and-grab"
    assert answer(build, "whfb-house", "grab 3D6 needing 18").probability == Fraction(1, 216)
