"""Lint findings for people: grouped by file, one compiler-style line each."""

from __future__ import annotations

from itertools import groupby

from referee import terminal
from referee.lint.run import LintResult

_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def print_findings(result: LintResult, rules_src: str) -> None:
    """``<rules_src>/file:line: severity code message``, related places indented."""
    for file, findings in groupby(result.findings, key=lambda f: f.file):
        terminal.heading(f"{rules_src}/{file}")
        for f in findings:
            state = f"waived ({f.waived})" if f.waived else f.severity
            style = "dim" if f.waived else _STYLE[f.severity]
            terminal.line(f"{rules_src}/{f.file}:{f.line}: {state} {f.code} {f.message}", style=style)
            for r in f.related:
                note = f" {r.note}" if r.note else ""
                terminal.line(f"    {rules_src}/{r.file}:{r.line}: related{note}", style="dim")
        terminal.line()
    counts = result.counts()
    plural = {"error": "errors", "warning": "warnings", "info": "info", "waived": "waived"}
    summary = ", ".join(f"{n} {k if n == 1 else plural[k]}" for k, n in counts.items())
    terminal.line(f"{summary} in {', '.join(result.systems)}", style="bold")
