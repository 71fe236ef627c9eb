"""``referee init DIR --system ID [FILES...]``: a rule system's folder and its system.toml in one step.

Each file's format is guessed from its content (:func:`referee.sources.sniff.guess`),
and the guess is said with its evidence; a PDF or a Word document is
converted to a text document first (:mod:`referee.imports.documents`).
With no file, a short example document shows the layout.  Everything is
read and checked before anything is written; then the files and the
manifest are written aside and renamed into place, the manifest last.

The CLI imports this module at its top: at the top it imports only the
standard library and the terminal; the work is in :mod:`referee.imports.starting`.
"""

from __future__ import annotations

import argparse
import os

from referee import terminal

TYPE_CHECKING = False  # typing costs a warm call ~4 ms: the CLI imports this module on every call
if TYPE_CHECKING:
    from typing import Any


def arguments(parser: argparse.ArgumentParser) -> None:
    """The ``init`` command's arguments."""
    parser.add_argument("dir", metavar="DIR", help="the rules folder to make the system in (made if new)")
    parser.add_argument("files", nargs="*", metavar="FILE", help="rule documents: Markdown, MediaWiki, plain text, PDF, .docx, BattleScribe")
    parser.add_argument(
        "--system", "-s", metavar=("ID", "FILE"), nargs="+", required=True, action=_SystemThenFiles,
        help="the system's id: lower-case letters, digits and dashes (files may follow it)",
    )  # fmt: skip
    parser.add_argument("--title", metavar="TEXT", help="the system's title (default: a book's own title, else the id)")
    parser.add_argument("--json", action="store_true", help="print JSON (shapes: docs/json.md)")
    parser.set_defaults(format=None, formats=("text", "json"))


class _SystemThenFiles(argparse.Action):
    """``--system ID [FILE...]``: files written after the id (as in ``referee init DIR --system ID FILES``) are files."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None) -> None:
        namespace.system = values[0]
        namespace.more_files = [*getattr(namespace, "more_files", []), *values[1:]]


def start_system(args: argparse.Namespace) -> None:
    """``referee init``: make the system's folder and manifest, and say what format each file was taken for."""
    from referee.imports.starting import start

    started = start(args.dir, args.system, [*args.files, *getattr(args, "more_files", [])], args.title)
    if args.format == "json":
        terminal.print_json(started.to_json())
        return
    for doc in started.documents:
        source = f"{doc.given} -> {doc.path}" if doc.given and os.path.basename(doc.given) != doc.path else doc.path
        terminal.line(f"{source}: {doc.format} ({doc.why})")
    terminal.line(f"wrote {os.path.relpath(started.manifest)}")
    terminal.line(f"next: referee build --rules-src {args.dir}, then referee site serve --rules-src {args.dir}", style="dim")
