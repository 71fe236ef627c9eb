"""The errata check on the project's rules_src (every finding is in
fixtures/text/corpus.txt, see test_corpus.py): the house rules amend 42
sections of a rulebook rules_src does not hold; one finding says so, where
the editor can act on it (the manifest's base_book), every amendment related."""

from __future__ import annotations

from referee.lint.run import LintResult
from tests.lint.corpus import BASE_BOOK, HOUSE, found


def test_one_finding_for_the_missing_book_at_base_book(text_result: LintResult) -> None:
    (finding,) = [f for f in text_result.findings if f.code == "errata-target-missing"]
    assert (finding.file, finding.line, finding.column) == ("whfb-house/system.toml", 24, 13)
    assert (finding.rule, finding.term, finding.severity) == (None, BASE_BOOK, "info")
    assert finding.message == (
        f"42 sections of {HOUSE} amend '{BASE_BOOK}' (pp.4-267), which is not in rules_src; "
        "add the book as a document with that title to check the changes against it"
    )


def test_every_amendment_is_related_with_what_it_does(text_result: LintResult) -> None:
    (finding,) = [f for f in text_result.findings if f.code == "errata-target-missing"]
    assert len(finding.related) == 42
    assert {r.file for r in finding.related} == {HOUSE}
    first = finding.related[0]
    assert (first.rule, first.line, first.note) == ("whfb-house/redirecting-the-charge", 3, "'Redirecting the charge' replaces p.53")
    # line 63 heads five rules that one removal covers
    assert [r.note for r in finding.related if r.line == 63] == [
        f"'{name}' removes pp.50, 51"
        for name in ("Terrain", "Open Terrain", "Difficult Terrain", "Very Difficult Terrain", "Impassable Terrain")
    ]
    assert found(text_result, "errata-target-missing", HOUSE, 3) == []
