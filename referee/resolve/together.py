"""A rule's own clause for another rule of the same side: "A horde with this rule will make
supporting attacks with three ranks" (Fighting in extra ranks, beside The Horde).

Like a both-sides clause ("If both sides have Scouts, ..."), the rule's text says
what holds when the two are together; the referee rules by that sentence
(principle ``together``) and quotes it, rather than saying nothing meets.  A
sentence is such a clause when it names the other rule (by its name, its
article aside) and speaks of its own rule as "this rule" ("with this rule",
"this special rule", "this keyword"); rules already joined by a meeting or a
ruling, or granted one by the other, are left to that.  A clause that says
this rule "overrides" what it names of the other is read by the graph (an
``overrides`` relation, ruled by the precedence model's explicit exception),
and only there: the pair is then joined by that ruling.
"""

from __future__ import annotations

import functools
import re

from referee.patterns import compiled, lazy, longest_first
from referee.resolve.found import searched
from referee.resolve.meeting import binds_other_side, sentences
from referee.resolve.ruling import Ruling, Unresolved
from referee.resolve.situation import judge
from referee.text import fold, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from referee.resolve.play import Side
    from referee.resolve.principles import Context

_OWN = r"\bthis\s+(?:special\s+|universal\s+|army\s+)?(?:rule|ability|keyword)\b"


@functools.lru_cache(maxsize=4096)
def name_pattern(name: str) -> re.Pattern[str] | None:
    """A rule's name as a sentence says it: its article, brackets and placeholders aside, singular or plural
    (made once per name: an answer asks the names in play again in several passes)."""
    words = fold(re.sub(r"\(.*?\)|\s+X\b.*$", " ", name)).split()
    if words and words[0] in ("the", "a", "an"):
        words = words[1:]
    if not words or len(" ".join(words)) < 4:
        return None
    last = words[-1]
    forms = {last, *singulars(last), last + "s", last + "es"}
    head = r"\s+".join(re.escape(w) for w in words[:-1])
    tail = "(?:" + "|".join(re.escape(f) for f in longest_first(forms)) + ")"
    lead = head + r"\s+" if head else ""
    return compiled(rf"\b{lead}{tail}\b", re.I)


def together_rulings(ctx: Context, sides: tuple[Side, Side], answered: Sequence[set[str]] = ()) -> list[Ruling]:
    """Rulings by a rule's own clause for another rule its side has, where nothing else joins them."""
    out = []
    for side in sides:
        for a, entry_a in side.rules.items():
            rule = ctx.view.get(a)
            if rule is None:
                continue
            own = compiled(_OWN, re.I)  # its own name would be any sentence naming two rules: "this rule" is the clause's mark
            for b, entry_b in side.rules.items():
                other = ctx.view.get(b)
                pattern = name_pattern(other["name"]) if other else None
                if b == a or pattern is None or _joined(entry_a, b) or _joined(entry_b, a):
                    continue
                if any({ctx.name(a), ctx.name(b)} <= said for said in answered):
                    continue
                said = _clause(ctx, a, rule, own, pattern)
                if said is None:
                    continue
                outcome = f"{ctx.name(a)} with {ctx.name(b)}: its own text says what holds then: {said['quote']}"
                out.append(Ruling([ctx.name(a), ctx.name(b)], None, "together", outcome, [said], [], [side.name]))
    return out


def _clause(ctx: Context, rid: str, rule: dict[str, Any], own: re.Pattern[str], other: re.Pattern[str]) -> dict[str, Any] | None:
    for version in rule["versions"] or [None]:
        text = version["text"] if version else rule["text"]
        for said in sentences(text or ""):
            if not own.search(fold(said)):
                continue  # no "this rule": no clause, whatever it names
            whole = _shared_head(said)
            bare = own.sub(" ", fold(whole))
            if bare is not None and other.search(bare):
                return ctx.rule_quote(rid, said, version)
    return None


# a list of names that share their first word, written once: "Wizard Apprentices, Adepts, and Masters"
_HEADED = lazy(r"\b((?-i:[A-Z])[a-z]+)\s+((?-i:[A-Z])[a-z]+(?:\s*,\s*(?-i:[A-Z])[a-z]+)*,?\s+(?:and|or)\s+(?-i:[A-Z])[a-z]+)\b")


def _shared_head(sentence: str) -> str:
    """A sentence with a list's shared first word written out for each name ("Wizard Apprentices, Adepts, and Masters" ->
    "Wizard Apprentices, Wizard Adepts, and Wizard Masters"), so that each name is found whole; the quote stays the sentence."""
    def each(found: re.Match[str]) -> str:
        head = found.group(1)
        return head + " " + re.sub(r"(,\s*|,?\s+(?:and|or)\s+)(?=[A-Z])", lambda sep: sep.group(1) + head + " ", found.group(2))
    return _HEADED.sub(each, sentence)


def _joined(entry: Any, other: str) -> bool:
    return any(step["rule"] == other for chain in entry.chains for step in chain)


# a permission's sentence with no negation in it ("do not have Harnessed or Inanimate" is the opposite case), unless
# its own "even if it has ..." names the bearers
_NEGATED = lazy(r"\b(?:not|cannot|never|unable|without)\b|n't\b", re.I)


def _bearer_permission(name: re.Pattern[str]) -> re.Pattern[str]:
    """A sentence that lets the bearers of a rule do something: "only model parts that also have Harnessed
    or Inanimate can use their Impact Hits" (the bearer named before "can", in one clause), or "can join
    units even if it has Towering Presence"."""
    other = name.pattern
    return compiled(rf"\b(?:with|have|has|having)\s+(?:[\w-]+(?:\s+[\w-]+)?\s+(?:or|and)\s+)?{other}[^,;:()]*?\b(?:can|may)\b"
                    rf"|\b(?:can|may)\b[^.;]*?\b(?P<even>even\s+if)\s+(?:it|they|the\s+\w+)\s+(?:has|have)\s+{other}", re.I)


def bearer_rulings(ctx: Context, sides: tuple[Side, Side], flags: tuple[str, ...], answered: Sequence[set[str]] = ()) -> list[Ruling]:
    """A rule whose own sentence lets the bearers of another rule of its side use it ("In multipart models,
    only model parts that also have Harnessed or Inanimate can use their Impact Hits"), where that other
    rule forbids its bearers something here ("Model parts with Inanimate cannot make Close Combat
    Attacks"): the sentence names the other rule's bearers as those who may, so it is the exception
    to that prohibition, and the rule prevails over it as far as its words say (principle
    ``explicit-exception``, that sentence its relation).  Rules already joined by a ruling, or one
    granted by the other, are left to that."""
    out: list[Ruling] = []
    for side in sides:
        other_side = next(s for s in sides if s is not side) if sides[0] is not sides[1] else side
        for b, entry_b in side.rules.items():
            other = ctx.view.get(b)
            if other is None or (side.name, b) in ctx.set_aside:
                continue
            forbids = [r for r in ctx.view.relations_out(b) if r["kind"] in ("cannot", "must") and not binds_other_side(r, ctx.view.rule_names)
                       and judge(r["conditions"], flags, side.ids, other_side.ids)[0] is None]
            pattern = name_pattern(other["name"]) if forbids else None
            if pattern is None:
                continue
            for a, entry_a in side.rules.items():
                rule = ctx.view.get(a)
                if b == a or rule is None or (side.name, a) in ctx.set_aside or _joined(entry_a, b) or _joined(entry_b, a):
                    continue
                if any({ctx.name(a), ctx.name(b)} <= said for said in answered):
                    continue
                said, even = _permits(ctx, a, rule, pattern)
                if said is None:
                    continue
                # "even if it has B" sets aside what B binds its bearers to; "with B ... can use" only what B forbids them
                binding = [r for r in forbids if (even or r["kind"] == "cannot") and not _WITHOUT.search(r.get("subject") or "")]
                if not binding:
                    continue
                forbids_here = binding
                what = "; ".join(dict.fromkeys(f"{r['kind']} {dict(r['details']).get('action') or r['target_name']}" for r in forbids_here))
                outcome = (f"{ctx.name(a)} prevails over {ctx.name(b)} as far as its words say: {ctx.name(a)}'s own sentence lets the "
                           f"bearers of {ctx.name(b)} use it, so {ctx.name(b)}'s \"{what}\" does not bind them in it")
                out.append(Ruling([ctx.name(a), ctx.name(b)], ctx.name(a), "explicit-exception", outcome, ctx.quotes(forbids_here), [], [side.name],
                                  relation=said))
    return out


_WITHOUT = lazy(r"\bwithout\b", re.I)  # "The Front Facings of models without Front Rank": not its bearers


def _permits(ctx: Context, rid: str, rule: dict[str, Any], named: re.Pattern[str]) -> tuple[dict[str, Any] | None, bool]:
    """The rule's sentence that lets the other's bearers use it, and whether it says so by "even if"."""
    for version in rule["versions"] or [None]:
        text = version["text"] if version else rule["text"]
        if not text or not named.search(text):
            continue  # the other rule not named at all: no sentence to read (and no pattern made for it)
        permission = _bearer_permission(named)
        for said in sentences(text):
            found = permission.search(said)
            if found is None:
                continue
            if found.group("even") is None and _NEGATED.search(said):
                continue  # "as long as they do not have Harnessed or Inanimate": the bearers are the ones left out
            return ctx.rule_quote(rid, said, version), found.group("even") is not None
    return None, False


# a rule whose attacks are not rolled to hit: "are automatically hit", "hit automatically", "inflicts 2D6 automatic hits"
# ("This attack automatically hits.")
_AUTOMATIC = lazy(r"\bautomatically\s+hits?\b|\bhits?\s+automatically\b|\bautomatic\s+hits?\b", re.I)
_TO_HIT = lazy(r"^to[- ]?hit$", re.I)


def unrolled_rulings(ctx: Context, sides: tuple[Side, Side], modifiers: Sequence[Any], answered: Sequence[set[str]] = ()) -> list[Ruling]:
    """A rule whose own words say its attacks hit automatically ("All models that are even partially under
    the template are automatically hit"), beside a to-hit modifier of its side from another rule ("Hard
    cover inflicts a -2 shooting modifier"): no roll to hit is made for those attacks, so the modifier has
    none of theirs to modify.  Ruled by that sentence (principle ``together``, no winner), both quoted."""
    out: list[Ruling] = []
    for m in modifiers:
        if not _TO_HIT.match(m.stat.replace(" ", "-")):
            continue
        side = next((s for s in sides if s.name == m.side), None)
        if side is None:
            continue
        for rid in side.rules:
            if (side.name, rid) in ctx.set_aside or any(p["rule"] == rid for p in m.parts):
                continue
            rule = ctx.view.get(rid)
            if rule is None:
                continue
            version = rule["versions"][0] if rule["versions"] else None
            said = next((x for x in sentences((version or rule).get("text") or "") if _AUTOMATIC.search(x)), None)
            others = list(dict.fromkeys(p["name"] for p in m.parts))
            if said is None or any({ctx.name(rid), *others} <= names for names in answered):
                continue
            values = ", ".join(f"{p['name']} {p['value']}" for p in m.parts)
            outcome = (f"{ctx.name(rid)}'s attacks hit automatically, as its own words say: no roll to hit is made for them, so the "
                       f"to-hit modifier ({values}) has no roll of theirs to modify")
            out.append(Ruling([ctx.name(rid), *others], None, "together", outcome, [ctx.rule_quote(rid, said, version), *(p["citation"] for p in m.parts)],
                              [], [side.name]))
    return out



# a characteristic named after the action it measures: "Movement" (move), "Attacks" (attack)
_MEASURE = lazy(r"^(?P<verb>move|attack)(?:ment|s)?$", re.I)
# a prohibition of the whole action, with nothing left of it: "may not move any further", "cannot move", "cannot attack at all"
_WHOLE = frozenset({"any", "further", "at", "all"})


def forbidden_action_rulings(ctx: Context, sides: tuple[Side, Side], modifiers: Sequence[Any], answered: Sequence[set[str]] = ()) -> list[Ruling]:
    """A modifier of a characteristic named after an action ("Movement +d3"), beside a rule of its side that forbids that
    action outright ("In the Movement phase during which they arrive, deep striking units may not move any further"): where
    the prohibition holds there is no such action for the modifier to change, so the prohibition prevails as far as its words
    say (principle ``explicit-exception``, its sentence the relation; the case its sentence names is the ruling's)."""
    out: list[Ruling] = []
    for m in modifiers:
        found = _MEASURE.match(fold(m.stat).replace(" ", ""))
        side = next((s for s in sides if s.name == m.side), None)
        if found is None or side is None:
            continue
        verb = found.group("verb").lower()
        others = list(dict.fromkeys(p["name"] for p in m.parts))
        for rid in side.rules:
            if (side.name, rid) in ctx.set_aside or any(p["rule"] == rid for p in m.parts):
                continue
            for rel in ctx.view.relations_out(rid):
                words = fold(dict(rel["details"]).get("action") or "").split()
                if rel["kind"] != "cannot" or not words or words[0] != verb or set(words[1:]) - _WHOLE or binds_other_side(rel, ctx.view.rule_names):
                    continue
                if any({ctx.name(rid), *others} <= names for names in answered):
                    break
                relation = ctx.quotes([rel])[0]
                values = ", ".join(f"{p['name']} {p['value']}" for p in m.parts)
                outcome = (f"{ctx.name(rid)} prevails over {', '.join(others)}, as far as its words say: where they forbid the unit to {verb}, "
                           f"the {m.stat} modifier ({values}) has no {verb} to change")
                out.append(Ruling([ctx.name(rid), *others], ctx.name(rid), "explicit-exception", outcome,
                                  [relation, *(p["citation"] for p in m.parts)], [], [side.name], relation=relation))
                break
    return out


# a cap on a number: "up to a maximum of three", "no more than 2", "at most 3"
_CAP = lazy(r"\b(?:(?:up\s+to\s+)?a\s+maximum\s+of|no\s+more\s+than|at\s+most)\s+(?:\d+|one|two|three|four|five|six)\b", re.I)


def capped_counts(ctx: Context, sides: tuple[Side, Side], modifiers: Sequence[Any], answered: Sequence[set[str]] = ()) -> list[Unresolved]:
    """A rule whose sentence caps a number of what a characteristic counts ("can make as many supporting attacks as are on its
    profile, up to a maximum of three"), beside a modifier of that characteristic from another rule of its side ("+1A"): whether
    what the modifier adds counts toward the capped number, or past it, no sentence says.  An open question, both quoted."""
    out: list[Unresolved] = []
    for m in modifiers:
        side = next((s for s in sides if s.name == m.side), None)
        noun = fold(m.stat).split()[-1:] if m.stat else []
        if side is None or not noun or len(noun[0]) < 4:
            continue
        forms = {noun[0], *singulars(noun[0])}
        named = compiled(r"\b(?:" + "|".join(re.escape(f) for f in longest_first(forms)) + r")\b", re.I)
        others = list(dict.fromkeys(p["name"] for p in m.parts))
        for rid in side.rules:
            if (side.name, rid) in ctx.set_aside or any(p["rule"] == rid for p in m.parts):
                continue
            if any({ctx.name(rid), *others} <= names for names in answered):
                continue
            rule = ctx.view.get(rid) or {}
            version = rule["versions"][0] if rule.get("versions") else None
            said = next((x for x in sentences((version or rule).get("text") or "") if _CAP.search(x) and named.search(x)), None)
            if said is None:
                continue
            why = (f"{ctx.name(rid)} caps how many {noun[0]} are made, and {', '.join(others)} adds to {m.stat}; whether what it adds counts "
                   f"toward that cap, or goes past it, no sentence here says")
            question = Unresolved([ctx.name(rid), *others], why, [ctx.rule_quote(rid, said, version), *(p["citation"] for p in m.parts)])
            question.kind = "touch"
            out.append(question)
    return out


# a rule's own thing kept from rules of a kind: "They never benefit from any weapons or other Attack Attributes the model part may
# have" (of Crush Attacks), "It cannot be affected by any Attack Attributes"; the subject is the rule's own (a pronoun, or its name)
_KEPT_FROM = lazy(r"^\W*(?P<who>[\w' -]+?)\s+(?:never|do(?:es)?\s+not|can\s*not|cannot|may\s+not)\s+(?:benefits?\s+from|be\s+affected\s+by)\s+"
                  r"(?P<what>(?:any|all)\s+[^.;:]+)", re.I)
_PRONOUNS = frozenset({"they", "it", "this attack", "these attacks", "such attacks"})
# the words that end the list of kinds: "the model part may have", "that the model has"
_KIND_TAIL = lazy(r"\s+(?:that\s+)?(?:the|this|its|their)\s+(?:model|unit|wielder|bearer|rider)(?:\s+part)?\s+(?:may\s+have|has|have|possesses?)\b.*$", re.I)
_KIND_LEAD = frozenset({"any", "all", "other", "the", "of", "its", "their"})


def _kinds(what: str) -> list[str]:
    """The kinds a list names, each folded and singular: "any weapons or other Attack Attributes the model part may have" ->
    ["weapon", "attack attribute"]."""
    out = []
    for part in re.split(r",\s*|\s+(?:or|and|nor)\s+", _KIND_TAIL.sub("", what)):
        words = [w for w in fold(part).split() if w not in _KIND_LEAD]
        if words:
            words[-1] = next(iter(singulars(words[-1])), words[-1])
            out.append(" ".join(words))
    return out


def _own_subject(who: str, name: str) -> bool:
    """Whether a sentence's subject is the rule's own thing: a pronoun ("They", of the rule's list of restrictions) or its name."""
    said = fold(who)
    stem = fold(re.sub(r"\(.*?\)", " ", name)).strip()
    return said in _PRONOUNS or bool(stem) and (said == stem or said.rstrip("s") == stem.rstrip("s"))


def _of_kind(ctx: Context, rid: str, kind: str) -> tuple[str, dict[str, Any] | None] | None:
    """Why a rule is of a kind a rule's thing is kept from, or None: by its category's last words ("5 Melee Weapon": a weapon), or
    where the kind is an attribute of something ("attack attribute") by its own sentence that gives it to that thing ("failed
    to-hit rolls from attacks with Hatred": Hatred is an attribute of attacks), that sentence then quoted."""
    rule = ctx.view.get(rid) or {}
    words = kind.split()
    category = fold(re.sub(r"^[\d\s.]+", "", rule.get("category") or ""))
    if category and (category == kind or category.endswith(" " + words[-1]) or category == words[-1]):
        return f"its category: {rule.get('category')}", None
    if len(words) == 2 and words[1] == "attribute":
        of = re.escape(words[0])
        stem = re.escape(fold(re.sub(r"\(.*?\)", " ", rule.get("name") or "")).strip())
        gives = compiled(rf"\b{of}s?\s+(?:made\s+)?with\s+(?:a\s+|an\s+)?{stem}\b|\bthis\s+{of}\s+attribute\b", re.I) if stem else None
        version = rule["versions"][0] if rule.get("versions") else None
        for said in sentences((version or rule).get("text") or "") if gives else ():
            if gives.search(fold(said)):
                return f"its own words give it to {words[0]}s", ctx.rule_quote(rid, said, version)
    return None


def kind_exceptions(ctx: Context, sides: tuple[Side, Side], answered: Sequence[set[str]] = ()) -> list[Ruling]:
    """A rule whose own thing never benefits from rules of a kind ("They never benefit from any weapons or other Attack Attributes
    the model part may have", of Crush Attack) prevails over each rule of its side of that kind (Hatred, whose "attacks with Hatred"
    make it an attribute of attacks; a Great Weapon, by its category): an explicit exception, as far as its words say (the other
    rule keeps what it does for everything else), both sentences quoted.  A sentence whose subject is not the rule's own ("Special
    Attacks cannot be affected by Attack Attributes", of Devastating Charge) is no exception of that rule's."""
    out: list[Ruling] = []
    for side in sides:
        for a, entry_a in side.rules.items():
            rule = ctx.view.get(a)
            version = rule["versions"][0] if rule and rule.get("versions") else None
            for said in sentences(((version or rule or {}).get("text")) or ""):
                found = searched(_KEPT_FROM, said.lstrip("-*• "))
                if found is None or not _own_subject(found.group("who"), ctx.name(a)):
                    continue
                for b, entry_b in side.rules.items():
                    if b == a or _joined(entry_a, b) or _joined(entry_b, a) or any({ctx.name(a), ctx.name(b)} <= s for s in answered):
                        continue
                    if any(set(r.rules) == {ctx.name(a), ctx.name(b)} for r in out):
                        continue
                    for kind in _kinds(found.group("what")):
                        why = _of_kind(ctx, b, kind)
                        if why is None:
                            continue
                        how, shown = why
                        relation = ctx.rule_quote(a, said.lstrip("-*• "), version)
                        outcome = (f"{ctx.name(a)} prevails over {ctx.name(b)}, as far as its words say: what it speaks of never benefits "
                                   f"from {_KIND_TAIL.sub('', found.group('what')).strip()}, and {ctx.name(b)} is such ({how})")
                        out.append(Ruling([ctx.name(a), ctx.name(b)], ctx.name(a), "explicit-exception", outcome,
                                          [relation, *([shown] if shown else [])], [], [side.name], relation=relation))
                        break
    return out
