"""Whether a change between two versions of a rule rules otherwise at all.

The word diff of :mod:`referee.lint.words` sees words; two classes of its
changes say nothing else when read for what they mean:

- a change in text whose words ran together (an extraction that lost its
  spaces: "IftheunitisStubborn"), which mangled-text reports at that very
  line: such a run cannot be compared word by word, so it is compared by
  what turns a ruling, its numbers, its words of force and the words that
  open a condition or an exception ("unless"), and a change that keeps them
  is the damage already reported, not a second finding;
- a change of a few words ("Set ... to" and "Replace ... with", "the X" and
  "X Veil Tokens") in two sentences the rule graph reads the same: the same
  relations, to the same rules, with the same values and conditions.  Only
  where the graph reads something: a sentence it reads nothing from ("knows
  2 different spells") keeps the word diff's verdict;
- a whole sentence reworded (:meth:`Meanings.alike`): a clause turned into an
  "if", words reordered, the same numbers, words of force and of exception,
  the same words of matter and the same rules named, in the same order,
  read alike by the graph; and a clause only moved within its sentence
  (:func:`moved`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.words import FEW, Change, changes, force_words, is_list_mark, matter_words

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule

_OUTER = "\"'()[]{}.,;:!?*_#<>“”„‘’"
_NUMBER = re.compile(r"\d+")


class Meanings:
    """What one system's lint run knows to read changes by: the runs of words
    mangled-text found per document, and the graph's reading of sentences."""

    def __init__(self, ctx: LintContext) -> None:
        self.ctx = ctx
        self._damaged: dict[str, list[str]] | None = None
        self._read: dict[tuple[str, str], tuple[tuple[object, ...], ...]] = {}
        self._names: dict[str, object] = {}

    def damaged(self, file: str) -> list[str]:
        """The runs of words mangled-text reports in ``file`` (folded)."""
        if self._damaged is None:
            self._damaged = {}
            for found in self.ctx.findings("mangled-text"):
                term = (found.term or "").casefold()
                if found.message.startswith("words run together") and len(term) >= 6:
                    self._damaged.setdefault(found.file, []).append(term)
        return self._damaged.get(file, [])

    def settled(self, rule: Rule, change: Change, files: tuple[str, str], said: tuple[list[str], list[str]]) -> bool:
        """Whether ``change`` (between the sentences ``said`` of the versions in
        ``files``) rules the same on both sides after all."""
        sides = (list(change.removed), list(change.added))
        runs = [[w for w in ws if self._in_damage(w, files[s])] for s, ws in enumerate(sides)]
        if any(runs):
            return _same_force(sides, runs)
        if change.of_force or max(len(sides[0]), len(sides[1])) > FEW:
            return False
        if len(change.at[0]) != 1 or len(change.at[1]) != 1:
            return False
        if sides[0] and sides[1]:
            if not _plain_swap(sides[0], sides[1]):
                return False
        elif not _names_stated(sides[0] or sides[1], said[1 if sides[0] else 0]):
            return False  # a word only one text has ("on round bases", "different"): a qualifier the graph does not read
        one = self.reading(rule, said[0][change.at[0][0]])
        return bool(one) and one == self.reading(rule, said[1][change.at[1][0]])

    def alike(self, rule: Rule, one: str, two: str) -> bool:
        """Whether two counterpart sentences of a rule's versions rule the same
        in other words: the same numbers, words of force and words that open an
        exception (:data:`_EXCEPTIONS`), in any order; the same words of matter
        (:func:`matter_words`: a clause may become an "if", "of their models
        with" become "the models in a unit have"); the same rules named, in the
        same order (who does what to whom); and the same relations read by the
        graph, to the same rules, with the same values.
        A word only one sentence has ("independent", "other") is no rewording."""
        if one == two:
            return True
        a, b = one.split(), two.split()
        if Counter(_numbers(a)) != Counter(_numbers(b)) or Counter(force_words(a)) != Counter(force_words(b)):
            return False
        if _exceptions(a) != _exceptions(b):
            return False
        if matter_words(one) != matter_words(two) or self.named(rule, one) != self.named(rule, two):
            return False
        # the relations, targets and values; a condition's words are the words of
        # matter compared above ("Units with X" is read as no condition, "If a unit has X" as one)
        return [r[:3] for r in self.reading(rule, one)] == [r[:3] for r in self.reading(rule, two)]

    def named(self, rule: Rule, sentence: str) -> tuple[str, ...]:
        """The rules and terms a sentence names, in order (the graph's lexer)."""
        from referee.graph.lexer import lex

        return tuple(x.key for x in lex(sentence, self._names_of(rule)) if x.type in ("NAME", "TERM"))

    def _names_of(self, rule: Rule) -> object:
        # the graph's lexer is a heavy import (lark's grammar): only a rule with two versions needs it
        from referee.graph.lexer import Names

        if rule.id not in self._names:
            self._names[rule.id] = Names(self.ctx.rb.names[self.ctx.system], self.ctx.manifest.core_terms, rule.id)
        return self._names[rule.id]

    def _in_damage(self, word: str, file: str) -> bool:
        token = word.strip(_OUTER).casefold()
        return len(token) >= 6 and any(run in token for run in self.damaged(file))

    def reading(self, rule: Rule, sentence: str) -> tuple[tuple[object, ...], ...]:
        """The relations the rule graph reads from one sentence of ``rule``,
        as comparable tuples (the citation left out)."""
        key = (rule.id, sentence)
        if key not in self._read:
            # the graph's reader is a heavy import (lark's grammar): only a rule with two versions needs it
            from referee.graph.effects import read_sentence

            found = read_sentence(rule, self._names_of(rule), sentence, rule.source.file, rule.source.line)  # type: ignore[arg-type]
            self._read[key] = tuple(
                sorted((r.kind, r.target, r.details, tuple(map(str, r.conditions))) for r in found)
            )
        return self._read[key]


def moved(found: list[Change]) -> list[Change]:
    """``found`` without the words a sentence only moved ("the number of lost
    Health Points", "the number of Health Points lost"): the words one change
    removes and another adds in the same sentences, in any order ("X is a
    Wizard and gains Y" and "X gains Y, and is a Wizard"), no word of force,
    number or word that opens a condition.

    >>> [str(c) for c in moved(list(changes("Count the lost Health Points.", "Count the Health Points lost.")))]
    []
    >>> [str(c) for c in moved(list(changes("It is a Wizard and gains Fear in battle.", "It gains Fear in battle, and is a Wizard.")))]
    []
    >>> [str(c) for c in moved(list(changes("It may shoot and move.", "It may move and not shoot.")))]
    ['+[move and not]', '-[and move.]']
    """
    out = list(found)
    for one in found:
        for two in found:
            if (
                one is not two and one in out and two in out and one.at == two.at
                and one.removed and not one.added and two.added and not two.removed
                and _bag(one.removed) == _bag(two.added)
                and not force_words(list(one.removed)) and not _numbers_of(one.removed)
                and not _conditions(list(one.removed))
            ):
                out.remove(one)
                out.remove(two)
    return out


def _bag(ws: tuple[str, ...]) -> Counter[str]:
    return Counter(k for k in (w.strip(_OUTER).casefold() for w in ws) if k)


def _numbers_of(ws: tuple[str, ...]) -> bool:
    return any(_NUMBER.search(w) for w in ws)


# Words of logic: "and" for "or", "before" for "after" turn a ruling the graph may not read.
_LOGIC = frozenset("and or nor unless if except before after all any each every both either neither".split())


def _plain_swap(removed: list[str], added: list[str]) -> bool:
    """Whether a change is one word for another ("set" and "replace", "first"
    and "front" rank), no word of logic; a name for another is the graph's
    to tell (another rule read)."""
    removed, added = [w for w in removed if not is_list_mark(w)], [w for w in added if not is_list_mark(w)]
    if len(removed) != 1 or len(added) != 1:
        return False
    one, two = (w.strip(_OUTER + "-•") for w in (removed[0], added[0]))
    words = (one.casefold(), two.casefold())
    return one.isalpha() and two.isalpha() and not any(w in _LOGIC for w in words)


def _names_stated(ws: list[str], other: list[str]) -> bool:
    """Whether words only one sentence has are a name the other text states
    too ("X Veil Tokens" for "the X", where both say "add X Veil Tokens"):
    they name nothing new."""
    tokens = [w.strip(_OUTER) for w in ws]
    if not tokens or not all(t[:1].isupper() for t in tokens if t):
        return False
    return " ".join(tokens).casefold() in " ".join(other).casefold()


def _same_force(sides: tuple[list[str], list[str]], runs: list[list[str]]) -> bool:
    """Whether the two sides of a change in damaged text keep the same numbers
    and words of force: a run's numbers are its digits, and a word of force
    the other side writes apart must stand in the run."""
    numbers = [set(_numbers(ws)) for ws in sides]
    if numbers[0] != numbers[1]:
        return False
    for s in (0, 1):
        spaced = [w for w in sides[s] if w not in runs[s]]
        glued = "".join(runs[1 - s]).casefold()
        others = [w for w in sides[1 - s] if w not in runs[1 - s]]
        kept = set(force_words(others)) | set(_conditions(others))
        for word in (*force_words(spaced), *_conditions(spaced)):
            if word not in kept and word not in glued:
                return False
    return True


# Words that open a condition or an exception: "unless the War Platform is
# mentioned" left out of a run is an exception lost, not damage.
_CONDITIONS = frozenset("unless except if when while until before after".split())


# Words that open an exception or a bound in time: a rewording keeps them.
# ("if", "when" and "while" a rewording may make of a clause: "Units with X"
# and "If a unit has X".)
_EXCEPTIONS = frozenset("unless except until before after".split())


def _exceptions(ws: list[str]) -> Counter[str]:
    return Counter(w for w in _conditions(ws) if w in _EXCEPTIONS)


def _conditions(ws: list[str]) -> list[str]:
    return [k for k in (w.strip(_OUTER).casefold() for w in ws) if k in _CONDITIONS]


def _numbers(ws: list[str]) -> Iterable[str]:
    """The numbers of ``ws``; a list item's mark ("2." where a sentence starts) is none."""
    for n, w in enumerate(ws):
        if not (is_list_mark(w) and (n == 0 or ws[n - 1][-1:] in ".:;!?")):
            yield from _NUMBER.findall(w)
