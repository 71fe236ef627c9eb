"""The paste box's parser is made once per process for a text of the keyword grammar (``keyword_parser.generate``):
a second site build takes it as made, and an edited grammar (``site serve`` builds again after an edit) is made
again, from the edited text."""

from __future__ import annotations

import pytest

from referee import paths
from referee.site import keyword_parser


def test_the_script_is_made_once_for_one_text_of_the_grammar(monkeypatch: pytest.MonkeyPatch) -> None:
    first = keyword_parser.generate()
    made: list[str] = []
    monkeypatch.setattr(keyword_parser, "_script", lambda: made.append("made") or "another script")
    assert keyword_parser.generate() == first and made == []


def test_an_edited_grammar_is_made_again_from_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = paths.grammar_text(keyword_parser.GRAMMAR)
    first = keyword_parser.generate()
    edited = shipped.replace("?start:", "// an edit\n?start:", 1) if "?start:" in shipped else shipped + "\n// an edit\n"
    read = paths.grammar_text

    def grammar_text(name: str) -> str:
        return edited if name == keyword_parser.GRAMMAR else read(name)

    monkeypatch.setattr(paths, "grammar_text", grammar_text)
    made: list[str] = []
    monkeypatch.setattr(keyword_parser, "_script", lambda: made.append("made") or "the edited grammar's script")
    assert keyword_parser.generate() == "the edited grammar's script" and made == ["made"]
    assert keyword_parser.generate() == "the edited grammar's script" and made == ["made"]
    monkeypatch.undo()
    assert keyword_parser.generate() == first  # the shipped text again: made again, as before
