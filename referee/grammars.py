"""Loading a grammar of grammar/ with Lark: the one way every reader does it.

Every grammar is read LALR (tens of times faster than Earley on short strings),
with its transformer, if any, run inside the parse, and its tables cached in
the project's cache folder (:func:`referee.paths.writable_cache_file`; Lark's
``cache=`` keys the file by the grammar's text and the options, so an edited
grammar is compiled again, ~40 ms, and a warm one is read back, ~5 ms).  A
place that cannot be written costs speed only: the grammar is compiled in
memory.  Lark itself is imported on the first load, never by importing this.

Callers keep the parser they load for the life of the process.

A grammar a warm command parses with (the keyword grammar) is loaded by
:func:`standalone` instead: the same LALR parser, run by the module Lark's
standalone tool writes for the grammar (Lark's parsing code and the grammar's
tables, nothing of its grammar compiler), compiled once and kept in the cache
folder, so that a warm call runs it without importing Lark (docs/performance.md).
"""

from __future__ import annotations

import io
import marshal
import os
import sys
import types
from importlib.machinery import PathFinder

from referee import paths, pattern_cache

try:  # blake2 alone: hashlib would also load OpenSSL's hashes (docs/performance.md)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

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
    options = _options(lexer, propagate_positions, maybe_placeholders)
    if transformer is not None:
        options["transformer"] = transformer
    text = paths.grammar_text(grammar)
    try:
        return Lark(text, cache=str(cache) if cache is not None else False, **options)
    except OSError:  # the cache vanished or turned read-only under us
        return Lark(text, cache=False, **options)


def _options(lexer: str, propagate_positions: bool, maybe_placeholders: bool) -> dict[str, Any]:
    """Lark's options for an LALR parser of ours: one set for :func:`load` and :func:`standalone`,
    so the standalone module parses as the parser it stands in for."""
    return {
        "parser": "lalr",
        "lexer": lexer,
        "propagate_positions": propagate_positions,
        "maybe_placeholders": maybe_placeholders,
    }


def standalone_name(grammar: str) -> str:
    """The default file of ``grammar``'s standalone parser ("keywords.lark" -> "keywords.standalone")."""
    return grammar.removesuffix(".lark") + ".standalone"


def standalone(
    grammar: str,
    *,
    transformer: Any = None,
    lexer: str = "contextual",
    propagate_positions: bool = False,
    maybe_placeholders: bool = True,
    cache: Path | str | None = _DEFAULT,
) -> Any:
    """The parser :func:`load` gives, run by the module Lark's standalone tool writes
    for ``grammar``: a warm call never imports Lark.

    The module's code is kept compiled (marshal) in ``cache`` (by default
    :func:`standalone_name` in the project's cache folder; None for none), under a
    key of the grammar's text, the options, Lark's version and Python's: any of them
    changed, Lark writes the module again.  Its classes (``Token``, the
    ``Unexpected...`` errors, the interactive parser) are its own, not ``lark``'s:
    :func:`runtime` gives the module a parser came from.
    """
    if cache is _DEFAULT:
        cache = paths.writable_cache_file(standalone_name(grammar))
    options = _options(lexer, propagate_positions, maybe_placeholders)
    text = paths.grammar_text(grammar)
    key = _standalone_key(text, options)
    if key is None:  # Lark's version unknown: nothing kept can be trusted
        cache = None
    code = _kept_code(cache, key) if cache is not None and key is not None else None
    if code is None:
        code = _write_standalone(grammar, text, options, cache, key)
    # A name of its own for each module made: its classes say which module they are of
    # (:func:`runtime`), and its dataclasses look the module up in sys.modules.
    module = types.ModuleType(f"referee_{grammar.removesuffix('.lark')}_lalr_{len(_MADE)}")
    module.__file__ = str(cache) if cache is not None else f"<{grammar} standalone>"
    _MADE.append(module.__name__)
    sys.modules[module.__name__] = module
    exec(code, module.__dict__)
    # its lexer compiles the grammar's terminals through the module's ``re`` when the parser
    # is made: given one whose compile makes them from the code kept between processes
    module.re = pattern_cache.as_re_module()
    return module.Lark_StandAlone(transformer=transformer) if transformer is not None else module.Lark_StandAlone()


_MADE: list[str] = []  # the standalone modules made in this process


def runtime(parser: Any) -> types.ModuleType:
    """The module ``parser``'s classes come from: its ``UnexpectedInput``,
    ``UnexpectedCharacters`` and ``UnexpectedToken`` are the errors it raises
    (``lark`` for a parser :func:`load` gave, the standalone module for one of
    :func:`standalone`)."""
    return sys.modules[type(parser).__module__.partition(".")[0]]


def _standalone_key(text: str, options: dict[str, Any]) -> bytes | None:
    """What the kept module depends on: the grammar, the options, Lark's version (the
    text of its ``__init__.py``, found without importing it) and Python's; None when
    Lark's files cannot be read."""
    spec = PathFinder.find_spec("lark")
    try:
        with open(spec.origin, "rb") as fh:  # type: ignore[union-attr,arg-type]
            lark_init = fh.read()
    except (AttributeError, TypeError, OSError):
        return None
    parts = [sys.version.encode(), lark_init, repr(sorted(options.items())).encode(), text.encode()]
    return blake2b(b"\0".join(parts), digest_size=16).hexdigest().encode()


def _kept_code(cache: Path | str, key: bytes) -> types.CodeType | None:
    """The compiled module kept in ``cache`` under ``key``; None if absent, stale or damaged."""
    try:
        with open(cache, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    stamp, _, body = data.partition(b"\n")
    if stamp != key:
        return None
    try:
        code = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return None
    return code if isinstance(code, types.CodeType) else None


def _write_standalone(grammar: str, text: str, options: dict[str, Any], cache: Path | str | None, key: bytes | None) -> types.CodeType:
    """Lark's standalone module for the grammar, compiled, and kept in ``cache`` (a place
    that cannot be written costs speed only)."""
    from lark import Lark
    from lark.tools.standalone import gen_standalone

    from referee import atomic

    source = io.StringIO()
    gen_standalone(Lark(text, cache=False, **options), out=source)
    code = compile(source.getvalue(), f"<{grammar} standalone>", "exec")
    if cache is not None and key is not None:
        try:
            atomic.replace_with(os.fspath(cache), lambda fh: fh.write(key + b"\n" + marshal.dumps(code)))
        except OSError:
            pass
    return code
