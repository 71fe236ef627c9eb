"""Where a quoted sentence stands in its document (``Context._placed``) is kept across answers by the
document's text, the rule's place and the sentence: the same document places it as the graph does each
time asked, and an edited document is placed afresh."""

from __future__ import annotations

from referee.resolve import principles
from referee.resolve.principles import Context
from tests.resolve.test_principles import system

FEAR = "Fear causes Terror. Units with it are bad."


def _placed(documents: dict[str, str]) -> tuple[int, int]:
    view = system({"Fear": FEAR}, [])
    said = Context(view, "demo", documents=documents).rule_quote("demo/Fear", "Units with it are bad.")
    return said["line"], said["column"]


def test_a_document_edited_between_answers_places_its_sentence_afresh() -> None:
    assert _placed({"demo/rules.txt": FEAR + "\n"}) == (1, 21)
    assert _placed({"demo/rules.txt": "   " + FEAR + "\n"}) == (1, 24)  # the same rule and sentence, the text moved
    assert _placed({"demo/rules.txt": FEAR + "\n"}) == (1, 21)
    assert any(key[0] == "   " + FEAR + "\n" for key in principles._PLACED)
