"""The modifiers in force: per side and stat, each cited, summed only where they stack.

A ``modifies`` relation of a rule in play counts when its conditions hold;
one whose conditions the situation cannot tell counts with those words
attached.  Rules set aside by a ruling (a Shield that cannot be used, the
effects a side is immune to) bring none.  Whether several modifiers of one
stat add up is the principles' question (:func:`stat_meetings`).
"""

from __future__ import annotations

from referee.graph.stacking import never_stacks
from referee.patterns import lazy
from referee.resolve.meeting import Meeting
from referee.resolve.play import PLAIN_SUBJECT, Inactive, Side, bearer_subject
from referee.resolve.ruling import quote
from referee.resolve.situation import FAILS, HOLDS, UNKNOWN, holds, why_not
from referee.resolve.source import never_stacking

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.store.book import Book

_NUMBER = lazy(r"[+-]\d+")


def parts(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], live_instances: dict[tuple[str, str], set[int]],
          merged: dict[tuple[str, str], list[str]] | None = None, idle: list[Inactive] | None = None,
          cumulative: dict[tuple[str, str], int] | None = None) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """(side, folded stat) -> the modifiers in force, each ``{rule, name, value, conditions, citation}``.

    ``live_instances``: (side, rule id) -> the instances a ruling did not set aside.

    ``merged``: the parameters of a cumulative rule's instances added up by a
    stacking ruling ((side, rule id) -> params): its per-parameter modifier
    counts once, with the sum.  ``cumulative``: (side, rule id) -> how many instances a
    cumulative rule adds up; a modifier it states with a number of its own (not its parameter)
    is brought by each instance in play ("This rule is cumulative, allowing an additional -1
    to-hit modifier for each instance": Hard Target twice is -2).  ``idle`` gets each modifier whose condition fails here, with why
    (the situation says it does not apply: a referee says so rather than leave it out)."""
    names = view.rule_names
    out: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for mine, theirs in (sides, sides[::-1]):
        for rid in mine.rules:
            entry = mine.rules[rid]
            # an instance granted through a rule set aside brings nothing; the rule set aside, none
            live = sorted(live_instances.get((mine.name, rid), range(len(entry.instances))))
            if not live:
                continue
            whole = merged is not None and (mine.name, rid) in merged
            instances = [tuple(merged[(mine.name, rid)])] if whole else entry.instances  # type: ignore[index]
            if idle is not None:
                for rel in view.relations_out(rid):
                    details = dict(rel["details"])
                    numbered = details.get("per") == "parameter" and not any(_SIGNED.fullmatch(p.strip()) for params in instances for p in params)
                    lettered = bool(_PLACEHOLDER.fullmatch(details.get("value", ""))) and not any(_NUMBER_IN.search(p) for params in instances for p in params)
                    if rel["kind"] == "modifies" and (numbered or lettered):
                        said = (f"{names.get(rid, rid)} modifies {details.get('stat')} by its parameter, and no instance here gives a number"
                                + (": the number in the quoted sentence is an example" if numbered else f" for its {details.get('value', '').lstrip('+-')}"))
                        idle.append(Inactive(rid, names.get(rid, rid), mine.name, said, quote(rel["citation"], names), relation="modifies"))
            for rel, details, at in _modifying(view.relations_out(rid), instances, lambda: _letters(view, rid)):
                unknown, failed = [], False
                if at is not None and not whole:
                    if at not in live:
                        continue
                    unknown += [c for c in entry.instance_conditions[at] if c not in unknown]
                elif at is not None:
                    unknown += [c for i in live for c in entry.instance_conditions[i] if c not in unknown]
                elif len(live) == 1:
                    # the rule came in under words the situation cannot tell ("if the majority of the
                    # models ... is obscured ... by a hill"): so does each modifier it states
                    unknown += [c for c in entry.instance_conditions[live[0]] if c not in unknown]
                for cond in rel["conditions"]:
                    answer = holds(cond, flags, mine.ids, theirs.ids)
                    either = None
                    if answer == UNKNOWN and mine.name == "self":
                        answer, either = _either(view, cond, flags, mine)
                    if answer == FAILS:
                        failed = True
                        if idle is not None:
                            said = f"{names.get(rid, rid)} modifies {details['stat']} {details.get('value', '')} {either or why_not(cond)}"
                            idle.append(Inactive(rid, names.get(rid, rid), mine.name, said, quote(rel["citation"], names), relation="modifies"))
                            idle[-1].stated = (details["stat"], details.get("value", ""))
                        break
                    if answer != HOLDS:
                        unknown.append(cond["text"] or cond["situation"])
                if failed:
                    continue
                items = out.setdefault((mine.name, details["stat"]), [])
                value = details.get("value", "")
                times = len(live) if at is None and (cumulative or {}).get((mine.name, rid), 0) > 1 else 1
                if times > 1 and _NUMBER.fullmatch(value.strip()):
                    value = f"{int(value) * times:+d}"  # each instance of a cumulative rule brings it
                if any(p["rule"] == rid and p["value"] == value for p in items):
                    continue  # the same modifier said twice in one rule (two documents, a summary)
                said = (rel["subject"] or "").strip()
                subject = said if said and not PLAIN_SUBJECT.fullmatch(said) and not bearer_subject(said, names.get(rid, rid)) else None
                items.append({"rule": rid, "name": names.get(rid, rid), "value": value, "subject": subject, "conditions": unknown, "citation": rel["citation"],
                              "stands": details.get("over") or details.get("yields")})
    return out


# "In a turn in which a model with this special rule charges or Counter-Attacks": a state of the acting unit, or a rule
_OR_RULE = lazy(r"^\s*or\s+(?P<rule>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)\s*$")


def _either(view: Book, cond: dict[str, Any], flags: tuple[str, ...], mine: Side) -> tuple[str, str | None]:
    """(HOLDS, FAILS or UNKNOWN, why it fails) for a condition of the acting side's own that names a state of the
    table or a rule ("in a turn in which a model ... charges or Counter-Attacks"): it holds where the flag holds,
    fails where the flag does not and the rule is not in play on the side, and is unknown otherwise, or where
    the words are of another kind.  (The other side's state is not what the flags say: only the acting side's
    conditions are read so.)"""
    text = cond.get("text") or ""
    if cond["situation"] != "other" or " or " not in text:
        return UNKNOWN, None
    from referee.graph.lexer import conditions_in  # the condition table's patterns: only for words joined by "or"

    found = conditions_in(text)
    alternative = _OR_RULE.match(text[found[0][1]:]) if len(found) == 1 else None
    if alternative is None:
        return UNKNOWN, None
    start, end, normal = found[0]
    state = normal.replace(" ", "-")
    answer = holds({"situation": state, "value": None, "text": text[start:end]}, flags, mine.ids, set())
    if answer != FAILS:
        return answer, None
    said = alternative.group("rule")
    system = next(iter(mine.ids), "").split("/", 1)[0]
    rules = view.lookup(said, system) or (view.lookup(said[:-1], system) if said.endswith("s") else [])
    if not rules or any(rule["id"] in mine.ids for rule in rules):
        return UNKNOWN, None
    flag = {"not-charging": "charging", "not-moved": "moved", "not-melee": "melee", "not-fleeing": "fleeing"}.get(state)
    given = f"--when {flag} given" if flag else f"--when {state} not given"
    return FAILS, f"only \"{' '.join(text.split())}\": {given}, and {rules[0]['name']} is not in play"


# "+2 Strength", "-1 Armour Penetration": a rule's parameter that modifies a stat
_PARAMETER = lazy(r"^([+\-−]\d+)\"?\s+([A-Z][\w ]*?)\s*$")


def _letters(view: Book, rid: str) -> list[str]:
    """The letters of a rule's parameters, in the order its name writes them ("Melee X charge Y": X, Y)."""
    rule = view.get(rid)
    return [str(p.get("name") or "") for p in (rule or {}).get("params") or []]


def _lettered(params: tuple[str, ...], letter: str, letters: list[str]) -> str | None:
    """The parameter an instance gives for one letter of its rule's name: by its place, where the
    instance gives one value for every letter ("Melee X charge Y" as "Melee 3 charge 2": Y is 2);
    else the first that holds a number, as an instance of its own words alone writes it ("charge 2")."""
    if letter in letters and len(params) == len(letters) > 1:
        found = _NUMBER_IN.search(params[letters.index(letter)])
        return found.group(1) if found else None
    return next((found.group(1) for p in params for found in [_NUMBER_IN.search(p)] if found), None)


def _modifying(relations: list[dict[str, Any]], instances: list[tuple[str, ...]],
               letters: Callable[[], list[str]] = list) -> list[tuple[dict[str, Any], dict[str, str], int | None]]:
    """(relation, details with stat and value, the instance it is of) of every modifier a
    rule's text states: its ``modifies`` relations; where its value is the parameter
    ("Stealth(+2) indicates giving +2 to the model's cover save"), one for each instance
    with a number for a parameter, of that number (an instance without one gets none:
    the example's number is never applied); and, where it grants "the ... modifiers
    stated in brackets" (Devastating Charge (+2 Strength, +2 Armour Penetration)), each
    modifier its parameters give, under that relation's conditions and citation."""
    out: list[tuple[dict[str, Any], dict[str, str], int | None]] = []
    for rel in relations:
        details = dict(rel["details"])
        if rel["kind"] == "modifies" and "stat" in details and details.get("per") == "parameter":
            for at, params in enumerate(instances):
                value = next((p.replace("−", "-") for p in params if _SIGNED.fullmatch(p.strip())), None)
                if value is not None:
                    out.append((rel, {**details, "value": value if value[0] in "+-" else f"+{value}"}, at))
        elif rel["kind"] == "modifies" and "stat" in details and details.get("value") == "=X":
            # "wounds on a fixed number (generally shown in brackets)": Poisoned (4+) wounds on 4+
            for at, params in enumerate(instances):
                needed = next((p.strip() for p in params if _NEEDED.fullmatch(p.strip())), None)
                if needed is not None:
                    out.append((rel, {**details, "value": f"={needed}"}, at))
        elif rel["kind"] == "modifies" and "stat" in details and _PLACEHOLDER.fullmatch(details.get("value", "")):
            # "-Y to the CS" of "Melee X heavy -Y": Y is the instance's number ("heavy -1": 1)
            named = letters()
            for at, params in enumerate(instances):
                number = _lettered(params, details["value"].lstrip("+-−="), named)
                if number is not None:
                    sign = details["value"][0] if details["value"][0] in "+-" else "+"
                    out.append((rel, {**details, "value": f"{sign}{number}"}, at))
        elif rel["kind"] == "modifies" and "stat" in details:
            out.append((rel, details, None))
        elif rel["kind"] == "grants" and details.get("grants") == "its parameters":
            for at, params in enumerate(instances):
                # one stat said twice among the parameters (a cumulative rule's instances, added up
                # by its stacking ruling: "+1 Att" of each) is their sum, never one of them
                stats: dict[str, list[str]] = {}
                for param in params:
                    found = _PARAMETER.match(param.strip())
                    if found:
                        stats.setdefault(_stat(found.group(2)), []).append(found.group(1).replace("−", "-"))
                for stat, values in stats.items():
                    out.append((rel, {"stat": stat, "value": total(values) if len(values) > 1 else values[0]}, at))
    return out


_SIGNED = lazy(r"[+\-−]?\d+")
_PLACEHOLDER = lazy(r"[+\-−=]?[XYZ]")  # a modifier's value that is the rule's parameter by its letter
_NEEDED = lazy(r"\d+\+?")  # a roll's needed result as a parameter: "4+"
_NUMBER_IN = lazy(r"(\d+)")


def _stat(words: str) -> str:
    """A stat as the graph names it in ``modifies`` relations ("Armour Penetration"): the
    lexer's phrase table is the one place that knows the stats' spellings."""
    from referee.graph.lexer import PHRASES

    kind, norm = PHRASES.get(tuple(words.lower().split()), ("", ""))
    return norm if kind == "STAT" else words


def same_models(items: list[dict[str, Any]]) -> bool:
    """Whether modifiers concern the same models: none names whom it is for, or all name the same.
    "Attacks made with a Halberd" and "Attacks made with a Great Weapon" are not added up."""
    return len({p["subject"] for p in items if p["subject"]}) <= 1 and (all(p["subject"] for p in items) or not any(p["subject"] for p in items))


def total(values: list[str]) -> str:
    """Modifiers added up: "+2" and "+1" -> "+3"; words that are not numbers are joined."""
    if all(_NUMBER.fullmatch(v.strip()) for v in values):
        n = sum(int(v) for v in values)
        return f"{n:+d}"
    return " and ".join(values)


def never_rules(view: Book, system: str, in_play: set[str]) -> list[dict[str, Any]]:
    """``stacks`` relations of mode "never" that speak of every ability of the system ("Any ability that ... never stacks"),
    stated by rules not in play (those in play are asked about their own)."""
    return [rel for rel in never_stacking(view, system) if rel["source"] not in in_play]


def stat_meetings(view: Book, system: str, found: dict[tuple[str, str], list[dict[str, Any]]], in_play: set[str]) -> list[Meeting]:
    """A stat modified by more than one rule on one side: do they add up?"""
    wide = never_rules(view, system, in_play)
    out = []
    for (side, stat), items in found.items():
        if len({p["rule"] for p in items}) < 2 or not same_models(items):
            continue
        own = [
            rel
            for p in items
            for rel in view.relations_out(p["rule"])
            if never_stacks(rel)
        ]
        out.append(Meeting("modifiers", list(dict.fromkeys(p["rule"] for p in items)), [side], own + wide, extra={"stat": stat, "parts": items}))
    return out
