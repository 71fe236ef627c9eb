"""A rule rolling one die for each of a number of things the question gives."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer, lalr
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.calc.test_calc_lalr import LARK, _plain
from tests.conftest import write_system

QUESTIONS = [
    "destroyed transport with 6 models embarked",
    "destroyed transports, 3 models",
    "destroyed transport 6 models embarked",
    "6 models embarked in a destroyed transport",
    "regeneration with 3 wounds",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_table_walker_reads_them_as_lark_does(question):
    assert _plain(lalr.parse(question)) == _plain(LARK.parse(question))


@pytest.mark.parametrize(
    ("system", "question", "mean", "none"),
    [
        ("last-edition", "destroyed transport with 6 models embarked", Fraction(1), Fraction(5, 6) ** 6),
        ("last-edition", "6 models embarked in a destroyed transport", Fraction(1), Fraction(5, 6) ** 6),
        ("last-edition", "destroyed transports, 3 models", Fraction(1, 2), Fraction(5, 6) ** 3),
        ("scrollhammer", "regeneration with 3 wounds", Fraction(1, 2), Fraction(5, 6) ** 3),  # "For each roll of a 6"
    ],
)
def test_on_the_documents(rulebase, system, question, mean, none):
    found = answer(rulebase, system, question)
    assert found.mean == mean
    assert found.distribution[0] == none
    assert [s.citation.rule for s in found.steps if s.citation][:1] in (["last-edition/destroyed-transports"], ["scrollhammer/regeneration"])


@pytest.mark.parametrize(
    ("system", "question", "why"),
    [
        ("last-edition", "destroyed transport with 6 wounds", "rolls no die for each wounds"),
        ("last-edition", "storm with 4 turns", "does not say which result"),  # its results are a table, not a count
        ("last-edition", "nothing with 3 models", "no rule of last-edition"),
    ],
)
def test_refused_with_the_reason(rulebase, system, question, why):
    with pytest.raises(Refusal) as err:
        answer(rulebase, system, question)
    assert why in err.value.message


def test_the_mechanism_reads_a_rule_worded_my_way(tmp_path):
    manifest = 'id = "whfb-house"\ntitle = "Mini"\nlanguages = ["en"]\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nlang = "en"\n'
    rules = "# Mini rules\n\n## Collapsing Bridge\n\nRoll a D6 for each model on the bridge. On a roll of 5 or more, the model falls.\n"
    build = assemble(write_system(tmp_path, "whfb-house", manifest, {"rules.md": rules}))
    found = answer(build, "whfb-house", "collapsing bridge with 4 models")
    assert found.mean == Fraction(4, 3)
    assert found.probability == 1 - Fraction(2, 3) ** 4
