"""A rule that rolls one die for each of a number of things, asked with that number:
"destroyed transport with 6 models embarked", "regeneration with 3 wounds".

The rule is found by name as for a rule's own roll (:mod:`referee.calc.named`); its
sentence must roll one die "for every" or "for each" of the thing the question
counts ("roll a D6 for every model that is embarked in it"), and a sentence of the
rule must say which results count ("For every unmodified roll of a 1 one model is
a casualty", "For each roll of a 6, one wound is restored").  The answer is how
many of the dice show such a result: every count with its chance, exactly.
Nothing here names a rule.
"""

from __future__ import annotations

import re
from fractions import Fraction

from referee.calc import question as q
from referee.calc.answers import Step, fraction
from referee.calc.citations import Rulebook, rule_sentences, squeeze
from referee.calc.dice import Distribution
from referee.calc.errors import Refusal

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

_FOR_EACH = re.compile(r"\broll\w*\s+(?:a|an|one)\s+d(\d+)\s+for\s+(?:every|each)\s+([^\W\d_]+)", re.I)
# "for every unmodified roll of a 1", "for each roll of a 6", "on a roll of 5 or more"
_COUNTS = re.compile(
    r"\b(?:for\s+(?:every|each)|on)\s+(?:an?\s+)?(?:unmodified\s+|natural\s+)?roll\s+of\s+(?:an?\s+)?(\d+)"
    r"(\+|\s+or\s+(?:more|higher|greater|less|lower|fewer))?",
    re.I,
)
_ARTICLES = {"a", "an", "the", "one"}
_AGAINST = re.compile(r"\b(?:against|from|by|with)\s+(?:[\w-]+\s+){0,3}$", re.I)  # "against such <attacks>"
_GIVEN = re.compile(r"(\d+)(\+)")  # the roll the question gives in brackets, read as a counted result is


def per_each(book: Rulebook, system: str, asked: q.PerEach) -> dict[str, Any]:
    from referee.calc.named import _find_rule  # the rule named by the longest run of words, as for its own roll

    words = tuple(w for w in asked.words if w.lower() not in _ARTICLES) or asked.words
    # the rule's name as asked, or with its last word plural or singular ("destroyed transport": Destroyed transports)
    last = words[-1]
    other = words[:-1] + (last[:-1] if last.lower().endswith("s") else last + "s",)
    try:
        rule, _ = _find_rule(book, system, words)
    except Refusal as refused:
        try:
            rule, _ = _find_rule(book, system, other)
        except Refusal:
            raise refused from None
    # the thing counted: a word of the question's ("6 models embarked", "3 lost wounds") the rule rolls for
    counted = [w.lower() for w in asked.each]
    thing = counted[0] if counted else ""
    # the rule named, or one whose name has the same words in another order ("transport destroyed")
    from referee.calc.named import _names

    others = [r for r in book.in_system(system) if r["id"] != rule["id"] and _names(r.get("name") or "", words)]
    for candidate in [rule] + others:
        said = rule_sentences(candidate)
        rolls = [(s, m) for s in said for m in [_FOR_EACH.search(s)] if m is not None and any(_same_thing(m.group(2), w) for w in counted)]
        if rolls:
            rule = candidate
            thing = next(w for w in counted if _same_thing(rolls[0][1].group(2), w))
            break
    if not rolls:
        for word in counted:
            saved = _save_for_each(book, system, rule, asked, word)
            if saved is not None:
                return saved
        each = " ".join(asked.each) or "things"
        raise Refusal(
            f"{rule['id']} rolls no die for each of the {each}, and no sentence of it says its save is taken against "
            f"them; calc reads 'roll a D6 for every ...'",
            system,
        )
    sentence, found = rolls[0]
    sides = int(found.group(1))
    steps = [Step(f"{rule['name']}: one D{sides} for each of the {asked.count} {' '.join(asked.each)}.", book.quote(rule, sentence))]
    start = said.index(sentence)
    counted = [(s, m) for s in said[start:] for m in [_COUNTS.search(s[found.end():] if s is sentence else s)] if m is not None]
    if asked.needed is not None:  # "regeneration (4+) with 2 wounds": the rule's X+, where it says so
        from referee.calc.named import _PARAMETER_ROLL

        if not isinstance(asked.needed, int):
            raise Refusal(f"({asked.needed}) is no roll for {rule['name']}'s dice to need; give one such as (4+)", system)
        rolls = [s for s in said if _PARAMETER_ROLL.search(s)]
        if not rolls:
            raise Refusal(f"{rule['id']} has no roll of X+ for the ({asked.needed}+) to stand for", system)
        counted = [(rolls[0], _GIVEN.match(f"{asked.needed}+"))]
    if not counted:
        raise Refusal(f"{rule['id']} does not say which result of its D{sides} counts", system)
    clause, m = counted[0]
    number, how = int(m.group(1)), (m.group(2) or "").strip().lower()
    if how == "+" or how.endswith(("more", "higher", "greater")):
        faces, shown = range(number, sides + 1), f"{number}+"
    elif how.endswith(("less", "lower", "fewer")):
        faces, shown = range(1, number + 1), f"{number} or less"
    else:
        faces, shown = range(number, number + 1), f"a {number}"
    if not 1 <= number <= sides:
        raise Refusal(f"{rule['id']} counts a roll of {number}, which a D{sides} cannot show", system)
    chance = Fraction(len(faces), sides)
    steps.append(Step(f"Each die counts on {shown}: {fraction(chance)}.", book.quote(rule, clause)))
    total = Distribution({0: 1 - chance, 1: chance}).times(asked.count) if chance < 1 else Distribution.certain(asked.count)
    steps.append(Step(f"{asked.count} dice, each counting {fraction(chance)}: every count, exactly; mean {fraction(total.mean)}.", None))
    return {
        "steps": steps,
        "distribution": total,
        "outcome": f"rolls of {shown.removeprefix('a ')}",
        "probability": 1 - total[0],
        "probability_of": f"at least one roll of {shown.removeprefix('a ')}",
    }


def _save_for_each(book: Rulebook, system: str, rule: dict[str, Any], asked: q.PerEach, thing: str) -> dict[str, Any] | None:
    """A rule's save taken once for each of the things counted ("regeneration with 3 wounds"): where the
    rule gives its save a roll ("works exactly like 4+ ward save", as ``Regeneration save`` reads it) and
    a sentence of it says what the save stands against is the thing counted ("Wounds suffered from
    flaming attack cannot be regenerated - no regeneration save is allowed": a wound is what one save
    keeps off).  The answer is how many of the saves are passed.  None where the rule says neither."""
    from referee.calc.named import _figures, _threshold, _word_forms

    if not thing:
        return None
    said = rule_sentences(rule)
    figures = {v: found for v, found in _figures(rule, rule["name"], _word_forms("save")).items() if isinstance(v, int)}
    if not figures:
        return None
    if len(figures) > 1:
        shown = ", ".join(f"{v}+" for v in figures)
        raise Refusal(f"{rule['id']} gives several rolls for its save ({shown}); calc will not pick one", system)
    (needed, giving), = figures.items()
    counted = re.compile(_word_forms(thing), re.I)
    # a sentence naming the save and the thing ("Wounds suffered from ... - no regeneration save is allowed")
    saving = re.compile(r"\bsav(?:e|es|ed|ing)\b", re.I)
    # ... the thing as what is saved, not the kind of attack the save is allowed against ("a 4+ Ward
    # save against Mundane attacks" names attacks as a condition, not as what each save keeps off)
    against = [s for s in said if saving.search(s) and any(not _AGAINST.search(s[: m.start()]) for m in counted.finditer(s))]
    if not against:
        return None
    if asked.needed is not None and asked.needed != needed:
        raise Refusal(f"{rule['id']}'s save is a {needed}+ and it names no other roll, so ({asked.needed}+) stands for nothing", system)
    steps = [Step(f"{rule['name']}: its save is a {needed}+ roll.", book.quote(rule, giving[0]))]
    die: list[int] = []
    one = _threshold(book, system, rule, giving[0], needed, steps, f"the {rule['name']} save succeeds", die)
    chance = one["probability"]
    each = " ".join(asked.each)
    steps.append(Step(f"A save is taken against each of the {asked.count} {each}: the rule's save stands against {thing}.", book.quote(rule, against[0])))
    total = Distribution({0: 1 - chance, 1: chance}).times(asked.count) if chance < 1 else Distribution.certain(asked.count)
    steps.append(Step(f"{asked.count} saves, each passed {fraction(chance)}: every count, exactly; mean {fraction(total.mean)}.", None))
    return {
        "steps": steps,
        "distribution": total,
        "needed": f"{needed}+",
        "outcome": f"{each} saved",
        "probability": 1 - total[0],
        "probability_of": f"at least one of the {each} saved",
    }


def _same_thing(said: str, asked: str) -> bool:
    """The rule's word for the thing and the question's, singular or plural ("model", "models")."""
    a, b = said.lower(), asked.lower()
    return bool(b) and (a == b or a.rstrip("s") == b.rstrip("s"))


# -- a roll the documents name, with the dice the question says it is ----------------------------

_ROLL_WORDS = {"roll", "rolls", "test", "distance", "range", "move"}


def named_dice(book: Rulebook, system: str, asked: q.NamedDice) -> dict[str, Any]:
    """"charge 2D6 needing 7": a sentence naming the roll (each of the question's words, or a word of
    the same stem: "flee", "fleeing") and those dice, anywhere in the system's rules; the total of
    the dice then, exactly.  Refused, with what the documents roll instead, when no sentence does."""
    from referee.calc.answers import total_needing
    from referee.calc.named import _distribution, _names

    words = tuple(w for w in asked.words if w.lower() not in _ROLL_WORDS) or asked.words
    dice = asked.dice
    die = re.compile(rf"(?<![\w]){dice.count if dice.count > 1 else ''}[dD]{dice.sides}(?![\w])")
    any_dice = re.compile(r"(?<![\w])\d*[dD]\d+(?![\w])")
    said: list[tuple[dict[str, Any], str]] = []
    other: list[tuple[dict[str, Any], str]] = []
    # the rule the words name ("hit and run 3D6": Hit and Run's own "then roll 3D6"): its sentences need not repeat its name
    # ("secret mission roll D6": the rule Secret mission, the word "roll" a player's)
    own = {
        rule["id"]
        for named in dict.fromkeys((" ".join(asked.words), " ".join(words)))
        for rule in book.named(named, system)
        if squeeze(rule.get("name") or "") == squeeze(named)
    }
    for rule in book.in_system(system):
        for sentence in rule_sentences(rule):
            if rule["id"] not in own and not _names(sentence, words):
                continue
            if die.search(sentence):
                said.append((rule, sentence))
            elif any_dice.search(sentence):
                other.append((rule, sentence))
    name = " ".join(asked.words)
    if not said:
        if other:
            rule, sentence = other[0]
            rolled = ", ".join(dict.fromkeys(m.group() for m in any_dice.finditer(sentence)))
            raise Refusal(f"no sentence of {system}'s documents rolls {dice} for {name}; {rule['id']} rolls {rolled}: {sentence!r}", system)
        raise Refusal(f"no sentence of {system}'s documents rolls {dice} for {name}", system)
    rule, sentence = said[0]
    steps = [Step(f"{name}: {dice}.", book.quote(rule, sentence))]
    total = _distribution(book, system, q.Amount(dice, 0), steps)
    steps.append(Step(f"{dice} added up: every way the dice can fall, counted exactly: mean {fraction(total.mean)}.", None))
    return total_needing(steps, total, asked.needing)
