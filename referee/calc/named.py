"""Rolls a named rule makes, and one roll against another, read from the asked
system's own sentences rather than declared per rule.

- "Thunderstomp hits", "Regeneration save": the rule is found by name as
  ``referee lookup`` finds it, and the dice come from its sentence that puts
  a figure before the thing rolled for ("makes D6 hits", "like 4+ ward save").
- "Impact Hits (D6+1) hits", "absorb health (4+)": the question's parameter
  stands for the rule's X, taken only where the rule's sentence says so
  ("the value stated in brackets (X)", "On an X+").
- "move through cover 3D6 highest": the rule's sentence must roll those dice
  and pick the highest.
- "pursuit 2D6 vs flee 3D6", "ward Mg3 vs Mg2": the sentence that compares
  the two rolls says which side wins and whether a tie is enough ("equal to or
  greater than", "higher").

Any system's module offers these forms with :func:`forms`; nothing here names
a rule.  Where the sentences give no figure, or several different ones, the
question is refused, never guessed.
"""

from __future__ import annotations

import re
from collections import namedtuple
from fractions import Fraction

from referee.calc import question as q
from referee.calc.answers import Step, fraction
from referee.calc.citations import Rulebook, rule_sentences, squeeze
from referee.calc.dice import Distribution, passes
from referee.calc.errors import Refusal
from referee.patterns import compiled, lazy

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any, Callable

# a die as a rule names it ("D6", "2D6"): count and sides (passages.py reads dice with it too)
DIE = lazy(r"(?<![\w])(\d*)[dD](\d+)(?![\w])")
# A count of things ("makes D6 hits", "inflicts 2D6 automatic hits"): never a modifier ("-1 to
# hit"), never a roll's result ("a roll of 6 wounds", "rolls a 6 to hit"), and the words between
# it and the thing describe the thing ("automatic"), never join a phrase ("to", "for each").
# A count multiplied ("D6×2 hits") is read whole, its factor in the second group: never the
# number after the sign alone (a "2 hits" read out of "D6×2 hits" was a confident wrong figure).
_AMOUNT = r"(?<![\w+(−×*-])(?<![×*]\s)(?<!\bx\s)(?<!\bof )(?<!\ba )(?<!\ban )(?<!\brolls )(?<!\broll )(?<!\bon )(\d*[dD]\d+(?:\s*[+−-]\s*\d+)?|\d+)(?:\s*[×x*]\s*(\d+))?(?![\w+\"”″×*])(?!\s*[×*]|\s+x\s)"
_THRESHOLD = r"(?<![\w+])(\d+)\+(?![+\-\w])"
_GAP = r"\s+(?:(?!(?:to|of|on|per|for|each|in|at|by|with|from|and|or|than|the)\b)[^\W\d_][\w-]*\s+){0,2}?"
# "2D6 or 3D6 hits": the figure before "or" is given too
_ALTERNATIVE = lazy(r"(\d*[dD]\d+|\d+)[\"”″]?\s*(?:or|/)\s*$", re.I)
# The rule's X as a count ("suffers X hits", "a number of hits equal to the value stated in
# brackets (X)") or as a roll ("On an X+", "Regeneration(X), such as Regeneration(4+)").
_X_COUNT = r"(?:\(X\)|\bX\b(?!\+)|\bin brackets\b|\bin parenthes[ie]s\b)"
# the thing itself said to be the brackets' value: "It always moves the distance stated in brackets (X)"
# (never "the value" alone, which names no thing, nor brackets holding a roll, "(X+)")
_STATED_IN = r"\s+(?:stated|given|shown|written|noted)\s+in\s+(?:the\s+)?(?:brackets|parenthes[ie]s)\b(?!\s*\(X\+\))"
# ("replenishes X fewer Power Dice": the thing is "fewer Power Dice", never "fewer" alone)
_X_COUNTS_WHAT = lazy(r"\bnumber of ([^\W\d_]+) equal to[^.]*?" + _X_COUNT + r"|\bX\b(?!\+)\s+((?:fewer|more|less|additional|extra)\s+[^\W\d_]+(?:\s+[A-Z][^\W\d_]*)?|[^\W\d_]+)|\bthe\s+(?!value\b)([^\W\d_]+)" + _STATED_IN)
_PARAMETER_ROLL = lazy(r"\bX\+|\(X\)[^.]*\(\d+\+\)")
# how a rule writes its brackets, with the words before them: "Absorb Health(X+)", "Absorb Magicka(Y on an X+)"
_TEMPLATE = lazy(r"(?P<words>(?:[^\W\d_][\w-]*\s*){1,4})\(\s*(?:(?P<value>[A-Z])\s+on\s+an?\s+)?X\+\s*\)")
# where a sentence limits the roll it gives: "against Mundane attacks", "in Close Combat"
_LIMITED = lazy(r"\b(?:against|in|during|while|when)\s+(?:close\s+combat|the\s+\w+\s+phase|[A-Z][\w-]*(?:\s+[A-Za-z][\w-]*)?\s+(?:attacks?|hits?|wounds?|models?))\b|\bcc only\b", re.I)
_D3 = lazy(r"(?<!\w)d3(?!\w)", re.I)
_D3_DEFINED = lazy(r"\b1 or 2 is a 1\b|\b1-2\b|\bd6 halved\b|\bhalf (?:a|the) d6\b|\bdivid\w* by 2\b", re.I)
_ABOUT_DICE = lazy(r"\b(?:dice|die|rolls?|rolling)\b", re.I)
_ADDS = lazy(r"\badd", re.I)
WORD = lazy(r"[^\W\d_]+")  # a run of letters (passages.py too)
_WRITTEN_AMOUNT = lazy(r"(\d*)[dD](\d+)(?:\s*([+−-])\s*(\d+))?")
_SCORE = lazy(r"\b(?:rolls?|scores?|results?|totals?|rolled|scored)\b", re.I)
# Who wins a tie, as the comparing sentence words it: "equal to or greater than" lets
# the sentence's subject win a tie, "higher" or "greater than" alone does not.
_TIE_WINS = lazy(
    r"\b(?:equal to or (?:greater|higher|more) than|equals? or (?:exceeds?|beats?)|"
    r"(?:greater|higher|more) than or equal to|at least as (?:high|great) as)\b",
    re.I,
)
_STRICT = lazy(r"\b(?:(?:greater|higher) than|exceeds?|beats?|(?:is|are) higher|higher)\b", re.I)


def forms(system: str) -> dict[Any, Callable[[Rulebook, Any], dict[str, Any]]]:
    """The forms of this module, answered under ``system``'s documents (for a module's ``FORMS``)."""
    return {
        q.RuleRoll: lambda book, asked: rule_roll(book, system, asked),
        q.KeepHighest: lambda book, asked: keep_highest(book, system, asked),
        q.Versus: lambda book, asked: versus(book, system, asked),
        q.Sum: lambda book, asked: plain_sum(book, system, asked),
    }


def plain_roll(book: Rulebook, system: str, asked: q.Roll) -> dict[str, Any]:
    """Dice added up, for a system whose documents roll that die and define no Maximised or Minimised
    Roll (a module that does has its own ``roll``)."""
    if asked.maximised or asked.minimised:
        raise Refusal(f"{system} does not define Maximised or Minimised rolls", system)
    return plain_sum(book, system, q.Sum(q.Amount(asked.dice, 0), asked.needing))


# -- dice added up, with a number added ----------------------------------------------------


def plain_sum(book: Rulebook, system: str, asked: q.Sum) -> dict[str, Any]:
    from referee.calc.answers import total_needing

    dice = asked.amount.dice
    # a sentence that rolls the die, naming it before or after the verb ("roll 2D6",
    # "X is a random number (e.g. (2D3)), roll for the number of hits")
    die = rf"(?<!\w)\d*[dD]{dice.sides}(?!\w)"
    rolled = compiled(rf"\broll[\w']*\b[^.]*?{die}|{die}[^.]*?\broll[\w']*\b", re.I)
    steps: list[Step] = []
    for rule in _dice_rules_first(book.in_system(system)):
        said = [s for s in rule_sentences(rule) if rolled.search(s)]
        if said:
            steps.append(Step(f"{system}'s documents roll the D{dice.sides}.", book.quote(rule, said[0])))
            break
    else:
        raise Refusal(f"{system}'s documents roll no D{dice.sides}", system)
    total = _distribution(book, system, asked.amount, steps)
    rolled_as = f"{dice} added up" if dice.count > 1 else f"One {dice}"
    added = f", {asked.amount.plus:+d} added" if asked.amount.plus else ""
    steps.append(Step(f"{rolled_as}{added}: every way the dice can fall, counted exactly: mean {fraction(total.mean)}.", None))
    return total_needing(steps, total, asked.needing)


# -- a roll a named rule makes -----------------------------------------------------------


def rule_roll(book: Rulebook, system: str, asked: q.RuleRoll) -> dict[str, Any]:
    found = _rule_roll(book, system, asked)
    if asked.needing is None:
        return found
    # "Shrapnel Bombs hits needing 8": the chance of that many or more
    if found.get("distribution") is None or found.get("probability") is not None:
        raise Refusal(f"'needing {asked.needing}' asks for a total, and {' '.join(asked.words)} is a roll that succeeds or fails", system)
    chance = found["distribution"].at_least(asked.needing)
    found["steps"].append(Step(f"{asked.needing} or more {found.get('outcome') or 'in total'}: {fraction(chance)}.", None))
    return {**found, "probability": chance, "probability_of": f"{asked.needing} or more {found.get('outcome') or 'in total'}"}


def _rule_roll(book: Rulebook, system: str, asked: q.RuleRoll) -> dict[str, Any]:
    from referee.calc import passages  # a lead-in or a table inside a rule's text

    words, whose = tuple(asked.words), tuple(asked.whose)
    try:
        rule, used = _find_rule(book, system, words)
    except Refusal as refused:
        given = _save_given(book, system, asked)  # "Parry save": a save named inside another rule's text
        if given is not None:
            if asked.against is not None:
                raise Refusal(f"calc reads the other side's rules against a save that a rule is named after; {' '.join(words)} is not one", system) from None
            return given
        inside = passages.named(book, system, words + whose)  # "Look out, Sir": the comma is the title's
        if inside is None:
            close = passages.did_you_mean(book, system, asked.words, refused)
            if close is refused and whose:  # "Discipline Test with Discipline 8": what the documents say of the words
                from referee.calc import unread

                raise unread.thing(book, system, " ".join(words + whose), " ".join(words)) from None
            raise close from None
        rule, used = inside
        if used >= len(words):
            words, whose = words + whose, ()
    if whose:
        raise Refusal(
            f"calc cannot read {' '.join(whose)!r} after {rule['name']} ({rule['id']}); it asks a rule's roll as "
            f"'{rule['name']} hits', '{rule['name']} save' or '{rule['name']} (4+)', the other side's rules after 'against' "
            f"('{rule['name']} save against ...')",
            system,
        )
    what = words[used:] + tuple(asked.after)
    thing = what[-1].lower() if what else None
    name = rule["name"]
    if thing is None and asked.against is not None and asked.amount is None and asked.needed is None:
        # "Regeneration against Flaming Attacks": its save, where the documents call it one
        what, thing = ("save",), "save"
        asked = asked._replace(against=asked.against._replace(save_said=False))
    if asked.amount is not None or asked.needed is not None:
        return _with_parameter(book, system, asked, rule, thing, tuple(asked.words))
    if thing is None or all(w.lower() in passages.ITS_ROLL for w in what):  # "look out sir", "look out sir roll"
        own = passages.own_roll(book, system, rule)
        if own is not None:
            return own
    if thing is None:
        raise Refusal(f"say what {name} rolls for ({name} hits, {name} save, ...)", system)
    thing_re = _word_forms(thing)
    found = _figures(rule, name, thing_re)
    part = None  # the sub-rule that gives the figure, where the rule itself gives none
    if not found:
        entry = passages.table_entry(book, system, rule, what)
        if entry is not None:
            return entry
        # "Breath Weapon hits": the figure is in one of its sub-rules ("Breath Weapon Close Combat Attack")
        parts = [(child, got) for child in filter(None, map(book.rule, rule.get("children") or ())) for got in [_figures(child, name, thing_re)] if got]
        if len(parts) > 1:
            shown = ", ".join(child["name"] for child, _ in parts)
            raise Refusal(f"{rule['id']} gives its {' '.join(what)} in more than one of its parts ({shown}); say which", system)
        if not parts:
            raise Refusal(f"{rule['id']} gives no dice or number for its {' '.join(what)}", system)
        (part, found), = parts
    if len(found) > 1:
        shown = ", ".join(f"{v}+" if isinstance(v, int) else str(v) for v in found)
        raise Refusal(f"{rule['id']} gives several figures for its {' '.join(what)} ({shown}); calc will not pick one", system)
    (value, said), = found.items()
    cited = book.quote(part or rule, said[0])
    label = f"{name} (only in {part['name']}, the one part of it that gives its {' '.join(what)})" if part is not None else name
    if asked.against is not None and not (isinstance(value, int) and thing in ("save", "saves")):
        raise Refusal(f"calc reads the other side's rules against a rule's save ({name} save against ...); {name} {' '.join(what)} is not one", system)
    if isinstance(value, int):
        limit = _LIMITED.search(said[0])
        held = f", taken only as the sentence says: {limit.group().strip()}" if limit else ""
        steps = [Step(f"{label}: its {' '.join(what)} is a {value}+ roll{held}.", cited)]
        die: list[int] = []
        found = _threshold(book, system, part or rule, said[0], value, steps, f"the {name} {' '.join(what)} succeeds", die)
        if asked.against is not None:
            return _then_rules(book, system, asked, name, value, found, die)
        return found
    steps = [Step(f"{label}: {value} {' '.join(what)}.", cited)]
    if isinstance(value, _Bonus):
        held = _IF.search(said[0])
        when = f", only {held.group().strip().rstrip(' -')}" if held else ""
        steps[0] = Step(f"{label}: {value} {' '.join(what)}, added to the model's own{when}; the answer counts the ones added.", cited)
        return _amount_answer(book, system, value.amount, steps, f"{' '.join(what)} added")
    if isinstance(value, _Times):
        factor = value.factor
        total = _distribution(book, system, value.amount, steps).map(lambda n: n * factor)
        steps.append(Step(f"Every way {value} can fall, counted exactly: mean {fraction(total.mean)}.", None))
        return {"steps": steps, "distribution": total, "outcome": " ".join(what)}
    return _amount_answer(book, system, value, steps, " ".join(what))


def _figures(rule: dict[str, Any], name: str, thing_re: str) -> dict[Any, list[str]]:
    """Each figure a sentence of ``rule`` puts before the thing asked ("makes D6 hits", "a 4+ ward
    save", "Ward Save (4+)"), with the sentences saying it."""
    found: dict[Any, list[str]] = {}
    # a sentence about one value of the rule's parameter ("Stealth(+2) indicates ... a 5+ save")
    # is not the rule's own figure when the question gives none
    example = compiled(rf"\b{re.escape(name)}\s*\((?!\s*[+-]?X\b)[^)]*\)", re.I)
    for sentence in rule_sentences(rule):
        if example.search(sentence) or _AN_EXAMPLE.search(sentence):
            continue
        for m in compiled(_AMOUNT + _GAP + thing_re, re.I).finditer(sentence):
            amount = _parse_amount(m.group(1))
            found.setdefault(_Times(amount, int(m.group(2))) if m.group(2) else amount, []).append(sentence)
            other = _ALTERNATIVE.search(sentence[: m.start()])
            if other is not None:
                found.setdefault(_parse_amount(other.group(1)), []).append(sentence)
        for pattern in (_THRESHOLD + _GAP + thing_re, thing_re + r"\s*\(\s*(\d+)\+\s*\)"):
            for m in compiled(pattern, re.I).finditer(sentence):
                found.setdefault(int(m.group(1)), []).append(sentence)
        for m in compiled(_BONUS + _GAP + thing_re, re.I).finditer(sentence):  # "gain +D3 Attacks"
            found.setdefault(_Bonus(_parse_amount(m.group(1))), []).append(sentence)
    return found


# a sentence giving an example ("For example BS of 3+ means all hit rolls with a result of 3 or higher
# are successful"): its figure illustrates, it is not the rule's own; a sentence that only mentions one
# inside, "(e.g. due to failing all its 3+ rolls)", keeps its own
_AN_EXAMPLE = lazy(r"^\W*(?:for (?:example|instance)|e\.g\.|example)\b", re.I)


# a figure added to the model's own ("models with the Rampage special rule gain +D3 Attacks"): a bonus
_BONUS = r"\b(?:gains?|gets?|receives?|has|have)\s+\+(\d*[dD]\d+|\d+)(?![\w+])"
_IF = lazy(r"\b(?:if|when|while|unless)\b(?:(?!\s[-—–]\s)[^.;])*", re.I)


class _Bonus(namedtuple("_Bonus", "amount")):
    """A figure a rule adds to the model's own ("+D3 Attacks"): what the question asks of it is the bonus."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"+{self.amount}"


class _Times(namedtuple("_Times", "amount factor")):
    """A count multiplied by a number, as a rule writes it ("D6×2 hits")."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{self.amount}×{self.factor}"


def _with_parameter(book: Rulebook, system: str, asked: q.RuleRoll, rule: dict[str, Any], thing: str | None, what: tuple[str, ...] = ()) -> dict[str, Any]:
    name = rule["name"]
    said = rule_sentences(rule)
    if asked.needed is not None:
        rolls = _written_as(system, rule, [s for s in said if _PARAMETER_ROLL.search(s)], asked, what)
        if not rolls and thing in (None, "save", "saves"):
            # "Aegis (4+) save": a save written as army entries write it, read as "Aegis 4+ save"
            # where the documents call the rule a save
            return _save_in_brackets(book, system, rule, asked.needed, said=thing is not None, against=asked.against)
        if not rolls:
            raise Refusal(f"{rule['id']} has no roll of X+ for the ({asked.needed}+) to stand for", system)
        if asked.value is not None:
            letter = next(m.group("value") for m in _TEMPLATE.finditer(rolls[0]) if m.group("value"))
            shown = f"{name} ({asked.value} on a {asked.needed}+): the rule writes its brackets ({letter} on an X+), so {letter} is {asked.value} and its X+ is {asked.needed}+."
            steps = [Step(shown, book.quote(rule, rolls[0]))]
        else:
            steps = [Step(f"{name} ({asked.needed}+): the X+ of the rule is {asked.needed}+.", book.quote(rule, rolls[0]))]
        die: list[int] = []
        found = _threshold(book, system, rule, rolls[0], asked.needed, steps, f"the {name} roll succeeds", die)
        if asked.against is not None:
            if thing not in ("save", "saves"):
                raise Refusal(f"calc reads the other side's rules against a rule's save ({name} ({asked.needed}+) save against ...)", system)
            return _then_rules(book, system, asked, name, asked.needed, found, die)
        return found
    if asked.against is not None:
        raise Refusal(f"calc reads the other side's rules against a rule's save, not against its ({asked.amount})", system)
    amount = asked.amount
    if thing is None:  # the thing counted, as the rule's sentence names it
        named = [(s, m) for s in said for m in [_X_COUNTS_WHAT.search(s)] if m is not None]
        about = [s for s, _ in named]
        thing = next((m.group(1) or m.group(2) or m.group(3) for _, m in named), None)
    else:
        forms = _word_forms(thing)
        counts = compiled(rf"\bnumber of {forms}[^.]*?{_X_COUNT}|\bX\b(?!\+){_GAP}{forms}|\bthe\s+(?!value\b){forms}{_STATED_IN}", re.I)
        about = [s for s in said if counts.search(s)]
    if not about:
        what = f" its number of {thing}" if thing else " what it counts"
        raise Refusal(f"{rule['id']} does not say{what} is the value in brackets, so ({amount}) stands for nothing", system)
    steps = [Step(f"{name} ({amount}): the value in brackets is {amount}.", book.quote(rule, about[0]))]
    return _amount_answer(book, system, amount, steps, thing or "value")


def _written_as(system: str, rule: dict[str, Any], rolls: list[str], asked: q.RuleRoll, what: tuple[str, ...]) -> list[str]:
    """The sentences giving the rule's X+, those writing its brackets as the question does first: a value and a
    roll ("(Y on an X+)") only where the rule writes them so, and of several forms ("Absorb Health(X+)", "Absorb
    Magicka(Y on an X+)") the one whose words before the brackets end in the question's words for the rule."""
    shaped = [(s, m) for s in rolls for m in _TEMPLATE.finditer(s)]
    words = " ".join(what).lower()
    if words:
        named = [(s, m) for s, m in shaped if f" {' '.join(m.group('words').split()).lower()}".endswith(f" {words}")]
        shaped = named or shaped
    # a value only where the form asked writes one; a roll alone first where it is written alone
    shaped = [(s, m) for s, m in shaped if m.group("value")] if asked.value is not None else sorted(shaped, key=lambda c: bool(c[1].group("value")))
    if asked.value is not None:
        if not shaped:
            raise Refusal(f"{rule['id']} does not write its brackets as a value and a roll (Y on an X+), so ({asked.value} on a {asked.needed}+) stands for nothing", system)
        if len({s for s, _ in shaped}) > 1:
            raise Refusal(f"{rule['id']} writes a value and a roll in brackets in several sentences; name which ({'; '.join(dict.fromkeys(m.group('words').strip() for _, m in shaped))})", system)
    first = list(dict.fromkeys(s for s, _ in shaped))
    return first + [s for s in rolls if s not in first]


def _then_rules(book: Rulebook, system: str, asked: q.RuleRoll, name: str, needed: int, found: dict[str, Any], die: list[int]) -> dict[str, Any]:
    """A rule's save, its number read from the rule ("works exactly like 4+ ward save"), then changed by
    the rules the question names against it ("Regeneration save against Flaming Attacks"), as
    ``hit 4+ against ...`` is: :func:`referee.calc.effects.rolled`, on the D6 the rule's save was read on."""
    from referee.calc import effects
    from referee.calc.systems import mechanics

    if die != [6]:
        raise Refusal(f"{name}'s save is not rolled on one D6; calc reads the other side's rules only for a D6 roll", system)
    stage = asked.against._replace(needed=needed, save=name)
    result = effects.rolled(book, stage, system, mechanics(system, in_build=True), source=list(found["steps"]))
    return {"steps": list(result.steps), "probability": result.probability, "needed": result.needed, "probability_of": result.probability_of}


def _threshold(book: Rulebook, system: str, rule: dict[str, Any], sentence: str, needed: int, steps: list[Step], what: str, die: list[int] | None = None) -> dict[str, Any]:
    """A roll of ``needed``+ on the die the rule's sentence names, or the only die the system names
    (its sides appended to ``die``, if given)."""
    dice = {(int(c or 1), int(s)) for c, s in DIE.findall(sentence)}
    if not dice:  # the rule's other sentences may name its die ("roll a d6 for each wound")
        rolling = [(s, {(int(c or 1), int(d)) for c, d in DIE.findall(s)}) for s in rule_sentences(rule)]
        kinds = {die for _, found in rolling for die in found}
        if len(kinds) == 1:
            dice = kinds
            sentence = next(s for s, found in rolling if found)
            (count, sides), = dice
            steps.append(Step(f"The rule rolls {'a' if count == 1 else count} D{sides}.", book.quote(rule, sentence)))
            if count != 1:
                raise Refusal(f"{rule['id']} rolls {count}D{sides} for its {needed}+; calc answers one die's roll", system)
            chance = passes(needed, sides)
            steps.append(Step(f"A {needed}+ on a D{sides}: {fraction(chance)}.", None))
            if die is not None:
                die.append(sides)
            return {"steps": steps, "probability": chance, "needed": f"{needed}+", "probability_of": what}
    if len(dice) == 1:
        (count, sides), = dice
        if count != 1:
            raise Refusal(f"{rule['id']} rolls {count}D{sides} for its {needed}+; calc answers one die's roll", system)
        steps.append(Step(f"The rule rolls a D{sides}.", None))
    elif not dice:
        named = _system_dice(book, system)
        able = sorted(s for s in named if s >= needed)  # a D3 cannot roll a 4+
        halved = _d3_from_d6(book, system, named) if 3 in named and 6 in named else None
        if named == {6}:
            sides = 6
            steps.append(Step(f"Read as one D6: the rule names no die, and every die {system}'s documents name is a D6.", None))
        elif halved is not None:  # "a 1 or 2 is a 1": a D3 is a D6 read another way, not a die of its own
            sides = 6
            steps.append(Step(f"Read as one D6: the rule names no die, and the only die {system}'s documents roll is a D6 (their D3 is a D6 read in pairs).", halved))
        elif len(able) == 1:
            (sides,) = able
            shown = ", ".join(f"D{d}" for d in sorted(named))
            steps.append(Step(f"Read as one D{sides}: the rule names no die, and of the dice {system}'s documents name ({shown}) only the D{sides} can roll {needed}+.", None))
        elif not able:
            raise Refusal(f"{rule['id']} names no die for its {needed}+, and no die {system}'s documents name can roll it", system)
        else:
            chances = ", ".join(f"a D{d}: {fraction(passes(needed, d))}" for d in able)
            generic = _generic_die(book, system, able)
            why = (
                f"; {system}'s documents call a D{generic[0]} a dice too ({generic[1]['id']}: {generic[2]!r})" if generic else ""
            )
            raise Refusal(
                f"{rule['id']} names no die for its {needed}+, and {system}'s documents name more than one kind that could roll it"
                f"{why} ({chances}); calc will not pick",
                system,
            )
    else:
        raise Refusal(f"{rule['id']} names several dice beside its {needed}+", system)
    if die is not None:
        die.append(sides)
    chance = passes(needed, sides)
    steps.append(Step(f"A {needed}+ on a D{sides}: {fraction(chance)}.", None))
    return {"steps": steps, "probability": chance, "needed": f"{needed}+", "probability_of": what}


_GENERIC = lazy(r"\b(?:a|one|the)\s+(?:dice|die)\b", re.I)


def _d3_from_d6(book: Rulebook, system: str, named: set[int]) -> Any:
    """The citation of a sentence defining the system's D3 as a D6 read another way ("a 1 or 2 is a
    1"), where the rule saying so speaks of every other die the documents name too (The Last
    Edition's Dice: "A D33 is the combination of 2 D3 rolled separately"); else None."""
    cited = _d3(book, system).citation
    if cited is None:
        return None
    rule = book.rule(cited.rule)
    spoken = {int(s) for text in (_texts(rule) if rule else []) for _, s in DIE.findall(text)}
    return cited if named - {6} <= spoken else None


def _generic_die(book: Rulebook, system: str, able: list[int]) -> tuple[int, dict[str, Any], str] | None:
    """A sentence of the system calling a die other than the D6 "a dice" ("If the value is a dice
    (e.g. Multiple Wounds (D3)), roll one dice ..."): why "roll a dice" does not settle which."""
    for rule in book.in_system(system):
        for sentence in rule_sentences(rule):
            if not _GENERIC.search(sentence):
                continue
            for _, sides in DIE.findall(sentence):
                if int(sides) != 6 and int(sides) in able:
                    return int(sides), rule, sentence
    return None


def _amount_answer(book: Rulebook, system: str, amount: q.Amount, steps: list[Step], outcome: str) -> dict[str, Any]:
    total = _distribution(book, system, amount, steps)
    if amount.dice is not None:
        steps.append(Step(f"Every way {amount} can fall, counted exactly: mean {fraction(total.mean)}.", None))
    return {"steps": steps, "distribution": total, "outcome": outcome}


def _distribution(book: Rulebook, system: str, amount: q.Amount, steps: list[Step]) -> Distribution:
    if amount.dice is None:
        return Distribution.certain(amount.plus)
    sides = amount.dice.sides
    if sides not in _system_dice(book, system):
        raise Refusal(f"{system}'s documents name no D{sides}", system)
    if amount.dice.count > q.MOST_DICE:
        raise Refusal(f"calc rolls at most {q.MOST_DICE} dice at once, not {amount.dice.count}", system)
    if sides == 3:
        steps.append(_d3(book, system))
    plus = amount.plus
    return Distribution.die(sides).times(amount.dice.count).map(lambda n: n + plus)


def _d3(book: Rulebook, system: str) -> Step:
    """How the system reads a D3: the sentence of a rule about the D3 that defines it, or a note that none does."""
    for rule in _dice_rules_first(book.in_system(system)):
        if not any(_D3.search(text) for text in _texts(rule)):
            continue
        for sentence in rule_sentences(rule):
            if _D3_DEFINED.search(sentence):
                return Step("A D3 gives 1, 2 or 3, each as likely.", book.quote(rule, sentence))
    return Step("A D3 gives 1, 2 or 3, each as likely (the documents name the die without defining it).", None)


def _dice_rules_first(rules: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rules about dice (named Dice, Die, Rolls, ...) before the others, each in reading order."""
    return sorted(rules, key=lambda rule: not _ABOUT_DICE.search(rule.get("name") or ""))


# -- the highest of several dice -------------------------------------------------------------


def keep_highest(book: Rulebook, system: str, asked: q.KeepHighest) -> dict[str, Any]:
    rule, used = _find_rule(book, system, asked.words)
    dice = asked.dice
    wanted = compiled(rf"(?<!\w){dice.count}\s*[dD]{dice.sides}(?!\w)[^.]*?\bhighest\b", re.I)
    said = [s for s in rule_sentences(rule) if wanted.search(s)]
    if not said:
        raise Refusal(f"{rule['id']} does not say to roll {dice} and keep the highest", system)
    steps = [Step(f"{rule['name']}: roll {dice} and keep the highest die.", book.quote(rule, said[0]))]
    if dice.count > q.MOST_DICE:
        raise Refusal(f"calc rolls at most {q.MOST_DICE} dice at once, not {dice.count}", system)
    sides, count = dice.sides, dice.count
    highest = Distribution({k: Fraction(k**count - (k - 1) ** count, sides**count) for k in range(1, sides + 1)})
    steps.append(Step(f"The highest of {dice} is k or less when every die is: (k/{sides})^{count}; mean {fraction(highest.mean)}.", None))
    return {"steps": steps, "distribution": highest, "outcome": "highest die"}


# -- one roll against another -----------------------------------------------------------------


def versus(book: Rulebook, system: str, asked: q.Versus) -> dict[str, Any]:
    left_words, right_words = tuple(w.lower() for w in asked.left_words), tuple(w.lower() for w in asked.right_words)
    if not left_words and not right_words:
        raise Refusal("name the rolls (pursuit 2D6 vs flee 3D6): who wins, and a tie, is read from the sentence that compares them", system)
    rules = book.in_system(system)
    steps: list[Step] = []
    sentence, rule, ties, left_is_subject = _comparison(system, rules, left_words, right_words)
    left = _side(book, system, rules, rule, left_words, asked.left, steps)
    right = _side(book, system, rules, rule, right_words, asked.right, steps)
    cited = book.quote(rule, sentence)
    subject, other = (_named_side(left_words, asked.left), _named_side(right_words, asked.right))
    if not left_is_subject:
        subject, other = other, subject
    rule_text = "equal to or more than" if ties else "more than"
    steps.append(Step(f"{subject} succeeds against {other} with a score {rule_text} it: a tie goes to {subject if ties else other}.", cited))
    difference = left.convolve(right.map(lambda n: -n))
    if left_is_subject:
        chance = difference.at_least(0) if ties else difference.at_least(1)
    else:
        chance = 1 - (difference.at_most(0) if ties else difference.at_most(-1))
    left_name = _named_side(left_words, asked.left)
    steps.append(Step(f"Every way the two rolls can fall, counted exactly: {left_name} wins {fraction(chance)}.", None))
    return {"steps": steps, "probability": chance, "probability_of": f"{left_name} wins"}


def _named_side(words: tuple[str, ...], side: Any) -> str:
    return f"{' '.join(words)} {side}".strip()


def _side(book: Rulebook, system: str, rules: list[dict[str, Any]], comparing: dict[str, Any], words: tuple[str, ...], side: Any, steps: list[Step]) -> Distribution:
    """One side's roll: its dice as the question gives them, or a die plus a characteristic where a
    sentence says so: of the rule that compares the rolls (``comparing``), or one naming the side."""
    if isinstance(side, q.Amount):
        if side.dice is not None:
            text = compiled(rf"(?<!\w){side.dice.count if side.dice.count > 1 else ''}[dD]{side.dice.sides}(?!\w)")
            own = book.named(" ".join(words), system) if words else []  # the comparing rule, or one the side names
            for rule in [comparing] + [r for r in own if r["id"] != comparing["id"]]:
                said = [s for s in rule_sentences(rule) if text.search(s) and (not words or _names(s, words))]
                if said:
                    steps.append(Step(f"{_named_side(words, side)}: the documents roll {side.dice} for it.", book.quote(rule, said[0])))
                    break
            else:
                steps.append(Step(f"{_named_side(words, side)}: no sentence rolls {side.dice} for it; taken as the question gives it.", None))
        return _distribution(book, system, side, steps)
    stat = compiled(rf"\b{re.escape(side.name)}\b", re.I)
    for rule in [comparing] + [r for r in rules if r["id"] != comparing["id"]]:
        for sentence in rule_sentences(rule):
            dice = DIE.findall(sentence)
            about = rule is comparing or not words or _names(sentence, words) or _names(rule["name"], words)
            if stat.search(sentence) and _ADDS.search(sentence) and dice and about:
                sides = {int(s) for _, s in dice}
                if len(sides) != 1:
                    continue
                (die,) = sides
                steps.append(Step(f"{_named_side(words, side)}: a D{die} plus {side.name} {side.value}.", book.quote(rule, sentence)))
                return Distribution.die(die).map(lambda n: n + side.value)
    raise Refusal(f"{system}'s documents do not say which die is rolled and {side.name} added to it", system)


def _comparison(system: str, rules: list[dict[str, Any]], left: tuple[str, ...], right: tuple[str, ...]) -> tuple[str, dict[str, Any], bool, bool]:
    """The sentence comparing the two rolls: (sentence, rule, a tie wins, the left side is its subject)."""
    found: list[tuple[str, dict[str, Any], bool, bool]] = []
    for rule in rules:
        for sentence in rule_sentences(rule):
            if not _SCORE.search(sentence):
                continue
            m = _TIE_WINS.search(sentence) or _STRICT.search(sentence)
            if m is None:
                continue
            ties = _TIE_WINS.search(sentence) is not None
            subject = _subject(sentence[: m.start()], sentence[m.end() :], left, right)
            if subject is not None:
                found.append((sentence, rule, ties, subject))
    if not found:
        named = " and ".join(" ".join(w) for w in (left, right) if w)
        raise Refusal(f"{system}'s documents compare no rolls of {named}, so who wins (and a tie) is not settled", system)
    kinds = {(ties, subject) for _, _, ties, subject in found}
    if len(kinds) > 1:
        places = "; ".join(f"{r['id']}: {s!r}" for s, r, _, _ in found)
        raise Refusal(f"{system}'s documents compare these rolls in more than one way ({places}); calc will not pick one", system)
    return found[0]


def _subject(before: str, after: str, left: tuple[str, ...], right: tuple[str, ...]) -> bool | None:
    """Whether the left side is the subject of the comparison (True), the right (False), or the
    sentence is not about these two rolls (None): the side named before the comparing words is
    its subject; failing that, the side named first after them is its object."""
    if not all(_names(before + " " + after, words) for words in (left, right) if words):
        return None
    left_before, right_before = bool(left) and _names(before, left), bool(right) and _names(before, right)
    if left_before != right_before:
        return left_before
    where = {side: _first_named(after, words) for side, words in ((True, left), (False, right)) if words}
    where = {side: at for side, at in where.items() if at is not None}
    if not where:
        return None
    if len(where) == 1:
        (side, _), = where.items()
        return not side
    return where[True] > where[False]


def _first_named(text: str, words: tuple[str, ...]) -> int | None:
    """Where the first word of the same stem as one of ``words`` stands in ``text``."""
    for m in WORD.finditer(text):
        if any(_same_stem(w.casefold(), m.group().casefold()) for w in words):
            return m.start()
    return None


# -- reading ------------------------------------------------------------------------------


def _find_rule(book: Rulebook, system: str, words: tuple[str, ...]) -> tuple[dict[str, Any], int]:
    """The rule the longest run of ``words`` from the start names, and how many words that took."""
    for used in range(len(words), 0, -1):
        name = " ".join(words[:used])
        found = book.named(name, system)
        if not found:
            continue
        exact = [r for r in found if squeeze(r["name"]) == squeeze(name)]
        if len(exact) == 1 or len(found) == 1:
            return (exact or found)[0], used
        shown = ", ".join(r["id"] for r in found)
        raise Refusal(f"{name!r} names more than one rule of {system} ({shown})", system)
    raise Refusal(f"no rule of {system} is named {' '.join(words)!r} (or by its first words)", system)


def _system_dice(book: Rulebook, system: str) -> set[int]:
    """The sides of every die the system's documents name (D6, D3, ...)."""
    return {int(s) for rule in book.in_system(system) for text in _texts(rule) for _, s in DIE.findall(text)}


def _texts(rule: dict[str, Any]) -> list[str]:
    return [version.get("text") or "" for version in rule.get("versions") or [rule]]


def _word_forms(word: str) -> str:
    """A word and its plural as a pattern ("hits": hit, hits)."""
    stem = word[:-2] if word.endswith("es") and word[:-2].endswith(("s", "x", "ch", "sh")) else word.rstrip("s") if len(word) > 3 else word
    return rf"\b{re.escape(stem)}(?:s|es)?\b"


def _names(text: str, words: tuple[str, ...]) -> bool:
    """Whether ``text`` names what ``words`` do: each word, or a word of the same stem ("pursuit", "pursuing")."""
    found = [w.casefold() for w in WORD.findall(text)]
    return all(any(_same_stem(w.casefold(), f) for f in found) for w in words)


def _same_stem(a: str, b: str) -> bool:
    shared = 0
    for x, y in zip(a, b):
        if x != y:
            break
        shared += 1
    return shared >= min(len(a), len(b), 5) and shared >= 3


def _parse_amount(text: str) -> q.Amount:
    m = _WRITTEN_AMOUNT.fullmatch(text.strip())
    if m is None:
        return q.Amount(None, int(text))
    plus = int(m.group(4) or 0)
    return q.Amount(q.Dice(int(m.group(1) or 1), int(m.group(2))), -plus if m.group(3) in ("-", "−") else plus)



def _save_in_brackets(book: Rulebook, system: str, rule: dict[str, Any], needed: int, said: bool, against: q.Rolled | None = None) -> dict[str, Any]:
    """ "Aegis (4+) save": the roll in brackets is the save's, answered as "Aegis 4+ save" is;
    without the word ("Aegis (4+)") only where the documents call the rule a save (effects.py
    asks them, as for "Aegis 4+")."""
    from referee.calc import effects
    from referee.calc.systems import mechanics

    stage = (against or q.Rolled("save", needed))._replace(needed=needed, save=rule["name"], save_said=said)
    found = effects.rolled(book, stage, system, mechanics(system, in_build=True))
    return {"steps": list(found.steps), "probability": found.probability, "needed": found.needed, "probability_of": found.probability_of}


# -- a save named inside another rule's text ---------------------------------------------------

_FILLER_WORDS = {"and", "on", "the", "a", "an", "with", "of", "in", "to", "for", "or"}


def _save_given(book: Rulebook, system: str, asked: q.RuleRoll) -> dict[str, Any] | None:
    """"Parry save": no rule is named Parry, but a rule's sentence gives it, its roll and its
    conditions in brackets ("... to Parry Save (fighting front, ward save 6+ cc only)").  The words
    after a comma ("hand weapon and shield on foot") pick the rule that gives it; the conditions in
    the brackets are stated in the answer, as the save holds only under them."""
    words = asked.words
    if asked.amount is not None or asked.needed is not None or len(words) < 2 or words[-1].lower() != "save":
        return None
    name = r"\s+".join(re.escape(w) for w in words[:-1])
    given = compiled(rf"\b{name}\s+save\s*\((?P<inside>[^()]*?(?<![\w+])(?P<needed>[1-9])\+(?![+\w-])[^()]*)\)", re.I)
    found = [(rule, sentence, m) for rule in book.in_system(system) for sentence in rule_sentences(rule) for m in [given.search(sentence)] if m]
    if not found:
        return None
    whose = [w for w in asked.whose if w.lower() not in _FILLER_WORDS]
    if whose:
        found = [f for f in found if _names(f"{f[0]['name']} {f[1]}", tuple(whose))]
    if not found:
        raise Refusal(f"{system} gives a {' '.join(words)} only in rules not named by {' '.join(asked.whose)!r}", system)
    rules = {rule["id"] for rule, _, _ in found}
    if len(rules) > 1:
        raise Refusal(f"{' '.join(words)} is given by more than one rule of {system} ({', '.join(sorted(rules))}); say whose after a comma", system)
    rule, sentence, m = found[0]
    needed = int(m.group("needed"))
    label = " ".join(w.capitalize() for w in words[:-1])
    steps = [Step(f"{rule['name']} gives a {label} Save of {needed}+, taken only as its brackets say: {m.group('inside').strip()}.", book.quote(rule, sentence))]
    return _threshold(book, system, rule, sentence, needed, steps, f"the {label} save is passed")


# -- Multiple Wounds, read from the system's own rule ----------------------------------------

_MW_VALUE = lazy(r"\bmultipl\w*\b[^.]*?(?:\(X\)|\bin brackets\b|\bin parenthes[ie]s\b)", re.I)
_MW_DICE = lazy(r"\broll\b[^.]*\bfor each\b[^.]*\bwounds?\b", re.I)
_MW_CAP = lazy(r"\bnever\s+(?:be\s+)?(?:higher|more|greater)\s+than\s+the\s+(?:Health\s+Points?|Wounds?)\b", re.I)
_MW_CLIPPED = lazy(r"\bClipped\s+Wings\b[^.]*\bFly\b[^.]*\bX\s*\+\s*1\b", re.I)


def multiple_wounds(book: Rulebook, system: str, stage: q.MultipleWounds) -> Any:
    """Multiple Wounds in a system calc has no module for: each part read from the sentences of the
    system's rule of that name (the value in brackets, a die rolled for each unsaved wound, the cap at
    the target's Health Points, Clipped Wings against Fly); a part it does not state is refused."""
    from referee.calc.errors import not_defined
    from referee.calc.stage import StageResult

    try:
        rule, _ = _find_rule(book, system, ("multiple", "wounds"))
    except Refusal:
        raise not_defined(system, stage.mechanic) from None
    if squeeze(rule["name"]) != "multiplewounds":
        raise not_defined(system, stage.mechanic)
    said = rule_sentences(rule)

    def sentence(pattern: Any, what: str) -> str:
        found = next((s for s in said if pattern.search(s)), None)
        if found is None:
            raise Refusal(f"{rule['id']} does not say {what}", system)
        return found

    value = stage.value
    shown = f"{value}{stage.plus:+d}" if stage.plus else f"{value}"
    steps = [Step(f"Each unsaved wound is multiplied into the value in brackets: {shown}.", book.quote(rule, sentence(_MW_VALUE, "its wounds are multiplied into the value in brackets")))]
    if isinstance(value, q.Dice):
        if value.sides not in _system_dice(book, system):
            raise Refusal(f"{system}'s documents name no D{value.sides}", system)
        if value.count > q.MOST_DICE:
            raise Refusal(f"calc rolls at most {q.MOST_DICE} dice at once, not {value.count}", system)
        rolled = sentence(_MW_DICE, "that a die is rolled for each unsaved wound")
        steps.append(Step(f"Roll {value} for each unsaved wound.", book.quote(rule, rolled)))
        if value.sides == 3:
            steps.append(_d3(book, system))
        per = Distribution.die(value.sides).times(value.count)
    else:
        per = Distribution.certain(value)
    if stage.plus:
        plus = stage.plus
        per = per.map(lambda n: max(n + plus, 0))
        steps.append(Step(f"{plus:+d} to each roll, as the value in brackets says.", None))
    if stage.clipped_wings:
        clipped = sentence(_MW_CLIPPED, "what Clipped Wings adds")
        if stage.fly:
            per = per.map(lambda n: n + 1)
            steps.append(Step(f"Clipped Wings against a model with Fly: {shown}+1 instead.", book.quote(rule, clipped)))
        else:
            steps.append(Step("Clipped Wings adds 1 only against a model with Fly; this target has none.", book.quote(rule, clipped)))
    if stage.health_points is not None:
        hp = stage.health_points
        capped = next((s for s in said if _MW_CAP.search(s)), None)
        if capped is None:
            steps.append(Step(f"{rule['id']} puts no cap on the wounds: the target's {hp} Health Points change nothing.", None))
        else:
            per = per.map(lambda n: min(n, hp))
            steps.append(Step(f"No more than the target's {hp} Health Points per wound.", book.quote(rule, capped)))
    steps.append(Step(f"Wounds from each unsaved wound: mean {fraction(per.mean)}.", None))
    return StageResult(tuple(steps), per, "wounds", None, None, counts=True)
