"""Tab completion over the real rules: commands, rule names and aliases of the system, flags."""

from __future__ import annotations

import pytest

from referee.shell.actions import ACTIONS
from referee.shell.completion import candidates, completer
from referee.shell.session import Session
from referee.shell.table import Table

# line up to the cursor -> (what may replace its end, how many characters it replaces)
CASES = [
    ("", ([a.name for a in ACTIONS], 0)),
    ("s", (["search", "show", "system", "state"], 1)),
    ("lookup Lightning Ref", (["Lightning Reflexes"], 13)),
    ("show hellebar", (["Hellebarde"], 8)),  # an alias, in German
    ("explain lightning r", (["Lightning Reflexes"], 11)),
    ("me Halberd, Shi", (["Shield"], 3)),  # the part after the last comma
    ("resolve Great W", (["Great Weapon"], 7)),
    ("when me", (["melee"], 2)),
    ("when melee ch", (["charging", "charged"], 2)),
    ("when melee ", (["-", "charging", "not-charging", "charged", "first-round", "first-turn", "shooting", "fleeing", "on-foot", "mounted", "moved"], 0)),
    ("system t", (["t9a"], 1)),
    ("help re", (["resolve"], 2)),
    ("calc 2D", ([], 0)),
    ("frobnicate x", ([], 0)),
]


@pytest.mark.parametrize(("before", "expected"), CASES, ids=[c[0] or "(empty)" for c in CASES])
def test_candidates(session: Session, before: str, expected: tuple[list[str], int]) -> None:
    assert candidates(session, before) == expected


def test_names_are_the_current_systems(session: Session) -> None:
    assert "Hellebarde" in candidates(session, "lookup Hellebar")[0]
    session.table = Table("last-edition")
    assert candidates(session, "lookup Hellebar") == ([], 8)
    session.table = Table()
    assert "Hellebarde" in candidates(session, "lookup Hellebar")[0]  # no system: every system's names


def test_the_prompt_toolkit_completer_replaces_the_typed_part(session: Session) -> None:
    from prompt_toolkit.document import Document

    found = list(completer(session).get_completions(Document("show Lightning Ref"), None))
    assert [(c.text, c.start_position) for c in found] == [("Lightning Reflexes", -13)]
