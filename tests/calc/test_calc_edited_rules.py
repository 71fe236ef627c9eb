"""Answers follow the documents: an edited rule changes the answer, a removed
sentence refuses it (a copy of The Last Edition, edited in a temporary folder)."""

from __future__ import annotations

import shutil
from fractions import Fraction

import pytest

from referee.store.record import assemble
from referee.calc import answer
from referee.calc.errors import Refusal
from tests.conftest import RULES_SRC


@pytest.fixture(scope="module")
def edited(tmp_path_factory):
    root = tmp_path_factory.mktemp("rules")
    shutil.copytree(RULES_SRC / "last-edition", root / "last-edition")
    rules = root / "last-edition" / "core-rules.md"
    text = rules.read_text(encoding="utf-8")
    text = text.replace("If the CS is higher, a 3+ is needed.", "If the CS is higher, a 2+ is needed.")
    text = text.replace("that a roll of a 1 on this next roll always is a failed wound roll.", "that the next roll counts.")
    rules.write_text(text, encoding="utf-8")
    return assemble(root)


def test_the_needed_roll_is_read_from_the_sentence(edited):
    found = answer(edited, "last-edition", "hit CS5 vs CS4")
    assert found.needed == "2+"
    assert found.steps[1].citation.quote == "If the CS is higher, a 2+ is needed."


def test_a_removed_sentence_refuses_the_answer(edited):
    assert answer(edited, "last-edition", "wound S3 vs T7").needed == "5+"  # does not rest on it
    with pytest.raises(Refusal) as err:
        answer(edited, "last-edition", "wound S1 vs T7")
    assert err.value.message == (
        "last-edition/wound-rolls no longer says 'a roll of a 1 on this next roll always is a failed wound roll'; "
        "calc will not answer without it"
    )
    assert err.value.question == "wound S1 vs T7"


def test_a_reroll_after_a_stage_rerolls_the_number_the_edited_sentence_gives(edited):
    # the edited sentence makes a higher CS need 2+: re-rolling a failure leaves only two 1s
    assert answer(edited, "last-edition", "hit CS5 vs CS4 reroll failed").probability == 1 - Fraction(1, 36)
