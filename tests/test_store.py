"""The indexed store answers every question of the view exactly as the view does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.build import Build, store
from referee.build.view import View
from referee.errors import RulesError
from referee.graph.explain import explain


@pytest.fixture(scope="module")
def views(rulebase: Build, tmp_path_factory: pytest.TempPathFactory) -> tuple[View, store.StoredView]:
    """The real rules' view in memory, and the same view written and reopened."""
    view = View.of(rulebase)
    file = str(tmp_path_factory.mktemp("store") / "view.sqlite")
    store.write(file, view.data)
    stored = store.open_store(file, view.key)
    assert stored is not None
    return view, stored


def _same(a: object, b: object) -> bool:
    """Equal as JSON: what every command prints."""
    return json.dumps(a, sort_keys=False) == json.dumps(b, sort_keys=False)


def test_the_store_keeps_systems_summaries_and_core_terms(views: tuple[View, store.StoredView]) -> None:
    view, stored = views
    assert stored.key == view.key and stored.systems == view.systems and stored.unmanaged == view.unmanaged
    assert _same(stored.summaries, view.summaries)
    assert all(stored.core_terms(s) == view.core_terms(s) for s in view.systems)
    assert stored.core_terms("no-such-system") == []


def test_every_rule_and_every_list_reads_back_in_order(views: tuple[View, store.StoredView]) -> None:
    view, stored = views
    assert _same(stored.in_system(), view.in_system())
    for system in view.systems:
        assert _same(stored.in_system(system), view.in_system(system))
    for rule in view.in_system():
        assert _same(stored.get(rule["id"]), rule)
    assert stored.get("t9a/no-such-rule") is None


def test_relations_in_and_out_of_every_rule_read_back_in_order(views: tuple[View, store.StoredView]) -> None:
    view, stored = views
    total = 0
    for rule in view.in_system():
        rid = rule["id"]
        assert _same(stored.relations_out(rid), view.relations_out(rid)), rid
        assert _same(stored.relations_in(rid), view.relations_in(rid)), rid
        total += len(view.relations_out(rid))
    assert total > 100


LOOKUPS = ["Hellebarde", "Halberd", "halberds", "FEAR", "t9a/fear", "T9A/Fear", "Multiple Wounds (D3, Clipped Wings)", "Fly", "Nachladen!", "no such rule"]


@pytest.mark.parametrize("query", LOOKUPS)
def test_lookup_finds_what_the_view_finds(views: tuple[View, store.StoredView], query: str) -> None:
    view, stored = views
    for system in [None, *view.systems]:
        assert _same(stored.lookup(query, system), view.lookup(query, system)), (query, system)


def test_every_name_and_alias_looks_up_alike(views: tuple[View, store.StoredView]) -> None:
    view, stored = views
    names = {r["name"] for r in view.in_system()} | {a["name"] for r in view.in_system() for a in r["aliases"]}
    assert len(names) > 100
    for name in sorted(names):
        assert [r["id"] for r in stored.lookup(name)] == [r["id"] for r in view.lookup(name)], name


def test_explain_reads_the_store_as_the_view(views: tuple[View, store.StoredView]) -> None:
    view, stored = views
    for rule in view.in_system():
        assert _same(explain(stored, stored.get(rule["id"])), explain(view, rule)), rule["id"]


def test_the_data_by_name_is_the_views(views: tuple[View, store.StoredView]) -> None:
    view, stored = views
    assert _same(stored.data["rules"], view.data["rules"])
    assert stored.data["names"] == view.data["names"]
    assert stored.data["relations_out"] == view.data["relations_out"]
    assert stored.data["relations_in"] == view.data["relations_in"]
    assert stored.data["relations"] == view.data["relations"]
    names = stored.data["rule_names"]
    assert names.get("t9a/halberd") == "Halberd" and names["t9a/halberd"] == "Halberd" and "t9a/halberd" in names
    assert names.get("t9a/nothing", "x") == "x" and "t9a/nothing" not in names
    with pytest.raises(KeyError):
        stored.data["no such part"]


def test_an_unknown_system_is_the_views_error(views: tuple[View, store.StoredView]) -> None:
    view, stored = views
    with pytest.raises(RulesError) as mine:
        stored.lookup("Fear", "t9x")
    with pytest.raises(RulesError) as theirs:
        view.lookup("Fear", "t9x")
    assert str(mine.value) == str(theirs.value) and "t9x" in str(mine.value)


def test_a_store_of_another_build_is_not_opened(views: tuple[View, store.StoredView], tmp_path: Path) -> None:
    view, _ = views
    file = str(tmp_path / "view.sqlite")
    store.write(file, view.data)
    assert store.open_store(file, "another-key") is None
    assert store.open_store(str(tmp_path / "missing.sqlite"), view.key) is None
    assert store.open_store(file, view.key) is not None


def test_writing_leaves_no_temporary_file(views: tuple[View, store.StoredView], tmp_path: Path) -> None:
    view, _ = views
    store.write(str(tmp_path / "view.sqlite"), view.data)
    assert [p.name for p in tmp_path.iterdir()] == ["view.sqlite"]
