"""What counts as defined in a system, for the names the rule graph found in keyword position.

The rule graph reads the names a rule uses in keyword position once, from the
lexer's tokens ("gains X", "models with X", "the X special rule", "X (3)"), and
keeps on each sentence the ones the system does not know
(:mod:`referee.graph.unknown`).  Lint judges them here: a name is *defined*
when it is a core game term of the manifest, a rule's name or alias (singular,
plural and "-ing"/"-ed" forms included), a term some rule's text defines ("If
Clipped Wings is stated ...", "called a Fear Test", a "No Retreat!:"
sub-heading), or a placeholder (X, Y).

Keyword strings (uses in rule text, table cells, weapon profiles) are parsed
once per system (``LintContext.keyword_uses``); :func:`keywords_of` lists the
keywords one of them names, nested ones included.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.text import fold, word_forms

if TYPE_CHECKING:
    from referee.keywords import Arg, KeywordUse
    from referee.lint.context import LintContext

_WORD = r"[A-Z][\w'’&!-]*"
_JOIN = r"(?:of|the|a|an|to|in|and)"
_TERM = rf"{_WORD}(?:[ ](?:{_JOIN}[ ]){{0,2}}{_WORD}){{0,5}}"
_PARAMS = re.compile(r"\s*\([^()]*\)")
_TRAILING_PARAMS = re.compile(r"\s*\((?:[^()]|\([^()]*\))*\)$")

# Terms a rule's text defines for itself or for others.
_DEFINITIONS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p, re.MULTILINE)
    for p in (
        rf"\b[Ii]f[ ](?P<t>{_TERM})[ ]is[ ]stated\b",
        rf"\bcalled[ ](?:an?[ ]|the[ ]|their[ ])?(?P<t>{_TERM})",
        rf"^(?P<t>{_TERM})[ ](?:is|are)[ ]an?[ ]",
        r"^(?P<t>[A-Z][\w'’&!, -]{1,40}?):[ ]",
    )
)

# Words that open a sentence or a phrase; dropped from the front of a term.
_OPENERS = frozenset(
    """A An The This That These Those If When Whenever While All Each Every Any As Is Are
    For In On At It Its They Their Such No Only Once During After Before Enemy Friendly
    Other Some Both Either Note Then""".split()
)
# Game nouns: a term made only of these names no special rule.
_GENERIC = frozenset(
    fold(w)
    for w in """Unit Units Model Models Character Characters Attack Attacks R&F Weapon Weapons
    Spell Spells Rule Rules Special Part Parts Hit Hits Player Players Army Armies Game""".split()
)
# Last words of game quantities, procedures and equipment classes ("Power Dice",
# "Parry Save", "Artillery Weapon"): an undefined term ending so is a core term the
# manifest may lack, not a special rule.
_GAME_NOUNS = frozenset(
    """dice die token tokens point points test tests roll rolls phase value values rate
    distance range pool step sequence characteristic characteristics modifier modifiers
    save saves weapon weapons""".split()
)
_PLACEHOLDER = re.compile(r"^(?:[A-Z]|XX|[XYZ][+\d]?)$")
_DETERMINERS = frozenset("same this that these those other following additional specific normal usual".split())
_CLAUSE_WORDS = frozenset({"of", "the", "a", "an", "to", "in", "and", "or"})


@dataclass
class Defined:
    """What counts as defined in one system, with a cache of answers."""

    ctx: LintContext
    defined: set[str]
    param_triggers: set[str]
    known: dict[tuple[str, bool], bool] = field(default_factory=dict)
    _tails: set[str] | None = None

    def is_known(self, term: str, parts: bool = True) -> bool:
        """Whether ``term`` is defined; with ``parts``, a defined first part will do
        when what follows it is a game noun or names no rule of its own
        ("Insignificant R&F" is Insignificant, "Stomp Attacks" is Stomp), but not when
        it is one more capitalised word ("Relentless Advance", with Relentless defined,
        is a name of its own)."""
        key = (term, parts)
        if key not in self.known:
            words = term.split()
            ends = range(len(words), 0, -1) if parts else (len(words),)
            self.known[key] = any(
                self._names(form)
                for end in ends
                if end == len(words) or _a_part(words[end:])
                for form in variants(" ".join(words[:end]))
            )
        return self.known[key]

    def ends_a_name(self, term: str) -> bool:
        """Whether ``term`` is the last words of a defined name: "Adepts" of Wizard
        Adept, in "Wizard Apprentices, Adepts, and Masters"."""
        if self._tails is None:
            self._tails = {
                " ".join(words[start:])
                for rule in self.ctx.rules
                for name in rule.names
                for words in [fold(bare(name)).split()]
                for start in range(1, len(words))
            }
        return any(fold(form) in self._tails for form in variants(term))

    def is_known_suffix(self, term: str) -> bool:
        """Whether a last part of ``term`` is defined: a table's label before a keyword ("Water DT")."""
        words = term.split()
        return any(self.is_known(" ".join(words[start:]), parts=False) for start in range(1, len(words)))

    def argument_of_family(self, before: str) -> bool:
        """Whether the words ``before`` a name end with the name of a parametrised rule
        used as a phrase ("immune to" of Immunity (X)), so the name is its argument
        ("immune to Poison"), unless "the effects of" comes between."""
        trigger = re.search(r"(?i)\bimmune[ ]to[ ](?:[\w' ]+?,[ ](?:and[ ]|or[ ])?|[\w' ]+?[ ](?:and|or)[ ])*$", before)
        return trigger is not None and fold("immune to") in self.param_triggers

    def _names(self, form: str) -> bool:
        written = _TRAILING_PARAMS.sub("", form)
        if "(" in written:
            return False  # "Channel (1) and Channel (2)" is two names, not one
        folded = fold(written)
        if not folded or folded in self.ctx.core_terms or folded in self.defined:
            return True
        return bool(self.ctx.resolve(form))


def _a_part(rest: list[str]) -> bool:
    """Whether the words after a defined name say which part of it ("R&F", "Attacks",
    "Test", "(3)"), rather than make a name of their own with it ("Advance")."""
    return all(fold(w) in _GENERIC or w.casefold() in _GAME_NOUNS for w in rest if w[:1].isupper())


def variants(term: str) -> list[str]:
    """The forms a name may be written in (:func:`referee.text.word_forms`, the one
    table of plural and verb endings), the name as written first.

    >>> variants("Matching Base")[:2]
    ['Matching Base', 'Matching Bases']
    >>> "Lance" in variants("Lances"), "Ambush" in variants("Ambushers")
    (True, True)
    >>> "Ambush" in variants("Ambushing"), "Frenzy" in variants("Frenzied")
    (True, True)
    """
    return list(dict.fromkeys([term, *word_forms(bare(term))]))


def clean(term: str, openers: bool = True, nouns: bool = True) -> str | None:
    """The name a captured term holds (brackets kept), or None when it names no rule.

    With ``openers``, words that open sentences ("As", "No", "All") are dropped
    from its front; with ``nouns``, a term ending in a game noun ("Power Dice",
    "Maximised Roll") is a core term, not a special rule.

    >>> clean("As a Catapult (4)"), clean("War Machine's"), clean("X Veil Tokens")
    ('Catapult (4)', 'War Machine', None)
    """
    term = re.sub(r"['’]s$", "", term.strip().strip("\"“”'").strip())
    words = term.split()
    while words and ((openers and words[0] in _OPENERS) or words[0] in _DETERMINERS or words[0] in _CLAUSE_WORDS):
        words.pop(0)
    while words and words[-1] in _CLAUSE_WORDS:
        words.pop()
    if not words or _PLACEHOLDER.match(words[0]) or not words[0][:1].isalpha():
        return None
    plain = bare(" ".join(words)).split()
    if not plain or all(fold(w) in _GENERIC or w in _CLAUSE_WORDS for w in plain):
        return None
    if nouns and plain[-1].casefold() in _GAME_NOUNS:
        return None
    return " ".join(words)


def definitions(ctx: LintContext) -> set[str]:
    """Folded terms the rule texts of a system define ("called a Fear Test", "No Retreat!:")."""
    out: set[str] = set()
    for rule in ctx.rules:
        for version in rule.versions:
            for pattern in _DEFINITIONS:
                for m in pattern.finditer(version.text):
                    term = clean(m.group("t"), openers=False)
                    if term:
                        out.add(fold(bare(term)))
    return out


def _param_triggers(ctx: LintContext) -> set[str]:
    """Folded names of parametrised rules ("immune to" of Immunity (X)): what follows them is an argument."""
    return {fold(name) for rule in ctx.rules if rule.params for name in rule.names}


def bare(term: str) -> str:
    """A term without its brackets: "Channel (1)" is "Channel"."""
    return _PARAMS.sub("", term).strip()


def names_of(ctx: LintContext) -> Defined:
    """What counts as defined in ``ctx``'s system."""
    return Defined(ctx, definitions(ctx), _param_triggers(ctx))


# Kinds of keyword strings whose keywords are read: uses in rule text, table cells, profiles.
CHECKED = ("use", "table", "profile")


def keywords_of(use: KeywordUse) -> Iterator[tuple[str, tuple[Arg, ...]]]:
    """Every keyword of a use, nested ones included ("[Multiple Wounds (D3)]" in a profile)."""
    from referee.keywords import Choice, Keyword, SecondProfile

    def walk(args: tuple[Arg, ...]) -> Iterator[tuple[str, tuple[Arg, ...]]]:
        for arg in args:
            if isinstance(arg, Keyword):
                yield arg.name, arg.args
                yield from walk(arg.args)
            elif isinstance(arg, SecondProfile):
                yield from walk(arg.args)
            elif isinstance(arg, Choice):
                yield from walk(arg.options)

    if use.name is not None:
        yield use.name, use.args
    yield from walk(use.args)
