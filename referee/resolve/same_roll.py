"""Rules in play that speak of the same roll, with nothing read that says how they meet.

"For dice rolls subject to Maximised Roll, roll one additional D6 and discard
the lowest" and "... discard the highest" (Minimised Roll); "it can roll this
save after an armor save has failed" (Pure save) and "instead of rolling other
armor saves" (Dodge save); "strikes at Initiative 1" (Very Unwieldy) and "may
choose to strike at either Initiative 10 or Initiative 1" (Invisibility): each
pair speaks of one roll or one value of a characteristic, on one side or across
the two (across the sides, only where a sentence speaks of the other side's
roll: each side's own Panic Test is two rolls), and no relation the graph
reads joins them.  That is a meeting, and
the referee does not guess it: an open question (``touch``), each rule's
sentence that speaks of the thing quoted.  "Nothing to rule on" stays only
where no two rules speak of one such thing.

What counts as one thing: a roll (a save, a test, "dice rolls"), named the same
in both sentences and neither rule's own name, or a characteristic of the
system's game terms given a number in both ("Initiative 1", "Initiative 10").
Two rules whose brackets both say which rolls they are for, and share none
("Maximised (Charge Range)", "Minimised (Discipline Tests)"), do not meet.

Things read the same way: a roll named by its die ("the scatter die"), which a
rule that does what the die decides ("always roll full scatter") speaks of too;
an unsaved wound one rule makes several and another acts once for ("Roll a D6
each time an unsaved Wound is suffered"); a way of deploying the unit is held
to beside another way ("cannot be deployed during the Deployment Phase" beside
"may be deployed using Special Deployment rules"; two ways offered are the
player's choice); how many models a model counts as ("counts as an additional
model", "count all models normally"); a rule a side forbids itself that only
the other side holds ("Cannot use Stomp Attacks" beside the enemy's Stomp
Attacks); a unit that acts only once in a phase ("can only be selected to act
once per phase") beside a shot "even if this unit was not activated this
phase"; and, read in :mod:`referee.resolve.one_of_a_kind`, a limit of one of a
kind a model may have, and a test one rule obliges beside its own rule's limit
on who takes it.  Two rules that each only give some of a count ("scores 10VP") add
up: they meet only where one caps, multiplies or denies it.
"""

from __future__ import annotations

import re

from referee.graph.effects_words import CONDITIONS, STATS
from referee.patterns import compiled, lazy, longest_first
from referee.resolve.called import Called
from referee.resolve.found import kept_for
from referee.resolve.meeting import ALONGSIDE, binds_other_side, sentences
from referee.resolve.one_of_a_kind import ONE_OF, TAKEN, single_of_kind, taken_only, why as _kind_why
from referee.resolve.ruling import Ruling, Unresolved, _unique
from referee.text import fold, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from collections.abc import Sequence

    from referee.resolve.meeting import Meeting
    from referee.resolve.play import Side
    from referee.resolve.principles import Context

# a roll named by what it is: "armor save(s)", "Panic Test(s)", "dice roll(s)"; and a kind of terrain
# ("difficult terrain"), which the rules' moves are measured by as a roll is by its dice
_ROLL = lazy(r"\b([a-z]+)\s+(save|test|roll|terrain)s?\b", re.I)
# words that stand before a roll's name but are not it ("this save", "other armor saves": "armor")
_NOT_A_NAME = frozenset({"a", "an", "the", "this", "that", "these", "those", "its", "his", "her", "their", "each", "any", "every", "other",
                         "one", "no", "all", "to", "of", "for", "and", "or", "is", "are", "be", "failed", "successful", "additional", "same",
                         "first", "second", "such", "own", "your", "which", "with", "on", "in", "subject", "you", "we", "they", "it", "can", "may",
                         "must", "will", "then", "not", "re"})


# a roll named after it: "rolls to hit", "one failed roll To Hit" (the "To Hit roll" of other sentences)
# and "hitrolls", written as one word; "rolls a 6 to hit"; a signed change of it, "gets -1 to hit"; a modifier of it, "This to-hit
# modifier cannot be combined with any other negative to-hit modifiers"
_ROLL_TO = lazy(r"\brolls?\s+(?:an?\s+\d\+?\s+)?to[\s-](hit|wound)\b|\b(hit|wound)-?rolls?\b|(?<![\w+\-])[+\-−]\d+\s+to[\s-](hit|wound)\b|"
                r"\bto[\s-](hit|wound)\s+modifiers?\b", re.I)
# two rolls named with one "rolls": "failed To Hit and To Wound rolls of 1"
_ROLL_PAIR = lazy(r"\bto[\s-](hit|wound)\s+(?:and|or)\s+to[\s-](?:hit|wound)\s+rolls?\b", re.I)
# wounds a rule restores: "one wound can be restored per turn", "one wound is restored", "restores D3 wounds"
_RESTORED = lazy(r"\bwounds?\s+(?:is|are|can\s+be|may\s+be)\s+restored\b|\brestores?\s+(?:\w+\s+){0,2}?wounds?\b", re.I)
# an unsaved wound made several: "each unsaved wound is multiplied to two unsaved Wounds", "Each unsaved wound inflicted by this
# attack deals multiple wounds", "Unsaved wounds caused by the attacks are multiplied into the value given in brackets"
MULTIPLIED = "how many wounds an unsaved wound becomes"
_MULTIPLIED = lazy(r"\bunsaved\s+wounds?\b[^.;]*?\b(?:(?:is|are)\s+multiplied|deals?\s+multiple\s+wounds|splits?\s+into)\b", re.I)
# and a rule that does something once for each unsaved wound: "Roll a D6 each time an unsaved Wound is suffered", "for every
# unsaved wound" (which wound is one, where another rule makes one several, its words do not say)
_PER_WOUND = lazy(r"\b(?:each\s+time|every\s+time|for\s+each|for\s+every|per)\s+(?:an?\s+)?unsaved\s+wounds?\b", re.I)
# an attack that is not rolled to hit: "This attack automatically hits."
_AUTOHIT = lazy(r"\battacks?\s+(?:\w+\s+){0,2}?automatically\s+hits?\b", re.I)
# a roll named by its failed result: "re-roll one miss or failed wound" (a failed roll to hit, to wound)
_FAILED = lazy(r"\b(?:(miss)(?:es)?|failed\s+(hit|wound)s?)\b(?!\s+(?:saves?|tests?|rolls?)\b)", re.I)
# a roll named by its die: "the scatter die", "an artillery dice", or the pool its dice are kept in ("the bad luck pool"; not a
# count of dice: "five dice", "extra dice")
_DIE = lazy(r"(?<![\w'’])([a-z]{3,})\s+(?:die|dice|pool)\b", re.I)
_COUNTS = frozenset({"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "extra", "more", "several", "both", "many",
                     "few", "those", "these", "remaining", "rolled", "roll", "bonus", "second"})
DIE = " die"
# a kind of terrain named after the terrain: "treats all terrain as difficult" (not "test for dangerous terrain as normal")
_AS_USUAL = frozenset({"normal", "usual", "standard", "well", "such", "described", "shown", "per"})
_TERRAIN_AS = lazy(r"\bterrain\s+as\s+(?:if\s+it\s+(?:is|was|were)\s+)?([a-z]+)\b", re.I)


def _rolls(sentence: str) -> set[str]:
    """The rolls a sentence names, folded and singular ("armor saves" -> "armor save"; "rolls to
    hit" -> "hit roll", as "To Hit rolls" is)."""
    out = set()
    for word, kind in _ROLL.findall(sentence):
        if word.lower() in _NOT_A_NAME:
            continue
        out.add(f"{fold(word)} {kind.lower()}")
    out |= {f"{(to or one or signed or modifier).lower()} roll" for to, one, signed, modifier in _ROLL_TO.findall(sentence)}
    out |= {f"{first.lower()} roll" for first in _ROLL_PAIR.findall(sentence)}  # "To Hit and To Wound rolls": the first is a roll too
    if _RESTORED.search(sentence):
        out.add("wounds restored")  # "one wound can be restored per turn per model" beside "For each roll of a 6, one wound is restored"
    if _AUTOHIT.search(sentence):
        out.add("hit roll")  # "This attack automatically hits.": the hit roll it is not rolled, which another rule may read
    out |= {"hit roll" if miss else f"{what.lower()} roll" for miss, what in _FAILED.findall(sentence)}
    out |= {f"{fold(kind)} terrain" for kind in _TERRAIN_AS.findall(sentence) if kind.lower() not in _NOT_A_NAME | _AS_USUAL}
    low = sentence.lower()
    if " die" in low or " dice" in low or " pool" in low:  # the pattern is tried (and compiled) only where one may stand
        out |= {f"{fold(word)}{DIE}" for word in _DIE.findall(sentence) if word.lower() not in _NOT_A_NAME | _COUNTS}
    return out


def _valued(sentence: str, terms: list[str]) -> set[str]:
    """The system's characteristics a sentence gives a number ("strike at Initiative 1", "has its
    Strength always set to 3", "reduced to WS1 I1": a characteristic by its initials), a signed
    change ("gets -1 Initiative"; "+1 Armour Penetration" is no "+1 Armour"), or a count, a cap or
    a multiple of ("give 5VP to a maximum of 15", "Double all your VP": a term of a few capitals)."""
    key = id(terms)
    if key not in _FORMS:
        # made once per list of terms (the system's, kept by :func:`_terms`): a warm call reads many sentences
        # a characteristic of one word, or of several that the graph's effects words name a stat ("Defensive Skill", "Armour
        # Penetration"; not "Game Turn 4", "Learned Spell 1", "Initiative Step 0", which are no characteristic's value)
        stats = _stat_names()
        words = tuple(t for t in terms if len(t) > 3 and (" " not in t or t in stats))
        _FORMS[key] = (terms, _patterns(words) if words else None, set(terms), _short_forms(tuple(terms)))
    _, patterns, longer, (initials, counted) = _FORMS[key]
    out: set[str] = set()
    if patterns is not None:
        after, before = patterns
        said, raw = fold(sentence), " ".join(sentence.lower().split())  # folding drops the sign
        out = {found.group("t") for found in after.finditer(said)}
        for found in before.finditer(raw):
            if f"{found.group('t')} {found.group('next')}" not in longer:
                out.add(found.group("t"))
    if initials is not None:
        out |= {initials[1][found.group("a")] for found in initials[0].finditer(sentence)}
    if counted is not None:
        out |= {fold(found.group("n") or found.group("m") or found.group("d") or found.group("e")) for found in counted.finditer(sentence)}
    return out


_STAT_NAMES: list[frozenset[str]] = []


def _stat_names() -> frozenset[str]:
    """The stats the graph's effects words name, folded ("defensive skill"), made once."""
    if not _STAT_NAMES:
        _STAT_NAMES.append(frozenset(fold(name) for _, name in STATS if name[:1].isupper() and name.replace(" ", "").isalpha()))
    return _STAT_NAMES[0]


_SHORT: dict[tuple[str, ...], tuple[Any, Any]] = {}
_FORMS: dict[int, tuple[Any, ...]] = {}  # id of a list of terms -> (that list, kept alive, and what is made of it)


def _short_forms(terms: tuple[str, ...]) -> tuple[Any, Any]:
    """Per system, made once: the characteristics by their initials with a number ("WS1 I1"; an
    initial two terms share is no one's), and its terms of a few capitals ("VP") with a number
    before them ("5VP"), or doubled, tripled or halved ("Double all your VP")."""
    if terms not in _SHORT:
        by: dict[str, list[str]] = {}
        for term in terms:
            parts = term.split()
            if 1 <= len(parts) <= 3 and all(p.isalpha() for p in parts) and len(term) > 3:
                by.setdefault("".join(p[0] for p in parts).upper(), []).append(term)
        # "D6" is a die, never a characteristic's value
        initials = {a: ts[0] for a, ts in by.items() if len(ts) == 1 and a != "D"}
        caps = longest_first({t.upper() for t in terms if 2 <= len(t) <= 3 and t.isalpha()})
        alt = "|".join(longest_first(initials))
        abbr = (compiled(rf"(?<![\w+\-])(?P<a>{alt})\d+\b"), initials) if initials else None
        if caps:
            words = "|".join(re.escape(c) for c in caps)
            # and one denied outright: "no player can score any VP", "cannot gain VP" (:func:`_denial`)
            count = compiled(rf"(?<![\w+\-])\d+\s?(?P<n>{words})\b|\b(?:[Dd]ouble|[Tt]riple|[Hh]alve)[sd]?\b[^.;:]{{0,40}}?\b(?P<m>{words})\b|"
                             rf"\b[Nn]o\s+(?:\w+\s+){{0,2}}?(?:can|may|will)\s+(?:\w+\s+){{0,2}}?any\s+(?P<d>{words})\b|"
                             rf"\b(?:cannot|can\s*not|can\s+never|may\s+not|never)\s+(?:score|gain|get|earn|claim)s?\s+(?:any\s+)?(?P<e>{words})\b")
        else:
            count = None
        _SHORT[terms] = (abbr, count)
    return _SHORT[terms]


_PATTERNS: dict[tuple[str, ...], tuple[re.Pattern[str], re.Pattern[str]]] = {}


def _patterns(words: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """One pattern for all of a system's characteristics, each way round, made once per system."""
    if words not in _PATTERNS:
        alt = "|".join(re.escape(w) for w in longest_first(words))
        # a value given ("Strength always set to 3"), or one set equal to another ("its Defensive Skill is always equal to the
        # Offensive Skill of the attacker")
        _PATTERNS[words] = (compiled(rf"\b(?P<t>{alt})\s+(?:(?:(?:is|are)\s+)?(?:always\s+)?(?:(?:set|reduced)\s+to\s+)?\d+\b|"
                                     rf"(?:is|are)\s+(?:always\s+)?(?:set\s+)?equal\s+to\b)"),
                            compiled(rf"(?<![\w+-])[+\-−]\d+\s+(?P<t>{alt})\b(?:\s+(?P<next>[a-z]+))?"))
    return _PATTERNS[words]


def _own(name: str) -> set[str]:
    """A rule's own name as a roll, so that "Frenzy Test" of Frenzy or "Pure save" of Pure save is no meeting."""
    words = fold(re.sub(r"\(.*?\)|\bX\b", " ", name)).split()
    out = set()
    for at in range(len(words) - 1):
        out.add(f"{words[at]} {words[at + 1]}")
        forms = singulars(words[at + 1])
        if forms:
            out.add(f"{words[at]} {forms[0]}")
    # a rule named after dice ("Generating power dice") does not meet others by speaking of its own dice
    out |= {f"{w}{DIE}" for w, after in zip(words, words[1:]) if after in ("die", "dice", "pool")}
    return out | {f"{w} {k}" for w in words[:1] for k in ("save", "test", "roll")}


def _speaks(ctx: Context, rid: str, terms: list[str], entry: Any = None) -> dict[str, list[dict[str, Any]]]:
    """:func:`_spoken`, read once per rule, system and instances for a store (a shell session and a walk ask the
    same rules again: :func:`~referee.resolve.found.kept_for`), in new dicts and lists each call: what is kept is
    never handed out, and the caller may add to them."""
    kept = kept_for(ctx.view.book if isinstance(ctx.view, Called) else ctx.view, "spoken")
    key = (rid, tuple(terms), None if entry is None else tuple(entry.instances))
    said = kept.get(key)
    if said is None:
        said = kept[key] = _spoken(ctx, rid, terms, entry)
    return {thing: list(cites) for thing, cites in said.items()}


def _spoken(ctx: Context, rid: str, terms: list[str], entry: Any = None) -> dict[str, list[dict[str, Any]]]:
    """thing -> the rule's sentences that speak of it (every wording), each ``{"quote", "rid",
    "version"}``: placed in its document (:func:`_cited`) only if an answer quotes it.  A rule
    that gains "the ... Characteristic modifiers stated in brackets" speaks of what its
    instance's brackets give a number ("Devastating Charge (+1 Strength)": Strength), by that
    sentence."""
    rule = ctx.view.get(rid)
    if rule is None:
        return {}
    own = _own(rule["name"])
    out: dict[str, list[dict[str, Any]]] = {}
    numbered = entry is not None and any(_DIGITS.search(p) for params in entry.instances for p in params)
    lending = [r for r in ctx.view.relations_out(rid) if r["kind"] == "grants" and dict(r["details"]).get("grants") == "its parameters"] if numbered else []
    if lending:
        said = lending[0]["citation"]["sentence"]
        for params in entry.instances:
            for param in params:
                for thing in _valued(param, terms):
                    listed = out.setdefault(thing, [])
                    if all(c["quote"] != said for c in listed):
                        listed.append({"quote": said, "rid": rid, "version": None})
    kit = _kit(ctx, rule)
    if kit is not None:
        # a weapon of the system's kind of weapons: a model with two of one kind fights with one, or both, as
        # no sentence here says (its first sentence is what it does)
        first = next(iter(sentences(rule["versions"][0]["text"] if rule["versions"] else rule["text"] or "")), None)
        if first:
            out[f"{WIELDED}{kit}"] = [{"quote": first, "rid": rid, "version": rule["versions"][0] if rule["versions"] else None}]
    versions = rule["versions"] or [None]
    for version in versions:
        text = version["text"] if version else rule["text"]
        # an example's words are read too: an open question applies no number of it, and an example
        # may be the one sentence that says which roll a rule replaces ("instead of rolling other armor saves")
        for said in sentences(text or ""):
            low = said.lower()
            if "any" in low or "require" in low:
                # "You may choose to equip any set of items" beside "This weapon or spell requires two open hands to equip"
                for thing, aim in _free_or_needed(said):
                    out.setdefault(thing, []).append({"quote": said, "rid": rid, "version": version, "aim": aim})
            if not _MAY_SPEAK.search(said):
                continue
            rolls = _rolls(said) - own
            if _EXAMPLE.match(said):
                # an example may name the roll a rule replaces, but a kind of terrain it passes through is its scene
                rolls = {r for r in rolls if not r.endswith(" terrain")}
            for thing in rolls | _valued(said, terms):
                listed = out.setdefault(thing, [])
                if all(c["quote"] != said for c in listed):
                    listed.append({"quote": said, "rid": rid, "version": version})
            tests = {r for r in rolls if r.endswith(" test")}
            if tests and _REROLL.search(said):
                # "must reroll failed Panic Tests", "may reroll failed Discipline Tests": a re-roll of a
                # test, which may be the other's (:func:`_one_test`)
                out.setdefault(REROLLED, []).append({"quote": said, "rid": rid, "version": version, "tests": tests})
            if _THROUGH.search(said):
                # "can move over terrain and other models as if they were not there" beside "unable to move out of
                # melee range without moving through enemy models": one movement both speak of
                listed = out.setdefault(THROUGH, [])
                if all(c["quote"] != said for c in listed):
                    listed.append({"quote": said, "rid": rid, "version": version})
            for thing, readings in _AIMS:
                # a pattern whose needed words the sentence lacks is not tried (nor compiled, in a call that never needs it)
                aim = next((word for pattern, word in readings if _may_match(pattern, low) and pattern.search(said)), None)
                if aim is not None:
                    out.setdefault(thing, []).append({"quote": said, "rid": rid, "version": version, "aim": aim})
            for thing, aim in _points(said) if "point" in low else ():
                out.setdefault(thing, []).append({"quote": said, "rid": rid, "version": version, "aim": aim})
            for thing, aim in _limits(said) if ("limited" in low or "most" in low or "maximum" in low or "up to" in low or "more than" in low) else ():
                out.setdefault(thing, []).append({"quote": said, "rid": rid, "version": version, "aim": aim})
            for thing, value in _numbered(said, terms) if _DIGITS.search(said) and any(v in low for v in _NUMBER_VERBS) else ():
                out.setdefault(thing, []).append({"quote": said, "rid": rid, "version": version, "aim": value})
    for rel in ctx.view.relations_out(rid):
        # "each To Hit roll of a 6 results in a Precision Shot": the rule's hits do what the named rule's words say
        # ("its controller, not the opponent, allocates those wounds"), quoted from that rule
        if rel["kind"] != "references" or not rel["target"] or rel["target"] == rid or not _RESULTS_IN.search(rel["citation"]["sentence"]):
            continue
        named = ctx.view.get(rel["target"])
        version = named["versions"][0] if named and named["versions"] else None
        reaching = [said for said in sentences((version or named or {}).get("text") or "") if _REACHES.search(said)]
        if reaching:
            listed = out.setdefault(TARGETED, [])
            for at, said in enumerate([rel["citation"]["sentence"], *reaching]):
                if all(c["quote"] != said for c in listed):
                    listed.append({"quote": said, "rid": rel["target"] if at else rid, "version": version if at else None, "aim": "reaches"})
    return out


def _die_words(ctx: Context, spoken: dict[tuple[str, str], dict[str, list[dict[str, Any]]]]) -> None:
    """A roll named by its die ("If it would use the scatter die, it never scatters") is spoken of, too, by a rule in play whose
    sentence does what the die decides, in the die's word as a verb or rolled for ("always roll full scatter", "roll for
    scatter", "the shot scatters"): each such sentence is added to that roll's."""
    dies = {thing for said in spoken.values() for thing in said if thing.endswith(DIE)}
    for thing in sorted(dies):
        word = re.escape(thing[: -len(DIE)])
        pattern = re.compile(rf"\b{word}(?:s|es|ed|ing)\b|\broll(?:s|ed)?\s+(?:for\s+|full\s+|a\s+)?{word}\b(?!\s+(?:die|dice)\b)", re.I)
        for (_, rid), said in spoken.items():
            rule = ctx.view.get(rid) or {}
            version = rule["versions"][0] if rule.get("versions") else None
            found = [s for s in sentences((version or rule).get("text") or "") if pattern.search(s) and not _EXAMPLE.match(s)]
            listed = said.setdefault(thing, []) if found else []
            for sentence in found:
                if all(c["quote"] != sentence for c in listed):
                    listed.append({"quote": sentence, "rid": rid, "version": version})


_RESULTS_IN = lazy(r"\bresults?\s+in\s+an?\s+(?-i:[A-Z])", re.I)
NAMED = "two names of one word: "


def _stem(name: str) -> str | None:
    """A short rule name with its placeholders, brackets and endings aside ("Fly -X": "fly"; "Flying": "fly")."""
    words = fold(re.sub(r"\(.*?\)|\b[XY]\b", " ", name)).split()
    if not words or len(words) > 2:
        return None
    bare = (re.sub(r"(?:ing|ed|er|s)$", "", w) if len(w) > 4 else w for w in words)
    return " ".join(re.sub(r"([b-df-hj-np-tv-z])\1$", r"\1", w) for w in bare)  # "swimming": "swim"


def _one_word(one: str, other: str) -> str | None:
    """The word two different rule names are forms of ("Fly -X" and "Flying": "fly"), or None."""
    a, b = _stem(one), _stem(other)
    return a if a and a == b and len(a) >= 3 and fold(one) != fold(other) else None


def _naming(ctx: Context, rid: str, word: str) -> list[dict[str, Any]]:
    """A rule's sentences that name the word (any ending), or its first sentence where none does."""
    rule = ctx.view.get(rid) or {}
    version = rule["versions"][0] if rule.get("versions") else None
    said = sentences((version or rule).get("text") or "")
    pattern = re.compile(rf"\b{re.escape(word)}\w*", re.I)
    named = [s for s in said if pattern.search(s)] or said[:1]
    return [{"quote": s, "rid": rid, "version": version} for s in named[:2]]


_DIGITS = lazy(r"\d")
# a sentence that is an example: "For example, ...", "(ex. When the fleeing unit ran behind ...)"
_EXAMPLE = lazy(r"\W*(?:for\s+(?:example|instance)|e\.\s?g\.|ex\.)", re.I)
WIELDED = "which weapon a model fights with: "


def _kit(ctx: Context, rule: dict[str, Any]) -> str | None:
    """The kind of weapon a rule is, by the system's own grouping: the section it is part of ("Weapons",
    "Melee weapon keywords") or its category ("Close Combat Weapon"), where that names weapons; None for
    any other rule.  The section is the narrower: a ranged and a melee weapon keyword share the
    category "weapon keyword", and are two weapons, each used in its own way, not one of a kind."""
    parent = ctx.view.get(rule["parent"]) if rule.get("parent") else None
    if ALONGSIDE.search(rule.get("text") or ""):
        # "Hand Weapons wielded by models on foot can be used alongside a Shield": its own words say it is carried beside a
        # weapon, not fought with instead of one
        return None
    if parent is not None and _COMBINED.search(parent.get("text") or ""):
        # "Some weapons have additional keywords. This can be combined.": the section's own words say its parts
        # go together on one weapon, so two of them are no choice of which one the model fights with
        return None
    for kind in (parent["name"] if parent else None, rule.get("category")):
        if kind and re.search(r"\bweapons?\b", kind, re.I):
            return kind
    return None
# a section's own words that its parts go together: "This can be combined.", "These may be used together."
_COMBINED = lazy(r"\b(?:can|may)\s+(?:all\s+)?be\s+(?:combined|used\s+together)\b", re.I)
REROLLED = "a re-roll of one test"
THROUGH = "moving through other models"
_THROUGH = lazy(r"\bmov(?:e|es|ed|ing)\s+(?:\w+\s+){0,4}?(?:through|over|across)\s+(?:[\w-]+\s+){0,4}?models\b", re.I)
AIMED = "whom an attack is made against"
TARGETED = "whether a unit may be targeted"
MOVED = "whether the unit has moved"
PLACEMENT = "where a unit is placed"
MODIFIED = "whether a roll counts as modified"
# a roll that may not be modified ("it can not be modified (by rerolling for example)"; not "never be modified by more than 1"),
# a way of changing a roll that counts as modifying it ("the rerolled dice counts as being modified", "this counts as modifying the
# roll"), and a rule that reads only an unmodified roll ("For every unmodified roll of a 1 one model is a casualty")
_MOD_FORBIDS = lazy(r"\b(?:can\s*not|cannot|can\s+never|may\s+not|must\s+not)\s+be\s+modified\b(?!\s+by\s+(?:more|less)\b)", re.I)
_MOD_COUNTS = lazy(r"\bcounts?\s+as\s+(?:being\s+)?modif(?:ied|ying)\b", re.I)
_UNMODIFIED = lazy(r"\bunmodified\b", re.I)
CROSSING = "how a model crosses terrain"
# a rule that says how its bearer crosses what lies in its way: over it "as if they were not there", or on the ground
_CROSS_MODE = lazy(r"\b(?:can|may)\s+(?:move|fly)\s+(?:over|through|across)\s+[^,.;:]+?\s+as\s+if\s+(?:they|it)\s+(?:were|was)\s+not\s+there\b|"
                   r"\bmoves?\s+on\s+the\s+ground\b|\b(?:cannot|can\s*not|may\s+not)\s+fly\b", re.I)
# and one that forbids crossing, or makes something of it: "move through these walls", "flees ... into or through an area of
# dangerous terrain", "not when flying over", "only when use flying move"
_CROSSES = lazy(r"\b(?:move|moves|moving|marches|charges|flees|overruns|pursues)\s+(?:into\s+or\s+)?(?:through|over|across)\s+"
                r"(?:[\w-]+\s+){0,4}?(?:walls?|terrain|obstacles?)\b|\bflying\s+(?:move|over)\b|"
                r"\blos(?:e|es)\s+\d+\S*\s+(?:of\s+)?movement\b", re.I)  # and "They lose 2\" movement" (of soft cover)
DISTANCE = "how far a unit moves"
# a move whose distance one rule sets ("can make a move equal to the result of the charge roll") and one that takes from or
# adds to a unit's movement ("They lose 2\" movement")
_SETS_DISTANCE = lazy(r"\bmake\s+a\s+move\s+equal\s+to\b|\bmoves?\s+(?:a\s+distance\s+)?equal\s+to\b", re.I)
_CHANGES_DISTANCE = lazy(r"\b(?:lose|loses|gain|gains)\s+\d+\S*\s+(?:of\s+)?movement\b", re.I)
# a rule that places a unit on the battlefield ("Place one of the other players units that are in reserve onto the battlefield")
_PLACES = lazy(r"\bplace\s+(?:\w+\s+){0,5}?units?\b[^.;]*?\bon(?:to)?\s+the\s+(?:battlefield|table|board)\b", re.I)
# and one that limits where a unit is placed ("It can never be placed closer than 9\" to any enemy models")
_BOUNDS = lazy(r"\b(?:can\s*not|cannot|can\s+never|may\s+not|must\s+not|can't)\s+be\s+(?:placed|set\s+up|deployed)\s+"
                     r"(?:closer|nearer|within|further|more)\b", re.I)
# a rule that asks whether the unit moved, or forbids its normal moves: "after the unit has moved", "Units that did not
# move", "if the attacking model has made an Advance Move", "cannot move normally"
_HEEDS = lazy(r"\b(?:has|have|had)\s+(?:not\s+)?moved\b|\bdid\s+not\s+move\b|\bha(?:s|ve)\s+made\s+an?\s+(?:advance|march)\s+move\b|"
                    r"\bha(?:s|ve)\s+made\s+an?\s+(?-i:[A-Z])[\w-]*\s+(?-i:Move)\b|"  # a move the rules name: "has made a Dash Move"
                    r"\bcannot\s+move\s+normally\b", re.I)
# a rule that puts the unit somewhere other than by its normal move, or says it counts as having moved: "by placing them
# within 3\"", "deployed later on the battlefield", "count as having moved", "performed as ... Advance Move"
_PLACED = lazy(r"\bplac(?:e|es|ed|ing)\s+(?:them|it|the\s+(?:unit|models?))\s+within\b|\bdeployed\s+later\b|\bcounts?\s+as\s+having\s+moved\b|"
                     r"\bcounts?\s+as\s+having\s+(?:performed|made)\s+an?\s+[\w-]+\s+move\b|"
                     r"\bperformed\s+as\s+(?:an?\s+)?(?:combination\s+of\s+)?advance\s+moves?\b", re.I)
# a named move the unit makes: "The unit makes a Reform with the following exceptions", "can perform an Advance Move after the
# Reform" (a capitalised name, which a rule that heeds moves may name)
# or a named move said as the unit's verb: "When the unit Advance Moves or March Moves" (each of the list: "Advance Move", "March Move")
_MAKES_MOVE = lazy(r"\b(?:makes?|performs?|executes?)\s+an?\s+(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?|"
                   r"\b(?:units?|models?)\s+(?-i:[A-Z])[\w-]*\s+(?-i:Moves)\b", re.I)
_MADE = lazy(r"\b(?:makes?|performs?|executes?)\s+an?\s+((?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?)", re.I)
_MOVES_AS_VERB = lazy(r"\b(?:units?|models?)\s+((?-i:[A-Z])[\w-]*\s+(?-i:Moves)(?:\s+or\s+(?-i:[A-Z])[\w-]*\s+(?-i:Moves))*)\b", re.I)


def _made_moves(sentence: str) -> set[str]:
    """The named moves a sentence makes ("makes a Reform": "Reform"; "perform an Advance Move": "Advance Move")."""
    out = {m for m in _MADE.findall(sentence)}
    if "Moves" in sentence:
        out |= {move[:-1] for said in _MOVES_AS_VERB.findall(sentence) for move in re.split(r"\s+or\s+", said)}  # "Advance Moves": "Advance Move"
    return out


# a unit that may not be targeted or seen: "untargetable", "cannot be targeted or seen", "neither see nor are visible"
_HIDDEN = lazy(r"\buntargetable\b|\bnot\s+targetable\b|\b(?:cannot|can\s*not|may\s+not)\s+be\s+(?:targeted|seen)\b|"
                     r"\bneither\s+see\s+nor\s+(?:are|is)\s+visible\b|\b(?:are|is)\s+not\s+visible\b", re.I)
# a shot at a unit the rule permits, or the rule's ignoring what hides it: "can be shot against charging units",
# "ignore every rule that makes an enemy model or unit untargetable"
# or a weapon used "even" where it could not be, against enemy models ("can use this weapon even in melee distance against enemy models")
# or enemy units hit where they are, with no target named ("Enemy units underneath the Template are automatically hit"), or every
# unit under a marker ("each unit with models under the marker suffers one hit", "All models ... under the template are hit
# automatically"), and a rule whose effect reaches units out of sight ("This even applies to units whose models are out of range or
# line of sight!", "can hit and wound units out of range and line of sight")
_REACHES = lazy(r"\benemy\s+(?:units?|models?)\b[^.;]*?\b(?:are|is)\s+(?:automatically\s+)?hit\b|"
                r"\b(?:units?|models?)\b[^.;]*?\b(?:under|underneath|beneath)\s+the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:(?:are|is)\s+(?:automatically\s+)?hit\b|"
                r"suffers?\s+(?:\w+\s+){0,2}?hits?\b)|"
                r"\b(?:applies\s+to|(?:can|may)\s+hit(?:\s+and\s+wound)?)\s+(?:units?|models?)\b[^.;!]*?\bout\s+of\s+(?:range\s+(?:or|and)\s+)?(?:line\s+of\s+)?sight\b|\b(?:controller|attacker|firer)\b[^.;]*?\ballocates?\s+(?:those|the)\s+wounds\b|\bcan\s+be\s+(?:shot|fired)\s+(?:against|at)\b|"
                r"\b(?:can|may)\s+(?:use|shoot|fire)\b[^.;]*?\beven\b[^.;]*?\bagainst\s+(?:enemy\s+)?(?:models|units)\b|\bignor(?:e|es|ing)\b[^.;]*?\b(?:untargetable|targeted|visible|line\s+of\s+sight)\b", re.I)
_REROLL = lazy(r"\bre-?rolls?\b", re.I)
# a restriction on every attack of the model: "must direct all of their attacks against each other"
_ALL_ATTACKS = lazy(r"\ball\s+(?:of\s+)?(?:their|its|his|her|the)?\s*attacks\s+(?:against|at|on|to)\b", re.I)
# an attack the rule makes on a unit: "inflicts 2D6 automatic hits on a single enemy unit", "make an additional close combat attack"
# (or "makes D6 hits on the target unit")
_MAKES_ATTACK = lazy(r"\binflicts?\s+(?:\S+\s+){0,3}?hits?\b[^.;]*?\bon\b|\bmakes?\s+an?\s+(?:additional\s+)?(?:[\w-]+\s+){0,3}?attack\b|"
                    r"\bmakes?\s+(?:\d+|[1-9]?D\d+)\s+(?:[a-z]+\s+)?hits?\s+on\b", re.I)
# the rule's own word on its order against re-rolls: "on the roll of a 1(after any re-rolls)"
_AFTER_REROLLS = lazy(r"\bafter\s+(?:any|all)\s+re-?rolls\b", re.I)


# a sentence names a roll or gives a number (or sets a value equal to another): the others are not read further
_MAY_SPEAK = lazy(r"\b(?:saves?|tests?|rolls?|double[sd]?|triple[sd]?|halve[sd]?|attacks?|hits?|models|terrain|miss(?:es)?|wounds?|"
                        r"untargetable|targeted|targetable|visible|ranks?|battlefield|shot|fire|scor(?:e|es|ed)|claim|(?:un)?modif(?:y|ied|ying|iers?)|mov(?:es?|ed)|movement|placing|placed|place|deployed|performed|counts?|die|dice|points?|act|acted|activated|equal)\b|\d", re.I)


_KNOWN: dict[tuple[str, ...], list[str]] = {}


def _terms(core: list[str]) -> list[str]:
    """A system's characteristics: its manifest's core terms, and the stats the graph's effects
    words name ("Strength", "Armour Penetration"), so that a system with no core terms (army
    data imported alone) still has them; folded, made once per system."""
    key = tuple(core)
    if key not in _KNOWN:
        named = {fold(name) for _, name in STATS if name[:1].isupper() and name.replace(" ", "").isalpha()}
        _KNOWN[key] = sorted(set(core) | named)
    return _KNOWN[key]


def _cited(ctx: Context, said: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sentences an answer quotes, each at its file, line and column; a list item's mark ("- If a Swarm ...")
    is the list's, not the sentence's, as the graph cites it."""
    return _unique([ctx.rule_quote(c["rid"], c["quote"].lstrip("-*• "), c["version"]) for c in said])


def _params(entry: Any) -> set[str]:
    return {fold(p.strip()) for params in entry.instances for param in params for p in param.split(",") if p.strip()}


def same_roll_touches(ctx: Context, sides: tuple[Side, Side], met: list[Meeting], answered: Sequence[set[str]] = (),
                      won: Sequence[set[str]] = (), flags: tuple[str, ...] = ()) -> list[Unresolved | Ruling]:
    """Open questions for two rules in play that speak of one roll or characteristic's value, where no meeting joins them;
    where one rule's own words say it is not for that roll, a ruling (``applicability``) that they do not meet there.
    ``answered``: the rules of each answer so far (a pair among them is not asked again); ``won``: those of each ruling that
    names a winner (a rule brought in by one of them meets the other through that ruling)."""
    joined = {frozenset(m.rules) for m in met if len(m.rules) > 1}
    terms = _terms(ctx.view.core_terms(ctx.system))
    held = [(side.name, rid, entry) for side in sides for rid, entry in side.rules.items()]
    # the rules each rule in play brought in, by name
    brought: dict[str, set[str]] = {rid: set() for _, rid, _ in held}
    for _, rid, entry in held:
        for chain in entry.chains:
            for step in chain:
                if step["rule"] in brought and step["rule"] != rid:
                    brought[step["rule"]].add(ctx.name(rid))
    held_by = {side.name: set(side.rules) for side in sides}
    by_name = {side.name: side for side in sides}
    spoken = {(name, rid): _speaks(ctx, rid, terms, entry) for name, rid, entry in held}
    _die_words(ctx, spoken)
    out: list[Unresolved | Ruling] = []
    excluded: dict[tuple[str, str], Ruling] = {}
    ordered: list[Ruling] = []
    seen: set[frozenset[str]] = set()
    # a rule's own sentence that the bearers of another rule of its side do what that rule says "as normal" ("Stubborn or
    # Steadfast units ignore Discipline modifiers from the Combat Score difference as normal"): both hold, as its words say; and
    # what it brought in meets that rule through the same words
    for namer, named, side_name, said in _as_normal(ctx, held):
        outcome = (f"{ctx.name(namer)}'s own words say {ctx.name(named)} holds as normal in the case they speak of: both hold "
                   f"there, {ctx.name(named)} as its words say")
        theirs = [c for cites in spoken[(side_name, named)].values() for c in cites if c["rid"] == named][:1] or _naming(ctx, named, "")[:1]
        ordered.append(Ruling([ctx.name(namer), ctx.name(named)], None, "together", outcome,
                              _unique([ctx.rule_quote(namer, said["quote"].lstrip("-*• "), said["version"]), *_cited(ctx, theirs)]), [], [side_name]))
        seen.add(frozenset((namer, named)))
        seen |= {frozenset((rid, named)) for s, rid, entry in held if s == side_name and _granted(entry, namer)}
    for at, (side_a, a, entry_a) in enumerate(held):
        for side_b, b, entry_b in held[at + 1 :]:
            pair = frozenset((a, b))
            if a == b or pair in joined or pair in seen or _granted(entry_a, b) or _granted(entry_b, a):
                continue
            if any({ctx.name(a), ctx.name(b)} <= said and not ((brought[a] - brought[b]) & said and (brought[b] - brought[a]) & said) for said in answered):
                # a ruling or open question on both already (their modifiers of one stat); not one on what each brought in, which
                # names them only as the rules that brought it ("Ignores Cover via Template" over "Stealth via Invisibility")
                continue
            if any({ctx.name(x), ctx.name(y)} <= said for said in won for x, y in _givers(ctx, entry_a, b) + _givers(ctx, entry_b, a)):
                # "Each To Wound roll of 6 ... has Multiple Wounds(d3) and ignores Feel No Pain": the rule that brought the one in
                # has its ruling with the other already, on the sentence that brought it
                continue
            shared = sorted(spoken[(side_a, a)].keys() & spoken[(side_b, b)].keys())
            if side_a != side_b:
                # each side's own roll of one kind is two rolls ("Friendly units ... must reroll failed
                # Panic Tests", "When a War Machine fails a Panic Test"): across the sides a roll is one
                # only where a sentence speaks of the other side's ("its target", "enemy units")
                shared = [t for t in shared if not t.startswith(WIELDED)  # each side's model fights with its own
                          and (t in (TARGETED, PLACEMENT, MULTIPLIED, COUNTED, MELEE_SHOT) or any(_OTHER.search(c["quote"]) for c in spoken[(side_a, a)][t] + spoken[(side_b, b)][t])
                               or t == CROSSING and _of_the_ground(spoken[(side_a, a)][t] + spoken[(side_b, b)][t]))]
            else:
                shared = [t for t in shared if t != TARGETED]  # one's own unit hidden is not hidden from one's own shots
            if side_a != side_b:
                shared = [t for t in shared if t not in (MOVED, DEPLOYED)]  # each side's unit moves, and is deployed, on its own
            shared = [t for t in shared if _holds(t, spoken[(side_a, a)][t], spoken[(side_b, b)][t], terms)]
            # a sentence "for a unit that has not moved", where the situation says it moved, speaks of nothing here (a rank more to
            # shoot from, whether a unit counted as moved has moved)
            shared = [t for t in shared if all(_held_now(spoken[(s, r)][t], flags) for s, r in ((side_a, a), (side_b, b)))]
            # two rules that each only give a number of a count ("score 10VP at the end of the battle") add up: they meet where one
            # caps, multiplies or denies it
            shared = [t for t in shared if not _count(t) or any(_CHANGES_COUNT.search(c["quote"]) for c in spoken[(side_a, a)][t] + spoken[(side_b, b)][t])]
            if side_a != side_b:
                for forbidder, side_f, other, side_o in ((a, side_a, b, side_b), (b, side_b, a, side_a)):
                    said = _forbidden_there(ctx, forbidder, other, held_by[side_f])
                    if said:
                        # "Cannot use Stomp Attacks" beside an enemy's Stomp Attacks: it forbids its own bearer a rule only the other
                        # side has, and whether it reaches that side's use against the bearer no sentence says
                        spoken[(side_f, forbidder)][FORBIDDEN_THERE] = said
                        spoken[(side_o, other)][FORBIDDEN_THERE] = _naming(ctx, other, ctx.name(other).split()[0]) if _has_text(ctx, other) else []
                        shared.append(FORBIDDEN_THERE)
                        break
            if side_a == side_b:
                for heeder, done in ((a, b), (b, a)):
                    said = _did_not(ctx, heeder, done)
                    if said:
                        # "4.The model did not fall back last turn." (of Charging) beside Fall back: whether doing what the other rule
                        # is, at another time than the one the first names, counts, no sentence says
                        spoken[(side_a, heeder)][f"{DONE}{ctx.name(done)}"] = said
                        spoken[(side_a, done)][f"{DONE}{ctx.name(done)}"] = _naming(ctx, done, "")[:1]
                        shared.append(f"{DONE}{ctx.name(done)}")
                        break
            kind = single_of_kind(ctx, a, b) if side_a == side_b else None
            if kind is not None:
                # "A model part can only wear a single Suit of Armour." beside two suits of armour: the model has one of them
                thing = f"{ONE_OF}{kind[0]}"
                spoken[(side_a, a)][thing] = [c for c in kind[1] if c["rid"] == a]
                spoken[(side_b, b)][thing] = [c for c in kind[1] if c["rid"] == b]
                shared.append(thing)
            for obliger, side_o, taker, side_t in ((a, side_a, b, side_b), (b, side_b, a, side_a)):
                said = taken_only(ctx, obliger, taker, (by_name[side_o], by_name[side_t if side_t != side_o else _other(side_o)]), flags)
                if said:
                    # "All fleeing units through the impossible terrain must take Dangerous Terrain (5)" beside that rule's "Flyers take
                    # Dangerous Terrain Test only when use flying move."
                    thing = f"{TAKEN}{ctx.name(taker)}"
                    spoken[(side_o, obliger)][thing] = [c for c in said if c["rid"] == obliger]
                    spoken[(side_t, taker)][thing] = [c for c in said if c["rid"] == taker]
                    shared.append(thing)
                    break
            word = _one_word(ctx.name(a), ctx.name(b)) if side_a == side_b else None
            if word is not None:
                # "There can never be more than 1 unit with the fly keyword" (Fly -X) beside Flying: whether the one word
                # names both rules, no sentence says
                thing = f"{NAMED}{word}"
                spoken[(side_a, a)][thing] = _naming(ctx, a, word)
                spoken[(side_b, b)][thing] = _naming(ctx, b, word)
                shared.append(thing)
            if not shared:
                continue
            pa, pb = _params(entry_a), _params(entry_b)
            if pa and pb and not pa & pb and _bracketed_rolls(entry_a) and _bracketed_rolls(entry_b) and not _may_be_one_test(pa, pb, terms):
                continue  # each says which rolls it is for, and they share none
            seen.add(pair)
            touched = []
            for thing in shared:
                said_a, said_b = spoken[(side_a, a)][thing], spoken[(side_b, b)][thing]
                if thing.startswith((WIELDED, NAMED, ONE_OF, TAKEN)):
                    touched.append(thing)
                    continue
                move = _named_move(said_a, said_b) if thing == MOVED else None
                if move is not None:
                    # "the unit counts as having performed a March Move" beside "may not be used if the attacking model has made
                    # an Advance Move, March Move, ...": the move the one counts is one the other's words name, so the other holds
                    counter, heeder = (a, b) if any(c["aim"] == "placed" and move.search(c["quote"]) for c in said_a) else (b, a)
                    said = said_a + said_b if counter == a else said_b + said_a
                    outcome = (f"{ctx.name(counter)} counts the unit as having performed a {move.pattern_name}, which {ctx.name(heeder)}'s "
                               f"words name: {ctx.name(heeder)} holds as it says after that move")
                    ordered.append(Ruling([ctx.name(counter), ctx.name(heeder)], None, "together", outcome,
                                          _cited(ctx, [c for c in said if move.search(c["quote"])]), [],
                                          sorted({side_a, side_b}, key=("self", "opponent").index)))
                    continue
                forbidder = _forbids_way(ctx, said_a, b, said_b) and a or _forbids_way(ctx, said_b, a, said_a) and b if thing == MODIFIED else None
                if forbidder:
                    # "it can not be modified (by rerolling for example)" beside "the rerolled dice counts as being modified": the
                    # prohibition names the other's way of modifying, and prevails as far as its words say
                    other = b if forbidder == a else a
                    mine, theirs = (said_a, said_b) if forbidder == a else (said_b, said_a)
                    denial = next(c for c in mine if c["aim"] == "forbids")
                    relation = ctx.rule_quote(denial["rid"], denial["quote"].lstrip("-*• "), denial["version"])
                    outcome = (f"{ctx.name(forbidder)} prevails over {ctx.name(other)}, as far as its words say: the roll they speak of "
                               f"cannot be modified, and they name {ctx.name(other)}'s way of modifying it")
                    ordered.append(Ruling([ctx.name(forbidder), ctx.name(other)], ctx.name(forbidder), "explicit-exception", outcome,
                                          [relation, *_cited(ctx, [c for c in theirs if c["aim"] == "modifies"])], [],
                                          sorted({side_a, side_b}, key=("self", "opponent").index), relation=relation))
                    continue
                if _agree(said_a, said_b):
                    continue  # both say the same of it ("automatically passes Dangerous Terrain Tests"): nothing to rule on
                met = _pass_met(ctx, a, said_a, b, said_b, thing, won) if side_a == side_b else None
                if met is not None:
                    ordered.append(Ruling(met[0], None, "together", met[1], met[2], [], [side_a]))
                    continue
                after, before = (a, b) if _in_turn(said_a, said_b, thing) else (b, a) if _in_turn(said_b, said_a, thing) else (None, None)
                if after is not None:
                    # "can therefore be taken after armour saves and ward saves have been failed": the order is the
                    # rule's own word, quoted with the other's sentence (no rule prevails: both are taken, in turn)
                    outcome = (f"{ctx.name(after)} is taken after a failed {thing}, as its own words say, and {ctx.name(before)} does not "
                               f"take that roll's place: both are taken, in turn")
                    ordered.append(Ruling([ctx.name(after), ctx.name(before)], None, "together", outcome,
                                          _cited(ctx, said_a + said_b if after == a else said_b + said_a), [],
                                          sorted({side_a, side_b}, key=("self", "opponent").index)))
                    continue
                late, early = (a, b) if _after_rerolls(said_a, said_b) else (b, a) if _after_rerolls(said_b, said_a) else (None, None)
                if late is not None:
                    # "on the roll of a 1(after any re-rolls)" beside a rule that re-rolls that roll: its own words order them
                    outcome = (f"{ctx.name(late)} reads the {thing} after any re-rolls, as its own words say: "
                               f"{ctx.name(early)}'s re-roll comes first, and {ctx.name(late)} looks at the roll it leaves")
                    cites = _cited(ctx, said_a + said_b if late == a else said_b + said_a)
                    ordered.append(Ruling([ctx.name(late), ctx.name(early)], None, "together", outcome, cites, [],
                                          sorted({side_a, side_b}, key=("self", "opponent").index)))
                    continue
                denial_a, denial_b = _denial(ctx, a, thing), _denial(ctx, b, thing)
                if denial_a is not None and _only_multiplies(said_b) or denial_b is not None and _only_multiplies(said_a):
                    # "Double all your VP" gives none: what is denied is doubled to nothing, in either order, so the
                    # denial settles nothing between them; what else the two say of it is met below
                    denial_a = denial_b = None
                if (denial_a is None) != (denial_b is None):
                    # "no player can score any VP by holding it" beside "Holding an objective ... scores him 4 victory points (VP)":
                    # the one's own words deny what the other gives, as far as they say
                    denier, other, said = (a, b, denial_a) if denial_a is not None else (b, a, denial_b)
                    relation = ctx.rule_quote(denier, said["quote"], said["version"])
                    word = re.search(rf"\b{re.escape(thing)}\b", said["quote"], re.I)
                    outcome = (f"{ctx.name(denier)} prevails over {ctx.name(other)}, as far as its words say: they deny any "
                               f"{word.group() if word else thing} "
                               f"where {ctx.name(other)} gives it")
                    ordered.append(Ruling([ctx.name(denier), ctx.name(other)], ctx.name(denier), "explicit-exception", outcome,
                                          [relation, *_cited(ctx, said_b if denier == a else said_a)], [],
                                          sorted({side_a, side_b}, key=("self", "opponent").index), relation=relation))
                    continue
                excluder, other = (a, b) if _excludes(said_a, thing) else (b, a) if _excludes(said_b, thing) else (None, None)
                if excluder is None:
                    settled = _names_other(ctx, a, said_a, b) or _names_other(ctx, b, said_b, a) or _lifted(a, said_a, b, said_b, thing)
                    if settled is not None:
                        # "When combined with Quick to Fire, the attack can only ignore the normal -1 ..." (of Unwieldy), or "This role is
                        # not limited to a maximum of 3 units" beside "can only be selected up to 3 times": the one's own sentence says how
                        # they meet, and it prevails as far as those words say.  (An automatic pass of a test beside "must roll an
                        # additional D6 when taking" it is not so read: round 4's and round 8's writers read Ghost Step with Chariot two ways.)
                        winner, loser, said, why = settled
                        relation = ctx.rule_quote(winner, said["quote"].lstrip("-*• "), said["version"])
                        theirs = said_b if loser == b else said_a
                        outcome = f"{ctx.name(winner)} prevails over {ctx.name(loser)}, as far as its words say: {why}"
                        if any(r.outcome == outcome for r in ordered):
                            continue  # said once, for the first thing both speak of
                        ordered.append(Ruling([ctx.name(winner), ctx.name(loser)], ctx.name(winner), "explicit-exception", outcome,
                                              _unique([relation, *_cited(ctx, theirs)]), [],
                                              sorted({side_a, side_b}, key=("self", "opponent").index), relation=relation))
                        continue
                    outright = _passed_outright(said_a, said_b, thing) if set(flags) & set(_MOVING) else None
                    passer, changer = (a, b) if outright else (None, None)
                    if outright is None and set(flags) & set(_MOVING):
                        outright = _passed_outright(said_b, said_a, thing)
                        passer, changer = (b, a) if outright else (None, None)
                    if outright is not None:
                        # "automatically passes Dangerous Terrain Tests caused by Terrain" beside "must roll an additional D6 when
                        # taking Dangerous Terrain Tests", where the situation says the unit moves: a test passed automatically is
                        # not rolled, so a change to its dice has nothing to change, as far as the pass's words reach.  With no
                        # flag that puts the unit in a move, the open question stays, as round 8's writers read it.
                        passing, changing, tests, limit = outright
                        relation = ctx.rule_quote(passer, passing["quote"].lstrip("-*• "), passing["version"])
                        shown = " ".join(_DICE_CHANGE.search(changing["quote"]).group().split())
                        outcome = (f"{ctx.name(passer)} prevails over {ctx.name(changer)}, as far as its words say: it passes {tests}"
                                   f"{' ' + limit if limit else ''} automatically, so they are not rolled, and {ctx.name(changer)}'s change "
                                   f"to their dice (\"{shown}\") has no roll to change"
                                   + (f"; {tests} not {limit} are not ones its words pass, and there {ctx.name(changer)} holds as it says"
                                      if limit else ""))
                        ordered.append(Ruling([ctx.name(passer), ctx.name(changer)], ctx.name(passer), "explicit-exception", outcome,
                                              _unique([relation, *_cited(ctx, [changing])]), [],
                                              sorted({side_a, side_b}, key=("self", "opponent").index), relation=relation))
                        continue
                    touched.append(thing)
                    continue
                # "This instance of Minimised cannot be used for Panic Tests": it does not touch them
                ruling = excluded.get((excluder, thing))
                if ruling is None:
                    outcome = f"{ctx.name(excluder)} is not used for {thing}s, as its own words say: it does not touch the {thing}s the other rules speak of"
                    excluded[(excluder, thing)] = Ruling([ctx.name(excluder), ctx.name(other)], None, "applicability", outcome,
                                                         _cited(ctx, said_a + said_b if excluder == a else said_b + said_a), [],
                                                         sorted({side_a, side_b}, key=("self", "opponent").index))
                elif ctx.name(other) not in ruling.rules:
                    ruling.rules.append(ctx.name(other))
                    ruling.citations = _unique(ruling.citations + _cited(ctx, said_b if excluder == a else said_a))
            if not touched:
                continue
            cites = _cited(ctx, [c for thing in touched for c in spoken[(side_a, a)][thing] + spoken[(side_b, b)][thing]])
            names = [ctx.name(a), ctx.name(b)]
            why = "; ".join(_why(thing, spoken[(side_a, a)][thing] + spoken[(side_b, b)][thing]) for thing in touched)
            answer = Unresolved(names, why, cites)
            answer.kind = "touch"
            out.append(answer)
    return out + list(excluded.values()) + ordered


# a rule named, then what its bearers do "as normal", in one clause
_AS_NORMAL = lazy(r"\bas\s+(?:normal|usual)\b", re.I)


def _as_normal(ctx: Context, held: list[tuple[str, str, Any]]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """(the rule whose sentence says it, the rule named, the side, the sentence) for each sentence of a rule in play that names
    another rule of its side, by its whole name, and says in the same clause that it holds "as normal" or "as usual" ("when a unit
    ... loses a combat, it must take a Break Test (Stubborn or Steadfast units ignore Discipline modifiers from the Combat Score
    difference as normal)"); not a rule it brought in itself ("follow the rules for Unstable as normal", of the Unstable it grants
    with exceptions).  Only rules with those words are read further: most have none."""
    out = []
    for side_name, rid, _ in held:
        if "as norm" not in ((ctx.view.get(rid) or {}).get("text") or "").lower().replace("usual", "normal"):
            continue
        rule = ctx.view.get(rid) or {}
        version = rule["versions"][0] if rule.get("versions") else None
        normal = [x for x in sentences((version or rule).get("text") or "") if _AS_NORMAL.search(x) and not _EXAMPLE.match(x)]
        for said in normal:
            for other_side, other, entry in held:
                name = re.sub(r"\(.*?\)|\b[XY]\b", " ", ctx.name(other)).split()
                if other_side != side_name or other == rid or not name or len(" ".join(name)) < 4 or _granted(entry, rid):
                    continue  # a rule it brought in meets it through that grant, read elsewhere
                words = r"\s+".join(re.escape(w) for w in name)
                # the name as the rules write a name, with its capital ("Slow", not "terrain that would slow others")
                if re.search(rf"\b{words}\b[^.;:!?()]*?\b[Aa]s\s+(?:normal|usual)\b", said):
                    out.append((rid, other, side_name, {"quote": said, "rid": rid, "version": version}))
    return out


DONE = "whether the unit did: "


def _other(side: str) -> str:
    return "opponent" if side == "self" else "self"


def _did_not(ctx: Context, rid: str, other: str) -> list[dict[str, Any]]:
    """The sentences of ``rid`` that heed whether the unit did what another rule of its side is named for ("The model did not
    fall back last turn." beside Fall back), each ``{"quote", "rid", "version"}``."""
    name = fold(re.sub(r"\(.*?\)|\b[XY]\b", " ", ctx.name(other))).strip()
    if len(name) < 4 or " " not in name:
        return []  # a name of two words or more, said as what the unit did ("fall back"), not one common word
    pattern = compiled(rf"\b(?:did|does|do|has|have|had)\s+not\s+{re.escape(name)}\b")
    rule = ctx.view.get(rid) or {}
    version = rule["versions"][0] if rule.get("versions") else None
    return [{"quote": x, "rid": rid, "version": version} for x in sentences((version or rule).get("text") or "") if pattern.search(fold(x))]


FORBIDDEN_THERE = "a rule one side forbids itself and the other side holds"


def _forbidden_there(ctx: Context, forbidder: str, other: str, own: set[str]) -> list[dict[str, Any]]:
    """The sentences of ``forbidder`` that forbid its own side the rule ``other`` ("Cannot use Stomp Attacks"), where its side
    does not hold that rule: the other side holds it (a prohibition that binds the other side is ruled as such elsewhere)."""
    if other in own:
        return []
    rule = ctx.view.get(forbidder) or {}
    version = rule["versions"][0] if rule.get("versions") else None
    return [{"quote": rel["citation"]["sentence"], "rid": forbidder, "version": version} for rel in ctx.view.relations_out(forbidder)
            if rel["kind"] == "cannot" and rel["target"] == other and not binds_other_side(rel, ctx.view.rule_names)]


def _has_text(ctx: Context, rid: str) -> bool:
    rule = ctx.view.get(rid) or {}
    return bool(((rule["versions"][0] if rule.get("versions") else rule).get("text") or "").strip())


POINTS = " points"
# a number of a kind of points a rule gives ("Gain **+4 leader points** this turn", "gains 2 Victory Points"), and a cap on that kind
# ("filling up all the leader points to the maximum number", "can never have more than 3 command points")
_GIVES_POINTS = lazy(r"(?<![\w.])[+\-−]?\d+\**\s+(?:\**)?([a-z]+)\s+points?\b", re.I)
_POINTS_CAP = lazy(r"\b([a-z]+)\s+points?\b[^.;:]*?\b(?:maximum|at\s+most)\b|\b(?:no|never)\s+(?:\w+\s+)?more\s+than\s+(?:\w+\s+)?([a-z]+)\s+points?\b", re.I)


def _points(sentence: str) -> list[tuple[str, str]]:
    """(a kind of points, "gives" or "caps") for each a sentence speaks of so; a kind is named by its word ("leader points")."""
    out = [(f"{fold(w)}{POINTS}", "gives") for w in _GIVES_POINTS.findall(sentence) if w.lower() not in _NOT_A_NAME]
    out += [(f"{fold(a or b)}{POINTS}", "caps") for a, b in _POINTS_CAP.findall(sentence) if (a or b).lower() not in _NOT_A_NAME]
    return out


FREELY = "what one lets be done as the player chooses and the other needs: "
# an action the rule lets be done with anything the player chooses: "You may choose to equip any set of items"
_FREELY = lazy(r"\b(?:may|can)\s+(?:choose\s+to\s+)?([a-z]{3,})\s+any\b", re.I)
# an action the rule says what is needed for: "This weapon or spell requires two open hands to equip"
_NEEDED = lazy(r"\brequires?\b[^.;:]*?\bto\s+([a-z]{3,})\b", re.I)


def _free_or_needed(sentence: str) -> list[tuple[str, str]]:
    """(the action, "free" or "needs") for each action a sentence lets be done with anything chosen, or says what it
    needs: the two speak of one action, and whether the free choice is bound by the need, neither says.

    >>> _free_or_needed("You may choose to equip any set of items for the Commanded model.")
    [('what one lets be done as the player chooses and the other needs: equip', 'free')]
    >>> _free_or_needed("This weapon requires two open hands to equip.")
    [('what one lets be done as the player chooses and the other needs: equip', 'needs')]
    """
    out = [(f"{FREELY}{v.lower()}", "free") for v in _FREELY.findall(sentence)]
    return out + [(f"{FREELY}{v.lower()}", "needs") for v in _NEEDED.findall(sentence)]


NUMBERED = "how many: "
# a number of things a model has, knows or picks: "Knows 1 spell", "Knows 2 different spells", "selects 3 upgrades"
_NUMBERED = lazy(r"\b(knows?|has|have|gains?|selects?|chooses?|casts?)\s+(\d+)\s+(?:different\s+|additional\s+|extra\s+|more\s+)?([a-z]{3,})\b", re.I)
_NUMBER_VERBS = ("know", "has ", "have ", "gain", "select", "choose", "cast")
_VERB_FORM = {"know": "know", "knows": "know", "has": "have", "have": "have", "gain": "gain", "gains": "gain", "select": "select",
              "selects": "select", "choose": "choose", "chooses": "choose", "cast": "cast", "casts": "cast"}


def _numbered(sentence: str, terms: list[str]) -> list[tuple[str, str]]:
    """(how many of a thing, the number) for each number of things a sentence says a model has, knows or picks ("Knows 1 spell":
    ("how many: know spell", "1")); a characteristic's value ("has 2 Wounds") is read as such elsewhere."""
    out = []
    for verb, number, noun in _NUMBERED.findall(sentence):
        forms = singulars(fold(noun))
        noun = forms[0] if forms else fold(noun)
        if noun in terms or f"{noun}s" in terms or noun in _NOT_A_NAME:
            continue
        out.append((f"{NUMBERED}{_VERB_FORM[verb.lower()]} {noun}", number))
    return out


def _lifted(a: str, said_a: list[dict[str, Any]], b: str, said_b: list[dict[str, Any]], thing: str) -> tuple[str, str, dict[str, Any], str] | None:
    """Where one rule says it is not limited to the number the other sets as a limit: that sentence, or None."""
    if not thing.startswith(LIMITED):
        return None
    for lifter, mine, other in ((a, said_a, b), (b, said_b, a)):
        lifting = next((c for c in mine if c["aim"] == "lifts"), None)
        if lifting is not None:
            return lifter, other, lifting, f"its words say it is not limited to the {thing[len(LIMITED):]} the other's words set as a limit"
    return None


# a sentence that gives the other rule the last word: "X takes precedence over this rule" is no word of the naming rule's own
_DEFERS = lazy(r"\b(?:precedence|priority|prevails?|overrides?|supersedes?|instead\s+of\s+this)\b", re.I)


def _names_other(ctx: Context, rid: str, said: list[dict[str, Any]], other: str) -> tuple[str, str, dict[str, Any], str] | None:
    """A sentence of ``rid`` on the thing both speak of that says what holds when it is combined with ``other``, named by its whole
    name ("When combined with Quick to Fire, the attack can only ignore the normal -1 to-hit modifier ..."): ``rid``'s own word on
    how the two meet, or None.  A sentence that only names the other rule says nothing of which prevails."""
    name = fold(re.sub(r"\(.*?\)|\b[XY]\b", " ", ctx.name(other))).strip()
    if len(name) < 4:
        return None
    pattern = re.compile(rf"\b(?:combined|in\s+combination|together|used)\s+with\s+(?:the\s+)?{re.escape(name)}\b")
    for c in said:
        text = fold(c["quote"])
        if c["rid"] == rid and pattern.search(text) and not _DEFERS.search(text) and not _EXAMPLE.match(c["quote"]):
            return rid, other, c, f"its own sentence says what holds when it is combined with {ctx.name(other)}"
    return None


LIMITED = "a limit of "
# a number one rule sets as a limit ("can only be selected up to 3 times"), and one that says it is not limited to it ("This role is not
# limited to a maximum of 3 units of the same type")
_LIFTS = lazy(r"\bnot\s+limited\s+to\s+(?:a\s+maximum\s+of\s+|up\s+to\s+)?(\d+)\b", re.I)
_CAPS = lazy(r"\b(?:up\s+to|a\s+maximum\s+of|at\s+most|no\s+more\s+than)\s+(\d+)\b", re.I)


def _limits(sentence: str) -> list[tuple[str, str]]:
    """(a limit of a number, "lifts" or "caps") for each such number a sentence states."""
    lifted = _LIFTS.findall(sentence)
    if lifted:
        return [(f"{LIMITED}{n}", "lifts") for n in lifted]
    return [(f"{LIMITED}{n}", "caps") for n in _CAPS.findall(sentence)]


def _count(thing: str) -> bool:
    """Whether a thing two rules speak of is a count of the system's (a term of a few letters: "vp"), not a roll or a value."""
    return len(thing) <= 3 and thing.isalpha()


# a sentence that does more to a count than give some of it: caps it, multiplies it, denies it or lets only some score it
_CHANGES_COUNT = lazy(r"\b(?:maximum|minimum|at\s+most|up\s+to|no\s+more\s+than|double[sd]?|triple[sd]?|halve[sd]?|instead|only|cannot|"
                      r"can\s*not|never|any|no)\b", re.I)


def _why(thing: str, said: list[dict[str, Any]]) -> str:
    """What two rules leave open about one thing, as the reason of the open question."""
    kinds = _kind_why(thing)
    if kinds is not None:
        return kinds
    if thing == ACTS and any(c["aim"] == "once" for c in said):
        return ("one lets the unit act only once in a phase, the other lets it act even if it was not activated this phase, and no "
                "sentence here says whether that is its one time or a time more")
    if thing in _OPEN_ABOUT:
        return _OPEN_ABOUT[thing]
    if thing == REROLLED:
        tests = ", ".join(sorted({t for c in said for t in c["tests"]}))
        return f"both re-roll a test that may be one ({tests}), and no sentence here says whether a test re-rolled by one may be re-rolled by the other"
    if thing == MOVED and any(c["aim"] == "makes" for c in said) and not any(c["aim"] == "placed" for c in said):
        return ("one speaks of whether the unit has made a move it names, the other makes that move in a way of its own, and no "
                "sentence here says whether the first holds after it")
    if thing == MOVED:
        return ("one speaks of whether the unit has moved, the other puts it on the table, or counts it as having moved, other than by "
                "its normal move, and no sentence here says whether that is the move the first speaks of")
    if thing == MULTIPLIED:
        if not all(c["aim"] == "multiplies" for c in said):
            return ("one makes an unsaved wound into several, the other acts once for each unsaved wound, and no sentence here says "
                    "whether it acts once for the wound or once for each wound it becomes")
        return ("both make one unsaved wound into several, and no sentence here says how the two multiply together, or in which "
                "order")
    if thing.startswith(FREELY):
        verb = thing[len(FREELY):]
        return (f"one lets the player {verb} whatever they choose, the other says what is needed to {verb}, and no sentence here "
                f"says whether the free choice is bound by that need, or is its exception")
    if thing.startswith(NUMBERED):
        verb, noun = thing[len(NUMBERED):].split(" ", 1)
        return (f"both say how many {noun}s the model {verb}s, with different numbers, and no sentence here says which holds, or "
                f"whether they add up")
    capped = [c for c in said if _CAPS.search(c["quote"])]
    if capped and any(_MULTIPLIES.search(c["quote"]) for c in said if c not in capped):
        # "Objectives in this game give 5VP to a maximum of 15." beside "Double all your VP": the order changes the total
        return (f"one caps the {thing.upper() if len(thing) <= 3 else thing}, the other multiplies it, and no sentence here says which "
                f"applies first (the cap to what is multiplied, or to the multiple)")
    if thing.endswith(POINTS):
        return (f"one gives {thing.strip()}, the other caps them, and no sentence here says whether the cap holds for what is given")
    if thing.startswith(DONE):
        return (f"one heeds whether the unit did {thing[len(DONE):]}, at a time its words name, the other is {thing[len(DONE):]}, and no "
                f"sentence here says whether doing it at another time counts")
    if thing.endswith(DIE):
        return (f"both speak of the {thing[: -len(DIE)]} dice (what they decide, or the pool they are kept in), and no relation read from "
                f"the text says how they meet")
    if thing.startswith(NAMED):
        return (f"their names are forms of one word ({thing[len(NAMED):]}), and no sentence here says whether the one's words on it "
                f"speak of the other")
    if thing.startswith(WIELDED):
        return (f"both are weapons of one kind ({thing[len(WIELDED):]}) on the same side, and no sentence here says which one the model "
                f"fights with, or whether both apply")
    return f"both speak of {thing}, and no relation read from the text says how they meet"


def _holds(thing: str, said_a: list[dict[str, Any]], said_b: list[dict[str, Any]], terms: list[str]) -> bool:
    """Whether two rules' sentences on a thing of their kind meet: re-rolls of tests that may be one
    test (the same test, or one named after a characteristic, which the other may be: "Discipline
    Tests" and "Panic Tests"); a restriction on every attack and an attack a rule makes (never two
    attacks made, nor two restrictions).  A roll or value named alike always meets."""
    if thing == REROLLED:
        tests_a = {t for c in said_a for t in c["tests"]}
        tests_b = {t for c in said_b for t in c["tests"]}
        characteristics = {t for t in terms if " " not in t}
        return bool(tests_a & tests_b) or any(t.split()[0] in characteristics for t in tests_a | tests_b)
    if thing == MODIFIED:
        # a way of changing the roll that counts as modifying it, against a rule that forbids modifying or reads an unmodified roll
        aims = {c["aim"] for c in said_a}, {c["aim"] for c in said_b}
        return any("modifies" in one and {"forbids", "heeds"} & other for one, other in (aims, aims[::-1]))
    if thing.startswith(LIMITED):
        # a limit one rule sets and the other says it is not held to; two limits of one number agree
        aims = {c["aim"] for c in said_a}, {c["aim"] for c in said_b}
        return any("caps" in one and "lifts" in other for one, other in (aims, aims[::-1]))
    if thing.startswith(FREELY):
        # an action one lets be done with anything chosen, and another says what it needs; two of a kind agree
        aims = {c["aim"] for c in said_a}, {c["aim"] for c in said_b}
        return any("free" in one and "needs" in other for one, other in (aims, aims[::-1]))
    if thing.startswith(NUMBERED):
        # two numbers of one thing a model has or knows ("Knows 1 spell", "Knows 2 different spells"); the same number agrees
        return {c["aim"] for c in said_a} != {c["aim"] for c in said_b}
    if thing.endswith(POINTS):
        # a number of points one rule gives, beside a cap another sets on them; two that give add up
        aims = {c["aim"] for c in said_a}, {c["aim"] for c in said_b}
        return any("gives" in one and "caps" in other for one, other in (aims, aims[::-1]))
    if thing == DEPLOYED:
        # a way the unit is held to beside another way: which it takes, no sentence says; nor, of two ways each offered ("may be
        # deployed using Special Deployment rules", Ambush and Scout), whether a unit may be declared for both or which it then takes:
        # no sentence gives the player that choice, so it is no ruling
        return True
    if thing == MULTIPLIED:
        # two rules that make an unsaved wound several, or one that does and one that acts once for each unsaved wound (which of
        # them is "an unsaved wound" for it); two rules that each act once per wound are each their own
        aims = {c["aim"] for c in said_a}, {c["aim"] for c in said_b}
        return "multiplies" in aims[0] | aims[1]
    if thing == MOVED:
        # a unit put on the table or counted as moved, beside a rule that heeds whether it moved; or a named move one rule makes
        # ("The unit makes a Reform with the following exceptions") that the heeding sentence names ("... made an Advance Move,
        # March Move, Reform or Pivot")
        for one, other in ((said_a, said_b), (said_b, said_a)):
            heeding = [c["quote"] for c in other if c["aim"] == "heeds"]
            if heeding and any(c["aim"] == "placed" for c in one):
                return True
            made = {m for c in one if c["aim"] == "makes" for m in _made_moves(c["quote"])}
            if any(re.search(rf"\b{re.escape(m)}\b", h) for m in made for h in heeding):
                return True
        return False
    if thing == MELEE_SHOT:
        aims = {c["aim"] for c in said_a}, {c["aim"] for c in said_b}
        return any("forbids" in one and "shoots" in other for one, other in (aims, aims[::-1]))
    if thing == SHOT:
        aims = {c["aim"] for c in said_a}, {c["aim"] for c in said_b}
        return any("heeds" in one and "shoots" in other for one, other in (aims, aims[::-1]))
    if thing == ACTS:
        aims = {c["aim"] for c in said_a}, {c["aim"] for c in said_b}
        return any({"stops", "once"} & one and "anyway" in other for one, other in (aims, aims[::-1]))
    if thing == RANKS:
        # a rank more to shoot from, and a rank more to fight from, are two things
        return bool({c["aim"] for c in said_a} & {c["aim"] for c in said_b})
    if thing == ATTACKS_MADE:
        # a number set beside attacks added to it; two that set, or two that add, are each their own
        aims = {c["aim"] for c in said_a}, {c["aim"] for c in said_b}
        return any("sets" in one and "adds" in other for one, other in (aims, aims[::-1]))
    if thing in (AIMED, TARGETED, MOVED, PLACEMENT, CROSSING, DISTANCE, LEFT):
        # one restricts and the other makes an attack (never two attacks made, nor two restrictions); one hides and the
        # other reaches; one heeds a move and the other places the unit
        aims = {c["aim"] for c in said_a}, {c["aim"] for c in said_b}
        return len(aims[0] | aims[1]) == 2 and aims[0] != aims[1]
    if thing in terms and all(_profiled(c["quote"], thing) for c in said_a + said_b):
        # "suffers D3 hits with Strength 3" and "suffers D6x2 hits with Strength 3": each rule's own hits have their own profile,
        # two attacks, and neither changes the other's value
        return False
    return True


# the words that give an attack of the rule's own its profile, before the characteristic: "hits with", "resolved with"
_PROFILE_LEAD = lazy(r"\b(?:with|range\s+\S+|shots\s+\S+)\s*,?\s*$", re.I)
# another characteristic of the same profile, before it: "Strength 4, ", "Armour Penetration 1 and "
_PROFILE_PART = lazy(r"(?:\b(?!with\b)[a-z]+\s+){1,3}[\dd][\w+×x]*\s*(?:\[[^\]]*\])?\s*(?:,\s*and\b|,|\band\b)\s*$", re.I)


def _profiled(sentence: str, term: str) -> bool:
    """Whether every number a sentence gives the characteristic ``term`` is the profile of hits or attacks
    the rule makes itself ("The enemy unit suffers D3 hits with Strength 3 and Armour Penetration 0":
    Strength, and Armour Penetration), not the bearer's value or a change of it ("has its Strength always
    set to 3", "strikes at Initiative 1").

    >>> _profiled("The enemy unit suffers D6x2 hits with Strength 3 and Armour Penetration 1.", "armour penetration")
    True
    >>> _profiled("The attack has its Strength always set to 3.", "strength")
    False
    """
    said = " ".join(sentence.lower().split())
    found = list(re.finditer(rf"\b{re.escape(term)}\s+\d", said))
    if not found:
        return False
    for at in found:
        before = said[: at.start()]
        while True:
            shorter = _PROFILE_PART.sub("", before, count=1)
            if shorter == before:
                break
            before = shorter
        if not _PROFILE_LEAD.search(before):
            return False
    return True


def _after_rerolls(late: list[dict[str, Any]], early: list[dict[str, Any]]) -> bool:
    """Whether one rule reads the roll "after any re-rolls" and the other re-rolls it."""
    return any(_AFTER_REROLLS.search(c["quote"]) for c in late) and any(_REROLL.search(_AFTER_REROLLS.sub(" ", c["quote"])) for c in early)


# a sentence that takes the roll out of what its rule does: "cannot be used for Panic Tests and Break Tests"
_NOT_FOR = r"(?:cannot|can\s*not|may\s+not|does\s+not|do\s+not|is\s+not|are\s+not|never)\s+(?:be\s+)?(?:used|apply|applied|affect|count|taken)\s+(?:for|to|on|against|as)\s+(?:[\w-]+\s+){0,4}?"


_LEAD_IN = lazy(r"^(?:in\s+addition|additionally|also|furthermore)\s*,?\s*", re.I)
_PASSES = lazy(r"\bautomatically\s+pass(?:es)?\b", re.I)


# a test passed automatically, and its own limit on which tests ("caused by Terrain", "taken due to Terrain")
_PASSES_TEST = lazy(r"\bautomatically\s+pass(?:es)?\s+(?:all\s+)?(?P<test>[\w\s]+?\s+tests?)(?P<limit>\s+(?:caused|taken)\s+(?:by|due\s+to)\s+[^.;,]+)?(?=[.;,]|$)", re.I)
# a change to the dice of a test: an extra die rolled, a re-roll, a number added or taken off
_DICE_CHANGE = lazy(r"\broll\s+an?\s+(?:additional|extra)\s+(?:d\d+|dice|die)\b|\bre-?rolls?\b|(?<![\w+\-])[+\-−]\d+\s+to\b", re.I)
# the flags that put the unit in a move, in which the tests of what it moves through are taken
_MOVING = ("moved", "charging", "fleeing")


def _passed_outright(said_a: list[dict[str, Any]], said_b: list[dict[str, Any]],
                     thing: str) -> tuple[dict[str, Any], dict[str, Any], str, str] | None:
    """One rule's sentence that passes a test of ``thing`` automatically, the other's that changes that test's dice ("must roll
    an additional D6 when taking Dangerous Terrain Tests"), the tests in the pass's words and its own limit ("caused by
    Terrain"), or None."""
    for passing in said_a:
        found = _PASSES_TEST.search(passing["quote"])
        if found is None or not re.search(rf"\b{re.escape(thing)}s?\b", found["test"], re.I):
            continue
        changing = next((c for c in said_b if _DICE_CHANGE.search(c["quote"]) and not _PASSES.search(c["quote"])
                         and re.search(rf"\b{re.escape(thing)}s?\b", c["quote"], re.I)), None)
        if changing is not None:
            return passing, changing, " ".join(found["test"].split()), " ".join((found["limit"] or "").split())
    return None


# a rule's own words that its unit does not take a test ("does not take a Break Test when losing a Round of Combat, but instead ...")
_NOT_TAKEN = lazy(r"\b(?:does|do)\s+not\s+take\s+an?\s+(?P<test>[\w\s]+?\s+tests?)\b|\bnever\s+takes?\s+an?\s+(?P<never>[\w\s]+?\s+tests?)\b", re.I)


def _pass_met(ctx: Context, a: str, said_a: list[dict[str, Any]], b: str, said_b: list[dict[str, Any]], thing: str,
              won: Sequence[set[str]]) -> tuple[list[str], str, list[dict[str, Any]]] | None:
    """Two rules of one side on one test, one of which passes it automatically ("the model's unit automatically passes all
    Break Tests"), where the other's words settle how they meet: it has the unit take the test and says what holds when it is
    passed ("If the Break Test is passed, ignore all Health Points that would be lost due to Unstable"), so that holds; or it
    says its unit does not take the test ("does not take a Break Test when losing a Round of Combat, but instead ..."), so the
    pass has no test of it to pass, and its words hold as they say (unless another rule prevails over it: its own exception may
    have the test taken after all).  (rules, outcome, citations) of a ruling with no winner, or None."""
    test = re.compile(rf"\b{re.escape(thing)}s?\b", re.I)
    for passer, mine, other, theirs in ((a, said_a, b, said_b), (b, said_b, a, said_a)):
        passing = next((c for c in mine if _PASSES.search(c["quote"]) and test.search(c["quote"])), None)
        if passing is None or any(_PASSES.search(c["quote"]) for c in theirs):
            continue
        branch = re.compile(rf"\bif\s+the\s+{re.escape(thing)}\s+is\s+passed\s*,\s*(?P<then>[^.;]+)", re.I)
        passed = next((c for c in theirs if branch.search(c["quote"])), None)
        if passed is not None:
            then = " ".join(branch.search(passed["quote"])["then"].split())
            named = re.search(rf"\b{re.escape(thing)}\b", passed["quote"], re.I).group()  # the document's own casing ("Break Test")
            outcome = (f"{ctx.name(passer)} passes the {named} automatically, so the {named} {ctx.name(other)} has the unit take is "
                       f"passed, and {ctx.name(other)}'s words for a passed one hold: {then}")
            return [ctx.name(passer), ctx.name(other)], outcome, _cited(ctx, [passing, passed])
        untaken = next((c for c in theirs if (found := _NOT_TAKEN.search(c["quote"])) and test.search(found.group())), None)
        if untaken is not None and not any(ctx.name(other) in names and len(names) > 1 for names in won):
            named = re.search(rf"\b{re.escape(thing)}\b", untaken["quote"], re.I).group()
            outcome = (f"{ctx.name(other)}'s unit does not take a {named}, as its words say, so {ctx.name(passer)}'s automatic pass has "
                       f"no {named} of it to pass, and {ctx.name(other)}'s words hold as they say")
            return [ctx.name(other), ctx.name(passer)], outcome, _cited(ctx, [untaken, passing])
    return None


def _agree(said_a: list[dict[str, Any]], said_b: list[dict[str, Any]]) -> bool:
    """Whether two rules say the same of a roll: one sentence of each alike but for a lead-in
    ("In addition, the model automatically passes ..."), or each passes it automatically."""
    def plain(c: dict[str, Any]) -> str:
        return " ".join(_LEAD_IN.sub("", fold(c["quote"])).split()).rstrip(".")
    if {plain(c) for c in said_a} & {plain(c) for c in said_b}:
        return True
    return any(_PASSES.search(c["quote"]) for c in said_a) and any(_PASSES.search(c["quote"]) for c in said_b)


def _in_turn(after: list[dict[str, Any]], other: list[dict[str, Any]], thing: str) -> bool:
    """Whether one rule's words put it after the other's roll has failed ("can therefore be taken
    after armour saves and ward saves have been failed") and the other does not take that roll's
    place ("instead of rolling other armor saves"): the order is settled, nothing meets."""
    if " " not in thing:
        return False
    word, kind = thing.split(" ", 1)
    roll = rf"{re.escape(word)}\s+{kind}s?"
    ordered = re.compile(rf"\bafter\b[^.;]*?\b{roll}\b[^.;]*?\b(?:has|have)\s+(?:been\s+)?failed\b", re.I)
    replacing = re.compile(rf"\binstead\s+of\b[^.;]*?\b{roll}\b", re.I)
    # a sentence that changes the roll ("-1 to both armor save numbers") is no roll taken in turn: whether
    # the change reaches the roll taken after is the open question
    changing = any(_CHANGE.search(c["quote"]) for c in other)
    return any(ordered.search(fold(c["quote"])) for c in after) and not any(replacing.search(fold(c["quote"])) for c in other) and not changing


_CHANGE = lazy(r"(?<![\w+\-])[+\-−]\d+\b")


_COUNTED_MOVE = lazy(r"\bcounts?\s+as\s+having\s+(?:performed|made)\s+an?\s+(?P<move>[\w-]+\s+move)\b", re.I)


class _Move:
    """A named move as a pattern that finds it in a sentence ("March Move"), with the name as the rules write it."""

    __slots__ = ("pattern", "pattern_name")

    def __init__(self, name: str) -> None:
        self.pattern_name = name
        self.pattern = re.compile(rf"\b{re.escape(name.split()[0])}\s+moves?\b", re.I)

    def search(self, sentence: str) -> re.Match[str] | None:
        return self.pattern.search(sentence)


def _named_move(said_a: list[dict[str, Any]], said_b: list[dict[str, Any]]) -> _Move | None:
    """The move one rule counts its unit as having made ("counts as having performed a March Move") where the other rule's
    sentence that heeds a move names it too ("has made an Advance Move, March Move, Reform or Pivot"), or None."""
    for counting, heeding in ((said_a, said_b), (said_b, said_a)):
        for c in counting:
            found = _COUNTED_MOVE.search(c["quote"]) if c["aim"] == "placed" else None
            if found is None:
                continue
            move = _Move(found.group("move"))
            if any(h["aim"] == "heeds" and move.search(h["quote"]) for h in heeding):
                return move
    return None


_GENERIC_WAY = frozenset({"modify", "modifi", "modified", "modifying", "roll", "rolls", "dice", "result", "example"})


def _forbids_way(ctx: Context, said: list[dict[str, Any]], other: str, theirs: list[dict[str, Any]]) -> bool:
    """Whether a rule forbids modifying a roll in words that name the other rule's way of modifying it: a word of the
    other's name or of its modifying sentence ("can not be modified (by rerolling for example)" beside Modify by rerolling's
    "the rerolled dice counts as being modified")."""
    if not any(c["aim"] == "modifies" for c in theirs):
        return False
    ways = {w[:6] for w in re.findall(r"[a-z]{5,}", fold(" ".join([ctx.name(other), *(c["quote"] for c in theirs if c["aim"] == "modifies")])))}
    ways -= {w[:6] for w in _GENERIC_WAY}
    for c in said:
        if c["aim"] != "forbids":
            continue
        found = _MOD_FORBIDS.search(c["quote"])
        after = c["quote"][found.end():] if found else ""
        if ways & {w[:6] for w in re.findall(r"[a-z]{5,}", fold(after))}:
            return True
    return False


def _denial(ctx: Context, rid: str, thing: str) -> dict[str, Any] | None:
    """A rule's sentence that denies any of a count outright ("no player can score any VP by holding it", "cannot gain
    VP"), or None: read only for a thing of one short word (a count: "vp"), never for a roll or a characteristic's value."""
    if " " in thing or len(thing) > 3:
        return None
    rule = ctx.view.get(rid) or {}
    version = rule["versions"][0] if rule.get("versions") else None
    pattern = re.compile(rf"\bno\s+(?:\w+\s+){{0,2}}?(?:can|may|will)\s+(?:\w+\s+){{0,2}}?any\s+{re.escape(thing)}\b|"
                         rf"\b(?:cannot|can\s*not|can\s+never|may\s+not|never)\s+(?:score|gain|get|earn|claim)s?\s+(?:any\s+)?{re.escape(thing)}\b", re.I)
    found = next((s for s in sentences((version or rule).get("text") or "") if pattern.search(s) and not _EXAMPLE.match(s)), None)
    return {"quote": found, "rid": rid, "version": version} if found else None


# a count made a multiple of itself ("Double all your VP"); one held under a cap is :data:`_CAPS`'s
_MULTIPLIES = lazy(r"\b(?:double|triple|halve|quadruple)[sd]?\b|\b(?:twice|three\s+times|half)\s+(?:as\s+many|the)\b", re.I)


def _only_multiplies(said: list[dict[str, Any]]) -> bool:
    """Whether every sentence of a rule on a count makes it a multiple of itself ("Double all your VP"): it gives none."""
    return bool(said) and all(_MULTIPLIES.search(c["quote"]) for c in said)


def _excludes(said: list[dict[str, Any]], thing: str) -> bool:
    """Whether every sentence of a rule on ``thing`` says it is not for it."""
    if " " not in thing:
        return False  # a characteristic's value ("Initiative 1") is not a roll a rule is kept from
    word, kind = thing.split(" ", 1)
    pattern = re.compile(_NOT_FOR + rf"{re.escape(word)}\s+{kind}s?\b", re.I)
    return bool(said) and all(pattern.search(fold(c["quote"])) for c in said)


_OTHER = lazy(r"\b(?:target|targets|enemy|enemies|opponent|opponents|opposing)\b", re.I)
# a rule's words on its own bearers: "A model with this keyword", "models with this special rule", "this unit"
_BEARER = lazy(r"\bwith\s+(?:this|the)\s+(?:special\s+|universal\s+)?(?:rule|keyword|ability)\b|\bthis\s+(?:unit|model)\b", re.I)


# a sentence's own words that hold it to a unit that did not do what a flag says: "a unit ... that has not moved during this Player
# Turn", "on a turn in which the unit did not charge"; the graph's own words for those conditions (one place for them)
_NOT_DONE = {flag: lazy(r"\b(?:" + "|".join(pattern for pattern, normal in CONDITIONS if normal == negated) + r")\b", re.I)
             for flag, negated in (("moved", "not moved"), ("charging", "not charging"))}


def _held_now(said: list[dict[str, Any]], flags: tuple[str, ...]) -> bool:
    """Whether a rule has a sentence on the thing whose own words do not deny the situation ("that has not moved", with
    ``moved`` in force): a sentence for a unit that did not move says nothing of one that did."""
    return not said or any(not any(flag in _NOT_DONE and _NOT_DONE[flag].search(c["quote"]) for flag in flags) for c in said)


def _of_the_ground(said: list[dict[str, Any]]) -> bool:
    """Whether a sentence on crossing terrain is the ground's, not a bearer's: "Models can neither ... move through these
    walls" (of a kind of terrain) binds every model that comes to it, the other side's too, where "A unit that contains at
    least one model with this special rule rolls an extra D6 when rolling to move through difficult terrain" binds its own
    side alone (each side's unit crosses on its own, as each side's roll is its own)."""
    return any(c["aim"] == "crosses" and not _BEARER.search(c["quote"]) for c in said)


def _granted(entry: Any, other: str) -> bool:
    """Whether one rule came in through the other (a grant chain is how they meet)."""
    return any(step["rule"] == other for chain in entry.chains for step in chain)


def _givers(ctx: Context, entry: Any, other: str) -> list[tuple[str, str]]:
    """(a rule that brought ``entry``'s rule in, ``other``) for each rule of its grant chains."""
    return [(step["rule"], other) for chain in entry.chains for step in chain if step["rule"] != other]


def _may_be_one_test(pa: set[str], pb: set[str], terms: list[str]) -> bool:
    """Whether two instances' brackets name tests that may be one: each names a test, and one's is named after
    a characteristic ("Discipline Tests"), which the other's ("Frenzy Tests") may be, as a re-rolled test may."""
    tests_a, tests_b = {p for p in pa if p.endswith(("test", "tests"))}, {p for p in pb if p.endswith(("test", "tests"))}
    characteristics = {t for t in terms if " " not in t}
    return bool(tests_a and tests_b) and any(t.split()[0] in characteristics for t in tests_a | tests_b)


def _bracketed_rolls(entry: Any) -> bool:
    """Whether an instance's brackets name what it is for in words ("Charge Range"), not a number ("4++")."""
    return any(re.search(r"[A-Za-z]{3,}", param) for params in entry.instances for param in params)


# the things a sentence may aim at, each with its (pattern, aim) readings in the order they are tried
DEPLOYED = "how the unit is deployed"
# a way of deploying a unit other than the normal one, or a ban on the normal one: "may be deployed using Special Deployment
# rules", "cannot be deployed during the Deployment Phase", "to be deployed later", "may be deployed last", "can be deployed
# outside the Deployment Zone" (not where in its army it stands: "must be deployed in a unit")
# a way offered ("may be deployed using Special Deployment rules"), and one the unit is held to ("cannot be deployed during the
# Deployment Phase", "must be deployed by Deep Strike"): two offered ways are the player's choice, which the rules give
_MAY_DEPLOY = lazy(r"\b(?:may|can)\s+(?:\w+\s+)?be\s+deployed\s+(?:using|by|last|later|outside|anywhere)\b", re.I)
_HELD_DEPLOY = lazy(r"\bmust\s+(?:\w+\s+)?be\s+deployed\s+(?:using|by|last|later|outside|anywhere)\b|"
                    r"\b(?:cannot|can\s*not|may\s+not)\s+be\s+deployed\s+during\b|\bto\s+be\s+deployed\s+later\b", re.I)


ATTACKS_MADE = "how many attacks are made"
# a number of attacks one rule sets ("models make Y attacks with this weapon on half range") and one that adds attacks to it ("this
# weapon attacks an additional X times for every Y models")
_SETS_ATTACKS = lazy(r"\bmakes?\s+(?:\d+|[XYZ])\s+attacks\b", re.I)
_ADDS_ATTACKS = lazy(r"\battacks?\s+an\s+additional\s+(?:\d+|[XYZ])\s+times\b|\bmakes?\s+(?:\d+|[XYZ]|an?)\s+(?:additional|extra)\s+attacks?\b", re.I)
ACTS = "whether a unit acts in this phase"
# a rule that says a side or unit acts no more this phase ("A player that passes can no longer act with units in this phase"), and one
# that lets a unit act even if it did not ("can be shot against charging units even if this unit was not activated this phase")
_STOPS_ACTING = lazy(r"\b(?:can\s+no\s+longer|cannot|can\s*not|may\s+not|may\s+no\s+longer)\s+act\b", re.I)
# or acts only once in it ("A unit can only be selected to act once per phase."): whether acting even so is that once, or once more
_ACTS_ONCE = lazy(r"\b(?:can|may)\s+only\s+(?:be\s+(?:selected|activated|chosen)\s+to\s+)?act\s+once\b", re.I)
_ACTS_ANYWAY = lazy(r"\beven\s+if\b[^.;]*?\b(?:not\s+(?:been\s+)?activated|not\s+acted|already\s+(?:activated|acted))\b", re.I)
SHOT = "whether the unit shot"
# a rule that heeds whether the unit shot ("They have not made shooting attacks this turn."), and a weapon shot in a phase of its own
# ("this weapon can be shot in the charge phase without preventing the attacker from fighting")
_HEEDS_SHOT = lazy(r"\b(?:have|has|had)\s+not\s+(?:made\s+(?:any\s+)?(?:shooting|ranged)\s+attacks|shot|fired)\b|\bdid\s+not\s+(?:shoot|fire)\b", re.I)
_SHOT_IN = lazy(r"\b(?:can|may)\s+be\s+(?:shot|fired)\s+in\s+the\s+\w+\s+phase\b", re.I)
MELEE_SHOT = "whether a shot in melee is a melee attack"
# a prohibition of melee attacks alone, somewhere or at all ("can not stand on these walls nor make melee attacks through these walls"),
# and a ranged weapon used where melee attacks are made ("can use this weapon even in melee distance"); a prohibition that names
# both kinds ("neither attack (shooting or melee)") forbids the shot either way, and is no question
_FORBIDS_MELEE = lazy(r"\b(?:can\s*not|cannot|can't|may\s+not|nor)\s+(?:\w+\s+){0,2}?(?:make|making)\s+(?:any\s+)?(?:melee|close\s+combat)\s+attacks\b", re.I)
_SHOT_IN_MELEE = lazy(r"\b(?:use|shoot|fire)\s+(?:this|the|its)\s+weapon\s+even\s+in\s+(?:melee|close\s+combat)\b", re.I)
RANKS = "how many ranks shoot or fight"
# a rank more than normal that the unit shoots or fights from: "may shoot from one additional rank", "may use Shooting Attacks from
# one additional rank", "supporting attacks can be made by an extra rank than normal"; two rules that each give one, neither saying
# it adds to the other's (a rule's "This rule is cumulative" speaks of its own instances), leave open whether the unit has one or two
_RANK_SHOOTS = lazy(r"\b(?:shoot|shooting\s+attacks|fire)\b[^.;]*?\b(?:from|by|with)\s+(?:one|an|a)\s+(?:additional|extra)\s+ranks?\b", re.I)
_RANK_FIGHTS = lazy(r"\b(?:supporting\s+attacks|fight|close\s+combat\s+attacks)\b[^.;]*?\b(?:from|by|with)\s+(?:one|an|a)\s+(?:additional|extra)\s+ranks?\b", re.I)
LEFT = "a unit that left the battlefield"
# a unit that leaves the battlefield other than as a casualty ("This unit will run from the battlefield after ..."), and a rule that
# brings back a unit that was killed ("Bring one of your units that has previously been killed back to the battlefield"): whether
# leaving that way is being killed, no sentence says
_LEAVES = lazy(r"\b(?:run|runs|flee|flees|leave|leaves)\s+(?:from|off|out\s+of)\s+the\s+(?:battlefield|table|board)\b", re.I)
_RETURNS = lazy(r"\b(?:killed|destroyed|wiped\s+out)\b[^.;]*?\bback\s+(?:to|onto)\s+the\s+(?:battlefield|table|board)\b", re.I)
COUNTED = "how many models a model counts as"
# a model counted as more than one, or all counted as they are: "counts as an additional model", "count all models normally"
_COUNTS_AS = lazy(r"\bcounts?\s+as\s+(?:an?\s+)?(?:additional|extra|two|three|\d+)\s+models?\b|\bcount\s+(?:all\s+)?(?:the\s+)?models\s+normally\b", re.I)


# for this round's patterns, words (lower-cased) each of whose groups the sentence must hold one of for the pattern to match
_NEEDS: dict[int, tuple[tuple[str, ...], ...]] = {
    id(_RANK_SHOOTS): (("additional", "extra"), ("rank",)), id(_RANK_FIGHTS): (("additional", "extra"), ("rank",)),
    id(_LEAVES): (("battlefield", "table", "board"),), id(_RETURNS): (("back",),),
    id(_COUNTS_AS): (("count",),), id(_FORBIDS_MELEE): (("melee", "close combat"), ("attacks",)), id(_SHOT_IN_MELEE): (("even",), ("weapon",)), id(_HEEDS_SHOT): (("not",), ("shot", "fire", "shoot")), id(_SHOT_IN): (("phase",), ("shot", "fire")),
    id(_STOPS_ACTING): ((" act",),), id(_ACTS_ONCE): (("only",), ("act once",)), id(_ACTS_ANYWAY): (("even",), ("activated", "acted")), id(_SETS_ATTACKS): (("make",), ("attacks",)),
    id(_ADDS_ATTACKS): (("additional", "extra"), ("attack",)), id(_HELD_DEPLOY): (("deployed",),), id(_MAY_DEPLOY): (("deployed",),),
    id(_MULTIPLIED): (("unsaved",),), id(_PER_WOUND): (("unsaved",),), id(_MAKES_MOVE): (("make", "perform", "execute", "moves"),),
}


def _may_match(pattern: Any, low: str) -> bool:
    """Whether a lower-cased sentence holds a word of each group the pattern needs (always, for a pattern with none listed)."""
    return all(any(w in low for w in group) for group in _NEEDS.get(id(pattern), ()))


_AIMS = (
    (RANKS, ((_RANK_SHOOTS, "shoots"), (_RANK_FIGHTS, "fights"))),
    (LEFT, ((_LEAVES, "leaves"), (_RETURNS, "returns"))),
    (COUNTED, ((_COUNTS_AS, "counts"),)),
    (MELEE_SHOT, ((_FORBIDS_MELEE, "forbids"), (_SHOT_IN_MELEE, "shoots"))),
    (SHOT, ((_HEEDS_SHOT, "heeds"), (_SHOT_IN, "shoots"))),
    (ACTS, ((_STOPS_ACTING, "stops"), (_ACTS_ONCE, "once"), (_ACTS_ANYWAY, "anyway"))),
    (ATTACKS_MADE, ((_SETS_ATTACKS, "sets"), (_ADDS_ATTACKS, "adds"))),
    (DEPLOYED, ((_HELD_DEPLOY, "held"), (_MAY_DEPLOY, "offered"))),
    (MULTIPLIED, ((_MULTIPLIED, "multiplies"), (_PER_WOUND, "each"))),
    (DISTANCE, ((_SETS_DISTANCE, "sets"), (_CHANGES_DISTANCE, "changes"))),
    (MODIFIED, ((_MOD_FORBIDS, "forbids"), (_MOD_COUNTS, "modifies"), (_UNMODIFIED, "heeds"))),
    (CROSSING, ((_CROSS_MODE, "mode"), (_CROSSES, "crosses"))),
    (MOVED, ((_PLACED, "placed"), (_HEEDS, "heeds"), (_MAKES_MOVE, "makes"))),
    (PLACEMENT, ((_BOUNDS, "bounds"), (_PLACES, "places"))),
    (TARGETED, ((_REACHES, "reaches"), (_HIDDEN, "hidden"))),
    (AIMED, ((_ALL_ATTACKS, "restricts"), (_MAKES_ATTACK, "makes"))),
)


# what two rules leave open about a thing of a kind that needs no more words than its name (the others, and the reading of each: :func:`_why`);
# after every kind it names is defined
_OPEN_ABOUT = {
    AIMED: "one restricts whom every attack is made against, the other makes an attack on a unit, and no sentence here says whether that attack is bound",
    DEPLOYED: "both say how or when the unit is deployed other than in the normal way, and no sentence here says which way it "
        "takes, or whether the one allows the other",
    PLACEMENT: "one places a unit on the battlefield, the other limits where a unit is placed, and no sentence here says whether "
        "the limit binds that placing",
    DISTANCE: "one sets how far the unit moves, the other takes from or adds to its movement, and no sentence here says whether "
        "the change reaches that move",
    CROSSING: "one says how the model crosses what lies in its way (over it as if it were not there, or on the ground), the other "
        "forbids crossing terrain or makes something of it, and no sentence here says whether the one holds against the other",
    TARGETED: "one says a unit may not be targeted or seen, the other lets its attacks reach a unit, and no sentence here says "
        "whether the one holds against the other",
    SHOT: "one heeds whether the unit made shooting attacks, the other shoots in a phase of its own, and no sentence here says "
        "whether that shot counts",
    ACTS: "one says the unit acts no more in this phase, the other lets it act even if it was not activated, and no sentence "
        "here says which holds",
    MELEE_SHOT: "one forbids melee attacks (there, or at all), the other shoots a ranged weapon where melee attacks are made, and no "
        "sentence here says whether that shot is a melee attack",
    ATTACKS_MADE: "one sets how many attacks are made, the other adds attacks, and no sentence here says whether the added attacks "
        "come on top of the number set, or which number they are counted from",
    RANKS: "both let the unit shoot or fight from a rank more than normal, and no sentence here says whether the two add up "
        "(a rank more for each) or give the one rank",
    LEFT: "one takes the unit off the battlefield other than as a casualty, the other brings back a unit that was killed, and no "
        "sentence here says whether leaving that way is being killed",
    COUNTED: "both say how many models a model counts as (one or more), and no sentence here says which holds where both "
        "apply",
    MODIFIED: "one counts its change of a roll as modifying it, the other speaks of a roll that is unmodified or cannot be "
        "modified, and no sentence here says whether that change is what the other speaks of",
    FORBIDDEN_THERE: "one forbids its own side a rule that only the other side has here, and no sentence here says whether it reaches "
        "that side's use of it against the first",
}
