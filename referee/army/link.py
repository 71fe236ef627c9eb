"""Armies tied to their rules: BattleScribe units, unit by unit, linked into the rulebase.

Once the rulebase holds every rule of a system, each BattleScribe file of
it is read again as unit drafts (:func:`referee.sources.battlescribe.read_book`,
parsed once per build) and mustered into :class:`~referee.units.Unit`
records:

- a unit's profiles come from the unit, the models in it, and the weapons
  and options it may take, following ``entryLink``\\s into shared entries of
  any file of the system (each profile says what carries it);
- its rules come from keyword characteristics ("Rules: Lightning Reflexes,
  Longbow (3+)"), parsed by the keyword grammar (:mod:`referee.keywords`),
  from ``infoLink``\\s to rules and profiles (a name modifier's appended
  " (9\\", 9\\")" becomes the use's parameters), and from rules written
  inside the unit;
- every rule use names the rule of the system it is (by name or alias), or
  None: lint reports those (:mod:`referee.lint.checks.armies`).

Prose in a keyword field ("A model part can only wear a single Suit of
Armour.") is kept in the profile and read as no rule use.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.units import ArmyBook, BookRule, RuleUse, Unit, UnitProfile

if TYPE_CHECKING:
    from referee.rulebase import Rulebase
    from referee.sources.battlescribe import BookDraft, LinkDraft, PartDraft, ProfileDraft

FORMAT = "battlescribe"
MAX_DEPTH = 12  # entryLinks nest a few levels (unit > mount > weapon); a deeper chain is a loop


def muster(rulebase: Rulebase) -> dict[str, tuple[ArmyBook, ...]]:
    """Every system's army books with their units, tied to the rulebase's rules."""
    out: dict[str, tuple[ArmyBook, ...]] = {}
    for system, manifest in rulebase.manifests.items():
        specs = [s for s in manifest.documents if s.format == FORMAT]
        if specs:
            out[system] = _System(rulebase, system, [_draft(rulebase, system, s) for s in specs]).books()
    return out


def _draft(rulebase: Rulebase, system: str, spec: Any) -> BookDraft:
    from referee.sources import Document
    from referee.sources.battlescribe import read_book

    doc = Document(system, spec.path, spec.format, spec.role, rulebase.texts[spec.path], spec.lang, dict(spec.options))
    return read_book(doc)


def is_prose(text: str) -> bool:
    """Whether a keyword field holds a sentence rather than keywords.

    >>> is_prose("A model part can only wear a single Suit of Armour."), is_prose("Lightning Reflexes, Longbow (3+)")
    (True, False)
    >>> is_prose("Two-Handed . Attacks made with a Great Weapon strike at Initiative Step 0.")
    True
    """
    words = text.split()
    return (text.rstrip().endswith(".") and len(words) >= 5) or ". " in text and len(words) >= 8


class _System:
    def __init__(self, rulebase: Rulebase, system: str, drafts: list[BookDraft]) -> None:
        self.rulebase = rulebase
        self.system = system
        self.drafts = drafts
        self.shared: dict[str, PartDraft] = {}
        self.profiles: dict[str, ProfileDraft] = {}
        self.rule_targets: dict[str, BookRule] = {}
        for draft in drafts:
            self.shared.update(draft.shared)
            self.profiles.update(draft.profiles)
            self.rule_targets.update((r.id, r) for r in draft.rules if r.id)
        self._ids: dict[str, tuple[str, ...]] = {}
        self._parsed: dict[str, Any] = {}

    def parse(self, text: str) -> Any:
        """The keyword grammar's reading of a string, or what is wrong with it.

        Army data repeats its strings unit after unit ("Lightning Reflexes,
        Halberd"): each distinct one is parsed once per system.
        """
        if text not in self._parsed:
            from referee.keywords import KeywordSyntaxError, parse

            try:
                self._parsed[text] = parse(text)
            except KeywordSyntaxError as err:
                self._parsed[text] = "unreadable keyword string: " + str(err).split("\n")[0].removeprefix("error: ")
        return self._parsed[text]

    def rule_ids(self, name: str) -> tuple[str, ...]:
        """The ids of the rules ``name`` names, best first (several: never silently one)."""
        ids = self._ids.get(name)  # by the name as written first: folding costs more than the lookup
        if ids is None:
            found = self.rulebase.lookup(name, self.system) if name.strip() else []
            ids = self._ids[name] = tuple(r.id for r in found)
        return ids

    def rule_id(self, name: str) -> str | None:
        ids = self.rule_ids(name)
        return ids[0] if ids else None

    def books(self) -> tuple[ArmyBook, ...]:
        out = []
        for draft in self.drafts:
            units = tuple(self.unit(part, draft) for part in draft.units)
            rules = tuple(BookRule(r.id, r.name, r.source, r.publication, r.page, self.rule_id(r.name)) for r in draft.rules)
            out.append(
                ArmyBook(draft.name, draft.file, draft.kind, draft.revision, units, rules, tuple(draft.ids), tuple(draft.links))
            )
        return tuple(out)

    # -- a unit ---------------------------------------------------------------

    def unit(self, part: PartDraft, draft: BookDraft) -> Unit:
        walk = _Walk(self, draft.keyword_fields)
        walk.part(part, part.name, 0, frozenset())
        models = tuple(dict.fromkeys(walk.models)) or ((part.name,) if part.type == "model" else ())
        return Unit(part.id, part.name, draft.name, part.type, part.source, models, tuple(walk.profiles), tuple(walk.uses.values()))


class _Walk:
    """One unit's parts, from the unit down, gathering profiles and rule uses."""

    def __init__(self, system: _System, fields: tuple[str, ...]) -> None:
        self.system = system
        self.fields = {f.casefold() for f in fields}
        self.models: list[str] = []
        self.profiles: list[UnitProfile] = []
        self.uses: dict[tuple[str, str, str, str | None], RuleUse] = {}  # (text, carrier, via, part): one use each

    def part(self, part: PartDraft, carrier: str, depth: int, seen: frozenset[str]) -> None:
        if depth > MAX_DEPTH or part.id in seen:
            return
        seen = seen | {part.id}
        for profile in part.profiles:
            self.profile(profile, carrier)
        for name, source in part.rules:
            self.add(self.use(name, name, None, carrier, "rule", source))
        for link in part.info:
            self.info(link, carrier)
        for link in part.includes:
            target = self.system.shared.get(link.target)
            if target is not None:
                self.part(target, f"{carrier} > {link.name}", depth + 1, seen)
        for child in part.children:
            if child.type == "model":
                self.models.append(child.name)
            inner = carrier if child.type == "group" else f"{carrier} > {child.name}"
            self.part(child, inner, depth + 1, seen)

    def profile(self, profile: ProfileDraft, carrier: str) -> None:
        values = tuple((k, v) for k, v, _ in profile.characteristics)
        self.profiles.append(UnitProfile(profile.name, profile.type, values, carrier, profile.source))
        part = model_part(profile.name, profile.type)
        for key, value, original in profile.characteristics:
            if value and key.casefold() in self.fields and not is_prose(value):
                for use in self.keywords(value, original, carrier, profile.source):
                    self.add(_with(use, part=part) if part else use)

    def info(self, link: LinkDraft, carrier: str) -> None:
        if link.type == "profile":
            profile = self.system.profiles.get(link.target)
            if profile is not None:
                self.profile(profile, f"{carrier} > {profile.name}")
        elif link.type not in ("rule", ""):
            return
        uses = self.keywords(link.name, link.original, carrier, link.source, via="link", target=link.target)
        known = link.target in self.system.rule_targets or link.target in self.system.profiles
        for use in uses:
            if not known:
                use = _with(use, problem=f"its infoLink points at id {link.target!r}, which no file of the system defines")
            self.add(use)

    def keywords(
        self, text: str, original: str | None, carrier: str, source: Any, via: str = "characteristic", target: str | None = None
    ) -> list[RuleUse]:
        """The rule uses of one keyword string; an unreadable one is one use with its problem."""
        parsed = self.system.parse(text)
        if isinstance(parsed, str):
            return [self.use(text, text, original, carrier, via, source, target=target, problem=parsed)]
        out = []
        for kw in parsed:
            if kw.name is not None:
                out.append(self.use(kw.name, kw.text, original, carrier, via, source, kw.args, target))
            # bare values ("12\"") are characteristics, not rules; but the keywords of a
            # second profile ("[Multiple Wounds (D3, Clipped Wings)]") are rules its carrier has
            for inner in _second_profile_keywords(kw.args):
                out.append(self.use(inner.name, f"[{inner}]", original, carrier, via, source, inner.args, target))
        return out

    def use(
        self, name: str, text: str, original: str | None, carrier: str, via: str, source: Any,
        args: tuple[Any, ...] = (), target: str | None = None, problem: str | None = None,
    ) -> RuleUse:  # fmt: skip
        params = tuple(str(a) for a in args)
        ids = self.system.rule_ids(name)
        return RuleUse(
            name, text, carrier, via, source, args, params, original, target, ids[0] if ids else None, problem, ids if len(ids) > 1 else ()
        )

    def add(self, use: RuleUse) -> None:
        self.uses.setdefault((use.text, use.carrier, use.via, use.part), use)


def model_part(profile: str, kind: str) -> str | None:
    """The model part a profile is of, where its name is the part's and its type's ("Elven Horse
    Offensive" of type "3 Offensive": the Elven Horse, a rider's mount), else None.

    >>> model_part("Elven Horse Offensive", "3 Offensive"), model_part("Elein Reaver Global", "1 Global")
    ('Elven Horse', 'Elein Reaver')
    >>> model_part("Light Lance", "5 Melee Weapon") is None, model_part("Offensive", "3 Offensive") is None
    (True, True)
    """
    words = " ".join(w for w in kind.split() if not w.isdigit())
    if not words or not profile.casefold().endswith(" " + words.casefold()):
        return None
    return profile[: -len(words)].strip() or None


def _second_profile_keywords(args: tuple[Any, ...]) -> list[Any]:
    """The keywords written inside a second profile's brackets, among ``args``.

    >>> from referee.keywords import parse
    >>> [str(k) for k in _second_profile_keywords(parse("[Multiple Wounds (D3, Clipped Wings)]")[0].args)]
    ['Multiple Wounds (D3, Clipped Wings)']
    """
    from referee.keywords.values import Keyword, SecondProfile

    return [inner for arg in args if isinstance(arg, SecondProfile) for inner in arg.args if isinstance(inner, Keyword)]


def _with(use: RuleUse, **changes: Any) -> RuleUse:
    return replace(use, **changes)
