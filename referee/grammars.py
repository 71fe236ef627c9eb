"""Loading a grammar of grammar/ with Lark: the one way every reader does it.

Every grammar is read LALR (tens of times faster than Earley on short strings),
with its transformer, if any, run inside the parse, and its tables cached in
the project's cache folder (:func:`referee.paths.writable_cache_file`; Lark's
``cache=`` keys the file by the grammar's text and the options, so an edited
grammar is compiled again, ~40 ms, and a warm one is read back, ~5 ms).  A
place that cannot be written costs speed only: the grammar is compiled in
memory.  Lark itself is imported on the first load, never by importing this.

Callers keep the parser they load for the life of the process.
"""

from __future__ import annotations

from referee import paths

TYPE_CHECKING = False  # typing costs a warm call ~4 ms (calc loads through here); only checkers read this
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from lark import Lark

_DEFAULT: Any = object()


def cache_name(grammar: str) -> str:
    """The default cache file of ``grammar`` ("keywords.lark" -> "keywords.lalr.cache")."""
    return grammar.removesuffix(".lark") + ".lalr.cache"


def load(
    grammar: str,
    *,
    transformer: Any = None,
    lexer: str = "contextual",
    propagate_positions: bool = False,
    maybe_placeholders: bool = True,
    cache: Path | str | None = _DEFAULT,
) -> Lark:
    """An LALR parser for ``grammar/<grammar>``.

    ``cache`` is the file its tables are kept in: by default
    :func:`cache_name` in the project's cache folder; a path of the caller's
    (tests, benchmarks); None for none.  A grammar loaded two ways (another
    lexer, positions or not) needs a cache file per way, or each load
    overwrites the other's.
    """
    from lark import Lark

    if cache is _DEFAULT:
        cache = paths.writable_cache_file(cache_name(grammar))
    options: dict[str, Any] = {
        "parser": "lalr",
        "lexer": lexer,
        "propagate_positions": propagate_positions,
        "maybe_placeholders": maybe_placeholders,
    }
    if transformer is not None:
        options["transformer"] = transformer
    text = paths.grammar_text(grammar)
    try:
        return Lark(text, cache=str(cache) if cache is not None else False, **options)
    except OSError:  # the cache vanished or turned read-only under us
        return Lark(text, cache=False, **options)
