"""Edits the rebuild tests make to a copy of the project's rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

GLOSSARY = "t9a/army-builder-glossary-en-de.txt"
# a document added to a system's manifest (its file written beside it)
EXTRA = """
[[documents]]
path = "more-rules.md"
format = "markdown"
role = "core"
lang = "en"
title = "More rules"
"""


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` of the file by ``new`` (which must be there)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
