"""Loading grammar/keywords.lark: once per process, from a cache when one is there.

This module is imported on the first parse, so that importing ``referee.keywords``
stays cheap.  The process-wide parser (:func:`parser`) is Lark's standalone parser
for the grammar, kept compiled in the project's cache folder (``REFEREE_CACHE_DIR``,
else ``<repo>/.referee-cache/``): a warm call does not import Lark at all, which
costs about 30 ms (docs/performance.md).  Lark writes that module when the grammar,
the options or Lark itself changed; :func:`build` gives Lark's own parser (tests,
benchmarks).  When the cache folder cannot be written the parser is made in memory.
"""

from __future__ import annotations

import threading

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee import grammars, paths
from referee.keywords.transform import KeywordTransformer

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from lark import Lark

CACHE_FILE_NAME = grammars.cache_name("keywords.lark")

_parser: Any = None  # the standalone parser: not a lark.Lark
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
    return grammars.load(
        "keywords.lark", transformer=KeywordTransformer() if transform else None, propagate_positions=True, cache=cache
    )


def parser() -> Any:
    """The process-wide LALR parser, made on first use: Lark's standalone parser for the
    grammar (:func:`referee.grammars.standalone`, kept compiled in the cache folder), with
    the options and transformer of :func:`build`; a warm call does not import Lark."""
    global _parser
    if _parser is None:
        with _lock:
            if _parser is None:
                _parser = grammars.standalone("keywords.lark", transformer=KeywordTransformer(), propagate_positions=True)
    return _parser


def runtime() -> Any:
    """The module :func:`parser`'s classes come from (its tokens and errors)."""
    return grammars.runtime(parser())
