"""One system of a rules folder read alone (systems are namespaces), into what the store keeps of it.

Each system folder is read on its own (the effect reader and the sections' digests use
every core) into a :class:`Read`, which :mod:`referee.store.writer` writes.  What the
store's last build of the system left spares reading again: a system whose files have
their bytes (:attr:`referee.store.key.Stamp.systems`) is not read; of an edited one, the
Markdown adapter recalls from the store's memo the chunks of sections (``markdown``
rows) the edit left, and the graph reads only the rules it touched
(:mod:`referee.store.sections`) while the names and core terms are the same.  Nothing
is recalled from a store another version of Referee's code wrote.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field, replace
from typing import Any

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.army.link import muster
from referee.rulebase.base import Rulebase, read_folder
from referee.store import answers, database, sections
from referee.store.sections import Section, canonical, pickled
from referee.text import fold
from referee.units import unit_index

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from pathlib import Path



@dataclass(frozen=True)
class Read:
    """A system read: the keys it was read under (``read_key``: of its files; ``names_key``:
    of the names its sentences were read under; ``names_digest``: a quick "no name
    changed", of its rule names and name index), its rule names and name index, its rules
    in sections, its ``frame`` (the one-system build but its rules, relations and name
    indexes, pickled and compressed), answers (:mod:`referee.store.answers`) and units,
    and what its reading kept in the store's memo."""

    system: str
    read_key: str | None
    names_key: str | None
    names_digest: str
    rule_names: dict[str, str]
    names: dict[str, list[str]]
    sections: Iterable[Section]  # in order, read as they are taken (see read())
    rest: dict[str, Any]  # "frame", "answers" and "units", made as its sections are first taken
    memo: list[tuple[str, str, bytes]] = field(default_factory=list)  # (kind, key, value) kept by this read
    used: list[tuple[str, str]] = field(default_factory=list)  # (kind, key) this read asked for or kept


def read(
    root: Path,
    folder: Path,
    files: dict[str, bytes] | None,
    progress: Callable[[str], None] | None,
    store: str | None,
    code: str,
    key: str | None,
    read_again: list[str] | None = None,
) -> Read:
    """Read one system folder of ``root`` (resolved), taking what it can from the store in
    file ``store`` (None: read everything) unless another version of the code wrote it.
    ``read_again`` is told each rule the graph reads.  The sections are read as the writer
    takes them, one at a time, so that the rows of one section at a time are held, not
    the whole system's (the store is closed when the last is read)."""
    db = database.open_existing(store) if store is not None else None
    try:
        try:
            recall = db if db is not None and database.meta(db, "code") == code else None
        except sqlite3.Error:  # a damaged store: read anew
            recall = None
        memo = database.Memo(recall, "markdown", folder.name)
        manifest, summaries, rules, texts = read_folder(root, folder, progress, files, memo)
        rulebase = Rulebase.from_rules("", {manifest.id: manifest}, {manifest.id: summaries}, rules, texts)
        system = manifest.id
        index = rulebase.names.get(system, {})
        named = _named(rulebase, system)
        index_key = canonical(index)
        named_key = index_key if named is index else canonical(named)
        names_key = canonical((code, named_key, list(manifest.core_terms))).hex()
        rule_names = rulebase.rule_names
        names_digest = canonical((rule_names, index_key)).hex()
        earlier = None if recall is None else sections.before(recall, system, names_key, names_digest, rule_names)
        if progress is not None:
            progress(f"relations of {system}")
        rest: dict[str, Any] = {}

        def meanwhile() -> None:
            """The rest of the system, made while the other core digests its sections."""
            armies = muster(rulebase)
            # not the name indexes: the rules give them (record.from_store), and the rows hold them
            frame = {
                "manifests": rulebase.manifests,
                "documents": rulebase.documents,
                "texts": rulebase.texts,
                "armies": armies,
            }
            rest["frame"] = pickled(frame, 1)  # every whole build (graph, lint, site) reads it: packed as lightly as rows
            rest["answers"] = answers.of_system(rulebase, armies, system)  # and the sections' share, as they come
            rest["units"] = unit_index(armies).get(system, {})

        found = Read(
            system,
            key,
            names_key,
            names_digest,
            dict(rule_names),
            index,
            sections.read(rulebase, system, earlier, read_again, meanwhile),
            rest,
            [(memo.kind, k, v) for k, v in memo.added.items()],
            [(memo.kind, k) for k in memo.used],
        )
        if db is None:
            return found
    except BaseException:
        if db is not None:
            db.close()
        raise
    return replace(found, sections=_closing(found.sections, db))


def _closing(sections: Iterable[Section], db: sqlite3.Connection) -> Iterator[Section]:
    try:
        yield from sections
    finally:
        db.close()


def _named(rulebase: Rulebase, system: str) -> dict[str, list[str]]:
    """The system's name index as a sentence can refer to it: without the names an
    unnamed rule is given ("(unnamed rule at FILE:LINE)"), which change whenever a
    line is added above it, when no text of the system holds the word "unnamed"
    (then no sentence can name one)."""
    index = rulebase.names.get(system, {})
    placeholders = {fold(r.name) for r in rulebase.in_system(system) if "unnamed" in r.flags and r.name.startswith("(unnamed rule at ")}
    if not placeholders:
        return index
    for text in rulebase.texts.values():
        if "unnamed" in (text.casefold() if text.isascii() else fold(text)):
            return index
    return {form: ids for form, ids in index.items() if form not in placeholders}
