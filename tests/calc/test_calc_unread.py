"""A question the grammar cannot read, refused with the reason the documents give:
on the project's documents, and on a rules folder of my own."""

from __future__ import annotations

import pytest

from referee.calc import answer
from referee.calc.errors import CalcSyntaxError, Refusal
from referee.store.record import assemble
from tests.conftest import write_system


@pytest.mark.parametrize(
    ("system", "question", "why"),
    [
        ("last-edition", "leadership test Ld 8", "never name 'leadership test'"),
        ("whfb-house", "Leadership test Ld 8", "name 'Leadership test' only in passing"),
        ("t9a", "Discipline Test with Discipline 8", "name 'Discipline Test' only in passing (t9a/"),
        ("whfb-house", "hit BS4", "name no characteristic BS ('BS4')"),
        ("t9a", "hit OS4 vs DS3", "name no characteristic OS"),
        ("last-edition", "hit BS4", "name BS (last-edition/"),  # "BS of 3+": named, but no form of calc reads "BS4"
        ("whfb-house", "Thunderstomp with Hatred", "calc cannot read 'Hatred' after Thunderstomp"),  # "with" is the grammar's
    ],
)
def test_refused_with_the_reason_on_one_line(rulebase, system, question, why):
    with pytest.raises(Refusal) as err:
        answer(rulebase, system, question)
    assert why in err.value.message
    assert "\n" not in str(err.value)
    assert err.value.to_json()["error"]["question"] == question


@pytest.mark.parametrize("question", ["hit CS5 vs vs CS4", "wound S3 vs T7 #", "save 2+/4+ AP", "flee 2D6 vs", "bad luck pool for 1 1"])
def test_a_question_stopping_on_calcs_own_words_keeps_its_caret(rulebase, question):
    with pytest.raises(CalcSyntaxError):
        answer(rulebase, "last-edition", question)


def test_the_reason_follows_the_documents(tmp_path):
    """In a folder of my own, 'Nerve test' is named in passing and 'Ld' is a characteristic;
    a system that never names them refuses otherwise."""
    manifest = 'id = "whfb-house"\ntitle = "Mini"\nlanguages = ["en"]\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nlang = "en"\n'
    rules = "# Mini rules\n\n## Panic\n\nA unit that sees a friend flee takes a Nerve test against its Ld.\n"
    build = assemble(write_system(tmp_path, "whfb-house", manifest, {"rules.md": rules}))
    with pytest.raises(Refusal, match=r"name 'nerve test' only in passing \(whfb-house/panic, whfb-house/rules.md:5"):
        answer(build, "whfb-house", "nerve test with Ld 7")
    with pytest.raises(Refusal, match="name Ld"):
        answer(build, "whfb-house", "hit Ld 7")
    with pytest.raises(Refusal, match="never name 'terror test'"):
        answer(build, "whfb-house", "terror test Ld 7")
