"""referee explain and referee graph on the real documents."""

from __future__ import annotations

import io
import json

import networkx as nx
import pydot
import pytest

from referee.cli.commands import main
from referee.model import RELATION_KINDS
from referee.rulebase import Rulebase


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_explain_fly_grants_light_troops_and_swiftstride_with_citation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", "Fly", "--system", "t9a", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    direct = {g["target"]: g for g in data["grants"] if len(g["path"]) == 2}
    assert {"t9a/light-troops", "t9a/swiftstride"} <= set(direct)
    citation = direct["t9a/light-troops"]["citations"][0]
    assert citation["file"] == "t9a/army-builder-glossary-en-de.txt"
    assert citation["line"] == 490
    assert "The model gains Light Troops and Swiftstride" in citation["sentence"]


def test_explain_grants_are_transitive_with_their_path(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "explain", "Fly", "--system", "t9a", "--json")
    grants = {g["target"]: g for g in json.loads(out)["grants"]}
    march = grants["t9a/march-and-shoot"]  # Fly -> Light Troops -> March and Shoot
    assert march["path"] == ["t9a/fly", "t9a/light-troops", "t9a/march-and-shoot"]
    assert [c["rule"] for c in march["citations"]] == ["t9a/fly", "t9a/light-troops"]


def test_explain_shape(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "explain", "Fearless", "--system", "t9a", "--json")
    data = json.loads(out)
    assert set(data) == {
        "rule", "grants", "granted_by", "loses", "immune_to", "immune_here", "excludes", "excluded_by",
        "overrides", "overridden_by", "must", "cannot", "stacks", "modifies", "amends", "part_of", "parts",
        "references", "referenced_by", "settles",
    }
    assert "t9a/fear" in {r["target"] for r in data["immune_to"]}
    assert "t9a/unbreakable" in {r["source"] for r in data["granted_by"]}
    relation = data["immune_to"][0]
    assert set(relation) == {"kind", "source", "source_name", "target", "target_name", "subject", "conditions", "details", "citation"}
    assert set(relation["citation"]) == {"rule", "sentence", "file", "line", "column"}


def test_explain_human_output_quotes_its_sources(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "Fly", "--system", "t9a")
    assert code == 0
    assert out.startswith("Fly  (t9a/fly)\n")
    assert 't9a/army-builder-glossary-en-de.txt:490:1: "The model gains Light Troops and Swiftstride.' in out


def test_explain_ambiguous_and_missing(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "explain", "Fear")
    assert code == 2 and err.startswith("referee: 'Fear' names ") and err.endswith("; give --system or an id\n")
    assert run(capsys, "explain", "Nothing Here", "--system", "t9a") == (1, "", "referee: no rule named 'Nothing Here' in t9a\n")


def test_every_relation_kind_occurs_in_the_corpus(rulebase: Rulebase) -> None:
    kinds = {rel.kind for relations in rulebase.graph.relations.values() for rel in relations}
    assert kinds == set(RELATION_KINDS)


def test_every_relation_cites_an_existing_line(rulebase: Rulebase) -> None:
    for relations in rulebase.graph.relations.values():
        for rel in relations:
            lines = rulebase.texts[rel.citation.file].split("\n")
            assert 1 <= rel.citation.line <= len(lines), rel
            assert 1 <= rel.citation.column <= max(len(lines[rel.citation.line - 1]), 1), rel
            assert rel.citation.rule in rulebase.rules and rel.source in rulebase.rules


def test_graph_json_is_node_link_data(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "graph", "--system", "t9a", "--format", "json")
    data = json.loads(out)
    g = nx.node_link_graph(data, edges="edges")
    assert code == 0 and g.is_directed() and g.is_multigraph()
    assert g.nodes["t9a/fly"]["name"] == "Fly"
    kinds = {d["kind"] for _, _, d in g.edges(data=True)}
    assert {"grants", "references", "part-of"} <= kinds
    assert all(n.startswith("t9a/") for n in g.nodes)


def test_graph_graphml_reads_back(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "graph", "--system", "whfb-house", "--format", "graphml")
    g = nx.read_graphml(io.BytesIO(out.encode("utf-8")))
    assert code == 0
    amends = [(u, v) for u, v, d in g.edges(data=True) if d["kind"] == "amends"]
    assert ("whfb-house/redirecting-the-charge", "whfb-house/page:53") in amends


def test_graph_dot_parses(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "graph", "--system", "scrollhammer", "--format", "dot")
    [dot] = pydot.graph_from_dot_data(out)
    assert code == 0 and dot.get_rankdir() == "LR"
    assert any(e.get_label() and "grants" in e.get_label() for e in dot.get_edges())


def test_unparsed_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "graph", "--unparsed", "--system", "t9a", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == len(data["sentences"]) > 0
    first = data["sentences"][0]
    assert set(first) == {"rule", "text", "file", "line"} and first["rule"].startswith("t9a/")


def test_coverage_report(capsys: pytest.CaptureFixture[str], rulebase: Rulebase) -> None:
    code, out, _ = run(capsys, "graph", "--coverage", "--json")
    data = json.loads(out)
    assert code == 0 and sorted(data) == ["last-edition", "scrollhammer", "t9a", "whfb-house"]
    for system, figures in data.items():
        sentences = rulebase.graph.sentences[system]
        assert figures["sentences"] == len(sentences)
        assert figures["typed"] == sum(s.typed for s in sentences)
    code, out, err = run(capsys, "graph", "--coverage", "--unparsed")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == "referee graph: argument --unparsed: not allowed with argument --coverage"


def test_the_export_holds_every_relation_targetless_ones_included(capsys: pytest.CaptureFixture[str], rulebase: Rulebase) -> None:
    code, out, _ = run(capsys, "graph", "--system", "t9a", "--format", "json")
    g = nx.node_link_graph(json.loads(out), edges="edges")
    assert code == 0 and g.number_of_edges() == len(rulebase.relations("t9a"))
    kinds = {g.nodes[target]["kind"] for _, target, d in g.edges(data=True) if d["kind"] in ("modifies", "must", "cannot", "stacks")}
    assert {"stat", "action", "stacking"} <= kinds
    strength = [d for source, target, d in g.edges(data=True) if target == "t9a/stat:Strength" and d["kind"] == "modifies"]
    assert strength and all(d["details"].startswith("stat=Strength") for d in strength)
    charging = [d for _, _, d in g.edges(data=True) if "charging" in d["situations"].split("; ")]
    assert charging and all(d["column"] >= 1 for d in charging)
