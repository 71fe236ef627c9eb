"""The errata check on the project's rules_src (every finding is in
fixtures/text/corpus.txt, see test_corpus.py)."""

from __future__ import annotations

from referee.lint.run import LintResult
from tests.lint.corpus import BASE_BOOK, one


def test_errata_name_the_missing_book(text_result: LintResult) -> None:
    errata = [f for f in text_result.findings if f.code == "errata-target-missing"]
    assert {f.term for f in errata} == {BASE_BOOK}
    first = one(text_result, "errata-target-missing", "whfb-house/house-rules-8th-edition.md", 3)
    assert first.message == (
        f"'Redirecting the charge' replaces p.53 of '{BASE_BOOK}', which is not in rules_src; "
        "add the book as a document to check the change against it"
    )
