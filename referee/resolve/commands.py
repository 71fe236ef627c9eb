"""``referee resolve``: the arguments, and the answer in text, JSON or Markdown.

This module is imported to build the ``referee`` parser, so at the top it
imports nothing of the referee: the build and the principles load in :func:`run`.
"""

from __future__ import annotations

import argparse
import os
from referee import terminal
from referee.text import strip_invisible
from referee.errors import RulesError
from referee.paths import rules_src_dir
import sys

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.search.index import Index
    from referee.store.book import Book

ENV_SITE_URL = "REFEREE_SITE_URL"
DEFAULT_SITE_URL = "http://127.0.0.1:8000/"  # where `make run` and `referee site serve` serve the site


def arguments(parser: argparse.ArgumentParser) -> None:
    """The ``resolve`` command's own arguments (cheap: called for every ``referee`` call)."""
    parser.add_argument(
        "keywords", metavar="KEYWORDS", nargs="?", help='the acting model or unit, as a keyword string ("Great Weapon, Lightning Reflexes"); or give --unit; leave both out to rule on --vs or --vs-unit alone'
    )
    parser.add_argument("--vs", metavar="KEYWORDS", help="the opposing model or unit, as a keyword string")
    parser.add_argument("--unit", metavar="NAME", help="the acting unit, by name, from the system's army data (BattleScribe): its rules and its weapons' and options'")
    parser.add_argument("--vs-unit", metavar="NAME", help="the opposing unit, by name, from the system's army data")
    parser.add_argument("--army", metavar="NAME", help="the army book of --unit/--vs-unit, when units of several armies share the name")
    parser.add_argument(
        "--when",
        metavar="FLAG",
        action="append",
        default=[],
        help="the situation: charging, charged, melee, shooting, moved, first-round, fleeing, on-foot, mounted, ..., or a word the system's rules condition on (repeat, or FLAG,FLAG)",
    )
    parser.add_argument("--site-url", metavar="URL", help=f"--format markdown: the site the links point to (default ${ENV_SITE_URL}, else {DEFAULT_SITE_URL})")


def _clean(text: str, what: str) -> str:
    """A keyword string with invisible characters removed, each said in a note on stderr
    (the one policy, :data:`referee.text.INVISIBLE`; carets refer to the cleaned string)."""

    text, notes = strip_invisible(text)
    for note in notes:
        terminal.warn(f"referee: note: {what}: {note}")
    return text


def _sides(args: argparse.Namespace, view: Book) -> tuple[Any, Any, tuple[Any, Any]]:
    """What each side has: a keyword string, or a unit's picks (and the unit, for the ruling to name)."""
    from referee.resolve.naming import unit_picks

    if args.keywords is not None and args.unit is not None:
        raise RulesError("resolve: give KEYWORDS or --unit, not both")
    if args.vs is not None and args.vs_unit is not None:
        raise RulesError("resolve: give --vs or --vs-unit, not both")
    if args.keywords is None and args.unit is None and args.vs is None and args.vs_unit is None:
        raise RulesError("resolve needs a side to rule on: KEYWORDS or --unit NAME (yours), --vs or --vs-unit (the opponent's)")
    if args.army is not None and args.unit is None and args.vs_unit is None:
        raise RulesError("resolve: --army names the army of --unit or --vs-unit; give one")
    acting: Any = []  # only the opponent's side given: no rules of yours are in play
    opponent: Any = None
    unit = vs_unit = None
    if args.unit is not None:
        unit, acting = unit_picks(view, args.system, _clean(args.unit, "--unit"), args.army, "--unit")
    elif args.keywords is not None:
        acting = _clean(args.keywords, "KEYWORDS")
    if args.vs_unit is not None:
        vs_unit, opponent = unit_picks(view, args.system, _clean(args.vs_unit, "--vs-unit"), args.army, "--vs-unit")
    elif args.vs is not None:
        opponent = _clean(args.vs, "--vs")
    return acting, opponent, (unit, vs_unit)


def give_ruling(args: argparse.Namespace, view: Book, site_urls: Callable[[], Any], search_index: Callable[[], Index] | None = None) -> None:
    """Rule, and print the ruling; bad input raises :class:`~referee.errors.RulesError`.

    ``site_urls`` returns the site's URL scheme (:mod:`referee.site.urls` and
    :mod:`referee.site.anchors`, which the referee, below the site, never
    imports), asked for only by ``--format markdown``; ``search_index`` opens
    the search index, asked for only when a name names no rule ("did you mean").
    """
    from referee.resolve.engine import resolve

    if not args.system:
        raise RulesError(f"resolve needs --system (one of: {', '.join(view.systems)})")
    view.check_system(args.system)
    acting, opponent, units = _sides(args, view)

    try:
        answer = resolve(view, args.system, acting, opponent, args.when, units, documents=rules_src_dir(args.rules_src))
    except RulesError as err:
        from referee.resolve.naming import with_near_names

        raise (with_near_names(err, search_index) if search_index is not None else err) from None
    data = answer.to_json()
    if args.format == "json":

        terminal.print_json(data)
    elif args.format == "markdown":

        from referee.resolve.render import markdown, site_links

        base = args.site_url or os.environ.get(ENV_SITE_URL) or DEFAULT_SITE_URL
        sys.stdout.write(markdown(data, site_links(site_urls(), base, view)))
    else:
        from referee.resolve.render import print_resolution

        print_resolution(data)
