"""A system's armies on the site: where each army book and unit has its page, and who uses each rule.

A system with imported BattleScribe data (``Build.armies``, :mod:`referee.army.link`)
gets, under ``<section>/<system>/armies/``, a folder per army book: its
``index`` (the units A-Z) and a page per unit.  Army and unit pages are
named by the slug of their names; two units of one book with one slug (two
entries both called "Spearmen") are told apart by their order in the book,
so the same data always gives the same names.  A system without imported
data has no such pages, and its rule pages no "Used by".

:class:`Armies` also gathers, for each rule of the system, every unit that
has it and through what (the unit itself, a model, a weapon or an option),
for the rule's "Used by" list.  Nothing here imports MkDocs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.site.urls import Anchors, slug
from referee.text import fold

if TYPE_CHECKING:
    from referee.store.record import Build
    from referee.site.urls import Address
    from referee.units import ArmyBook, RuleUse, Unit

FOLDER = "armies"
SEPARATOR = " > "  # between the parts of a carrier (referee.army.link writes "Unit > Model > Weapon")


@dataclass(frozen=True)
class Army:
    """An army book with units, and where its pages are."""

    book: ArmyBook
    page: str  # its index
    units: tuple[tuple[Unit, str], ...]  # (unit, its page), A-Z


@dataclass(frozen=True)
class User:
    """One unit having a rule: through ``uses`` (each as written, and what carries it)."""

    army: str
    unit: Unit
    page: str
    uses: tuple[tuple[RuleUse, str], ...]  # (use, its anchor on the unit's page)


@dataclass
class Armies:
    system: str
    armies: list[Army] = field(default_factory=list)
    used_by: dict[str, list[User]] = field(default_factory=dict)  # rule id -> users, by army then unit A-Z
    anchors: dict[tuple[str, int], str] = field(default_factory=dict)  # (unit page, use's index) -> anchor

    @classmethod
    def of(cls, build: Build, system: str, address: Address) -> Armies:
        out = cls(system)
        books = getattr(build, "armies", {}).get(system, ())  # a build pickled before armies has none
        folders = Anchors({"index"})
        for book in sorted((b for b in books if b.units), key=lambda b: (fold(b.name), b.name, b.file)):
            folder = f"{address.folder(system)}/{FOLDER}/{folders.take(slug(book.name) or 'army')}"
            names = Anchors({"index"})
            ordered = sorted(book.units, key=lambda u: (fold(u.name), u.name, u.source.line, u.id))
            units = tuple((u, f"{folder}/{names.take(slug(u.name) or 'unit')}.md") for u in ordered)
            out.armies.append(Army(book, f"{folder}/index.md", units))
        for army in out.armies:
            for unit, page in army.units:
                out._gather(army.book.name, unit, page)
        return out

    def _gather(self, army: str, unit: Unit, page: str) -> None:
        taken = Anchors(set(UNIT_SECTIONS))
        mine: dict[str, list[tuple[RuleUse, str]]] = {}
        for n, use in enumerate(unit.rules):
            anchor = self.anchors[(page, n)] = taken.take("r-" + (slug(use.text) or "rule"))
            for rule_id in dict.fromkeys(([use.rule] if use.rule else []) + list(use.candidates)):
                mine.setdefault(rule_id, []).append((use, anchor))
        for rule_id, uses in mine.items():
            self.used_by.setdefault(rule_id, []).append(User(army, unit, page, tuple(uses)))

    def __bool__(self) -> bool:
        return bool(self.armies)

    def units(self) -> list[tuple[Army, Unit, str]]:
        return [(army, unit, page) for army in self.armies for unit, page in army.units]


# ids of a unit page's sections: no rule use's anchor may take them
UNIT_SECTIONS = ("unit", "profiles", "rules", "source")


def carried_by(use_or_carrier: str, unit: str) -> str:
    """What carries a rule or profile, below the unit itself: "" for the unit, else the
    path from its model down ("Spearman › Spear").

    >>> carried_by("Spearmen > Spearman > Spear", "Spearmen"), carried_by("Spearmen", "Spearmen")
    ('Spearman › Spear', '')
    """
    # the unit's own name first, as it is (a name may hold a ">" of its own)
    rest = "" if use_or_carrier == unit else use_or_carrier.removeprefix(unit + SEPARATOR)
    return " › ".join(p.strip() for p in rest.split(SEPARATOR) if p.strip())
