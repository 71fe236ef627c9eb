"""The definitions themselves: rules defined twice, empty, unnamed, misnamed.

The versions of a rule (:mod:`referee.lint.versions`) are compared: the same
text twice is a duplicate, a reworded text a conflict, and a text that is
not the same rule at all an alias mismatch.  The records are read for rules
with no text and bodies whose heading was lost.  See docs/lint.md for each
code.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.lint.finding import Finding, Related
from referee.lint.places import Place, heading_form, places, raw_lines, where
from referee.lint.registry import check
from referee.lint.versions import different_things, heading, written
from referee.lint.words import language_name, quote, text_key, word_diff, words
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule


@check("conflicting-definition", "warning", "one rule defined twice with materially different text")
def conflicting_definition(ctx: LintContext) -> Iterator[Finding]:
    """One rule defined more than once with materially different text."""
    for rule in ctx.rules:
        texts = written(rule)
        if len(texts) < 2:
            continue
        primary, seen, others = texts[0], {text_key(texts[0].text)}, []
        for version in texts[1:]:
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
        yield conflicting_definition.finding(
            f"{rule.name!r} has {len(others) + 1} different texts; "
            f"{where(first.source.file, first.source.line, primary.source.file)} differs by "
            f"{n} change{'s' if n != 1 else ''}: {diff}; make them agree or drop the outdated one",
            primary.source.file,
            primary.source.line,
            rule=rule.id,
            related=tuple(related),
        )


@check("duplicate-definition", "info", "one rule defined twice with the same text")
def duplicate_definition(ctx: LintContext) -> Iterator[Finding]:
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
            yield duplicate_definition.finding(
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


@check("empty-rule", "warning", "a rule with no text anywhere in its system")
def empty_rule(ctx: LintContext) -> Iterator[Finding]:
    """A heading with no text in any version, unless it only groups sub-rules."""
    for rule in ctx.rules:
        if rule.children or "group" in rule.flags or any(v.text.strip() for v in rule.versions):
            continue
        others = [p.source for p in places(rule)][1:]
        yield empty_rule.finding(
            f"{rule.name!r} is a heading with no text in any document of {ctx.system}; add its text "
            "(or, if it is a section title, make the rules below it its sub-headings)",
            rule.source.file,
            rule.source.line,
            rule=rule.id,
            related=tuple(Related(rule.id, s.file, s.line, "the same heading, no text either") for s in others),
        )


@check("unnamed-rule", "error", "a body whose heading was lost and could not be recovered")
def unnamed_rule(ctx: LintContext) -> Iterator[Finding]:
    """A body whose heading was lost and could not be recovered."""
    for rule in ctx.rules:
        if "unnamed" not in rule.flags:
            continue
        above = _rule_above(ctx, rule.source.file, rule.source.line)
        related = ()
        if above is not None:
            related = (Related(above.id, above.source.file, above.source.line, f"the rule above: {above.name}"),)
        yield unnamed_rule.finding(
            f"text with no heading: {quote(rule.text)}; "
            "write the rule's heading above it, or join it to the rule it continues",
            rule.source.file,
            rule.source.line,
            rule=rule.id,
            related=related,
        )


def _rule_above(ctx: LintContext, file: str, line: int) -> Rule | None:
    """The named rule that ends nearest above ``line`` in ``file``."""
    above = [r for r in ctx.rules if r.source.file == file and r.source.end_line < line and "unnamed" not in r.flags]
    return max(above, key=lambda r: r.source.end_line, default=None)


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
        yield alias_mismatch.finding(
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
    return alias_mismatch.finding(
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
