"""The table-walking parser builds exactly the trees Lark builds from grammar/calc.lark."""

from __future__ import annotations

import json

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput, UnexpectedToken

from referee import paths
from referee.calc import lalr
from tests.calc.test_calc_answers import DISTRIBUTIONS, TESTS, VALUES
from tests.calc.test_calc_errors import REFUSED, SYNTAX

QUESTIONS = sorted({row[1] for table in (TESTS, DISTRIBUTIONS, VALUES, REFUSED) for row in table})
LARK = Lark(paths.grammar_text("calc.lark"), parser="lalr")


def _plain(node):
    if node is None:
        return None
    if hasattr(node, "data"):
        return (str(node.data), [_plain(c) for c in node.children])
    return (node.type, str(node), node.start_pos)


@pytest.mark.parametrize("question", QUESTIONS)
def test_same_tree_as_lark(question):
    assert _plain(lalr.parse(question)) == _plain(LARK.parse(question))


@pytest.mark.parametrize("question", [row[0] for row in SYNTAX])
def test_fails_where_lark_fails(question):
    with pytest.raises(UnexpectedInput) as err:
        LARK.parse(question)
    with pytest.raises(lalr.Stuck) as stuck:
        lalr.parse(question)
    at_end = isinstance(err.value, UnexpectedToken) and err.value.token.type == "$END"
    assert stuck.value.position == (len(question.rstrip()) if at_end else err.value.pos_in_stream)


def test_tables_are_cached_and_remade_when_stale(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(lalr, "_tables", None)
    lalr.tables()
    cached = tmp_path / lalr.TABLES_FILE
    data = json.loads(cached.read_text(encoding="utf-8"))
    assert data["start"] in range(len(data["states"]))
    cached.write_text(json.dumps({**data, "key": "stale", "states": []}), encoding="utf-8")
    monkeypatch.setattr(lalr, "_tables", None)
    assert lalr.tables()["key"] == data["key"]  # a stale table is made again, not walked
    assert json.loads(cached.read_text(encoding="utf-8"))["key"] == data["key"]
    cached.write_text("{not json", encoding="utf-8")  # a damaged file: made again too
    monkeypatch.setattr(lalr, "_tables", None)
    assert _plain(lalr.parse("hit CS5 vs CS4")) == _plain(LARK.parse("hit CS5 vs CS4"))
    assert json.loads(cached.read_text(encoding="utf-8"))["key"] == data["key"]
    monkeypatch.setattr(lalr, "_tables", None)
