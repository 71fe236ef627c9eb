"""Names matched three ways: exactly, by stem, and nearly (prefix or typo).

Each function takes the open :class:`~referee.search.index.Index`, the query
and the systems searched, and returns ``(fields, kind, closeness)`` for each
rule found: ``fields`` the rule's stored fields, ``kind`` ``"name"``,
``"alias"`` or ``"id"`` (which of its names matched), ``closeness`` how like
that name the query is (1.0 the same).
"""

from __future__ import annotations

import difflib
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from whoosh import query as wq

from referee.search import analysis
from referee.text import fold, query_forms

if TYPE_CHECKING:
    from typing import Any

    from referee.search.index import Index

    Found = tuple[dict[str, Any], str, float]

NEAR_WORDS = 6  # a query of more words is a description, not a name
NEAR_LIMIT = 50
LONGEST_WORD = 30  # longer "words" are no name mistyped; fuzzy matching them only costs time


def closest(forms: list[list[str]], query: str) -> tuple[str, float]:
    """Which of a rule's names (``[name, kind, lang]``) ``query`` is most like, and how much.

    >>> closest([["Halberd", "name", "en"], ["Hellebarde", "alias", "de"]], "hellebard")
    ('alias', 0.947)
    """
    folded = fold(query)
    best = ("name", 0.0)
    for name, kind, _lang in forms:
        ratio = round(difflib.SequenceMatcher(None, folded, fold(name)).ratio(), 3)
        if ratio > best[1]:
            best = (kind, ratio)
    return best


def exact(index: Index, query: str, systems: list[str]) -> list[Found]:
    """Rules ``query`` names as ``referee lookup`` reads it: an id, a name or an
    alias (case-, accent- and punctuation-blind, parameters and plurals
    forgiven); names before aliases."""
    searcher = index.searcher()
    as_id = query.strip().lower()
    if "/" in as_id and as_id.split("/", 1)[0] in systems:
        doc = searcher.document(id=as_id)
        if doc is not None:
            return [(doc, "id", 1.0)]
    for form in query_forms(query):
        docs = [d for d in searcher.documents(exact=form) if d["system"] in systems]
        if docs:
            docs.sort(key=lambda d: (fold(d["title"]) != form, d["id"]))
            return [(d, _kind(d, form), 1.0) for d in docs]
    return []


def _kind(doc: dict[str, Any], form: str) -> str:
    for name, kind, _lang in doc["forms"]:
        if form in query_forms(name) or fold(name) == form:
            return kind
    return "alias"


def stemmed(index: Index, query: str, systems: list[str]) -> list[Found]:
    """Rules whose name or alias is the query's words, stemmed ("Poisoned Attacks"
    is Poison Attacks, "Giftattacke" is Giftattacken) or run together
    ("QuicktoFire" is Quick to Fire)."""
    bare = analysis.bare(query)
    keys = {fold(bare).replace(" ", "")}
    schema = index.schema
    for lang in index.languages:
        keys.add(" ".join(analysis.terms(schema[f"text_{lang}"].analyzer, bare)))
    searcher = index.searcher()
    out: dict[str, Found] = {}
    for key in sorted(k for k in keys if k):
        for doc in searcher.documents(stems=key):
            if doc["system"] in systems and doc["id"] not in out:
                kind, ratio = closest(doc["forms"], bare)
                out[doc["id"]] = (doc, kind, ratio)
    return sorted(out.values(), key=lambda f: (-f[2], f[0]["id"]))


def max_edits(word: str) -> int:
    """Typos forgiven in a word: none up to 3 letters, one up to 7, two beyond
    (whoosh counts a swap of neighbours as two).

    >>> [max_edits(w) for w in ("fly", "flyy", "frenzyy", "mulitple")]
    [0, 1, 1, 2]
    """
    return 0 if len(word) <= 3 else 1 if len(word) <= 7 else 2


def near(index: Index, query: str, systems: list[str], system: str | None) -> list[Found]:
    """Rules with a name or alias that has every word of the query, each word
    as typed, begun ("hellebard", "ral flag") or with a typo or two
    ("mulitple wounds", "frenzyy"); best first."""
    bare = analysis.bare(query)
    words = [w for w in analysis.terms(index.schema["names"].analyzer, bare) if w not in analysis.STOPWORDS]
    if not words or len(words) > NEAR_WORDS or max(len(w) for w in words) > LONGEST_WORD:
        return []
    clauses = []
    for word in words:
        options: list[wq.Query] = [wq.Term("names", word)]
        if max_edits(word):
            options.append(wq.FuzzyTerm("names", word, maxdist=max_edits(word), prefixlength=1))
        if len(word) >= 3:
            options.append(wq.Prefix("names", word))
        clauses.append(wq.Or(options))
    limit = wq.Term("system", system) if system else None
    hits = index.searcher().search(wq.And(clauses), limit=NEAR_LIMIT, filter=limit)
    out = []
    for hit in hits:
        doc = hit.fields()
        if doc["system"] in systems:
            kind, ratio = closest(doc["forms"], bare)
            out.append((doc, kind, ratio))
    return sorted(out, key=lambda f: (-f[2], f[0]["id"]))
