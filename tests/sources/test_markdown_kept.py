"""The Markdown adapter with a store of the sections it read before (``Document.kept``):
the same entries as a plain read, and after an edit only the chunk of sections
holding it is read again."""

from __future__ import annotations

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
