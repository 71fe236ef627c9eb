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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterator, Union


class _Value:
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


@dataclass(frozen=True, slots=True)
class Number(_Value):
    """A plain count: ``Channel (1)``, ``Shots 1``."""

    value: int
    kind: ClassVar[str] = "number"

    def _fields_json(self) -> dict[str, Any]:
        return {"value": self.value}


@dataclass(frozen=True, slots=True)
class Dice(_Value):
    """A dice roll: ``D6`` is ``Dice(1, 6)``, ``D3+1`` is ``Dice(1, 3, 1)``, ``2D6*2`` doubles."""

    count: int
    sides: int
    modifier: int = 0
    multiplier: int = 1
    kind: ClassVar[str] = "dice"

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


@dataclass(frozen=True, slots=True)
class Threshold(_Value):
    """A roll needed: ``4+`` is ``Threshold(4)``, ``X+`` is ``Threshold(None, "X")``."""

    value: int | None
    var: str | None = None
    kind: ClassVar[str] = "threshold"

    def _fields_json(self) -> dict[str, Any]:
        return {"value": self.value, "var": self.var}


@dataclass(frozen=True, slots=True)
class Distance(_Value):
    """Inches: ``8"`` is ``Distance(8)``; a range band ``12-60"`` is ``Distance(min=12, max=60)``."""

    value: int | None = None
    min: int | None = None
    max: int | None = None
    kind: ClassVar[str] = "distance"

    def _fields_json(self) -> dict[str, Any]:
        if self.value is None:
            return {"min": self.min, "max": self.max}
        return {"value": self.value}


@dataclass(frozen=True, slots=True)
class Modifier(_Value):
    """A signed change: ``+2 Strength``, ``-1 to hit``, ``+6"`` (``inches``), ``-X``.

    ``stat`` is what changes, as written, or None when the keyword says it
    (``Stealth (+2)``, ``Base -1``).
    """

    value: int | None
    stat: str | None = None
    var: str | None = None
    inches: bool = False
    kind: ClassVar[str] = "modifier"

    def _fields_json(self) -> dict[str, Any]:
        return {"value": self.value, "var": self.var, "stat": self.stat, "inches": self.inches}


@dataclass(frozen=True, slots=True)
class Variable(_Value):
    """A placeholder from a rule's own wording: the X of ``Exclusive (X)``, or
    ``<Faction>`` (the angle brackets are kept in ``name``)."""

    name: str
    kind: ClassVar[str] = "variable"

    def _fields_json(self) -> dict[str, Any]:
        return {"name": self.name}


@dataclass(frozen=True, slots=True)
class Qualifier(_Value):
    """A condition in words: ``against Standard``, ``total``.

    Read from a bracketed parameter that starts with a lower-case word.  A
    list after "against" runs to the closing bracket, so ``(2, against Large
    and Beast, Gigantic)`` holds one qualifier ``against Large and Beast, Gigantic``.
    """

    text: str
    kind: ClassVar[str] = "qualifier"

    def _fields_json(self) -> dict[str, Any]:
        return {"text": self.text}


@dataclass(frozen=True, slots=True)
class Keyword(_Value):
    """A keyword inside another: ``Poison Attacks`` in ``Devastating Charge (+1 Strength, Poison Attacks)``.

    ``bracketed`` says how many of ``args`` were written inside brackets
    (``Str 4``: 0; ``Poisoned (4+)``: 1).  It steers rendering only; None lets
    the renderer choose.
    """

    name: str
    args: tuple[Arg, ...] = ()
    bracketed: int | None = field(default=None, compare=False, repr=False)
    kind: ClassVar[str] = "keyword"

    def _fields_json(self) -> dict[str, Any]:
        return {"name": self.name, "args": [arg.to_json() for arg in self.args]}


@dataclass(frozen=True, slots=True)
class Choice(_Value):
    """One of several: the turns of ``Shock teleport 2|3``, or ``(Fly/Swiftstride)``."""

    options: tuple[Arg, ...]
    kind: ClassVar[str] = "choice"

    def _fields_json(self) -> dict[str, Any]:
        return {"options": [option.to_json() for option in self.options]}


@dataclass(frozen=True, slots=True)
class Colors(_Value):
    """The colours of a Last Edition army role: ``Leader (green/red) +8``.

    Read from a bracket of names followed by a signed leader-point value.
    """

    names: tuple[str, ...]
    kind: ClassVar[str] = "colors"

    def _fields_json(self) -> dict[str, Any]:
        return {"names": list(self.names)}


SAVE_TYPES = ("armour", "pure", "dodge")


@dataclass(frozen=True, slots=True)
class Save(_Value):
    """A save in The Last Edition's notation.

    ``2+/4+As`` is an armour save (``second``: the stronger part), ``4++`` a
    pure save, ``6+-`` a dodge save.  In other games ``4++`` often means an
    invulnerable save: the type names the notation, the system gives the meaning.
    """

    type: str
    value: int | None
    var: str | None = None
    second: int | None = None
    kind: ClassVar[str] = "save"

    def _fields_json(self) -> dict[str, Any]:
        return {"type": self.type, "value": self.value, "var": self.var, "second": self.second}


@dataclass(frozen=True, slots=True)
class Role:
    """One entry of an allowance: ``3 base``, ``2 guardian/elite``, ``+2 for unit``.

    ``count`` units of any of ``names`` come free; ``points`` is a leader-point
    bonus (``+2 for unit``).
    """

    names: tuple[str, ...]
    count: int | None = None
    points: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "names": list(self.names), "points": self.points}


@dataclass(frozen=True, slots=True)
class Allowance(_Value):
    """The braces of a Last Edition army role: ``{3 base / 2 guardian/elite}``."""

    roles: tuple[Role, ...]
    kind: ClassVar[str] = "allowance"

    def _fields_json(self) -> dict[str, Any]:
        return {"roles": [role.to_json() for role in self.roles]}


@dataclass(frozen=True, slots=True)
class Roll(_Value):
    """An amount that a roll unlocks: ``Y on an X+`` in ``Absorb Magicka(Y on an X+)``."""

    amount: Arg
    threshold: Threshold
    kind: ClassVar[str] = "roll"

    def _fields_json(self) -> dict[str, Any]:
        return {"amount": self.amount.to_json(), "threshold": self.threshold.to_json()}


@dataclass(frozen=True, slots=True)
class Quoted(_Value):
    """Words in quotation marks: the direction of ``Shock teleport 2|3 "side"``."""

    text: str
    kind: ClassVar[str] = "quoted"

    def _fields_json(self) -> dict[str, Any]:
        return {"text": self.text}


@dataclass(frozen=True, slots=True)
class AsUser(_Value):
    """A weapon value taken from its wielder: ``Str As User``, ``FO Same as user``."""

    text: str
    kind: ClassVar[str] = "as_user"

    def _fields_json(self) -> dict[str, Any]:
        return {"text": self.text}


@dataclass(frozen=True, slots=True)
class SecondProfile(_Value):
    """Values of a weapon's second profile, in square brackets: the ``[7]`` of ``Str 3[7]``."""

    args: tuple[Arg, ...]
    kind: ClassVar[str] = "second_profile"

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


@dataclass(frozen=True, slots=True)
class KeywordUse:
    """One keyword as written in a string, with where it was written.

    ``name`` is None for bare values at the start of an item (``2+/4+As``, the
    ``12"`` of ``12" Ranged 2``).  ``text`` is the exact substring of the input
    and ``span`` its ``(start, end)`` character offsets; neither takes part in
    equality.
    """

    name: str | None
    args: tuple[Arg, ...] = ()
    text: str = field(default="", compare=False)
    span: tuple[int, int] = field(default=(0, 0), compare=False)
    bracketed: int | None = field(default=None, compare=False, repr=False)

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


@dataclass(frozen=True, slots=True)
class KeywordList:
    """Everything a keyword string says, in order; ``input`` is the string itself."""

    uses: tuple[KeywordUse, ...] = ()
    input: str = field(default="", compare=False)

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
