"""Loading grammar/keywords.lark: once per process, from a cache when one is there.

Lark is imported here and only here, on the first parse, so that importing
``referee.keywords`` stays cheap (a warm CLI call must not pay ~90 ms for lark).
The LALR tables are cached in the project's cache folder (``REFEREE_CACHE_DIR``,
else ``<repo>/.referee-cache/``); when that folder cannot be written the parser
is simply built without a cache.
"""

from __future__ import annotations

import threading

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee import grammars, paths

if TYPE_CHECKING:
    from pathlib import Path

    from lark import Lark

CACHE_FILE_NAME = grammars.cache_name("keywords.lark")

_parser: Lark | None = None
_lock = threading.Lock()


def grammar_text() -> str:
    """grammar/keywords.lark, as the package ships it (:func:`referee.paths.grammar_text`)."""
    return paths.grammar_text("keywords.lark")


def cache_path() -> Path | None:
    """Where the LALR tables are cached, or None if that place cannot be written."""
    return paths.writable_cache_file(CACHE_FILE_NAME)


def build(cache: Path | None = None, transform: bool = True) -> Lark:
    """A new LALR parser for the keyword grammar, through :func:`referee.grammars.load`
    (``cache``: its tables' file; ``transform``: values, not trees)."""
    from referee.keywords.transform import KeywordTransformer

    return grammars.load(
        "keywords.lark", transformer=KeywordTransformer() if transform else None, propagate_positions=True, cache=cache
    )


def parser() -> Lark:
    """The process-wide LALR parser, built (or loaded from the cache) on first use."""
    global _parser
    if _parser is None:
        with _lock:
            if _parser is None:
                _parser = build(cache_path())
    return _parser
