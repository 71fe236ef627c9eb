"""How rule text and queries become index terms.

One tokenizer for every field: words of letters and digits, where a word
written with a hyphen or an apostrophe ("re-roll", "Counter-Attack",
"Thu'um") is indexed both as its parts and joined ("reroll",
"counterattack"), so "rerolls" finds "re-roll" and "counter attack" finds
"Counter-Attack"; a query keeps only the joined form.  A possessive "'s" is
dropped, and a distance in inches (``12"``) is also the word "inches".

Every field folds case and accents the way names are compared everywhere
(:func:`referee.text.fold`: "Todesstoß" = "todesstoss", "Rüstung" =
"rustung").  Stemmed fields add the Snowball stemmer of their language:
English on English text, German on German names and text ("Giftattacke" =
"Giftattacken", "frenzied" = "Frenzy").  German is stemmed before folding,
since its stemmer knows the umlauts; the others after.

The analyzers are pickled into the index (whoosh keeps its schema that
way), so their classes live here, in a module the index can always import.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from whoosh.analysis import Analyzer, Filter, LowercaseFilter, StemFilter, Token, Tokenizer
from whoosh.lang import has_stemmer

from referee.patterns import lazy

_WORD = lazy(r"\w+(?:[-\u2010\u2011'\u2019]\w+)*")
_JOINERS = lazy(r"[-\u2010\u2011'\u2019]")
_INCH_MARKS = frozenset('"\u2033\u201d')  # 12" and 12″ are 12 inches
_PARAMETERS = lazy(r"\s*[(\[{].*$")  # what lookup drops from "Multiple Wounds (D3)"
_INVISIBLE = lazy("[\u00ad\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff\u061c]")

# Words that carry no meaning on their own.  Negations ("not", "cannot",
# "never") are kept: rules turn on them.  Used on queries only; the index
# keeps every word, so phrases match as written.
STOPWORDS = frozenset(
    """a an the of to in on at for by with and or is are be been its it this that these those from as
    into onto than then there their his her he she they them do does any each
    der die das den dem des ein eine einer eines einem einen und oder mit von zu im am ist sind""".split()
)


def fold_word(word: str) -> str:
    """A word case- and accent-blind, as :func:`referee.text.fold` compares names.

    >>> fold_word("Todesstoß"), fold_word("Rüstung"), fold_word("ÆTHER")
    ('todesstoss', 'rustung', 'æther')
    """
    text = unicodedata.normalize("NFKD", word.replace("ß", "ss").replace("ẞ", "ss"))
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


class RuleTokenizer(Tokenizer):
    """Words; hyphenated and apostrophe compounds as parts and joined (index) or joined (query).

    >>> [t.text for t in RuleTokenizer()("may re-roll the model's dice")]
    ['may', 're', 'reroll', 'roll', 'the', 'model', 'dice']
    >>> [t.text for t in RuleTokenizer()("re-roll", mode="query")]
    ['reroll']
    >>> [t.text for t in RuleTokenizer()('within 12" of it')]
    ['within', '12', 'inches', 'of', 'it']
    """

    def __eq__(self, other: object) -> bool:
        return other.__class__ is self.__class__

    def __hash__(self) -> int:
        return hash(self.__class__.__name__)

    def __call__(  # type: ignore[override]
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: object,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        value = _INVISIBLE.sub("", value) if _INVISIBLE.search(value) else value
        if not tokenize:
            yield self._set(token, value, start_pos, start_char, start_char + len(value), keeporiginal)
            return
        pos = start_pos
        for match in _WORD.finditer(value):
            word, start, end = match.group(0), match.start(), match.end()
            parts = _JOINERS.split(word)
            if len(parts) > 1 and parts[-1].lower() == "s" and word[-2] in "'\u2019":
                parts = parts[:-1]  # "model's" is "model"
                end -= 2
                word = word[: end - start]
            if len(parts) == 1:
                yield self._set(token, word, pos, start_char + start, start_char + end, keeporiginal)
                pos += 1
                if word[-1].isdigit() and value[end : end + 1] in _INCH_MARKS:
                    yield self._set(token, "inches", pos, start_char + end, start_char + end + 1, keeporiginal)
                    pos += 1
                continue
            joined = "".join(parts)
            if mode == "query":
                yield self._set(token, joined, pos, start_char + start, start_char + end, keeporiginal)
                pos += 1
                continue
            # The joined form stands where its last part does, so a phrase that
            # goes on after the compound ("reroll failed") stays adjacent.
            offset = start
            for i, part in enumerate(parts):
                if i == len(parts) - 1:
                    yield self._set(token, joined, pos, start_char + start, start_char + end, keeporiginal)
                yield self._set(token, part, pos, start_char + offset, start_char + offset + len(part), keeporiginal)
                offset += len(part) + 1
                pos += 1

    @staticmethod
    def _set(token: Token, text: str, pos: int, start: int, end: int, keeporiginal: bool) -> Token:
        token.text = text
        token.boost = 1.0
        token.stopped = False
        if keeporiginal:
            token.original = text
        if token.positions:
            token.pos = pos
        if token.chars:
            token.startchar = start
            token.endchar = end
        return token


class FoldFilter(Filter):
    """Case- and accent-folds every token (ß is ss); drops tokens that fold to nothing."""

    def __call__(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for token in tokens:
            text = token.text
            if not text.isascii() or not text.islower():
                text = fold_word(text)
            if text:
                token.text = text
                yield token


def folding() -> Analyzer:
    """Words folded, not stemmed: for names compared letter by letter (typos, prefixes).

    >>> [t.text for t in folding()("Schwere Rüstung")]
    ['schwere', 'rustung']
    """
    return RuleTokenizer() | FoldFilter()


def stemming(lang: str) -> Analyzer:
    """Words folded and stemmed in ``lang`` (folded only where whoosh has no stemmer).

    >>> [t.text for t in stemming("en")("Rerolls of Poisoned Attacks")]
    ['rerol', 'of', 'poison', 'attack']
    >>> [t.text for t in stemming("de")("Giftattacken")] == [t.text for t in stemming("de")("Giftattacke")]
    True
    """
    if not has_stemmer(lang):
        return folding()
    if lang == "de":
        return RuleTokenizer() | LowercaseFilter() | StemFilter(lang="de") | FoldFilter()
    return RuleTokenizer() | FoldFilter() | StemFilter(lang=lang)


def bare(name: str) -> str:
    """A name without its parameters, as lookup reads it.

    >>> bare("Multiple Wounds (D3, Clipped Wings)"), bare("Fear")
    ('Multiple Wounds', 'Fear')
    """
    return _PARAMETERS.sub("", name).strip() or name.strip()


def terms(analyzer: Analyzer, text: str) -> list[str]:
    """The terms a query's text gives in a field."""
    return [t.text for t in analyzer(text, mode="query")]
