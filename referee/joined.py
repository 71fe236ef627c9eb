"""The names a heading joins: one body of text under two names.

A heading may name two rules that share their words: "Stomp / Thunder Stomp"
(house rules), "Blast and Large Blast" (Scrollhammer: "Large Blasts follow all
of the rules for Blasts").  The heading as written stays the rule's name, the
name its book lists it under; each joined name is a name of the same rule,
so a player asking for "Stomp" or "Large Blast" gets it.

Two joiners are read, the same way in every document format:

- a spaced slash, "A / B": always two names ("Terrain type 3 / vision
  blocking");
- "and", "A and B": only where the second names a kind of the first ("Blast
  and Large Blast": it ends with the first).  Otherwise "and" is part of one
  name ("Hit and Run", "Slow and Purposeful", "March and Shoot") or joins
  topics, not names ("Keywords and profiles").

The names joined are either a rule and a kind of it, each a rule of its own
words ("Stomp / Thunder Stomp", "Blast and Large Blast": :func:`kinds_joined`),
where the name a player uses says which one is meant, or two names of one
thing ("Terrain type 3 / vision blocking"), where the heading says it best.

A slash without spaces is one name's alternatives of a word ("Block
Die/Dice", "Flee/Pursuit") and is read by the adapters themselves.

Outside :mod:`referee.sources`: the resolver reads it on every warm call
(:mod:`referee.resolve.called`), and that package's import brings the
adapters' record classes.
"""

from __future__ import annotations


def joined_names(name: str) -> list[str]:
    """The names ``name`` joins, in the order written; empty for one name.

    >>> joined_names("Stomp / Thunder Stomp"), joined_names("Blast and Large Blast")
    (['Stomp', 'Thunder Stomp'], ['Blast', 'Large Blast'])
    >>> joined_names("Hit and Run"), joined_names("Models/Armies")
    ([], [])
    """
    if " / " in name:
        parts = [part.strip() for part in name.split(" / ")]
        return parts if all(parts) else []
    first, sep, second = name.partition(" and ")
    if sep and first and second.endswith(" " + first) and " and " not in second:
        return [first, second]
    return []


def kinds_joined(name: str) -> list[str]:
    """The names ``name`` joins where each after the first names a kind of the first ("Thunder Stomp"
    of "Stomp"); empty for one name, or for two names of one thing.

    >>> kinds_joined("Stomp / Thunder Stomp"), kinds_joined("Terrain type 3 / vision blocking")
    (['Stomp', 'Thunder Stomp'], [])
    """
    parts = joined_names(name)
    return parts if parts and all(p.endswith(" " + parts[0]) for p in parts[1:]) else []
