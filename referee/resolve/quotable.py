"""Sentences of the rules in play a referee reads out though no relation of the graph holds them.

Each is a sentence of a rule's own text that no other part of the answer
quotes, listed in ``in_force`` (kind ``settles``, docs/json.md) for the rules
in play no ruling set aside, a few per rule at most, in the order of its text:
a rule's page is for the rest.  They oblige and forbid nothing the situation
can tell, so nothing is ruled by them.

- a **limit on the rule's own use or reach** (``how`` ``limit``, the first two
  per rule): "Only the first roll of a wound roll can be modified by rerolling.",
  "There can only be one attempt to cast the same power per round.", "... up
  to a maximum of three", the one case it holds in ("Fliers take Dangerous
  Terrain Test, only if they land at terrain, not when flying over.");
- **what the rule does when it triggers, by its numbers** (``how``
  ``effect``, the first per rule): "the target of the Breath Attack suffers 2D6
  hits", "For every unmodified roll of a 1 one model is a casualty", "This is
  decreased to 6″ for ..."; and the first effect of a rule not in play that a
  rule in play says it produces ("each To Hit roll of a 6 results in a
  Precision Shot": Precision's "on the roll of a 3+, the strike or shot is
  reassigned");
- **what it works like** (``how`` ``like``, the first per rule): "Models on hill see like units with Large Target
  special rule.", "It is otherwise treated exactly like a normal Stomp.";
- **what the number in its brackets is**, for a rule given one (``how`` ``parameter``, the first per rule): "This
  unit will run from the battlefield after the number of models in this unit is equal or lower than the number X.", "In
  case a figure is stated in brackets, this distance is X" instead.";
- **what a rule named in play is**, set aside or not, or lost to another rule in play (``how`` ``defines``), its first
  sentence, where the answer quotes nothing else of it: a referee names each rule at the table by its words; a rule only
  granted has its grant quoted;
- **the condition a rule named in play acts under** (``how`` ``condition``), the first sentence of its first paragraph that
  opens on one, though other sentences of it are quoted: "If a defeated unit has more ranks than its enemy and is in The
  Horde formation, it takes a Break test on its unmodified Leadership.", "Units that did not move in the movement phase are
  able to use concentration instead.";
- a place a rule says its models **are not** ("are not on the battlefield"),
  beside a rule of its side that speaks of that place (``how`` ``mentions``);
- a section's words on **several of its parts** at once, where two of them are
  in play on one side (``how`` ``several``);
- the sentence by which a rule in play **loses** another of its side where no
  ruling applied it (``how`` ``loses``);
- a rule's words on **a test the other side's rule makes it take** (``how``
  ``forced``): "When a War Machine fails a Panic Test, instead of Fleeing, it is
  Shaken ..." beside Terror's "its target must immediately take a Panic Test";
- **the state a rule puts its units in** (``how`` ``state``), its own or a rule's it
  names: "Reserve units count as moved and do not receive orders." (Placing
  reserves, named by Shock teleport) beside Concentrating's "did not move".
"""

from __future__ import annotations

import functools
import re

from referee.patterns import lazy
from referee.resolve.found import searched
from referee.resolve.meeting import binds_other_side, sentences
from referee.resolve.play import live
from referee.resolve.ruling import quote
from referee.resolve.together import name_pattern

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

    from referee.resolve.play import Side
    from referee.store.book import Book

# how many sentences of one kind one rule gets quoted, at most
_AT_MOST = 1
# a rule's limits on its own use, at most: a rule often bounds itself twice, by how often and by how many at once ("... a
# special attack once per game." and "... it is permitted to use only one in a single turn.", of Breath Weapon), and a
# referee asked of the rule reads out both
_LIMITS_AT_MOST = 2

# a limit: "only" with what it bounds (the first, one, once, a single; or a verb the rule's effect is
# bounded by: "only cause", "only counts as"), or a ceiling ("up to a maximum of", "no more than")
_LIMIT = lazy(
    # "can only be used once", "may only use one", "can only wear a single Suit of Armour" (a verb between: never a place,
    # "considered to be only in the first rank")
    r"\bonly\s+(?:be\s+)?(?:(?!(?:in|on|at|to|for|with|from|by|of|as)\b)\w+\s+)?(?:the\s+first|one|once|a\s+single)\b"
    r"|(?<!not\s)\bonly\s+(?:cause|causes|affect|affects|count|counts|hit|hits|wound|wounds)\b"
    r"|\bup\s+to\s+a\s+maximum\s+of\b|\bto\s+a\s+maximum\s+of\b|\bno\s+more\s+than\s+(?:\d+|one|two|three|four|five|six)\b"
    # where or against what alone it is used or gains ("can only be used against close combat attacks from the front",
    # "only gains the benefit whilst ..."), and a use counted ("Once per Shooting Phase, ...", "One use only")
    # ("These hits can only be distributed onto models of Standard Size", "can only be joined by Insignificant Characters")
    r"|\bonly\s+(?:be\s+)?(?:used|applied|usable)\s+(?:against|when|while|if|in|on|by|during)\b"
    r"|\bonly\s+be\s+\w+ed\s+(?:against|onto|to|on|in|by|with|when|while|if|during|from)\b|\bonly\s+(?:gains?|gets?|benefits?)\b"
    r"|\bonce\s+per\s+(?:\w+\s+)?(?:turn|phase|round|game|battle)\b|\bone\s+use\s+only\b"
    # who alone may use it, and who does not gain it ("Only a Fleeing Unit can move through Impossible Terrain.", "Model parts
    # with this Attack Attribute wielding Great Weapons do not gain this +1 to-hit modifier")
    r"|^only\s+(?:an?\s+|the\s+)?(?:\w+\s+){1,3}?(?:can|may)\b|\b(?:do|does)\s+not\s+(?:gain|get|receive)\s+this\b"
    # a cap on a count: "can never cause more hits than there are models in the unit", "never more than one"
    r"|\bnever\s+(?:\w+\s+){0,2}?more\s+(?:\w+\s+){0,3}?than\b"
    # the one case it holds in ("Fliers take Dangerous Terrain Test, only if they land at terrain, not when flying over.", "Strider
    # only applies when interacting with this type of Terrain.")
    r"|\bonly\s+(?:\w+\s+)?(?:if|when|while|whilst)\b"
    # what can no longer be done, or a value no other rule may change ("This Magic Resistance value cannot be increased")
    r"|\b(?:can|may)\s+no\s+longer\b|\b(?:can\s*not|cannot|may\s+not|can\s+never)\s+be\s+(?:increased|decreased|improved|reduced|modified)\b",
    re.I,
)
# what it does, by its numbers: an amount of hits, wounds or casualties it deals ("suffers 2D6 hits",
# "inflicts D3 wounds"), or what follows a roll of a number ("on the roll of a 3+, ...", "For every
# unmodified roll of a 1 one model is a casualty")
# (or the rule's own parameter, a capital letter: "the unit suffers X hits"; or a number it names: "causes a number of hits
# equal to the number of ranks of its target")
_AMOUNT = r"(?:\d*D\d+(?:\s*[+-]\s*\d+)?|\d+|a\s+number\s+of|an?|one|two|three|four|five|six|multiple|(?-i:[XYZ]))"
_EFFECT = lazy(
    rf"\b(?:suffers?|causes?|inflicts?|deals?|receives?|takes?|makes?)\s+{_AMOUNT}\s+(?:\w+\s+)?(?:hits?|wounds?|casualt(?:y|ies))\b"
    # an attack that is not rolled for ("These attacks hit automatically", "it automatically wounds", "does not roll to hit")
    r"|\b(?:hits?|wounds?)\s+automatically\b|\bautomatically\s+(?:hits?|wounds?)\b|\bare\s+automatically\s+(?:hit|wounded)\b"
    r"|\bautomatic\s+hits?\b|\bdoes\s+not\s+roll\s+to\s+(?:hit|wound)\b"
    # what its units count as, without a roll ("Units that are not placed in one of the turnes count as being casualties")
    r"|\bcounts?\s+as\s+(?:being\s+)?(?:an?\s+)?(?:casualt(?:y|ies)|destroyed|slain|dead)\b"
    r"|\bon\s+(?:a|the)\s+(?:(?:dice\s+)?roll\s+of\s+(?:an?\s+)?)?\d\+?\s*[,:]"
    r"|\broll\s+of\s+(?:an?\s+)?\d\b[^.;:]*\b(?:is|are)\s+(?:a\s+)?(?:casualt(?:y|ies)|removed|destroyed|slain)\b"
    r"|\b(?:every\s+time|whenever|each\s+time|if)\s+(?:you|a\s+player|the\s+player)\s+rolls?\s+(?:an?\s+)?\d\b[^.;:]*,\s*(?:you|the\s+player|they)\s+(?:may|must|can)\b"
    # a number the rule changes: "This is decreased to 6″ for enemy units that ...", "its range is doubled"
    r"|\b(?:is|are)\s+(?:decreased|increased|reduced|raised|lowered)\s+(?:to|by)\s+\d|\b(?:is|are)\s+(?:doubled|halved|tripled)\b"
    # a share of its models that act ("half the models in the third and any subsequent ranks, rounding up, are allowed to shoot")
    r"|\b(?:half|a\s+third|a\s+quarter)\s+(?:of\s+)?the\s+models\b[^.;:]*\b(?:are\s+allowed\s+to|may|can)\b",
    re.I,
)
# a rule's first sentence of so many words at least is what it is (shorter is a heading's or a label's)
_WORDS = 5
# a sentence that says the rule produces what another rule is ("results in a Precision Shot", "causes Fear")
_PRODUCES = lazy(r"\b(?:results?\s+in|causes?|inflicts?|becomes?)\s+(?:an?\s+|the\s+)?$", re.I)
# several things of one kind at once: "a model with two or more different Breath Weapons", "more than one Breath Weapon attack"
_SEVERAL = lazy(r"\b(?:two\s+or\s+more|more\s+than\s+one|several|multiple)\s+(?:\w+\s+)?\w+", re.I)
_SEVERAL_AT_MOST = 2
_COUNT = lazy(r"^(?:two\s+or\s+more|more\s+than\s+one|several|multiple)\s+", re.I)
# a place its models are said not to be: "are not on the battlefield", "is not in base contact with the enemy"
_DENIED = lazy(r"\b(?:is|are)\s+not\s+((?:in|on|within|part\s+of)\s+(?:the\s+|an?\s+)?[a-z]{4,}(?:\s+[a-z]{4,})?)\b", re.I)
_EXAMPLE = lazy(r"\W*\(?(?:for\s+(?:example|instance)|e\.\s?g\.)", re.I)
# what it works like, by another rule's or thing's terms: "works exactly like 4+ ward save", "It is otherwise treated exactly
# like a normal Stomp.", "Models on hill see like units with Large Target special rule."
_LIKE = lazy(r"\b(?:works?|treated|treats?|sees?|see|functions?|behaves?)\s+(?:exactly\s+|just\s+)?(?:like|as\s+if)\b|\bexactly\s+like\b", re.I)
# what does not take the rule away: "a unit does not lose its steadfast status for being charged from rear or flank",
# "the unit never loses Steadfast due to Terrain" (a case its loss is said not to follow from)
_KEEPS = lazy(r"\b(?:does|do|will|shall)\s+not\s+lose\b|\bnever\s+loses?\b|\b(?:is|are)\s+(?:not|never)\s+lost\b"
              # what its models keep though the rule changes how they act ("Note that they still benefit from their 3D6 distance")
              r"|\bstill\s+(?:benefits?\s+from|keeps?|retains?)\b", re.I)
# a prohibition in the rule's own words ("The model cannot be the General."): read out where no relation of the graph
# holds the sentence (one the graph read is a duty of the answer, or an inactive entry, quoted there)
_FORBIDS = lazy(r"\b(?:cannot|can\s+not|can\s+never|may\s+not|may\s+never|must\s+not|must\s+never)\b"
                # an act of the game its models do not do ("the crew and creatures do not fight in the challenges at all")
                r"|\b(?:do|does)\s+not\s+(?:fight|shoot|charge|march|flee|strike|attack|pursue)\b", re.I)
_KINDS = (("limit", _LIMIT), ("effect", _EFFECT), ("like", _LIKE), ("keeps", _KEEPS))
# a sentence that announces a list of its exceptions: "..., with the following exceptions:", "... with the following exception:"
_EXCEPTIONS_FOLLOW = lazy(r"\bthe\s+following\s+exceptions?\s*:\s*$", re.I)
# a list item's marker
_ITEM = lazy(r"^\s*(?:[-*•]|\d+[.)])\s+")
# a short sentence on the whole of the one before it: "This can be combined.", "These stack." (never a label, nor "They never tire.")
_SHORT_SAYS = lazy(r"(?:this|these)\s+\w+", re.I)
# a sentence that says again what the one before it said, in other words: "So instead of subtracting the armor
# penetration of any weapon you add it to the dodge save of this model." after "... it reverses the armor penetration ..."
# (or goes on about the same things by a pronoun, as a note: "Note that they still benefit from their 3D6 distance ...")
_GOES_ON = lazy(r"(?:so|thus|that\s+is(?:\s+to\s+say)?|in\s+other\s+words|this\s+means(?:\s+that)?|note\s+that(?=\s+(?:they|it|these|this)\b))"
                r"\b\s*,?\s+(?!for\s+example\b)", re.I)
# what a rule's number in brackets is: its letter standing alone ("equal or lower than the number X", "Stealth(+X)",
# "On an X+, ..."), or the brackets named ("the value given in brackets", "In case a figure is stated in brackets")
_PARAMETER = lazy(r"(?<![\w\[])(?-i:[XYZ])(?![\w'’])|\bin\s+(?:square\s+)?brackets\b", re.I)


def quotable(view: Book, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str], said: set[str],
             rule_quote: Callable[..., dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``limit``, ``effect`` and ``defines`` entries of the rules in play (once even where both sides have a
    rule), and the ``effect`` of what they produce; ``said``: the answer's quotes, spaces folded (grown here)."""
    names = view.rule_names
    out: list[dict[str, Any]] = []
    # the grants the answer quotes with what is in play ("via")
    said |= {_plain(step["citation"]["quote"]) for side in sides for entry in side.rules.values() for chain in entry.chains for step in chain
             if step.get("citation")}
    found = [(side, rid, view.get(rid)) for side in sides for rid in live(side, set_aside)]
    playing = [(side, rid, rule) for side, rid, rule in found if rule is not None]
    seen: set[str] = set()
    for side, rid, rule in playing:
        if rid not in seen:
            seen.add(rid)
            # a rule given a number in brackets says first what that number is (given none, its words on one say nothing of it)
            kinds = (("parameter", _PARAMETER), *_KINDS) if any(side.rules[rid].instances) else _KINDS
            read = {_plain(rel["citation"]["sentence"]) for rel in view.relations_in(rid) if rel["citation"].get("rule") == rid}
            read |= {_plain(rel["citation"]["sentence"]) for rel in view.relations_out(rid)}
            out += _read_out(rid, side.name, rule, kinds, said, names, rule_quote, read)
    named: set[str] = set()
    # a rule set aside too: the ruling that set it aside may quote only the winner's words; and a rule named but lost to another rule
    # in play ("The model loses Swiftstride"): the loss quotes the other rule's words alone.  A rule only granted has its grant quoted
    every = [(side, rid, view.get(rid)) for side in sides for rid in side.rules if any(not chain for chain in side.rules[rid].chains)]
    every += [(side, gone.rule, view.get(gone.rule)) for side in sides for gone in side.inactive if gone.lost_by is not None and not gone.via]
    # what a rule's change does not take away ("Note that they still benefit from ...") leans on what the rule is: it does
    # not stand for the rule's own first words
    leaning = {_plain(e["citation"]["quote"]) for e in out if e["how"] == "keeps"}
    for side, rid, rule in every:
        if rule is not None and rid not in named:
            named.add(rid)
            out += _first_words(rid, side.name, rule, said, names, rule_quote, leaning)
    # the condition a rule named in play acts under, though other sentences of it are quoted
    for side, rid, rule in playing:
        if rid in named:
            out += _condition(rid, side.name, rule, said, names, rule_quote)
    for side, rid, _ in playing:
        for rel in view.relations_out(rid):
            target = rel["target"]
            if rel["kind"] != "references" or target is None or target in seen or any(target in s.rules for s in sides) or not _produces(rel, names):
                continue
            seen.add(target)
            produced = view.get(target)
            if produced is not None:
                out += _read_out(target, side.name, produced, _KINDS[1:], said, names, rule_quote)
    return out


# a sentence that opens on the condition its rule acts under: "If a defeated unit has more ranks than its enemy and is in The Horde
# formation, it ...", "When a model marches, charges, flees, ... into or through an area of dangerous terrain, it ...", "Units that did
# not move in the movement phase are able to ..." (never one that leans on the sentence before it: "If so", "If it does so")
_OPENS_ON_CONDITION = lazy(
    r"^(?:if|when|whenever|while|whilst|provided(?:\s+that)?|as\s+long\s+as)\s+(?:(?:a|an|the|any|all|every|each|its)\s+)?"
    r"(?:[\w-]+\s+){0,2}?(?:units?|models?|model\s+parts?|fliers?|flyers?)\b"
    r"|^(?:(?:a|an|the|any|all|every|each)\s+)?(?:[\w-]+\s+)?(?:units?|models?|model\s+parts?)\s+(?:that|which|who)\s+"
    r"(?:(?:did|does|do|is|are|was|were)\b|(?:has|have|had)\s+(?:not|been|\w+ed)\b)",
    re.I)
# a clause for several instances or for both sides having the rule: a case of its own, read where it is the case
_OTHER_CASE = lazy(r"\bboth\s+(?:sides|players)\b|\b(?:several|multiple|two\s+or\s+more|more\s+than\s+one)\b", re.I)


def _condition(rid: str, side: str, rule: dict[str, Any], said: set[str], names: dict[str, str],
               rule_quote: Callable[..., dict[str, Any]]) -> list[dict[str, Any]]:
    """The first sentence of a rule's first paragraph that opens on the condition it acts under (``condition``), unless said
    already: the state its units must be in ("... and is in The Horde formation, it takes a Break test ..."), what they must not
    have done ("Units that did not move in the movement phase ..."), the moves it is taken for ("When a model marches, charges,
    flees, overruns or pursues into or through ...").  A clause for several instances or for both sides having the rule is a
    case of its own; a table's or profile's text is the reader's rendering, not the document's words."""
    version = rule["versions"][0] if rule["versions"] else None
    if version is not None and (version.get("tables") or version.get("profiles")):
        return []
    para = next((p for p in _text(rule).split("\n\n") if len(p.split()) >= _WORDS), "")
    for x in sentences(para):
        plain = _plain(x)
        if "\n" in x.strip() or _EXAMPLE.match(plain):
            continue
        if searched(_OPENS_ON_CONDITION, plain) and not searched(_OTHER_CASE, plain):
            if any(plain in q for q in said):
                return []
            said.add(plain)
            return [{"side": side, "rule": rid, "name": names.get(rid, rid), "kind": "settles", "actions": [plain.rstrip(".")],
                     "how": "condition", "subject": None, "conditions": [], "citation": rule_quote(rid, x.lstrip("-*• "), version)}]
    return []


def _first_words(rid: str, side: str, rule: dict[str, Any], said: set[str], names: dict[str, str],
                 rule_quote: Callable[..., dict[str, Any]], leaning: set[str] = frozenset()) -> list[dict[str, Any]]:
    """A rule's first sentence (``defines``) where the answer quotes nothing of its text (but ``leaning``: sentences that
    lean on what the rule is)."""
    text = _text(rule)
    if any(q in _plain(text) for q in said - leaning):
        return []
    version = rule["versions"][0] if rule["versions"] else None
    if version is not None and (version.get("tables") or version.get("profiles")):
        return []  # a table's or profile's text is the reader's rendering, not the document's words
    # a paragraph's sentences (a title line, "“Bending reality”", is no part of the next one); a sentence over
    # several lines is a list's or a table's, not one sentence
    candidates = ((para, i, x) for para in text.split("\n\n") for i, x in enumerate(sentences(para)))
    found = next(((p, i, x) for p, i, x in candidates if len(x.split()) >= _WORDS and "\n" not in x.strip() and not _EXAMPLE.match(_plain(x))), None)
    if found is None:
        return []
    first = _with_short_next(*found)
    if first != found[2] and _plain(first[first.find(found[2]) + len(found[2]):]) in said:
        first = found[2]  # the sentence it goes on to is quoted already ("Note that they still benefit ...", keeps): once
    said.add(_plain(first))
    return [{"side": side, "rule": rid, "name": names.get(rid, rid), "kind": "settles", "actions": [_plain(first).rstrip(".")],
             "how": "defines", "subject": None, "conditions": [], "citation": rule_quote(rid, first.lstrip("-*• "), version)}]


def _with_short_next(para: str, at: int, first: str) -> str:
    """A first sentence and the next of its paragraph where that one is too short to stand alone and says what the
    first's things do ("Some weapons have additional keywords. This can be combined."), or says the first again in
    other words ("... it reverses the armor penetration of the weapons attack. So instead of subtracting the armor
    penetration of any weapon you add it to the dodge save of this model."), as the document writes them; else the
    first alone.  A label ("Veterans.") or an example's opening is no such sentence."""
    said = sentences(para)
    after = said[at + 1] if at + 1 < len(said) else None
    if after is None or "\n" in after or _EXAMPLE.match(_plain(after)):
        return first
    if not _GOES_ON.match(after) and (len(after.split()) >= _WORDS or not _SHORT_SAYS.match(after)):
        return first
    start = para.find(first)
    end = para.find(after, start + len(first))
    return para[start:end + len(after)] if start >= 0 and end >= 0 else first


def denied_states(view: Book, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str], said: set[str],
                  rule_quote: Callable[..., dict[str, Any]]) -> list[dict[str, Any]]:
    """A sentence of a rule in play that says its models are not where another rule in play of the same side
    speaks of them ("Models that are embarked in a transport are not on the battlefield." beside "put one of your
    own units on the battlefield into reserve"): how ``mentions``, ``actions`` the other rule's name; the first
    such sentence per rule, unless said already."""
    names = view.rule_names
    out: list[dict[str, Any]] = []
    for side in sides:
        texts = {rid: _text(view.get(rid)) for rid in live(side, set_aside)}
        for rid, text in texts.items():
            for sentence in sentences(text):
                plain = _plain(sentence)
                denied = searched(_DENIED, plain)
                if denied is None or plain in said or _EXAMPLE.match(plain):
                    continue
                words = r"\s+".join(map(re.escape, denied.group(1).split()))
                place = re.compile(rf"(?<!not\s)\b{words}\b", re.I)
                others = [other for other, said_there in texts.items() if other != rid and searched(place, said_there)]
                if others:
                    said.add(plain)
                    version = view.get(rid)["versions"][0] if view.get(rid)["versions"] else None
                    out.append({"side": side.name, "rule": rid, "name": names.get(rid, rid), "kind": "settles",
                                "actions": [names.get(o, o) for o in others], "how": "mentions", "subject": None, "conditions": [],
                                "citation": rule_quote(rid, sentence.lstrip("-*• "), version)})
                    break
    return out


def several_parts(view: Book, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str], said: set[str],
                  rule_quote: Callable[..., dict[str, Any]]) -> list[dict[str, Any]]:
    """Where two or more rules in play on one side are parts of one section, the section's sentences that speak of
    several of them at once ("In the event that a model has more than one Breath Weapon attack, it is permitted to use
    only one in a single turn.", of Breath Weapon, beside its Shooting and Close Combat Attacks), at most
    :data:`_SEVERAL_AT_MOST`: how ``several``, ``actions`` the parts' names, ``rule`` and ``name`` the section's."""
    names = view.rule_names
    out: list[dict[str, Any]] = []
    done: set[str] = set()
    for side in sides:
        parts: dict[str, list[str]] = {}
        for rid in side.rules:
            parent = (view.get(rid) or {}).get("parent")
            if parent and parent not in side.rules and (side.name, rid) not in set_aside:
                parts.setdefault(parent, []).append(rid)
        for parent, these in parts.items():
            whole = view.get(parent)
            if len(these) < 2 or parent in done or whole is None:
                continue
            done.add(parent)
            found = [(parent, x) for x in sentences(_text(whole)) if _SEVERAL.search(x) and not _EXAMPLE.match(_plain(x)) and _plain(x) not in said]
            # then the section's other rules, on several things of the kind the parts' names share
            found += _of_their_kind(view, parent, these, side.rules, said)
            for rid, sentence in found[:_SEVERAL_AT_MOST]:
                said.add(_plain(sentence))
                rule = view.get(rid)
                out.append({"side": side.name, "rule": rid, "name": names.get(rid, rid), "kind": "settles",
                            "actions": [names.get(r, r) for r in these], "how": "several", "subject": None, "conditions": [],
                            "citation": rule_quote(rid, sentence.lstrip("-*• "), rule["versions"][0] if rule["versions"] else None)})
    return out


# words of a name that say no kind of thing ("The 3 terrain types", "Rules for ...")
_NOT_A_KIND = frozenset({"rule", "rules", "keyword", "special", "universal", "general", "other", "with", "from", "model", "models", "unit", "units"})
# how deep under the section its other rules are read (its sub-sections' rules, no further)
_DEPTH = 2


def _kind_words(text: str) -> set[str]:
    """A name's or a phrase's words of four letters or more that may name a kind of thing, singular."""
    words = {re.sub(r"(?<=[a-z]{3})s$", "", w) for w in re.findall(r"[a-z]{4,}", text.lower())}
    return words - _NOT_A_KIND


def _first_of(several: str) -> str:
    """The word that says which kind of thing there are several of: the first after the count ("terrain" of "two or more
    terrain features", never "keywords" of "multiple faction keywords")."""
    words = _COUNT.sub("", several).split()
    return words[0] if words else ""


def _of_their_kind(view: Book, section: str, parts: list[str], in_play: Iterable[str], said: set[str]) -> list[tuple[str, str]]:
    """(rule, sentence) of the other rules under a section (to :data:`_DEPTH`) that speak of several things of a kind two of
    its parts in play are named for: "A model standing on two or more terrain features only counts as standing on the
    highest terrain type." (of "The 3 terrain types") beside "Terrain type 1 / soft cover" and "Terrain type 2 / vision
    hindering", parts of the section above both.  A kind is a word the two names share; a sentence on several of
    another kind, or that no two parts' names agree on a word, reads nothing."""
    words = [_kind_words(view.rule_names.get(r, r)) for r in parts]
    shared = {w for i, a in enumerate(words) for b in words[i + 1:] for w in a & b}
    if not shared:
        return []
    out: list[tuple[str, str]] = []
    frontier, seen = [section], {section, *in_play}
    for _ in range(_DEPTH):
        below = [c for rid in frontier for c in ((view.get(rid) or {}).get("children") or []) if c not in seen]
        seen.update(below)
        frontier = below
        for rid in below:
            text = _text(view.get(rid))
            if not any(w in text.lower() for w in shared):
                continue
            for sentence in sentences(text):
                plain = _plain(sentence)
                several = _SEVERAL.search(plain)
                if several is None or _EXAMPLE.match(plain) or plain in said or not _kind_words(_first_of(several.group())) & shared:
                    continue
                out.append((rid, sentence))
    return out


def lost(view: Book, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str], said: set[str]) -> list[dict[str, Any]]:
    """A rule in play's sentence that another rule in play of its side is lost ("A Vanguarding model loses Scoring
    until the end of Game Turn 1."), where no ruling applied it (its condition the situation cannot tell): how
    ``loses``, ``actions`` the rule lost, cited where the graph read it."""
    names = view.rule_names
    out: list[dict[str, Any]] = []
    for side in sides:
        for rid in live(side, set_aside):
            for rel in view.relations_out(rid):
                target, plain = rel["target"], _plain(rel["citation"]["sentence"])
                if rel["kind"] != "loses" or target == rid or target not in side.rules or (side.name, target) in set_aside or plain in said:
                    continue
                said.add(plain)
                out.append({"side": side.name, "rule": rid, "name": names.get(rid, rid), "kind": "settles", "actions": [names.get(target, target)],
                            "how": "loses", "subject": None, "conditions": [], "citation": quote(rel["citation"], names)})
    return out


# what an obligation makes its target take: "take a Panic Test", "immediately take a Dangerous Terrain test" (a test named by
# a word or more: "take the test" names none)
_TAKES = lazy(r"^\s*(?:\w+\s+)?(?:take|takes|pass|passes)\s+(?:an?\s+|the\s+)?(?P<test>(?:[A-Za-z']+\s+){1,3}?(?:test|check)s?)\s*$", re.I)


def forced_tests(view: Book, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str], said: set[str],
                 rule_quote: Callable[..., dict[str, Any]]) -> list[dict[str, Any]]:
    """Where a rule in play obliges the other side to take a test ("its target must immediately take a Panic Test", of
    Terror), the first sentence of each rule in play on that side that names the test ("When a War Machine fails a Panic
    Test, instead of Fleeing, it is Shaken until the end of the next Player Turn."), unless said already: how ``forced``,
    ``actions`` the obliging rule's name.  What its own side's rules make it take is not the other side's doing."""
    names = view.rule_names
    out: list[dict[str, Any]] = []
    for side, other in ((sides[0], sides[1]), (sides[1], sides[0])):
        tests: dict[str, str] = {}  # the test's words -> the rule that forces it
        for rid in other.rules:
            if (other.name, rid) in set_aside:
                continue
            for rel in view.relations_out(rid):
                taken = _TAKES.match(dict(rel["details"]).get("action") or "") if rel["kind"] == "must" else None
                if taken is not None and binds_other_side(rel, names):
                    tests.setdefault(" ".join(taken.group("test").split()).lower().rstrip("s"), rid)
        for words, forcer in tests.items():
            named = re.compile(r"\b" + r"\s+".join(map(re.escape, words.split())) + r"s?\b", re.I)
            for rid in side.rules:
                if rid == forcer or (side.name, rid) in set_aside:
                    continue
                rule = view.get(rid)
                found = next((x for x in sentences(_text(rule)) if named.search(x) and not _EXAMPLE.match(_plain(x)) and _plain(x) not in said), None)
                if rule is None or found is None:
                    continue
                said.add(_plain(found))
                out.append({"side": side.name, "rule": rid, "name": names.get(rid, rid), "kind": "settles", "actions": [names.get(forcer, forcer)],
                            "how": "forced", "subject": None, "conditions": [],
                            "citation": rule_quote(rid, found.lstrip("-*• "), rule["versions"][0] if rule["versions"] else None)})
    return out


# a state a rule puts its units in ("Reserve units count as moved", "counts as Charging if its unit Charged"), by the
# situation flag it is, and the words by which another rule speaks of that state ("did not move", "after the unit has moved")
_COUNTS_AS = lazy(r"\bcounts?\s+as\s+(?:having\s+)?(?P<state>moved|marched|advanced|charging|charged|fleeing|fled)\b", re.I)
_STATE = {"moved": "moved", "marched": "moved", "advanced": "moved", "charging": "charging", "charged": "charging", "fleeing": "fleeing",
          "fled": "fleeing"}
_STATE_WORDS = {"moved": lazy(r"\bmov(?:e|es|ed|ing)\b|\bmarch(?:es|ed|ing)?\b|\badvanc(?:e|es|ed|ing)\b", re.I),
                "charging": lazy(r"\bcharg(?:e|es|ed|ing)\b", re.I), "fleeing": lazy(r"\bfle(?:e|es|eing|d)\b", re.I)}


def states(view: Book, sides: tuple[Side, Side], set_aside: dict[tuple[str, str], str], said: set[str],
           rule_quote: Callable[..., dict[str, Any]]) -> list[dict[str, Any]]:
    """A sentence by which a rule in play, or a rule it names, puts its units in a state ("Reserve units count as moved and
    do not receive orders.", of Placing reserves, which Shock teleport names), beside another rule in play of the same side
    that speaks of that state (Concentrating's "Units that did not move in the movement phase ..."): how ``state``,
    ``actions`` the other rules' names; the first such sentence per rule, unless said already."""
    names = view.rule_names
    out: list[dict[str, Any]] = []
    for side in sides:
        playing = list(live(side, set_aside))
        texts = {rid: _text(view.get(rid)) for rid in playing}
        for rid in playing:
            named = [r["target"] for r in view.relations_out(rid) if r["kind"] == "references" and r["target"] and r["target"] not in side.rules]
            for source in [rid, *dict.fromkeys(named)]:
                rule = view.get(source)
                for sentence in sentences(_text(rule)):
                    plain = _plain(sentence.split("\n\n", 1)[0])
                    counted = searched(_COUNTS_AS, plain)
                    if counted is None or plain in said or _EXAMPLE.match(plain):
                        continue
                    words = _STATE_WORDS[_STATE[counted.group("state").lower()]]
                    others = [o for o in playing if o not in (rid, source) and searched(words, texts[o])]
                    if others:
                        said.add(plain)
                        out.append({"side": side.name, "rule": source, "name": names.get(source, source), "kind": "settles",
                                    "actions": [names.get(o, o) for o in others], "how": "state", "subject": None, "conditions": [],
                                    "citation": rule_quote(source, plain, rule["versions"][0] if rule["versions"] else None)})
                        break
    return out


def _text(rule: dict[str, Any] | None) -> str:
    if rule is None:
        return ""
    version = rule["versions"][0] if rule["versions"] else None
    return (version or rule).get("text") or ""


class _Told:
    """A sentence of a rule's text as :func:`_read_out` reads it: the whole of it (``whole``), its own words
    (``sentence``: up to a list after its colon, or a label's paragraph), those words' spaces folded (``plain``),
    whether it is an example, and what each pattern tried on it found (``hits``, filled as they are tried)."""

    __slots__ = ("whole", "sentence", "plain", "example", "hits")

    def __init__(self, whole: str) -> None:
        self.whole = whole
        sentence = whole.split("\n\n", 1)[0].rstrip()  # a sentence that runs into a list after its colon: its own words
        rest = whole.split("\n\n", 1)[1] if "\n\n" in whole else ""
        if sentence.endswith(":") and len(sentence.split()) < _WORDS and rest.strip() and not _ITEM.match(rest):
            sentence = rest.split("\n\n", 1)[0].rstrip()  # a label over its paragraph ("In addition:"): the paragraph's words
        self.sentence = sentence
        self.plain = _plain(sentence)
        self.example = _EXAMPLE.match(self.plain) is not None
        self.hits: dict[Any, re.Match[str] | None] = {}

    def hit(self, pattern: Any) -> re.Match[str] | None:
        try:
            return self.hits[pattern]
        except KeyError:
            found = self.hits[pattern] = pattern.search(self.plain)
            return found


# each text's sentences as :func:`_read_out` reads them, kept by text: every answer reads out the rules in play
# again, and a session (or a walk) asks the same rules again.  What is kept depends on the text alone, so it
# holds for any store; it is never handed out to be changed
_TOLD: dict[str, tuple[_Told, ...]] = {}
_TOLD_MOST = 4096


def _told(text: str) -> tuple[_Told, ...]:
    told = _TOLD.get(text)
    if told is None:
        if len(_TOLD) >= _TOLD_MOST:
            _TOLD.clear()
        told = _TOLD[text] = tuple(_Told(whole) for whole in sentences(text))
    return told


def _read_out(rid: str, side: str, rule: dict[str, Any], kinds: tuple[tuple[str, Any], ...], said: set[str], names: dict[str, str],
              rule_quote: Callable[..., dict[str, Any]], read: set[str] | None = None) -> list[dict[str, Any]]:
    """The rule's first sentence of each kind (its first wording's), unless said already or an example; given the
    sentences the graph read of the rule (``read``), also its first prohibition the graph did not read (``forbids``).
    A sentence read out that announces its exceptions ("with the following exceptions:") brings the list's items
    that follow it, each quoted (``exception``): its words hold only with them."""
    version = rule["versions"][0] if rule["versions"] else None
    if read is not None:
        kinds = (*kinds, ("forbids", _FORBIDS))
    found = {how: 0 for how, _ in kinds}
    out: list[dict[str, Any]] = []
    told = _told(_text(rule))
    for at, each in enumerate(told):
        plain = each.plain
        if plain in said or each.example:
            continue
        for how, pattern in kinds:
            hit = each.hit(pattern)
            if hit is None or found[how] >= (_LIMITS_AT_MOST if how == "limit" else _AT_MOST) or (how == "forbids" and plain in (read or ())):
                continue
            found[how] += 1
            said.add(plain)
            out.append({"side": side, "rule": rid, "name": names.get(rid, rid), "kind": "settles", "actions": [_words(plain, hit)],
                        "how": how, "subject": None, "conditions": [], "citation": rule_quote(rid, each.sentence.lstrip("-*• "), version)})
            if _EXCEPTIONS_FOLLOW.search(plain):
                out += _exceptions(rid, side, each.whole, [later.whole for later in told[at + 1 :]], said, names, rule_quote, version)
            break
    return out


def _exceptions(rid: str, side: str, whole: str, after: list[str], said: set[str], names: dict[str, str],
                rule_quote: Callable[..., dict[str, Any]], version: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The items of the list a sentence announces ("with the following exceptions:"): the one its sentence runs into
    after the colon, then each following sentence while it is a list item; those said already are left out."""
    glued = whole.split("\n\n", 1)[1] if "\n\n" in whole else ""
    items = [glued] if _ITEM.match(glued) else []
    for sentence in after:
        if not _ITEM.match(sentence):
            break
        items.append(sentence)
    out: list[dict[str, Any]] = []
    for item in items:
        item = _ITEM.sub("", item.split("\n\n", 1)[0]).rstrip()
        plain = _plain(item)
        if not plain or plain in said:
            continue
        said.add(plain)
        out.append({"side": side, "rule": rid, "name": names.get(rid, rid), "kind": "settles", "actions": [plain.rstrip(".!")],
                    "how": "exception", "subject": None, "conditions": [], "citation": rule_quote(rid, item, version)})
    return out


def _produces(rel: dict[str, Any], names: dict[str, str]) -> bool:
    """Whether the sentence says its rule produces the thing the other rule is: its name right after "results in",
    "causes", "inflicts" or "becomes" ("each To Hit roll of a 6 results in a Precision Shot")."""
    pattern = name_pattern(names.get(rel["target"], rel["target_name"] or ""))
    sentence = rel["citation"]["sentence"]
    return pattern is not None and any(_PRODUCES.search(sentence[: m.start()]) for m in pattern.finditer(sentence))


@functools.lru_cache(maxsize=1 << 14)
def _plain(sentence: str) -> str:
    """A sentence's words one space apart, a list item's mark aside (kept by sentence: every answer asks it of the same)."""
    return " ".join(sentence.split()).lstrip("-*• ")


def _words(sentence: str, hit: re.Match[str]) -> str:
    """The words that say it: the clause around the match, to the sentence's comma, colon or end."""
    start = max(sentence.rfind(",", 0, hit.start()), sentence.rfind(":", 0, hit.start())) + 1
    ends = [i for i in (sentence.find(",", hit.end()), sentence.find(";", hit.end())) if i >= 0]
    end = min(ends) if ends else len(sentence)
    return sentence[start:end].strip(" .")
