"""Text written twice: a sentence repeated within a rule, a paragraph or
sentence pasted again into another rule of the same document.

The rules' texts as read are cut into sentences (:func:`referee.lint.words.sentences`)
and compared as words (case, spacing and punctuation aside); each repeat is
placed at its second copy in the document's own text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding, Related
from referee.lint.places import Located, places, where
from referee.lint.registry import check
from referee.lint.words import quote, sentences, words
from referee.text import fold, singulars

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.lint.places import Place
    from referee.model import Rule

WITHIN = 4  # words a sentence needs for its repeat within one rule to count
NEAR = 6  # sentences between a sentence and its repeat in one rule, at most
PARAGRAPH = 15  # words two sentences or more in a row need for their repeat in another rule to count
LONG = 20  # words one sentence needs for its repeat in an unrelated rule to count
STUTTER = 6  # words a run written again right after itself needs, across sentences
NAMED = 10  # words it needs when it names the rule of its first copy


@check("repeated-text", "warning", "a sentence or paragraph written twice, in one rule or in two of a document")
def repeated_text(ctx: LintContext) -> Iterator[Finding]:
    """A text written again: a sentence repeated soon after itself in its
    rule's text, or a paragraph (two sentences or more in a row, fifteen words
    or more) of one rule written again in another rule of the same document;
    at the second copy, the first related.

    A sentence that several rules share alone is a formula ("If a duration of
    this effect is not given, ...") or parallel wording (two terrain types'
    "Models behind this terrain base are only visible if ..."), and a sentence
    that two paragraphs of one rule share far apart is parallel wording too:
    none is reported."""
    seen: dict[tuple[str, str], tuple[Place, int, int, int]] = {}  # (file, key) -> place, index, line, column
    by_file: dict[str, list[Place]] = {}
    for rule in ctx.rules:
        for place in places(rule):
            if place.source == place.version.source:  # a whole text repeated is duplicate-definition's
                by_file.setdefault(place.source.file, []).append(place)
    for file, file_places in by_file.items():
        located = Located(ctx, file)
        file_places.sort(key=lambda p: (p.source.line, p.source.column))
        cut = [_said(place.version.text) for place in file_places]
        counts = Counter(" ".join(ws) for said in cut for _, ws in said if len(ws) >= WITHIN)
        for place, said in zip(file_places, cut):
            search_from = located.offset(place.source.line, place.source.column)
            run: _Run | None = None  # the sentences in a row just before, written in a row elsewhere
            last: tuple[int, int] | None = None  # (original, copy) of the last repeat reported in this rule
            told = False  # whether a repeat in this place was reported
            for index, (sentence, ws) in enumerate(said):
                # only a sentence written twice is looked for in the document's text
                at = located.find(sentence, search_from) if counts.get(" ".join(ws), 0) > 1 else None
                if at is None:
                    run = None
                    continue
                search_from = at[2]
                key = (file, " ".join(ws))
                earlier = seen.get(key)
                if earlier is None:
                    seen[key] = (place, index, at[0], at[1])
                    run = None
                    continue
                other, other_index, other_line, other_column = earlier
                if other.rule.id != place.rule.id and fold(other.rule.name) == fold(place.rule.name):
                    run = None
                    continue  # a rule defined again under its name: redefinition's
                same_rule = other.rule.id == place.rule.id and other.version is place.version
                if same_rule:
                    run = None
                    keys = [" ".join(w) for _, w in said]
                    if last == (other_index - 1, index - 1):
                        last = (other_index, index)
                        continue  # the rest of a copy already reported
                    if _pasted_after(keys, other_index, index):
                        pass  # a paragraph pasted right after itself, however long
                    elif index - other_index > NEAR or _parallel(keys, other_index, index):
                        continue
                    last = (other_index, index)
                    told = True
                    yield _finding(place, sentence, at[0], at[1], other, other_line, other_column, "earlier in this rule")
                    continue
                if run is not None and run.other.rule.id == other.rule.id and run.other_index == other_index - 1:
                    run.other_index = other_index
                    run.words += len(ws)
                    if not run.reported and run.words >= PARAGRAPH:  # reported where the paste begins
                        run.reported = True
                        told = True
                        yield _finding(place, *run.first, other, *run.other_at, f"in {other.rule.name}")
                    continue
                run = _Run(other, other_index, (sentence, at[0], at[1]), (other_line, other_column))
                run.words = len(ws)
                alone = len(ws) >= LONG or (len(ws) >= NAMED and _names(sentence, other.rule.names))
                if alone and not _akin(place.rule, other.rule, sentence):
                    # one long sentence of an unrelated rule, or one that names the rule it was
                    # first written in and not the rule it stands in again: a paste
                    run.reported = True
                    told = True
                    yield _finding(place, sentence, at[0], at[1], other, other_line, other_column, f"in {other.rule.name}")

            if not told:
                yield from _stutter(place, located)


def _stutter(place: Place, located: Located) -> Iterator[Finding]:
    """A run of words written again right after itself in a rule's text, across
    its sentences' ends (a line that ends mid-sentence pasted again after itself)."""
    ws = words(place.version.text)
    found = stutter(ws)
    if found is None:
        return
    start, length = found
    copy = " ".join(ws[start : start + length])
    first = located.find(copy, located.offset(place.source.line, place.source.column))
    second = located.find(copy, first[2]) if first else None
    if first and second:
        as_written = " ".join(located.text[located.offset(second[0], second[1]) : second[2]].split())
        yield _finding(place, as_written, second[0], second[1], place, first[0], first[1], "right after itself")


def stutter(ws: list[str], least: int = STUTTER, most: int = 200) -> tuple[int, int] | None:
    """(start, length) of the first run of ``least`` words or more that follows
    itself directly, if any.

    >>> stutter("the unit can move its centre farther than its rate the unit can move its centre farther than its rate now".split())
    (0, 10)
    >>> stutter("roll a die and roll a die again".split()), stutter("a b c d e f x a b c d e f".split())
    (None, None)
    """
    last: dict[tuple[str, ...], int] = {}
    for j in range(len(ws) - least + 1):
        gram = tuple(ws[j : j + least])
        i = last.get(gram)
        last[gram] = j
        if i is None:
            continue
        length = j - i
        if least <= length <= most and ws[i:j] == ws[j : j + length]:
            return i, length
    return None


def _said(text: str) -> list[tuple[str, list[str]]]:
    """A text's sentences and their words; a list item's number or letter cut
    off as a sentence of its own ("3.", "b)") is no sentence, so an item pasted
    after itself follows itself.

    >>> [ws for _, ws in _said("Steps: 3. See the enemy. 4. Roll.")]
    [['steps'], ['see', 'the', 'enemy'], ['roll']]
    """
    out = []
    for sentence in sentences(text):
        ws = words(sentence)
        if any(c.isalpha() for w in ws for c in w):
            out.append((sentence, ws))
    return out


def _akin(one: Rule, other: Rule, sentence: str) -> bool:
    """Whether two rules may share a sentence on purpose: their names share a word
    ("Terrain type 2" and "Terrain type 3"), or the sentence names the rule it
    stands in ("If a model has both Grind Attacks and Impact Hits, ...")."""
    words_of = lambda rule: {w for n in rule.names for w in fold(n).split() if len(w) >= 4}  # noqa: E731
    if words_of(one) & words_of(other):
        return True
    said = fold(sentence)
    return any(fold(n) in said for n in one.names)


def _names(sentence: str, names: tuple[str, ...]) -> bool:
    """Whether a sentence names a rule, by one of its names or that name with
    its last word in the singular ("a Matching Base" of Matching Bases).

    >>> _names("A Character is considered to have a Matching Base if:", ("Matching Bases",))
    True
    >>> _names("Mismatching Bases apply.", ("Matching Bases",)), _names("Roll a D6.", ("Matching Bases",))
    (False, False)
    """
    said = f" {' '.join(words(sentence))} "
    for name in names:
        parts = words(name)
        if not parts:
            continue
        forms = [parts] + [parts[:-1] + [one] for one in singulars(parts[-1])]
        if any(f" {' '.join(form)} " in said for form in forms):
            return True
    return False


def _pasted_after(keys: list[str], first: int, second: int) -> bool:
    """Whether sentence ``second`` opens a copy of the sentences from ``first`` on
    that follows them directly (a paragraph pasted right after itself).

    >>> _pasted_after(["a", "b", "c", "a", "b", "c"], 0, 3), _pasted_after(["a", "b", "x", "a", "b"], 0, 3)
    (True, False)
    """
    length = second - first
    return keys[first:second] == keys[second : second + length]


def _parallel(keys: list[str], first: int, second: int) -> bool:
    """Whether sentence ``second`` repeats sentence ``first`` as part of a run of
    sentences two paragraphs of one rule share (Precision Strike's and
    Precision Shot's closing sentences), not as a paste: the run goes on past
    one sentence (or began before it) and the copy does not follow the original.

    >>> _parallel(["a", "b", "c", "d", "b", "c"], 1, 4), _parallel(["a", "b", "c", "b", "c"], 1, 3)
    (True, False)
    >>> _parallel(["a", "b", "c", "b"], 1, 3)
    False
    """
    length = 0
    while second + length < len(keys) and first + length < second and keys[first + length] == keys[second + length]:
        length += 1
    before = first > 0 and keys[first - 1] == keys[second - 1]
    return (length >= 2 or before) and first + length != second


class _Run:
    """Sentences pasted in a row: where the run's first copy stands, here and at the original."""

    def __init__(self, other: Place, other_index: int, first: tuple[str, int, int], other_at: tuple[int, int]) -> None:
        self.other = other
        self.other_index = other_index
        self.first = first
        self.other_at = other_at
        self.reported = False
        self.words = 0


def _finding(
    place: Place, sentence: str, line: int, column: int, other: Place, other_line: int, other_column: int, whose: str
) -> Finding:
    file = place.source.file
    return repeated_text.finding(
        f"{quote(sentence, 8)} is written twice: {whose} ({where(file, other_line, file)}); keep one",
        file,
        line,
        column,
        rule=place.rule.id,
        term=sentence if len(sentence) <= 80 else sentence[:79] + "…",
        related=(Related(other.rule.id, file, other_line, "the first copy", other_column),),
    )
