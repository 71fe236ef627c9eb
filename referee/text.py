"""How names are compared: imported on every CLI call, so it stays tiny."""

from __future__ import annotations

import unicodedata

from referee.patterns import lazy

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

_NOT_WORD = lazy(r"[^\w&+]+")
_PARAMETERS = lazy(r"\s*[(\[{].*$")

# Characters that show as nothing but make two equal-looking names differ.
# The one policy, everywhere names come in (documents, lookups, keyword
# strings): they are removed, and what was removed is said in a note.
INVISIBLE = {
    "\u00ad": "soft hyphen",
    "\u200b": "zero-width space",
    "\u200c": "zero-width non-joiner",
    "\u200d": "zero-width joiner",
    "\u2060": "word joiner",
    "\ufeff": "byte order mark",
    "\u061c": "Arabic letter mark",
    "\u200e": "left-to-right mark",
    "\u200f": "right-to-left mark",
    "\u202a": "left-to-right embedding",
    "\u202b": "right-to-left embedding",
    "\u202c": "pop directional formatting",
    "\u202d": "left-to-right override",
    "\u202e": "right-to-left override",
    "\u2066": "left-to-right isolate",
    "\u2067": "right-to-left isolate",
    "\u2068": "first strong isolate",
    "\u2069": "pop directional isolate",
}
_INVISIBLE = lazy(f"[{''.join(INVISIBLE)}]")


def char_name(char: str) -> str:
    """A character as an error names it: ``zero-width space U+200B``.

    >>> char_name("\u200b"), char_name("\x1b"), char_name("é")
    ('zero-width space U+200B', 'control character U+001B', "'é' U+00E9")
    """
    code = f"U+{ord(char):04X}"
    if char in INVISIBLE:
        return f"{INVISIBLE[char]} {code}"
    if unicodedata.category(char) == "Cc":
        return f"control character {code}"
    return f"{char!r} {code}"


def strip_invisible(text: str) -> tuple[str, list[str]]:
    """``text`` without invisible characters, and a note for each one removed.

    >>> strip_invisible("Fear\u200b, Frenzy")
    ('Fear, Frenzy', ['removed zero-width space U+200B at column 5'])
    """
    if not _INVISIBLE.search(text):
        return text, []
    notes = [f"removed {char_name(m.group())} at column {m.start() + 1}" for m in _INVISIBLE.finditer(text)]
    return _INVISIBLE.sub("", text), notes


# A dice roll as rule texts write it ("D6", "2D6", "D3+1", "d3"): the one pattern
# the graph lexer, the adapters and lint share; the keyword grammar's DICE token
# (grammar/keywords.lark) also admits a multiplier ("D3x2").
DICE = r"\d*[dD]\d+(?:[+\-]\d+)?"


def fold(name: str) -> str:
    """The form names are compared in: case-, accent- and punctuation-blind.

    >>> fold("Schwere Rüstung") == fold("schwere rustung")
    True
    >>> fold("Counter-Attack"), fold("Nachladen!"), fold("Todesstoß")
    ('counter attack', 'nachladen', 'todesstoss')
    >>> fold("Steel Hex"), fold(" Steel  Hex"), fold("Hex_2 A+B"), fold("Steel\tHex "), fold("")
    ('steel hex', 'steel hex', 'hex_2 a+b', 'steel hex', '')
    """
    if name.isascii():
        # Plain ASCII has no invisible characters, no "ß", nothing NFKD changes and
        # no combining marks: the same result without a pass per character, which
        # counted for seconds of a 10,000-rule build (fold runs for every name and text).
        # Its case folded is its lower case.  Letters and digits in words one blank
        # apart (nine names in ten) are folded as they are: nothing for the pattern
        # to replace, no blank to squeeze (0.146 s to 0.064 s for the 110,045 names
        # of the 100,000-rule document).
        low = name.lower()
        if low.replace(" ", "").isalnum() and "  " not in low and low[:1] != " " and low[-1:] != " ":
            return low
        return " ".join(_NOT_WORD.sub(" ", low).split())
    name = _INVISIBLE.sub("", name)
    text = unicodedata.normalize("NFKD", name.replace("ß", "ss").replace("ẞ", "ss"))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(_NOT_WORD.sub(" ", text).split())


def query_forms(query: str) -> list[str]:
    """The folded forms a lookup tries, in order: as typed, without parameters,
    without a plural ending.

    >>> query_forms("Multiple Wounds (D3, Clipped Wings)")
    ['multiple wounds d3 clipped wings', 'multiple wounds', 'multiple wounds d3 clipped wing', 'multiple wound']
    >>> query_forms("Halberds")
    ['halberds', 'halberd']
    """
    forms = [fold(query)]
    bare = _PARAMETERS.sub("", query).strip()
    if bare and bare != query:
        forms.append(fold(bare))
    for form in list(forms):
        forms.extend(singulars(form))
    return [f for f in dict.fromkeys(forms) if f]


# The words a kind of thing's name opens with that say what it is used for ("Shooting Weapons",
# "Close Combat Weapon"): the one table of them, which the glossary's reader reads its category
# headers by and the referee its prohibitions of kinds ("cannot use Shooting Weapons").
USES = {"shooting": "shooting", "ranged": "shooting", "missile": "shooting", "close combat": "melee", "melee": "melee"}


# English number and verb endings, and what a rule's name has in their place:
# "Lances", "Abilities", "Frenzied", "Ambushing", "Ambushers", "Infiltrators".
# The one table of them: lookup, the graph's reader, lint and the adapters all
# read word forms through the functions below.
_PLURAL_ENDINGS = (("ies", "y"), ("s", ""), ("es", ""))
# verb, agent and adjective forms of a rule's name: "Frenzied", "Ambushing", "Infiltrators",
# "Invisible" (Invisibility)
_VERB_ENDINGS = (("ied", "y"), ("ing", ""), ("ed", ""), ("d", ""), ("ers", ""), ("er", ""), ("ors", "e"), ("or", "e"),
                 ("ible", "ibility"), ("able", "ability"))


def singulars(word: str) -> list[str]:
    """The singulars a plural (of one word, or a name's last word) may stand for.

    >>> singulars("lances"), singulars("abilities"), singulars("halberds")
    (['lance', 'lanc'], ['ability', 'abilitie', 'abiliti'], ['halberd'])
    >>> singulars("chaos"), singulars("glass")
    (['chao'], [])
    """
    out = []
    for ending, repl in _PLURAL_ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 2 and not word.endswith("ss"):
            out.append(word[: -len(ending)] + repl)
    return list(dict.fromkeys(out))


def plural(name: str) -> str:
    """The English plural of a name (its last word).

    >>> plural("Lance"), plural("Matching Base"), plural("Hex"), plural("Ability")
    ('Lances', 'Matching Bases', 'Hexes', 'Abilities')
    """
    if name.endswith(("s", "x", "z", "ch", "sh")):
        return f"{name}es"
    if name.endswith("y") and len(name) > 2 and name[-2] not in "aeiou":
        return f"{name[:-1]}ies"
    return f"{name}s"


def word_forms(term: str) -> list[str]:
    """The forms a name may be written in: as is, its plural, the singular and
    the rule a verb or agent form names ("Ambushers" -> "Ambush").

    >>> word_forms("Matching Base")[:2]
    ['Matching Base', 'Matching Bases']
    >>> "Lance" in word_forms("Lances"), "Ambush" in word_forms("Ambushers")
    (True, True)
    >>> "Ambush" in word_forms("Ambushing"), "Frenzy" in word_forms("Frenzied"), "Invisibility" in word_forms("Invisible")
    (True, True, True)
    """
    head, _, last = term.rpartition(" ")
    stem = f"{head} " if head else ""
    out = [term, f"{stem}{plural(last)}"]
    for ending, repl in _PLURAL_ENDINGS + _VERB_ENDINGS:
        if last.endswith(ending) and len(last) > len(ending) + 2:
            base = last[: -len(ending)] + repl
            out.append(f"{stem}{base}")
            if ending in ("ing", "ed") and len(base) > 2 and base[-1] == base[-2]:
                out.append(f"{stem}{base[:-1]}")  # "Scouted", "Chilled"
    return list(dict.fromkeys(out))


def find(named: Callable[[str, str], list[str]], rule_names: Mapping[str, str], query: str, systems: list[str]) -> list[str]:
    """Ids of the rules ``query`` names in ``systems``: exact names before aliases.

    ``named(system, form)``: the ids of the rules a folded name or alias names; ``rule_names`` id -> name.
    A rule's id (``t9a/fear``, in any case) names that rule too, so every
    command that takes a rule takes a name, an alias or an id alike.
    """
    as_id = query.strip().lower()
    if "/" in as_id and as_id in rule_names and as_id.split("/", 1)[0] in systems:
        return [as_id]
    for form in query_forms(query):
        found = [rid for s in systems for rid in named(s, form)]
        if found:
            ids = list(dict.fromkeys(found))
            return sorted(ids, key=lambda rid: (fold(rule_names[rid]) != form, rid))
    return []


def slips(a: str, b: str, most: int) -> int:
    """Edits from ``a`` to ``b``, a swap of two letters counting one (the optimal
    string alignment distance) when at most ``most``; ``most + 1`` otherwise.

    Letters both begin with, or both end with, cost nothing and are left out.  Of the
    table, only the cells at most ``most`` from the table's diagonal are worked out: a cell
    further off stands for more than ``most`` edits (each a letter in or out), so it
    is taken as ``most + 1``, as is every cell beyond that.  The table stops at the
    first row with no cell within ``most``: no later row can come back under it.

    >>> slips("faer", "fear", 1), slips("fearr", "fear", 1), slips("terror", "fear", 1)
    (1, 1, 2)
    """
    if a == b:
        return 0
    la, lb = len(a), len(b)
    over = most + 1
    if la - lb > most or lb - la > most:
        return over
    start = 0  # letters both begin with, or both end with: no edit
    while start < la and start < lb and a[start] == b[start]:
        start += 1
    while la > start and lb > start and a[la - 1] == b[lb - 1]:
        la -= 1
        lb -= 1
    a, b = a[start:la], b[start:lb]
    la, lb = la - start, lb - start
    before: list[int] = []
    previous = [j if j <= most else over for j in range(lb + 1)]
    for i in range(1, la + 1):
        row = [over] * (lb + 1)
        if i <= most:
            row[0] = i
        low = row[0]
        ai = a[i - 1]
        swap = i > 1
        for j in range(max(1, i - most), min(lb, i + most) + 1):
            bj = b[j - 1]
            cell = previous[j - 1] + (ai != bj)
            if previous[j] < cell - 1:
                cell = previous[j] + 1
            if row[j - 1] < cell - 1:
                cell = row[j - 1] + 1
            if swap and j > 1 and ai == b[j - 2] and a[i - 2] == bj and before[j - 2] < cell - 1:
                cell = before[j - 2] + 1
            if cell > over:
                cell = over
            row[j] = cell
            if cell < low:
                low = cell
        if low > most:
            return over
        before, previous = previous, row
    return previous[lb]


def near_miss(written: str, name: str) -> bool:
    """Whether ``written`` is one slip from ``name`` (two for ten letters or more): a
    letter left out, added, changed, or two letters swapped.

    >>> near_miss("hnad weapon", "hand weapon"), near_miss("halbred", "halberd"), near_miss("fear", "terror")
    (True, True, False)
    """
    most = most_slips(written)
    return written != name and abs(len(written) - len(name)) <= most and slips(written, name, most) <= most


def most_slips(written: str) -> int:
    """The slips a name written ``written`` may be from the name it means: one, two for ten letters or more."""
    return 1 if len(written) < 10 else 2


# "makes his Make Way! first": a name's "!" before a small letter ends no sentence; nor does "(ex." ("(ex. When the fleeing unit ...)") or "e.g."
_SENTENCE = lazy(r"(?<=[.!?])(?<!\bex\.)(?<!\bEx\.)(?<!\be\.g\.)\s+(?![a-z])")


def sentences(text: str) -> list[str]:
    """A text's sentences; a stray "." left by extraction is none."""
    return [s.strip() for s in _SENTENCE.split(text) if any(c.isalnum() for c in s)]


# the words of a kind of unit that name no kind of their own: "a unit from reserve" is of "reserve"
_KIND_STOP = frozenset({"a", "an", "the", "unit", "units", "model", "models", "from", "of", "in", "on", "at", "into"})


def kind_words(words: str) -> frozenset[str]:
    """The words that name a kind ("unit from reserve" -> {"reserve"}), each in the singular."""
    return frozenset(next(iter(singulars(w)), w) for w in fold(words).split() if w not in _KIND_STOP)
