"""Definitions that no other rule of their system uses (see docs/lint.md).

A rule is used when another rule relates to it in the rule graph (grants it,
is immune to it, references it, ...), names it in keyword position ("models
with Fear"), writes it in a keyword string (a weapon profile's "Volley
Fire"), or names it in a form of its own ("A Vanguarding model loses
Scoring", "including Infiltrators").  Only rules that other rules *could*
name are checked:

- special rules: every rule of a universal-rules list or a glossary, and the
  rules of a core rulebook or errata whose category names special rules or
  keywords ("Special Rules", "keyword");
- not sub-rules or the sections that hold them (they are used by their
  place), not keyword families with a signature ("Ranged X heavy": datasheets
  use them), not sections whose heading was lost, not errata sections, not
  stubs whose text was lost (``empty-rule`` reports those);
- not equipment (categories ending in "Weapon" or "Armour", entries that are
  a weapon profile or an armour value such as "+3 Armor"): army lists use
  weapons and armour, other rules seldom do.

Everything a rule of this corpus defines is there to be used by army lists
and datasheets that are not in the corpus, so this stays at info.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterator
from functools import lru_cache
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding
from referee.lint.registry import check
from referee.lint.terms import CHECKED, keywords_of
from referee.text import fold, word_forms

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule

_EQUIPMENT = re.compile(r"\b(?:weapon|armou?r)$")
_ARMOUR_VALUE = re.compile(r"^(?:[+-] ?\d+ armou?r|armou?r [+-] ?\d+)\b")
_NAMED_RULES = re.compile(r"\b(?:special rules?|universal rules?|keywords?)$")
# Roles of documents whose sections are rules of play, not named abilities.
_PLAY_ROLES = frozenset({"core", "errata"})
_STRUCTURE = frozenset({"part-of", "amends"})
# Lost headings, section groups, bodies lost in extraction (empty-rule reports
# those), weapon profiles (equipment).
_NOT_DEFINITIONS = frozenset({"unnamed", "group", "stub", "profile"})


@check("unused-definition", "info", "a rule no other rule uses")
def unused_definition(ctx: LintContext) -> Iterator[Finding]:
    """The special rules of the system that no other rule uses (see the module's notes)."""
    used = users(ctx)
    writings: _Writings | None = None
    for rule in ctx.rules:
        if checked(rule) and not used.get(rule.id, set()) - {rule.id}:
            writings = writings or _Writings(ctx)
            if writings.mention(rule):
                continue
            yield unused_definition.finding_at(
                f"'{rule.name}' is defined here but no other rule of {ctx.system} uses it",
                rule.source,
                rule=rule.id,
                term=rule.name,
            )


def checked(rule: Rule) -> bool:
    """Whether ``rule`` is a special rule other rules could name (see the module's notes)."""
    if rule.parent or rule.children or rule.params or rule.amends or _NOT_DEFINITIONS & set(rule.flags):
        return False
    category = fold(rule.category or "")
    if _EQUIPMENT.search(category) or _ARMOUR_VALUE.match(rule.text.strip().casefold()):
        return False
    if _NAMED_RULES.search(category):
        return True
    return any(v.role not in _PLAY_ROLES for v in rule.versions)


def users(ctx: LintContext) -> dict[str, set[str]]:
    """Rule id -> ids of the rules that use it: whose text relates to it or names it
    (the rule graph's relations, references included) or writes it in a keyword string."""
    out: dict[str, set[str]] = {}
    for rel in ctx.relations:
        if rel.target and rel.kind not in _STRUCTURE:
            # the rule whose text says it: "Fortitude Saves cannot be taken against
            # Lethal Strike", in Fortitude, is Lethal Strike overriding Fortitude
            out.setdefault(rel.target, set()).add(rel.citation.rule)
            out.setdefault(rel.source, set()).add(rel.citation.rule)
    for user, target in _keyword_uses(ctx):
        out.setdefault(target, set()).add(user)
    return out


def _keyword_uses(ctx: LintContext) -> Iterator[tuple[str, str]]:
    """(user, used) for every keyword a keyword string of the system names."""
    for found, uses in ctx.keyword_uses:
        if found.kind not in CHECKED:
            continue
        for use in uses:
            for name, _args in keywords_of(use):
                for target in ctx.resolve(name):
                    yield found.rule, target


def mentions(name: str, text: str) -> bool:
    """Whether ``text`` names ``name`` in a form of its own, as written (capitalised):
    as is, in the plural, as a verb or agent ("Vanguarding", "Infiltrators",
    "Frenzied"), or as an item of a coordinated list ("Wizard Apprentices,
    Adepts, and Masters" names Wizard Master).  The forms are those of
    :func:`referee.text.word_forms`, the one place that decides them.

    >>> mentions("Infiltrate", "including Infiltrators"), mentions("Fear", "Units that are Fearless")
    (True, False)
    >>> mentions("Wizard Master", "Spell Selection for Wizard Apprentices, Adepts, and Masters.")
    True
    >>> mentions("Break Test", "automatically pass Panic and Break Tests"), mentions("Ability", "Special Abilities")
    (True, True)
    """
    return _names(fold(name), _stem(name), text)


def _names(wanted: str, stem: re.Pattern[str], text: str) -> bool:
    """:func:`mentions`, for a name already folded and its stem compiled."""
    return _written(wanted, stem, text) or wanted in _listed(text)


def _written(wanted: str, stem: re.Pattern[str], text: str) -> bool:
    """Whether ``text`` writes the name in a form of its own (not only in a coordinated list)."""
    return any(wanted in _forms(written.group()) for written in stem.finditer(text))


@lru_cache(maxsize=4096)
def _forms(written: str) -> frozenset[str]:
    return frozenset(fold(f) for f in word_forms(written))


@lru_cache(maxsize=1024)
def _listed(text: str) -> frozenset[str]:
    """Every folded form of every name a coordinated list of ``text`` writes in full."""
    return frozenset(form for item in coordinated(text) for form in _forms(item))


def _stem_words(name: str) -> list[str]:
    """A name's words as written, the last one cut where an ending may start ("Ability" -> "Abilit")."""
    stem = name[:-1] if name.endswith(("e", "y")) and len(name) > 3 else name
    return stem.split(" ")


@lru_cache(maxsize=4096)
def _stem(name: str) -> re.Pattern[str]:
    """A name's words as written, the last one open to an ending ("Ability" -> "Abilit...")."""
    words = r"\s+".join(re.escape(word) for word in _stem_words(name))
    return re.compile(rf"(?<![\w-]){words}[^\W\d_]*")


_ITEM = r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*"
_LIST = re.compile(rf"{_ITEM}(?:\s*,\s*{_ITEM})*\s*,?\s+(?:and|or)\s+{_ITEM}")
_SEPARATOR = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+")


def coordinated(text: str) -> Iterator[str]:
    """The names a coordinated list writes in full: a first part shared by the
    items after it, or a last part shared by the items before it.

    >>> list(coordinated("for Wizard Apprentices, Adepts, and Masters."))
    ['Wizard Apprentices', 'Wizard Adepts', 'Wizard Masters']
    >>> list(coordinated("pass Panic and Break Tests")), list(coordinated("Fear and Terror"))
    (['Panic Tests', 'Break Tests'], ['Fear', 'Terror'])
    """
    for m in _LIST.finditer(text):
        items = [i.split() for i in _SEPARATOR.split(m.group()) if i.strip()]
        first, last, middle = items[0], items[-1], items[1:-1]
        if len(first) > 1 and all(len(i) == 1 for i in items[1:]):
            yield " ".join(first)
            yield from (" ".join([*first[:-1], *i]) for i in items[1:])
        elif len(last) > 1 and all(len(i) == 1 for i in [first, *middle]):
            yield from (" ".join([*i, *last[1:]]) for i in items[:-1])
            yield " ".join(last)
        else:
            yield from (" ".join(i) for i in items)


_WORD = re.compile(r"\w+")


class _Writings:
    """Every rule text of a system, filed by the words it writes and the names
    its coordinated lists write, to ask whether another rule's text names a rule.

    Asking every text of the system for every rule no relation uses was rules x
    texts pattern searches (72 s of lint at 10,000 rules).  A name's stem is
    written only where each of its words (runs of word characters) is written
    whole, except a last one that may take an ending, each pair of them one
    after the other with what the stem has between them ("Storm Ward
    of-the-north": "Storm", then spaces, "Ward", spaces, "of", "-", ...).
    So each text is filed under the pairs of words it writes one after the
    other (with what stands between them: only spaces, or the same
    characters), and only the texts holding all of a name's pairs are
    searched, in their order.
    """

    def __init__(self, ctx: LintContext) -> None:
        self.texts = [(other.id, version.text) for other in ctx.rules for version in other.versions]
        self.holding: dict[str, set[int]] = defaultdict(set)  # word -> texts writing it
        # word -> (what stands between, the word after it) -> texts
        self.next: dict[str, dict[tuple[str, str], set[int]]] = defaultdict(lambda: defaultdict(set))
        self.listed: dict[str, set[str]] = defaultdict(set)  # folded form -> ids of the rules listing it
        holding, pairs = self.holding, self.next
        for i, (rule_id, text) in enumerate(self.texts):
            before, end = None, 0
            for word in _WORD.finditer(text):
                written = word.group()
                holding[written].add(i)
                if before is not None:
                    pairs[before][(_between(text[end : word.start()]), written)].add(i)
                before, end = written, word.end()
            for form in _listed.__wrapped__(text):  # each text once: no use filling the cache
                self.listed[form].add(rule_id)
        self.words = sorted(self.holding)

    def mention(self, rule: Rule) -> bool:
        """Whether another rule's text names ``rule`` (or an alias) in any of its forms."""
        for name in rule.names:
            if len(name) <= 2:
                continue
            wanted, stem = fold(name), _stem(name)
            if self.listed.get(wanted, set()) - {rule.id}:
                return True
            for i in self._holding(" ".join(_stem_words(name))):
                rule_id, text = self.texts[i]
                if rule_id != rule.id and _written(wanted, stem, text):
                    return True
        return False

    def _holding(self, stem: str) -> list[int]:
        """The texts, in order, that may write ``stem`` (its words a space apart where
        :func:`_stem` reads any spaces)."""
        runs = list(_WORD.finditer(stem))
        if not runs:
            return list(range(len(self.texts)))
        last_open = runs[-1].end() == len(stem)  # it may take an ending: "Abilit..."
        found: set[int] | None = None
        paired: set[int] = set()  # runs a pair already stands for
        for n, (first, second) in enumerate(zip(runs, runs[1:])):
            between = stem[first.end() : second.start()]
            if not (between.isspace() or not any(c.isspace() for c in between)):
                continue  # spaces and other characters: its words are asked for one by one
            after = self.next.get(first.group(), {})
            key = _between(between)
            if n == len(runs) - 2 and last_open:
                begun = second.group()
                texts = set().union(*(t for (gap, word), t in after.items() if gap == key and word.startswith(begun)))
            else:
                texts = after.get((key, second.group()), set())
            found = texts if found is None else found & texts
            paired.update((n, n + 1))
        for n, run in enumerate(runs):
            if n in paired:
                continue
            if n == len(runs) - 1 and last_open:
                texts = set().union(*(self.holding[word] for word in self._starting(self.words, run.group())))
            else:
                texts = self.holding.get(run.group(), set())
            found = texts if found is None else found & texts
        return sorted(found or ())

    @staticmethod
    def _starting(words: list[str], prefix: str) -> Iterator[str]:
        """The words of sorted ``words`` that begin with ``prefix``."""
        at = bisect_left(words, prefix)
        while at < len(words) and words[at].startswith(prefix):
            yield words[at]
            at += 1


def _between(gap: str) -> str:
    """What stands between two words, as a name's stem is matched: any run of
    spaces is one space (the stem's ``\\s+``); anything else, itself."""
    return " " if gap.isspace() else gap
