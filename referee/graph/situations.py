"""The situation vocabulary: the words a relation's conditions are stated in.

One table, read by the graph (what a sentence's condition means), by
``explain`` (how to say it) and, later, by the referee's ``--when`` flags
(the same words).  Each situation is a word and, for some, a value:
``against`` names the rule the condition is about, ``natural-roll`` a
roll ("6+").  A condition the table does not know is kept as ``other``
with the sentence's words, never dropped.

>>> situation_of("charging")
Condition(situation='charging', value=None, text='charging')
>>> situation_of("against Fly", "t9a/fly")
Condition(situation='against', value='t9a/fly', text='against Fly')
>>> situation_of("in the dark of night").situation
'other'
"""

from __future__ import annotations

import re

from referee.patterns import gated

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from referee.model import Condition
    from collections.abc import Iterable
    from typing import Any

# word -> (what it means, in the words explain prints).  docs/graph.md shows this table.
SITUATIONS: dict[str, str] = {
    "charging": "the unit charged this turn (it is the charger)",
    "not-charging": "the unit did not charge this turn",
    "charged": "the unit is the target of a charge",
    "first-round": "the first round: of a fight (its first Round of Combat), or of the game where the game is counted in rounds",
    "first-turn": "the first turn of the game",
    "melee": "close combat: melee attacks, a fight",
    "shooting": "shooting and ranged attacks",
    "fleeing": "the unit is fleeing",
    "on-foot": "the model is on foot (not mounted)",
    "mounted": "the model is mounted (a rider on a mount)",
    "moved": "the unit moved this turn",
    "not-moved": "the unit did not move this turn (holds unless `moved` is given)",
    "not-melee": "the model is not in close combat (holds unless `melee` is given)",
    "not-fleeing": "the unit is not fleeing (holds unless `fleeing` is given)",
    "if-possible": "an obligation that holds only when it can be met",
    "could": "an obligation that holds only for those that could act (\"that could Declare a Charge\")",
    "against": "against attacks, models or units with the rule named in value (or a core game term of the system, folded: a rule of its base book)",
    "except-against": "against anything but attacks, models or units with the rule named in value (\"against weapons other than Blast\")",
    "unit-entirely": "the unit is composed entirely of models with the rule named in value",
    "unit-more-than-half": "more than half of the unit's models have the rule named in value",
    "with": "the model or unit has the rule named in value",
    "unless": "unless the words in value hold",
    "natural-roll": "on a natural roll of value (\"6+\", \"1\")",
    "game-turn": "from or in the game turn in value (\">=4\")",
    "other": "a condition the vocabulary does not know, kept as the sentence's words",
}

# the lexer's normalised forms that name a situation directly
_PLAIN = {
    "charging": "charging",
    "not charging": "not-charging",
    "charged": "charged",
    "first round": "first-round",
    "first turn": "first-turn",
    "melee": "melee",
    "shooting": "shooting",
    "fleeing": "fleeing",
    "on foot": "on-foot",
    "mounted": "mounted",
    "moved": "moved",
    "not moved": "not-moved",
    "not melee": "not-melee",
    "if possible": "if-possible",
}

# situations whose value is a rule: the words that lead the rule's name
_WITH_RULE = (
    ("unit-entirely", gated(r"(?:composed|consisting|made\s+up)\s+(?:entirely|solely|only)\s+of", re.I)),
    ("unit-more-than-half", gated(r"more\s+than\s+half", re.I)),
    ("except-against", gated(r"except\s+against\b", re.I)),
    ("against", gated(r"against\b", re.I)),
    ("unless", gated(r"unless\b", re.I)),
    ("with", gated(r"(?:with|has|have|having|alongside|together\s+with|along\s+with)\b", re.I)),
)
# what a condition on the unit's make-up says besides the make-up: "when a unit consisting
# entirely of models with Supernal loses a combat" also needs the combat lost
_MAKE_UP = gated(
    r"^(?:if|when|while|whilst)?\s*(?:a|the|its|this|each|every)?\s*units?\s*(?:that\s+is|which\s+is|is|are)?\s*"
    r"(?:(?:composed|consisting|made\s+up)\s+(?:entirely|solely|only)\s+of|(?:with\s+)?more\s+than\s+half\s+(?:of\s+)?(?:its\s+)?)"
    r"\s*(?:models?|model\s+parts?)?\s*(?:with|that\s+have|having)?\s*",
    re.I,
)


def beyond_make_up(words: str, rule_name_words: int = 4) -> bool:
    """Whether a unit-make-up condition's words say more than the make-up ("... loses a
    combat"): then they are kept as a condition of their own too.

    >>> beyond_make_up("if it is in a unit consisting entirely of models with Chameleon")
    False
    >>> beyond_make_up("when a unit consisting entirely of models with Supernal loses a combat")
    True
    """
    words = " ".join(words.split())
    lead = re.match(r"^(?:if|when|while|whilst)\s+it\s+is\s+in\s+", words, re.I)
    if lead:
        words = words[lead.end() :]
    found = _MAKE_UP.match(words)
    if found is None:
        return False
    rest = words[found.end() :].split()
    # the rule's name, written capitalised, then whatever follows it
    k = 0
    while k < len(rest) and k < rule_name_words and (rest[k][:1].isupper() or rest[k].lower() in ("of", "the", "to")):
        k += 1
    return any(w[:1].isalpha() for w in rest[k:])


_ROLL = gated(
    r"natural\s+(?:roll\s+of\s+(?:an?\s+)?)?(\d\+?)|(?:roll|result)s?\s+of\s+(?:an?\s+)?(?:natural\s+)?(\d\+?)", re.I
)
_UNTIL = gated(r"until\s+the\s+end\s+of\s+(?:game\s+)?turn\s+(\d+)", re.I)
_TURN = gated(r"(?:on\s+)?(?:game\s+)?turn\s+(\d+)\s+(?:or\s+later|onwards|and\s+later)|from\s+(?:game\s+)?turn\s+(\d+)", re.I)


_BOILERPLATE = gated(
    r"(?:unless|except)\s+(?:(?:specifically|explicitly|otherwise)\s+)?(?:stated|specified|noted|mentioned)(?:\s+otherwise)?"
    r"|(?:if|when)\s+(?:not\s+)?(?:otherwise\s+)?(?:stated|specified|noted)"
    # a hedge on what the words list: "the Attack Attributes (if any) of these hits are given within brackets"
    r"|(?:if|where|when)\s+(?:any|applicable|present|relevant)|as\s+applicable",
    re.IGNORECASE,
)


def is_boilerplate(text: str) -> bool:
    """"unless specifically stated otherwise": a rule's default, not a situation; "(if any)",
    "where applicable": a hedge on what the sentence lists, no condition of what it does.

    >>> is_boilerplate("unless specifically stated otherwise"), is_boilerplate("unless it is charging")
    (True, False)
    >>> is_boilerplate("if any"), is_boilerplate("where applicable"), is_boilerplate("if any model flees")
    (True, True, False)
    """
    return _BOILERPLATE.fullmatch(" ".join(text.split())) is not None


_LEADS = ("if ", "when", "while", "whilst", "unless", "except", "against", "on ", "in ", "during", "after", "before", "at ", "for ", "from ", "until", "composed", "more than", "that ")


def describe(condition: dict[str, Any]) -> str:
    """A condition (as JSON) in words for ``explain``: "when charging", "if the test is failed".

    >>> describe({"situation": "charging", "value": None, "text": "charging"})
    'when charging'
    >>> describe({"situation": "other", "value": None, "text": "If the test is failed"})
    'if the test is failed'
    """
    words = condition["text"] or " ".join(w for w in (condition["situation"], condition["value"]) if w)
    lowered = words[:1].lower() + words[1:]
    return lowered if lowered.lower().startswith(_LEADS) else f"when {lowered}"


def situation_of(text: str, about: str | None = None) -> Condition:
    """The condition a sentence's words state; ``about`` is the id of the rule they name."""
    from referee.model import Condition  # here, not at the top: `referee resolve` reads the table without the record classes
    words = " ".join(text.split())
    plain = _PLAIN.get(words.lower())
    if plain:
        return Condition(plain, None, words)
    if about is not None:
        for situation, lead in _WITH_RULE:
            # the unit's make-up may stand anywhere ("If a unit is composed entirely of ...");
            # against/unless/with lead their words
            found = lead.search(words) if situation.startswith("unit-") else lead.match(words)
            if found:
                return Condition(situation, about, words)
    if words.lower().startswith("unless "):
        return Condition("unless", words[7:], words)
    roll = _ROLL.search(words)
    if roll:
        return Condition("natural-roll", roll.group(1) or roll.group(2), words)
    until = _UNTIL.search(words)
    if until:
        return Condition("game-turn", f"<={until.group(1)}", words)
    turn = _TURN.search(words)
    if turn:
        return Condition("game-turn", f">={turn.group(1) or turn.group(2)}", words)
    return Condition("other", None, words)


# A condition's words that state a state of the model (or its unit) more specific than a flag of the
# table: "If the model is mounted by a Character" needs the model mounted, and says more (who rides
# it); "Unless selected as a mount for a Character" likewise.  The words name the bearer ("the model",
# "it", or no one): "if a unit is charged by a mounted model" speaks of another, and is no state of
# the bearer.  "not" before the state names the other flag of the pair ("is not mounted": on foot).
_BEARER = r"(?:(?:the|this|that|its|their)\s+(?:model(?:\s+part)?|unit|bearer|wielder|rider)s?|it|they)"
_STATE_WORDS = gated(
    r"^(?:if|when|while|whilst|unless|as\s+long\s+as)?\s*(?:" + _BEARER + r"\s+(?:is|are)\s+)?(?P<not>not\s+)?"
    r"(?:(?P<mounted>mounted\b|(?:selected|chosen|taken)\s+as\s+(?:a|the)\s+mount\b|ridden\s+by\b)|(?P<foot>on\s+foot\b))",
    re.I,
)
# a state and the flag it cannot hold beside: what settles the words false
STATE_OPPOSITE = {"mounted": "on-foot", "on-foot": "mounted"}


def state_of(words: str) -> str | None:
    """The flag a condition's words need to hold where they say more than it ("If the model is
    mounted by a Character": ``mounted``), or None: the situation settles such words false where
    it says the flag's opposite (``--when on-foot``), and leaves them open where it says the flag.

    >>> state_of("If the model is mounted by a Character"), state_of("Unless selected as a mount for a Character")
    ('mounted', 'mounted')
    >>> state_of("if it is not mounted"), state_of("if a unit is charged by a mounted model"), state_of("if it is a Character")
    ('on-foot', None, None)
    """
    found = _STATE_WORDS.match(" ".join(words.split()))
    if found is None:
        return None
    state = "mounted" if found.group("mounted") else "on-foot"
    return STATE_OPPOSITE[state] if found.group("not") else state


# conditions a relation's subject states ("Units composed entirely of models with
# Light Troops", "each of your units ... that could Declare a Charge")
_IN_SUBJECT = (
    ("unit-entirely", gated(r"(?:composed|consisting|made\s+up)\s+(?:entirely|solely|only)\s+of|\b(?:completely|entirely)\s+\w+\s+units?\b", re.I), True),
    ("unit-more-than-half", gated(r"more\s+than\s+half", re.I), True),
    ("could", gated(r"\bthat\s+could\b.*", re.I), False),
    ("fleeing", gated(r"\b(?:is|are)\s+fleeing\b", re.I), False),
    ("mounted", gated(r"\bmounted\b", re.I), False),
    ("charged", gated(r"\b(?:is|are|was|were)\s+(?:being\s+)?charged\b", re.I), False),
)


def subject_conditions(subject: str | None, ids: tuple[str, ...] = ()) -> list[Condition]:
    """The conditions a clause's subject states; ``ids`` are the rules it names.

    >>> [str(c) for c in subject_conditions("Units composed entirely of models with Light Troops", ("t9a/light-troops",))]
    ['composed entirely of']
    >>> subject_conditions("A unit that is Fleeing")[0].situation
    'fleeing'
    """
    if not subject:
        return []
    from referee.model import Condition

    out = []
    for situation, pattern, needs_rule in _IN_SUBJECT:
        m = pattern.search(subject)
        if m is None or (needs_rule and not ids):
            continue
        out.append(Condition(situation, ids[0] if needs_rule else None, m.group()))
    return out


# The words a system's documents condition on, beyond the table: a condition's lead ("when", "while",
# "if", "unless", ...) and the words after it, up to a mark of punctuation ("not when flying over",
# "only when use flying move", "when attempting to flee").  A player's ``--when`` word that the table does not
# have is understood where the system's documents condition on it (a form of it: "flying" of "Fliers",
# "flies"); the build keeps each system's words (:mod:`referee.store.answers`), so a call reads one row.
_CONDITION_CLAUSE = gated(
    r"\b(?:when|whenever|while|whilst|if|unless|during|after|before|until|once|as\s+long\s+as)\s+"
    r"((?:[A-Za-z][\w'-]*\s+){0,5}[A-Za-z][\w'-]*)",
    re.I,
)
# words of a condition that name no situation of their own
_NO_SITUATION = frozenset(
    "the a an and or nor not no its it is are was were be been being has have had this that these those their there "
    "they them he she his her him you your any all each every one some other another such same than then more most "
    "less least only also even still just very with without from into onto upon for of in on at to by as so but "
    "do does did done can could may might must shall should will would which who whom whose what where how why "
    "model models unit units player players rule rules special turn phase game roll rolls test tests result "
    "number value further already again instead otherwise".split()
)


def stem(word: str) -> str:
    """A word's stem, so that a situation's forms meet: "flying", "flies", "Fliers", "fly" are "fly";
    "charging", "charged", "charges" are "charg".

    >>> [stem(w) for w in ("flying", "flies", "Fliers", "fly", "Flyers")]
    ['fly', 'fly', 'fly', 'fly', 'fly']
    >>> [stem(w) for w in ("charging", "charged", "charges", "fleeing", "flees", "marching", "running")]
    ['charg', 'charg', 'charg', 'fle', 'fle', 'march', 'run']
    """
    w = word.lower().removesuffix("'s")
    for suffix in ("ings", "ing", "ers", "er", "ed", "es", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    if w.endswith("i"):
        w = w[:-1] + "y"
    elif w.endswith("e") and len(w) > 3:
        w = w[:-1]
    if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]
    return w


def condition_words(texts: Iterable[str]) -> dict[str, str]:
    """Stem -> the word as the documents first write it in a condition, of every condition in ``texts``
    (one compiled pattern over each text).

    >>> condition_words(["Fliers take the test only if they land at terrain, not when flying over."])
    {'land': 'land', 'terrain': 'terrain', 'fly': 'flying', 'over': 'over'}
    """
    out: dict[str, str] = {}
    for text in texts:
        for found in _CONDITION_CLAUSE.finditer(text):
            for word in found.group(1).split():
                word = word.strip("'-").lower()
                if len(word) >= 3 and word.isalpha() and word not in _NO_SITUATION:
                    out.setdefault(stem(word), word)
    return out
