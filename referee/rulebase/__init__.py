"""The rulebase: every rule of every system in rules_src, built once and cached.

This package's ``__init__`` stays empty of imports: the quick CLI commands
import ``referee.rulebase.cache`` and must not pay for the record classes.
The names below load on first use.

>>> from referee.rulebase import open_rulebase
>>> rb = open_rulebase()
>>> [r.name for r in rb.lookup("Hellebarde", system="t9a")]
['Halberd']
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself costs ~4 ms of a warm call; only checkers read this

if TYPE_CHECKING:
    from typing import Any

    from referee.rulebase.base import DocumentSummary, Rulebase, build_rulebase, open_rulebase

__all__ = ["DocumentSummary", "Rulebase", "build_rulebase", "open_rulebase"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from referee.rulebase import base

        return getattr(base, name)
    raise AttributeError(name)
