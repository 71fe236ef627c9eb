"""The Markdown adapter with a store of the sections it read before (``Document.kept``):
the same entries as a plain read, and after an edit only the chunk of sections
holding it is read again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.rulebase.base import read_folder
from tests.benchmark_scripts import benchmark
from tests.conftest import RULES_SRC


class Counted(dict):  # type: ignore[type-arg]
    """A store that counts what is put into it."""

    def __init__(self) -> None:
        super().__init__()
        self.put = 0

    def __setitem__(self, key: str, value: bytes) -> None:
        self.put += 1
        super().__setitem__(key, value)


@pytest.mark.parametrize("system", ["last-edition", "whfb-house"])
def test_rules_src_reads_the_same_from_the_store(system: str) -> None:
    root = RULES_SRC.resolve()
    plain = read_folder(root, root / system)
    store = Counted()
    filled = read_folder(root, root / system, kept=store)
    again = read_folder(root, root / system, kept=store)
    assert store.put > 0 and len(store) == store.put  # each chunk kept once
    assert plain[2] == filled[2] == again[2]  # every rule, field by field
    assert plain[1] == filled[1] == again[1]  # what the build says it read
    assert store.put == len(store)  # nothing read again


def test_an_edit_reads_again_only_the_sections_around_it(tmp_path: Path) -> None:
    root = tmp_path.resolve()
    benchmark("synthetic").write_rules_src(root, 1500, fmt="one-document")
    store = Counted()
    read_folder(root, root / "synth", kept=store)
    chunks = store.put
    assert chunks > 10

    document = root / "synth" / "rules.md"
    text = document.read_text(encoding="utf-8")
    at = text.index(".", len(text) // 2) + 1
    document.write_text(text[:at] + " Models with it may reroll failed Panic Tests." + text[at:], encoding="utf-8")
    store.put = 0
    edited = read_folder(root, root / "synth", kept=store)
    assert store.put == 1
    assert edited[2] == read_folder(root, root / "synth")[2]
    assert any("reroll failed Panic Tests." in rule.text and rule.text.count(".") > 1 for rule in edited[2])


def test_a_store_that_fails_only_costs_speed() -> None:
    class Broken(dict):  # type: ignore[type-arg]
        def get(self, key: object, default: object = None) -> object:
            raise OSError("disk gone")

        def __setitem__(self, key: object, value: object) -> None:
            raise OSError("disk full")

    root = RULES_SRC.resolve()
    assert read_folder(root, root / "last-edition", kept=Broken())[2] == read_folder(root, root / "last-edition")[2]


@pytest.mark.parametrize("system", ["last-edition", "whfb-house"])
def test_lines_added_at_the_top_move_every_kept_chunk_and_read_none_again(system: str, tmp_path: Path) -> None:
    """A line number is only a label in a section's reading: chunks below an edit that
    adds lines are taken from the store and moved, their tables, table entries and
    labelled paragraphs with them, and read the same as a read without a store.
    (Before, every chunk below the edit was read again.)"""
    root = (tmp_path / "rules_src").resolve()
    shutil.copytree(RULES_SRC / system, root / system)
    document = next((root / system).glob("*.md"))
    store = Counted()
    before = read_folder(root, root / system, kept=store)
    lines = document.read_text(encoding="utf-8").split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("#"))
    document.write_text("\n".join([*lines[: first + 1], "", "", "", *lines[first + 1 :]]), encoding="utf-8")
    store.put = 0
    moved = read_folder(root, root / system, kept=store)
    assert store.put <= 1  # at most the first chunk, which holds the edit
    assert moved[2] == read_folder(root, root / system)[2]  # every rule, every line, field by field
    shifted = [r for r in moved[2] if r.source.line > first + 1]
    assert shifted and all(r.source.line == b.source.line + 3 for r, b in zip(shifted, before[2][-len(shifted) :]))


MOVED = """Lines above the first heading.

# Weapons

## Halberd

**Brace**: a model with a Halberd braces when charged.

| Range | Strength |
|---|---|
| 1" | +2 |

## Profiles

| Name | Range | Strength |
|---|---|---|
| Spear | 1" | +1 |
| Flail | 1" | +2 |
"""


def test_a_moved_chunk_moves_its_tables_entries_and_labelled_paragraphs(tmp_path: Path) -> None:
    root = tmp_path.resolve()
    (root / "demo").mkdir()
    (root / "demo" / "system.toml").write_text(
        'id = "demo"\ntitle = "Demo"\n\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nrole = "core"\n', encoding="utf-8"
    )
    (root / "demo" / "rules.md").write_text(MOVED, encoding="utf-8")
    store = Counted()
    before = read_folder(root, root / "demo", kept=store)[2]
    (root / "demo" / "rules.md").write_text("More lines.\n\n\n" + MOVED, encoding="utf-8")
    store.put = 0
    moved = read_folder(root, root / "demo", kept=store)[2]
    assert store.put == 0  # the edit is above the first heading: every chunk was moved
    assert moved == read_folder(root, root / "demo")[2]
    names = {r.name: r for r in moved}
    was = {r.name: r for r in before}
    assert {"Halberd", "Brace", "Spear", "Flail"} <= set(names)  # a labelled paragraph and a table's entries
    assert names["Halberd"].versions[0].tables  # and a table of data
    for rule in moved[1:]:  # the preamble, edited, is the first
        assert rule.source.line == was[rule.name].source.line + 3
    assert names["Halberd"].versions[0].tables[0].source.line == was["Halberd"].versions[0].tables[0].source.line + 3


def test_a_body_with_a_gap_is_keyed_by_every_line_of_it() -> None:
    """A Setext lead-in's underline is in no body, so a body can skip a line: two bodies
    with the same lines of text, spanning the same lines, skip different ones here.  Kept
    under one key, the second would be given the first's lines (its labelled paragraphs
    cited a line off); each is read as a read without a store reads it."""
    from referee.sources import markdown
    from referee.sources.document import Document

    brace = "**Brace**: a model with a Halberd braces when charged."
    first = f"# Rules\n\n## Pike\n\nx\n\nNote:\n-----\n\n{brace}\n\n## Note:\n\n{brace}\n"
    second = f"# Rules\n\n## Pike\n\nx\n\n## Note:\n\n{brace}\n\nNote:\n-----\n\n{brace}\n"
    store: dict[str, bytes] = {}
    for text in (first, second):
        kept = markdown.read(Document("demo", "demo/rules.md", "markdown", "core", text, kept=store))
        plain = markdown.read(Document("demo", "demo/rules.md", "markdown", "core", text))
        assert kept == plain
    assert len(store) == 2
    assert [e.source.line for e in plain if e.name == "Brace"] == [9, 14]


def test_a_kept_rule_holds_only_what_it_set_and_a_recalled_one_changes_no_other() -> None:
    """A rule pickled into the store keeps its name, heading and what it set (the rest is the
    class's), its text as where it stands in the lines the chunk's key holds; a recalled rule that is changed after (a note, an alias of a keyword named in
    its text) is given its own list, never the class's, so the next rule read is untouched."""
    import pickle

    from referee.sources import markdown
    from referee.sources.document import Document

    text = "# Rules\n\n## Fear\n\nUnits must flee.\n\n## Charge (C)\n\nUse the weapon keyword \"Melee X\" here.\n"
    store: dict[str, bytes] = {}
    plain = markdown.read(Document("demo", "demo/rules.md", "markdown", "core", text))
    for _ in range(3):  # filled, then twice from the store
        assert markdown.read(Document("demo", "demo/rules.md", "markdown", "core", text, kept=store)) == plain
    (_, rules), = (pickle.loads(v) for v in store.values())  # "# Rules" is the title: no rule
    # each text stands as it is in the chunk's lines (from "## Fear" on): kept as where it stands
    written = text[text.index("## Fear") :]
    assert [{k: v for k, v in vars(r).items() if k != "span"} for r in rules] == [
        {"name": "Fear", "heading": "Fear"},
        {"name": "Charge", "heading": "Charge (C)", "aliases": ["C"]},
    ]
    assert [written[slice(*r.span)] for r in rules] == ["Units must flee.", 'Use the weapon keyword "Melee X" here.']
    assert [e.aliases for e in plain if e.name == "Charge"][0][1].name == "Melee X"  # added after the recall
    assert markdown._SectionRule.aliases == () and markdown._SectionRule.notes == ()


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_text_not_as_written_is_kept_whole_and_every_text_recalled_as_read(newline: str) -> None:
    """Markup, a list's star bullets or a line ending in a carriage return: the text read is not the lines
    as written, so it is kept as read; the rest as where it stands.  Either way a read from
    the store is a read without one, and lines added above move neither."""
    from referee.sources import markdown
    from referee.sources.document import Document

    lines = ["## Fear", "", "Units **must** flee.", "", "## Rally", "", "* once", "* twice", "", "## Hold", "", "Stand.", "", "Fast."]
    text = newline.join(lines)
    store: dict[str, bytes] = {}
    for edited in (text, text, f"Above.{newline}{newline}{text}"):
        plain = markdown.read(Document("demo", "demo/rules.md", "markdown", "core", edited))
        assert markdown.read(Document("demo", "demo/rules.md", "markdown", "core", edited, kept=store)) == plain
    assert [e.text for e in plain[1:]] == ["Units must flee.", "- once\n- twice", "Stand.\n\nFast."]
    (_, rules), = (__import__("pickle").loads(v) for v in store.values())
    assert [r.span is None for r in rules] == [True, True, newline == "\r\n"]
