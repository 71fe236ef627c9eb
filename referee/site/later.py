"""The parts of each page put in after the search has read it, kept on disk until then.

MkDocs reads every page (``on_page_content``) before it lays out any
(``on_post_page``), so what a page puts in after the search (a rule's
relations, versions and diagram; where it sits) would be held for every
page at once: most of a large site's memory between the two passes. They
are appended to one temporary file instead (removed by the system when
closed, or when the process ends however it ends) and read back when the
page is laid out.
"""

from __future__ import annotations

import tempfile


class Later:
    """Parts by page: ``put`` them once, ``take`` them once."""

    def __init__(self) -> None:
        self.file = tempfile.TemporaryFile(prefix="referee-site-")
        self.where: dict[str, tuple[int, tuple[int, ...]]] = {}  # page -> offset, each part's length
        self.end = 0

    def put(self, uri: str, parts: tuple[str, ...]) -> None:
        encoded = [part.encode("utf-8", "surrogatepass") for part in parts]
        self.file.seek(self.end)
        for data in encoded:
            self.file.write(data)
        self.where[uri] = (self.end, tuple(len(data) for data in encoded))
        self.end += sum(len(data) for data in encoded)

    def take(self, uri: str, read: bool = True) -> tuple[str, ...] | None:
        """The parts of ``uri`` (None if it has none, or not ``read``), forgotten here."""
        found = self.where.pop(uri, None)
        if found is None or not read:
            return None
        offset, lengths = found
        self.file.seek(offset)
        data = self.file.read(sum(lengths))
        out, at = [], 0
        for length in lengths:
            out.append(data[at : at + length].decode("utf-8", "surrogatepass"))
            at += length
        return tuple(out)

    def close(self) -> None:
        self.file.close()
        self.where = {}
