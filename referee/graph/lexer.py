"""One sentence of rule text as the word classes grammar/effects.lark reads.

The grammar does not see letters: it sees a rule of the system (NAME), a game
term that is not a rule (TERM), a trigger word (GAIN, IMMUNE, CANNOT, ...), a
stat (STAT), a signed number (SIGNED), a condition (COND) or just a WORD.
:func:`lex` makes those tokens, in this order of precedence:

1. conditions, found by pattern over the raw sentence ("when it is charging",
   "During the first Round of Combat", "if possible");
2. at each word, the longest of: a rule name or alias of the system or a core
   term (written capitalised, as keywords are), or a phrase of the tables in
   :mod:`referee.graph.effects_words` (a phrase wins a tie: "Strength" is a
   stat before a core term);
3. a bracket right after a rule name is that rule's parameter ("Exclusive
   (Chariot)"); any other bracket is one PAREN token;
4. "has", "is", "gains" inside an if/when/that clause are only the condition
   of something else ("If a model has the Rending special rule, ..."), so they
   become SUBHAVE, SUBBE, SUBGAIN, which no clause starts with.

>>> names = Names({"fear": ["t/fear"], "terror": ["t/terror"]}, ["Round of Combat"])
>>> [t.type for t in lex("The model gains Fear and is immune to Terror.", names)]
['THE', 'WORD', 'GAIN', 'NAME', 'AND', 'BE', 'IMMUNE', 'TO', 'NAME', 'DOT']
>>> [t.type for t in lex("If a model has Fear, it has Terror.", names)]
['SUB', 'A', 'WORD', 'SUBHAVE', 'NAME', 'COMMA', 'PRON', 'HAVE', 'NAME', 'DOT']
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product

from referee.graph.effects_words import CONDITION_HINTS, CONDITIONS, PHRASE_TYPES, STAT_LEADS, STATS
from referee.patterns import Sieve, gated
from referee.text import DICE, fold, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from _thread import LockType
    from typing import Any

    # a NameIndex's names not yet filed, by first word; its two tables; the lock filing holds
    Filing = tuple[dict[str, list[tuple[int, tuple[str, ...], bool, tuple[str, ...]]]], dict[tuple[str, ...], list[tuple[int, tuple[str, ...], bool]]], dict[str, int], LockType]

# each condition of the table on its own, between word boundaries: the table is read as the one pattern
# ``\b(?:c0|c1|...)\b`` would read it (:func:`_conditions`), each condition's words gating its scan
_EACH_CONDITION = tuple(gated(rf"\b(?:{pattern})\b", re.IGNORECASE) for pattern, _ in CONDITIONS)
_CONDITIONS_LIVE = Sieve(_EACH_CONDITION)

# the signs a signed number may start with (a plus, a hyphen, a minus sign, an en dash)
_SIGNS = "+-−–"
# DICE stands for referee.text.DICE, the one pattern of a dice roll; SIGNS for _SIGNS
_TOKEN_SPEC = r"""
    (?P<signed>(?<![\w.])[SIGNS](?:\s?\d+(?:\.\d+)?(?![dD]\d)|[XYZ](?!\w)|DICE)(?:["″”]|/[SIGNS]?\d+)?)
   |(?P<xplus>(?<![\w.])[XYZ]\s?[+\-]\s?\d+(?![\w.]))
   |(?P<num>DICE|\d+(?:\.\d+)?(?:\+\+|\+-|\+)?["″”]?)
   |(?P<word>[^\W\d_][^\W_]*|[&+])
   |(?P<open>[(\[])
   |(?P<close>[)\]])
   |(?P<punct>[,;:.!?—])
    """
_TOKEN_RE = re.compile(_TOKEN_SPEC.replace("DICE", DICE).replace("SIGNS", re.escape(_SIGNS)), re.VERBOSE)
_SIGNED = frozenset(_SIGNS)
_KINDS = {"word": "WORD", "xplus": "XPLUS", "num": "NUM", "open": "OPEN", "close": "CLOSE"}  # signed and punct: by their text
# a sentence holds a condition only if its lower case holds one of CONDITION_HINTS (one search, not one per hint)
_HINT_RE = re.compile("|".join(map(re.escape, CONDITION_HINTS)))
# what a rule's parameter looks like: "(Chariot)", "(1)", "(+6\")", "(D3, Clipped Wings)", "(X)",
# "(Charge Range, Flee Distance, Pursuit Distance, Overrun Distance)"
PARAMETER = re.compile(r"[(\[]\s*(?:[\d+\-−XYZ]|[dD]\d|[A-Z])[^()\[\]]{0,160}[)\]]$")
_PUNCT = {",": "COMMA", ";": "SEMI", ":": "COLON", ".": "DOT", "!": "DOT", "?": "DOT", "—": "SEMI"}  # an em dash parts clauses
_BREAKS = {"COMMA", "SEMI", "COLON", "DOT", "PAREN"}
_DEMOTED = {"HAVE": "SUBHAVE", "BE": "SUBBE", "GAIN": "SUBGAIN", "COUNTAS": "SUBCOUNTAS"}
# words after "that" showing it starts a relative clause ("models that have"), not "that unit"
_VERBISH = {"HAVE", "BE", "GAIN", "LOSE", "CANNOT", "MUST", "MAYONLY", "NOT", "ACT", "COUNTAS"}
_PERMITS = {"allow", "allows", "permit", "permits", "let", "lets"}  # "Some rules allow the player to reroll"
_AUXILIARIES = {"can", "could", "would", "will", "may", "might", "does", "do", "did", "cause", "contain"}


@dataclass(slots=True)
class Lexeme:
    """One token of a sentence: its word class, its words, where it stands.

    ``key`` is the folded name of a NAME or TERM (the form ``Names`` knows),
    ``norm`` the normalised form of a STAT or COND, ``param`` the bracket
    after a rule name as written ("(Chariot)").
    """

    type: str
    text: str
    start: int
    end: int
    key: str = ""
    norm: str = ""
    param: str | None = None


@dataclass(frozen=True, slots=True)
class Mention:
    """A rule of the system named in a sentence (also inside brackets)."""

    key: str  # folded name or alias
    text: str  # as written
    start: int


def _expand(spec: str) -> list[tuple[str, ...]]:
    return [tuple(words) for words in product(*(part.split("|") for part in spec.split()))]


def _phrase_table() -> tuple[dict[tuple[str, ...], tuple[str, str]], dict[str, set[str]]]:
    """Every phrase (lower-case words) -> (type, normalised form), and for each first
    word the words that can follow it in a longer phrase.

    Where two entries spell the same words, the first listed wins.
    """
    table: dict[tuple[str, ...], tuple[str, str]] = {}
    follows: dict[str, set[str]] = {}
    entries = [(spec, kind, norm) for spec, kind, norm in PHRASE_TYPES]
    for spec, norm in STATS:
        entries.append((spec, "STAT", norm))
        entries.extend((f"{lead} {spec}", "STAT", norm) for lead in STAT_LEADS)
    for spec, kind, norm in entries:
        for words in _expand(spec):
            table.setdefault(words, (kind, norm))
            if len(words) > 1:
                follows.setdefault(words[0], set()).add(words[1])
    return table, follows


PHRASES, _PHRASE_FOLLOWS = _phrase_table()
_LONGEST_PHRASE = max(len(words) for words in PHRASES)



class NameIndex:
    """Every name and core term of a system, found by its words.

    ``by_words`` maps the folded words a sentence may show to the names they
    spell, each as (order, words, is a core term): the name's own words, and
    the same with its last word in the singular ("flaming attack" for Flaming
    Attacks). ``longest`` holds, for each first word, the most words a name
    beginning with it has, so a sentence is tried only as far as a name could
    reach. ``order`` is the order names are preferred in where several of one
    length match: core terms first, then as the system lists them. ``words``
    keeps what the lexer works out of each word as written (:class:`_Word`), so
    a word met again in another sentence costs one lookup.

    Both tables are filled one first word at a time, when a sentence first asks
    for it (every key of ``by_words`` begins with the first word of the names it
    spells): a rebuild that reads the one rule an edit touched fills the few
    words that rule writes, not the whole system's (at 100,000 rules the whole
    index is a second's work and tens of MB).  :meth:`fill` fills every word
    (before the build's readers fork, so that they share it).
    """

    __slots__ = ("by_words", "longest", "words", "_heads", "_spelled", "_longest", "_filing")

    def __init__(self) -> None:
        # first word as a sentence spells it -> its names, in order, each with the words spelled
        self._heads: dict[str, list[tuple[int, tuple[str, ...], bool, tuple[str, ...]]]] = {}
        self._spelled: dict[tuple[str, ...], list[tuple[int, tuple[str, ...], bool]]] = {}
        self._longest: dict[str, int] = {}
        # what filing needs, which the tables hold too: none of them holds the index, so an
        # index no reader holds any more is let go at once, never left for the cycle collector
        # (at 100,000 rules, a pass of about 0.13 s over its 400,000 objects after a build)
        self._filing = (self._heads, self._spelled, self._longest, threading.Lock())
        self.by_words = _Filled(self._filing, self._spelled)
        self.longest = _Filled(self._filing, self._longest)
        self.words: dict[str, _Word] = {}  # each word as written, once met (:meth:`learn`)

    def learn(self, text: str) -> _Word:
        """What the lexer needs of a word as written; asked once all names are added."""
        word = self.words[text] = _Word(text, self)
        return word

    def add(self, words: tuple[str, ...], core: bool, order: int, spelled: tuple[str, ...] | None = None) -> None:
        """File a name by its words, or by another spelling of them (``spelled``) that names it."""
        said = spelled or words
        self._heads.setdefault(said[0], []).append((order, words, core, said))

    def fill(self, head: str | None = None) -> None:
        """File the names beginning with ``head`` (None: every name) in the tables."""
        _file(self._filing, list(self._heads) if head is None else [head])


def _file(filing: Filing, firsts: Iterable[str]) -> None:
    """File the names of each first word in ``firsts`` in the tables (a first word's names leave
    the names not yet filed once filed, not before)."""
    heads, spelled, longest, lock = filing
    with lock:
        for first in firsts:
            names = heads.get(first)
            if names is not None:
                for order, words, core, said in names:
                    keys = [said]
                    if len(said) > 1:  # the sentence may write the last word in the singular
                        keys.extend((*said[:-1], s) for s in singulars(said[-1]))
                    for key in keys:
                        spelled.setdefault(key, []).append((order, words, core))
                    if len(said) > longest.get(first, 0):
                        longest[first] = len(said)
                del heads[first]


class _Filled:
    """One table of a :class:`NameIndex`, asked by key (``get``), whose first word's
    names are filed on the first question about it."""

    __slots__ = ("filing", "heads", "table")

    def __init__(self, filing: Filing, table: dict[Any, Any]) -> None:
        self.filing = filing
        self.heads = filing[0]
        self.table = table

    def get(self, key: Any, default: Any = None) -> Any:
        head = key if isinstance(key, str) else key[0]
        if head in self.heads:
            _file(self.filing, (head,))
        return self.table.get(key, default)


class Names:
    """What the reader knows of one system: its rule names and core terms.

    ``names`` maps a folded name or alias to rule ids (``Rulebase.names[system]``);
    ``core_terms`` are game terms that are not rules (never a reference);
    ``self_id`` is the rule being read, whose own name is no reference.

    >>> n = Names({"light troops": ["t9a/light-troops"], "lance": ["t9a/lance"]}, ["March Move"])
    >>> n.resolve("Light Troops"), n.resolve("Lances"), n.resolve("March Move")
    ('t9a/light-troops', 't9a/lance', None)
    """

    def __init__(self, names: dict[str, list[str]], core_terms: Iterable[str], self_id: str | None = None, index: NameIndex | None = None):
        self.names = names
        self.self_id = self_id
        self.index = _index_for(names, core_terms) if index is None else index  # ``index``: :func:`name_index`'s of the two
        # what reading a rule asked of the names (:class:`NameChange`): every folded name looked up,
        # and the head of every word the lexer looked up in the index
        self.asked: set[str] = set()
        self.heads: set[str] = set()

    def resolve(self, name: str) -> str | None:
        """The id of the rule ``name`` names (exact folded form, then singular), or None."""
        key = fold(name)
        self.asked.add(key)
        for form in (key, *_singulars(key)):
            ids = self.names.get(form)
            if ids:
                others = [i for i in ids if i != self.self_id]
                return (others or ids)[0]
        return None

    def ids(self, key: str) -> list[str]:
        """Every id a folded name (or its singular) stands for."""
        names = self.names
        self.asked.add(key)
        if key in names:
            return names[key]
        for form in _singulars(key):
            if form in names:
                return names[form]
        return []


_INDEXES: dict[tuple[int, int], tuple[object, object, NameIndex]] = {}
_INDEX_LOCK = threading.Lock()
_INDEXES_KEPT = 2  # systems whose index is kept: a build reads one system at a time, and at 100,000 rules an index is tens of MB


def _index_for(names: dict[str, list[str]], core_terms: Iterable[str]) -> NameIndex:
    """The name index of a system, built once per names table and core terms
    (the graph builder makes a ``Names`` per rule, with the same two objects)."""
    cacheable = isinstance(core_terms, (list, tuple))
    key = (id(names), id(core_terms))
    if cacheable:
        hit = _INDEXES.get(key)
        if hit is not None and hit[0] is names and hit[1] is core_terms:
            return hit[2]
    index = name_index(names, core_terms)
    if cacheable:
        with _INDEX_LOCK:
            if len(_INDEXES) >= _INDEXES_KEPT:
                _INDEXES.clear()
            _INDEXES[key] = (names, core_terms, index)
    return index


def name_index(names: dict[str, list[str]], core_terms: Iterable[str]) -> NameIndex:
    """The name index of a system's names table and core terms, made anew: for a reader that
    keeps it as long as it reads the system (:class:`referee.graph.reading.Readings`), and
    lets it go with itself, rather than leave it to :func:`_index_for`'s two last kept."""
    index = NameIndex()
    order = 0
    for term in core_terms:
        words = tuple(fold(term).split())
        if words:
            index.add(words, True, order)
            order += 1
    add = index.add
    for name in names:  # a system's every name (at 100,000 rules: 110,000 of them)
        words = tuple(name.split())
        if words:
            add(words, False, order)
            for verb in _spellings(words):
                add(words, False, order, verb)
            order += 1
    return index


def _spellings(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The other spellings the index files a name's words under (only a name led by an -ing form has any)."""
    return _verb_forms(words) if words[0].endswith("ing") else []


class NameChange:
    """Which rules a change of a system's names can make the reader read otherwise: ``forms``,
    the folded names whose rules changed (added, gone, or standing for other rules).

    The reader meets names in two ways, and :class:`Names` keeps what a rule's reading asked of
    each.  The lexer looks every word up in the index by its folded form (its head, kept in
    ``heads``): a name is found from a word whose head is the name's first word as the index
    files it, or a plural of it (the index tries a head's singulars).  Every other lookup asks
    :meth:`Names.ids` or :meth:`Names.resolve` for a folded name (kept in ``asked``: derived
    forms too, "invisibility" for "Invisible"), or its singular.  A rule none of whose heads is
    such a first word or its plural, and which asked for none of the forms or their plurals,
    reads the same under the new names.

    >>> change = NameChange({"gloomy sulk", "ability"})
    >>> change.touches((), ("models", "with", "gloomy")), change.touches((), ("two", "abilities"))
    (True, True)
    >>> change.touches(("march",), ("models", "cannot")), change.touches(("abilities",), ())
    (False, True)
    """

    def __init__(self, forms: set[str]) -> None:
        firsts: set[str] = set()
        for words in (tuple(form.split()) for form in forms):
            if words:
                firsts.update(spelled[0] for spelled in (words, *_spellings(words)))
        self.forms = _with_plurals(forms)
        self.firsts = _with_plurals(firsts)

    def touches(self, asked: Iterable[str], heads: Iterable[str]) -> bool:
        """Whether a rule whose reading asked for the names ``asked`` and lexed words of the
        heads ``heads`` may read otherwise under the changed names."""
        return not self.forms.isdisjoint(asked) or not self.firsts.isdisjoint(heads)


def _with_plurals(words: set[str]) -> set[str]:
    """``words`` and each word one of whose :func:`_singulars` it is ("ability": "abilities")."""
    out = set(words)
    for word in words:
        out.update((word + "s", word + "es"))
        if word.endswith("y"):
            out.add(word[:-1] + "ies")
    return out


# a name of three words or more led by a verb's -ing form, which the documents also write with the
# verb itself: "Fight in Extra Ranks" names "Fighting in extra ranks"
def _verb_forms(words: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The other spellings a name led by an -ing form goes by: the verb, with a final e, and without
    a doubled consonant ("running": run).

    >>> _verb_forms(("fighting", "in", "extra", "ranks"))
    [('fight', 'in', 'extra', 'ranks'), ('fighte', 'in', 'extra', 'ranks')]
    >>> _verb_forms(("fighting", "rank")), _verb_forms(("sing", "a", "song"))
    ([], [])
    """
    head = words[0]
    if len(words) < 3 or len(head) < 6 or not head.endswith("ing") or not head.isalpha():
        return []
    stem = head[:-3]
    forms = [stem, stem + "e"]
    if stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
        forms.append(stem[:-1])
    return [(verb, *words[1:]) for verb in forms]


_FOLDED: dict[str, str] = {}


def _fold_word(word: str) -> str:
    folded = _FOLDED.get(word)
    if folded is None:
        folded = _FOLDED[word] = fold(word).replace(" ", "") or word
    return folded


def conditions_in(sentence: str) -> list[tuple[int, int, str]]:
    """(start, end, normal form) of each condition of the table a sentence holds, brackets
    included ("ward save 6+ cc only": melee).

    >>> conditions_in("Parry Save (fighting front, ward save 6+ cc only)")
    [(41, 48, 'melee')]
    >>> conditions_in("It cannot be seen except in close combat.")
    [(18, 40, 'not melee')]
    """
    kept = _CONDITIONS_OF[0]  # one read: another thread may put its own sentence there meanwhile
    if kept[0] is sentence:  # the reader asks twice of each sentence: its kinds of attack, its tokens
        return list(kept[1])
    found: list[tuple[int, int, str]] = []
    if _HINT_RE.search(sentence.lower()) is not None:
        found = _conditions(sentence)
    _CONDITIONS_OF[0] = (sentence, tuple(found))
    return found


def _conditions(sentence: str) -> list[tuple[int, int, str]]:
    """The conditions of the table in ``sentence``, as one alternation of them all would find them
    left to right: at the first place where any condition matches, the first of the table that
    matches there, and on after its end.  Each condition is searched for on its own (most hold
    none of their words, and are not scanned at all), and again only once the reading has passed
    the place it was found at: one pattern of all of them tried every alternative at every word
    of the sentence.  A match at a place is the same whatever the search started from (the
    boundaries and look-behinds see the whole sentence)."""
    found: list[tuple[int, int, str]] = []
    live = _CONDITIONS_LIVE.live(sentence)  # the conditions whose words the sentence holds
    ahead: dict[int, Any] = {i: _EACH_CONDITION[i].search(sentence) for i in live}  # each one's next match, or None
    at = 0
    while True:
        first = None
        for i in live:
            match = ahead[i]
            if match is not None and match.start() < at:
                match = ahead[i] = _EACH_CONDITION[i].search(sentence, at)
            if match is not None and (first is None or match.start() < ahead[first].start()):
                first = i
        if first is None:
            return found
        match = ahead[first]
        found.append((match.start(), match.end(), CONDITIONS[first][1]))
        at = match.end() if match.end() > match.start() else match.end() + 1


_CONDITIONS_OF: list[Any] = [(None, ())]  # the last sentence conditions_in read, and what it found


def _raw_tokens(sentence: str) -> list[Lexeme]:
    """Conditions first, then signed numbers, numbers, words, brackets, punctuation."""
    conditions = conditions_in(sentence)
    if not conditions:  # most sentences: every match is a token
        return [
            Lexeme(_KINDS.get(m.lastgroup) or _kind(m), m.group(), m.start(), m.end())  # type: ignore[arg-type]
            for m in _TOKEN_RE.finditer(sentence)
        ]
    out: list[Lexeme] = []
    taken_until = 0
    ci = 0
    for m in _TOKEN_RE.finditer(sentence):
        start = m.start()
        if start < taken_until:
            continue
        while ci < len(conditions) and conditions[ci][1] <= start:
            ci += 1
        if ci < len(conditions) and conditions[ci][0] <= start:
            c_start, c_end, norm = conditions[ci]
            out.append(Lexeme("COND", sentence[c_start:c_end], c_start, c_end, norm=norm))
            taken_until = c_end
            continue
        out.append(Lexeme(_KINDS.get(m.lastgroup) or _kind(m), m.group(), start, m.end()))  # type: ignore[arg-type]
    return out


def _kind(m: re.Match[str]) -> str:
    """The type of a signed number or a punctuation mark (every other kind is in ``_KINDS``)."""
    text = m.group()
    if m.lastgroup == "signed":
        return "DISTANCE" if text[-1] in "\"″”" else "SIGNED"
    return _PUNCT[text]


def _classify(raw: list[Lexeme], sentence: str, index: NameIndex, heads: set[str]) -> list[Lexeme]:
    """Words into names, terms and phrases (longest match; a phrase wins a tie); each word's head goes to ``heads``."""
    out: list[Lexeme] = []
    n = len(raw)
    known = index.words
    words = [
        (known.get(lexeme.text) or index.learn(lexeme.text)) if lexeme.type == "WORD" else None for lexeme in raw
    ]  # fmt: skip
    heads.update(word.head for word in words if word is not None)
    run_end = 0  # where the run of words holding word i ends (names and phrases never cross punctuation), once asked
    i = 0
    while i < n:
        word = words[i]
        lexeme = raw[i]
        if word is None:
            out.append(lexeme)
            i += 1
            continue
        # a name in quotation marks may be written in lower case: 'has the "objective security" keyword'
        quoted = not word.capital and lexeme.start > 0 and sentence[lexeme.start - 1] in _QUOTES
        if word.lone and not quoted:  # most words: what the word is alone, no longer phrase or name starting with it
            if word.phrase is not None:
                lexeme.type, lexeme.norm = word.phrase
            out.append(lexeme)
            i += 1
            continue
        if run_end <= i:
            run_end = i + 1
            while run_end < n and words[run_end] is not None:
                run_end += 1
        stop = min(run_end, i + 8)

        phrase_len, phrase_kind, phrase_norm = 0, "", ""
        if stop - i > 1 and words[i + 1].lower in word.follows:  # type: ignore[union-attr]
            for length in range(min(_LONGEST_PHRASE, stop - i), 0, -1):
                hit = PHRASES.get(tuple(w.lower for w in words[i : i + length]))  # type: ignore[union-attr]
                if hit is not None:
                    phrase_len, (phrase_kind, phrase_norm) = length, hit
                    break
        elif word.phrase is not None:
            phrase_len, (phrase_kind, phrase_norm) = 1, word.phrase

        if word.capital and (word.longest < 2 or stop - i < 2):
            name_len, name_core, name_key = word.alone  # a capitalised word no longer name can start here
        elif word.capital or (word.longest > 1 and stop - i > 1) or quoted:
            name_len, name_core, name_key = _name_at(words, i, stop, index, quoted)  # type: ignore[arg-type]
            if quoted and not word.capital and name_len and not (raw[i + name_len - 1].end < len(sentence)
                                                                 and sentence[raw[i + name_len - 1].end] in _QUOTES):
                name_len = 0  # only the whole quotation is the name
        else:  # only a capitalised word, or the first of a core term of several words, starts a name
            name_len = 0
        if name_len > phrase_len:
            if name_len == 1:  # the word's own token becomes the name's (its words are the word's)
                lexeme.type, lexeme.key = "TERM" if name_core else "NAME", name_key
                out.append(lexeme)
            else:
                start, end = lexeme.start, raw[i + name_len - 1].end
                out.append(Lexeme("TERM" if name_core else "NAME", sentence[start:end], start, end, key=name_key))
            i += name_len
        elif phrase_len:
            if phrase_len == 1:
                lexeme.type, lexeme.norm = phrase_kind, phrase_norm
                out.append(lexeme)
            else:
                start, end = lexeme.start, raw[i + phrase_len - 1].end
                out.append(Lexeme(phrase_kind, sentence[start:end], start, end, norm=phrase_norm))
            i += phrase_len
        else:
            out.append(lexeme)
            i += 1
    return out


# the marks that quote a name: a name between them may be written in lower case
_QUOTES = frozenset('"“”‘’\'')


def _name_at(words: list[_Word], i: int, run_end: int, index: NameIndex, quoted: bool = False) -> tuple[int, bool, str]:
    """(length in words, is a core term, folded name) of the longest name at word i, or (0, ...).

    A name is written capitalised, as keywords are ("Fear", not "fear"), except a
    core term of several words, which rule texts also write in lower case
    ("wounds suffered from flaming attack"); its last word may be plural ("Lances")
    or singular ("flaming attack" for Flaming Attacks); names of one or two letters
    count only when written in capitals ("BS", not "As"); ``quoted``: the words stand in quotation
    marks, which name them as a term however they are written.  Names are looked up by
    their words, longest first, so the time per word does not grow with the
    number of names sharing a first word.
    """
    first = words[i]
    lower = not first.capital and not quoted  # only a core term of several words may be written so ("flaming attack")
    # every key asked below begins with the first word, whose names were filed when its _Word asked for ``longest``
    by_words = index._spelled
    reach = min(first.longest, run_end - i)
    if reach > 1:
        heads = tuple(w.head for w in words[i : i + reach])  # type: ignore[union-attr]
        for length in range(reach, 1, -1):
            spelled = heads[:length]
            found = by_words.get(spelled)
            found = list(found) if found else []
            for s in _singulars(spelled[-1]):  # the sentence's last word in the plural: "Lances"
                variant = (*spelled[:-1], s)
                candidates = by_words.get(variant)
                if candidates:
                    found.extend(c for c in candidates if c[1] == variant)
            if found:
                for _, name, core in sorted(found):
                    if lower and not core:
                        continue
                    return length, core, " ".join(name)
    if lower:
        return _NO_NAME
    if not first.capital:
        return _one_word_name(first.head, first.head, index) if first.head.isalpha() else _NO_NAME
    return first.alone


_NO_NAME = (0, False, "")


class _Word:
    """What the lexer needs of one word as written, worked out once per word and system.

    ``lower``: its lower case, as phrases are spelled; ``follows``: the words that
    can follow it in a longer phrase; ``phrase``: the phrase (type, normalised
    form) the word is alone, if any; ``head``: its folded form, as names are
    spelled; ``capital``: written capitalised; ``longest``: the most words a name
    beginning with it has; ``alone``: the name of one word it is, as
    :func:`_name_at` gives it (for a capitalised word); ``lone``: no longer phrase
    or name can start with it, nor a name of it alone unless quoted (a word in
    lower case, most words): it is its phrase of one word, or a word.
    """

    __slots__ = ("lower", "follows", "phrase", "head", "capital", "longest", "alone", "lone")

    def __init__(self, text: str, index: NameIndex) -> None:
        self.lower = text.lower()
        self.follows = _PHRASE_FOLLOWS.get(self.lower, frozenset())
        self.phrase = PHRASES.get((self.lower,))
        self.head = head = _fold_word(text)
        self.capital = text[:1].isupper()
        self.longest = index.longest.get(head, 0) if self.capital or text[:1].isalpha() else 0
        self.alone = _one_word_name(text, head, index) if self.capital else _NO_NAME
        # what it is alone is all it can be (out of quotation marks): no phrase, no name starts with it
        self.lone = not self.capital and not self.follows and self.longest < 2


def _one_word_name(text: str, head: str, index: NameIndex) -> tuple[int, bool, str]:
    """The name of one word ``text`` is: the word itself, then its singulars ("Lances"
    for Lance), core terms first; one of one or two letters only when written in
    capitals ("BS", not "As")."""
    by_words = index.by_words
    candidates = by_words.get((head,))
    found = sorted(c for c in candidates if len(c[1]) == 1) if candidates else []
    for s in _singulars(head):
        candidates = by_words.get((s,))
        if candidates:
            found.extend(sorted(c for c in candidates if len(c[1]) == 1))
    ones = sorted(found, key=lambda c: not c[2])  # core terms first; stable otherwise
    for _, name, core in ones:
        if len(name[0]) <= 2 and not text.isupper():
            continue
        return 1, core, name[0]
    return _NO_NAME


_SINGULARS: dict[str, tuple[str, ...]] = {}


def _singulars(word: str) -> tuple[str, ...]:
    """:func:`referee.text.singulars` of a folded word, worked out once per word."""
    found = _SINGULARS.get(word)
    if found is None:
        found = _SINGULARS[word] = tuple(singulars(word))
    return found


_GLUED = {"I": "Initiative", "A": "Attacks", "S": "Strength", "T": "Toughness", "W": "Wounds"}


def _glue_stats(lexemes: list[Lexeme]) -> None:
    """"+1I and +1A": a capital letter glued to a signed number is a stat."""
    glued = _GLUED
    for k in range(1, len(lexemes)):
        prev, cur = lexemes[k - 1], lexemes[k]
        if prev.type == "SIGNED" and cur.start == prev.end and cur.text in glued:
            cur.type, cur.norm = "STAT", glued[cur.text]


def _closing(lexemes: list[Lexeme]) -> dict[int, int]:
    """For each opening bracket that is closed, the index of the bracket closing it, in one
    pass: a stack of the brackets still open (a close with none open closes nothing).
    Scanning ahead from each open bracket instead took the square of a sentence's
    brackets when they never closed (20,000 of them: minutes)."""
    closing: dict[int, int] = {}
    still_open: list[int] = []
    for index, lexeme in enumerate(lexemes):
        if lexeme.type == "OPEN":
            still_open.append(index)
        elif lexeme.type == "CLOSE" and still_open:
            closing[still_open.pop()] = index
    return closing


def _brackets(lexemes: list[Lexeme], sentence: str, mentions: list[Mention]) -> list[Lexeme]:
    """A bracket after a rule name is its parameter; any other becomes one PAREN."""
    if not ("(" in sentence or ")" in sentence or "[" in sentence or "]" in sentence):  # no bracket: every token stays
        mentions.extend(Mention(lexeme.key, lexeme.text, lexeme.start) for lexeme in lexemes if lexeme.type == "NAME")
        return lexemes
    closing = _closing(lexemes)
    out: list[Lexeme] = []
    i = 0
    while i < len(lexemes):
        lexeme = lexemes[i]
        if lexeme.type == "CLOSE":
            i += 1
            continue
        if lexeme.type != "OPEN":
            if lexeme.type == "NAME":
                mentions.append(Mention(lexeme.key, lexeme.text, lexeme.start))
            out.append(lexeme)
            i += 1
            continue
        j = closing.get(i)
        if j is None:  # never closed: drop the bracket, read on
            i += 1
            continue
        for inner in lexemes[i + 1 : j]:
            if inner.type == "NAME":
                mentions.append(Mention(inner.key, inner.text, inner.start))
        text = sentence[lexeme.start : lexemes[j].end]
        prev = out[-1] if out else None
        glued = prev is not None and prev.type == "NAME" and prev.param is None and lexeme.start - prev.end <= 1
        if glued and PARAMETER.match(text):
            prev.param = text  # type: ignore[union-attr]
        else:
            out.append(Lexeme("PAREN", text, lexeme.start, lexemes[j].end))
        i = j + 1
    return out


def _demote(lexemes: list[Lexeme]) -> None:
    """Inside an if/when/that clause, "has", "is", "gains" state a condition, not an effect."""
    inside = inside_sub = permits = False
    for k, lexeme in enumerate(lexemes):
        kind = lexeme.type
        if kind in _BREAKS:
            inside = permits = False
        elif kind == "WORD" and lexeme.text.lower() in _PERMITS:
            permits = True
        elif kind in ("SUB", "UNLESS"):
            inside = inside_sub = True
        elif kind == "THAT" and k + 1 < len(lexemes):
            after = next((lexemes[m] for m in range(k + 1, len(lexemes)) if lexemes[m].type != "ADV"), lexemes[k + 1])  # no copy of the rest per "that"
            if after.type in _VERBISH or after.text.lower() in _AUXILIARIES or (
                after.type == "WORD" and after.text.islower() and after.text.endswith(("ed", "es"))
            ):
                inside, inside_sub = True, False
        elif inside and kind == "WORD" and lexeme.text.lower() == "will" and inside_sub:
            inside = False  # "Characters ... when the unit gains X will gain X too": the main verb follows
        elif kind == "MUST" and k and lexemes[k - 1].text.lower() == "only":
            lexeme.type = "LIMIT"  # "a unit only needs to take one Panic test": a limit, not an obligation
        elif inside and inside_sub and kind in ("MUST", "CANNOT"):
            lexeme.type = "SUB" + kind  # "If two or more units ... have to take Panic tests, ...": the condition
        elif kind == "REROLL" and k and (lexemes[k - 1].type in ("THE", "A") or permits):
            lexeme.type = "WORD"  # "the rerolled dice", "allow the player to reroll a roll": no reroll given
        elif inside and kind in _DEMOTED:
            lexeme.type = _DEMOTED[kind]


def lex(sentence: str, names: Names, mentions: list[Mention] | None = None) -> list[Lexeme]:
    """The tokens of one sentence; rule names met on the way go to ``mentions``."""
    found: list[Mention] = [] if mentions is None else mentions
    lexemes = _classify(_raw_tokens(sentence), sentence, names.index, names.heads)
    if not _SIGNED.isdisjoint(sentence):  # a signed number needs a sign
        _glue_stats(lexemes)
    lexemes = _brackets(lexemes, sentence, found)
    _demote(lexemes)
    return lexemes
