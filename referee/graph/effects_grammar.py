"""Effect clauses out of one lexed sentence, by grammar/effects.lark.

The grammar is an LALR grammar of clauses ("gains X and Y", "is immune to the
effects of X", "cannot declare Charges").  A sentence holds clauses between
other words, so :func:`find_clauses` tries the grammar at every token where
one can start and keeps the longest run of tokens that parses to the end;
the words between clauses are skipped.

Only lark's public API is used, so a lark release that reshapes its parse
tables cannot break the reader.  The tokens that can open a clause are what
a fresh interactive parser ``accepts()``; the scan feeds a run token by token
(``feed_token``) and asks at each one whether the clause could stop there
(``feed_eof`` on a ``copy``).  Whether a run parses depends only on its token
types, so the answers are kept in a tree of type sequences shared by every
sentence (:class:`_Prefix`): lark is only asked about a sequence the first
time it is met, which keeps the scan about as fast as walking the tables.

The parser that scans builds plain trees; the run found is fed once more,
as lark tokens whose ``start_pos``/``end_pos`` are character offsets in the
sentence, and the tree is turned into :class:`Effect` relations by the
transformer (:mod:`referee.graph.effects_transform`, one method per grammar
rule), which maps each offset back to the token's index in the sentence for
that one parse.  A tree too depends only on the types, so a run of types met
again is not fed: its tree's shape is kept, and the transformer reads the
shape with the run's own tokens (:func:`_shape_of`).  The parser of
:func:`build` and :func:`parser` has that transformer inside and no offsets
to map, so there a token's ``start_pos`` is taken as its index (tokens fed
by hand).

Lark is imported on the first sentence, not at import time, and the LALR
tables are cached in the project's cache folder (``REFEREE_CACHE_DIR``);
where that cannot be written the parser is built without a cache.

>>> longest_clause(["GAIN", "NAME", "AND", "NAME", "COMMA", "WORD"], 0)
4
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee import grammars, paths

if TYPE_CHECKING:
    from lark import Lark, Token

    from referee.graph.lexer import Lexeme

CACHE_FILE_NAME = grammars.cache_name("effects.lark")
SELF = "self"  # target: the rule being read ("lose this rule")
OTHERS = "others"  # target: every other rule the sentence names ("only one of these rules")
NEGATIONS = {"NOT", "NEVER", "CANNOT"}  # no clause starts right after these ("never loses X")
_PREFIXES_KEPT = 100_000  # type sequences remembered by the scan before it starts afresh


class Effect(NamedTuple):
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


# -- loading ---------------------------------------------------------------


class _Prefix:
    """What the grammar says of one sequence of token types fed from a clause's start.

    ``complete``: the sequence is a whole clause.  ``next`` maps the type of
    the following token to the longer sequence, or to None if the grammar
    refuses that token there; a type not in ``next`` has not been asked yet.
    """

    __slots__ = ("complete", "next")

    def __init__(self, complete: bool) -> None:
        self.complete = complete
        self.next: dict[str, _Prefix | None] = {}


class _Scanner(NamedTuple):
    lark: Lark  # builds trees, no transformer inside
    openers: frozenset[str]  # token types a clause can start with
    unexpected: type[Exception]  # what lark raises on a token the grammar refuses there


_parser: Lark | None = None
_scanner: _Scanner | None = None
_root: _Prefix | None = None
_prefixes = 0  # how many _Prefix entries hang under _root
_lock = threading.Lock()


def grammar_text() -> str:
    """grammar/effects.lark, as the package ships it (:func:`referee.paths.grammar_text`)."""
    return paths.grammar_text("effects.lark")


def cache_path() -> Path | None:
    """Where the LALR tables are cached, or None if that place cannot be written."""
    return paths.writable_cache_file(CACHE_FILE_NAME)


def build(cache: Path | None = None, *, transform: bool = True) -> Lark:
    """A new LALR parser for the effect grammar, with its transformer inside
    (tokens' ``start_pos`` read as their indexes), or building plain trees if
    not ``transform``.  Both kinds share one cache file."""
    from referee.graph.effects_transform import EffectTransformer

    transformer = EffectTransformer(None) if transform else None
    return grammars.load("effects.lark", transformer=transformer, lexer="basic", cache=cache)


def parser() -> Lark:
    """The process-wide parser, with its transformer inside, built (or loaded
    from the cache) on first use.  The reader itself uses :func:`_scan`."""
    global _parser
    if _parser is None:
        with _lock:
            if _parser is None:
                _parser = build(cache_path())
    return _parser


def _scan() -> _Scanner:
    """The process-wide tree-building parser the reader scans and parses with."""
    global _scanner, _root
    if _scanner is None:
        with _lock:
            if _scanner is None:
                from lark import UnexpectedToken

                built = build(cache_path(), transform=False)
                openers = frozenset(built.parse_interactive().accepts())
                _root = _Prefix(False)
                _scanner = _Scanner(built, openers, UnexpectedToken)
    return _scanner


# -- scanning --------------------------------------------------------------


def _longest(types: list[str], start: int, token: Callable[[int], Token], scanner: _Scanner | None = None) -> int:
    """The end of the longest clause of ``types`` starting at ``start``, or ``start``.

    Walks the tree of sequences already asked about; at a sequence not met
    before, feeds lark the tokens from ``start`` (``token(k)``) and records
    its answer.  ``scanner``: :func:`_scan`'s, when the caller has it.
    """
    global _root, _prefixes
    scanner = scanner or _scan()
    root = _root
    if root is None or _prefixes > _PREFIXES_KEPT:
        root = _root = _Prefix(False)
        _prefixes = 0
    node = root
    best = start
    live = None  # lark's parser, once needed; it has read types[start:fed]
    fed = start
    for j in range(start, len(types)):
        kind = types[j]
        if kind in node.next:
            step = node.next[kind]
        else:
            if live is None:
                live = scanner.lark.parse_interactive()
            while fed < j:  # known to parse: the tree says so
                live.feed_token(token(fed))
                fed += 1
            last = token(j)
            try:
                live.feed_token(last)
            except scanner.unexpected:
                node.next[kind] = None
                break
            fed = j + 1
            step = _Prefix(_ends(live, last, scanner.unexpected))
            node.next[kind] = step
            _prefixes += 1
        if step is None:
            break
        node = step
        if node.complete:
            best = j + 1
    return best


def _ends(live: Any, last: Token, unexpected: type[Exception]) -> bool:
    """Would the clause read so far be complete if the sentence stopped here?"""
    try:
        live.copy(deepcopy_values=False).feed_eof(last)
    except unexpected:
        return False
    return True


def longest_clause(types: list[str], start: int) -> int:
    """The end of the longest clause starting at token ``start``, or ``start`` if none."""
    from lark import Token

    return _longest(types, start, lambda k: Token(types[k], types[k]))


def _negated(types: list[str], i: int) -> bool:
    """Whether the clause at ``i`` is denied by the negated verb just before it ("does not
    suffer the -1 to-hit modifier", "never suffer -1 to hit"): one word, then "a" or "the"."""
    k = i - 1
    while k >= 0 and types[k] in ("A", "THE"):
        k -= 1
    return k >= 1 and types[k] == "WORD" and types[k - 1] in NEGATIONS


# the tree of each run of token types read so far, its tokens as offsets from the run's start (see _shape_of)
_SHAPES: dict[tuple[str, ...], Any] = {}
_SHAPES_KEPT = 50_000  # runs remembered before starting afresh


def _shape_of(scanner: _Scanner, types: list[str], i: int, end: int, token: Callable[[int], Token]) -> Any:
    """The shape of lark's tree of the clause of tokens ``i`` to ``end``: ``(rule, children)``,
    each token as its offset from ``i``, or the tree itself where it has no shape kept.

    An LALR parse and its tree depend only on the tokens' types (which tokens the grammar keeps,
    where a placeholder stands), so a run of types is parsed once and its shape kept: a later run
    of the same types is transformed from the shape with its own tokens (:func:`_transformed`),
    without lark feeding them again or building the tree."""
    key = tuple(types[i:end])
    shape = _SHAPES.get(key)
    if shape is not None:
        return shape
    interactive = scanner.lark.parse_interactive()
    fed = [token(k) for k in range(i, end)]
    for each in fed:
        interactive.feed_token(each)
    tree = interactive.feed_eof(fed[-1])
    shape = _shape(tree, {id(each): k for k, each in enumerate(fed)})
    if shape is None:
        return tree
    if len(_SHAPES) >= _SHAPES_KEPT:
        _SHAPES.clear()
    _SHAPES[key] = shape
    return shape


def _shape(tree: Any, offsets: dict[int, int]) -> tuple[Any, tuple[Any, ...]] | None:
    """``(rule, children)`` of a tree, each token fed as its offset in the run, a placeholder as
    None; None where the tree holds anything else (a position kept, a token not fed) or a rule
    the transformer has no plain method for (lark would make a tree of it, or wrap the call)."""
    from lark import Token, Tree

    from referee.graph.effects_transform import EffectTransformer

    method = getattr(EffectTransformer, tree.data, None)
    if method is None or hasattr(method, "visit_wrapper") or getattr(tree, "_meta", None) is not None:
        return None
    children: list[Any] = []
    for child in tree.children:
        if child is None:
            children.append(None)
        elif isinstance(child, Token) and id(child) in offsets:
            children.append(offsets[id(child)])
        elif isinstance(child, Tree):
            inner = _shape(child, offsets)
            if inner is None:
                return None
            children.append(inner)
        else:
            return None
    return (tree.data, tuple(children))


def _transformed(transformer: Any, shape: tuple[Any, tuple[Any, ...]], token: Callable[[int], Token], i: int, discard: Any) -> Any:
    """What ``transformer.transform`` gives for the tree of ``shape`` with the run's tokens from
    ``i`` in it: each rule's method called on its children, innermost first, left to right.
    ``discard``: lark's ``Discard`` (imported once per sentence by the caller, not once per rule)."""
    children = []
    for child in shape[1]:
        if child is None:
            children.append(None)
        elif child.__class__ is int:
            children.append(token(i + child))
        else:
            done = _transformed(transformer, child, token, i, discard)
            if done is not discard:
                children.append(done)
    return getattr(transformer, shape[0])(children)


def find_clauses(lexemes: list[Lexeme]) -> list[tuple[int, int, list[Effect]]]:
    """Every clause of a sentence: (first token, end token, drafts), left to right."""
    from lark import Discard, Token

    from referee.graph.effects_transform import EffectTransformer

    scanner = _scan()
    types = [lx.type for lx in lexemes]
    made: dict[int, Token] = {}

    def token(k: int) -> Token:
        """Lexeme ``k`` as lark's token, placed by its character offsets in the sentence."""
        if k not in made:
            lexeme = lexemes[k]
            made[k] = Token(lexeme.type, lexeme.text, start_pos=lexeme.start, end_pos=lexeme.end)
        return made[k]

    found: list[tuple[int, int, list[Effect]]] = []
    i = 0
    while i < len(types):
        if types[i] not in scanner.openers or (i and types[i - 1] in NEGATIONS and types[i] not in NEGATIONS):
            i += 1
            continue
        end = _longest(types, i, token, scanner)
        if end == i:
            i += 1
            continue
        if types[i] not in NEGATIONS and _negated(types, i):
            i = end  # "doesn't suffer the -1 to-hit modifier": what is denied, not what is given
            continue
        shape = _shape_of(scanner, types, i, end, token)
        transformer = EffectTransformer({lexemes[k].start: k for k in range(i, end)})
        found.append((i, end, _transformed(transformer, shape, token, i, Discard) if shape.__class__ is tuple else transformer.transform(shape)))
        i = end
    return found
