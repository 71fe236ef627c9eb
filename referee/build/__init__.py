"""The build: one frozen record of everything Referee reads from a rules folder.

:func:`assemble` reads the rulebase (``referee.rulebase``) and then the rule
graph (``referee.graph``) from it, and returns a :class:`Build`; the cache
(:mod:`referee.build.cache`) keeps builds by a hash of the bytes they were
read from.  Every reader (CLI, lint, later search, site and referee) takes
a ``Build``; the quick commands take its plain-data :mod:`view
<referee.build.view>`.  The names below load on first use, so the warm
path never imports the record classes.

>>> from referee.build import assemble
>>> from referee.paths import rules_src_dir
>>> build = assemble(rules_src_dir())
>>> [r.name for r in build.lookup("Hellebarde", system="t9a")]
['Halberd']
>>> {"grants", "part-of"} <= {r.kind for r in build.relations("t9a")}
True
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from typing import Any

    from referee.build.cache import open_build
    from referee.build.record import Build, assemble

__all__ = ["Build", "assemble", "open_build"]


def __getattr__(name: str) -> Any:
    if name in ("Build", "assemble"):
        from referee.build import record

        return getattr(record, name)
    if name == "open_build":
        from referee.build import cache

        return cache.load_or_build
    raise AttributeError(name)
