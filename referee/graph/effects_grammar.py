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
transformer below (one method per grammar rule), which maps each offset back
to the token's index in the sentence for that one parse.  The parser of
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

import re
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
_LOOSE_ENDS = {"A", "THE", "PAREN", "OF", "AS", "TO", "ALL"}  # words an action does not end on
_ROLL_ADJECTIVES = {"failed", "successful"}
# the verb of a roll whose needed result a rule sets ("wound on a 2+"): the roll it is
_ROLLS = {"wound": "to-wound", "wounds": "to-wound", "hit": "to-hit", "hits": "to-hit"}
_CONDITION_LEADS = {"if", "where", "when", "while", "in", "during", "after", "unless", "against", "on", "the", "at"}
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


class _Item(NamedTuple):
    target: int | str
    conditions: tuple[tuple[str, int], ...] = ()


# the amount of "subtract Y from", "add 1 to": a number, or the rule's parameter by its letter
_AMOUNT = re.compile(r"\d+|[XYZ]")


class _Mod(NamedTuple):
    stat: int | None
    value: int


_transformer_class: type | None = None


def _make_transformer(index_of: dict[int, int] | None = None) -> Any:
    """A transformer of clause trees into Drafts.

    ``index_of`` maps the character offset of each token of the clause to
    its index in the sentence; without it a token's offset is its index.
    """
    global _transformer_class
    if _transformer_class is None:
        _transformer_class = _define_transformer()
    return _transformer_class(index_of)


def _define_transformer() -> type:
    from lark import Token, Transformer

    def tokens(children: list[Any], *types: str) -> list[Any]:
        return [c for c in children if isinstance(c, Token) and c.type in types]

    def listed(children: list[Any]) -> list[Any]:
        return next((c for c in children if isinstance(c, list)), [])

    def items_to(kind: str, entries: list[Any]) -> list[Effect]:
        out: list[Effect] = []
        for entry in entries:
            if isinstance(entry, _Item):
                out.append(Effect(kind, entry.target, conditions=entry.conditions))
            elif isinstance(entry, _Mod):
                out.append(Effect("modifies", None, entry.stat, entry.value))
        return out

    class EffectTransformer(Transformer):  # type: ignore[misc]
        """One method per rule of grammar/effects.lark; each clause gives a list of Drafts."""

        def __init__(self, index_of: dict[int, int] | None) -> None:
            super().__init__(visit_tokens=False)
            self.index_of = index_of

        def at(self, token: Any) -> int:
            """The index in the sentence of a token fed to the parser."""
            offset = int(token.start_pos)
            return offset if self.index_of is None else self.index_of[offset]

        def start(self, children: list[Any]) -> list[Effect]:
            return children[0]

        # items ---------------------------------------------------------
        def named(self, children: list[Any]) -> _Item:
            return _Item(self.at(children[0]))

        def this_rule(self, children: list[Any]) -> _Item:
            return _Item(SELF)

        def junk(self, children: list[Any]) -> None:
            return None

        def aside(self, children: list[Any]) -> tuple[str, int]:
            return ("unless", self.at(tokens(children, "NAME")[-1]))

        def modifier(self, children: list[Any]) -> _Mod:
            stats = tokens(children, "STAT")
            return _Mod(self.at(stats[0]) if stats else None, self.at(tokens(children, "SIGNED", "DISTANCE")[0]))

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
        def gain(self, children: list[Any]) -> list[Effect]:
            return items_to("grants", listed(children))

        have = be = counts_as = gain

        def confer(self, children: list[Any]) -> list[Effect]:
            """"confers the Outflank special rule to units of ...": the reader looks for who."""
            return [e._replace(mode="confer") for e in items_to("grants", listed(children))]

        def unknown_rule(self, children: list[Any]) -> list[Effect]:
            words = tokens(children, "ADV", "WORD", "ACT", "TERM")
            while words and words[0].type == "ADV" and words[0].islower():
                words.pop(0)  # "also has the ...": not part of the name
            if not words or not all(w[:1].isupper() for w in words):
                return []  # "has the same special rules": no name
            return [Effect("grants", None, action=(self.at(words[0]), self.at(words[-1])))]

        def gain_parameters(self, children: list[Any]) -> list[Effect]:
            words = tokens(children, "SPECIAL", "TERM", "WORD", "MODWORD", "AND", "STAT", "PARAMS")
            return [Effect("grants", None, action=(self.at(words[0]), self.at(words[-1])), mode="parameters")]

        def loss(self, children: list[Any]) -> list[Effect]:
            return items_to("loses", listed(children))

        def immunity(self, children: list[Any]) -> list[Effect]:
            return items_to("immune-to", listed(children))

        def immune_verb(self, children: list[Any]) -> list[Effect]:
            """"cannot be Silenced": immunity to the rule the verb form names (the reader
            drops it when the word names no rule)."""
            word = tokens(children, "WORD")[0]
            return [Effect("immune-to", None, action=(self.at(word), self.at(word)), mode="verb")]

        def lose_stat(self, children: list[Any]) -> list[Effect]:
            """"They lose 2\" movement": a modifier of minus that much."""
            amount = tokens(children, "NUM")[0]
            value = "-" + str(amount).replace("″", '"').replace("”", '"')
            return [Effect("modifies", None, self.at(tokens(children, "STAT")[0]), value)]

        def subtract_stat(self, children: list[Any]) -> list[Effect]:
            """"subtract Y from the hit roll": a modifier of minus that much (a letter is the
            rule's parameter); a number taken "in", "for" ... a roll is none."""
            amount, stop = tokens(children, "NUM", "WORD")[0], tokens(children, "STOP")[0]
            if str(stop).lower() != "from" or not _AMOUNT.fullmatch(str(amount)):
                return []
            return [Effect("modifies", None, self.at(tokens(children, "STAT")[0]), "-" + str(amount))]

        def add_stat(self, children: list[Any]) -> list[Effect]:
            """"add 1 to the casting roll": a modifier of plus that much; "gains 2 Attacks" is
            read as a grant of a stat elsewhere, so only a stat added "to" is one."""
            amount, stat = tokens(children, "NUM", "WORD")[0], tokens(children, "STAT")[0]
            if not str(stat).lower().startswith("to ") or not _AMOUNT.fullmatch(str(amount)):
                return []
            return [Effect("modifies", None, self.at(stat), "+" + str(amount))]

        def ignores_by_effect(self, children: list[Any]) -> list[Effect]:
            """"ignore every rule that makes an enemy model or unit untargetable": every rule of the
            other side that makes that (its last word, kept as the action) is overridden."""
            made = tokens(children, "A", "THE", "WORD", "OR", "AND", "NAME")
            if not made or made[-1].type != "WORD" or str(made[-1]).lower() in ("every", "any", "other"):
                return []  # "ignore all rules that make a unit Fearless": a rule named, not what it makes
            return [Effect("overrides", None, action=(self.at(made[-1]), self.at(made[-1])), mode="by-effect")]

        def excludes_use(self, children: list[Any]) -> list[Effect]:
            item = next(c for c in children if isinstance(c, _Item))
            return [Effect("excludes", item.target)]

        def excludes_others(self, children: list[Any]) -> list[Effect]:
            return [Effect("excludes", OTHERS)]

        def ignores(self, children: list[Any]) -> list[Effect]:
            return items_to("overrides", listed(children))

        def not_prevented(self, children: list[Any]) -> list[Effect]:
            """"having Exclusive (Chariot) does not prevent it from joining units": the rule read
            prevails over Exclusive; any other words around a name and "does not" say nothing."""
            words = [str(w).lower() for w in tokens(children, "WORD")]
            if words[0] != "having" or words[-1] not in ("prevent", "prevents"):
                return []
            return items_to("overrides", [c for c in children if isinstance(c, _Item)])

        def instead_of(self, children: list[Any]) -> list[Effect]:
            return [Effect("overrides", c.target) for c in children if isinstance(c, _Item)]

        def uses_rules_for(self, children: list[Any]) -> list[Effect]:
            """"uses the rules for X instead", "cannot be taken against X": X prevails
            over the rule the sentence sets aside (mode "yields")."""
            return [Effect("overrides", c.target, mode="yields") for c in children if isinstance(c, _Item)]

        def not_against(self, children: list[Any]) -> list[Effect]:
            """"Fortitude Saves cannot be taken against attacks with Lethal Strike": Lethal
            Strike prevails, and the attacks it is stated for ("attacks with Lethal Strike",
            from after "against" to the rule) are who the exception is for."""
            out: list[Effect] = []
            lead: int | None = None
            for child in children:
                if isinstance(child, Token) and child.type == "AGAINST":
                    lead = self.at(child) + 1
                elif isinstance(child, _Item) and isinstance(child.target, int):
                    span = (lead, child.target) if lead is not None and lead <= child.target else None
                    out.append(Effect("overrides", child.target, mode="yields", action=span))
            return out

        def treats(self, children: list[Any]) -> list[Effect]:
            """"treats Terror as Fear": the second rule's rules replace the first's (target:
            the one that prevails; action: the one set aside)."""
            names = tokens(children, "NAME")
            loser, winner = self.at(names[0]), self.at(names[-1])
            return [Effect("overrides", winner, mode="replaces", action=(loser, loser))]

        def exchanges(self, children: list[Any]) -> list[Effect]:
            """"exchange normal Stomp to Thunderstomp": the second rule replaces the first."""
            return self.treats(children)

        def overrides(self, children: list[Any]) -> list[Effect]:
            return [Effect("overrides", self.at(tokens(children, "NAME", "TERM")[0]))]

        def instead(self, children: list[Any]) -> list[Effect]:
            return [Effect("overrides", self.at(t)) for t in tokens(children, "NAME")]

        def treats_instead(self, children: list[Any]) -> list[Effect]:
            """"treats models that cause Terror as causing Fear instead": the last rule named
            replaces the first (one rule named: it prevails, as in ``instead``)."""
            names = tokens(children, "NAME")
            if len(names) < 2:
                return self.instead(children)
            return [Effect("overrides", self.at(names[-1]), mode="replaces", action=(self.at(names[0]), self.at(names[0])))]

        def action(self, children: list[Any]) -> tuple[int, int]:
            words = [c for c in children if isinstance(c, Token)]
            for k, word in enumerate(words[1:], 1):
                if word.type == "COND" and word.split()[0].lower() in _CONDITION_LEADS:
                    del words[k:]  # "declare Charges in the first Player Turn": the condition is not the action
                    break
            while len(words) > 1 and words[-1].type in _LOOSE_ENDS:
                words.pop()  # "move off the Board Edge using the" -> "... using"
            return (self.at(words[0]), self.at(words[-1]))

        def actions(self, children: list[Any]) -> list[tuple[int, int]]:
            return [c for c in children if isinstance(c, tuple)]

        def obligation(self, children: list[Any]) -> list[Effect]:
            return [Effect("must", action=a) for a in listed(children)]

        def prohibition(self, children: list[Any]) -> list[Effect]:
            return [Effect("cannot", action=a) for a in listed(children)]

        def exemption(self, children: list[Any]) -> list[Effect]:
            """"does not take Panic tests": an exemption from a test (mode ``exempt``: the reader keeps
            only taking a test; "does not move" states no prohibition)."""
            return [Effect("cannot", action=a, mode="exempt") for a in listed(children)]

        def prohibited_reroll(self, children: list[Any]) -> list[Effect]:
            """"A roll can never be rerolled more than once": a prohibition, not a reroll."""
            return [Effect("cannot", action=self.action([c for c in children if c.type not in ("CANNOT", "ADV")]))]

        def cumulative(self, children: list[Any]) -> list[Effect]:
            return [Effect("stacks", mode="cumulative")]

        def never_stacks(self, children: list[Any]) -> list[Effect]:
            return [Effect("stacks", mode="never")]

        def pick_best(self, children: list[Any]) -> list[Effect]:
            """"use the highest value", "use the one with the lowest average": the text's own pick."""
            said = str(tokens(children, "PICKBEST")[0]).lower()
            return [Effect("stacks", mode="lowest" if "lowest" in said else "highest")]

        def capped(self, children: list[Any]) -> list[Effect]:
            """"can never be modified by more than 1": the total is limited to that much either way."""
            amount = str(tokens(children, "NUM", "SIGNED")[0]).lstrip("+-")
            return [Effect("stacks", value=amount, mode="cap")]

        def use_one(self, children: list[Any]) -> list[Effect]:
            """"it can only use one Breath Attack in a single phase", "it is permitted to use only one in a
            single turn": several instances, of which one is used at a time (mode "one")."""
            verb = str(tokens(children, "ACT")[0]).lower()
            words = [str(w).lower() for w in tokens(children, "WORD")]
            if verb != "use" or words and (words[0] not in ("permitted", "allowed") or words[-1] != "only"):
                return []
            return [Effect("stacks", mode="one")]

        def choose_one(self, children: list[Any]) -> list[Effect]:
            """"it may choose which one to use": several apply, and the text says who picks one."""
            return [Effect("stacks", mode="choose")]

        def modifier_of(self, children: list[Any]) -> list[Effect]:
            """"the CS of this model is +Y": the modifier, and whose stat it is (action)."""
            stat, value = tokens(children, "STAT")[0], tokens(children, "SIGNED")[0]
            whose = [c for c in children if c.type in ("THIS", "WORD")]
            return [Effect("modifies", None, self.at(stat), self.at(value), action=(self.at(whose[0]), self.at(whose[-1])), mode="of")]

        def set_value(self, children: list[Any]) -> list[Effect]:
            """"strikes at Initiative 1": the stat is that value ("=1"); "at" only."""
            stop, stat, number = tokens(children, "STOP")[0], tokens(children, "STAT")[0], tokens(children, "NUM")[0]
            if str(stop).lower() != "at" or not str(number).isdigit():
                return []
            return [Effect("modifies", None, self.at(stat), "=" + str(number))]

        def roll_on(self, children: list[Any]) -> list[Effect]:
            """"wound on a 2+": the roll needed to wound is 2+ (value "=2+"); "on" only, and a
            number a roll needs ("2+"), of a roll to wound or to hit."""
            stop, stat, number = tokens(children, "STOP")[0], tokens(children, "STAT")[0], tokens(children, "NUM")[0]
            roll = _ROLLS.get(str(stat).lower())
            if str(stop).lower() != "on" or roll is None or not str(number).rstrip("+").isdigit() or not str(number).endswith("+"):
                return []
            return [Effect("modifies", None, self.at(stat), "=" + str(number), mode=roll)]

        def roll_on_parameter(self, children: list[Any]) -> list[Effect]:
            """"wounds on a fixed number (generally shown in brackets)": the roll needed is the rule's
            own parameter (value "=X")."""
            stop, stat = tokens(children, "STOP")[0], tokens(children, "STAT")[0]
            words = " ".join(str(w).lower() for w in tokens(children, "WORD"))
            bracket = str(tokens(children, "PAREN")[0]).lower()
            roll = _ROLLS.get(str(stat).lower())
            if str(stop).lower() != "on" or roll is None or words not in ("fixed number", "fixed value") or "bracket" not in bracket:
                return []
            return [Effect("modifies", None, self.at(stat), "=X", mode=roll)]

        def only_value(self, children: list[Any]) -> list[Effect]:
            """"can only ever make a single Attack": the stat is one (value "=1")."""
            words = tokens(children, "WORD")
            if not words or str(words[-1]).lower() not in ("single", "one"):
                return []
            return [Effect("modifies", None, self.at(tokens(children, "STAT")[0]), "=1")]

        def own_value(self, children: list[Any]) -> list[Effect]:
            """"is multiplied into X+1": the rule's own value X changes by +1 (value as a
            string; action: the verb, which names what the value is)."""
            changed = str(tokens(children, "XPLUS")[0])
            value = "".join(changed[1:].split())
            verb = tokens(children, "WORD")[0]
            return [Effect("modifies", None, None, value, action=(self.at(verb), self.at(verb)), mode="own")]

        def modifiers(self, children: list[Any]) -> list[Effect]:
            return [Effect("modifies", None, m.stat, m.value) for m in children if isinstance(m, _Mod)]

        def rerolls(self, children: list[Any]) -> list[Effect]:
            rolls = tokens(children, "STAT", "TERM")
            if rolls:
                return [Effect("modifies", None, self.at(t), "reroll") for t in rolls]
            words = [c for c in tokens(children, "WORD", "ACT", "NUM", "OF") if c.lower() not in _ROLL_ADJECTIVES]
            span = (self.at(words[0]), self.at(words[-1])) if words else None
            return [Effect("modifies", None, None, "reroll", action=span)]

        def rerolled(self, children: list[Any]) -> list[Effect]:
            return [Effect("modifies", None, None, "reroll", mode="passive")]

        def against(self, children: list[Any]) -> list[Effect]:
            word = "except against" if tokens(children, "OTHER_THAN") else "against"
            return [Effect("condition", conditions=((word, self.at(tokens(children, "NAME")[-1])),))]

        def unless(self, children: list[Any]) -> list[Effect]:
            return [Effect("condition", conditions=(("unless", self.at(tokens(children, "NAME")[-1])),))]

    return EffectTransformer


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
    return grammars.load("effects.lark", transformer=_make_transformer() if transform else None, lexer="basic", cache=cache)


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


def _longest(types: list[str], start: int, token: Callable[[int], Token]) -> int:
    """The end of the longest clause of ``types`` starting at ``start``, or ``start``.

    Walks the tree of sequences already asked about; at a sequence not met
    before, feeds lark the tokens from ``start`` (``token(k)``) and records
    its answer.
    """
    global _root, _prefixes
    scanner = _scan()
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


def find_clauses(lexemes: list[Lexeme]) -> list[tuple[int, int, list[Effect]]]:
    """Every clause of a sentence: (first token, end token, drafts), left to right."""
    from lark import Token

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
        end = _longest(types, i, token)
        if end == i:
            i += 1
            continue
        if types[i] not in NEGATIONS and _negated(types, i):
            i = end  # "doesn't suffer the -1 to-hit modifier": what is denied, not what is given
            continue
        interactive = scanner.lark.parse_interactive()
        for k in range(i, end):
            interactive.feed_token(token(k))
        tree = interactive.feed_eof(token(end - 1))
        index_of = {lexemes[k].start: k for k in range(i, end)}
        found.append((i, end, _make_transformer(index_of).transform(tree)))
        i = end
    return found
