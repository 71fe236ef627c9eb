"""grammar/keywords.lark as a JavaScript parser, for the paste box of the site.

The paste box reads keyword strings in the browser the way ``referee parse``
reads them.  Rather than a second reader written by hand, the browser runs the
same LALR tables: lark-js (PyPI ``lark-js``) supplies the JavaScript runtime
of Lark, and the site build writes that runtime with the keyword grammar's
tables as the asset ``keyword-parser.js`` (:func:`generate`).

It is made by the site build, not committed: the grammar is then the one
source, with no copy to fall stale (``referee site serve`` picks up an edited
grammar on its next build), and the repository holds no copy of lark-js's
code.  Making it costs a site build 60 to 110 ms (measured here), once per
process for a text of the grammar (:func:`generate`).

Three things differ between the languages, and are fixed here, in the tables:

- the terminals' regular expressions are Python's; JavaScript rejects inline
  flag groups (``(?i:...)``) and reads ``\\w``, ``\\d`` as ASCII, so each pattern
  is rewritten (:func:`to_javascript`) and compiled with the ``u`` flag;
- lark-js 0.1.4 rejects option names Lark 1.3 adds to its serialized options
  (``strict``, ``cache_grammar``, ``ordered_sets``): they are dropped;
- Lark numbers its states as Python's sets iterate, differently in each
  process: they are renumbered (:func:`_canonical`), so that a site built
  twice is the same bytes.

The browser gets ``window.RefereeKeywordParser.get_parser(options)``.
"""

from __future__ import annotations

import json
from typing import Any

from referee import grammars, paths

ASSET = "keyword-parser.js"
GRAMMAR = "keywords.lark"

# Options lark-js 0.1.4 does not know (Lark 1.3 serializes them): it throws "Unknown options".
UNKNOWN_TO_LARK_JS = ("strict", "cache_grammar", "ordered_sets")

# Python's Unicode classes, spelled for a JavaScript regular expression with the u flag.
_WORD = r"\p{L}\p{N}_"
_OUTSIDE = {"w": f"[{_WORD}]", "W": f"[^{_WORD}]", "d": r"\p{Nd}", "D": r"\P{Nd}", "s": r"\s", "S": r"\S"}
_INSIDE = {"w": _WORD, "d": r"\p{Nd}", "s": r"\s"}
_KEPT_LETTER_ESCAPES = frozenset("ntrfv")
_SYNTAX = frozenset("^$\\.*+?()[]{}|/")


class Untranslatable(ValueError):
    """A Python regular-expression construct this translation does not cover."""


def to_javascript(pattern: str) -> str:
    """``pattern`` (Python ``re`` syntax) as a JavaScript pattern for the ``u`` flag.

    >>> to_javascript(r"[^\\W\\d_](?:[\\w&']|-)*")
    "(?:(?![\\\\p{Nd}_])[\\\\p{L}\\\\p{N}_])(?:[\\\\p{L}\\\\p{N}_&']|-)*"
    >>> to_javascript(r"(?i:as\\s+user)")
    '(?:[aA][sS]\\\\s+[uU][sS][eE][rR])'
    """
    return _Translation(pattern).run()


class _Translation:
    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.at = 0
        self.out: list[str] = []
        self.groups: list[bool] = []  # for each open group: is it a (?i:...) group
        self.fold = 0  # how many (?i:...) groups are open

    def fail(self, what: str) -> Untranslatable:
        return Untranslatable(f"{what} at offset {self.at} of /{self.pattern}/")

    def run(self) -> str:
        p = self.pattern
        while self.at < len(p):
            char = p[self.at]
            if char == "\\":
                self.out.append(self._escape(inside=False))
            elif char == "[":
                self.out.append(self._class())
            elif char == "(":
                self._open()
            elif char == ")":
                if self.groups.pop():
                    self.fold -= 1
                self.out.append(")")
                self.at += 1
            else:
                self.out.append(f"[{char.lower()}{char.upper()}]" if self.fold and char.lower() != char.upper() else char)
                self.at += 1
        if self.groups:
            raise self.fail("unclosed group")
        return "".join(self.out)

    def _open(self) -> None:
        p = self.pattern
        folds = p.startswith("(?i:", self.at)
        if folds:
            self.out.append("(?:")
            self.at += 4
            self.fold += 1
        elif p.startswith("(?P<", self.at):
            self.out.append("(?<")
            self.at += 4
        elif p.startswith("(?", self.at) and not any(p.startswith(k, self.at) for k in ("(?:", "(?=", "(?!", "(?<=", "(?<!")):
            raise self.fail("a group JavaScript does not have")
        else:
            self.out.append("(")
            self.at += 1
        self.groups.append(folds)

    def _escape(self, inside: bool) -> str:
        """One escape sequence, read from ``self.at`` (the backslash)."""
        p = self.pattern
        char = p[self.at + 1 : self.at + 2]
        if not char:
            raise self.fail("a trailing backslash")
        self.at += 2
        classes = _INSIDE if inside else _OUTSIDE
        if char in classes:
            return classes[char]
        if char in "uxU":
            width = {"u": 4, "x": 2, "U": 8}[char]
            digits = p[self.at : self.at + width]
            self.at += width
            return _literal(chr(int(digits, 16)), inside)
        if char in _KEPT_LETTER_ESCAPES:
            return "\\" + char
        if char.isalnum():
            raise self.fail(f"the escape \\{char}")
        return _literal(char, inside)

    def _class(self) -> str:
        """A bracketed class, from ``self.at`` (the ``[``) to its ``]``."""
        p = self.pattern
        self.at += 1
        negated = p.startswith("^", self.at)
        if negated:
            self.at += 1
        items: list[str] = []
        non_word = False
        first = True
        while True:
            if self.at >= len(p):
                raise self.fail("an unclosed class")
            char = p[self.at]
            if char == "]" and not first:
                self.at += 1
                break
            first = False
            if char == "\\":
                if p[self.at + 1 : self.at + 2] == "W":
                    non_word = True
                    self.at += 2
                    continue
                if p[self.at + 1 : self.at + 2] in ("D", "S"):
                    raise self.fail("a negated class escape inside a class")
                items.append(self._escape(inside=True))
            else:
                if self.fold and char.lower() != char.upper():
                    raise self.fail("a letter in a class inside (?i:...)")
                items.append(char if char == "-" else _literal(char, inside=True))
                self.at += 1
        body = "".join(items)
        if non_word:
            # [^\W...] is a word character that is none of the rest: JavaScript
            # cannot negate \W inside a class, so say it with a lookahead.
            if not negated:
                raise self.fail("\\W inside a class that is not negated")
            return f"(?:(?![{body}])[{_WORD}])" if body else f"[{_WORD}]"
        return f"[{'^' if negated else ''}{body}]"


def _literal(char: str, inside: bool) -> str:
    """One character as it must be written where it stands (``u`` mode allows only syntax escapes)."""
    if char in _SYNTAX or (inside and char == "-"):
        return "\\" + char
    if char == "\n":
        return "\\n"
    return char


def tables() -> tuple[dict[str, Any], dict[str, Any]]:
    """The keyword grammar's LALR tables as Lark serializes them, fixed for lark-js."""
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    lark = grammars.load(GRAMMAR, cache=None)
    data, memo = lark.memo_serialize([TerminalDef, Rule])
    for name in UNKNOWN_TO_LARK_JS:
        data["options"].pop(name, None)
    data["options"]["g_regex_flags"] = "u"
    data["parser"]["lexer_conf"]["g_regex_flags"] = "u"
    for entry in memo.values():
        pattern = entry.get("pattern") if isinstance(entry, dict) else None
        if pattern and pattern.get("__type__") == "PatternRE":
            pattern["value"] = to_javascript(pattern["value"])
            pattern["raw"] = None
    return _canonical(data, memo)


def _canonical(data: dict[str, Any], memo: dict[int, Any]) -> tuple[dict[str, Any], dict[int, Any]]:
    """The same tables, numbered the same way in every process.

    Lark numbers LALR states, token columns and memo entries in the order its
    sets happen to iterate, which changes with the hash seed; a site built twice
    must be the same bytes.  Memo entries are renumbered in the order of their
    text, tokens by name, states in the order a walk from the start state meets
    them (actions taken by token name).
    """
    order = sorted(memo, key=lambda i: json.dumps(memo[i], sort_keys=True))
    entry = {old: new for new, old in enumerate(order)}

    def refs(value: Any) -> Any:
        if isinstance(value, dict):
            if set(value) == {"@"}:
                return {"@": entry[value["@"]]}
            return {key: refs(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [refs(item) for item in value]
        return value

    memo = {entry[old]: refs(memo[old]) for old in order}
    data = refs(data)
    data["rules"] = sorted(data["rules"], key=lambda ref: ref["@"])
    table = data["parser"]["parser"]
    names = table["tokens"]
    column = {old: new for new, old in enumerate(sorted(names, key=lambda i: names[i]))}
    states = table["states"]
    state: dict[int, int] = {}
    queue = [*table["start_states"].values()]
    while queue:
        here = queue.pop(0)
        if here in state:
            continue
        state[here] = len(state)
        for token in sorted(states[here], key=lambda t: names[t]):
            kind, target = states[here][token]
            if kind == 0:  # a shift (or a goto): the state it leads to
                queue.append(target)
    for here in sorted(set(states) - set(state)):  # none in an LALR table; kept if ever
        state[here] = len(state)
    table["tokens"] = {column[old]: name for old, name in names.items()}
    table["states"] = {
        state[here]: {
            column[token]: [kind, state[target] if kind == 0 else target] for token, (kind, target) in sorted(actions.items(), key=lambda a: names[a[0]])
        }
        for here, actions in sorted(states.items(), key=lambda s: state[s[0]])
    }
    table["start_states"] = {name: state[s] for name, s in table["start_states"].items()}
    table["end_states"] = {name: state[s] for name, s in table["end_states"].items()}
    return data, memo


_GENERATED: dict[str, str] = {}  # the grammar's text -> the script made of it (the last text only)


def generate() -> str:
    """The text of ``assets/keyword-parser.js``: lark-js's runtime and the tables, in one closure; made once
    per process for a text of the grammar (a site built again, as ``site serve`` does, after the grammar
    was edited makes it again)."""
    grammar = paths.grammar_text(GRAMMAR)
    if grammar not in _GENERATED:
        _GENERATED.clear()
        _GENERATED[grammar] = _script()
    return _GENERATED[grammar]


def _script() -> str:
    from importlib.resources import files

    runtime = files("larkjs").joinpath("lark.js").read_text(encoding="utf-8")
    data, memo = tables()
    compact: dict[str, Any] = {"separators": (",", ":"), "sort_keys": True}
    return "".join(
        (
            "/* GENERATED from grammar/keywords.lark by referee/site/keyword_parser.py\n",
            " * at each site build; do not edit. The runtime is lark-js (MIT,\n",
            " * https://github.com/lark-parser/Lark.js), the tables are Lark's for the keyword grammar.\n",
            " */\n",
            "(function () {\n",
            '"use strict";\n',
            "var module = { exports: {} };\n",
            runtime.replace('"use strict";', "", 1),
            f"\nvar DATA={json.dumps(data, **compact)};\n",
            f"var MEMO={json.dumps(memo, **compact)};\n",
            "window.RefereeKeywordParser = module.exports;\n",
            "})();\n",
        )
    )

