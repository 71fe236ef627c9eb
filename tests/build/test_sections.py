"""The sections' digests on two cores: what a forked process hands back is what this
process makes, and a process that fails leaves the work to this one."""

from __future__ import annotations


import pytest

from referee.paths import rules_src_dir
from referee.store import record


@pytest.fixture(scope="module")
def cut() -> tuple[list[list[object]], record.Lines]:
    build = record.assemble(rules_src_dir())
    rules = [rule for system in build.systems for rule in build.in_system(system)]
    return record.runs(rules), record.Lines(build.texts)


Cut = tuple[list[list[object]], record.Lines]


def test_the_digests_made_on_two_cores_are_those_made_on_one(cut: Cut, monkeypatch: pytest.MonkeyPatch) -> None:
    runs, lines = cut
    monkeypatch.setattr(record, "SECTION_RULES", 5)  # many small sections
    small = record.runs([rule for run in runs for rule in run])
    assert len(small) >= 2 * record.FORK_SECTIONS
    alone = record._known(small, lines, 1)
    assert record._known(small, lines, 2) == alone
    assert len(alone) == len(small) and all(len(digest) == 16 for digest in alone)


def test_a_section_digest_covers_the_lines_its_rules_stand_on(cut: Cut) -> None:
    """Only the digest of the section whose rule stands on an edited line changes (the
    rules' keys, made only for a section read again, tell which of its rules)."""
    runs, lines = cut
    rule = runs[1][3]
    text = lines.texts[rule.source.file]
    starts = [0, *(i + 1 for i, c in enumerate(text) if c == "\n")]
    at = starts[rule.source.line - 1]
    edited = record.Lines({**lines.texts, rule.source.file: text[:at] + "x" + text[at:]})
    before, after = record._known(runs, lines, 1), record._known(runs, edited, 1)
    assert [k for k, (one, two) in enumerate(zip(before, after)) if one != two] == [1]
    assert lines.key(rule) != edited.key(rule) and all(lines.key(r) == edited.key(r) for r in runs[0])


def test_a_section_digest_covers_its_last_line_and_where_its_document_ends(cut: Cut) -> None:
    """A section's lines are hashed as one run, from its first rule's first line to its last
    rule's last: a character added on that last line changes its digest alone, and so does a
    line added after it when its last rule runs to the document's end (the sentence locator
    reads on to it then)."""
    runs, lines = cut
    before = record._known(runs, lines, 1)
    rule = runs[1][-1]
    text = lines.texts[rule.source.file]
    ends = [i for i, c in enumerate(text) if c == "\n"]
    at = ends[rule.source.end_line - 1] if rule.source.end_line <= len(ends) else len(text)
    edited = record.Lines({**lines.texts, rule.source.file: text[:at] + "x" + text[at:]})
    assert [k for k, (one, two) in enumerate(zip(before, record._known(runs, edited, 1))) if one != two] == [1]
    last = max(k for k, run in enumerate(runs) if run[-1].source.file == rule.source.file)
    longer = record.Lines({**lines.texts, rule.source.file: text + "\n\nmore"})
    changed = [k for k, (one, two) in enumerate(zip(before, record._known(runs, longer, 1))) if one != two]
    tail = runs[last][-1].source.end_line >= text.count("\n") + 1
    assert changed == ([last] if tail else [])


def test_a_forked_process_hands_back_its_work_or_none_when_it_failed() -> None:
    done = record.forked(lambda: [b"digest", ("keys",)])
    assert done is not None and done(True) == [b"digest", ("keys",)]
    failed = record.forked(lambda: 1 / 0)
    assert failed is not None and failed(True) is None
    stopped = record.forked(lambda: b"x" * (1 << 20))  # more than a pipe holds: the child waits on it
    assert stopped is not None and stopped(False) is None


def test_a_failure_here_ends_the_forked_process(cut: Cut, monkeypatch: pytest.MonkeyPatch, forks_told: list[bool]) -> None:
    runs, lines = cut
    monkeypatch.setattr(record, "SECTION_RULES", 5)
    small = record.runs([rule for run in runs for rule in run])
    monkeypatch.setattr(record, "canonical", lambda obj: (_ for _ in ()).throw(RuntimeError("here")))
    with pytest.raises(RuntimeError, match="here"):
        record._known(small, lines, 2)
    assert forks_told == [False]
