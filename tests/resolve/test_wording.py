"""The referee's own words never double a word or a line (issue 22): "if If", "Spear (foot) (foot)",
the same "Does not apply here" line twice.  Quoted rule text is the documents' own and is left out
(the t9a glossary has "the the" of its own)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from referee.resolve import Pick, resolve
from referee.resolve.render import print_resolution

SYSTEMS = ("t9a", "whfb-house", "last-edition", "scrollhammer")
_DOUBLED = re.compile(r"\b(\w+)\s+\1\b|(\([^()]+\))\s*\2", re.I)
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


def doubled(text: str, documents: str = "") -> list[str]:
    """Lines (quotes taken out) that double a word or a bracket, and lines said twice in a row;
    words a document doubles itself ("the the first rank", kept as a condition's words) are its own."""
    lines = text.splitlines()
    out = [line for line in lines for m in [_DOUBLED.search(_QUOTED.sub("", line))] if m and m.group(0) not in documents]
    out += [a for a, b in zip(lines, lines[1:]) if a == b and a.strip()]
    return out


def test_the_check_finds_doubled_words() -> None:
    assert doubled("1. Spear prevails, if If a unit passes.") and doubled("You: Spear (foot) (foot)")
    assert doubled("Does not apply here: x\nDoes not apply here: x")
    assert not doubled('   "the the quoted words"  (Rule, f:1:1)')


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_ruling_doubles_a_word_or_a_line(view: Any, system: str, capsys: pytest.CaptureFixture[str]) -> None:
    found = []
    documents = "\n".join(v["text"] for rule in view.in_system(system) for v in rule["versions"])
    for rule in view.in_system(system):
        for mine, theirs, when in (([rule["id"]], [], ("melee",)), ([rule["id"]], [rule["id"]], ())):
            data = resolve(view, system, [Pick(r) for r in mine], [Pick(r) for r in theirs], when).to_json()
            print_resolution(data)
            found += [(rule["name"], line) for line in doubled(capsys.readouterr().out, documents)]
    assert found == []


def test_a_name_that_ends_with_its_bracket_is_not_given_it_twice(view: Any) -> None:
    # (Spear (foot) also brings Fighting in extra ranks, by its "exchange ... to Fight in Extra Ranks")
    [entry] = [e for e in resolve(view, "whfb-house", "Spear (foot)").to_json()["in_play"]["self"] if e["name"].startswith("Spear")]
    assert (entry["name"], entry["params"]) == ("Spear (foot)", [[]])
