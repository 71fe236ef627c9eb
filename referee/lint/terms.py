"""The names a rule uses: names in keyword position, and keywords in keyword strings.

Rule texts name the special rules they use in a few fixed positions, and only
those are read here ("keyword positions"):

- after a holder: "models with Fly", "attacks made with a Halberd",
  "units that are Fearless", "has Bodyguard", "have Harnessed or Inanimate";
- after an effect: "gains Tall, Commanding Presence (+6\") and Exclusive",
  "loses Scoring", "is immune to the effects of Terror", "subject to
  Maximised Roll", "causes Fear", "rules, such as Otherworldly";
- with an explicit marker: "the Fearless special rule", "Large Target
  special rule", "the Ambush rule", "the leader keyword";
- as a keyword with a value in brackets: "Exclusive (X)", "Channel (1)".

A name found there is *defined* when it is a core game term of the manifest,
a rule's name or alias (singular, plural and "-ing"/"-ed" forms included), a
term some rule's text defines ("If Clipped Wings is stated ...", "called a
Fear Test", a "No Retreat!:" sub-heading), or a placeholder (X, Y).  Lists
are split where their parts are defined names, so "Hit and Run" stays one
name and "Flammable and Regeneration" is two.

Keyword strings (uses in rule text, table cells, weapon profiles) are parsed
once per system (``LintContext.keyword_uses``); :func:`keywords_of` lists the
keywords one of them names, nested ones included.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from referee.text import fold, word_forms

if TYPE_CHECKING:
    from referee.keywords import Arg, KeywordUse
    from referee.lint.context import LintContext

_WORD = r"[A-Z][\w'’&!-]*"
_JOIN = r"(?:of|the|a|an|to|in|and)"
_TERM = rf"{_WORD}(?:[ ](?:{_JOIN}[ ]){{0,2}}{_WORD}){{0,5}}"
_BRACKET = r"(?:[ ]?\([^()]*\))"
# One item of a list: "Tall", "Commanding Presence (+6\")", "+1 Strength".
_ITEM = rf"(?:[+\-−]?\d+[\"″]?[ ])?(?:the[ ])?{_TERM}{_BRACKET}?"
_LIST = rf"(?P<list>{_ITEM}(?:(?:,[ ](?:and[ ]|or[ ])?|[ ](?:and|or|and/or)[ ]){_ITEM})*)"
_SEPARATOR = re.compile(r"(,[ ](?:and[ ]|or[ ])?|[ ](?:and|or|and/or)[ ])")
_PARAMS = re.compile(r"\s*\([^()]*\)")
_TRAILING_PARAMS = re.compile(r"\s*\((?:[^()]|\([^()]*\))*\)$")

_HOLDER = r"(?:models?|model[ ]parts?|units?|characters?|weapons?|attacks?|hits?|spells?|generals?|wizards?|champions?|bearers?)"

# Positions followed by a list of names.
_LIST_POSITIONS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p)
    for p in (
        rf"(?i:\b{_HOLDER}[ ]with[ ](?:at[ ]least[ ]one[ ]|one[ ]or[ ]more[ ])?)(?:the[ ])?{_LIST}",
        rf"(?i:\bmade[ ]with[ ])(?:an?[ ]|the[ ])?{_LIST}",
        rf"(?i:\b(?:models?|units?)[ ](?:that[ ])?are[ ]){_LIST}",
        rf"\b(?:has|have|having)[ ](?:both[ ])?(?:the[ ])?{_LIST}",
        rf"\b(?:gains?|gaining|loses?|losing|confers?|conferring|receives?)[ ](?:the[ ])?{_LIST}",
        rf"(?i:\bimmune[ ]to[ ])(?P<effects>the[ ]effects?[ ]of[ ])?{_LIST}",
        rf"\b(?:subject[ ]to|affected[ ]by)[ ]{_LIST}",
        rf"\b(?:causes?|causing|inflicts?)[ ]{_LIST}",
        rf"\brules?,?[ ]such[ ]as[ ]{_LIST}",
        rf"\b[Rr]ange[ ]of[ ](?:(?:an?[ ]|the[ ])?(?:friendly[ ])?(?:model|bearer|unit)['’]s[ ])?{_LIST}",
    )
)

# Positions with an explicit marker: one name, lower-case words allowed.
_MARKED: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p)
    for p in (
        r"\bthe[ ][\"“]?(?P<t>[\w'’&!-]+(?:[ ][\w'’&!-]+){0,4}?(?:[ ]?\([^()]*\))?)[\"”]?[ ]"
        r"(?:[Uu]niversal[ ])?(?:[Ss]pecial[ ][Rr]ules?|keywords?)\b",
        rf"(?P<t>{_TERM})[ ](?:[Uu]niversal[ ])?[Ss]pecial[ ][Rr]ules?\b",
        rf"\bthe[ ](?:(?:normal|usual|same)[ ])?(?P<t>{_TERM})[ ]rules?\b",
    )
)

_KEYWORD_USE = re.compile(rf"(?P<t>{_TERM})[ ]?\((?P<args>(?:[^()]|\([^()]*\))+)\)")

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
# Lower-case words that never stand inside a name written before "keyword" or "special rule".
_NOT_IN_NAMES = frozenset("the a an its his her their this that with in of to for by behind from at on".split())


@dataclass
class Defined:
    """What counts as defined in one system, with a cache of answers."""

    ctx: LintContext
    defined: set[str]
    param_triggers: set[str]
    known: dict[tuple[str, bool], bool] = field(default_factory=dict)

    def is_known(self, term: str, parts: bool = True) -> bool:
        """Whether ``term`` is defined; with ``parts``, a defined first part will do
        ("Insignificant R&F" is Insignificant)."""
        key = (term, parts)
        if key not in self.known:
            words = term.split()
            ends = range(len(words), 0, -1) if parts else (len(words),)
            self.known[key] = any(self._names(form) for end in ends for form in variants(" ".join(words[:end])))
        return self.known[key]

    def rules_named(self, term: str) -> list[str]:
        """Ids of the rules ``term`` names (or its first defined part names)."""
        words = term.split()
        for end in range(len(words), 0, -1):
            for form in variants(" ".join(words[:end])):
                if "(" not in _TRAILING_PARAMS.sub("", form):
                    ids = self.ctx.resolve(form)
                    if ids:
                        return ids
        return []

    def is_known_suffix(self, term: str) -> bool:
        """Whether a last part of ``term`` is defined: a table's label before a keyword ("Water DT")."""
        words = term.split()
        return any(self.is_known(" ".join(words[start:]), parts=False) for start in range(1, len(words)))

    def _names(self, form: str) -> bool:
        written = _TRAILING_PARAMS.sub("", form)
        if "(" in written:
            return False  # "Channel (1) and Channel (2)" is two names, not one
        folded = fold(written)
        if not folded or folded in self.ctx.core_terms or folded in self.defined:
            return True
        return bool(self.ctx.resolve(form))


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


@dataclass(frozen=True)
class Use:
    """A name in keyword position: as written, and where in the version's text."""

    term: str
    start: int
    end: int
    kind: str  # list | marked | keyword-marker | keyword


def clean(term: str, openers: bool = True) -> str | None:
    """The name a captured term holds (brackets kept), or None when it names no rule.

    With ``openers``, words that open sentences ("As", "No", "All") are dropped
    from its front.

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
    if plain[-1].casefold() in _GAME_NOUNS:
        return None
    return " ".join(words)


def split_list(text: str, names: Defined, lower: bool = False) -> list[tuple[str, int]]:
    """The names of a list, with their offsets: the longest defined runs kept whole.

    "Rally Around the Flag and Not a Leader" is two names; "Hit and Run" one.
    Items that start with a value ("+1 Strength") are characteristics, not names;
    lower-case items are kept only with ``lower`` (after an explicit marker).
    """
    parts = _SEPARATOR.split(text)
    items, seps = parts[0::2], parts[1::2]
    offsets, at = [], 0
    for i, item in enumerate(items):
        offsets.append(at)
        at += len(item) + (len(seps[i]) if i < len(seps) else 0)
    out: list[tuple[str, int]] = []
    i = 0
    while i < len(items):
        taken = i
        for j in range(len(items) - 1, i, -1):
            joined = "".join(items[k] + (seps[k] if k < j else "") for k in range(i, j + 1))
            if names.is_known(joined, parts=False):
                taken = j
                break
        out.append(("".join(items[k] + (seps[k] if k < taken else "") for k in range(i, taken + 1)), offsets[i]))
        i = taken + 1
    return [(item, at) for item, at in out if lower or item[:1].isupper() or item.startswith("the ")]


def uses_in(text: str, names: Defined) -> list[Use]:
    """Every name in keyword position in one rule text, in text order.

    A name with an explicit marker wins over a list position that overlaps it
    ("have the Deep strike special rule" is "Deep strike", not "Deep").
    """
    marked: list[Use] = []
    for pattern in _MARKED:
        for m in pattern.finditer(text):
            words = m.group("t").split()
            if any(w in _NOT_IN_NAMES for w in words[1:]) or (words[0].islower() and words[0] in _NOT_IN_NAMES):
                continue
            kind = "keyword-marker" if m.group(0).endswith(("keyword", "keywords")) else "marked"
            start = m.start("t")
            for item, at in split_list(m.group("t"), names, lower=True):  # "the Pinning and Rending special rules"
                use = Use(item, start + at, start + at + len(item), kind)
                if use not in marked:
                    marked.append(use)
    found = list(marked)
    for pattern in _LIST_POSITIONS:
        for m in pattern.finditer(text):
            if "effects" in m.groupdict() and m.group("effects") is None and _names_a_family(m.group(0), names):
                continue  # "Immune to Flame": the argument of a parametrised rule
            start = m.start("list")
            for item, at in split_list(m.group("list"), names):
                use = Use(item, start + at, start + at + len(item), "list")
                if not any(u.start < use.end and use.start < u.end for u in marked):
                    found.append(use)
    for m in _KEYWORD_USE.finditer(text):
        if _has_value(m.group(0)):
            found.append(Use(m.group("t"), m.start("t"), m.end("t"), "keyword"))
    return sorted(found, key=lambda u: u.start)


def _names_a_family(matched: str, names: Defined) -> bool:
    trigger = re.match(r"(?i)immune[ ]to", matched)
    return trigger is not None and fold(trigger.group(0)) in names.param_triggers


_VALUE_KINDS = frozenset({"number", "dice", "threshold", "distance", "modifier", "variable", "save", "roll"})


def _has_value(text: str) -> bool:
    """Whether a "Name (...)" is a keyword with a value, not a name with a remark."""
    from referee.keywords import KeywordSyntaxError, parse

    try:
        uses = parse(text)
    except KeywordSyntaxError:
        return False
    return len(uses) == 1 and any(arg.kind in _VALUE_KINDS for arg in uses[0].args)


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


def named_rules(ctx: LintContext, names: Defined | None = None) -> Iterator[tuple[str, str]]:
    """(user, used): every rule a rule names in keyword position, by id."""
    names = names or names_of(ctx)
    for rule in ctx.rules:
        for version in rule.versions:
            for use in uses_in(version.text, names):
                term = clean(use.term)
                for used in names.rules_named(term) if term else ():
                    yield rule.id, used


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
