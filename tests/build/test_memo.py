"""A rebuild after an edit re-reads what the edit touched, and is the build read anew."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.build import cache, parts, record, workers
from referee.graph import effects
from referee.paths import rules_src_dir
from tests.build.edits import EXTRA, GLOSSARY, edit

MORE = "# More rules\n\n## Gloom\n\nModels with Gloom sulk. A model with Gloom cannot March Move.\n"


@pytest.fixture
def rules(tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the project's rules, built once into a private cache."""
    monkeypatch.setenv(workers.WORKERS, "1")  # in this process, so the readers can be counted
    monkeypatch.setattr(cache, "code_key", lambda: "code")  # others editing the code mid-test forget nothing
    src = Path(shutil.copytree(rules_src_dir(), tmp_path / "rules_src"))
    cache.load_or_build(src)
    return src


def _rebuild(src: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """Build after an edit: the documents an adapter read, and the rules the graph read."""
    documents: list[str] = []
    rules: list[str] = []
    real = effects.read_rule

    def counted(rule, *args):  # type: ignore[no-untyped-def]
        rules.append(rule.id)
        return real(rule, *args)

    monkeypatch.setattr(effects, "read_rule", counted)
    built = cache.load_or_build(src, progress=lambda what: documents.append(what) if not what.startswith("relations of") else None)
    monkeypatch.setattr(effects, "read_rule", real)
    assert built == record.assemble(src, built.key)  # what a build without any cache reads
    return documents, rules



def test_an_edited_document_is_the_only_one_read_again(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit(rules / GLOSSARY, "Attacks made with a Halberd gain +1 Strength", "Attacks made with a Halberd gain +2 Strength")
    documents, read = _rebuild(rules, monkeypatch)
    assert documents == [GLOSSARY]
    # the graph reads again only rules the glossary gives a version of; other systems not at all
    build = cache.load_or_build(rules)
    cited = {r.id for r in build.in_system("t9a") if any(v.source.file == GLOSSARY for v in r.versions)}
    assert "t9a/halberd" in read and set(read) <= cited
    # an edit within a line: only the rule standing on that line is read again
    assert read == ["t9a/halberd"]


def _sections(src: Path, system: str) -> dict[tuple[str, ...], parts.Section]:
    """The sections of the part the memo last kept for ``system``."""
    folder = Path(cache.memo_folder(src))
    name = (folder / f"last-{system}").read_text().split(" ", 1)[1]
    _, found, _ = parts.load_sections(parts.open_checked(str(folder / name)))
    return {ids: read() for ids, read in found.items()}


def test_a_rebuild_keeps_the_bytes_of_every_section_the_edit_left(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _sections(rules, "t9a")
    edit(rules / GLOSSARY, "Attacks made with a Halberd gain +1 Strength", "Attacks made with a Halberd gain +2 Strength")
    _rebuild(rules, monkeypatch)
    new = _sections(rules, "t9a")
    assert list(new) == list(old) and len(new) >= 2
    changed = [ids for ids in new if new[ids] != old[ids]]
    assert len(changed) == 1 and "t9a/halberd" in changed[0]  # the one section the edited rule stands in


def test_a_line_added_reads_again_the_rules_below_it_in_that_document(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    document = "t9a/universal-rules.txt"
    before = cache.load_or_build(rules)
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
    documents, read = _rebuild(rules, monkeypatch)
    assert documents == [document]
    now = cache.load_or_build(rules)
    below = {rid for rid, lines in places.items() if any(n >= line for n in lines)}
    above = {rid for rid, lines in places.items() if lines and all(n < line for n in lines)}
    gone, came = below - set(now.rules), set(now.rules) - set(before.rules)  # the unnamed rule's id went, a new one came
    assert middle in below and above and len(below) > 1 and len(gone) == len(came) == 1
    assert set(read) == (below & set(now.rules)) | came  # every rule whose lines moved, none above the blank line


def test_a_text_naming_unnamed_rules_keeps_their_names_in_the_key(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a text holds the word "unnamed", a sentence might name an unnamed rule by
    the name it is given: moving one then reads the whole system again."""
    document = "t9a/universal-rules.txt"
    edit(rules / document, "Place the arriving units", "Unnamed rules aside, place the arriving units")
    _rebuild(rules, monkeypatch)
    text = (rules / document).read_text(encoding="utf-8").split("\n")
    (rules / document).write_text("\n".join([*text[:21], "", *text[21:]]), encoding="utf-8")  # above the unnamed rule at 367
    _, read = _rebuild(rules, monkeypatch)
    assert sorted(read) == sorted(r.id for r in cache.load_or_build(rules).in_system("t9a"))


def test_nothing_is_read_again_when_nothing_changed_but_the_key(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (rules / "notes").mkdir()  # a new key (a folder without a manifest), the same systems
    assert _rebuild(rules, monkeypatch) == ([], [])


def test_a_renamed_rule_reads_its_system_again(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name added or removed can change what any sentence of the system refers to."""
    edit(rules / GLOSSARY, "Hellebarde", "Hellebarte")
    documents, read = _rebuild(rules, monkeypatch)
    assert documents == [GLOSSARY]
    build = cache.load_or_build(rules)
    assert sorted(read) == sorted(r.id for r in build.in_system("t9a"))  # every rule of t9a, no other


@pytest.mark.parametrize("n", ["1", "2"])
def test_a_document_added_then_removed(rules: Path, monkeypatch: pytest.MonkeyPatch, n: str) -> None:
    monkeypatch.setenv(workers.WORKERS, n)
    toml = rules / "last-edition" / "system.toml"
    before = toml.read_text(encoding="utf-8")
    (rules / "last-edition" / "more-rules.md").write_text(MORE, encoding="utf-8")
    toml.write_text(before + EXTRA, encoding="utf-8")
    documents, _ = _rebuild(rules, monkeypatch)
    if n == "1":
        assert documents == ["last-edition/more-rules.md"]  # the core rules are recalled
    assert cache.load_or_build(rules).lookup("Gloom", "last-edition")
    toml.write_text(before, encoding="utf-8")
    (rules / "last-edition" / "more-rules.md").unlink()
    documents, read = _rebuild(rules, monkeypatch)
    assert documents == [] and not read  # the system as it was: recalled whole
    assert not cache.load_or_build(rules).lookup("Gloom", "last-edition")


def test_a_damaged_memo_file_is_read_anew(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memo = Path(cache.memo_folder(rules))
    for file in memo.iterdir():
        file.write_bytes(b"garbage")
    edit(rules / GLOSSARY, "+1 Armour Penetration", "+2 Armour Penetration")
    documents, _ = _rebuild(rules, monkeypatch)
    assert sorted(documents) == sorted(f"{p.parent.name}/{p.name}" for p in rules.glob("*/*") if p.name != "system.toml")


@pytest.mark.parametrize("where", [200, -20], ids=["in its build", "in its rows or record"])
def test_a_part_changed_in_place_is_read_anew_not_copied(rules: Path, monkeypatch: pytest.MonkeyPatch, where: int) -> None:
    """A byte flipped in a kept system's part (a bad disk, a stray write) fails its
    digest: the system is read again, and the build is the right one."""
    memo = Path(cache.memo_folder(rules))
    [last] = [p for p in memo.glob("last-scrollhammer")]
    part = memo / last.read_text(encoding="utf-8").split(" ", 1)[1]
    data = bytearray(part.read_bytes())
    data[where if where > 0 else len(data) + where] ^= 0xFF
    part.write_bytes(bytes(data))
    (rules / "notes").mkdir()  # a new key: a folder without a manifest
    documents, read = _rebuild(rules, monkeypatch)
    assert documents == []  # its document's entries are still known
    assert sorted(read) == sorted(r.id for r in cache.load_or_build(rules).in_system("scrollhammer"))


def test_a_document_memo_changed_in_place_is_not_recalled(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A flipped byte may still unpickle: the digest says the entries are not the ones kept."""
    for file in Path(cache.memo_folder(rules)).glob("doc-*"):
        data = bytearray(file.read_bytes())
        data[-5] ^= 0x01
        file.write_bytes(bytes(data))
    edit(rules / GLOSSARY, "+1 Armour Penetration", "+2 Armour Penetration")
    documents, _ = _rebuild(rules, monkeypatch)
    assert documents == ["t9a/universal-rules.txt", GLOSSARY]
