"""The referee's sentences of a text (``referee.resolve.meeting.sentences``) are kept by text across
answers: the build's sentences (:func:`referee.text.sentences`) of every rule of the corpus, each time
asked, and what a caller does to its list never reaches the next caller."""

from __future__ import annotations

import pytest

from referee.resolve import meeting
from referee.store.rows import Stored
from referee.text import sentences as build_sentences


def test_every_rule_reads_as_the_build_reads_it_each_time_asked(view: Stored) -> None:
    rules = view.in_system(None)
    texts = [version["text"] for rule in rules for version in rule["versions"]] + [rule["text"] or "" for rule in rules]
    assert len(texts) > 500
    for _ in range(2):
        for text in texts:
            said = meeting.sentences(text)
            assert said == build_sentences(text)
            said.append("added by a caller")
            said[:1] = []
    assert meeting.sentences(texts[0]) == build_sentences(texts[0])


def test_the_kept_texts_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(meeting, "_SAID", {})
    monkeypatch.setattr(meeting, "_SAID_MOST", 3)
    for n in range(10):
        assert meeting.sentences(f"Rule {n} holds. It ends here.") == [f"Rule {n} holds.", "It ends here."]
        assert len(meeting._SAID) <= 3
