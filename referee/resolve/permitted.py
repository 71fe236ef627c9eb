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

from referee.patterns import lazy
from referee.resolve.meeting import binds_other_side, sentences
from referee.resolve.play import PLAIN_SUBJECT, Side, bearer_subject
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
_BEARER = lazy(r"\bwith\s+this\s+(?:special\s+)?(?:rule|ability|keyword)\b", re.I)


def _action_pattern(action: str) -> re.Pattern[str] | None:
    """The words of an action, articles optional, brackets and "or" between them allowed."""
    words = [w for w in re.findall(r"[\w'’]+", action) if w.lower() not in _ARTICLES]
    if not words or sum(len(w) for w in words) < 4 or not any(w[:1].isupper() for w in words):
        return None  # a game term's action ("March", "use the Thu'um"), not a plain verb ("move") said of many things
    joined = r"(?:\W+(?:a|an|the)\b)?\W+".join(re.escape(w) for w in words)
    return re.compile(_MODAL + r"(?:[\w'’()]+[\s()]+){0,3}?\(?(?:or\s+)?" + joined + r"\b", re.I)


def permits(sentence: str, action: str) -> bool:
    """Whether a sentence permits its subject the action ("can fire (or March) as normal": March),
    where that subject is not the other side."""
    pattern = _action_pattern(action)
    found = pattern.search(sentence) if pattern else None
    return found is not None and _OTHERS.search(sentence[: found.start()]) is None


def _binds_bearer(subject: str, name: str) -> bool:
    """Whether a prohibition's subject is the rule's own bearer: "the unit", "A unit that contains
    at least one model with this special rule", "A model that is Silenced" (of Silence)."""
    said = " ".join(subject.split())
    return not said or bool(PLAIN_SUBJECT.fullmatch(said)) or bearer_subject(said, name) or (_BEARER.search(said) is not None and _OTHERS.search(said) is None)


def permitted_actions(view: Book, sides: tuple[Side, Side], flags: tuple[str, ...], set_aside: dict[tuple[str, str], str] | None,
                      quote_rule: Any) -> list[Ruling]:
    """Each prohibition of a rule in play (its conditions not failing here) whose action another
    rule of the same side permits: a cannot-beats-can ruling, the prohibiting rule the winner,
    both sentences quoted; nothing is set aside (the permitting rule may do other things)."""
    names = view.rule_names
    out: list[Ruling] = []
    for mine, theirs in (sides, sides[::-1]):
        for rid in mine.rules:
            if (mine.name, rid) in (set_aside or {}):
                continue
            name = names.get(rid, rid)
            for rel in view.relations_out(rid):
                action = dict(rel["details"]).get("action") or ""
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
                    if said is None or any(r.rules[:2] == [name, names.get(other, other)] for r in out):
                        continue
                    shown = names.get(other, other)
                    outcome = (f"{name} prevails over {shown}{',' + conditions(doubt) if doubt else ''}: {subject or 'the unit'} cannot "
                               f"{action}, and {shown} lets it {action}; cannot beats can")
                    cited = [quote(rel["citation"], names), *([quote_rule(other, said)] if quote_rule else [])]
                    # the prohibition's sentence is the relation read from the text that connects them: its action is the other's
                    out.append(Ruling([name, shown], name, "cannot-beats-can", outcome, cited, doubt, [mine.name], relation=cited[0] if cited else None))
    return out

