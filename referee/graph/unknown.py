"""Names in keyword position that the system does not define, read from a sentence's tokens.

The lexer (:mod:`referee.graph.lexer`) has already told each word's class from
the one phrase table (:mod:`referee.graph.effects_words`): a rule of the system
is a NAME, a core term a TERM, "gains" a GAIN, "with" a WITH, "special rule" a
SPECIAL.  A name the system lacks stays a run of capitalised words, and it is a
*use* of a rule only where a rule's name would stand:

- after a grant, a loss, an immunity or a cause: "gains Always Strike Last",
  "immune to the effects of Panic", "subject to Maximised Roll", "causes Fear";
- after a holder: "units with Large Target", "attacks made with a Halberd",
  "units that are Fearless", "rules, such as Flammable and Regeneration", "the
  range of Academy Training";
- before "special rule" / "rule": "the Large Target rule";
- before a bracket holding a value: "Stomp (D6)".

A list after such a position goes on through commas, "and" and "or" ("such as
Flammable and Regeneration").  What counts as defined after all (a term a rule
defines in its text, a placeholder) is lint's question (:mod:`referee.lint.terms`),
not the reader's.

>>> from referee.graph.lexer import Names, lex
>>> names = Names({"flammable": ["t/flammable"]}, [], "t/x")
>>> unknown_names(lex("It interacts with rules, such as Flammable and Regeneration.", names, []))
[('Regeneration', 47, 'list')]
>>> unknown_names(lex("A Stomp has Always Strike Last special rule.", names, []))
[('Always Strike Last', 12, 'list')]
>>> unknown_names(lex("Roll for each Model.", names, []))
[]
>>> unknown_names(lex("It gains Flammable and Not a Laeder; having Chraiot does not help.", names, []))
[('Not a Laeder', 23, 'list'), ('Chraiot', 44, 'list')]
>>> unknown_names(lex("Not a single Model flees.", names, []))
[]
"""

from __future__ import annotations

import re

from referee.graph.lexer import Lexeme, Names

# word classes that open a keyword position for what follows them
_OPENERS = frozenset({"GAIN", "SUBGAIN", "LOSE", "HAVE", "SUBHAVE", "CONFER", "COUNTAS", "EFFECTS"})
# words before "with"/"are" that hold rules ("models with", "units that are")
_HOLDERS = frozenset(
    """model models unit units character characters general generals weapon weapons attack attacks
    hit hits spell spells wizard wizards champion champions bearer bearers part parts""".split()
)
# verbs whose object is a rule a model has: "causes Fear", "inflicts Panic"
_CAUSES = frozenset({"causes", "cause", "causing", "inflicts", "inflict"})
# forms of "have" the phrase table leaves words: "having Chariot does not prevent it"
_HAVING = frozenset({"having"})
# what a run of a name may hold besides capitalised words ("March to the Beat")
_JOINERS = frozenset({"of", "the", "to", "a", "an", "in"})
_SEPARATORS = frozenset({"COMMA", "AND", "OR"})
_PLACED = frozenset({"TO", "WITH", "BE", "SUBBE", "AS", "OF"})  # word classes that open by the words around them
_MAY_OPEN = _CAUSES | _HAVING | {"by"}  # the words by which a token of no class above may open (_opens)
_SKIPPED = frozenset({"THE"})  # "has the ..." ("have a Front" is a facing, not a rule)
_MAX_WORDS = 6


def _capitalised(lexeme: Lexeme) -> bool:
    return lexeme.type in ("WORD", "ACT", "ADV", "STAT") and lexeme.text[:1].isupper()


def _capital_not(lexemes: list[Lexeme], k: int) -> bool:
    """A "Not" written with a capital inside a sentence opens a name ("gains Not
    a Leader"); at a sentence's start a capital says nothing."""
    lexeme = lexemes[k]
    return k > 0 and lexeme.type == "NOT" and lexeme.text[:1].isupper() and " " not in lexeme.text


def _run(lexemes: list[Lexeme], i: int) -> int:
    """The end (exclusive) of the run of a name the sentence does not know, starting at
    ``i``; ``i`` itself when none starts there.  A known name after an unknown word
    is part of the run: "Blood Frenzy" is one name, not "Blood" before Frenzy."""
    end = i
    k = i
    words = 0
    while k < len(lexemes) and words < _MAX_WORDS:
        lexeme = lexemes[k]
        if _capitalised(lexeme) or _capital_not(lexemes, k) or (end > i and lexeme.type in ("NAME", "TERM") and lexeme.text[:1].isupper()):
            words += 1
            k += 1
            end = k
        elif end > i and lexeme.text.lower() in _JOINERS and lexeme.type != "AND":
            k += 1  # a joiner counts only if a capitalised word follows it
        else:
            break
    return end


def _name_of_more(lexemes: list[Lexeme], i: int) -> int:
    """The end (exclusive) of a longer name a known name starts, joined to words the
    sentence does not know by a small word ("Ward of Thorns", Ward a rule); ``i``
    when none does.

    >>> from referee.graph.lexer import Names, lex
    >>> lexemes = lex("immune to Ward of Thorns and Ward.", Names({"ward": ["t/ward"]}, [], "t/x"), [])
    >>> _name_of_more(lexemes, 2), _name_of_more(lexemes, 6)
    (5, 6)
    """
    if i >= len(lexemes) or lexemes[i].type != "NAME" or not lexemes[i].text[:1].isupper():
        return i
    k = i + 1
    while k < len(lexemes) and lexemes[k].text.lower() in _JOINERS and lexemes[k].type != "AND":
        k += 1
    if k == i + 1 or k >= len(lexemes) or not _capitalised(lexemes[k]):
        return i
    return _run(lexemes, k)


def _opens(lexemes: list[Lexeme], k: int) -> bool:
    """Whether the token at ``k`` puts the words after it in keyword position."""
    lexeme = lexemes[k]
    if lexeme.type in _OPENERS:
        return True
    if lexeme.type not in _PLACED:  # most tokens: only a verb of causing, "having", or "affected by", opens
        word = lexeme.text.lower()
        return word in _MAY_OPEN and (word != "by" or (k > 0 and lexemes[k - 1].text.lower() == "affected"))
    before = lexemes[k - 1].text.lower() if k else ""
    if lexeme.type == "TO" and k and (lexemes[k - 1].type == "IMMUNE" or before == "subject"):
        return True  # "immune to ...", "subject to ..."
    if lexeme.type == "WITH":  # "models with ...", "attacks made with ...", "R&F model with ..."
        return before in _HOLDERS or before == "made" or (k >= 3 and before == "model" and lexemes[k - 3].text == "R")
    if lexeme.type in ("BE", "SUBBE"):  # "units that are ..."
        return before == "that" and k >= 2 and lexemes[k - 2].text.lower() in _HOLDERS
    if lexeme.text.lower() in _CAUSES:
        return True
    if lexeme.text.lower() == "by" and before == "affected":
        return True
    if lexeme.type == "AS":  # "rules, such as ...", not "creatures, such as Trolls"
        return before == "such" and k >= 2 and (lexemes[k - 2].type == "SPECIAL" or (k >= 3 and lexemes[k - 2].type == "COMMA" and lexemes[k - 3].type == "SPECIAL"))
    if lexeme.type == "OF":
        return before == "range"
    return False


_VALUE = re.compile(r"[(\[]\s*(?:[\d+\-−]|[XY]\b|[dD]\d|[dD]\b)")


def _value_bracket(lexeme: Lexeme) -> bool:
    """"(D6)", "(3+)", "(X)": a keyword's value, not a remark such as "(Dawn Assault)"."""
    return lexeme.type == "PAREN" and _VALUE.match(lexeme.text) is not None


def unknown_names(lexemes: list[Lexeme]) -> list[tuple[str, int, str]]:
    """(name as written, offset in the sentence, position) of every name in keyword
    position the system does not define, in sentence order; the position is "list"
    (after a grant, holder, ...), "marked" (before "special rule"), "keyword"
    (before a bracket with a value: a table's label may stand before it) or
    "pair" (beside a known name: "Fear and Terorr")."""
    found: dict[int, tuple[str, int, str]] = {}

    def take(i: int, end: int, kind: str) -> None:
        text = " ".join(lx.text for lx in lexemes[i:end])
        found.setdefault(lexemes[i].start, (text, lexemes[i].start, kind))

    for k, lexeme in enumerate(lexemes):
        if lexeme.type not in _OPENERS and lexeme.type not in _PLACED and lexeme.text.lower() not in _MAY_OPEN:
            continue  # what _opens says of most tokens, without the call
        if _opens(lexemes, k):
            i = k + 1
            skipped = _SKIPPED | ({"A"} if lexemes[k].type == "WITH" else set())  # "made with a Halberd"
            while i < len(lexemes):
                while i < len(lexemes) and (lexemes[i].type in skipped or (lexemes[i].type == "ADV" and lexemes[i].text.islower())):
                    i += 1
                # skip a possessive owner: "the range of the model's March to the Beat"
                if i + 1 < len(lexemes) and lexemes[i + 1].text == "s" and lexemes[i].type == "WORD":
                    i += 2
                    continue
                end = _run(lexemes, i)
                if end > i:
                    take(i, end, "list")
                elif (end := _name_of_more(lexemes, i)) > i + 1:
                    take(i, end, "list")  # "immune to the effects of Ward of Thorns", Ward a rule
                elif i < len(lexemes) and lexemes[i].type in ("NAME", "TERM"):
                    end = i + 1  # a known name in the list; the list goes on after it
                else:
                    break
                if end < len(lexemes) and lexemes[end].type == "PAREN":
                    end += 1  # the item's parameter: "Stealth (+1) and Infiltrate"
                if end < len(lexemes) and lexemes[end].type in _SEPARATORS:
                    i = end + 1
                    while i < len(lexemes) and lexemes[i].type in _SEPARATORS:
                        i += 1
                    continue
                break
    # a list that names a rule of the system ("a 2+ Ward Save, Eternal Warrior, and Feel
    # No Pian"): every capitalised item of it is in keyword position
    for i, end, kind in _lists(lexemes):
        take(i, end, kind)
    # "the Large Target rule", "Stomp (D6)": a name marked by what follows it
    for k, lexeme in enumerate(lexemes):
        if lexeme.type != "SPECIAL" and lexeme.type != "PAREN":
            continue
        marked = lexeme.type == "SPECIAL" and (lexeme.text.lower().startswith("special") or lexeme.text.lower() == "rule")
        if marked or _value_bracket(lexeme):
            i = k
            while i > 0 and (_capitalised(lexemes[i - 1]) or (lexemes[i - 1].text.lower() in _JOINERS and i - 1 > 0 and _capitalised(lexemes[i - 2]))):
                i -= 1
            while i < k and not _capitalised(lexemes[i]):
                i += 1
            if i < k and (i == 0 or lexemes[i - 1].type != "DOT"):
                take(i, k, "marked" if marked else "keyword")
    return [found[start] for start in sorted(found)]


def _opens_item(lexemes: list[Lexeme], i: int) -> bool:
    """Whether a list item may start at ``i``: a known name, or a word that opens a run (:func:`_run`)."""
    lexeme = lexemes[i]
    return lexeme.type == "NAME" or _capitalised(lexeme) or _capital_not(lexemes, i)


def _item(lexemes: list[Lexeme], i: int) -> tuple[int, bool] | None:
    """(end, known) of a list item starting at ``i``: a known name, or a run of
    capitalised words; its value bracket included."""
    if i >= len(lexemes) or not _opens_item(lexemes, i):
        return None
    if lexemes[i].type == "NAME":
        end, known = i + 1, True
    else:
        end, known = _run(lexemes, i), False
    if end < len(lexemes) and lexemes[end].type == "PAREN":
        end += 1
    return end, known


def _lists(lexemes: list[Lexeme]) -> list[tuple[int, int, str]]:
    """(start, end, position) of each unknown item of a list with a known rule among
    its items: "list" for three items or more with a comma between two ("Fear,
    Eternal Warrior, and Feel No Pian"), "pair" for two ("Fear and Terorr": lint
    judges those only as near misses of a defined name)."""
    out: list[tuple[int, int, str]] = []
    kinds = {lexeme.type for lexeme in lexemes}
    if "NAME" not in kinds or kinds.isdisjoint(_SEPARATORS):
        return out  # no list here names a known rule: most sentences
    k = 0
    while k < len(lexemes):
        if not _opens_item(lexemes, k):
            k += 1  # no item starts here (most tokens)
            continue
        items: list[tuple[int, int, bool]] = []
        commas = 0
        i = k
        while True:
            found = _item(lexemes, i)
            if found is None:
                break
            end, known = found
            items.append((i, end, known))
            j = end
            seps = []
            while j < len(lexemes) and lexemes[j].type in _SEPARATORS:
                seps.append(lexemes[j].type)
                j += 1
            if not seps:
                break
            commas += "COMMA" in seps
            i = j
        if len(items) >= 2 and any(known for _, _, known in items):
            kind = "list" if len(items) >= 3 and commas else "pair"
            for start, end, known in items:
                if not known:
                    while end > start and lexemes[end - 1].type == "PAREN":
                        end -= 1
                    out.append((start, end, kind))
        k = items[-1][1] if items else k + 1
        k = max(k, (items[0][0] + 1) if items else k)
    return out


def in_brackets(lexemes: list[Lexeme], text: str, names: Names) -> list[tuple[str, int, str]]:
    """:func:`unknown_names` of the remarks in brackets the lexer keeps as one
    token ("(including units with Scout)", "(such as Stomp Attacks, Impact Hits
    and Breath Attack)"), read as sentences of their own; offsets in ``text``.

    >>> from referee.graph.lexer import lex
    >>> names = Names({"scout": ["t/scout"]}, [], "t/x")
    >>> text = "After Deployment (including units with Ancient Grudge), models move."
    >>> in_brackets(lex(text, names, []), text, names)
    [('Ancient Grudge', 39, 'list')]
    """
    from referee.graph.lexer import lex

    out: list[tuple[str, int, str]] = []
    if "(" not in text and "[" not in text:  # no bracket opens: no remark (most sentences)
        return out
    for lexeme in lexemes:
        if lexeme.type != "PAREN" or _value_bracket(lexeme) or lexeme.end - lexeme.start < 4:
            continue
        start = lexeme.start + 1
        inner = text[start : lexeme.end - 1]
        inner_lexemes = lex(inner, names, [])
        found = unknown_names(inner_lexemes) + in_brackets(inner_lexemes, inner, names)
        out.extend((name, offset + start, kind) for name, offset, kind in found)
    return out
