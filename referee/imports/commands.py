"""``referee import battlescribe PATH... --system S [--into DIR]``, and
``referee import pdf|docx FILE --system S [--into DIR]``.

The CLI imports this module at its top, so at the top it imports only the
standard library and Referee's light modules.
"""

from __future__ import annotations

import argparse
import os

from referee import terminal
from referee.errors import RulesError
from referee.paths import NoRulesFolder, rules_src_dir

TYPE_CHECKING = False  # typing costs a warm `referee lookup` ~4 ms; only checkers read this
if TYPE_CHECKING:
    from referee.imports.battlescribe import Import


def arguments(parser: argparse.ArgumentParser) -> None:
    """The ``import`` command's arguments (made only for a ``referee import`` call)."""
    parser.add_argument("kind", choices=("battlescribe", "pdf", "docx"), help="what the files are: army-builder data, or a rulebook as PDF or Word document")
    parser.add_argument("paths", nargs="+", metavar="PATH", help="BattleScribe files (a game system .gst and catalogues .cat, zipped or not), or one .pdf or .docx")
    parser.add_argument("--system", "-s", metavar="ID", required=True, help="the system folder to import into (made if new)")
    parser.add_argument("--into", metavar="DIR", help="the rules folder to import into, made if new (default: the rules folder, as for every command)")
    parser.add_argument("--rules-src", metavar="DIR", help="folder of rule systems (default: as for every command)")
    parser.add_argument("--json", action="store_true", help="print JSON (shapes: docs/json.md)")
    parser.set_defaults(format=None, formats=("text", "json"))


def import_documents(args: argparse.Namespace) -> None:
    """Import; bad input raises :class:`~referee.errors.RulesError` (one line, status 2)."""
    from referee.imports.battlescribe import import_files

    try:
        into = args.into or rules_src_dir(args.rules_src)
    except NoRulesFolder as err:
        raise RulesError(str(err)) from None
    if args.kind != "battlescribe":
        return _book(args, into)
    result = import_files(list(args.paths), args.system, into)
    if args.format == "json":
        terminal.print_json(result.to_json())
        return
    _print(result)


def _print(result: Import) -> None:
    rows = [[f.path, f.kind, f.name, str(f.rules), str(f.units), f.status] for f in result.files]
    terminal.table(["file", "kind", "name", "rules", "units", "status"], rows, title=f"Imported into {result.system}")
    manifest = os.path.relpath(result.manifest) if not os.path.isabs(result.manifest) else result.manifest
    if result.created:
        terminal.line(f"wrote {manifest}")
    elif result.listed:
        terminal.line(f"listed {len(result.listed)} new document(s) in {manifest}; nothing else in it changed")
    else:
        terminal.line(f"{manifest} already lists every file")
    for link in result.unresolved[:10]:
        terminal.warn(f"{link['file']}:{link['line']}: warning: {link['element']} {link['name']!r} points at id {link['target']!r}, which no BattleScribe file of {result.system} declares")
    if len(result.unresolved) > 10:
        terminal.warn(f"... and {len(result.unresolved) - 10} more links to unknown ids (referee lint lists them all)")


def _book(args: argparse.Namespace, into: str) -> None:
    from referee.imports.documents import import_book

    if len(args.paths) != 1:
        raise RulesError(f"import {args.kind} takes one file at a time ({len(args.paths)} given)")
    result = import_book(args.kind, args.paths[0], args.system, into)
    if args.format == "json":
        terminal.print_json(result.to_json())
        return
    pages = f"{result.pages} pages, " if result.pages else ""
    terminal.line(f"{result.path}: {result.status} ({pages}{result.headings} headings, {result.paragraphs} paragraphs, {result.tables} tables)")
    manifest = os.path.relpath(result.manifest)
    terminal.line(f"wrote {manifest}" if result.created else f"listed {result.path} in {manifest}" if result.listed else f"{manifest} already lists it")
    terminal.line("next: referee build, then referee lint to see what was read", style="dim")
