"""The ``referee`` command: thin wrappers over the rulebase and its readers.

Exit status: 0 success, 1 nothing found (lookup, show), 2 bad input or usage.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from referee import terminal
from referee.errors import RulesError

_RULES_SRC_HELP = "Folder of rule systems (default: $REFEREE_RULES_SRC, else the project's rules_src/)."


class Failure(Exception):
    """An error already worded for the user; ``code`` is the exit status."""

    def __init__(self, message: str, code: int = 2, file: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.file = file
        self.line = line

    def to_json(self) -> dict[str, Any]:
        return {"error": {"message": str(self), "file": self.file, "line": self.line}}


def rules_src_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--rules-src",
        "rules_src",
        type=click.Path(path_type=Path, file_okay=False),
        envvar="REFEREE_RULES_SRC",
        help=_RULES_SRC_HELP,
    )(f)


def json_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON (shape: docs/json.md).")(f)


def system_option(f: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--system", "-s", "system", metavar="ID", help="Only this system (t9a, whfb-house, ...).")(f)


def _src(rules_src: Path | None) -> Path:
    from referee.paths import default_rules_src

    return rules_src if rules_src is not None else default_rules_src()


def _shown(path: Path) -> str:
    """A path as the user would type it: relative to the working folder if inside it."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def open_rulebase(rules_src: Path | None, refresh: bool = False) -> Any:
    from referee.rulebase import open_rulebase as _open

    src = _src(rules_src)
    try:
        if refresh or terminal.is_terminal():
            return _open_with_progress(src, refresh)
        return _open(src, refresh=refresh)
    except RulesError as err:
        if err.file:
            err.file = f"{_shown(src)}/{err.file}"
        raise Failure(str(err), file=err.file, line=err.line) from None


def _open_with_progress(src: Path, refresh: bool) -> Any:
    from referee.rulebase import open_rulebase as _open
    from referee.rulebase.cache import content_key
    from referee.paths import cache_dir

    if not refresh and (cache_dir() / f"rulebase-{content_key(src)}.pickle").exists():
        return _open(src)
    if not terminal.is_terminal():
        return _open(src, refresh=refresh)
    from rich.progress import Progress

    with Progress(transient=True, console=terminal.console()) as progress:
        task = progress.add_task("Reading rule documents", total=None)

        def step(path: str) -> None:
            progress.update(task, description=f"Read {path}", advance=1)

        return _open(src, refresh=refresh, progress=step)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="referee")
def cli() -> None:
    """Referee: the rules of your wargames, looked up, cited and checked."""


@cli.command()
@rules_src_option
@json_option
@click.option("--refresh", is_flag=True, help="Rebuild even if the cache is current.")
def build(rules_src: Path | None, as_json: bool, refresh: bool) -> None:
    """Build (or load from cache) the rulebase and summarise each system."""
    rb = open_rulebase(rules_src, refresh=refresh)
    from referee.report import system_summaries

    summaries = system_summaries(rb)
    if as_json:
        terminal.print_json({"key": rb.key, "systems": summaries})
        return
    rows = [
        [s["id"], s["title"], str(s["documents"]), str(s["rules"]), str(s["aliases"]), str(s["stubs"]), str(s["unnamed"])]
        for s in summaries
    ]
    terminal.table(["system", "title", "documents", "rules", "aliases", "stubs", "unnamed"], rows, title="Rulebase")


@cli.command(name="list")
@rules_src_option
@system_option
@json_option
def list_rules(rules_src: Path | None, system: str | None, as_json: bool) -> None:
    """List the rules of every system, or of one."""
    rb = open_rulebase(rules_src)
    rules = _checked(lambda: list(rb.in_system(system)))
    if as_json:
        terminal.print_json({"system": system, "count": len(rules), "rules": [_brief(r) for r in rules]})
        return
    rows = [[r.id, r.name, r.category or "", str(r.source)] for r in rules]
    terminal.table(["id", "name", "category", "source"], rows)
    terminal.line(f"{len(rules)} rules", style="dim")


@cli.command()
@click.argument("query")
@rules_src_option
@system_option
@json_option
def lookup(query: str, rules_src: Path | None, system: str | None, as_json: bool) -> None:
    """Find rules by name or alias (any language the rules came in)."""
    rb = open_rulebase(rules_src)
    rules = _checked(lambda: rb.lookup(query, system))
    if as_json:
        terminal.print_json({"query": query, "system": system, "results": [r.to_json() for r in rules]})
    else:
        for i, rule in enumerate(rules):
            if i:
                terminal.line()
            _print_rule(rule, versions=False)
    if not rules:
        where = f" in {system}" if system else ""
        raise Failure(f"no rule named {query!r}{where}", code=1)


@cli.command()
@click.argument("rule_id", metavar="ID")
@rules_src_option
@json_option
def show(rule_id: str, rules_src: Path | None, as_json: bool) -> None:
    """Show one rule whole: text, aliases, every version with its source."""
    rb = open_rulebase(rules_src)
    rule = rb.get(rule_id)
    if rule is None:
        matches = rb.lookup(rule_id)
        if len(matches) == 1:
            rule = matches[0]
        elif matches:
            ids = ", ".join(r.id for r in matches)
            raise Failure(f"{rule_id!r} names {len(matches)} rules: {ids}; give an id", code=2)
        else:
            raise Failure(f"no rule with id {rule_id!r} (see 'referee list')", code=1)
    if as_json:
        terminal.print_json(rule.to_json())
        return
    _print_rule(rule, versions=True)


def _checked(fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except RulesError as err:
        raise Failure(str(err)) from None


def _brief(rule: Any) -> dict[str, Any]:
    return {
        "id": rule.id,
        "name": rule.name,
        "system": rule.system,
        "category": rule.category,
        "source": rule.source.to_json(),
        "flags": list(rule.flags),
    }


def _print_rule(rule: Any, versions: bool) -> None:
    terminal.heading(f"{rule.name}  ({rule.id})")
    if rule.aliases:
        terminal.line("also: " + ", ".join(f"{a.name} [{a.lang}]" for a in rule.aliases), style="cyan")
    meta = [f"source: {rule.source}"]
    if rule.category:
        meta.append(f"category: {rule.category}")
    if rule.parent:
        meta.append(f"part of: {rule.parent}")
    if rule.amends:
        pages = ", ".join(f"p.{p}" for p in rule.amends.pages)
        meta.append(f"amends: {rule.amends.op} {pages}" + (f" of {rule.amends.target}" if rule.amends.target else ""))
    if rule.params:
        meta.append("params: " + ", ".join(f"{p.name} ({p.kind})" for p in rule.params))
    terminal.line(" | ".join(meta), style="dim")
    if rule.flags:
        terminal.line("flags: " + ", ".join(rule.flags), style="yellow")
    terminal.line()
    terminal.line(rule.text or "(no text: the documents name this rule but never define it)")
    if rule.children:
        terminal.line()
        terminal.line("sub-rules: " + ", ".join(rule.children), style="dim")
    others = rule.versions[1:]
    if others and not versions:
        terminal.line(f"({len(others)} more version(s): referee show {rule.id})", style="dim")
    if versions:
        for v in others:
            terminal.line()
            terminal.heading(f"Version from {v.source} ({v.role}, {v.lang})", style="bold magenta")
            if v.heading and v.heading != rule.name:
                terminal.line(f"heading there: {v.heading}", style="dim")
            terminal.line(v.text or "(no text)")
        for v in rule.versions:
            if v.also_at:
                terminal.line(f"{v.source} repeated at: " + ", ".join(str(s) for s in v.also_at), style="dim")


def main(argv: list[str] | None = None) -> int:
    """Entry point: runs the CLI, turning every expected failure into one line."""
    try:
        cli.main(args=argv, prog_name="referee", standalone_mode=False)
    except Failure as err:
        if err.code == 2 and "--json" in (argv if argv is not None else sys.argv[1:]):
            terminal.print_json(err.to_json())
        else:
            terminal.error(f"referee: {err}")
        return err.code
    except click.exceptions.Abort:
        terminal.error("referee: aborted")
        return 130
    except click.ClickException as err:
        err.show()
        return 2
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
