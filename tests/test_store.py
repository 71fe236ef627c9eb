"""The store answers every question of the one reading interface as the build does.

(Before issue 27 this compared the SQLite view with an in-memory view of dicts;
now there is one store, written either from what each system's reading gave
(the cache) or from a build handed in (:meth:`Stored.of`), and both must give
what the record classes say.)
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from referee.errors import RulesError
from referee.graph.explain import explain
from referee.store import database, record
from referee.store.answers import relation_data
from referee.store.load import open_rules
from referee.store.record import Build
from referee.store.rows import Stored
from tests.conftest import RULES_SRC


@pytest.fixture(scope="module")
def stores(rulebase: Build) -> tuple[Stored, Stored]:
    """The cache's store of the real rules, and the same build kept in a store in memory."""
    return open_rules(RULES_SRC), Stored.of(rulebase)


def _same(a: object, b: object) -> bool:
    """Equal as JSON: what every command prints."""
    return json.dumps(a, sort_keys=False) == json.dumps(b, sort_keys=False)


def test_the_store_keeps_systems_summaries_and_answers(rulebase: Build, stores: tuple[Stored, Stored]) -> None:
    for stored in stores:
        assert stored.key == rulebase.key and stored.systems == rulebase.systems and stored.unmanaged == list(rulebase.unmanaged)
    cached, handed = stores
    assert _same(cached.summaries, handed.summaries)
    every = "SELECT system, name, value FROM answers ORDER BY system, name"
    rows = cached._db.execute(every).fetchall()
    assert rows == handed._db.execute(every).fetchall() and {name for _, name, _ in rows} >= {"against_terms", "never_stacking", "kinds_named"}
    for system in rulebase.systems:
        for question in ("core_terms", "against_terms", "never_stacking", "families", "units", "condition_words", "kinds_named"):
            assert _same(getattr(cached, question)(system), getattr(handed, question)(system)), (system, question)
        assert cached.condition_words(system) != {}
    assert cached.core_terms("no-such-system") == [] and cached.kinds_named("no-such-system") == {}
    assert cached.families("last-edition")["ranged"] == ["last-edition/ranged-weapon-keywords"]


def test_every_rule_reads_back_in_order(rulebase: Build, stores: tuple[Stored, Stored]) -> None:
    expected = [r.to_json() for r in rulebase.in_system()]
    for stored in stores:
        assert _same(stored.in_system(), expected)
        for system in rulebase.systems:
            assert _same(stored.in_system(system), [r.to_json() for r in rulebase.in_system(system)])
        for rule in expected:
            assert _same(stored.get(rule["id"]), rule)
        assert stored.get("t9a/no-such-rule") is None


def test_relations_in_and_out_of_every_rule_read_back_in_order(rulebase: Build, stores: tuple[Stored, Stored]) -> None:
    out: dict[str, list[object]] = {}
    into: dict[str, list[object]] = {}
    for rel in rulebase.relations():
        data = relation_data(rel, rulebase.rule_names)
        out.setdefault(rel.source, []).append(data)
        if rel.target:
            into.setdefault(rel.target, []).append(data)
    assert sum(map(len, out.values())) > 100
    for stored in stores:
        for rule in rulebase.in_system():
            assert _same(stored.relations_out(rule.id), out.get(rule.id, [])), rule.id
            assert _same(stored.relations_in(rule.id), into.get(rule.id, [])), rule.id
        for system in rulebase.systems:
            assert _same(stored.relations(system), [relation_data(rel, rulebase.rule_names) for rel in rulebase.relations(system)])


def test_ids_that_hash_alike_keep_their_own_relations(rulebase: Build, monkeypatch: pytest.MonkeyPatch) -> None:
    """The relations table indexes a hash of each end's id: were every id to hash alike, each
    rule still reads its own relations and no other's."""
    alike = lambda rule_id: None if rule_id is None else 7  # noqa: E731
    monkeypatch.setattr(database, "end", alike)  # as readers ask
    monkeypatch.setattr(record, "end", alike)  # as rows are made
    stored = Stored.of(rulebase)
    assert stored._db.execute("SELECT count(DISTINCT source) FROM relations").fetchone() == (1,)
    for rule_id in ("t9a/fear", "t9a/halberd", "last-edition/ranged-weapon-keywords"):
        assert [rel["source"] for rel in stored.relations_out(rule_id)] == [rel.source for rel in rulebase.relations() if rel.source == rule_id]
        assert _same(stored.relations_in(rule_id), [relation_data(rel, rulebase.rule_names) for rel in rulebase.relations() if rel.target == rule_id])
    assert stored.relations_in("t9a/fear") and stored.relations_out("t9a/fear")


LOOKUPS = ["Hellebarde", "Halberd", "halberds", "FEAR", "t9a/fear", "T9A/Fear", "Multiple Wounds (D3, Clipped Wings)", "Fly", "Nachladen!", "no such rule"]


@pytest.mark.parametrize("query", LOOKUPS)
def test_lookup_finds_what_the_build_finds(rulebase: Build, stores: tuple[Stored, Stored], query: str) -> None:
    for stored in stores:
        for system in [None, *rulebase.systems]:
            assert [r["id"] for r in stored.lookup(query, system)] == [r.id for r in rulebase.lookup(query, system)], (query, system)


def test_every_name_and_alias_looks_up_alike(rulebase: Build, stores: tuple[Stored, Stored]) -> None:
    names = {r.name for r in rulebase.in_system()} | {a.name for r in rulebase.in_system() for a in r.aliases}
    assert len(names) > 100
    cached, _ = stores
    for name in sorted(names):
        assert [r["id"] for r in cached.lookup(name)] == [r.id for r in rulebase.lookup(name)], name
    row = cached._db.execute("SELECT ids FROM names WHERE system = 't9a' AND form = 'hellebarde'").fetchone()
    assert json.loads(row[0]) == ["t9a/halberd"]  # the name index's row of an alias
    assert cached.rule_names["t9a/halberd"] == "Halberd" and "t9a/nothing" not in cached.rule_names


def test_explain_reads_either_store_alike(stores: tuple[Stored, Stored]) -> None:
    cached, handed = stores
    for rule in cached.in_system():
        assert _same(explain(cached, rule), explain(handed, handed.get(rule["id"]))), rule["id"]


def test_the_whole_build_is_put_together_from_the_store(rulebase: Build) -> None:
    """The record classes, from each system's frame and sections: the build read without any cache."""
    from referee.store.record import assemble

    whole = open_rules(RULES_SRC).whole()
    assert whole == assemble(RULES_SRC, whole.key)
    assert list(whole.rules) == list(rulebase.rules) and list(whole.graph.relations) == list(rulebase.graph.relations)


def test_an_unknown_system_is_the_builds_error(rulebase: Build, stores: tuple[Stored, Stored]) -> None:
    with pytest.raises(RulesError) as theirs:
        rulebase.lookup("Fear", "t9x")
    for stored in stores:
        with pytest.raises(RulesError) as mine:
            stored.lookup("Fear", "t9x")
        assert str(mine.value) == str(theirs.value) and "t9x" in str(mine.value)


def test_the_memo_is_a_mapping_of_bytes_kept_with_the_build() -> None:
    """What a reading step keeps is held, compressed, until the build writes it, and read back
    by kind and key; a row that does not inflate is a missing one, never other bytes."""
    db = database.create(None)
    memo = database.Memo(db, "sections")
    with pytest.raises(KeyError):
        memo["k1"]
    memo["k1"] = b"one" * 100
    assert memo["k1"] == b"one" * 100 and list(memo) == ["k1"] and memo.used == {"k1"}
    assert len(memo.added["k1"]) < 100  # compressed
    db.execute("INSERT INTO memo VALUES ('sections', 'k2', 'demo', ?)", (memo.added["k1"],))
    db.execute("INSERT INTO memo VALUES ('sections', 'k3', 'demo', ?)", (b"damaged",))
    again = database.Memo(db, "sections")
    assert again["k2"] == b"one" * 100 and again.used == {"k2"} and len(again) == 0
    with pytest.raises(KeyError):
        again["k1"]  # held by the first until a build writes it
    with pytest.raises(KeyError):
        again["k3"]
    with pytest.raises(KeyError):
        database.Memo(None, "sections")["k2"]  # no store: nothing recalled


def test_the_store_package_has_no_import_circle() -> None:
    """Modules of referee/store import each other one way only (read from their import lines)."""
    import networkx as nx

    folder = Path(database.__file__).parent
    graph = nx.DiGraph()
    for file in folder.glob("*.py"):
        name = f"referee.store.{file.stem}" if file.stem != "__init__" else "referee.store"
        graph.add_node(name)
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("referee.store"):
                targets = [node.module] if node.module != "referee.store" else [f"referee.store.{a.name}" for a in node.names]
                graph.add_edges_from((name, target) for target in targets if target != name)
    assert len(graph) == len(list(folder.glob("*.py")))  # every module of the package read, and no other
    assert list(nx.simple_cycles(graph)) == []
