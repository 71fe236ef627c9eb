"""Maximised and Minimised Roll, and a rule that makes a unit's rolls subject to one of them
(Swiftstride), read from the asked system's own sentences: for a system calc has no module
for, such as one imported from BattleScribe.

What must be read, each part from a sentence quoted in the answer:

- the rule named by the question (Swiftstride) makes the asked roll (its Flee Distance)
  subject to Maximised Roll, or rolls an additional D6 and discards the lowest itself;
- the system's Maximised (Minimised) Roll says how: "roll one additional D6 and discard the
  lowest D6 rolled", and, for more than one instance, that they are cumulative;
- the roll itself has dice the documents give ("2D6 for its Charge Range").

A part the documents do not state is refused, naming what is missing: a system that names
Maximised Roll without defining it is never given another system's definition.
"""

from __future__ import annotations

import re

from referee.calc import question as q
from referee.calc.answers import Step, fraction, total_needing
from referee.calc.citations import Rulebook, rule_sentences, squeeze
from referee.calc.dice import Distribution
from referee.calc.errors import Refusal, not_defined
from referee.patterns import lazy

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

# "roll one additional D6 and discard the lowest D6 rolled", "rolls an additional D6 ... and discards the lowest"
_KEEP = lazy(r"\brolls?\s+(?:one|an|1)\s+(?:additional|extra|more)\s+D6\b[^.]*?\bdiscards?\s+the\s+(?P<which>lowest|highest)\b", re.I)
# "are subject to Maximised Roll", "gains Maximised (Charge Range, Flee Distance, ...)"
_SUBJECT = lazy(r"\bsubject\s+to\s+(?P<a>Maximi[sz]ed|Minimi[sz]ed)\b|\bgains?\s+(?P<b>Maximi[sz]ed|Minimi[sz]ed)\s*\(", re.I)
_CUMULATIVE = lazy(r"\bcumulative\b", re.I)
_DICE = lazy(r"(?<!\w)(\d*)D6(?!\w)", re.I)


def _rule(book: Rulebook, system: str, name: str) -> dict[str, Any] | None:
    """The system's rule of exactly that name (spelt with s or z), if it has one."""
    wanted = squeeze(name).replace("z", "s")
    for found in book.named(name, system):
        if squeeze(found["name"]).replace("z", "s") == wanted:
            return found
    return None


def _names_it(sentence: str, words: str) -> bool:
    return re.search(r"\b" + r"\s+".join(map(re.escape, words.split())) + r"\b", sentence, re.I) is not None


def kept_rule(book: Rulebook, system: str, highest: bool, instances: int, steps: list[Step]) -> None:
    """The system's own Maximised (``highest``) or Minimised Roll: one more D6, the lowest (highest)
    discarded, quoted into ``steps``; refused where the system does not say so."""
    name = "Maximised Roll" if highest else "Minimised Roll"
    rule = _rule(book, system, name)
    said = [s for s in rule_sentences(rule) if (m := _KEEP.search(s)) and m.group("which").lower() == ("lowest" if highest else "highest")] if rule else []
    if not said:
        mentions = [r["id"] for r in book.in_system(system) if any(_names_it(s, name.split()[0]) for s in rule_sentences(r))]
        if mentions:
            raise Refusal(f"{system} names {name} ({', '.join(mentions[:3])}) but never says how it is rolled; calc will not borrow another system's", system)
        raise Refusal(f"{system} does not define Maximised or Minimised rolls", system)
    steps.append(Step(f"{name}: roll one more D6 and discard the {'lowest' if highest else 'highest'}.", book.quote(rule, said[0])))
    if instances > 1:
        stacks = [s for s in rule_sentences(rule) if _CUMULATIVE.search(s)]
        if not stacks:
            raise Refusal(f"{rule['id']} does not say that its instances add up; calc answers one", system)
        steps.append(Step(f"{instances} instances add up: {instances} more D6, the {instances} {'lowest' if highest else 'highest'} discarded.", book.quote(rule, stacks[0])))


def roll(book: Rulebook, system: str, asked: q.Roll) -> dict[str, Any]:
    """``2D6 maximised``: the system's Maximised Roll, read from its own rule."""
    steps: list[Step] = []
    if asked.maximised and asked.minimised:
        kept_rule(book, system, True, 1, steps)  # undefined, that first
        kept_rule(book, system, False, 1, steps)
        raise Refusal(f"{system} does not say how Maximised Roll and Minimised Roll combine on one roll", system)
    extra = asked.maximised or asked.minimised
    kept_rule(book, system, bool(asked.maximised), extra, steps)
    if asked.dice.sides != 6:
        raise Refusal(f"{system}'s Maximised and Minimised Roll add a D6; {asked.dice} is not D6s", system)
    return _kept(steps, asked.dice.count, extra, bool(asked.maximised), asked.needing)


def swiftstride(book: Rulebook, system: str, asked: q.Swiftstride) -> dict[str, Any]:
    """``swiftstride flee distance``: the system's Swiftstride rule, the roll it changes and how."""
    rule = _rule(book, system, "Swiftstride")
    if rule is None:
        raise not_defined(system, asked.mechanic)
    roll = asked.distance.title()
    steps: list[Step] = []
    about = [s for s in rule_sentences(rule) if _names_it(s, roll)]
    direct = [s for s in rule_sentences(rule) if (m := _KEEP.search(s)) and m.group("which").lower() == "lowest"]
    subject = [(s, m) for s in about for m in [_SUBJECT.search(s)] if m]
    if subject:
        sentence, m = subject[0]
        highest = (m.group("a") or m.group("b")).lower().startswith("maxi")
        steps.append(Step(f"A unit of Swiftstride models: its {roll} is subject to {'Maximised' if highest else 'Minimised'} Roll.", book.quote(rule, sentence)))
        try:
            kept_rule(book, system, highest, 1, steps)
        except Refusal as refused:
            raise Refusal(f"{rule['id']} makes its {roll} subject to {'Maximised' if highest else 'Minimised'} Roll; {refused.message}", system) from None
    elif about and direct:
        highest = True
        steps.append(Step(f"Swiftstride: for its {roll}, one more D6, the lowest discarded.", book.quote(rule, direct[0])))
    else:
        raise Refusal(f"{rule['id']} does not say how it changes the {roll}", system)
    count = _base_dice(book, system, rule, roll, steps)
    return _kept(steps, count, 1, highest, asked.needing)


def _base_dice(book: Rulebook, system: str, swift: dict[str, Any], roll: str, steps: list[Step]) -> int:
    """How many D6 the roll is without the rule, from a sentence naming the roll and its dice (one
    that adds a die for a rule, "an additional D6 (normally this will lead to rolling 3D6)", is not it)."""
    found: dict[int, tuple[dict[str, Any], str]] = {}
    for rule in book.in_system(system):
        for sentence in rule_sentences(rule):
            if _names_it(sentence, roll) and not _KEEP.search(sentence) and not _SUBJECT.search(sentence):
                for count in _DICE.findall(sentence):
                    found.setdefault(int(count or 1), (rule, sentence))
    if not found:
        raise Refusal(f"{system}'s documents never say which dice its {roll} rolls", system)
    if len(found) > 1:
        raise Refusal(f"{system}'s documents roll more than one number of dice for its {roll} ({', '.join(f'{c}D6' for c in found)}); calc will not pick", system)
    ((count, (rule, sentence)),) = found.items()
    steps.append(Step(f"The {roll} is {count}D6 without it.", book.quote(rule, sentence)))
    return count


def _kept(steps: list[Step], count: int, extra: int, highest: bool, needing: int | None) -> dict[str, Any]:
    if count + extra > q.MOST_DICE:
        raise Refusal(f"calc rolls at most {q.MOST_DICE} dice at once, not {count + extra}", "")
    total = Distribution.kept_d6(count + extra, count, highest=highest)
    steps.append(Step(f"Every way {count + extra}D6 keeping the {'highest' if highest else 'lowest'} {count} can fall, counted exactly: mean {fraction(total.mean)}.", None))
    return total_needing(steps, total, needing)
