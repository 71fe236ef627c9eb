"""The sections' digests: each covers its rules and the lines they stand on, and no more."""

from __future__ import annotations

import pytest

from referee.store import record


@pytest.fixture(scope="module")
def cut(rulebase: record.Build) -> tuple[list[list[object]], record.Lines]:
    """The project's rules cut into sections (the run's own build of them), and their documents' lines."""
    rules = [rule for system in rulebase.systems for rule in rulebase.in_system(system)]
    return record.runs(rules), record.Lines(rulebase.texts)


Cut = tuple[list[list[object]], record.Lines]


def _known(runs: list[list[object]], lines: record.Lines) -> list[bytes]:
    return [record.known(run, lines) for run in runs]  # type: ignore[arg-type]


def test_a_section_digest_covers_the_lines_its_rules_stand_on(cut: Cut) -> None:
    """Only the digest of the section whose rule stands on an edited line changes (the
    rules' keys, made only for a section read again, tell which of its rules)."""
    runs, lines = cut
    rule = runs[1][3]
    text = lines.texts[rule.source.file]
    starts = [0, *(i + 1 for i, c in enumerate(text) if c == "\n")]
    at = starts[rule.source.line - 1]
    edited = record.Lines({**lines.texts, rule.source.file: text[:at] + "x" + text[at:]})
    before, after = _known(runs, lines), _known(runs, edited)
    assert [k for k, (one, two) in enumerate(zip(before, after)) if one != two] == [1]
    assert lines.key(rule) != edited.key(rule) and all(lines.key(r) == edited.key(r) for r in runs[0])


def test_a_section_digest_covers_its_last_line_and_where_its_document_ends(cut: Cut) -> None:
    """A section's lines are hashed as one run, from its first rule's first line to its last
    rule's last: a character added on that last line changes its digest alone, and so does a
    line added after it when its last rule runs to the document's end (the sentence locator
    reads on to it then)."""
    runs, lines = cut
    before = _known(runs, lines)
    rule = runs[1][-1]
    text = lines.texts[rule.source.file]
    ends = [i for i, c in enumerate(text) if c == "\n"]
    at = ends[rule.source.end_line - 1] if rule.source.end_line <= len(ends) else len(text)
    edited = record.Lines({**lines.texts, rule.source.file: text[:at] + "x" + text[at:]})
    assert [k for k, (one, two) in enumerate(zip(before, _known(runs, edited))) if one != two] == [1]
    last = max(k for k, run in enumerate(runs) if run[-1].source.file == rule.source.file)
    longer = record.Lines({**lines.texts, rule.source.file: text + "\n\nmore"})
    changed = [k for k, (one, two) in enumerate(zip(before, _known(runs, longer))) if one != two]
    tail = runs[last][-1].source.end_line >= text.count("\n") + 1
    assert changed == ([last] if tail else [])
