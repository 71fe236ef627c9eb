"""Questions as values: what grammar/calc.lark reads, typed.

Each question names the mechanic it asks about in players' words
(:attr:`mechanic`), the words a refusal uses: "t9a does not define to-hit
rolls by Combat Skill".  Numbers are kept as typed; whether they make
sense under a system's rules is for that system's mechanics to say.
"""

from __future__ import annotations

from collections import namedtuple


class _Value(tuple):
    """An immutable question part, equal only to one of the same kind with the
    same fields (a Sniper is never a Fleshbane).  namedtuple rather than
    dataclasses: importing dataclasses costs a warm call more than parsing."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple.__hash__(self)))


class Dice(_Value, namedtuple("Dice", "count sides")):
    """``count`` dice of ``sides`` sides ("2D6"; "D3" is one D3)."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{self.count if self.count != 1 else ''}D{self.sides}"


class Hit(_Value, namedtuple("Hit", "attacker defender reroll modifier", defaults=(None, 0))):
    """Combat Skill against Combat Skill; ``reroll``: "failed" or "successful"
    when the question re-rolls those itself; ``modifier``: the +N/-N it adds to the roll."""

    __slots__ = ()
    mechanic = "to-hit rolls by Combat Skill"


class Wound(_Value, namedtuple("Wound", "strength toughness reroll modifier", defaults=(None, 0))):
    """``reroll`` and ``modifier`` as for :class:`Hit`."""

    __slots__ = ()
    mechanic = "wound rolls by Strength against Toughness"


class ArmourSave(_Value, namedtuple("ArmourSave", "best strong penetration reroll modifier", defaults=(None, 0))):
    """``best`` and ``strong``: the 2 and 4 of "2+/4+" (``strong`` None when one
    number was given); ``penetration``: the AP as a positive number ("AP-2": 2); ``reroll``
    as for :class:`Hit` (``modifier`` is always 0: a save's "-2" is its AP)."""

    __slots__ = ()
    mechanic = "armour saves"


class DodgeSave(_Value, namedtuple("DodgeSave", "needed penetration reroll modifier", defaults=(None, 0))):
    __slots__ = ()
    mechanic = "dodge saves"


class PureSave(_Value, namedtuple("PureSave", "needed reroll modifier", defaults=(None, 0))):
    __slots__ = ()
    mechanic = "pure saves"


class FeelNoPain(_Value, namedtuple("FeelNoPain", "needed")):
    """``needed`` None: the rule's own number."""

    __slots__ = ()
    mechanic = "Feel No Pain"


class Poisoned(_Value, namedtuple("Poisoned", "needed normally strength toughness", defaults=(None, None, None))):
    """``needed`` None: the rule's default; ``normally``: the roll the attack
    would need without Poisoned, when the question says it."""

    __slots__ = ()
    mechanic = "Poisoned"


class Sniper(_Value, namedtuple("Sniper", "")):
    __slots__ = ()
    mechanic = "Sniper"


class Fleshbane(_Value, namedtuple("Fleshbane", "")):
    __slots__ = ()
    mechanic = "Fleshbane"


class MultipleWounds(_Value, namedtuple("MultipleWounds", "value clipped_wings fly health_points plus", defaults=(False, False, None, 0))):
    """``value``: a number or a :class:`Dice`, ``plus`` added to it (D3+1); the target's Fly and
    Health Points when given."""

    __slots__ = ()
    mechanic = "Multiple Wounds"


class Rolled(
    _Value,
    namedtuple("Rolled", "kind needed attacker target when save modifier reroll save_said parameters", defaults=((), (), None, None, 0, None, True, ())),
):
    """A roll given by the number it needs ("hit 4+"), changed by named rules.

    ``kind``: "hit", "wound" or "save"; ``attacker``: the rules named after
    "with" (the roller's, for a save the saving model's), ``target``: after
    "against" (the other side's); ``when``: the moment named after "in" or
    "during" ("the first Round of Combat"), as typed; ``save``: the save's name
    ("Aegis"); ``modifier``: the +N/-N the question adds to the roll, ``reroll``:
    "failed" or "successful" when the question re-rolls those itself, "ones" for
    failed rolls showing 1 ("reroll 1s"), "both" when it names two; ``save_said``: False when the question named the save
    without the word "save" ("Aegis 4+"), so the documents must call it one; ``parameters``:
    (name, text) for each rule named with a parameter in brackets ("Hard Target (1)").  What each
    rule does to the roll is read from its sentences (:mod:`referee.calc.effects`)."""

    __slots__ = ()
    mechanic = "rolls changed by named rules"


Stage = Hit | Wound | ArmourSave | DodgeSave | PureSave | FeelNoPain | Poisoned | Sniper | Fleshbane | MultipleWounds | Rolled


class Chain(_Value, namedtuple("Chain", "count stages wounds counted", defaults=(None, "wounds"))):
    """One stage alone (``count`` None), or ``count`` attacks through the stages in order;
    ``wounds``: the number of ``counted`` ("wounds", "hits") one stage is rolled against ("pure 4++
    with 3 wounds", "wound S4 vs T4 with 3 hits")."""

    __slots__ = ()
    mechanic = "attack sequences"


class NamedSave(_Value, namedtuple("NamedSave", "words")):
    """A stage after "then" given by a rule's name alone ("then Regeneration save"): its number is read
    from the rule, as ``Regeneration save`` reads it."""

    __slots__ = ()
    mechanic = "a rule's save in a chain"


class Roll(_Value, namedtuple("Roll", "dice maximised minimised needing reroll", defaults=(0, 0, None, None))):
    """``maximised``, ``minimised``: how many instances of each apply; ``reroll``: a re-roll the
    question gives the total ("failed", "successful", "ones"), which calc does not read."""

    __slots__ = ()
    mechanic = "dice rolls"


class Swiftstride(_Value, namedtuple("Swiftstride", "distance needing", defaults=(None,))):
    """``distance``: "charge range", "flee distance", ... as typed, lower-case."""

    __slots__ = ()
    mechanic = "Swiftstride"


class Unstable(_Value, namedtuple("Unstable", "lost undead stubborn steadfast rally rank_bonus", defaults=(False, False, False, False, None))):
    """``lost``: the Combat Score difference, in Health Points."""

    __slots__ = ()
    mechanic = "Unstable"


class Cover(_Value, namedtuple("Cover", "kinds")):
    """``kinds``: "soft", "hard", "light", lower-case, as given."""

    __slots__ = ()
    mechanic = "cover modifiers"


class DangerousTerrain(_Value, namedtuple("DangerousTerrain", "words")):
    """``words``: the troop type and the terrain, as typed."""

    __slots__ = ()
    mechanic = "Dangerous Terrain tests"


class BadLuckPool(_Value, namedtuple("BadLuckPool", "dice", defaults=((),))):
    __slots__ = ()
    mechanic = "the bad luck pool"


# -- a roll a named rule makes; one roll against another ------------------------------


class Amount(_Value, namedtuple("Amount", "dice plus", defaults=(0,))):
    """Dice and a constant added ("D6+1"), or a number alone (``dice`` None)."""

    __slots__ = ()

    def __str__(self) -> str:
        if self.dice is None:
            return str(self.plus)
        return f"{self.dice}{f'{self.plus:+d}' if self.plus else ''}"


class Stat(_Value, namedtuple("Stat", "name value")):
    """A characteristic and its value, as a side of a roll-off names it ("Mg3")."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{self.name}{self.value}"


class RuleRoll(_Value, namedtuple("RuleRoll", "words amount needed after whose against needing value", defaults=(None, None, (), (), None, None, None))):
    """A roll a named rule makes: ``words`` the rule's name and what it rolls for
    ("Thunderstomp hits"), or only the name when the question gives a parameter
    in brackets (``amount`` "D6+1" or ``needed`` 4 for "(4+)"), then ``after`` the words
    that follow the brackets ("hits"); ``whose``: words after a comma naming the rule
    that gives the roll ("Parry save, hand weapon and shield on foot"); ``against``: the
    roll as a :class:`Rolled` stage carrying the other side's rules and what the question
    gives ("Regeneration save against Flaming Attacks"), its kind and number still open;
    ``needing``: a total asked for ("Shrapnel Bombs hits needing 8"); ``value``: the number
    given beside the roll in brackets ("absorb magicka (2 on a 5+)": 2, ``needed`` 5)."""

    __slots__ = ()
    mechanic = "rolls named by a rule"


class PerEach(_Value, namedtuple("PerEach", "words count each needed", defaults=(None,))):
    """A rule's roll of one die for each of ``count`` things (``each``: the words naming them,
    "models embarked"), asked by the rule's ``words`` ("destroyed transport"); ``needed``: the
    roll given in brackets ("regeneration (4+) with 2 wounds"), for a rule whose X+ it is."""

    __slots__ = ()
    mechanic = "a roll for each of a number of things"


class NamedDice(_Value, namedtuple("NamedDice", "words dice needing reroll", defaults=(None, None))):
    """A roll the documents name (``words``: "charge", "flee roll") with the ``dice`` the question
    says it is; ``needing``: the chance of that total or more; ``reroll`` as :class:`Roll`'s."""

    __slots__ = ()
    mechanic = "a named roll of dice"


class KeepHighest(_Value, namedtuple("KeepHighest", "words dice")):
    """A named rule's roll of ``dice`` of which the highest one counts."""

    __slots__ = ()
    mechanic = "rolls keeping the highest die"


class Versus(_Value, namedtuple("Versus", "left_words left right_words right")):
    """One roll against another: each side an :class:`Amount` or a :class:`Stat`, with the words that name it."""

    __slots__ = ()
    mechanic = "one roll against another"


class Sum(_Value, namedtuple("Sum", "amount needing reroll", defaults=(None, None))):
    """Dice with a number added ("D6+1"); ``needing``: the chance of that total or more; ``reroll``
    as :class:`Roll`'s."""

    __slots__ = ()
    mechanic = "dice rolls with a number added"


Question = Chain | Roll | Swiftstride | Unstable | Cover | DangerousTerrain | BadLuckPool | RuleRoll | PerEach | NamedDice | KeepHighest | Versus | Sum


# How big a question calc takes: an exact answer to "10000 attacks" exists but
# would keep a player waiting; these bounds keep every answer under a second.
MOST_ATTACKS = 100
MOST_DICE = 20
LARGEST_NUMBER = 1000


def out_of_range(asked: Question) -> str | None:
    """Why ``asked`` is too big to answer at the table, or None."""
    if isinstance(asked, Chain):
        if asked.count is not None and asked.count > MOST_ATTACKS:
            return f"calc answers at most {MOST_ATTACKS} attacks at once, not {asked.count}"
        if asked.wounds is not None and asked.wounds > MOST_ATTACKS:
            return f"calc answers at most {MOST_ATTACKS} {asked.counted} at once, not {asked.wounds}"
        parts: list[object] = list(asked.stages)
    else:
        parts = [asked]
    if isinstance(asked, Versus):
        parts = [asked.left, asked.right]
    elif isinstance(asked, RuleRoll) and asked.amount is not None:
        parts = [asked.amount]
    elif isinstance(asked, PerEach) and asked.count > MOST_DICE:
        return f"calc rolls at most {MOST_DICE} dice at once, not {asked.count}"
    elif isinstance(asked, Sum):
        parts = [asked.amount, asked]
    for part in parts:
        for name, value in part._asdict().items():
            dice = value if isinstance(value, Dice) else None
            if dice is not None and dice.count + getattr(part, "maximised", 0) + getattr(part, "minimised", 0) > MOST_DICE:
                return f"calc rolls at most {MOST_DICE} dice at once; {dice} with its extra dice is more"
            if dice is not None and dice.sides > LARGEST_NUMBER:
                return f"calc takes numbers up to {LARGEST_NUMBER}, not D{dice.sides}"
            numbers = value if isinstance(value, tuple) and not isinstance(value, Dice) else (value,)
            for number in numbers:
                if isinstance(number, int) and not isinstance(number, bool) and number > LARGEST_NUMBER:
                    return f"calc takes numbers up to {LARGEST_NUMBER}, not {number} ({name.replace('_', ' ')})"
    return None
