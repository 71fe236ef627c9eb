"""The situation a ruling is asked for: ``--when`` flags, and whether a condition holds.

The flags are the words of the one situation table,
:data:`referee.graph.situations.SITUATIONS`, that need no value: a user can
say ``--when charging`` but not ``--when against`` (that one names a rule,
and the referee reads it from the rules in play).  A condition is answered
in three ways: it holds, it does not, or the situation cannot tell (a
natural roll of 6+, "if the test is failed"); the last is never guessed,
the ruling carries the condition's words instead.

>>> parse_flags(["charging, melee"])
('charging', 'melee')
>>> parse_flags(["sneaking"])
Traceback (most recent call last):
  ...
referee.errors.RulesError: error: unknown situation flag 'sneaking' for --when (known: charging, not-charging, charged, first-round, first-turn, melee, shooting, fleeing, on-foot, mounted, moved)
"""

from __future__ import annotations

import difflib
import re

from referee.errors import RulesError
from referee.graph.kinds import kind_key
from referee.graph.situations import SITUATIONS, STATE_OPPOSITE, is_boilerplate, stem, state_of

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

# Situations that take a value or qualify an obligation: they are read from the
# rules in play or from the sentence, never asked of the user.
# "not-moved" is the negation of the flag `moved`, read from a sentence ("Units that did not move"):
# it holds unless --when moved is given, and is never asked for itself; "not-melee" ("Provided the
# model is not in close combat") likewise, of the flag `melee`, and "not-fleeing" ("a friendly
# non-Fleeing model") of the flag `fleeing`.
VALUED = frozenset({"not-moved", "not-melee", "not-fleeing", "if-possible", "could", "against", "except-against", "unit-entirely", "unit-more-than-half", "with", "unless", "natural-roll", "game-turn", "other"})
FLAGS: tuple[str, ...] = tuple(word for word in SITUATIONS if word not in VALUED)

# Flags that cannot both hold by their own words.  Shooting while in melee is no such pair: whether
# a unit in close combat may shoot is the system's to say (:mod:`referee.resolve.ruled_out`).
OPPOSITES = (("charging", "not-charging"), ("on-foot", "mounted"))
# Situations that are apart unless both are given: --when melee says the unit is not shooting, but
# --when melee,shooting is a question the system's own text answers.
APART = (("melee", "shooting"),)

HOLDS, FAILS, UNKNOWN = "holds", "fails", "unknown"
# the situations read as the negation of a flag: "not-moved" holds unless the unit moved
_NEGATED = {"not-charging": "charging", "not-moved": "moved", "not-melee": "melee", "not-fleeing": "fleeing"}


def parse_flags(values: Iterable[str], words: dict[str, str] | Callable[[], dict[str, str]] | None = None, system: str | None = None) -> tuple[str, ...]:
    """The ``--when`` flags (each may be a comma-separated list), checked against the table.

    ``words``: the words ``system``'s documents condition on (stem -> the word as written,
    :func:`referee.graph.situations.condition_words`), or what reads them (only where a word is
    not a flag: a warm call with flags of the table reads no more).  A word the table lacks is taken where
    they condition on a form of it ("flying", of "not when flying over"): a situation in the
    documents' own words, whose sentences the referee quotes (:mod:`referee.resolve.situation_words`).
    A word that is a form of a flag of the table ("charge") is refused, naming the flag; any
    other with the nearest words, never guessed.

    >>> parse_flags(["flying"], {"fly": "flying"}, "whfb-house")
    ('flying',)
    >>> parse_flags(["charge"], {"charg": "charges"}, "whfb-house")
    Traceback (most recent call last):
      ...
    referee.errors.RulesError: error: unknown situation flag 'charge' for --when; did you mean charging, charged?
    >>> parse_flags(["flyng"], {"fly": "flying"}, "whfb-house")
    Traceback (most recent call last):
      ...
    referee.errors.RulesError: error: unknown situation flag 'flyng' for --when (known: charging, not-charging, charged, first-round, first-turn, melee, shooting, fleeing, on-foot, mounted, moved; or a word whfb-house's rules condition on); did you mean flying?
    """
    flags: list[str] = []
    for value in values:
        for word in value.split(","):
            word = word.strip().lower().replace("_", "-").replace(" ", "-")
            if not word:
                continue
            if word not in FLAGS:
                words = words() if callable(words) else words
                _check_word(word, words, system)
            if word not in flags:
                flags.append(word)
    for one, other in OPPOSITES:
        if one in flags and other in flags:
            raise RulesError(f"--when {one} and --when {other} cannot both hold")
    return tuple(flags)


def _check_word(word: str, words: dict[str, str] | None, system: str | None) -> None:
    """Nothing, for a word the documents condition on; else the one-line refusal (exit status 2)."""
    known = f"known: {', '.join(FLAGS)}" + (f"; or a word {system}'s rules condition on" if words else "")
    same = [flag for flag in FLAGS if "-" not in flag and stem(flag) == stem(word)]
    if same:
        raise RulesError(f"unknown situation flag {word!r} for --when; did you mean {', '.join(same)}?")
    if words and word.isalpha() and stem(word) in words:
        return
    near = difflib.get_close_matches(word, [*FLAGS, *sorted(set((words or {}).values()))], n=3, cutoff=0.75)
    hint = f"; did you mean {', '.join(near)}?" if near else ""
    raise RulesError(f"unknown situation flag {word!r} for --when ({known}){hint}")


def holds(condition: dict[str, Any], flags: tuple[str, ...], mine: set[str], theirs: set[str]) -> str:
    """Whether a condition (as JSON) holds: HOLDS, FAILS or UNKNOWN.

    ``mine`` are the rule ids in play on the side whose rule states the
    condition, ``theirs`` those of the other side.  The situation is what
    the flags say: a flag not given does not hold ("charging" unless
    ``--when charging``), so ``not-charging`` holds without ``--when charging``.
    """
    word = condition["situation"]
    states = getattr(mine, "states", None) or {}  # the side's own: "Reserve units count as moved" (referee.resolve.play.RuleIds)
    if word in _NEGATED:
        flag = _NEGATED[word]
        return FAILS if flag in flags or states.get(flag) == [] else UNKNOWN if flag in states else HOLDS
    if word in FLAGS:
        return HOLDS if word in flags or states.get(word) == [] else UNKNOWN if word in states else FAILS
    if word in ("with", "unit-entirely", "unit-more-than-half"):
        return HOLDS if condition["value"] in mine else FAILS
    if word == "against":
        return HOLDS if condition["value"] in theirs else FAILS
    if word == "except-against":
        return FAILS if condition["value"] in theirs else HOLDS
    if word == "unless" and condition["value"] and "/" in condition["value"] and " " not in condition["value"]:
        return FAILS if condition["value"] in mine else HOLDS  # "unless it is a War Platform": a rule id
    if word == "unless" and _kind_named(condition["text"] or "", mine):
        return FAILS  # "unless it is a Monstrous Creature", and the side is that kind of unit (typed as such)
    if word == "game-turn" and "first-turn" in flags and condition["value"]:
        # "from turn 4" cannot hold in the game's first turn, "until the end of turn 3" does
        bound = condition["value"]
        return FAILS if bound.startswith(">=") and int(bound[2:]) > 1 else HOLDS if bound.startswith("<=") else UNKNOWN
    if word in ("if-possible", "could"):
        return HOLDS  # qualifies an obligation; the ruling says so
    if word == "other" and is_boilerplate(condition["text"]):
        return HOLDS
    if word in ("other", "unless") and getattr(mine, "side", "self") == "self" and _state_ruled_out(condition, flags, states):
        # "If the model is mounted by a Character" with --when on-foot: the words cannot hold (an
        # "unless" of such words then cannot bar what it limits); with --when mounted they stay open
        return FAILS if word == "other" else HOLDS
    return UNKNOWN


def _kind_named(words: str, mine: set[str]) -> bool:
    """Whether an "unless" clause says its bearer is a kind of unit the side is: one typed on it as a kind
    (:func:`referee.resolve.naming.kind_of_unit`, in play by its folded words), "unless it is a Monstrous Creature"."""
    kinds = [k for k in mine if "/" not in k]
    if not kinds:
        return False
    found = re.match(r"^\s*unless\s+(?:it|he|she|they|the\s+(?:model|unit|bearer|target))\s+(?:is|are)\s+(?:an?\s+)?(?P<kind>[\w' -]+?)\s*$", words, re.I)
    return found is not None and kind_key(found.group("kind")) in kinds


def _state_ruled_out(condition: dict[str, Any], flags: tuple[str, ...], states: dict[str, Any]) -> str | None:
    """The flag given that rules out the state a condition's words need ("on-foot" against "If the
    model is mounted by a Character"), or None: a flag of the pair not given leaves the words open.
    Read for the acting side's rules only: the flags say its state, not the opponent's."""
    state = state_of(condition["text"] or "")
    if state is None or state in flags or state in states:
        return None
    opposite = STATE_OPPOSITE[state]
    return opposite if opposite in flags else None


def judge(conditions: list[dict[str, Any]], flags: tuple[str, ...], mine: set[str], theirs: set[str]) -> tuple[dict[str, Any] | None, list[str]]:
    """(the first of a relation's conditions that fails, else None; the words of those the
    situation cannot tell, each once): how every reader of a relation asks whether it holds."""
    unknown: list[str] = []
    for condition in conditions:
        answer = holds(condition, flags, mine, theirs)
        if answer == FAILS:
            return condition, []
        words = condition["text"] or condition["situation"]
        if answer != HOLDS and words not in unknown:
            unknown.append(words)
    return None, unknown


def why_not(condition: dict[str, Any]) -> str:
    """Why a condition that fails does not hold, in a referee's words."""
    word = condition["situation"]
    if word == "not-charging":
        return "only when not charging, and the situation says --when charging"
    if word == "not-moved":
        return "only when the unit did not move, and the situation says --when moved"
    if word == "not-melee":
        return "only when the model is not in close combat, and the situation says --when melee"
    if word == "not-fleeing":
        return "only when the unit is not fleeing, and the situation says --when fleeing"
    if word in FLAGS:
        # the sentence's own limiting words, where they say more than the flag ("for Moving and Shooting")
        text = " ".join((condition["text"] or "").split())
        said = f'the words "{text}"; ' if text and text.lower().replace(" ", "-") != word else ""
        return f"only when {SITUATIONS[word]} ({said}--when {word} not given)"
    if word == "game-turn":
        return f"only {condition['text'] or 'in game turn ' + condition['value']}, and the situation says the game's first turn (--when first-turn)"
    if word == "against":
        return f"only {condition['text'] or 'against ' + condition['value']}: the other side does not have it"
    if word == "except-against":
        return f"{condition['text'] or 'except against ' + condition['value']}: the other side has it"
    if word == "unless":
        return f"{condition['text'] or 'unless ' + condition['value']}, and it is"
    state = state_of(condition["text"] or "") if word == "other" else None
    if state is not None:
        # a state of the model the words need, which the flag given rules out
        words = " ".join(condition["text"].split())
        opposite = STATE_OPPOSITE[state]
        return (f"only {words[:1].lower() + words[1:]}: the words need the model {state.replace('-', ' ')}, "
                f"and the situation says it is {opposite.replace('-', ' ')} (--when {opposite})")
    return f"only {condition['text'] or word}: not so here"
