"""The referee answers alike from the view in memory and from the indexed store.

The CLI's warm ``referee resolve`` reads the store (:class:`~referee.build.store.StoredView`,
row by row); a fresh build, the shell's first call and the tests read the view in memory.
Every scenario, every output and every error must be the same from both.
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.build import store
from referee.build.view import View
from referee.errors import RulesError
from referee.resolve import resolve, source
from referee.resolve.render import markdown, site_links
from referee.site import rulebook, urls

SCENARIOS = Path(__file__).parent / "scenarios"

# Beyond the scenario files: errors, a grammar path, families, parameters and unit-less markdown.
EXTRA = [
    ("t9a", "Halberd, Shield", "Fear", ["melee"]),
    ("t9a", "Paired Weapons", "Hand Weapon, Shield", ["melee", "on-foot"]),
    ("t9a", "Fly (8, 16)", None, []),
    ("t9a", "Channel (1), Channel (2)", None, []),
    ("t9a", "Multiple Wounds (D3, Clipped Wings)", None, []),
    ("last-edition", "Ranged 2 heavy", None, ["moved"]),
    ("t9a", "Halbard", None, []),  # no such rule: the same caret from both
    ("t9a", "", None, []),
]


def _questions() -> list[Any]:
    out = [pytest.param(*q, id=f"{q[0]}: {q[1]!r} vs {q[2]!r}") for q in EXTRA]
    for file in sorted(SCENARIOS.glob("*.toml")):
        for case in tomllib.loads(file.read_text(encoding="utf-8"))["scenario"]:
            out.append(pytest.param(file.stem, case["keywords"], case.get("vs"), case.get("when", []), id=f"{file.stem}: {case['name']}"))
    return out


@pytest.fixture(scope="module")
def stored(view: View, tmp_path_factory: pytest.TempPathFactory) -> store.StoredView:
    """The same view written to a store and opened as the CLI opens it."""
    file = str(tmp_path_factory.mktemp("store") / f"view-{view.key}.sqlite")
    store.write(file, view.data)
    found = store.open_store(file, view.key)
    assert found is not None
    return found


def _answer(view: Any, system: str, keywords: str, vs: str | None, when: list[str]) -> tuple[str, str]:
    """The ruling as ``--json`` and ``--format markdown`` print it, or the error's message."""
    try:
        data = resolve(view, system, keywords, vs, when).to_json()
    except RulesError as err:
        return "error", str(err)
    link = site_links((urls, rulebook), "http://127.0.0.1:8000/", view)
    return json.dumps(data, ensure_ascii=False), markdown(data, link)


@pytest.mark.parametrize(("system", "keywords", "vs", "when"), _questions())
def test_the_store_rules_as_the_view(view: View, stored: store.StoredView, system: str, keywords: str, vs: str | None, when: list[str]) -> None:
    assert _answer(stored, system, keywords, vs, when) == _answer(view, system, keywords, vs, when)


def test_a_whole_build_is_read_through_its_view(rulebase: Any, view: View) -> None:
    question = ("t9a", "Halberd, Shield", "Fear", ["melee"])
    assert resolve(rulebase, *question).to_json() == resolve(view, *question).to_json()


def test_every_ability_never_stacks_is_found_in_the_store(view: View, stored: store.StoredView) -> None:
    """The one question about a whole system: the store's answer is the view's, and last-edition has one."""
    for system in view.systems:
        assert source.never_stacking(stored, system) == source.never_stacking(view, system)
    [rel] = source.never_stacking(stored, "last-edition")
    assert rel["citation"]["sentence"].startswith("Any ability that increases or decreases a value in a datasheet never stacks")


def _kept(stored: store.StoredView, system: str) -> str:
    file = source._kept(stored._db, stored.key, system)
    assert file is not None
    return file


def test_the_answer_is_kept_beside_the_store_and_read_back(view: View, stored: store.StoredView, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = source.never_stacking(view, "last-edition")
    file = _kept(stored, "last-edition")
    if os.path.exists(file):
        os.unlink(file)
    assert source.never_stacking(stored, "last-edition") == expected
    assert os.path.isfile(file) and os.path.basename(file).startswith(f"never-{stored.key}-")

    def no_scan(*_: Any) -> Any:
        raise AssertionError("scanned the store again")

    monkeypatch.setattr(source, "_scan", no_scan)
    assert source.never_stacking(stored, "last-edition") == expected


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"key": "another", "system": "last-edition", "relations": []}', b"[1, 2]"])
def test_a_damaged_or_stale_kept_answer_is_made_again(view: View, stored: store.StoredView, damage: bytes) -> None:
    file = _kept(stored, "last-edition")
    source.never_stacking(stored, "last-edition")
    Path(file).write_bytes(damage)
    assert source.never_stacking(stored, "last-edition") == source.never_stacking(view, "last-edition")
    assert json.loads(Path(file).read_text(encoding="utf-8"))["key"] == stored.key


def test_answers_of_builds_whose_store_is_gone_are_removed(stored: store.StoredView) -> None:
    file = _kept(stored, "t9a")
    folder = os.path.dirname(file)
    orphan = os.path.join(folder, "never-0123456789abcdef-0123456789abcdef.json")
    Path(orphan).write_text("{}", encoding="utf-8")
    if os.path.exists(file):
        os.unlink(file)
    source.never_stacking(stored, "t9a")
    assert os.path.isfile(file) and not os.path.exists(orphan)


def test_a_read_only_cache_folder_still_answers(view: View, stored: store.StoredView, monkeypatch: pytest.MonkeyPatch) -> None:
    file = _kept(stored, "whfb-house")
    if os.path.exists(file):
        os.unlink(file)

    def refuse(*_: Any, **__: Any) -> Any:
        raise PermissionError("read-only")

    monkeypatch.setattr("tempfile.mkstemp", refuse)
    assert source.never_stacking(stored, "whfb-house") == source.never_stacking(view, "whfb-house")
    assert not os.path.exists(file)


# Keyword strings with a name that is no rule: a family's word ("Ranged" of "Ranged weapon
# keywords"), a qualifier in brackets ("Clipped Wings"), a misspelling.  The keyword grammar
# (referee.keywords.resolve) looks each up among every rule of the system as a family: the
# one whole-system read left in a ruling (referee/resolve/source.py).
FAMILY_WORDS = {"Ranged 2 heavy", "Melee 2 charge 1", "Multiple Wounds (D3, Clipped Wings)", "Halbard"}


@pytest.mark.parametrize(("system", "keywords", "vs", "when"), [q for q in _questions() if q.values[1] not in FAMILY_WORDS])
def test_a_ruling_reads_only_the_rows_it_names(stored: store.StoredView, system: str, keywords: str, vs: str | None, when: list[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """No question reads every rule or every relation of the store (the kept "never stacks" answer aside)."""
    for system_ in stored.systems:
        source.never_stacking(stored, system_)  # kept beside the store, as after the first call

    def whole(*_: Any, **__: Any) -> Any:
        raise AssertionError("read a whole system")

    monkeypatch.setattr(store.StoredView, "in_system", whole)
    monkeypatch.setattr(source, "_scan", whole)
    monkeypatch.setattr(store._Data, "__getitem__", lambda self, name: whole() if name in ("rules", "relations", "relations_out", "relations_in", "names") else _DATA(self, name))
    _answer(stored, system, keywords, vs, when)


_DATA = store._Data.__getitem__
