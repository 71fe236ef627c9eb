"""What a category header says its entries are, and what an entry says it is itself.

A glossary's header ("Melee Weapon", "Suit of Armour") names a kind of thing by its
last word, its *head* ("weapon"; "armor", one spelling for both), and may say what the thing is used for by
the words before it, its *use* ("Melee Weapon": close combat; "Shooting Weapon":
shooting).  An entry can state its own kind: by its name's head ("Heavy Armour"), by
the value it opens with ("+2 Armor", "Armour +1"), or by a weapon profile stating a
range and shots, which is a use (shooting).  Where what an entry states disagrees with
the header above it, the header does not reach that entry
(:mod:`referee.sources.glossary`).
"""

from __future__ import annotations

import re

from referee.text import USES, fold, singulars

# the number an army builder's type names open with, to sort them: "4 Armour", "5 Melee Weapon"
_ORDER = re.compile(r"^[\d\s.]+(?=\D)")
# a value an entry's text opens with: "+2 Armor", "+ 1 Armour", "Armor +1"
_VALUE = re.compile(r"^\s*(?:[+-]\s?\d+\s+(?P<after>[^\W\d_]+)|(?P<before>[^\W\d_]+)\s+[+-]\s?\d+)\b")


def head(words: str) -> str:
    """The kind a name or category names by its last word: folded, singular, one
    spelling for British and American endings ("Armour", "Armor").

    >>> head("Melee Weapon"), head("Paired Weapons"), head("Suit of Armour"), head("Heavy Armor")
    ('weapon', 'weapon', 'armor', 'armor')
    >>> head("Global"), head("")
    ('global', '')
    """
    folded = _words(words)
    if not folded:
        return ""
    last = folded[-1]
    last = next(iter(singulars(last)), last) if last.endswith("s") else last
    return re.sub(r"our$", "or", last)


def _words(category: str) -> list[str]:
    """A category's folded words, without the number an army builder sorts its types by ("5 Melee Weapon")."""
    return fold(_ORDER.sub("", category)).split()


def use(category: str) -> str | None:
    """What a category's opening words say its things are used for, or None.

    >>> use("Close Combat Weapon"), use("Shooting Weapon"), use("5 Melee Weapon"), use("Artillery Weapon"), use("Global")
    ('melee', 'shooting', 'melee', None, None)
    """
    words = _words(category)[:-1]
    for n in (2, 1):
        found = USES.get(" ".join(words[:n]))
        if found:
            return found
    return None


def value_word(text: str) -> str | None:
    """The word of the value a text opens with ("+2 Armor": Armor), as written, or None.

    >>> value_word("+1 Armour Hand Weapons wielded by models on foot ..."), value_word("Armor +1")
    ('Armour', 'Armor')
    >>> value_word("Attacks made with a Halberd gain +1 Strength"), value_word("")
    (None, None)
    """
    found = _VALUE.match(text)
    return (found.group("after") or found.group("before")) if found else None

