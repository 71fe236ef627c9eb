"""Regular expressions compiled where they are first used, not when their module is imported.

The referee's modules hold about 130 patterns at module level, and a warm ``referee
resolve`` used about 35 of them: compiling the rest at import was about a tenth of the
call (docs/performance.md, "The keyword path and make check, round 8").  A module
writes ``_WORDS = lazy(r"...", re.I)`` where it wrote ``re.compile``; the pattern
compiles on its first search, match, sub, ..., and from then on each of those is the
compiled pattern's own bound method, looked up like any attribute (no wrapper runs per
call).  Every pattern compiles through :func:`referee.pattern_cache.compiled`, which
makes it from code kept between processes; a pattern built at run time (from a rule's
name) is asked for with ``compiled(text, flags)``, here too, rather than ``re.compile``
or ``re.search(text, ...)``, and is made once per process.

>>> words = lazy(r"\\w+")
>>> words.pattern, "compiled" in vars(words)
('\\\\w+', False)
>>> words.findall("Fear and Terror"), words.flags == re.compile(r"\\w+").flags
(['Fear', 'and', 'Terror'], True)
>>> "compiled" in vars(words)
True
"""

from __future__ import annotations

import re  # (the doctest above compares with re.compile)
from re import _constants as sre
from re import _parser  # loaded by referee.pattern_cache already

from referee.pattern_cache import compiled

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

# what a compiled pattern is asked for: copied onto the lazy pattern once it is compiled
_ASKED = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split", "scanner", "flags", "groups", "groupindex")


class LazyPattern:
    """A pattern that compiles on first use; ``pattern`` (its source) is read without compiling."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        # only reached for what is not yet in the instance's __dict__: the first use.  Special
        # names (copy's __deepcopy__, pickle's __setstate__ on an object made without __init__)
        # are not the pattern's: they fail here rather than compile or recurse.
        if name.startswith("__") or name in ("pattern", "_flags"):
            raise AttributeError(name)
        made = compiled(self.pattern, self._flags)
        attributes = vars(self)
        for asked in _ASKED:
            attributes[asked] = getattr(made, asked)
        attributes["compiled"] = made
        self._made(made)
        return getattr(made, name)

    def _made(self, made: re.Pattern[str]) -> None:
        """What a kind of lazy pattern adds once it is compiled (a plain one: nothing)."""

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self._flags!r})"


def lazy(pattern: str, flags: int = 0) -> Any:
    """``re.compile(pattern, flags)``, done on the pattern's first use (typed ``Any``: it
    stands where a compiled pattern stood, and answers the same calls)."""
    return LazyPattern(pattern, flags)


class GatedPattern(LazyPattern):
    """A lazy pattern that looks at a text only when the text holds one of the words every
    match of it needs (:func:`needs`): a sentence without them is answered at once, as the
    compiled pattern would answer it (no match), with no scan.  The effect reader tries about
    a hundred patterns on every sentence and most of them hold none of their words; a word's
    ``in`` test over the sentence in lower case (made once per sentence and kept for the next pattern) is
    a tenth of a scan.  A text that is not ASCII is always scanned: case-insensitive
    matching folds some letters (``ſ``, the Kelvin sign) onto ASCII ones that lower case does not.

    The words are read once the pattern has been asked to look through :data:`GATE_AFTER`
    characters (a call counting one more): reading them parses the pattern, which a pattern
    made from kept code (:mod:`referee.pattern_cache`) never did, and a warm call asks each of
    its patterns a few times only, of short texts.
    """

    def _made(self, made: re.Pattern[str]) -> None:
        attributes = vars(self)
        asked = [0]
        for name, _none in _GATED:
            attributes[name] = self._counted(getattr(made, name), asked)

    def _counted(self, method: Any, asked: list[int]) -> Any:
        def counted_call(string: str, *args: Any) -> Any:
            asked[0] += len(string) + 1
            if asked[0] >= GATE_AFTER:
                self._gate()
            return method(string, *args)

        return counted_call

    def _gate(self) -> None:
        """From now on, answer a text without the words at once, and scan one that holds them only
        at the characters a match may start with (:func:`led`)."""
        parsed = _parser.parse(self.pattern, self._flags)
        words = tuple(_words(parsed) or ())
        made = led(self.pattern, self._flags, parsed) or self.compiled
        attributes = vars(self)
        attributes["words"] = words
        for name, none in _GATED:
            attributes[name] = _gate(getattr(made, name), words, none) if words else getattr(made, name)

    def __reduce__(self) -> tuple[Any, ...]:
        # copied or pickled as a pattern not yet compiled: its gate's calls are closures
        return (GatedPattern, (self.pattern, self._flags))

    def __repr__(self) -> str:
        return f"gated({self.pattern!r}, {self._flags!r})"


# characters a pattern looks through (searches, matches, ..., each counting one more) before it reads
# its words.  Reading them costs about 0.2 ms a pattern, what scanning about 3,400 characters of the
# rules costs (60 ns a character): gated after about 230 sentences of rules_src, a build's reading
# scans each pattern about 200 times where it scanned 1,000 (a fifth of a first build of rules_src
# went to those scans); a warm `parse` asks some patterns hundreds of times, of texts of a few dozen
# characters (gated after 64 asks, reading 82 patterns' words cost it about 10 ms)
GATE_AFTER = 20_000


def gated(pattern: str, flags: int = 0) -> Any:
    """``lazy(pattern, flags)`` that scans only a text holding a word every match needs
    (:class:`GatedPattern`); the same answers as ``re.compile(pattern, flags)``.

    >>> said = gated(r"\\b(?:roll[- ]?off|the\\s+winner\\s+decides)\\b", re.I)
    >>> said.search("The players Roll-off.").group(), said.search("The winner decides.").group()
    ('Roll-off', 'The winner decides')
    >>> [said.search("Units may move.") for _ in range(GATE_AFTER)][-1], vars(said)["words"]
    (None, ('roll', 'decides'))
    """
    return GatedPattern(pattern, flags)


def _nothing() -> None:
    return None


def _no_matches() -> Any:
    return iter(())


def _gate(method: Any, words: tuple[str, ...], none: Any) -> Any:
    """``method`` of a compiled pattern, answering ``none()`` for a text without ``words``.

    The reader asks over a million times a 5,000-rule document, most often of a search
    with one word missing from the sentence: that call is written out on its own (one
    ``in`` test, None answered as it is), the others loop over the words."""
    last = _LAST
    if none is _nothing and len(words) == 1:
        word = words[0]

        def gated_word(string: str, *args: Any) -> Any:
            kept = last[0]  # as gated_call
            if kept[0] is not string:
                kept = last[0] = (string, string.lower() if string.isascii() else None)
            if kept[1] is not None and word not in kept[1]:
                return None
            return method(string, *args)

        return gated_word

    plain = none is _nothing  # no match said as None, not made by a call

    def gated_call(string: str, *args: Any) -> Any:
        kept = last[0]  # one read: another thread may put its own text there meanwhile
        if kept[0] is not string:  # a new text: the patterns tried on one sentence ask one after the other
            kept = last[0] = (string, string.lower() if string.isascii() else None)
        low = kept[1]
        if low is not None:
            for word in words:
                if word in low:
                    break
            else:
                return None if plain else none()
        return method(string, *args)

    return gated_call


class Sieve:
    """Gated patterns a reader tries one after another on each text, asked once a text which of
    them may match it: :meth:`live` gives the indexes (in order) of those whose words
    (:func:`needs`) the text holds, so that the caller tries those alone.  A pattern left out is
    one its own gate would have answered at once (no match), as the compiled pattern would: the
    same answers, without a call per pattern (the settling words try 29 patterns on every sentence,
    and on most sentences none of them holds its words).

    The words are found from the text's runs of letters: a word of letters only is in the text
    exactly when it is in one of its runs, and what each run holds is worked out once (a
    document's words repeat).  A word with other characters is looked for in the text itself, a
    pattern with no word is always tried, and so is every pattern on a text that is not ASCII (as
    the gates do).  Like a gated pattern, a sieve reads its patterns' words (parsing them) only
    once it has been asked about :data:`GATE_AFTER` characters: before that, every pattern is live.

    >>> said = Sieve([gated(r"\\broll[- ]?off\\b", re.I), gated(r"\\bboth\\s+(?:sides|players)\\b", re.I), gated(r"\\d+")])
    >>> [said.live("Both players move.") for _ in range(GATE_AFTER)][-1], said.live("The Roll-Off decides.")
    ((1, 2), (0, 2))
    """

    def __init__(self, patterns: Iterable[Any]) -> None:
        self.patterns = tuple(patterns)
        self._every = tuple(range(len(self.patterns)))
        self._asked = 0
        self._always: frozenset[int] | None = None  # the patterns with no word, once the words are read
        self._lettered: tuple[tuple[str, frozenset[int]], ...] = ()  # each word of letters and the patterns it opens
        self._other: tuple[tuple[str, frozenset[int]], ...] = ()  # each word with other characters, and its patterns
        # a run of letters -> the patterns its words open, the runs met, and those that open at least one pattern
        self._runs: tuple[dict[str, frozenset[int]], set[str], set[str]] = ({}, set(), set())

    def live(self, text: str) -> tuple[int, ...]:
        """The indexes of the patterns that may match ``text``, in order."""
        if self._always is None:
            self._asked += len(text) + 1
            if self._asked < GATE_AFTER:
                return self._every
            self._read()
        if not text.isascii():
            return self._every
        kept = _RUNS[0]  # one read: another thread may put its own text there meanwhile
        if kept[0] is not text:  # its runs of letters in lower case: every other character made a space, by a table
            kept = _RUNS[0] = (text, text.lower(), frozenset(text.encode().translate(_LETTERS_ONLY).decode().split()))
        found = set(self._always)  # type: ignore[arg-type]
        in_run, met, opening = self._runs  # one read: afresh, they are new objects (another thread may read the old)
        runs = kept[2]
        new = runs - met  # runs met for the first time (set operations: most of a text's runs were met before)
        if new:
            if len(met) + len(new) > _RUNS_KEPT:
                in_run, met, opening, new = {}, set(), set(), runs
                self._runs = (in_run, met, opening)
            for run in new:
                opened = in_run[run] = frozenset(i for word, patterns in self._lettered if word in run for i in patterns)
                if opened:
                    opening.add(run)
            met |= new  # (last: a run in ``met`` is in the other two)
        for run in runs & opening:  # most runs open no pattern: only those that do are visited
            found |= in_run[run]
        for word, patterns in self._other:
            if word in kept[1]:
                found |= patterns
        return tuple(sorted(found))

    def _read(self) -> None:
        always: set[int] = set()
        opens: dict[str, set[int]] = {}
        for i, pattern in enumerate(self.patterns):
            words = needs(pattern.pattern, pattern._flags) if isinstance(pattern, GatedPattern) else ()
            if not words:
                always.add(i)
            for word in words:
                opens.setdefault(word, set()).add(i)
        self._lettered = tuple((word, frozenset(found)) for word, found in opens.items() if word.isalpha())
        self._other = tuple((word, frozenset(found)) for word, found in opens.items() if not word.isalpha())
        self._always = frozenset(always)


# an ASCII text's bytes with each letter in lower case and every other character a space: its runs of letters, split
_LETTERS_ONLY = bytes(c + 32 if 65 <= c <= 90 else c if 97 <= c <= 122 else 32 for c in range(256))
_RUNS: list[Any] = [(None, "", frozenset())]  # the last text a sieve read: its lower case and its runs of letters
_RUNS_KEPT = 200_000  # runs of letters a sieve remembers before starting afresh


_GATED = (("search", _nothing), ("match", _nothing), ("fullmatch", _nothing), ("findall", list), ("finditer", _no_matches))
_LAST: list[Any] = [(None, None)]  # the last text lowered, and its lower case (None: not ASCII)


def needs(pattern: str, flags: int = 0) -> tuple[str, ...]:
    """Words (ASCII, lower case) one of which every match of ``pattern`` holds; () when none
    is certain.  Read from the parsed pattern: a run of literal letters is a word; of a
    sequence, the part with the longest sure words counts; of alternatives, every one's
    words (none if one has none); a group or a repeat of at least once, its body's.  What a
    look-around, a class or an optional part holds is not counted.

    >>> needs(r"\\bboth\\s+(?:sides|players)\\b"), needs(r"\\b(?:can|may)\\b", re.I)
    (('sides', 'players'), ('can', 'may'))
    >>> needs(r"\\bfirst\\b|\\d+"), needs(r"(?:at\\s+)?once")
    ((), ('once',))
    """
    return tuple(_words(_parser.parse(pattern, flags)) or ())


def led(pattern: str, flags: int = 0, parsed: Any = None) -> Any:
    """``pattern`` led by a look-ahead for the characters a match of it may start with, compiled;
    None where that is not certain (a match may be empty, or start with any character of a class
    such as ``\\w``).  The same matches, found faster: without a literal start (a pattern that
    ignores case, or opens on ``\\b``), the engine tries the whole pattern at every character of
    a text, and the look-ahead turns most of them away in one test.  The look-ahead ignores case
    whatever the pattern says (what it admits is all that matters).

    >>> made = led(r"(?<!\\bnot\\s)\\b(?:for|when)\\s+moving\\b", re.I)
    >>> made.pattern.replace("\\\\U000000", ""), made.search("A unit not for moving, or When Moving.").group()
    ('(?=(?i:[6677]))(?:(?<!\\\\bnot\\\\s)\\\\b(?:for|when)\\\\s+moving\\\\b)', 'When Moving')
    >>> led(r"\\w+"), led(r"(?:a|b)?c*"), led(r"(?i)x")
    (None, None, None)
    """
    flagged = pattern.startswith("(?") and pattern[2:3] in _FLAG_LETTERS and pattern[2:].lstrip(_FLAG_LETTERS)[:1] == ")"
    if flags & re.LOCALE or flagged:
        return None  # a global flag ("(?i)") must open the pattern: it cannot be led
    firsts = _firsts((parsed or _parser.parse(pattern, flags)).data)
    if firsts is None or firsts[1]:
        return None
    chars = "".join(sorted(firsts[0]))
    end = "\n)" if flags & re.VERBOSE else ")"  # a verbose pattern's last comment ends at a new line
    return compiled(f"(?=(?i:[{chars}]))(?:{pattern}{end}", flags)


_FLAG_LETTERS = "aiLmsux"


def _char(code: int) -> str:
    return f"\\U{code:08x}"


def _firsts(items: Any) -> tuple[set[str], bool] | None:
    """(the class items a match of a sequence may start with, whether it may match nothing), or
    None where any character may start it."""
    chars: set[str] = set()
    for op, av in items:
        if op is sre.AT or op is sre.ASSERT or op is sre.ASSERT_NOT:
            continue  # of no width: the next item starts the match
        if op is sre.LITERAL:
            found: tuple[set[str], bool] | None = ({_char(av)}, False)
        elif op is sre.IN:
            found = set(), False
            for kind, value in av:
                if kind is sre.LITERAL:
                    found[0].add(_char(value))
                elif kind is sre.RANGE:
                    found[0].add(f"{_char(value[0])}-{_char(value[1])}")
                else:  # a category, a negated class
                    return None
        elif op is sre.SUBPATTERN:
            found = _firsts(av[-1])
        elif op is sre.ATOMIC_GROUP:
            found = _firsts(av)
        elif op is sre.BRANCH:
            found = set(), False
            for alternative in av[1]:
                each = _firsts(alternative)
                if each is None:
                    return None
                found = found[0] | each[0], found[1] or each[1]
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            found = _firsts(av[2])
            if found is not None and av[0] == 0:
                found = found[0], True
        else:
            return None
        if found is None:
            return None
        chars |= found[0]
        if not found[1]:
            return chars, False
    return chars, True


def _words(items: Any) -> list[str] | None:
    best: list[str] | None = None
    run: list[str] = []

    def better(found: list[str] | None) -> None:
        nonlocal best
        if found and (best is None or (min(map(len, found)), -len(found)) > (min(map(len, best)), -len(best))):
            best = found

    for op, av in items:
        if op is sre.LITERAL and av < 128:
            run.append(chr(av).lower())
            continue
        if run:
            better(["".join(run)])
            run = []
        if op is sre.SUBPATTERN:
            better(_words(av[-1]))
        elif op is sre.ATOMIC_GROUP:
            better(_words(av))
        elif op is sre.BRANCH:
            each = [_words(alternative) for alternative in av[1]]
            if all(each):
                better(list(dict.fromkeys(word for words in each for word in words)))  # type: ignore[union-attr]
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT) and av[0] >= 1:
            better(_words(av[2]))
    if run:
        better(["".join(run)])
    return best


def longest_first(words: Iterable[str]) -> list[str]:
    """The alternatives of a pattern built at run time, longest first (so that "Strength"
    is tried before "Str"), ties in text order: the same pattern text in every process.
    Sorted by length alone, a set's words came in its order, which changes with each
    process's hash seed, and a pattern whose text changes is compiled anew every call
    (its kept code, :mod:`referee.pattern_cache`, is under its text).

    >>> longest_first({"WS", "BS", "Str", "S"})
    ['Str', 'BS', 'WS', 'S']
    """
    return sorted(words, key=lambda word: (-len(word), word))
