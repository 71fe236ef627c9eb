"""From grammar rules to values: one method per rule of grammar/keywords.lark.

The transformer runs inside the LALR parser (``transformer=``), so each method
gets its children already transformed and no tree is ever built.  Methods pass
:class:`Part` values up: a value with the offsets it covers in the input, so
that each keyword use learns its exact span without lark's tree metadata.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from referee.keywords.values import (
    Allowance,
    Arg,
    AsUser,
    Choice,
    Colors,
    Dice,
    Distance,
    Keyword,
    Modifier,
    Number,
    Qualifier,
    Quoted,
    Role,
    Roll,
    Save,
    SecondProfile,
    Threshold,
    Variable,
)
from referee.patterns import lazy

TYPE_CHECKING = False  # only checkers read this
if TYPE_CHECKING:
    from lark import Token


class Part(NamedTuple):
    """A value and the input offsets ``[start, end)`` it was read from."""

    value: Any
    start: int
    end: int


class RawUse(NamedTuple):
    """A keyword use before the input text is attached (see ``referee.keywords.parse``)."""

    name: str | None
    args: tuple[Arg, ...]
    start: int
    end: int
    bracketed: int | None


class BadDice(Exception):
    """A dice roll with a part missing ("2D", "D6+"); ``parse`` reports it."""

    def __init__(self, start: int, end: int) -> None:
        super().__init__(f"unknown dice form at {start}")
        self.start = start
        self.end = end


_DICE = lazy(r"(\d*)[dD](\d+)(?:([+\-])(\d+))?(?:[*\u00d7](\d+))?")
_SIGNED = lazy(r"([+\-\u2212\u2013])\s?(?:(\d+)|([XYZ]))(.*)")
_RANGE = lazy(r"(\d+)[\-\u2013](\d+)")
_MINUS = "-\u2212\u2013"


def _part(value: Any, first: Token | Part, last: Token | Part | None = None) -> Part:
    last = first if last is None else last
    start = first.start if isinstance(first, Part) else first.start_pos
    end = last.end if isinstance(last, Part) else last.end_pos
    return Part(value, start, end)


def _merge_against(args: list[Arg]) -> tuple[Arg, ...]:
    """T9A lists after "against" run to the bracket's end: fold the bare names that follow in."""
    merged: list[Arg] = []
    for arg in args:
        previous = merged[-1] if merged else None
        if (
            isinstance(previous, Qualifier)
            and previous.text.startswith("against ")
            and isinstance(arg, Keyword)
            and not arg.args
        ):
            merged[-1] = Qualifier(f"{previous.text}, {arg.name}")
        else:
            merged.append(arg)
    return tuple(merged)


def _color_names(args: tuple[Arg, ...]) -> tuple[str, ...] | None:
    """The names in a bracket like "(green/red)", or None if it holds anything else."""
    options: list[Arg] = []
    for arg in args:
        options.extend(arg.options if isinstance(arg, Choice) else (arg,))
    names: list[str] = []
    for option in options:
        if isinstance(option, Qualifier) and " " not in option.text:
            names.append(option.text)
        elif isinstance(option, Keyword) and not option.args and " " not in option.name:
            names.append(option.name)
        else:
            return None
    return tuple(names)


class _Inlined:
    """What an inlined helper rule (``_items``, ``_values`` ...) hands its parent.

    Lark splices an inlined rule's ``children`` into the parent rule; the
    default would build a full ``Tree`` (and compute its positions) only for it
    to be taken apart again, which costs a third of the parse time.
    """

    __slots__ = ("children",)

    def __init__(self, children: list[Any]) -> None:
        self.children = children


def _name(token: Token) -> Part:
    """A NAME token as a name: its words, single-spaced."""
    return Part(" ".join(token.split()), token.start_pos, token.end_pos)


class KeywordTransformer:
    """Builds :class:`RawUse` uses and their argument values, bottom-up.

    Lark's LALR parser calls a transformer's methods by rule name (and ``__default__``
    for a rule without one), whatever its class: this one is no ``lark.Transformer``,
    so that it serves Lark and the standalone parser (:func:`referee.grammars.standalone`)
    alike, and importing it imports neither.
    """

    def __default__(self, data: Any, children: list[Any], meta: Any) -> _Inlined:
        # Only inlined helper rules get here: every named rule has a method.
        return _Inlined(children)

    # -- the list and its uses

    def start(self, children: list[RawUse]) -> list[RawUse]:
        return children

    def bare_use(self, children: list[Token]) -> RawUse:
        name = _name(children[0])
        return RawUse(name.value, (), name.start, name.end, None)

    def closed_use(self, children: list[Any]) -> RawUse:
        name = _name(children[0])
        args, bracketed, end = _arguments(children[1:])
        return RawUse(name.value, args, name.start, end, bracketed)

    open_use = closed_use

    def lead_closed(self, children: list[Part]) -> RawUse:
        args = tuple(part.value for part in children)
        return RawUse(None, args, children[0].start, children[-1].end, 0)

    lead_open = lead_closed

    # -- brackets

    def bracket(self, children: list[Any]) -> Part:
        opening, *slots, closing = children
        return _part(_merge_against([slot.value for slot in slots]), opening, closing)

    def second_profile(self, children: list[Any]) -> Part:
        opening, *slots, closing = children
        return _part(SecondProfile(_merge_against([slot.value for slot in slots])), opening, closing)

    def slot(self, parts: list[Part]) -> Part:
        if len(parts) == 1:
            return parts[0]
        return _part(Choice(tuple(part.value for part in parts)), parts[0], parts[-1])

    def nested(self, children: list[Any]) -> Part:
        name = _name(children[0])
        if len(children) == 1:
            if name.value[0].islower():
                return Part(Qualifier(name.value), name.start, name.end)
            return Part(Keyword(name.value, (), None), name.start, name.end)
        args, bracketed, end = _arguments(children[1:])
        return Part(Keyword(name.value, args, bracketed), name.start, end)

    def roll(self, children: list[Any]) -> Part:
        amount, _on_a, threshold = children
        value = _READERS[amount.type](amount)
        return _part(Roll(value, _threshold(str(threshold)[:-1])), amount, threshold)

    def allowance(self, children: list[Any]) -> Part:
        opening, *entries, closing = children
        roles: list[Role] = []
        for count, points, names in entries:
            if roles and count is None and points is None:
                last = roles[-1]
                roles[-1] = Role(last.names + (names,), last.count, last.points)
            else:
                roles.append(Role((names,), count, points))
        return _part(Allowance(tuple(roles)), opening, closing)

    def role(self, children: list[Token]) -> tuple[int | None, int | None, str]:
        *amount, name_token = children
        names = _name(name_token).value
        if not amount:
            return None, None, names
        (token,) = amount
        if token.type == "NUMBER":
            return int(token), None, names
        points = _modifier(token, None).value
        if names.startswith("for "):
            names = names[4:]
        return None, points, names

    # -- values

    def choice(self, parts: list[Part]) -> Part:
        return _part(Choice(tuple(part.value for part in parts)), parts[0], parts[-1])

    def modifier(self, children: list[Token]) -> Part:
        token = children[0]
        stat = _name(children[1]) if len(children) > 1 else None
        modifier = _modifier(token, stat.value if stat else None)
        return Part(modifier, token.start_pos, stat.end if stat else token.end_pos)

    def simple(self, children: list[Token]) -> Part:
        (token,) = children
        return Part(_READERS[token.type](token), token.start_pos, token.end_pos)


def _arguments(parts: list[Part]) -> tuple[tuple[Arg, ...], int, int]:
    """A use's arguments from its bracket and inline parts: (args, how many bracketed, end)."""
    if not parts:
        return (), 0, 0
    end = parts[-1].end
    if not isinstance(parts[0].value, tuple):
        return tuple(part.value for part in parts), 0, end
    inside: tuple[Arg, ...] = parts[0].value
    inline = [part.value for part in parts[1:]]
    if inline and isinstance(inline[0], Modifier):
        names = _color_names(inside)
        if names is not None:
            inside = (Colors(names),)
    return inside + tuple(inline), len(inside), end


def _modifier(token: Token, stat: str | None) -> Modifier:
    match = _SIGNED.fullmatch(str(token))
    assert match is not None, token  # the SIGNED terminal guarantees the form
    sign, digits, var, inch = match.groups()
    value = (-1 if sign in _MINUS else 1) * (int(digits) if digits else 1)
    return Modifier(value, stat, var, bool(inch))


def _dice(token: Token) -> Dice:
    match = _DICE.fullmatch(str(token))
    if match is None or match.group(1) == "0" or int(match.group(2)) == 0:
        raise BadDice(token.start_pos, token.end_pos)
    count, sides, sign, modifier, multiplier = match.groups()
    return Dice(
        int(count) if count else 1,
        int(sides),
        (-1 if sign == "-" else 1) * int(modifier) if modifier else 0,
        int(multiplier) if multiplier else 1,
    )


def _distance(token: Token) -> Distance:
    digits = str(token).rstrip("\"'\u2033\u201d")
    band = _RANGE.fullmatch(digits)
    if band:
        return Distance(min=int(band.group(1)), max=int(band.group(2)))
    return Distance(int(digits))


def _threshold(level: str) -> Threshold:
    """``"4"`` or ``"X"`` (the part before the plus signs) as a threshold."""
    if level.isdigit():
        return Threshold(int(level))
    return Threshold(None, level)


def _armour_save(token: Token) -> Save:
    best, rest = str(token).split("/")
    return Save("armour", int(best[:-1]), None, int(rest.split("+")[0]))


def _level_save(kind: str) -> Any:
    def read(token: Token) -> Save:
        level = _threshold(str(token)[:-2])
        return Save(kind, level.value, level.var)

    return read


# How the `simple` rule reads each kind of token.
_READERS: dict[str, Any] = {
    "NUMBER": lambda token: Number(int(token)),
    "DICE": _dice,
    "DISTANCE": _distance,
    "THRESHOLD": lambda token: _threshold(str(token)[:-1]),
    "VAR": lambda token: Variable(str(token)),
    "PLACEHOLDER": lambda token: Variable(str(token)),
    "ARMOUR_SAVE": _armour_save,
    "PURE_SAVE": _level_save("pure"),
    "DODGE_SAVE": _level_save("dodge"),
    "QUOTED": lambda token: Quoted(str(token)[1:-1]),
    "AS_USER": lambda token: AsUser(" ".join(token.split())),
}
