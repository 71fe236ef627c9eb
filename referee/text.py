"""How names are compared: imported on every CLI call, so it stays tiny."""

from __future__ import annotations

import re
import unicodedata

_NOT_WORD = re.compile(r"[^\w&+]+")
_PARAMETERS = re.compile(r"\s*[(\[{].*$")


def fold(name: str) -> str:
    """The form names are compared in: case-, accent- and punctuation-blind.

    >>> fold("Schwere Rüstung") == fold("schwere rustung")
    True
    >>> fold("Counter-Attack"), fold("Nachladen!"), fold("Todesstoß")
    ('counter attack', 'nachladen', 'todesstoss')
    """
    text = unicodedata.normalize("NFKD", name.replace("ß", "ss").replace("ẞ", "ss"))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(_NOT_WORD.sub(" ", text).split())


def query_forms(query: str) -> list[str]:
    """The folded forms a lookup tries, in order: as typed, without parameters,
    without a plural ending.

    >>> query_forms("Multiple Wounds (D3, Clipped Wings)")
    ['multiple wounds d3 clipped wings', 'multiple wounds']
    >>> query_forms("Halberds")
    ['halberds', 'halberd']
    """
    forms = [fold(query)]
    bare = _PARAMETERS.sub("", query).strip()
    if bare and bare != query:
        forms.append(fold(bare))
    for form in list(forms):
        if form.endswith("s") and len(form) > 3:
            forms.append(form[:-1])
    return [f for f in dict.fromkeys(forms) if f]


def find(
    names: dict[str, dict[str, list[str]]], rule_names: dict[str, str], query: str, systems: list[str]
) -> list[str]:
    """Ids of the rules ``query`` names in ``systems``: exact names before aliases.

    ``names`` maps system -> folded name or alias -> ids; ``rule_names`` id -> name.
    """
    for form in query_forms(query):
        found = [rid for s in systems for rid in names.get(s, {}).get(form, [])]
        if found:
            ids = list(dict.fromkeys(found))
            return sorted(ids, key=lambda rid: (fold(rule_names[rid]) != form, rid))
    return []
