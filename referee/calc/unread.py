"""Why a question the grammar cannot read is not answered, when the reason is in the documents.

A player asks about a mechanic in its own words: "leadership test Ld 8",
"hit BS4", "Discipline Test with Discipline 8".  The grammar stops on such a
question, but a caret under "8" tells the player nothing; what they need to
hear is that the asked system's documents do not define the thing:

- a characteristic the grammar does not take ("BS4", "Ld 8", "OS4"): the
  documents never name it, or name it without a form of calc that reads it;
- a thing named by its own words before the point where reading stopped
  ("leadership test", "discipline test"): the documents never name it, or name
  it only in passing (the sentence is quoted) with no rule of that name.

Either is one line (:class:`Refusal`, exit 2).  A question that stops on a
word calc knows ("hit CS5 vs vs CS4") keeps its caret: the grammar is the
reason there.
"""

from __future__ import annotations

import re

from referee.calc import lalr
from referee.calc.citations import Rulebook, rule_sentences, squeeze
from referee.calc.errors import CalcSyntaxError, Refusal, or_list

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

# "BS4", "Ld 8", "OS 4": a short name of a characteristic and its value
_STAT = re.compile(r"(?<![\w+-])([A-Za-z]{1,3})\s?(\d+)(?![\w+])")
_WORD = re.compile(r"(?<![\w'’-])[^\W\d_][\w'’-]*")
# words that join a thing to what follows, never part of its name
_GLUE = {"with", "for", "of", "on", "a", "an", "the", "at", "by", "and", "to", "vs", "against", "in", "during"}


def explain(book: Rulebook, system: str, err: CalcSyntaxError) -> Refusal | None:
    """The refusal that says why ``err``'s question is not answered, or None to keep the caret."""
    question = err.question
    if err.did_you_mean:  # a mistyped word of calc's own: the caret and "did you mean" say more
        return None
    keywords = {word.lower() for word in lalr.strings().values()}
    stat = _characteristic(question, err.position, keywords)
    words = [m for m in _WORD.finditer(question) if m.start() < (stat.start() if stat else max(err.position, 1))]
    # the words must run from the start to where reading stopped with nothing else between
    # ("flee 2D6 needing 9" stops after dice calc read: the caret says more there)
    end = stat.start() if stat else err.position
    bounds = [0] + [b for m in words for b in (m.start(), m.end())] + [end]
    if any(question[bounds[i] : bounds[i + 1]].strip(" ,") for i in range(0, len(bounds), 2)):
        words = []
    leading = [m.group() for m in words]
    while leading and leading[-1].lower() in _GLUE:
        leading.pop()
    starts_with_words = bool(words) and not question[: words[0].start()].strip()  # "2D6 maximsed" does not
    if leading and starts_with_words and leading[0].lower() not in keywords:
        return thing(book, system, question, " ".join(leading))
    if stat is not None:
        return _stat(book, system, question, stat, err)
    return None


def _characteristic(question: str, position: int, keywords: set[str]) -> re.Match[str] | None:
    """The first characteristic with a value the grammar does not take, where reading stopped or before."""
    for m in _STAT.finditer(question):
        if m.start() > position:
            break
        name = m.group(1).lower()
        if name in keywords or name in _GLUE or name == "d" or (" " in m.group() and m.group(1).islower()):
            continue  # calc's own words, "of 1", a die; "Ld 8" apart only when written as a name
        return m
    return None


def _stat(book: Rulebook, system: str, question: str, stat: re.Match[str], err: CalcSyntaxError) -> Refusal:
    name = stat.group(1)
    said = _said(book, system, rf"(?<![\w-]){re.escape(name)}(?![\w-])", case=True)
    expected = f"; calc reads {or_list(err.expected)} there" if err.expected else ""
    if said is None:
        return Refusal(f"{system}'s documents name no characteristic {name} ({stat.group().strip()!r}), so calc has nothing to read it by{expected}", system, question)
    rule, where = said
    return Refusal(f"{system}'s documents name {name} ({rule['id']}, {where}) but calc reads no roll by it{expected}", system, question)


def thing(book: Rulebook, system: str, question: str, phrase: str) -> Refusal:
    """The words naming what is asked: a rule of that name (and what calc cannot read after it),
    a phrase the documents use in passing, or one they never use."""
    for rule in book.named(phrase, system):
        if squeeze(rule.get("name") or "") == squeeze(phrase):
            rest = question[question.lower().find(phrase.lower()) + len(phrase) :].strip() if phrase.lower() in question.lower() else ""
            return Refusal(
                f"calc cannot read {rest!r} after {rule['name']} ({rule['id']}); it asks a rule's roll as "
                f"'{rule['name']} hits', '{rule['name']} save' or '{rule['name']} (4+)'",
                system,
                question,
            )
    words = [re.escape(w) for w in phrase.split()]
    pattern = r"(?<![\w-])" + r"\s+".join(words[:-1] + [words[-1] + r"(?:s|es)?"]) + r"(?![\w-])"
    said = _said(book, system, pattern, case=False)
    if said is None:
        return Refusal(f"{system}'s documents never name {phrase!r}; calc has no rule to read it by", system, question)
    rule, where = said
    return Refusal(f"{system}'s documents name {phrase!r} only in passing ({rule['id']}, {where}); no rule of that name says how it is rolled, so calc will not guess", system, question)


def _said(book: Rulebook, system: str, pattern: str, case: bool) -> tuple[dict[str, Any], str] | None:
    """The first rule of ``system`` with a sentence matching ``pattern``, and where: file:line and the quote."""
    found = re.compile(pattern, 0 if case else re.I)
    for rule in book.in_system(system):
        for sentence in rule_sentences(rule):
            if found.search(sentence):
                cited = book.quote(rule, sentence)
                quote = sentence if len(sentence) <= 120 else sentence[:117] + "..."
                return rule, f"{cited.file}:{cited.line}: “{quote}”"
    return None
