"""Exact citations (issue 22): every quote's file:line:column points at the first character of
the quoted words, for every relation of the four systems and every citation of every ruling,
open question, modifier, obligation, inactive rule and grant chain ``resolve`` gives.

Compared as the graph places sentences (letters and digits, case-blind: markup such as
``**`` or ``'''`` may stand before the words); a table row, quoted as "Cavalry: Forest DT(2) ...",
is placed at its first cell.  The citations of every answer of every rule against itself are
checked by the walk of tests/resolve/test_walks.py (:func:`misplaced` on each of :func:`cited`).
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from referee.graph.sentences import squeeze

SYSTEMS = ("t9a", "whfb-house", "last-edition", "scrollhammer")


@functools.lru_cache(maxsize=64)
def _lines(text: str) -> tuple[str, ...]:
    return tuple(text.split("\n"))


@functools.lru_cache(maxsize=1 << 16)
def _squeezed_at(text: str, line: int, column: int) -> str:
    """What stands in ``text`` from ``line``:``column`` on (up to 2,000 characters of the next 40
    lines), squeezed: a walk checks the same few places in every situation, each read once."""
    return squeeze("\n".join(_lines(text)[line - 1 : line + 40])[column - 1 :][:2000])


def misplaced(texts: dict[str, str], c: dict[str, Any]) -> str | None:
    """Why a citation does not point at its words, or None."""
    lines = _lines(texts[c["file"]])
    if not 0 < c["line"] <= len(lines) or c["column"] < 1:
        return f"{c['file']}:{c['line']}:{c['column']} is outside the file"
    here = lines[c["line"] - 1]
    at = _squeezed_at(texts[c["file"]], c["line"], c["column"])
    words = squeeze(c["quote"])
    if "\t" in here or here.lstrip().startswith("|"):
        words = squeeze(c["quote"].split(":")[0])  # a table row, quoted with its column headings
    first = here[c["column"] - 1 : c["column"]]
    if at.startswith(words[:40]) and (first == c["quote"].lstrip()[:1] or squeeze(first) == words[:1]):
        return None
    return f"{c['file']}:{c['line']}:{c['column']} reads {at[:30]!r}, the quote {words[:30]!r}"


def cited(data: dict[str, Any]) -> list[dict[str, Any]]:
    out = [c for r in data["rulings"] + data["unresolved"] for c in r["citations"]]
    out += [p["citation"] for m in data["modifiers"] for p in m["parts"]]
    out += [i["citation"] for i in data["in_play"]["inactive"]] + [d["citation"] for d in data["in_force"]]
    out += [s["citation"] for side in ("self", "opponent") for e in data["in_play"][side] for each in e["each"] for s in each["via"]]
    return out


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_relation_is_cited_at_its_words(view: Any, rulebase: Any, system: str) -> None:
    wrong = []
    for rule in view.in_system(system):
        for rel in view.relations_out(rule["id"]):
            c = {**rel["citation"], "quote": rel["citation"]["sentence"]}
            why = misplaced(rulebase.texts, c)
            if why:
                wrong.append((rel["kind"], rule["name"], why))
    assert wrong == []


def test_a_citation_one_column_off_is_caught(rulebase: Any) -> None:
    right = {"file": "t9a/universal-rules.txt", "line": 58, "column": 449, "quote": "Models that have Fear themselves are immune to the effects of Fear."}
    assert misplaced(rulebase.texts, right) is None
    assert misplaced(rulebase.texts, {**right, "column": 450}) is not None
    assert misplaced(rulebase.texts, {**right, "line": 57}) is not None
