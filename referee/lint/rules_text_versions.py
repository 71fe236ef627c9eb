"""Checks that compare the versions of a rule: conflicting, duplicate, alias-mismatch.

A rule defined by several documents (or several times in one) has a
:class:`~referee.model.Version` per text.  Versions with the same text are
duplicates; versions that reword the rule conflict; versions that are not
the same thing at all (another language, other profile values, almost no
words in common) mean a name heads the wrong text: an alias mismatch.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from referee.lint.finding import Finding, Related
from referee.lint.rules_text_compare import (
    DIFFERENT_THINGS,
    language_name,
    overlap,
    profile_values,
    quote,
    text_key,
    text_language,
    word_diff,
    words,
)
from referee.lint.rules_text_places import Place, heading_form, places, raw_lines, where
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule, Version

SEVERITY = {"conflicting-definition": "warning", "duplicate-definition": "info", "alias-mismatch": "warning"}


def _written(rule: Rule) -> list[Version]:
    """The versions that have text (a stub is a heading, not a definition)."""
    return [v for v in rule.versions if v.text.strip() and "stub" not in v.flags]


def _heading(rule: Rule, version: Version) -> str:
    return version.heading or rule.name


def different_things(rule: Rule, a: Version, b: Version) -> str | None:
    """Why two versions of a rule are not two wordings of one rule, if they are not.

    Language and profile values count when the versions stand under different
    headings (a name and its alias); a near-total lack of common words counts
    under any headings (one heading over two rules).
    """
    paired = fold(_heading(rule, a)) != fold(_heading(rule, b))
    lang_a, lang_b = text_language(a.text, a.lang), text_language(b.text, b.lang)
    if paired and lang_a != lang_b:
        return f"{language_name(lang_a)} here, {language_name(lang_b)} under {_heading(rule, b)!r}"
    if paired and a.profiles and b.profiles:
        va, vb = profile_values(a.profiles[0].text), profile_values(b.profiles[0].text)
        if va != vb:
            return f"profile {', '.join(va)} here, {', '.join(vb)} under {_heading(rule, b)!r}"
    if overlap(a.text, b.text, rule.names) < DIFFERENT_THINGS:
        return f"{quote(a.text, 7)} here, {quote(b.text, 7)} there"
    return None


def conflicting_definition(ctx: LintContext) -> Iterable[Finding]:
    """One rule defined more than once with materially different text."""
    for rule in ctx.rules:
        written = _written(rule)
        if len(written) < 2:
            continue
        primary, seen, others = written[0], {text_key(written[0].text)}, []
        for version in written[1:]:
            key = text_key(version.text)
            if key in seen or different_things(rule, primary, version):
                continue  # a duplicate, or an alias mismatch: other checks report them
            seen.add(key)
            others.append(version)
        if not others:
            continue
        related = []
        for version in others:
            diff, n = word_diff(primary.text, version.text)
            note = f"{version.role} version, {n} change{'s' if n != 1 else ''}: {diff}"
            related.append(Related(rule.id, version.source.file, version.source.line, note))
        first = others[0]
        diff, n = word_diff(primary.text, first.text)
        yield Finding(
            "conflicting-definition",
            SEVERITY["conflicting-definition"],
            f"{rule.name!r} has {len(others) + 1} different texts; "
            f"{where(first.source.file, first.source.line, primary.source.file)} differs by "
            f"{n} change{'s' if n != 1 else ''}: {diff}; make them agree or drop the outdated one",
            primary.source.file,
            primary.source.line,
            rule=rule.id,
            related=tuple(related),
        )


def duplicate_definition(ctx: LintContext) -> Iterable[Finding]:
    """The same (normalised) text written more than once for one rule."""
    for rule in ctx.rules:
        groups: dict[str, list[Place]] = {}
        for place in places(rule):
            if place.version.text.strip() and "stub" not in place.version.flags:
                groups.setdefault(text_key(place.version.text), []).append(place)
        for group in groups.values():
            if len(group) < 2:
                continue
            first, rest = group[0], group[1:]
            files = list(dict.fromkeys(p.source.file for p in group))
            within = f"all in {files[0]}" if len(files) == 1 else "in " + " and ".join(files)
            yield Finding(
                "duplicate-definition",
                SEVERITY["duplicate-definition"],
                f"{rule.name!r} is written {len(group)} times with the same text ({within}); "
                "keep one, or waive this if the repeat is deliberate",
                first.source.file,
                first.source.line,
                rule=rule.id,
                related=tuple(Related(rule.id, p.source.file, p.source.line, _sameness(first, p)) for p in rest),
            )


def _sameness(first: Place, other: Place) -> str:
    same_order = "".join(words(first.version.text)) == "".join(words(other.version.text))
    return "same text" if same_order else "same sentences, in another order"


def alias_mismatch(ctx: LintContext) -> Iterable[Finding]:
    """Names and texts that do not belong together."""
    for rule in ctx.rules:
        yield from _different_texts(rule)
    yield from _mispaired_headings(ctx)


def _different_texts(rule: Rule) -> Iterator[Finding]:
    written = _written(rule)
    if len(written) < 2:
        return
    primary = written[0]
    for version in written[1:]:
        why = different_things(rule, primary, version)
        if why is None:
            continue
        there = where(version.source.file, version.source.line, primary.source.file)
        name, alias = _heading(rule, primary), _heading(rule, version)
        heads = f"{name!r} heads" if fold(name) == fold(alias) else f"{name!r} and its alias {alias!r} head"
        advice = "give each text its own name"
        if "recovered-name" in primary.flags:
            advice += f" (the heading at line {primary.source.line} was lost and guessed from the text)"
        yield Finding(
            "alias-mismatch",
            SEVERITY["alias-mismatch"],
            f"{heads} two texts that are not one rule: {why} ({there}); {advice}",
            primary.source.file,
            primary.source.line,
            rule=rule.id,
            term=alias,
            related=(
                Related(rule.id, version.source.file, version.source.line, f"the other text, under {alias!r}"),
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
        rule, heading = place.rule, place.version.heading
        if not heading or fold(heading) == fold(rule.name):
            continue
        lines = raw_lines(ctx, place.source.file)
        alias_at = next((n for n in place.lines if heading_form(lines[n - 1]) == fold(heading)), None)
        above = _line_above(lines, alias_at) if alias_at else None
        if above is None:
            continue
        if above in place.lines:
            if heading_form(lines[above - 1]) == fold(rule.name):
                paired.setdefault((rule.id, fold(heading)), above)
        else:
            suspects.append((place, alias_at, above))
    for place, alias_at, above in suspects:
        evidence = paired.get((place.rule.id, fold(place.version.heading or "")))
        heading_above = raw_lines(ctx, place.source.file)[above - 1]
        other = _stub_headed_by(by_line.get((place.source.file, above), []), heading_above)
        if evidence is None or other is None:
            continue
        yield _mispaired(place, alias_at, above, evidence, other)


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


def _mispaired(place: Place, alias_at: int, above: int, evidence: int, other: Rule) -> Finding:
    rule, alias = place.rule, place.version.heading or ""
    lang = next((a.lang for a in rule.aliases if fold(a.name) == fold(alias)), "")
    of_rule = f"the {language_name(lang)} name of {rule.name}" if lang else f"a name of {rule.name}"
    file = place.source.file
    return Finding(
        "alias-mismatch",
        SEVERITY["alias-mismatch"],
        f"{other.name!r} is paired with {alias!r}, {of_rule} (paired with {rule.name!r} at line {evidence}), "
        f"over {rule.name}'s text; correct the heading, or give {other.name} its own name and text",
        file,
        above,
        rule=other.id,
        term=alias,
        related=(
            Related(rule.id, file, alias_at, f"{alias} and {rule.name}'s text"),
            Related(rule.id, file, evidence, f"{rule.name} / {alias}"),
        ),
    )
