"""A rule's own words that settle or frame a meeting: the ``settles`` relation.

Some sentences say nothing a rule grants, forbids or modifies, and yet decide
what happens when rules meet: who chooses ("may choose which weapon they
fight with", "only a single hit, chosen by the attacker"), who goes first or
wins a tie ("the players roll off and the winner decides", "has the
opportunity to issue a challenge first", "If the result of the defender is
higher than the result of the attacker"), that a clause holds for both sides
("This manoeuvre applies to both sides involved in the fight"), an exception
or permission ("can be made even if the model marched", "must also be taken
... by a charging unit", "can only ignore ..., not the additional -1"), a
limit ("can only make one redirect per turn"), when a roll is read ("after
any re-rolls"), or another rule's mechanism used by reference ("as in the
Stubborn special rule", "the rule is Poisoned (4+)", "D6 Wounds instead of
1").

Each such sentence is one relation from the rule to nothing (``target``
None), ``details`` ``how`` (one of :data:`HOWS`) and ``words`` (the words
that say it), cited at the sentence.  The referee quotes them for the rules
in play rather than stating "the rules state no tie-break".  What the words
have in common is their grammar, not their subject: a chooser named by a
past participle or "may choose which", a comparison of two results, "both"
with a side word, "even if", "also", "only ..., not", "only one ... per",
"after any re-rolls", "as in the X rule", "instead of" a number.

A rule's sentence that speaks of a situation of the referee's table in the
game's words ("if the transport is in melee range", "by a charging unit") and
says what may, must or cannot be done then, with no relation of that
sentence read with the situation in structured words, is the same kind of
relation, ``how`` ``situation``, with ``situations`` the flags it speaks of
(space-separated): ``referee resolve`` rules on it where a flag given is one
of them.  So are a limit on how often the rule is used (``how-often``: "Each
unit can only make one redirect per turn."), a contest of two results
(``contest``: "If the result of the defender is higher than the result of the
attacker"; "The result has to be higher than the distance"), and what an
instance without its number is (``no-number``: "If no number is shown in
brackets, ...").  These four (:data:`RULED`) are ruled on by the resolver, not
listed as words on how rules meet (:data:`HOWS`).
"""

from __future__ import annotations

import re

from referee.graph.spoken import SPOKEN
from referee.model import Citation, Relation
from referee.patterns import Sieve, gated

HOWS = ("choice", "tie-break", "both-sides", "permission", "limit", "timing", "reference")
RULED = ("situation", "how-often", "contest", "no-number")

_CHOOSER = r"(?:attacker|defender|attacking\s+player|defending\s+player|controlling\s+player|owning\s+player|owner|player|opponent|winner)"
_SIDES = r"(?:sides|players|armies)"
_PERIOD = r"(?:turn|phase|round(?:\s+of\s+combat)?|game|battle|combat|close\s+combat|fight)"
# what both sides are said to do together
_BOTH_DO = (r"(?:count|counts|roll|rolls|gain|gains|may|must|can|take|takes|treat|treats|select|selects|choose|chooses|alternate|"
            r"have|has|get|got|are|is|receive|receives|use|uses|pass|passes)")
_NAME = r"(?-i:[A-Z])[\w!'’-]*(?:\s+(?-i:[A-Z])[\w!'’-]*)*"

_SAID: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (how, gated(words, re.I))
    for how, words in (
        ("choice", r"\b(?:may|can|must)\s+(?:choose|decide|pick|select)\s+(?:which|whether|between)\b[^.;]*"),
        ("choice", r"\b(?:chosen|decided|picked|selected)\s+by\s+the\s+" + _CHOOSER + r"\b"),
        ("choice", r"\bthe\s+(?!winner\b)" + _CHOOSER + r"\s+(?:chooses|decides|picks|selects)\s+(?:the|which|whether|who|whose|how|where|in\s+which)\b[^.;]*"),
        ("tie-break", r"\broll[- ]?off\b[^.;]*"),
        ("tie-break", r"\bthe\s+winner\s+(?:decides|chooses|may\s+choose|picks)\b[^.;]*"),
        ("tie-break", r"\bha(?:s|ve)\s+(?:the\s+)?(?:opportunity|priority|right)\s+to\b[^.;]*?\bfirst\b"),
        ("tie-break", r"\bif\s+the\s+(?:result|roll|score|total)\s+of\s+the\s+\w+\s+is\s+(?:higher|greater|lower|less|more)\s+than\s+"
                      r"(?:that|the\s+(?:result|roll|score|total))\b[^.;]*"),
        ("tie-break", r"\b(?:in\s+(?:case|the\s+event)\s+of|(?:if|on)\s+(?:there\s+is\s+)?)\s*a\s+(?:tie|draw)\b[^.;]*"),
        ("both-sides", r"\bappl(?:y|ies)\s+to\s+both\s+" + _SIDES + r"\b[^.;]*"),
        ("both-sides", r"\b(?:if|when)\s+both\s+" + _SIDES + r"\b[^.;]*"),
        # what both sides do or count as ("both sides count as having charged this round", "Both players now roll ..."),
        # or an amount given "(both players)"; not "both players' deployment zones"
        ("both-sides", r"\bboth\s+" + _SIDES + r"\s+(?:\w+\s+){0,2}?" + _BOTH_DO + r"\b[^.;]*"),
        ("both-sides", r"\(\s*both\s+" + _SIDES + r"\s*\)"),
        ("permission", r"\b(?:can|may|must|will|(?:is|are)\s+allowed\s+to)\s+(?:still\s+)?(?:\w+\s+)?(?:be\s+\w+\s+)?even\s+if\b[^.;]*"),
        # "can pursue into fresh enemy even when they do not catch the fleeing unit": a permission in a case it names
        ("permission", r"\b(?:can|may|(?:is|are)\s+allowed\s+to)\s+(?:still\s+)?(?:\w+\s+){1,6}?even\s+when\b[^.;]*"),
        ("permission", r"\b(?:must|may|can)\s+also\s+be\s+(?:taken|made|used|applied|cast|fired|declared)\b[^.;]*"),
        ("permission", r"\b(?:does|do|will)\s+not\s+prevent\b[^.;]*"),
        ("permission", r"\bonly\s+(?:\w+\s+){1,12}?[^,.;]*,\s*not\s+(?:the|a|an|any)\s+[^.;]*"),
        ("limit", r"\b(?:can|may)\s+only\s+(?:make|use|issue|cast|declare|perform)\s+(?:one|a\s+single)\b[^.;]*?\bper\s+" + _PERIOD + r"\b"),
        ("limit", r"\bonly\s+one\s+\w+(?:\s+\w+)?\s+(?:can|may)\s+be\s+\w+\s+per\s+" + _PERIOD + r"\b"),
        ("limit", r"\bonly\s+a\s+single\s+\w+\b[^.;]*"),
        # a cap: "its Attack Value is never higher than the value stated in brackets (X) while performing Supporting Attacks"
        ("limit", r"\b(?:is|are)\s+never\s+(?:higher|greater|more|lower|less)\s+than\b[^.;]*"),
        # the rule's own limit on where it holds: "Strider only applies when interacting with this type of Terrain"
        ("limit", r"\bonly\s+appl(?:y|ies)\s+(?:when|if|while|against|for\s+as\s+long)\b[^.;]*"),
        ("timing", r"\b(?:after|before)\s+(?:any|all)\s+re-?rolls\b"),
        # when the rule is resolved between the game's steps: "are resolved after a charge was declared but before the charge roll is made"
        ("timing", r"\b(?:is|are)\s+(?:resolved|made|taken|rolled|fired|shot)\s+(?:immediately\s+)?(?:after|before)\b[^.;]*"),
        # and when what a step leaves is cleared: "Casualties are removed from the battlefield after all shooting attacks ... are resolved"
        ("timing", r"\b(?:is|are)\s+removed\s+(?:from\s+(?:the\s+)?(?:battlefield|table|game|play)\s+)?(?:after|before|only\s+after)\b[^.;]*"),
        ("reference", r"\bas\s+(?:in|per)\s+the\s+" + _NAME + r"\s+(?:special\s+|universal\s+)?rule\b"),
        ("reference", r"\bthe\s+rule\s+is\s+" + _NAME + r"\s*\(\s*\d\+?\s*\)"),
        ("reference", r"\b(?:D\d+|\d+)\s+\w+\s+instead\s+of\s+(?:\d+|one)\b"),
        ("reference", r"\bmust\s+take\s+(?:an?\s+)?" + _NAME + r"\s*\(\s*\d\+?\s*\)"),
    )
)


_SAID_LIVE = Sieve(pattern for _how, pattern in _SAID)  # most sentences hold none of their words


def settling(rule_id: str, citation: Citation) -> list[Relation]:
    """The ``settles`` relations of one sentence: one per kind of words it holds, the first words of each."""
    out: list[Relation] = []
    seen: set[str] = set()
    for i in _SAID_LIVE.live(citation.sentence):
        how, pattern = _SAID[i]
        if how in seen:
            continue
        found = pattern.search(citation.sentence)
        if found is None:
            continue
        seen.add(how)
        words = found.group().strip(" ,")
        if words.endswith(")") and words.count(")") > words.count("("):
            words = words[:-1].rstrip(" ,")  # "(in case of a tie)": the bracket is the sentence's
        out.append(Relation("settles", rule_id, None, words, citation, (), (("how", how), ("words", words))))
    return out


# the words by which a sentence speaks of each flag of the situation table: ``SPOKEN``, in :mod:`referee.graph.spoken` (the
# resolver reads them too, without this module's patterns)

# what the sentence says may, must or cannot be done, or a limit ("can only make one redirect"), or a
# state it asks for that did not happen ("They have not made shooting attacks this turn."), or
# what the bearer loses then ("he instantly forfeits the Invisibility", "it loses its Frenzied state"):
# a sentence that only describes is not ruled on
_SAYS = gated(r"\b(?:can\s*not|cannot|can't|must|may|can|never|always|even\s+if|still\s+(?:benefits?|counts?|gets?|gains?)|not\s+(?:be\s+)?\w+able|"
                   r"(?:does|do|will)\s+not\s+\w+|(?:has|have|had|did)\s+not\s+\w+|forfeits?|loses?\s+(?:its|this|the|his|her|their))\b", re.I)

# a limit on how often the rule is used: "Each unit can only make one redirect per turn."
# or "a unit only needs to take one Panic test in each phase"
_HOW_OFTEN = gated(r"(?:\b(?:can|may)\s+only\s+(?:make|use|take|attempt|perform|be\s+used|be\s+made)|\bonly\s+(?:needs?|has|have)\s+to\s+"
                        r"(?:make|use|take|attempt|perform))\b[^.;]*?\b(?:one|once|a\s+single)\b[^.;]*?"
                        r"\b(?:per|in\s+each|each)\s+(?:turn|phase|round|game|battle)\b", re.I)

# two results compared ("If the result of the defender is higher than the result of the attacker"),
# or what a result has to beat ("The result has to be higher than the distance")
_RESULT = gated(r"\b(?:results?|rolls?|scores?|totals?)\b", re.I)
_COMPARED = gated(r"\b(?:higher|greater|lower|less|more|smaller|bigger)\s+than\b|\bequal\s+to\b|\bties?\b", re.I)
_WHO_WINS = gated(r"\b(?:if|when|whoever|the\s+winner)\b", re.I)
_NEEDED = gated(r"\b(?:results?|rolls?|scores?|totals?)\b[^.;]{0,30}?\b(?:has\s+to|have\s+to|must|needs?\s+to)\s+be\s+"
                     r"(?:higher|greater|lower|less|more)\s+than\b", re.I)

# a rule's own word on an instance given without its number: "If no number is shown in brackets, the rule is Poisoned (4+)"
_NO_NUMBER = gated(r"\bif\s+no\s+(?:number|value|x)\s+is\s+(?:shown|given|stated|written)\b", re.I)


_FLAGS = tuple(SPOKEN)
_SPOKEN_LIVE = Sieve(SPOKEN.values())


def _contest(sentence: str) -> bool:
    if _NEEDED.search(sentence):
        return True
    return len(_RESULT.findall(sentence)) >= 2 and bool(_COMPARED.search(sentence)) and bool(_WHO_WINS.search(sentence))


def _structured(typed: list[Relation]) -> bool:
    """Whether a relation of the sentence was read with its situation in structured words: a grant or
    modifier the referee applies, or says does not apply, by that situation (an obligation or a
    prohibition is listed, never ruled, so it does not count)."""
    return any(r.kind not in ("must", "cannot") and r.conditions and all(c.situation != "other" for c in r.conditions) for r in typed)


def spoken(rule_id: str, citation: Citation, typed: list[Relation]) -> list[Relation]:
    """The ``settles`` relations of :data:`RULED` one sentence states (example sentences too: an
    example may be the one that says how often); ``typed``: the sentence's typed relations."""
    said = citation.sentence
    found: list[tuple[str, str]] = []
    flags = [_FLAGS[i] for i in _SPOKEN_LIVE.live(said) if SPOKEN[_FLAGS[i]].search(said)]
    if flags and _SAYS.search(said) and not said.lower().startswith(("for example", "e.g.")) and not _structured(typed):
        found.append(("situation", " ".join(flags)))
    found += [(how, "") for how, holds in (("how-often", _HOW_OFTEN.search(said)), ("contest", _contest(said)), ("no-number", _NO_NUMBER.search(said)))
              if holds]
    # the words are the whole sentence, the citation's: kept out of ``details``, so that two wordings of one rule
    # that speak of the same situations read alike (lint's conflicting-definition compares what the graph reads)
    return [Relation("settles", rule_id, None, said, citation, (), (("how", how),) + ((("situations", flags_),) if flags_ else ()))
            for how, flags_ in found]
