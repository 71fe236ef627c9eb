"""Amendments and the books they amend (see docs/lint.md for the code).

An errata or house-rules section replaces, adds to, removes or changes pages
of a base book (``Rule.amends``); the change can only be checked against the
book when the book is a document of the system.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.lint.finding import Finding
from referee.lint.registry import check
from referee.text import fold

if TYPE_CHECKING:
    from referee.lint.context import LintContext
    from referee.model import Amendment

_OPS = {"replace": "replaces", "add": "adds to", "remove": "removes", "edit": "changes"}


@check("errata-target-missing", "info", "an amendment to a base book not in the corpus")
def errata_target_missing(ctx: LintContext) -> Iterator[Finding]:
    """An amendment to a base book that no document of the system is."""
    titles = {fold(d.title) for d in ctx.manifest.documents if d.title}
    for rule in ctx.rules:
        amends = rule.amends
        if amends is None or (amends.target and fold(amends.target) in titles):
            continue
        yield errata_target_missing.finding(
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
