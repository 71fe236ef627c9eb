"""Words of rule text: stemmed, weighed by field, phrases rewarded, typos corrected.

Each word of the query is looked for in every stemmed field (names and
aliases weigh most, then sub-rule headings, keyword names and category,
then the text), the fields' scores added up.  Words most rules have
choose no candidates (they rank nothing and cost most).  Among the best
candidates only, rules with more of the words rank higher (coverage,
weighed by how rare each word is), and rules whose text has the words
close together, in order, gain a phrase bonus (whoosh's phrase queries,
which walk every rule that has the words, cost seconds at 100,000 rules).

A query may use whoosh's syntax: ``"a phrase"``, ``word*``, ``AND``, ``OR``,
``NOT`` and brackets.  A query that syntax cannot read whole, or whose
wildcards are too wide (fewer than two letters before ``*``), is read as
plain words: nothing a player types makes a search fail.

A word that no rule has is corrected to the nearest word the rules do have
(for "did you mean"), and the correction is searched beside it.
"""

from __future__ import annotations

import math
import re
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from whoosh import query as wq

from referee.patterns import lazy
from referee.search import analysis
from referee.search.match import LONGEST_WORD, max_edits

if TYPE_CHECKING:
    from typing import Any

    from referee.search.index import Index

# Field kinds searched for words, and their weights.
WEIGHTS = {"name": 3.0, "alias": 3.0, "heading": 2.0, "keywords": 1.5, "category": 1.5, "text": 1.0}
PUBLIC = {"name": "name", "alias": "alias", "heading": "heading", "keywords": "keyword", "category": "category", "text": "text"}
TEXT_MAX = 0.49  # a match in text never ranks with a match of names
PHRASE_SLOP = 3  # words between the query's words (stopwords left out of the phrase)
PHRASE_BONUS = 0.5  # of the best candidate's score, for having the words close, in order
CANDIDATES = 50  # rules the words find before the phrase and coverage are weighed
COMMON = 0.25  # a word in more of the rules than this does not choose candidates
CORRECTION_WEIGHT = 0.7
_SYNTAX = lazy(r'"|\*|\b(?:AND|OR|NOT)\b')


class Words:
    """The query's words: as typed, folded, and the terms each gives per field."""

    __slots__ = ("surface", "folded", "content", "terms", "corrections", "corrected_terms")

    def __init__(self, surface: list[str], folded: list[str], content: list[int]) -> None:
        self.surface = surface
        self.folded = folded
        self.content = content  # indexes of the words that are not stopwords
        self.terms: dict[int, set[tuple[str, str]]] = {}  # word -> (field, term)
        self.corrections: dict[int, str] = {}
        self.corrected_terms: dict[int, set[tuple[str, str]]] = {}  # of the corrections

    @classmethod
    def of(cls, text: str) -> Words:
        surface = [t.text for t in analysis.RuleTokenizer()(text, mode="query")]
        folded = [analysis.fold_word(w) for w in surface]
        content = [i for i, w in enumerate(folded) if w not in analysis.STOPWORDS] or list(range(len(folded)))
        return cls(surface, folded, content)

    def did_you_mean(self) -> str | None:
        if not self.corrections:
            return None
        return " ".join(self.corrections.get(i, w) for i, w in enumerate(self.surface))


def fields(index: Index) -> list[tuple[str, float]]:
    """The searched fields of this index (per language) with their weights."""
    if index._fields is None:
        names = set(index.schema.names())
        out = [("keywords", WEIGHTS["keywords"])]
        for lang in index.languages:
            out.extend((f"{kind}_{lang}", weight) for kind, weight in WEIGHTS.items() if f"{kind}_{lang}" in names)
        index._fields = out
    return index._fields


def public_field(name: str) -> str:
    """``text_de`` -> ``text``: the field name a result's ``matched`` lists."""
    return PUBLIC.get(name.rsplit("_", 1)[0] if name != "keywords" else name, name)


def correct(index: Index, words: Words) -> None:
    """Fill ``words.corrections``: for each word no rule has, the nearest one some rule has."""
    reader = index.searcher().reader()
    schema = index.schema
    searched = fields(index)
    for i in words.content:
        word = words.folded[i]
        if not 4 <= len(word) <= LONGEST_WORD or not word.isalpha() or reader.doc_frequency("vocab", word):
            continue
        if any(reader.doc_frequency(f, t) for f, _ in searched for t in analysis.terms(schema[f].analyzer, words.surface[i])):
            continue  # known in another form ("rerolls" is the stem of "reroll")
        best: tuple[int, int, str] | None = None
        for candidate in reader.terms_within("vocab", word, max(1, max_edits(word)), prefix=1):
            candidate = candidate.decode() if isinstance(candidate, bytes) else candidate
            key = (edits(word, candidate), -reader.doc_frequency("vocab", candidate), candidate)
            best = key if best is None or key < best else best
        if best is not None:
            words.corrections[i] = best[2]


def edits(a: str, b: str) -> int:
    """Edit distance counting a swap of neighbours as one edit.

    >>> edits("mulitple", "multiple"), edits("frenzyy", "frenzy"), edits("fear", "fear")
    (1, 1, 0)
    """
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


def uses_syntax(text: str) -> bool:
    """Whether ``text`` uses whoosh's query syntax (quotes, ``*``, AND, OR, NOT)."""
    return _SYNTAX.search(text) is not None


class TextQuery:
    """The text tier's query, and the phrase that earns a bonus: (field, terms) per language."""

    __slots__ = ("base", "phrase")

    def __init__(self, base: wq.Query, phrase: list[tuple[str, list[str]]]) -> None:
        self.base, self.phrase = base, phrase


def build_query(index: Index, text: str, words: Words, plain: bool = False) -> TextQuery | None:
    """The queries for ``text``: its syntax where it uses some and that reads
    (unless ``plain``), else its plain words."""
    options = _word_terms(index, words)
    phrase = _phrase(index, words)
    if not plain and uses_syntax(text):
        parsed = _parsed(index, text)
        if parsed is not None:
            return TextQuery(parsed, phrase)
    kept = _uncommon(index, {i: terms for i, terms in options.items() if terms})
    # An Or of the fields, not a DisjunctionMax: whoosh-reloaded 2.7.5's
    # DisjunctionMax gives every rule it matches the same score.
    clauses = [wq.Or(options[i]) for i in kept]
    if not clauses:
        return None
    return TextQuery(clauses[0] if len(clauses) == 1 else wq.Or(clauses), phrase)


def _uncommon(index: Index, options: dict[int, list[wq.Query]]) -> list[int]:
    """The words that choose the candidates: those in fewer than ``COMMON`` of
    the rules, or the rarest one if every word is that common.

    A word most rules have ("model", "unit") ranks nothing, and walking its
    postings is most of a query's time; it still counts in a candidate's
    coverage, read for the candidates alone.
    """
    reader = index.searcher().reader()
    total = reader.doc_count() or 1
    share = {i: max(reader.doc_frequency(q.fieldname, q.text) for q in terms) / total for i, terms in options.items()}
    kept = [i for i in options if share[i] <= COMMON]
    return kept or sorted(options, key=share.__getitem__)[:1]


def _word_terms(index: Index, words: Words) -> dict[int, list[wq.Query]]:
    """Per content word, a term query for each field it gives a term in (and for its correction)."""
    schema = index.schema
    out: dict[int, list[wq.Query]] = {}
    for i in words.content:
        written = [(words.surface[i], 1.0, words.terms)]
        if i in words.corrections:
            written.append((words.corrections[i], CORRECTION_WEIGHT, words.corrected_terms))
        terms = out.setdefault(i, [])
        for form, weight, into in written:
            for name, boost in fields(index):
                for term in analysis.terms(schema[name].analyzer, form):
                    terms.append(wq.Term(name, term, boost=boost * weight))
                    into.setdefault(i, set()).add((name, term))
    return out


def _phrase(index: Index, words: Words) -> list[tuple[str, list[str]]]:
    """The query's words in order, in the text of each language."""
    if len(words.content) < 2:
        return []
    out = []
    for lang in index.languages:
        name = f"text_{lang}"
        terms = [t for i in words.content for t in analysis.terms(index.schema[name].analyzer, words.surface[i])]
        if len(terms) >= 2:
            out.append((name, terms))
    return out


def _parsed(index: Index, text: str) -> wq.Query | None:
    """``text`` read with whoosh's query syntax, or None where that reading is unsafe."""
    from whoosh import qparser

    group = qparser.OrGroup.factory(0.9)
    parser = qparser.MultifieldParser([n for n, _ in fields(index)], index.schema, fieldboosts=dict(fields(index)), group=group, plugins=[])
    for plugin in (qparser.WhitespacePlugin(), qparser.PhrasePlugin(), qparser.WildcardPlugin(), qparser.GroupPlugin(), qparser.OperatorsPlugin()):
        parser.add_plugin(plugin)
    try:
        parsed = parser.parse(text.replace("?", " "))  # a question mark ends a question; it is no wildcard
    except Exception:  # noqa: BLE001 - whoosh cannot read it: plain words then
        return None
    if isinstance(parsed, type(wq.NullQuery)) or not _safe(parsed):
        return None
    return parsed


def _safe(q: wq.Query) -> bool:
    """No wildcard matching nearly everything, no error nodes, something to match
    (a query of NOT alone would match every rule but one)."""
    leaves = [q] if q.is_leaf() else list(q.leaves())
    if not leaves or getattr(q, "error", None) or not _positive(q):
        return False
    for leaf in leaves:
        if isinstance(leaf, (wq.Every, type(wq.NullQuery))) or getattr(leaf, "error", None):
            return False
        if isinstance(leaf, (wq.Wildcard, wq.Prefix)):
            literal = re.split(r"[*?]", leaf.text, maxsplit=1)[0]
            if len(literal) < 2:
                return False
    return True


def _positive(q: wq.Query) -> bool:
    """Whether ``q`` asks for something, not only for the absence of something."""
    if isinstance(q, wq.Not):
        return False
    if isinstance(q, wq.AndNot):
        return _positive(q.a)
    if isinstance(q, (wq.AndMaybe, wq.Require)):
        return _positive(q.a)
    if q.is_leaf():
        return True
    return any(_positive(sub) for sub in q.children())


def run(index: Index, query: TextQuery, words: Words, system: str | None, limit: int) -> list[tuple[dict[str, Any], float, set[str]]]:
    """``(fields, score, matched)`` of the rules the words find, best first.

    The words find the candidates (BM25F, the best ``CANDIDATES``); among
    them only, the phrase is looked for and each candidate's coverage read,
    both from the postings.  ``score`` is below 0.5: half for how much of
    the query the rule has (squared, so a rule with all of it wins; a word
    found only as corrected counts half), half for its BM25F score and
    phrase bonus beside the best one's.  Words count by how rare they are:
    a rule with "painted" and "armies" has more of "victory points for
    painted armies" than one with "victory", "points" and "armies".
    """
    searcher = index.searcher()
    # A filter, not an And with a system clause: whoosh-reloaded 2.7.5's
    # quality skipping drops some of the best rules from such an And (and
    # divides by zero if the clause weighs nothing).
    filter_ = wq.Term("system", system) if system else None
    hits = searcher.search(query.base, limit=max(CANDIDATES, limit), filter=filter_)
    if not hits.scored_length():
        return []
    raw = {hit.docnum: hit.score for hit in hits}
    top_base = max(raw.values()) or 1.0
    for docnum in _with_phrase(searcher, query.phrase, sorted(raw)):
        raw[docnum] += PHRASE_BONUS * top_base
    found = _terms_in(searcher, words, sorted(raw))
    top = max(raw.values()) or 1.0
    counted = words.content
    weight = _rarity(searcher, words, counted)
    out = []
    for docnum, value in raw.items():
        has = found.get(docnum, set())
        covered = sum(weight[i] * (1.0 if words.terms.get(i, set()) & has else 0.5 if words.corrected_terms.get(i, set()) & has else 0.0) for i in counted)
        coverage = covered / sum(weight.values())
        score = min(TEXT_MAX, 0.5 * coverage**2 * (0.5 + 0.5 * value / top))
        out.append((docnum, score, {public_field(name) for name, _ in has} or {"text"}))
    out.sort(key=lambda f: (-f[1], f[0]))
    return [(searcher.stored_fields(docnum), score, matched) for docnum, score, matched in out[:limit]]


def _with_phrase(searcher: Any, phrases: list[tuple[str, list[str]]], docnums: list[int]) -> set[int]:
    """Which of ``docnums`` (sorted) have a phrase's terms in order, each within
    ``PHRASE_SLOP`` words of the one before.  Read from the terms' positions
    for these rules only: whoosh's phrase query would walk every rule that
    has the words."""
    reader = searcher.reader()
    out: set[int] = set()
    for name, terms in phrases:
        if not all((name, t) in reader for t in terms):
            continue
        positions: dict[int, list[list[int]]] = {d: [] for d in docnums}
        for term in terms:
            postings = reader.postings(name, term)
            for docnum in docnums:
                if postings.is_active() and postings.id() < docnum:
                    postings.skip_to(docnum)
                if postings.is_active() and postings.id() == docnum:
                    positions[docnum].append(list(postings.value_as("positions")))
        out.update(d for d, lists in positions.items() if len(lists) == len(terms) and _in_order(lists))
    return out


def _in_order(positions: list[list[int]], gap: int = PHRASE_SLOP + 1) -> bool:
    """Whether one position of each list follows the one before by at most ``gap``.

    >>> _in_order([[0, 9], [1, 4], [6]]), _in_order([[0], [1, 2], [4]], gap=2), _in_order([[5], [1]])
    (True, True, False)
    """
    reach = set(positions[0])
    for later in positions[1:]:
        reach = {p for p in later if any(0 < p - q <= gap for q in reach)}
        if not reach:
            return False
    return True


def _rarity(searcher: Any, words: Words, counted: list[int]) -> dict[int, float]:
    """How much each word tells (inverse document frequency): "painted" more than "points"."""
    reader = searcher.reader()
    total = reader.doc_count() or 1
    out = {}
    for i in counted:
        pairs = words.terms.get(i, set()) | words.corrected_terms.get(i, set())
        df = max((reader.doc_frequency(name, term) for name, term in pairs), default=0)
        out[i] = math.log((total + 1) / (df + 1)) + 1.0
    return out


def _terms_in(searcher: Any, words: Words, docnums: list[int]) -> dict[int, set[tuple[str, str]]]:
    """Which of the query's (field, term) pairs each of ``docnums`` (sorted) has."""
    reader = searcher.reader()
    out: dict[int, set[tuple[str, str]]] = {}
    pairs = {pair for terms in (*words.terms.values(), *words.corrected_terms.values()) for pair in terms}
    for name, term in pairs:
        if (name, term) not in reader:
            continue
        postings = reader.postings(name, term)
        for docnum in docnums:
            if not postings.is_active():
                break
            if postings.id() < docnum:
                postings.skip_to(docnum)
                if not postings.is_active():
                    break
            if postings.id() == docnum:
                out.setdefault(docnum, set()).add((name, term))
    return out
