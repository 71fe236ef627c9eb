"""How effects_grammar scans a sentence: through lark's public API only.

Tokens reach lark placed by their character offsets in the sentence, the
drafts still point at tokens by index, each clause is the longest run that
parses, and nothing of lark's private parse tables is needed.
"""

from __future__ import annotations

import ast
import sys
from typing import Any

import pytest

from referee.graph import effects_grammar
from referee.graph.effects import Names
from referee.graph.effects_grammar import Effect, find_clauses, longest_clause, parser
from referee.graph.lexer import lex

NAMES = Names({n: [f"x/{n}"] for n in ("fear", "frenzy", "terror", "swiftstride")}, ["Charge"])


def _forget_parsers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drop every parser and table the module keeps, so the next sentence loads them again."""
    for name in ("_parser", "_scanner", "_root", "_tables"):
        if hasattr(effects_grammar, name):
            monkeypatch.setattr(effects_grammar, name, None)


def _read(sentence: str) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """Each clause as its words, with its drafts' targets and actions as words."""
    lexemes = lex(sentence, NAMES)

    def words(value: Any) -> Any:
        if isinstance(value, int):
            return lexemes[value].text
        if isinstance(value, tuple):
            return sentence[lexemes[value[0]].start : lexemes[value[1]].end]
        return value

    return [
        (
            sentence[lexemes[first].start : lexemes[end - 1].end],
            [(d.kind, words(d.target), words(d.action)) for d in drafts],
        )
        for first, end, drafts in find_clauses(lexemes)
    ]


# -- (a) character offsets in, token indexes out ------------------------------


def test_tokens_fed_to_lark_carry_character_offsets(monkeypatch: pytest.MonkeyPatch) -> None:
    sentence = "The model gains Fear and Frenzy."
    lexemes = lex(sentence, NAMES)
    find_clauses([])  # loads the parser first: finding the clause openers feeds lark placeholder tokens
    interactive_class = type(parser().parse_interactive())
    fed: list[Any] = []
    feed = interactive_class.feed_token

    def recording(self: Any, token: Any) -> Any:
        fed.append(token)
        return feed(self, token)

    monkeypatch.setattr(interactive_class, "feed_token", recording)
    monkeypatch.setattr(effects_grammar, "_SHAPES", {})  # the run's tree not yet kept: lark parses it
    found = find_clauses(lexemes)

    assert found == [(2, 6, [Effect("grants", 3), Effect("grants", 5)])]
    assert (lexemes[3].text, lexemes[5].text) == ("Fear", "Frenzy")
    words = [t for t in fed if t.type != "$END"]
    assert {str(t) for t in words} >= {"gains", "Fear", "and", "Frenzy"}
    for token in words:
        assert sentence[token.start_pos : token.end_pos] == str(token)
    # "Fear" is token 3 but starts at character 16: the lark token says 16
    assert {t.start_pos for t in words if str(t) == "Fear"} == {16}


def test_a_run_of_types_met_again_is_read_from_its_kept_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    """The second sentence has the first one's token types: its clause is not fed to lark again,
    and reads as lark's own tree of it reads (its own words, its own offsets)."""
    monkeypatch.setattr(effects_grammar, "_SHAPES", {})
    first = lex("The model gains Fear and Frenzy.", NAMES)
    assert find_clauses(first) == [(2, 6, [Effect("grants", 3), Effect("grants", 5)])]
    assert len(effects_grammar._SHAPES) == 1
    again = lex("The unit gains Terror and Swiftstride.", NAMES)
    assert [lx.type for lx in again] == [lx.type for lx in first] and again[3].start != first[3].start
    interactive_class = type(parser().parse_interactive())
    fed: list[Any] = []
    feed = interactive_class.feed_token
    monkeypatch.setattr(interactive_class, "feed_token", lambda self, token: fed.append(token) or feed(self, token))
    from_shape = find_clauses(again)
    assert fed == []  # the scan knows these types too
    assert from_shape == [(2, 6, [Effect("grants", 3), Effect("grants", 5)])]
    monkeypatch.setattr(effects_grammar, "_SHAPES", {})
    assert find_clauses(again) == from_shape  # and lark's own parse of it says the same


# -- (b) the longest clause ---------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "clauses"),
    [
        (  # "gains Fear" is a clause already; "gains Fear and Frenzy" is longer, ", and the" is not
            "The model gains Fear and Frenzy, and the enemy loses Terror.",
            [
                ("gains Fear and Frenzy", [("grants", "Fear", None), ("grants", "Frenzy", None)]),
                ("loses Terror", [("loses", "Terror", None)]),
            ],
        ),
        (  # "and" before a clause of another kind is left out; no clause right after "never"
            "The unit gains Fear and must declare a Charge, but never loses Terror.",
            [
                ("gains Fear", [("grants", "Fear", None)]),
                ("must declare a Charge", [("must", None, "declare a Charge")]),
            ],
        ),
        (  # "is" cannot start "is immune to", so that clause starts one token later
            "It cannot use Swiftstride or declare a Charge and is immune to Fear.",
            [
                (
                    "cannot use Swiftstride or declare a Charge",
                    [("cannot", None, "use Swiftstride"), ("cannot", None, "declare a Charge")],
                ),
                ("immune to Fear", [("immune-to", "Fear", None)]),
            ],
        ),
    ],
)
def test_each_clause_is_the_longest_run_that_parses(sentence: str, clauses: list[Any]) -> None:
    assert _read(sentence) == clauses
    assert _read(sentence) == clauses  # the second time from what the scan remembers


def test_remembered_sequences_give_the_same_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    _forget_parsers(monkeypatch)
    asked = [
        (["GAIN", "NAME", "AND", "NAME", "COMMA", "WORD"], 4),
        (["GAIN", "NAME", "AND", "WORD"], 2),  # shares "GAIN NAME AND" with the first
        (["GAIN", "NAME"], 2),
        (["WORD", "GAIN", "NAME", "AND", "NAME"], 0),
    ]
    for types, end in asked + asked:
        assert longest_clause(types, 0) == end
    assert longest_clause(["WORD", "GAIN", "NAME", "AND", "NAME"], 1) == 5


# -- (c) lark's public API only -----------------------------------------------


def test_reads_with_lark_private_tables_out_of_reach(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))  # tables built afresh, not loaded
    _forget_parsers(monkeypatch)
    monkeypatch.setitem(sys.modules, "lark.parsers.lalr_analysis", None)  # importing it now fails
    assert _read("The model gains Fear and Frenzy.") == [
        ("gains Fear and Frenzy", [("grants", "Fear", None), ("grants", "Frenzy", None)])
    ]


def test_source_touches_no_parser_state() -> None:
    tree = ast.parse(open(effects_grammar.__file__, encoding="utf-8").read())
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m.startswith("lark.parsers")]
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert not attributes & {"parser_state", "parse_conf", "parse_table", "state_stack", "choices"}
