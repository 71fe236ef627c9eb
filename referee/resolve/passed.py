"""A test a rule passes automatically, beside another rule of the same side that rolls in that test.

"In addition, the model automatically passes Dangerous Terrain Tests taken due to Terrain" (Ghost
Step) and "it must roll an additional D6 when taking Dangerous Terrain Tests" (Chariot): both speak
of one test, and the first's words settle it, as far as they reach: a test passed automatically is
not rolled, so there is nothing for the second's dice to change.  The graph reads the first as
``immune-to`` the test, ``details`` ``passes`` ``automatically`` (a test the other side forces is
:mod:`referee.resolve.meeting`'s); the second is a ``must`` whose action rolls dice in it.  The
ruling names the automatic pass the winner, its sentence the relation, the other's sentence quoted,
and carries the words that limit the pass ("taken due to Terrain") as its condition: a test of the
kind taken for another cause is rolled as the other rule says.

An obligation to take the test ("must take a Dangerous Terrain Test") is no rival: the test is taken
and passed; only a roll in it is.
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.meeting import action_words, binds_other_side
from referee.resolve.ruling import Ruling, conditions, quote
from referee.resolve.situation import judge

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.resolve.play import Side
    from referee.store.book import Book

# an obligation that rolls dice: "roll an additional D6", "reroll ..."
_ROLLS = frozenset({"roll", "reroll", "re-roll"})
# the words after the test that limit which tests pass: "taken due to Terrain", "caused by Terrain"
_SCOPE = r"\s+(?P<scope>(?:taken|caused|made|suffered)\s+(?:due\s+to|by|for|from|because\s+of)\s+[^,.;:()]+)"


def scope_of(sentence: str, term: str) -> str | None:
    """The words after a test's name that limit which of its tests a sentence speaks of.

    >>> scope_of("In addition, the model automatically passes Dangerous Terrain Tests taken due to Terrain.", "Dangerous Terrain Tests")
    'taken due to Terrain'
    >>> scope_of("The unit automatically passes Panic Tests.", "Panic Tests") is None
    True
    """
    found = re.search(re.escape(term) + _SCOPE, sentence, re.I)
    return found.group("scope").strip() if found else None


def _rolls(action: str) -> bool:
    said = action.lower().split()
    return bool(said) and (said[0] in _ROLLS or said[0].startswith("re-roll"))


def _said(rel: dict[str, Any]) -> frozenset[str]:
    """The words of an obligation's action and its conditions ("roll an additional D6" "when taking
    Dangerous Terrain Tests")."""
    return action_words(" ".join([dict(rel["details"]).get("action") or "", *(c.get("text") or "" for c in rel["conditions"])]))


def passed_tests(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], set_aside: dict[tuple[str, str], str] | None,
                 quote_rule: Any = None) -> list[Ruling]:
    """Each rule in play that passes a test automatically (its conditions not failing here), beside a
    rule of the same side that must roll dice in that test: the automatic pass prevails, as far as
    its words reach."""
    names = view.rule_names
    out: list[Ruling] = []
    for mine, theirs in (sides, sides[::-1]):
        for rid in mine.rules:
            if (mine.name, rid) in (set_aside or {}):
                continue
            for rel in view.relations_out(rid):
                term = rel["target_name"] or ""
                if rel["kind"] != "immune-to" or rel["target"] or dict(rel["details"]).get("passes") != "automatically" or not term:
                    continue
                failed, unknown = judge(rel["conditions"], flags, mine.ids, theirs.ids)
                if failed is not None:
                    continue
                test = action_words(term)
                for other in mine.rules:
                    if other == rid or (mine.name, other) in (set_aside or {}):
                        continue
                    rolling = next((r for r in view.relations_out(other) if r["kind"] == "must" and _rolls(dict(r["details"]).get("action") or "")
                                    and test <= _said(r) and not binds_other_side(r, names)), None)
                    if rolling is None or any(set(r.rules) == {names.get(rid, rid), names.get(other, other)} for r in out):
                        continue
                    scope = scope_of(rel["citation"]["sentence"], term)
                    doubt = unknown + ([f"for {term} {scope}"] if scope else [])
                    name, shown = names.get(rid, rid), names.get(other, other)
                    action = dict(rolling["details"])["action"]
                    outcome = (f"{name} prevails over {shown}{',' + conditions(doubt) if doubt else ''}: {name}'s bearer automatically passes "
                               f"{term}, so no roll is made for {shown}'s \"{action}\" to change")
                    cited = [quote(rel["citation"], names), quote(rolling["citation"], names)]
                    out.append(Ruling([name, shown], name, "immunity", outcome, cited, doubt, [mine.name], relation=cited[0]))
    return out
