"""Lint findings as text: one compiler-style line each, grouped for people.

On a terminal the findings are grouped by file under its name, each with
its related places indented below it, and a summary closes the report.
Anywhere else (a pipe, a file, an editor's build command) the output is
only ``file:line:column: severity code message`` lines, one per unwaived
finding, for tools that read compiler output; the summary goes to stderr,
and a run that finds nothing at all prints nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from itertools import groupby
from typing import Any

from referee import terminal
from referee.lint.finding import Finding
from referee.lint.run import LintResult
from referee.lint.source import excerpt

SourceLine = Callable[[str, int], "str | None"]

_STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}
_PLURAL = {"error": "errors", "warning": "warnings", "info": "info", "waived": "waived"}
# Related places shown under a finding on a terminal; JSON and SARIF list them all.
MOST_RELATED = 5


def print_findings(result: LintResult, rules_src: str, source: SourceLine | None = None, show: bool | None = None) -> None:
    """The report for a person on a terminal, or compiler lines for a tool.

    ``source(file, line)`` gives a finding's line: with ``show`` (by default on
    a terminal only) it is printed under the finding with a caret under the
    column, followed by the finding's detail (two texts aligned)."""
    on_terminal = terminal.is_terminal()
    shown = source if (on_terminal if show is None else show) else None
    if on_terminal:
        _grouped(result, rules_src, shown)
        terminal.line(summary(result), style="bold")
    else:
        for f in result.findings:
            if not f.waived:
                sys.stdout.write(terminal.safe(line(f, rules_src)) + "\n")
                for text in under(f, shown):
                    sys.stdout.write(terminal.safe(text) + "\n")
        if result.findings or result.hidden:
            terminal.error(summary(result), colour="1")  # a clean run says nothing


def under(f: Finding, source: SourceLine | None) -> list[str]:
    """The lines under a finding: its source line and a caret under its column,
    then its detail; none without ``source``."""
    if source is None:
        return []
    out = []
    text = source(f.file, f.line)
    if text is not None and text.strip():
        shown, caret = excerpt(text, f.column)
        out += [f"    {shown}", f"    {caret}"]
    out += [f"    {d}" for d in f.detail]
    return out


def line(f: Finding, rules_src: str) -> str:
    """``<rules_src>/file:line:column: severity code message``."""
    return f"{rules_src}/{f.where()}: {f.severity} {f.code} {f.message}"


def summary(result: LintResult) -> str:
    """``2 errors, 1 warning, 0 info, 3 waived in t9a``, and what ``--min-severity`` left out."""
    counts = ", ".join(f"{n} {k if n == 1 else _PLURAL[k]}" for k, n in result.counts().items())
    out = f"{counts} in {', '.join(result.systems)}"
    if result.hidden:
        out += f" ({result.hidden} below {result.min_severity} not shown: --min-severity info shows every finding)"
    return out


def _grouped(result: LintResult, rules_src: str, source: SourceLine | None) -> None:
    console = terminal.console()
    for file, findings in groupby(result.findings, key=lambda f: f.file):
        _say(console, f"{rules_src}/{file}", "bold")
        for f in findings:
            state = f"waived ({f.waived})" if f.waived else f.severity
            style = "dim" if f.waived else _STYLE[f.severity]
            _say(console, f"{rules_src}/{f.where()}: {state} {f.code} {f.message}", style)
            for text in under(f, source):
                _say(console, text, None)
            for r in f.related[:MOST_RELATED]:
                note = f" {r.note}" if r.note else ""
                _say(console, f"    {rules_src}/{r.file}:{r.line}:{r.column}: related{note}", "dim")
            if len(f.related) > MOST_RELATED:
                more = len(f.related) - MOST_RELATED
                _say(console, f"    … and {more} more related places (--format json lists every one)", "dim")
        _say(console, "", None)


def _say(console: Any, text: str, style: str | None) -> None:
    """One line, coloured; long lines are left for the terminal to wrap, so a
    ``file:line:column`` stays whole for the terminal to open or copy."""
    from rich.text import Text

    console.print(Text(terminal.safe(text), style=style or ""), soft_wrap=True)
