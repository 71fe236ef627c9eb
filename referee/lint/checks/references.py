"""Names a rule uses that no rule of its system defines (see docs/lint.md).

The rule graph reads the names in keyword position ("gains X", "models with X",
"the X special rule", ...) once, from the lexer's tokens, and keeps the ones the
system does not know on each sentence (:mod:`referee.graph.unknown`).  Here
they are only judged: :mod:`referee.lint.terms` says what counts as defined
after all (a core term, a term a rule's text defines, a placeholder, a plural
or verb form of a rule's name).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding
from referee.lint.places import column_of, nearest_place, raw_lines
from referee.lint.registry import check
from referee.lint.terms import bare, clean, names_of
from referee.text import fold, most_slips, slips, word_forms

if TYPE_CHECKING:
    from typing import Any

    from referee.lint.context import LintContext
    from referee.lint.terms import Defined


@check("undefined-reference", "warning", "a rule uses a special rule no rule of its system defines")
def undefined_reference(ctx: LintContext) -> Iterator[Finding]:
    """Names in keyword position that nothing in the system defines: one finding per (rule, name)."""
    names = names_of(ctx)
    books = {d.path: d.options.get("base_book") for d in ctx.manifest.documents}
    reported: set[tuple[str, str]] = set()
    spelled = _spellings(ctx)
    for sentence in ctx.sentences:
        for term_written, offset, position in sentence.unknown:
            term = clean(term_written)
            if term is None:
                # "subject to Maxmiised Roll": a name ending in a game noun is a core term
                # the manifest may lack, unless the system defines a name it is one slip from
                term = clean(term_written, nouns=False)
                if term is None or nearest(bare(term), spelled) is None:
                    continue
            if names.is_known(term) or names.is_known(term_written):
                continue
            if position == "list" and names.ends_a_name(bare(term)):
                continue  # "Wizard Apprentices, Adepts, and Masters": Wizard Adept, Wizard Master
            if position == "keyword" and names.is_known_suffix(bare(term)):
                continue  # "Fleeing Chariot - Wo(D6)": a table's label before a keyword
            shown = bare(term)
            if (sentence.rule, fold(shown)) in reported:
                continue
            near = nearest(shown, spelled)
            if near is None and names.argument_of_family(sentence.text[:offset]):
                continue  # "immune to Flame": the argument of Immunity (X), not a use of a rule; "immune to Faer" is a slip of Fear
            if position == "pair" and near is None:
                continue  # "Fear and Panic tests": beside a rule, only a near miss of one is a slip
            reported.add((sentence.rule, fold(shown)))
            message = f"'{shown}' is used here but no rule of {ctx.system} defines it"
            if near is not None:
                message += f"; did you mean '{near}'? ({edit(shown, near)})"
            elif books.get(sentence.file):
                message += f"; if it is a rule of the base book, add it to core_terms in {ctx.manifest.path}"
            line, column = _place(ctx, sentence, shown)
            yield undefined_reference.finding(message, sentence.file, line, column, rule=sentence.rule, term=shown)
    yield from _slips_anywhere(ctx, names, spelled, reported)


# A name as running text writes it: capitalised words, with the small words names have
# between them ("Line of Sight", "March to the Beat"), apostrophes and hyphens kept.
_NAME_RUN = re.compile(r"(?<![\w'’-])[A-Z][\w'’-]*(?:[ ](?:(?:of|the|to|a|an|in)[ ])*[A-Z][\w'’-]*)*")
# what ends a sentence inside the text the graph read as one ("*gains ...", "... Test: Roll ...")
_OPENERS = frozenset('.:;!?*•("“')


def _slips_anywhere(ctx: LintContext, names: Defined, spelled: dict[str, str], reported: set[tuple[str, str]]) -> Iterator[Finding]:
    """Names one slip from a defined name wherever they stand ("strike with the Great
    Wepaon"): a use of a rule the system does not know counts only in keyword position,
    but a near miss of one it defines is a slip in any position.  Not a rule's own name:
    its text says its subject in forms of its own ("charged by the Hated foe" in Hatred)."""
    index = SlipIndex(spelled)
    own: dict[str, set[str]] = {}
    for sentence in ctx.sentences:
        text = sentence.text
        if sentence.rule not in own:
            rule = ctx.rb.get(sentence.rule)
            own[sentence.rule] = {fold(bare(name)) for name in rule.names} if rule is not None else set()
        for m in _NAME_RUN.finditer(text):
            words = re.sub(r"['’]s$", "", m.group()).split()
            before = m.start()
            while before and text[before - 1].isspace():
                before -= 1
            opening = before == 0 or text[before - 1] in _OPENERS
            if opening:
                if len(words) < 2:
                    continue  # a sentence's capital: "Faster units ..."
                candidates = [words, words[1:]]
            else:
                candidates = [words]
            for run in candidates:
                shown = " ".join(run)
                folded = fold(shown)
                if len(folded.replace(" ", "")) < 5 or (sentence.rule, folded) in reported:
                    continue
                near = index.near(folded)
                if near is None or fold(near) in own[sentence.rule] or names.is_known(shown) or any(fold(form) in spelled for form in word_forms(shown)):
                    continue
                reported.add((sentence.rule, folded))
                message = f"'{shown}' is used here but no rule of {ctx.system} defines it; did you mean '{near}'? ({edit(shown, near)})"
                line, column = _place(ctx, sentence, shown)
                yield undefined_reference.finding(message, sentence.file, line, column, rule=sentence.rule, term=shown)
                break


def _place(ctx: LintContext, sentence: Any, shown: str) -> tuple[int, int]:
    """(line, column) of ``shown`` in the text of ``sentence``'s rule, nearest the sentence;
    on the sentence's own line, searched from the sentence's column (a wiki page on one
    line holds the name in other rules' texts before it)."""
    last = _last_line(ctx, sentence.rule, sentence.file, sentence.line)
    line, column = nearest_place(ctx, sentence.file, sentence.line, last, shown, sentence.line)
    if line == sentence.line and sentence.file in ctx.rb.texts:
        column = column_of(raw_lines(ctx, sentence.file)[line - 1], shown, sentence.column) or max(column, sentence.column)
    return line, column


class SlipIndex:
    """The names of a system by the forms one letter shorter, so that the names one
    slip from a written run (a letter left out, added, changed, two swapped) are
    looked up, not compared with every name.

    >>> index = SlipIndex({"great weapon": "Great Weapon", "hard target": "Hard Target", "fear": "Fear"})
    >>> index.near("great wepaon"), index.near("hard taregt"), index.near("hard targets"), index.near("great weapon")
    ('Great Weapon', 'Hard Target', 'Hard Target', None)
    >>> index.near("fear"), index.near("faer"), index.near("hand weapon")
    (None, 'Fear', None)
    """

    def __init__(self, spelled: dict[str, str]) -> None:
        self.spelled = spelled
        self.by_form: dict[str, set[str]] = {}
        for name in spelled:
            if len(name) >= 4:
                for form in _shorter(name) | {name}:
                    self.by_form.setdefault(form, set()).add(name)

    def near(self, folded: str) -> str | None:
        """The written name of the defined name ``folded`` is one slip from; None if it
        is one itself, or none is, or two are (no guess between them)."""
        if folded in self.spelled:
            return None
        found = {name for form in _shorter(folded) | {folded} for name in self.by_form.get(form, ())}
        found = {name for name in found if slips(folded, name, 1) <= 1}
        return self.spelled[found.pop()] if len(found) == 1 else None


def _shorter(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _last_line(ctx: LintContext, rule_id: str, file: str, line: int) -> int:
    """The last line of the version of ``rule_id`` in ``file`` that holds ``line``."""
    rule = ctx.rb.get(rule_id)  # by id: a scan of the system's rules per finding grew with their square
    if rule is not None and rule.system != ctx.system:
        rule = None
    for version in rule.versions if rule else ():
        if version.source.file == file and version.source.line <= line <= version.source.end_line:
            return version.source.end_line
    return line


def _spellings(ctx: LintContext) -> dict[str, str]:
    """Every name and alias of the system's rules, folded, to its written form."""
    out: dict[str, str] = {}
    for rule in ctx.rules:
        for name in rule.names:
            out.setdefault(fold(bare(name)), bare(name))
    return out


def nearest(term: str, spelled: dict[str, str]) -> str | None:
    """The defined name ``term`` is a near miss of, if any: one slip (a letter
    left out, added, changed, or two swapped) in a short name, two in a name
    of ten letters or more; the nearest, the first written on a tie.

    >>> spelled = {"feel no pain": "Feel No Pain", "fear": "Fear", "frenzy": "Frenzy"}
    >>> nearest("Feel No Pian", spelled), nearest("Faer", spelled), nearest("Blood Frenzy", spelled)
    ('Feel No Pain', 'Fear', None)
    """
    folded = fold(term)
    if len(folded) < 4 or folded in spelled:
        return None
    most = most_slips(folded)
    best: tuple[int, str] | None = None
    for name in spelled:
        if abs(len(name) - len(folded)) > most or len(name) < 4:
            continue
        d = slips(folded, name, most)
        if d <= most and (best is None or d < best[0]):
            best = (d, name)
    return spelled[best[1]] if best else None


def edit(written: str, meant: str) -> str:
    """The edit from ``written`` to ``meant``, word by word: ``Pian → Pain``.

    >>> edit("Feel No Pian", "Feel No Pain"), edit("Eternal Warior", "Eternal Warrior"), edit("Firebolt", "Fire Bolt")
    ('Pian → Pain', 'Warior → Warrior', 'Firebolt → Fire Bolt')
    """
    a, b = written.split(), meant.split()
    if len(a) == len(b):
        pairs = [(x, y) for x, y in zip(a, b) if x != y]
        if pairs:
            return ", ".join(f"{x} → {y}" for x, y in pairs)
    return f"{written} → {meant}"
