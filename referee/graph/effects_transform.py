"""The transformer of grammar/effects.lark's clause trees into :class:`~referee.graph.effects_grammar.Effect` relations.

One method per rule of the grammar; each clause gives a list of Effects
pointing at tokens by their index in the sentence.  Like every transformer
of a grammar of grammar/ (:mod:`referee.keywords.transform`), a module of
its own that imports Lark at its top, loaded by the parser that runs it
(:func:`referee.graph.effects_grammar.build`) when the first sentence is read.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from lark import Token, Transformer

from referee.graph.effects_grammar import OTHERS, SELF, Effect

_LOOSE_ENDS = {"A", "THE", "PAREN", "OF", "AS", "TO", "ALL"}  # words an action does not end on
_ROLL_ADJECTIVES = {"failed", "successful"}
# the verb of a roll whose needed result a rule sets ("wound on a 2+"): the roll it is
_ROLLS = {"wound": "to-wound", "wounds": "to-wound", "hit": "to-hit", "hits": "to-hit"}
_CONDITION_LEADS = {"if", "where", "when", "while", "in", "during", "after", "unless", "against", "on", "the", "at"}


class _Item(NamedTuple):
    target: int | str
    conditions: tuple[tuple[str, int], ...] = ()


# the amount of "subtract Y from", "add 1 to": a number, or the rule's parameter by its letter
_AMOUNT = re.compile(r"\d+|[XYZ]")


class _Mod(NamedTuple):
    stat: int | None
    value: int


def tokens(children: list[Any], *types: str) -> list[Any]:
    return [c for c in children if isinstance(c, Token) and c.type in types]


def listed(children: list[Any]) -> list[Any]:
    return next((c for c in children if isinstance(c, list)), [])


def items_to(kind: str, entries: list[Any]) -> list[Effect]:
    out: list[Effect] = []
    for entry in entries:
        if isinstance(entry, _Item):
            out.append(Effect(kind, entry.target, conditions=entry.conditions))
        elif isinstance(entry, _Mod):
            out.append(Effect("modifies", None, entry.stat, entry.value))
    return out


class EffectTransformer(Transformer):  # type: ignore[misc]
    """One method per rule of grammar/effects.lark; each clause gives a list of Drafts."""

    def __init__(self, index_of: dict[int, int] | None) -> None:
        super().__init__(visit_tokens=False)
        self.index_of = index_of

    def at(self, token: Any) -> int:
        """The index in the sentence of a token fed to the parser."""
        offset = int(token.start_pos)
        return offset if self.index_of is None else self.index_of[offset]

    def start(self, children: list[Any]) -> list[Effect]:
        return children[0]

    # items ---------------------------------------------------------
    def named(self, children: list[Any]) -> _Item:
        return _Item(self.at(children[0]))

    def this_rule(self, children: list[Any]) -> _Item:
        return _Item(SELF)

    def junk(self, children: list[Any]) -> None:
        return None

    def aside(self, children: list[Any]) -> tuple[str, int]:
        return ("unless", self.at(tokens(children, "NAME")[-1]))

    def modifier(self, children: list[Any]) -> _Mod:
        stats = tokens(children, "STAT")
        return _Mod(self.at(stats[0]) if stats else None, self.at(tokens(children, "SIGNED", "DISTANCE")[0]))

    def _entries(self, children: list[Any]) -> list[Any]:
        out: list[Any] = []
        pending: tuple[tuple[str, int], ...] = ()
        for child in children:
            if isinstance(child, tuple) and not isinstance(child, (_Item, _Mod)):
                pending = (child,)
            elif isinstance(child, _Item):
                out.append(_Item(child.target, pending))
                pending = ()
            elif isinstance(child, _Mod):
                out.append(child)
        return out

    items = gitems = hitems = _entries

    # clauses -------------------------------------------------------
    def gain(self, children: list[Any]) -> list[Effect]:
        return items_to("grants", listed(children))

    have = be = counts_as = gain

    def gain_one(self, children: list[Any]) -> list[Effect]:
        """"each To Hit roll of a 6 results in a Precision Shot": one rule, after "a"."""
        return items_to("grants", [c for c in children if isinstance(c, _Item)])

    def exchanged_for(self, children: list[Any]) -> list[Effect]:
        """"exchange Fight in ranks to Fight in Extra Ranks": the bearer has the rules named after
        "to" in place of a way no rule names."""
        return items_to("grants", listed(children))

    def confer(self, children: list[Any]) -> list[Effect]:
        """"confers the Outflank special rule to units of ...": the reader looks for who."""
        return [e._replace(mode="confer") for e in items_to("grants", listed(children))]

    def unknown_rule(self, children: list[Any]) -> list[Effect]:
        words = tokens(children, "ADV", "WORD", "ACT", "TERM")
        while words and words[0].type == "ADV" and words[0].islower():
            words.pop(0)  # "also has the ...": not part of the name
        if not words or not all(w[:1].isupper() for w in words):
            return []  # "has the same special rules": no name
        return [Effect("grants", None, action=(self.at(words[0]), self.at(words[-1])))]

    def gain_parameters(self, children: list[Any]) -> list[Effect]:
        words = tokens(children, "SPECIAL", "TERM", "WORD", "MODWORD", "AND", "STAT", "PARAMS")
        return [Effect("grants", None, action=(self.at(words[0]), self.at(words[-1])), mode="parameters")]

    def loss(self, children: list[Any]) -> list[Effect]:
        return items_to("loses", listed(children))

    def immunity(self, children: list[Any]) -> list[Effect]:
        return items_to("immune-to", listed(children))

    def immune_verb(self, children: list[Any]) -> list[Effect]:
        """"cannot be Silenced": immunity to the rule the verb form names (the reader
        drops it when the word names no rule)."""
        word = tokens(children, "WORD")[0]
        return [Effect("immune-to", None, action=(self.at(word), self.at(word)), mode="verb")]

    def lose_stat(self, children: list[Any]) -> list[Effect]:
        """"They lose 2\" movement": a modifier of minus that much."""
        amount = tokens(children, "NUM")[0]
        value = "-" + str(amount).replace("″", '"').replace("”", '"')
        return [Effect("modifies", None, self.at(tokens(children, "STAT")[0]), value)]

    def subtract_stat(self, children: list[Any]) -> list[Effect]:
        """"subtract Y from the hit roll": a modifier of minus that much (a letter is the
        rule's parameter); a number taken "in", "for" ... a roll is none."""
        amount, stop = tokens(children, "NUM", "WORD")[0], tokens(children, "STOP")[0]
        if str(stop).lower() != "from" or not _AMOUNT.fullmatch(str(amount)):
            return []
        return [Effect("modifies", None, self.at(tokens(children, "STAT")[0]), "-" + str(amount))]

    def add_stat(self, children: list[Any]) -> list[Effect]:
        """"add 1 to the casting roll": a modifier of plus that much; "gains 2 Attacks" is
        read as a grant of a stat elsewhere, so only a stat added "to" is one."""
        amount, stat = tokens(children, "NUM", "WORD")[0], tokens(children, "STAT")[0]
        if not str(stat).lower().startswith("to ") or not _AMOUNT.fullmatch(str(amount)):
            return []
        return [Effect("modifies", None, self.at(stat), "+" + str(amount))]

    def ignores_by_effect(self, children: list[Any]) -> list[Effect]:
        """"ignore every rule that makes an enemy model or unit untargetable": every rule of the
        other side that makes that (its last word, kept as the action) is overridden."""
        made = tokens(children, "A", "THE", "WORD", "OR", "AND", "NAME")
        if not made or made[-1].type != "WORD" or str(made[-1]).lower() in ("every", "any", "other"):
            return []  # "ignore all rules that make a unit Fearless": a rule named, not what it makes
        return [Effect("overrides", None, action=(self.at(made[-1]), self.at(made[-1])), mode="by-effect")]

    def excludes_use(self, children: list[Any]) -> list[Effect]:
        item = next(c for c in children if isinstance(c, _Item))
        return [Effect("excludes", item.target)]

    def excludes_others(self, children: list[Any]) -> list[Effect]:
        return [Effect("excludes", OTHERS)]

    def ignores(self, children: list[Any]) -> list[Effect]:
        return items_to("overrides", listed(children))

    def not_prevented(self, children: list[Any]) -> list[Effect]:
        """"having Exclusive (Chariot) does not prevent it from joining units": the rule read
        prevails over Exclusive; any other words around a name and "does not" say nothing."""
        words = [str(w).lower() for w in tokens(children, "WORD")]
        if words[0] != "having" or words[-1] not in ("prevent", "prevents"):
            return []
        return items_to("overrides", [c for c in children if isinstance(c, _Item)])

    def ignores_only(self, children: list[Any]) -> list[Effect]:
        """"can only ignore the normal -1 ..., not the additional -1 ... from Unwieldy": the rule named
        last is not ignored (the reader finds whom it prevails over)."""
        words = [c for c in children if isinstance(c, Token)]
        first = next((k for k, w in enumerate(words) if w.type == "IGNORE"), 0) + 1
        first += 1 if first < len(words) and words[first].type == "THE" else 0
        ignored = [Effect("overrides", self.at(words[first]))] if words[first].type == "NAME" and first < len(words) - 1 else []
        return [*ignored, Effect("overrides", self.at(words[-1]), mode="not-ignored")]  # "ignore Fear, not Terror": both

    def instead_of(self, children: list[Any]) -> list[Effect]:
        return [Effect("overrides", c.target) for c in children if isinstance(c, _Item)]

    def uses_rules_for(self, children: list[Any]) -> list[Effect]:
        """"uses the rules for X instead", "cannot be taken against X": X prevails
        over the rule the sentence sets aside (mode "yields")."""
        return [Effect("overrides", c.target, mode="yields") for c in children if isinstance(c, _Item)]

    def not_against(self, children: list[Any]) -> list[Effect]:
        """"Fortitude Saves cannot be taken against attacks with Lethal Strike": Lethal
        Strike prevails, and the attacks it is stated for ("attacks with Lethal Strike",
        from after "against" to the rule) are who the exception is for."""
        out: list[Effect] = []
        lead: int | None = None
        for child in children:
            if isinstance(child, Token) and child.type == "AGAINST":
                lead = self.at(child) + 1
            elif isinstance(child, _Item) and isinstance(child.target, int):
                span = (lead, child.target) if lead is not None and lead <= child.target else None
                out.append(Effect("overrides", child.target, mode="yields", action=span))
        return out

    def treats(self, children: list[Any]) -> list[Effect]:
        """"treats Terror as Fear": the second rule's rules replace the first's (target:
        the one that prevails; action: the one set aside)."""
        names = tokens(children, "NAME")
        loser, winner = self.at(names[0]), self.at(names[-1])
        return [Effect("overrides", winner, mode="replaces", action=(loser, loser))]

    def exchanges(self, children: list[Any]) -> list[Effect]:
        """"exchange normal Stomp to Thunderstomp": the second rule replaces the first."""
        return self.treats(children)

    def overrides(self, children: list[Any]) -> list[Effect]:
        return [Effect("overrides", self.at(tokens(children, "NAME", "TERM", "WORD", "ACT")[0]))]

    def instead(self, children: list[Any]) -> list[Effect]:
        return [Effect("overrides", self.at(t)) for t in tokens(children, "NAME")]

    def treats_instead(self, children: list[Any]) -> list[Effect]:
        """"treats models that cause Terror as causing Fear instead": the last rule named
        replaces the first (one rule named: it prevails, as in ``instead``)."""
        names = tokens(children, "NAME")
        if len(names) < 2:
            return self.instead(children)
        return [Effect("overrides", self.at(names[-1]), mode="replaces", action=(self.at(names[0]), self.at(names[0])))]

    def action(self, children: list[Any]) -> tuple[int, int]:
        words = [c for c in children if isinstance(c, Token)]
        for k, word in enumerate(words[1:], 1):
            if word.type == "COND" and word.split()[0].lower() in _CONDITION_LEADS:
                del words[k:]  # "declare Charges in the first Player Turn": the condition is not the action
                break
        while len(words) > 1 and words[-1].type in _LOOSE_ENDS:
            words.pop()  # "move off the Board Edge using the" -> "... using"
        return (self.at(words[0]), self.at(words[-1]))

    def actions(self, children: list[Any]) -> list[tuple[int, int]]:
        return [c for c in children if isinstance(c, tuple)]

    def obligation(self, children: list[Any]) -> list[Effect]:
        return [Effect("must", action=a) for a in listed(children)]

    def prohibition(self, children: list[Any]) -> list[Effect]:
        return [Effect("cannot", action=a) for a in listed(children)]

    def exemption(self, children: list[Any]) -> list[Effect]:
        """"does not take Panic tests": an exemption from a test (mode ``exempt``: the reader keeps
        only taking a test; "does not move" states no prohibition)."""
        return [Effect("cannot", action=a, mode="exempt") for a in listed(children)]

    def prohibited_reroll(self, children: list[Any]) -> list[Effect]:
        """"A roll can never be rerolled more than once": a prohibition, not a reroll."""
        return [Effect("cannot", action=self.action([c for c in children if c.type not in ("CANNOT", "ADV")]))]

    def cumulative(self, children: list[Any]) -> list[Effect]:
        return [Effect("stacks", mode="cumulative")]

    def never_stacks(self, children: list[Any]) -> list[Effect]:
        return [Effect("stacks", mode="never")]

    def pick_best(self, children: list[Any]) -> list[Effect]:
        """"use the highest value", "use the one with the lowest average": the text's own pick."""
        said = str(tokens(children, "PICKBEST")[0]).lower()
        return [Effect("stacks", mode="lowest" if "lowest" in said else "highest")]

    def capped(self, children: list[Any]) -> list[Effect]:
        """"can never be modified by more than 1": the total is limited to that much either way."""
        amount = str(tokens(children, "NUM", "SIGNED")[0]).lstrip("+-")
        return [Effect("stacks", value=amount, mode="cap")]

    def use_one(self, children: list[Any]) -> list[Effect]:
        """"it can only use one Breath Attack in a single phase", "it is permitted to use only one in a
        single turn": several instances, of which one is used at a time (mode "one")."""
        verb = str(tokens(children, "ACT")[0]).lower()
        words = [str(w).lower() for w in tokens(children, "WORD")]
        if verb != "use" or words and (words[0] not in ("permitted", "allowed") or words[-1] != "only"):
            return []
        return [Effect("stacks", mode="one")]

    def choose_one(self, children: list[Any]) -> list[Effect]:
        """"it may choose which one to use": several apply, and the text says who picks one."""
        return [Effect("stacks", mode="choose")]

    def modifier_of(self, children: list[Any]) -> list[Effect]:
        """"the CS of this model is +Y": the modifier, and whose stat it is (action)."""
        stat, value = tokens(children, "STAT")[0], tokens(children, "SIGNED")[0]
        whose = [c for c in children if c.type in ("THIS", "WORD")]
        return [Effect("modifies", None, self.at(stat), self.at(value), action=(self.at(whose[0]), self.at(whose[-1])), mode="of")]

    def set_value(self, children: list[Any]) -> list[Effect]:
        """"strikes at Initiative 1": the stat is that value ("=1"); "at" only."""
        stop, stat, number = tokens(children, "STOP")[0], tokens(children, "STAT")[0], tokens(children, "NUM")[0]
        if str(stop).lower() != "at" or not str(number).isdigit():
            return []
        return [Effect("modifies", None, self.at(stat), "=" + str(number))]

    def roll_on(self, children: list[Any]) -> list[Effect]:
        """"wound on a 2+": the roll needed to wound is 2+ (value "=2+"); "on" only, and a
        number a roll needs ("2+"), of a roll to wound or to hit."""
        stop, stat, number = tokens(children, "STOP")[0], tokens(children, "STAT")[0], tokens(children, "NUM")[0]
        roll = _ROLLS.get(str(stat).lower())
        if str(stop).lower() != "on" or roll is None or not str(number).rstrip("+").isdigit() or not str(number).endswith("+"):
            return []
        return [Effect("modifies", None, self.at(stat), "=" + str(number), mode=roll)]

    def roll_on_parameter(self, children: list[Any]) -> list[Effect]:
        """"wounds on a fixed number (generally shown in brackets)": the roll needed is the rule's
        own parameter (value "=X")."""
        stop, stat = tokens(children, "STOP")[0], tokens(children, "STAT")[0]
        words = " ".join(str(w).lower() for w in tokens(children, "WORD"))
        bracket = str(tokens(children, "PAREN")[0]).lower()
        roll = _ROLLS.get(str(stat).lower())
        if str(stop).lower() != "on" or roll is None or words not in ("fixed number", "fixed value") or "bracket" not in bracket:
            return []
        return [Effect("modifies", None, self.at(stat), "=X", mode=roll)]

    def only_value(self, children: list[Any]) -> list[Effect]:
        """"can only ever make a single Attack": the stat is one (value "=1")."""
        words = tokens(children, "WORD")
        if not words or str(words[-1]).lower() not in ("single", "one"):
            return []
        return [Effect("modifies", None, self.at(tokens(children, "STAT")[0]), "=1")]

    def own_value(self, children: list[Any]) -> list[Effect]:
        """"is multiplied into X+1": the rule's own value X changes by +1 (value as a
        string; action: the verb, which names what the value is)."""
        changed = str(tokens(children, "XPLUS")[0])
        value = "".join(changed[1:].split())
        verb = tokens(children, "WORD")[0]
        return [Effect("modifies", None, None, value, action=(self.at(verb), self.at(verb)), mode="own")]

    def modifiers(self, children: list[Any]) -> list[Effect]:
        return [Effect("modifies", None, m.stat, m.value) for m in children if isinstance(m, _Mod)]

    def rerolls(self, children: list[Any]) -> list[Effect]:
        rolls = tokens(children, "STAT", "TERM")
        if rolls:
            return [Effect("modifies", None, self.at(t), "reroll") for t in rolls]
        words = [c for c in tokens(children, "WORD", "ACT", "NUM", "OF") if c.lower() not in _ROLL_ADJECTIVES]
        span = (self.at(words[0]), self.at(words[-1])) if words else None
        return [Effect("modifies", None, None, "reroll", action=span)]

    def rerolled(self, children: list[Any]) -> list[Effect]:
        return [Effect("modifies", None, None, "reroll", mode="passive")]

    def against(self, children: list[Any]) -> list[Effect]:
        word = "except against" if tokens(children, "OTHER_THAN") else "against"
        return [Effect("condition", conditions=((word, self.at(tokens(children, "NAME")[-1])),))]

    def unless(self, children: list[Any]) -> list[Effect]:
        return [Effect("condition", conditions=(("unless", self.at(tokens(children, "NAME")[-1])),))]
