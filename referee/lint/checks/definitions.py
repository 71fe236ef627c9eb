"""The definitions themselves: rules defined twice, empty, unnamed, misnamed.

The versions of a rule (:mod:`referee.lint.versions`) are compared: the same
text twice is a duplicate, a text that says something else a conflict, one
that says the same in other words (:func:`referee.lint.words.of_wording`) a
rewording, and a text that is not the same rule at all an alias mismatch.  The records are read for rules
with no text and bodies whose heading was lost.  See docs/lint.md for each
code.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding, Related
from referee.lint.meaning import Meanings, moved
from referee.lint.places import Located, Place, first_column, heading_form, places, raw_lines, where
from referee.lint.registry import Check, check
from referee.lint.versions import different_things, heading, redefined, written
from referee.lint.words import FEW, Change, aligned, changes, counterpart, is_list_mark, language_name, quote, sentences, text_key, word_diff, words
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule, Source, Version


@check("redefinition", "warning", "a rule defined a second time in one document, or in two of the same role")
def redefinition(ctx: LintContext) -> Iterator[Finding]:
    """A rule defined again, with another text, where a second definition is no
    version: in the same document, or in another document of the same role.
    Reported at the second definition, the first related ("previous definition
    here"), whether the adapters kept the two as texts of one rule or, in a
    structured document, made a second rule of the same name."""
    for rule in ctx.rules:
        for version, previous in redefined(rule):
            if text_key(previous.text) == text_key(version.text):
                yield _redefined(rule, version.source, previous.source, "")
            else:
                yield _redefined(
                    rule, version.source, previous.source, _changes(previous, version), detail=side_by_side(previous, version)
                )
        for version in written(rule):
            for again in version.also_at:  # the same text again in its document
                yield _redefined(rule, again, version.source, "")
    by_name: dict[str, list[Rule]] = {}
    for rule in ctx.rules:
        if "unnamed" not in rule.flags:
            by_name.setdefault(fold(rule.name), []).append(rule)
    for same in by_name.values():
        if len(same) < 2:
            continue
        same.sort(key=lambda r: (r.source.file, r.source.line))
        for i, rule in enumerate(same[1:], 1):
            first = same[0]
            if not rule.text.strip() and not first.text.strip():
                continue  # two headings with no text: empty-rule's
            yield _redefined(
                rule,
                rule.source,
                first.source,
                f"a second rule, {rule.id} ({len(same)} rules of this name)",
                previous_rule=first,
                detail=side_by_side(written(first)[0], written(rule)[0]) if written(first) and written(rule) else (),
            )


def _redefined(
    rule: Rule, here: Source, previous: Source, how: str, previous_rule: Rule | None = None, detail: tuple[str, ...] = ()
) -> Finding:
    there = where(previous.file, previous.line, here.file)
    if not how:
        message = (
            f"{rule.name!r} is defined again here with the same text (previous definition at {there}); keep one"
        )
    elif previous_rule is None:
        message = (
            f"{rule.name!r} is defined again here (previous definition at {there}), with another text: {how}; "
            "keep one definition, or give each its own name"
        )
    else:
        message = (
            f"{rule.name!r} is defined again here (previous definition at {there}), as {how}; "
            f"a name names one rule: merge them, or give each its own name"
        )
    return redefinition.finding_at(
        message,
        here,
        rule=rule.id,
        term=rule.name,
        related=(Related.cited((previous_rule or rule).id, previous, "previous definition here"),),
        detail=detail,
    )


@check("conflicting-definition", "warning", "one rule defined twice with materially different text")
def conflicting_definition(ctx: LintContext) -> Iterator[Finding]:
    """One rule defined more than once with materially different text: at each
    line where two versions differ in substance, in either version, the other
    version's line related.  A change made at one line of a text is reported
    at that line, however much the two texts differed elsewhere already."""
    located: dict[str, Located] = {}
    meanings = Meanings(ctx)
    for rule in ctx.rules:
        substantive, _ = _rewordings(rule)
        if not substantive:
            continue
        primary = written(rule)[0]
        for version in substantive:
            yield from _conflicts(ctx, located, meanings, rule, primary, version)


def _conflicts(
    ctx: LintContext, located: dict[str, Located], meanings: Meanings, rule: Rule, primary: Version, other: Version
) -> Iterator[Finding]:
    """The lines where ``other`` says something else than the primary text, on
    each side: one finding per line, its changes in its message and term.  A
    change that rules the same when read for its meaning (:mod:`referee.lint.meaning`:
    only the damage mangled-text reports, or sentences the graph reads alike) is none."""
    said = (sentences(primary.text), sentences(other.text))
    files = (primary.source.file, other.source.file)
    alike = _alike(meanings, rule, said)
    found = moved(
        [
            c
            for c in changes(primary.text, other.text)
            if not c.of_wording and not _reworded(c, alike) and not meanings.settled(rule, c, files, said)
        ]
    )
    if not found:
        return
    spots = (_sentence_spots(ctx, located, primary), _sentence_spots(ctx, located, other))
    versions = (primary, other)
    by_line: dict[tuple[int, int], list[Change]] = {}  # (side, line) -> its changes
    columns: dict[tuple[int, int], int] = {}  # (side, line) -> column of its first changed sentence
    for change in found:
        for side in (0, 1):
            for n in change.at[side]:
                line, column = spots[side][n]
                for placed in _at_sentence(change, side, n, said, spots, alike):
                    if placed is not change and meanings.settled(rule, placed, files, said):
                        continue
                    if placed not in by_line.setdefault((side, line), []):
                        by_line[(side, line)].append(placed)
                    columns[(side, line)] = min(column, columns.get((side, line), column))
    by_line = {k: v for k, v in by_line.items() if v}
    for (side, line), here in by_line.items():
        column = columns[(side, line)]
        version, across = versions[side], versions[1 - side]
        there_lines = sorted({spots[1 - side][n] for c in here for n in c.at[1 - side]})
        there_line, there_column = there_lines[0] if there_lines else (across.source.line, across.source.column)
        there = where(across.source.file, there_line, version.source.file)
        which = f"its {other.role} version" if side == 0 else "its primary text"
        diff = "; ".join(_shown(c, side, said, versions) for c in sorted(here, key=lambda c: not c.of_force)[:2])
        more = f" (+{len(here) - 2} more)" if len(here) > 2 else ""
        counted = f"{len(here)} change{'s' if len(here) != 1 else ''}"
        yield conflicting_definition.finding(
            f"{rule.name!r} says something else here than {which} ({there}), {counted} on this line: {diff}{more}; "
            "make them agree or drop the outdated one",
            version.source.file,
            line,
            column,
            rule=rule.id,
            term="; ".join(_whole(c) for c in here),
            related=(Related(rule.id, across.source.file, there_line, _as_related(across, side), there_column),),
            detail=_aligned_sentences(primary, other, here, spots),
        )


def _alike(meanings: Meanings, rule: Rule, said: tuple[list[str], list[str]]) -> set[tuple[int, int]]:
    """The pairs (sentence of the primary text, its counterpart in the other)
    that say the same in other words (:meth:`Meanings.alike`)."""
    out = set()
    shared = set(said[1])
    for n, sentence in enumerate(said[0]):
        if sentence in shared:
            continue
        m = counterpart(sentence, said[1])
        if m is not None and meanings.alike(rule, sentence, said[1][m]):
            out.add((n, m))
    return out


def _reworded(change: Change, alike: set[tuple[int, int]]) -> bool:
    """Whether every sentence ``change`` stands in, on each side, is one of a
    pair of sentences that say the same in other words."""
    ones, twos = change.at
    paired = all(any((n, m) in alike for m in twos) for n in ones) and all(any((n, m) in alike for n in ones) for m in twos)
    return bool(ones and twos) and paired


def _at_sentence(
    change: Change,
    side: int,
    n: int,
    said: tuple[list[str], list[str]],
    spots: tuple[list[tuple[int, int]], ...],
    alike: set[tuple[int, int]],
) -> list[Change]:
    """What ``change`` changes in sentence ``n`` of one side.

    A change within one line of this side is that line's, unless it is one
    sentence here and several there.  A change that spans sentences (the
    word diff runs across sentences the two texts hold in another order or
    split otherwise) is the sentence's only where
    the other text has no counterpart of it; a sentence that has one (its
    :func:`counterpart`) is judged against that counterpart alone, so a
    sentence the other text says too, in another place, is no place of a
    change made in its neighbours.  Where this side has none of the change's
    words, the sentence is where the other text's words would stand, and
    keeps the change."""
    here, there = change.at[side], change.at[1 - side]
    if len({spots[side][k][0] for k in here}) <= 1 and not (len(here) == 1 and len(there) > 1):
        return [change]  # on one line of this side, and not one sentence of several of the other
    if not (change.removed, change.added)[side]:
        return [change]  # words only the other text has: this sentence is where they would stand
    if is_list_mark(said[side][n].strip()):
        return []  # a list item's mark ("1."), read as a sentence of its own: its item's sentence is the place
    m = counterpart(said[side][n], said[1 - side])
    if m is None:
        return [change]
    pair = (said[0][n], said[1][m]) if side == 0 else (said[0][m], said[1][n])
    at = ((n,), (m,)) if side == 0 else ((m,), (n,))
    if (at[0][0], at[1][0]) in alike:
        return []  # the same said in other words
    return [Change(c.removed, c.added, c.of_wording, at) for c in changes(*pair) if _of_matter(c)]


def _of_matter(change: Change) -> bool:
    """Whether a change between a sentence and its counterpart says something
    else: a may, must, not or number turned, or more than a few words (a few
    other words in a sentence both texts have are its wording, "It is
    affected" and "They are still affected")."""
    return not change.of_wording and (change.of_force or max(len(change.removed), len(change.added)) > FEW)


def _shown(change: Change, side: int, said: tuple[list[str], list[str]], versions: tuple[Version, Version]) -> str:
    """A change as the message at a line of ``side`` shows it, with both
    sides' words: a change whose words only this side's text has ("+[- As a
    Catapult (4)]" at the glossary's line) quotes the other text's sentence it
    stands against ("Artillery Weapon Catapult (4x4):"), so the words it
    differs from are seen without the detail lines.  (A change whose words only
    the other text has is shown against this very line.)"""
    empty = 0 if not change.removed else 1 if not change.added else None
    if empty is None or empty == side or not change.at[empty]:
        return str(change)
    text = " ".join(said[empty][n] for n in change.at[empty])
    which = "the primary text" if empty == 0 else f"the {versions[1].role} version"
    return f"{change}, where {which} has {quote(text, 16)}"


def _as_related(version: Version, side: int) -> str:
    return f"the {version.role} version" if side == 0 else "the primary text"


def _whole(change: Change) -> str:
    """A change with every word it touches (a message clips long ones): what a
    finding's term holds, so a further change inside it is a change of term."""
    removed, added = " ".join(change.removed), " ".join(change.added)
    return " ".join(p for p in (f"-[{removed}]" if removed else "", f"+[{added}]" if added else "") if p)


def _sentence_spots(ctx: LintContext, located: dict[str, Located], version: Version) -> list[tuple[int, int]]:
    """(line, column) of each sentence of a version's text (:func:`sentences`), found
    in order in its document; a sentence extraction changed beyond finding
    stands where the one before it does (the first, where the text starts)."""
    file = version.source.file
    if file not in ctx.rb.texts:
        return [(version.source.line, version.source.column)] * len(sentences(version.text))
    if file not in located:
        located[file] = Located(ctx, file)
    doc = located[file]
    offset = doc.offset(version.source.line, version.source.column)
    end = doc.offset(version.source.end_line + 1, 1) if version.source.end_line < len(doc.starts) else len(doc.text)
    out = []
    last = (version.source.line, version.source.column)
    for at in doc.spans(sentences(version.text), offset, end):
        last = at or last
        out.append(last)
    return out


def _aligned_sentences(
    primary: Version, other: Version, here: list[Change], spots: tuple[list[tuple[int, int]], list[tuple[int, int]]]
) -> tuple[str, str]:
    """The sentences of the two texts these changes stand in, as two aligned lines."""
    texts, labels = [], []
    for side, version in enumerate((primary, other)):
        said = sentences(version.text)
        picked = sorted({n for c in here for n in c.at[side]})
        texts.append(" ".join(said[n] for n in picked))
        line = spots[side][picked[0]][0] if picked else version.source.line
        labels.append(where(version.source.file, line, primary.source.file) + ":")
    return aligned(labels[0], texts[0], labels[1], texts[1])


@check("reworded-definition", "info", "one rule defined twice in texts that differ only in wording")
def reworded_definition(ctx: LintContext) -> Iterator[Finding]:
    """One rule defined more than once in texts that differ only in wording
    ("its owner's" and "the owner's"): nothing a referee would rule on."""
    for rule in ctx.rules:
        _, reworded = _rewordings(rule)
        if reworded:
            yield _differences(reworded_definition, rule, reworded)


def _rewordings(rule: Rule) -> tuple[list[Version], list[Version]]:
    """The texts of a rule other than its primary one: those that change what
    the rule says, and those that change only its wording.  Duplicates and
    alias mismatches are other checks' findings, and are left out."""
    texts = written(rule)
    substantive: list[Version] = []
    reworded: list[Version] = []
    if len(texts) < 2:
        return substantive, reworded
    primary, seen = texts[0], {text_key(texts[0].text)}
    again = {id(v) for v, _ in redefined(rule)}  # redefinition's
    for version in texts[1:]:
        key = text_key(version.text)
        if key in seen or id(version) in again or different_things(rule, primary, version):
            continue
        seen.add(key)
        of_wording = all(c.of_wording for c in changes(primary.text, version.text))
        (reworded if of_wording else substantive).append(version)
    return substantive, reworded


def _differences(of: Check, rule: Rule, others: list[Version]) -> Finding:
    """One finding on the primary version, every other text related with its word diff."""
    primary = written(rule)[0]
    related = []
    for version in others:
        note = f"{version.role} version, {_changes(primary, version)}"
        related.append(Related.cited(rule.id, version.source, note))
    first = others[0]
    there = where(first.source.file, first.source.line, primary.source.file)
    if of is reworded_definition:
        message = (
            f"{rule.name!r} has {len(others) + 1} texts that differ only in wording; {there}: "
            f"{word_diff(primary.text, first.text)[0]}; keep one wording"
        )
    else:
        message = (
            f"{rule.name!r} has {len(others) + 1} different texts; {there} differs by {_changes(primary, first)}; "
            "make them agree or drop the outdated one"
        )
    return of.finding_at(
        message, primary.source, rule=rule.id, related=tuple(related), detail=side_by_side(primary, first)
    )


def side_by_side(one: Version, other: Version) -> tuple[str, str]:
    """Two versions' texts as two aligned lines, their differing words marked."""
    home = one.source.file
    label_one = f"line {one.source.line}:"
    label_other = where(other.source.file, other.source.line, home) + ":"
    return aligned(label_one, one.text, label_other, other.text)


def _changes(primary: Version, other: Version) -> str:
    """``3 changes, 1 of them in wording only: +[...]; -[...] (+1 more)``."""
    diff, n = word_diff(primary.text, other.text)
    wording = sum(c.of_wording for c in changes(primary.text, other.text))
    counted = f"{n} change{'s' if n != 1 else ''}"
    if 0 < wording < n:
        counted += f", {wording} of them in wording only"
    return f"{counted}: {diff}"


@check("duplicate-definition", "info", "one rule defined twice with the same text")
def duplicate_definition(ctx: LintContext) -> Iterator[Finding]:
    """The same (normalised) text written more than once for one rule."""
    for rule in ctx.rules:
        groups: dict[str, list[Place]] = {}
        for place in places(rule):
            if place.source != place.version.source:
                continue  # the same text again in its document: a redefinition
            if place.version.text.strip() and "stub" not in place.version.flags:
                groups.setdefault(text_key(place.version.text), []).append(place)
        for group in groups.values():
            roles: dict[str, Place] = {}
            for place in group:  # one per role: a repeat within a role is a redefinition
                roles.setdefault(place.version.role, place)
            group = list(roles.values())
            if len(group) < 2:
                continue
            first, rest = group[0], group[1:]
            files = list(dict.fromkeys(p.source.file for p in group))
            within = f"all in {files[0]}" if len(files) == 1 else "in " + " and ".join(files)
            yield duplicate_definition.finding_at(
                f"{rule.name!r} is written {len(group)} times with the same text ({within}): its versions "
                "agree; an edit to one must be made to each",
                first.source,
                rule=rule.id,
                related=tuple(
                    Related.cited(rule.id, p.source, _sameness(first, p)) for p in rest
                ),
            )


def _sameness(first: Place, other: Place) -> str:
    same_order = "".join(words(first.version.text)) == "".join(words(other.version.text))
    return "same text" if same_order else "same sentences, in another order"


@check("empty-rule", "warning", "a rule with no text anywhere in its system")
def empty_rule(ctx: LintContext) -> Iterator[Finding]:
    """A heading with no text in any version, unless it only groups sub-rules
    or is a section title (:func:`section_title`)."""
    starts = _rule_starts(ctx)
    for rule in ctx.rules:
        if not _empty(rule) or _titles_section(ctx, rule, starts):
            continue
        others = [p.source for p in places(rule)][1:]
        yield empty_rule.finding_at(
            f"{_as_written(rule)} is a heading with no text in any document of {ctx.system}; add its text "
            "(or, if it is a section title, make the rules below it its sub-headings)",
            rule.source,
            rule=rule.id,
            related=tuple(Related.cited(rule.id, s, "the same heading, no text either") for s in others),
        )


@check("section-title", "info", "a heading with no text that titles the rules below it, at their level")
def section_title(ctx: LintContext) -> Iterator[Finding]:
    """A heading with no text followed at once by another heading it titles:
    written in capitals ("KEYWORDS"), over a heading in capitals, or sharing a
    word with it ("WEAPON KEYWORDS" over "Ranged weapon keywords").  The rules
    below are meant as its sub-rules but stand at its level (or above), so
    the title is read as an empty rule of its own."""
    starts = _rule_starts(ctx)
    for rule in ctx.rules:
        if not _empty(rule):
            continue
        below = _titles_section(ctx, rule, starts)
        if below is None:
            continue
        yield section_title.finding_at(
            f"{_as_written(rule)} has no text and titles the rules below it ({below.name!r} first), "
            "which stand at its level: make them its sub-headings, or give it a line of text",
            rule.source,
            rule=rule.id,
            related=(Related.cited(below.id, below.source, "the first rule below it"),),
        )


def _empty(rule: Rule) -> bool:
    return not (rule.children or "group" in rule.flags or any(v.text.strip() for v in rule.versions))


def _as_written(rule: Rule) -> str:
    """A rule's name as its heading line writes it: ``'Speer' (Spear)`` where the
    line gives another name (an alias), so the finding quotes what the editor sees."""
    written = rule.versions[0].heading if rule.versions else None
    if written and fold(written) != fold(rule.name):
        return f"{written!r} ({rule.name})"
    return repr(rule.name)


def _rule_starts(ctx: LintContext) -> dict[tuple[str, int], Rule]:
    """The rules of the system by the file and line their heading stands on."""
    out: dict[tuple[str, int], Rule] = {}
    for rule in ctx.rules:
        for place in places(rule):
            out.setdefault((place.source.file, place.source.line), rule)
    return out


def _titles_section(ctx: LintContext, rule: Rule, starts: dict[tuple[str, int], Rule]) -> Rule | None:
    """The rule right below an empty heading that it titles, if it titles one."""
    file, line = rule.source.file, rule.source.line
    lines = raw_lines(ctx, file)
    following = next((n for n in range(line + 1, len(lines) + 1) if lines[n - 1].strip()), None)
    below = starts.get((file, following)) if following else None
    if below is None or below is rule:
        return None
    mine, theirs = _words_of(lines[line - 1]), _words_of(lines[following - 1])
    if _capitals(lines[line - 1]) or _capitals(lines[following - 1]) or mine & theirs:
        return below
    return None


def _capitals(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    return len(letters) >= 3 and all(c.isupper() for c in letters)


def _words_of(line: str) -> set[str]:
    return {w for w in re.findall(r"\w+", fold(line)) if len(w) >= 4}


@check("unnamed-rule", "error", "a body whose heading was lost and could not be recovered")
def unnamed_rule(ctx: LintContext) -> Iterator[Finding]:
    """A body whose heading was lost and could not be recovered."""
    ends: dict[str, tuple[list[int], list[Rule]]] | None = None
    for rule in ctx.rules:
        if "unnamed" not in rule.flags:
            continue
        if ends is None:
            ends = _named_by_end(ctx)
        above = _rule_above(ends, rule.source.file, rule.source.line)
        related = ()
        if above is not None:
            note = f"the rule above: {above.name}"
            related = (Related.cited(above.id, above.source, note),)
        yield unnamed_rule.finding_at(
            f"text with no heading: {quote(rule.text)}; "
            "write the rule's heading above it, or join it to the rule it continues",
            rule.source,
            rule=rule.id,
            related=related,
        )


def _named_by_end(ctx: LintContext) -> dict[str, tuple[list[int], list[Rule]]]:
    """The named rules of each file by the line they end on (the first of the
    system's order last among those ending on the same line), and those lines."""
    order: dict[str, list[tuple[int, int, Rule]]] = {}
    for i, rule in enumerate(ctx.rules):
        if "unnamed" not in rule.flags:
            order.setdefault(rule.source.file, []).append((rule.source.end_line, -i, rule))
    out = {}
    for file, rules in order.items():
        rules.sort(key=lambda t: t[:2])
        out[file] = ([end for end, _, _ in rules], [rule for _, _, rule in rules])
    return out


def _rule_above(ends: dict[str, tuple[list[int], list[Rule]]], file: str, line: int) -> Rule | None:
    """The named rule that ends nearest above ``line`` in ``file`` (of those, the
    first in the system's order): looked up by line, where asking every rule of
    the system for every unnamed one grew with their square."""
    lines, rules = ends.get(file, ([], []))
    at = bisect_left(lines, line)
    return rules[at - 1] if at else None


@check("alias-mismatch", "warning", "a name and a text that do not belong together")
def alias_mismatch(ctx: LintContext) -> Iterator[Finding]:
    """Names and texts that do not belong together."""
    for rule in ctx.rules:
        yield from _different_texts(rule)
    yield from _mispaired_headings(ctx)


def _different_texts(rule: Rule) -> Iterator[Finding]:
    texts = written(rule)
    if len(texts) < 2:
        return
    primary = texts[0]
    for version in texts[1:]:
        why = different_things(rule, primary, version)
        if why is None:
            continue
        there = where(version.source.file, version.source.line, primary.source.file)
        name, alias = heading(rule, primary), heading(rule, version)
        heads = f"{name!r} heads" if fold(name) == fold(alias) else f"{name!r} and its alias {alias!r} head"
        advice = "give each text its own name"
        if "recovered-name" in primary.flags:
            advice += f" (the heading at line {primary.source.line} was lost and guessed from the text)"
        yield alias_mismatch.finding_at(
            f"{heads} two texts that are not one rule: {why} ({there}); {advice}",
            primary.source,
            rule=rule.id,
            term=alias,
            related=(
                Related(
                    rule.id, version.source.file, version.source.line, f"the other text, under {alias!r}", version.source.column
                ),
            ),
        )


def _mispaired_headings(ctx: LintContext) -> Iterator[Finding]:
    """A heading paired with another rule's alias, where the document pairs
    that alias with its own rule elsewhere ("Longbow / Langbogen" at one
    place, "Bow / Langbogen" over the same text at another)."""
    by_line: dict[tuple[str, int], list[Place]] = {}
    all_places = [p for rule in ctx.rules for p in places(rule)]
    for place in all_places:
        for n in place.lines:
            by_line.setdefault((place.source.file, n), []).append(place)
    paired: dict[tuple[str, str], int] = {}  # (rule id, alias) -> line of "Name / Alias"
    suspects: list[tuple[Place, int, int]] = []  # place, alias line, line of the heading above it
    for place in all_places:
        rule, under = place.rule, place.version.heading
        if not under or fold(under) == fold(rule.name):
            continue
        lines = raw_lines(ctx, place.source.file)
        alias_at = next((n for n in place.lines if heading_form(lines[n - 1]) == fold(under)), None)
        above = _line_above(lines, alias_at) if alias_at else None
        if above is None:
            continue
        if above in place.lines:
            if heading_form(lines[above - 1]) == fold(rule.name):
                paired.setdefault((rule.id, fold(under)), above)
        else:
            suspects.append((place, alias_at, above))
    for place, alias_at, above in suspects:
        evidence = paired.get((place.rule.id, fold(place.version.heading or "")))
        heading_above = raw_lines(ctx, place.source.file)[above - 1]
        other = _stub_headed_by(by_line.get((place.source.file, above), []), heading_above)
        if evidence is None or other is None:
            continue
        yield _mispaired(ctx, place, alias_at, above, evidence, other)


def _line_above(lines: tuple[str, ...], n: int) -> int | None:
    """The nearest non-blank line above line ``n``."""
    for m in range(n - 1, 0, -1):
        if lines[m - 1].strip():
            return m
    return None


def _stub_headed_by(candidates: list[Place], line: str) -> Rule | None:
    """The rule whose empty place is headed by ``line`` under its own name."""
    for place in candidates:
        if not place.version.text.strip() and heading_form(line) == fold(place.rule.name):
            return place.rule
    return None


def _mispaired(ctx: LintContext, place: Place, alias_at: int, above: int, evidence: int, other: Rule) -> Finding:
    rule, alias = place.rule, place.version.heading or ""
    lang = next((a.lang for a in rule.aliases if fold(a.name) == fold(alias)), "")
    of_rule = f"the {language_name(lang)} name of {rule.name}" if lang else f"a name of {rule.name}"
    file = place.source.file
    lines = raw_lines(ctx, file)
    return alias_mismatch.finding(
        f"{other.name!r} is paired with {alias!r}, {of_rule} (paired with {rule.name!r} at line {evidence}), "
        f"over {rule.name}'s text; correct the heading, or give {other.name} its own name and text",
        file,
        above,
        first_column(lines[above - 1]),
        rule=other.id,
        term=alias,
        related=(
            Related(rule.id, file, alias_at, f"{alias} and {rule.name}'s text", first_column(lines[alias_at - 1])),
            Related(rule.id, file, evidence, f"{rule.name} / {alias}", first_column(lines[evidence - 1])),
        ),
    )
