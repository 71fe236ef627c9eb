"""The manifest's curated aliases, judged against what the documents define.

A curated alias renames every heading it names to its rule.  Two slips do
damage without a word from the build:

- the alias is itself a rule the documents define with a text of its own
  (``"Fear" = "Terror"``): the two rules become one, their texts two
  versions of it (``alias-merges-rules``);
- the rule it names is one slip from a rule of the system that no document
  defines under that spelling (``"Hellebarde" = "Halbred"`` where the
  glossary writes Halberd only under its German heading): the alias's
  heading becomes a new rule "Halbred", and Halberd is left a stub
  (``alias-near-miss``; a near miss of a name a document writes is already
  a build error, :func:`referee.rulebase.align._check_curated`).

Both are reported at the alias's line of system.toml.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding, Related
from referee.lint.registry import check
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule, Version

NEAR = 0.8  # difflib's ratio from which a name is one slip from another (as the build's own check)


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


@check("alias-near-miss", "warning", "a curated alias naming a rule one slip from another rule of the system")
def alias_near_miss(ctx: LintContext) -> Iterator[Finding]:
    """An alias whose rule exists only through it, spelled one slip from another rule's name."""
    rules = ctx.rules
    by_name = {fold(rule.name): rule for rule in rules}
    aliases_of: dict[str, list[str]] = {}
    for alias, (target, _lang) in ctx.manifest.aliases.items():
        aliases_of.setdefault(fold(target), []).append(fold(alias))
    names: list[str] | None = None
    made_by_aliases: set[str] = set()  # rules no document names but under an alias: no rule to miss
    for alias, (target, _lang) in ctx.manifest.aliases.items():
        made = by_name.get(fold(target))
        if made is None or not _only_through_aliases(made, aliases_of.get(fold(target), [])):
            continue
        if names is None:  # only when some alias made its rule: most manifests never pay for it
            names = list(by_name)
            made_by_aliases = {n for n, r in by_name.items() if _only_through_aliases(r, aliases_of.get(n, []))}
        close = difflib.get_close_matches(fold(target), [n for n in names if n != fold(target) and n not in made_by_aliases], n=1, cutoff=NEAR)
        if not close:
            continue
        other = by_name[close[0]]
        left = " (now a stub: no text)" if "stub" in other.flags else ""
        yield alias_near_miss.finding(
            f"alias {alias!r} names {target!r}, which no document defines, one slip from the rule {other.name!r}{left}: "
            f"the alias makes {alias!r} a new rule {target!r}; did you mean {other.name!r}?",
            ctx.manifest.path,
            _alias_line(ctx, alias),
            rule=made.id,
            term=alias,
            related=(Related.cited(other.id, other.source, f"the rule {other.name!r}"), Related.cited(made.id, made.source, f"the rule the alias made, {target!r}")),
        )


def _only_through_aliases(rule: Rule, aliases: list[str]) -> bool:
    """Whether every version of ``rule`` stands under a heading an alias renamed (no document
    writes the rule's own name as a heading)."""
    return bool(rule.versions) and all(v.heading is not None and fold(v.heading) in aliases for v in rule.versions)
