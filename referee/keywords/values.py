"""What a keyword string means: frozen values, compared by meaning.

``parse("Poisoned (4+), Fearless")`` gives a :class:`KeywordList` of two
:class:`KeywordUse` values.  A use has a name and its arguments; each argument
is one of the small value types below (:data:`Arg`), and an argument may itself
be a :class:`Keyword` ("Breath Attack (Str 4, AP 1, Flaming Attacks)").

Equality and hashing go by meaning, not spelling: where a use sits in the input
(``text``, ``span``) and how it was laid out (``bracketed``) are kept for
citations and for rendering, but two lists are equal when they hold the same
keywords with the same arguments, so ``Poisoned (4+)`` equals ``Poisoned(4+)``
and ``D6`` equals ``d6``.

Every value has ``to_json()`` (the shape documented in docs/keywords.md) and a
canonical ``str()`` (see :mod:`referee.keywords.render`).

The values are plain classes with ``__slots__`` over :class:`Frozen`, not
dataclasses: making 19 dataclasses was about 5 ms of every warm call that parses a
keyword string (docs/performance.md, round 8).  What the dataclasses gave is kept and
tested (tests/keywords/test_keywords_values.py): equality and hashing by the compared
fields and the class, a repr of the shown fields, no attribute set after ``__init__``,
pickling.
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterator, Union

set_field = object.__setattr__  # how __init__ fills a frozen value's slots


class Frozen:
    """Equality, hashing, repr and immutability from three tuples of field names.

    ``_fields`` are the ``__init__`` arguments in order (pickling passes them back);
    ``_compared`` take part in ``==`` and ``hash`` (where a value was written does
    not); ``_shown`` appear in ``repr``.
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _compared: ClassVar[tuple[str, ...]] = ()
    _shown: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls) -> None:
        cls._fields = cls.__slots__  # type: ignore[assignment]
        if "_compared" not in cls.__dict__:
            cls._compared = cls._fields
        if "_shown" not in cls.__dict__:
            cls._shown = cls._fields

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._compared)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__name__} is frozen")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(getattr(self, name) for name in self._fields))


class _Value(Frozen):
    """Shared behaviour: canonical text and JSON with the value's ``kind``."""

    __slots__ = ()
    kind: ClassVar[str]

    def __str__(self) -> str:
        from referee.keywords.render import render

        return render(self)  # type: ignore[arg-type]

    def _fields_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self._fields_json()}


class Number(_Value):
    """A plain count: ``Channel (1)``, ``Shots 1``."""

    kind: ClassVar[str] = "number"
    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        set_field(self, "value", value)

    def _fields_json(self) -> dict[str, Any]:
        return {"value": self.value}


class Dice(_Value):
    """A dice roll: ``D6`` is ``Dice(1, 6)``, ``D3+1`` is ``Dice(1, 3, 1)``, ``2D6*2`` doubles."""

    kind: ClassVar[str] = "dice"
    __slots__ = ("count", "sides", "modifier", "multiplier")

    def __init__(self, count: int, sides: int, modifier: int = 0, multiplier: int = 1) -> None:
        set_field(self, "count", count)
        set_field(self, "sides", sides)
        set_field(self, "modifier", modifier)
        set_field(self, "multiplier", multiplier)

    @property
    def text(self) -> str:
        """The roll as players write it: ``D6``, ``2D3``, ``D3+1``."""
        count = "" if self.count == 1 else str(self.count)
        modifier = f"{self.modifier:+d}" if self.modifier else ""
        multiplier = f"*{self.multiplier}" if self.multiplier != 1 else ""
        return f"{count}D{self.sides}{modifier}{multiplier}"

    def _fields_json(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "sides": self.sides,
            "modifier": self.modifier,
            "multiplier": self.multiplier,
            "text": self.text,
        }


class Threshold(_Value):
    """A roll needed: ``4+`` is ``Threshold(4)``, ``X+`` is ``Threshold(None, "X")``."""

    kind: ClassVar[str] = "threshold"
    __slots__ = ("value", "var")

    def __init__(self, value: int | None, var: str | None = None) -> None:
        set_field(self, "value", value)
        set_field(self, "var", var)

    def _fields_json(self) -> dict[str, Any]:
        return {"value": self.value, "var": self.var}


class Distance(_Value):
    """Inches: ``8"`` is ``Distance(8)``; a range band ``12-60"`` is ``Distance(min=12, max=60)``."""

    kind: ClassVar[str] = "distance"
    __slots__ = ("value", "min", "max")

    def __init__(self, value: int | None = None, min: int | None = None, max: int | None = None) -> None:
        set_field(self, "value", value)
        set_field(self, "min", min)
        set_field(self, "max", max)

    def _fields_json(self) -> dict[str, Any]:
        if self.value is None:
            return {"min": self.min, "max": self.max}
        return {"value": self.value}


class Modifier(_Value):
    """A signed change: ``+2 Strength``, ``-1 to hit``, ``+6"`` (``inches``), ``-X``.

    ``stat`` is what changes, as written, or None when the keyword says it
    (``Stealth (+2)``, ``Base -1``).
    """

    kind: ClassVar[str] = "modifier"
    __slots__ = ("value", "stat", "var", "inches")

    def __init__(self, value: int | None, stat: str | None = None, var: str | None = None, inches: bool = False) -> None:
        set_field(self, "value", value)
        set_field(self, "stat", stat)
        set_field(self, "var", var)
        set_field(self, "inches", inches)

    def _fields_json(self) -> dict[str, Any]:
        return {"value": self.value, "var": self.var, "stat": self.stat, "inches": self.inches}


class Variable(_Value):
    """A placeholder from a rule's own wording: the X of ``Exclusive (X)``, or
    ``<Faction>`` (the angle brackets are kept in ``name``)."""

    kind: ClassVar[str] = "variable"
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        set_field(self, "name", name)

    def _fields_json(self) -> dict[str, Any]:
        return {"name": self.name}


class Qualifier(_Value):
    """A condition in words: ``against Standard``, ``total``.

    Read from a bracketed parameter that starts with a lower-case word.  A
    list after "against" runs to the closing bracket, so ``(2, against Large
    and Beast, Gigantic)`` holds one qualifier ``against Large and Beast, Gigantic``.
    """

    kind: ClassVar[str] = "qualifier"
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        set_field(self, "text", text)

    def _fields_json(self) -> dict[str, Any]:
        return {"text": self.text}


class Keyword(_Value):
    """A keyword inside another: ``Poison Attacks`` in ``Devastating Charge (+1 Strength, Poison Attacks)``.

    ``bracketed`` says how many of ``args`` were written inside brackets
    (``Str 4``: 0; ``Poisoned (4+)``: 1).  It steers rendering only; None lets
    the renderer choose.
    """

    kind: ClassVar[str] = "keyword"
    __slots__ = ("name", "args", "bracketed")
    _compared = ("name", "args")
    _shown = ("name", "args")

    def __init__(self, name: str, args: tuple[Arg, ...] = (), bracketed: int | None = None) -> None:
        set_field(self, "name", name)
        set_field(self, "args", args)
        set_field(self, "bracketed", bracketed)

    def _fields_json(self) -> dict[str, Any]:
        return {"name": self.name, "args": [arg.to_json() for arg in self.args]}


class Choice(_Value):
    """One of several: the turns of ``Shock teleport 2|3``, or ``(Fly/Swiftstride)``."""

    kind: ClassVar[str] = "choice"
    __slots__ = ("options",)

    def __init__(self, options: tuple[Arg, ...]) -> None:
        set_field(self, "options", options)

    def _fields_json(self) -> dict[str, Any]:
        return {"options": [option.to_json() for option in self.options]}


class Colors(_Value):
    """The colours of a Last Edition army role: ``Leader (green/red) +8``.

    Read from a bracket of names followed by a signed leader-point value.
    """

    kind: ClassVar[str] = "colors"
    __slots__ = ("names",)

    def __init__(self, names: tuple[str, ...]) -> None:
        set_field(self, "names", names)

    def _fields_json(self) -> dict[str, Any]:
        return {"names": list(self.names)}


class Save(_Value):
    """A save in The Last Edition's notation.

    ``2+/4+As`` is an armour save (``second``: the stronger part), ``4++`` a
    pure save, ``6+-`` a dodge save.  In other games ``4++`` often means an
    invulnerable save: the type names the notation, the system gives the meaning.
    """

    kind: ClassVar[str] = "save"
    __slots__ = ("type", "value", "var", "second")

    def __init__(self, type: str, value: int | None, var: str | None = None, second: int | None = None) -> None:
        set_field(self, "type", type)
        set_field(self, "value", value)
        set_field(self, "var", var)
        set_field(self, "second", second)

    def _fields_json(self) -> dict[str, Any]:
        return {"type": self.type, "value": self.value, "var": self.var, "second": self.second}


class Role(Frozen):
    """One entry of an allowance: ``3 base``, ``2 guardian/elite``, ``+2 for unit``.

    ``count`` units of any of ``names`` come free; ``points`` is a leader-point
    bonus (``+2 for unit``).
    """

    __slots__ = ("names", "count", "points")

    def __init__(self, names: tuple[str, ...], count: int | None = None, points: int | None = None) -> None:
        set_field(self, "names", names)
        set_field(self, "count", count)
        set_field(self, "points", points)

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "names": list(self.names), "points": self.points}


class Allowance(_Value):
    """The braces of a Last Edition army role: ``{3 base / 2 guardian/elite}``."""

    kind: ClassVar[str] = "allowance"
    __slots__ = ("roles",)

    def __init__(self, roles: tuple[Role, ...]) -> None:
        set_field(self, "roles", roles)

    def _fields_json(self) -> dict[str, Any]:
        return {"roles": [role.to_json() for role in self.roles]}


class Roll(_Value):
    """An amount that a roll unlocks: ``Y on an X+`` in ``Absorb Magicka(Y on an X+)``."""

    kind: ClassVar[str] = "roll"
    __slots__ = ("amount", "threshold")

    def __init__(self, amount: Arg, threshold: Threshold) -> None:
        set_field(self, "amount", amount)
        set_field(self, "threshold", threshold)

    def _fields_json(self) -> dict[str, Any]:
        return {"amount": self.amount.to_json(), "threshold": self.threshold.to_json()}


class Quoted(_Value):
    """Words in quotation marks: the direction of ``Shock teleport 2|3 "side"``."""

    kind: ClassVar[str] = "quoted"
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        set_field(self, "text", text)

    def _fields_json(self) -> dict[str, Any]:
        return {"text": self.text}


class AsUser(_Value):
    """A weapon value taken from its wielder: ``Str As User``, ``FO Same as user``."""

    kind: ClassVar[str] = "as_user"
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        set_field(self, "text", text)

    def _fields_json(self) -> dict[str, Any]:
        return {"text": self.text}


class SecondProfile(_Value):
    """Values of a weapon's second profile, in square brackets: the ``[7]`` of ``Str 3[7]``."""

    kind: ClassVar[str] = "second_profile"
    __slots__ = ("args",)

    def __init__(self, args: tuple[Arg, ...]) -> None:
        set_field(self, "args", args)

    def _fields_json(self) -> dict[str, Any]:
        return {"args": [arg.to_json() for arg in self.args]}


Arg = Union[
    Number,
    Dice,
    Threshold,
    Distance,
    Modifier,
    Variable,
    Qualifier,
    Keyword,
    Choice,
    Colors,
    Save,
    Allowance,
    Roll,
    Quoted,
    AsUser,
    SecondProfile,
]


class KeywordUse(Frozen):
    """One keyword as written in a string, with where it was written.

    ``name`` is None for bare values at the start of an item (``2+/4+As``, the
    ``12"`` of ``12" Ranged 2``).  ``text`` is the exact substring of the input
    and ``span`` its ``(start, end)`` character offsets; neither takes part in
    equality.
    """

    __slots__ = ("name", "args", "text", "span", "bracketed")
    _compared = ("name", "args")
    _shown = ("name", "args", "text", "span")

    def __init__(self, name: str | None, args: tuple[Arg, ...] = (), text: str = "", span: tuple[int, int] = (0, 0), bracketed: int | None = None) -> None:
        set_field(self, "name", name)
        set_field(self, "args", args)
        set_field(self, "text", text)
        set_field(self, "span", span)
        set_field(self, "bracketed", bracketed)

    def __str__(self) -> str:
        from referee.keywords.render import render

        return render(self)

    @property
    def keyword(self) -> Keyword | None:
        """The use without its place in the input, as a nested :class:`Keyword`."""
        if self.name is None:
            return None
        return Keyword(self.name, self.args, self.bracketed)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "text": self.text,
            "span": list(self.span),
            "args": [arg.to_json() for arg in self.args],
        }


class KeywordList(Frozen):
    """Everything a keyword string says, in order; ``input`` is the string itself."""

    __slots__ = ("uses", "input")
    _compared = ("uses",)

    def __init__(self, uses: tuple[KeywordUse, ...] = (), input: str = "") -> None:
        set_field(self, "uses", uses)
        set_field(self, "input", input)

    def __iter__(self) -> Iterator[KeywordUse]:
        return iter(self.uses)

    def __len__(self) -> int:
        return len(self.uses)

    def __getitem__(self, index: int) -> KeywordUse:
        return self.uses[index]

    def __str__(self) -> str:
        from referee.keywords.render import render

        return render(self)

    @property
    def names(self) -> tuple[str, ...]:
        """The names used, in order (bare values have none)."""
        return tuple(use.name for use in self.uses if use.name is not None)

    def to_json(self) -> dict[str, Any]:
        return {"input": self.input, "keywords": [use.to_json() for use in self.uses]}
