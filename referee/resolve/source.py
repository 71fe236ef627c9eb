"""Where the referee reads its rules: the build's view, in memory or in the indexed store.

A warm ``referee resolve`` must cost about the same at 100 rules as at
100,000, so the referee asks its source only questions that name their
rows.  This is the whole list of what the engine reads:

- ``systems``, ``unmanaged``, ``check_system(system)``: the system asked about;
- ``lookup(name, system)`` and ``core_terms(system)``: the rules a keyword
  string names (:mod:`referee.resolve.naming`), case- and accent-blind,
  plurals as the name index has them;
- ``get(rule_id)``: a rule's text, versions (document, role, language) and
  children: quotes, source tiers, two wordings, the Markdown's anchors;
- ``relations_out(rule_id)``: what a rule in play grants, loses, sets aside,
  is immune to, must or cannot do, modifies, and how it stacks;
- ``rule_names`` (one ``get`` per id), ``against_terms(system)`` (core
  terms a condition is stated against) and ``unit``/``units(system)``
  (``--unit``, ``--vs-unit``, ``--army``);
- the one question about a whole system: its sentences that say *every*
  ability never stacks ("Any ability that increases or decreases a value in
  a datasheet never stacks"), which bind rules that do not name them
  (:func:`never_stacking`), and those that limit every total of roll
  modifiers ("Dice can never be modified by more than 1", :func:`roll_caps`);
- one more, asked only where a rule in play names a modifier by another
  rule's words ("a Hard Cover Modifier applied", :mod:`referee.resolve.lent`):
  ``in_system(system)`` and each rule's ``relations_out``, for the rule that
  states it.  Few rules say so (two in the shipped systems); a build-time
  answer, as for the never-stacking sentences, is the way if that grows.

Every question is asked of the one reading interface
(:class:`referee.store.book.Book`): the store's rows, or a build handed in
kept in a store in memory (:func:`source`).  The last question needs every
relation of a system: the build answers it once, system by system
(:mod:`referee.store.answers`, of :mod:`referee.graph.stacking`), and the store keeps the answer, so a call
reads one small row.  Likewise :mod:`referee.keywords.resolve` ties a
keyword string's name that is no rule to a family ("Ranged" of "Ranged
weapon keywords") from the system's answer ``families``.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

from referee.graph.stacking import binds_every_ability, caps_every_roll

if TYPE_CHECKING:
    from referee.store.book import Book
    from referee.store.record import Build

__all__ = ["binds_every_ability", "never_stacking", "roll_caps", "source"]


# the builds handed in last, each with the store in memory made of it (newest first): a program that asks many
# questions of one build (a test run, a script over a build) writes it into a store once, not at every call (about
# 50 ms for the corpus).  A Build is frozen and its store holds it, so the build compared by identity is never
# another one that took its place in memory.
_HANDED: list[tuple[Build, Book]] = []
HANDED_KEPT = 4


def source(build: Book | Build) -> Book:
    """What the referee reads: the store's rules as they are; a build made outside the cache kept in a store in memory
    (the same store for the same build, while it is one of the last :data:`HANDED_KEPT` handed in)."""
    from referee.store.rows import Stored

    if isinstance(build, Stored):
        return build
    for at, (held, store) in enumerate(_HANDED):
        if held is build:
            if at:  # handed in again: the newest, so builds handed in since do not push it out
                _HANDED.insert(0, _HANDED.pop(at))
            return store
    store = Stored.of(build)  # type: ignore[arg-type]
    _HANDED.insert(0, (build, store))  # type: ignore[arg-type]
    del _HANDED[HANDED_KEPT:]
    return store


def never_stacking(view: Book, system: str) -> list[dict[str, Any]]:
    """The relations of ``system`` that say every ability never stacks, in reading order (rule by rule)."""
    return [rel for rel in view.never_stacking(system) if binds_every_ability(rel)]


def roll_caps(view: Book, system: str) -> list[dict[str, Any]]:
    """The relations of ``system`` that limit every total of roll modifiers ("Dice can never be
    modified by more than 1"), kept by the build beside the never-stacking ones."""
    return [rel for rel in view.never_stacking(system) if caps_every_roll(rel)]
