"""What a whole rule is limited to, by its own words: a phase, its bearer's state, a kind of attack, a weapon.

A modifier's own sentence may limit it ("for Moving and Shooting",
:mod:`referee.graph.activities`); a rule's own words may limit *everything*
it does.  Three readings, each of the rule's text alone:

- the rule's **defining sentence** (its first) places the rule in a phase
  ("Once per Shooting Phase, an unengaged Engineer may select ...";
  "counts its cover saves during the Shooting Phase as being 1 point
  better"), opens on a state or kind of fight ("While the model is in close
  combat, ..."), or says its bearer's state ("an unengaged Engineer", "a
  friendly non-Fleeing model with Rally Around the Flag", "a unit with this
  rule that is locked in combat"), or has for its subject a kind of attack
  that bears the rule ("A Close Combat Attack with Lightning Reflexes gains
  ...": only close combat attacks are what the rule speaks of);
- a sentence of the rule on **its own use**, wherever it stands ("Parry can
  only be used against Close Combat Attacks"; "This Attack Attribute can only
  be used with Bows or Longbows").

The defining sentence binds the whole rule only where no later sentence names
the rule's bearer afresh ("Units with at least one model with Frenzy gain
...": an effect of its own, under its own words); a limit said inside one
clause of a later sentence is that clause's, read with its relation.  Phases
and states the situation table has no word for (the Magic Phase) are not read.

>>> [(l.situation, l.words) for l in whole_limits(["Once per Shooting Phase, an unengaged Engineer may select a War Machine."], "Engineer")]
[('shooting', 'Once per Shooting Phase'), ('not-melee', 'unengaged Engineer')]
>>> [(l.situation, l.words) for l in whole_limits(["Units within 12\\" of a friendly non-Fleeing model with Rally Around the Flag may reroll."], "Rally Around the Flag")]
[('not-fleeing', 'non-Fleeing model with Rally Around the Flag')]
>>> [(l.situation, l.value) for l in whole_limits(["This Attack Attribute can only be used with Bows or Longbows.", "It is Flaming."], "Moonlight Arrows")]
[('with-one-of', ('Bows', 'Longbows'))]
>>> whole_limits(["At the start of the Charge Phase, non-Fleeing units with Frenzy must test.", "Units with Frenzy gain Maximised."], "Frenzy")
[]
"""

from __future__ import annotations

import re

from referee.patterns import gated

class Limit:
    """One limit on a whole rule: a word of the situation table (``not-fleeing`` and ``with-one-of``
    beside the flags), its value (the weapons named), the rule's own words and the sentence they stand in."""

    __slots__ = ("situation", "value", "words", "sentence")

    def __init__(self, situation: str, value: tuple[str, ...] | None, words: str, sentence: str) -> None:
        self.situation, self.value, self.words, self.sentence = situation, value, words, sentence

    def __repr__(self) -> str:
        return f"Limit({self.situation!r}, {self.value!r}, {self.words!r})"


# a defining sentence with none of these words states no limit a reading below finds
_DEFINING_WORDS = ("phase", "round of combat", "engaged", "fleeing", "combat", "melee", "shooting", "shoots", "ranged", "charged", "charging")

# a phase the situation table has a word for: "Once per Shooting Phase", "during the Shooting Phase";
# never a later phase an effect lasts to ("in the following Shooting Phase", "until the end of ...")
_PHASE = gated(
    r"(?<!following\s)(?<!next\s)(?<!until\sthe\send\sof\s)(?<!until\s)\b(?:once\s+)?(?:per|during|in|each|every"
    r"|at\s+the\s+(?:start|beginning|end)\s+of(?:\s+step\s+\d+\s+of)?)\s+"
    r"(?:the\s+|a\s+|any\s+|its\s+|each\s+|this\s+|your\s+|every\s+)?(?:(?:friendly|own|enemy)\s+)?"
    r"(?:(?P<phase>shooting|close\s+combat|melee|fight)\s+(?:sub-?)?phase|(?:first\s+)?round\s+of\s+combat)\b",
    re.I,
)
# what the sentence opens on, up to its first comma: "While the model is in close combat, ..."
_LEAD = gated(r"^(?:if|when|whenever|while|whilst|in|during|provided)\b[^,.;:]{0,80},", re.I)
# the lead speaks of the bearer: "If the model with this special rule is ...", "While it is ...", never "If a firer is shooting"
_BEARER_LEAD = gated(r"^\w+\s+(?:(?:the|this|its|their)\s+(?:model|unit|bearer|wielder|character)\b|it\b|they\b|(?:the|a|an|this|its|your)\s+(?:\w+\s+)?phase\b"
                     r"|(?:a|an|any)\s+(?:model|unit)\b[^,]{0,50}?\bwith\s+this\s+(?:special\s+|universal\s+)?(?:rule|ability)\b"
                     r"|(?:not\s+)?(?:engaged|unengaged|fleeing|in\s+close\s+combat|in\s+melee)\b)", re.I)
_LEAD_STATES = (
    (gated(r"\bnot\s+(?:in\s+close\s+combat|in\s+melee|engaged)|\bunengaged\b", re.I), "not-melee"),
    (gated(r"\b(?:in\s+close\s+combat|in\s+melee(?!\s+(?:range|distance))|engaged(?:\s+in\s+(?:a\s+)?combat)?|locked\s+in\s+combat)\b", re.I), "melee"),
    (gated(r"\bnot\s+fleeing\b", re.I), "not-fleeing"),
    (gated(r"(?<![-\w])fleeing\b", re.I), "fleeing"),
    (gated(r"\b(?:shooting|shoots|making\s+(?:a\s+)?(?:shooting|ranged)\s+attacks?)\b", re.I), "shooting"),
    # the target of a charge, never the charger nor "charged or ...": "If a unit with this rule is charged, ..."
    (gated(r"\b(?:is|was|has\s+been|gets|being)\s+charged\b(?!\s+or\b)", re.I), "charged"),
)
# a state said of the bearer: "<state> <words up to the rule's name>", or "<the rule's name ...> that is <state>"
_ADJECTIVES = {"unengaged": "not-melee", "non-fleeing": "not-fleeing", "fleeing": "fleeing", "engaged": "melee", "charging": "charging"}
_ADJECTIVE = gated(r"(?<![-\w])(?P<state>unengaged|non-fleeing|fleeing|engaged|charging)\s+(?P<rest>[^,.;:()]*)", re.I)
_RELATIVE = gated(
    r"^(?P<rest>[^,.;:()]*?)\s+(?:that|which|who)\s+(?:is|are)\s+(?P<state>unengaged|not\s+fleeing|fleeing|engaged(?:\s+in\s+(?:a\s+)?combat)?"
    r"|locked\s+in\s+(?:close\s+)?combat|in\s+close\s+combat)\b",
    re.I,
)
# the defining sentence's subject is a kind of attack bearing the rule: "A Close Combat Attack with Lightning
# Reflexes gains ...", "Shooting Attacks made with this rule ..." (the attack is the rule's, never "an attack against")
_ATTACK_SUBJECT = gated(
    r"^(?:(?:an?|all|each|every|any)\s+)?(?P<kind>close\s+combat|melee|shooting|ranged|missile)\s+attacks?\s+(?:made\s+|performed\s+)?with\s+(?P<rest>[^,.;:()]*)",
    re.I,
)
_RELATIVES = (("unengaged", "not-melee"), ("not", "not-fleeing"), ("fleeing", "fleeing"), ("engaged", "melee"), ("locked", "melee"), ("in", "melee"))
_THIS_RULE = r"this\s+(?:special\s+|universal\s+|model\s+)?(?:rule|ability|keyword|skill|attribute)"
# a sentence on the rule's own use: "Parry can only be used against Close Combat Attacks"
_OWN_USE = gated(
    r"\b(?:can|may)\s+only\s+be\s+(?:used|applied|chosen|taken)\b|\bonly\s+(?:applies|works|counts)\b|\bcan\s+be\s+used\s+only\b", re.I
)
_USE_KINDS = (
    (gated(r"\b(?:against|with|for|in|and|or)\s+(?:close\s+combat|melee)(?:\s+attacks?)?\b|\bin\s+(?:the\s+)?(?:close\s+combat|melee)\s+phase\b", re.I), "melee"),
    (gated(r"\b(?:against|with|for|and|or)\s+(?:shooting|ranged|missile)\s+attacks?\b|\b(?:in|during)\s+the\s+shooting\s+phase\b|\bwhen\s+shooting\b", re.I), "shooting"),
)
# "with Bows or Longbows without Weapon Enchantments": the weapons (capitalised names) the rule is used with
_WITH = gated(r"\bwith\s+(?:an?\s+|the\s+)?(?P<names>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*(?:\s*(?:,|\bor\b|\band\b)\s*(?:an?\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)*)")


def _names_bearer(words: str, name: str) -> bool:
    """Whether words name the rule's own bearer: the rule's name, or "this rule"."""
    said = " ".join(words.split())
    return bool(re.search(r"\b" + re.escape(name) + r"\b", said, re.I) or re.search(r"\b" + _THIS_RULE + r"\b", said, re.I))


# a later sentence that only says more of the first: "Note that ...", "For example ...", "If this is the case, ..."
# and the outcome of what the first sentence began: "If it passes, ...", "If they fail, ..."
_SAYS_MORE = gated(r"^(?:note\b|for\s+example\b|e\.g\.|this\s+means\b|(?:if|when|in)\s+(?:this|that|so|such)\b"
                  r"|(?:if|when|should)\s+(?:it|they|he|she)\s+(?:passes|pass|fails|fail|succeeds|succeed|does|do|does\s+not|do\s+not)\b"
                  r"|(?:if|when)\s+the\s+(?:test|roll|check)\s+is\s+(?:passed|failed|successful|unsuccessful)\b)", re.I)
# a later sentence that opens on a circumstance of its own: "If you are charged ..., then you have -1 to hit"
_OWN_CIRCUMSTANCE = gated(r"^(?:if|when|whenever|while|whilst|against)\b", re.I)


def _bearer_again(sentence: str, name: str) -> bool:
    """Whether a later sentence states an effect of its own: it names the bearer afresh ("Units with
    at least one model with Frenzy gain Maximised", "A model with this rule ...") or opens on a
    circumstance of its own ("If you are charged ..."); a note on the first ("Note that ...") does not."""
    if _SAYS_MORE.match(sentence.strip()):
        return False
    if _OWN_CIRCUMSTANCE.match(sentence.strip()):
        return True
    return bool(re.match(r"^(?:[\w-]+\s+){0,3}?(?:models?|units?|characters?)\s+(?:with|that\s+(?:has|have)|containing)\s+(?:[\w-]+\s+){0,6}?(?:"
                          + re.escape(name) + r"|" + _THIS_RULE + r")\b", sentence, re.I))


def _defining(sentence: str, name: str) -> list[Limit]:
    out: list[Limit] = []
    said = sentence.lower()
    if not any(word in said for word in _DEFINING_WORDS):
        return out
    phase = _PHASE.search(sentence) if "phase" in said or "round of combat" in said else None
    if phase:
        out.append(Limit("shooting" if (phase.group("phase") or "").lower() == "shooting" else "melee", None, phase.group(), sentence))
    lead = _LEAD.match(sentence)
    if lead and _BEARER_LEAD.search(lead.group()):
        for pattern, situation in _LEAD_STATES:
            found = pattern.search(lead.group())
            if found and all(l.situation != situation for l in out):
                out.append(Limit(situation, None, lead.group().rstrip(","), sentence))
                break
    for found in _ADJECTIVE.finditer(sentence):
        words = found.group("rest").split()
        near = " ".join(words[:12])
        if words and _names_bearer(near, name):
            end = _name_end(found.group(), name)
            out.append(Limit(_ADJECTIVES[found.group("state").lower()], None, found.group()[:end].strip(), sentence))
    subject = _ATTACK_SUBJECT.match(sentence.strip())
    if subject and _names_bearer(" ".join(subject.group("rest").split()[:8]), name):
        kind = "melee" if subject.group("kind").lower() in ("close combat", "melee") else "shooting"
        if all(l.situation != kind for l in out):
            end = subject.start("rest") + _name_end(subject.group("rest"), name)
            out.append(Limit(kind, None, sentence.strip()[:end].strip(), sentence))
    clause = re.split(r"[,;:]", sentence)[0]
    relative = _RELATIVE.search(clause)
    if relative and _names_bearer(relative.group("rest"), name):
        state = relative.group("state").split()[0].lower()
        situation = dict(_RELATIVES)[state]
        out.append(Limit(situation, None, relative.group().strip(), sentence))
    return _once(out)


def _name_end(words: str, name: str) -> int:
    """Where the rule's name (or "this rule") ends in words, or their end."""
    found = re.search(r"\b" + re.escape(name) + r"\b", words, re.I) or re.search(r"\b" + _THIS_RULE + r"\b", words, re.I)
    return found.end() if found else len(words)


def _once(limits: list[Limit]) -> list[Limit]:
    seen: set[str] = set()
    out = []
    for limit in limits:
        if limit.situation not in seen:
            seen.add(limit.situation)
            out.append(limit)
    return out


def _own_use(sentence: str, name: str) -> list[Limit]:
    """The limits of a sentence on the rule's own use ("Parry can only be used against Close Combat Attacks")."""
    use = _OWN_USE.search(sentence) if "only" in sentence.lower() else None
    if use is None:
        return []
    subject = sentence[: use.start()]
    if not (_names_bearer(subject, name) or re.search(r"\b(?:it|this\s+\w+(?:\s+\w+)?)\s*$", subject.strip(), re.I)):
        return []
    rest = sentence[use.end() :]
    out = []
    for pattern, kind in _USE_KINDS:
        found = pattern.search(rest)
        if found:
            out.append(Limit(kind, None, (sentence[use.start() : use.end()] + rest[: found.end()]).strip(), sentence))
    if len(out) > 1:
        return []  # both kinds: no limit to one of them
    weapons = _WITH.match(rest.strip())
    if not out and weapons:
        words = (sentence[use.start() : use.end()] + " " + rest.strip()[: weapons.end()]).strip()
        limit = _weapons_limit(weapons.group("names"), words, sentence)
        out += [limit] if limit is not None else []
    return out


def _weapons_limit(names: str, words: str, sentence: str) -> Limit | None:
    """The limit of weapons named after "with" ("Bows or Longbows without ...": one of them; "Longbow
    and Paired Weapons": all of them), None where no name is left."""
    listed = _without(names)
    named = tuple(re.sub(r"^(?:an?|the)\s+", "", n.strip()) for n in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", listed) if n.strip())
    if not named:
        return None
    return Limit("with-all-of" if re.search(r"\band\b", listed) else "with-one-of", named, words, sentence)


# "when attacking with a Great Weapon", "while fighting with Paired Weapons": a condition on the weapon used
_WIELDING = gated(r"^(?:when|while|whilst|if)\s+(?:it\s+is\s+|they\s+are\s+|the\s+model\s+is\s+)?(?:(?:attacking|fighting|shooting|striking|armed)\s+(?=with\b)"
                 r"|using\s+(?=(?:an?\s+|the\s+)?[A-Z]))", re.I)


def weapon_condition(words: str, sentence: str) -> Limit | None:
    """A condition's words that name the weapons a modifier holds with ("when attacking with a Great
    Weapon"), read as a limit of the kind a whole rule's "can only be used with ..." is; None for
    any other condition."""
    use = _WIELDING.match(words.strip())
    if use is None:
        return None
    rest = words.strip()[use.end() :]
    weapons = _WITH.match(rest if rest.lower().startswith("with") else "with " + rest)
    return _weapons_limit(weapons.group("names"), words.strip(), sentence) if weapons is not None else None


def _without(names: str) -> str:
    """Weapons' names, without what follows them ("Longbows without Weapon Enchantments")."""
    return re.split(r"\s+(?:without|with|that|which|in|of|from)\b", names, maxsplit=1)[0]


# a rule's name that ends on whom it is for: "Spear (foot)", "Lance (mounted)"
_NAME_BEARER = gated(r"\((?P<kind>(?:on\s+)?foot|mounted)\)\s*$", re.I)


def name_limit(name: str) -> Limit | None:
    """The limit a rule's own name puts on it, its last bracket saying whom it is for ("Spear
    (foot)": a model on foot; "(mounted)"); its ``sentence`` is the name."""
    found = _NAME_BEARER.search(name)
    if found is None:
        return None
    return Limit("mounted" if found.group("kind").lower() == "mounted" else "on-foot", None, name, name)


# a time the whole rule holds from, where its heading or its defining sentence opens on it: "Starting with the
# second round:", "From the third turn on, ...", "Beginning with Game Turn 2, ...".  The count is the game's
# rounds or turns, or a fight's rounds where the words say "of combat": the words keep what they count
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6}
_FROM_TIME = gated(
    r"^\W*(?:starting|beginning|commencing)?\s*(?:with|from|as\s+of)\s+(?:the\s+)?"
    r"(?:(?P<ord>second|third|fourth|fifth|sixth|2nd|3rd|4th|5th|6th)\s+(?P<unit>(?:game\s+|battle\s+)?(?:round|turn))(?P<combat>\s+of\s+combat)?"
    r"|(?P<unit2>(?:game\s+|battle\s+)?(?:round|turn))\s+(?P<num>[2-9]))\b(?:\s+on(?:wards?)?\b)?",
    re.I,
)


def time_limit(words: str) -> Limit | None:
    """The time a heading or a sentence's opening words hold a whole rule from ("Starting with the
    second round": ``from-round`` 2; "From turn 3 onwards": ``from-turn`` 3), or None.  A round is
    what the system counts in rounds (the game's, or a fight's Rounds of Combat: no system here counts
    both); the flags ``first-round`` and ``first-turn`` speak of the first of each.

    >>> time_limit("Starting with the second round"), time_limit("From turn 3 onwards, the unit may ...")
    (Limit('from-round', ('2',), 'Starting with the second round'), Limit('from-turn', ('3',), 'From turn 3 onwards'))
    >>> time_limit("From the second round of combat"), time_limit("Holding an objective scores 4 VP"), time_limit("In the second round")
    (Limit('from-round', ('2',), 'From the second round of combat'), None, None)
    """
    found = _FROM_TIME.match(" ".join(words.split()))
    if found is None:
        return None
    unit = (found.group("unit") or found.group("unit2")).lower().split()[-1]
    count = _ORDINALS[found.group("ord").lower()] if found.group("ord") else int(found.group("num"))
    said = found.group().strip(" \t:,")
    return Limit(f"from-{unit}", (str(count),), said, words)


def whole_limits(sentences: list[str], name: str) -> list[Limit]:
    """The limits a rule's own words put on the whole rule (its sentences, in order; its name).

    >>> whole_limits(["Fights in an extra rank."], "Spear (foot)")
    [Limit('on-foot', None, 'Spear (foot)')]
    >>> whole_limits(["Holding an objective scores him 4 victory points."], "Starting with the second round")
    [Limit('from-round', ('2',), 'Starting with the second round')]
    """
    if not sentences or not name:
        return []
    named = name_limit(name) or time_limit(name)
    if named is not None and named.situation.startswith("from-"):
        named.sentence = name  # the heading is what a referee quotes
    worded = _worded_limits(sentences, name)
    opening = time_limit(sentences[0]) if named is None else None
    if opening is not None and not any(_bearer_again(s, name) for s in sentences[1:]):
        worded.append(opening)
    return ([named] if named is not None else []) + worded


def _worded_limits(sentences: list[str], name: str) -> list[Limit]:
    out = _defining(sentences[0], name)
    if out and any(_bearer_again(s, name) for s in sentences[1:]):
        out = []
    for sentence in sentences:
        for limit in _own_use(sentence, name):
            if all(l.situation != limit.situation for l in out):
                out.append(limit)
    kinds = {l.situation for l in out} & {"melee", "shooting"}
    if len(kinds) > 1:
        out = [l for l in out if l.situation not in kinds]  # both kinds of fight: it limits to neither
    return out
