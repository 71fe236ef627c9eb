"""A small LALR(1) driver for grammar/calc.lark, over tables Lark computed.

Importing Lark costs a warm ``referee calc`` about 40 ms, more than the rest
of the call together; the parse itself needs only the tables.  So Lark
reads the grammar and builds its LALR tables once (whenever the grammar's
text changes), they are kept as JSON in the project's cache folder, and
this module walks them: lexing in the parser's context (only the terminals
the current state accepts, in Lark's own order of preference) and building
the same trees Lark would (anonymous tokens dropped, ``?rule`` inlined,
``[optional]`` parts as None), so the grammar stays the one authority.
"""

from __future__ import annotations

import hashlib
import json
import re

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

from referee import grammars, paths
from referee.patterns import compiled

TABLES_FILE = "calc.lalr.json"
FORMAT = 1  # bump when the exported shape changes
END = "$END"
_tables: dict[str, Any] | None = None
_compiled: dict[str, re.Pattern[str]] = {}


class Token(str):
    """A lexed word: its text, terminal name and offset in the question."""

    type: str
    start_pos: int

    def __new__(cls, type_: str, value: str, start_pos: int) -> Token:
        token = super().__new__(cls, value)
        token.type = type_
        token.start_pos = start_pos
        return token


class Tree:
    """A grammar rule's match: ``data`` (its name or alias) and ``children``."""

    __slots__ = ("data", "children")

    def __init__(self, data: str, children: list[Any]) -> None:
        self.data = data
        self.children = children

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"


class Stuck(Exception):
    """Where the parse stopped: the offset, the text met there ('' at the end,
    None for a character no terminal starts with), and the terminals that would
    have fitted."""

    def __init__(self, position: int, met: str | None, expected: frozenset[str]) -> None:
        super().__init__(position, met)
        self.position = position
        self.met = met
        self.expected = expected


def tables() -> dict[str, Any]:
    """The parse tables: from the cache when they match the grammar, else made by Lark."""
    global _tables
    if _tables is None:
        text = _grammar()
        key = hashlib.blake2b(f"{FORMAT}\0{text}".encode(), digest_size=16).hexdigest()
        cache = paths.writable_cache_file(TABLES_FILE)
        found = _read(cache) if cache is not None else None
        if found is None or found.get("key") != key:
            found = export(text, key)
            if cache is not None:
                _write(cache, found)
        _tables = found
    return _tables


def _grammar() -> str:
    """grammar/calc.lark (:func:`referee.paths.grammar_text`, the one reader of the grammars)."""
    return paths.grammar_text("calc.lark")


def strings() -> dict[str, str]:
    """Terminals written as plain words in the grammar ("hit"), by name."""
    return tables()["strings"]


def parse(text: str, names: tuple[tuple[int, int], ...] = ()) -> Any:
    """The tree of ``text``; :class:`Stuck` where it cannot be read.  ``names``: spans of the
    text that hold a name whose words would otherwise lex as keywords ("Hit and Run"): where
    the parser's state takes a NAME, each word inside such a span is one."""
    t = tables()
    states, rules = t["states"], t["rules"]
    stack: list[int] = [t["start"]]
    values: list[Any] = []
    position = 0
    while True:
        before = list(stack)
        position, token = _next_token(t, text, position, states[stack[-1]], before, names)
        symbol = token.type if token is not None else END
        while True:
            action = states[stack[-1]].get(symbol)
            if action is None:
                if token is None:  # the question ended where more was needed
                    raise Stuck(len(text.rstrip()), "", _accepted(t, before))
                raise Stuck(token.start_pos, str(token), _accepted(t, before))
            kind, target = action
            if kind == 0:  # shift
                stack.append(target)
                values.append(token)
                break
            rule = rules[target]
            size = rule["size"]
            children = values[len(values) - size :] if size else []
            if size:
                del stack[-size:]
                del values[-size:]
            values.append(_node(rule, children))
            stack.append(states[stack[-1]][rule["origin"]][1])
            if token is None and stack[-1] == t["end"]:
                return values[-1]


def _next_token(
    t: dict[str, Any], text: str, position: int, actions: dict[str, Any], before: list[int], names: tuple[tuple[int, int], ...] = ()
) -> tuple[int, Token | None]:
    """Skip what the grammar ignores, then the longest-preferred terminal the state accepts
    (inside one of ``names``, a NAME where the state takes one)."""
    moved = True
    while moved:
        moved = False
        for name in t["ignore"]:
            m = _regex(t, name).match(text, position)
            if m and m.end() > position:
                position, moved = m.end(), True
    if position >= len(text):
        return position, None
    if "NAME" in actions and any(start <= position < end for start, end in names):
        m = _regex(t, "NAME").match(text, position)
        if m and m.end() > position:
            return m.end(), Token("NAME", m.group(), position)
    for name in t["order"]:
        if name in actions:
            m = _regex(t, name).match(text, position)
            if m and m.end() > position:
                return m.end(), Token(name, m.group(), position)
    for name in t["order"]:  # nothing fits here: name what is here, if anything can be read
        m = _regex(t, name).match(text, position)
        if m and m.end() > position and name not in t["ignore"]:
            raise Stuck(position, m.group(), _accepted(t, before))
    raise Stuck(position, None, _accepted(t, before))


def _accepted(t: dict[str, Any], stack: list[int]) -> frozenset[str]:
    """The terminals that can come next from ``stack``: each is tried through the
    reductions it triggers (LALR tables list some that would fail later)."""
    states, rules = t["states"], t["rules"]
    out = set()
    for symbol in states[stack[-1]]:
        if symbol not in t["regex"] and symbol != END:
            continue  # a rule's name (a goto), not a terminal
        trial = list(stack)
        while True:
            action = states[trial[-1]].get(symbol)
            if action is None:
                break
            if action[0] == 0 or (symbol == END and trial[-1] == t["end"]):
                out.add(symbol)
                break
            rule = rules[action[1]]
            if rule["size"]:
                del trial[-rule["size"] :]
            trial.append(states[trial[-1]][rule["origin"]][1])
            if symbol == END and trial[-1] == t["end"]:
                out.add(symbol)
                break
    return frozenset(out)


def _node(rule: dict[str, Any], children: list[Any]) -> Any:
    """The value a reduction makes, as Lark's tree builder would make it."""
    kept: list[Any] = []
    for index, splice, nones in rule["keep"]:
        kept.extend([None] * nones)
        if splice:
            kept.extend(children[index].children)
        else:
            kept.append(children[index])
    kept.extend([None] * rule["trailing"])
    if rule["single"] and len(kept) == 1:
        return kept[0]
    return Tree(rule["name"], kept)


def _regex(t: dict[str, Any], name: str) -> re.Pattern[str]:
    found = _compiled.get(name)
    if found is None:
        found = _compiled[name] = compiled(t["regex"][name])
    return found


# -- making the tables (Lark imported here only) --------------------------------------


def export(grammar: str, key: str) -> dict[str, Any]:
    """Lark's LALR tables and tree-building rules for grammar/calc.lark (whose
    text, ``grammar``, the ``key`` was made from), as plain data."""
    lark = grammars.load("calc.lark", cache=None)  # the tables are kept here, as JSON
    table = lark.parser.parser._parse_table
    rules = list(table_rules(table))
    index = {id(rule): i for i, rule in enumerate(rules)}
    states = []
    for state in range(len(table.states)):
        actions = {}
        for symbol, (action, arg) in table.states[state].items():
            actions[symbol] = [0, arg] if action.name == "Shift" else [1, index[id(arg)]]
        states.append(actions)
    terminals = sorted(lark.terminals, key=lambda d: (-d.priority, -d.pattern.max_width, -len(d.pattern.value), d.name))
    return {
        "key": key,
        "start": table.start_states["start"],
        "end": table.end_states["start"],
        "states": states,
        "rules": [_rule(rule) for rule in rules],
        "order": [d.name for d in terminals],
        "regex": {d.name: d.pattern.to_regexp() for d in terminals},
        "strings": {d.name: d.pattern.value for d in terminals if d.pattern.type == "str"},
        "ignore": list(lark.ignore_tokens),
    }


def table_rules(table: Any) -> list[Any]:
    """Every rule the table reduces by, once each, in a fixed order."""
    seen: dict[int, Any] = {}
    for state in table.states.values():
        for action, arg in state.values():
            if action.name != "Shift":
                seen.setdefault(id(arg), arg)
    return sorted(seen.values(), key=lambda r: (r.origin.name, str(r.expansion), str(r.alias)))


def _rule(rule: Any) -> dict[str, Any]:
    """How Lark's tree builder treats one rule (lark/parse_tree_builder.py, re-derived)."""
    expansion = rule.expansion
    empty = rule.options.empty_indices
    if empty:
        runs = "".join(str(int(b)) for b in empty).split("0")
        nones = [len(run) for run in runs]
    else:
        nones = [0] * (len(expansion) + 1)
    keep = []
    pending = 0
    for i, symbol in enumerate(expansion):
        pending += nones[i]
        if rule.options.keep_all_tokens or not (symbol.is_term and symbol.filter_out):
            keep.append([i, (not symbol.is_term) and symbol.name.startswith("_"), pending])
            pending = 0
    return {
        "origin": rule.origin.name,
        "name": str(rule.alias or rule.origin.name),
        "single": bool(rule.options.expand1 and not rule.alias),
        "size": len(expansion),
        "keep": keep,
        "trailing": pending + nones[len(expansion)],
    }


def _read(path: Any) -> dict[str, Any] | None:
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _write(path: Any, data: dict[str, Any]) -> None:
    """Written aside and renamed into place: a reader never sees half a table."""
    from referee.atomic import replace_with

    try:
        replace_with(str(path), lambda fh: fh.write(json.dumps(data).encode("utf-8")), ".lalr-")
    except OSError:
        pass
