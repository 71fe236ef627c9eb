"""What a file is, told from its content: the one place that guesses.

``referee init`` guesses each document's format with :func:`guess`, and says
why; the rulebase asks :func:`binary_kind` before decoding a document as
text, so a PDF listed as text says "this is a PDF: use referee import pdf",
never "not valid UTF-8".
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass

# (magic bytes at the start, what the file is, what to do with it)
_MAGIC = (
    (b"%PDF-", "a PDF", "use referee import pdf FILE --system ID to turn it into a text document"),
    (b"\x89PNG", "a PNG image", "rules are read from text: type the rules out, or import the PDF they came from"),
    (b"\xff\xd8\xff", "a JPEG image", "rules are read from text: type the rules out, or import the PDF they came from"),
    (b"GIF8", "a GIF image", "rules are read from text: type the rules out, or import the PDF they came from"),
    (b"{\\rtf", "an RTF document", "save it as .docx and use referee import docx, or save it as plain text"),
    (b"\xd0\xcf\x11\xe0", "an old Word or Excel file (.doc, .xls)", "save it as .docx and use referee import docx"),
    (b"\xff\xfe", "text in UTF-16", "save it as UTF-8"),
    (b"\xfe\xff", "text in UTF-16", "save it as UTF-8"),
)
_BOOK_MARKERS = (b"<gameSystem", b"<catalogue")
_MD_HEADING = re.compile(r"^#{1,6}\s+\S", re.MULTILINE)
_MD_TABLE = re.compile(r"^\s*\|.*\|\s*$\n^\s*\|?\s*:?-{3,}", re.MULTILINE)
_WIKI_HEADING = re.compile(r"^(={2,6})[^=\n]+\1\s*$", re.MULTILINE)
_WIKI_ENTRY = re.compile(r"(?:^|\s|\*)'''[^'\n]+'''\s+[A-Z]", re.MULTILINE)  # '''Name''' Text...: what the adapter reads


def binary_kind(data: bytes) -> tuple[str, str] | None:
    """(what the file is, what to do) for a file that is not text, else None.

    >>> binary_kind(b"%PDF-1.7 ...")[0], binary_kind(b"Fear\\n\\nUnits flee.") is None
    ('a PDF', True)
    """
    for magic, what, todo in _MAGIC:
        if data.startswith(magic):
            return what, todo
    if data.startswith(b"PK\x03\x04"):
        names = _zip_names(data)
        if any(n.startswith("word/") for n in names):
            return "a Word document (.docx)", "use referee import docx FILE --system ID to turn it into a text document"
        if any(n.endswith((".cat", ".gst")) for n in names):
            return "zipped BattleScribe data", "list it with format \"battlescribe\", or use referee import battlescribe"
        return "a zip archive", "unpack it and list the documents inside"
    if b"\x00" in data[:4096] and not _utf8(data):  # a NUL in UTF-8 text is text, shown escaped
        return "a binary file", "rules are read from text documents (UTF-8)"
    return None


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _zip_names(data: bytes) -> list[str]:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return archive.namelist()
    except zipfile.BadZipFile:
        return []


@dataclass(frozen=True)
class Guess:
    """A document's format as guessed, and the evidence, in words."""

    format: str  # a format of system.toml, or "pdf"/"docx" (to convert), or "" (not a document)
    why: str


def guess(name: str, data: bytes) -> Guess:
    """The format a file's content looks like.

    >>> guess("a.txt", b"## Fear\\n\\nUnits flee.\\n")
    Guess(format='markdown', why="1 '#' heading")
    >>> guess("a.txt", b"== Rules ==\\n'''Fear''' Units flee.\\n")
    Guess(format='mediawiki', why="1 '''Name''' entry, 1 '== Heading ==' line")
    >>> guess("a.txt", b"Fear\\n\\nUnits flee.\\n").format
    'rules-list'
    """
    found = binary_kind(data)
    if found is not None:
        what, _ = found
        if what == "a PDF":
            return Guess("pdf", "it starts with %PDF-: converted to text with referee import pdf")
        if what.startswith("a Word document"):
            return Guess("docx", "a zip archive holding word/: a Word document, converted to text with referee import docx")
        if what == "zipped BattleScribe data":
            return Guess("battlescribe", "a zip archive holding a .cat or .gst file")
        return Guess("", f"{what}, not a rule document")
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<?xml") or head.startswith(b"<"):
        if any(marker in data[:4096] for marker in _BOOK_MARKERS):
            return Guess("battlescribe", "XML with a <gameSystem> or <catalogue> root: BattleScribe data")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return Guess("rules-list", "plain text (not UTF-8: the build will say where)")
    wiki = len(_WIKI_HEADING.findall(text)), len(_WIKI_ENTRY.findall(text))
    md = len(_MD_HEADING.findall(text)), len(_MD_TABLE.findall(text))
    if wiki[1] and wiki[1] > md[0] + md[1]:
        entries = _n(wiki[1], "'''Name''' entry", "'''Name''' entries")
        headings = _n(wiki[0], "'== Heading ==' line")
        return Guess("mediawiki", f"{entries}, {headings}" if wiki[0] else entries)
    if md[0] or md[1]:
        parts = [_n(md[0], "'#' heading")] if md[0] else []
        if md[1]:
            parts.append(_n(md[1], "pipe table"))
        return Guess("markdown", ", ".join(parts))
    if name.lower().endswith((".md", ".markdown")):
        return Guess("markdown", "named .md, though no '#' heading was found")
    return Guess("rules-list", "plain text with no markup: headings are short lines set apart by blank lines")


def _n(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"
