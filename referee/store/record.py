"""The whole build as objects (:class:`Build`), read from a rules folder or put together
from the store; and a system's rules in sections, the store's ``sections`` table: what a
rebuild keeps or reads again.

A section is a run of consecutive rules (reading order) standing on one document, cut
where its rules' ids say (:func:`runs`), about :data:`SECTION_RULES` long.  It is kept as two pickles, its rules with the key of the
lines each stands on (:class:`Lines`) and what the graph read in them (relations and
sentences, rule by rule, and the layout's relations), with a digest of both and of the
names of the rules its relations join (``ends``, beside it): whether its rows (``rules``,
``relations``, ``kinds``) can stay.  Its ``share`` goes with it: its part of the
answers gathered section by section (:func:`referee.store.answers.share`).  A rebuild
(:func:`read`) keeps, never unpickled, a section of the same rules on the same lines
under the same names in the same place, saying how far lines added or removed above it
moved it (its rows stay where they were written; readers move what they read); of another,
each rule that is the rule it was on lines that read the same takes what was read in it
(moved with it: :mod:`referee.graph.moved`), and only the others are read again.  Where the
system's names changed, a rule whose reading asked for a name that changed (kept with what
was read in it, and joined in its section's ``asked``) is read again, and only such a rule
(:class:`referee.graph.lexer.NameChange`).
"""

from __future__ import annotations

import io
import json
import os
import pickle
import sqlite3
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from pathlib import Path
from typing import Any

from referee.graph.moved import moved, rule_moved, shifted, shifts
from referee.graph.lexer import NameChange
from referee.graph.reading import Asked, Readings
from referee.graph.relations import RuleGraph, layout_relations, read_relations
from referee.graph.sentences import lines_between, lines_read
from referee.model import Profile, Relation, Rule, Source, Table, Version
from referee.rulebase.base import Rulebase, build_rulebase
from referee.store.answers import relation_data, share
from referee.store.database import KEPT_LEVEL, content_hash, end, pack, unpack
from referee.units import ArmyBook

@dataclass(frozen=True)
class Build(Rulebase):
    """A rulebase with the relations its texts state and its army books: what the
    graph, lint and the site walk.  ``key`` is the content hash it was read from
    (empty when built outside the cache)."""

    graph: RuleGraph = field(default_factory=RuleGraph)
    armies: dict[str, tuple[ArmyBook, ...]] = field(default_factory=dict)  # system -> its BattleScribe books (referee.army.link)

    @classmethod
    def of(cls, rulebase: Rulebase, graph: RuleGraph, armies: dict[str, tuple[ArmyBook, ...]] | None = None) -> Build:
        return cls(*(getattr(rulebase, f.name) for f in fields(Rulebase)), graph, armies or {})

    def relations(self, system: str | None = None) -> list[Relation]:
        """Relations of one system, or of all, in reading order."""
        self.check_system(system)
        return [rel for sys_id in ([system] if system else self.systems) for rel in self.graph.relations.get(sys_id, [])]


def assemble(rules_src: str | os.PathLike[str], key: str = "", progress: Callable[[str], None] | None = None) -> Build:
    """Read ``rules_src`` whole (no cache): the rulebase, then its graph."""
    rulebase = build_rulebase(Path(rules_src), key, progress)
    from referee.army.link import muster

    return Build.of(rulebase, read_relations(rulebase, progress), muster(rulebase))


def from_store(db: sqlite3.Connection, key: str, unmanaged: tuple[str, ...]) -> Build:
    """The build a store holds, put together system by system (folder order) from each
    system's frame and its sections' rules and relations (below);
    the name indexes made from the rules, as a read makes them."""
    parts: dict[str, dict[Any, Any]] = {name: {} for name in ("manifests", "documents", "texts", "armies")}
    rules: list[Rule] = []
    graph = RuleGraph()
    for system, frame in db.execute("SELECT id, frame FROM systems ORDER BY place").fetchall():
        for name, value in unpickled(frame).items():
            parts[name].update(value)
        said: list[Relation] = []
        laid: list[Relation] = []
        sentences: list[Any] = []
        for rules_blob, graph_blob, file, shift in db.execute("SELECT rules, graph, file, shift FROM sections WHERE system = ? ORDER BY k", (system,)):
            run, _ = unpickled(rules_blob)
            found, layout, _ = unpickled(graph_blob)
            if shift:  # where lines added or removed above it moved it since it was written
                by = {file: shift}
                run = [rule_moved(rule, by) for rule in run]
                found = [shifted(read, by) for read in found]
                layout = [shifted((laid, []), by)[0] for laid in layout]
            for rule, (relations, read), structure in zip(run, found, layout, strict=True):
                rules.append(rule)
                said.extend(relations)
                sentences.extend(read)
                laid.extend(structure)
        graph.relations[system] = said + laid
        graph.sentences[system] = sentences
    rulebase = Rulebase.from_rules(key, parts["manifests"], parts["documents"], rules, parts["texts"], unmanaged)
    return Build.of(rulebase, graph, parts["armies"])


SECTION_RULES = 250  # rules a section holds on average, twice as many at most (runs): an edit makes the rows of a few hundred rules again, not a document's


# A section's rows: each rule's (id, system, name, packed JSON), and per rule the relations
# its text states and those of its layout, each (source, target, packed JSON), its ends as
# the relations table holds them (:func:`referee.store.database.end`).
Row = tuple[int, int | None, bytes]
Rows = tuple[list[tuple[str, str, str, bytes]], list[list[Row]], list[list[Row]]]


def pickled(obj: Any, level: int = KEPT_LEVEL) -> bytes:
    """``obj`` pickled and compressed: the one form of what the store keeps as objects."""
    return zlib.compress(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL), level)


def unpickled(blob: bytes) -> Any:
    return pickle.loads(zlib.decompress(blob))


def canonical(obj: Any) -> bytes:
    """A digest equal objects share however their parts are shared: pickled without the
    memo (fast mode; what is digested holds no cycles), so a string two parts share is
    written twice, as equal copies are."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(obj)
    return _hash(out.getbuffer())


_PLACED = ("source", "also_at", "profiles", "tables")  # what of a version says where it stands
_RULE_REST = attrgetter(*(f.name for f in fields(Rule) if f.name not in ("text", "source", "versions")))
_VERSION_REST = attrgetter(*(f.name for f in fields(Version) if f.name not in _PLACED))
_PROFILE_REST = attrgetter(*(f.name for f in fields(Profile) if f.name != "source"))
_TABLE_REST = attrgetter(*(f.name for f in fields(Table) if f.name != "source"))
_SOURCE = attrgetter(*(f.name for f in fields(Source)))


def _at(source: Source, file: str, base: int) -> tuple[Any, ...]:
    """A source as a plain tuple, its lines counted from line ``base`` when it is in ``file``."""
    placed = _SOURCE(source)
    return (placed[0], placed[1] - base, placed[2] - base, *placed[3:]) if placed[0] == file else placed


def _digested(rule: Rule, file: str, base: int) -> tuple[Any, ...]:
    """What :func:`known` digests of a rule: its fields, its text and source only where they are
    not its first version's very objects (align takes them from there: pickling them twice took a
    quarter of the digests), and each version's fields with its places', as plain tuples read
    here (records pickled as such cost a call back into Python and their class's name each);
    every place in the section's document counted from the section's first line."""
    versions = rule.versions
    first = versions[0] if versions else None
    own = None if first is not None and first.text is rule.text and first.source is rule.source else (rule.text, _at(rule.source, file, base))
    return own, _RULE_REST(rule), [_version_digested(v, file, base) for v in versions]


def _version_digested(v: Version, file: str, base: int) -> tuple[Any, ...]:
    out: tuple[Any, ...] = (_at(v.source, file, base), _VERSION_REST(v))
    if v.also_at or v.profiles or v.tables:
        out += (
            [_at(s, file, base) for s in v.also_at],
            [(_PROFILE_REST(p), _at(p.source, file, base)) for p in v.profiles],
            [(_TABLE_REST(t), _at(t.source, file, base)) for t in v.tables],
        )
    return out


def _hash(data: bytes | memoryview) -> bytes:
    return content_hash(data).digest()[:16]


@dataclass(frozen=True)
class Section:
    """A section as stored.  ``rules`` and ``graph``: its pickles, and ``rows``: made when it
    was read, with its ``kinds`` rows and its ``ends`` (all None for the last build's section
    taken as it was, at its place: its rows stay); ``digest``: the hashes of its rules on their
    lines (counted from its first, so lines added above it leave it), of ``graph`` and of its
    ends' names, one after the other, so it is told unchanged without reading either.
    ``file``: its document; ``base``: the line its first rule stood on when its rows were made,
    and ``shift``: how many lines it has moved down since (:data:`referee.store.database.SPAN`)."""

    ids: tuple[str, ...]
    rules: bytes | None
    graph: bytes | None
    share: dict[str, Any]
    digest: bytes
    rows: Rows | None = None
    kinds: dict[str, list[list[Any]]] | None = None
    ends: list[str] | None = None
    file: str = ""
    base: int = 0
    shift: int = 0
    asked: list[list[str]] = field(default_factory=lambda: [[], []])  # what its rules' readings asked of the names, joined (reading.Asked)


def _ends_key(ends: list[str], rule_names: dict[str, str]) -> bytes:
    return _hash("\0".join(f"{rid}\1{rule_names.get(rid, '')}" for rid in ends).encode("utf-8", "surrogatepass"))


def runs(rules: list[Rule]) -> list[list[Rule]]:
    """The system's rules (reading order) cut into sections: at a document's end, after
    twice :data:`SECTION_RULES` rules, or, once a section holds a quarter of that many, after
    a rule whose id hashes to 0 modulo it (cut by content, as the reader's chunks are,
    :func:`referee.graph.reading.chunks`: a rule added or removed changes its own section only)."""
    out: list[list[Rule]] = []
    for rule in rules:
        if not out or len(out[-1]) >= 2 * SECTION_RULES or out[-1][-1].source.file != rule.source.file:
            out.append([])
        elif len(out[-1]) >= SECTION_RULES // 4 and zlib.crc32(out[-1][-1].id.encode("utf-8", "surrogatepass")) % SECTION_RULES == 0:
            out.append([])
        out[-1].append(rule)
    return out


class Lines:
    """The key of the lines each version of a rule stands on: what the sentence locator
    reads to place its sentences (:func:`referee.graph.sentences.lines_read`), not the
    whole document, so an edit elsewhere in it leaves the rule as it was read; and of a
    section's lines, hashed once (:meth:`span`)."""

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts

    def key(self, rule: Rule) -> tuple[bytes, ...]:
        texts = self.texts
        return tuple(_hash(lines_read(version, texts).encode("utf-8", "surrogatepass")) for version in rule.versions)

    def span(self, run: list[Rule]) -> bytes:
        """The key of every line a section's rules stand on: in each document, from the first
        line any of their versions stands on to the last, and whether that is the document's
        last (the sentence locator reads on to its end then).  Each rule's :meth:`key` reads
        a part of it, so lines a rule reads that read otherwise change this key too (as do
        lines between two rules)."""
        spans: dict[str, tuple[int, int]] = {}
        for rule in run:
            for version in rule.versions:
                at = version.source
                first, last = spans.get(at.file, (at.line, at.end_line))
                spans[at.file] = (min(first, at.line), max(last, at.line, at.end_line))
        out = []
        for file, (first, last) in spans.items():
            raw = self.texts.get(file)
            if raw is not None:
                end = lines_between(raw, last + 1, last + 1) is None
                out.append(f"{file}\x00{end:d}\x00{lines_between(raw, max(first, 1), last) or ''}")
        return _hash("\x01".join(out).encode("utf-8", "surrogatepass"))


@dataclass(frozen=True)
class Kept:
    """One rule of the last build's section: the rule, the key of its lines, what the
    graph read in it, its layout relations, and what its reading asked of the names."""

    rule: Rule
    lines: tuple[bytes, ...]
    found: tuple[list[Relation], list[Any]]
    layout: list[Relation]
    asked: Asked


class Before:
    """What a rebuild may take from the store's last read of a system: its sections (``placed``:
    their number, by their rules' ids), and each rule's share of them.  ``renamed``: the rules
    whose name changed, or that came or went, since (rows joining one of them are packed again);
    ``change``: the names that changed since, if any (rules they may read otherwise are read again)."""

    def __init__(self, db: sqlite3.Connection, system: str, placed: dict[tuple[str, ...], int], renamed: set[str], change: NameChange | None):
        self.db, self.system, self.placed, self.renamed, self.change = db, system, placed, renamed, change
        self._where = {rid: ids for ids in placed for rid in ids}
        self._open: dict[tuple[str, ...], dict[str, Kept]] = {}

    def section(self, ids: tuple[str, ...], k: int) -> Section | None:
        """The section of these rules, if it was the ``k``-th and the names that changed since leave it: none
        of its relations joins a rule renamed, and no changed name may make the reader read its rules
        otherwise (what they asked, joined).  Any other is read again rule by rule."""
        if self.placed.get(ids) != k:
            return None
        query = "SELECT share, digest, file, base, shift, ends, asked FROM sections WHERE system = ? AND k = ?"
        share, digest, file, base, shift, ends, asked = self.db.execute(query, (self.system, k)).fetchone()
        if self.renamed and not self.renamed.isdisjoint(unpack(ends)) or self.change is not None and self.change.touches(*unpack(asked)):
            return None
        return Section(ids, None, None, unpack(share), digest, file=file, base=base, shift=shift)

    def touched(self, asked: Asked) -> bool:
        """Whether the names that changed may make the reader read otherwise a rule whose reading asked ``asked`` of the names."""
        return self.change is not None and self.change.touches(*asked)

    def rule(self, rule_id: str) -> Kept | None:
        ids = self._where.get(rule_id)
        if ids is None:
            return None
        if ids not in self._open:
            if len(self._open) >= 4:  # sections are asked for in reading order: the oldest is done with
                del self._open[next(iter(self._open))]
            query = "SELECT rules, graph FROM sections WHERE system = ? AND k = ?"
            (rules, lines), (found, layout, asked) = map(unpickled, self.db.execute(query, (self.system, self.placed[ids])).fetchone())
            kept = zip(rules, lines, found, layout, asked, strict=True)
            self._open[ids] = {rule.id: Kept(rule, key, read, laid, names) for rule, key, read, laid, names in kept}
        return self._open[ids].get(rule_id)


def before(
    db: sqlite3.Connection, system: str, reading_key: str, names_digest: str, rule_names: dict[str, str], index: dict[str, list[str]]
) -> Before | None:
    """What the store's last read of ``system`` can give, if it was read by the same code under
    the same core terms (``reading_key``): and, when its names changed (``names_digest``, of its
    rule names and name index ``index``), which."""
    try:
        row = db.execute("SELECT reading_key, names_digest FROM systems WHERE id = ?", (system,)).fetchone()
        if row is None or row[0] != reading_key:
            return None
        placed = {tuple(json.loads(ids)): k for k, ids in db.execute("SELECT k, ids FROM sections WHERE system = ?", (system,))}
        renamed: set[str] = set()
        change = None
        if row[1] != names_digest:
            then = dict(db.execute("SELECT id, name FROM rules WHERE system = ?", (system,)).fetchall())
            renamed = {rid for rid in then.keys() | rule_names.keys() if then.get(rid) != rule_names.get(rid)}
            old = {form: json.loads(ids) for form, ids in db.execute("SELECT form, ids FROM names WHERE system = ? ORDER BY place", (system,))}
            forms = {form for form in old.keys() | index.keys() if old.get(form) != index.get(form)}
            if [form for form in old if form not in forms] != [form for form in index if form not in forms]:
                return None  # names spelled alike may name another rule now that their order changed: read anew
            change = NameChange(forms) if forms else None
    except sqlite3.Error:  # a damaged store: read anew
        return None
    return Before(db, system, placed, renamed, change)


def read(
    rulebase: Rulebase,
    system: str,
    before: Before | None,
) -> Iterator[Section]:
    """The sections of ``system`` (a one-system rulebase's), reading in the graph only
    what ``before`` cannot give: it gives every rule an edit left what was read in it."""
    rule_names = rulebase.rule_names
    reading = Readings(rulebase, system)
    cut = runs(list(rulebase.in_system(system)))
    lines = Lines(rulebase.texts)
    for k, run in enumerate(cut):
        same = known(run, lines)
        ids = tuple(rule.id for rule in run)
        old = before.section(ids, k) if before is not None else None
        if old is not None and old.digest[:16] == same:  # the same rules on the same lines, moved as a whole or not
            yield replace(old, shift=run[0].source.line - old.base)
            continue
        keys = [lines.key(rule) for rule in run]
        found: list[tuple[list[Relation], list[Any]]] = []
        layout: list[list[Relation]] = []
        asked: list[Asked] = []
        for rule, key in zip(run, keys):
            kept = before.rule(rule.id) if before is not None else None
            if kept is not None and before is not None and before.touched(kept.asked):
                kept = None
            if kept is not None and kept.lines == key and kept.rule == rule:
                found.append(kept.found)
                layout.append(kept.layout)
                asked.append(kept.asked)
                continue
            # the same rule on lines that read the same, moved by lines added or removed above it
            by = shifts(kept.rule, rule) if kept is not None and kept.lines == key else None
            taken = moved(kept.found, by) if kept is not None and by is not None else None
            if taken is None:
                taken = reading(rule)
                asked.append(reading.names_asked.pop(rule.id))
            else:
                asked.append(kept.asked)  # type: ignore[union-attr]
            found.append(taken)
            layout.append(layout_relations(rule, rulebase.texts))
        section = rows_made(run, [said for said, _ in found], layout, rule_names)
        graph = pickled((found, layout, asked))
        made = same + _hash(graph) + _ends_key(section.ends or [], rule_names)
        joined = [sorted({word for said in asked for word in said[part]}) for part in (0, 1)]
        yield replace(section, rules=pickled((run, keys)), graph=graph, digest=made, asked=joined)


def rows_made(rules: list[Rule], said: list[list[Relation]], layout: list[list[Relation]], rule_names: dict[str, str]) -> Section:
    """A section's rows, ``share``, ``kinds`` and ``ends`` (:class:`Section`; its pickles and digest still empty)."""
    ends: set[str] = set()
    datas: list[dict[str, Any]] = []  # its relations' JSON, in reading order

    def row(rel: Relation) -> Row:
        data = relation_data(rel, rule_names)
        datas.append(data)
        ends.update(rid for rid in (rel.source, rel.target) if rid is not None)
        return end(data["source"]), end(data["target"]), pack(data)

    rows: Rows = ([], [], [])
    jsons = [rule.to_json() for rule in rules]
    for rule, data, stated, laid in zip(rules, jsons, said, layout, strict=True):
        rows[0].append((rule.id, rule.system, rule.name, pack(data)))
        rows[1].append([row(rel) for rel in stated])
        rows[2].append([row(rel) for rel in laid])
    part, kinds = share(jsons, datas)
    at = rules[0].source if rules else Source("", 0, 0)
    return Section(tuple(rule.id for rule in rules), b"", b"", part, b"", rows, kinds, sorted(ends), at.file, at.line)


def known(run: list[Rule], lines: Lines) -> bytes:
    """A section's digest of its rules and of the lines they stand on, counted from its first
    (a section that lines added or removed above it moved digests the same): what tells a section the edit left."""
    at = run[0].source
    return _hash(canonical([_digested(rule, at.file, at.line) for rule in run]) + lines.span(run))
