"""Every sentence a mechanic rests on is still in the documents, where the citation says.

A phrase declared next to a mechanic that the rule documents no longer
contain fails here, by name, before any answer can cite the wrong sentence.
"""

from __future__ import annotations

from importlib import import_module

import pytest

from referee.calc.citations import Clause, Rulebook, sentences, squeeze
from referee.calc.errors import Refusal
from referee.calc.systems import MODULES
from tests.conftest import RULES_SRC


def _within(value: object) -> list[Clause]:
    """The clauses in a module attribute: a clause, or tables (dicts, tuples) holding them."""
    if isinstance(value, Clause):
        return [value]
    if isinstance(value, dict):
        return [c for v in value.values() for c in _within(v)]
    if isinstance(value, tuple):
        return [c for v in value for c in _within(v)]
    return []


def _clauses() -> list[tuple[str, Clause]]:
    found = []
    for system, name in MODULES.items():
        for attr, value in vars(import_module(name)).items():
            found.extend((f"{system}:{attr}", clause) for clause in _within(value))
    return found


CLAUSES = _clauses()


def test_every_system_declares_clauses():
    assert {label.split(":")[0] for label, _ in CLAUSES} == set(MODULES)
    assert len(CLAUSES) > 40


@pytest.mark.parametrize(("label", "clause"), CLAUSES, ids=[label for label, _ in CLAUSES])
def test_clause_is_in_the_documents(rulebase, label, clause):
    citation = Rulebook.of(rulebase).cite(clause)
    assert squeeze(clause.phrase) in squeeze(citation.quote)
    # the citation points at the sentence's first letters in the document itself
    lines = (RULES_SRC / citation.file).read_text(encoding="utf-8").split("\n")
    at = lines[citation.line - 1][citation.column - 1 :] + " ".join(lines[citation.line : citation.line + 3])
    assert squeeze(at).startswith(squeeze(citation.quote)[:30]), (label, citation)


def test_view_and_build_cite_alike(rulebase):
    from referee.store.load import open_rules

    view_book = Rulebook.of(open_rules(RULES_SRC), str(RULES_SRC))
    build_book = Rulebook.of(rulebase)
    for _, clause in CLAUSES[:10]:
        assert view_book.cite(clause) == build_book.cite(clause)


def test_a_phrase_no_longer_there_is_refused(rulebase):
    book = Rulebook.of(rulebase)
    with pytest.raises(Refusal) as err:
        book.cite(Clause("last-edition/wound-rolls", "a roll of a 2 on this next roll always fails"))
    assert str(err.value) == (
        "error: last-edition/wound-rolls no longer says 'a roll of a 2 on this next roll always fails'; "
        "calc will not answer without it"
    )
    with pytest.raises(Refusal) as err:
        book.cite(Clause("last-edition/no-such-rule", "anything"))
    assert str(err.value) == (
        "error: the documents hold no rule last-edition/no-such-rule (cited for 'anything'); calc will not answer without it"
    )


def test_a_table_row_is_cited_on_its_line(rulebase):
    citation = Rulebook.of(rulebase).row("whfb-house/dangerous-terrain-table", "Chariot")
    line = (RULES_SRC / citation.file).read_text(encoding="utf-8").split("\n")[citation.line - 1]
    assert "Chariot" in line and "DT(4) Wo(D6)" in line
    assert citation.quote.startswith("Chariot: Forest DT(4) Wo(D6)")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("One. Two (e.g. three). Four", ["One.", "Two (e.g. three).", "Four"]),
        ("- bullet one\n- bullet two", ["bullet one", "bullet two"]),
        ("A 4+ is needed. 5+ then.", ["A 4+ is needed.", "5+ then."]),
    ],
)
def test_sentences(text, expected):
    assert sentences(text) == expected
