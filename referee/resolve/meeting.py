"""Where rules in play meet: the questions the principles are asked.

A :class:`Meeting` is one question: two rules joined by a relation that
sets one against the other (``overrides``, ``excludes``, ``immune-to``,
``amends``), an obligation and a prohibition of the same action, several
instances of one rule, modifiers of one stat from several rules, or one rule
worded differently by two documents.  Relations whose conditions fail in
the situation ask nothing; they are listed as inactive with the reason.
"""

from __future__ import annotations

import re

from referee.graph.kinds import kind_key
from referee.patterns import lazy
from referee.resolve.parameters import for_other_value
from referee.resolve.found import name_folded, searched
from referee.resolve.play import Inactive, Side, target_of
from referee.resolve.ruling import quote
from referee.resolve.situation import APART, FLAGS, judge, why_not
from referee.resolve.suffered import is_suffered
from referee.text import fold, singulars
from referee.text import sentences as _sentences  # a text's, read here and at build time

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.store.book import Book

AGAINST = ("overrides", "excludes", "immune-to", "amends")

# a text's sentences, as the build reads them (:func:`referee.text.sentences`), kept by text: an answer's passes each
# read the sentences of the rules in play again (about forty times a call), and a session asks the same rules again
_SAID: dict[str, tuple[str, ...]] = {}
_SAID_MOST = 4096


def sentences(text: str) -> list[str]:
    """A text's sentences (:func:`referee.text.sentences`), in a list of the caller's own."""
    said = _SAID.get(text)
    if said is None:
        if len(_SAID) >= _SAID_MOST:
            _SAID.clear()
        said = _SAID[text] = tuple(_sentences(text))
    return list(said)


class Meeting:
    """One question for the principles.

    ``kind``: ``relation`` (``relations`` join ``rules``), ``obligation``
    (a ``must`` and a ``cannot``), ``instances`` (one rule, several times),
    ``modifiers`` (one stat), ``versions`` (one rule, two wordings).
    ``unknown`` holds the words of conditions the situation cannot tell.
    """

    __slots__ = ("kind", "rules", "sides", "relations", "unknown", "extra")

    def __init__(self, kind: str, rules: list[str], sides: list[str], relations: list[dict[str, Any]] | None = None,
                 unknown: list[str] | None = None, extra: dict[str, Any] | None = None) -> None:
        self.kind, self.rules, self.sides = kind, rules, sides
        self.relations = relations or []
        self.unknown = unknown or []
        self.extra = extra or {}


def _conditions(rel: dict[str, Any], mine: Side, theirs: Side, flags: tuple[str, ...]) -> tuple[dict[str, Any] | None, list[str]]:
    return judge(rel["conditions"], flags, mine.ids, theirs.ids)


def _join(found: dict[tuple[Any, ...], Meeting], key: tuple[Any, ...], new: Meeting, relations: list[dict[str, Any]], unknown: list[str]) -> Meeting:
    """The meeting kept under ``key`` (``new`` if there is none yet), joined by these relations
    and the words of the conditions the situation cannot tell, each once."""
    meeting = found.setdefault(key, new)
    meeting.relations.extend(r for r in relations if r not in meeting.relations)
    meeting.unknown.extend(u for u in unknown if u not in meeting.unknown)
    return meeting


def relation_meetings(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...]) -> tuple[list[Meeting], list[Inactive]]:
    """Rules in play joined by a relation that sets one against the other."""
    names = view.rule_names
    found: dict[tuple[Any, ...], Meeting] = {}
    idle: list[Inactive] = []
    for mine, theirs in (sides, sides[::-1]):
        for rid in mine.rules:
            for rel in view.relations_out(rid):
                kind, target = rel["kind"], target_of(rel, names)
                other_value = for_other_value(view, rel, mine.rules[rid]) if rel["subject"] or rel["conditions"] else None
                if other_value is not None:
                    # "A model with Immune to Poison ...", and the instance here is Immunity (Flame)
                    reason = f"{names.get(rid, rid)} {kind} {rel['target_name'] or ''}".rstrip() + f": {other_value}"
                    idle.append(Inactive(target or "", rel["target_name"] or names.get(rid, rid), mine.name, reason, quote(rel["citation"], names), relation=kind))
                    continue
                against = _stated_against(rel, theirs)
                if kind == "cannot" and against is not None:
                    # "Wounds suffered from flaming attack cannot be regenerated": the rule's own
                    # text sets its effect aside against what the other side has
                    failed, unknown = _conditions(rel, mine, theirs, flags)
                    if failed is None:
                        meeting = _join(found, ("cannot-against", rid, against), Meeting("relation", [against, rid], [], extra={"winner": against, "shown": theirs.rules[against].name}), [rel], unknown)
                        meeting.sides = sorted({*meeting.sides, mine.name}, key=("self", "opponent").index)
                    continue
                if kind == "immune-to" and target is None and dict(rel["details"]).get("immune") == "its parameters":
                    # "Attacks with the Attack Attributes stated in brackets (X) ... lose these": Immune (Poison Attacks)
                    for other in _bracketed(view, rid, mine.rules[rid], theirs):
                        failed, unknown = _conditions(rel, mine, theirs, flags)
                        if failed is None:
                            _join(found, ("immune-to", rid, other), Meeting("relation", [rid, other], [theirs.name]), [rel], unknown)
                    continue
                if kind == "immune-to" and target is None and rel["target_name"]:
                    # "automatically passes Panic Tests": a test the other side's rule forces on it
                    for other, forcing in _forcing(view, theirs, rel["target_name"]):
                        failed, unknown = _conditions(rel, mine, theirs, flags)
                        if failed is not None:
                            break
                        _join(found, ("immune-term", rid, other), Meeting("relation", [rid, other], [mine.name, theirs.name], extra={"term": rel["target_name"]}), [rel, forcing], unknown)
                    continue
                if kind == "overrides" and target is None and dict(rel["details"]).get("save"):
                    # "Cover saves cannot be taken against Wounds caused by weapons with Ignores Cover":
                    # the other side's rules that give that save are set aside against it
                    for other in _giving(view, theirs, dict(rel["details"])["save"]):
                        failed, unknown = _conditions(rel, mine, theirs, flags)
                        if failed is None:
                            _join(found, ("acts-on", rid, other), Meeting("relation", [rid, other], [mine.name, theirs.name], extra={"acts_on": other}), [rel], unknown)
                    continue
                if kind == "overrides" and target is None and dict(rel["details"]).get("effect"):
                    # "ignore every rule that makes an enemy model or unit untargetable": the other
                    # side's rules whose own words make it so are set aside, as far as those words say
                    for other, stated in _making(view, theirs, dict(rel["details"])["effect"]):
                        failed, unknown = _conditions(_carried(rel, stated, flags), mine, theirs, flags)
                        if failed is None and other != rid:
                            _join(found, ("by-effect", rid, other), Meeting("relation", [rid, other], [mine.name, theirs.name], extra={"stated": stated}), [rel], unknown)
                    continue
                if kind == "modifies":
                    # "Successful Aegis saves taken against the attack must be rerolled": a roll of
                    # the other side's rule, changed by this one
                    other = _named_in(view, dict(rel["details"]).get("stat") or "", theirs, names)
                    if other is not None:
                        failed, unknown = _conditions(rel, mine, theirs, flags)
                        if failed is None:
                            _join(found, ("acts-on", rid, other), Meeting("relation", [rid, other], [mine.name, theirs.name], extra={"acts_on": other}), [rel], unknown)
                    continue
                if kind not in AGAINST:
                    continue
                if kind == "amends":
                    where = [mine.name]
                elif kind == "immune-to":
                    # immunity shields a model from what the other side brings, and from a state put on
                    # its own side ("cannot be Silenced" beside Silence: the model is not Silenced)
                    # or from a rule of the mission, in force for every model on the table ("This mission special rule ...", Night Fighting)
                    where = [theirs.name] if target in theirs.rules else [mine.name] if target != rid and (_suffered_here(view, mine, target) or
                                                                                                         _of_the_mission(view, mine, target)) else []
                elif kind == "excludes":
                    # "a model using this weapon cannot simultaneously use a Shield": its own Shield
                    where = [mine.name] if target in mine.rules and target != rid else []
                else:
                    where = [s.name for s in sides if target in s.rules and (s is mine or target != rid)]
                if not where:
                    continue
                failed, unknown = _conditions(rel, mine, theirs, flags)
                if failed is not None:
                    reason = f"{names.get(rid, rid)} {kind} {rel['target_name']} {why_not(failed)}"
                    idle.append(Inactive(target or "", rel["target_name"] or "", mine.name, reason, quote(rel["citation"], names), relation=kind))
                    continue
                if kind in ("overrides", "excludes"):
                    key: tuple[Any, ...] = ("against", frozenset((rid, target)))
                else:
                    key = (kind, rid, target)
                meeting = _join(found, key, Meeting("relation", [rid, target] if target else [rid], []), [rel], unknown)
                meeting.sides = sorted({*meeting.sides, mine.name, *where}, key=("self", "opponent").index)
    # an immunity to the rule itself ("immune to Fear") says all a test it forces would ("automatically pass ... Morale tests"): one ruling
    direct = {(k[1], k[2]) for k in found if k[0] == "immune-to"}
    _mutual(found)
    return [m for k, m in found.items() if not (k[0] == "immune-term" and (k[1], k[2]) in direct)], idle


def _suffered_here(view: Book, side: Side, rid: str | None) -> bool:
    """Whether a rule the side has is a state its bearer suffers (:mod:`referee.resolve.suffered`)."""
    rule = view.get(rid) if rid in side.rules else None
    return rule is not None and is_suffered(rule["name"], rule["text"] or "")


# a rule's own words that it is the mission's: "This mission special rule is described in full detail on page XX."
_MISSION = lazy(r"\bthis\s+mission\s+(?:special\s+)?rule\b", re.I)


def _of_the_mission(view: Book, side: Side, rid: str | None) -> bool:
    """Whether a rule the side has is, by its own words, a rule of the mission: not a model's, but in force for every model on the
    table, so that an immunity to it on the side that has it ("ignores the effects of Night Fighting") spares that side's models."""
    rule = view.get(rid) if rid in side.rules else None
    return rule is not None and bool(_MISSION.search(rule["text"] or ""))


def _mutual(found: dict[tuple[Any, ...], Meeting]) -> None:
    """Two rules of the two sides each immune to the other (Terror "immune to Fear and Terror"; Fear
    "immune to Fear, and treats models that cause Terror as causing Fear instead"): one meeting, in
    which neither prevails; each side is spared the other's rule."""
    for key in [k for k in found if k[0] == "immune-to" and k[1] != k[2]]:
        back = ("immune-to", key[2], key[1])
        if key not in found or back not in found:
            continue
        meeting, other = found[key], found.pop(back)
        meeting.relations.extend(r for r in other.relations if r not in meeting.relations)
        meeting.unknown.extend(u for u in other.unknown if u not in meeting.unknown)
        meeting.sides = sorted({*meeting.sides, *other.sides}, key=("self", "opponent").index)
        meeting.extra["mutual"] = True


def loss_meetings(sides: tuple[Side, Side]) -> list[Meeting]:
    """A rule in play that takes another out of play ("The model loses Swiftstride (and can never
    gain it)", of Random Movement, where Fly granted Swiftstride): the loss was applied when play
    was read (:func:`referee.resolve.play.side_in_play`); the meeting asks for the ruling that says
    which rule prevails, and by which words."""
    out = []
    for side in sides:
        for lost in side.inactive:
            rel = lost.lost_by
            if rel is None or rel["source"] == lost.rule:
                continue  # "lose this rule": a rule's own end, no other rule prevails over it
            out.append(Meeting("relation", [rel["source"], lost.rule], [side.name], [rel], extra={"lost": lost}))
    return out


# relations by which a rule speaks of what another side may have: a mention, an immunity, an
# exception (an exclusion, an obligation, a loss, a modifier or a grant acts on the rule's own side)
_SPEAKS = ("references", "immune-to", "overrides")


def touch_meetings(view: Book, sides: tuple[Side, Side], met: list[Meeting], flags: tuple[str, ...] = ()) -> list[Meeting]:
    """Rules of the two sides that touch, where no meeting above joins them: one speaks of the
    other ("automatically pass all types Morale tests, Fear tests": Fearless of Fear), or both speak
    of one rule neither has.  No relation read says how they meet, so the question stays open,
    each rule's sentences cited: "nothing to rule on" only when nothing touches."""
    joined = {frozenset(m.rules) for m in met if len(m.rules) > 1}
    out: dict[frozenset[str], Meeting] = {}
    mine, theirs = sides
    for a in mine.rules:
        out_a = _speaking(view, mine, a)
        for b in theirs.rules:
            if a == b or frozenset((a, b)) in joined or (a in theirs.rules and b in mine.rules):
                continue  # both rules on both sides: what joins them is within each side
            out_b = _speaking(view, theirs, b)
            direct = [r for r in out_a if r["target"] == b] + [r for r in out_b if r["target"] == a]
            # through a third rule: one side sets it aside or is immune to it, the other speaks of it
            # (two rules both immune to Instant Death, or both mentioning Blast, do not meet)
            shared = (_defends(out_a) & _mentions(out_b)) | (_defends(out_b) & _mentions(out_a))
            shared -= mine.ids | theirs.ids | {a, b}
            if direct:
                rels = direct
            elif shared:
                rels = [r for r in out_a + out_b if r["target"] in shared]
            else:
                continue
            meeting = out.setdefault(frozenset((a, b)), Meeting("touch", [a, b], ["self", "opponent"],
                                                                extra={"through": sorted(shared) if not direct else [], "flags": flags}))
            meeting.relations.extend(r for r in rels if r not in meeting.relations)
    return list(out.values())


def _bracketed(view: Book, rid: str, entry: Any, theirs: Side) -> list[str]:
    """The other side's rules an instance names in its brackets ("Immune (Poison Attacks)")."""
    system = rid.split("/", 1)[0]
    out: list[str] = []
    for params in entry.instances:
        for param in params:
            for rule in view.lookup(param.strip(), system) if param.strip()[:1].isalpha() else []:
                if rule["id"] in theirs.rules and rule["id"] not in out:
                    out.append(rule["id"])
    return out


def _speaking(view: Book, side: Side, rid: str) -> list[dict[str, Any]]:
    """A rule's relations that speak of other rules, less the sentences that are for another value
    of its parameter than its instances have ("A model with Immune to Poison ...", of Immunity (Flame))."""
    rels = view.relations_out(rid)
    elsewhere = {r["citation"]["sentence"] for r in rels if (r["subject"] or r["conditions"]) and for_other_value(view, r, side.rules[rid])}
    return [r for r in rels if r["kind"] in _SPEAKS and r["target"] and r["citation"]["sentence"] not in elsewhere]


def _defends(rels: list[dict[str, Any]]) -> set[str]:
    return {r["target"] for r in rels if r["kind"] in ("immune-to", "overrides")}


def _mentions(rels: list[dict[str, Any]]) -> set[str]:
    return {r["target"] for r in rels if r["kind"] == "references"}


def both_sides_meetings(view: Book, sides: tuple[Side, Side]) -> list[Meeting]:
    """A rule both sides have whose text says what happens then ("If both sides have Scouts,
    roll-off, the winner decides who redeploys first")."""
    out = []
    for rid in sides[0].rules.keys() & sides[1].rules.keys():
        rule = view.get(rid)
        if rule is None:
            continue
        said = [s for s in sentences(rule["text"]) if searched(_BOTH, s)]
        if said:
            out.append(Meeting("both-sides", [rid], ["self", "opponent"], extra={"sentences": said}))
    return out


_BOTH = lazy(r"\b(?:if|when)\b[^.;:]*\bboth\s+(?:sides|players|armies)\b|\bboth\s+sides\s+count\b"
                   r"|\bappl(?:y|ies)\s+to\s+both\s+(?:sides|players|armies)\b", re.I)  # "This manoeuvre applies to both sides involved in the fight"


# whom an obligation binds when it is the other side: "its target must take a Panic Test"
# a rule the words let stand beside another, not used instead of it ("Hand Weapons wielded by models on foot can be used
# alongside a Shield"): read by the prohibitions (a forbidden weapon let beside) and the weapons of one kind (no choice between them)
ALONGSIDE = lazy(r"\b(?:can|may)\s+(?:also\s+)?be\s+used\s+(?:alongside|together\s+with|in\s+addition\s+to)\b", re.I)
_OTHER_SIDE = lazy(r"\b(?:target|targets|enemy|enemies|opponent|opponents|opposing)\b", re.I)


# whom an obligation binds when its condition says that one is struck by the rule's own weapon or
# attacks: "If a non-vehicle unit suffers one or more unsaved wounds from a weapon with the Pinning
# special rule, it must immediately take a morale test" (of Pinning)
_STRUCK = lazy(r"\b(?:suffers?|takes?|(?:is|are)\s+(?:hit|wounded|targeted))\b[^.;:]*?\b(?:from|by)\s+"
                     r"(?:an?\s+|the\s+|one\s+or\s+more\s+)?(?:weapons?|attacks?|shots?|hits?|models?)\s+with\s+(?P<rule>[^,.;:]+)", re.I)


# or charged by the rule's bearer: "If a unit has a charge declared against it by an enemy that causes Fear"
# ("charged by a Terror-causing unit": the unit its words name by what it causes)
_CHARGED_BY = lazy(r"\b(?:declared\s+against\s+it|charged)\s+by\s+an?\s+(?:[\w-]+\s+){0,2}?(?:enemy|unit|model)\b", re.I)


def binds_other_side(rel: dict[str, Any], names: dict[str, str] | None = None) -> bool:
    """Whether an obligation or prohibition binds the other side ("its target", "Enemy units"), or
    the one its condition says is struck by a weapon or attack with the relation's own rule, or is
    charged by an enemy ("a charge declared against it by an enemy that causes Fear")."""
    if searched(_OTHER_SIDE, rel.get("subject") or ""):
        return True
    own = name_folded((names or {}).get(rel["source"], rel["source"].split("/", 1)[-1].replace("-", " ")))
    for cond in rel["conditions"]:
        struck = searched(_STRUCK, cond.get("text") or "")
        if struck is not None:
            said = fold(struck.group("rule"))
            if re.match(r"(?:the\s+)?this\s+(?:special\s+)?rule\b", said) or re.match(rf"(?:the\s+)?{re.escape(own)}\b", said):
                return True
        if not rel.get("subject") and searched(_CHARGED_BY, cond.get("text") or ""):
            return True
    return False


# a condition on failing the test: "If it fails", "If the test is failed", "If the unit fails the test"
_FAILED = lazy(r"\b(?:if|when)\s+(?:it|they|the\s+(?:unit|model|test)s?)\s+(?:fails?\b|(?:is|are)\s+failed)|\bfails?\s+(?:the|its|this)\s+test\b", re.I)
_TEST = lazy(r"\b(?:test|check)s?\b", re.I)


def binds_tester(view: Book, rel: dict[str, Any]) -> bool:
    """Whether an obligation binds the other side: :func:`binds_other_side`, or it follows failing a
    test its own rule makes the other side take ("If a unit has a charge declared against it by an
    enemy that causes Fear, it must immediately take a Morale test. If it fails, ... it must flee as
    its charge reaction": the unit that failed is the one that took it)."""
    if binds_other_side(rel, view.rule_names):
        return True
    if rel.get("subject") or not any(_FAILED.search(c.get("text") or "") for c in rel["conditions"]):
        return False
    return any(r["kind"] == "must" and r is not rel and binds_other_side(r, view.rule_names) and _TEST.search(dict(r["details"]).get("action") or "")
               for r in view.relations_out(rel["source"]))


def _forcing(view: Book, side: Side, term: str) -> list[tuple[str, dict[str, Any]]]:
    """The rules of ``side`` whose obligation on the other side is the test ``term`` names
    ("its target must take a Panic Test" for "Panic Tests"), each with that obligation."""
    words = action_words(term)
    out = []
    for rid in side.rules:
        for rel in view.relations_out(rid):
            action = dict(rel["details"]).get("action")
            if rel["kind"] == "must" and action and words <= action_words(action) and binds_other_side(rel, view.rule_names):
                out.append((rid, rel))
    return out


def _giving(view: Book, side: Side, save: str) -> list[str]:
    """The rules of ``side`` that modify the save ``save`` names ("cover save": Stealth's "+X to the
    model's cover save")."""
    words = set(action_words(save))
    return [rid for rid in side.rules for rel in view.relations_out(rid)
            if rel["kind"] == "modifies" and words <= set(action_words(dict(rel["details"]).get("stat") or ""))][:8]


_IGNORES = lazy(r"\bignores?\b", re.I)


def _making(view: Book, side: Side, effect: str) -> list[tuple[str, str]]:
    """The rules of ``side`` whose own sentence makes what ``effect`` says, with that sentence:
    "untargetable" is made by "is not targetable", "cannot be targeted", "untargetable"."""
    word = fold(effect).strip()
    stem = word[2:] if word.startswith("un") and len(word) > 6 else None
    if stem is not None and stem.endswith("able"):
        root = stem[: -len("able")]
        pattern = re.compile(rf"\b(?:un{root}able|not\s+{root}able|(?:cannot|can\s*not|may\s+not)\s+be\s+{root}(?:ed)?)\b", re.I)
    else:
        pattern = re.compile(rf"\b{re.escape(word)}\b", re.I)
    out = []
    for rid in side.rules:
        rule = view.get(rid)
        text = (rule["versions"][0]["text"] if rule and rule["versions"] else rule["text"] if rule else "") or ""
        # a sentence that ignores such rules itself does not make anything so
        stated = next((s for s in sentences(text) if pattern.search(fold(s)) and not _IGNORES.search(s)), None)
        if stated is not None:
            out.append((rid, stated))
    return out[:8]


# the kinds of attack a sentence speaks of, by the situation word its conditions are stated in
_ATTACK_KIND = {
    "shooting": lazy(r"\b(?:shooting|ranged|missile)\s+attacks?\b|\bshooting\s+phases?\b", re.I),
    "melee": lazy(r"\b(?:close\s+combat|melee)\s+attacks?\b|\bin\s+close\s+combat\b", re.I),
}


def _carried(rel: dict[str, Any], stated: str, flags: tuple[str, ...]) -> dict[str, Any]:
    """The relation without the conditions on a kind of attack that the other rule's own sentence
    carries already: "ignore every rule that makes an enemy model or unit untargetable for ranged
    attacks" (Ranged X sniper) against "is not targetable by enemy shooting attacks" (Protected):
    what it sets aside holds only against shooting attacks, so wherever it holds the override's
    "for ranged attacks" does too, asked with ``--when shooting`` or not.  Where the situation
    says the other kind of attack alone (``--when melee``), the condition is left to fail, as
    before; a sentence that names no kind of attack ("cannot be targeted") leaves it to the
    situation."""
    apart = {one for pair in APART for one in pair if set(pair) - {one} <= set(flags) and one not in flags}
    kept = [c for c in rel["conditions"]
            if not (c["situation"] in _ATTACK_KIND and c["situation"] not in apart and _ATTACK_KIND[c["situation"]].search(stated))]
    return rel if len(kept) == len(rel["conditions"]) else {**rel, "conditions": kept}


def _named_in(view: Book, words: str, side: Side, names: dict[str, str]) -> str | None:
    """The rule of ``side`` whose name stands in ``words`` as a whole word ("Aegis saves": Aegis)."""
    said = f" {fold(words)} "
    for rid in side.rules:
        name = fold(names.get(rid, ""))
        if name and f" {name} " in said or name and any(f" {form} " in said for form in singulars(name)):
            return rid
    return None


def _stated_against(rel: dict[str, Any], theirs: Side) -> str | None:
    """The rule (or game term) of the other side a relation's ``against`` condition names."""
    for cond in rel["conditions"]:
        if cond["situation"] == "against" and cond["value"] in theirs.rules:
            return cond["value"]
    return None


_ARTICLES = frozenset({"a", "an", "the", "any", "as", "to"})


def action_words(action: str) -> frozenset[str]:
    """An action's words, articles dropped and plurals made singular: "declare Charges" -> {declare, charge};
    "test for panic" is "take a Panic test"."""
    out = set()
    said = fold(action).split()
    if len(said) > 2 and said[0] in ("test", "tests") and said[1] == "for":
        said = ["take", *said[2:], "test"]
    for word in said:
        if word in _ARTICLES:
            continue
        forms = singulars(word)
        out.add(forms[0] if forms else word)
    return frozenset(out)


_TRYING = ("attempt", "try", "always", "to")


def _same_action(must: dict[str, Any], must_words: frozenset[str], cannot: dict[str, Any], cannot_words: frozenset[str]) -> bool:
    """Whether a ``must`` and a ``cannot`` are about one action: the same words, or a prohibition of
    a bare verb ("cannot charge") and an obligation to do it to anything ("must always attempt to
    charge the nearest unit"); "cannot declare a Charge" never meets "must declare a Charge Reaction"."""
    if must_words == cannot_words:
        return True
    details = dict(cannot["details"])
    if details.get("only") and details.get("kind_of"):
        # "The only Charge Reaction ... is Hold" meets "must declare a Flee Charge Reaction"
        kind_of, only = action_words(details["kind_of"]), action_words(details["only"])
        return kind_of <= must_words and not only <= must_words
    verb = fold(dict(cannot["details"]).get("action") or "").split()
    if len(verb) != 1:
        return False
    words = [w for w in fold(dict(must["details"]).get("action") or "").split()]
    while words and words[0] in _TRYING:
        words = words[1:]
    return bool(words) and words[0] == verb[0]


_CHOOSING = frozenset({"choose", "select", "pick", "elect"})
_DOING = frozenset({"declare", "make", "perform", "take", "as", "its", "their"})


def _chosen(cannot_words: frozenset[str], must_words: frozenset[str]) -> bool:
    """Whether a prohibition forbids choosing what an obligation forces: "cannot choose Flee as
    Charge Reaction" and "must declare a Flee Charge Reaction" (the same things, one a choice)."""
    if not cannot_words & _CHOOSING:
        return False
    what = cannot_words - _CHOOSING - _DOING
    return len(what) >= 2 and what <= must_words - _DOING


# an obligation that puts the model in a unit ("The model must be deployed in a unit."), and a prohibition of joining units
# (or with a clause between: "The model must be deployed in, and can only join, a unit that includes ...")
_IN_A_UNIT = lazy(r"\bmust\s+(?:be\s+(?:deployed|placed|set\s+up)\s+in|join|remain\s+in|stay\s+in)(?:\s*,[^,.;]{1,40},)?\s+an?\s+unit\b", re.I)
# a sentence only for instances with no brackets ("Models with Exclusive without any brackets ...")
_BRACKETLESS = lazy(r"\bwithout\s+(?:any\s+)?(?:brackets|parameters?)\b", re.I)


def _held_to_a_unit(must: dict[str, Any], cannot_words: frozenset[str]) -> bool:
    return {"join", "unit"} <= cannot_words and bool(_IN_A_UNIT.search(must["citation"]["sentence"]))


def _bracketless_only(rel: dict[str, Any], entry: Any) -> bool:
    """Whether a relation speaks only of instances without brackets, and every instance here has some."""
    return entry is not None and bool(entry.instances) and all(entry.instances) and bool(_BRACKETLESS.search(rel.get("subject") or ""))


def obligation_meetings(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...] = ()) -> list[Meeting]:
    """A ``must`` and a ``cannot`` of one side about the same action ("declare a Charge"), each
    whose conditions do not fail here (those the situation cannot tell are the meeting's ifs)."""
    found: dict[tuple[str, str, str, frozenset[str]], Meeting] = {}
    bound: dict[str, list[tuple[frozenset[str], dict[str, Any], list[str]]]] = {side.name: [] for side in sides}
    for side, other in (sides, sides[::-1]):
        for rid in side.rules:
            for rel in view.relations_out(rid):
                action = dict(rel["details"]).get("action")
                if action and rel["kind"] == "must":
                    failed, unknown = _conditions(rel, side, other, flags)
                    if failed is None:
                        # "the target of the Charge must declare a Flee Charge Reaction": binds the other side
                        bound[other.name if binds_tester(view, rel) else side.name].append((action_words(action), rel, unknown))
    for side, other in (sides, sides[::-1]):
        musts, cannots = bound[side.name], []
        for rid in side.rules:
            for rel in view.relations_out(rid):
                action = dict(rel["details"]).get("action")
                if action and rel["kind"] == "cannot" and not binds_other_side(rel, view.rule_names):
                    failed, unknown = _conditions(rel, side, other, flags)
                    if failed is None:
                        cannots.append((action_words(action), rel, unknown))
        for must_words, must, must_if in musts:
            for cannot_words, cannot, cannot_if in cannots:
                if must["source"] == cannot["source"] or not must_words:
                    continue
                if _held_to_a_unit(must, cannot_words) and not _bracketless_only(cannot, side.rules.get(cannot["source"])):
                    # "The model must be deployed in a unit." (Attached) beside "Models with Exclusive without any brackets can never join
                    # units": whether being deployed in a unit is joining one, the texts do not say
                    key = (side.name, must["source"], cannot["source"], must_words)
                    _join(found, key, Meeting("touch", [cannot["source"], must["source"]], [side.name], extra={
                        "through": [], "why": "one rule holds the model to a unit, the other forbids it to join units, and the texts do not "
                                              "say whether being in a unit that way is joining it"}), [cannot, must], [*cannot_if, *must_if])
                    continue
                if _chosen(cannot_words, must_words):
                    # "cannot choose Flee as Charge Reaction" against "must declare a Flee Charge
                    # Reaction": whether an obligation is a choice the texts do not say; it stays open
                    key = (side.name, must["source"], cannot["source"], must_words)
                    _join(found, key, Meeting("touch", [cannot["source"], must["source"]], [side.name], extra={
                        "through": [], "why": "one rule forbids choosing what the other obliges, and the texts do not say whether doing it when obliged is a choice"}),
                          [cannot, must], [*cannot_if, *must_if])
                    continue
                if not _same_action(must, must_words, cannot, cannot_words):
                    continue
                key = (side.name, must["source"], cannot["source"], must_words)
                if dict(cannot["details"]).get("exempts"):
                    key += (cannot["citation"]["sentence"],)  # each exemption under its own ifs, never their sum
                _join(found, key, Meeting("obligation", [cannot["source"], must["source"]], [side.name]), [cannot, must], [*cannot_if, *must_if])
        for must_words, must, must_if in musts:
            for cannot, cannot_if in _parent_exemptions(view, must, must_words, side, other, flags):
                # "A unit does not take a Panic test if that unit is already fleeing" (Panic tests) over
                # "A unit must take a Panic test immediately if it loses 25% ..." (Heavy casualties, a part of it)
                key = (side.name, must["source"], cannot["source"], must_words, cannot["citation"]["sentence"])
                parent = cannot["source"]
                _join(found, key, Meeting("obligation", [parent, must["source"]], [side.name], extra={"part_of": parent, "ifs": (cannot_if, must_if)}),
                      [cannot, must], [*cannot_if, *must_if])
    return list(found.values())


def _parent_exemptions(view: Book, must: dict[str, Any], must_words: frozenset[str], side: Side, other: Side,
                       flags: tuple[str, ...]) -> list[tuple[dict[str, Any], list[str]]]:
    """The prohibitions of the rule an obligation's rule is a part of, of the same action, when that
    rule is not in play itself: its general provisions ("three circumstances under which ... units
    are not forced to take Panic tests") bind each of its parts' cases; each with its ifs."""
    parent = (view.get(must["source"]) or {}).get("parent")
    if not parent or parent in side.rules:
        return []
    out = []
    for rel in view.relations_out(parent):
        action = dict(rel["details"]).get("action")
        if rel["kind"] != "cannot" or not action or binds_other_side(rel, view.rule_names):
            continue
        words = action_words(action)
        failed, unknown = _conditions(rel, side, other, flags)
        if failed is None and words and _same_action(must, must_words, rel, words):
            out.append((rel, unknown))
        elif failed is not None and failed["situation"] in FLAGS and words and _same_action(must, must_words, rel, words):
            # "A unit does not take a Panic test if that unit is already fleeing", with no --when fleeing: the
            # exemption of a situation not given, listed as not applying here with its sentence, never dropped
            names = view.rule_names
            said = (f"{names.get(parent, parent)} (the rule {names.get(must['source'], must['source'])} is a part of) exempts "
                    f"{who(rel)}from its obligation to {dict(must['details'])['action']} {why_not(failed)}")
            if not any(i.citation["quote"] == rel["citation"]["sentence"] for i in side.inactive):
                side.inactive.append(Inactive(parent, names.get(parent, parent), side.name, said, quote(rel["citation"], names), relation="cannot"))
    return out


def who(rel: dict[str, Any]) -> str:
    """The subject of a relation, as the exemption names it ("a unit "), or nothing."""
    subject = rel.get("subject") or ""
    return f"{subject[:1].lower()}{subject[1:]} " if subject else ""


def instance_meetings(sides: tuple[Side, Side], kinds: Callable[[], Any] = dict) -> list[Meeting]:
    """A rule a side has more than once (Channel (1), Channel (2)); not one whose instances are each for
    another kind of unit the documents name (``kinds``: what reads them), "for Cavalry" and "for Chariots"
    (:func:`referee.resolve.play._to_kinds`), with at most one that is the side's own: no model has both."""
    return [
        Meeting("instances", [rid], [side.name], extra={"instances": entry.instances, "entry": entry})
        for side in sides
        for rid, entry in side.rules.items()
        if len(entry.instances) > 1 and not _for_kinds(entry, kinds)
    ]


def _for_kinds(entry: Any, kinds: Callable[[], Any]) -> bool:
    """Whether a rule's instances are each for another kind of unit (one of them perhaps the side's own)."""
    fors = [next((c[4:] for c in conditions if c.startswith("for ")), None) for conditions in entry.instance_conditions]
    if sum(f is None for f in fors) > 1 or not any(fors):
        return False
    named = kinds()
    said = [kind_key(f) for f in fors if f is not None]
    return len(set(said)) == len(said) and all(k in named for k in said)


def version_meetings(view: Book, sides: tuple[Side, Side]) -> list[Meeting]:
    """A rule in play that two documents of its system word differently (same language)."""
    out = []
    seen = set()
    for side in sides:
        for rid in side.rules:
            rule = view.get(rid)
            if rid in seen or rule is None:
                continue
            seen.add(rid)
            versions = rule["versions"]
            first = versions[0] if versions else None
            for other in versions[1:]:
                if other["lang"] != first["lang"] or other["document"] == first["document"]:
                    continue
                ours, others = sentences(first["text"]), sentences(other["text"])
                ours_folded, others_folded = {fold(t) for t in ours}, {fold(t) for t in others}
                mine = [s for s in ours if fold(s) not in others_folded]
                theirs = [s for s in others if fold(s) not in ours_folded]
                if mine or theirs:
                    out.append(Meeting("versions", [rid], [side.name], extra={"versions": (first, other), "differ": (mine, theirs)}))
                    break
    return out
