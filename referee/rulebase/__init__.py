"""The rulebase: every rule of every system in rules_src, aligned from its documents.

It knows nothing of the graph or of any reader: ``referee.store`` assembles
the rulebase and the graph into one cached build.  This package's
``__init__`` stays empty of imports; the names below load on first use.

>>> from referee.paths import rules_src_dir
>>> from referee.rulebase import build_rulebase
>>> from pathlib import Path
>>> rb = build_rulebase(Path(rules_src_dir()))
>>> [r.name for r in rb.lookup("Hellebarde", system="t9a")]
['Halberd']
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from typing import Any

    from referee.rulebase.base import DocumentSummary, Rulebase, build_rulebase

__all__ = ["DocumentSummary", "Rulebase", "build_rulebase"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from referee.rulebase import base

        return getattr(base, name)
    raise AttributeError(name)
