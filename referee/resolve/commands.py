"""``referee resolve``: the arguments, and the answer in text, JSON or Markdown.

This module is imported to build the ``referee`` parser, so at the top it
imports nothing of the referee: the build and the principles load in :func:`run`.
"""

from __future__ import annotations

import argparse
import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

ENV_SITE_URL = "REFEREE_SITE_URL"
DEFAULT_SITE_URL = "http://127.0.0.1:8000/"  # where `make run` and `referee site serve` serve the site


def arguments(parser: argparse.ArgumentParser) -> None:
    """The ``resolve`` command's own arguments (cheap: called for every ``referee`` call)."""
    parser.add_argument("keywords", metavar="KEYWORDS", help='the acting model or unit, as a keyword string ("Great Weapon, Lightning Reflexes")')
    parser.add_argument("--vs", metavar="KEYWORDS", help="the opposing model or unit, as a keyword string")
    parser.add_argument(
        "--when",
        metavar="FLAG",
        action="append",
        default=[],
        help="the situation: charging, charged, melee, shooting, moved, first-round, fleeing, on-foot, mounted, ... (repeat, or FLAG,FLAG)",
    )
    parser.add_argument("--site-url", metavar="URL", help=f"--format markdown: the site the links point to (default ${ENV_SITE_URL}, else {DEFAULT_SITE_URL})")


def _clean(text: str, what: str) -> str:
    """A keyword string with invisible characters removed, each said in a note on stderr
    (the one policy, :data:`referee.text.INVISIBLE`; carets refer to the cleaned string)."""
    from referee import terminal
    from referee.text import strip_invisible

    text, notes = strip_invisible(text)
    for note in notes:
        terminal.warn(f"referee: note: {what}: {note}")
    return text


def run(args: argparse.Namespace, view: Any, site_urls: Callable[[], Any]) -> None:
    """Rule, and print the ruling; bad input raises :class:`~referee.errors.RulesError`.

    ``site_urls`` returns the site's URL scheme (:mod:`referee.site.urls` and
    :mod:`referee.site.rulebook`, which the referee, below the site, never
    imports), asked for only by ``--format markdown``.
    """
    from referee.errors import RulesError
    from referee.resolve.engine import resolve

    if not args.system:
        raise RulesError(f"resolve needs --system (one of: {', '.join(view.systems)})")
    view.check_system(args.system)
    acting = _clean(args.keywords, "KEYWORDS")
    opponent = _clean(args.vs, "--vs") if args.vs is not None else None
    answer = resolve(view, args.system, acting, opponent, args.when)
    data = answer.to_json()
    if args.format == "json":
        from referee import terminal

        terminal.print_json(data)
    elif args.format == "markdown":
        import sys

        from referee.resolve.render import markdown, site_links

        base = args.site_url or os.environ.get(ENV_SITE_URL) or DEFAULT_SITE_URL
        sys.stdout.write(markdown(data, site_links(site_urls(), base, view)))
    else:
        from referee.resolve.render import print_resolution

        print_resolution(data)
