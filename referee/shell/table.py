"""What is on the table: the system played, the acting unit, its opponent and the situation.

Set once, asked about many times: ``me``, ``vs`` and ``when`` change it,
``resolve`` without keywords reads it, ``state`` shows it.  A side is kept
as what the player said (``said``) and what the referee reads it as
(``reading``): for a keyword string both are the same text; a unit of
army data ("me unit Spearmen") keeps its name in ``said``, its rule picks
(:class:`referee.resolve.Pick`) in ``reading``, and the unit itself
(name, army, where it is written) in ``unit``, for the ruling to name.

>>> t = Table("t9a").with_me(Side.of_keywords("Halberd, Shield")).with_when(("melee",))
>>> t.me.said, t.when
('Halberd, Shield', ('melee',))
>>> t.with_system("last-edition").me is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


@dataclass(frozen=True)
class Side:
    """One side at the table: what the player said, and what the referee reads.

    ``kind`` says what ``said`` is: "keywords" (a keyword string) or
    "unit" (a unit of army data, its rules in ``reading`` as picks).
    """

    kind: str
    said: str
    reading: str | Sequence[Any]
    unit: dict[str, Any] | None = None  # a unit's name, army, source and the rules left unruled

    @classmethod
    def of_unit(cls, unit: dict[str, Any], picks: Sequence[Any]) -> Side:
        return cls("unit", unit["name"], tuple(picks), unit)

    @classmethod
    def of_keywords(cls, text: str) -> Side:
        return cls("keywords", text, text)

    def shown(self) -> str:
        if self.unit is not None:
            return f"unit {self.said} ({self.unit['army']}, {self.unit['source']['file']}:{self.unit['source']['line']})"
        return self.said if self.kind == "keywords" else f"{self.kind} {self.said}"


@dataclass(frozen=True)
class Table:
    """The session's state; immutable, so a command that fails leaves it as it was."""

    system: str | None = None
    me: Side | None = None
    vs: Side | None = None
    when: tuple[str, ...] = ()

    def with_system(self, system: str) -> Table:
        """Another system: the sides named rules of the old one, so they leave the table
        (systems are namespaces); the situation is the same words in every system."""
        if system == self.system:
            return self
        return Table(system, None, None, self.when)

    def with_me(self, side: Side | None) -> Table:
        return replace(self, me=side)

    def with_vs(self, side: Side | None) -> Table:
        return replace(self, vs=side)

    def with_when(self, flags: tuple[str, ...]) -> Table:
        return replace(self, when=flags)

    def rows(self) -> list[list[str]]:
        """The state as rows for ``state``: what each part is, and its value."""
        return [
            ["system", self.system or "(none: give `system ID`)"],
            ["me", self.me.shown() if self.me else "(nobody: give `me KEYWORDS`)"],
            ["vs", self.vs.shown() if self.vs else "(nobody)"],
            ["when", ", ".join(self.when) if self.when else "(no situation flags)"],
        ]

    def to_json(self) -> dict[str, Any]:
        def side(s: Side | None) -> dict[str, Any] | None:
            if s is None:
                return None
            return {"kind": s.kind, "said": s.said, **({"army": s.unit["army"], "source": s.unit["source"]} if s.unit else {})}

        return {"system": self.system, "me": side(self.me), "vs": side(self.vs), "when": list(self.when)}
