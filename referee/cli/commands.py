"""The ``referee`` command: thin wrappers over the rulebase and its readers.

Exit status: 0 success, 1 nothing found (lookup, search, show), 2 bad input or usage.

argparse (standard library) rather than click: a warm ``referee lookup``
must cost little more than starting Python, and click's import alone took
about 22 ms of a 65 ms budget.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import gc
import os
import sys

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee import __version__, terminal
from referee.cli import unitcard
from referee.cli.render import print_build, print_explanation, print_rule, where
from referee.errors import RulesError, no_rule_named, several_rules, unmanaged_warning
from referee.imports import commands as import_command
from referee.imports import init as init_command
from referee.lint.source import SourceLines
from referee.paths import NoRulesFolder, rules_src_dir
from referee.shell import commands as shell_command
from referee.site import commands as site_command
from referee.site import urls
from referee.text import fold, strip_invisible

if TYPE_CHECKING:  # the warm path imports neither typing's runtime nor pathlib
    from collections.abc import Callable
    from typing import Any

    from referee.store.book import Book
    from referee.store.rows import Stored

_RULES_SRC_HELP = "folder of rule systems (default: $REFEREE_RULES_SRC, else the project's rules_src/, else ./rules_src)"


class Failure(Exception):
    """An error already worded for the user; ``code`` is the exit status.

    ``str()`` is the line a person reads ("src/x.toml:3: error: ...");
    :meth:`to_json` gives the bare ``message`` beside ``file`` and ``line``
    (never repeated inside it), plus ``details`` such as the query.
    ``printed`` marks a failure whose command already wrote its JSON answer.
    """

    def __init__(
        self,
        message: str,
        code: int = 2,
        file: str | None = None,
        line: int | None = None,
        *,
        text: str | None = None,
        details: dict[str, Any] | None = None,
        printed: bool = False,
        usage: str | None = None,
    ) -> None:
        super().__init__(text if text is not None else message)
        self.usage = usage  # a usage error's usage line(s), for stderr or beside the JSON error
        self.message = message
        self.code = code
        self.file = file
        self.line = line
        self.details = details or {}
        self.printed = printed

    @classmethod
    def of(cls, err: RulesError, src: str | None = None) -> Failure:
        """A RulesError for the user: its file shown relative to where they stand."""
        if err.file and src is not None:
            err.file = f"{_shown(src)}/{err.file}"
        return cls(err.message, file=err.file, line=err.line, text=str(err))

    def to_json(self) -> dict[str, Any]:
        usage = {"usage": self.usage} if self.usage else {}
        return {"error": {"message": self.message, "file": self.file, "line": self.line, **self.details}, **usage}


def _src(rules_src: str | None) -> str:
    """The rules folder to read; :mod:`referee.paths` is the one place that decides."""
    try:
        return rules_src_dir(rules_src)
    except NoRulesFolder as err:
        raise Failure(str(err)) from None


def _shown(path: str) -> str:
    """A path as the user would type it: relative to the working folder if inside it."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def open_rules(rules_src: str | None, refresh: bool = False) -> Stored:
    """The rules of the folder, from its store (built first, with a progress bar, when
    the store does not hold them); ``.whole()`` gives the record classes."""
    from referee.store.load import open_rules as opened

    src = _src(rules_src)
    try:
        with terminal.Steps() as step:
            rules = opened(src, refresh=refresh, progress=lambda path: step(f"Read {path}"))
    except RulesError as err:
        raise Failure.of(err, src) from None
    _warn_unmanaged(rules.unmanaged, src)
    return rules


def _warn_unmanaged(folders: Any, src: str) -> None:
    """Folders of the rules folder that hold no system.toml: said on every call,
    as a compiler repeats a warning until it is fixed."""
    for name in folders:
        terminal.warn(f"referee: {unmanaged_warning(_shown(os.path.join(src, name)))}")


def _checked(fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except RulesError as err:
        raise Failure.of(err) from None


# --- commands -----------------------------------------------------------------


def cmd_build(args: argparse.Namespace) -> None:
    """Build (or load from cache) the rulebase and summarise each system."""
    view = open_rules(args.rules_src, refresh=args.refresh)
    if args.format == "json":
        terminal.print_json({"key": view.key, "systems": view.summaries})
        return
    print_build(view.summaries, _shown(_src(args.rules_src)))


def cmd_list(args: argparse.Namespace) -> None:
    """List the rules of every system, or of one."""
    view = open_rules(args.rules_src)
    rules = _checked(lambda: view.in_system(args.system))
    if args.format == "json":
        brief = [{k: r[k] for k in ("id", "name", "system", "category", "source", "flags")} for r in rules]
        terminal.print_json({"system": args.system, "count": len(rules), "rules": brief})
        return
    terminal.table(["id", "name", "category", "source"], [[r["id"], r["name"], r["category"] or "", where(r["source"])] for r in rules])
    terminal.line(f"{len(rules)} rules", style="dim")


def cmd_lookup(args: argparse.Namespace) -> None:
    """Find rules by name, alias or id, in any language the rules came in."""
    args.query = _query(args.query, "QUERY")
    view = open_rules(args.rules_src)
    rules = _checked(lambda: view.lookup(args.query, args.system))
    if not rules:
        units = unitcard.units_in_view(view, args.query, args.system)
        if units:  # no rule has the name, a unit of the army data does
            if args.format == "json":
                terminal.print_json({"query": args.query, "system": args.system, "results": [], "units": units})
            else:
                unitcard.print_unit_found(units)
            return
    if args.format == "json" and rules:
        terminal.print_json({"query": args.query, "system": args.system, "results": rules})
    else:
        for i, rule in enumerate(rules):
            if i:
                terminal.line()
            print_rule(rule, versions=False)
    if not rules:
        raise _not_found(args.query, args.system, printed=args.format == "json", suggest=args)


def _query(value: str, what: str, hint: str = "a rule's name, alias or id") -> str:
    """A rule name as typed, invisible characters removed with a note (the one
    policy, :data:`referee.text.INVISIBLE`); empty is a usage error."""
    value, notes = strip_invisible(value)
    for note in notes:
        terminal.warn(f"referee: note: {what}: {note}")
    if not value.strip():
        raise Failure(f"{what} is empty: give {hint}")
    return value


def _not_found(query: str, system: str | None, printed: bool = False, suggest: argparse.Namespace | None = None) -> Failure:
    """Nothing is named ``query`` (status 1).  With ``suggest`` (a lookup's
    arguments), the best search results are offered: in JSON as
    ``suggestions`` beside the empty ``results``, on stderr as "did you mean"."""
    message = no_rule_named(query, system)
    found = _suggestions(suggest, query, system) if suggest is not None else []
    if suggest is not None and printed:
        terminal.print_json({"query": query, "system": system, "results": [], "suggestions": [r.to_json() for r in found]})
    text = no_rule_named(query, system, [f"{r.name} ({r.id})" for r in found]) if found else None
    return Failure(message, code=1, details={"query": query, "system": system, "results": []}, printed=printed, text=text)


def _suggestions(args: argparse.Namespace, query: str, system: str | None) -> list[Any]:
    from referee.search.commands import suggestions

    return suggestions(open_search_index(args.rules_src), query, system)


def cmd_search(args: argparse.Namespace) -> None:
    """Search rules by name, alias (any language), keyword string or words of their text,
    forgiving typos; best match first.

    Ranking: the rules a pasted keyword string names, in its order; exact
    names and aliases; the same names stemmed; names begun or mistyped; then
    words of the text (phrases count more).  See docs/search.md.
    """
    args.query = _query(args.query, "QUERY", "a rule's name, alias, id, a keyword string or words of its text")
    from referee.search.engine import check

    _checked(lambda: check(args.query))
    index = open_search_index(args.rules_src)
    _checked(lambda: index.check_system(args.system))
    answer = _checked(lambda: index.search(args.query, args.system, args.limit))
    if args.format == "json":
        terminal.print_json(answer.to_json())
    else:
        from referee.search.commands import print_answer

        print_answer(answer)
    if not answer.results:
        where = f" in {args.system}" if args.system else ""
        hint = f"; did you mean {answer.did_you_mean!r}?" if answer.did_you_mean else ""
        raise Failure(f"nothing found for {args.query!r}{where}{hint}", code=1, printed=args.format == "json")


def open_search_index(rules_src: str | None) -> Any:
    """The search index of the current build; made (with a progress bar on a
    terminal) when the rules or Referee changed since it was."""
    from referee.search.index import open_index
    from referee.store.load import open_rules as opened

    src = _src(rules_src)
    try:
        with terminal.Steps() as step:
            index = open_index(
                src,
                lambda: opened(src, progress=lambda path: step(f"Read {path}")).whole(),
                progress=lambda count: step(f"Indexed {count} rules for search"),
            )
    except RulesError as err:
        raise Failure.of(err, src) from None
    _warn_unmanaged(index.unmanaged, src)
    return index


def _limit(text: str) -> int:
    """``--limit``: a whole number, at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return value


def cmd_show(args: argparse.Namespace) -> None:
    """Show one rule whole: text, aliases, every version with its source."""
    view = open_rules(args.rules_src)
    rule = _one_rule(view, args.name, args.system)
    if args.format == "json":
        terminal.print_json(rule)
        return
    print_rule(rule, versions=True)


def cmd_parse(args: argparse.Namespace) -> None:
    """Parse keyword strings ("Multiple Wounds (D3, Clipped Wings)") into typed values.

    STRING "-" reads one string per line from stdin and writes one JSON object
    per line, going on past bad lines (status 2 if any was bad). --corpus
    parses every keyword string of the rule documents and reports coverage.
    """
    from referee.keywords import commands

    if args.corpus:
        code = commands.corpus(args, open_rules(args.rules_src).whole())
    elif args.string is None:
        raise Failure("give a keyword STRING, '-' to read lines from stdin, or --corpus")
    else:
        view = open_rules(args.rules_src) if args.system else None
        if view is not None:
            _checked(lambda: view.check_system(args.system))
        code = commands.parse_stdin(args, view) if args.string == "-" else commands.parse_one(args, view)
    if code:
        raise Failure("", code=code)


def cmd_explain(args: argparse.Namespace) -> None:
    """Explain a rule: what it grants (transitively), what grants it, immunities,
    exclusions, overrides, obligations and prohibitions, each with its citation."""
    from referee.graph.explain import explain

    view = open_rules(args.rules_src)
    rule = _one_rule(view, args.name, args.system)
    data = explain(view, rule)
    if args.format == "json":
        terminal.print_json(data)
        return
    print_explanation(data)


def _one_rule(view: Book, name: str, system: str | None) -> dict[str, Any]:
    """The one rule a name, alias or id names (any case, any accents).

    None is exit 1; several is a usage error that lists their ids.
    """
    name = _query(name, "NAME")
    matches = _checked(lambda: view.lookup(name, system))
    if len(matches) == 1:
        return matches[0]
    if matches:
        ids = [r["id"] for r in matches]
        systems = {i.split("/", 1)[0] for i in ids}
        if len(systems) == 1 and all(fold(r["name"]) == fold(matches[0]["name"]) for r in matches):
            # one name defined twice in one system: never pick one silently
            hint = f"give an id (the name is defined {len(ids)} times in {systems.pop()}: see referee lint's redefinition)"
        else:
            hint = "give an id" if system else "give --system or an id"
        raise Failure(several_rules(name, ids, hint), details={"query": name, "ids": ids})
    raise _not_found(name, system)


def cmd_graph(args: argparse.Namespace) -> None:
    """Export the rule graph (JSON node-link, GraphML, DOT), list the sentences
    no clause of the effects grammar recognised (--unparsed), or report how
    many were read (--coverage)."""
    build = open_rules(args.rules_src).whole()
    _checked(lambda: build.check_system(args.system))
    if args.unparsed or args.coverage:
        if args.format_given and args.format != "json":
            raise Failure(f"--format {args.format} exports the graph; --unparsed and --coverage print text, or JSON with --json")
        from referee.graph.commands import print_coverage, print_unparsed

        show = print_unparsed if args.unparsed else print_coverage
        show(build, args.system, args.format_given)
        return
    from referee.graph import export
    from referee.graph.relations import to_networkx

    g = to_networkx(build, build.graph, args.system)
    if args.format == "json":
        terminal.print_json(export.to_json(g))
    elif args.format == "graphml":
        sys.stdout.write(export.to_graphml(g))
    else:
        title = build.manifests[args.system].title if args.system else "Referee rule graph"
        sys.stdout.write(export.to_dot(g, title))


def _lint_build(rules_src: str | None, src: str) -> tuple[Any, list[RulesError]]:
    """The build lint reads, and the manifest problems it was read past.

    A manifest with a problem (a document not found, an alias's typo, a bad
    waiver) stops every other command; lint reads the rules folder again,
    leniently and without the cache, leaving out only what is wrong, so the
    problem is one finding among the rest.  Only an unreadable manifest stops it.
    """
    from referee.rulebase.manifest import MANIFEST, noting
    from referee.store.load import open_rules as opened

    try:
        with terminal.Steps() as step:
            build = opened(src, progress=lambda path: step(f"Read {path}")).whole()
        noted: list[RulesError] = []
    except RulesError as err:
        if not (err.file or "").endswith("/" + MANIFEST):
            raise Failure.of(err, src) from None
        from pathlib import Path

        from referee.store.record import assemble

        try:
            with noting() as noted, terminal.Steps() as step:
                build = assemble(Path(src), progress=lambda path: step(f"Read {path}"))
        except RulesError as again:
            raise Failure.of(again, src) from None
    _warn_unmanaged(build.unmanaged, src)
    return build, noted


def cmd_lint(args: argparse.Namespace) -> None:
    """Check rule sets the way a compiler checks code: undefined, conflicting,
    duplicated, empty and broken rules, with file, line and column.
    Exit status 1 when there are (unwaived) errors."""
    from referee.lint import stored
    from referee.lint.run import lint, parse_codes

    select = _checked(lambda: parse_codes(args.select, "--select"))
    ignore = _checked(lambda: parse_codes(args.ignore, "--ignore"))
    src = _src(args.rules_src)
    build, noted = _lint_build(args.rules_src, src)
    if noted:  # read leniently, past a manifest's problems: not the stored build, and they are findings too
        result = _checked(
            lambda: lint(build, args.system, select, ignore, min_severity=args.min_severity, rules_src=src, noted=noted)
        )
    else:  # the build's findings as the store keeps them (linted and kept on the first call)
        result = _checked(lambda: stored.lint(build, args.system, select, ignore, min_severity=args.min_severity, rules_src=src))
    shown = _shown(src)
    lines = SourceLines(build, src)
    if args.format == "sarif":
        from referee.lint.sarif import to_sarif

        terminal.print_json(to_sarif(result, src, __version__, docs_url=args.docs_url, line_text=lines))
    elif args.format == "json":
        terminal.print_json(
            {
                "systems": result.systems,
                "min_severity": result.min_severity,
                "counts": result.counts(),
                "hidden": result.hidden,
                "findings": [f.to_json() for f in result.findings],
            }
        )
    else:
        from referee.lint.report import print_findings

        print_findings(result, shown, lines, args.source)
    if result.failing(args.fail_on):
        raise Failure("", code=1)


def cmd_site(args: argparse.Namespace) -> None:
    """Build the static site of the rules (a page per rule, offline), or serve it with live reload.

    "referee site build" writes it to site/ (or --out DIR); "referee site serve"
    serves it at http://127.0.0.1:8000 (or --port N) and rebuilds it when a rule
    document changes.  See docs/site.md.
    """
    _checked(lambda: site_command.build_or_serve(args))


def cmd_calc(args: argparse.Namespace) -> None:
    """Answer a dice question exactly under a system's rules, every step cited ("hit CS5 vs CS4 then wound S4 vs T4").

    Chances are exact fractions (enumeration and convolution, never
    simulation).  The question language and what is refused: docs/calc.md.
    """
    from referee.calc.commands import answer_question

    view = open_rules(args.rules_src)
    _checked(lambda: view.check_system(args.system))
    code = answer_question(args, view, _src(args.rules_src))
    if code:
        raise Failure("", code=code)


def cmd_resolve(args: argparse.Namespace) -> None:
    """Rule on the rules in play: what prevails, what is immune, what stacks, each quoted; what the rules do not settle stays unresolved.

    KEYWORDS is the acting model or unit, --vs the opposing one, --when the
    situation (charging, melee, shooting, ...).  See docs/referee.md.
    """
    from referee.resolve.commands import give_ruling

    def site_urls() -> Any:  # the referee sits below the site: the CLI hands it the site's URL scheme
        from referee.site import anchors  # the page anchors alone: not the rulebook and its lexer

        return urls, anchors

    # an unknown name's "did you mean" comes from the search index, as lookup's does, opened only then
    _checked(lambda: give_ruling(args, open_rules(args.rules_src), site_urls, lambda: open_search_index(args.rules_src)))


def cmd_shell(args: argparse.Namespace) -> None:
    """An interactive session: rules loaded once, then lookup, search, explain, resolve and calc at a prompt, with a table state.

    Tab completes commands, rule names and situation flags; the history is
    kept in your user state folder.  Without a terminal it reads one command
    per line from stdin.  See docs/shell.md.
    """
    code = _checked(lambda: shell_command.start_session(args, _src(args.rules_src)))
    if code:
        raise Failure("", code=code)


def cmd_import(args: argparse.Namespace) -> None:
    """Import army-builder data: copy BattleScribe files into a system folder and list them in its system.toml.

    See docs/battlescribe.md.
    """
    _checked(lambda: import_command.import_documents(args))


def cmd_unit(args: argparse.Namespace) -> None:
    """Show a unit of the army data: its army, profiles, and rules (its weapons' and options' too), each linked and cited.

    A rule the data names twice is listed once, with everything that
    carries it.  Exit status 1 when no unit has the name.  See docs/battlescribe.md.
    """
    args.name = _query(args.name, "NAME", "a unit's name")
    build = open_rules(args.rules_src).whole()
    _checked(lambda: build.check_system(args.system))
    found = [unitcard.card(build, system, unit) for system, unit in unitcard.units_named(build, args.name, args.system)]
    if args.format == "json":
        terminal.print_json({"query": args.name, "system": args.system, "units": found})
    else:
        for i, data in enumerate(found):
            if i:
                terminal.line()
            unitcard.print_card(data)
    if not found:
        close = difflib.get_close_matches(args.name, unitcard.unit_names(build, args.system), n=3, cutoff=0.6)
        where = f" in {args.system}" if args.system else ""
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise Failure(f"no unit named {args.name!r}{where}{hint}", code=1, printed=args.format == "json")


def cmd_init(args: argparse.Namespace) -> None:
    """Start a rule system in one command: a folder, its documents and a system.toml whose formats are guessed from the files' content.

    Says which format it guessed for each file and why; PDFs and Word
    documents are converted to text first.  See docs/getting-started.md.
    """
    _checked(lambda: init_command.start_system(args))


# --- the parser -----------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, status 2, as every other error
        raise Failure(f"{self.prog}: {message}", usage=self.format_usage().strip())


def _wants_json(args_list: list[str]) -> bool:
    """Whether the command line asks for JSON, read from the words themselves: a usage
    error stops argparse before it says (``search --limit abc --json``)."""
    words = args_list[: args_list.index("--")] if "--" in args_list else args_list
    return "--json" in words or "--format=json" in words or any(a == "--format" and b == "json" for a, b in zip(words, words[1:]))


def _common(p: argparse.ArgumentParser, system: bool = True, formats: tuple[str, ...] = ("text", "json")) -> None:
    """Options every command shares.  ``--json`` is short for ``--format json``:
    both set ``format``, and giving ``--json`` with another format is a usage
    error (:func:`_output_format`), the one place the two are reconciled."""
    p.add_argument("--rules-src", metavar="DIR", help=_RULES_SRC_HELP)
    if system:
        p.add_argument("--system", "-s", metavar="ID", help="only this system (t9a, whfb-house, ...)")
    p.add_argument("--json", action="store_true", help="print JSON (shapes: docs/json.md); short for --format json")
    p.add_argument(
        "--format", choices=formats, default=None, help=f"output format: {', '.join(formats)} (default {formats[0]})"
    )
    p.set_defaults(formats=formats)


def _output_format(args: argparse.Namespace) -> None:
    """Reconcile ``--json`` and ``--format`` into ``args.format``; ``args.format_given``
    says whether the user chose one (``graph --unparsed`` prints text unless asked)."""
    if args.json and args.format not in (None, "json"):
        raise Failure(f"--json means --format json; give one of --json and --format {args.format}")
    args.format_given = args.json or args.format is not None
    args.format = "json" if args.json else args.format or args.formats[0]


def _summary(doc: str) -> str:
    """A command's one-line help: the first sentence of its docstring, whole.

    >>> _summary("Explain a rule: what it grants,\\nwhat grants it. Each cited.")
    'Explain a rule: what it grants, what grants it.'
    """
    paragraph = " ".join(doc.split("\n\n")[0].split())
    end = paragraph.find(". ")
    return paragraph if end < 0 else paragraph[: end + 1]


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with ``only``, of that command alone.

    Making every command's parser costs: about a hundred ``add_argument``
    calls, and argparse looks up its message catalogue (gettext, on disk) for
    each parser made, which took 15-25 ms of a warm call (docs/performance.md).
    So a call makes the parser of the command it runs (:func:`_command_named`),
    and the whole one only where every command must be listed: ``referee
    --help``, or a command line that names no command (the error lists the
    choices).  The heavy modules of a command's arguments (calc, resolve) are
    imported only for it.
    """
    parser = _Parser(prog="referee", description="Referee: the rules of your wargames, looked up, cited and checked.")
    parser.add_argument("--version", action="version", version=f"referee {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    parser.commands = sub.choices  # type: ignore[attr-defined]  # each command's parser, by name
    for name, run, fill in _COMMANDS:
        if only is not None and only != name:
            continue
        doc = (run.__doc__ or "").strip()
        p = sub.add_parser(name, help=_summary(doc), description=doc)
        p.set_defaults(run=run)
        fill(p)
    return parser


def _command_named(args_list: list[str]) -> str | None:
    """The command a command line runs: its first word that is not an option (the
    top-level options, ``--help`` and ``--version``, take no value); None if that
    word names no command, so the whole parser words the error."""
    for word in args_list:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word if word in _COMMAND_NAMES else None
    return None


def _fill_build(p: argparse.ArgumentParser) -> None:
    _common(p, system=False)
    p.add_argument("--refresh", action="store_true", help="rebuild even if the cache is current (systems whose files did not change come from the build's memo)")


def _fill_lookup(p: argparse.ArgumentParser) -> None:
    p.add_argument("query", metavar="QUERY", help="a rule's name, alias or id; parameters and plurals are forgiven")
    _common(p)


def _fill_search(p: argparse.ArgumentParser) -> None:
    p.add_argument("query", metavar="QUERY", help="a name or alias in any language, a keyword string, or words of the rule's text")
    p.add_argument("--limit", "-n", type=_limit, default=10, metavar="N", help="at most N results (default 10)")
    _common(p)


def _fill_show(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME", help="a rule's id (t9a/fear), name or alias")
    _common(p)


def _fill_explain(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME", help="a rule's name, alias or id")
    _common(p)


def _fill_graph(p: argparse.ArgumentParser) -> None:
    report = p.add_mutually_exclusive_group()
    report.add_argument("--unparsed", action="store_true", help="list the sentences no effect clause recognised (text)")
    report.add_argument("--coverage", action="store_true", help="per system, the share of sentences read into typed relations (text)")
    _common(p, formats=("json", "graphml", "dot"))


def _fill_lint(p: argparse.ArgumentParser) -> None:
    p.add_argument("--select", metavar="CODES", help="only these codes (comma-separated)")
    p.add_argument("--ignore", metavar="CODES", help="leave out these codes (comma-separated)")
    p.add_argument(
        "--min-severity",
        choices=("info", "warning", "error"),
        default="warning",
        help="show findings of this severity or graver (default warning: info notes are not shown)",
    )
    p.add_argument(
        "--fail-on",
        choices=("warning", "error"),
        default="error",
        help="exit status 1 when an unwaived finding of this severity or graver is shown (default error)",
    )
    p.add_argument(
        "--source",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="print each finding's source line with a caret under its column (default: on a terminal only)",
    )
    p.add_argument(
        "--docs-url",
        metavar="URL",
        help="base URL of the docs for SARIF's helpUri (default: $REFEREE_DOCS_URL, else the docs folder's file: URI)",
    )
    _common(p, formats=("text", "json", "sarif"))


def _fill_parse(p: argparse.ArgumentParser) -> None:
    what = p.add_mutually_exclusive_group()
    what.add_argument("string", metavar="STRING", nargs="?", help="a keyword string, or - to read lines from stdin")
    what.add_argument("--corpus", action="store_true", help="parse every keyword string of the rule documents")
    _common(p)


def _fill_site(p: argparse.ArgumentParser) -> None:
    site_command.arguments(p)


def _fill_calc(p: argparse.ArgumentParser) -> None:
    from referee.calc.commands import arguments

    arguments(p)


def _fill_resolve(p: argparse.ArgumentParser) -> None:
    from referee.resolve.commands import arguments

    arguments(p)
    _common(p, formats=("text", "json", "markdown"))


def _fill_import(p: argparse.ArgumentParser) -> None:
    import_command.arguments(p)


def _fill_unit(p: argparse.ArgumentParser) -> None:
    unitcard.arguments(p)
    _common(p)


def _fill_init(p: argparse.ArgumentParser) -> None:
    init_command.arguments(p)


def _fill_shell(p: argparse.ArgumentParser) -> None:
    shell_command.arguments(p)


# Every command: its name, what runs it, what makes its arguments; in the order --help lists them.
_COMMANDS: tuple[tuple[str, Callable[[argparse.Namespace], None], Callable[[argparse.ArgumentParser], None]], ...] = (
    ("build", cmd_build, _fill_build),
    ("list", cmd_list, _common),
    ("lookup", cmd_lookup, _fill_lookup),
    ("search", cmd_search, _fill_search),
    ("show", cmd_show, _fill_show),
    ("explain", cmd_explain, _fill_explain),
    ("graph", cmd_graph, _fill_graph),
    ("lint", cmd_lint, _fill_lint),
    ("parse", cmd_parse, _fill_parse),
    ("site", cmd_site, _fill_site),
    ("calc", cmd_calc, _fill_calc),
    ("resolve", cmd_resolve, _fill_resolve),
    ("import", cmd_import, _fill_import),
    ("unit", cmd_unit, _fill_unit),
    ("init", cmd_init, _fill_init),
    ("shell", cmd_shell, _fill_shell),
)
_COMMAND_NAMES = frozenset(name for name, _, _ in _COMMANDS)


def _typed(arg: str) -> str:
    """An argument as typed: under an ASCII locale Python keeps the bytes of "Todesstoß"
    as escapes (surrogates); they are read again as UTF-8, what a terminal sends."""
    if not any("\udc80" <= c <= "\udcff" for c in arg):
        return arg
    try:
        return os.fsencode(arg).decode("utf-8")
    except UnicodeDecodeError:
        return arg


def _closed_streams(args: argparse.Namespace) -> None:
    """A standard stream the command needs that the shell closed (``>&-``, ``<&-``): one line."""
    if sys.stdout is None:
        closed = "standard output is closed (>&-): nothing could be written; redirect it to a file or /dev/null instead"
        raise Failure(closed, text=f"error: {closed}")
    reads_stdin = args.command == "shell" or (args.command == "parse" and getattr(args, "string", None) == "-")
    if sys.stdin is None and reads_stdin:
        closed = "standard input is closed (<&-): nothing to read; give it a file or a pipe"
        raise Failure(closed, text=f"error: {closed}")


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush of what could not be
    written (a full disk, a closed pipe) does not fail again on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _disk_full(err: OSError) -> bool:
    return err.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))


def main(argv: list[str] | None = None) -> int:
    """Entry point: runs one command, turning every expected failure into one line."""
    args_list = [_typed(a) for a in (sys.argv[1:] if argv is None else argv)]
    args = None
    terminal.prepare_streams()
    stores = _stores()
    try:
        parser = build_parser(_command_named(args_list))
        parsed, extra = parser.parse_known_args(args_list)
        if extra:  # said by the command's own parser, with its usage
            parser.commands[parsed.command].error(f"unrecognized arguments: {' '.join(extra)}")
        _output_format(parsed)
        args = parsed  # its format is known from here on
        _closed_streams(args)
        if getattr(args, "system", None):
            args.system = args.system.lower()  # system ids are lower-case; --system T9A means t9a
        try:
            args.run(args)
        except Exception as err:
            if not _damaged_store(err, args):
                raise
            args.run(args)  # once more, from a store built anew
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk or closed pipe is met here, inside, not after main
        _close_stores(stores)
        if argv is None and args.command == "build":
            _ending_build()
    except Failure as err:
        _close_stores(stores)
        as_json = (getattr(args, "format", None) == "json" if args is not None else _wants_json(args_list)) and sys.stdout is not None
        if err.usage and not as_json:
            sys.stderr.write(err.usage + "\n")
        if not str(err):
            pass  # the command has already said what went wrong
        elif as_json and not err.printed:
            terminal.print_json(err.to_json())  # a JSON answer on stdout, never an empty one
        if str(err) and (not as_json or err.code == 1):
            terminal.error(f"referee: {err}" if not str(err).startswith("referee") else str(err))
        return err.code
    except SystemExit as done:  # --help, --version
        return int(done.code or 0)
    except KeyboardInterrupt:
        terminal.error("referee: interrupted")
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except OSError as err:
        if not _disk_full(err):
            return _internal(err)
        _quiet_stdout()
        where = f"{err.filename}: " if err.filename else ("writing standard output: " if _writing_stdout(err) else "")
        terminal.error(f"referee: error: {where}no space left on device; free some space and run it again")
        return 2
    except Exception as bug:  # noqa: BLE001 - a bug: one line, the traceback on request
        return _internal(bug)
    return 0


def _ending_build() -> None:
    """The ``referee build`` process ends when ``main`` returns (called as the program, with
    ``sys.argv``): the objects still alive then are left to the operating system, not walked
    by Python's cycle collector on the way out, whose passes over them cost about a quarter
    of a second after a one-sentence edit of the 100,000-rule document (docs/performance.md,
    "The edit at 100,000 rules, round 19").  The store is committed and closed, standard
    output flushed; exit handlers and module teardown still run.  A caller that goes on
    (``main([...])``, a test) is left as it is."""
    gc.freeze()


def _stores() -> int:
    load = sys.modules.get("referee.store.load")
    return load.opened() if load is not None else 0


def _close_stores(since: int) -> None:
    """The command is done with the stores it opened (those after the first ``since``)."""
    load = sys.modules.get("referee.store.load")
    if load is not None:
        load.close_opened(since)


def _damaged_store(err: Exception, args: argparse.Namespace) -> bool:
    """Whether ``err`` is SQLite finding the store damaged past what opening it checks (a
    page it reads mid-command): then the store is removed, with a note, for the command to
    run again from a store built anew."""
    sqlite3 = sys.modules.get("sqlite3")
    if sqlite3 is None or type(err) is not sqlite3.DatabaseError:
        return False
    from referee.store import database

    database.discard(database.path(_src(getattr(args, "rules_src", None))), err)
    return True


def _internal(bug: BaseException) -> int:
    if os.environ.get("REFEREE_DEBUG"):
        raise bug
    terminal.error(f"referee: internal error: {type(bug).__name__}: {bug} (REFEREE_DEBUG=1 shows the traceback)")
    return 70


def _writing_stdout(err: OSError) -> bool:
    """Whether an error without a file name came from writing standard output: a line on
    its way prints (C code adds no frame of its own), or rich does."""
    import traceback

    return any(
        "print" in (frame.line or "") or "stdout" in (frame.line or "") or f"{os.sep}rich{os.sep}" in frame.filename
        for frame in traceback.extract_tb(err.__traceback__)
    )

if __name__ == "__main__":
    sys.exit(main())
