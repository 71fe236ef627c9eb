"""A rule whose own permission (or obligation) holds only on a turn of the unit's own doing.

"If a unit has this special rule then supporting attacks can be made by an
extra rank than normal on a turn in which the unit did not charge": the rule
states what it lets its bearer do (a ``can`` or ``may`` of the bearer, or a
``must``: "a charging model part with Impact Hits must choose an enemy unit") and
limits it to what the unit did this turn (charged, did not charge, moved, did
not move, the first turn).  "Units that did not move in the movement phase
are able to use concentration": a permission to use the rule itself, named
in any of its forms ("concentration" is the order Concentrating), limited to
the unit's state, gates the whole rule and every modifier it states.  Where the situation says otherwise, the rule brings nothing:
it is set aside, and the sentence is quoted.  The conditions are the graph's
own (:data:`referee.graph.effects_words.CONDITIONS`), each a word of the
situation table (:data:`referee.graph.situations.SITUATIONS`).

Only such a sentence is read: a permission of someone else, or one whose
condition is not of the unit's own turn, is left to the graph's relations.

Beside it, a rule whose own words limit the whole of it (a phase, its bearer's
state, a kind of attack, the weapons it is used with: "Once per Shooting Phase,
an unengaged Engineer may ...", :mod:`referee.graph.limits`) is set aside where
the situation rules the limit out, each limit's words quoted at their place, and
holds only under those words where the situation cannot tell.
"""

from __future__ import annotations

import functools
import re

from referee.graph.effects_words import CONDITIONS, ONLY_SCOPES
from referee.graph.limits import Limit, weapon_condition, whole_limits
from referee.patterns import compiled, lazy
from referee.resolve.found import searched
from referee.resolve.meeting import sentences
from referee.resolve.play import Inactive, Side
from referee.resolve.ruling import Ruling, quote
from referee.resolve.situation import FAILS, HOLDS, UNKNOWN, holds, judge, why_not
from referee.text import USES

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.resolve.principles import Context

# what the unit did this turn: the conditions of the graph's table that say so
_OWN_TURN = ("charging", "not charging", "moved", "not moved", "first turn", "not melee")
_PERMITS = lazy(r"\b(?:can|may|(?:is|are)\s+(?:only\s+)?able\s+to|(?:is|are)\s+allowed\s+to)\b(?!\s+not\b)", re.I)
# the endings a rule's name and the words for using it differ by: Concentrating, concentration
_ENDING = lazy(r"(?:ations?|ions?|ings?|ed|es|e|s)$", re.I)


def _stem(word: str) -> str:
    return _ENDING.sub("", word.lower())


def _uses_itself(sentence: str, name: str) -> bool:
    """Whether a sentence permits using the rule itself, named in one of its forms ("are able to
    use concentration" of the order Concentrating; "may use this rule")."""
    words = name.split()
    if not words:
        return False
    head = r"\s+".join(re.escape(w) for w in words[:-1])
    last = _stem(words[-1])
    if len(last) < 4:
        return False
    named = (head + r"\s+" if head else "") + re.escape(last) + r"\w*"
    return bool(compiled(r"\b(?:use|apply|make|perform|declare|issue)\s+(?:the\s+|a\s+|an\s+|this\s+|its\s+|their\s+)?" + named + r"\b", re.I).search(sentence)
                or compiled(r"\b" + named + r"\s+(?:can|may)\s+(?:only\s+)?be\s+(?:used|applied|made|performed|declared|issued|given)\b", re.I).search(sentence))


def _bearer(sentence: str, name: str) -> bool:
    """Whether a sentence speaks of the rule's own bearer: "this special rule", "a unit with Name",
    or permits using the rule itself ("are able to use concentration")."""
    said = " ".join(sentence.split())
    return bool(compiled(r"\bthis\s+(?:special\s+)?(?:rule|ability|order|keyword|skill)\b", re.I).search(said) or compiled(r"\bwith\s+(?:an?\s+|the\s+)?" + re.escape(name) + r"\b", re.I).search(said)
                or _uses_itself(said, name))


# the rule itself as the subject that lets someone do a thing: "In simple terms this allows units to fire in two ranks"
# (opening the sentence or a clause, after at most a few words of lead)
_RULE_ALLOWS = lazy(r"(?:^|[,;:])\s*(?:[\w-]+,?\s+){0,3}?(?:this|it)\s+(?:rule\s+)?(?:(?:allows|permits)\s+(?:[\w-]+\s+){0,3}?to|lets\s+(?:[\w-]+\s+){1,3}?[\w-]+)\b", re.I)


def bearer_permission(sentence: str, name: str) -> bool:
    """Whether a sentence says what a rule lets its own bearer do ("A unit with this special rule
    can choose to Volley Fire instead of making a normal shooting attack"; "this allows units to
    fire in two ranks", the rule itself the subject)."""
    return bool(_PERMITS.search(sentence)) and _bearer(sentence, name) or bool(_RULE_ALLOWS.search(sentence))


# "a charging model part with Impact Hits must choose an enemy unit": what the rule has its own bearer do
_OBLIGES = lazy(r"\b(?:must|shall|(?:is|are)\s+required\s+to)\b(?!\s+not\b)", re.I)


def bearer_obligation(sentence: str, name: str) -> bool:
    """Whether a sentence says what a rule has its own bearer do ("a charging model part with Impact
    Hits must choose an enemy unit"): the rule's own action, as a permission is."""
    return bool(_OBLIGES.search(sentence)) and _bearer(sentence, name)


@functools.lru_cache(maxsize=8192)
def own_turn_condition(sentence: str, name: str) -> str | None:
    """The condition on the unit's own turn of a sentence that permits the rule's bearer something, or None
    (read once per sentence and name: every answer asks it of each sentence of the rules in play).

    >>> own_turn_condition("If a unit has this special rule then supporting attacks can be made by an extra rank "
    ...                    "than normal on a turn in which the unit did not charge.", "Fighting in extra ranks")
    'not charging'
    >>> own_turn_condition("Remember that supporting attacks cannot be made to the side or rear.", "X") is None
    True
    >>> own_turn_condition("Units that did not move in the movement phase are able to use concentration instead.", "Concentrating")
    'not moved'
    >>> own_turn_condition("At Initiative Step 10, a charging model part with Impact Hits must choose an enemy unit.", "Impact Hits")
    'charging'

    """
    if not (bearer_permission(sentence, name) or bearer_obligation(sentence, name)):
        return None
    for pattern, normal in CONDITIONS:
        if normal in _OWN_TURN and compiled(pattern, re.I).search(sentence):
            return normal
    return None


# "This is called an advance move" (Advancing), "Reserve units count as moved": a rule in play that is a move
_A_MOVE = lazy(r"\bthis\s+is\s+called\s+an?\s+(?P<what>[\w ]+?)\s+move\b|\bcounts?\s+as\s+(?:having\s+)?moved\b", re.I)


# "count as having moved during the Player Turn they arrive", "In that turn's Shooting phase ... count as
# having moved", "in this case ... still counts as having moved": a move only then, which the situation cannot tell
_ONLY_THEN = lazy(r"\b(?:if|when|whenever|during|arrive|arrives|in\s+(?:that|this)\s+(?:turn|case)|that\s+turn|for\s+the\s+purposes?)\b", re.I)


def _moved_by(ctx: Context, side: Side) -> tuple[str, str, str] | None:
    """(rule id, name, sentence) of a rule the side has in play that is itself a move, by its own words
    ("Every unit can be moved an additional 6". This is called an advance move.", of Advancing), or None."""
    for rid, entry in side.rules.items():
        rule = ctx.view.get(rid)
        for sentence in sentences((rule or {}).get("text") or ""):
            found = searched(_A_MOVE, sentence)
            if found and searched(_ONLY_THEN, sentence) is None and (found.group("what") is None or words_name(found.group("what"), entry.name)):
                return rid, entry.name, sentence
    return None


def scoped_rules(ctx: Context, sides: tuple[Side, Side], flags: tuple[str, ...]) -> tuple[list[tuple[str, str, str]], list[Inactive]]:
    """The rules whose permission's own-turn condition fails here: (side, rule id, why) to set
    aside, and each as an inactive entry quoting the sentence (``relation`` "can").  A rule of the
    side that is itself a move (Advancing) says the unit moved, whatever the flags."""
    aside: list[tuple[str, str, str]] = []
    idle: list[Inactive] = []
    for mine, theirs in (sides, sides[::-1]):
        moved = _moved_by(ctx, mine) if "moved" not in flags else None
        for rid, entry in mine.rules.items():
            rule = ctx.view.get(rid)
            if rule is None:
                continue
            text = rule["versions"][0]["text"] if rule["versions"] else rule["text"]
            # a part of a rule may say what it lets its bearer do by its whole's name ("Provided the model
            # is not in close combat, it can use its Breath Weapon", of Breath Weapon Shooting Attack)
            whole = ctx.name(rule["parent"]) if rule.get("parent") else None
            for sentence in sentences(text or ""):
                case = not_applying(sentence, entry.name, flags if mine.name == "self" else ())
                if case is not None:
                    why = f"{entry.name} does not apply {case}, by its own words, and the situation says so (--when {', '.join(flags)})"
                    aside.append((mine.name, rid, why))
                    idle.append(Inactive(rid, entry.name, mine.name, why, ctx.rule_quote(rid, sentence), entry.via, relation="can"))
                    break
                normal = own_turn_condition(sentence, entry.name) or (own_turn_condition(sentence, whole) if whole else None)
                if normal is None:
                    continue
                condition: dict[str, Any] = {"situation": normal.replace(" ", "-"), "value": None, "text": normal}
                by_move = moved is not None and moved[0] != rid and condition["situation"] == "not-moved"
                if not by_move and holds(condition, flags, mine.ids, theirs.ids) != FAILS:
                    break
                why = (f"{entry.name} applies only when the unit did not move, and {moved[1]} is a move, by its own words (\"{moved[2]}\")"
                       if by_move and moved else f"{entry.name} applies {why_not(condition)}")
                aside.append((mine.name, rid, why))
                idle.append(Inactive(rid, entry.name, mine.name, why, ctx.rule_quote(rid, sentence), entry.via, relation="can"))
                break
            if not aside or aside[-1][:2] != (mine.name, rid):
                _ignored_beside(ctx, mine, theirs, rid, entry, flags, aside, idle)
            if not aside or aside[-1][:2] != (mine.name, rid):
                _whole_limited(ctx, mine, rid, entry, text or "", flags, aside, idle)
    return aside, idle


def _ignored_beside(ctx: Context, mine: Side, theirs: Side, rid: str, entry: Any, flags: tuple[str, ...],
                    aside: list[tuple[str, str, str]], idle: list[Inactive]) -> None:
    """A rule whose own words say it is ignored beside another rule ("Ignore Stand Behind for models
    with Mismatching Bases.", of Stand Behind; the graph's ``overrides`` from that rule): where the
    other is in play on the same side and the relation's conditions hold, the rule brings nothing."""
    for rel in ctx.view.relations_in(rid):
        other = rel["source"]
        if rel["kind"] != "overrides" or rel["citation"]["rule"] != rid or other == rid or other not in mine.rules:
            continue
        if not re.match(r"\s*ignore\s+(?:the\s+)?" + re.escape(entry.name) + r"\b", rel["citation"]["sentence"], re.I):
            continue
        failed, unknown = judge(rel["conditions"], flags, mine.ids, theirs.ids)
        if failed is not None or unknown:
            continue
        why = f"{entry.name} is ignored beside {ctx.name(other)}, by its own words, and {ctx.name(other)} is in play on this side"
        aside.append((mine.name, rid, why))
        idle.append(Inactive(rid, entry.name, mine.name, why, quote(rel["citation"], ctx.view.rule_names), entry.via, relation="overrides"))
        return


# "This rule does not apply if the unit Flees involuntarily (e.g. as the result of a failed Panic Test, or if it was
# already Fleeing when being Charged)": the cases the rule's own words except it in
_NOT_APPLYING = lazy(r"\b(?:this\s+(?:special\s+)?rule|it)\s+(?:does|do)\s+not\s+apply\s+(?:if|when|where|while)\s+(?P<cases>.+)$", re.I)
_CASES_APART = lazy(r"\(\s*(?:e\.\s?g\.|for\s+example|such\s+as)\s*|\)|,?\s+or\s+(?:if|when)\s+|,\s*or\s+|\s+or\s+(?=[a-z]+\s)", re.I)
# a situation flag by the words a case says it in: "already Fleeing when being Charged" is fleeing and charged
_CASE_FLAGS = {"fleeing": "fleeing", "flees": "fleeing", "fled": "fleeing", "charged": "charged", "charging": "charging",
               "moved": "moved", "shooting": "shooting", "shoots": "shooting", "melee": "melee"}
# the words of a case that say no circumstance of their own
_CASE_FILLER = frozenset({"if", "when", "while", "it", "its", "they", "was", "were", "is", "are", "has", "have", "been", "being",
                          "already", "the", "a", "an", "unit", "model", "models", "this", "still", "in"})


def not_applying(sentence: str, name: str, flags: tuple[str, ...]) -> str | None:
    """The case, in the sentence's words, in which a rule says it does not apply ("This rule does not
    apply if the unit Flees involuntarily (e.g. ..., or if it was already Fleeing when being Charged)")
    where the flags say that case and nothing else: each of its words a flag given ("Fleeing",
    "Charged") or a word of no circumstance ("already", "when", "being"); None where no case is
    told by the flags ("Flees involuntarily", "a failed Panic Test": the situation cannot say).

    >>> not_applying("This rule does not apply if the unit Flees involuntarily (e.g. as the result of a failed Panic Test, "
    ...              "or if it was already Fleeing when being Charged).", "Feigned Flight", ("fleeing", "charged"))
    'if it was already Fleeing when being Charged'
    >>> not_applying("This rule does not apply if the unit Flees involuntarily.", "Feigned Flight", ("fleeing", "charged")) is None
    True
    """
    found = searched(_NOT_APPLYING, sentence.rstrip(". "))
    if found is None or not flags:
        return None
    for case in _CASES_APART.split(found.group("cases")):
        words = re.findall(r"[A-Za-z]+", case)
        said = {_CASE_FLAGS[w.lower()] for w in words if w.lower() in _CASE_FLAGS}
        if said and said <= set(flags) and all(w.lower() in _CASE_FLAGS or w.lower() in _CASE_FILLER for w in words):
            lead = "" if re.match(r"\s*(?:if|when|while)\b", case, re.I) else "if "
            return lead + " ".join(case.split())
    return None


# what each limit on a whole rule asks, in a referee's words
_MEANS = {"shooting": "when shooting", "melee": "in close combat", "not-melee": "when not in close combat",
          "not-fleeing": "when its bearer is not fleeing", "fleeing": "when its bearer is fleeing",
          "charged": "when its bearer's unit is charged", "charging": "when its bearer is charging", "on-foot": "for a model on foot", "mounted": "for a mounted model"}
# a whole rule's time ("Starting with the second round"), and the flag of the first round or turn, which rules it out
_FIRST_OF = {"from-round": "first-round", "from-turn": "first-turn"}


def _meaning(limit: Limit) -> str:
    """A whole rule's limit in a referee's words: "when shooting", "from round 2 on"."""
    if limit.situation in _FIRST_OF:
        return f"from {limit.situation[5:]} {(limit.value or ('2',))[0]} on"
    return _MEANS[limit.situation]


# a state of the acting unit, and the flags that rule it out: the charger is not the target of a charge that
# turn, nor the target the charger
_RULED_OUT_BY = {"on-foot": ("mounted",), "mounted": ("on-foot",), "charging": ("not-charging", "charged"), "charged": ("charging",)}


def _named_weapons(ctx: Context, system: str, names: tuple[str, ...]) -> list[list[str]]:
    """The rule ids each weapon a limit names may be ("Bows": Bow), a name of no rule none."""
    out = []
    for said in names:
        found = ctx.view.lookup(said, system) or (ctx.view.lookup(said[:-1], system) if said.endswith("s") else [])
        out.append([rule["id"] for rule in found])
    return out


def limit_holds(ctx: Context, limit: Limit, flags: tuple[str, ...], side: Side) -> tuple[str, str]:
    """(HOLDS, FAILS or UNKNOWN, the flag or rule the answer rests on) for one limit on a whole rule.

    A kind of fight is judged only where the situation names one ("Once per Shooting Phase" fails
    under --when melee, and cannot be told with no flag); "non-Fleeing" fails under --when fleeing
    and holds otherwise, as "not-melee" does (the flag is the acting unit's: the opponent's state
    is not told by it); on foot, mounted, charging and charged hold under their flag and fail
    under the one that rules them out (:data:`_RULED_OUT_BY`); a weapon the rule is used with holds where a rule of
    that name is in play on the side, fails where the side has another weapon of its kind and none
    named, and cannot be told otherwise."""
    word = limit.situation
    if word in _FIRST_OF:
        # "Starting with the second round": the game's time (or the fight's), the same for both sides; the flag of
        # the first round or turn rules it out, and no flag says a later one
        first = _FIRST_OF[word]
        return (FAILS, first) if first in flags else (UNKNOWN, "")
    if word in ("shooting", "melee"):
        other = _OTHER_KIND[word]
        if word in flags:
            return HOLDS, word
        return (FAILS, other) if other in flags else (UNKNOWN, "")
    if word in ("fleeing", "not-fleeing") and side.name != "self":
        # --when fleeing says the acting unit flees, not its opponent: the other side's state is not told
        return (HOLDS, "") if word == "not-fleeing" else (UNKNOWN, "")
    if word in ("not-melee", "not-fleeing"):
        answer = holds({"situation": word, "value": None, "text": limit.words}, flags, side.ids, set())
        return answer, word[4:]
    if word == "fleeing":
        return (HOLDS, word) if word in flags else (UNKNOWN, "")
    if word in _RULED_OUT_BY:
        # the acting unit's state (--when): the opponent's is not told by the flags
        if side.name != "self":
            return UNKNOWN, ""
        other = next((flag for flag in _RULED_OUT_BY[word] if flag in flags), None)
        return (HOLDS, word) if word in flags else (FAILS, other) if other else (UNKNOWN, "")
    named = _named_weapons(ctx, ctx.system, limit.value or ())
    present = [any(rid in side.ids for rid in ids) for ids in named]
    if (all(present) if word == "with-all-of" else any(present)):
        return HOLDS, ""
    kinds = {(ctx.view.get(rid) or {}).get("category") for ids, there in zip(named, present) if not there for rid in ids} - {None, ""}
    named_ids = {rid for ids in named for rid in ids}
    other = next((rid for rid in side.ids if rid not in named_ids and (ctx.view.get(rid) or {}).get("category") in kinds), None)
    fights = [flag for flag in ("shooting", "melee") if flag in flags]
    if other is None and not all(named) and len(fights) == 1:
        # a weapon named that is no rule ("when using a Sky Reaper"): its kind is not known, but the
        # situation names the fight, and the side has a weapon for it that is not the one named
        other = next((rid for rid in side.ids if rid not in named_ids and fought_with(ctx.view.get(rid) or {}) == fights[0]), None)
    return (FAILS, other) if other else (UNKNOWN, "")


# a weapon's category that says what it is used for, after the data's sort number: "6 Ranged Weapon"
_USED_FOR = lazy(r"^\s*(?:\d+\s+)?(?P<use>ranged|shooting|missile|melee|close\s+combat)\s+weapons?\s*$", re.I)
_RANGE = lazy(r"^\s*(?:range|reichweite)\s*:?\s*\d+", re.I)


def fought_with(rule: dict[str, Any]) -> str | None:
    """The kind of fight a weapon's rule is for, by its category ("6 Ranged Weapon": shooting;
    "Close Combat Weapon": melee) or a profile that states a range (shooting), or None.

    >>> fought_with({"category": "6 Ranged Weapon"}), fought_with({"category": "Close Combat Weapon"}), fought_with({"category": "Global"})
    ('shooting', 'melee', None)
    """
    found = _USED_FOR.match(rule.get("category") or "")
    if found is not None:
        return USES[" ".join(found.group("use").lower().split())]
    if any(_RANGE.match(p.get("text") or "") for v in rule.get("versions") or () for p in v.get("profiles") or ()):
        return "shooting"
    return None


def _holding(limit: Any) -> str:
    """What a referee quotes for a limit: the sentence that holds its words ("A model with this special rule counts its
    cover saves during the Shooting Phase as being 1 point better than normal."), never the words alone; a sentence that
    runs on past a paragraph's end (a list after "the following effects:") as far as that end."""
    sentence = limit.sentence or limit.words
    at = sentence.find(limit.words)
    end = sentence.find("\n\n", max(at, 0))
    return sentence[:end].rstrip() if end > 0 else sentence


@functools.lru_cache(maxsize=4096)
def _limits_of(text: str, name: str) -> tuple[Limit, ...]:
    """:func:`~referee.graph.limits.whole_limits` of a rule's text and name, read once per text and name: every answer
    asks it of each rule in play again (a limit is only read, never changed)."""
    return tuple(whole_limits(sentences(text), name))


def _whole_limited(ctx: Context, side: Side, rid: str, entry: Any, text: str, flags: tuple[str, ...],
                   aside: list[tuple[str, str, str]], idle: list[Inactive]) -> None:
    """A rule whose own words limit the whole of it (:func:`referee.graph.limits.whole_limits`): set
    aside where the situation rules the limit out, the limiting words quoted at their place; where
    the situation cannot tell, every instance holds only under those words (said, never applied
    as if it held)."""
    failed = False
    rule = ctx.view.get(rid) or {}
    for limit in _limits_of(text, entry.name):
        if limit.situation in _OTHER_KIND and attack_kind_said(text, entry.name, rule.get("category")):
            continue  # its kind of attack is read by its name or its "only" (attack_scoped_rules)
        answer, by = limit_holds(ctx, limit, flags, side)
        if answer == FAILS:
            if limit.situation.startswith("with-"):
                why = (f"{entry.name} holds only {_with_words(limit)}, by its own words (\"{limit.words}\"), "
                       f"and the side has {ctx.name(by)} instead")
            else:
                why = f"{entry.name} holds only {_meaning(limit)}, by its own words (\"{limit.words}\"), and the situation says --when {by}"
            if not failed:
                aside.append((side.name, rid, why))
            failed = True
            quoted = _name_quote(ctx, rid) if limit.sentence == limit.words == rule.get("name") else ctx.rule_quote(rid, _holding(limit))
            idle.append(Inactive(rid, entry.name, side.name, why, quoted, entry.via))
        elif answer == UNKNOWN and not failed:
            said = (f"only {_with_words(limit)}" if limit.situation.startswith("with-") else f"only {_meaning(limit)}") + f" (its words \"{limit.words}\")"
            # what the rule grants holds under its words too
            for other in side.rules.values():
                for at, conditions in enumerate(other.instance_conditions):
                    if (other is entry or any(step["rule"] == rid for step in other.chains[at])) and said not in conditions:
                        conditions.append(said)


def _name_quote(ctx: Context, rid: str) -> dict[str, Any]:
    """A rule's name quoted where its heading writes it (the line its source opens on)."""
    rule = ctx.view.get(rid) or {}
    source = rule["source"]
    text = ctx.document(source["file"]) or ""
    lines = text.split("\n")
    heading = lines[source["line"] - 1] if 0 < source["line"] <= len(lines) else ""
    at = heading.find(rule["name"])
    column = at + 1 if at >= 0 else source.get("column", 1)
    return {"rule": rid, "name": rule["name"], "file": source["file"], "line": source["line"], "column": column, "quote": rule["name"]}


def weapon_conditioned(ctx: Context, sides: tuple[Side, Side], flags: tuple[str, ...], found: dict[tuple[str, str], list[dict[str, Any]]],
                       idle: list[Inactive]) -> None:
    """A modifier held to the weapon it is used with ("+1 to-hit when attacking with a Great Weapon") is
    judged as a whole rule's weapon limit is (:func:`limit_holds`): set aside where the side has another
    weapon of that kind and none named, the condition's words quoted; the condition dropped where a
    weapon named is in play; kept, said, where the situation cannot tell."""
    by_name = {side.name: side for side in sides}
    for (side_name, stat), items in list(found.items()):
        for part in list(items):
            for words in list(part["conditions"]):
                limit = weapon_condition(words, part["citation"].get("sentence", ""))
                if limit is None:
                    continue
                answer, by = limit_holds(ctx, limit, flags, by_name[side_name])
                if answer == HOLDS:
                    part["conditions"].remove(words)
                elif answer == FAILS:
                    items.remove(part)
                    why = (f"{part['name']} modifies {stat} {part['value']} only {_with_words(limit)}, by its own words "
                           f"(\"{limit.words}\"), and the side has {ctx.name(by)} instead")
                    idle.append(Inactive(part["rule"], part["name"], side_name, why, ctx.rule_quote(part["rule"], limit.sentence or None),
                                         relation="modifies"))
                    break
        if not items:
            del found[(side_name, stat)]


def _with_words(limit: Limit) -> str:
    names = list(limit.value or ())
    joined = " and ".join(names) if limit.situation == "with-all-of" else " or ".join(names)
    return f"with {joined}"


# "Units can not embark(ed) while they ... made an advance move this turn": the rule's own verb forbidden
_OWN_CANNOT = lazy(r"\b(?:can\s*not|cannot|may\s+not|are\s+unable\s+to|is\s+unable\s+to)\s+(?P<verb>[a-z]+)\b(?P<rest>[^.;]*)", re.I)
_WHEN = lazy(r"\b(?:while|if|after|when|once)\b", re.I)


def words_name(words: str, name: str) -> bool:
    """Whether words name a rule by a form of its name ("advanced", "an advance move": Advancing)."""
    stems = [_stem(w) for w in name.split() if len(_stem(w)) >= 4]
    said = [_stem(w) for w in re.findall(r"[A-Za-z]+", words)]
    return bool(stems) and all(stem in said for stem in stems)


def own_use_forbidden(ctx: Context, sides: tuple[Side, Side]) -> tuple[list[tuple[Any, ...]], list[Any]]:
    """A rule whose own words forbid its own action when the side has done what another of its
    rules is ("Units can not embark while they ... made an advance move this turn", Embarking
    beside Advancing): where that rule is in play on the side, the rule is set aside, quoted.
    Returns ((side, rule id, why, the forbidding sentence) to set aside, the rulings)."""
    aside: list[tuple[Any, ...]] = []
    rulings: list[Any] = []
    for side in sides:
        for rid, entry in side.rules.items():
            rule = ctx.view.get(rid)
            if rule is None or len(_stem(entry.name.split()[-1])) < 4:
                continue
            text = rule["versions"][0]["text"] if rule["versions"] else rule["text"]
            for sentence in sentences(text or ""):
                found = searched(_OWN_CANNOT, sentence)
                if found is None or _stem(found.group("verb")) != _stem(entry.name.split()[-1]):
                    continue
                when = _WHEN.search(found.group("rest"))
                if when is None:
                    continue
                alternatives = re.split(r"\bor\b|,", found.group("rest")[when.end():])
                done = [other for other, e in side.rules.items() if other != rid and any(words_name(a, e.name) for a in alternatives)]
                if not done:
                    continue
                by = [ctx.name(o) for o in done]
                why = f"{entry.name} cannot be used: its own words forbid it where {' and '.join(by)} {'was' if len(by) == 1 else 'were'} used"
                forbidding = ctx.rule_quote(rid, sentence)
                aside.append((side.name, rid, why, forbidding))  # in play, its use barred by its own sentence
                rulings.append(Ruling([*by, entry.name], None, "cannot-beats-can", why, [forbidding], [], [side.name]))
                break
    return aside, rulings


# "ward save 6+ cc only": the kinds of attack a rule's own words limit it to
_ONLY = tuple((lazy(r"\b(?:" + pattern + r")\b", re.I), normal) for pattern, normal in ONLY_SCOPES)
_OTHER_KIND = {"melee": "shooting", "shooting": "melee"}
_KIND_WORDS = {"melee": "close combat", "shooting": "shooting"}


# a rule whose name or category is a kind of attack ("Breath Weapon Close Combat Attack", "Shooting Attack")
_NAMED_KIND = (
    (lazy(r"\b(?:close\s+combat|melee)\s+attacks?\b", re.I), "melee"),
    (lazy(r"\b(?:shooting|ranged|missile)\s+attacks?\b", re.I), "shooting"),
)
# a weapon keyword whose name opens with its kind of attack ("Melee X splash Y", "Ranged X heavy"): of
# that kind unless its own words let it into the other ("even in melee distance", of Ranged X trigger)
_OPENS_WITH_KIND = ((lazy(r"^\s*melee\b", re.I), "melee"), (lazy(r"^\s*ranged\b", re.I), "shooting"))
# the words of a rule's text that say which kind it is, to quote: "an additional close combat attack"
_KIND_SAID = {"melee": lazy(r"\bclose\s+combat\b|\bmelee\b", re.I), "shooting": lazy(r"\bshoot(?:ing|s)?\b|\branged\b|\bmissile\b", re.I)}
# the words of such a keyword that speak of the other kind ("without preventing the attacker from fighting", of Ranged X charge)
_LETS_INTO = {"melee": lazy(r"\bclose\s+combat\b|\bmelee\b|\bfight(?:s|ing)?\b", re.I), "shooting": _KIND_SAID["shooting"]}


def named_kind(name: str, category: str | None) -> str | None:
    """The one kind of attack a rule's name or category says it is, or None (neither, or both).

    >>> named_kind("Breath Weapon Close Combat Attack", None), named_kind("Spit", "Ranged Attacks"), named_kind("Breath Weapon", None)
    ('melee', 'shooting', None)
    """
    kinds = {kind for words in (name, category or "") for pattern, kind in _NAMED_KIND if pattern.search(words)}
    return next(iter(kinds)) if len(kinds) == 1 else None


def opening_kind(name: str) -> str | None:
    """The kind of attack a weapon keyword's name opens with ("Melee X splash Y": melee), or None.

    >>> opening_kind("Melee X splash Y"), opening_kind("Ranged X trigger -Y to hit"), opening_kind("Rangefinder")
    ('melee', 'shooting', None)
    """
    return next((kind for pattern, kind in _OPENS_WITH_KIND if pattern.search(name)), None)


def _let_into_other(ctx: Context, side: Side) -> set[str]:
    """The kinds of weapon keyword (by the name's opening) the side may use in the other kind of attack,
    because one of its keywords of that kind says so ("even in melee distance", of Ranged X trigger):
    a keyword string may be one weapon, so none of that kind is set aside."""
    out = set()
    for rid, entry in side.rules.items():
        kind = opening_kind(entry.name)
        rule = ctx.view.get(rid) or {}
        text = rule["versions"][0]["text"] if rule.get("versions") else rule.get("text") or ""
        if kind and _LETS_INTO[_OTHER_KIND[kind]].search(text):
            out.add(kind)
    return out


def attack_kind_said(text: str, name: str, category: str | None) -> bool:
    """Whether :func:`attack_scoped_rules` reads a rule's kind of attack: its "cc only", or its name."""
    return any(pattern.search(sentence) for sentence in sentences(text or "") for pattern, _normal in _ONLY) or named_kind(name, category) is not None


@functools.lru_cache(maxsize=4096)
def _only_said(text: str) -> tuple[tuple[str, re.Match[str], str], ...]:
    """Each sentence of a rule's text that limits it to one kind of attack ("cc only"): the sentence, the words
    found and the kind, read once per text (every answer asks it of the rules in play)."""
    return tuple((sentence, found, normal) for sentence in sentences(text) for pattern, normal in _ONLY
                 for found in [pattern.search(sentence)] if found)


def attack_scoped_rules(ctx: Context, sides: tuple[Side, Side], flags: tuple[str, ...]) -> tuple[list[tuple[str, str, str]], list[Inactive]]:
    """A rule whose own words limit it to one kind of attack ("exchange Fighting with a hand weapon
    and a shield to Parry Save (fighting front, ward save 6+ cc only)": close combat), or whose name
    or category is one kind of attack ("Breath Weapon Close Combat Attack"), brings nothing where the
    situation is the other kind and not this one (``--when shooting``): it is set aside, the words
    quoted (for a kind by name, the sentence of its text that names the kind, else its first).  A
    rule that names both kinds with "only" is left to its relations; where the situation names
    neither kind, nothing is set aside (the words stand as said)."""
    aside: list[tuple[str, str, str]] = []
    idle: list[Inactive] = []
    for mine, _theirs in (sides, sides[::-1]):
        let_in = _let_into_other(ctx, mine)
        for rid, entry in mine.rules.items():
            rule = ctx.view.get(rid)
            text = (rule["versions"][0]["text"] if rule["versions"] else rule["text"]) if rule else ""
            said = _only_said(text or "")
            kinds = {normal for _s, _f, normal in said}
            opened = opening_kind(entry.name)
            by_name = (named_kind(entry.name, (rule or {}).get("category"))
                       or (opened if opened not in let_in else None)) if not kinds else None
            if by_name is not None:
                kinds = {by_name}
            if len(kinds) != 1:
                continue
            kind = next(iter(kinds))
            if kind in flags or _OTHER_KIND[kind] not in flags:
                continue
            if by_name is not None:
                told = list(sentences(text or ""))
                sentence = next((s for s in told if _KIND_SAID[kind].search(s)), told[0] if told else "")
                what = "attack" if named_kind(entry.name, (rule or {}).get("category")) else "weapon"
                opens = f' ("{entry.name.split()[0]}")' if what == "weapon" else ""
                why = (f"{entry.name} is a {_KIND_WORDS[kind]} {what}, as its name says{opens}, "
                       f"and the situation is {_OTHER_KIND[kind]} (--when {_OTHER_KIND[kind]})")
            else:
                sentence, found, _ = said[0]
                why = (f"{entry.name} is for {_KIND_WORDS[kind]} only, as its words say (\"{found.group()}\"), "
                       f"and the situation is {_OTHER_KIND[kind]} (--when {_OTHER_KIND[kind]})")
            aside.append((mine.name, rid, why))
            idle.append(Inactive(rid, entry.name, mine.name, why, ctx.rule_quote(rid, sentence or None), entry.via, relation="only"))
    return aside, idle
