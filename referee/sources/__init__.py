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
}


def adapter_for(fmt: str) -> Callable[[Document], list[Entry]]:
    """The ``read`` function of the adapter for a format (KeyError if unknown)."""
    module = importlib.import_module(FORMATS[fmt])
    return module.read


__all__ = ["FORMATS", "Document", "adapter_for"]
