"""Where every generated page and anchor is: one place decides, every page asks.

A system's pages live in one folder, ``<section>/<system>/``: ``index`` (the
A-Z index), ``categories``, ``report`` (the Editor's report), a page per
rule named by its id's slug, and ``sources/<document>`` for each document.
Links between them are relative, so the site works from any folder and
from a copied one (``use_directory_urls: false``).

Anchors are made to last: a rule's sub-rule is ``#<its slug>``; a sentence
is ``#s-`` and its first words (``#s-units-in-base-contact-with``), so an
edit elsewhere in the rule leaves the link a referee pasted intact.

>>> Address("rules").rule_page("t9a/fear")
'rules/t9a/fear.md'
>>> Address("rules").rule_page("t9a/index")
'rules/t9a/index-rule.md'
>>> relative("rules/t9a/fear.md", "rules/t9a/sources/universal-rules-txt.md", "L58")
'sources/universal-rules-txt.html#L58'
>>> sentence_anchor("Units in base contact with one or more enemy models with Fear suffer -1 Discipline.")
's-units-in-base-contact-with'
"""

from __future__ import annotations

import posixpath
import unicodedata
from functools import lru_cache

from referee.patterns import lazy

# page names of a system's own pages; a rule whose slug is one of them gets "-rule"
RESERVED = frozenset({"index", "categories", "report", "sources"})
SENTENCE_WORDS = 5
_NOT_SLUG = lazy(r"[^a-z0-9]+")
_SPELLED = str.maketrans({"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "þ": "th", "đ": "d", "ł": "l"})


def slug(text: str, limit: int = 60) -> str:
    """Lower-case ASCII words joined by dashes ("Hellebarde (Zweihänder)" -> "hellebarde-zweihander").

    >>> slug("Großer Schild & Lanze!")
    'grosser-schild-lanze'
    >>> slug("<script>")
    'script'
    """
    text = text.casefold()
    if not text.isascii():  # most names and sentences are: no accents to take off
        text = unicodedata.normalize("NFKD", text.translate(_SPELLED))
        text = "".join(c for c in text if not unicodedata.combining(c))
    out = _NOT_SLUG.sub("-", text).strip("-")
    if len(out) > limit:
        out = out[:limit].rsplit("-", 1)[0] or out[:limit]
    return out


def sentence_anchor(sentence: str) -> str:
    """The anchor of a sentence: ``s-`` and its first words (``s-x`` when it has none)."""
    words = slug(sentence, limit=200).split("-")[:SENTENCE_WORDS]
    return "s-" + ("-".join(w for w in words if w) or "x")


class Anchors:
    """Unique ids within one page: a second "s-the-model-gains" becomes "s-the-model-gains-2".

    >>> a = Anchors({"rule"})
    >>> a.take("s-fear"), a.take("s-fear"), a.take("rule")
    ('s-fear', 's-fear-2', 'rule-2')
    """

    def __init__(self, taken: set[str] | None = None) -> None:
        self.taken = set(taken or ())

    def take(self, wanted: str) -> str:
        anchor, n = wanted, 1
        while anchor in self.taken:
            n += 1
            anchor = f"{wanted}-{n}"
        self.taken.add(anchor)
        return anchor


class Address:
    """The source paths (``.md``, as MkDocs names pages) of every generated page."""

    def __init__(self, section: str) -> None:
        self.section = section.strip("/")
        self._pages: dict[str, str] = {}

    def folder(self, system: str) -> str:
        return f"{self.section}/{system}"

    def system_page(self, system: str, page: str = "index") -> str:
        return f"{self.folder(system)}/{page}.md"

    def rule_page(self, rule_id: str) -> str:
        found = self._pages.get(rule_id)
        if found is None:
            found = self._pages[rule_id] = self._rule_page(rule_id)
        return found

    def _rule_page(self, rule_id: str) -> str:
        system, _, name = rule_id.partition("/")
        name = slug(name) or "rule"
        if name in RESERVED:
            name += "-rule"
        return f"{self.folder(system)}/{name}.md"

    def document_page(self, document: str) -> str:
        """``t9a/universal-rules.txt`` -> ``rules/t9a/sources/universal-rules-txt.md``."""
        system, _, path = document.partition("/")
        return f"{self.folder(system)}/sources/{slug(path, limit=120) or 'document'}.md"

    def asset(self, name: str) -> str:
        return f"{self.section}/_assets/{name}"


def html_path(src: str) -> str:
    """The file a page source becomes with ``use_directory_urls: false``."""
    return src[:-3] + ".html" if src.endswith(".md") else src


def relative(here: str, there: str, anchor: str | None = None) -> str:
    """The link from page ``here`` to page (or asset) ``there``, both source paths."""
    path = _relative(here, there)
    return f"{path}#{anchor}" if anchor else path


@lru_cache(maxsize=65536)
def _relative(here: str, there: str) -> str:
    target = html_path(there)
    base, name = posixpath.split(target)
    if base == posixpath.dirname(here):  # the common case: two pages of one system
        return name
    return posixpath.relpath(target, posixpath.dirname(html_path(here)) or ".")


def line_anchor(line: int) -> str:
    return f"L{line}"
