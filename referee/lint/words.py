"""Comparing rule texts the way an editor reads them.

Two texts are the *same* when they differ only in whitespace, case,
punctuation and typography ("+1 Armour" and "+ 1 Armour", "rider's" and
"rider’s", "Tests ." and "Tests.").  Texts that are not the same are
summarised by a short word diff.  Two texts are *different things* (not two
wordings of one rule) when they are in different languages, give different
profile values, or share almost no words.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from referee.text import DICE, singulars

# Typographic variants an extraction or an editor swaps freely.
_TYPOGRAPHY = str.maketrans(
    {"″": '"', "“": '"', "”": '"', "„": '"', "’": "'", "‘": "'"}
    | {"−": "-", "–": "-", "—": "-", "×": "x", "\u00a0": " "}
)
_SPACED_SIGN = re.compile(r"(?<![\w])([+-])\s+(?=\d)")
_WORD = re.compile(r"[+-]?\d+(?:[.,]\d+)?\+?|[^\W_]+")


def _tidy(text: str) -> str:
    return _SPACED_SIGN.sub(r"\1", text.translate(_TYPOGRAPHY))


def words(text: str) -> list[str]:
    """The words of a text as compared: folded, signs kept on their numbers.

    >>> words("+ 1 Armour"), words("Str 3 [7], AP 0[4]")
    (['+1', 'armour'], ['str', '3', '7', 'ap', '0', '4'])
    """
    return _WORD.findall(_tidy(text).casefold())


_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+|\n+")


def sentences(text: str) -> list[str]:
    """A text cut into sentences and list items (each kept as written)."""
    return [s for s in (p.strip() for p in _SENTENCE_END.split(_tidy(text))) if s]


@lru_cache(maxsize=1 << 16)
def _key(text: str) -> str:
    """A text's words run together: what two spellings of one word or sentence share.
    Kept per text: :func:`counterpart` asks it of every word of every other sentence
    for each sentence of a rule (60,000 times a lint of rules_src, for about 3,000 texts)."""
    return "".join(words(text))


def text_key(text: str) -> str:
    """What two texts must share to be the same text: the same sentences, in
    any order, spacing ignored (so words an extraction ran together still
    match their spaced form).

    >>> text_key("+1 Armour") == text_key("+ 1 armour.")
    True
    >>> text_key("Knows 1 spell. The Wizard selects.") == text_key("The Wizard selects. Knows 1 spell.")
    True
    >>> text_key("suffer -1 Discipline") == text_key("suffer +1 Discipline")
    False
    """
    return "|".join(sorted(k for k in map(_key, sentences(text)) if k))


@dataclass(frozen=True)
class Change:
    """One change between two wordings: the words only the old text has, the
    words only the new one has, and whether it changes what the rule says."""

    removed: tuple[str, ...]
    added: tuple[str, ...]
    of_wording: bool
    # the sentences of each text the change stands in (indexes of :func:`sentences`),
    # none for a text none of whose sentences differs
    at: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

    @property
    def of_force(self) -> bool:
        """Whether the change turns what a player may, must or cannot do, or
        a number: the change that turns a ruling, shown before the others."""
        return not self.of_wording and of_force(list(self.removed), list(self.added))

    def __str__(self) -> str:
        removed, added = _clip(list(self.removed)), _clip(list(self.added))
        return " ".join(p for p in (f"-[{removed}]" if removed else "", f"+[{added}]" if added else "") if p)


@lru_cache(maxsize=1024)
def changes(old: str, new: str) -> tuple[Change, ...]:
    """The changes from ``old`` to ``new``, in the order of the text.

    Sentences both texts have (wherever they stand) are left out first, so a
    moved sentence is no change; a change of punctuation alone is none
    either.

    >>> [str(c) for c in changes("Add X to its owner's pool. Cumulative.", "Add X to the owner's pool. Cumulative!")]
    ['-[its] +[the]']
    >>> [c.of_wording for c in changes("Roll 2 dice, while Shaken.", "Roll 3 dice, when Shaken.")]
    [False, True]

    Each change knows the sentence of each text it stands in:

    >>> [c.at for c in changes("Move. Roll 2 dice. Flee.", "Move. Flee. Roll 3 dice. Hide.")]
    [((1,), (2,)), ((1,), (3,))]
    >>> [c.at for c in changes("Move. Roll 2 dice. Flee.", "Move. Hide.")]
    [((1, 2), (1,))]
    """
    old_s, new_s = sentences(old), sentences(new)
    old_keys, new_keys = [_key(s) for s in old_s], [_key(s) for s in new_s]
    a_at = [n for n, (s, k) in enumerate(zip(old_s, old_keys)) if k not in new_keys for _ in s.split()]
    b_at = [n for n, (s, k) in enumerate(zip(new_s, new_keys)) if k not in old_keys for _ in s.split()]
    a = [w for s, k in zip(old_s, old_keys) if k not in new_keys for w in s.split()]
    b = [w for s, k in zip(new_s, new_keys) if k not in old_keys for w in s.split()]
    a_keys, b_keys = [_key(w) for w in a], [_key(w) for w in b]
    matcher = difflib.SequenceMatcher(None, a_keys, b_keys, autojunk=False)
    out = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal" or _unmarked(a[i1:i2], a_keys[i1:i2]) == _unmarked(b[j1:j2], b_keys[j1:j2]):
            continue  # the same words, spaced or run together, under bullets or numbers
        removed, added = _unspaced(a[i1:i2], a_keys[i1:i2], b[j1:j2], b_keys[j1:j2])
        if not removed and not added:
            continue
        at = (_sentence_of(a_at, a_keys, i1, i2), _sentence_of(b_at, b_keys, j1, j2))
        out.append(Change(tuple(removed), tuple(added), of_wording(removed, added), at))
    return tuple(out)


# A sentence whose words match another's at least this much (difflib's ratio
# of the two word sequences) is that sentence reworded or edited, not new.
COUNTERPART = 0.5


def counterpart(sentence: str, others: list[str]) -> int | None:
    """The index of the sentence of ``others`` that ``sentence`` is a version
    of (the one whose words match it best, if they match at least
    :data:`COUNTERPART`), or None when no sentence there is.

    >>> counterpart("It is affected by Terrain.", ["Units ignore Terrain.", "They are affected by the Terrain."])
    1
    >>> counterpart("You must declare it.", ["Units ignore Terrain.", "They are affected by the Terrain."]) is None
    True
    """
    keys = [k for k in (_key(w) for w in sentence.split()) if k]
    best, found = COUNTERPART, None
    for m, other in enumerate(others):
        other_keys = [k for k in (_key(w) for w in other.split()) if k]
        if _run(keys) or _run(other_keys):
            # words run together on one side: compared letter by letter, spaces left out
            ratio = difflib.SequenceMatcher(None, "".join(keys), "".join(other_keys), autojunk=False).ratio()
        else:
            ratio = difflib.SequenceMatcher(None, keys, other_keys, autojunk=False).ratio()
        if ratio >= best:
            best, found = ratio, m
    return found


# A word this long is no word but several run together (an extraction that lost its spaces).
RUN = 20


def _run(keys: list[str]) -> bool:
    """Whether a sentence's words hold a run of words that lost their spaces.

    >>> counterpart("2. IftheunitisSteadfast,reducealllostWoundsabove8to8.", ["Roll.", "If the unit is Steadfast, ignore lost Wounds above 6."])
    1
    """
    return any(len(k) >= RUN for k in keys)


# a list item's mark: a bullet, or a number or letter closed by "." or ")"
_LIST_MARK = re.compile(r"^(?:[-–•*]|\(?(?:\d{1,2}|[a-z])[.)])$")


def is_list_mark(token: str) -> bool:
    """Whether a token is a list item's mark (a bullet, "1.", "b)"), no word."""
    return bool(_LIST_MARK.match(token))


def _unmarked(tokens: list[str], keys: list[str]) -> str:
    """The words of a run of tokens, joined, without the marks of list items:
    "- If the unit is Stubborn" and "1. IftheunitisStubborn" say the same.

    >>> _unmarked(["1.", "IftheunitisStubborn."], ["1", "iftheunitisstubborn"]) == _unmarked(
    ...     ["-", "If", "the", "unit", "is", "Stubborn."], ["", "if", "the", "unit", "is", "stubborn"])
    True
    >>> _unmarked(["+1", "Armour"], ["+1", "armour"]) == _unmarked(["Armour"], ["armour"])
    False
    >>> changes("Then:\\n- Roll a die for each model.\\n- Remove the slain.", "Then:\\n1. Rolladieforeachmodel.\\n2. Removetheslain.")
    ()
    """
    return "".join(key for token, key in zip(tokens, keys) if not _LIST_MARK.match(token))


def _unspaced(a: list[str], a_keys: list[str], b: list[str], b_keys: list[str]) -> tuple[list[str], list[str]]:
    """The words each side has that the other has not, where one side wrote the
    words run together (an extraction that lost its spaces: "ItdoesnotcounttowardstheCharacterscategory"
    against "It does not count towards the Characters Army Category"): the run is
    read with the other side's words, in order, so only what it lacks or adds
    is a change ("Army"), not the whole sentence.  Otherwise both sides whole.

    >>> _unspaced(["It", "does", "not", "count", "Army", "Category."], ["it", "does", "not", "count", "army", "category"],
    ...           ["Itdoesnotcountcategory."], ["itdoesnotcountcategory"])
    (['Army'], [])
    """
    for run, run_keys, spaced, spaced_keys, flip in ((b, b_keys, a, a_keys, False), (a, a_keys, b, b_keys, True)):
        if len(run) != 1 or len(spaced) < 3 or len(run_keys[0]) < 12:
            continue
        rest, missing = run_keys[0], []
        for word, key in zip(spaced, spaced_keys):
            if key and rest.startswith(key):
                rest = rest[len(key):]
            else:
                missing.append(word)
        if len(missing) * 3 > len(spaced):  # not the same words run together
            continue
        extra = [rest] if rest else []
        return (extra, missing) if flip else (missing, extra)
    return a, b


def _sentence_of(at: list[int], keys: list[str], start: int, end: int) -> tuple[int, ...]:
    """The sentences words ``start:end`` stand in, leaving out marks that are
    no words (a list item's bullet stands in the next sentence, whatever the
    other text put where it stands); for no words (the other text adds
    some, or only such marks change), the sentence of the word before them,
    else of the word after."""
    if not at:
        return ()
    worded = [n for n, key in zip(at[start:end], keys[start:end]) if key]
    if worded:
        return tuple(sorted(set(worded)))
    return (at[start] if start == 0 else at[min(start, len(at)) - 1],)


def word_diff(old: str, new: str, shown: int = 2) -> tuple[str, int]:
    """A short word diff from ``old`` to ``new`` and the number of changes:
    the changes of substance first, then those of wording only.

    >>> word_diff("are Shaken until the end of the Round of Combat.", "are Shaken. Models flee.")
    ('-[until the end … of Combat.] +[Models flee.]', 1)
    >>> word_diff("Knows 2 different spells. The Wizard gains Channel.", "The Wizard gains Channel. Knows 2 spells.")
    ('-[different]', 1)
    >>> word_diff("While its unit is Shaken, add X.", "When the unit is Shaken, add X Veil Tokens.")
    ('+[Veil Tokens.]; -[While its] +[When the]', 2)
    """
    found = sorted(changes(old, new), key=lambda c: (c.of_wording, not c.of_force))
    more = f" (+{len(found) - shown} more)" if len(found) > shown else ""
    return "; ".join(str(c) for c in found[:shown]) + more, len(found)


def aligned(old_label: str, old: str, new_label: str, new: str, context: int = 3, most: int = 140) -> tuple[str, str]:
    """Two texts as two aligned lines, the words that differ in ``[...]``, the
    runs they share cut to ``context`` words either side of a change (``…``),
    each line cut near ``most`` characters.

    >>> a, b = aligned("line 1:", "Units with Fear suffer -1 Discipline.", "line 9:", "Units with Fear suffer -2 Discipline and flee.")
    >>> print(a); print(b)
    line 1: … with Fear suffer [-1] Discipline. []
    line 9: … with Fear suffer [-2] Discipline. [and flee.]
    """
    a, b = old.split(), new.split()
    a_keys, b_keys = [_key(w) or w for w in a], [_key(w) or w for w in b]
    top, bottom = [], []
    ops = difflib.SequenceMatcher(None, a_keys, b_keys, autojunk=False).get_opcodes()
    for n, (op, i1, i2, j1, j2) in enumerate(ops):
        if op == "equal":
            shared = a[i1:i2]
            first, last = n == 0, n == len(ops) - 1
            if len(shared) > 2 * context and not (first or last):
                shared = [*shared[:context], "…", *shared[-context:]]
            elif first and len(shared) > context:
                shared = ["…", *shared[-context:]] if len(ops) > 1 else shared
            elif last and len(shared) > context:
                shared = [*shared[:context], "…"]
            for w in shared:
                top.append(w)
                bottom.append(w)
            continue
        x, y = _clip(a[i1:i2], 8), _clip(b[j1:j2], 8)
        x, y = f"[{x}]" if x else "[]", f"[{y}]" if y else "[]"
        width = max(len(x), len(y))
        top.append(x.ljust(width))
        bottom.append(y.ljust(width))
    pad = max(len(old_label), len(new_label))
    one, two = f"{old_label.ljust(pad)} {' '.join(top)}", f"{new_label.ljust(pad)} {' '.join(bottom)}"
    one, two = one.rstrip(), two.rstrip()
    if len(one) > most or len(two) > most:
        one, two = one[:most].rstrip() + " …", two[:most].rstrip() + " …"
    return one, two


# Words whose swap, addition or removal changes the wording of a rule, not what
# it says: articles, pronouns and possessives ("its owner's", "the owner's").
_WORDING_WORDS = frozenset(
    "a an the its it it's their they them this that these those his her he she which who whose so".split()
)
# Swaps an editor makes freely; each side as compared (folded, contractions spelled out).
_EQUIVALENT = [
    frozenset(pair)
    for pair in (
        ("while", "when"),
        ("if", "when"),
        ("perform", "make"),
        ("performs", "makes"),
        ("certain", "some"),
        ("entirely", "solely"),
        ("follow", "abide by"),
        ("caused by", "taken due to"),
        ("as well as", "and"),
        ("eg", "such as"),
        ("can not", "cannot"),
        ("without any", "with no"),
        ("without", "with no"),
    )
]
_SPELLED = {"can't": "cannot", "won't": "will not"}


def _spelled_out(ws: list[str]) -> list[str]:
    """Folded words, contractions spelled out: "doesn't" -> "does", "not"."""
    out = []
    for w in ws:
        w = _tidy(w).casefold()
        w = _SPELLED.get(w.strip(".,;:!?()\"'"), w)
        if w.endswith("n't"):
            w = w[:-3] + " not"
        out.extend(k for k in (_key(part) for part in w.split()) if k)
    return out


# The words that say whether a player may, must or cannot do a thing.
_FORCE_WORDS = frozenset("may must can cannot not never no only always need will shall should".split())
FEW = 3


def force_words(ws: list[str]) -> list[str]:
    """The words of force of ``ws``, folded and spelled out ("can't": "cannot").

    >>> force_words(["You", "can't", "move,", "but", "may", "shoot."])
    ['cannot', 'may']
    """
    return [w for w in _spelled_out(ws) if w in _FORCE_WORDS]


def of_force(removed: list[str], added: list[str]) -> bool:
    """Whether replacing ``removed`` by ``added`` turns a permission, an
    obligation, a negation or a number: a word of force or a number only one
    side has, in a change of a few words (a sentence rewritten is another
    change, whatever words it holds).

    >>> of_force(["may"], ["must"]), of_force(["cannot"], ["can"]), of_force(["-1"], ["-2"])
    (True, True, True)
    >>> of_force(["entirely"], ["solely"]), of_force(["must", "roll"], ["must", "throw"])
    (False, False)
    >>> of_force(["It", "does", "not", "count"], ["Characters", "never", "count", "towards"])
    False
    """
    if len(removed) > FEW or len(added) > FEW:
        return False
    a, b = set(_spelled_out(removed)), set(_spelled_out(added))
    return any(w in _FORCE_WORDS or w[:1].isdigit() or w[:1] in "+-" for w in a ^ b)


def of_wording(removed: list[str], added: list[str]) -> bool:
    """Whether replacing ``removed`` by ``added`` changes only the wording.

    True for articles, pronouns and possessives alone, a contraction spelled
    out, a word in the singular or the plural, and the swaps of
    :data:`_EQUIVALENT`; never when a number changes.

    >>> of_wording(["its"], ["the"]), of_wording(["it", "does", "not"], ["doesn't"]), of_wording(["Adepts."], ["Adept."])
    (True, True, True)
    >>> of_wording(["may"], ["must"]), of_wording(["2"], ["3"]), of_wording([], ["independent"])
    (False, False, False)
    """
    a, b = _spelled_out(removed), _spelled_out(added)
    if any(w[:1].isdigit() or w[:1] in "+-" for w in a + b):
        return False
    a = [w for w in a if w not in _WORDING_WORDS]
    b = [w for w in b if w not in _WORDING_WORDS]
    if a == b:
        return True
    if len(a) == len(b) and all(x == y or y in singulars(x) or x in singulars(y) for x, y in zip(a, b)):
        return True
    return frozenset({" ".join(a), " ".join(b)}) in _EQUIVALENT


def _clip(ws: list[str], most: int = 6) -> str:
    if len(ws) <= most:
        return " ".join(ws)
    return " ".join(ws[:3]) + " … " + " ".join(ws[-2:])


_STOP = frozenset(
    "the a an and or of to in on at by for with from as is are be been it its this that these those their they "
    "them can may must not no any all each if when while which who than then there into onto also only such "
    "other has have had does".split()
)


def _content(text: str, leave_out: set[str]) -> set[str]:
    out = {_singular(w) for w in words(text) if w.isalpha() and len(w) > 2 and w not in _STOP}
    return out - leave_out


def content_words(text: str) -> set[str]:
    """The words of a text that carry its matter, each in one form (the
    singular), small words and numbers left out.

    >>> sorted(content_words("The unit rolls 3D6 and picks the highest roll."))
    ['highest', 'pick', 'roll', 'unit']
    """
    return _content(text, set())


# Words a rewording moves, drops or trades for one another without ruling
# otherwise ("Units with more than half of their models with X", "If more
# than half the models in a unit have X"): articles, pronouns, the small words
# that tie a clause, and "if", "when", "while" that turn it into a condition.
_GLUE = _WORDING_WORDS | frozenset("of with in have has had is are be if when while".split())


def matter_words(text: str) -> frozenset[str]:
    """The words of a sentence a rewording must keep, each in one form (the
    singular), numbers included and the glue of :data:`_GLUE` left out.

    >>> matter_words("Units with more than half of their models with Fear count as Fearless.") == matter_words(
    ...     "If more than half the models in a unit have Fear, the unit counts as Fearless.")
    True
    >>> matter_words("Ignore Panic every turn.") == matter_words("Ignore Panic every other turn.")
    False
    """
    return frozenset(_singular(w) for w in words(text) if w not in _GLUE)


def _singular(word: str) -> str:
    """One form for a word and its plural ("rolls" and "roll"), to compare vocabularies."""
    return next(iter(singulars(word)), word)


def overlap(a: str, b: str, names: tuple[str, ...] = ()) -> float:
    """Share of content words two texts have in common (Jaccard), leaving out
    the words of the rule's own names, which both texts are bound to use.

    >>> texts = "Roll one more D6 and discard the highest.", "The model's rolls are subject to Minimised Roll."
    >>> overlap(*texts, names=("Minimised Roll",))
    0.0
    """
    leave_out = {_singular(w) for n in names for w in words(n)}
    sa, sb = _content(a, leave_out), _content(b, leave_out)
    if not sa or not sb:
        return 1.0
    return len(sa & sb) / len(sa | sb)


# Below this share of common words two texts are not two wordings of one rule.
DIFFERENT_THINGS = 0.2

_PROFILE_VALUE = re.compile(rf"\b{DICE}\b|\d+(?:-\d+)?", re.IGNORECASE)


def profile_values(text: str) -> tuple[str, ...]:
    """The numbers of a weapon profile, in order ("Range 30", Shots 1, Str 3" -> 30, 1, 3).

    >>> profile_values('Portée 30", tir 1, Force 3, PA 0'), profile_values("Range 12″, Shots D6+1, Str 2")
    (('30', '1', '3', '0'), ('12', 'D6+1', '2'))
    """
    return tuple(v.upper() for v in _PROFILE_VALUE.findall(_tidy(text)))


# Language evidence: a letter only the language uses, or two of its small words.
_LETTER = {"fr": re.compile(r"[éèêàçùûôîœ]"), "de": re.compile(r"[äöüßÄÖÜ]")}
_LETTERS = {lang: re.compile(rf"[^\W\d_]*{letter.pattern}[^\W\d_]*") for lang, letter in _LETTER.items()}
_SMALL_WORDS = {
    "fr": frozenset("de la le les du des et tir volée portée une avec pour sur dans aux".split()),
    "de": frozenset(
        "und oder nicht werden wird mit auf ist sind ein eine einen der das dem zum zur für bei auch wenn "
        "kann sich".split()
    ),
}


def foreign_word(text: str, lang: str) -> tuple[str, str] | None:
    """The first sign that ``text`` is not in ``lang``: (language, word).

    >>> foreign_word('Portée 30", tir 1, Force 3, PA 0, tir de volée', "en")
    ('fr', 'Portée')
    >>> foreign_word("Units with Fear suffer -1 Discipline.", "en") is None
    True
    """
    words: list[str] | None = None
    for other in _LETTERS:
        if other == lang:
            continue
        # the letter alone first: the word pattern, tried at every letter, is slow
        if _LETTER[other].search(text) and (m := _LETTERS[other].search(text)):
            return other, m.group()
        if words is None:
            words = re.findall(r"[^\W\d_]+", text)
        small = [w for w in words if w.casefold() in _SMALL_WORDS[other]]
        if len({w.casefold() for w in small}) >= 2:
            return other, small[0]
    return None


LANGUAGE_NAMES = {"en": "English", "de": "German", "fr": "French"}


def language_name(code: str) -> str:
    return LANGUAGE_NAMES.get(code, code)


def text_language(text: str, default: str) -> str:
    """The language a whole text is in: ``default`` unless it shows another's signs."""
    found = foreign_word(text, default)
    return found[0] if found else default


def listed(names: list[str]) -> str:
    """Names as a sentence lists them.

    >>> listed(["War Machine"]), listed(["War Machine", "Scout", "Vanguard"])
    ('War Machine', 'War Machine, Scout and Vanguard')
    """
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def quote(text: str, most: int = 8) -> str:
    """The first words of a text, for a message.

    >>> quote("The model must be deployed in a unit. The model can never leave.")
    '"The model must be deployed in a unit.…"'
    """
    ws = text.split()
    return '"' + " ".join(ws[:most]) + ("…" if len(ws) > most else "") + '"'
