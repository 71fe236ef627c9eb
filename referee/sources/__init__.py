"""Adapters: one per document format, each ``read(Document) -> list[Entry]``.

The format names are what ``system.toml`` writes in a document's ``format``.
Modules are imported only when a build needs them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from referee.model import Entry
from referee.sources.document import Document

FORMATS: dict[str, str] = {
    "glossary": "referee.sources.glossary",
    "rules-list": "referee.sources.rules_list",
    "markdown": "referee.sources.markdown",
    "mediawiki": "referee.sources.mediawiki",
    "battlescribe": "referee.sources.battlescribe",
}


def adapter_for(fmt: str) -> Callable[[Document], list[Entry]]:
    """The ``read`` function of the adapter for a format (KeyError if unknown)."""
    module = importlib.import_module(FORMATS[fmt])
    return module.read


def unpack(fmt: str, path: str, data: bytes) -> bytes:
    """The bytes a document's text is decoded from: a format whose files may come
    zipped (BattleScribe's ``.catz``) unpacks them with its adapter's ``unpack``."""
    module = importlib.import_module(FORMATS[fmt])
    return module.unpack(path, data) if hasattr(module, "unpack") else data


__all__ = ["FORMATS", "Document", "adapter_for"]
