"""An army's units as its army-builder data gives them: profiles and rules, cited.

BattleScribe data (:mod:`referee.sources.battlescribe`) describes each army
in an army book (a catalogue; the game system's own file is a book too):
units, the models in them, the weapons and options they may take, each with
profiles of characteristics ("Str 4", "Rules: Lightning Reflexes, Longbow
(3+)") and links to the rules they have.  These records keep all of that,
each value where it was written, and tie every rule a unit has to the
rule of the system that defines it (:mod:`referee.army.link` does the tying).

A build holds them per system (``Build.armies``: system id -> army books),
kept with it in the store; the store's ``units`` rows carry a summary of each
unit and its rules (:func:`unit_index`) for ``resolve --unit``.  Everything is
frozen and slotted, as the rule records of :mod:`referee.model` are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.model import Source
from referee.text import fold


@dataclass(frozen=True, slots=True)
class UnitProfile:
    """One profile of a unit, model, weapon or option: characteristics as written.

    ``carrier`` names what the profile belongs to, from the unit down
    ("Citizen Spears > Citizen Spear" for a model's profile, "... > Longbow"
    for a weapon's).  ``characteristics`` keeps the order of the data.
    """

    name: str
    type: str  # the profile type: "3 Offensive", "6 Ranged Weapon"
    characteristics: tuple[tuple[str, str], ...]
    carrier: str
    source: Source

    def get(self, name: str) -> str | None:
        """The value of one characteristic, by name (case-blind), or None."""
        for key, value in self.characteristics:
            if key.casefold() == name.casefold():
                return value
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.type,
            "characteristics": [{"name": k, "value": v} for k, v in self.characteristics],
            "carrier": self.carrier,
            "source": self.source.to_json(),
        }


@dataclass(frozen=True, slots=True)
class RuleUse:
    """A rule a unit has, as its data writes it, tied to the rule it names.

    ``text`` is the keyword as written, cleaned of invisible characters
    ("Breath Attack (Str 4, AP 1, Flaming Attacks)"); ``original`` keeps the
    field it was read from as the file had it, when cleaning changed it.  ``name`` and ``args`` are what
    the keyword grammar read from it (``args`` are :mod:`referee.keywords`
    values); ``params`` their canonical text.  ``via`` says how the data gave
    it: ``characteristic`` (a "Rules" value of a profile), ``link`` (an
    ``infoLink`` to a rule, parameters appended by a name modifier) or
    ``rule`` (a rule written inside the unit).  ``target`` is the linked
    BattleScribe id; ``rule`` the id of the system's rule it names, or None
    when no rule defines it; ``problem`` what kept it from being read, if
    anything (an unreadable keyword string, a link to nothing);
    ``candidates`` every rule the name fits when it fits several (``rule``
    is then the first, as ``referee lookup`` orders them: never one
    silently).
    """

    name: str
    text: str
    carrier: str
    via: str
    source: Source
    args: tuple[Any, ...] = ()
    params: tuple[str, ...] = ()
    original: str | None = None
    target: str | None = None
    rule: str | None = None
    problem: str | None = None
    candidates: tuple[str, ...] = ()
    part: str | None = None  # the model part whose profile gives it ("Elven Horse"), where the data says

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "text": self.text,
            "original": self.original,
            "params": list(self.params),
            "args": [a.to_json() for a in self.args],
            "carrier": self.carrier,
            "via": self.via,
            "target": self.target,
            "rule": self.rule,
            "problem": self.problem,
            "candidates": list(self.candidates),
            "source": self.source.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit of an army book: what a player puts in an army list.

    ``models`` names the models it is made of (a unit entry of type
    ``model`` is its own single model).  ``profiles`` and ``rules`` are those
    of the unit, its models, and the weapons and options they may take;
    each says what carries it.
    """

    id: str  # the BattleScribe id of its selection entry
    name: str
    army: str  # the army book's name
    kind: str  # unit | model
    source: Source
    models: tuple[str, ...] = ()
    profiles: tuple[UnitProfile, ...] = ()
    rules: tuple[RuleUse, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "army": self.army,
            "kind": self.kind,
            "models": list(self.models),
            "profiles": [p.to_json() for p in self.profiles],
            "rules": [r.to_json() for r in self.rules],
            "source": self.source.to_json(),
        }


@dataclass(frozen=True, slots=True)
class BookRule:
    """A rule an army book defines (a ``<rule>``, or a shared profile such as a weapon).

    ``publication`` and ``page`` are the book's own citation of the printed
    rule, when it gives one; ``rule`` is the id of the system's rule it became.
    """

    id: str
    name: str
    source: Source
    publication: str | None = None
    page: str | None = None
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "publication": self.publication,
            "page": self.page,
            "rule": self.rule,
            "source": self.source.to_json(),
        }


@dataclass(frozen=True, slots=True)
class ArmyBook:
    """One BattleScribe file of a system: the game system (``.gst``) or a catalogue.

    ``ids`` lists every id the file declares, with where (lint looks for
    duplicates across a system's files); ``links`` every ``infoLink`` and
    ``entryLink`` as (target id, where, the link's name, its element), for
    broken targets.
    """

    name: str
    file: str
    kind: str  # game-system | catalogue
    revision: str | None
    units: tuple[Unit, ...] = ()
    rules: tuple[BookRule, ...] = ()
    ids: tuple[tuple[str, Source], ...] = ()
    links: tuple[tuple[str, Source, str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "file": self.file,
            "kind": self.kind,
            "revision": self.revision,
            "units": [u.to_json() for u in self.units],
            "rules": [r.to_json() for r in self.rules],
        }


@dataclass(frozen=True, slots=True)
class ListedRule:
    """A rule as a unit's list shows it: once, however often its data names it.

    Army data often names a rule twice (on the unit and on its model, by a
    link and in a "Rules" characteristic): the list gives it once, with
    every use kept (``uses``: what carries it and where it is written).
    """

    name: str
    text: str
    rule: str | None
    candidates: tuple[str, ...]
    params: tuple[str, ...]
    problem: str | None
    uses: tuple[RuleUse, ...]


def listed_rules(rules: tuple[RuleUse, ...] | list[RuleUse]) -> list[ListedRule]:
    """A unit's rule uses grouped by the rule and the text they name, in the data's order.

    >>> src = Source("a.cat", 1, 1)
    >>> uses = [RuleUse("Fear", "Fear", "Ghosts", "link", src), RuleUse("Fear", "Fear", "Ghosts > Ghost", "characteristic", src)]
    >>> [(r.text, [u.carrier for u in r.uses]) for r in listed_rules(uses)]
    [('Fear', ['Ghosts', 'Ghosts > Ghost'])]
    """
    groups: dict[tuple[str, str], list[RuleUse]] = {}
    for use in rules:
        groups.setdefault((use.rule or use.name.casefold(), " ".join(use.text.casefold().split())), []).append(use)
    out = []
    for uses in groups.values():
        first = uses[0]
        problem = next((u.problem for u in uses if u.problem), None)
        out.append(ListedRule(first.name, first.text, first.rule, first.candidates, first.params, problem, tuple(uses)))
    return out


def unit_index(armies: dict[str, tuple[ArmyBook, ...]]) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """The units of a build's army data as the store keeps them, for a warm ``resolve --unit``:
    system -> folded name -> units, each ``{name, army, file, line, column, rules}`` (its
    rules with what carries each; one per army book that has it, several being an
    ambiguity the referee asks about, never settles)."""
    out: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for system, books in armies.items():
        names = out.setdefault(system, {})
        for book in books:
            for unit in book.units:
                names.setdefault(fold(unit.name), []).append(_unit(unit))
    return out


def _unit(unit: Unit) -> dict[str, Any]:
    return {
        "name": unit.name,
        "army": unit.army,
        "file": unit.source.file,
        "line": unit.source.line,
        "column": unit.source.column,
        "rules": [_use(unit, use) for use in unit.rules],
    }


def _use(unit: Unit, use: Any) -> dict[str, Any]:
    return {
        "rule": use.rule,
        "name": use.name,
        "params": list(use.params),
        "text": use.text,
        "via": carried_by(unit.name, unit.models, use.carrier),
        "carrier": use.carrier,
        "part": use.part,
        "candidates": list(use.candidates),
        "problem": use.problem,
        "file": use.source.file,
        "line": use.source.line,
        "column": use.source.column,
    }


def carried_by(unit: str, models: tuple[str, ...], carrier: str) -> str | None:
    """The weapon or option that carries a rule, or None when the unit or one of its models does.

    >>> carried_by("Spearmen", ("Spearman",), "Spearmen > Spearman > Spear")
    'Spear'
    >>> carried_by("Spearmen", ("Spearman",), "Spearmen > Spearman"), carried_by("Ghost", ("Ghost",), "Ghost")
    (None, None)
    """
    last = carrier.rsplit(" > ", 1)[-1].strip()
    return None if last == unit or last in models else last
