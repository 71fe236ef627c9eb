"""The one-line refusals calc's readers of this round added, pinned word for word through the CLI
(exit status 2, no traceback)."""

from __future__ import annotations

import pytest

from referee.cli.commands import main


@pytest.mark.parametrize(
    ("system", "question", "line"),
    [
        ("t9a", "hit 7+", "referee: error: a D6 roll cannot need 7+"),
        ("t9a", "hit 4+ reroll failed reroll successful", "referee: error: a roll is re-rolled once: re-roll failed or successful rolls, not both"),
    ],
)
def test_a_refusal_is_one_line_with_exit_status_2(system: str, question: str, line: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["calc", question, "--system", system])
    err = capsys.readouterr().err.strip()
    assert (code, err) == (2, line)
