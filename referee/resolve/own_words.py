"""The rules in play's own words that settle or frame a meeting, quoted with what is in force.

The graph reads them as ``settles`` relations (:mod:`referee.graph.settles`):
a choice, a tie-break, a both-sides clause, a permission or exception, a
limit, when a roll is read, another rule's mechanism used by reference.  They
oblige and forbid nothing the situation can tell, so no principle rules by
them; but a referee who meets these rules must read them, so each is listed
in ``in_force`` (kind ``settles``, ``actions`` its words, ``how`` its kind)
for every rule in play that no ruling set aside, once per sentence.
"""

from __future__ import annotations

import re

from referee.patterns import compiled, lazy
from referee.resolve.found import searched
from referee.resolve.meeting import Meeting, sentences
from referee.resolve.play import live
from referee.resolve.quotable import denied_states, forced_tests, lost, quotable, several_parts, states
from referee.resolve.ruling import quote
from referee.resolve.situation_words import RULED, forms, wholes
from referee.resolve.together import name_pattern
from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from referee.resolve.play import Side
    from referee.store.book import Book


def own_words(view: Book, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str], quoted: Iterable[str] = (),
              rule_quote: Any = None) -> list[dict[str, Any]]:
    """An ``in_force`` entry per sentence of a rule in play that settles how it meets others; and per
    sentence that names another rule in play ("Template and Blast weapons with Backfire roll a die
    separate from the weapon." beside Template), how ``mentions``, unless the answer quotes it
    already (``quoted``): a rule's words on another rule in play are how the two meet."""
    names = view.rule_names
    out: list[dict[str, Any]] = []
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    in_play = {rid for side in sides for rid in side.rules if (side.name, rid) not in set_aside}
    said = {_plain(q) for q in quoted}
    for side in sides:
        for rid in [*side.rules, *wholes(view, side, set_aside), *forms(view, side, set_aside)]:
            if (side.name, rid) in set_aside:
                continue
            relations = view.relations_out(rid)
            if rid not in side.rules:
                # a section's words on its parts, a form's on its rule ("Breath Weapon Shooting Attack"); what it names is theirs
                relations = [r for r in relations if r["kind"] == "settles"]
            # a sentence that settles is listed for that; one that only names another rule in play, after
            for rel in [r for r in relations if r["kind"] == "settles"] + [r for r in relations if r["kind"] == "references"]:
                details = dict(rel["details"])
                key = (rid, rel["citation"]["sentence"])  # the same rule on both sides: its words said once
                if rel["kind"] == "references":
                    if (rel["target"] not in in_play or rel["target"] == rid or _plain(key[1]) in said or (key in seen and seen[key]["how"] != "mentions")
                            or _EXAMPLE.match(key[1]) or _part_of(view, rid, rel["target"]) or _brought(sides, rel["target"], rid)):
                        continue  # an example's names, a section's list of its own rules, a rule it brought in: no word on how they meet
                    details = {"how": "mentions", "words": names.get(rel["target"], rel["target_name"])}
                elif details["how"] in RULED:
                    continue  # the others are ruled on (referee/resolve/situation_words.py)
                elif details["how"] == "both-sides" and not all(rid in s.rules for s in sides) and _both_have(rel["citation"]["sentence"], names.get(rid, rid)):
                    continue  # "If both sides got the keyword ...": a clause for both sides having it, nothing where one side alone has it
                same = seen.get(key)
                if same is not None:
                    if details["words"] not in same["actions"]:
                        same["actions"].append(details["words"])
                        if details["how"] not in same["how"].split(", "):
                            same["how"] += f", {details['how']}"
                    continue
                entry = {
                    "side": side.name, "rule": rid, "name": names.get(rid, rid), "kind": "settles", "actions": [details["words"]],
                    "how": details["how"], "subject": None, "conditions": [], "citation": quote(rel["citation"], names),
                }
                seen[key] = entry
                out.append(entry)
    out += _given_by_its_parts(view, sides, set_aside, said | {_plain(e["citation"]["quote"]) for e in out})
    if rule_quote is not None:
        out += _named_in_words(view, sides, set_aside, set(seen), said, in_play, rule_quote)
        # a rule's limit on its own use and what it does by its numbers, where nothing above quotes them
        told = said | {_plain(e["citation"]["quote"]) for e in out}
        out += denied_states(view, sides, set_aside, told, rule_quote) + several_parts(view, sides, set_aside, told, rule_quote)
        out += lost(view, sides, set_aside, told) + forced_tests(view, sides, set_aside, told, rule_quote)
        out += states(view, sides, set_aside, told, rule_quote)
        out += quotable(view, sides, set_aside, told, rule_quote)
    return out


def _given_by_its_parts(view: Book, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str], said: set[str]) -> list[dict[str, Any]]:
    """A sentence of a part of a rule in play (a sub-rule, not in play itself) that gives the rule to models of a
    kind, not to the part's own bearers: who has the rule, in its own section's words ("All models (without war
    machines and chariots) with US(3+) get Stomp ...", of Thunderstomp under Stomp / Thunder Stomp), how ``given``,
    ``actions`` whom it gives it to, with the words the situation cannot tell.  "A model with the Killing Blow
    special rule has the Rending Special Rule" gives Rending to Killing Blow's bearers: that is Killing Blow's
    grant, followed where Killing Blow is in play."""
    names = view.rule_names
    out: list[dict[str, Any]] = []
    for side in sides:
        for rid in live(side, set_aside):
            for rel in view.relations_in(rid):
                source = rel["source"]
                if (rel["kind"] != "grants" or source in side.rules or (view.get(source) or {}).get("parent") != rid
                        or _plain(rel["citation"]["sentence"]) in said):
                    continue
                subject = (rel.get("subject") or "").strip()
                if not subject or fold(names.get(source, "")) in fold(subject):
                    continue
                whom = subject + "".join(f", {c['text']}" for c in rel["conditions"] if c.get("text"))
                out.append({"side": side.name, "rule": rid, "name": names.get(rid, rid), "kind": "settles", "actions": [whom], "how": "given",
                            "subject": None, "conditions": [], "citation": quote(rel["citation"], names)})
                said = said | {_plain(rel["citation"]["sentence"])}
    return out


def _named_in_words(view: Book, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str], seen: set[tuple[str, str]], said: set[str],
                    in_play: set[str], rule_quote: Any) -> list[dict[str, Any]]:
    """A sentence of a rule in play that names another rule in play in the players' words, small letters and
    plural ("The enemy player can use -1 reaction units this round." beside Reaction units; "needs only three
    models to count for rank bonus, steadfast and so on" beside Steadfast), where the graph read no mention of
    it: the first such sentence per pair, how ``mentions``, unless the answer quotes it already."""
    names = view.rule_names
    mentioned = {(rid, r["target"]) for rid in in_play for r in view.relations_out(rid) if r["kind"] == "references"}
    out: list[dict[str, Any]] = []
    patterns = {b: name_pattern(names.get(b, b)) for b in sorted(in_play)}
    kinds = {b: _kind_pattern((view.get(b) or {}).get("category")) for b in sorted(in_play)}
    for side in sides:
        for a in side.rules:
            rule = view.get(a)
            if (side.name, a) in set_aside or rule is None:
                continue
            version = rule["versions"][0] if rule["versions"] else None
            text = (version or rule).get("text") or ""
            for b, by_name in patterns.items():
                # the other rule by its name, or by its kind said of all of that kind ("They never benefit from any weapons or
                # other Attack Attributes" beside a Great Weapon, whose category is "Melee Weapon")
                pattern = by_name if by_name is not None and searched(by_name, text) else kinds[b]
                if (b == a or pattern is None or not searched(pattern, text) or (a, b) in mentioned or fold(names.get(a, a)) == fold(names.get(b, b)) or _part_of(view, a, b)
                        or _brought(sides, b, a) or _brought(sides, a, b)):
                    continue
                found = next((x for x in sentences(text) if searched(pattern, x) and not _EXAMPLE.match(x) and _plain(x) not in said), None)
                if found is None or (a, found) in seen:
                    continue
                seen.add((a, found))
                out.append({"side": side.name, "rule": a, "name": names.get(a, a), "kind": "settles", "actions": [names.get(b, b)], "how": "mentions",
                            "subject": None, "conditions": [], "citation": rule_quote(a, found.lstrip("-*• "), version)})
    return out


_EXAMPLE = lazy(r"\W*(?:for\s+(?:example|instance)|e\.\s?g\.)", re.I)
# a clause for both sides having the rule: "If both sides got the keyword ...", "If both players have Scouting units, ..."
_BOTH_HAVE = lazy(r"\bif\s+both\s+(?:sides|players|armies)\s+(?:have|has|got|get|possess|field)\b(?P<what>[^,;.]*)", re.I)


def _both_have(sentence: str, name: str) -> bool:
    """Whether a sentence is a clause for both sides having the rule: "If both sides got the keyword ...", "If both players
    have Scouting units" (of Scout), never "If both sides got the same number of models on it".

    >>> _both_have("If both sides got the keyword just count all models normally.", "Objective security")
    True
    >>> _both_have("If both players have Scouting units, alternate unit placement.", "Scout")
    True
    >>> _both_have("If both sides got the same number of models on it no player holds that objective.", "Holding objectives")
    False
    """
    found = _BOTH_HAVE.search(sentence)
    if found is None:
        return False
    what = " ".join(fold(found.group("what")).split()[:4])  # what they have: the clause's first words
    stems = [w[:5] for w in fold(name).split() if len(w) >= 4]
    return bool(re.search(r"\b(?:keyword|this\s+(?:special\s+)?rule)\b", what)) or any(re.search(rf"\b{re.escape(st)}", what) for st in stems)
# a category's last word that names rules in general, not a kind of thing a rule is ("Universal Special Rule")
_GENERIC_KINDS = frozenset({"rule", "rules", "keyword", "keywords", "ability", "abilities"})
_KINDS: dict[str, re.Pattern[str] | None] = {}


def _kind_pattern(category: str | None) -> re.Pattern[str] | None:
    """A sentence that speaks of every rule of a category, by the category's last word, plural, after "any", "all",
    "every" or "no" ("any weapons", "all other Attack Attributes"); None for a category of rules in general."""
    words = re.sub(r"^[\d\s.]+", "", category or "").split()
    last = fold(words[-1]) if words else ""
    if len(last) < 4 or last in _GENERIC_KINDS:
        return None
    if last not in _KINDS:
        plural = last[:-1] + "ies" if last.endswith("y") else last + "es" if last.endswith(("s", "x", "ch", "sh")) else last + "s"
        _KINDS[last] = compiled(rf"\b(?:any|all|every|no)\s+(?:other\s+)?(?:[a-z]+\s+)?{re.escape(plural)}\b", re.I)
    return _KINDS[last]


def _brought(sides: tuple[Side, Side], rid: str, by: str) -> bool:
    """Whether a rule in play came in through another (its grant chain quotes that already)."""
    return any(_through(side.rules[rid], by) for side in sides if rid in side.rules)


def _part_of(view: Book, one: str, other: str) -> bool:
    """Whether one rule is the other's section (its parent), either way."""
    a, b = view.get(one), view.get(other)
    return bool(a and b and (b.get("parent") == one or a.get("parent") == other))


def _plain(sentence: str) -> str:
    return " ".join(sentence.split()).lstrip("-*• ")


# what a permission's "even if" clause names: its words of four letters or more, stemmed, that are
# not the clause's people or time ("the model", "this turn")
_WORD = lazy(r"[A-Za-z]{4,}")
_NOT_NAMED = frozenset({"they", "them", "their", "model", "models", "unit", "units", "this", "that", "same", "during",
                        "turn", "phase", "round", "player", "current", "have", "been", "with", "from", "there"})


def _stems(words: str) -> set[str]:
    out = set()
    for word in _WORD.findall(words.lower()):
        if word in _NOT_NAMED:
            continue
        out.add(re.sub(r"(?:ed|ing|es|s)$", "", word) if len(word) > 5 else word)
    return out


# "does not prevent the unit from moving": the sentence's cause (its subject) and what it does not prevent
_NOT_PREVENT = lazy(r"\b(?:does|do|will)\s+not\s+prevent\b", re.I)
_CLAUSE_ENDS = lazy(r"[,;]\s*(?:but|and\s+then|although|however)\b|;", re.I)


def _named(words: str, sentence: str) -> set[str]:
    """What a permission's words name: an "even if" clause's words; for "does not prevent", the sentence's
    clause that holds it ("The Reform after Rallying in this case does not prevent the unit from moving nor
    from shooting"), but those words; nothing for another permission."""
    if " even if " in f" {words.lower()} ":
        return _stems(words.lower().split("even if", 1)[1])
    found = _NOT_PREVENT.search(sentence)
    if found is None:
        return set()
    clause = _CLAUSE_ENDS.split(sentence[found.end():], 1)[0]
    cause = re.split(r"[(,;]", sentence[: found.start()])[-1]  # "(which does not prevent": the clause's own words
    return _stems(f"{cause} {clause}") - {"prevent", "which"}


def _names(sentence: str, name: str) -> bool:
    """Whether a sentence names a rule (its name as whole words, any case)."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", sentence, re.I) is not None


def _through(entry: Any, other: str) -> bool:
    """Whether a rule in play came in through the other (granted by it)."""
    return any(step["rule"] == other for chain in entry.chains for step in chain)


def permission_meetings(view: Book, sides: tuple[Side, Side], met: list[Meeting]) -> list[Meeting]:
    """A rule's permission "even if" X (Light Troops: "allowed to shoot even if they Marched or
    Reformed"), or its cause "does not prevent" X (Feigned Flight: "The Reform after Rallying in this
    case does not prevent the unit from moving nor from shooting"), beside a rule of the same side that forbids something if X (Move or Fire: "may not
    be used if the attacking model has made an Advance Move, March Move, Reform or Pivot"): the two
    meet on what the permission's clause names, and neither text says which prevails, so the
    question stays open with both sentences (a ``touch`` meeting), unless a meeting joins them."""
    joined = {frozenset(m.rules) for m in met if len(m.rules) > 1}
    out: list[Meeting] = []
    for side in sides:
        for a in side.rules:
            for perm in view.relations_out(a):
                details = dict(perm["details"])
                words = details.get("words", "")
                if perm["kind"] != "settles" or details.get("how") != "permission":
                    continue
                named = _named(words, perm["citation"]["sentence"])
                if not named:
                    continue
                for b, entry in side.rules.items():
                    if b == a or frozenset((a, b)) in joined or _through(entry, a) or _through(side.rules[a], b):
                        continue  # a grant chain is how they meet
                    # the rules' own names are no words they share ("The model gains Exclusive" beside "Models with Exclusive")
                    names = _stems(f"{view.rule_names.get(a, a)} {view.rule_names.get(b, b)}")
                    # a sentence that names the other rule ("can never join a unit (unless it is a War Platform)") joins them by its words
                    forbids = [r for r in view.relations_out(b) if r["kind"] == "cannot" and (named & _stems(r["citation"]["sentence"])) - names
                               and not _names(r["citation"]["sentence"], view.rule_names.get(a, a))
                               and not _names(perm["citation"]["sentence"], view.rule_names.get(b, b))]
                    if forbids:
                        joined.add(frozenset((a, b)))
                        shared = ", ".join(sorted((named & _stems(forbids[0]["citation"]["sentence"])) - names))
                        why = (f"{view.rule_names.get(a, a)} permits \"{words}\", and {view.rule_names.get(b, b)} forbids it where the same "
                               f"words hold ({shared}); neither text says which prevails")
                        out.append(Meeting("touch", [a, b], [side.name], [perm, forbids[0]], extra={"through": [], "why": why}))
    return out
