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
- ``data["rule_names"]`` (one ``get`` per id), ``data["against_terms"]``
  (core terms a condition is stated against) and ``data["units"]``
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

The in-memory :class:`~referee.build.view.View` (a fresh build, or a whole
:class:`~referee.build.Build` handed in, :func:`source`) and the store's
:class:`~referee.build.store.StoredView` (what the CLI opens when the cache
holds the build) answer all of these alike; the store from the rows named.
The last question needs every relation of a system, and the store does not
index relations by kind: the build answers it once, system by system
(:func:`referee.build.view.never_stacking`), and keeps the answer among the
store's meta values (``never_stacking``), so a call reads one small row.

Likewise :mod:`referee.keywords.resolve` ties a keyword string's name that is
no rule to a family ("Ranged" of "Ranged weapon keywords") from the meta
value ``families`` (:func:`referee.build.view.families`), not from every
rule of the system.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

from referee.build.view import binds_every_ability, caps_every_roll

__all__ = ["binds_every_ability", "never_stacking", "roll_caps", "source"]


def source(build: Any) -> Any:
    """What the referee reads: a view (in memory or stored) as it is; a whole build turned into its view."""
    if hasattr(build, "relations_out"):
        return build
    from referee.build.view import View

    return View.of(build)


def never_stacking(view: Any, system: str) -> list[dict[str, Any]]:
    """The relations of ``system`` that say every ability never stacks, in reading order (rule by rule):
    the build's answer; a view put together by hand, without one, is read whole."""
    return [rel for rel in _system_wide(view, system) if binds_every_ability(rel)]


def roll_caps(view: Any, system: str) -> list[dict[str, Any]]:
    """The relations of ``system`` that limit every total of roll modifiers ("Dice can never be
    modified by more than 1"), kept by the build beside the never-stacking ones."""
    return [rel for rel in _system_wide(view, system) if caps_every_roll(rel)]


def _system_wide(view: Any, system: str) -> list[dict[str, Any]]:
    try:
        kept = view.data["never_stacking"]
    except KeyError:
        return [rel for rule in view.in_system(system) for rel in view.relations_out(rule["id"])
                if binds_every_ability(rel) or caps_every_roll(rel)]
    return list(kept.get(system, []))
