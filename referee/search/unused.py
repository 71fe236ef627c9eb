"""whoosh loaded without what it imports at the top and a search never uses.

About half of importing whoosh (``-X importtime``, docs/performance.md) went
to three modules a search does not need: ``whoosh.compat`` takes
``urlretrieve`` from ``urllib.request`` (which loads ``http.client``,
``email`` and ``ssl``) for a download no search makes; ``cached_property``,
which ``whoosh.reading`` uses for the set of deleted documents, imports
``asyncio`` only to ask, on every read of it, whether the function behind it
is a coroutine function; and ``whoosh.query.terms`` takes ``variations``
from ``whoosh.lang.morph_en`` (English word forms, some hundred regular
expressions compiled at import) for its ``Variations`` query, which Referee
never makes.  While whoosh is first imported (:func:`loading`), each of them
is a :class:`Deferred` module that imports the real one on first use of any
other attribute.  The stand-ins leave ``sys.modules`` when whoosh is loaded,
so every later import gets the real module, and a module already imported is
never stood in for.
"""

from __future__ import annotations

import sys
import types
from contextlib import contextmanager

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

CO_COROUTINE = 0x80  # inspect.CO_COROUTINE: the code flag of an ``async def``


def _is_coroutine_function(function: object) -> bool:
    """``asyncio.iscoroutinefunction``, answered without asyncio while it is not loaded.

    asyncio's answer is whether the function's code is a coroutine's (``inspect``
    reads the flag, but importing it costs a search about 4 ms), or a mark that
    only asyncio's own decorator sets: a function cannot carry that mark before
    asyncio is imported.  whoosh asks it of plain functions only.
    """
    loaded = sys.modules.get("asyncio")
    if loaded is not None and not isinstance(loaded, Deferred):
        return bool(loaded.iscoroutinefunction(function))
    return bool(getattr(getattr(function, "__code__", None), "co_flags", 0) & CO_COROUTINE)


def _forwarded(module: str, name: str) -> Callable[..., object]:
    """``module.name``, imported when first called."""

    def call(*args: object, **kwargs: object) -> object:
        return getattr(real(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


# Each module whoosh imports that a search does not need, with what whoosh reads of it
# (``from urllib.request import urlretrieve``, ``asyncio.iscoroutinefunction(...)``).
UNUSED: dict[str, dict[str, Callable[..., object]]] = {
    "urllib.request": {"urlretrieve": _forwarded("urllib.request", "urlretrieve")},
    "asyncio": {"iscoroutinefunction": _is_coroutine_function},
    "whoosh.lang.morph_en": {"variations": _forwarded("whoosh.lang.morph_en", "variations")},
}


def real(name: str) -> types.ModuleType:
    """The module ``name`` itself, imported now if it was not."""
    module = sys.modules.get(name)
    if isinstance(module, Deferred):
        del sys.modules[name]  # used while whoosh still loads: the stand-in gives way
    __import__(name)
    return sys.modules[name]


class Deferred(types.ModuleType):
    """A module imported when one of its attributes is first read."""

    def __getattr__(self, attribute: str) -> object:
        if attribute.startswith("__"):  # what the import system asks of any module (__path__, ...)
            raise AttributeError(attribute)
        return getattr(real(self.__name__), attribute)


@contextmanager
def loading() -> Iterator[None]:
    """Stand-ins for :data:`UNUSED` while the block imports whoosh."""
    standing = {}
    for name, taken in UNUSED.items():
        if name in sys.modules:
            continue
        stand_in = Deferred(name)
        for attribute, value in taken.items():
            setattr(stand_in, attribute, value)
        standing[name] = sys.modules[name] = stand_in
    try:
        yield
    finally:
        for name, stand_in in standing.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
