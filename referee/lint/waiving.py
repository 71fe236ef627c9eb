"""Waivers: which findings a manifest's ``[[waivers]]`` table covers, and where it stands.

A waiver names a code and a rule (by id, name or alias), a term (the word at
fault), a place (``file:line``: one finding, the file relative to the
system's folder) or a phrase (every finding whose line holds it), with a
reason.  The run marks every finding a waiver covers
as waived; the checks of :mod:`referee.lint.checks.waivers` report waivers
that cover nothing.  The manifest records no line per waiver, so the line
is found in the manifest's own text: the n-th ``[[waivers]]`` table is the
n-th waiver.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.places import manifest_place
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.lint.finding import Finding
    from referee.rulebase.manifest import Waiver
    from referee.rulebase import Rulebase

# The checks that judge waivers: they are never themselves judged unused.
WAIVER_CODES = frozenset({"unknown-waiver-code", "unused-waiver"})


def covers(waiver: Waiver, finding: Finding, rb: Rulebase) -> bool:
    """Whether ``waiver`` waives ``finding``: the same code, and its rule, its
    term, its place or a phrase of its line."""
    if waiver.code != finding.code:
        return False
    if waiver.rule and finding.rule and names_rule(rb, waiver.rule, finding.rule):
        return True
    if waiver.place and at_place(waiver.place, finding):
        return True
    if waiver.phrase and _line_holds(rb, finding, waiver.phrase):
        return True
    return bool(waiver.term and finding.term and fold(waiver.term) == fold(finding.term))


def at_place(place: str, finding: Finding) -> bool:
    """Whether ``place`` (``file:line``, the file relative to the system's folder
    or to rules_src) is where ``finding`` stands.

    >>> from referee.lint.finding import Finding
    >>> f = Finding("empty-rule", "warning", "", "demo/rules.txt", 12)
    >>> at_place("rules.txt:12", f), at_place("demo/rules.txt:12", f), at_place("rules.txt:13", f)
    (True, True, False)
    """
    file, _, line = place.rpartition(":")
    if not line.isdigit() or int(line) != finding.line:
        return False
    return finding.file == file or finding.file.split("/", 1)[-1] == file


def _line_holds(rb: Rulebase, finding: Finding, phrase: str) -> bool:
    text = getattr(rb, "texts", {}).get(finding.file)
    if text is None:
        return False
    lines = text.split("\n")
    if not 0 < finding.line <= len(lines):
        return False
    return " ".join(phrase.split()).casefold() in " ".join(lines[finding.line - 1].split()).casefold()


def reason_for(finding: Finding, waivers: tuple[Waiver, ...], rb: Rulebase) -> str | None:
    """The reason of the first waiver that covers ``finding``, if any does."""
    return next((w.reason for w in waivers if covers(w, finding, rb)), None)


def names_rule(rb: Rulebase, written: str, rule_id: str) -> bool:
    """A waiver names its rule by id or by any of its names."""
    if written == rule_id:
        return True
    rule = rb.get(rule_id)
    return rule is not None and fold(written) in {fold(n) for n in rule.names}


def what(waiver: Waiver) -> str:
    """A waiver as messages name it: ``rule 'Musician'``, ``term 'Infernal Brand'``."""
    if waiver.rule:
        return f"rule {waiver.rule!r}"
    if waiver.term:
        return f"term {waiver.term!r}"
    return f"place {waiver.place!r}" if waiver.place else f"phrase {waiver.phrase!r}"


def place(ctx: LintContext, index: int, key: str) -> tuple[int, int]:
    """(line, column) of ``key``'s value in the ``index``-th waiver of the manifest,
    else of its ``[[waivers]]`` header; (1, 1) when the manifest's text is not at hand."""
    return manifest_place(ctx.manifest_lines, "waivers", index, key) or (1, 1)
