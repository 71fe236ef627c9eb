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
"""

from __future__ import annotations

import re

from referee.model import Citation, Relation

HOWS = ("choice", "tie-break", "both-sides", "permission", "limit", "timing", "reference")

_CHOOSER = r"(?:attacker|defender|attacking\s+player|defending\s+player|controlling\s+player|owning\s+player|owner|player|opponent|winner)"
_SIDES = r"(?:sides|players|armies)"
_PERIOD = r"(?:turn|phase|round(?:\s+of\s+combat)?|game|battle|combat|close\s+combat|fight)"
_NAME = r"(?-i:[A-Z])[\w!'’-]*(?:\s+(?-i:[A-Z])[\w!'’-]*)*"

_SAID: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (how, re.compile(words, re.I))
    for how, words in (
        ("choice", r"\b(?:may|can|must)\s+(?:choose|decide|pick|select)\s+(?:which|whether|between)\b[^.;]*"),
        ("choice", r"\b(?:chosen|decided|picked|selected)\s+by\s+the\s+" + _CHOOSER + r"\b"),
        ("tie-break", r"\broll[- ]?off\b[^.;]*"),
        ("tie-break", r"\bthe\s+winner\s+(?:decides|chooses|may\s+choose|picks)\b[^.;]*"),
        ("tie-break", r"\bha(?:s|ve)\s+(?:the\s+)?(?:opportunity|priority|right)\s+to\b[^.;]*?\bfirst\b"),
        ("tie-break", r"\bif\s+the\s+(?:result|roll|score|total)\s+of\s+the\s+\w+\s+is\s+(?:higher|greater|lower|less|more)\s+than\s+"
                      r"(?:that|the\s+(?:result|roll|score|total))\b[^.;]*"),
        ("tie-break", r"\b(?:in\s+(?:case|the\s+event)\s+of|(?:if|on)\s+(?:there\s+is\s+)?)\s*a\s+(?:tie|draw)\b[^.;]*"),
        ("both-sides", r"\bappl(?:y|ies)\s+to\s+both\s+" + _SIDES + r"\b[^.;]*"),
        ("both-sides", r"\b(?:if|when)\s+both\s+" + _SIDES + r"\b[^.;]*"),
        ("permission", r"\b(?:can|may|must|will|(?:is|are)\s+allowed\s+to)\s+(?:still\s+)?(?:\w+\s+)?(?:be\s+\w+\s+)?even\s+if\b[^.;]*"),
        ("permission", r"\b(?:must|may|can)\s+also\s+be\s+(?:taken|made|used|applied|cast|fired|declared)\b[^.;]*"),
        ("permission", r"\bonly\s+(?:\w+\s+){1,12}?[^,.;]*,\s*not\s+(?:the|a|an|any)\s+[^.;]*"),
        ("limit", r"\b(?:can|may)\s+only\s+(?:make|use|issue|cast|declare|perform)\s+(?:one|a\s+single)\b[^.;]*?\bper\s+" + _PERIOD + r"\b"),
        ("limit", r"\bonly\s+one\s+\w+(?:\s+\w+)?\s+(?:can|may)\s+be\s+\w+\s+per\s+" + _PERIOD + r"\b"),
        ("limit", r"\bonly\s+a\s+single\s+\w+\b[^.;]*"),
        ("timing", r"\b(?:after|before)\s+(?:any|all)\s+re-?rolls\b"),
        ("reference", r"\bas\s+(?:in|per)\s+the\s+" + _NAME + r"\s+(?:special\s+|universal\s+)?rule\b"),
        ("reference", r"\bthe\s+rule\s+is\s+" + _NAME + r"\s*\(\s*\d\+?\s*\)"),
        ("reference", r"\b(?:D\d+|\d+)\s+\w+\s+instead\s+of\s+(?:\d+|one)\b"),
        ("reference", r"\bmust\s+take\s+(?:an?\s+)?" + _NAME + r"\s*\(\s*\d\+?\s*\)"),
    )
)


def settling(rule_id: str, citation: Citation) -> list[Relation]:
    """The ``settles`` relations of one sentence: one per kind of words it holds, the first words of each."""
    out: list[Relation] = []
    seen: set[str] = set()
    for how, pattern in _SAID:
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
