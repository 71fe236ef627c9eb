"""Text written twice: a sentence repeated within a rule, a paragraph or
sentence pasted again into another rule of the same document.

The rules' texts as read are cut into sentences (:func:`referee.lint.words.sentences`)
and compared as words (case, spacing and punctuation aside); each repeat is
placed at its second copy in the document's own text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding, Related
from referee.lint.places import Located, places, where
from referee.lint.registry import check
from referee.lint.words import content_words, quote, sentences, words
from referee.text import fold, singulars

if TYPE_CHECKING:
    from referee.lint.context import LintContext

    _Sentence = tuple[str, list[str], int]  # a sentence, its words, its paragraph
    from referee.lint.places import Place
    from referee.model import Rule

WITHIN = 4  # words a sentence needs for its repeat within one rule to count
NEAR = 6  # sentences between a sentence and its repeat in one rule, at most
PARAGRAPH = 15  # words two sentences or more in a row need for their repeat in another rule to count
LONG = 20  # words one sentence needs for its repeat in an unrelated rule to count
STUTTER = 6  # words a run written again right after itself needs, across sentences
NAMED = 10  # words it needs when it names the rule of its first copy
TAIL = 12  # words a sentence needs for its repeat at the end of a later one (its stop lost) to count


@check("repeated-text", "warning", "a sentence or paragraph written twice, in one rule or in two of a document")
def repeated_text(ctx: LintContext) -> Iterator[Finding]:
    """A text written again: a sentence repeated soon after itself in its
    rule's text, or a paragraph of a rule written again in it; text of one
    rule pasted into another rule of the same document (:func:`_pasted`).
    At the copy that is the paste, the other copy related.

    A sentence that several rules share inside their paragraphs is a formula
    ("If a duration of this effect is not given, ...") or parallel wording
    (two terrain types' "Models behind this terrain base are only visible if
    ..."), and a sentence that two paragraphs of one rule share far apart
    inside them is parallel wording too: none is reported."""
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
        counts = Counter(" ".join(ws) for said in cut for _, ws, _ in said if len(ws) >= WITHIN)
        holders: dict[str, dict[str, bool]] = {}  # a sentence written twice -> the rules that hold it,
        for place, said in zip(file_places, cut):  # and whether it stands as a paragraph of its own there
            for index, (_, ws, _) in enumerate(said):
                if counts.get(" ".join(ws), 0) > 1:
                    alone = holders.setdefault(" ".join(ws), {})
                    alone[place.rule.id] = alone.get(place.rule.id, False) or _standalone(said, index, 1)
        said_of = {id(place): said for place, said in zip(file_places, cut)}
        paired: set[frozenset[str]] = set()  # rules a paste between was reported of
        for place, said in zip(file_places, cut):
            search_from = located.offset(place.source.line, place.source.column)
            run: _Run | None = None  # the sentences in a row just before, written in a row elsewhere
            runs: list[_Run] = []
            last: tuple[int, int] | None = None  # (original, copy) of the last repeat reported in this rule
            told = False  # whether a repeat in this place was reported
            mine: dict[tuple[str, str], tuple[Place, int, int, int]] = {}  # as ``seen``, of this place's sentences
            for index, (sentence, ws, _) in enumerate(said):
                # only a sentence written twice is looked for in the document's text
                at = located.find(sentence, search_from) if counts.get(" ".join(ws), 0) > 1 else None
                if at is None:
                    run = None
                    continue
                search_from = at[2]
                key = (file, " ".join(ws))
                # a sentence this rule wrote already is its own repeat, though another
                # rule of the file wrote it first (a preamble of two missions)
                earlier = mine.get(key) or seen.get(key)
                mine.setdefault(key, (place, index, at[0], at[1]))
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
                    keys = [" ".join(w) for _, w, _ in said]
                    if last == (other_index - 1, index - 1):
                        last = (other_index, index)
                        continue  # the rest of a copy already reported
                    if _pasted_after(keys, other_index, index):
                        pass  # a paragraph pasted right after itself, however long
                    elif (parallel := _parallel(keys, other_index, index)) or index - other_index > NEAR:
                        if not (
                            _whole_paragraph(said, index, _copy_length(keys, other_index, index))
                            or (not parallel and _tacked_on(said, other_index, index))
                        ):
                            continue  # parallel wording, unless a paragraph of its own is written again
                    last = (other_index, index)
                    told = True
                    yield _finding(place, sentence, at[0], at[1], other, other_line, other_column, "earlier in this rule")
                    continue
                if run is not None and run.other is other and run.other_index == other_index - 1:
                    run.other_index = other_index
                    run.length += 1
                    run.words += len(ws)
                    run.sentences.append(sentence)
                    continue
                run = _Run(other, other_index, index, (sentence, at[0], at[1]), (other_line, other_column))
                run.words = len(ws)
                run.sentences.append(sentence)
                runs.append(run)
            for run in runs:
                found = _pasted(place, said, run, said_of[id(run.other)], holders)
                if found is not None:
                    told = True
                    paired.add(frozenset((place.rule.id, run.other.rule.id)))
                    yield found
            if not told:
                again = _line_again(place, located)
                told = again is not None
                if again is not None:
                    yield again
            if not told:
                again = _tail_again(place, said, located)
                told = again is not None
                if again is not None:
                    yield again
            if not told:
                yield from _stutter(place, located)
        yield from _pasted_lines(file_places, located, paired)


def _line_again(place: Place, located: Located) -> Finding | None:
    """A line of a rule's text written again whole as another of its lines (a
    list item pasted after itself, whose number or label the sentences cut
    off as a sentence too short to compare), when no sentence of the rule is
    reported already."""
    seen: dict[str, str] = {}
    for line in place.version.text.split("\n"):
        ws = words(line)
        if len(ws) < WITHIN or not any(c.isalpha() for w in ws for c in w):
            continue
        key = " ".join(ws)
        if key not in seen:
            seen[key] = line
            continue
        text = " ".join(line.split())
        start = located.offset(place.source.line, place.source.column)
        first = located.find(text, start)
        second = located.find(text, first[2]) if first else None
        if first and second:
            return _finding(place, text, second[0], second[1], place, first[0], first[1], "earlier in this rule")
    return None


def _tail_again(place: Place, said: list[_Sentence], located: Located) -> Finding | None:
    """A sentence of a rule's text written again at the end of a later one,
    whose stop before it is missing (pasted after a table row or a heading-like
    line with no full stop, it runs on from that line as one sentence), when no
    sentence of the rule is reported already.  Only a sentence of ``TAIL``
    words or more counts: a shorter one is likely a formula the longer
    sentence ends with on purpose."""
    earlier: dict[str, int] = {}
    for index, (_, ws, _) in enumerate(said):
        for length in range(TAIL, len(ws)):
            first = earlier.get(" ".join(ws[-length:]))
            if first is None:
                continue
            start = located.offset(place.source.line, place.source.column)
            original = located.find(said[first][0], start)
            host = located.find(said[index][0], original[2]) if original else None
            copy = located.find(said[first][0], original[2], host[2]) if original and host else None
            if original and copy:
                return _finding(place, said[first][0], copy[0], copy[1], place, original[0], original[1], "earlier in this rule")
        earlier.setdefault(" ".join(ws), index)
    return None


def _pasted_lines(file_places: list[Place], located: Located, paired: set[frozenset[str]]) -> Iterator[Finding]:
    """A line of one rule's text (a paragraph, or a line of a hard-wrapped one)
    whose words stand in a row in another rule's text of the same document,
    wherever its sentences begin and end: a paste of a line cut out of a
    paragraph, or of a paragraph whose stops an editor changed.  Judged as
    :func:`_pasted` judges a paragraph; a pair of rules the sentences showed
    pasted already is not looked at again."""
    lines_of = [[(line, ws) for line in place.version.text.split("\n") if (ws := words(line))] for place in file_places]
    texts = [f" {' '.join(w for _, ws in lines for w in ws)} " for lines in lines_of]
    starts, offset = [], 0
    for text in texts:
        starts.append(offset)
        offset += len(text) + 1
    joined = "\x00".join(texts)
    for x, place in enumerate(file_places):
        lines = [line for line, _ in lines_of[x]]
        for number, (line, ws) in enumerate(lines_of[x]):
            if len(ws) < WITHIN or not any(c.isalpha() for w in ws for c in w):
                continue
            key = f" {' '.join(ws)} "
            holders: dict[int, int] = {}  # place -> offset of the line's words in its text
            at = joined.find(key)
            while at >= 0 and len(holders) < 3:
                y = bisect_right(starts, at) - 1
                holders.setdefault(y, at - starts[y])
                at = joined.find(key, at + 1)
            others = [y for y in holders if file_places[y].rule.id != place.rule.id]
            if len({file_places[y].rule.id for y in holders}) != 2 or len(others) != 1:
                continue  # written once, within its rule only, or a formula of three rules
            y = others[0]
            other = file_places[y]
            if frozenset((place.rule.id, other.rule.id)) in paired or fold(place.rule.name) == fold(other.rule.name):
                continue
            whole_here = len(lines) == 1
            whole_there = len(key) == len(texts[y])
            opening = number == 0 and holders[y] == 0
            if whole_here and whole_there or opening and not (whole_here or whole_there):
                continue  # placeholders; a preamble
            text = " ".join(line.split())
            rest_here = " ".join(lines[:number] + lines[number + 1 :])
            rest_there = texts[y][: holders[y]] + texts[y][holders[y] + len(key) :]
            if not _line_pasted_here(
                text, (place, whole_here, rest_here), (other, whole_there, rest_there), later_is_here=y < x
            ):
                continue  # the other copy is the paste: judged where it is a line of its own, if it is one
            paste, original = place, other
            if _akin(paste.rule, original.rule, text):
                continue
            spots = [located.find(text, located.offset(p.source.line, p.source.column)) for p in (paste, original)]
            if spots[0] is None or spots[1] is None:
                continue
            paired.add(frozenset((place.rule.id, other.rule.id)))
            (line_at, column_at, _), (other_line, other_column, _) = spots
            yield _finding(paste, text, line_at, column_at, original, other_line, other_column, f"in {original.rule.name}")


def _line_pasted_here(text: str, here: tuple[Place, bool, str], there: tuple[Place, bool, str], later_is_here: bool) -> bool:
    """Whether the copy of a line in ``here`` is the paste (as
    :func:`_earlier_is_pasted` tells, from each copy's rule, whether the copy
    is that rule's whole text, and the rest of the rule's text)."""
    (p_here, whole_here, rest_here), (p_there, whole_there, rest_there) = here, there
    if whole_here != whole_there:
        return whole_there
    named_here, named_there = _names(text, p_here.rule.names), _names(text, p_there.rule.names)
    if named_here != named_there:
        return named_there
    mine = content_words(text)
    share = [len(mine & content_words(f"{rest} {' '.join(p.rule.names)}")) for p, rest in ((p_here, rest_here), (p_there, rest_there))]
    if share[0] != share[1]:
        return share[0] < share[1]
    return later_is_here


def _pasted(place: Place, said: list[_Sentence], run: _Run, other_said: list[_Sentence], holders: dict[str, set[str]]) -> Finding | None:
    """The finding for sentences of one rule written again in a row in another,
    at the copy that is the paste, if it is one.

    A paste is: a paragraph (two sentences or more in a row, fifteen words or
    more); one long sentence, or one that names the rule it was first written
    in; or, however short, two sentences or more in a row, or text that is a
    paragraph of its own where it stands and not the whole text of its rule.  Which copy is the paste:
    :func:`_earlier_is_pasted`.

    Not a paste, but for a paragraph of two sentences or more: text the two
    rules share on purpose, as akin rules ("Terrain type 2", "Terrain type 3")
    or as a sentence naming the rule the copy stands in;
    a formula three rules or more share (unless only this copy stands as a
    paragraph of its own: a formula pasted); two rules whose whole texts are the
    same (placeholders), or that both open with the same paragraph (a preamble)."""
    other = run.other
    text = " ".join(run.sentences)
    start, other_start = run.index, run.other_index - run.length + 1
    here = _standalone(said, start, run.length)
    there = _standalone(other_said, other_start, run.length)
    formula = _formula(holders.get(" ".join(said[start][1]), {}), place.rule.id, here)
    opening = here and there and start == 0 and other_start == 0
    pasted = not formula and not opening and (here or there or run.length >= 2)
    paragraph = run.length >= 2 and run.words >= PARAGRAPH
    alone = run.words >= LONG or (run.words >= NAMED and _names(text, other.rule.names))
    if not (paragraph or alone or pasted):
        return None
    first_copy = (other, other_start, *run.other_at)
    second_copy = (place, start, *run.first[1:])
    if _earlier_is_pasted(text, (other, other_said, other_start), (place, said, start), run.length):
        paste, original = first_copy, second_copy
    else:
        paste, original = second_copy, first_copy
    if not paragraph and _akin(paste[0].rule, original[0].rule, text):
        return None
    where_from = original[0]
    sentence = run.first[0] if paste is second_copy else other_said[other_start][0]
    return _finding(paste[0], sentence, paste[2], paste[3], where_from, original[2], original[3], f"in {where_from.rule.name}")


def _earlier_is_pasted(
    text: str, earlier: tuple[Place, list[_Sentence], int], later: tuple[Place, list[_Sentence], int], length: int
) -> bool:
    """Whether the earlier of two copies is the paste, the later the original:
    the later copy is its rule's whole text and the earlier is not; else the
    text names the later copy's rule and not the earlier's; else the earlier
    copy belongs less to its rule (its words are fewer of the rest of that
    rule's text and name).  Otherwise the later copy is the paste."""
    (e_place, e_said, e_start), (l_place, l_said, l_start) = earlier, later
    whole_e, whole_l = length == len(e_said), length == len(l_said)
    if whole_e != whole_l:
        return whole_l
    named_e, named_l = _names(text, e_place.rule.names), _names(text, l_place.rule.names)
    if named_e != named_l:
        return named_l
    return _belonging(text, e_place, e_said, e_start, length) < _belonging(text, l_place, l_said, l_start, length)


def _belonging(text: str, place: Place, said: list[_Sentence], start: int, length: int) -> float:
    """The share of a copy's words that the rest of its rule's text, or the
    rule's name, also uses: how much the copy is about its rule.

    >>> from types import SimpleNamespace as S
    >>> rule = S(rule=S(names=("Move Through Cover",)))
    >>> said = [("Roll an extra D6 to move through cover.", [], 0), ("The unit picks the highest roll.", [], 0)]
    >>> _belonging("The unit picks the highest roll.", rule, said, 1, 1)  # roll, of unit, pick, highest, roll
    0.25
    """
    mine = content_words(text)
    if not mine:
        return 0.0
    rest = " ".join(s for i, (s, _, _) in enumerate(said) if not start <= i < start + length)
    theirs = content_words(f"{rest} {' '.join(place.rule.names)}")
    if _grants(text, place.rule.names):
        theirs -= content_words(" ".join(place.rule.names))  # "gains Lone": the rule given, not the copy's own
    return len(mine & theirs) / len(mine)


def _formula(holders: dict[str, bool], rule: str, here: bool) -> bool:
    """Whether a sentence three rules or more hold is their formula where it
    stands in ``rule``: not when it is a paragraph of its own only there.

    >>> _formula({"a": False, "b": False, "c": True}, "c", True), _formula({"a": False, "b": False, "c": False}, "c", False)
    (False, True)
    >>> _formula({"a": True, "b": True, "c": True}, "c", True), _formula({"a": False, "c": True}, "c", True)
    (True, False)
    """
    if len(holders) < 3:
        return False
    return not (here and not any(alone for other, alone in holders.items() if other != rule))


def _standalone(said: list[_Sentence], start: int, length: int) -> bool:
    """Whether sentences ``start`` on stand as one or more paragraphs of their
    own in a rule's text, and are not the whole of it."""
    if length >= len(said):
        return False
    return _whole_paragraph(said, start, length)


def _whole_paragraph(said: list[_Sentence], start: int, length: int) -> bool:
    """Whether sentences ``start`` to ``start + length`` make whole paragraphs."""
    end = start + length
    opens = start == 0 or said[start - 1][2] != said[start][2]
    closes = end >= len(said) or said[end][2] != said[end - 1][2]
    return opens and closes


def _tacked_on(said: list[_Sentence], first: int, second: int) -> bool:
    """Whether sentence ``second``, a repeat of ``first`` far after it, is
    tacked on to the end of its paragraph from inside another: it closes its
    paragraph and the original does not close its own (parallel wording
    closes parallel paragraphs alike).

    >>> said = [("a", [], 0), ("b", [], 0), ("c", [], 0), ("d", [], 1), ("b", [], 1)]
    >>> _tacked_on(said, 1, 4), _tacked_on(said, 1, 1), _tacked_on(said[:4] + [("b", [], 1), ("e", [], 1)], 1, 4)
    (True, False, False)
    >>> _tacked_on([("a", [], 0), ("b", [], 0), ("c", [], 1), ("b", [], 1)], 1, 3)  # both close: parallel
    False
    """
    closes = lambda i: i + 1 >= len(said) or said[i + 1][2] != said[i][2]  # noqa: E731
    return second > first and closes(second) and not closes(first)


def _copy_length(keys: list[str], first: int, second: int) -> int:
    """How many sentences from ``second`` on repeat those from ``first`` on."""
    n = 0
    while second + n < len(keys) and first + n < second and keys[first + n] == keys[second + n]:
        n += 1
    return max(n, 1)


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


def _said(text: str) -> list[_Sentence]:
    """A text's sentences, their words and the paragraph (line) each stands
    in; a list item's number or letter cut off as a sentence of its own ("3.",
    "b)") is no sentence, so an item pasted after itself follows itself.

    >>> [(ws, n) for _, ws, n in _said("Steps: 3. See the enemy.\\n4. Roll.")]
    [(['steps'], 0), (['see', 'the', 'enemy'], 0), (['roll'], 1)]
    """
    out = []
    for n, paragraph in enumerate(p for p in text.split("\n") if p.strip()):
        for sentence in sentences(paragraph):
            ws = words(sentence)
            if any(c.isalpha() for w in ws for c in w):
                out.append((sentence, ws, n))
    return out


def _akin(one: Rule, other: Rule, sentence: str) -> bool:
    """Whether two rules may share a sentence on purpose: their names share a word
    ("Terrain type 2" and "Terrain type 3"), or the sentence names the rule it
    stands in ("If a model has both Grind Attacks and Impact Hits, ...").

    >>> from types import SimpleNamespace as S
    >>> _akin(S(names=("Ambush",)), S(names=("Scoring",)), "An Ambushing unit loses Scoring.")
    True
    >>> _akin(S(names=("Toughness", "T")), S(names=("Leader points",)), "It gives the army 8 leader points.")
    False
    """
    words_of = lambda rule: {w for n in rule.names for w in fold(n).split() if len(w) >= 4}  # noqa: E731
    if words_of(one) & words_of(other):
        return True
    # a name or a word made from it ("Ambushing" of Ambush); a short name ("T" of Toughness) only as a word
    said = f" {fold(sentence)}"
    return any(len(fold(n)) >= 4 and _ungranted(said, fold(n)) for n in one.names) or _names(sentence, one.names)


def _ungranted(said: str, name: str) -> bool:
    """Whether ``name`` (folded) stands in ``said`` (folded, a space first) other than
    right after a grant ("gains Exclusive" gives the rule, it is not the rule's own).

    >>> _ungranted(" an ambushing unit", "ambush"), _ungranted(" the model gains exclusive", "exclusive")
    (True, False)
    """
    at = said.find(name)
    while at >= 0:
        if not _GRANTED.search(said, 0, at):
            return True
        at = said.find(name, at + 1)
    return False


def _names(sentence: str, names: tuple[str, ...]) -> bool:
    """Whether a sentence names a rule, by one of its names or that name with
    its last word in the singular ("a Matching Base" of Matching Bases); not
    where it grants the rule ("The model gains Exclusive" is the text of a rule
    that gives Exclusive, not of Exclusive).

    >>> _names("A Character is considered to have a Matching Base if:", ("Matching Bases",))
    True
    >>> _names("Mismatching Bases apply.", ("Matching Bases",)), _names("Roll a D6.", ("Matching Bases",))
    (False, False)
    >>> _names("The model gains Exclusive and cannot Pursue.", ("Exclusive",))
    False
    """
    said = f" {' '.join(words(sentence))} "
    for name in names:
        parts = words(name)
        if not parts:
            continue
        forms = [parts] + [parts[:-1] + [one] for one in singulars(parts[-1])]
        for form in forms:
            key = f" {' '.join(form)} "
            at = said.find(key)
            while at >= 0:
                if not _GRANTED.search(said, 0, at + 1):  # the name's own space closes the grant's words
                    return True
                at = said.find(key, at + 1)
    return False


def _grants(sentence: str, names: tuple[str, ...]) -> bool:
    """Whether a sentence names a rule only where it grants it ("The model gains Lone").

    >>> _grants("The model gains Lone.", ("Lone",)), _grants("Models with Lone gain Lone.", ("Lone",)), _grants("Roll.", ("Lone",))
    (True, False, False)
    """
    said = f" {' '.join(words(sentence))} "
    named = any(f" {' '.join(words(name))} " in said for name in names if words(name))
    return named and not _names(sentence, names)


# a grant right before a name: the sentence gives the rule, it is not the rule's own
_GRANTED = re.compile(r" (?:gains?|gained|gaining)(?: (?:a|an|the))? $")


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
    """Sentences written in a row in another rule: where the run's first copy
    stands here and at the original, and the sentences it holds."""

    def __init__(
        self, other: Place, other_index: int, index: int, first: tuple[str, int, int], other_at: tuple[int, int]
    ) -> None:
        self.other = other
        self.other_index = other_index  # of the run's last sentence in the other rule
        self.index = index  # of the run's first sentence here
        self.first = first
        self.other_at = other_at
        self.length = 1
        self.words = 0
        self.sentences: list[str] = []


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
