"""Reading BattleScribe files safely: zip archives, XML, namespaces, invisible characters.

BattleScribe data comes as XML (``.gst`` game systems, ``.cat`` catalogues)
or as the same XML inside a zip archive (``.gstz``, ``.catz``).  Data from
the internet is untrusted: an archive may be damaged or inflate without
bound, and XML may declare entities that expand without bound (an "XML
bomb").  So archives are read member by member with a size cap, documents
with a DOCTYPE are refused before parsing, and lxml's parser resolves no
entities and fetches nothing.  Every problem is a
:class:`~referee.errors.RulesError` naming the file, and the line where
the parser gives one.

lxml is imported only when a BattleScribe file is read: the warm CLI never
pays for it.
"""

from __future__ import annotations

import io
from typing import Any

from referee.errors import RulesError

GAME_SYSTEM_NS = "http://www.battlescribe.net/schema/gameSystemSchema"
CATALOGUE_NS = "http://www.battlescribe.net/schema/catalogueSchema"
ROOTS = {f"{{{GAME_SYSTEM_NS}}}gameSystem": "game-system", f"{{{CATALOGUE_NS}}}catalogue": "catalogue"}
ZIPPED = (".gstz", ".catz")
XML_SUFFIXES = (".gst", ".cat", ".xml")
# What one BattleScribe file may bring in (docs/battlescribe.md, "Limits"): real files hold a few
# hundred kilobytes and at most about a hundred rules; a whole game system is about 10 MB.  A
# file past these (a 237 MB catalogue of 28,000 rules from an 800 KB .catz) is refused with its
# numbers, by the import and by the build alike, before its rules are drafted.
MAX_UNPACKED = 32 * 1024 * 1024  # bytes of XML in one file, zipped or not
MAX_RULES = 5_000  # rule elements in one file

# Characters real data carries that no reader sees: zero-width spaces and
# joiners, soft hyphens, direction marks, word joiners, a stray BOM.  They
# split names ("Fly\u200b" is not "Fly"); they are removed, and the record
# keeps the original beside the cleaned text.
_INVISIBLE = dict.fromkeys(
    [0x00AD, 0x180E, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF]
    + list(range(0x202A, 0x202F)),
    None,
)
_INVISIBLE.update({0x00A0: " ", 0x202F: " ", 0x2007: " "})  # no-break spaces read as spaces


def clean(text: str) -> str:
    """``text`` without invisible characters, no-break spaces as spaces.

    >>> clean("Fly\\u200b (9\\u00a0\\u2033)"), clean("Lightning\\u00adReflexes")
    ('Fly (9 ″)', 'LightningReflexes')
    """
    return text.translate(_INVISIBLE)


def unpack(path: str, data: bytes) -> bytes:
    """The XML bytes of a BattleScribe file: zipped files (``.gstz``, ``.catz``) unpacked.

    An archive must hold one XML file (BattleScribe writes exactly one).

    >>> unpack("t9a/army.cat", b"<catalogue/>")
    b'<catalogue/>'
    >>> unpack("t9a/army.catz", b"not a zip")
    Traceback (most recent call last):
      ...
    referee.errors.RulesError: t9a/army.catz: error: not a readable zip archive (a .catz is a BattleScribe catalogue zipped): File is not a zip file
    """
    if not (path.lower().endswith(ZIPPED) or data[:4] == b"PK\x03\x04"):
        return data
    import zipfile

    kind = "game system" if path.lower().endswith((".gstz", ".gst")) else "catalogue"
    suffix = path.rsplit(".", 1)[-1]
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [m for m in archive.infolist() if not m.is_dir()]
            xml = [m for m in members if m.filename.lower().endswith(XML_SUFFIXES)] or members
            if len(xml) != 1:
                names = ", ".join(m.filename for m in members) or "nothing"
                raise RulesError(f"a .{suffix} archive must hold one BattleScribe XML file; this one holds {names}", path)
            (member,) = xml
            if member.file_size > MAX_UNPACKED:
                raise RulesError(f"{member.filename} would unpack to {member.file_size:,} bytes, over the limit of {MAX_UNPACKED:,} for one BattleScribe file", path)
            with archive.open(member) as fh:
                out = fh.read(MAX_UNPACKED + 1)
    except RulesError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, NotImplementedError, ValueError) as err:
        raise RulesError(f"not a readable zip archive (a .{suffix} is a BattleScribe {kind} zipped): {err}", path) from None
    if len(out) > MAX_UNPACKED:
        raise RulesError(f"{member.filename} unpacks to more than {MAX_UNPACKED:,} bytes, the limit for one BattleScribe file", path)
    return out


def check_size(path: str, size: int) -> None:
    """Refuse a BattleScribe file of more than :data:`MAX_UNPACKED` bytes (before it is read whole)."""
    if size > MAX_UNPACKED:
        raise RulesError(f"the file holds {size:,} bytes of XML, over the limit of {MAX_UNPACKED:,} for one BattleScribe file", path)


def check_rules(path: str, count: int) -> None:
    """Refuse a BattleScribe file of more than :data:`MAX_RULES` rules."""
    if count > MAX_RULES:
        raise RulesError(f"the file holds {count:,} rules, over the limit of {MAX_RULES:,} for one BattleScribe file", path)


def _doctype_line(text: str) -> int | None:
    """The line of a DOCTYPE before the root element, if there is one.

    Only the prolog is looked at: what stands before the first element.
    """
    at = 0
    while True:
        at = text.find("<", at)
        if at < 0 or at + 1 >= len(text):
            return None
        nxt = text[at + 1]
        if nxt == "?":  # the XML declaration or a processing instruction
            at = text.find("?>", at)
        elif text.startswith("<!--", at):
            at = text.find("-->", at)
        elif text.startswith("<!DOCTYPE", at) or text.startswith("<!ENTITY", at):
            return text.count("\n", 0, at) + 1
        else:
            return None  # the root element: the prolog is over
        if at < 0:
            return None


def parse(path: str, text: str) -> tuple[Any, str]:
    """The root element of a BattleScribe file and its kind (game-system or catalogue)."""
    check_size(path, len(text))
    line = _doctype_line(text)
    if line is not None:
        raise RulesError(
            "XML with a DOCTYPE is refused: its entity declarations can expand without bound (an XML bomb); "
            "BattleScribe data never declares one",
            path,
            line,
        )
    from lxml import etree

    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False, dtd_validation=False, remove_blank_text=False
    )
    try:
        root = etree.fromstring(text.encode("utf-8"), parser)
    except etree.XMLSyntaxError as err:
        where = f" (column {err.position[1]})" if err.position and err.position[1] else ""
        message = " ".join(str(err.msg or err).split(", line ")[0].split())  # libxml2 may end it with a newline
        raise RulesError(f"malformed XML{where}: {message}", path, err.lineno or None) from None
    kind = ROOTS.get(root.tag)
    if kind is None:
        namespace, _, local = root.tag.rpartition("}")
        namespace = namespace.lstrip("{") or "no namespace"
        raise RulesError(
            f"not BattleScribe data: the root element is <{local}> in {namespace}; expected <gameSystem> in "
            f"{GAME_SYSTEM_NS} or <catalogue> in {CATALOGUE_NS}",
            path,
            root.sourceline,
        )
    return root, kind


def local(tag: Any) -> str:
    """An element's tag without its namespace ("rule"); "" for comments and the like."""
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""
