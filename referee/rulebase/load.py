"""Reading rules_src: manifests, documents, adapters, alignment."""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from pathlib import Path

from referee.errors import RulesError
from referee.rulebase.manifest import MANIFEST, DocumentSpec, Manifest
from referee.model import Entry, Rule
from referee.sources import Document, adapter_for, unpack


def system_folders(rules_src: Path) -> tuple[list[Path], list[Path]]:
    """The folders of rules_src that hold a ``system.toml``, by name; and the
    other (not hidden) folders, which hold none: readers warn about those."""
    if not rules_src.is_dir():
        raise RulesError(f"rules folder not found: {rules_src}")
    if (rules_src / MANIFEST).is_file():
        raise RulesError(
            f"{rules_src} is one system's folder (it holds its {MANIFEST}): give the folder above it, which holds a folder per system (--rules-src {rules_src.parent})"
        )
    folders = sorted(p for p in rules_src.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    systems = [p for p in folders if (p / MANIFEST).is_file()]
    if not systems:
        raise RulesError(f"no system found: no folder of {rules_src} has a {MANIFEST}")
    return systems, [p for p in folders if p not in systems]


def decode(rules_src: Path, spec: DocumentSpec, files: dict[str, bytes] | None = None) -> str:
    """A document's text; undecodable or empty documents are errors with a line."""
    data = files[spec.path] if files is not None and spec.path in files else (rules_src / spec.path).read_bytes()
    if spec.format != "battlescribe" or not data.startswith(b"PK"):  # .catz is zipped XML, unpacked below
        from referee.sources.sniff import binary_kind

        found = binary_kind(data)
        if found is not None:
            what, todo = found
            raise RulesError(f"this is {what}, not a text document: {todo}", spec.path)
    data = unpack(spec.format, spec.path, data)  # zipped formats (BattleScribe's .catz) give their XML
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise RulesError(
            f"not valid UTF-8: byte 0x{data[err.start]:02x} cannot be decoded (save the file as UTF-8)",
            spec.path,
            line,
        ) from None
    if not text or text.isspace():  # not text.strip(): a copy of the whole document
        raise RulesError("document is empty", spec.path)
    return text.removeprefix("\ufeff")


def read_system(
    rules_src: Path,
    manifest: Manifest,
    progress: Callable[[str], None] | None = None,
    files: dict[str, bytes] | None = None,
    kept: MutableMapping[str, bytes] | None = None,
) -> tuple[list[tuple[DocumentSpec, list[Entry]]], list[Rule], dict[str, str]]:
    """Every document of a system read by its adapter, then aligned into rules.

    Also returns each document's text by path, for readers that quote lines.
    ``progress`` is told of each document an adapter reads.  ``kept``: what
    adapters read before in parts of documents (``Document.kept``: the
    Markdown adapter's sections), so that an edited document is read again
    only where it changed; its owner keys it to Referee's code.
    """
    from referee.rulebase.align import align

    read: list[tuple[DocumentSpec, list[Entry]]] = []
    texts: dict[str, str] = {}
    known: list[str] = []
    curated = {alias: target for alias, (target, _) in manifest.aliases.items()}
    specs = manifest.documents_by_precedence()
    for place, spec in enumerate(specs, start=1):
        options = {
            "title": spec.title,
            "core_terms": manifest.core_terms,
            "curated_aliases": curated,
            "known_names": tuple(known),
            **spec.options,
        }
        text = texts[spec.path] = decode(rules_src, spec, files)
        entries = adapter_for(spec.format)(Document(manifest.id, spec.path, spec.format, spec.role, text, spec.lang, options, kept))
        if progress:
            progress(spec.path)
        if place < len(specs):  # the names the documents after it may know (none after the last)
            known.extend(e.name for e in entries if e.name)
        read.append((spec, entries))
    return read, align(manifest, read), texts
