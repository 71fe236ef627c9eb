"""What a rule's parameter says it applies to.

A parameter may scope its instance rather than size it:

- "Aegis (4+, against Flaming Attacks)": the instance is for attacks with
  Flaming Attacks only.  Where the other side is given and has no such rule,
  the instance is not in play here (listed as inactive, with why), so it
  meets nothing: no reroll of an Aegis save that is never taken.
- "Immunity (Flame)" of a rule that writes its parameter as a phrase ('A
  model with "Immune to X" ...'): a sentence of the rule whose subject names
  one value of that phrase ("A model with Immune to Poison causes Poisoned
  attacks to roll normally") is only for the instances of that value.
  Immunity (Flame) against Poisoned: nothing meets.

An instance without parameters, or a value the text cannot be compared
with, is never guessed away: the relation stays.
"""

from __future__ import annotations

import re

from referee.patterns import lazy
from referee.resolve.play import Inactive, Side
from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from referee.store.book import Book
    from collections.abc import Callable
    from typing import Any

# "against Flaming Attacks", "vs. Flaming Attacks" as one parameter of an instance
_AGAINST = lazy(r"^(?:only\s+)?(?:against|vs\.?)\s+(?P<what>.+)$", re.I)
# a placeholder in quotes: '"Immune to X"' (the words before the letter are the phrase)
_QUOTED = lazy(r"[\"“](?P<lead>[^\"”]*?[A-Za-z][^\"”]*?)\s+(?P<letter>[XYZ])\s*[\"”]")


def _same_word(a: str, b: str) -> bool:
    """Whether two written values name the same thing: "Poison", "poisoned"; "Flame", "Flaming"."""
    a, b = fold(a).strip(), fold(b).strip()
    if not a or not b:
        return False
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    stem = short[:-1] if short.endswith("e") and len(short) > 4 else short  # flame -> flam(ing)
    return len(stem) >= 4 and long.startswith(stem)


def against_instances(view: Book, system: str, sides: tuple[Side, Side], rule_quote: Callable[[str], dict[str, Any]]) -> list[Inactive]:
    """Take out of play each instance whose parameter says what it is against ("against Flaming
    Attacks") where the other side is given and has no such rule; a rule with no instance left is
    out of play.  Returns the instances taken out, each an inactive entry with why, quoting the
    rule (``rule_quote``: a rule id -> its first sentence, cited at its place)."""
    names = view.rule_names
    idle: list[Inactive] = []
    for mine, theirs in (sides, sides[::-1]):
        if not theirs.rules:
            continue  # no other side given: what it is against cannot be told
        theirs_names = {fold(e.name) for e in theirs.rules.values()}
        for rid in list(mine.rules):
            entry = mine.rules[rid]
            keep: list[int] = []
            for at, params in enumerate(entry.instances):
                wanted = [m.group("what").strip() for p in params for m in [_AGAINST.match(p.strip())] if m]
                if not wanted or any(_met(view, system, w, theirs, theirs_names) for w in wanted):
                    keep.append(at)
                    continue
                said = entry.shown(at)
                why = f"{said} applies only against {' or '.join(wanted)}: the other side does not have it"
                idle.append(Inactive(rid, entry.name, mine.name, why, rule_quote(rid), entry.chains[at], relation="parameter"))
            if len(keep) == len(entry.instances):
                continue
            if not keep:
                del mine.rules[rid]
                continue
            entry.instances = [entry.instances[k] for k in keep]
            entry.chains = [entry.chains[k] for k in keep]
            entry.instance_conditions = [entry.instance_conditions[k] for k in keep]
    return idle


def _met(view: Book, system: str, words: str, theirs: Side, theirs_names: set[str]) -> bool:
    """Whether the other side has what a parameter is against: a rule of that name (or the
    same word written otherwise), or the words cannot be told apart from a rule it has."""
    wanted = fold(words)
    if wanted in theirs_names or any(_same_word(wanted, n) for n in theirs_names):
        return True
    found = view.lookup(words, system)
    if not found:
        return True  # words the system does not name: not ours to rule out
    return any(r["id"] in theirs.rules for r in found)


def _templates(rule: dict[str, Any]) -> list[re.Pattern[str]]:
    """The phrases a rule writes its parameter in ('"Immune to X"'), each as a pattern whose
    group "value" is the value a sentence names ("Immune to Poison": Poison)."""
    out = []
    for version in rule["versions"] or [{"text": rule["text"]}]:
        for m in _QUOTED.finditer(version["text"] or ""):
            lead = r"\s+".join(re.escape(w) for w in m.group("lead").split())
            pattern = re.compile(r"\b" + lead + r"\s+(?P<value>[A-Za-z][\w-]*)", re.I)
            if pattern.pattern not in [p.pattern for p in out]:
                out.append(pattern)
    return out


def for_other_value(view: Book, rel: dict[str, Any], entry: Any) -> str | None:
    """Why a relation of a rule in play is not for any of its instances here, or None: its subject
    names one value of the rule's parameter ("A model with Immune to Poison") and every instance
    has another ("Immunity (Flame)")."""
    if not entry.instances or not all(entry.instances):
        return None
    said = " ".join(filter(None, [rel["subject"] or "", *(c["text"] or "" for c in rel["conditions"])]))
    if not said:
        return None
    rule = view.get(rel["source"])
    if rule is None:
        return None
    for pattern in _templates(rule):
        m = pattern.search(said)
        if m is None:
            continue
        value = m.group("value")
        if any(_same_word(value, p) for params in entry.instances for p in params):
            return None
        shown = "; ".join(entry.shown(at, names=False) for at in range(len(entry.instances)))
        return f"its words are for {m.group(0)}, and here it is {shown}"
    return None


_DIGITS = lazy(r"\d+")


def lettered(name: str, letters: list[str], params: list[str] | tuple[str, ...]) -> list[str]:
    """An instance's parameters as the values of its rule's letters, where the rule's name writes them as
    letters with words around them: "Guardian -2 {1 leader}" of "Guardian -X {Y leader}" is X 2 and Y 1;
    "Ranged 3 trigger -2 to hit" of "Ranged X trigger -Y to hit" is X 3 and Y 2.  A parameter binds where
    it holds one number and, that number written as its letter, stands in the name as written (the name is
    the pattern); any other stays as written ("blue" of "Leader (color/color)", "+1" of "Stealth", "4+").
    Bound by place, only where the instance gives one value for every letter.

    >>> lettered("Guardian -X {Y leader}", ["X", "Y"], ["-2", "{1 leader}"])
    ['2', '1']
    >>> lettered("Ranged X trigger -Y to hit", ["X", "Y"], ["3", "-2 to hit"])
    ['3', '2']
    >>> lettered("Leader (color/color) +X {Y role/Z role/role}", ["colors", "X", "roles"], ["blue", "+4", "{2 base}"])
    ['blue', '4', '{2 base}']
    >>> lettered("Stealth", ["X"], ["+1"]), lettered("Dangerous Terrain(x)", ["x"], ["1"])
    (['+1'], ['1'])
    """
    if not letters or len(params) != len(letters):
        return list(params)
    pattern = " ".join(name.split())
    out = []
    for written, letter in zip(params, letters):
        numbers = _DIGITS.findall(written)
        template = _DIGITS.sub(letter, " ".join(written.split()), count=1) if len(numbers) == 1 and letter else None
        fits = template is not None and re.search(r"(?<![\w])" + re.escape(template) + r"(?![\w])", pattern) is not None
        out.append(numbers[0] if fits else written)
    return out


def lettered_entry(view: Book, data: dict[str, Any]) -> dict[str, Any]:
    """An in-play entry (JSON) with each instance's parameters as its rule's letters' values (:func:`lettered`);
    merged parameters (a cumulative rule's) are left as they are."""
    rule = view.get(data["rule"]) if "/" in data["rule"] else None
    letters = [str(p.get("name") or "") for p in (rule or {}).get("params") or []]
    if not letters or not data["params"] or not all(isinstance(p, list) for p in data["params"]):
        return data
    name = rule["name"]
    data["params"] = [lettered(name, letters, p) for p in data["params"]]
    for each in data["each"]:
        each["params"] = lettered(name, letters, each["params"])
    return data
