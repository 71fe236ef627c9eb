"""The search index's entries of a kept page, taken from the build before under serve.

The theme's search plugin parses every page's HTML into the entries of
``search_index.json`` (``on_page_context``), after every edit, for every
page: at 10,000 rules, more time than laying out the pages that changed.
A page's entries are made from its content, table of contents, address,
title and metadata, and the search plugin's options: all of it is in the
page's digest (:func:`referee.site.kept.page_digest`). So a page kept whole
(:mod:`~referee.site.kept`) takes its entries of the build before too: the
search is told to leave the page out, and the entries are put into its index
where it would have put them, in the page's turn.

This reads the Material search plugin's index (a list of entries, each page's
appended in its turn); with another search plugin, or ours before it, the
search reads every page as always.
"""

from __future__ import annotations

from typing import Any

SEARCH = "material/search"


class Indexed:
    """Each page's entries in the search's index, noted as the search adds them."""

    def __init__(self) -> None:
        self.entries: dict[str, list[Any]] = {}  # page -> its entries, in the build before
        self.entries_now: dict[str, list[Any]] = {}
        self.index: list[Any] | None = None  # the search's list of entries, this build
        self.seen = 0  # how many of them were there when the search last ended a page
        self.given: set[str] = set()  # pages whose entries this build puts in for the search

    def start(self, config: Any) -> None:
        self.entries_now, self.given, self.seen = {}, set(), 0
        self.index = search_entries(config)

    def give(self, page: Any) -> bool:
        """Before the search reads kept ``page``: if its entries are known, the search leaves it out."""
        uri = page.file.src_uri
        if self.index is None or uri not in self.entries:
            return False
        page.meta["search"] = {"exclude": True}  # the page is not laid out: only the search reads this
        self.given.add(uri)
        return True

    def after_search(self, uri: str, ours: bool) -> None:
        """After the search had page ``uri``: what it added is noted, or put in for it."""
        if self.index is None:
            return
        if uri in self.given:
            self.index.extend(self.entries[uri])
        if ours:
            self.entries_now[uri] = self.index[self.seen :]
        self.seen = len(self.index)

    def end(self, ok: bool) -> None:
        self.entries = self.entries_now if ok and self.index is not None else {}
        self.entries_now, self.given, self.index, self.seen = {}, set(), None, 0


def search_entries(config: Any) -> list[Any] | None:
    """The Material search plugin's list of entries, when it reads the pages before ours."""
    names = list(config.plugins)
    if SEARCH not in names or "referee" not in names or names.index(SEARCH) > names.index("referee"):
        return None
    index = getattr(config.plugins[SEARCH], "search_index", None)
    entries = getattr(index, "entries", None)
    return entries if isinstance(entries, list) else None
