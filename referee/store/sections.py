"""A system's rules in sections: what the store keeps apart (its ``sections`` table),
so that a rebuild pickles, packs and reads again only what an edit touched.

A section is a run of consecutive rules of a system (reading order) that
stand first on one document, at most :data:`SECTION_RULES` of them.  It is
kept as two pickles: its rules, each with the key of the lines it stands
on (:class:`Lines`), and what the graph read in them (relations and sentences,
rule by rule, and the relations the documents' layout states); with a digest
of both and of the names of the rules its relations join, which says whether
its rows in the store (``rules``, ``relations``) can stay as they are.  With
them go the section's share of two answers about the whole system
(:mod:`referee.store.answers`: the relations saying every ability never
stacks, and the core terms conditions are stated against), so they are
never made again from relations nobody unpickled.

A rebuild reads the system's documents and aligns them as a build does, then
goes section by section (:func:`read`):

- a section of the same rules, in the same order, standing on the same
  lines, under the same names, is the last build's section: its bytes are
  kept as they are, never unpickled (its rules are known by a digest of
  them pickled without the memo, :func:`canonical`);
- otherwise each of its rules that is the rule it was, on the same lines,
  takes what the graph read in it (and its packed rows) from the last
  build, and only the others are read again.

So a rebuild costs the system's reading and alignment, and, beyond them, in
proportion to the rules the edit touched: the sections of the edited
document below the edit.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import signal
import sys
import zlib
from dataclasses import dataclass, replace
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.graph.reading import Readings
from referee.graph.relations import layout_relations
from referee.graph.sentences import lines_read
from referee.store.answers import against, relation_data, system_wide
from referee.store.database import pack

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from referee.model import Relation, Rule
    from referee.rulebase import Rulebase

SECTION_RULES = 500  # rules a section holds at most: an edit re-pickles a few hundred rules, not a document


@dataclass(frozen=True)
class Section:
    """A section as it is stored: ``rules`` and ``graph`` are pickles (see the module's
    docstring; :meth:`pickles`); ``never`` and ``against`` its share of the system's
    answers; ``rows`` its rows for the store, made when it was read (None for a section
    taken as it was: its rows are made from the pickles if its place in the store
    changed).  A section of the last build comes without its pickles (``rules`` and
    ``graph`` None) and ``load`` gives them, asked only if they are read or moved:
    its ``digest`` carries the hash of its ``graph``, so telling that it is the
    section an edit left reads neither."""

    ids: tuple[str, ...]
    rules: bytes | None
    graph: bytes | None
    never: tuple[dict[str, Any], ...]
    against: tuple[str, ...]
    ends: tuple[str, ...]  # the rules its relations join, whose names its rows carry
    digest: bytes
    rows: Rows | None = None
    load: Callable[[], tuple[bytes, bytes]] | None = None

    def pickles(self) -> tuple[bytes, bytes]:
        """Its ``rules`` and ``graph`` pickles, from the store if they were left there."""
        if self.rules is not None and self.graph is not None:
            return self.rules, self.graph
        assert self.load is not None
        return self.load()

    def whole(self) -> Section:
        """This section with its pickles (to be handed to another process)."""
        if self.load is None:
            return self
        rules, graph = self.load()
        return replace(self, rules=rules, graph=graph, load=None)


# A section's rows: each rule's (id, system, packed JSON), and per rule the relations
# its text states and those of its layout, each (source, target, packed JSON).
Rows = tuple[list[tuple[str, str, bytes]], list[list[tuple[str, str | None, bytes]]], list[list[tuple[str, str | None, bytes]]]]


@dataclass(frozen=True)
class Kept:
    """One rule of the last build's section: the rule, the key of its lines, what the
    graph read in it, and its layout relations."""

    rule: Rule
    lines: tuple[bytes, ...]
    found: tuple[list[Relation], list[Any]]
    layout: list[Relation]


def runs(rules: list[Rule]) -> list[list[Rule]]:
    """The system's rules (reading order) cut into sections."""
    out: list[list[Rule]] = []
    for rule in rules:
        if not out or len(out[-1]) == SECTION_RULES or out[-1][-1].source.file != rule.source.file:
            out.append([])
        out[-1].append(rule)
    return out


class Lines:
    """The key of the lines each version of a rule stands on: all of its document
    that :func:`referee.graph.sentences.locate` reads to place its sentences
    (:func:`~referee.graph.sentences.lines_read`, one definition for both).

    Lines, not the whole document: an edit elsewhere in the document leaves a
    rule whose lines and place did not change as it was read (the rule's own
    equality checks its place).
    """

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts

    def key(self, rule: Rule) -> tuple[bytes, ...]:
        texts = self.texts
        return tuple(
            hashlib.blake2b(lines_read(version, texts).encode("utf-8", "surrogatepass"), digest_size=16).digest()
            for version in rule.versions
        )


class Before:
    """What a rebuild may take from the last build of the system (the store gives it,
    :func:`referee.store.system.before`): its sections by their rules' ids, and
    each rule's share of them.  ``renamed``: the rules whose name changed, or that
    came or went, since (a relation's packed row names the rules at its ends, so
    rows joining one of them are packed again)."""

    def __init__(self, sections: dict[tuple[str, ...], Callable[[], Section]], renamed: set[str]) -> None:
        self.sections = sections
        self.renamed = renamed
        self._where = {rid: ids for ids in sections for rid in ids}
        self._open: dict[tuple[str, ...], dict[str, Kept]] = {}

    def section(self, ids: tuple[str, ...]) -> Section | None:
        found = self.sections.get(ids)
        return found() if found is not None else None

    def rule(self, rule_id: str) -> Kept | None:
        ids = self._where.get(rule_id)
        if ids is None:
            return None
        if ids not in self._open:
            if len(self._open) >= 4:  # sections are asked for in reading order: the oldest is done with
                del self._open[next(iter(self._open))]
            self._open[ids] = unpack(self.sections[ids]())
        return self._open[ids].get(rule_id)


def unpack(section: Section) -> dict[str, Kept]:
    """A section's rules, each with what was read in it, by id."""
    rules_blob, graph_blob = section.pickles()
    rules, lines = loads(rules_blob)
    found, layout = loads(graph_blob)
    return {rule.id: Kept(rule, key, read, structure) for rule, key, read, structure in zip(rules, lines, found, layout, strict=True)}


def rows_of(section: Section, rule_names: dict[str, str]) -> Rows:
    """A section's rows for the store: those it was read with, or made from its pickles."""
    if section.rows is not None:
        return section.rows
    rules_blob, graph_blob = section.pickles()
    rules, _ = loads(rules_blob)
    found, layout = loads(graph_blob)
    return (
        [(rule.id, rule.system, pack(rule.to_json())) for rule in rules],
        [[_relation_row(rel, rule_names) for rel in read[0]] for read in found],
        [[_relation_row(rel, rule_names) for rel in laid] for laid in layout],
    )


def digest(rules: bytes, graph: bytes, ends: bytes) -> bytes:
    """What a section's rows are made of: its rules (``rules``: their :func:`canonical`
    digest), what the graph read in them (``graph``: :func:`graph_key`), and the names of
    the rules its relations join (``ends``: :func:`ends_key`); followed by ``graph`` and
    ``ends``, so that the digest of a stored section is made again without its pickle,
    and without naming its ends again when no name changed (:class:`Before` leaves out
    the sections joined to a rule renamed)."""
    return hashlib.blake2b(rules + graph + ends, digest_size=16).digest() + graph + ends


def graph_key(graph: bytes) -> bytes:
    """The hash of a section's graph pickle, as :func:`digest` takes it."""
    return hashlib.blake2b(graph, digest_size=16).digest()


def ends_key(ends: tuple[str, ...], rule_names: dict[str, str]) -> bytes:
    """The hash of the names of the rules a section's relations join, as :func:`digest` takes it."""
    joined = "\0".join(f"{end}\1{rule_names.get(end, '')}" for end in ends)
    return hashlib.blake2b(joined.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def again(section: Section, rules: bytes) -> bytes:
    """The digest of a stored section whose rules' digest is now ``rules``, its graph
    and the names of its ends as they were."""
    return digest(rules, section.digest[16:32], section.digest[32:48])


def read(rulebase: Rulebase, system: str, before: Before | None, read_again: list[str] | None = None) -> Iterator[Section]:
    """The sections of ``system`` (a one-system rulebase's), reading in the graph only
    what ``before`` cannot give; ``read_again`` is told each rule read."""
    lines = Lines(rulebase.texts)
    rule_names = rulebase.rule_names
    # The effect reader on every core.  It is given no store of chunks read before:
    # ``before`` gives every rule an edit left what was read in it, under the same keys
    # (the names, the rule, its lines), and a store would keep all of it a second time.
    reading = Readings(rulebase, system)
    cut = runs(list(rulebase.in_system(system)))
    known = _known(cut, lines, reading.workers if before is not None else 1)
    for run, (keys, same) in zip(cut, known, strict=True):
        ids = tuple(rule.id for rule in run)
        old = before.section(ids) if before is not None else None
        if old is not None and before is not None and not before.renamed.isdisjoint(old.ends):
            old = None
        # The same rules on the same lines, joined to rules of the same names: the
        # digest the last build gave the section, made again from what is read now.
        if old is not None and again(old, same) == old.digest:
            yield old
            continue
        pickled = _pickled((run, keys))
        found: list[tuple[list[Relation], list[Any]]] = []
        layout: list[list[Relation]] = []
        rows: Rows = ([], [], [])
        never: list[dict[str, Any]] = []
        against_terms: set[str] = set()
        ends: set[str] = set()
        for rule, key in zip(run, keys):
            kept = before.rule(rule.id) if before is not None else None
            if kept is None or kept.rule != rule or kept.lines != key:
                kept = None
                read_rule = reading(rule)
                if read_again is not None:
                    read_again.append(rule.id)
            else:
                read_rule = kept.found
            laid = kept.layout if kept is not None else layout_relations(rule, rulebase.texts)
            found.append(read_rule)
            layout.append(laid)
            joined = {end for rel in (*read_rule[0], *laid) for end in (rel.source, rel.target) if end is not None}
            ends |= joined
            rows[0].append((rule.id, rule.system, pack(rule.to_json())))
            rows[1].append([_relation_row(rel, rule_names) for rel in read_rule[0]])
            rows[2].append([_relation_row(rel, rule_names) for rel in laid])
            for rel in (*read_rule[0], *laid):
                against_terms |= against(rel)
                if rel.kind == "stacks":
                    data = relation_data(rel, rule_names)
                    if system_wide(data):
                        never.append(data)
        graph = _pickled((found, layout))
        joined_ends = tuple(sorted(ends))
        made = digest(same, graph_key(graph), ends_key(joined_ends, rule_names))
        yield Section(ids, pickled, graph, tuple(never), tuple(sorted(against_terms)), joined_ends, made, rows)


def _known(cut: list[list[Rule]], lines: Lines, workers: int) -> list[tuple[list[tuple[bytes, ...]], bytes]]:
    """Each section's key of its rules' lines and the digest of its rules and those keys
    (what tells a section the edit left): on two cores when the system is big enough to
    have the effect reader's workers and a last build to compare with, the second half
    of the sections in a forked process.  A rebuild of 100,000 rules in one document
    spent a second here, every rule pickled and its lines hashed."""
    def known(run: list[Rule]) -> tuple[list[tuple[bytes, ...]], bytes]:
        keys = [lines.key(rule) for rule in run]
        return keys, canonical((run, keys))

    half = len(cut) // 2
    theirs = None
    if workers > 1 and half >= FORK_SECTIONS:
        for run in cut:
            lines.key(run[0])  # each document split into lines here, once, before the fork shares them
        theirs = _forked(lambda: [known(run) for run in cut[half:]])
    try:
        mine = [known(run) for run in cut[: half if theirs is not None else len(cut)]]
    except BaseException:
        if theirs is not None:
            theirs(False)
        raise
    if theirs is not None:
        found = theirs(True)
        mine += found if found is not None else [known(run) for run in cut[half:]]
    return mine


FORK_SECTIONS = 8  # sections each core digests at least, or one core does it all


def _forked(work: Callable[[], Any]) -> Callable[[bool], Any] | None:
    """``work`` done in a forked process, started now: a function giving its result
    (None if the process failed: then the caller does it; called with False, it only
    ends the process); None when no process can be started here.  The child touches no file but the pipe, and leaves by
    ``os._exit`` (nothing of this process's, its open store above all, is closed there)."""
    if sys.platform != "linux":
        return None
    try:
        into, out = os.pipe()
        pid = os.fork()
    except OSError:
        return None
    if pid == 0:  # the child
        status = 1
        try:
            os.close(into)
            with os.fdopen(out, "wb") as pipe:
                pipe.write(pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL))
            status = 0
        finally:
            os._exit(status)
    os.close(out)

    def result(wanted: bool) -> Any:
        with os.fdopen(into, "rb") as pipe:
            data = pipe.read() if wanted else b""
        if not wanted:
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        if status != 0 or not data:
            return None
        return pickle.loads(data)

    return result


def canonical(obj: Any) -> bytes:
    """A digest of ``obj`` that equal objects share, however their parts are shared:
    pickled without the memo (fast mode), so a string two rules share is written
    twice, as it is when they hold equal copies (rules read from the Markdown
    adapter's kept chunks share fewer strings than rules read whole).  Rules
    hold no cycles, which is all fast mode asks."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(obj)
    return hashlib.blake2b(out.getbuffer(), digest_size=16).digest()


# How hard what the store keeps for rebuilds is compressed: written once and read only by a
# rebuild, for the parts an edit touched (never by a warm call), so it is packed tighter
# than the rows readers inflate.  At 20,000 rules the sections' pickles took 6.8 MB at
# level 1 and 5.3 MB at 6, for 0.5 s more of a cold build (level 9: 5.3 MB, 0.7 s).
KEPT_LEVEL = 6


def _pickled(obj: Any) -> bytes:
    return zlib.compress(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL), KEPT_LEVEL)


def loads(blob: bytes) -> Any:
    """A section's pickle, as :func:`_pickled` stored it (compressed)."""
    return pickle.loads(zlib.decompress(blob))


def _relation_row(rel: Relation, rule_names: dict[str, str]) -> tuple[str, str | None, bytes]:
    data = relation_data(rel, rule_names)
    return data["source"], data["target"], pack(data)
