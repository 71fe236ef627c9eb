"""A rebuild after an edit writes the rows the edit changed, and gives the store a build from nothing gives.

Of a system read again, only the sections whose rows changed are taken out and
put back (:func:`referee.store.writer.write_system`); systems whose files did
not change are not read, and their rows stay as they are.  What an edit replaced
is gone: the store does not grow from rebuild to rebuild.
(Before issue 27 a rebuild copied the last view file and linked part files; these
tests then watched the copy and the links.)
"""

from __future__ import annotations

import functools
import json
import os
import random
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from referee.store import database, record, writer
from referee.rulebase.load import system_folders
from referee.store.load import open_rules
from tests.store.edits import EXTRA, GLOSSARY, edit
from tests.store.alone import part
from tests.store.conftest import STARTED_FROM
from tests.store.tables import store_tables, system_rows


def _watched(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Record the systems written, and the sections whose rows were put back so far: those
    whose row in ``sections`` (rules and digest at their place) differs from the last build's."""
    seen: dict[str, list[Any]] = {"systems": [], "sections": []}
    write = writer.write_system
    query = "SELECT k, ids, digest FROM sections WHERE system = ?"

    def written(db: Any, read: Any, place: int) -> None:
        seen["systems"].append(read.system)
        then, done = set(db.execute(query, (read.system,))), len(seen["sections"])

        def changed() -> None:
            seen["sections"][done:] = [tuple(json.loads(ids)) for k, ids, dig in db.execute(query, (read.system,)) if (k, ids, dig) not in then]

        def taken() -> Iterator[Any]:  # looked at as each section is taken, the last one written
            for section in read.sections:
                changed()
                yield section

        write(db, replace(read, sections=taken()), place)
        changed()

    monkeypatch.setattr(writer, "write_system", written)
    return seen


def _same_as_from_nothing(src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store after the rebuilds holds what a build of the same rules into an empty cache
    writes, and gives the same build, system by system (systems are namespaces: a system
    read alone is its part of the whole build, tests/store/test_alone.py).  A system whose
    files are those the test started from is, row for row and as a build, what the store the
    test's was copied from (a build from nothing) holds of it; every other one is what its
    folder alone built into an empty cache gives.  (Before round 23 the four systems were
    built again from nothing for each comparison.)"""
    stored = open_rules(src)
    built = stored.whole()
    store, started = database.path(src), STARTED_FROM[src]
    folders, others = system_folders(src.resolve())
    db = sqlite3.connect(store)
    meta = {name: json.loads(value) for name, value in db.execute("SELECT name, value FROM meta")}
    db.close()
    assert meta["systems"] == built.systems == [f.name for f in folders] and meta["unmanaged"] == [f.name for f in others]
    assert meta["key"] == built.key == database.hashed(str(src), None)[0]
    db = sqlite3.connect(started)
    began = dict(db.execute("SELECT id, read_key FROM systems"))
    db.close()
    for system in built.systems:
        if began.get(system) == system_rows(store, system)["keys"][0][0]:  # the files it was first read from
            assert system_rows(store, system) == system_rows(started, system), system
            assert part(built, system) == part(_started_build(started), system), system
            continue
        alone = tmp_path / f"alone-{len(os.listdir(tmp_path))}"
        shutil.copytree(src / system, alone / "rules" / system)
        with monkeypatch.context() as m:
            m.setenv("REFEREE_CACHE_DIR", str(alone / "cache"))
            fresh = open_rules(alone / "rules")
            assert system_rows(store, system) == system_rows(database.path(alone / "rules"), system), system
            assert part(built, system) == part(fresh.whole(), system), system
            assert _answered(stored, system) == _answered(fresh, system), system


def _answered(stored: Any, system: str) -> dict[str, Any]:
    """What a reader of the store is given of ``system``: its rules and relations, one by one and
    all at once, and the answers that quote relations."""
    rules = stored.in_system(system)
    return {
        "rules": rules,
        "relations": stored.relations(system),
        "one by one": [(stored.get(r["id"]), stored.relations_out(r["id"]), stored.relations_in(r["id"])) for r in rules],
        "never_stacking": stored.never_stacking(system),
    }


@functools.cache
def _started_build(store: str) -> record.Build:
    """The build a store the tests start from holds (never written after it was made)."""
    db = sqlite3.connect(store)
    try:
        meta = {name: json.loads(value) for name, value in db.execute("SELECT name, value FROM meta")}
        return record.from_store(db, meta["key"], tuple(meta["unmanaged"]))
    finally:
        db.close()


def test_an_edit_writes_only_its_section_and_the_result_is_a_build_from_nothing(
    rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = open_rules(rules).key
    db = sqlite3.connect(database.path(rules))
    kept = db.execute("SELECT seq, id FROM rules WHERE system != 't9a' ORDER BY seq").fetchall()
    db.close()
    edit(rules / GLOSSARY, "Attacks made with a Halberd gain +1 Strength", "Attacks made with a Halberd gain +2 Strength")
    with monkeypatch.context() as m:
        seen = _watched(m)
        assert open_rules(rules).key != before
    assert seen["systems"] == ["t9a"]  # the other three systems were not read, their rows not touched
    [ids] = seen["sections"]  # of t9a, only the section the edited rule stands in
    assert "t9a/halberd" in ids and len(ids) < len(list(open_rules(rules).in_system("t9a")))
    db = sqlite3.connect(database.path(rules))
    assert db.execute("SELECT seq, id FROM rules WHERE system != 't9a' ORDER BY seq").fetchall() == kept
    db.close()
    _same_as_from_nothing(rules, tmp_path, monkeypatch)


def test_an_edit_replaces_the_kinds_rows_of_its_section_only(small_sections: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules opening a sentence on units of a kind are kept section by section (the ``kinds``
    table): a rule whose sentence now opens on another kind changes its section's rows, no
    other section's, and a reader joins the rows as a build from nothing gives them."""
    rules = small_sections
    store = open_rules(rules)
    reserve = store.unit_kind("last-edition", "reserve")
    assert reserve and store.unit_kind("last-edition", "gloomy") == []
    query = "SELECT kind, k, rules FROM kinds WHERE system = 'last-edition'"
    db = sqlite3.connect(database.path(rules))
    then = set(db.execute(query))
    db.close()
    edit(rules / "last-edition" / "core-rules.md", "Reserve units count as moved", "Gloomy units count as moved")
    store = open_rules(rules)
    db = sqlite3.connect(database.path(rules))
    now = set(db.execute(query))
    db.close()
    assert len({k for _, k, _ in then ^ now}) == 1  # the rows of one section went or came
    [gloomy] = store.unit_kind("last-edition", "gloomy")
    assert gloomy[0] in [rid for rid, _ in reserve]  # the rule whose sentence said "Reserve units count as moved"
    _same_as_from_nothing(rules, tmp_path, monkeypatch)


def _size(src: Path) -> tuple[int, int]:
    """The store's size on disk, and its free pages."""
    db = sqlite3.connect(database.path(src))
    try:
        return os.path.getsize(database.path(src)), db.execute("PRAGMA freelist_count").fetchone()[0]
    finally:
        db.close()


def test_the_store_does_not_grow_from_rebuild_to_rebuild(rules: Path) -> None:
    """What an edit replaced is gone, and the pages it freed go back to the file system."""
    universal = rules / "t9a" / "universal-rules.txt"
    text = universal.read_text(encoding="utf-8")
    sizes = []
    for n in range(4):  # a space at the end of every line: every section of the document is written again
        universal.write_text("\n".join(line + " " * n for line in text.split("\n")), encoding="utf-8")
        open_rules(rules)
        sizes.append(_size(rules))
    assert max(size for size, _ in sizes[1:]) <= sizes[0][0] * 1.05, sizes
    assert all(free <= 16 for _, free in sizes), sizes  # freed pages handed back (a stamp taken again since frees a few)


def test_a_system_removed_takes_its_rows_with_it(rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.rmtree(rules / "scrollhammer")
    before = _size(rules)[0]
    stored = open_rules(rules)
    assert "scrollhammer" not in stored.systems
    size, free = _size(rules)
    assert free == 0 and size < before  # the pages its rows took are handed back, every one
    db = sqlite3.connect(database.path(rules))
    for table in ("rules", "names", "units", "answers", "sections", "memo"):
        assert db.execute(f"SELECT count(*) FROM {table} WHERE system = 'scrollhammer'").fetchone()[0] == 0, table
    db.close()
    _same_as_from_nothing(rules, tmp_path, monkeypatch)


def test_a_build_that_fails_leaves_the_last_one(rules: Path) -> None:
    """A transaction: the rows of the systems read before the failure are not kept."""
    from referee.errors import RulesError

    before = store_tables(database.path(rules))
    edit(rules / GLOSSARY, "Attacks made with a Halberd gain +1 Strength", "Attacks made with a Halberd gain +2 Strength")
    (rules / "whfb-house" / "house-rules-8th-edition.md").write_bytes(b"# House\n\n\xff bad bytes\n")
    with pytest.raises(RulesError):
        open_rules(rules)
    assert store_tables(database.path(rules)) == before


def test_a_failure_among_the_sections_written_leaves_the_last_build(small_sections: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sections are read as the writer takes them: a failure after some of a system's
    sections (small: some before and after the failing rule) were written rolls all of them
    back, and the next build is whole."""
    from referee.graph import effects

    rules = small_sections
    before = store_tables(database.path(rules))
    core = rules / "last-edition" / "core-rules.md"
    text = core.read_text(encoding="utf-8")
    real = effects.read_rule
    written = _watched(monkeypatch)

    def failing(rule, *args):  # type: ignore[no-untyped-def]
        if written["sections"]:  # once a section of the edit was written
            raise RuntimeError("the reader broke")
        return real(rule, *args)

    edited = text.replace("Models can see through other models", "Models can look through other models", 1)
    core.write_text(edited.replace("All other additional units cost at least", "All other additional units cost no less than", 1), encoding="utf-8")
    monkeypatch.setattr(effects, "read_rule", failing)
    with pytest.raises(RuntimeError, match="the reader broke"):
        open_rules(rules)
    assert written["sections"] and store_tables(database.path(rules)) == before
    monkeypatch.setattr(effects, "read_rule", real)
    _same_as_from_nothing(rules, tmp_path, monkeypatch)


def test_sections_added_moved_and_removed_give_the_store_of_a_build_from_nothing(
    small_sections: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Small sections, so that each edit adds, moves or takes away some: after each,
    the store that only had the changed sections replaced is the store of a build from nothing."""
    rules = small_sections
    core = rules / "last-edition" / "core-rules.md"
    text = core.read_text(encoding="utf-8")
    middle = text.index("\n## ", len(text) // 2)
    rules_there = len(list(open_rules(rules).in_system("last-edition")))

    def rebuilt() -> list[Any]:
        with monkeypatch.context() as m:
            seen = _watched(m)
            open_rules(rules)
        assert seen["systems"] == ["last-edition"]
        _same_as_from_nothing(rules, tmp_path, monkeypatch)
        return seen["sections"]

    # a new rule in the middle of a document: the sections after it in that document move
    core.write_text(text[:middle] + "\n## Gloomy Sulk\n\nModels with Gloomy Sulk cannot March Move.\n" + text[middle:], encoding="utf-8")
    written = rebuilt()
    assert 0 < sum(map(len, written)) < rules_there and any("last-edition/gloomy-sulk" in ids for ids in written)
    # a document added: sections added at the end of its system
    with (rules / "last-edition" / "system.toml").open("a", encoding="utf-8") as fh:
        fh.write(EXTRA)
    (rules / "last-edition" / "more-rules.md").write_text("# More rules\n\n## Gloom\n\nModels with Gloom sulk.\n", encoding="utf-8")
    assert rebuilt()  # the new rule's name changes every sentence's names: read again, rows kept where they are the same
    # the new rule taken away again: sections go
    core.write_text(text, encoding="utf-8")
    rebuilt()
    # a space on a blank line between two rules, which no rule stands on: a section's digest
    # covers its lines from its first rule's to its last's, so the section holding both rules
    # (if one does) is read again, each rule taking what was read in it; no other is
    order = list(open_rules(rules).whole().in_system("last-edition"))
    runs = record.runs(order)
    at = next(k for k, run in enumerate(runs) if run[0].source.file.endswith("core-rules.md") and len(run) > 1)
    one, two = runs[at][0], runs[at][1]
    assert one.source.end_line + 1 < two.source.line  # a blank line between them
    lines = text.split("\n")
    lines[two.source.line - 2] += " "
    core.write_text("\n".join(lines), encoding="utf-8")
    assert [set(ids) for ids in rebuilt()] == [{rule.id for rule in runs[at]}]


def test_a_rule_renamed_in_its_case_alone_writes_the_sections_whose_relations_name_it(
    small_sections: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A heading whose case alone changes keeps its rule's id and every folded name, so no
    reading asks anew; but the relation rows of other sections that point at the rule spell its
    name: those sections are written again (with the rule's own and its sub-rules', whose
    category is its heading), and no other."""
    rules = small_sections
    core = rules / "last-edition" / "core-rules.md"
    lines = core.read_text(encoding="utf-8").split("\n")
    whole = open_rules(rules).whole()
    runs = record.runs(list(whole.in_system("last-edition")))
    k_of = {rule.id: k for k, run in enumerate(runs) for rule in run}

    def pointing(rule: Any) -> set[int]:  # the sections of other rules than its sub-rules with a relation pointing at it
        return {k_of[rel.source] for rel in whole.relations("last-edition") if rel.target == rule.id and rel.source not in rule.children} - {k_of[rule.id]}

    named = (r for r in whole.in_system("last-edition") if r.source.file.endswith("core-rules.md") and r.name in lines[r.source.line - 1])
    rule = next(r for r in named if r.name != r.name.title() and pointing(r))
    lines[rule.source.line - 1] = lines[rule.source.line - 1].replace(rule.name, rule.name.title(), 1)
    core.write_text("\n".join(lines), encoding="utf-8")
    with monkeypatch.context() as m:
        seen = _watched(m)
        stored = open_rules(rules)
    assert stored.get(rule.id)["name"] == rule.name.title()
    expected = {k_of[rule.id], *(k_of[child] for child in rule.children), *pointing(rule)}
    assert sorted(map(set, seen["sections"]), key=sorted) == sorted(({r.id for r in runs[k]} for k in expected), key=sorted)
    _same_as_from_nothing(rules, tmp_path, monkeypatch)


def test_lines_added_above_sections_move_them_and_keep_their_rows(small_sections: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two lines added in the middle of a document move every rule below them and change
    nothing else of them: a section whose rules all stand below is not written again but
    says it moved two lines down, and readers read it there, as after a build from nothing;
    only a section with rules on both sides, or whose rule the lines join, is written again.
    The lines taken out again, every section stands where it was written."""
    rules = small_sections
    core = rules / "last-edition" / "core-rules.md"
    text = core.read_text(encoding="utf-8")
    runs = record.runs(list(open_rules(rules).whole().in_system("last-edition")))
    mine = [k for k, run in enumerate(runs) if run[0].source.file == "last-edition/core-rules.md"]
    below = runs[mine[len(mine) // 2]]
    at = below[0].source.line  # the lines go above the first rule of a section in the middle
    under = [k for k, run in enumerate(runs) if all(r.source.file == "last-edition/core-rules.md" and r.source.line >= at for r in run)]
    lines = text.split("\n")
    query = "SELECT k, ids, base, shift FROM sections WHERE system = 'last-edition' ORDER BY k"
    db = sqlite3.connect(database.path(rules))
    then = db.execute(query).fetchall()
    db.close()
    assert {shift for *_, shift in then} == {0} and len(under) > 3
    for written, shift in (("\n".join([*lines[: at - 1], "A line more.", "", *lines[at - 1 :]]), 2), (text, 0)):
        core.write_text(written, encoding="utf-8")
        with monkeypatch.context() as m:
            seen = _watched(m)
            open_rules(rules)
        assert seen["systems"] == ["last-edition"] and len(seen["sections"]) <= 2
        assert not {tuple(r.id for r in runs[k]) for k in under} & set(seen["sections"])
        db = sqlite3.connect(database.path(rules))
        now = db.execute(query).fetchall()
        db.close()
        assert [now[k] for k in under] == [(*then[k][:3], shift) for k in under]  # rows as written, and how far they moved
        assert all(row[3] == 0 for k, row in enumerate(now) if k not in under)
        assert open_rules(rules).get(below[0].id)["source"]["line"] == at + shift
        _same_as_from_nothing(rules, tmp_path, monkeypatch)


def test_a_rule_added_writes_its_own_section_and_the_sections_that_may_name_it(
    small_sections: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sections are cut by their rules' ids, so a rule added in the middle of a document changes
    its own section (or two, where it cuts one), not every later one; its name is new, so the
    sections of rules whose words may spell it are read again.  A section of the same rules as
    before the rebuild, all below the new rule and none spelling the name's first word, is not
    written again; the rebuild, and the document put back, give the store of a build from nothing."""
    rules = small_sections
    core = rules / "last-edition" / "core-rules.md"
    text = core.read_text(encoding="utf-8")
    middle = text.index("\n## ", len(text) // 2)
    line = text.count("\n", 0, middle) + 1
    cut = {tuple(r.id for r in run) for run in record.runs(list(open_rules(rules).whole().in_system("last-edition")))}
    for name, said in (("Gloomy Sulk", "Models with Gloomy Sulk cannot March Move."), ("Objectives Held", "Nothing more.")):
        for written in (f"{text[:middle]}\n## {name}\n\n{said}\n{text[middle:]}", text):
            core.write_text(written, encoding="utf-8")
            with monkeypatch.context() as m:
                seen = _watched(m)
                open_rules(rules)
            assert seen["systems"] == ["last-edition"]
            runs = record.runs(list(open_rules(rules).whole().in_system("last-edition")))
            first, last_cut = name.split()[0].lower(), cut
            cut = {tuple(r.id for r in run) for run in runs}
            below = {
                tuple(r.id for r in run) for run in runs
                if tuple(r.id for r in run) in last_cut and all(v.source.file == "last-edition/core-rules.md" and v.source.line > line + 4 for r in run for v in r.versions)
                and not any(first in r.text.lower() for r in run)
            }  # fmt: skip
            _same_as_from_nothing(rules, tmp_path, monkeypatch)
            assert len(below) > 5 and below.isdisjoint(seen["sections"]), name
            if first == "gloomy":  # a name no text spells: its own section and the one after, which its cut moved
                assert len(seen["sections"]) < len(runs) / 4, name


DOCUMENTS = ("last-edition/core-rules.md", "scrollhammer/special-rules.wiki", "t9a/universal-rules.txt",
             "t9a/army-builder-glossary-en-de.txt", "whfb-house/house-rules-8th-edition.md")


@pytest.mark.slow
def test_lines_added_anywhere_in_every_format_give_the_store_of_a_build_from_nothing(
    small_sections: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In each document of every format, lines added at places drawn at random (a fixed seed) in
    its first half, a blank one or one of text, then the document put back: each time, what
    readers read is what a build of the same rules from nothing gives, and sections moved by
    the lines were kept as they were written."""
    rules = small_sections
    draw = random.Random(26)
    moved_kept = 0
    for document in DOCUMENTS * 3:
        path = rules / document
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        at = draw.randrange(1, len(lines) // 2)
        added = draw.choice(["", "An extra line of text.", "", "Another line."])
        for written in ("\n".join([*lines[:at], added, *lines[at:]]), text):
            path.write_text(written, encoding="utf-8")
            with monkeypatch.context() as m:
                seen = _watched(m)
                open_rules(rules)
            assert seen["systems"] == [document.partition("/")[0]], document
            db = sqlite3.connect(database.path(rules))
            moved_kept += db.execute("SELECT count(*) FROM sections WHERE shift != 0").fetchone()[0]
            db.close()
            _same_as_from_nothing(rules, tmp_path, monkeypatch)
    assert moved_kept > 0


MARKDOWN = ("last-edition/core-rules.md", "whfb-house/house-rules-8th-edition.md")


@pytest.mark.slow
def test_rules_added_renamed_and_removed_at_random_give_the_store_of_a_build_from_nothing(
    small_sections: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In both Markdown documents, edits drawn at random (a fixed seed) that change the
    system's names: a heading renamed to another rule's words, a heading's rule removed, a
    rule added whose text names rules of the system, a heading written twice.  After each
    edit, and the document put back, the store is the store of a build from nothing."""
    rules = small_sections
    draw = random.Random(2611)
    for document in MARKDOWN * 2:
        path = rules / document
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        headings = [n for n, line in enumerate(lines) if line.startswith("#") and n > 2]
        names = [lines[n].lstrip("#* ").rstrip(":* ") for n in headings]
        at = draw.choice(headings)
        kind = draw.choice(["renamed", "removed", "added", "twice"])
        edited = list(lines)
        if kind == "renamed":
            edited[at] = lines[at].split(" ", 1)[0] + " " + " ".join(draw.sample(" ".join(names).split(), 2))
        elif kind == "removed":
            end = next((n for n in headings if n > at), len(lines))
            del edited[at:end]
        elif kind == "added":
            said = f"Models with {draw.choice(names)} gain {draw.choice(names)}."
            edited[at:at] = [lines[at].split(" ", 1)[0] + " Gloomy " + draw.choice(names), "", said, ""]
        else:
            edited[at:at] = [lines[at], "", "A second text of it.", ""]
        for written in ("\n".join(edited), text):
            path.write_text(written, encoding="utf-8")
            with monkeypatch.context() as m:
                seen = _watched(m)
                open_rules(rules)
            assert seen["systems"] == [document.partition("/")[0]], (document, kind)
            _same_as_from_nothing(rules, tmp_path, monkeypatch)


# Edits of one kind each to a copy of a Markdown document of the project's rules: (what is
# written, what replaces it).  Each changes what a rule is in another way: its text, its
# name and id, its aliases, its sub-rules' category, the rules there are, the lines every
# later rule stands on, a heading written twice (two rules of one name).
KINDS = {
    "a text changed": ("The game consists of 5 rounds.", "The game consists of 6 rounds."),
    "a heading renamed": ("#### **(O)Advancing:**", "#### **(O)Advancing Boldly:**"),
    "an alias added": ("### **Playing by intent:**", "### **Playing by intent (PBI):**"),
    "a category heading renamed": ("## **DICE:**", "## **DICE ROLLS:**"),
    "a section added": ("## **STARTING THE GAME**", "### **Gloomy Sulk:**\n\nModels with Gloomy Sulk cannot March Move.\n\n## **STARTING THE GAME**"),
    "a section removed": ("### **Improving dice step:**\n", ""),
    "a line added above every rule": ("Play “the last edition”!\n", "Play “the last edition”!\n\nA line more.\n"),
    "a heading written twice": ("## **STARTING THE GAME**", "### **Rounds:**\n\nA second text of rounds, of its own.\n\n## **STARTING THE GAME**"),
}


@pytest.mark.slow
def test_each_kind_of_edit_and_its_undoing_give_the_store_of_a_build_from_nothing(
    small_sections: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In small sections (so that every edit has sections before and after it), each kind of
    edit, then the document put back, rebuilds only the system edited, into the store a
    build of the same rules from nothing writes."""
    rules = small_sections
    core = rules / "last-edition" / "core-rules.md"
    text = core.read_text(encoding="utf-8")
    for kind, (old, new) in KINDS.items():
        assert old in text, kind
        for written in (text.replace(old, new, 1), text):
            core.write_text(written, encoding="utf-8")
            with monkeypatch.context() as m:
                seen = _watched(m)
                open_rules(rules)
            assert seen["systems"] == ["last-edition"], kind
            _same_as_from_nothing(rules, tmp_path, monkeypatch)
