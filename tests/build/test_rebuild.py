"""A rebuild after an edit writes the edited system, not the corpus, and gives what a build from nothing gives.

The build's parts are the memo's files, linked; the view starts as a copy of the
earlier build's and has only the changed systems' rows taken out and put back
(:func:`referee.build.store.write_systems`); parts no one wrote since a build
recorded them are not checked again.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from referee.build import cache, parts, record, store, workers
from referee.build.view import View
from referee.paths import rules_src_dir
from tests.build.edits import EXTRA, GLOSSARY, edit
from tests.build.tables import store_tables



@pytest.fixture
def rules(tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the project's rules (four systems), built once into a private cache."""
    monkeypatch.setenv(workers.WORKERS, "1")
    monkeypatch.setattr(cache, "code_key", lambda: "code")  # others editing the code mid-test forget nothing
    src = Path(shutil.copytree(rules_src_dir(), tmp_path / "rules_src"))
    cache.load_or_build(src)
    return src



def _watched(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Record the systems whose rows are written, the store copied from, and the parts checked
    (whole, or mapped for a rebuild to take sections from)."""
    seen: dict[str, list[Any]] = {"filled": [], "previous": [], "checked": []}
    fill, write, check = store._fill, store.write_systems, parts.check

    def filled(db: Any, rows: Any, base: Any) -> None:
        seen["filled"].append(base)
        rows = {name: list(given) if name != "drop" else given for name, given in rows.items()}
        seen.setdefault("rows", []).append(rows)
        fill(db, rows, base)

    def written(*args: Any, **kwargs: Any) -> None:
        seen["previous"].append(kwargs.get("previous"))
        write(*args, **kwargs)

    def checked(path: str) -> None:
        seen["checked"].append(os.path.basename(path))
        check(path)

    def opened(path: str) -> Any:
        seen["checked"].append(os.path.basename(path))
        return open_checked(path)

    open_checked = parts.open_checked
    monkeypatch.setattr(store, "_fill", filled)
    monkeypatch.setattr(store, "write_systems", written)
    monkeypatch.setattr(parts, "check", checked)
    monkeypatch.setattr(parts, "open_checked", opened)
    return seen


def _last(src: Path, system: str) -> str:
    """The memo's part of the system's last read (:mod:`referee.build.memo`)."""
    return (Path(cache.memo_folder(src)) / f"last-{system}").read_text(encoding="utf-8").split(" ", 1)[1]


def _same_as_from_nothing(src: Path, tmp_path: Path) -> None:
    built = cache.load_or_build(src)
    whole = record.assemble(src, built.key)
    assert built == whole
    fresh = str(tmp_path / "fresh.sqlite")
    store.write(fresh, View.of(whole).data)
    assert store_tables(fresh) == store_tables(os.path.join(cache.builds_folder(src), f"view-{built.key}.sqlite"))


def test_an_edit_writes_only_its_system_and_the_result_is_a_build_from_nothing(
    rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = cache.load_view(rules).key
    edited = _last(rules, "t9a")
    seen = _watched(monkeypatch)
    edit(rules / GLOSSARY, "Attacks made with a Halberd gain +1 Strength", "Attacks made with a Halberd gain +2 Strength")
    view = cache.load_view(rules)
    assert view.key != before
    t9a = view.systems.index("t9a")
    assert seen["previous"] == [os.path.join(cache.builds_folder(rules), f"view-{before}.sqlite")]
    assert seen["filled"] == [t9a * store.SPAN]  # the other three systems' rows are the copy's
    # and of t9a, only the section the edited rule stands in (:mod:`referee.build.sections`)
    (rows,) = seen["rows"]
    written = {row[1] for row in rows["rules"]}
    assert "t9a/halberd" in written and len(written) < len(list(cache.load_or_build(rules).in_system("t9a")))
    assert len(rows["drop"]["sections"]) == 1  # one section taken out and put back
    assert sorted(rows["drop"]["rule_names"]) == sorted(written)  # the names of the rules put back
    # the unchanged systems' parts are the files the last build recorded: not checked again;
    # the edited system's last part is (the graph's record of its rules is in it)
    assert seen["checked"] == [edited]
    monkeypatch.undo()
    _same_as_from_nothing(rules, tmp_path)


def _parts(src: Path) -> Path:
    return Path(cache._beside(cache.builds_folder(src), "parts"))


def test_unchanged_systems_are_the_memos_files_linked(rules: Path) -> None:
    folder = _parts(rules)
    memo = Path(cache.memo_folder(rules))
    placed = sorted(folder.glob("part-*.pickle"))
    assert len(placed) == 4
    for part in placed:
        kept = part.name.rsplit("-", 1)[0] + ".pickle"  # part-<memo key>-<digest>: the memo's part-<memo key>
        assert os.path.samestat(part.stat(), (memo / kept).stat())


def test_a_view_written_in_place_is_not_copied(rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = cache.load_view(rules).key
    file = os.path.join(cache.builds_folder(rules), f"view-{key}.sqlite")
    db = sqlite3.connect(file)
    with db:
        db.execute("DELETE FROM rule_names WHERE id = 't9a/halberd'")  # a stray write the index cannot see
    db.close()
    seen = _watched(monkeypatch)
    edit(rules / GLOSSARY, "Attacks made with a Halberd gain +1 Strength", "Attacks made with a Halberd gain +2 Strength")
    cache.load_view(rules)
    assert seen["previous"] == [None] and len(seen["filled"]) == 4
    monkeypatch.undo()
    _same_as_from_nothing(rules, tmp_path)


def test_a_part_written_in_place_is_checked_and_read_anew(rules: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memo = Path(cache.memo_folder(rules))
    last, edited = _last(rules, "scrollhammer"), _last(rules, "t9a")
    data = bytearray((memo / last).read_bytes())
    data[200] ^= 0xFF
    (memo / last).write_bytes(bytes(data))
    seen = _watched(monkeypatch)
    edit(rules / GLOSSARY, "Attacks made with a Halberd gain +1 Strength", "Attacks made with a Halberd gain +2 Strength")
    cache.load_view(rules)
    assert set(seen["checked"]) == {last, edited}  # the damaged one found, then read anew
    monkeypatch.undo()
    _same_as_from_nothing(rules, tmp_path)


def test_parts_no_kept_build_names_go_once_stale(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = cache.builds_folder(rules)
    orphan = str(_parts(rules) / "part-0123456789abcdef-0123456789abcdef.pickle")
    Path(orphan).write_bytes(b"old")
    named = sorted(p for p in os.listdir(_parts(rules)) if p != os.path.basename(orphan))
    assert len(named) == 4
    cache._prune(folder)
    assert os.path.exists(orphan)  # placed moments ago: a build may be about to name it
    later = time.time() + 2 * cache.STALE_TMP
    monkeypatch.setattr(cache.time, "time", lambda: later)
    cache._prune(folder)
    assert not os.path.exists(orphan)
    assert sorted(os.listdir(_parts(rules))) == named




def test_sections_added_moved_and_removed_give_the_store_of_a_build_from_nothing(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Small sections, so that each edit adds, moves or takes away some: after each,
    the view that only had the changed sections replaced is the view of a build from nothing."""
    from referee.build import sections

    monkeypatch.setenv(workers.WORKERS, "1")
    monkeypatch.setattr(cache, "code_key", lambda: "code")
    monkeypatch.setattr(sections, "SECTION_RULES", 7)
    src = Path(shutil.copytree(rules_src_dir(), tmp_path / "rules_src"))
    cache.load_or_build(src)
    core = src / "last-edition" / "core-rules.md"
    text = core.read_text(encoding="utf-8")
    middle = text.index("\n## ", len(text) // 2)
    rules_there = len(list(cache.load_or_build(src).in_system("last-edition")))

    def rebuilt() -> dict[str, Any]:
        seen = _watched(monkeypatch)
        cache.load_view(src)
        monkeypatch.setattr(store, "_fill", _FILL)
        monkeypatch.setattr(store, "write_systems", _WRITE)
        monkeypatch.setattr(parts, "check", _CHECK)
        assert seen["previous"][0] is not None  # started from the last view
        (rows,) = seen["rows"]
        _same_as_from_nothing(src, tmp_path)
        return rows

    # a new rule in the middle of a document: the sections after it in that document move
    core.write_text(text[:middle] + "\n## Gloomy Sulk\n\nModels with Gloomy Sulk cannot March Move.\n" + text[middle:], encoding="utf-8")
    rows = rebuilt()
    assert "drop" in rows and 0 < len(rows["rules"]) < rules_there  # the sections from the new rule on, not the system
    assert any(row[1] == "last-edition/gloomy-sulk" for row in rows["rules"])
    # a document added: sections added at the end of its system
    with (src / "last-edition" / "system.toml").open("a", encoding="utf-8") as fh:
        fh.write(EXTRA)
    (src / "last-edition" / "more-rules.md").write_text("# More rules\n\n## Gloom\n\nModels with Gloom sulk.\n", encoding="utf-8")
    rows = rebuilt()
    assert rows["drop"]["sections"] == [] and [row[1] for row in rows["rules"]] == ["last-edition/gloom"]
    # the new rule taken away again: sections go
    core.write_text(text, encoding="utf-8")
    rows = rebuilt()
    assert "drop" in rows and len(rows["drop"]["sections"]) > len({row[0] // parts.SECTION_ROWS for row in rows["rules"]})


_FILL, _WRITE, _CHECK = store._fill, store.write_systems, parts.check
