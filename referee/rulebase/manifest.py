"""``system.toml``: what a game system's folder in rules_src holds.

See docs/systems.md for the format.  Every problem is reported as a
:class:`~referee.errors.RulesError` naming the manifest and, where the value
can be found in it, its line.
"""

from __future__ import annotations

import difflib
import errno
import json
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from referee.errors import RulesError
from referee.paths import MANIFEST  # re-exported: readers import it from here
from referee.sources import FORMATS

__all__ = ["MANIFEST", "DocumentSpec", "Manifest", "Waiver", "load_manifest"]
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_LANG = re.compile(r"^[a-z]{2,3}$")
_TABLE = re.compile(r"^\s*\[\[?\s*([^\]]*)\]")  # a table's header line: [aliases.de], [[documents]]
# A key before "=": at the line's start or after "{" or "," (an inline table); bare, "basic" or 'literal'.
_KEY = re.compile(r"""(?:^|[{,])\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*=""")
_DOC_KEYS = {"path", "format", "role", "lang", "title", "origin"}
# The formats' own options (docs/systems.md); a key neither here nor above is warned of.
FORMAT_OPTIONS = {"category", "categories", "alias_lang", "base_book", "base_book_pages", "keyword_fields"}
TOP_KEYS = {"id", "title", "languages", "origin", "documents", "precedence", "aliases", "core_terms", "waivers"}
WAIVER_KEYS = {"code", "rule", "term", "place", "phrase", "reason"}
# Keys of a document's table that its reader takes as text (title, origin and the
# formats' own options: docs/systems.md); a number or a table there is refused here.
_TEXT_OPTIONS = ("title", "origin", "category", "alias_lang", "base_book")


@dataclass(frozen=True)
class DocumentSpec:
    """One ``[[documents]]`` table of a manifest."""

    path: str  # relative to rules_src: "<system>/<file>"
    format: str
    role: str
    lang: str = "en"
    title: str | None = None
    origin: str | None = None
    options: dict[str, Any] = field(default_factory=dict)  # format-specific keys


@dataclass(frozen=True)
class Waiver:
    """A finding the editors accept: by code and a rule, a term, a place
    (``file:line``, the file relative to the system's folder) or a phrase the
    finding's line holds."""

    code: str
    reason: str
    rule: str | None = None
    term: str | None = None
    place: str | None = None
    phrase: str | None = None


# Problems of a manifest noted, not raised, while :func:`noting` is in force.
_NOTED: ContextVar[list[RulesError] | None] = ContextVar("manifest_problems", default=None)


@contextmanager
def noting() -> Iterator[list[RulesError]]:
    """Read manifests leniently: a bad document entry, alias, waiver or
    precedence is left out and its error noted in the list this yields, and
    reading goes on (``referee lint`` reports each at its line).  An
    unreadable manifest (not UTF-8, not TOML, no id, title or documents)
    still raises."""
    noted: list[RulesError] = []
    token = _NOTED.set(noted)
    try:
        yield noted
    finally:
        _NOTED.reset(token)


def recover(err: RulesError) -> None:
    """Note ``err`` when reading leniently (:func:`noting`), else raise it."""
    noted = _NOTED.get()
    if noted is None:
        raise err
    noted.append(err)


@dataclass(frozen=True)
class Manifest:
    id: str
    title: str
    path: str  # of the manifest, relative to rules_src
    documents: tuple[DocumentSpec, ...]
    precedence: tuple[str, ...]  # document roles, highest first
    aliases: dict[str, tuple[str, str]]  # alias -> (rule name, language)
    core_terms: tuple[str, ...] = ()
    waivers: tuple[Waiver, ...] = ()
    languages: tuple[str, ...] = ("en",)
    origin: str | None = None
    alias_lines: dict[str, int] = field(default_factory=dict)  # alias -> its line in the manifest
    warnings: tuple[str, ...] = ()  # "system.toml:7: warning: ..." lines: keys no reader knows

    def alias_error(self, alias: str, message: str) -> RulesError:
        """An error about one curated alias, at its line of the manifest."""
        return RulesError(message, self.path, self.alias_lines.get(alias))

    def documents_by_precedence(self) -> list[DocumentSpec]:
        rank = {role: i for i, role in enumerate(self.precedence)}
        return sorted(self.documents, key=lambda d: rank.get(d.role, len(rank)))


class _Problems:
    """Raises errors that point at the manifest line holding the bad value."""

    def __init__(self, path: str, raw: str) -> None:
        self.path = path
        self.lines = raw.split("\n")

    def line_of(self, *needles: str) -> int | None:
        return _line_of(self.lines, needles)

    def alias_lines(self) -> dict[str, int]:
        """Each key written under an ``[aliases...]`` table, with the first line it is
        on: read once, so finding the line of every alias costs one pass over the
        manifest, not one per alias (200,000 aliases: a pass each did not finish in
        14 minutes)."""
        found: dict[str, int] = {}
        table = ""
        for number, line in enumerate(self.lines, start=1):
            header = _TABLE.match(line)
            if header:
                table = header.group(1).strip()
                continue
            if not table.startswith("aliases"):
                continue
            for match in _KEY.finditer(line):
                key = match.group(1)
                if key.startswith('"'):
                    try:
                        key = json.loads(key)
                    except ValueError:
                        continue
                elif key.startswith("'"):
                    key = key[1:-1]
                found.setdefault(key, number)
        return found

    def entry(self, table: str, n: int) -> _Problems:
        """The problems of the ``n``-th ``[[table]]`` entry: its needles are looked
        for in its own lines (from its header to the next table), so a problem of
        the third waiver is reported at the third waiver's line that holds it, not
        at the first line of the file that holds the same text; the header where
        no line of the entry does."""
        headers = [i for i, line in enumerate(self.lines) if (m := _TABLE.match(line)) and line.lstrip().startswith("[[")
                   and m.group(1).strip() == table]
        if n >= len(headers):
            return self
        start = headers[n]
        end = next((i for i in range(start + 1, len(self.lines)) if _TABLE.match(self.lines[i])), len(self.lines))
        return _Entry(self.path, self.lines, start, end)

    def fail(self, message: str, *needles: str) -> RulesError:
        return RulesError(message, self.path, self.line_of(*needles) if needles else None)

    def unknown_key(self, key: str, known: set[str], where: str) -> str:
        """A warning line for a key no reader takes, with the known key it most looks like."""
        line = self.line_of(f"{key} =", f"{key}=", f'"{key}"')
        place = f"{self.path}:{line}" if line else self.path
        return f"{place}: warning: unknown key {key!r}{where}, ignored{_did_you_mean(key, known)}"


class _Entry(_Problems):
    """The lines of one ``[[table]]`` entry of a manifest (see :meth:`_Problems.entry`)."""

    def __init__(self, path: str, lines: list[str], start: int, end: int) -> None:
        self.path, self.lines, self.start, self.end = path, lines, start, end

    def line_of(self, *needles: str) -> int | None:
        own = _line_of(self.lines[self.start : self.end], needles)
        return self.start + own if own is not None else self.start + 1


def _line_of(lines: list[str], needles: tuple[str, ...]) -> int | None:
    """The number of the first line holding one of ``needles`` (the first needle first)."""
    for needle in needles:
        # a value is found as read or as written in a TOML basic string ("a\\b", "\u0000"),
        # whose escapes are JSON's
        written = json.dumps(needle, ensure_ascii=False)[1:-1]
        for number, line in enumerate(lines, start=1):
            if needle in line or written in line:
                return number
    return None


def _did_you_mean(key: str, known: set[str]) -> str:
    """The known key ``key`` most looks like, as a hint, or nothing.

    >>> _did_you_mean("fromat", {"format", "path"}), _did_you_mean("zzz", {"format"})
    ("; did you mean 'format'?", '')
    """
    close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def load_manifest(rules_src: Path, folder: Path, files: dict[str, bytes] | None = None) -> Manifest:
    """Read and check ``folder/system.toml``; ``folder`` lies inside ``rules_src``.

    ``files``: bytes already read, by path relative to ``rules_src``.
    """
    file = folder / MANIFEST
    rel = file.relative_to(rules_src).as_posix()
    if files is None or rel not in files:
        _check_readable(file, rules_src, rel)
    try:
        raw = (files[rel] if files is not None and rel in files else file.read_bytes()).decode("utf-8")
    except UnicodeDecodeError as err:
        raise RulesError(f"manifest is not valid UTF-8 (byte {err.start})", rel) from None
    import tomllib  # only builds read manifests; warm calls unpickle them

    problems = _Problems(rel, raw)
    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as err:
        m = re.search(r"\(at line (\d+), column \d+\)", str(err))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(err))
        raise RulesError(f"malformed system.toml: {message}", rel, int(m.group(1)) if m else None) from None

    warnings = [problems.unknown_key(key, TOP_KEYS, "") for key in data if key not in TOP_KEYS]
    for raw_doc in data.get("documents", []) if isinstance(data.get("documents"), list) else []:
        if isinstance(raw_doc, dict):
            where = f" of document {raw_doc['path']!r}" if isinstance(raw_doc.get("path"), str) else ""
            warnings += [problems.unknown_key(key, _DOC_KEYS | FORMAT_OPTIONS, where) for key in raw_doc if key not in _DOC_KEYS | FORMAT_OPTIONS]
    system_id = _text(data, "id", problems, required=True)
    if not _ID.match(system_id):
        raise problems.fail(f"system id {system_id!r} must be lower-case letters, digits and dashes", "id")
    if system_id != folder.name:
        raise problems.fail(f"system id {system_id!r} does not match its folder {folder.name!r}", "id")
    title = _text(data, "title", problems, required=True)
    languages = tuple(_list_of_text(data, "languages", problems) or ("en",))

    raw_docs = data.get("documents")
    if not isinstance(raw_docs, list) or not raw_docs:
        raise problems.fail("no documents: add at least one [[documents]] table")
    read_docs: list[tuple[DocumentSpec, Any]] = []
    for raw_doc in raw_docs:
        try:
            read_docs.append((_document(raw_doc, folder, rules_src, problems), raw_doc))
        except RulesError as err:
            err.document_left_out = True
            recover(err)  # leniently: the system is read without this document
    seen: set[str] = set()
    kept: list[DocumentSpec] = []
    for doc, raw_doc in read_docs:
        if doc.path in seen:
            listed = raw_doc.get("path", doc.path)
            line = [n for n, text in enumerate(problems.lines, 1) if listed in text]
            recover(RulesError(f"document {listed!r} is listed twice", rel, line[-1] if line else None))
            continue
        seen.add(doc.path)
        kept.append(doc)
    documents = tuple(kept)
    if not documents and _NOTED.get() is None:  # leniently, the system is read with no document
        raise problems.fail("no document could be read: every [[documents]] table has a problem")

    roles = [d.role for d in documents]
    precedence = tuple(_list_of_text(data, "precedence", problems) or roles)
    for role in precedence:
        if role not in roles:
            recover(problems.fail(f"precedence names role {role!r}, which no document has", "precedence"))
    precedence = tuple(r for r in precedence if r in roles) or tuple(roles)

    aliases: dict[str, tuple[str, str]] = {}
    alias_lines: dict[str, int] = {}
    raw_aliases = data.get("aliases", {})
    if not isinstance(raw_aliases, dict):
        recover(problems.fail("aliases must be tables of alias = rule name, one per language", "aliases"))
        raw_aliases = {}
    written = problems.alias_lines() if raw_aliases else {}
    for lang, table in raw_aliases.items():
        if not _LANG.match(lang) or not isinstance(table, dict):
            recover(problems.fail(f"[aliases.{lang}] must be a language code with a table of alias = rule name", "aliases"))
            continue
        for alias, target in table.items():
            if not isinstance(target, str) or not target.strip():
                recover(problems.fail(f"alias {alias!r} must name a rule", alias))
                continue
            aliases[alias] = (target, lang)
            line = written.get(alias)
            if line is not None:
                alias_lines[alias] = line

    waivers = []
    for n, raw_waiver in enumerate(data.get("waivers", [])):
        try:
            waivers.append(_waiver(raw_waiver, problems.entry("waivers", n)))
        except RulesError as err:
            recover(err)
    origin = data.get("origin")
    return Manifest(
        id=system_id,
        title=title,
        path=rel,
        documents=documents,
        precedence=precedence,
        aliases=aliases,
        core_terms=tuple(_list_of_text(data, "core_terms", problems)),
        waivers=tuple(waivers),
        languages=languages,
        origin=origin if isinstance(origin, str) else None,
        alias_lines=alias_lines,
        warnings=tuple(warnings),
    )


def _check_readable(file: Path, rules_src: Path, rel: str) -> None:
    """A manifest is read only when it is a regular file inside the rules folder."""
    real = os.path.realpath(file)
    if not real.startswith(str(rules_src.resolve()).rstrip(os.sep) + os.sep):
        raise RulesError("system.toml lies outside the rules folder (through a symbolic link); copy it in instead", rel)
    try:
        mode = os.stat(file).st_mode
    except OSError as err:
        raise RulesError(f"system.toml cannot be read: {err.strerror}", rel) from None
    if not stat.S_ISREG(mode):
        raise RulesError(f"system.toml is not a regular file ({_kind_of(mode)})", rel)


def _mode(path: Path) -> int | None:
    """A file's mode, None when there is none (other errors go on: a name too long, a loop)."""
    try:
        return os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None


def _kind_of(mode: int) -> str:
    """What a file that is not a regular one is, in a word a user knows."""
    for test, word in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return word
    return "not a regular file"


def _text(data: dict[str, Any], key: str, problems: _Problems, required: bool = False) -> str:
    value = data.get(key)
    if value is None and required:
        raise problems.fail(f"missing required key {key!r}")
    if value is not None and not (isinstance(value, str) and value.strip()):
        raise problems.fail(f"{key!r} must be a non-empty string", f"{key} ", f"{key}=")
    return value or ""


def _list_of_text(data: dict[str, Any], key: str, problems: _Problems) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise problems.fail(f"{key!r} must be a list of strings", f"{key} ", f"{key}=")
    return value


def _document(raw: Any, folder: Path, rules_src: Path, problems: _Problems) -> DocumentSpec:
    if not isinstance(raw, dict):
        raise problems.fail("each [[documents]] entry must be a table", "documents")
    path = raw.get("path")
    if not isinstance(path, str) or not path.strip():
        raise problems.fail("a [[documents]] table has no 'path'", "[[documents]]")
    pure = PurePosixPath(path)
    try:
        resolved = (folder / path).resolve()
        escapes = pure.is_absolute() or not resolved.is_relative_to(rules_src.resolve())
        mode = None if escapes else _mode(resolved)
    except RuntimeError:  # Path.resolve's "Symlink loop from ..."
        raise problems.fail(f"document path {path!r} is a loop of symbolic links", path) from None
    except (OSError, ValueError) as err:  # a NUL character, a name too long for the file system
        if getattr(err, "errno", None) == errno.ELOOP:
            raise problems.fail(f"document path {path!r} is a loop of symbolic links", path) from None
        raise problems.fail(f"document path {path!r} is not a usable file name: {getattr(err, 'strerror', None) or err}", path) from None
    if escapes:
        raise problems.fail(f"document path {path!r} escapes rules_src", path)
    if mode is None:
        raise problems.fail(f"document {path!r} not found", path)
    if not stat.S_ISREG(mode):
        raise problems.fail(f"document {path!r} is not a regular file ({_kind_of(mode)}); list a file", path)
    fmt = raw.get("format")
    known = ", ".join(sorted(FORMATS))
    if fmt is None:
        misspelt = [k for k in raw if k not in _DOC_KEYS | FORMAT_OPTIONS and _did_you_mean(k, {"format"})]
        hint = f"; {misspelt[0]!r} looks like a misspelling of it" if misspelt else ""
        raise problems.fail(f"document {path!r} has no 'format' (known: {known}){hint}", path)
    if fmt in ("pdf", "docx"):
        raise problems.fail(f"document {path!r}: format {fmt!r} is read once converted to text: run referee import {fmt} FILE --system {folder.name}, which lists the text it writes", f'"{fmt}"', path)
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise problems.fail(f"document {path!r} has unknown format {fmt!r} (known: {known}){_did_you_mean(str(fmt), set(FORMATS))}", f'"{fmt}"', path)
    role = raw.get("role", "core")
    lang = raw.get("lang", "en")
    if not isinstance(role, str) or not isinstance(lang, str) or not _LANG.match(lang):
        raise problems.fail(f"document {path!r}: 'role' must be a string and 'lang' a language code", path)
    for key in _TEXT_OPTIONS:
        if key in raw and not isinstance(raw[key], str):
            raise problems.fail(f"document {path!r}: {key!r} must be a string", path)
    categories = raw.get("categories", [])
    if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
        raise problems.fail(f"document {path!r}: 'categories' must be a list of strings", path)
    options = {k: v for k, v in raw.items() if k not in _DOC_KEYS}
    return DocumentSpec(
        path=resolved.relative_to(rules_src.resolve()).as_posix(),
        format=fmt,
        role=role,
        lang=lang,
        title=raw.get("title"),
        origin=raw.get("origin"),
        options=options,
    )


def _waiver(raw: Any, problems: _Problems) -> Waiver:
    if not isinstance(raw, dict) or not isinstance(raw.get("code"), str):
        raise problems.fail("each [[waivers]] entry needs a 'code'", "[[waivers]]")
    unknown = set(raw) - WAIVER_KEYS
    if unknown:
        first = sorted(unknown)[0]
        raise problems.fail(
            f"waiver has unknown key(s): {', '.join(sorted(unknown))}{_did_you_mean(first, WAIVER_KEYS)}",
            f"{first} =", f"{first}=", f'"{first}"',
        )
    if not isinstance(raw.get("reason"), str) or not raw["reason"].strip():
        raise problems.fail(f"waiver for {raw['code']!r} needs a 'reason'", raw["code"])
    if not any(raw.get(k) for k in ("rule", "term", "place", "phrase")):
        raise problems.fail(f"waiver for {raw['code']!r} must name a 'rule', a 'term', a 'place' or a 'phrase'", raw["code"])
    place = raw.get("place")
    if place is not None and not (isinstance(place, str) and re.fullmatch(r".+:\d+", place)):
        raise problems.fail(f"waiver for {raw['code']!r}: 'place' must be file:line, such as \"rules.txt:12\"", raw["code"])
    return Waiver(
        code=raw["code"], reason=raw["reason"], rule=raw.get("rule"), term=raw.get("term"), place=place, phrase=raw.get("phrase")
    )
