"""Definitions that no other rule of their system uses (see docs/lint.md).

A rule is used when another rule relates to it in the rule graph (grants it,
is immune to it, references it, ...), names it in keyword position ("models
with Fear"), writes it in a keyword string (a weapon profile's "Volley
Fire"), or names it in a form of its own ("A Vanguarding model loses
Scoring", "including Infiltrators").  Only rules that other rules *could*
name are checked:

- special rules: every rule of a universal-rules list or a glossary, and the
  rules of a core rulebook or errata whose category names special rules or
  keywords ("Special Rules", "keyword");
- not sub-rules or the sections that hold them (they are used by their
  place), not keyword families with a signature ("Ranged X heavy": datasheets
  use them), not sections whose heading was lost, not errata sections, not
  stubs whose text was lost (``empty-rule`` reports those);
- not equipment (categories ending in "Weapon" or "Armour", entries that are
  a weapon profile or an armour value such as "+3 Armor"): army lists use
  weapons and armour, other rules seldom do.

Everything a rule of this corpus defines is there to be used by army lists
and datasheets that are not in the corpus, so this stays at info.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.lint.finding import Finding
from referee.lint.registry import check
from referee.lint.terms import CHECKED, keywords_of, named_rules
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Rule

_EQUIPMENT = re.compile(r"\b(?:weapon|armou?r)$")
_ARMOUR_VALUE = re.compile(r"^(?:[+-] ?\d+ armou?r|armou?r [+-] ?\d+)\b")
_NAMED_RULES = re.compile(r"\b(?:special rules?|universal rules?|keywords?)$")
# Roles of documents whose sections are rules of play, not named abilities.
_PLAY_ROLES = frozenset({"core", "errata"})
_STRUCTURE = frozenset({"part-of", "amends"})
# Lost headings, section groups, bodies lost in extraction (empty-rule reports
# those), weapon profiles (equipment).
_NOT_DEFINITIONS = frozenset({"unnamed", "group", "stub", "profile"})


@check("unused-definition", "info", "a rule no other rule uses")
def unused_definition(ctx: LintContext) -> Iterator[Finding]:
    """The special rules of the system that no other rule uses (see the module's notes)."""
    used = users(ctx)
    for rule in ctx.rules:
        if checked(rule) and not used.get(rule.id, set()) - {rule.id} and not _mentioned(ctx, rule):
            yield unused_definition.finding(
                f"'{rule.name}' is defined here but no other rule of {ctx.system} uses it",
                rule.source.file,
                rule.source.line,
                rule=rule.id,
                term=rule.name,
            )


def checked(rule: Rule) -> bool:
    """Whether ``rule`` is a special rule other rules could name (see the module's notes)."""
    if rule.parent or rule.children or rule.params or rule.amends or _NOT_DEFINITIONS & set(rule.flags):
        return False
    category = fold(rule.category or "")
    if _EQUIPMENT.search(category) or _ARMOUR_VALUE.match(rule.text.strip().casefold()):
        return False
    if _NAMED_RULES.search(category):
        return True
    return any(v.role not in _PLAY_ROLES for v in rule.versions)


def users(ctx: LintContext) -> dict[str, set[str]]:
    """Rule id -> ids of the rules that use it by relation, by name in keyword position or in a keyword string."""
    out: dict[str, set[str]] = {}
    for rel in ctx.relations:
        if rel.target and rel.kind not in _STRUCTURE:
            out.setdefault(rel.target, set()).add(rel.source)
    for user, target in named_rules(ctx):
        out.setdefault(target, set()).add(user)
    for user, target in _keyword_uses(ctx):
        out.setdefault(target, set()).add(user)
    return out


def _keyword_uses(ctx: LintContext) -> Iterator[tuple[str, str]]:
    """(user, used) for every keyword a keyword string of the system names."""
    for found, uses in ctx.keyword_uses:
        if found.kind not in CHECKED:
            continue
        for use in uses:
            for name, _args in keywords_of(use):
                for target in ctx.resolve(name):
                    yield found.rule, target


def forms(name: str) -> re.Pattern[str]:
    """A name and the words made from it, as written (capitalised): "Vanguard",
    "Vanguarding", "Vanguarded"; "Infiltrate", "Infiltrators".

    >>> bool(forms("Infiltrate").search("including Infiltrators")), bool(forms("Fear").search("Fearless"))
    (True, False)
    """
    stem = re.escape(name[:-1] if name.endswith("e") else name).replace(r"\ ", r"\s+")
    return re.compile(rf"\b{stem}(?:e|es|s|ing|ed|d|ers?|ors?|rs?)?\b")


def _mentioned(ctx: LintContext, rule: Rule) -> bool:
    """Whether another rule's text names ``rule`` (or an alias) in any of its forms."""
    patterns = [forms(name) for name in rule.names if len(name) > 2]
    return any(
        p.search(version.text)
        for other in ctx.rules
        if other.id != rule.id
        for version in other.versions
        for p in patterns
    )
