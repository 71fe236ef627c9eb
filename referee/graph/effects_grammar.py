"""Effect clauses out of one lexed sentence, by grammar/effects.lark.

The grammar is an LALR grammar of clauses ("gains X and Y", "is immune to the
effects of X", "cannot declare Charges").  A sentence holds clauses between
other words, so :func:`find_clauses` tries the grammar at every token where
one can start and keeps the longest run of tokens that parses to the end;
the words between clauses are skipped.  The scan walks lark's own parse
table on a stack of state numbers (no values, no copies); the run it finds is
then fed to lark's interactive parser, whose transformer (below, one method
per grammar rule) turns it into :class:`Draft` relations.

Lark is imported on the first sentence, not at import time, and the LALR
tables are cached in the project's cache folder (``REFEREE_CACHE_DIR``);
where that cannot be written the parser is built without a cache.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from referee import paths

if TYPE_CHECKING:
    from lark import Lark

    from referee.graph.lexer import Lexeme

CACHE_FILE_NAME = "effects.lalr.cache"
SELF = "self"  # target: the rule being read ("lose this rule")
OTHERS = "others"  # target: every other rule the sentence names ("only one of these rules")
NEGATIONS = {"NOT", "NEVER", "CANNOT"}  # no clause starts right after these ("never loses X")
_LOOSE_ENDS = {"A", "THE", "PAREN", "OF", "AS", "TO", "ALL"}  # words an action does not end on
_ROLL_ADJECTIVES = {"failed", "successful"}
_CONDITION_LEADS = {"if", "where", "when", "while", "in", "during", "after", "unless", "against", "on", "the", "at"}


class Draft(NamedTuple):
    """A relation as the grammar read it, pointing at tokens by index.

    ``target`` is a token index (a NAME, or a TERM for overrides), SELF,
    OTHERS or None; ``stat`` and ``value`` are token indices (``value`` may
    be the word "reroll"); ``action`` the first and last token of an action;
    ``conditions`` pairs such as ("against", index).
    """

    kind: str
    target: int | str | None = None
    stat: int | None = None
    value: int | str | None = None
    action: tuple[int, int] | None = None
    mode: str | None = None
    conditions: tuple[tuple[str, int], ...] = ()


class _Item(NamedTuple):
    target: int | str
    conditions: tuple[tuple[str, int], ...] = ()


class _Mod(NamedTuple):
    stat: int | None
    value: int


def _pos(token: Any) -> int:
    return int(token.start_pos)


def _make_transformer() -> Any:
    from lark import Token, Transformer

    def tokens(children: list[Any], *types: str) -> list[Any]:
        return [c for c in children if isinstance(c, Token) and c.type in types]

    def listed(children: list[Any]) -> list[Any]:
        return next((c for c in children if isinstance(c, list)), [])

    def items_to(kind: str, entries: list[Any]) -> list[Draft]:
        out: list[Draft] = []
        for entry in entries:
            if isinstance(entry, _Item):
                out.append(Draft(kind, entry.target, conditions=entry.conditions))
            elif isinstance(entry, _Mod):
                out.append(Draft("modifies", None, entry.stat, entry.value))
        return out

    class EffectTransformer(Transformer):  # type: ignore[misc]
        """One method per rule of grammar/effects.lark; each clause gives a list of Drafts."""

        def start(self, children: list[Any]) -> list[Draft]:
            return children[0]

        # items ---------------------------------------------------------
        def named(self, children: list[Any]) -> _Item:
            return _Item(_pos(children[0]))

        def this_rule(self, children: list[Any]) -> _Item:
            return _Item(SELF)

        def junk(self, children: list[Any]) -> None:
            return None

        def aside(self, children: list[Any]) -> tuple[str, int]:
            return ("unless", _pos(tokens(children, "NAME")[-1]))

        def modifier(self, children: list[Any]) -> _Mod:
            stats = tokens(children, "STAT")
            return _Mod(_pos(stats[0]) if stats else None, _pos(tokens(children, "SIGNED", "DISTANCE")[0]))

        def _entries(self, children: list[Any]) -> list[Any]:
            out: list[Any] = []
            pending: tuple[tuple[str, int], ...] = ()
            for child in children:
                if isinstance(child, tuple) and not isinstance(child, (_Item, _Mod)):
                    pending = (child,)
                elif isinstance(child, _Item):
                    out.append(_Item(child.target, pending))
                    pending = ()
                elif isinstance(child, _Mod):
                    out.append(child)
            return out

        items = gitems = hitems = _entries

        # clauses -------------------------------------------------------
        def gain(self, children: list[Any]) -> list[Draft]:
            return items_to("grants", listed(children))

        have = be = counts_as = confer = gain

        def unknown_rule(self, children: list[Any]) -> list[Draft]:
            words = tokens(children, "ADV", "WORD", "ACT", "TERM")
            while words and words[0].type == "ADV" and words[0].islower():
                words.pop(0)  # "also has the ...": not part of the name
            if not words or not all(w[:1].isupper() for w in words):
                return []  # "has the same special rules": no name
            return [Draft("grants", None, action=(_pos(words[0]), _pos(words[-1])))]

        def loss(self, children: list[Any]) -> list[Draft]:
            return items_to("loses", listed(children))

        def immunity(self, children: list[Any]) -> list[Draft]:
            return items_to("immune-to", listed(children))

        def excludes_use(self, children: list[Any]) -> list[Draft]:
            item = next(c for c in children if isinstance(c, _Item))
            return [Draft("excludes", item.target)]

        def excludes_others(self, children: list[Any]) -> list[Draft]:
            return [Draft("excludes", OTHERS)]

        def ignores(self, children: list[Any]) -> list[Draft]:
            return items_to("overrides", listed(children))

        def uses_rules_for(self, children: list[Any]) -> list[Draft]:
            return [Draft("overrides", c.target) for c in children if isinstance(c, _Item)]

        not_against = instead_of = uses_rules_for

        def overrides(self, children: list[Any]) -> list[Draft]:
            return [Draft("overrides", _pos(tokens(children, "NAME", "TERM")[0]))]

        def instead(self, children: list[Any]) -> list[Draft]:
            return [Draft("overrides", _pos(t)) for t in tokens(children, "NAME")]

        def action(self, children: list[Any]) -> tuple[int, int]:
            words = [c for c in children if isinstance(c, Token)]
            for k, word in enumerate(words[1:], 1):
                if word.type == "COND" and word.split()[0].lower() in _CONDITION_LEADS:
                    del words[k:]  # "declare Charges in the first Player Turn": the condition is not the action
                    break
            while len(words) > 1 and words[-1].type in _LOOSE_ENDS:
                words.pop()  # "move off the Board Edge using the" -> "... using"
            return (_pos(words[0]), _pos(words[-1]))

        def actions(self, children: list[Any]) -> list[tuple[int, int]]:
            return [c for c in children if isinstance(c, tuple)]

        def obligation(self, children: list[Any]) -> list[Draft]:
            return [Draft("must", action=a) for a in listed(children)]

        def prohibition(self, children: list[Any]) -> list[Draft]:
            return [Draft("cannot", action=a) for a in listed(children)]

        def cumulative(self, children: list[Any]) -> list[Draft]:
            return [Draft("stacks", mode="cumulative")]

        def never_stacks(self, children: list[Any]) -> list[Draft]:
            return [Draft("stacks", mode="never")]

        def modifiers(self, children: list[Any]) -> list[Draft]:
            return [Draft("modifies", None, m.stat, m.value) for m in children if isinstance(m, _Mod)]

        def rerolls(self, children: list[Any]) -> list[Draft]:
            rolls = tokens(children, "STAT", "TERM")
            if rolls:
                return [Draft("modifies", None, _pos(t), "reroll") for t in rolls]
            words = [c for c in tokens(children, "WORD", "ACT", "NUM", "OF") if c.lower() not in _ROLL_ADJECTIVES]
            span = (_pos(words[0]), _pos(words[-1])) if words else None
            return [Draft("modifies", None, None, "reroll", action=span)]

        def rerolled(self, children: list[Any]) -> list[Draft]:
            return [Draft("modifies", None, None, "reroll", mode="passive")]

        def against(self, children: list[Any]) -> list[Draft]:
            word = "except against" if tokens(children, "OTHER_THAN") else "against"
            return [Draft("condition", conditions=((word, _pos(tokens(children, "NAME")[-1])),))]

        def unless(self, children: list[Any]) -> list[Draft]:
            return [Draft("condition", conditions=(("unless", _pos(tokens(children, "NAME")[-1])),))]

    return EffectTransformer()


# -- loading ---------------------------------------------------------------

_parser: Lark | None = None
_tables: tuple[dict[Any, dict[str, tuple[Any, Any]]], Any, Any, Any] | None = None
_lock = threading.Lock()


def grammar_path() -> Path:
    """grammar/effects.lark, beside the ``referee`` package."""
    return paths.GRAMMAR / "effects.lark"


def cache_path() -> Path | None:
    """Where the LALR tables are cached, or None if that place cannot be written."""
    return paths.writable_cache_file(CACHE_FILE_NAME)


def build(cache: Path | None = None) -> Lark:
    """A new LALR parser for the effect grammar, with its transformer inside."""
    from lark import Lark

    text = grammar_path().read_text(encoding="utf-8")
    options: dict[str, Any] = {"parser": "lalr", "lexer": "basic", "transformer": _make_transformer()}
    try:
        return Lark(text, cache=str(cache) if cache is not None else False, **options)
    except OSError:  # the cache vanished or turned read-only under us
        return Lark(text, cache=False, **options)


def parser() -> Lark:
    """The process-wide parser, built (or loaded from the cache) on first use."""
    global _parser, _tables
    if _parser is None:
        with _lock:
            if _parser is None:
                from lark.parsers.lalr_analysis import Shift

                built = build(cache_path())
                conf = built.parse_interactive().parser_state.parse_conf
                _tables = (conf.states, conf.start_state, conf.end_state, Shift)
                _parser = built
    return _parser


# -- scanning --------------------------------------------------------------


def _step(states: dict[Any, dict[str, tuple[Any, Any]]], shift: Any, stack: list[Any], kind: str) -> bool:
    """Feed one token type to a stack of LALR states; False if the grammar refuses it."""
    while True:
        action = states[stack[-1]].get(kind)
        if action is None:
            return False
        what, arg = action
        if what is shift:
            stack.append(arg)
            return True
        size = len(arg.expansion)
        if size:
            del stack[-size:]
        stack.append(states[stack[-1]][arg.origin.name][1])


def _ends(states: dict[Any, dict[str, tuple[Any, Any]]], shift: Any, end: Any, stack: list[Any]) -> bool:
    """Would the clause read so far be complete if the sentence stopped here?"""
    stack = list(stack)
    while True:
        action = states[stack[-1]].get("$END")
        if action is None or action[0] is shift:
            return False
        arg = action[1]
        size = len(arg.expansion)
        if size:
            del stack[-size:]
        stack.append(states[stack[-1]][arg.origin.name][1])
        if stack[-1] == end:
            return True


def longest_clause(types: list[str], start: int) -> int:
    """The end of the longest clause starting at token ``start``, or ``start`` if none."""
    parser()
    assert _tables is not None
    states, first, end, shift = _tables
    stack = [first]
    best = start
    for j in range(start, len(types)):
        if not _step(states, shift, stack, types[j]):
            break
        if _ends(states, shift, end, stack):
            best = j + 1
    return best


def find_clauses(lexemes: list[Lexeme]) -> list[tuple[int, int, list[Draft]]]:
    """Every clause of a sentence: (first token, end token, drafts), left to right."""
    from lark import Token

    lark_parser = parser()
    assert _tables is not None
    openers = _tables[0][_tables[1]]
    types = [lx.type for lx in lexemes]
    found: list[tuple[int, int, list[Draft]]] = []
    i = 0
    while i < len(types):
        if types[i] not in openers or (i and types[i - 1] in NEGATIONS and types[i] not in NEGATIONS):
            i += 1
            continue
        end = longest_clause(types, i)
        if end == i:
            i += 1
            continue
        interactive = lark_parser.parse_interactive()
        for k in range(i, end):
            interactive.feed_token(Token(types[k], lexemes[k].text, start_pos=k))
        found.append((i, end, interactive.feed_eof()))
        i = end
    return found
