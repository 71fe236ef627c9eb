"""Writing values back as keyword strings, canonically: ``parse(render(x)) == x``.

Canonical means one spelling per meaning: uses are joined by ", ", brackets get
a space before them, dice are upper case (``D6``), inches use ``"`` and signs
are ASCII.  Layout that parsing keeps (which arguments sat inside brackets) is
followed, so ``Shots D6+1`` stays inline and ``Poisoned (4+)`` stays bracketed.
"""

from __future__ import annotations

from typing import Union

from referee.keywords.values import (
    Allowance,
    Arg,
    AsUser,
    Choice,
    Colors,
    Dice,
    Distance,
    Keyword,
    KeywordList,
    KeywordUse,
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

Renderable = Union[KeywordList, KeywordUse, Arg, Role]

# Argument kinds that read the same written after a name as inside brackets.
_INLINE = (
    Number,
    Dice,
    Threshold,
    Distance,
    Modifier,
    Variable,
    Save,
    Quoted,
    AsUser,
    Allowance,
    SecondProfile,
)


def render(value: Renderable) -> str:
    """The canonical keyword string for a parsed (or hand-built) value.

    >>> from referee.keywords import parse, render
    >>> render(parse("Poisoned(4+),Multiple Wounds ( d3 , Clipped Wings )"))
    'Poisoned (4+), Multiple Wounds (D3, Clipped Wings)'
    >>> render(parse('Range 12″ Shots D6+1'))
    'Range 12", Shots D6+1'
    >>> from referee.keywords.values import Keyword, Threshold
    >>> render(Keyword("Aegis", (Threshold(4),)))
    'Aegis (4+)'
    """
    if isinstance(value, KeywordList):
        return ", ".join(render(use) for use in value.uses)
    if isinstance(value, KeywordUse):
        if value.name is None:
            return _inline(value.args)
        return _keyword(value.name, value.args, value.bracketed)
    if isinstance(value, Keyword):
        return _keyword(value.name, value.args, value.bracketed)
    return _argument(value)


def _keyword(name: str, args: tuple[Arg, ...], bracketed: int | None) -> str:
    if not args:
        return name
    inside = _bracket_count(args, bracketed)
    text = name
    if inside:
        text += " (" + ", ".join(_argument(arg) for arg in args[:inside]) + ")"
    if inside < len(args):
        text += " " + _inline(args[inside:])
    return text


def _bracket_count(args: tuple[Arg, ...], bracketed: int | None) -> int:
    """How many leading arguments go inside the brackets."""
    if bracketed is None:
        bracketed = 1 if isinstance(args[0], Colors) else len(args)
    bracketed = max(0, min(bracketed, len(args)))
    if isinstance(args[0], Colors):
        # Colours are only read as colours right before the leader-point value.
        if len(args) < 2 or not isinstance(args[1], Modifier):
            raise ValueError("colours are written before a leader-point value: Leader (green/red) +8")
        return 1
    if not all(_inline_ok(arg) for arg in args[bracketed:]):
        return len(args)
    return bracketed


def _inline_ok(arg: Arg) -> bool:
    if isinstance(arg, Choice):
        return _simple_choice(arg)
    return isinstance(arg, _INLINE)


def _simple_choice(choice: Choice) -> bool:
    return all(isinstance(option, _INLINE) and not isinstance(option, (Modifier, Allowance, SecondProfile)) for option in choice.options)


def _inline(args: tuple[Arg, ...]) -> str:
    """Arguments written after a name: space-separated, a second profile glued on (``3[7]``)."""
    text = ""
    for arg in args:
        if not _inline_ok(arg):
            raise ValueError(f"{type(arg).__name__} can only be written inside brackets")
        piece = _argument(arg)
        if text and not isinstance(arg, SecondProfile):
            text += " "
        text += piece
    return text


def _argument(arg: Arg | Role) -> str:
    if isinstance(arg, Number):
        return str(arg.value)
    if isinstance(arg, Dice):
        return arg.text
    if isinstance(arg, Threshold):
        return f"{_level(arg.value, arg.var)}+"
    if isinstance(arg, Distance):
        if arg.value is None:
            return f'{arg.min}-{arg.max}"'
        return f'{arg.value}"'
    if isinstance(arg, Modifier):
        return _modifier(arg)
    if isinstance(arg, Variable):
        return arg.name
    if isinstance(arg, (Qualifier, AsUser)):
        return arg.text
    if isinstance(arg, Keyword):
        return _keyword(arg.name, arg.args, arg.bracketed)
    if isinstance(arg, Choice):
        joiner = "|" if _simple_choice(arg) else "/"
        return joiner.join(_argument(option) for option in arg.options)
    if isinstance(arg, Colors):
        return "/".join(arg.names)
    if isinstance(arg, Save):
        return _save(arg)
    if isinstance(arg, Allowance):
        return "{" + " / ".join(_argument(role) for role in arg.roles) + "}"
    if isinstance(arg, Role):
        return _role(arg)
    if isinstance(arg, Roll):
        threshold = _argument(arg.threshold)
        article = "an" if threshold[0] in "8X" or threshold.startswith(("11+", "18+")) else "a"
        return f"{_argument(arg.amount)} on {article} {threshold}"
    if isinstance(arg, Quoted):
        return f'"{arg.text}"'
    if isinstance(arg, SecondProfile):
        return "[" + ", ".join(_argument(inner) for inner in arg.args) + "]"
    raise TypeError(f"cannot render {type(arg).__name__}")


def _level(value: int | None, var: str | None) -> str:
    return str(value) if value is not None else str(var)


def _modifier(modifier: Modifier) -> str:
    value = modifier.value if modifier.value is not None else 1
    sign = "-" if value < 0 else "+"
    amount = modifier.var if modifier.var is not None else str(abs(value))
    text = sign + amount + ('"' if modifier.inches else "")
    if modifier.stat:
        text += " " + modifier.stat
    return text


def _save(save: Save) -> str:
    level = _level(save.value, save.var)
    if save.type == "armour":
        return f"{level}+/{save.second}+As"
    if save.type == "pure":
        return f"{level}++"
    return f"{level}+-"


def _role(role: Role) -> str:
    names = "/".join(role.names)
    if role.points is not None:
        return f"{role.points:+d} for {names}"
    if role.count is not None:
        return f"{role.count} {names}"
    return names
