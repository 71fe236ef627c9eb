"""Finding which rule a body of text is about, when its heading is missing.

Rule texts name their own rule in keyword position: "Units with Ambush may
...", "models with Channel may ...", "Characters with Exclusive (X) ...",
"an unengaged Engineer may ...", "The model gains Exclusive (Chariot)".
:func:`subject_of` scores every name found in such a position and returns the
best one, or None when nothing in the text names a rule.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from referee.text import fold, plural, singulars

# A capitalised term: "Fear", "Rally Around the Flag", "Not a Leader".
_WORD = r"[A-Z][\w'&-]*"
_TERM = rf"{_WORD}(?:\s+(?:(?:of|the|a|an|and|to)\s+)?{_WORD}){{0,4}}"

# (pattern, weight). Each pattern captures the term in group "t".
_SUBJECT_PATTERNS: tuple[tuple[re.Pattern[str], int], ...] = tuple(
    (re.compile(p), w)
    for p, w in (
        # "The model gains Exclusive (Chariot)" opens the Chariot, Unbreakable
        # and Unstable rules: the rule restricts joining to its own kind.
        # "Fortitude is a Special Save": a text that opens by defining a term.
        (rf"^(?P<t>{_TERM}) (?:is|are) an? ", 3),
        (rf"^The model gains Exclusive \((?P<t>{_TERM})\)", 6),
        (rf"\b(?:[Mm]odel parts?|[Mm]odels?|[Uu]nits?|Characters?|Unit Boundary|[Ww]eapons?|[Aa]ttacks?) with (?P<t>{_TERM})", 2),
        (rf"\b(?:[Mm]odels?|[Uu]nits?|[Mm]odel parts?) (?:has|have) (?P<t>{_TERM})", 2),
        (rf"\b[Mm]odels (?:that )?are (?P<t>{_TERM})", 2),
        (rf"\bmade with (?:an? |the )?(?P<t>{_TERM})", 2),
        (rf"\bwhen using (?P<t>{_TERM})", 1),
        (rf"\b[Aa]n? (?:unengaged |charging )?(?P<t>{_TERM}) may\b", 2),
        (rf"\b(?P<t>{_TERM}) (?:R&F )?(?:models|Characters)\b", 1),
        (rf"\bwith (?:an? )?(?P<t>{_TERM})", 1),
        (rf"\bare subject to (?P<t>{_TERM})", 1),
    )
)

# Words that open sentences or name game concepts rather than special rules;
# they are never taken as a rule's name on their own.
_NOT_NAMES = frozenset(
    """A An The This That These Those If When Whenever While All Each Every Any
    Units Unit Models Model Characters Character Attacks Attack R&F Note For In On
    At It Its They Their Such No Only Once During After Before Enemy Friendly""".split()
)


def _clean(term: str) -> str:
    words = term.split()
    while words and words[-1] in {"of", "the", "a", "an", "and", "to"}:
        words.pop()
    while words and words[0] in _NOT_NAMES:
        words.pop(0)
    return " ".join(words)


def candidates(text: str) -> Counter[str]:
    """Every term found in keyword position, weighted by how clearly it is one."""
    found: Counter[str] = Counter()
    for pattern, weight in _SUBJECT_PATTERNS:
        for m in pattern.finditer(text):
            term = _clean(m.group("t"))
            if term:
                found[term] += weight
    return found


def subject_of(
    text: str, known: Iterable[str] = (), ignore: Iterable[str] = (), known_folded: set[str] | None = None
) -> str | None:
    """The rule a text is about, judged from the terms in keyword position.

    ``known`` are names of rules of the same system: a candidate that is one
    of them counts double (a caller asking for many texts passes them folded
    once, as ``known_folded``: folding every name per text made reading a
    25,000-rule glossary take minutes).  ``ignore`` are core game terms that
    never name a special rule.

    >>> subject_of("Units with Ambush may be deployed using Special Deployment rules.")
    'Ambush'
    >>> subject_of("The model gains Exclusive (Chariot), unless specifically stated otherwise.")
    'Chariot'
    >>> subject_of("Characters, allotted by the owner of the unit as evenly as possible") is None
    True
    """
    if known_folded is None:
        known_folded = {fold(k) for k in known}
    ignored = {fold(i) for i in ignore}
    scores = candidates(text)
    best: tuple[int, int, str] | None = None
    for term, score in scores.items():
        if fold(term) in ignored:
            continue
        if fold(term) in known_folded:
            score *= 2
        rank = (score, -text.find(term), term)
        if best is None or rank > best:
            best = rank
    return best[2] if best else None


def mentions(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` as a whole word (case-blind, in the singular or plural).

    >>> mentions("Models with Matching Bases may", "Matching Base"), mentions("a Matching Base", "Matching Bases")
    (True, True)
    >>> mentions("two Abilities", "Ability"), mentions("Fearsome models", "Fear")
    (True, False)
    """
    forms = dict.fromkeys([name, plural(name), *singulars(name)])
    if text.isascii() and all(_plain(form) for form in forms):
        lowered = text.lower()
        return any(_mentions_plain(lowered, form.lower().split(" ")) for form in forms)
    words = "|".join(re.escape(form).replace(r"\ ", r"\s+") for form in sorted(forms, key=len, reverse=True))
    return re.search(rf"\b(?:{words})\b", text, re.IGNORECASE) is not None


# Compiling a pattern per name (as :func:`mentions` does for other text) was
# most of the time the adapters took to read a large rules list or glossary
# (0.45 ms a name, nearly every name new).  In plain ASCII the case-blind match
# is the lower-case one, so the same question is answered by finding the words.


def _plain(form: str) -> bool:
    """Whether ``form`` is ASCII words, each one space apart: what :func:`_mentions_plain` reads."""
    return bool(form) and form.isascii() and "\\" not in form and " ".join(form.split()) == form


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def _mentions_plain(text: str, words: list[str]) -> bool:
    """Whether lower-case ASCII ``text`` holds ``words`` (lower case) as the pattern
    ``\\bw1\\s+w2...\\b`` of :func:`mentions` would find them."""
    first = words[0]
    at = text.find(first)
    while at != -1:
        end = at + len(first)
        if (at > 0 and _is_word(text[at - 1])) != _is_word(first[0]):
            for word in words[1:]:
                gap = end
                while gap < len(text) and text[gap].isspace():
                    gap += 1
                if gap == end or not text.startswith(word, gap):
                    break
                end = gap + len(word)
            else:
                if (end < len(text) and _is_word(text[end])) != _is_word(text[end - 1]):
                    return True
        at = text.find(first, at + 1)
    return False
