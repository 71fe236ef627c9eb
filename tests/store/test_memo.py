"""A rebuild after an edit re-reads what the edit touched, and is the build read anew.

(Before issue 27 what a build remembered lay in a memo folder of pickles and part files;
now it is the store's own rows: its systems' keys, its sections, and its ``memo`` table.)"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from referee.graph import effects
from referee.graph.reading import WORKERS
from referee.store import database
from referee.store.load import open_rules
from referee.text import fold
from tests.store.alone import same_as_read_alone
from tests.store.edits import EXTRA, GLOSSARY, edit

CORE = "last-edition/core-rules.md"
MORE = "# More rules\n\n## Gloom\n\nModels with Gloom sulk. A model with Gloom cannot March Move.\n"


def _rebuild(src: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """Build after an edit: the documents an adapter read, and the rules the graph read.  Each
    system read again is what reading it from nothing gives (the tests check that no other was)."""
    documents: list[str] = []
    rules: list[str] = []
    real = effects.read_rule

    def counted(rule, *args):  # type: ignore[no-untyped-def]
        rules.append(rule.id)
        return real(rule, *args)

    monkeypatch.setattr(effects, "read_rule", counted)
    built = open_rules(src, progress=lambda what: documents.append(what) if not what.startswith("relations of") else None).whole()
    monkeypatch.setattr(effects, "read_rule", real)
    same_as_read_alone(built, src, {document.split("/")[0] for document in documents}, src.parent)
    return documents, rules



T9A = ["t9a/universal-rules.txt", GLOSSARY]  # the documents of the system the tests edit, in the order they are read


def test_only_the_edited_system_is_read_again(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its documents are read again by their adapters (kept Markdown sections spare a Markdown
    document's unedited parts), no other system's; the graph reads only the edited rule."""
    edit(rules / GLOSSARY, "Attacks made with a Halberd gain +1 Strength", "Attacks made with a Halberd gain +2 Strength")
    documents, read = _rebuild(rules, monkeypatch)
    assert documents == T9A
    # the graph reads again only rules the glossary gives a version of; other systems not at all
    build = open_rules(rules).whole()
    cited = {r.id for r in build.in_system("t9a") if any(v.source.file == GLOSSARY for v in r.versions)}
    assert "t9a/halberd" in read and set(read) <= cited
    # an edit within a line: only the rule standing on that line is read again
    assert read == ["t9a/halberd"]


def _sections(src: Path, system: str) -> dict[tuple[str, ...], tuple[bytes, bytes]]:
    """The sections the store holds for ``system``: their rules' and graph's bytes, by their rules' ids."""
    db = sqlite3.connect(database.path(src))
    try:
        rows = db.execute("SELECT ids, rules, graph FROM sections WHERE system = ? ORDER BY k", (system,)).fetchall()
    finally:
        db.close()
    return {tuple(json.loads(ids)): (rules, graph) for ids, rules, graph in rows}


def test_a_rebuild_keeps_the_bytes_of_every_section_the_edit_left(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _sections(rules, "t9a")
    edit(rules / GLOSSARY, "Attacks made with a Halberd gain +1 Strength", "Attacks made with a Halberd gain +2 Strength")
    _rebuild(rules, monkeypatch)
    new = _sections(rules, "t9a")
    assert list(new) == list(old) and len(new) >= 2
    changed = [ids for ids in new if new[ids] != old[ids]]
    assert len(changed) == 1 and "t9a/halberd" in changed[0]  # the one section the edited rule stands in


def test_a_line_added_moves_the_rules_below_it_without_reading_them_again(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lines added above a rule move it and what was read in it (:mod:`referee.graph.moved`):
    the rebuild is the build read anew, and reads again only the rules whose lines read
    otherwise.  (Before, every rule below the edit was read again.)"""
    document = "t9a/universal-rules.txt"
    before = open_rules(rules).whole()
    places = {  # every line a rule stands on in the document, its versions' repeats too
        r.id: [s.line for v in r.versions for s in (v.source, *v.also_at) if s.file == document] for r in before.in_system("t9a")
    }
    placed = sorted((min(lines), rid) for rid, lines in places.items() if lines)
    # above an unnamed rule: its id is its line, so it is renamed too, but no sentence
    # can name it, and the rest of the system is not read again for it
    unnamed = [n for n, rid in placed if "/unnamed-" in rid]
    placed = [(n, rid) for n, rid in placed if min(unnamed) < n < max(unnamed)]
    line, middle = placed[len(placed) // 2]
    text = (rules / document).read_text(encoding="utf-8").split("\n")
    (rules / document).write_text("\n".join([*text[: line - 1], "", *text[line - 1 :]]), encoding="utf-8")  # a blank line above it
    documents, read = _rebuild(rules, monkeypatch)  # the build read anew: every line and citation in its place
    assert documents == T9A
    now = open_rules(rules).whole()
    below = {rid for rid, lines in places.items() if any(n >= line for n in lines)}
    gone, came = below - set(now.rules), set(now.rules) - set(before.rules)  # the unnamed rule's id went, a new one came
    assert middle in below and len(below) > 10 and len(gone) == len(came) == 1
    assert now.rules[middle].source.line == before.rules[middle].source.line + 1
    last = max(((max(lines), rid) for rid, lines in places.items() if lines))[1]
    # the one renamed, and the document's last rule, whose lines run to its end (the number
    # of lines is part of what places its sentences)
    assert set(read) == came | {last}


def test_a_text_naming_unnamed_rules_is_read_again_when_one_moves(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a text holds the word "unnamed", its sentence might name an unnamed rule by the
    name it is given, which holds its line: moving one reads that rule's text again (before
    round 26 the whole system was read again), and the rebuild is the build read anew."""
    document = "t9a/universal-rules.txt"
    edit(rules / document, "Place the arriving units", "Unnamed rules aside, place the arriving units")
    _rebuild(rules, monkeypatch)
    text = (rules / document).read_text(encoding="utf-8").split("\n")
    (rules / document).write_text("\n".join([*text[:21], "", *text[21:]]), encoding="utf-8")  # above the unnamed rule at 367
    _, read = _rebuild(rules, monkeypatch)
    assert "t9a/ambush" in read and len(read) < len(list(open_rules(rules).whole().in_system("t9a"))) / 4


def test_nothing_is_read_again_when_nothing_changed_but_the_key(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (rules / "notes").mkdir()  # a new key (a folder without a manifest), the same systems
    assert _rebuild(rules, monkeypatch) == ([], [])


def test_a_renamed_rule_reads_again_the_rules_that_may_name_it(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name added or removed can change what a sentence refers to: the rules whose words may
    spell the old name or the new one are read again, with the renamed rule, not the rest of the
    system (before round 26, all of it), and the rebuild is the build read anew (``_rebuild``)."""
    edit(rules / GLOSSARY, "Hellebarde", "Hellebarte")  # an alias no other text spells
    documents, read = _rebuild(rules, monkeypatch)
    assert documents == T9A and read == ["t9a/halberd"]
    before = open_rules(rules).whole()
    edit(rules / CORE, "**Transport:**", "**Carrier:**")  # a rule three other texts name
    documents, read = _rebuild(rules, monkeypatch)
    assert documents == [CORE]
    rules_there = list(before.in_system("last-edition"))
    naming = {r.id for r in rules_there if "transport" in fold(r.text) and r.id != "last-edition/transport"}
    assert len(naming) >= 3 and naming | {"last-edition/carrier"} <= set(read) and len(read) < len(rules_there) / 4


@pytest.mark.parametrize("n", ["1", "2"])
def test_a_document_added_then_removed(rules: Path, monkeypatch: pytest.MonkeyPatch, n: str) -> None:
    monkeypatch.setenv(WORKERS, n)
    toml = rules / "last-edition" / "system.toml"
    before = toml.read_text(encoding="utf-8")
    (rules / "last-edition" / "more-rules.md").write_text(MORE, encoding="utf-8")
    toml.write_text(before + EXTRA, encoding="utf-8")
    documents, _ = _rebuild(rules, monkeypatch)
    # the core rules are read again, their sections from the store's kept chunks
    assert documents == ["last-edition/core-rules.md", "last-edition/more-rules.md"]
    assert open_rules(rules).whole().lookup("Gloom", "last-edition")
    toml.write_text(before, encoding="utf-8")
    (rules / "last-edition" / "more-rules.md").unlink()
    documents, read = _rebuild(rules, monkeypatch)
    # the store holds one build, whose names had Gloom: the sentences that may name it are read
    # again, and the rebuild is the build read anew (before issue 27 a memo of earlier reads kept
    # the system as it was, for ten minutes, and recalled it whole; before round 26 every sentence
    # of the system was read again)
    assert documents == ["last-edition/core-rules.md"]
    assert len(read) < len(list(open_rules(rules).whole().in_system("last-edition"))) / 4
    assert not open_rules(rules).whole().lookup("Gloom", "last-edition")


@pytest.mark.parametrize("how", ["garbage", "a flipped byte"])
def test_a_damaged_memo_row_is_read_anew(rules: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """A Markdown section's chunk kept in the store's memo that no longer unpacks (or unpacks
    to something else, caught by the compression's check) is read again from the document."""
    db = sqlite3.connect(database.path(rules))
    with db:
        rows = db.execute("SELECT kind, key, value FROM memo WHERE kind = 'markdown'").fetchall()  # not the findings kept
        for kind, key, value in rows:
            damaged = b"garbage" if how == "garbage" else bytes(value[:-5]) + bytes([value[-5] ^ 1]) + bytes(value[-4:])
            db.execute("UPDATE memo SET value = ? WHERE kind = ? AND key = ?", (damaged, kind, key))
    db.close()
    assert rows
    edit(rules / CORE, "Reserve units count as moved", "Reserve units count as having moved")
    documents, _ = _rebuild(rules, monkeypatch)  # the build read anew
    assert documents == [CORE]  # the edited system's: the others are not read at all


def test_what_a_rebuild_read_is_all_the_memo_keeps(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The chunk of a Markdown section's old text goes when it is read again: the memo does not grow with edits."""
    db = sqlite3.connect(database.path(rules))
    before = db.execute("SELECT system, count(*) FROM memo GROUP BY system ORDER BY system").fetchall()
    db.close()
    for n in range(3):
        edit(rules / CORE, "count as moved", f"count as moved{' ' * (n + 1)}")
        _rebuild(rules, monkeypatch)
    db = sqlite3.connect(database.path(rules))
    assert db.execute("SELECT system, count(*) FROM memo GROUP BY system ORDER BY system").fetchall() == before != []
    db.close()


SPELLED_ALIKE = """[[documents]]
path = "rules.md"
format = "markdown"
role = "core"
lang = "en"
"""
FLAMING = "## Flaming Attack\n\nThe attack is flaming.\n\n"
FLAMINGS = "## Flaming Attacks\n\nThe attacks are flaming.\n\n"
GLOOM = "## Gloom\n\nModels with Gloom gain Flaming Attacks.\n"


def test_names_spelled_alike_swapped_read_the_rules_that_name_them_as_a_build_from_nothing(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where two names are spelled alike ("Flaming Attack", "Flaming Attacks"), the one listed
    first is what "Flaming Attacks" in a sentence names: two rules swapped change no name, yet
    what that sentence names, and the rebuild is still the build read anew."""
    system = tmp_path / "rules" / "alike"
    system.mkdir(parents=True)
    (system / "system.toml").write_text(f'id = "alike"\ntitle = "Alike"\n\n{SPELLED_ALIKE}', encoding="utf-8")
    granted = []
    for text in (f"# Rules\n\n{FLAMING}{FLAMINGS}{GLOOM}", f"# Rules\n\n{FLAMINGS}{FLAMING}{GLOOM}"):
        (system / "rules.md").write_text(text, encoding="utf-8")
        _rebuild(tmp_path / "rules", monkeypatch)  # each time the build read anew
        built = open_rules(tmp_path / "rules").whole()
        granted.append([rel.target for rel in built.relations("alike") if rel.source == "alike/gloom" and rel.kind == "grants"])
    assert granted[0] != granted[1]  # the sentence names the rule listed first
