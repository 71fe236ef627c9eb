"""A prohibition and another rule's permission of the same action: cannot beats can.

"A unit that contains at least one model with this special rule cannot March"
(Slow and Purposeful) and "these units can fire (or March) as normal" (Deep
Strike); "A model that is Silenced cannot ... use the Thu'um" (Silence) and
"This model may use the Thu'um" (Tongue): two rules of one side meet through
the action one forbids and the other permits, whatever either is called.
The prohibition prevails (the precedence model's "cannot beats can"), both
sentences quoted; where the prohibition's conditions, or whom it binds, are
more than the situation tells, the ruling says "if ...".

>>> permits("In that turn's Shooting phase, these units can fire (or March) as normal.", "March")
True
>>> permits("This model may use the Thu'um(see page XX for details)", "use the Thu'um")
True
>>> permits("Enemy units can March through it.", "March"), permits("It may not March.", "March")
(False, False)
>>> permits("The unit can move backwards and sideways as if moving forwards.", "move")
False
"""

from __future__ import annotations

import re

from referee.patterns import compiled, lazy
from referee.resolve.meeting import binds_other_side, sentences
from referee.resolve.play import PLAIN_SUBJECT, Side, bearer_subject, live
from referee.resolve.ruling import Ruling, conditions, quote
from referee.resolve.situation import judge

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.store.book import Book

_MODAL = r"\b(?:can|may|(?:is|are)\s+(?:able|allowed|permitted)\s+to)\s+(?!not\b|never\b)"
_ARTICLES = frozenset({"a", "an", "the"})
# who stands before the modal when the permission is someone else's: "Enemy units can March through it"
_OTHERS = lazy(r"\b(?:enem(?:y|ies)|opponents?|opposing|other\s+units?)\b", re.I)
_OWN_CASE = lazy(r"\b(?:even\s+(?:if|when|while|though|in|after|against|during)|regardless\s+of|despite|in\s+spite\s+of)\b", re.I)
# what a ruling on a prohibition and a permission says it rests on, where no sentence says which prevails
CONVENTION_SAID = ("cannot beats can, the referee's precedence (a convention of this referee, not a sentence of the rules: "
                   "neither rule's words say which prevails)")
# a permission held to the normal rules: "can fire (or March) as normal", "may do so as usual"
# (not a gloss in brackets: "(normally, this means that models with Fight in Extra Rank will be able to ...)")
_AS_NORMAL = lazy(r"\bas\s+(?:normal|usual)\b|(?<!\()\bnormally\b", re.I)
_BEARER = lazy(r"\bwith\s+this\s+(?:special\s+)?(?:rule|ability|keyword)\b", re.I)


def _action_pattern(action: str) -> re.Pattern[str] | None:
    """The words of an action, articles optional, brackets and "or" between them allowed."""
    words = [w for w in re.findall(r"[\w'’]+", action) if w.lower() not in _ARTICLES]
    if not words or sum(len(w) for w in words) < 4 or not any(w[:1].isupper() for w in words):
        return None  # a game term's action ("March", "use the Thu'um"), not a plain verb ("move") said of many things
    joined = r"(?:\W+(?:a|an|the)\b)?\W+".join(re.escape(w) for w in words)
    return compiled(_MODAL + r"(?:[\w'’()]+[\s()]+){0,3}?\(?(?:or\s+)?" + joined + r"\b", re.I)


def permits(sentence: str, action: str) -> bool:
    """Whether a sentence permits its subject the action ("can fire (or March) as normal": March),
    where that subject is not the other side."""
    pattern = _action_pattern(action)
    found = pattern.search(sentence) if pattern else None
    return found is not None and _OTHERS.search(sentence[: found.start()]) is None


# the bearer doing one thing of a kind: "voluntarily chooses Flee as Charge Reaction", "declares a Flee Charge Reaction"
_DOES = r"\b(?:choos(?:es|e|ing)|chose|declar(?:es|e|ing)|perform(?:s|ing)?|mak(?:es|e|ing)|select(?:s|ing)?)\s+(?:an?\s+|the\s+|its\s+)?"
_WHAT = r"(?P<what>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}?)"


def does_other_of_kind(sentence: str, kind: str, only: str) -> str | None:
    """The one thing of a kind a sentence has its subject do ("chooses Flee as Charge Reaction":
    Flee), where a prohibition allows only another ("The only Charge Reaction ... is Hold"); None
    when it names only the allowed one, none, or the doer is the other side.

    >>> does_other_of_kind("If a unit ... voluntarily chooses Flee as Charge Reaction, it does not ...", "Charge Reaction", "Hold")
    'Flee'
    >>> does_other_of_kind("The unit must declare a Hold Charge Reaction.", "Charge Reaction", "Hold") is None
    True
    >>> does_other_of_kind("Enemy units that choose Flee as Charge Reaction ...", "Charge Reaction", "Hold") is None
    True
    """
    words = [w for w in re.findall(r"[\w'’]+", kind) if w.lower() not in _ARTICLES]
    if not words:
        return None
    pattern = _DOES + _WHAT + r"\s+(?:as\s+(?:an?\s+|its\s+|their\s+)?)?" + r"\s+".join(re.escape(w) for w in words) + r"s?\b"
    for found in re.finditer(pattern, sentence, re.I):
        what = found.group("what")
        if not what[:1].isupper() or fold_words(what) == fold_words(only) or fold_words(what) in fold_words(kind):
            continue
        if _OTHERS.search(sentence[: found.start()]) is None:
            return what
    return None


def fold_words(words: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", words.lower()))


def _binds_bearer(subject: str, name: str) -> bool:
    """Whether a prohibition's subject is the rule's own bearer: "the unit", "A unit that contains
    at least one model with this special rule", "A model that is Silenced" (of Silence), "Model parts with Harnessed"
    (of Harnessed).

    >>> _binds_bearer("Model parts with Harnessed", "Harnessed"), _binds_bearer("Model parts with Inanimate", "Harnessed")
    (True, False)
    """
    said = " ".join(subject.split())
    return (not said or bool(PLAIN_SUBJECT.fullmatch(said)) or bearer_subject(said, name) or _PARTS_WITH_IT.fullmatch(said) is not None
            and fold_words(_PARTS_WITH_IT.fullmatch(said).group("name")) == fold_words(name)  # type: ignore[union-attr]
            or (_BEARER.search(said) is not None and _OTHERS.search(said) is None))


# "Model parts with Harnessed": the bearers of the rule by its name, the model parts that have it
_PARTS_WITH_IT = lazy(r"(?:(?:the|all|any)\s+)?model\s+parts?\s+with\s+(?:the\s+)?(?P<name>.+)", re.I)


def permitted_actions(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], set_aside: dict[tuple[str, str], str] | None,
                      quote_rule: Any) -> list[Ruling]:
    """Each prohibition of a rule in play (its conditions not failing here) whose action another
    rule of the same side permits: a cannot-beats-can ruling, the prohibiting rule the winner,
    both sentences quoted; nothing is set aside (the permitting rule may do other things)."""
    names = view.rule_names
    out: list[Ruling] = []
    for mine, theirs in (sides, sides[::-1]):
        for rid in live(mine, set_aside):
            name = names.get(rid, rid)
            for rel in view.relations_out(rid):
                details = dict(rel["details"])
                action, only, kind = details.get("action") or "", details.get("only"), details.get("kind_of")
                if rel["kind"] != "cannot" or not action or rel["target"] or binds_other_side(rel, names):
                    continue
                failed, unknown = judge(rel["conditions"], flags, mine.ids, theirs.ids)
                if failed is not None:
                    continue
                subject = (rel["subject"] or "").strip()
                if not _binds_bearer(subject, name):
                    continue  # "Characters cannot join units", of War Machine: whom it binds is not the bearer
                doubt = unknown
                for other in mine.rules:
                    if other == rid or (mine.name, other) in (set_aside or {}):
                        continue
                    rule = view.get(other) or {}
                    text = rule["versions"][0]["text"] if rule.get("versions") else rule.get("text")
                    # (a permission in a case of its own, "even if ...", is the prohibitions' and ways' question: duties)
                    said = next((s for s in sentences(text or "") if permits(s, action) and not _OWN_CASE.search(s)), None)
                    what = None
                    if said is None and only and kind:
                        # "The only Charge Reaction ... is Hold" and "If a unit ... chooses Flee as Charge Reaction": the
                        # other rule's case is a thing of the kind that the prohibition leaves out
                        said, what = next(((s, w) for s in sentences(text or "") for w in [does_other_of_kind(s, kind, only)] if w), (None, None))
                    if said is None or any(r.rules[:2] == [name, names.get(other, other)] for r in out):
                        continue
                    shown = names.get(other, other)
                    lets = f"lets it {action}" if what is None else f"speaks of its choosing {what} as {kind}, which those words do not allow"
                    outcome = (f"{name} prevails over {shown}{',' + conditions(doubt) if doubt else ''}: {subject or 'the unit'} cannot "
                               f"{action}, and {shown} {lets}; cannot beats can")
                    cited = [quote(rel["citation"], names), *([quote_rule(other, said)] if quote_rule else [])]
                    if what is not None:
                        # the other rule does what the prohibition leaves out, and permits nothing: the prohibition's sentence settles it
                        out.append(Ruling([name, shown], name, "cannot-beats-can", outcome, cited, doubt, [mine.name], relation=cited[0]))
                    elif _AS_NORMAL.search(said):
                        # "these units can fire (or March) as normal": the permission's own words hold it to what normally binds the unit
                        outcome = outcome.replace(f"{shown} {lets}; cannot beats can", f"{shown} lets it {action} only as normal, by its own words: "
                                                  f"the normal rules, {name}'s among them, still bind it")
                        out.append(Ruling([name, shown], name, "cannot-beats-can", outcome, cited, doubt, [mine.name], relation=cited[-1]))
                    else:
                        # a prohibition and a permission of one action: the prohibition's sentence names the action the other permits, and
                        # which prevails rests on the precedence model's cannot beats can, which no document of the four systems states:
                        # the ruling says so (the writers of rounds 4 and 7 read it settled, round 8's open: docs/referee.md, round 11)
                        outcome = outcome.replace("; cannot beats can", f"; {CONVENTION_SAID}")
                        out.append(Ruling([name, shown], name, "cannot-beats-can", outcome, cited, doubt, [mine.name], relation=cited[0]))
    return out

