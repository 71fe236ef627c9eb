"""A roll given by the number it needs, changed by rules named in the question,
each rule's effect read from its own sentences in the asked system.

"hit 4+ with Hatred in the first Round of Combat" looks Hatred up in the
asked system, reads what its sentences do to a roll (re-roll failed or
successful rolls of a kind, extra hits or an automatic wound on a natural
6, only at a named moment or only against a named rule), and answers with
those sentences quoted.  Nothing is keyed to a rule's name: a rule of any
system worded the same way is read the same way.  A named rule whose
sentences say nothing calc can read about rolls is refused by name, never
ignored; so is an effect whose condition the question leaves open.

The sentence shapes read (the effect's *roll* is "hit", "wound" or a named
save):

- "failed to-hit rolls ... must be rerolled", "must reroll failed to-wound
  rolls", "Successful Aegis saves ... must be rerolled", "it re-rolls failed To
  Hit and To Wound rolls of 1", "re-rolls all misses": a re-roll (of some
  results only, where it says so); "re-roll one failed roll" re-rolls a roll
  asked alone, and is refused of several;
- "gains a +1 to-hit modifier", "gets -1 to hit": a modifier; "This attack
  automatically hits": a roll that always succeeds;
- "with a natural to-hit roll of '6', the attack causes two hits instead of
  one" (or "one additional hit"): more hits from that face;
- "with a natural to-hit roll of '6', it automatically wounds": that hit
  skips the wound roll that follows;
- a sentence opening "During the first Round of Combat," (or a re-roll
  ending "in close combat") holds only then; "against models with Flammable"
  or "against Monstrous Creatures" only if the question names it; "if
  attacking its Preferred Enemy" holds when the question names the rule; a
  condition the question cannot give ("If this test is failed", "if the
  Strength ... is higher than the Toughness") is refused.
"""

from __future__ import annotations

import re
from collections import namedtuple
from fractions import Fraction

from referee.calc import question as q
from referee.calc.answers import Step, fraction
from referee.calc.citations import rule_sentences, Clause, Rulebook, sentences, squeeze
from referee.calc.dice import Distribution
from referee.calc.errors import NotASave, Refusal
from referee.calc.stage import StageResult
from referee.patterns import lazy

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

FORMS: dict[Any, Any] = {}  # a system calc has no module for: only what its sentences say
LINKS: dict[Any, Clause] = {}

_QUOTES = lazy(r"[‘’'`´“”\"]")
_NOT_SLUG = lazy(r"[^a-z0-9]+")
_DASHES = lazy(r"[‐‑‒–—−]")  # "to‐wound" with a Unicode hyphen, as BattleScribe data has it
# A re-roll, the verb before what it re-rolls ("must reroll failed to-wound rolls", "it re-rolls
# its failed To Wound rolls", "re-rolls failed To Hit and To Wound rolls of 1", "must re-roll failed
# rolls To Wound", "re-rolls all misses") or after it ("Successful Aegis saves ... must be rerolled").
_ROLLS = r"(?P<what>(?:[\w-]+\s+){0,6}?)(?P<noun>rolls?|saves?|tests?)(?P<after>\s+to[ -]?(?:hit|wound)\b)?"
_OF_FACE = r"(?:\s+of\s+(?:a\s+)?'?(?P<face>[1-6])'?(?!\s*\+))?"
_REROLL_BEFORE = lazy(
    r"\b(?P<which>failed|successful)\s+" + _ROLLS + _OF_FACE + r"\b[^.]*?\b(?:must|may|can)\s+be\s+re-?rolled",
    re.I,
)
_REROLL_AFTER = lazy(
    r"\bre-?rolls?\s+(?:(?:all|its|their|any)\s+)*(?:(?P<which>failed|successful)\s+" + _ROLLS + _OF_FACE + r"|(?P<misses>misses)\b)",
    re.I,
)
# a re-roll of only some rolls: "re-roll one failed roll To Hit per turn", "re-roll one miss"
_REROLL_ONE = lazy(r"\bre-?rolls?\s+(?:only\s+)?(?:one|a single|up to \w+)\s+(?P<failed>failed\s+)?(?P<what>miss|roll|[\w-]+\s+roll)", re.I)
# the moment a re-roll holds, said after it ("in close combat", "during the first round of each
# combat") or in the sentence's condition ("if a model makes a shooting attack ...")
_MOMENT_AFTER = lazy(r"^[^.;]*?\b(?:in|during)\s+(?P<when>(?:the\s+)?(?:close combat|first round|shooting|fight)[^,.;]*?)\s*(?:[,.;]|\s-\s|$)", re.I)
_MOMENT_BEFORE = lazy(r"\b(?:in|during)\s+(?P<when>close combat)\b|\b(?P<shooting>shooting)\s+attacks?\b", re.I)
# a condition on the models' characteristics, which a question giving the roll cannot settle: "if
# the Strength of the wielder ... is the same or higher than the Toughness of the victim"
_UNSETTLED = lazy(r"\bif\s+(?P<what>[^,]*?\b(?:Strength|Toughness|Leadership|Initiative|Weapon Skill|Ballistic Skill)\b[^,]*?\b(?:same|higher|lower|greater|less|equal|more)\b[^,]*)", re.I)
# a condition on the foe: "if attacking its Preferred Enemy", "striking a hated foe", "against
# Monstrous Creatures" (the last only where no "models with" follows, as _AGAINST reads that)
_FOE = lazy(r"\b(?:attacking|striking|fighting)\s+(?:its|a|an|the)\s+(?P<name>[\w-]+(?:\s+[\w-]+)?)\s*(?=\b(?:in|during|if|with)\b|[,.;]|$)", re.I)
_AGAINST_PLAIN = lazy(r"\bagainst\s+(?!models\b|attacks\b|units\b)(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)")
_NATURAL = lazy(r"\bnatural\s+to-?\s?hit\s+roll\s+of\s+'?(?P<face>[1-6])(?P<more>\+?)", re.I)
_MORE_HITS = lazy(r"\bcauses?\s+(?:(?P<total>two|three|\d)\s+hits\s+instead\s+of\s+one|(?P<extra>one|two|\d)\s+additional\s+hits?)", re.I)
_MODIFIER = lazy(r"(?P<amount>[+\-−]\d)\s+to-?\s?(?P<what>hit|wound)\s+modifier", re.I)
# a modifier said without the word "modifier": "A Blinded model gets -1 to hit", "suffer -1 to hit"
_MODIFIER_PLAIN = lazy(r"\b(?:gets?|gains?|suffers?|has|have)\s+(?:an?\s+)?(?P<amount>[+\-−]\d)\s+to[ -]?(?P<what>hit|wound)\b(?!\s*-?\s*modifier)", re.I)
# a condition on a sentence ("If this test is failed, ...", "when using a Sky Reaper"); one that
# only says the model has the rule ("If a model has this special rule") is no condition
_IF = lazy(r"\b(?:if|when|while|unless)\b(?P<what>[^,.;]*)", re.I)
_HAS_RULE = lazy(r"\bthis\s+(?:special\s+)?rule\b|\bhas\s+the\b", re.I)
# a condition that only says the holder is attacked ("When this unit is attacked"): the question
# naming the rule against the roller says so (never "charged", a condition of its own)
_IS_ATTACKED = lazy(r"^\s*(?:this|the)\s+(?:model|unit)\s+(?:is|are)\s+(?:attacked|targeted|shot\s+at)\s*$", re.I)
# an attack that always hits or wounds, with no condition: "This attack automatically hits",
# "These attacks hit automatically" (never "are automatically hit": a target's, not a roll's)
_ALWAYS = lazy(r"(?<!\bare )(?<!\bis )(?<!\bbe )\b(?:automatically\s+(?P<a>hit|wound)s?|(?P<b>hit|wound)s?\s+automatically)\b", re.I)
# a natural result that always succeeds: "For each To Wound roll of a 6, the target automatically
# suffers a Wound, regardless of his Toughness", "a To Wound roll of 6 wounds automatically"
_SIX_WOUNDS = lazy(r"(?<!natural )\b(?P<what>to[ -]?(?P<kind>hit|wound))\s+roll\s+of\s+(?:a\s+)?'?(?P<face>[1-6])'?(?!\s*\+)[^.]*?\b(?:automatically\s+(?:suffers\s+an?\s+)?(?P<a>wound|hit)s?|(?P<b>wound|hit)s\s+automatically)\b", re.I)
_NOT_ALWAYS = lazy(r"\b(?:if|when|unless|only|natural|roll|rolls|rolled)\b", re.I)
# the kind of attack a modifier is for, which naming the rule implies ("A Close Combat Attack with
# Lightning Reflexes gains a +1 to-hit modifier"): a moment the question need not name
_ATTACK_KIND = lazy(r"\b(?P<kind>Close Combat|Melee|Shooting|Ranged)\s+Attacks?\b", re.I)
_KINDS = {"close combat": "close combat", "melee": "close combat", "shooting": "shooting", "ranged": "shooting"}
_STACKING = lazy(r"\bcumulative\b|\bfor each instance\b", re.I)
_IGNORED = lazy(r"\bignores?\b|\bdoes(?:n't| not) suffer\b", re.I)
_MODIFIER_FOR = lazy(r"\bmodifier\s+for\s+[A-Z][\w-]*(?:\s+(?:and\s+)?[A-Z][\w-]*)*")
_AFFECTED = lazy(r"\b(?:is|are)\s+affected\s+by\b[^,.;]*", re.I)
# a modifier a rule takes away, named by its cause: "The attack doesn't suffer the -1 to-hit modifier for shooting
# at Long Range", "ignores the -1 to hit modifier for moving"
_SPARED = lazy(
    r"\b(?:does\s*n[o']?t|do\s*n[o']?t|never|ignores?)\s+(?:suffer|take|apply|get)?\s*(?:the|any)\s+(?P<amount>[+\-−]\d)\s+to[ -]?(?P<what>hit|wound)\s+modifiers?\s+(?:for|from|of|when|due to)\s+(?P<cause>[^.,;]+)",
    re.I,
)
_NEGATED = lazy(r"\b(?:not|cannot|never|no)\b|n't\b", re.I)
# "... cannot be combined with any other negative to-hit modifiers": only those of that sign, where it says one
_ALONE = lazy(
    r"to-?\s?(?P<what>hit|wound)\s+modifier\s+cannot\s+be\s+combined"
    r"(?:\s+with\s+(?:any\s+)?(?:other\s+)?(?P<sign>negative|positive)\b)?",
    re.I,
)
# a save that cannot be taken: "Fortitude Saves cannot be taken against attacks with X[ that ...], or against
# attacks with Y", "ignores Fortitude Saves", "cannot take a Regeneration save"
_NOT_TAKEN = lazy(r"(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\s+(?i:saves?)\s+(?:cannot|can\s+not|can't|may\s+not)\s+be\s+(?:taken|made|used)\s+(?P<rest>against\b.*)")
_NOT_TAKEN_AGAINST = lazy(r"against\s+(?:models|attacks|units)\s+with\s+(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)(?P<but>\s+that\s+[^,]*)?")
_IGNORES = lazy(r"\b(?:ignores?\s+|cannot\s+take\s+an?\s+)(?P<name>[A-Z][\w-]*)\s+(?i:saves?)\b")
# a save refused in the players' words: "no regeneration save is allowed against such attacks", "no Ward
# save may be taken against attacks with Divine Attacks"; "such attacks" are the ones the sentence named
# before ("Wounds suffered from flaming attack cannot be regenerated - no regeneration save ...")
_NONE_ALLOWED = lazy(
    r"\bno\s+(?P<name>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*)?)\s+saves?\s+(?:is|are|may\s+be|can\s+be)\s+"
    r"(?:allowed|permitted|taken|made)\s+against\s+(?P<against>[^,.;]*)",
    re.I,
)
_SUCH = lazy(r"^(?:such|these|those|the(?:se)?\s+same)\s+(?:attacks?|hits?|wounds?)\b|^(?:them|it)\b", re.I)
_ATTACKS_NAMED = lazy(r"\b(?:from|by|with)\s+(?P<name>(?:an?\s+)?(?:[^\W\d_][\w-]*\s+){1,2}?attacks?)\b", re.I)
_THE_FOE = lazy(r"^(?:(?:models|attacks|units)\s+with\s+)?(?P<name>[^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,2})\s*$", re.I)
_CLAUSE_END = lazy(r"\s+and\s+|[,;]")
_AUTO_WOUND = lazy(r"\bautomatically\s+wounds?\b", re.I)
_WHEN = lazy(r"^(?:during|in)\s+(?!addition\b)(?P<when>[^,]+?),", re.I)
_AGAINST = lazy(r"\bagainst\s+(?:models|attacks|units)\s+with\s+(?P<name>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)")
_NUMBERS = {"one": 1, "two": 2, "three": 3}
# whose rule an effect is: the clause it stands in ("..., while Close Combat Attacks allocated
# against the models in the unit gain +1 to hit"), its subject (what stands before the effect) and
# what follows it; the other side is said by "against", "towards", "targeting" or "enemies" in the
# subject, or "affected by" it (Fae Miasma: "A model that is affected by ... suffers a -1"), or by
# the roll being made "against models with" the rule itself or "against this unit"
_CLAUSE_START = lazy(r",\s*(?:while|whereas|but|and)\b|;|\s-\s|\bthen\b", re.I)
_TOWARDS = lazy(r"(?<!fighting )(?<!attacking )(?<!striking )\b(?:against|towards|targeting|allocated\s+to|aimed\s+at|directed\s+at)\b|\benem(?:y|ies)\b|\bopponents?\b|\b(?:affected|hit)\s+by\b", re.I)
_AT_HOLDER = lazy(r"\b(?:against|towards|targeting|at)\s+(?:(?:this|these|that)\s+(?:model|unit|character)s?|it|them|him|her)\b|\b(?:is|are)\s+(?:attacked|targeted|shot\s+at|charged)\b", re.I)
# the holder's own rolls said after the effect: "Re-roll failed to-hit rolls for attacks made by this unit"
_OF_HOLDER = lazy(r"\b(?:for|by|of)\s+(?:(?:this|these)\s+(?:model|unit|character|weapon|attack)s?|its\s+\w+)\b|\bmade\s+by\b", re.I)
_HOLDER = lazy(r"\b(?:it|its|he|his|she|her|they|their|wielder|bearer|model|models|unit|units|attack|attacks|(?<!to-)(?<!to )hits?|weapons?|part|parts)\b|\bwith\b", re.I)
_ATTACKING = lazy(r"\b(?:the\s+)?(?:attacks?|hits?)\b", re.I)
_VICTIM = lazy(r"\b(?:the\s+)?(?:target|victim)\b", re.I)


class Effect(namedtuple("Effect", "rule kind roll amount face when needs clause side spares", defaults=(None, None))):
    """What one sentence of ``rule`` does: ``kind`` "reroll" (``amount``: "failed" or
    "successful"; ``face``: the results re-rolled where only some are, (1,) for "rolls
    of 1"), "one" (a re-roll of only one roll: of a roll asked alone, read as
    "reroll" where it names failed rolls; refused otherwise), "modifier"
    (``amount``: +1, -1, ...), "alone" (a modifier that "cannot be combined" with
    others), "nosave" (the save named by ``roll`` cannot be taken; ``amount``: a
    condition on that calc cannot settle), "hits" (``amount`` hits in all on a natural
    ``face``), "auto" (a natural ``face`` wounds with no wound roll; ``face``: the
    natural results, (6,) or (5, 6) for "5+"), "always" (the roll always succeeds) or
    "natural" (a natural ``face`` always succeeds); ``roll``: "hit", "wound" or
    "save:<name>"; ``when``: the moment it is limited to; ``needs``: the rule the other
    side must have, "its <foe>" for a foe of the rule's own, or "?<condition>" for a
    condition the question cannot give (refused where the effect would apply); ``side``: whose
    rule it is, as the sentence says: "own" (the model that rolls has it: "attacks with
    Hatred", "it re-rolls", "A model must reroll successful Aegis saves"), "other" (the one
    the roll is made against has it: "Attacks allocated towards a model with Distracting",
    "against models with Flammable", "saves taken against the attack"), None where the
    sentence does not say (refused where it would change the roll); ``spares``: for kind "spared" (a
    modifier the rule takes away, ``amount`` its size), the cause that modifier is said for
    ("shooting at Long Range")."""

    __slots__ = ()


def rule_id(system: str, name: str) -> str:
    """The id a rule named ``name`` has in ``system`` (ids are made from names:
    referee.rulebase.align.slug, which the tests compare this with)."""
    folded = name.casefold().replace("ß", "ss")
    return f"{system}/{_NOT_SLUG.sub('-', folded).strip('-')}"


def _roll_of(what: str, noun: str) -> str | None:
    words = squeeze(what)
    if noun.lower().startswith("save"):
        return f"save:{words}" if words else None
    if words in ("tohit", "hit"):
        return "hit"
    if words in ("towound", "wound"):
        return "wound"
    return None


def read(rule: str, text: str) -> list[Effect]:
    """The effects on rolls that the sentences of ``text`` (rule ``rule``'s) state."""
    found: list[Effect] = []
    for sentence in sentences(text):
        plain = _DASHES.sub("-", _QUOTES.sub("'", sentence))
        when_match = _WHEN.match(plain)
        when = when_match.group("when") if when_match else None
        against = _AGAINST.search(plain)
        needs = against.group("name") if against else None
        unsettled = _UNSETTLED.search(plain)
        if needs is None and unsettled is not None:
            needs = f"?if {unsettled.group('what').strip()}"
        clause = Clause(rule, sentence)
        found.extend(_rerolls(rule, plain, when, needs, clause))
        if not _STACKING.search(plain):  # "This rule is cumulative, allowing an additional -1 ... for each instance"
            for m in (*_MODIFIER.finditer(plain), *_MODIFIER_PLAIN.finditer(plain)):
                # "... do not gain this +1 to-hit modifier", "can only ignore the normal -1": an exception
                if _NEGATED.search(plain, 0, m.start()) or _IGNORED.search(plain, 0, m.start()):
                    continue
                condition = _condition(plain, rule) or _modifier_condition(plain)
                amount = int(m.group("amount").replace("−", "-"))
                kind = _ATTACK_KIND.search(plain, 0, m.start())  # "Shooting Attacks targeting ... suffer a -1"
                moment = when or (f"~{_KINDS[kind.group('kind').lower()]}" if kind else None)
                found.append(Effect(rule, "modifier", m.group("what").lower(), amount, None, moment, needs or condition, clause, _side(plain, m.start(), rule, m.group("what"))))
        for m in _SPARED.finditer(plain):  # "doesn't suffer the -1 to-hit modifier for shooting at Long Range"
            amount = int(m.group("amount").replace("−", "-"))
            found.append(Effect(rule, "spared", m.group("what").lower(), amount, None, None, None, clause, None, m.group("cause").strip()))
        for m in _SIX_WOUNDS.finditer(plain):  # "a To Wound roll of 6 wounds automatically"
            if not _NEGATED.search(plain, 0, m.start()) and m.group("kind").lower() == (m.group("a") or m.group("b")).lower():
                found.append(Effect(rule, "natural", m.group("kind").lower(), None, (int(m.group("face")),), when, needs, clause, _side(plain, m.start(), rule, "")))
        for m in _ALWAYS.finditer(plain):
            if not _NEGATED.search(plain) and not _NOT_ALWAYS.search(plain):
                found.append(Effect(rule, "always", (m.group("a") or m.group("b")).lower(), None, None, when, needs, clause, _side(plain, m.start(), rule, "")))
        for m in _ALONE.finditer(plain):
            sign = (m.group("sign") or "").lower() or None  # the amount: which other modifiers it will not combine with
            found.append(Effect(rule, "alone", m.group("what").lower(), sign, None, when, needs, clause))
        found.extend(_saves_not_taken(rule, plain, when, clause))
        natural = _NATURAL.search(plain)
        if natural is not None:
            first = int(natural.group("face"))
            face = tuple(range(first, 7)) if natural.group("more") else (first,)
            more = _MORE_HITS.search(plain, natural.end())
            if more is not None:
                total = _NUMBERS.get((more.group("total") or "").lower()) or (int(more.group("total")) if (more.group("total") or "").isdigit() else None)
                if total is None:
                    extra = more.group("extra").lower()
                    total = 1 + (_NUMBERS.get(extra) or int(extra))
                found.append(Effect(rule, "hits", "hit", total, face, when, needs, clause, _side(plain, natural.start(), rule, "hit")))
            if _AUTO_WOUND.search(plain, natural.end()):
                found.append(Effect(rule, "auto", "hit", None, face, when, needs, clause, _side(plain, natural.start(), rule, "hit")))
    return found


def _side(plain: str, at: int, rule: str, roll: str) -> str | None:
    """Whose rule an effect said at ``plain[at]`` is (Effect's ``side``): "other" where the roll is
    made against the rule's holder ("Attacks allocated towards a model with Distracting suffer",
    "Models shooting at this unit", "When this unit is attacked, the attacker ...", "must reroll
    ... against models with Flammable" in Flammable's own text, "saves taken against the attack",
    "The attack ignores Fortitude Saves"), "own" where the holder rolls (the subject names a
    model, a unit, an attack or the rule: "it re-rolls", "attacks with Hatred"; or the rolls are
    "for attacks made by this unit"), None where the clause names neither."""
    begin = 0
    for b in _CLAUSE_START.finditer(plain, 0, at):
        begin = b.end()
    stop = _CLAUSE_START.search(plain, at)
    subject, after = plain[begin:at], plain[at : stop.start() if stop else len(plain)]
    name = squeeze(rule.split("/", 1)[-1].replace("-", " "))
    if _TOWARDS.search(subject) or _AT_HOLDER.search(subject) or _AT_HOLDER.search(after):
        return "other"
    against = _AGAINST.search(after)
    if against is not None and squeeze(against.group("name")) == name:
        # "... against models with Flammable" in Flammable's own text: its holder is the one
        # attacked, who makes a save but not the to-hit or to-wound roll
        attacked = not against.group().lower().startswith("against attacks")
        return "own" if attacked == roll.startswith("save:") else "other"
    if roll.startswith("save:") and _ATTACKING.search(subject) and roll[5:] not in squeeze(subject):
        return "other"  # a save is the saving model's roll: "The attack ignores ..." is the attack's rule
    if _HOLDER.search(subject) or name in squeeze(subject) or _VICTIM.search(after) or _OF_HOLDER.search(after):
        return "own"
    return None


def _rerolls(rule: str, plain: str, when: str | None, needs: str | None, clause: Clause) -> list[Effect]:
    """The re-rolls a sentence states: kind "reroll", ``amount`` "failed" or "successful",
    ``face`` the results re-rolled where the sentence limits them ("rolls of 1"), or kind "one"
    for a re-roll of only one roll ("re-roll one failed roll To Hit per turn")."""
    found: list[Effect] = []
    for pattern in (_REROLL_BEFORE, _REROLL_AFTER):
        for m in pattern.finditer(plain):
            if _NEGATED.search(plain, 0, m.start()):
                continue
            if "misses" in pattern.groupindex and m.group("misses"):
                rolls, which, face = ["hit"], "failed", None
            else:
                rolls = _rolls_of(m.group("what"), m.group("noun"), m.group("after"))
                which, face = m.group("which").lower(), (int(m.group("face")),) if m.group("face") else None
            moment, foe = when or _moment_of(plain, m), needs or _foe_of(plain, rule)
            if foe is None:  # "If the unit charged, it re-rolls ...": a condition the question cannot give
                foe = _condition(plain, rule, moments=True)
            at = m.end() if pattern is _REROLL_BEFORE else m.start()  # a passive re-roll's subject is the rolls it names
            found.extend(Effect(rule, "reroll", roll, which, face, moment, foe, clause, _side(plain, at, rule, roll)) for roll in rolls)
    for m in _REROLL_ONE.finditer(plain):
        if _NEGATED.search(plain, 0, m.start()):
            continue
        what = m.group("what").lower()
        after = plain[m.end() : m.end() + 12].lower()
        roll = "hit" if what == "miss" or "hit" in after else "wound" if "wound" in after else None
        if roll is not None:  # its amount: "failed" where the sentence says which rolls ("one failed roll", "one miss")
            which = "failed" if m.group("failed") or what == "miss" else None
            foe = needs or _foe_of(plain, rule) or _condition(plain, rule, moments=True)  # "while using a magic weapon"
            found.append(Effect(rule, "one", roll, which, None, when or _moment_of(plain, m), foe, clause, _side(plain, m.start(), rule, roll)))
    return found


def _condition(plain: str, rule: str, moments: bool = False) -> str | None:
    """A condition the sentence puts on its effect that a question giving the roll cannot settle
    ("?If this test is failed"), or None: no condition, or only that the model has the rule (and,
    with ``moments``, a clause naming the moment, "if a model makes a shooting attack", read as one)."""
    for m in _IF.finditer(plain):
        what = m.group("what")
        name = rule.split("/", 1)[-1].replace("-", " ")
        if _HAS_RULE.search(what) or name in what.lower() or _IS_ATTACKED.match(what) or (moments and _MOMENT_BEFORE.search(what)):
            continue
        return f"?{m.group().strip()}"
    return None


def _modifier_condition(plain: str) -> str | None:
    """A modifier's condition the question cannot give: "for Moving and Shooting", "A model that is
    affected by ... Fae Miasma"."""
    m = _MODIFIER_FOR.search(plain) or _AFFECTED.search(plain)
    return f"?{m.group().strip()}" if m else None


def _rolls_of(what: str, noun: str, after: str | None) -> list[str]:
    """The rolls a re-roll names: "To Hit and To Wound" rolls, "rolls To Wound", "Aegis" saves."""
    if after:
        what = f"{what} {after}"
    rolls = []
    for part in re.split(r"\s*(?:,|\band\b|\bor\b)\s*", what.strip(), flags=re.I):
        roll = _roll_of(part, noun)
        if roll is None:
            return []  # a roll calc does not know is named ("failed charge distance rolls")
        rolls.append(roll)
    return rolls


def _moment_of(plain: str, m: re.Match[str]) -> str | None:
    """The moment a re-roll is limited to: said after it, or in the sentence before it."""
    after = _MOMENT_AFTER.search(plain[m.end() :])
    if after is not None:
        return after.group("when").strip()
    before = _MOMENT_BEFORE.search(plain, 0, m.start())
    if before is not None:
        return "shooting" if before.group("shooting") else before.group("when")
    return None


def _foe_of(plain: str, rule: str) -> str | None:
    """The foe a sentence limits its effect to: "against Monstrous Creatures", "if attacking its
    Preferred Enemy"; a foe of the rule's own ("its Preferred Enemy", "a hated foe" for Hatred) is
    marked "its ..." (the question, naming the rule for the roll, says the roll is against one)."""
    own = [w for w in rule.split("/", 1)[-1].split("-") if len(w) > 3]
    foe = _FOE.search(plain)
    if foe is not None:
        name = foe.group("name")
        if any(_shares_stem(word, w) for word in name.lower().split() if len(word) > 3 for w in own):
            return f"its {name}"
        return name
    plain_against = _AGAINST_PLAIN.search(plain)
    return plain_against.group("name") if plain_against else None


def _shares_stem(a: str, b: str) -> bool:
    shared = 0
    for x, y in zip(a, b):
        if x != y:
            break
        shared += 1
    return shared >= 3  # "hated" and "hatred", "preferred" and "preferred"


def _saves_not_taken(rule: str, plain: str, when: str | None, clause: Clause) -> list[Effect]:
    """"Fortitude Saves cannot be taken against attacks with Flaming Attacks", "The attack
    ignores Fortitude Saves": kind "nosave"; ``amount``: the condition the sentence puts on
    it ("that rolled a natural 6+ to wound", "If the attack wounds with a natural ..."), None
    when it holds outright."""
    found: list[Effect] = []
    listed = _NOT_TAKEN.search(plain)
    if listed is not None:
        roll = f"save:{squeeze(listed.group('name'))}"
        for m in _NOT_TAKEN_AGAINST.finditer(listed.group("rest")):
            but = (m.group("but") or "").strip() or None
            side = "own" if roll == f"save:{squeeze(rule.split('/', 1)[-1])}" else "other" if _key(m.group("name")) == _key(rule.split("/", 1)[-1].replace("-", " ")) else None
            found.append(Effect(rule, "nosave", roll, but, None, when, m.group("name"), clause, side))
        return found
    for m in _NONE_ALLOWED.finditer(plain):
        roll = f"save:{squeeze(m.group('name'))}"
        against = m.group("against").strip()
        if _SUCH.match(against):  # the attacks the sentence named before it
            named = [a.group("name") for a in _ATTACKS_NAMED.finditer(plain, 0, m.start())]
            foe = re.sub(r"^an?\s+", "", named[-1], flags=re.I) if named else f"?against {against} (the sentence does not name them)"
        else:
            plain_foe = _THE_FOE.match(against)
            foe = plain_foe.group("name") if plain_foe else f"?against {against}"
        own = roll == f"save:{squeeze(rule.split('/', 1)[-1])}"
        found.append(Effect(rule, "nosave", roll, None, None, when, foe, clause, "own" if own else None))
    for m in _IGNORES.finditer(plain):
        before = plain[: m.start()]
        condition = None
        if plain.lower().startswith("if ") or "natural" in before.lower():
            condition = before.split(",")[0].strip()
        after = plain[m.end() :]
        end = _CLAUSE_END.search(after)
        against = _AGAINST.search(after[: end.start()] if end else after)
        roll = f"save:{squeeze(m.group('name'))}"
        found.append(Effect(rule, "nosave", roll, condition, None, when, against.group("name") if against else None, clause, _side(plain, m.start(), rule, roll)))
    return found


class Grant(namedtuple("Grant", "name by by_name condition clause")):
    """Rule ``name`` given by rule ``by`` (its id; ``by_name`` as the question named it), in
    ``clause``; ``condition``: the condition the sentence puts on it, None when it has none."""

    __slots__ = ()


_GIVES = lazy(
    r"\b(?:becomes?|gains?|ha(?:s|ve)|counts? as having|also ha(?:s|ve))\s+(?:the\s+)?"
    r"(?P<list>[A-Z][\w'-]*(?:\s+(?:\([^)]*\)|[A-Z][\w'-]*))*(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:the\s+)?[A-Z][\w'-]*(?:\s+(?:\([^)]*\)|[A-Z][\w'-]*))*)*)"
)
_GIFT_LIMITED = lazy(r"\b(?:wielding|alongside|on foot|mounted|while|when|if|unless|that|which|whose|using)\b", re.I)
_LIST_SPLIT = lazy(r"\s*,\s*(?:and\s+)?|\s+and\s+")


def _grants(book: Rulebook, system: str, names: list[str]) -> list[Grant]:
    """The rules of the system that the named rules give, and those give in turn: a name of the
    system's rules after "become", "gains", "has" ("The attacks become Flaming Attacks and
    Magical Attacks"); never the giving rule itself ("Models that have Fear themselves")."""
    found: list[Grant] = []
    seen = {rule_id(system, n) for n in names}
    todo = [(rule_id(system, n), n) for n in names]
    while todo:
        wanted, shown = todo.pop(0)
        rule = book.rule(wanted)
        if rule is None:
            continue
        for version in (rule.get("versions") or [rule])[:1]:
            for sentence in sentences(version.get("text") or ""):
                plain = _QUOTES.sub("'", sentence)
                for m in _GIVES.finditer(plain):
                    for item in _LIST_SPLIT.split(m.group("list")):
                        name = re.sub(r"^the\s+|\s*\(.*$|\s+special\s+rules?$", "", item.strip(), flags=re.I)
                        given = rule_id(system, name)
                        if not name or given in seen or book.rule(given) is None:
                            continue
                        seen.add(given)
                        condition = _condition(plain, wanted)
                        subject = plain[: m.start()].strip()
                        if condition is None and _GIFT_LIMITED.search(subject):  # "Models on foot wielding a Shield gain Parry"
                            condition = f"?for {subject[0].lower()}{subject[1:]}"
                        found.append(Grant(name, wanted, shown, condition[1:] if condition else None, Clause(wanted, sentence)))
                        todo.append((given, name))
    return found


def _rule_effects(book: Rulebook, system: str, name: str, required: bool) -> list[Effect]:
    """The effects of the rule named ``name``; a refusal for a rule the system lacks or
    never defines, or (``required``) one whose sentences calc cannot read."""
    wanted = rule_id(system, name)
    rule = book.rule(wanted)
    if rule is None:
        if not required:
            return []
        raise Refusal(f"{system} has no rule named {name}", system)
    texts = [v.get("text") or "" for v in (rule.get("versions") or [rule])]
    effects = [e for text in texts for e in read(wanted, text)]
    if not any(t.strip() for t in texts):
        if not required:
            return []
        raise Refusal(f"{system} names {name} ({wanted}) but never defines it", system)
    return effects


# "has its Strength always set to 3", "gain +2 Strength, +2 Armour Penetration": a characteristic changed
_CHARACTERISTIC = lazy(
    r"\b(?P<a>[A-Z][\w]*(?:\s+[A-Z][\w]*)*)\s+(?:(?:is|are|always)\s+)*set\s+to\s+\d+"
    r"|(?<![\w+-])[+-]\s?\d+\s+(?P<b>(?!to-)[A-Z][\w]*(?:\s+[A-Z][\w]*)*)"
)


def _unread(book: Rulebook, system: str, name: str, stage: q.Rolled) -> Refusal:
    """Why a named rule's effect on the roll is not read: where its sentences change characteristics of
    the attack ("Strength always set to 3 and its Armour Penetration always set to 10") and nothing of
    the roll, they are named and quoted, since the question gives the roll by its number and calc reads
    no rule on what those do to it."""
    wanted = rule_id(system, name)
    rule = book.rule(wanted)
    changed: dict[str, str] = {}
    for sentence in rule_sentences(rule) if rule is not None else []:
        for m in _CHARACTERISTIC.finditer(sentence):
            changed.setdefault(m.group("a") or m.group("b"), sentence)
    if not changed:
        return Refusal(f"{name}: calc cannot read what it does to the roll ({wanted})", system)
    what = f"a {stage.save} save" if stage.save else f"a {stage.kind} roll"
    first = next(iter(changed.values()))
    cited = book.quote(rule, first)
    return Refusal(
        f"{name} changes the attack's {' and '.join(changed)} ({wanted}, {cited.file}:{cited.line}: {first!r}), "
        f"not the roll itself; calc reads no sentence of {system} on what that does to {what} given as "
        f"{stage.needed}+, so it will not say whether the roll changes",
        system,
    )


def _is_a_save(book: Rulebook, system: str, stage: q.Rolled, on_it: list[Effect]) -> None:
    """A save named without the word "save" ("Aegis 4+") is read as one only when the
    documents call it a save: a named rule's sentence acts on "<name> saves", or the
    rule's own text has a sentence naming it and a save ("Aegis is a Special Save")."""
    if on_it:
        return
    rule = book.rule(rule_id(system, stage.save))
    texts = [v.get("text") or "" for v in (rule.get("versions") or [rule])] if rule is not None else []
    name = squeeze(stage.save)
    for text in texts:
        for sentence in sentences(text):
            plain = squeeze(sentence)
            if name in plain and "save" in plain[plain.index(name) + len(name) :]:
                return
    raise NotASave(
        f"{stage.save} {stage.needed}+: {system}'s documents do not call {stage.save} a save; "
        f"if the question means one, say so ('{stage.save} {stage.needed}+ save')",
        system,
    )


def _sides(system: str, stage: q.Rolled, grants: list[Grant]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The sides the question names each rule on, by id: "own" after "with" and the save
    asked (the roller's), "other" after "against"; a rule another gives is on the giver's side.
    And the names (as _key compares them) on each side."""
    sides: dict[str, set[str]] = {}
    names_on: dict[str, set[str]] = {"own": set(), "other": set()}
    for side, names in (("own", (*stage.attacker, *((stage.save,) if stage.save else ()))), ("other", stage.target)):
        for name in names:
            sides.setdefault(rule_id(system, name), set()).add(side)
            names_on[side].add(_key(name))
    for grant in grants:  # in the order found: a giver's sides are known before what it gives
        given = sides.get(grant.by, set())
        sides.setdefault(rule_id(system, grant.name), set()).update(given)
        for side in given:
            names_on[side].add(_key(grant.name))
    return sides, names_on


def _elsewhere(effect: Effect, stage: q.Rolled, name: str) -> str:
    """The step for an effect whose rule the question names on the other side."""
    save = stage.kind == "save"
    whose = "rolls made against the model that has it" if effect.side == "other" else "the rolls of the model that has it"
    named = ("the attack" if save else "the target") if effect.side == "own" else ("the saving model" if save else "the attacker")
    return f"{name} changes {whose}; the question names it for {named}: not applied."


def _roll_key(stage: q.Rolled) -> str:
    return f"save:{squeeze(stage.save)}" if stage.kind == "save" else stage.kind


def _key(name: str) -> str:
    """A name as compared with another: letters and digits, case-folded, a plural's "s" dropped
    ("Monstrous Creatures" and "a monstrous creature" alike)."""
    words = name.split()
    if len(words) > 1 and words[0].lower() in ("a", "an", "the"):
        words = words[1:]
    return squeeze(" ".join(words)).rstrip("s")


def _named(stage: q.Rolled) -> set[str]:
    return {_key(n) for n in (*stage.attacker, *stage.target, *((stage.save,) if stage.save else ()))}


_FILLER = {"the", "a", "an", "each", "every", "phase", "sub-phase", "subphase"}
_EVERYONE = lazy(r"\beveryone\b|\bevery enemy\b|\ball enemies\b", re.I)


def _moment(text: str) -> str:
    """A moment compared with another: "the first Round of Combat" and "the first round of each
    combat" alike, "the shooting phase" and "shooting" alike."""
    return squeeze(" ".join(w for w in text.split() if w.lower() not in _FILLER))


def _phase(moment: str) -> str | None:
    return "shooting" if "shoot" in moment else "closecombat" if "combat" in moment or "fight" in moment else None


def _holds_during(asked: str, said: str) -> bool | None:
    """Whether an effect said to hold during ``said`` holds during ``asked``: the same moment, or a
    phase (close combat, shooting) the asked moment is part of; not in another phase or another
    round; None where calc cannot tell."""
    a, s = _moment(asked), _moment(said)
    if a == s or (s in ("closecombat", "shooting") and _phase(a) == s):
        return True
    if _phase(a) and _phase(s) and _phase(a) != _phase(s):
        return False
    # "the first round" and "the first Round of Combat": the same round; the second is not
    (a_nth, a_unit), (s_nth, s_unit) = _ordinal(a), _ordinal(s)
    if a_nth and s_nth and a_unit and a_unit == s_unit:
        return a_nth == s_nth
    return None


_ORDINAL = lazy(r"(first|second|third|fourth|fifth|sixth|subsequent|\d+(?:st|nd|rd|th))(round|turn)")


def _ordinal(moment: str) -> tuple[str | None, str | None]:
    m = _ORDINAL.search(moment)
    return (m.group(1), m.group(2)) if m else (None, None)


def _everyone(book: Rulebook, rule_id_: str) -> Clause | None:
    """The sentence of a rule saying that, with no foe given, every enemy is its foe."""
    rule = book.rule(rule_id_)
    for version in (rule.get("versions") or [rule]) if rule is not None else []:
        for sentence in sentences(version.get("text") or ""):
            if _EVERYONE.search(sentence):
                return Clause(rule_id_, sentence)
    return None


# a rule whose brackets name the attacks' rules it takes away: "Attacks with the Attack Attributes stated in
# brackets (X) allocated towards or distributed onto the model lose these Attack Attributes."
_LOSE_THESE = lazy(r"(?:\(X\)|\bin\s+(?:the\s+)?brackets\b)[^.]*\blose\s+(?:these|those|them|the\s+same)\b", re.I)
_TOWARDS_HOLDER = lazy(r"\b(?:allocated|distributed|directed|made)\s+(?:towards|onto|against|at)\s+(?:or\s+\w+\s+(?:towards|onto)\s+)?(?:the|this|that)\s+(?:model|unit)\b", re.I)


def _attributes_lost(book: Rulebook, system: str, stage: q.Rolled, steps: list[Step]) -> q.Rolled:
    """The question without the rules a named rule's brackets take from attacks made towards its
    holder ("Immune (Divine Attacks)": those attacks "lose these Attack Attributes"): they are
    dropped from the side that attacks the holder, each drop a cited step.  The holder is the side
    attacked: for a save the saving model ("with"), for a wound roll the one it is made against; a
    hit roll is refused, as the sentence speaks of attacks already allocated or distributed."""
    losing = []
    for name, parameter in stage.parameters:
        rule = book.rule(rule_id(system, name))
        if rule is None:
            continue
        said = next((sentence for sentence in rule_sentences(rule) if _LOSE_THESE.search(sentence)), None)
        if said is not None:
            losing.append((name, parameter, book.quote(rule, said)))
    if not losing:
        return stage
    attacker, target, parameters = list(stage.attacker), list(stage.target), list(stage.parameters)
    for name, parameter, said in losing:
        holder_is_roller = name in stage.attacker
        attacked_is_roller = stage.kind == "save"  # the saving model is the one the attack is made towards
        named = {_key(n) for n in (stage.target if holder_is_roller else stage.attacker)}
        if stage.kind == "hit" and any(_key(n.strip()) in named for n in _LIST_SPLIT.split(parameter)):
            raise Refusal(f"{name} takes its attributes from attacks allocated or distributed onto its holder; calc cannot say whether that is so when the hit is rolled", system)
        if holder_is_roller != attacked_is_roller:
            steps.append(Step(f"{name} ({parameter}) is named for the side that attacks, not the one attacked: not applied.", said))
            (attacker if holder_is_roller else target).remove(name)
            parameters = [p for p in parameters if p[0] != name]
            continue
        if not _TOWARDS_HOLDER.search(said.quote):
            raise Refusal(f"{name}'s sentence does not say which attacks lose what its brackets name; calc will not pick", system)
        side = target if holder_is_roller else attacker
        for lost in (n.strip() for n in _LIST_SPLIT.split(parameter) if n.strip()):
            there = [n for n in side if _key(n) == _key(lost)]
            if there:
                for n in there:
                    side.remove(n)
                steps.append(Step(f"{name} ({parameter}): the attacks towards its holder lose {lost}, so {lost} does not count.", said))
            else:
                steps.append(Step(f"{name} ({parameter}): the question names no {lost} for the attacks; nothing to lose.", said))
        (attacker if holder_is_roller else target).remove(name)
        parameters = [p for p in parameters if p[0] != name]
    return stage._replace(attacker=tuple(attacker), target=tuple(target), parameters=tuple(parameters))


def rolled(book: Rulebook, stage: q.Rolled, system: str, module: Any = None, source: list[Step] | None = None, alone: bool = False) -> StageResult:
    """The roll ``stage`` asks, with every effect its named rules have on it, and the
    modifier and re-roll the question gives, as the system's module says they work
    (its ``ROLL_MODIFIERS``: the sentences on adding to a roll, its limit, re-rolls).
    ``source``: the steps that found the roll's number in a rule's sentence, where the
    question did not give it ("Regeneration save": "works exactly like 4+ ward save").
    ``alone``: the question asks of this one roll (no attacks, wounds or other stages), so a
    rule re-rolling "one failed roll" re-rolls it."""
    if not 1 <= stage.needed <= 6:
        raise Refusal(f"a D6 roll cannot need {stage.needed}+", system)
    steps: list[Step] = []
    effects: list[Effect] = []
    rules = getattr(module, "ROLL_MODIFIERS", None) or {}
    if stage.reroll == "both":
        raise Refusal("a roll is re-rolled once: re-roll failed or successful rolls, not both", system)
    if stage.reroll is not None:  # the system's sentence on re-rolls is quoted where it has one
        which, face = ("failed", (1,)) if stage.reroll == "ones" else (stage.reroll, None)
        effects.append(Effect("the question", "reroll", _roll_key(stage), which, face, None, None, rules.get("reroll")))
    stage = _attributes_lost(book, system, stage, steps)
    if stage.save:
        effects.extend(_rule_effects(book, system, stage.save, required=False))
    missing: dict[str, Refusal] = {}
    for name in (*stage.attacker, *stage.target):
        try:
            effects.extend(_rule_effects(book, system, name, required=True))
        except Refusal as refused:  # no rule of that name: it may still be what another rule holds against
            missing[name] = refused
    # rules a named rule gives ("The attacks become Flaming Attacks and Magical Attacks"): their
    # effects count, and so do their names for a rule that holds only against them
    grants = _grants(book, system, [n for n in (*stage.attacker, *stage.target) if n not in missing])
    given_needs: set[str] = set()
    for grant in grants:
        given = _rule_effects(book, system, grant.name, required=False)
        given_needs.update(_key(e.needs) for e in given if e.needs is not None)
        effects.extend(e._replace(needs=f"?{grant.condition}") if grant.condition else e for e in given)
    conditions = {_key(e.needs) for e in effects if e.needs is not None} | given_needs
    for name, refused in missing.items():
        if _key(name) not in conditions:
            raise refused
    granted_names = {_key(g.name) for g in grants}
    for name in (*stage.attacker, *stage.target):
        # a rule with no effect on rolls of its own is still part of the question when
        # another named rule holds only against it ("against models with Flammable"), or
        # when it gives a rule that does
        gives = [g for g in grants if g.by == rule_id(system, name)]
        useful = any(e.rule == rule_id(system, g.name) for g in gives for e in effects) or any(_key(g.name) in conditions for g in gives)
        if name not in missing and not useful and not any(e.rule == rule_id(system, name) for e in effects) and _key(name) not in conditions:
            raise _unread(book, system, name, stage)
    key = _roll_key(stage)
    if stage.save and not stage.save_said:
        _is_a_save(book, system, stage, [e for e in effects if e.roll == key])
    named = _named(stage) | granted_names
    sides, names_on = _sides(system, stage, grants)
    shown = {rule_id(system, n): n for n in (*stage.attacker, *stage.target, *((stage.save,) if stage.save else ()), *(g.name for g in grants))}
    for grant in grants:
        if any(e.rule == rule_id(system, grant.name) and e.roll == key for e in effects) or _key(grant.name) in conditions:
            steps.append(Step(f"{grant.by_name} gives {grant.name}.", book.cite(grant.clause)))
    applied: list[Effect] = []
    mine = [e for e in effects if e.roll == key]
    for effect in mine:
        if effect.kind == "spared":
            # only the modifier said for that cause: one the question or another named rule gives may be it
            cause = effect.spares.lower()
            alike = [
                e for e in mine
                if e.kind == "modifier" and e.amount == effect.amount and e.rule != effect.rule
                and (cause in e.clause.phrase.lower() or shown.get(e.rule, e.rule).lower() in cause)
            ]
            if stage.modifier == effect.amount or alike:
                raise Refusal(
                    f"{effect.rule} takes away the {effect.amount:+d} to-{effect.roll} modifier for {effect.spares}; calc cannot "
                    f"tell whether the {effect.amount:+d} in the question is that one",
                    system,
                )
            others = sorted({shown.get(e.rule, e.rule) for e in mine if e.kind == "modifier" and e.rule != effect.rule})
            besides = f" ({', '.join(others)}'s modifier is said for another cause)" if others else ""
            steps.append(Step(f"It takes away only the {effect.amount:+d} for {effect.spares}, which the question does not give{besides}: nothing to take away.", book.cite(effect.clause)))
            continue
        held = sides.get(effect.rule, set())  # the sides the question names the rule on
        if effect.side is not None and held and effect.side not in held:
            steps.append(Step(_elsewhere(effect, stage, shown.get(effect.rule, effect.rule)), book.cite(effect.clause)))
            continue
        if effect.when is not None and effect.when.startswith("~"):  # a kind of attack
            kind = effect.when[1:]
            if stage.when is None:
                steps.append(Step(f"It holds for {kind} attacks: the question names no moment, and names the rule for this roll.", book.cite(effect.clause)))
                effect = effect._replace(when=None)
            else:
                holds = _holds_during(stage.when, kind)
                if holds is None:
                    raise Refusal(f"{effect.rule} holds for {kind} attacks; calc cannot tell whether {stage.when} is one", system)
                if not holds:
                    steps.append(Step(f"It holds for {kind} attacks, not {stage.when}: not applied.", book.cite(effect.clause)))
                    continue
                effect = effect._replace(when=None)
        if effect.when is not None:
            if stage.when is None:
                # the same effect said for several moments ("in close combat"; "a shooting attack")
                alike = [e for e in mine if e.when is not None and e[:5] == effect[:5] and e.needs == effect.needs]
                moments = list(dict.fromkeys(e.when for e in alike))
                if len(moments) < 2:
                    raise Refusal(
                        f"{effect.rule} holds only during {effect.when}; say whether this roll is made then "
                        f"(add 'in {effect.when}')",
                        system,
                    )
                if effect is alike[0]:
                    shown = " and ".join(moments)
                    steps.append(Step(f"The rule says it for {shown} alike; the question names no moment, and it holds in each.", book.cite(effect.clause)))
                    for other in alike[1:]:
                        steps.append(Step("The same, for another moment.", book.cite(other.clause)))
                    effect = effect._replace(when=None)
                else:
                    continue
            else:
                holds = _holds_during(stage.when, effect.when)
                if holds is None:
                    raise Refusal(f"{effect.rule} holds only during {effect.when}; calc cannot tell whether {stage.when} is then", system)
                if not holds:
                    steps.append(Step(f"It holds only during {effect.when}, not {stage.when}: not applied.", book.cite(effect.clause)))
                    continue
        if effect.needs is not None and effect.needs.startswith("?"):
            condition = effect.needs[1:2].lower() + effect.needs[2:]
            raise Refusal(f"{effect.rule} holds only {condition}; the question cannot say whether it is so", system)
        if effect.needs is not None and effect.needs.startswith("its "):
            steps.append(Step(f"It holds when attacking {effect.needs}: taken to be so, as the question names the rule for this roll.", book.cite(effect.clause)))
            everyone = _everyone(book, effect.rule)
            if everyone is not None:
                steps.append(Step("Without a type of foe in brackets, every enemy is one.", book.cite(everyone)))
        elif effect.needs is not None and rule_id(system, effect.needs) != effect.rule:  # its own name: the holder
            # a foe the rule needs is the other side's: for the holder's roll, a rule named against
            facing = names_on["other" if effect.side == "own" else "own"] if effect.side and held else named
            if _key(effect.needs) not in facing:
                said = "the question does not name" if _key(effect.needs) not in named else "the question names for the same side as the rule"
                steps.append(Step(f"It holds only against {effect.needs}, which {said}: not applied.", book.cite(effect.clause)))
                continue
        if effect.kind == "one" and alone and effect.amount is not None:
            # one roll asked alone: a re-roll of one failed roll is a re-roll of that roll, if it fails
            steps.append(Step(f"The question asks of one roll: the one {effect.amount} roll the rule re-rolls is this one, if it fails.", book.cite(effect.clause)))
            effect = effect._replace(kind="reroll")
        elif effect.kind == "one" and alone:
            raise Refusal(f"{effect.rule} re-rolls one roll without saying a failed one; calc will not pick which rolls it re-rolls", system)
        if effect.kind == "one":
            raise Refusal(f"{effect.rule} re-rolls only one roll (of several, or per turn); calc answers every roll alike and cannot say which", system)
        if effect.side is None and held and effect.kind != "alone":
            raise Refusal(
                f"{effect.rule}'s sentence does not say whose roll it changes, the one that has the rule or the one it is "
                "made against; calc will not pick",
                system,
            )
        applied.append(effect)
    # "This to-hit modifier cannot be combined ...": only where that rule's modifier is applied
    applied = [e for e in applied if e.kind != "alone" or any(a.rule == e.rule and a.kind == "modifier" for a in applied)]
    for name, parameter in stage.parameters:
        steps.extend(_parameter(book, system, name, parameter, [e for e in applied if e.rule == rule_id(system, name)]))
    for name in (*stage.attacker, *stage.target):
        own = [e for e in effects if e.rule == rule_id(system, name)]
        if own and not any(e.roll == key for e in own):
            rolls = " and ".join(sorted({_roll_words(e.roll) for e in own}))
            steps.append(Step(f"{name} changes {rolls}, not this roll.", book.cite(own[0].clause)))
    what = f"{stage.save} save" if stage.save else f"{stage.kind} roll"
    if source is not None:
        steps[:0] = source
    else:
        steps.insert(0, Step(f"The {what} needs {stage.needed}+ on a D6, as the question gives it: {fraction(Fraction(7 - stage.needed, 6))}.", None))
    needed = stage.needed
    modifiers = [e for e in applied if e.kind == "modifier"]
    for effect in modifiers:
        steps.append(Step(f"{effect.amount:+d} to the roll.", book.cite(effect.clause)))
    alone = next((e for e in applied if e.kind == "alone"), None)
    total = stage.modifier + sum(e.amount for e in modifiers)
    if alone is not None:
        # the others it will not combine with: all of them, or those of the sign its sentence names
        others = [e.amount for e in modifiers if e.rule != alone.rule] + ([stage.modifier] if stage.modifier else [])
        barred = [a for a in others if alone.amount is None or (a < 0) == (alone.amount == "negative")]
        own = sum(e.amount for e in modifiers if e.rule == alone.rule)
        if barred and own != sum(barred):  # its modifier or the others: where both come to the same, no choice is left
            raise Refusal(
                f"{alone.rule} says its modifier cannot be combined with some others, and does not say which applies; "
                "calc will not pick",
                system,
            )
        if barred:
            total -= sum(barred)
            steps.append(Step(f"It cannot be combined with the other modifier; either one alone is {own:+d}, so it counts once.", book.cite(alone.clause)))
        elif others and alone.amount is not None:
            kept = ", ".join(f"{a:+d}" for a in others)
            steps.append(Step(f"It cannot be combined only with other {alone.amount} modifiers; {kept} is not one, so both count.", book.cite(alone.clause)))
    if total or stage.modifier:
        needed = _modified(book, stage, total, rules, steps, system)
    return _compute(book, stage, needed, applied, steps, system)


_NUMBER = lazy(r"(?P<sign>[+\-−]?)(?P<n>\d+)")


def _parameter(book: Rulebook, system: str, name: str, parameter: str, on_roll: list[Effect]) -> list[Step]:
    """A rule named with a parameter in brackets ("Hard Target (1)") whose sentences never say what
    the brackets hold: answered only where every reading of them gives the same figure (the size of
    the rule's modifier, or, where it "is cumulative ... for each instance", that many instances, or
    nothing at all); otherwise refused.  A rule that does not change this roll needs no reading."""
    if not on_roll:
        return []
    wanted = rule_id(system, name)
    rule = book.rule(wanted)
    texts = [v.get("text") or "" for v in (rule.get("versions") or [rule])] if rule is not None else []
    number = _NUMBER.fullmatch(parameter.replace(" ", ""))
    modifiers = [e for e in on_roll if e.kind == "modifier"]
    said = ", ".join(dict.fromkeys(f"{e.amount:+d}" for e in modifiers)) if modifiers else "an effect with no figure"
    stacking = next((s for t in texts for s in sentences(t) if _STACKING.search(s)), None)
    if number is not None and modifiers and len(modifiers) == len(on_roll):
        n, sign = int(number.group("n")), number.group("sign").replace("−", "-")
        readings = {e.amount for e in modifiers}  # the brackets holding nothing the rule reads
        readings |= {(-n if (sign or ("-" if e.amount < 0 else "+")) == "-" else n) for e in modifiers}  # the modifier's size
        if stacking is not None:
            readings |= {e.amount * n for e in modifiers}  # that many instances
        if len(readings) == 1:
            (amount,) = readings
            how = "the size of its modifier" + (", as that many instances of it" if stacking else "") + " or as nothing"
            text = f"{name} ({parameter}): its sentences do not say what the brackets hold; read as {how}, it is {amount:+d} alike."
            return [Step(text, book.cite(Clause(wanted, stacking)) if stacking else None)]
        shown = ", ".join(f"{r:+d}" for r in sorted(readings))
        raise Refusal(
            f"{wanted} does not say what its ({parameter}) stands for, and the figure depends on it (its sentences give {said}; "
            f"read as the modifier's size{', as instances' if stacking else ''} or as nothing: {shown}); calc will not pick",
            system,
        )
    raise Refusal(f"{wanted} does not say what its ({parameter}) stands for, and it changes this roll ({said}); calc will not guess", system)


def _modified(book: Rulebook, stage: q.Rolled, total: int, rules: dict[str, Clause], steps: list[Step], system: str) -> int:
    """The roll needed once the modifiers (``total``: the question's and the rules') are added to the die's result."""
    modifier = total
    if "add" in rules:
        steps.append(Step(f"{modifier:+d} is added to the result of the roll.", book.cite(rules["add"])))
    elif 2 <= stage.needed - modifier <= 6:
        steps.append(Step(f"{modifier:+d} is added to the result of the roll ({system}'s documents state no rule on modifiers).", None))
    else:
        raise Refusal(
            f"{system} does not say how a modifier changes a roll, nor whether {stage.needed}+ with {modifier:+d} can succeed", system
        )
    if "limit" in rules and abs(modifier) > 1:
        modifier = 1 if modifier > 0 else -1
        steps.append(
            Step(
                f"No modification moves a roll more than 1 from the result it needed: {total:+d} counts as {modifier:+d} "
                "(read as a limit on the modifier; a roll of 1 to 6 changed by it).",
                book.cite(rules["limit"]),
            )
        )
    needed = stage.needed - modifier
    if "order" in rules and stage.reroll is not None:
        steps.append(Step("The re-roll comes first; the modifier is added to the roll that stands.", book.cite(rules["order"])))
    shown = "no roll of a D6 succeeds" if needed > 6 else f"needs {max(needed, 1)}+ on the die"
    steps.append(Step(f"{stage.needed}+ with {modifier:+d}: {shown}.", None))
    return needed


def _compute(book: Rulebook, stage: q.Rolled, needed: int, applied: list[Effect], steps: list[Step], system: str) -> StageResult:
    barred = next((e for e in applied if e.kind == "nosave"), None)
    if barred is not None:
        if barred.amount is not None:
            raise Refusal(
                f"{barred.rule} bars the {stage.save} save only when {barred.amount!r}; the question cannot say whether it is so",
                system,
            )
        steps.append(Step(f"The {stage.save} save cannot be taken against this attack.", book.cite(barred.clause)))
        steps.append(Step("The save is passed: 0.", None))
        return StageResult(tuple(steps), Distribution.test(1), "unsaved wounds", Fraction(0), None, probability_of="the save is passed")
    always = next((e for e in applied if e.kind == "always"), None)
    if always is not None:
        steps.append(Step(f"The {stage.kind} roll always succeeds: no roll is needed.", book.cite(always.clause)))
        needed = 1
    naturals = {face for e in applied if e.kind == "natural" for face in e.face}
    said_faces: set[tuple[int, ...]] = set()
    for effect in applied:
        if effect.kind == "natural" and effect.face not in said_faces:
            said_faces.add(effect.face)
            steps.append(Step(f"A natural {_faces(effect.face)} always succeeds, whatever the roll needs.", book.cite(effect.clause)))
    rerolls: dict[str, Effect] = {}
    for effect in applied:  # a re-roll of every failed roll before one of only some ("rolls of 1")
        if effect.kind == "reroll" and (effect.amount not in rerolls or rerolls[effect.amount].face is not None and effect.face is None):
            rerolls[effect.amount] = effect
    if len(rerolls) > 1:
        raise Refusal("the rules named re-roll both failed and successful rolls of it; calc cannot tell which comes first", system)
    reroll = next(iter(rerolls.values()), None)
    if reroll is not None:
        cited = book.cite(reroll.clause) if reroll.clause is not None else None
        said = "" if cited is not None or reroll.rule != "the question" else f" (as the question says; {system}'s documents state no rule on re-rolls)"
        only = f" of {_faces(reroll.face)}" if reroll.face else ""
        steps.append(Step(f"{reroll.amount.capitalize()} rolls{only} are rolled again; the second roll stands{said}.", cited))
    for effect in applied:
        if effect.kind == "reroll" and effect is not reroll and effect.clause is not None:
            said_again = "The same re-roll, said again here" if effect.face == reroll.face else "A re-roll of some of those rolls"
            steps.append(Step(f"{said_again}: the roll is still re-rolled once.", book.cite(effect.clause)))
    hits = [e for e in applied if e.kind == "hits"]
    autos = [e for e in applied if e.kind == "auto"]
    for effect in hits:
        steps.append(Step(f"A natural {_faces(effect.face)} that hits gives {effect.amount} hits in all.", book.cite(effect.clause)))
    for effect in autos:
        steps.append(Step(f"A natural {_faces(effect.face)} that hits wounds with no wound roll (one hit, if it makes more).", book.cite(effect.clause)))
    if len({(e.face) for e in hits}) > 1 or len(hits) > 1 and len({e.amount for e in hits}) > 1:
        raise Refusal("the rules named give extra hits in different ways; calc does not know how they combine", system)
    joint: dict[tuple[int, int], Fraction] = {}
    success = Fraction(0)
    sixth = Fraction(1, 6)
    for first in range(1, 7):
        passed = first >= needed or first in naturals
        again = reroll is not None and (passed == (reroll.amount == "successful")) and (not reroll.face or first in reroll.face)
        for face, chance in ([(f, sixth * sixth) for f in range(1, 7)] if again else [(first, sixth)]):
            if face < needed and face not in naturals:
                joint[(0, 0)] = joint.get((0, 0), Fraction(0)) + chance
                continue
            success += chance
            units = next((e.amount for e in hits if face in e.face), 1)
            auto = 1 if any(face in e.face for e in autos) else 0
            joint[(units, auto)] = joint.get((units, auto), Fraction(0)) + chance
    per_unit = Distribution(_units(joint))
    if stage.kind == "save":
        steps.append(Step(f"The save is passed: {fraction(success)}.", None))
        return StageResult(tuple(steps), Distribution.test(1 - success), "unsaved wounds", success, None, probability_of="the save is passed")
    noun = "hits" if stage.kind == "hit" else "wounds"
    steps.append(Step(f"The roll succeeds: {fraction(success)}; {noun} per roll: mean {fraction(per_unit.mean)}.", None))
    counts = max(outcome for outcome, _ in per_unit.items()) > 1
    shown = None if reroll is not None or counts or always is not None or not 1 <= needed <= 6 else f"{needed}+"
    skips = ("wound", joint) if autos else None
    return StageResult(tuple(steps), per_unit, noun, success, shown, counts, "the roll succeeds", skips)


def _roll_words(roll: str) -> str:
    """ "hit" -> "hit rolls", "save:fortitude" -> "Fortitude saves"."""
    return f"{roll[5:].capitalize()} saves" if roll.startswith("save:") else f"{roll} rolls"


def _faces(faces: tuple[int, ...]) -> str:
    return str(faces[0]) if len(faces) == 1 else f"{faces[0]} or more"


def _units(joint: dict[tuple[int, int], Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for (units, _auto), chance in joint.items():
        out[units] = out.get(units, Fraction(0)) + chance
    return out
