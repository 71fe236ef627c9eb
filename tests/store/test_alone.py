"""Systems are namespaces: a system read on its own is its part of the build of all of them
(what lets a test that edited one system compare only that system with a read from nothing)."""

from __future__ import annotations

import shutil
from pathlib import Path

from referee.store.record import Build
from tests.conftest import RULES_SRC
from tests.store.alone import part, read_alone


def test_a_system_read_alone_is_its_part_of_the_whole_build(rulebase: Build, tmp_path: Path) -> None:
    assert len(rulebase.systems) == 4
    for system in rulebase.systems:
        alone = read_alone(RULES_SRC, system, tmp_path)
        assert alone.systems == [system]
        assert part(alone, system) == part(rulebase, system), system
        assert part(alone, system)["rules"] and part(alone, system)["relations"]


def test_a_part_differs_where_one_sentence_of_the_system_does(rulebase: Build, tmp_path: Path) -> None:
    """The comparison sees an edit: a sentence added to a copy of a system."""
    shutil.copytree(RULES_SRC / "whfb-house", tmp_path / "src" / "whfb-house")
    [document] = (tmp_path / "src" / "whfb-house").glob("*.md")
    text = document.read_text(encoding="utf-8")
    at = text.index(".", len(text) // 2) + 1
    document.write_text(text[:at] + " Units in it may reroll failed Panic Tests." + text[at:], encoding="utf-8")
    assert part(read_alone(tmp_path / "src", "whfb-house", tmp_path), "whfb-house") != part(rulebase, "whfb-house")
