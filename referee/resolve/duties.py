"""What the rules in play oblige and forbid: every ``must`` and ``cannot`` of a rule in play, applied.

A prohibition or obligation whose conditions hold (or that the situation
cannot tell: its words are kept) is in force, quoted, with whom it binds
(the sentence's subject: "Units that used the advance move" is a
circumstance the situation cannot tell, kept as a condition).  One whose
conditions fail is listed as not applying here, with the reason.  A
prohibition of the very action the situation names ("unable to shoot",
``--when shooting``) is ruled on: cannot beats can, the action is forbidden
here, as far as its conditions hold.
"""

from __future__ import annotations

import re

from referee.graph.situations import SITUATIONS, subject_conditions
from referee.patterns import lazy
from referee.resolve.meeting import ALONGSIDE, action_words, binds_other_side, sentences
from referee.resolve.conceded import concession_rulings
from referee.resolve.found import name_folded
from referee.resolve.permitted import permitted_actions
from referee.resolve.play import PLAIN_SUBJECT, Inactive, Side, live, target_of
from referee.resolve.ruled_out import shot_even_in_melee
from referee.resolve.ruling import Ruling, Unresolved, conditions, quote
from referee.resolve.scope import bearer_permission, words_name
from referee.resolve.situation import APART, OPPOSITES, judge, why_not
from referee.text import USES, fold, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping
    from typing import Any

    from referee.store.book import Book

# an action's verb -> the situation flag in which it is done
_ACTIONS = (
    (lazy(r"^(?:shoot|shoots|shooting|fire|fires|make\s+(?:a\s+)?shooting|stand\s+and\s+shoot)\b", re.I), "shooting"),
    (lazy(r"^(?:fight|fights|strike|strikes|make\s+(?:close\s+combat|melee)\s+attacks?)\b", re.I), "melee"),
    (lazy(r"^(?:charge|charges|declare\s+(?:a\s+)?charges?)\b", re.I), "charging"),
    (lazy(r"^(?:move|moves|march|marches)\b", re.I), "moved"),
)


def situation_of_action(action: str) -> str | None:
    """The ``--when`` flag an action is done in: "shoot" -> shooting, "declare Charges" -> charging."""
    for pattern, flag in _ACTIONS:
        if pattern.match(action.strip()):
            return flag
    return None


# "This rule cannot be used if the unit marched": the rule itself, its use forbidden.  What bears the
# rule is not the rule: "The attack cannot be used for a Stand and Shoot Charge Reaction" (Reload!)
# is Reload!'s own prohibition on its attack, in force while Reload! is in play (``duties``)
_OWN_THING = lazy(r"^(?:the|this|that)\s+(?:rule|special\s+rule|ability)s?$", re.I)
_BE_USED = lazy(r"^be\s+used\b", re.I)


def own_use(rel: dict[str, Any]) -> bool:
    """Whether a prohibition forbids using the rule itself ("This rule cannot be used if the unit
    marched"): then it sets the rule aside, under its conditions.  A prohibition on what bears the
    rule ("The attack cannot be used for a Stand and Shoot Charge Reaction", of Reload!) is none: the
    rule is in play, and it is what forbids."""
    action = dict(rel["details"]).get("action") or ""
    return rel["kind"] == "cannot" and rel["target"] is None and bool(_BE_USED.match(action)) and bool(_OWN_THING.match((rel["subject"] or "").strip()))


def _forbids_rule(rel: dict[str, Any], target: str | None, mine: Side) -> bool:
    """Whether a relation forbids using a rule its side has ("cannot Volley Fire"), rather than an
    action that names a rule ("cannot disembark as part of a Scout redeployment")."""
    if rel["kind"] != "cannot" or target not in mine.rules:
        return False
    action = dict(rel["details"]).get("action")
    return not action or action_words(action) - _USING == action_words(rel["target_name"] or "")


# the words of using a thing around its name: "choose to use the Hand Weapon" is a use of Hand Weapon
_USING = frozenset({"choose", "to", "use", "be", "equipped", "with", "wield", "carry"})
# "If a model has any Close Combat Weapon other than a Hand Weapon": rules of a category on its side
_OF_CATEGORY = lazy(r"\b(?:has|have|is\s+equipped\s+with|carries)\s+(?:any|a|an)\s+(?P<category>[A-Z][\w -]*?)\s+other\s+than\s+(?:a\s+|an\s+|the\s+)?(?P<other>[A-Z][\w -]*)", re.I)


def _one(words: str) -> str:
    """A category's words in the singular: "ranged weapons" -> "ranged weapon"."""
    return next(iter(singulars(words)), words)


def same_kind(category: str, named: str) -> bool:
    """Whether a rule's category (folded, singular) is the kind a condition names: the same words,
    or both name one kind of thing by what it is used for ("melee weapon" and "close combat weapon":
    weapons struck with in melee).

    >>> same_kind("melee weapon", "close combat weapon"), same_kind("shooting weapon", "close combat weapon")
    (True, False)
    >>> same_kind("global", "close combat weapon"), same_kind("close combat weapon", "close combat weapon")
    (False, True)
    """
    if category == named:
        return True
    use = _used_for(category)
    return use is not None and use == _used_for(named)


def _used_for(kind: str) -> tuple[str, str] | None:
    """(what a kind of thing is used for, what it is) where its first words say a use: "close combat
    weapon" -> ("melee", "weapon"), or None."""
    head, _, last = kind.rpartition(" ")
    return (USES[head], last) if head in USES else None




def _let_beside(view: Book, mine: Side, forbidden: str, holder: str) -> tuple[str, str] | None:
    """(the rule, the sentence) by which a rule in play on the side lets the forbidden rule be used
    beside a rule whose presence would forbid it ("Hand Weapons wielded by models on foot can be used
    alongside a Shield", beside "If a model has any Close Combat Weapon other than a Hand Weapon, it
    cannot choose to use the Hand Weapon (unless specifically stated)"): the text's own exception."""
    wanted, beside = fold(view.rule_names.get(forbidden, "")), fold(view.rule_names.get(holder, ""))
    if not wanted or not beside:
        return None
    for rid in mine.rules:
        rule = view.get(rid) or {}
        for version in rule.get("versions") or [{"text": rule.get("text")}]:
            for said in sentences(version.get("text") or ""):
                found = ALONGSIDE.search(said)
                if found is None:
                    continue
                before, after = fold(said[: found.start()]), fold(said[found.end() :])
                if re.search(r"\b" + re.escape(wanted) + r"s?\b", before) and re.search(r"^\W*(?:(?:a|an|the)\s+)?" + re.escape(beside) + r"s?\b", after):
                    return rid, said
    return None


def _its_own_thing(rule: dict[str, Any], thing: str) -> bool:
    """Whether a rule's own words speak of it as the thing its category names ("Attacks made with
    this weapon gain +1 Strength", of a weapon; "Attacks made with a Halberd"): a category read in
    other words than the condition's is borne out by them, a layout's heading alone is not."""
    name = fold(rule.get("name") or "")
    text = fold(" ".join(v.get("text") or "" for v in rule.get("versions") or [{"text": rule.get("text")}]))
    if re.search(r"\b(?:this|that|the\s+same)\s+" + re.escape(thing) + r"s?\b", text):
        return True
    return bool(name) and re.search(r"\b(?:made|struck|fought|attacks?)\s+with\s+(?:a|an|the|this)?\s*" + re.escape(name) + r"s?\b", text) is not None


def _category_holders(view: Book, rel: dict[str, Any], mine: Side, forbidden: str) -> tuple[list[dict[str, Any]], list[str] | None, list[tuple[str, str, str]]]:
    """A condition that speaks of rules of a category on the rule's side ("if a model has any Close
    Combat Weapon other than a Hand Weapon"): (the relation's other conditions, the rules in play on
    that side of that category, other than the one excepted; or None when no condition says so; the
    rules of that category a rule in play lets the forbidden rule be used beside, each (rule, the rule
    that says so, its sentence)).  A rule whose category is another word for the kind ("Melee
    Weapon", of "Close Combat Weapon") is one, unless its profile says it is used otherwise (a
    Range: shot)."""
    for at, cond in enumerate(rel["conditions"]):
        found = _OF_CATEGORY.search(cond["text"] or "") if cond["situation"] == "other" else None
        if found is None:
            continue
        category, other = _one(fold(found.group("category"))), fold(found.group("other")).strip()
        use = _used_for(category)
        holders, excused = [], []
        for rid in mine.rules:
            rule = view.get(rid) or {}
            if not same_kind(_one(fold(rule.get("category") or "")), category) or fold(view.rule_names.get(rid, "")) == other:
                continue
            used = _weapon_kind(view, rule) if use is not None else None
            if used is not None and used != use[0]:
                continue  # filed under the kind, but its profile says it is shot
            if use is not None and _one(fold(rule.get("category") or "")) != category and not _its_own_thing(rule, use[1]):
                continue  # another word for the kind, which its own words do not bear out ("+2 Armor" under "Melee Weapon")
            beside = _let_beside(view, mine, forbidden, rid)
            if beside is not None:
                excused.append((rid, *beside))
            else:
                holders.append(rid)
        return rel["conditions"][:at] + rel["conditions"][at + 1 :], holders, excused
    return rel["conditions"], None, []


def forbidden_rules(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...]) -> tuple[list[Ruling], list[tuple[Any, ...]], list[Inactive]]:
    """A prohibition of using a rule of its own side ("A unit cannot Volley Fire if it moved earlier
    in the turn"): where its conditions hold, that rule is set aside (cannot beats can); where the
    situation cannot tell, the ruling says "if ...".  Returns (rulings, (side, rule id, why) to set
    aside, the prohibitions whose conditions fail here)."""
    names = view.rule_names
    rulings: list[Ruling] = []
    aside: list[tuple[Any, ...]] = []
    idle: list[Inactive] = []
    for mine, theirs in (sides, sides[::-1]):
        for rid in mine.rules:
            for rel in view.relations_out(rid):
                target, action = target_of(rel, names), dict(rel["details"]).get("action")
                if own_use(rel):
                    target = rid
                elif not _forbids_rule(rel, target, mine) or any(a[:2] == (mine.name, target) for a in aside):
                    continue
                rest, holders, excused = _category_holders(view, rel, mine, target)
                failed, unknown = judge(rest, flags, mine.ids, theirs.ids)
                cited = quote(rel["citation"], names)
                shown = names.get(target, target)
                if failed is None and holders == []:
                    words = next(c["text"] for c in rel["conditions"] if c not in rest)
                    said = f"{names.get(rid, rid)} forbids {shown} only {words[:1].lower() + words[1:]}: "
                    if excused:
                        # "can be used alongside a Shield": the text lets it stand beside the rule that would forbid it
                        held, by, sentence = excused[0]
                        said += f"{names.get(by, by)}'s words let {shown} be used alongside {names.get(held, held)} (\"{sentence.strip()}\")"
                        idle.append(Inactive(target, shown, mine.name, said, cited, relation="cannot"))
                        continue
                    said += "no such rule of this side is in play"
                    idle.append(Inactive(target, shown, mine.name, said, cited, relation="cannot"))
                    continue
                if failed is not None:
                    idle.append(Inactive(target, shown, mine.name, f"{names.get(rid, rid)} forbids {shown} {why_not(failed)}", cited, relation="cannot"))
                    continue
                by = [names.get(h, h) for h in holders or []]
                outcome = (f"{shown} cannot be used{',' + conditions(unknown) if unknown else ''}: "
                           + (f"{names.get(rid, rid)} forbids it where {' and '.join(by)} {'is' if len(by) == 1 else 'are'} there" if by else f"{names.get(rid, rid)} forbids it")
                           + ", and cannot beats can")
                # a rule's own "cannot" of itself: the rule whose presence the condition names wins, else none
                winner = by[0] if len(by) == 1 else (names.get(rid, rid) if rid != target else None)
                rulings.append(Ruling(list(dict.fromkeys([*by, names.get(rid, rid), shown])), winner, "cannot-beats-can", outcome, [cited], unknown, [mine.name],
                                      relation=cited if winner else None))
                if not unknown:
                    aside.append((mine.name, target, outcome, cited))  # the forbidding sentence: in play, its use barred
    return rulings, aside, idle


# the verbs of being given or using a thing: "do not receive orders" forbids what the rest names; "cannot cast spells"
_GIVEN = frozenset({"receive", "be", "given", "issued", "use", "get", "cast"})


def _forbidden_kind(view: Book, rel: dict[str, Any], mine: Side, rid: str) -> list[str]:
    """The rules of ``mine`` of the kind a prohibition names by their category ("Reserve units ... do
    not receive orders": the side's orders, Taking cover among them), other than the rule itself."""
    kind = _kind_named(rel)
    return [other for other in mine.rules if other != rid and kind and _of_kind(view, view.get(other) or {}, kind)]


def _kind_named(rel: dict[str, Any]) -> str:
    """The kind of rule a prohibition of being given or using things names ("do not receive
    orders": order; "cannot use Shooting Weapons": shooting weapon), folded and singular, or ""."""
    words = name_folded(dict(rel["details"]).get("action") or "").split()
    if rel["kind"] != "cannot" or len(words) < 2 or words[0] not in _GIVEN or rel["target"]:
        return ""
    return _one(" ".join(w for w in words if w not in _GIVEN))


def of_kind_words(category: str, kind: str, used_for: str | None) -> bool:
    """Whether a rule of ``category`` (folded, singular), used for ``used_for`` (a situation flag, or
    None), is of the kind a prohibition names (folded, singular): the same words, or the kind is
    the category's head ("weapon" of a Close Combat Weapon), or the kind's first words say what the
    weapon is used for and the rule is used so ("shooting weapon" of a Pistol whose profile states
    a Range, whatever heading it stands under).

    >>> of_kind_words("close combat weapon", "weapon", "melee"), of_kind_words("order", "weapon", None)
    (True, False)
    >>> of_kind_words("close combat weapon", "shooting weapon", "shooting"), of_kind_words("close combat weapon", "shooting weapon", None)
    (True, False)
    """
    if not kind or not category:
        return False
    if category == kind or category.endswith(" " + kind):
        return True
    head, _, use = kind.rpartition(" ")
    return bool(head) and used_for is not None and category.split()[-1] == use and USES.get(head) == used_for




def _of_kind(view: Book, rule: dict[str, Any], kind: str) -> str | None:
    """Why a rule is of the kind a prohibition names ("cannot use Weapons": a Halberd, its category
    Close Combat Weapon; "cannot use Shooting Weapons": a Pistol, whose profile states a Range; "cannot
    cast spells": Ward, whose own first words are "A spell with Ward"), or None."""
    borne = _BORNE_BY.match(rule.get("text") or "")
    if borne is not None and _one(fold(borne.group("kind"))) == kind and fold(borne.group("name")).startswith(fold(rule.get("name") or "?")):
        return f"its bearer, by its own words: {' '.join(borne.group(0).split())}"
    category = _one(fold(rule.get("category") or ""))
    used = _weapon_kind(view, rule) if category else None
    if not of_kind_words(category, kind, used):
        return None
    said = f"its category: {rule.get('category')}"
    return said if category == kind or category.endswith(" " + kind) else f"{said}{_BY_USE}{used}"


# a rule's first words that say what bears it: "A spell with Ward, if cast in response ...": Ward is a spell's
_BORNE_BY = lazy(r"^\s*(?i:a|an|any|each)\s+(?P<kind>[a-z][\w -]*?)\s+with\s+(?:the\s+)?(?P<name>[A-Z][\w'’ -]*?)(?=[\s,.;:]|$)")


# how a rule is of a kind only by what it is used for, its category named otherwise
_BY_USE = ", used for "


def _another_kind(category: str) -> bool:
    """Whether a category (folded, singular) names a kind of weapon by words that are no use
    ("artillery weapon"), rather than a use its profile may contradict ("close combat weapon" of
    a weapon whose profile states a Range: the heading is no word on what it is) or no weapon at all.

    >>> _another_kind("artillery weapon"), _another_kind("close combat weapon"), _another_kind("hand weapon"), _another_kind("global")
    (True, False, False, False)
    """
    head, _, last = category.rpartition(" ")
    return last == "weapon" and bool(head) and head not in USES and head not in _HELD_IN_HAND


# the words of a category that say a weapon is held to strike with: a heading a shot weapon stands
# under by the adapter's reading ("Hand Weapon" of a Sling) says nothing of what else it is
_HELD_IN_HAND = frozenset({"hand", "great", "two-handed", "additional hand", "paired"})


def _named_by_action(view: Book, rel: dict[str, Any], theirs: Side) -> str | None:
    """The other side's rule whose name an action binding that side opens with ("Enemies cannot
    counter-attack a completely invisible unit": Counter-Attack), or None."""
    said = fold(dict(rel["details"]).get("action") or "")
    for other in theirs.rules:
        name = fold(view.rule_names.get(other, ""))
        if len(name) > 3 and (said == name or said.startswith(name + " ")):
            return other
    return None


def _in_force(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], held: Any) -> Iterator[tuple[Side, Side, str, dict[str, Any], list[str], list[Any]]]:
    """Each relation of a rule in play that ``held(rel, mine, theirs, rid)`` finds rules for, whose
    conditions the situation does not rule out: (its side, the other, the rule, the relation, the
    conditions the situation cannot tell, the rules it holds)."""
    for mine, theirs in (sides, sides[::-1]):
        for rid in mine.rules:
            for rel in view.relations_out(rid):
                found = held(rel, mine, theirs, rid)
                if not found:
                    continue
                failed, unknown = judge(rel["conditions"], flags, mine.ids, theirs.ids)
                if failed is None:
                    yield mine, theirs, rid, rel, unknown, found


def _not_in_force(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], held: Any) -> Iterator[tuple[Side, Side, str, dict[str, Any], dict[str, Any], list[Any]]]:
    """Each relation of a rule in play that ``held`` finds rules for, whose conditions the situation
    rules out: (its side, the other, the rule, the relation, the condition that fails, the rules)."""
    for mine, theirs in (sides, sides[::-1]):
        for rid in mine.rules:
            for rel in view.relations_out(rid):
                found = held(rel, mine, theirs, rid)
                if found:
                    failed, _unknown = judge(rel["conditions"], flags, mine.ids, theirs.ids)
                    if failed is not None:
                        yield mine, theirs, rid, rel, failed, found


def forbidden_to_the_other_side(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...]) -> tuple[list[Ruling], list[tuple[Any, ...]]]:
    """A prohibition binding the other side whose action is using one of that side's rules ("Enemies
    cannot counter-attack a completely invisible unit", of Invisibility, against Counter-Attack): that
    rule is set aside there, cannot beats can, quoted; where the situation cannot tell, "if ..."."""
    names = view.rule_names

    def held(rel: dict[str, Any], mine: Side, theirs: Side, rid: str) -> list[str]:
        if rel["kind"] != "cannot" or not binds_other_side(rel, names):
            return []
        other = _named_by_action(view, rel, theirs)
        return [other] if other is not None and other != rid else []

    rulings: list[Ruling] = []
    aside: list[tuple[Any, ...]] = []
    for mine, theirs, rid, rel, unknown, (other,) in _in_force(view, sides, flags, held):
        action = dict(rel["details"])["action"]
        outcome = (f"{names.get(rid, rid)} prevails over {names.get(other, other)}{',' + conditions(unknown) if unknown else ''}: "
                   f"{rel['subject'] or 'the other side'} cannot {action}; cannot beats can")
        rulings.append(Ruling([names.get(rid, rid), names.get(other, other)], names.get(rid, rid), "cannot-beats-can", outcome,
                              [quote(rel["citation"], names)], unknown, [mine.name, theirs.name], relation=quote(rel["citation"], names)))
        if not unknown:
            aside.append((theirs.name, other, outcome, quote(rel["citation"], names)))
    return rulings, aside


# "they cannot be attacked by any other model": a prohibition, in the passive, of what others do to its bearers
_DONE_BY_OTHERS = lazy(r"^be\s+(?P<verb>attacked|fought|struck|shot(?:\s+at)?|targeted|charged)\s+by\s+(?:any\s+)?(?:other|enemy|enemies)\b", re.I)
_DONE = {"attacked": "melee", "fought": "melee", "struck": "melee", "shot": "shooting", "shot at": "shooting", "targeted": "shooting", "charged": "charging"}
# bearers the same sentence sets against one another ("These two characters must direct all of their attacks against each other"):
# foes, so one of them is the enemy of either side, and the prohibition reaches the ways of the bearing side too
_FOES = lazy(r"\b(?:attacks?|fights?|strikes?|duels?)\b[^.;—]*\b(?:each\s+other|one\s+another)\b", re.I)
# a way of fighting whose own words make it the attack of models behind those that fight ("supporting attacks", "an extra rank"):
# other models than the bearers set against each other, which their own attacks (a breath, a stomp "in base contact") are not
_FROM_BEHIND = lazy(r"\bsupporting\s+attacks?\b|\bbehind\s+(?:a|an|the)\s+friendly\s+model\b|\b(?:extra|second|third|rear)\s+ranks?\b", re.I)


_ORDER = ("self", "opponent")


def forbidden_to_others(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], quote_rule: Any = None) -> list[Ruling]:
    """A prohibition of what others do to the rule's bearers ("These two characters must direct all
    of their attacks against each other — they cannot be attacked by any other model for that round
    of close combat", Fighting A Challenge), where the situation is that action (``--when melee``):
    the other side's rules that are ways of doing it (Supporting Attacks) cannot be used against
    those bearers, as far as the quoted words say; nothing is set aside (they may be used against
    others), both sentences quoted.  Where the same sentence sets its bearers against one another
    ("... against each other"), one of them is the enemy of the side that has the rule, so that
    side's own ways made by other models meet it too (a friend's supporting attack on the enemy
    challenger); the bearers' own attacks on a unit (a breath "on a single enemy unit in base
    contact") are bound by the obligation to attack each other, which the open question reads."""
    names = view.rule_names
    out: list[Ruling] = []
    for mine, theirs in (sides, sides[::-1]):
        for rid in mine.rules:
            for rel in view.relations_out(rid):
                found = _DONE_BY_OTHERS.match(dict(rel["details"]).get("action") or "") if rel["kind"] == "cannot" else None
                flag = _DONE.get(" ".join(found.group("verb").lower().split())) if found else None
                if flag is None or flag not in flags:
                    continue
                failed, unknown = judge(rel["conditions"], flags, mine.ids, theirs.ids)
                if failed is not None:
                    continue
                action = dict(rel["details"])["action"]
                foes = bool(_FOES.search(rel["citation"]["sentence"]))
                for side, other in [*((theirs, o) for o in theirs.rules), *((mine, o) for o in mine.rules if foes)]:
                    # only a rule whose own words let its bearer do it meets the prohibition ("this weapon can be
                    # shot against charging units"); a weapon that merely is shot ("-1 to the hit roll after the unit has moved") does not
                    way = ways_of(view, other, names.get(other, other), flag, by_kind=False) if other != rid else None
                    if way is None or (side is mine and not _FROM_BEHIND.search(way[1])):
                        continue
                    shown, who = names.get(other, other), rel["subject"] or "those it speaks of"
                    cited = [quote(rel["citation"], names), *([quote_rule(*way)] if quote_rule else [])]
                    own = _own_case(way[1], rel)
                    if own is not None:
                        out.append(_permission_meets(names, rid, other, rel, action, unknown, own, cited, sorted({mine.name, side.name}, key=_ORDER.index)))
                        continue
                    outcome = (f"{names.get(rid, rid)} prevails over {shown}{',' + conditions(unknown) if unknown else ''}, as far as the quoted "
                               f"words say: {who} cannot {action}, and {shown} is a way to do it, so it cannot be used against them")
                    out.append(Ruling([names.get(rid, rid), shown], names.get(rid, rid), "cannot-beats-can", outcome, cited, unknown,
                                      sorted({mine.name, side.name}, key=_ORDER.index), relation=cited[0]))
    return out


def forbidden_kinds(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...]) -> tuple[list[Ruling], list[tuple[Any, ...]], list[Inactive]]:
    """A prohibition of being given rules of a kind ("Reserve units count as moved and do not receive
    orders", of Placing reserves) sets aside the side's rules of that category (Taking cover, an
    order): cannot beats can, quoted; where the situation cannot tell, the ruling says "if ...".
    Returns (rulings, (side, rule id, why) to set aside, the relations of kinds that fail here)."""
    names = view.rule_names
    rulings, aside, idle = ignored_kinds(view, sides, flags)
    found = _in_force(view, sides, flags, lambda rel, mine, theirs, rid: _forbidden_kind(view, rel, mine, rid))
    for mine, _theirs, rid, rel, unknown, held in found:
        action = dict(rel["details"])["action"]
        for other in held:
            parted = _other_part(mine, rid, other, rel, names)
            if parted is False:
                continue  # the unit's data gives the weapon to another model part than the one the words bind
            told = unknown + [parted] if parted else unknown  # this rule's own: never carried to the next
            how = _of_kind(view, view.get(other) or {}, _kind_named(rel)) or ""
            outcome = (f"{names.get(rid, rid)} prevails over {names.get(other, other)}{',' + conditions(told) if told else ''}: "
                       f"its words forbid to {action}, and {names.get(other, other)} is one ({how}); cannot beats can")
            cited = quote(rel["citation"], names)
            if _BY_USE in how and _another_kind(_one(fold((view.get(other) or {}).get("category") or ""))):
                # the category names a kind of weapon of its own, not the kind the words name ("Artillery
                # Weapon", of "cannot use Shooting Weapons"): that it is one because it is shot is the
                # referee's reading, and no sentence says an Artillery Weapon is a Shooting Weapon
                rulings.append(Ruling([names.get(rid, rid), names.get(other, other)], names.get(rid, rid), "cannot-beats-can", outcome,
                                      [cited], told, [mine.name], convention="kind by use"))
                continue
            rulings.append(Ruling([names.get(rid, rid), names.get(other, other)], names.get(rid, rid), "cannot-beats-can", outcome,
                                  [cited], told, [mine.name], relation=cited))
            if not told:
                aside.append((mine.name, other, outcome, cited))
    return rulings, aside, idle


# a prohibition that binds the model parts with its rule: "Model parts with Harnessed cannot use Weapons"
_PARTS_WITH = lazy(r"\bmodel\s+parts?\s+(?:with|that\s+(?:has|have))\b", re.I)


def _other_part(mine: Side, rid: str, other: str, rel: dict[str, Any], names: Mapping[str, str]) -> bool | str | None:
    """Whether a prohibition on "model parts with <rule>" reaches another rule of the side, by the
    model parts a unit's data gives each (``carriers``' ``part``: the rider, its mount): False where
    the rule's parts and the other's are both known and none is shared (the words bind another part);
    the words the situation cannot tell where the rule's part is known and the other's is not (a weapon
    of the whole model); None where the words bind no part or no part is known (a keyword string)."""
    if not _PARTS_WITH.search(rel.get("subject") or ""):
        return None
    bound = {c.get("part") for c in mine.rules[rid].carriers} - {None}
    if not bound:
        return None
    used = {c.get("part") for c in mine.rules[other].carriers} - {None} if other in mine.rules else set()
    if used:
        return False if not used & bound else None
    return f"if the model part that uses {names.get(other, other)} is the one with {names.get(rid, rid)} ({', '.join(sorted(bound))})"


# the words a kind of rule may end in that say nothing of which kind: "Armour Equipment" is armour
_GENERIC_HEADS = frozenset({"equipment", "item", "gear", "kit"})


def of_ignored_kind(name: str, category: str | None, kind: str) -> str | None:
    """Why a rule is of a kind a rule ignores ("Armour Equipment": armour), by its category ("4
    Armour") or the last word of its name ("Plate Armour"), or None.

    >>> of_ignored_kind("Plate Armour", "Melee Weapon", "Armour Equipment"), of_ignored_kind("Shield", "4 Armour", "Armour Equipment")
    ('its name: Plate Armour', 'its category: 4 Armour')
    >>> of_ignored_kind("Shield", None, "Armour Equipment") is None
    True
    """
    words = _one(fold(kind)).split()
    while len(words) > 1 and words[-1] in _GENERIC_HEADS:
        words = words[:-1]
    said = " ".join(words)
    if not said:
        return None
    if category and (_one(fold(category)) == said or _one(fold(category)).endswith(" " + said)):
        return f"its category: {category}"
    named = _one(fold(name))
    if named != said and named.endswith(" " + said):
        return f"its name: {name}"
    return None


def ignored_kinds(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...]) -> tuple[list[Ruling], list[tuple[Any, ...]], list[Inactive]]:
    """A rule that ignores rules of a kind ("ignore the rider's Armour Equipment", of Massive Bulk)
    prevails over the side's rules of that kind (Plate Armour): an explicit exception, quoted; where
    the situation cannot tell its conditions ("If the model is mounted by a Character"), "if ...";
    where it rules them out (``--when on-foot``), the relation is listed as not applying here, why
    and its sentence, once per rule of that kind."""
    names = view.rule_names
    rulings: list[Ruling] = []
    aside: list[tuple[Any, ...]] = []
    idle: list[Inactive] = []

    def held(rel: dict[str, Any], mine: Side, theirs: Side, rid: str) -> list[tuple[str, str]]:
        kind = dict(rel["details"]).get("kind") if rel["kind"] == "overrides" and rel["target"] is None else None
        return [(other, how) for other in mine.rules if kind and other != rid
                for how in [of_ignored_kind(names.get(other, other), (view.get(other) or {}).get("category"), kind)] if how]

    for mine, theirs, rid, rel, failed, found in _not_in_force(view, sides, flags, held):
        for other, _how in found:
            reason = f"{names.get(rid, rid)} ignores {names.get(other, other)} {why_not(failed)}"
            if not any(i.rule == other and i.reason == reason for i in idle):
                idle.append(Inactive(other, names.get(other, other), mine.name, reason, quote(rel["citation"], names), relation="overrides"))
    for mine, _theirs, rid, rel, unknown, found in _in_force(view, sides, flags, held):
        kind = dict(rel["details"])["kind"]
        for other, how in found:
            if any(r.rules == [names.get(rid, rid), names.get(other, other)] for r in rulings):
                continue  # one sentence, said again by a second document
            outcome = (f"{names.get(rid, rid)} prevails over {names.get(other, other)}{',' + conditions(unknown) if unknown else ''}: its words ignore "
                       f"{(rel['subject'] + chr(39) + 's ') if rel['subject'] else ''}{kind}, and {names.get(other, other)} is such ({how})")
            rulings.append(Ruling([names.get(rid, rid), names.get(other, other)], names.get(rid, rid), "explicit-exception", outcome,
                                  [quote(rel["citation"], names)], unknown, [mine.name], relation=quote(rel["citation"], names)))
            if not unknown:
                aside.append((mine.name, other, outcome))
    return rulings, aside, idle


# what a permission's sentence is a way of doing, by the situation flag of the action
_WAYS = {
    "shooting": lazy(r"\b(?:shoot|shoots|shot|shooting\s+attacks?|ranged\s+attacks?|fire|fires)\b", re.I),
    "melee": lazy(r"\b(?:fight|fights|close\s+combat\s+attacks?|melee\s+attacks?|supporting\s+attacks?)\b", re.I),
    "charging": lazy(r"\b(?:charge|charges|declare\s+a\s+charge)\b", re.I),
}


def ways_of(view: Book, rid: str, name: str, flag: str, by_kind: bool = True) -> tuple[str, str] | None:
    """(the rule, the sentence) by which a rule lets its bearer do the action of a situation ("can
    choose to Volley Fire instead of making a normal shooting attack": a way of shooting), or a
    part of the rule named for it ("Breath Weapon Shooting Attack" of Breath Weapon), or None.
    ``by_kind``: a weapon used for the action is a way of it too, though its words permit nothing
    ("Ranged X heavy": -1 to hit after moving)."""
    rule = view.get(rid)
    pattern = _WAYS.get(flag)
    if rule is None or pattern is None:
        return None
    text = rule["versions"][0]["text"] if rule["versions"] else rule["text"]
    said = next((s for s in sentences(text or "") if (bearer_permission(s, name) or _WEAPON_PERMITS.search(s)) and pattern.search(s)), None)
    if said is not None:
        return rid, said
    kind = _weapon_kind(view, rule) if by_kind else None
    if kind == flag:
        first = next(iter(sentences(text or "")), None)
        if first:
            return rid, first
    for child in rule.get("children") or ():
        part = view.get(child)
        if part is not None and pattern.search(part["name"]) and fold(part["name"]).startswith(fold(name)):
            body = part["versions"][0]["text"] if part["versions"] else part["text"]
            first = next(iter(sentences(body or "")), None)
            if first:
                return child, first
    return None


# the actions a weapon is used for: where the situation does not name them, a prohibition still
# meets the side's weapons (a charge's ways are movement rules, met only where --when charging says so)
_WEAPON_USES = ("shooting", "melee")
# a weapon's own rule permits its use: "This means this weapon can be shot in the charge phase"
_WEAPON_PERMITS = lazy(r"\bthis\s+weapon\s+(?:can|may)\b(?!\s+not\b)", re.I)
# a heading a weapon's rule stands under says how it is used: "Ranged weapon keywords" are shot
_WEAPON_KIND = (
    (lazy(r"^(?:ranged|shooting|missile)\s+weapons?\b", re.I), "shooting"),
    (lazy(r"^(?:melee|close\s+combat)\s+weapons?\b", re.I), "melee"),
)


def _weapon_kind(view: Book, rule: dict[str, Any]) -> str | None:
    """How a weapon's rule is used, as the heading it stands under names its kind ("Ranged X heavy"
    under "Ranged weapon keywords": shooting), or None."""
    parent = view.get(rule["parent"]) if rule.get("parent") else None
    for said in ((parent or {}).get("name") or "", (parent or {}).get("category") or ""):
        for pattern, flag in _WEAPON_KIND:
            if pattern.match(said.strip()):
                return flag
    # a weapon's profile that states its range is shot ("Range 12" Shots 1 Strength 4 ...")
    if any(_RANGED_PROFILE.match(p.get("text") or "") for v in rule.get("versions") or () for p in v.get("profiles") or ()):
        return "shooting"
    return None


_RANGED_PROFILE = lazy(r"^\s*(?:range|reichweite)\s*:?\s*\d+", re.I)


def duties(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], set_aside: dict[tuple[str, str], str] | None = None,
           quote_rule: Any = None) -> tuple[list[dict[str, Any]], list[Ruling], list[Inactive], list[tuple[Any, ...]]]:
    """(the obligations and prohibitions in force, the rulings on a forbidden action the situation
    names, the ones that do not apply here, the rules of the side that are ways of doing the
    forbidden action, set aside with why).  A rule a ruling set aside (Fear, against a side immune
    to it) obliges and forbids nothing: the ruling says why.  ``quote_rule`` (rule id, sentence)
    -> the sentence cited at its place: a way of doing the action forbidden is quoted with it."""
    names = view.rule_names
    in_force: list[dict[str, Any]] = []
    rulings: list[Ruling] = []
    idle: list[Inactive] = []
    seen: set[tuple[str, str, str, str]] = set()
    aside: list[tuple[Any, ...]] = []
    for mine, theirs in (sides, sides[::-1]):
        for rid in live(mine, set_aside):
            for rel in view.relations_out(rid):
                action = dict(rel["details"]).get("action")
                if rel["kind"] not in ("must", "cannot") or not action or _forbids_rule(rel, target_of(rel, names), mine) or own_use(rel):
                    continue  # a rule's use forbidden is ruled by forbidden_rules
                key = (mine.name, rid, rel["kind"], rel["citation"]["sentence"] + action)
                if key in seen:
                    continue  # one sentence, said again by a second document
                seen.add(key)
                failed, unknown = judge(rel["conditions"], flags, mine.ids, theirs.ids)
                cited = quote(rel["citation"], names)
                if failed is not None:
                    reason = f"{names.get(rid, rid)} {'forbids' if rel['kind'] == 'cannot' else 'obliges'} \"{action}\" {why_not(failed)}"
                    idle.append(Inactive(rel["target"] or "", action, mine.name, reason, cited, relation=rel["kind"]))
                    continue
                subject = (rel["subject"] or "").strip()
                who = subject if subject and not PLAIN_SUBJECT.fullmatch(subject) else None
                same = next((d for d in in_force if (d["side"], d["rule"], d["kind"], d["subject"], d["conditions"], d["citation"]) == (mine.name, rid, rel["kind"], who, unknown, cited)), None)
                if same is not None:
                    same["actions"].append(action)  # "unable to shoot or fight": one sentence, one entry
                else:
                    in_force.append({
                        "side": mine.name, "rule": rid, "name": names.get(rid, rid), "kind": rel["kind"], "actions": [action],
                        "subject": who, "conditions": unknown, "citation": cited,
                    })
                if "criteria" in dict(rel["details"]):
                    continue  # what its action requires binds whoever fails it: in force, ruled where a rule in play is that (criteria.py)
                flag = situation_of_action(action)
                # "Units that used the advance move", of Advancing in play: the side did what the rule is
                done = who is not None and used_its_own(who, names.get(rid, rid))
                if rel["kind"] == "cannot" and flag in _WEAPON_USES and flag not in flags:
                    # --when melee rules shooting out, but not with a weapon whose own words let it be shot even in melee
                    only_even = _ruled_out(flag, flags)
                    ways = _ways_forbidden(view, mine, rid, rel, action, flag, who, unknown, set_aside, quote_rule, only_even, flags, done)
                    rulings += [r for r in ways if not any(o.rules == r.rules and o.principle == r.principle for o in rulings)]
                    aside += [(mine.name, names_key, why, forbidding) for names_key, why, forbidding in _settled_ways(ways, names, mine)]
                if rel["kind"] == "cannot" and flag is not None and flag in flags:
                    doubt = unknown + ([f"for {who}"] if who and not done and not in_the_situation(who, flags) else [])
                    # a time named only by an event ("in the following battle phase"): no flag says it is that time,
                    # unless the event is the side's own of this turn and the situation its act that follows it
                    later = relative_time(rel["citation"]["sentence"])
                    later = None if later and done and _this_turn(flags) else later
                    doubt += [later] if later and later not in doubt else []
                    outcome = (
                        f"{names.get(rid, rid)}: {who or 'the unit'} cannot {action}{',' + conditions(unknown) if unknown else ''}"
                        f"{' ' + later if later else ''}; "
                        f"the situation is {flag} (--when {flag}): cannot beats can, so it cannot {action} here"
                        f"{', if it is that time (no --when flag says so)' if later else ''}"
                    )
                    # the side's rules that are ways of doing it ("can choose to Volley Fire instead of
                    # making a normal shooting attack") cannot be used either, as far as it holds
                    ways = [(other, way) for other in mine.rules if other != rid and (mine.name, other) not in (set_aside or {})
                            for way in [ways_of(view, other, names.get(other, other), flag)] if way]
                    # a way whose own words name a case of its own ("even if ...") is no way the
                    # prohibition's words settle: it is met apart, as its words say
                    for other, (by, said) in ways:
                        own = _own_case(said, rel)
                        if own is not None:
                            cited_own = [cited, *([quote_rule(by, said)] if quote_rule else [])]
                            rulings.append(_permission_meets(names, rid, other, rel, action, unknown, own, cited_own, [mine.name]))
                    ways = [(other, (by, said)) for other, (by, said) in ways if _own_case(said, rel) is None]
                    if ways:
                        shown = ", ".join(names.get(w, w) for w, _ in ways)
                        outcome += f"; nor can {shown} be used to {action}"
                    cited_ways = [quote_rule(by, said) for _, (by, said) in ways] if quote_rule else []
                    rule_names = [names.get(rid, rid), *(names.get(w, w) for w, _ in ways)]
                    # a winner only over the ways it sets aside: alone, the prohibition prevails over no rule
                    rulings.append(Ruling(rule_names, names.get(rid, rid) if ways else None, "cannot-beats-can", outcome, [cited, *cited_ways], doubt,
                                          [mine.name], relation=cited if ways else None))
                    if not doubt:
                        aside += [(mine.name, w, f"{names.get(rid, rid)}: {who or 'the unit'} cannot {action} here", cited) for w, _ in ways]
    # the situation a rule's words put its side in ("Reserve units count as moved"): said, with its sentence
    for side in sides:
        for flag, (rid, rel, unknown) in side.states.items():
            if (side.name, rid) in (set_aside or {}):
                continue
            who = (rel["subject"] or "").strip() or "its models"
            in_force.append({
                "side": side.name, "rule": rid, "name": names.get(rid, rid), "kind": "settles", "how": "state",
                "actions": [f"{who} count as {rel['target_name']}, so --when {flag} holds for them"
                            + (f" where these words hold: {'; '.join(unknown)}" if unknown else "")],
                "subject": None, "conditions": [], "citation": quote(rel["citation"], names),
            })
    # another rule of the side that permits the very action forbidden ("can fire (or March) as normal")
    rulings += [r for r in permitted_actions(view, sides, flags, set_aside, quote_rule)
                if not any(set(o.rules) == set(r.rules) and o.principle == r.principle for o in rulings)]
    # a rule that does "automatically ... even if" what another rule in play is named for ("hold objectives")
    rulings += concession_rulings(view, sides, quote_rule)
    return in_force, rulings, idle, aside


# the words that join a subject to the state it names: "A unit which is fleeing"
_RELATIVE = lazy(r"\s+(?:which|that|who)\s*$", re.I)


def in_the_situation(subject: str, flags: tuple[str, ...]) -> bool:
    """Whether a prohibition's subject is the unit itself in a state the situation gives ("A unit
    which is fleeing", ``--when fleeing``): its words are a plain subject and the states the graph
    reads from a subject, every one of them given, so it binds the unit asked about.

    >>> in_the_situation("A unit which is fleeing", ("fleeing", "shooting")), in_the_situation("A unit which is fleeing", ("shooting",))
    (True, False)
    >>> in_the_situation("Units that used the advance move", ("moved",))
    False
    """
    states = subject_conditions(subject)
    if not states or any(state.situation not in flags for state in states):
        return False
    rest = subject
    for state in states:
        rest = rest.replace(state.text, " ")
    return bool(PLAIN_SUBJECT.fullmatch(_RELATIVE.sub("", " ".join(rest.split()))))


def _ruled_out(flag: str, flags: tuple[str, ...]) -> bool:
    """Whether the situation says the action's flag cannot hold (--when melee: no shooting)."""
    return any(flag in pair and (set(pair) - {flag}) & set(flags) for pair in OPPOSITES + APART)


# "Units that used the advance move", "a unit that has made a March Move": the users of an action taken earlier
_USED = lazy(r"\b(?:that|which|who)\s+(?:(?:has|have|had)\s+)?(?:used|made|performed|took|taken|did|done)\b", re.I)
# the flags that place the side's own act in this turn, after its movement: "the unit charged this turn (it is the charger)"
_THIS_TURN = ("charging",)


def used_its_own(subject: str, name: str) -> bool:
    """Whether a prohibition's subject is the users of the rule's own action ("Units that used the advance
    move", of Advancing): with the rule in play, the side took that action, and the subject is the unit.

    >>> used_its_own("Units that used the advance move", "Advancing"), used_its_own("Units that used the advance move", "Fall back")
    (True, False)
    >>> used_its_own("A unit which is fleeing", "Fleeing")
    False
    """
    return bool(_USED.search(subject)) and words_name(subject, name)


def _this_turn(flags: tuple[str, ...]) -> str | None:
    """The flag given that places the side's own act in this turn after its movement (``charging``), or None:
    the phase that follows an action the side took this turn ("the following battle phase") is then the one it
    acts in.  A rule in play is of the turn asked about (Advancing's own words put the side in ``moved``: it moved
    this turn)."""
    return next((flag for flag in _THIS_TURN if flag in flags), None)


def _settled_ways(ways: list[Ruling], names: dict[str, str], mine: Side) -> list[tuple[str, str, dict[str, Any]]]:
    """The ways a prohibition's ruling sets aside where the situation settles it (no condition left), each with
    the prohibition's sentence (the ruling's first quote)."""
    ids = {names.get(other, other): other for other in mine.rules}
    return [(ids[r.rules[1]], r.outcome, r.citations[0]) for r in ways
            if r.winner == r.rules[0] and not r.conditions and r.principle == "cannot-beats-can" and r.rules[1] in ids and not r.convention]


def _ways_forbidden(view: Book, mine: Side, rid: str, rel: dict[str, Any], action: str, flag: str, who: str | None,
                    unknown: list[str], set_aside: dict[tuple[str, str], str] | None, quote_rule: Any, only_even: bool = False,
                    flags: tuple[str, ...] = (), done: bool = False) -> list[Ruling]:
    """A prohibition of an action the situation does not name ("unable to shoot or fight in the
    following battle phase", of Advancing), where a rule of the same side is a way of doing it ("this
    weapon can be shot against charging units", Ranged X counterfire): the prohibition prevails
    over that rule whenever the action would be done, cannot beats can; nothing is set aside here,
    as the situation does not say the action is done.  ``only_even``: the situation rules the action
    out (``--when melee``, of shooting), so only a way whose own words let it be done even so
    ("can use this weapon even in melee distance", Ranged X trigger) is met, that sentence quoted."""
    names = view.rule_names
    ways = [(other, way) for other in mine.rules if other != rid and (mine.name, other) not in (set_aside or {})
            for way in [ways_of(view, other, names.get(other, other), flag)] if way]
    if only_even:
        ways = [(other, (other, even[0])) for other, _way in ways
                for even in [shot_even_in_melee((view.get(other) or {}).get("text") or "") if flag == "shooting" else []] if even]
    out = []
    for other, (by, said) in ways:
        shown = names.get(other, other)
        # a time the prohibition names by an event binds only then: "whenever ... would be used to shoot
        # in the following battle phase"
        later = relative_time(rel["citation"]["sentence"])
        when = [*unknown, f"whenever {shown} would be used to {action}{' ' + later if later else ''}"]
        own = _own_case(said, rel)
        if own is not None:
            cited_own = [quote(rel["citation"], names), *([quote_rule(by, said)] if quote_rule else [])]
            out.append(_permission_meets(names, rid, other, rel, action, when, own, cited_own, [mine.name]))
            continue
        cited = [quote(rel["citation"], names), *([quote_rule(by, said)] if quote_rule else [])]
        now = _this_turn(flags) if done and not unknown else None
        given = [c["situation"] for r in view.relations_out(other) for c in r["conditions"] if c["situation"] in flags]
        if now is not None and now in given:
            # "+Y attacks after the model has made a charge move" under --when charging: the way is used now, in the phase
            # that follows the action the side took this turn (its rule is in play), so the prohibition holds for it here
            outcome = (f"{names.get(rid, rid)} prevails over {shown}: {names.get(rid, rid)} is in play, so the unit is one of \"{who}\" "
                       f"this turn, and cannot {action}{' ' + later if later else ''}; --when {now} ({SITUATIONS[now]}) puts {shown} "
                       f"to use in that phase, and {shown} is a way to {action}: it cannot be used (cannot beats can)")
            out.append(Ruling([names.get(rid, rid), shown], names.get(rid, rid), "cannot-beats-can", outcome, cited, [], [mine.name],
                              relation=cited[0]))
            continue
        outcome = (f"{names.get(rid, rid)} prevails over {shown}{conditions(unknown)}: {who or 'the unit'} cannot {action}{' ' + later if later else ''}, "
                   f"and {shown} is a way to {action}, so it cannot be used for that (cannot beats can; --when {flag} not given: "
                   f"the ruling holds whenever it would be)")
        out.append(Ruling([names.get(rid, rid), names.get(other, other)], names.get(rid, rid), "cannot-beats-can", outcome, cited, when, [mine.name],
                          relation=cited[0]))
    return out


# a permission's own case, the words after "even if", "even in", "regardless of": "This means this
# weapon can be shot against charging units even if this unit was not activated this phase"
_EVEN = lazy(r"\b(?:even\s+(?:if|when|while|though|in|after|against|during)|regardless\s+of|despite|in\s+spite\s+of)\b(?P<case>[^.;:]*)", re.I)
# words of any game sentence, that name no case of their own
_GENERIC = frozenset(
    "a an the this that these those it its their they them he his she her is are was were be been being has have had not no nor "
    "can cannot may must might will would should could do does did in on of to for with by at from into as or and any all which who "
    "whom whose if when while though than so such other another unit model weapon enemy friendly phase turn round game player "
    "following same each every one".split())


def _content(text: str) -> set[str]:
    """The words of a sentence that say something of their own, folded and singular."""
    # the generic words go before the plural is taken off ("this" is no "thi")
    words = [w for w in re.findall(r"[a-z]+", fold(text)) if w not in _GENERIC]
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words} - _GENERIC


def _own_case(said: str, prohibition: dict[str, Any]) -> tuple[str, bool] | None:
    """How a prohibition meets a way of its action whose sentence states a case of its own ("even
    if ..."): (the case, True) where the case names the prohibition's ground ("even in melee
    distance" against "The unit is not in melee distance"): the permission is the exception the
    text states; (the case, False) where both sentences bound the action in time and the case is
    of when it is done ("even if this unit was not activated this phase" against "unable to shoot
    or fight in the following battle phase"): both speak of when, and neither says which prevails.
    None where the way states no case, or one of another matter ("even if the model marched"
    against "A unit which is fleeing cannot ... shoot"): the prohibition's words cover it."""
    sentence = prohibition["citation"]["sentence"]
    found = _EVEN.search(said)
    if found is None or not found.group("case").strip():
        # no "even if": a time of its own ("can be shot in the charge phase") beside a prohibition
        # bound to a time it names only by an event ("in the following battle phase") is the same
        # question, whether the one time is the other, which neither sentence answers
        own_time, relative = _OWN_TIME.search(said), relative_time(sentence)
        if own_time is not None and relative is not None and fold(own_time.group(0)) != fold(relative):
            return own_time.group(0).strip(), False
        # nor does it answer whether a use the enemy's own roll or deed sets off ("enemy hitrolls of 1
        # are deflected with Y attacks of this weapon") is done at that time, or is the action at all
        occasion = _ENEMY_OCCASION.search(said)
        if occasion is not None and relative is not None:
            return occasion.group(0).strip(), False
        return None
    case = found.group("case").strip()
    ground = _content(sentence) - _content(dict(prohibition["details"]).get("action") or "")
    if _content(case) & ground:
        return case, True
    if _WHEN.search(case) and _WHEN.search(sentence):
        return case, False
    return None


# the words that bound an action in time: "in the following battle phase", "was not activated this phase"
_WHEN = lazy(r"\b(?:phases?|turns?|rounds?|activat(?:ed|ion|es?))\b", re.I)
# a time a prohibition names only by the event it follows: "in the following battle phase", "until the
# end of the next turn", "for the rest of the turn"
_RELATIVE_TIME = lazy(r"\b(?:(?:in|during|for)\s+)?(?:the|its|their|your|his)\s+(?:following|next|subsequent)\s+(?:[\w-]+\s+){0,2}?(?:phase|turn|round|step)\b"
                      r"|\buntil\s+the\s+end\s+of\s+(?:the|its|their|your|this|that|next)\s+(?:[\w-]+\s+){0,2}?(?:phase|turn|round)\b"
                      r"|\bfor\s+the\s+rest\s+of\s+the\s+(?:[\w-]+\s+)?(?:phase|turn|round)\b", re.I)
# a use the enemy's roll or deed sets off: "enemy hitrolls of 1 are deflected", "when an enemy unit charges"
_ENEMY_OCCASION = lazy(r"\benem(?:y|ies)(?:['’]s?)?\s+(?:(?:models?|units?)(?:['’]s?)?\s+)?(?:hit\s*rolls?|to[\s-]hit\s+rolls?|rolls?|attacks?|charges?|shots?)\b[^.;:]*", re.I)
# a time a permission names of its own: "can be shot in the charge phase", "during the Shooting phase"
_OWN_TIME = lazy(r"\b(?:in|during)\s+(?:the|its|their|each|every|any)\s+(?!following\b|next\b|subsequent\b)(?:[\w-]+\s+){1,2}?(?:phase|turn|round|step)\b", re.I)


def relative_time(sentence: str) -> str | None:
    """The words by which a sentence bounds what it says to a time named by an event, or None.

    >>> relative_time("Units that used the advance move are unable to shoot or fight in the following battle phase.")
    'in the following battle phase'
    >>> relative_time("The unit cannot shoot."), relative_time("It may shoot in the charge phase.")
    (None, None)
    """
    found = _RELATIVE_TIME.search(sentence)
    return found.group(0) if found else None


def _permission_meets(names: dict[str, str], rid: str, other: str, rel: dict[str, Any], action: str, unknown: list[str],
                      own: tuple[str, bool], cited: list[dict[str, Any]], sides: list[str]) -> Ruling:
    """A prohibition of an action and a rule that permits it in a case of its own ("even if ...").

    Where that case names the prohibition's ground, the permission is the exception the text states,
    and it prevails (its sentence the ``relation``); else the two rules both speak of one action,
    each in its own terms, and no sentence says which prevails: the ruling rests on the referee's
    convention, cannot beats can, and is answered open (:func:`referee.resolve.ruling.calibrated`)."""
    case, names_ground = own
    forbidding, permitting = names.get(rid, rid), names.get(other, other)
    if names_ground:
        outcome = (f"{permitting} prevails over {forbidding}{conditions(unknown)}: {forbidding} forbids to {action}, and {permitting}'s own words "
                   f"let it be done even so (\"{case}\")")
        return Ruling([permitting, forbidding], permitting, "explicit-exception", outcome, cited, unknown, sides, relation=cited[-1])
    outcome = (f"{forbidding} prevails over {permitting}{conditions(unknown)}: {rel['subject'] or 'the unit'} cannot {action}, and {permitting} "
               f"lets it {action} in a case of its own (\"{case}\"), which {forbidding}'s words do not name")
    return Ruling([forbidding, permitting], forbidding, "cannot-beats-can", outcome, cited, unknown, sides, convention="cannot beats must")


# the words of doing an act by choice around what is done: "declare a Flee Charge Reaction" and "voluntarily chooses Flee
# as Charge Reaction" are one act, Flee as a Charge Reaction
_CHOOSING = frozenset({"declare", "choose", "chose", "chosen", "make", "to", "as", "voluntarily", "a", "an", "the", "its", "their"})
# words that name no act of their own ("Supporting attacks cannot be made to the side or rear": "be made" is no act to match)
_NO_ACT = frozenset({"be", "been", "is", "are", "made", "do", "done", "use", "used", "get", "have", "has"})
# a rule's opening "If ..." or "When ..." clause, to its first comma: the act on which the rule comes into use
_OPENING_IF = lazy(r"^\s*(?:if|when|whenever)\b(?P<clause>[^,;:]+)", re.I)


def _what_is_done(words: str) -> frozenset[str]:
    """An act's content words, verbs of choosing and articles dropped, singular: {flee, charge, reaction}."""
    return frozenset(w for w in action_words(words) if w not in _CHOOSING and w not in _NO_ACT and not w.startswith("choos") and not w.startswith("declar"))


def forbidden_triggers(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], set_aside: Mapping[tuple[str, str], str],
                       quote_rule: Any) -> tuple[list[Ruling], list[tuple[Any, ...]]]:
    """A prohibition in force on its own side ("the unit ... cannot declare a Flee Charge Reaction", Fearless) of the very act
    another rule of that side opens with as the case it comes into use in ("If a unit consisting entirely of models with
    Feigned Flight voluntarily chooses Flee as Charge Reaction and ..."): that rule can never come into use here, so the
    prohibition prevails over it, cannot beats can, both sentences quoted; where the situation cannot tell the prohibition's
    own conditions ("unless already Fleeing"), the ruling says "if ...", else the rule is in play and forbidden (set aside).
    The act is matched by its content words (two or more), the verbs of choosing it aside.  Returns (rulings, (side, rule
    id, why, the forbidding sentence) to set aside)."""
    names = view.rule_names
    rulings: list[Ruling] = []
    aside: list[tuple[Any, ...]] = []
    for mine, theirs in (sides, sides[::-1]):
        openings: dict[str, tuple[str, frozenset[str]]] = {}
        for other in mine.rules:
            rule = view.get(other) or {}
            first = next(iter(sentences(_first_text(rule))), "")
            found = _OPENING_IF.match(first)
            if found is not None:
                openings[other] = (first, frozenset(w for w in action_words(found.group("clause"))))
        if not openings:
            continue
        for rid in live(mine, set_aside):
            for rel in view.relations_out(rid):
                action = dict(rel["details"]).get("action") or ""
                if rel["kind"] != "cannot" or rel["target"] or binds_other_side(rel, names):
                    continue
                done = _what_is_done(action)
                if len(done) < 2:
                    continue
                failed, unknown = judge(rel["conditions"], flags, mine.ids, theirs.ids)
                if failed is not None:
                    continue
                for other, (first, clause) in openings.items():
                    if other == rid or (mine.name, other) in set_aside or not done <= clause:
                        continue
                    if any(r.rules == [names.get(rid, rid), names.get(other, other)] for r in rulings):
                        continue  # one prohibition, said again by a second document
                    who = rel["subject"] or "the unit"
                    cited = quote(rel["citation"], names)
                    outcome = (f"{names.get(rid, rid)} prevails over {names.get(other, other)}{',' + conditions(unknown) if unknown else ''}: "
                               f"{who} cannot {action}, and {names.get(other, other)} comes into use only when its unit does so "
                               f"(its own opening case), so it cannot be used here; cannot beats can")
                    # the other rule's own words on the case the prohibition leaves out ("unless already Fleeing": "This rule does
                    # not apply if ... it was already Fleeing when being Charged"), so both sides of the "if" are read
                    said = [quote_rule(other, sentence, version) for sentence, version in _speaking_of(view.get(other) or {}, unknown) if sentence != first]
                    rulings.append(Ruling([names.get(rid, rid), names.get(other, other)], names.get(rid, rid), "cannot-beats-can", outcome,
                                          [cited, quote_rule(other, first), *said], unknown, [mine.name], relation=cited))
                    if not unknown:
                        aside.append((mine.name, other, outcome, cited))
    return rulings, aside


def _speaking_of(rule: dict[str, Any], unknown: list[str]) -> list[tuple[str, dict[str, Any] | None]]:
    """A rule's sentences (each wording's, with its wording, to quote it at its own place) with every content word of a
    condition left untold ("unless already Fleeing": already, fleeing), in order, once each."""
    wanted = [words for words in (frozenset(w for w in action_words(c) if w not in _UNLESS) for c in unknown) if len(words) >= 2]
    out: list[tuple[str, dict[str, Any] | None]] = []
    for version in rule.get("versions") or [None]:
        for sentence in sentences((version or rule).get("text") or ""):
            if any(words <= action_words(sentence) for words in wanted) and sentence not in [s for s, _ in out]:
                out.append((sentence, version))
    return out


_UNLESS = frozenset({"unless", "if", "when", "not", "except"})


def _first_text(rule: dict[str, Any]) -> str:
    versions = rule.get("versions") or []
    return (versions[0] if versions else rule).get("text") or ""


def referenced_kinds(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], set_aside: Mapping[tuple[str, str], str]) -> list[Unresolved]:
    """A prohibition of being given rules of a kind in a rule that a rule in play names but that is not in play itself
    ("Reserve units count as moved and do not receive orders.", of Placing reserves, which Shock teleport names: its unit
    is "deployed later on the battlefield in the "placing reserves" step"), beside the side's rules of that kind (Taking
    cover, an order): whether the naming rule's unit is one of those the prohibition binds, no sentence says, so it is an
    open question on the three, each quoted.  Where the rule is in play (granted, "as if it was a unit from reserve"),
    :func:`forbidden_kinds` rules on it."""
    names = view.rule_names
    out: list[Unresolved] = []
    for mine, theirs in (sides, sides[::-1]):
        for rid in live(mine, set_aside):
            for ref in view.relations_out(rid):
                named = ref["target"]
                if ref["kind"] != "references" or not named or named in mine.rules:
                    continue
                for rel in view.relations_out(named):
                    if not _units_named_for(rel.get("subject") or "", names.get(named, named)):
                        continue  # it binds the named rule's own bearers ("Model parts with Inanimate"), not a kind of unit
                    held = [o for o in _forbidden_kind(view, rel, mine, named) if o != rid and (mine.name, o) not in set_aside]
                    if not held or judge(rel["conditions"], flags, mine.ids, theirs.ids)[0] is not None:
                        continue
                    action = dict(rel["details"])["action"]
                    kinds = ", ".join(f"{names.get(o, o)} ({_of_kind(view, view.get(o) or {}, _kind_named(rel))})" for o in held)
                    reason = (f"{names.get(named, named)} forbids those it speaks of to {action}, and {kinds} "
                              f"{'is' if len(held) == 1 else 'are'} of that kind; {names.get(rid, rid)} names {names.get(named, named)}, "
                              f"and no sentence here says whether its unit is one of those")
                    rules = [names.get(rid, rid), names.get(named, named), *(names.get(o, o) for o in held)]
                    if any(u.rules == rules for u in out):
                        continue
                    out.append(Unresolved(rules, reason, [quote(rel["citation"], names), quote(ref["citation"], names)], kind="touch"))
    return out


_UNIT_WORDS = frozenset({"unit", "model", "models", "units"})


def _units_named_for(subject: str, name: str) -> bool:
    """Whether a prohibition's subject is a kind of unit its rule's name is named for ("Reserve units", of Placing reserves),
    not the bearers of that rule ("Model parts with Inanimate", "The model").

    >>> _units_named_for("Reserve units count as moved", "Placing reserves"), _units_named_for("Model parts with Inanimate", "Inanimate")
    (True, False)
    """
    words = name_folded(subject).split()
    if "with" in words or not any(w in _UNIT_WORDS for w in words):
        return False
    named = {one for w in name_folded(name).split() for one in singulars(w)} | set(name_folded(name).split())
    return any(w not in _UNIT_WORDS and (w in named or any(one in named for one in singulars(w))) for w in words)
