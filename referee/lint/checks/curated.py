"""The manifest's curated aliases, judged against what the documents define.

A curated alias renames every heading it names to its rule.  One slip does
damage without a word from the build: the alias is itself a rule the
documents define with a text of its own (``"Fear" = "Terror"``): the two
rules become one, their texts two versions of it (``alias-merges-rules``),
reported at the alias's line of system.toml.  An alias that names a near
miss of a rule (``"Hellebarde" = "Halbred"``) is a build error, and a
manifest-problem finding of lint, which reads on as if it were corrected
(:func:`referee.rulebase.align._check_curated`).
"""

from __future__ import annotations

from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding, Related
from referee.lint.registry import check
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule, Version


def _alias_line(ctx: LintContext, alias: str) -> int:
    return ctx.manifest.alias_lines.get(alias, 1)


def _place(version: Version) -> str:
    return f"{version.source.file}:{version.source.line}"


@check("alias-merges-rules", "warning", "a curated alias that is itself a rule the documents define")
def alias_merges_rules(ctx: LintContext) -> Iterator[Finding]:
    """An alias naming a heading whose text is not its rule's in the same language: two rules made one."""
    by_name: dict[str, list[Rule]] = {}
    for rule in ctx.rules:  # the merged texts may stand as one rule or as homonyms (terror, terror-2)
        by_name.setdefault(fold(rule.name), []).append(rule)
    for alias, (target, lang) in ctx.manifest.aliases.items():
        folded = fold(alias)
        if folded == fold(target) or fold(target) not in by_name:
            continue
        versions = [(r, v) for r in by_name[fold(target)] for v in r.versions]
        # a heading in the alias's own language, over a text in that language: a rule of its own,
        # not a translated name over the rule's text (a glossary's German heading over English text)
        renamed = [(r, v) for r, v in versions if v.heading and fold(v.heading) == folded and v.lang == lang]
        own = [(r, v) for r, v in versions if not (v.heading and fold(v.heading) == folded)]
        clash = next(((a, b) for a in renamed for b in own if a[1].lang == b[1].lang and fold(a[1].text) != fold(b[1].text)), None)
        if clash is None:
            continue
        (rule, theirs), (_, ours) = clash
        yield alias_merges_rules.finding(
            f"alias {alias!r} makes one rule of {alias!r} ({_place(theirs)}) and {rule.name!r} ({_place(ours)}), "
            f"which the documents define apart with texts of their own; remove the alias, or give it to the rule it renames",
            ctx.manifest.path,
            _alias_line(ctx, alias),
            rule=rule.id,
            term=alias,
            related=(
                Related.cited(rule.id, theirs.source, f"{alias!r}, its own text"),
                Related.cited(rule.id, ours.source, f"{rule.name!r}, its own text"),
            ),
        )
