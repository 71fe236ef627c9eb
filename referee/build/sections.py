"""A system's rules in sections: what a part file keeps apart, so that a rebuild
pickles, packs and reads again only what an edit touched.

A section is a run of consecutive rules of a system (reading order) that
stand first on one document, at most :data:`SECTION_RULES` of them.  It is
kept as three pickles: its rules, each with the key of the lines it stands
on (:class:`Lines`); what the graph read in them (relations and sentences,
rule by rule, and the relations the documents' layout states); and their
rows of the view store, packed.  With them go the two answers about the
whole system that the view's meta keeps (the relations saying every ability
never stacks, and the core terms conditions are stated against), so they
are never made again from relations nobody unpickled.

A rebuild reads the system's documents and aligns them as a build does, then
goes section by section (:func:`read`):

- a section of the same rules, in the same order, standing on the same
  lines, under the same names, is the last build's section: its bytes are
  kept as they are, neither unpickled nor pickled again;
- otherwise each of its rules that is the rule it was, on the same lines,
  takes what the graph read in it (and its packed rows) from the last
  build, and only the others are read again.

So a rebuild costs the system's reading and alignment, and, beyond them, in
proportion to the rules the edit touched: the sections of the edited
document below the edit.
"""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.build.store import pack
from referee.build.view import binds_every_ability, caps_every_roll, relation_data

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from referee.model import Relation, Rule
    from referee.rulebase import Rulebase

SECTION_RULES = 500  # rules a section holds at most: an edit re-pickles a few hundred rules, not a document


@dataclass(frozen=True)
class Section:
    """A section as it is written: ``rules``, ``graph`` and ``rows`` are pickles
    (see the module's docstring); ``never`` and ``against`` its share of the meta."""

    ids: tuple[str, ...]
    rules: bytes
    graph: bytes
    rows: bytes
    never: tuple[dict[str, Any], ...]
    against: tuple[str, ...]
    ends: tuple[str, ...] = ()  # the rules its relations join, whose names its rows carry


@dataclass(frozen=True)
class Kept:
    """One rule of the last build's section: the rule, the key of its lines, what the
    graph read in it, its layout relations, and its rows of the store, packed."""

    rule: Rule
    lines: tuple[bytes, ...]
    found: tuple[list[Relation], list[Any]]
    layout: list[Relation]
    rows: tuple[tuple[str, str, bytes], list[tuple[str, str | None, bytes]], list[tuple[str, str | None, bytes]]]


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
    that :func:`referee.graph.sentences.locate` reads to place its sentences.

    Lines, not the whole document: an edit elsewhere in the document leaves a
    rule whose lines and place did not change as it was read (the rule's own
    equality checks its place).  When the lines run to the document's end,
    what follows them may join them: the number of lines is part of the key
    then.
    """

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts
        self._lines: dict[str, list[str] | None] = {}

    def key(self, rule: Rule) -> tuple[bytes, ...]:
        out = []
        for version in rule.versions:
            file, first, last = version.source.file, version.source.line, version.source.end_line
            if file not in self._lines:
                text = self.texts.get(file)
                self._lines[file] = None if text is None else text.split("\n")
            lines = self._lines[file]
            if lines is None:
                out.append(b"")
                continue
            tail = str(len(lines)) if max(first, last) >= len(lines) else ""
            window = "\n".join(lines[max(first, 1) - 1 : last])
            out.append(hashlib.blake2b(f"{tail}\x00{window}".encode("utf-8", "surrogatepass"), digest_size=16).digest())
        return tuple(out)


class Before:
    """What a rebuild may take from the last build of the system (the memo gives it,
    :meth:`referee.build.memo.Memo.before`): its sections by their rules' ids, and
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
    rules, lines = pickle.loads(section.rules)
    found, layout = pickle.loads(section.graph)
    rule_rows, effect_rows, layout_rows = pickle.loads(section.rows)
    return {
        rule.id: Kept(rule, key, read, structure, (row, effects, laid))
        for rule, key, read, structure, row, effects, laid in zip(rules, lines, found, layout, rule_rows, effect_rows, layout_rows, strict=True)
    }


def read(rulebase: Rulebase, system: str, before: Before | None, read_again: list[str] | None = None) -> Iterator[Section]:
    """The sections of ``system`` (a one-system rulebase's), reading in the graph only
    what ``before`` cannot give; ``read_again`` is told each rule read."""
    from referee.graph.build import layout_relations
    from referee.graph.reading import Readings

    lines = Lines(rulebase.texts)
    rule_names = rulebase.rule_names
    # The effect reader on every core; its store argument (chunks read before, by key)
    # is the seam for the build's store of what was read: until then ``before`` gives them.
    reading = Readings(rulebase, system)
    for run in runs(list(rulebase.in_system(system))):
        ids = tuple(rule.id for rule in run)
        keys = [lines.key(rule) for rule in run]
        pickled = _pickled((run, keys))
        old = before.section(ids) if before is not None else None
        if old is not None and before is not None and not before.renamed.isdisjoint(old.ends):
            old = None
        # The same bytes are the same rules; other bytes may still be (a string shared
        # otherwise), so they are compared as rules before the section is read again.
        if old is not None and (old.rules == pickled or pickle.loads(old.rules) == (run, keys)):
            yield old
            continue
        found: list[tuple[list[Relation], list[Any]]] = []
        layout: list[list[Relation]] = []
        rows: tuple[list[Any], list[Any], list[Any]] = ([], [], [])
        never: list[dict[str, Any]] = []
        against: set[str] = set()
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
            if kept is not None and before is not None and before.renamed.isdisjoint(joined):
                rule_row, effect_rows, layout_rows = kept.rows
            else:
                rule_row = (rule.id, rule.system, pack(rule.to_json()))
                effect_rows = [_relation_row(rel, rule_names) for rel in read_rule[0]]
                layout_rows = [_relation_row(rel, rule_names) for rel in laid]
            rows[0].append(rule_row)
            rows[1].append(effect_rows)
            rows[2].append(layout_rows)
            for rel in (*read_rule[0], *laid):
                against.update(c.value for c in rel.conditions if c.situation == "against" and c.value and "/" not in c.value)
                if rel.kind == "stacks":
                    data = relation_data(rel, rule_names)
                    if binds_every_ability(data) or caps_every_roll(data):
                        never.append(data)
        yield Section(
            ids,
            pickled,
            _pickled((found, layout)),
            _pickled(rows),
            tuple(never),
            tuple(sorted(against)),
            tuple(sorted(ends)),
        )


def _pickled(obj: Any) -> bytes:
    return pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)


def _relation_row(rel: Relation, rule_names: dict[str, str]) -> tuple[str, str | None, bytes]:
    data = relation_data(rel, rule_names)
    return data["source"], data["target"], pack(data)
