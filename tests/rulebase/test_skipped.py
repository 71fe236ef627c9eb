"""What a document's summary says no entry read (``referee.rulebase.base.skipped_blocks``): the
gaps between entries in order, looked at first, give what marking every entry's lines gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.model import Entry, Source
from referee.rulebase import base
from referee.rulebase.base import skipped_blocks
from tests.conftest import examples

lines = st.lists(st.sampled_from(["", "  ", "\t", "Units flee.", "[page 3]", "The Book", "# Fear"]), max_size=30)


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, list[Entry]]:
    text = "\n".join(draw(lines))
    n = text.count("\n") + 1
    spans = draw(st.lists(st.tuples(st.integers(0, n + 2), st.integers(0, 4)), max_size=12))
    if draw(st.booleans()):  # most documents: entries in order, one after the other
        spans.sort()
    return text, [Entry("Fear", "", Source("a.md", line, line + extra - 1)) for line, extra in spans]


def _marked(text: str, entries: list[Entry], title: str | None) -> tuple[tuple[int, int, str], ...]:
    """skipped_blocks with every entry's lines marked, the gaps not looked at."""
    real = base._blank_between
    base._blank_between = lambda lines, entries: False
    try:
        return skipped_blocks(text, entries, title)
    finally:
        base._blank_between = real


@settings(max_examples=examples(400), deadline=None)
@given(documents(), st.sampled_from([None, "The Book"]))
def test_the_gaps_between_entries_say_what_marking_their_lines_says(document: tuple[str, list[Entry]], title: str | None) -> None:
    text, entries = document
    assert skipped_blocks(text, entries, title) == _marked(text, entries, title)


def test_text_between_two_entries_is_skipped_and_blank_lines_are_not() -> None:
    text = "Fear\nUnits flee.\n\nStray words\n\nTerror\nWorse.\n"
    entries = [Entry("Fear", "Units flee.", Source("a.md", 1, 2)), Entry("Terror", "Worse.", Source("a.md", 6, 7))]
    assert base._blank_between(text.split("\n"), entries) is False
    assert skipped_blocks(text, entries) == ((4, 4, "between rules"),)
    whole = "Fear\nUnits flee.\n\n  \nTerror\nWorse.\n"
    assert base._blank_between(whole.split("\n"), [entries[0], Entry("Terror", "Worse.", Source("a.md", 5, 6))]) is True
    assert skipped_blocks(whole, [entries[0], Entry("Terror", "Worse.", Source("a.md", 5, 6))]) == ()
