"""The registry of checks: each check states its code, severity and summary once.

A check is a function ``(ctx: LintContext) -> Iterable[Finding]``, pure,
reading only the context, in the module of :mod:`referee.lint.checks` named
for what it checks.  Its decorator registers it::

    @check("empty-rule", "warning", "a rule with no text anywhere in its system")
    def empty_rule(ctx: LintContext) -> Iterator[Finding]:
        for rule in ctx.rules:
            ...
            yield empty_rule.finding_at(message, rule.source, rule=rule.id)

The decorator turns the function into a :class:`Check` (still called as
``empty_rule(ctx)``), and ``empty_rule.finding(...)`` makes a finding with the
check's code and default severity, so neither is written anywhere else.
(Being a :class:`Check`, not a function, a check's own docstring is not
read by doctest: give examples on its helpers.)
Everything that lists checks reads them from here: the run and its order
(:func:`checks`), the codes ``--select`` and ``--ignore`` accept
(:func:`codes`), SARIF's rule metadata, and the table of codes in
docs/lint.md (:func:`markdown_table`, printed by
``python -m referee.lint.registry --markdown``; a test checks the docs hold
it).

Order: checks run and are listed in the order of :data:`MODULES`, and within
a module in the order they are written.  The checks of the manifest's
waivers (:mod:`referee.lint.checks.waivers`) come last: they judge the
findings of the others.

Adding a check:

1. write its function, with its decorator, in the module of ``checks/`` named
   for what it checks (for a new module, add its name to :data:`MODULES`);
2. write its section, ``## <code>``, in docs/lint.md, and put the output of
   ``python -m referee.lint.registry --markdown`` in place of the table of
   codes there.

The tests then ask for two cases in tests/lint/fixtures/ that name the code:
one it reports, one where it stays quiet.

Importing this module imports no check: they load on the first call of
:func:`checks`, so ``referee lint`` reads them only when it runs.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import SEVERITIES, Finding, Related
import argparse

if TYPE_CHECKING:
    from referee.lint.context import LintContext

# The modules of referee.lint.checks, in the order their checks run and are listed.
MODULES = (
    "manifest", "references", "definitions", "text_quality", "repeats", "links", "errata", "parameters", "obligations", "grants",
    "usage", "armies", "curated",
    "waivers",
)  # fmt: skip
PACKAGE = "referee.lint.checks"
_CODE = re.compile(r"^[a-z]+(?:-[a-z]+)*$")


@dataclass(frozen=True)
class Check:
    """A registered check: its code, default severity, one-line summary and function."""

    code: str
    severity: str
    summary: str
    run: Callable[[LintContext], Iterable[Finding]]

    def __call__(self, ctx: LintContext) -> Iterable[Finding]:
        return self.run(ctx)

    def finding_at(
        self,
        message: str,
        place: Any,
        *,
        rule: str | None = None,
        term: str | None = None,
        related: tuple[Related, ...] = (),
        detail: tuple[str, ...] = (),
    ) -> Finding:
        """A finding at a place: anything with a file, a line and a column (a rule's
        Source, a relation's Citation)."""
        return self.finding(
            message, place.file, place.line, place.column, rule=rule, term=term, related=related, detail=detail
        )

    def finding(
        self,
        message: str,
        file: str,
        line: int,
        column: int = 1,
        *,
        rule: str | None = None,
        term: str | None = None,
        related: tuple[Related, ...] = (),
        detail: tuple[str, ...] = (),
    ) -> Finding:
        """A finding of this check: its code, its default severity."""
        return Finding(
            self.code, self.severity, message, file, line, max(column, 1), rule=rule, term=term, related=related,
            detail=detail,
        )


_CHECKS: dict[str, Check] = {}


def check(code: str, severity: str, summary: str) -> Callable[[Callable[[LintContext], Iterable[Finding]]], Check]:
    """Register the decorated function as the check of ``code``."""
    if not _CODE.match(code):
        raise ValueError(f"lint code {code!r}: lower-case words joined by hyphens")
    if severity not in SEVERITIES:
        raise ValueError(f"lint code {code!r}: severity {severity!r} is not one of {', '.join(SEVERITIES)}")

    def register(run: Callable[[LintContext], Iterable[Finding]]) -> Check:
        known = _CHECKS.get(code)
        if known is not None and _name(known.run) != _name(run):
            raise ValueError(f"lint code {code!r} is already the code of {_name(known.run)}")
        _CHECKS[code] = Check(code, severity, summary, run)
        return _CHECKS[code]

    return register


def _name(run: Callable[..., object]) -> str:
    return f"{run.__module__}.{run.__qualname__}"


def checks() -> tuple[Check, ...]:
    """Every check, in order (loading the check modules on first use)."""
    for module in MODULES:
        importlib.import_module(f"{PACKAGE}.{module}")
    written = {code: i for i, code in enumerate(_CHECKS)}

    def order(c: Check) -> tuple[int, int]:
        module = c.run.__module__.removeprefix(PACKAGE + ".")
        return (MODULES.index(module) if module in MODULES else len(MODULES), written[c.code])

    return tuple(sorted(_CHECKS.values(), key=order))


def codes() -> tuple[str, ...]:
    """Every code, in the order of :func:`checks`."""
    return tuple(c.code for c in checks())


def get(code: str) -> Check:
    """The check of ``code`` (KeyError if there is none)."""
    return {c.code: c for c in checks()}[code]


def markdown_table() -> str:
    """The table of codes that opens docs/lint.md, each code linked to its section."""
    rows = ["| code | default severity | reports |", "|---|---|---|"]
    rows += [f"| [{c.code}](#{c.code}) | {c.severity} | {c.summary} |" for c in checks()]
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:

    parser = argparse.ArgumentParser(prog="python -m referee.lint.registry", description="The lint checks.")
    parser.add_argument("--markdown", action="store_true", help="print the table of codes of docs/lint.md")
    args = parser.parse_args(argv)
    if args.markdown:
        print(markdown_table(), end="")
    else:
        for c in checks():
            print(f"{c.code}\t{c.severity}\t{c.summary}")
    return 0


if __name__ == "__main__":
    # Run as a script this file is ``__main__``; the checks register with
    # ``referee.lint.registry``, so ask that module.
    from referee.lint.registry import main as _main

    raise SystemExit(_main())
