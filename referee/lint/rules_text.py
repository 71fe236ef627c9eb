"""The checks that read rule texts (see docs/lint.md for each code).

- versions of one rule compared: ``conflicting-definition``,
  ``duplicate-definition``, ``alias-mismatch`` (:mod:`rules_text_versions`);
- the documents' raw lines read: ``mangled-text``, ``dangling-reference``
  (:mod:`rules_text_lines`);
- the records themselves: ``empty-rule``, ``unnamed-rule``,
  ``errata-target-missing`` (here).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from referee.lint.finding import Finding, Related
from referee.lint.rules_text_compare import quote
from referee.lint.rules_text_lines import dangling_reference, mangled_text
from referee.lint.rules_text_places import places
from referee.lint.rules_text_versions import alias_mismatch, conflicting_definition, duplicate_definition
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Amendment, Rule

__all__ = [
    "alias_mismatch",
    "conflicting_definition",
    "dangling_reference",
    "duplicate_definition",
    "empty_rule",
    "errata_target_missing",
    "mangled_text",
    "unnamed_rule",
]

SEVERITY = {"empty-rule": "warning", "unnamed-rule": "error", "errata-target-missing": "info"}


def empty_rule(ctx: LintContext) -> Iterable[Finding]:
    """A heading with no text in any version, unless it only groups sub-rules."""
    for rule in ctx.rules:
        if rule.children or "group" in rule.flags or any(v.text.strip() for v in rule.versions):
            continue
        others = [p.source for p in places(rule)][1:]
        yield Finding(
            "empty-rule",
            SEVERITY["empty-rule"],
            f"{rule.name!r} is a heading with no text in any document of {ctx.system}; add its text "
            "(or, if it is a section title, make the rules below it its sub-headings)",
            rule.source.file,
            rule.source.line,
            rule=rule.id,
            related=tuple(Related(rule.id, s.file, s.line, "the same heading, no text either") for s in others),
        )


def unnamed_rule(ctx: LintContext) -> Iterable[Finding]:
    """A body whose heading was lost and could not be recovered."""
    for rule in ctx.rules:
        if "unnamed" not in rule.flags:
            continue
        above = _rule_above(ctx, rule.source.file, rule.source.line)
        related = ()
        if above is not None:
            related = (Related(above.id, above.source.file, above.source.line, f"the rule above: {above.name}"),)
        yield Finding(
            "unnamed-rule",
            SEVERITY["unnamed-rule"],
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


_OPS = {"replace": "replaces", "add": "adds to", "remove": "removes", "edit": "changes"}


def errata_target_missing(ctx: LintContext) -> Iterable[Finding]:
    """An amendment to a base book that no document of the system is."""
    titles = {fold(d.title) for d in ctx.manifest.documents if d.title}
    for rule in ctx.rules:
        amends = rule.amends
        if amends is None or (amends.target and fold(amends.target) in titles):
            continue
        yield Finding(
            "errata-target-missing",
            SEVERITY["errata-target-missing"],
            _errata_message(rule.name, amends),
            rule.source.file,
            rule.source.line,
            rule=rule.id,
            term=amends.target,
        )


def _errata_message(name: str, amends: Amendment) -> str:
    pages = amends.pages
    where = f"p.{pages[0]}" if len(pages) == 1 else f"pp.{', '.join(pages)}" if pages else "a page it does not give"
    if amends.target is None:
        return (
            f"{name!r} {_OPS.get(amends.op, amends.op)} {where} of a base book the manifest does not name; "
            "set base_book in system.toml"
        )
    return (
        f"{name!r} {_OPS.get(amends.op, amends.op)} {where} of {amends.target!r}, which is not in rules_src; "
        "add the book as a document to check the change against it"
    )
