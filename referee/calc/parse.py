"""Reading a question: grammar/calc.lark into :mod:`referee.calc.question` values.

The parse walks the grammar's LALR tables (:mod:`referee.calc.lalr`); Lark
itself is imported only when the grammar changed and its tables must be
made again, so that a warm ``referee calc`` does not pay for it.
"""

from __future__ import annotations

import re

from referee.calc import lalr
from referee.calc import question as q
from referee.calc.errors import CalcSyntaxError, describe
from referee.patterns import lazy

_WORDS = lazy(r"[^\W\d_]+")  # the words after the comma, without "+" or brackets
TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any


def parse(text: str, names: tuple[str, ...] = ()) -> q.Question:
    """The question ``text`` asks; :class:`CalcSyntaxError` (with a caret) if it cannot be read.
    ``names``: rules' names whose words the grammar would read as joining words ("Hit and Run"):
    where one stands in the question, whole words in any case, its words are read as a name
    wherever a rule's name can stand."""
    try:
        tree = lalr.parse(text, spans(text, names))
    except lalr.Stuck as stuck:
        raise _syntax_error(text, stuck) from None
    return _Reader().read(tree)


# the question language's words that join or divide names: a rule's name holding one must be read whole
JOINING = lazy(r"\b(?:and|in|during|with|against|vs|versus|then)\b", re.I)


def spans(text: str, names: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """Where each of ``names`` stands in ``text``: whole words, any case, any spaces between."""
    found: list[tuple[int, int]] = []
    for name in names:
        words = name.split()
        pattern = r"(?<![\w-])" + r"\s+".join(re.escape(w) for w in words) + r"(?![\w-])"
        found.extend(m.span() for m in re.finditer(pattern, text, re.I))
    return tuple(found)


def _syntax_error(text: str, stuck: lalr.Stuck) -> CalcSyntaxError:
    expected = describe(stuck.expected, lalr.strings())
    if not text.strip():
        return CalcSyntaxError("the question is empty", text, 0, expected)
    if stuck.met == "":
        return CalcSyntaxError("the question ends too soon", text, stuck.position, expected)
    met = stuck.met if stuck.met is not None else text[stuck.position]
    return CalcSyntaxError(f"unexpected {met!r}", text, stuck.position, expected)


_SIGNED_NUMBER = re.compile(r"[+\-−]\d+")  # the figure of "a -2 modifier"
_ONES = re.compile(r"\b(?:1s|ones|of\s+(?:1|one))\b")  # "reroll 1s", "re-roll rolls of one"


_NUMBER = re.compile(r"\d+")


def _take_wounds(tree: Any) -> list[Any]:
    """The WOUNDS tokens of a stage's "with 3 wounds" (``wounds_given``), taken out of its tree."""
    children = getattr(tree, "children", None)
    if children is None:
        return []
    found = [c.children[-1] for c in children if getattr(c, "data", None) == "wounds_given"]
    tree.children = [None if getattr(c, "data", None) == "wounds_given" else c for c in children]
    for child in tree.children:
        found.extend(_take_wounds(child))
    return found


def _int(token: Any) -> int:
    return int(str(token).replace("−", "-"))


def _roll(token: Any) -> int:
    """ "4+", "2++", "6+-", "4 or more" -> 4, 2, 6, 4."""
    return int(_NUMBER.match(str(token)).group())


def _dice(token: Any) -> q.Dice:
    count, _, sides = str(token).lower().partition("d")
    return q.Dice(int(count) if count else 1, int(sides))


class _Reader:
    """Tree -> question values, one method per grammar rule (as a Lark
    Transformer would be, without importing Lark)."""

    def read(self, tree: Any) -> Any:
        return getattr(self, tree.data)(tree.children)

    def _sub(self, child: Any) -> Any:
        return self.read(child) if hasattr(child, "data") else child

    def chain(self, children: list[Any]) -> Any:
        count = self.read(children[0]) if children[0] is not None else None
        taken = [w for c in children[1:] for w in _take_wounds(c)]  # "with 3 wounds" after a save: the chain's
        stages = tuple(self.read(c) for c in children[1:])
        if not taken:
            return q.Chain(count, stages)
        given = taken[-1]
        wounds = _int(_NUMBER.search(str(given)).group())
        each = tuple(str(given).split()[-2:]) if "unsaved" in str(given).lower() else (str(given).split()[-1],)
        only = stages[0]
        bare = isinstance(only, q.Rolled) and only == q.Rolled(only.kind, only.needed, save=only.save, save_said=only.save_said)
        if len(stages) == 1 and count is None and bare and only.save is not None and not only.save_said:
            # "regeneration 4+ with 3 wounds": a rule's roll for each of them, as "regeneration 4+, 3 wounds" reads
            return q.PerEach(tuple(only.save.split()), wounds, each, only.needed)
        return q.Chain(count, stages, wounds=wounds, counted="hits" if "hit" in str(given).lower() else "wounds")

    def named_save(self, children: list[Any]) -> q.NamedSave:
        return q.NamedSave(self.read(children[0]))

    def count(self, children: list[Any]) -> int:
        return _int(children[0])

    def hit(self, children: list[Any]) -> q.Hit:
        return q.Hit(_int(children[0]), _int(children[1]), *_given(children[2:]))

    def strength_vs(self, children: list[Any]) -> tuple[int, int]:
        return _int(children[0]), _int(children[1])

    def wound(self, children: list[Any]) -> q.Wound:
        return q.Wound(*self.read(children[0]), *_given(children[1:]))

    def ap(self, children: list[Any]) -> int:
        return abs(_int(children[0]))

    def armour_save(self, children: list[Any]) -> q.ArmourSave:
        best, strong, ap, *given = children
        return q.ArmourSave(_roll(best), _roll(strong) if strong is not None else None, self.read(ap) if ap is not None else 0, *_given(given))

    def dodge_save(self, children: list[Any]) -> q.DodgeSave:
        needed, ap, *given = children
        return q.DodgeSave(_roll(needed), self.read(ap) if ap is not None else 0, *_given(given))

    def pure_save(self, children: list[Any]) -> q.PureSave:
        return q.PureSave(_roll(children[0]), *_given(children[1:]))

    def fnp(self, children: list[Any]) -> q.FeelNoPain:
        return q.FeelNoPain(_roll(children[0]) if children and children[0] is not None else None)

    def normally(self, children: list[Any]) -> int:
        return _roll(children[0])

    def poisoned(self, children: list[Any]) -> q.Poisoned:
        needed, normally, versus = children
        strength, toughness = self.read(versus) if versus is not None else (None, None)
        return q.Poisoned(
            _roll(needed) if needed is not None else None,
            self.read(normally) if normally is not None else None,
            strength,
            toughness,
        )

    def sniper(self, children: list[Any]) -> q.Sniper:
        return q.Sniper()

    def fleshbane(self, children: list[Any]) -> q.Fleshbane:
        return q.Fleshbane()

    def multiple_wounds(self, children: list[Any]) -> q.MultipleWounds:
        value, clipped, plus = self.read(children[0])
        fly, hp = False, None
        if children[1] is not None:
            for part in children[1].children:
                if not isinstance(part, lalr.Tree):  # the words "a model with"
                    continue
                if part.data == "fly":
                    fly = True
                else:
                    hp = _int(next(c for c in part.children if c is not None and c.type == "INT"))
        return q.MultipleWounds(value, clipped, fly, hp, plus)

    def wounds_value(self, children: list[Any]) -> tuple[int | q.Dice, bool, int]:
        value, clipped = children[0], children[-1]
        sign = next((c for c in children[1:-1] if c is not None and c.type == "PLUS_MINUS"), None)
        added = next((c for c in children[1:-1] if c is not None and c.type == "INT"), None)
        plus = 0 if added is None else -_int(added) if sign in ("-", "−") else _int(added)
        return (_dice(value) if value.type == "DICE" else _int(value)), clipped is not None, plus

    # -- a roll changed by named rules ---------------------------------------

    def _rolled(self, kind: str, needed: Any, parts: list[Any], save: str | None = None) -> q.Rolled:
        attacker: list[str] = []
        target: list[str] = []
        parameters: list[tuple[str, str]] = []  # "Hard Target (1)": the rule and what its brackets hold
        when = None
        given: list[Any] = []  # modifiers and re-rolls the question gives itself
        for part in parts:
            if part is None:  # no rule named straight after the roll
                continue
            if part.data == "named_after":  # as if "with" stood before it
                attacker.append(self._rule_name(part.children, parameters))
            elif part.data in ("with_rules", "against_rules"):
                items = [c for c in part.children[0].children if c is not None and hasattr(c, "data")]
                given.extend(c for c in items if c.data not in ("rule_words", "rule_with_parameter"))
                names = [self._rule_name(c.children if c.data == "rule_with_parameter" else [c], parameters) for c in items if c.data in ("rule_words", "rule_with_parameter")]
                (attacker if part.data == "with_rules" else target).extend(names)
            elif part.data == "when":
                when = " ".join(self.read(part.children[0]))
            else:
                given.append(part)
        modifier = sum(_int(_SIGNED_NUMBER.search(str(g.children[0])).group().replace("+", "")) for g in given if g.data == "modifier_item")
        rerolls = {_reroll(g.children[0]) for g in given if g.data == "reroll_item"}
        reroll = "both" if len(rerolls) > 1 else next(iter(rerolls), None)
        return q.Rolled(kind, _roll(needed), tuple(attacker), tuple(target), when, save, modifier, reroll, parameters=tuple(parameters))

    def _rule_name(self, children: list[Any], parameters: list[tuple[str, str]]) -> str:
        """A rule's name, and its parameter in brackets (if any) kept in ``parameters``."""
        name = " ".join(self.read(children[0]))
        if len(children) > 1 and children[1] is not None:
            parameters.append((name, " ".join(str(children[1].children[0]).split())))
        return name

    def rolled_hit(self, children: list[Any]) -> q.Rolled:
        return self._rolled("hit", children[0], children[1:])

    def rolled_wound(self, children: list[Any]) -> q.Rolled:
        return self._rolled("wound", children[0], children[1:])

    def rolled_unsaid_save(self, children: list[Any]) -> q.Rolled:
        words = self.read(children[0])
        if len(words) > 1 and words[-1].lower() in ("save", "saves"):  # "Ward save 4+": the word before the roll
            return self._rolled("save", children[1], children[2:], " ".join(words[:-1]))
        return self.rolled_save(children)._replace(save_said=False)

    def rolled_save_after(self, children: list[Any]) -> q.Rolled:  # "4+ Aegis save": the roll first
        needed, words, *parts = children
        named = self.read(words)
        if len(named) > 1 and named[-1].lower() in ("save", "saves"):
            return self._rolled("save", needed, parts, " ".join(named[:-1]))
        return self._rolled("save", needed, parts, " ".join(named))._replace(save_said=False)  # "4+ Aegis": as "Aegis 4+"

    def rolled_save(self, children: list[Any]) -> q.Rolled:
        return self._rolled("save", children[1], children[2:], " ".join(self.read(children[0])))

    def rule_words(self, children: list[Any]) -> tuple[str, ...]:
        return tuple(str(c) for c in children)

    def roll(self, children: list[Any]) -> q.Roll:
        *children, again = children
        if hasattr(children[0], "data"):  # "needing 8 on 2D6": the total before the dice
            children = [*children[1:], children[0]]
        dice, *modifiers, needing = children
        maximised = sum(self.read(m)[1] for m in modifiers if m.data == "maximised")
        minimised = sum(self.read(m)[1] for m in modifiers if m.data == "minimised")
        return q.Roll(_dice(dice), maximised, minimised, self.read(needing) if needing is not None else None, self.read(again) if again is not None else None)

    def total_reroll(self, children: list[Any]) -> str | None:
        return _reroll(children[-1])

    def maximised(self, children: list[Any]) -> tuple[str, int]:
        return "maximised", self.read(children[1]) if children[1] is not None else 1

    def minimised(self, children: list[Any]) -> tuple[str, int]:
        return "minimised", self.read(children[1]) if children[1] is not None else 1

    def once(self, children: list[Any]) -> int:
        return 1

    def twice(self, children: list[Any]) -> int:
        return 2

    def thrice(self, children: list[Any]) -> int:
        return 3

    def times(self, children: list[Any]) -> int:
        return _int(children[0])

    def times_n(self, children: list[Any]) -> int:
        return int(str(children[0]).lstrip("xX×").strip())

    def needing(self, children: list[Any]) -> int:
        return _int(str(children[0]).rstrip("+"))

    def swiftstride(self, children: list[Any]) -> q.Swiftstride:
        distance, needing = children
        # the roll as the rules name it, however the player words it ("charge", "charge roll": charge range)
        kind = str(distance).lower().split()[0]
        named = {"charge": "charge range", "flee": "flee distance", "pursuit": "pursuit distance", "overrun": "overrun distance"}[kind]
        return q.Swiftstride(named, self.read(needing) if needing is not None else None)

    def unstable(self, children: list[Any]) -> q.Unstable:
        flags: dict[str, Any] = {}
        for condition in children[1:]:
            if not hasattr(condition, "data"):  # a joining word kept by the grammar, or its placeholder
                continue
            if condition.data == "rank_bonus":
                flags["rank_bonus"] = _int(condition.children[0])
            else:
                flags[str(condition.data)] = True
        return q.Unstable(_int(children[0]), **flags)

    def cover(self, children: list[Any]) -> q.Cover:
        return q.Cover(tuple(str(c).lower() for c in children))

    def dangerous(self, children: list[Any]) -> q.DangerousTerrain:
        return q.DangerousTerrain(tuple(str(c) for c in children))

    def pool(self, children: list[Any]) -> q.BadLuckPool:
        return q.BadLuckPool(tuple(_int(c) for c in children if c is not None))

    # -- a roll a named rule makes; one roll against another ----------------------------

    def rule_words(self, children: list[Any]) -> tuple[str, ...]:
        return tuple(str(c) for c in children)

    def named_roll(self, children: list[Any]) -> q.RuleRoll:
        words, parameter, after, needing, whose = children
        parameter = self.read(parameter) if parameter is not None else None
        amount = parameter if isinstance(parameter, q.Amount) else None
        value, needed = parameter if type(parameter) is tuple else (None, parameter if isinstance(parameter, int) else None)
        return q.RuleRoll(
            self.read(words),
            amount,
            needed,
            self.read(after) if after is not None else (),
            tuple(_WORDS.findall(str(whose))) if whose is not None else (),
            needing=self.read(needing) if needing is not None else None,
            value=value,
        )

    def named_needing(self, children: list[Any]) -> int:
        return _int(str(children[0]).rstrip("+"))

    def named_roll_against(self, children: list[Any]) -> q.RuleRoll:
        words, parameter, after, names = children
        # the other side's rules, read as after a roll's "against" ("hit 4+ against Flaming Attacks")
        against = self._rolled("save", "0+", [lalr.Tree("against_rules", [names]), None])
        return self.named_roll([words, parameter, after, None, None])._replace(against=against)

    def named_roll_with_against(self, children: list[Any]) -> q.RuleRoll:
        words, parameter, after, mine, names = children
        sides = [lalr.Tree("with_rules", [mine])] + ([lalr.Tree("against_rules", [names])] if names is not None else [])
        against = self._rolled("save", "0+", [*sides, None])
        return self.named_roll([words, parameter, after, None, None])._replace(against=against)

    def parameter_dice(self, children: list[Any]) -> q.Amount:
        return _amount(children)

    def parameter_number(self, children: list[Any]) -> q.Amount:
        return q.Amount(None, _int(children[0]))

    def parameter_roll(self, children: list[Any]) -> int:
        return _roll(children[0])

    def parameter_on(self, children: list[Any]) -> tuple[int, int]:  # "(2 on a 5+)": the value, then the roll
        return _int(children[0]), _roll(children[1])

    def per_each(self, children: list[Any]) -> q.PerEach:
        words, count, each = children
        return q.PerEach(self.read(words), _int(count), self.read(each))

    def per_each_needing(self, children: list[Any]) -> q.PerEach:
        words, parameter, count, each = children
        needed = self.read(parameter)
        if type(needed) is tuple:  # "(2 on a 5+)": a value beside the roll, which a die for each thing never reads
            needed = f"{needed[0]} on a {needed[1]}+"
        return q.PerEach(self.read(words), _int(count), self.read(each), needed)

    def per_each_roll(self, children: list[Any]) -> q.PerEach:  # "regeneration 4+ with 2 wounds"
        words, needed, count, each = children
        return q.PerEach(self.read(words), _int(count), self.read(each), _roll(needed))

    def named_dice(self, children: list[Any]) -> q.NamedDice:
        words, dice, needing, again = children
        return q.NamedDice(self.read(words), _dice(dice), self.read(needing) if needing is not None else None, self.read(again) if again is not None else None)

    def named_dice_needing(self, children: list[Any]) -> q.NamedDice:  # "leadership test needing 8 on 2D6"
        words, needing, dice, again = children
        return self.named_dice([words, dice, needing, again])

    def named_roll_on(self, children: list[Any]) -> q.RuleRoll:  # "absorb magicka 2 on a 5+", as "(2 on a 5+)"
        words, value, needed = children
        return q.RuleRoll(self.read(words), None, _roll(needed), value=_int(value))

    def each_in(self, children: list[Any]) -> q.PerEach:
        count, each, words = children
        return q.PerEach(self.read(words), _int(count), self.read(each))

    def keep_highest(self, children: list[Any]) -> q.KeepHighest:
        return q.KeepHighest(self.read(children[0]), _dice(children[1]))

    def versus(self, children: list[Any]) -> q.Versus:
        left_words, left, _, right_words, right = children
        return q.Versus(
            self.read(left_words) if left_words is not None else (),
            self.read(left),
            self.read(right_words) if right_words is not None else (),
            self.read(right),
        )

    def sum_roll(self, children: list[Any]) -> q.Sum:
        *amount, needing, again = children
        return q.Sum(_amount(amount), self.read(needing) if needing is not None else None, self.read(again) if again is not None else None)

    def side_dice(self, children: list[Any]) -> q.Amount:
        return _amount(children)

    def side_stat(self, children: list[Any]) -> q.Stat:
        text = str(children[0])
        digits = len(text) - len(text.rstrip("0123456789"))
        return q.Stat(text[:-digits], int(text[-digits:]))


def _amount(children: list[Any]) -> q.Amount:
    """ "D6", "+", "1" -> D6+1."""
    dice, sign, number = children
    plus = _int(number) if number is not None else 0
    return q.Amount(_dice(dice), -plus if sign is not None and str(sign) in "-−" else plus)


def _given(parts: list[Any]) -> tuple[str | None, int]:
    """The re-roll ("failed", "successful", "both") and the summed modifier a stage's question gives it."""
    tokens = [p.children[-1] for p in parts if p is not None]
    rerolls = {_reroll(t) for t in tokens if t.type == "REROLL"}
    modifier = sum(_int(_SIGNED_NUMBER.search(str(t)).group().replace("+", "")) for t in tokens if t.type == "MODIFIER")
    return ("both" if len(rerolls) > 1 else next(iter(rerolls), None)), modifier


def _reroll(token: Any) -> str | None:
    """ "reroll failed" -> "failed", "reroll 1s" -> "ones" (failed rolls showing 1); no re-roll named -> None."""
    if token is None:
        return None
    said = str(token).lower()
    if "success" in said:
        return "successful"
    return "ones" if _ONES.search(said) else "failed"
