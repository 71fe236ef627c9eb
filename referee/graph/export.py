"""The rule graph for other tools: node-link JSON, GraphML, DOT.

JSON is networkx's node-link data (``name`` on nodes, ``kind`` on edges);
GraphML comes from networkx's writer; DOT from pydot, laid out left to right
with one colour per relation kind so that ``dot -Tsvg`` gives a readable
picture.
"""

from __future__ import annotations

import io
from typing import Any

COLOURS = {
    "grants": "#2e7d32",
    "loses": "#c62828",
    "immune-to": "#6a1b9a",
    "excludes": "#ef6c00",
    "overrides": "#d81b60",
    "must": "#1565c0",
    "cannot": "#b71c1c",
    "stacks": "#00838f",
    "modifies": "#5d4037",
    "amends": "#f9a825",
    "references": "#9e9e9e",
    "part-of": "#455a64",
    "settles": "#7cb342",
}


def to_json(g: Any) -> dict[str, Any]:
    import networkx as nx

    return nx.node_link_data(g, edges="edges")


def to_graphml(g: Any) -> str:
    import networkx as nx

    buffer = io.BytesIO()
    nx.write_graphml(g, buffer, encoding="utf-8")
    return buffer.getvalue().decode("utf-8")


def to_dot(g: Any, title: str) -> str:
    import pydot

    dot = pydot.Dot(graph_type="digraph", rankdir="LR", label=title, labelloc="t", fontname="Helvetica")
    dot.set_node_defaults(shape="box", style="rounded,filled", fillcolor="#f5f5f5", fontname="Helvetica", fontsize="10")
    dot.set_edge_defaults(fontname="Helvetica", fontsize="8")
    for node, data in g.nodes(data=True):
        attrs = {"label": data.get("name") or node, "tooltip": f"{data.get('file')}:{data.get('line')}"}
        if data.get("external"):
            attrs.update(style="dashed", fillcolor="white")
        dot.add_node(pydot.Node(_quote(node), **{k: _quote(str(v)) for k, v in attrs.items()}))
    for source, target, data in g.edges(data=True):
        kind = data["kind"]
        label = kind + (f" [{data['conditions']}]" if data.get("conditions") else "")
        style = "dashed" if kind in ("references", "part-of", "settles") else "solid"
        dot.add_edge(
            pydot.Edge(
                _quote(source),
                _quote(target),
                label=_quote(label),
                color=COLOURS.get(kind, "black"),
                fontcolor=COLOURS.get(kind, "black"),
                style=style,
                tooltip=_quote(f"{data['file']}:{data['line']}: {data['sentence']}"),
            )
        )
    return dot.to_string()


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
