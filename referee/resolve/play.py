"""What is in play on each side: the rules named, what they grant, what is lost.

Each side starts from :class:`Pick` values (a rule and its parameters, as a
keyword string names them or as unit data will feed them) and follows the
graph's ``grants`` relations, keeping for every rule the chain that brought
it in (each step cited).  A grant whose condition does not hold in the
situation brings nothing in: its rule is listed as inactive, with the
reason.  A ``loses`` relation whose conditions hold takes a rule out the
same way.  Several instances of one rule are merged into one entry; the
principles decide whether they add up (:mod:`referee.resolve.principles`).
"""

from __future__ import annotations

import re
from collections import ChainMap, deque

from referee.graph.kinds import kind_key
from referee.graph.not_counted import not_counted_as
from referee.resolve.called import granted_as
from referee.resolve.found import name_folded, searched
from referee.patterns import lazy
from referee.resolve.ruling import quote
from referee.resolve.situation import FAILS, HOLDS, holds, why_not
from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Container, Iterator, Mapping
    from typing import Any

    from referee.store.book import Book


class Pick:
    """One rule a model or unit has: its id, its parameters as written, and where it was named.

    A value (equal and hashed by its fields).  Unit data (a BattleScribe
    unit) gives picks directly; a keyword string gives them through
    :func:`referee.resolve.naming.picks`.

    ``carrier``, for a pick from unit data, says what carries the rule:
    ``{"unit", "weapon", "text", "source"}`` (``weapon`` the weapon or
    option, None when the unit or its model has the rule itself).

    >>> Pick("t9a/channel", ("1",), "Channel (1)")
    Pick(rule='t9a/channel', params=('1',), text='Channel (1)', span=None)
    """

    __slots__ = ("rule", "params", "text", "span", "carrier")

    def __init__(self, rule: str, params: tuple[str, ...] = (), text: str = "", span: tuple[int, int] | None = None,
                 carrier: dict[str, Any] | None = None) -> None:
        self.rule, self.params, self.text, self.span, self.carrier = rule, tuple(params), text, span, carrier

    def _key(self) -> tuple[Any, ...]:
        return (self.rule, self.params, self.text, self.span, repr(self.carrier))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pick) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Pick(rule={self.rule!r}, params={self.params!r}, text={self.text!r}, span={self.span!r})"


class InPlay:
    """A rule in play on one side, with every instance of it.

    ``instances`` holds the parameters of each instance, ``chains`` the grant
    chain of each (empty when named directly), ``instance_conditions`` the
    conditions the situation cannot decide for each; ``via`` and
    ``conditions`` are the first instance's (how the rule came in first).
    """

    __slots__ = ("rule", "name", "side", "instances", "chains", "instance_conditions", "carriers", "defined")

    def __init__(self, rule: str, name: str, side: str, via: list[dict[str, Any]] | None = None,
                 instances: list[tuple[str, ...]] | None = None, conditions: list[str] | None = None) -> None:
        self.rule, self.name, self.side = rule, name, side
        # False for a name the system's documents give no rule of: a game term some rule is stated
        # against, or a rule a grant names ("A Stomp has Always Strike Last special rule") that no
        # heading defines: in play by its grant, with no words of its own to quote (set by side_in_play)
        self.defined = True
        self.carriers: list[dict[str, Any]] = []  # for a unit's rule: what carries each instance
        self.instances: list[tuple[str, ...]] = []  # the params of each instance
        self.chains: list[list[dict[str, Any]]] = []
        self.instance_conditions: list[list[str]] = []
        for params in instances or []:
            self.add(params, via or [], conditions or [])

    def add(self, params: tuple[str, ...], chain: list[dict[str, Any]], conditions: list[str]) -> None:
        """One more instance of the rule: its parameters, how it came in, and what it is under."""
        self.instances.append(tuple(params))
        self.chains.append(chain)
        self.instance_conditions.append(list(conditions))

    @property
    def via(self) -> list[dict[str, Any]]:
        return self.chains[0] if self.chains else []

    @property
    def conditions(self) -> list[str]:
        return self.instance_conditions[0] if self.instance_conditions else []

    def shown(self, index: int, names: bool = True) -> str:
        """One instance as a referee says it: "Stealth (+1) via Swarms"."""
        params = self.instances[index]
        said = f"{self.name} ({', '.join(params)})" if params else self.name
        chain = self.chains[index]
        return said + (" via " + " > ".join(step["name"] for step in chain) if chain and names else "")

    def to_json(self, params: list[str] | None = None, set_aside: str | None = None, forbidden: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "name": self.name,
            "rule": self.rule,
            "via": self.via,
            "params": params if params is not None else [list(p) for p in self.instances],
            "instances": len(self.instances),
            "each": [
                {"params": list(p), "via": chain, "conditions": conds}
                for p, chain, conds in zip(self.instances, self.chains, self.instance_conditions)
            ],
            "conditions": self.conditions,
            "set_aside": set_aside,
            # in play, its use barred here by a prohibition in force (set_aside says so too): the forbidding sentence
            "forbidden": forbidden if set_aside else None,
            "carriers": self.carriers,
            "defined": self.defined,
        }


class Inactive:
    """A rule that would be in play but is not, here: why, and the sentence that says so."""

    __slots__ = ("rule", "name", "side", "reason", "citation", "via", "relation", "lost_by", "stated")

    def __init__(self, rule: str, name: str, side: str, reason: str, citation: dict[str, Any],
                 via: list[dict[str, Any]] | None = None, relation: str | None = None, lost_by: dict[str, Any] | None = None) -> None:
        self.rule, self.name, self.side, self.reason, self.citation = rule, name, side, reason, citation
        self.via = via or []
        self.relation = relation  # the kind of a relation that does not apply here (the rule stays in play)
        self.lost_by = lost_by  # the ``loses`` relation of another rule in play that took this one out
        self.stated: tuple[str, str] | None = None  # a modifier that does not apply here: its stat and value

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rule": self.rule, "relation": self.relation, "reason": self.reason, "via": self.via, "citation": self.citation}


class Side:
    """One side's rules in play, in the order they came in, and those inactive here."""

    __slots__ = ("name", "rules", "inactive", "states")

    def __init__(self, name: str) -> None:
        self.name = name
        self.rules: dict[str, InPlay] = {}
        self.inactive: list[Inactive] = []
        # a situation flag the side's rules say it is in ("Reserve units count as moved") -> (the rule,
        # its relation, the words of that relation's conditions the situation cannot tell)
        self.states: dict[str, tuple[str, dict[str, Any], list[str]]] = {}

    @property
    def ids(self) -> RuleIds:
        ids = RuleIds(self.rules)
        ids.states = {flag: unknown for flag, (_rid, _rel, unknown) in self.states.items()}
        ids.side = self.name
        return ids


def live(side: Side, aside: Container[tuple[str, str]] | None) -> Iterator[str]:
    """The ids of ``side``'s rules in play, in the order they came in, but those a ruling set aside
    for it (``aside``: (side's name, rule id)): where every pass after the principles starts."""
    return (rid for rid in side.rules if (side.name, rid) not in (aside or ()))


class RuleIds(set):  # type: ignore[type-arg]
    """A side's rule ids, and the situations its rules' words put it in (``states``: flag -> the words
    the situation cannot tell, empty where it holds), read by :func:`referee.resolve.situation.holds`
    for that side's conditions: "Reserve units count as moved" makes "after the unit has moved" hold."""

    states: dict[str, list[str]] = {}
    side = "self"  # whose rules: the --when flags say the acting side's state, not the opponent's


def target_of(rel: dict[str, Any], names: dict[str, str]) -> str | None:
    """The rule a relation concerns; a rule that names itself ("Fleeing loses Scoring", in Scoring) may be kept as words only."""
    if rel["target"] is None and rel["target_name"] and name_folded(rel["target_name"]) == name_folded(names.get(rel["source"], "")):
        return rel["source"]
    return rel["target"]


def step(rel: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """One link of a grant chain: the rule that grants, and its sentence."""
    return {"rule": rel["source"], "name": names.get(rel["source"], rel["source"]), "citation": quote(rel["citation"], names)}


def _undecided(rel: dict[str, Any], flags: tuple[str, ...], mine: set[str], theirs: set[str]) -> tuple[dict[str, Any] | None, list[str]]:
    """The first condition that fails (or None), and the words of those the situation cannot tell."""
    unknown = []
    for cond in rel["conditions"]:
        answer = holds(cond, flags, mine, theirs)
        if answer == FAILS:
            return cond, []
        if answer != HOLDS:
            unknown.append(cond["text"] or cond["situation"])
    return None, unknown


# a rule's name that writes several parameters joined by "|": "Shock teleport X|Y"
_JOINED = lazy(r"(?<![\w|])[A-Z](?:\|[A-Z])+(?![\w|])")


def own_parameters(name: str, params: tuple[str, ...]) -> tuple[str, ...]:
    """An instance's parameters as its rule's name writes them: where the name joins several
    parameters with "|" ("Shock teleport X|Y"), a value written so ("3|4") is that many
    parameters, X 3 and Y 4, never one "3|4".

    >>> own_parameters('Shock teleport X|Y "direction1/direction2"', ("3|4",))
    ('3', '4')
    >>> own_parameters("Stubborn", ("3|4",)), own_parameters("Shock teleport X|Y", ("3|4|5",))
    (('3|4',), ('3|4|5',))
    """
    joined = _JOINED.search(name)
    if joined is None:
        return params
    count = joined.group().count("|") + 1
    out: list[str] = []
    for param in params:
        parts = [p.strip() for p in param.split("|")]
        out.extend(parts if len(parts) == count and all(parts) and len(out) == 0 else [param])
    return tuple(out)


def _restated(entry: InPlay, pick: Pick) -> bool:
    """Whether army data names a rule its unit already has, alike (the unit's list of rules and its
    model's profile both say "Lightning Reflexes"): one rule said twice by the data, not a second
    instance; a weapon's rule, or other parameters, is another instance."""
    carrier = pick.carrier or {}
    return any(c["unit"] == carrier.get("unit") and c["weapon"] == carrier.get("weapon") and c["params"] == list(pick.params)
               for c in entry.carriers)


def side_in_play(view: Book, name: str, picks: list[Pick], flags: tuple[str, ...], theirs: set[str]) -> Side:
    """The rules in play on one side, given the other side's rules (for "against X").

    Each rule's grants are followed once; a grant to a rule already in play
    adds an instance of it (its parameters, its chain), one per granting rule.
    """
    undefined: dict[str, str] = {}  # the names granted that the documents give no rule of, as the grant writes them
    names = ChainMap(undefined, view.rule_names)
    side = Side(name)
    for pick in picks:
        # a game term (no rule of the system: "Flaming Attacks" of the base book) is named as written
        shown = names.get(pick.rule) or pick.text.split("(")[0].strip() or pick.rule
        entry = side.rules.setdefault(pick.rule, InPlay(pick.rule, shown, name))
        if pick.carrier is None or not _restated(entry, pick):
            entry.add(own_parameters(names.get(pick.rule, ""), pick.params), [], [])
        if pick.carrier is not None:
            entry.carriers.append({**pick.carrier, "params": list(pick.params)})
    queue = deque(side.rules)
    done: set[str] = set()
    while queue:
        current = queue.popleft()
        if current in done:
            continue
        done.add(current)
        granting = side.rules[current]
        for target, rels in _grants(view.relations_out(current), current, names).items():
            if target not in names:
                undefined[target] = rels[0]["target_name"]
            held = [(rel, *_undecided(rel, flags, side.ids, theirs)) for rel in rels]
            live = [(rel, unknown) for rel, failed, unknown in held if failed is None]
            if not live:
                rel, failed, _ = held[0]
                if target not in side.rules:
                    chain = [*granting.via, step(rel, names)]
                    side.inactive.append(Inactive(target, names.get(target, target), name, why_not(failed), quote(rel["citation"], names), chain))
                continue
            for rel, failed, _ in held:
                if failed is not None and target in side.rules or failed is not None and live:
                    # a sentence granting it under a condition that fails here: that instance is not in play
                    side.inactive.append(Inactive(target, names.get(target, target), name, why_not(failed), quote(rel["citation"], names),
                                                  [*granting.via, step(rel, names)], relation="grants"))
            kinds = _to_kinds(view, current, live, side)
            for rel, unknown in kinds:
                # each sentence that gives the rule to a kind of unit is an instance for that kind ("Cavalry has
                # Dangerous Terrain (1)", "Chariots has Dangerous Terrain (4)"), said for it unless the side is it
                params = _bound(_params(dict(rel["details"]).get("parameter")), granting.instances)
                granted_as(view, target, rel)
                _bring(side, queue, names, target, name, rel, params, [*granting.via, step(rel, names)], unknown)
            if kinds:
                continue
            rel, unknown = _fitting(live, granting.instances)
            excepted = not_counted_for(view, side, current, rel, granting.instances)
            if excepted is not None:
                # "It does not count as Character regarding Bodyguard": the grant needs what the bearer does not count as
                other, said, needs = excepted
                why = (f"{granting.name} gives it to a {needs}, and {names.get(other['source'], other['source'])} "
                       f"does not count as {needs} regarding {granting.name}")
                side.inactive.append(Inactive(target, names.get(target, target), name, why, quote(other["citation"], names),
                                              [*granting.via, step(rel, names)], relation="grants" if target in side.rules else None))
                continue
            params = _bound(_params(dict(rel["details"]).get("parameter")), granting.instances)
            granted_as(view, target, rel)
            _bring(side, queue, names, target, name, rel, params, [*granting.via, step(rel, names)], unknown)
        for target, rel, params in _bracketed_grants(view, current, granting):
            failed, unknown = _undecided(rel, flags, side.ids, theirs)
            chain = [*granting.via, step(rel, names)]
            if failed is not None:
                if target not in side.rules:
                    side.inactive.append(Inactive(target, names.get(target, target), name, why_not(failed), quote(rel["citation"], names), chain))
                continue
            granted_as(view, target, rel)
            _bring(side, queue, names, target, name, rel, params, chain, unknown)
    _produced(view, side)
    _losses(view, side, flags, theirs)
    read_states(view, side, flags, theirs)
    for entry in side.rules.values():
        entry.defined = entry.rule in view.rule_names
    return side


def read_states(view: Book, side: Side, flags: tuple[str, ...], theirs: set[str]) -> None:
    """The situations the side's rules say its models are in ("Reserve units count as moved": ``grants``
    with ``details`` ``state``), under each sentence's own conditions; a flag given needs none."""
    for rid in side.rules:
        for rel in view.relations_out(rid):
            flag = dict(rel["details"]).get("state") if rel["kind"] == "grants" else None
            if not flag or flag in flags:
                continue
            failed, unknown = _undecided(rel, flags, side.ids, theirs)
            if failed is None and (flag not in side.states or side.states[flag][2] and not unknown):
                side.states[flag] = (rid, rel, unknown)


def not_counted_for(view: Book, side: Side, granting: str, rel: dict[str, Any], instances: list[tuple[str, ...]]) -> tuple[dict[str, Any], Any, str] | None:
    """(the relation, what it says, the word the grant needs) of a rule in play on the side that does not
    count as what a grant of ``granting`` is given to, for that rule's purposes ("It does not count as
    Character regarding Bodyguard", beside "that Character gains Stubborn"), or None.  Its own
    "unless the War Platform is specifically mentioned in the Bodyguard rule" holds where an instance
    of the granting rule names it in its parameters (Bodyguard (War Platform)): then nothing is excepted."""
    granted = " ".join(rel["citation"]["sentence"].split())
    for other in view.relations_in(granting):
        if other["kind"] != "references" or other["source"] not in side.rules or other["source"] == granting:
            continue
        said = not_counted_as(other["citation"]["sentence"])
        if said is None or fold(view.rule_names.get(granting, "")) not in {fold(p) for p in said.purposes}:
            continue
        if not re.search(r"\b" + re.escape(said.what) + r"s?\b", granted, re.I):
            continue
        if said.unless and any(fold(said.unless) in fold(" ".join(params)) for params in instances):
            continue
        return other, said, said.what
    return None


# "its Rending attacks cause Instant Death": a verb by which a rule's attacks or effects
# bring another rule about ("a model that causes Fear" has it: that is no production)
_PRODUCES = lazy(r"(?<!\bthat )(?<!\bwhich )(?<!\bwho )\b(?:cause|causes|causing|inflict|inflicts|inflicting|force|forces|forcing)\b", re.I)


def _produced(view: Book, side: Side) -> None:
    """What a rule in play brings about ("its Rending attacks cause Instant Death") is in play on
    its side too, through that sentence: the other side's immunity to it, or a rule it sets aside,
    meets it as it meets a rule named."""
    names = view.rule_names
    for rid in list(side.rules):
        for rel in view.relations_out(rid):
            target, sentence = rel["target"], rel["citation"]["sentence"]
            if rel["kind"] != "references" or target is None or target in side.rules or not rel["target_name"]:
                continue
            verb = searched(_PRODUCES, sentence)
            if verb is None or fold(sentence).find(fold(rel["target_name"]), verb.end()) < 0:
                continue
            chain = [*side.rules[rid].via, step(rel, names)]
            side.rules[target] = InPlay(target, names.get(target, target), side.name, chain, [()], [])  # its chain quotes how


def _grants(relations: list[dict[str, Any]], current: str, names: Any) -> dict[str, list[dict[str, Any]]]:
    """A rule's grants, by the rule granted (one rule may grant another in several sentences).

    A grant of a name the documents define no rule of ("A Stomp has Always Strike Last special
    rule", in a system with no such heading) is a grant all the same, keyed by the name folded (as a
    game term some rule is stated against is): the rule is in play, granted, with no words of its
    own.  Not such a grant: a state the bearer counts as in ("count as having moved", ``details``
    ``state``), the bracketed parameters a rule grants (``details`` ``grants``), or the granting
    rule's own name ("Some units have the Cowards keyword", of Cowards (X))."""
    out: dict[str, list[dict[str, Any]]] = {}
    for rel in relations:
        if rel["kind"] != "grants":
            continue
        target = rel["target"]
        if target is None and rel["target_name"] and not rel["details"]:
            target = fold(rel["target_name"])
            if not target or _own_name(target, names.get(current, "")):
                continue
        if target is not None and target != current:
            out.setdefault(target, []).append(rel)
    return out


def brings(view: Book, rel: dict[str, Any]) -> bool:
    """Whether a ``grants`` relation brings a rule into play (one the documents define or not)."""
    return bool(_grants([rel], rel["source"], view.rule_names))


def _own_name(folded: str, name: str) -> bool:
    """Whether a folded name is a rule's own, as its heading writes it or without its parameters'
    brackets ("Cowards" of "Cowards (X)": "Some units have the Cowards keyword")."""
    return folded in {fold(name), fold(re.sub(r"\s*\([^()]*\)", "", name))}


# a rule named in square brackets with its own parameters: "[Multiple Wounds (D3, Clipped Wings)]"
_IN_SQUARE = lazy(r"\[([^\[\]]+)\]")


def _bracketed_grants(view: Book, rid: str, entry: InPlay) -> list[tuple[str, dict[str, Any], tuple[str, ...]]]:
    """The rules a rule brings by naming them in brackets, each (rule id, the sentence's relation,
    its parameters): what an instance's brackets name where the rule "gains the Model Rules ...
    stated in brackets" (Devastating Charge (+1 Agility, Flaming Attacks): Flaming Attacks, under
    that sentence's conditions), and what a weapon's profile lists in square brackets ("Range
    12-60", Shots 1, Str 3[7], AP 0[4], [Multiple Wounds (D3, Clipped Wings)]": Multiple Wounds
    (D3, Clipped Wings)).  A number in square brackets ("Str 3[7]") names no rule."""
    system = rid.split("/", 1)[0]
    out: list[tuple[str, dict[str, Any], tuple[str, ...]]] = []
    for rel in view.relations_out(rid):
        details = dict(rel["details"])
        if rel["kind"] == "grants" and details.get("grants") == "its parameters":
            for params in entry.instances:
                for param in params:
                    name, inner = _named(param)
                    for rule in view.lookup(name, system) if name[:1].isalpha() and not _STAT_CHANGE.match(param) else []:
                        if rule["id"] != rid:
                            out.append((rule["id"], rel, inner))
                            break
        elif rel["kind"] == "references" and rel["target"] and rel["target_name"]:
            for listed in _IN_SQUARE.findall(rel["citation"]["sentence"]):
                name, inner = _named(listed)
                if fold(name) == fold(rel["target_name"]):
                    out.append((rel["target"], rel, inner))
                    break
    return out


# a bracket's parameter that is a change of a characteristic ("+1 Agility"), not a rule
_STAT_CHANGE = lazy(r"^\s*[+\-−]\d")


def _named(said: str) -> tuple[str, tuple[str, ...]]:
    """A rule as a bracket names it: "Multiple Wounds (D3, Clipped Wings)" -> its name and parameters."""
    found = re.match(r"^\s*([^()]+?)\s*(\(.*\))?\s*$", said)
    if found is None:
        return said.strip(), ()
    return found.group(1), _params(found.group(2))


def _bring(side: Side, queue: list[str], names: Mapping[str, str], target: str, name: str, rel: dict[str, Any],
           params: tuple[str, ...], chain: list[dict[str, Any]], unknown: list[str]) -> None:
    """A granted rule into play: one more instance of a rule already there (unless the grant
    is one it already came in by), or a new rule whose own grants are then followed."""
    if target in side.rules:
        if not _said_again(side.rules[target], rel):
            side.rules[target].add(params, chain, unknown)
    else:
        side.rules[target] = InPlay(target, names.get(target, target), name, chain, [params], unknown)
        queue.append(target)


def _said_again(entry: InPlay, rel: dict[str, Any]) -> bool:
    """Whether a grant is one an instance already came in by, stated again in another rule's
    text ("Hand Weapons ... can be used alongside a Shield, then giving Parry", in Hand Weapon
    and in Shield): one sentence is one grant, whichever rule's text holds it.  A sentence that is
    only the granted rule's name ("Sweeping Attack.", in two weapons' texts) is each rule's own."""
    words = _folded(rel["citation"]["sentence"])
    if words == _folded(rel["target_name"] or ""):
        return False
    return any(chain and _folded(chain[-1]["citation"]["quote"]) == words for chain in entry.chains)


def _folded(sentence: str) -> str:
    return " ".join(re.findall(r"\w+", fold(sentence)))


_VARIABLE = lazy(r"\b[XYN]\b")


def _to_kinds(view: Book, rid: str, live: list[tuple[dict[str, Any], list[str]]], side: Side) -> list[tuple[dict[str, Any], list[str]]]:
    """The sentences by which a rule grants another, where each gives it to a kind of unit the system's
    documents name (:func:`referee.graph.kinds.kinds_named`): each with "for <kind>" among the words the
    situation cannot tell, unless the side is typed as that kind; none where any grant is to no such kind."""
    subjects = [rel["subject"] for rel, _ in live]
    if not all(subjects):
        return []
    kinds = view.kinds_named(rid.split("/", 1)[0])
    keys = [kind_key(subject) for subject in subjects]
    if not all(key in kinds for key in keys):
        return []
    return [(rel, unknown + ([] if key in side.rules else [f"for {rel['subject']}"])) for (rel, unknown), key in zip(live, keys)]


def _fitting(live: list[tuple[dict[str, Any], list[str]]], instances: list[tuple[str, ...]]) -> tuple[dict[str, Any], list[str]]:
    """Of several sentences by which one rule grants another, the one for the granting instance:
    "A model with Chameleon(X) gets Stealth(+X)" for Chameleon (2), "... have Stealth(+1)" for Chameleon."""
    valued = any(p for p in instances)
    for rel, unknown in live:
        param = dict(rel["details"]).get("parameter") or ""
        if bool(_VARIABLE.search(param)) == valued:
            return rel, unknown
    return live[0]


def _bound(params: tuple[str, ...], instances: list[tuple[str, ...]]) -> tuple[str, ...]:
    """A granted parameter with the granting rule's X put in: "+X" of Chameleon (2) is "+2"."""
    given = next((p for p in instances if len(p) == 1), None)
    if given is None:
        return params
    return tuple(_VARIABLE.sub(given[0].lstrip("+"), p) for p in params)


# subjects that name no circumstance: the rule's own model or unit
PLAIN_SUBJECT = lazy(r"(?:the|this|that|its|each|a|an)?\s*(?:model|unit|models|units|it|they|wielder|weapon)?", re.I)


def bearer_subject(subject: str, name: str) -> bool:
    """Whether a subject names only the rule's own bearer, in the rule's own word ("A Chilled model"
    of Chill, "Any model that is Slowed" of Slow, "Units that use concentration" of Concentrating):
    no circumstance beyond having the rule."""
    stems = {w[:5] for w in re.findall(r"[a-z]+", fold(name)) if len(w) > 3}
    words = re.findall(r"[a-z]+", fold(subject))
    if not stems or len(words) > 6:
        return False
    def named(word: str) -> bool:
        return any(word[: len(stem)] == stem for stem in stems)

    return any(named(w) for w in words) and all(w in _BEARER_WORDS or named(w) for w in words)


_BEARER_WORDS = frozenset({"a", "an", "the", "any", "each", "every", "this", "that", "who", "which", "is", "are", "use", "uses", "using",
                           "with", "model", "models", "unit", "units", "has", "have"})


def _losses(view: Book, side: Side, flags: tuple[str, ...], theirs: set[str]) -> None:
    """``loses`` relations whose conditions hold take their rule out of play ("A unit that is Fleeing loses Scoring")."""
    names = view.rule_names
    for rid in list(side.rules):
        for rel in view.relations_out(rid):
            target = target_of(rel, names)
            if rel["kind"] != "loses" or target not in side.rules:
                continue
            failed, unknown = _undecided(rel, flags, side.ids, theirs)
            if failed is not None:
                continue
            subject = (rel["subject"] or "").strip()
            if not rel["conditions"] and not (subject and PLAIN_SUBJECT.fullmatch(subject)):
                # "A unit that has performed a Post-Combat Reform loses Scoring": who loses it is a
                # circumstance; with no subject read at all, the circumstance was not read either
                unknown = [subject or rel["citation"]["sentence"]]
            if unknown:
                said = f"may be lost: {rel['citation']['sentence']} ({names.get(rid, rid)})"
                if said not in side.rules[target].conditions:
                    side.rules[target].conditions.append(said)
                continue
            lost = side.rules.pop(target)
            when = [c["text"] or c["situation"] for c in rel["conditions"]]
            why = f"lost through {names.get(rid, rid)}" + (f" ({', '.join(dict.fromkeys(when))})" if when else "")
            side.inactive.append(Inactive(target, lost.name, side.name, why, quote(rel["citation"], names), lost.via, lost_by=rel))
            _granted_through(side, target, why, quote(rel["citation"], names))


def _granted_through(side: Side, lost: str, why: str, cited: dict[str, Any]) -> None:
    """What a lost rule granted goes with it: each instance whose grant chain passes through the
    lost rule leaves play (Fly > Swiftstride > Maximised Roll, where Swiftstride is lost); a rule
    with no instance left is listed as not in play, with the loss quoted."""
    gone = [lost]
    while gone:
        through = gone.pop()
        for rid, entry in list(side.rules.items()):
            keep = [at for at, chain in enumerate(entry.chains) if all(step["rule"] != through for step in chain)]
            if len(keep) == len(entry.chains):
                continue
            if not keep:
                side.rules.pop(rid)
                side.inactive.append(Inactive(rid, entry.name, side.name, f"granted through {_chain_name(entry, through)}, {why}", cited, entry.via))
                gone.append(rid)
                continue
            entry.instances = [entry.instances[at] for at in keep]
            entry.chains = [entry.chains[at] for at in keep]
            entry.instance_conditions = [entry.instance_conditions[at] for at in keep]


def _chain_name(entry: InPlay, through: str) -> str:
    """The name of the rule of a grant chain that was lost (as the chain names it)."""
    return next((step["name"] for step in entry.via if step["rule"] == through), through)


def _params(text: str | None) -> tuple[str, ...]:
    """A grant's parameter as written, "(+2 Strength, +2 Armour Penetration)" -> its parts."""
    if not text:
        return ()
    inner = text.strip()
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    return tuple(part.strip() for part in inner.split(",") if part.strip())


def both_sides(view: Book, mine: list[Pick], theirs: list[Pick], flags: tuple[str, ...]) -> tuple[Side, Side]:
    """Both sides in play.  Twice round: what one side has decides the other's "against X"."""
    first = side_in_play(view, "self", mine, flags, {p.rule for p in theirs})
    second = side_in_play(view, "opponent", theirs, flags, first.ids)
    first = side_in_play(view, "self", mine, flags, second.ids)
    return first, second
