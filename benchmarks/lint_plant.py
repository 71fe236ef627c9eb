"""Planted defects: how many ordinary editing mistakes ``referee lint`` finds.

    .venv/bin/python benchmarks/lint_plant.py --seeds 1-5 [--kinds K1,K2] [--json] [--verbose]
    .venv/bin/python benchmarks/lint_plant.py --seeds 101-110          # the reporting seeds
    .venv/bin/python benchmarks/lint_plant.py --list-kinds

**Seeds.** Seeds 1-5 are the *tuning* seeds: lint's developers may look at
what they plant and what lint makes of it.  Seeds 101-110 are the
*reporting* seeds: their figures go into docs/lint.md ("Planted defects"),
and nobody changing lint may run them, read their plantings or tune with
them; otherwise the figures measure the tuning, not lint.

**How it plants.** The rules folder (default: the project's ``rules_src/``)
is read once (its build gives the rules' names, aliases and where each
version stands) and copied, one system at a time, into a temporary folder.
For each seed, each kind of defect and each document of a format the kind
applies to, one *planting* is made: one edit an editor could make by hand,
to real text, at a place the seed chooses (a ``random.Random`` seeded with
``"<seed>:<kind>:<document>"``, so a planting does not depend on which
other kinds are run).  The edit respects the document's format: a rules
list's heading line, blank line and paragraphs; a glossary's heading run and
body; Markdown ``## Name`` sections; the wiki's ``'''Name'''`` entries on
its one long line; system.toml's tables.  Each planting records its kind,
the file, line and column where a correct finding should point, and a short
description ("'Feel No Pain' -> 'Feel No Pian'").

Lint runs once per planting, on the system's copy with only that planting in
it (``referee lint --rules-src COPY --system S --json --min-severity info``),
so every difference from the unplanted findings is the planting's; the
unplanted findings are taken once per system, and mapped through the edit
(a finding after an insertion moves down or right with its text).

**What counts.**

- *Found*: a finding that the unplanted run does not have, at the planted
  file and line (the line where the defect stands: for a redefinition, the
  heading of the second definition, the copy, which the planter always puts
  after the original; for a misspelled or unknown name, the line of the name;
  for a pasted paragraph or repeated sentence, the line of the second copy;
  for a manifest defect, its line in system.toml).  Any code counts (the
  harness does not know lint's codes), but two kinds of finding are never
  evidence: ``unused-definition`` (a note that nobody names a rule), and,
  for kinds that are not about definitions, the findings that compare a
  rule's versions (conflicting-, reworded- and duplicate-definition,
  alias-mismatch, source-drift): a typo in a rule that another document also
  defines makes its versions differ, which is the typo's consequence.  On
  the wiki page, whose rules all stand on one line, the column must also
  fall between the start of the entry that holds the defect and the end of
  the planted text.  A diverged version (``diverged-version``) is found at
  the edited version's line or at the rule's primary version, where
  conflicting-definition reports, by a new finding or by a finding of the
  unplanted run whose message changed (the rule's versions differed
  already).  A manifest alias with a typo (``manifest-alias-typo``) is
  found only if the run also goes on: no error instead of findings, and at
  least 80 % of the unplanted findings still reported.
- *False alarm*: a new finding elsewhere that is not about the planting.
  Not false alarms but consequences: a finding whose rule or term is one of
  the names the planting touched (the rule whose text was edited, the name
  misspelled, the copied rule, the alias: a misspelled "Fear" may well leave
  Fear unused), and a finding inside copied text of a problem the original
  text has too (its code and term are among the unplanted findings).  The
  table gives the plantings that caused at least one false alarm.

Kinds that lint's documents describe but that are not planted: grant
cycles, must/cannot conflicts and forbidden grants (an editor seldom writes
them by accident), unnamed rules (deleting a heading mostly leaves a body
that names its rule), and BattleScribe data (rules_src has none).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

# the installed command beside this Python (the venv's), else the module's entry point
_SCRIPT = Path(sys.executable).with_name("referee")
REFEREE = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-c", "import sys; from referee.cli import main; sys.exit(main())"]

TUNING_SEEDS = tuple(range(1, 6))
REPORTING_SEEDS = tuple(range(101, 111))

# Names no system of rules_src defines or writes: what an editor invents, or
# brings from another game.  Each is checked against the system's text.
INVENTED_NAMES = (
    "Iron Resolve", "Blood Frenzy", "Stand Fast", "Grim Vigil", "Shadow Stride",
    "Ward of Thorns", "Relentless Advance", "Storm Shield", "Battle Hymn",
    "Cold Blooded", "Sure Footed", "Deadly Aim", "Holy Fervour", "Unyielding Wall",
    "Night Terror", "Swift Reload", "Ancient Grudge", "Bitter Cold",
)

# Words after which a capitalised name is in keyword position (docs/lint.md,
# undefined-reference): "models with Fear", "gains Stubborn", "immune to Fear".
CUE = re.compile(
    r"(?:\b(?:with|gains?|gained|has|have|having|loses?|lost|causes?|immune to(?: the effects of)?"
    r"|subject to|such as|benefits? from|affected by)\s+(?:(?:a|an|the)\s+)?)$"
)
SENTENCE = re.compile(r"[A-Z][^.!?]*?[.!?](?=\s|$)")
PAGE_REF = re.compile(r"\bp\.\s?(\d+)")


# -- text positions ---------------------------------------------------------


def line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(i + 1 for i, ch in enumerate(text) if ch == "\n")
    return starts


def to_offset(starts: list[int], line: int, column: int) -> int:
    return starts[min(line, len(starts)) - 1] + column - 1


def to_position(starts: list[int], offset: int) -> tuple[int, int]:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo + 1, offset - starts[lo] + 1


def fold(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.casefold())


# -- the corpus, as the planter sees it -------------------------------------


@dataclass(frozen=True)
class Block:
    """One version of a rule in one document: heading (if any) and body."""

    rule: str  # rule id
    name: str
    start: int  # offset of the heading (or of the body, when the heading was lost)
    body_start: int
    end: int  # end of the body, no trailing newline
    headed: bool
    level: int | None = None  # Markdown heading level
    parent: bool = False  # has sub-rules
    stub: bool = False
    child: bool = False  # is a sub-rule


@dataclass
class Document:
    system: str
    path: str  # relative to the rules folder: "<system>/<file>"
    format: str
    role: str
    lang: str
    title: str | None
    options: dict
    text: str
    blocks: list[Block] = field(default_factory=list)

    @property
    def starts(self) -> list[int]:
        if not hasattr(self, "_starts"):
            self._starts = line_starts(self.text)
        return self._starts

    def paragraphs(self, block: Block) -> list[tuple[int, int]]:
        """Spans of running text in a block's body (a line; on the wiki, the whole body)."""
        if self.format == "mediawiki":
            return [(block.body_start, block.end)] if block.end - block.body_start > 20 else []
        spans = []
        pos = block.body_start
        while pos < block.end:
            nl = self.text.find("\n", pos, block.end)
            stop = block.end if nl < 0 else nl
            line = self.text[pos:stop]
            if len(line.split()) >= 5 and not line.lstrip().startswith(("#", "|")) and not _bold_only(line):
                spans.append((pos, stop))
            pos = stop + 1
        return spans


def _bold_only(line: str) -> bool:
    return bool(re.fullmatch(r"\s*\*\*[^*]+\*\*:?\s*", line))


@dataclass
class System:
    id: str
    manifest_path: str  # "<system>/system.toml"
    manifest_text: str
    documents: list[Document]
    names: dict[str, str]  # name or alias as written -> rule id
    rule_names: dict[str, str]  # rule id -> name
    known: set[str]  # folded names, aliases and core terms
    versions: dict[str, list[tuple[str, int]]]  # rule id -> (document, line) of each version with text
    primary: dict[str, tuple[str, int]]
    params: dict[str, tuple[str, ...]]  # rule id -> kinds of its parameters
    agreeing: set[str] = field(default_factory=set)  # rules two documents define with the same text

    def document(self, path: str) -> Document:
        return next(d for d in self.documents if d.path == path)

    def names_pattern(self) -> re.Pattern[str]:
        if not hasattr(self, "_pattern"):
            usable = sorted(
                (n for n in self.names if len(n) >= 3 and n[0].isupper() and not re.search(r"(?<!\S)[A-Z]\d?(?!\S)", n)),
                key=len, reverse=True,
            )  # not a keyword family's signature ("Ranged X heavy"): running text writes its values
            self._pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, usable)) + r")(?![\w-])")
        return self._pattern


def read_corpus(rules_src: Path, only: set[str] | None = None) -> list[System]:
    """Every system of a rules folder with its documents and rules, from its build."""
    from referee.build import open_build

    build = open_build(str(rules_src))
    systems = []
    for sid in sorted(build.systems):
        if only and sid not in only:
            continue
        manifest = build.manifests[sid]
        docs = []
        for spec in manifest.documents:
            if spec.format == "battlescribe":
                continue
            text = (rules_src / spec.path).read_text(encoding="utf-8")
            docs.append(Document(sid, spec.path, spec.format, spec.role, spec.lang, spec.title, dict(spec.options), text))
        by_path = {d.path: d for d in docs}
        names: dict[str, str] = {}
        rule_names: dict[str, str] = {}
        versions: dict[str, list[tuple[str, int]]] = {}
        primary: dict[str, tuple[str, int]] = {}
        params: dict[str, tuple[str, ...]] = {}
        agreeing: set[str] = set()
        wiki_starts: dict[str, list[int]] = {}
        rules = [r for r in build.rules.values() if r.system == sid]
        for rule in rules:
            rule_names[rule.id] = rule.name
            if "unnamed" not in rule.flags:
                names.setdefault(rule.name, rule.id)
            for alias in rule.aliases:
                names.setdefault(alias.name, rule.id)
            versions[rule.id] = [(v.document, v.source.line) for v in rule.versions if "stub" not in v.flags]
            primary[rule.id] = (rule.source.file, rule.source.line)
            params[rule.id] = tuple(p.kind for p in rule.params)
            texts = {fold(v.text) for v in rule.versions if "stub" not in v.flags}  # the same words
            if len({v.document for v in rule.versions if "stub" not in v.flags}) > 1 and len(texts) == 1:
                agreeing.add(rule.id)
            for v in rule.versions:
                doc = by_path.get(v.document)
                if doc is not None and doc.format == "mediawiki":
                    wiki_starts.setdefault(doc.path, []).append(to_offset(doc.starts, v.source.line, v.source.column))
        for alias, (target, _lang) in manifest.aliases.items():
            names.setdefault(alias, next((rid for rid, n in rule_names.items() if n == target), ""))
        known = {fold(n) for n in names} | {fold(t) for t in manifest.core_terms}
        for rule in rules:
            for v in rule.versions:
                doc = by_path.get(v.document)
                if doc is None or "unnamed" in v.flags:
                    continue
                doc.blocks.append(_block(doc, rule, v, sorted(wiki_starts.get(doc.path, []))))
        for doc in docs:
            doc.blocks.sort(key=lambda b: b.start)
        manifest_text = (rules_src / manifest.path).read_text(encoding="utf-8")
        systems.append(System(sid, manifest.path, manifest_text, docs, names, rule_names, known, versions, primary, params, agreeing))
    return systems


def _block(doc: Document, rule, version, wiki_starts: list[int]) -> Block:
    stub = "stub" in version.flags
    headed = "recovered-name" not in version.flags
    parent = bool(rule.children)
    if doc.format == "mediawiki":
        start = to_offset(doc.starts, version.source.line, version.source.column)
        later = [s for s in wiki_starts if s > start]
        section = re.compile(r"==[^=]").search(doc.text, start + 3)
        line_end = doc.text.find("\n", start)
        stops = [s for s in (later[0] if later else None, section.start() if section else None, line_end) if s is not None and s >= 0]
        end = min(stops)
        while end > start and doc.text[end - 1] in " *":
            end -= 1
        close = doc.text.find("'''", doc.text.find("'''", start) + 3)
        body_start = close + 3 if 0 <= close < end else end
        while body_start < end and doc.text[body_start] == " ":
            body_start += 1
        return Block(rule.id, rule.name, start, body_start, end, headed=True, parent=parent, stub=stub, child=bool(rule.parent))
    start = to_offset(doc.starts, version.source.line, 1)
    last = min(version.source.end_line, len(doc.starts))
    end = doc.starts[last] - 1 if last < len(doc.starts) else len(doc.text)
    end = len(doc.text[:end].rstrip())
    end = max(end, start)
    heading_line = doc.text[start : doc.text.find("\n", start) if doc.text.find("\n", start) >= 0 else len(doc.text)]
    level = None
    if doc.format == "markdown":
        m = re.match(r"(#{1,6})\s", heading_line)
        level = len(m.group(1)) if m else None
    if headed:
        nl = doc.text.find("\n", start)
        body_start = end if nl < 0 or nl >= end else nl + 1
        while body_start < end and doc.text[body_start] == "\n":
            body_start += 1
    else:
        body_start = start
    return Block(rule.id, rule.name, start, body_start, end, headed, level, parent, stub, bool(rule.parent))


# -- plantings --------------------------------------------------------------


@dataclass(frozen=True)
class Edit:
    file: str  # relative to the rules folder
    start: int
    end: int
    text: str


@dataclass
class Planting:
    seed: int
    kind: str
    system: str
    document: str
    edits: tuple[Edit, ...]
    file: str  # where a correct finding points
    at: int  # offset of the planted text in the planted file
    at_end: int
    entry_start: int | None  # wiki: offset of the entry holding the defect
    what: str
    names: tuple[str, ...]  # names the planting touches (its consequences are about them)
    new_files: tuple[str, ...] = ()
    also: tuple[tuple[str, int], ...] = ()  # other acceptable places (file, line)
    run_goes_on: bool = False
    format: str = ""  # of the document planted in, or "manifest"
    # filled by place():
    line: int = 0
    column: int = 0
    end_column: int = 0
    entry_column: int | None = None


def apply(original: str, edits: list[Edit]) -> str:
    text = original
    for e in sorted(edits, key=lambda e: e.start, reverse=True):
        text = text[: e.start] + e.text + text[e.end :]
    return text


def shift(offset: int, edits: list[Edit]) -> int:
    """Where text at ``offset`` of the original stands after the edits (text an edit replaced: at its start)."""
    moved = offset
    for e in edits:
        if e.start == e.end and offset >= e.start or e.start < e.end and offset >= e.end:
            moved += len(e.text) - (e.end - e.start)
        elif e.start <= offset < e.end:
            moved -= offset - e.start
    return moved


class Planter:
    """Makes the plantings of one kind in one document (or manifest)."""

    def __init__(self, seed: int, kind: str, system: System, doc: Document | None) -> None:
        self.seed = seed
        self.kind = kind
        self.system = system
        self.doc = doc
        self.rng = random.Random(f"{seed}:{kind}:{doc.path if doc else system.manifest_path}")

    # helpers
    def text_blocks(self, *, headed: bool = False, min_body: int = 40) -> list[Block]:
        assert self.doc
        return [
            b
            for b in self.doc.blocks
            if not b.stub and b.end - b.body_start >= min_body and (b.headed or not headed)
        ]

    def planting(self, edits, at, at_end, what, names, *, file=None, entry_start=None, **kw) -> Planting:
        if self.doc is not None:  # the rules whose text an edit changes are touched too
            names = [*names, *(b.name for e in edits if e.file == self.doc.path for b in [self.entry_of(e.start)] if b)]
        return Planting(
            self.seed, self.kind, self.system.id, self.doc.path if self.doc else self.system.manifest_path,
            tuple(edits), file or (self.doc.path if self.doc else self.system.manifest_path), at, at_end,
            entry_start, what, tuple(names), **kw,
        )

    def own_paragraphs(self, block: Block) -> list[tuple[int, int]]:
        """The block's paragraphs that are not a sub-rule's (a Markdown section's range holds its sub-sections)."""
        assert self.doc
        return [(lo, hi) for lo, hi in self.doc.paragraphs(block) if self.entry_of(lo) == block]

    def entry_of(self, offset: int) -> Block | None:
        assert self.doc
        inside = [b for b in self.doc.blocks if b.start <= offset <= b.end]
        return max(inside, key=lambda b: b.start) if inside else None

    def wiki_entry(self, offset_before_edit: int, edits: list[Edit]) -> int | None:
        if self.doc is None or self.doc.format != "mediawiki":
            return None
        block = self.entry_of(offset_before_edit)
        return shift(block.start, edits) if block else None

    def mentions(self, *, cue: bool = False, in_list: bool = False) -> list[tuple[Block, int, int, str]]:
        """Names of the system written in other rules' running text: (block, start, end, name)."""
        assert self.doc
        found = []
        pattern = self.system.names_pattern()
        for block in self.text_blocks():
            for lo, hi in self.own_paragraphs(block):
                para = self.doc.text[lo:hi]
                for m in pattern.finditer(para):
                    name = m.group(1)
                    if self.system.names.get(name) == block.rule or fold(name) == fold(block.name):
                        continue  # a rule naming itself
                    before = para[: m.start()]
                    if cue and not CUE.search(before[-40:]):
                        continue
                    if in_list and not re.search(r"(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s+)$", before[-8:]):
                        continue
                    if in_list:
                        window = before[-60:]
                        items = list(pattern.finditer(window))  # the item before this one: a name too
                        if not items or not re.fullmatch(r"(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s+)", window[items[-1].end() :]):
                            continue
                    found.append((block, lo + m.start(), lo + m.end(), name))
        return found

    def misspell(self, name: str) -> str | None:
        words = name.split(" ")
        choices = [(i, j) for i, w in enumerate(words) for j in range(1, len(w) - 2) if w[j].isalpha() and w[j + 1].isalpha() and w[j] != w[j + 1]]
        self.rng.shuffle(choices)
        for i, j in choices:
            w = words[i]
            typo = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
            wrong = " ".join(words[:i] + [typo] + words[i + 1 :])
            if fold(wrong) not in self.system.known and fold(wrong) != fold(name):
                return wrong
        return None

    def invented(self) -> str:
        text = " ".join(d.text for d in self.system.documents).casefold()
        fresh = [n for n in INVENTED_NAMES if n.casefold() not in text and fold(n) not in self.system.known]
        return self.rng.choice(fresh)

    def sentences(self, min_words: int = 6) -> list[tuple[Block, int, int]]:
        assert self.doc
        out = []
        for block in self.text_blocks():
            for lo, hi in self.own_paragraphs(block):
                for m in SENTENCE.finditer(self.doc.text, lo, hi):
                    if len(m.group().split()) >= min_words and "'''" not in m.group() and "|" not in m.group():
                        out.append((block, m.start(), m.end()))
        return out

    def boundary_heads(self, level: int | None) -> list[Block]:
        """Headed blocks a new section can be inserted before, at the same heading level."""
        assert self.doc
        heads = [b for b in self.doc.blocks if b.headed and b.start > 0 and not b.child]
        if self.doc.format == "markdown":
            heads = [b for b in heads if b.level is not None and (level is None or b.level == level)]
        return heads

    def insert_before(self, head: Block, section: str) -> tuple[Edit, int]:
        """Insert a section (heading + body, no trailing newline) before a heading; offset of the section."""
        assert self.doc
        text = self.doc.text
        if self.doc.format == "mediawiki":
            return Edit(self.doc.path, head.start, head.start, section + " "), head.start
        gap_start = head.start
        while gap_start > 0 and text[gap_start - 1] == "\n":
            gap_start -= 1
        gap = text[gap_start : head.start]  # the newlines before the heading
        if len(gap) < 2:
            gap = "\n\n"
        return Edit(self.doc.path, head.start, head.start, section + gap), head.start

    def section_text(self, block: Block) -> str:
        assert self.doc
        return self.doc.text[block.start : block.end]


def _copyable(p: Planter) -> list[Block]:
    assert p.doc
    return [b for b in p.text_blocks(headed=True, min_body=40) if not b.parent and (p.doc.format != "markdown" or b.level)]


def _later_head(p: Planter, block: Block) -> Block | None:
    """A heading after the block, at its level, to put a copy before: the copy is the second definition."""
    heads = [h for h in p.boundary_heads(block.level) if h.start > block.end and h.rule != block.rule]
    return p.rng.choice(heads) if heads else None


def plant_redefined_in_document(p: Planter) -> Iterator[Planting]:
    blocks = _copyable(p)
    p.rng.shuffle(blocks)
    for block in blocks:
        head = _later_head(p, block)
        if head is None:
            continue
        section = p.section_text(block)
        edit, at = p.insert_before(head, section)
        first_line = section.split("\n", 1)[0]
        yield p.planting([edit], at, at + len(first_line), f"'{block.name}' copied before '{head.name}'", [block.name],
                         entry_start=at if p.doc.format == "mediawiki" else None)
        return


# A change of substance an editor makes to a copy: a number, may/must, can/cannot.
SUBSTANCE = (
    (re.compile(r"(?<![\w.])([1-9])(?=[+\"″]|\s|\b)"), lambda m: str(int(m.group(1)) % 9 + 1)),
    (re.compile(r"\bmay\b"), lambda m: "must"),
    (re.compile(r"\bcannot\b"), lambda m: "can"),
    (re.compile(r"\bmust\b"), lambda m: "may"),
)


def _change_substance(p: Planter, body: str) -> tuple[str, str] | None:
    order = list(SUBSTANCE)
    p.rng.shuffle(order)
    for pattern, change in order:
        hits = list(pattern.finditer(body))
        if hits:
            m = p.rng.choice(hits)
            new = change(m)
            return body[: m.start()] + new + body[m.end() :], f"'{m.group()}' -> '{new}'"
    return None


def plant_conflicting_redefinition(p: Planter) -> Iterator[Planting]:
    blocks = _copyable(p)
    p.rng.shuffle(blocks)
    for block in blocks:
        section = p.section_text(block)
        head_len = block.body_start - block.start
        changed = _change_substance(p, section[head_len:])
        head = _later_head(p, block) if changed else None
        if head is None:
            continue
        edit, at = p.insert_before(head, section[:head_len] + changed[0])
        first_line = section.split("\n", 1)[0]
        yield p.planting([edit], at, at + min(len(first_line), head_len or len(first_line)),
                         f"'{block.name}' copied before '{head.name}' with {changed[1]}", [block.name],
                         entry_start=at if p.doc.format == "mediawiki" else None)
        return


def plant_redefined_across_documents(p: Planter) -> Iterator[Planting]:
    """A second document of the same role (an addendum the editor adds) defines a rule again."""
    doc = p.doc
    assert doc
    blocks = _copyable(p)
    if not blocks:
        return
    block = p.rng.choice(blocks)
    section = p.section_text(block)
    folder, name = doc.path.split("/", 1)
    stem, dot, ext = name.rpartition(".")
    new_name = f"{stem}-addendum.{ext}" if dot else f"{name}-addendum"
    new_path = f"{folder}/{new_name}"
    if doc.format == "mediawiki":
        lead = "==Special Rules== "
        body = f"Addendum\n{lead}{section}\n"
        at = len("Addendum\n") + len(lead)
    elif doc.format == "rules-list" and doc.options.get("title", doc.title):
        title = f"{doc.options.get('title', doc.title)} (addendum)"
        body = f"{title}\n\n\n{section}\n"
        at = len(title) + 3
    else:
        body = f"{section}\n"
        at = 0
    first_line = section.split("\n", 1)[0]
    entry = [
        "",
        "[[documents]]",
        f'path = "{new_name}"',
        f'format = "{doc.format}"',
        f'role = "{doc.role}"',
        f'lang = "{doc.lang}"',
        f'title = "{(doc.title or stem)} (addendum)"',
    ]
    for key, value in doc.options.items():
        if key in ("title",):
            continue
        entry.append(f"{key} = {_toml(value)}")
    manifest = p.system.manifest_text
    add = "\n".join(entry) + "\n"
    if not manifest.endswith("\n"):
        add = "\n" + add
    edits = [
        Edit(new_path, 0, 0, body),
        Edit(p.system.manifest_path, len(manifest), len(manifest), add),
    ]
    yield p.planting(edits, at, at + len(first_line), f"'{block.name}' copied into a new {doc.role} document {new_name}",
                     [block.name], file=new_path, new_files=(new_path,), entry_start=at if doc.format == "mediawiki" else None)


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)


def _misspelled(p: Planter, candidates) -> Iterator[Planting]:
    p.rng.shuffle(candidates)
    for block, lo, hi, name in candidates:
        if sum(ch.isalpha() for ch in name) < 4:
            continue
        wrong = p.misspell(name)
        if not wrong:
            continue
        edit = Edit(p.doc.path, lo, hi, wrong)
        yield p.planting([edit], lo, lo + len(wrong), f"'{name}' -> '{wrong}' in '{block.name}'",
                         [name, p.system.rule_names.get(p.system.names.get(name, ""), name), wrong, block.name],
                         entry_start=p.wiki_entry(lo, [edit]))
        return


def plant_misspelled_name(p: Planter) -> Iterator[Planting]:
    yield from _misspelled(p, p.mentions(cue=True))


def plant_misspelled_name_in_list(p: Planter) -> Iterator[Planting]:
    yield from _misspelled(p, p.mentions(in_list=True))


def plant_unknown_name(p: Planter) -> Iterator[Planting]:
    candidates = p.mentions(cue=True)
    if not candidates:
        return
    block, lo, hi, name = p.rng.choice(candidates)
    new = p.invented()
    edit = Edit(p.doc.path, lo, hi, new)
    yield p.planting([edit], lo, lo + len(new), f"'{name}' -> '{new}' in '{block.name}'",
                     [name, p.system.rule_names.get(p.system.names.get(name, ""), name), new, block.name],
                     entry_start=p.wiki_entry(lo, [edit]))


def _insert_in_sentence(p: Planter, make: Callable[[str], str], what: str) -> Iterator[Planting]:
    sentences = p.sentences()
    if not sentences:
        return
    block, lo, hi = p.rng.choice(sentences)
    insert = make(p.invented())
    pos = hi - 1  # before the sentence's full stop
    edit = Edit(p.doc.path, pos, pos, insert)
    start = pos + len(insert) - len(insert.lstrip(" ,;"))
    yield p.planting([edit], start, pos + len(insert), f"{what} {insert.strip()!r} in '{block.name}'",
                     [block.name], entry_start=p.wiki_entry(pos, [edit]))


def plant_see_nothing(p: Planter) -> Iterator[Planting]:
    forms = (lambda n: f" (see {n})", lambda n: f"; see {n}", lambda n: f", as described in {n}")
    yield from _insert_in_sentence(p, p.rng.choice(forms), "reference to no rule")


def plant_placeholder_reference(p: Planter) -> Iterator[Planting]:
    forms = (lambda n: " (see page XX)", lambda n: " (see p. ??)", lambda n: " (see )")
    yield from _insert_in_sentence(p, p.rng.choice(forms), "placeholder")


def _slug(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "-", name.casefold()).strip("-")


def _markdown_link(p: Planter, make_target: Callable[[str], str], what: str) -> Iterator[Planting]:
    candidates = [c for c in p.mentions() if p.system.names.get(c[3])]
    if not candidates:
        return
    block, lo, hi, name = p.rng.choice(candidates)
    link = f"[{name}]({make_target(name)})"
    edit = Edit(p.doc.path, lo, hi, link)
    yield p.planting([edit], lo, lo + len(link), f"{what} {link} in '{block.name}'", [name, block.name])


def plant_markdown_missing_anchor(p: Planter) -> Iterator[Planting]:
    def target(name: str) -> str:
        slug = _slug(name)
        letters = [i for i in range(len(slug) - 1) if slug[i].isalpha() and slug[i + 1].isalpha() and slug[i] != slug[i + 1]]
        if not letters:
            return "#" + slug + "s"
        i = p.rng.choice(letters)
        return "#" + slug[:i] + slug[i + 1] + slug[i] + slug[i + 2 :]

    yield from _markdown_link(p, target, "link to a missing anchor")


def plant_markdown_missing_file(p: Planter) -> Iterator[Planting]:
    files = ("faq.md", "errata.md", "rules/core.md", "appendix.md")
    choice = p.rng.choice(files)
    yield from _markdown_link(p, lambda name: f"{choice}#{_slug(name)}", "link to a missing file")


def plant_wiki_missing_page(p: Planter) -> Iterator[Planting]:
    candidates = [c for c in p.mentions() if p.system.names.get(c[3])]
    p.rng.shuffle(candidates)
    for block, lo, hi, name in candidates:
        wrong = p.misspell(name) if sum(ch.isalpha() for ch in name) >= 4 else None
        if not wrong:
            continue
        link = f"[[{wrong}|{name}]]"
        edit = Edit(p.doc.path, lo, hi, link)
        yield p.planting([edit], lo, lo + len(link), f"wiki link {link} in '{block.name}'", [name, wrong, block.name],
                         entry_start=p.wiki_entry(lo, [edit]))
        return


def plant_erratum_page(p: Planter) -> Iterator[Planting]:
    doc = p.doc
    assert doc
    refs = []
    for block in doc.blocks:
        if not block.headed:
            continue
        line_end = doc.text.find("\n", block.start)
        for m in PAGE_REF.finditer(doc.text, block.start, line_end):
            refs.append((block, m.start(1), m.end(1), int(m.group(1))))
    if not refs:
        return
    top = max(r[3] for r in refs)
    block, lo, hi, page = p.rng.choice(refs)
    wrong = page
    while wrong <= top:
        wrong = wrong * 10 + p.rng.randint(0, 9)
    edit = Edit(doc.path, lo, hi, str(wrong))
    yield p.planting([edit], lo, lo + len(str(wrong)), f"'{block.name}': p.{page} -> p.{wrong} (the pages run to {top})", [block.name])


def plant_pasted_paragraph(p: Planter) -> Iterator[Planting]:
    doc = p.doc
    assert doc
    paras = [(b, lo, hi) for b in p.text_blocks() for lo, hi in p.own_paragraphs(b) if hi - lo >= 60]
    if doc.format == "mediawiki":
        paras = []
        for block, lo, hi in _sentence_runs(p):
            paras.append((block, lo, hi))
    if not paras:
        return
    block, lo, hi = p.rng.choice(paras)
    para = doc.text[lo:hi]
    sep = " " if doc.format == "mediawiki" else "\n\n"
    elsewhere = [b for b in p.text_blocks() if b.rule != block.rule and b.end > b.body_start]
    if p.rng.random() < 0.5 or not elsewhere:
        pos, where = hi, "right after itself"
    else:
        other = p.rng.choice(elsewhere)
        pos, where = other.end, f"at the end of '{other.name}'"
    edit = Edit(doc.path, pos, pos, sep + para)
    yield p.planting([edit], pos + len(sep), pos + len(sep) + len(para), f"paragraph of '{block.name}' pasted {where}",
                     [block.name], entry_start=p.wiki_entry(pos, [edit]))


def _sentence_runs(p: Planter) -> list[tuple[Block, int, int]]:
    """Two or more sentences in a row of one wiki entry: what a paragraph is on a one-line page."""
    runs = []
    by_block: dict[str, list[tuple[Block, int, int]]] = {}
    for block, lo, hi in p.sentences(min_words=4):
        by_block.setdefault(f"{block.rule}@{block.start}", []).append((block, lo, hi))
    for items in by_block.values():
        for a, b in zip(items, items[1:]):
            if b[2] - a[1] >= 80:
                runs.append((a[0], a[1], b[2]))
    return runs


def plant_repeated_sentence(p: Planter) -> Iterator[Planting]:
    doc = p.doc
    assert doc
    sentences = p.sentences()
    if not sentences:
        return
    block, lo, hi = p.rng.choice(sentences)
    sentence = doc.text[lo:hi]
    para_end = next((e for s, e in p.own_paragraphs(block) if s <= lo <= e), hi)
    pos = hi if p.rng.random() < 0.5 or para_end == hi else para_end
    edit = Edit(doc.path, pos, pos, " " + sentence)
    yield p.planting([edit], pos + 1, pos + 1 + len(sentence), f"sentence of '{block.name}' repeated", [block.name],
                     entry_start=p.wiki_entry(pos, [edit]))


def _bracketed_uses(p: Planter) -> list[tuple[Block, int, int, str, int, int]]:
    """'Name (values)' in running text, profiles and tables: (block, start, end, name, open, close)."""
    doc = p.doc
    assert doc
    pattern = p.system.names_pattern()
    out = []
    for block in doc.blocks:
        if block.stub:
            continue
        for m in pattern.finditer(doc.text, block.body_start, block.end):
            rest = doc.text[m.end() : m.end() + 60]
            b = re.match(r" ?\(([^()\n]{1,40})\)", rest)
            if not b or re.search(r"\bsee\b|sometimes|called", b.group(1)) or rest[b.end() : b.end() + 1] == ":":
                continue  # prose in brackets, or a label ("Poison cloud (Action):")
            if p.entry_of(m.start()) != block:
                continue  # a sub-rule's text: found with the sub-rule
            line_start = doc.text.rfind("\n", 0, m.start()) + 1
            if doc.format != "mediawiki" and (doc.text.startswith("#", line_start) or _bold_only(doc.text[line_start : doc.text.find("\n", m.start())])):
                continue  # a heading's words, not a keyword string
            out.append((block, m.start(), m.end() + b.end(), m.group(1), m.end() + b.start(1) - 1, m.end() + b.end() - 1))
    return out


def plant_unbalanced_bracket(p: Planter) -> Iterator[Planting]:
    uses = _bracketed_uses(p)
    if not uses:
        return
    block, lo, hi, name, opening, closing = p.rng.choice(uses)
    if p.rng.random() < 0.5:
        edit, how = Edit(p.doc.path, closing, closing + 1, ""), "closing bracket dropped"
        end = hi - 1
    else:
        edit, how = Edit(p.doc.path, opening, opening, "("), "opening bracket doubled"
        end = hi + 1
    written = apply(p.doc.text[lo:hi], [Edit("", edit.start - lo, edit.end - lo, edit.text)])
    yield p.planting([edit], lo, end, f"{how}: {written!r} in '{block.name}'", [name, block.name],
                     entry_start=p.wiki_entry(lo, [edit]))


def plant_bad_parameters(p: Planter) -> Iterator[Planting]:
    uses = [u for u in _bracketed_uses(p) if p.system.params.get(p.system.names.get(u[3], ""))]
    p.rng.shuffle(uses)
    for block, lo, hi, name, opening, closing in uses:
        kinds = p.system.params[p.system.names[name]]
        values = p.doc.text[opening + 1 : closing]
        if "X" in values or "Y" in values:
            continue
        parts = [v.strip() for v in values.split(",")]
        if len(parts) >= len(kinds) and all(k != "text" for k in kinds):
            new = values + ", " + parts[-1]  # a value too many
        elif kinds[0] == "threshold" and re.fullmatch(r"\d\+", parts[0]):
            new = "D6" + values[len(parts[0]) :]
        else:
            continue
        edit = Edit(p.doc.path, opening + 1, closing, new)
        written = p.doc.text[lo : opening + 1] + new + ")"
        yield p.planting([edit], lo, lo + len(written), f"'{p.doc.text[lo:hi]}' -> '{written}' in '{block.name}'",
                         [name, block.name], entry_start=p.wiki_entry(lo, [edit]))
        return


def plant_doubled_word(p: Planter) -> Iterator[Planting]:
    doc = p.doc
    assert doc
    words = []
    for block in p.text_blocks():
        for lo, hi in p.own_paragraphs(block):
            for m in re.finditer(r"\b(the|a|to|of|with|and|is|in|has)\b", doc.text[lo:hi]):
                words.append((block, lo + m.start(), lo + m.end()))
    if not words:
        return
    block, lo, hi = p.rng.choice(words)
    word = doc.text[lo:hi]
    edit = Edit(doc.path, hi, hi, " " + word)
    yield p.planting([edit], lo, hi + 1 + len(word), f"'{word} {word}' in '{block.name}'", [block.name],
                     entry_start=p.wiki_entry(lo, [edit]))


def plant_run_together(p: Planter) -> Iterator[Planting]:
    candidates = [c for c in p.mentions() if " " in c[3]]
    if not candidates:
        return
    block, lo, hi, name = p.rng.choice(candidates)
    joined = name.replace(" ", "")
    edit = Edit(p.doc.path, lo, hi, joined)
    yield p.planting([edit], lo, lo + len(joined), f"'{name}' -> '{joined}' in '{block.name}'",
                     [name, p.system.rule_names.get(p.system.names.get(name, ""), name), joined, block.name],
                     entry_start=p.wiki_entry(lo, [edit]))


def plant_empty_rule(p: Planter) -> Iterator[Planting]:
    doc = p.doc
    assert doc
    heads = p.boundary_heads(None)
    if doc.format == "markdown":
        levels = Counter(h.level for h in heads)
        level = p.rng.choice(sorted(levels)) if levels else None
        heads = [h for h in heads if h.level == level]
    if not heads:
        return
    head = p.rng.choice(heads)
    name = p.invented()
    if doc.format == "markdown":
        heading = "#" * (head.level or 2) + " " + name
    elif doc.format == "mediawiki":
        heading = f"'''{name}'''"
    else:
        heading = name
    edit, at = p.insert_before(head, heading)
    yield p.planting([edit], at, at + len(heading), f"heading '{name}' with no text, before '{head.name}'", [name],
                     entry_start=at if doc.format == "mediawiki" else None)


def plant_diverged_version(p: Planter) -> Iterator[Planting]:
    """Edit one version of a rule another document also defines (t9a's glossary and rules list)."""
    doc = p.doc
    assert doc
    system = p.system
    multi = [b for b in p.text_blocks() if len({d for d, _ in system.versions.get(b.rule, [])}) > 1]
    p.rng.shuffle(multi)
    for block in multi:
        body = doc.text[block.body_start : block.end]
        changed = _change_substance(p, body)
        if not changed:
            continue
        new_body, how = changed
        # the one changed place: common prefix and suffix of old and new body
        i = 0
        while i < min(len(body), len(new_body)) and body[i] == new_body[i]:
            i += 1
        j = 0
        while j < min(len(body), len(new_body)) - i and body[-1 - j] == new_body[-1 - j]:
            j += 1
        edit = Edit(doc.path, block.body_start + i, block.end - j, new_body[i : len(new_body) - j])
        file, line = system.primary[block.rule]
        yield p.planting([edit], edit.start, edit.start + len(edit.text), f"'{block.name}' in {doc.path}: {how}",
                         [block.name], also=((file, line),), entry_start=p.wiki_entry(edit.start, [edit]))
        return


def _manifest_lines(text: str) -> Iterator[tuple[str, int, int, str]]:
    """(table, start, end, line) of each line of a manifest."""
    table = ""
    pos = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith("["):
            table = stripped
        yield table, pos, pos + len(line), line
        pos += len(line) + 1


def plant_manifest_alias_typo(p: Planter) -> Iterator[Planting]:
    text = p.system.manifest_text
    aliases = []
    for table, lo, hi, line in _manifest_lines(text):
        m = re.match(r'\s*"([^"]+)"\s*=\s*"([^"]+)"', line)
        if table.startswith("[aliases") and m:
            aliases.append((lo + m.start(2), lo + m.end(2), m.group(1), m.group(2)))
    p.rng.shuffle(aliases)
    for lo, hi, alias, target in aliases:
        wrong = p.misspell(target)
        if not wrong:
            continue
        edit = Edit(p.system.manifest_path, lo, hi, wrong)
        yield p.planting([edit], lo, lo + len(wrong), f'alias "{alias}" = "{wrong}" (for "{target}")',
                         [alias, target, wrong], run_goes_on=True)
        return


def plant_manifest_waiver_typo(p: Planter) -> Iterator[Planting]:
    text = p.system.manifest_text
    codes = []
    for table, lo, hi, line in _manifest_lines(text):
        m = re.match(r'\s*code\s*=\s*"([^"]+)"', line)
        if table == "[[waivers]]" and m:
            codes.append((lo + m.start(1), lo + m.end(1), m.group(1)))
    if not codes:
        return
    lo, hi, code = p.rng.choice(codes)
    letters = [i for i in range(1, len(code) - 2) if code[i].isalpha() and code[i + 1].isalpha() and code[i] != code[i + 1]]
    i = p.rng.choice(letters)
    wrong = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
    edit = Edit(p.system.manifest_path, lo, hi, wrong)
    # the finding the waiver covered comes back unwaived: about the waiver's rule or term
    block = text[max(0, text.rfind("[[waivers]]", 0, lo)) : text.find("\n\n", hi) if text.find("\n\n", hi) > 0 else len(text)]
    touched = re.findall(r'(?:rule|term)\s*=\s*"([^"]+)"', block)
    yield p.planting([edit], lo, lo + len(wrong), f'waiver code "{code}" -> "{wrong}"', [wrong, *touched])


TEXT_FORMATS = ("rules-list", "glossary", "markdown", "mediawiki")


@dataclass(frozen=True)
class Kind:
    name: str
    plant: Callable[[Planter], Iterator[Planting]]
    formats: tuple[str, ...]  # document formats it plants in; "manifest": once per system.toml
    summary: str


KINDS = (
    Kind("redefined-in-document", plant_redefined_in_document, TEXT_FORMATS,
         "a rule's heading and text copied elsewhere in the same document"),
    Kind("redefined-across-documents", plant_redefined_across_documents, TEXT_FORMATS,
         "a rule copied into a new document of the same role (manifest entry added)"),
    Kind("conflicting-redefinition", plant_conflicting_redefinition, TEXT_FORMATS,
         "a rule copied elsewhere in its document with a number, may/must or can/cannot changed"),
    Kind("diverged-version", plant_diverged_version, ("rules-list", "glossary"),
         "one version of a rule two documents define changed in substance"),
    Kind("misspelled-name", plant_misspelled_name, TEXT_FORMATS,
         "two letters swapped in a defined name in keyword position ('with Feer')"),
    Kind("misspelled-name-in-list", plant_misspelled_name_in_list, TEXT_FORMATS,
         "two letters swapped in a defined name inside a list ('Eternal Warrior, and Feel No Pian')"),
    Kind("unknown-name", plant_unknown_name, TEXT_FORMATS,
         "a defined name in keyword position replaced by an unknown two-word name"),
    Kind("see-nothing", plant_see_nothing, TEXT_FORMATS,
         "'(see X)', '; see X' or ', as described in X' naming no rule"),
    Kind("placeholder-reference", plant_placeholder_reference, TEXT_FORMATS,
         "'(see page XX)', '(see p. ??)' or '(see )' left in a sentence"),
    Kind("markdown-missing-anchor", plant_markdown_missing_anchor, ("markdown",),
         "a mention turned into a Markdown link to a misspelt #anchor"),
    Kind("markdown-missing-file", plant_markdown_missing_file, ("markdown",),
         "a mention turned into a Markdown link to a file that does not exist"),
    Kind("wiki-missing-page", plant_wiki_missing_page, ("mediawiki",),
         "a mention turned into a wiki link to a misspelt page ([[Feel No Pian|Feel No Pain]])"),
    Kind("erratum-page-out-of-range", plant_erratum_page, ("markdown",),
         "an erratum heading's page number beyond the book's pages (a digit too many)"),
    Kind("pasted-paragraph", plant_pasted_paragraph, TEXT_FORMATS,
         "a paragraph pasted again, after itself or at the end of another rule"),
    Kind("repeated-sentence", plant_repeated_sentence, TEXT_FORMATS,
         "a sentence written again, after itself or at the end of its paragraph"),
    Kind("unbalanced-bracket", plant_unbalanced_bracket, TEXT_FORMATS,
         "a keyword's closing bracket dropped, or its opening bracket doubled"),
    Kind("bad-parameters", plant_bad_parameters, TEXT_FORMATS,
         "a keyword given a value too many, or a dice roll for a threshold"),
    Kind("doubled-word", plant_doubled_word, TEXT_FORMATS, "a short word written twice ('the the')"),
    Kind("run-together", plant_run_together, TEXT_FORMATS, "the spaces of a multi-word name dropped"),
    Kind("empty-rule", plant_empty_rule, ("glossary", "markdown", "mediawiki"),
         "a new heading with no text under it (not in a rules list, where a lone heading is a section title)"),
    Kind("manifest-alias-typo", plant_manifest_alias_typo, ("manifest",),
         "two letters swapped in the rule name of an alias in system.toml; the run must go on"),
    Kind("manifest-waiver-typo", plant_manifest_waiver_typo, ("manifest",),
         "two letters swapped in a waiver's code in system.toml"),
)
KIND_BY_NAME = {k.name: k for k in KINDS}


def plan(systems: list[System], seed: int, kinds: list[Kind]) -> list[Planting]:
    """Every planting of a seed, in a stable order; each placed (line, column) in its planted file."""
    out = []
    for kind in kinds:
        for system in systems:
            if "manifest" in kind.formats:
                targets = [None]
            else:
                targets = [d for d in system.documents if d.format in kind.formats]
            for doc in targets:
                for planting in kind.plant(Planter(seed, kind.name, system, doc)):
                    planting.format = doc.format if doc else "manifest"
                    place(planting, system)
                    out.append(planting)
    return out


def original_text(system: System, file: str) -> str:
    if file == system.manifest_path:
        return system.manifest_text
    for doc in system.documents:
        if doc.path == file:
            return doc.text
    return ""  # a file the planting adds


def planted_files(planting: Planting, system: System) -> dict[str, str]:
    """The planted text of every file the planting changes or adds."""
    out = {}
    for file in sorted({e.file for e in planting.edits}):
        out[file] = apply(original_text(system, file), [e for e in planting.edits if e.file == file])
    return out


def place(planting: Planting, system: System) -> None:
    text = planted_files(planting, system)[planting.file]
    starts = line_starts(text)
    planting.line, planting.column = to_position(starts, planting.at)
    end_line, end_col = to_position(starts, max(planting.at, planting.at_end - 1))
    planting.end_column = end_col if end_line == planting.line else len(text) + 1
    if planting.entry_start is not None:
        entry_line, planting.entry_column = to_position(starts, planting.entry_start)
        if entry_line != planting.line:
            planting.entry_column = 1


# -- running lint and scoring -----------------------------------------------


@dataclass
class Result:
    planting: Planting
    found: bool
    hits: list[dict]
    false_alarms: list[dict]
    consequences: list[dict]
    lost: int
    error: str | None
    seconds: float


def _key(f: dict) -> tuple:
    s = f["source"]
    return (f["code"], s["file"], s["line"], s.get("column", 1), f.get("term"))


class Linter:
    """One working copy per system; lint runs on it with one planting at a time."""

    def __init__(self, rules_src: Path, work: Path) -> None:
        self.rules_src = rules_src
        self.work = work
        self.env = dict(os.environ, REFEREE_CACHE_DIR=str(work / "cache"), REFEREE_WORKERS="1")
        self.baseline: dict[str, list[dict]] = {}
        self.dirty: dict[str, set[str]] = {}

    def folder(self, system: str) -> Path:
        return self.work / system

    def prepare(self, system: System) -> None:
        if system.id in self.baseline:
            return
        shutil.copytree(self.rules_src / system.id, self.folder(system.id) / system.id)
        answer, _status, error = self.lint(system.id)
        if error:
            raise SystemExit(f"lint_plant: the unplanted {system.id} does not lint: {error}")
        self.baseline[system.id] = answer
        self.dirty[system.id] = set()

    def lint(self, system: str) -> tuple[list[dict], int, str | None]:
        cmd = [*REFEREE, "lint", "--rules-src", str(self.folder(system)),
               "--system", system, "--json", "--min-severity", "info"]
        done = subprocess.run(cmd, capture_output=True, text=True, env=self.env, cwd=ROOT)
        try:
            answer = json.loads(done.stdout)
        except json.JSONDecodeError:
            return [], done.returncode, (done.stderr.strip() or "no JSON")[-300:]
        if "error" in answer:
            err = answer["error"]
            return [], done.returncode, f"{err.get('file')}:{err.get('line')}: {err.get('message')}"
        return answer.get("findings", []), done.returncode, None

    def _write(self, system: str, file: str, text: str | None) -> None:
        path = self.folder(system) / file
        if text is None:
            path.unlink(missing_ok=True)
            return
        tmp = path.with_name(path.name + ".planting")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)  # a new inode: the build's stamp sees the change

    def run(self, planting: Planting, system: System) -> Result:
        self.prepare(system)
        for file in self.dirty[system.id]:
            original = original_text(system, file)
            self._write(system.id, file, original if file in (system.manifest_path, *(d.path for d in system.documents)) else None)
        files = planted_files(planting, system)
        for file, text in files.items():
            self._write(system.id, file, text)
        self.dirty[system.id] = set(files)
        began = time.perf_counter()
        findings, _status, error = self.lint(system.id)
        seconds = time.perf_counter() - began
        return score(planting, system, self.baseline[system.id], findings, error, seconds)


def _moved(finding: dict, planting: Planting, system: System, cache: dict) -> tuple:
    """A finding of the unplanted run, keyed where its text stands after the planting."""
    s = finding["source"]
    file = s["file"]
    edits = [e for e in planting.edits if e.file == file]
    if not edits:
        return _key(finding)
    if file not in cache:
        cache[file] = (line_starts(original_text(system, file)), line_starts(planted_files(planting, system)[file]))
    before, after = cache[file]
    offset = shift(to_offset(before, s["line"], s.get("column", 1)), edits)
    line, column = to_position(after, offset)
    return (finding["code"], file, line, column, finding.get("term"))


def _at_place(f: dict, planting: Planting) -> bool:
    s = f["source"]
    if (s["file"], s["line"]) in planting.also:
        return True
    if s["file"] != planting.file or s["line"] != planting.line:
        return False
    if planting.entry_column is None:
        return True
    return planting.entry_column <= s.get("column", 1) <= planting.end_column


def _about(f: dict, planting: Planting) -> bool:
    touched = {fold(n) for n in planting.names}
    rule = f.get("rule") or ""
    slug = fold(rule.split("/", 1)[-1]) if rule else ""
    term = fold(f.get("term") or "")
    if slug in touched or term in touched:
        return True
    quoted = re.findall(r"'([^']+)'", f.get("message", ""))
    return any(fold(q) in touched for q in quoted)


# Findings that compare a rule's versions: evidence of a redefinition, not of a typo or a pasted
# paragraph in a rule another document also defines (there they are the edit's consequence).
VERSION_CODES = {"conflicting-definition", "reworded-definition", "duplicate-definition", "alias-mismatch", "source-drift"}
DEFINITION_KINDS = {"redefined-in-document", "redefined-across-documents", "conflicting-redefinition", "diverged-version"}


def _evidence(f: dict, planting: Planting) -> bool:
    """Whether a finding at the planted place can be the finding of the planted defect."""
    if f["code"] == "unused-definition":  # a note that nobody names a rule: never an editing mistake
        return False
    return planting.kind in DEFINITION_KINDS or f["code"] not in VERSION_CODES


def _copied(f: dict, planting: Planting, planted: dict[str, str], inherited: set) -> bool:
    """A finding inside text the planting copied, of a problem the original text has too."""
    if (f["code"], f.get("term")) not in inherited:
        return False
    s = f["source"]
    for e in planting.edits:
        if e.file == s["file"] and e.text and e.file in planted:
            offset = to_offset(line_starts(planted[e.file]), s["line"], s.get("column", 1))
            if e.start <= offset < e.start + len(e.text):
                return True
    return False


def score(planting: Planting, system: System, baseline: list[dict], findings: list[dict], error: str | None, seconds: float) -> Result:
    cache: dict = {}
    before = Counter(_moved(f, planting, system, cache) for f in baseline)
    seen = Counter()
    new = []
    for f in findings:
        k = _key(f)
        seen[k] += 1
        if seen[k] > before.get(k, 0):
            new.append(f)
    lost = sum((before - Counter(_key(f) for f in findings)).values())
    hits = [f for f in new if _at_place(f, planting) and _evidence(f, planting)]
    if planting.kind == "diverged-version":
        # a rule whose versions differed already has its finding: it tells the new change, or not
        said = {}
        for f in baseline:
            said.setdefault(_moved(f, planting, system, cache), set()).add(f.get("message"))
        hits += [f for f in findings if f not in new and _at_place(f, planting) and _evidence(f, planting)
                 and f.get("message") not in said.get(_key(f), set())]
    rest = [f for f in new if f not in hits]
    inherited = {(f["code"], f.get("term")) for f in baseline}
    planted = planted_files(planting, system)
    consequences = [f for f in rest if _about(f, planting) or _copied(f, planting, planted, inherited)]
    false_alarms = [f for f in rest if f not in consequences]
    found = bool(hits) and error is None
    if planting.run_goes_on and found:
        kept = sum(min(before[k], Counter(_key(f) for f in findings)[k]) for k in before)
        found = kept >= 0.8 * sum(before.values())
    return Result(planting, found, hits, false_alarms, consequences, lost, error, seconds)


# -- the command ------------------------------------------------------------


def parse_seeds(spec: str) -> list[int]:
    seeds: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        if "-" in part:
            lo, hi = part.split("-", 1)
            seeds.extend(range(int(lo), int(hi) + 1))
        elif part:
            seeds.append(int(part))
    return seeds


def table(records: list[dict], kinds: list[Kind], by_format: bool = False) -> str:
    """The Markdown table of plantings scored (``_result_json`` records)."""
    rows = ["| kind | plantings | found | recall | with false alarms |", "|---|---:|---:|---:|---:|"]
    total = [0, 0, 0]
    groups = [(k.name, k.name, None) for k in kinds]
    if by_format:
        groups = [(f"{k.name} ({f})", k.name, f) for k in kinds for f in k.formats]
    for label, name, fmt in groups:
        mine = [r for r in records if r["kind"] == name and fmt in (None, r.get("format"))]
        if not mine:
            rows.append(f"| {label} | 0 | | | |")
            continue
        found = sum(r["found"] for r in mine)
        alarms = sum(bool(r["false_alarms"]) for r in mine)
        total[0] += len(mine)
        total[1] += found
        total[2] += alarms
        rows.append(f"| {label} | {len(mine)} | {found} | {100 * found / len(mine):.0f} % | {alarms} ({100 * alarms / len(mine):.0f} %) |")
    if total[0]:
        rows.append(f"| **all** | {total[0]} | {total[1]} | {100 * total[1] / total[0]:.0f} % | {total[2]} ({100 * total[2] / total[0]:.0f} %) |")
    return "\n".join(rows)


def _brief(f: dict) -> str:
    s = f["source"]
    return f"{s['file']}:{s['line']}:{s.get('column', 1)}: {f['code']} {f.get('message', '')[:140]}"


def describe(r: Result) -> str:
    p = r.planting
    mark = "found " if r.found else "MISSED"
    lines = [f"{mark} seed {p.seed} {p.kind} {p.file}:{p.line}:{p.column}: {p.what}"]
    if r.error:
        lines.append(f"    run stopped: {r.error}")
    for f in r.hits:
        lines.append(f"    hit   {_brief(f)}")
    for f in r.false_alarms:
        lines.append(f"    FALSE {_brief(f)}")
    for f in r.consequences:
        lines.append(f"    conseq {_brief(f)}")
    return "\n".join(lines)


def run_all(plantings: list[Planting], systems: dict[str, System], rules_src: Path, work: Path, jobs: int,
            show: Callable[[Result], str] | None) -> list[Result]:
    """Lint every planting, ``jobs`` at a time, each worker on copies of its own; results in planting order."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    local = threading.local()
    lock = threading.Lock()
    done = [0]

    def one(planting: Planting) -> Result:
        if not hasattr(local, "linter"):
            with lock:
                folder = work / f"worker{len(list(work.glob('worker*')))}"
                folder.mkdir()
            local.linter = Linter(rules_src, folder)
        result = local.linter.run(planting, systems[planting.system])
        with lock:
            done[0] += 1
            if show:
                print(show(result), flush=True)
            elif sys.stderr.isatty():
                print(f"\r{done[0]}/{len(plantings)}", end="", file=sys.stderr, flush=True)
        return result

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(one, plantings))
    if sys.stderr.isatty() and not show:
        print(file=sys.stderr)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1-5", help="seeds, e.g. 1-5 or 101-110 or 1,3 (1-5 tune, 101-110 report)")
    parser.add_argument("--kinds", help="comma-separated kinds (default: all; --list-kinds)")
    parser.add_argument("--systems", help="comma-separated systems (default: all)")
    parser.add_argument("--rules-src", type=Path, default=ROOT / "rules_src")
    parser.add_argument("--json", action="store_true", help="print every planting and its score as JSON")
    parser.add_argument("--verbose", "-v", action="store_true", help="print each planting and the findings it caused")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="lint runs at a time (default 1; each has its own copy)")
    parser.add_argument("--by-format", action="store_true", help="a row per kind and document format")
    parser.add_argument("--plan-only", action="store_true", help="print the plantings without running lint")
    parser.add_argument("--list-kinds", action="store_true")
    parser.add_argument("--table-from", type=Path, metavar="JSON", help="print the table of a run saved with --json")
    args = parser.parse_args(argv)
    if args.table_from:
        saved = json.loads(args.table_from.read_text(encoding="utf-8"))
        names = set(saved["kinds"])
        print(table(saved["plantings"], [k for k in KINDS if k.name in names], args.by_format))
        return 0
    if args.list_kinds:
        for kind in KINDS:
            print(f"{kind.name:28} {', '.join(kind.formats):40} {kind.summary}")
        return 0
    kinds = list(KINDS)
    if args.kinds:
        unknown = [k for k in args.kinds.split(",") if k not in KIND_BY_NAME]
        if unknown:
            parser.error(f"unknown kind {unknown[0]!r}; --list-kinds lists them")
        kinds = [KIND_BY_NAME[k] for k in args.kinds.split(",")]
    seeds = parse_seeds(args.seeds)
    rules_src = args.rules_src.resolve()
    with tempfile.TemporaryDirectory(prefix="lint-plant-") as tmp:
        work = Path(tmp)
        # the planter's own build of the unplanted folder, in the run's cache
        os.environ["REFEREE_CACHE_DIR"] = str(work / "cache")
        systems = read_corpus(rules_src, set(args.systems.split(",")) if args.systems else None)
        by_id = {s.id: s for s in systems}
        plantings = [p for seed in seeds for p in plan(systems, seed, kinds)]
        if args.plan_only:
            for p in plantings:
                print(f"seed {p.seed} {p.kind} {p.file}:{p.line}:{p.column}: {p.what}")
            return 0
        results = run_all(plantings, by_id, rules_src, work, args.jobs, describe if args.verbose else None)
    if args.json:
        print(json.dumps({
            "seeds": seeds,
            "rules_src": str(rules_src),
            "kinds": {k.name: _kind_summary(k, results) for k in kinds},
            "plantings": [_result_json(r) for r in results],
        }, indent=1))
    else:
        print(f"seeds {args.seeds}: {len(results)} plantings, lint {sum(r.seconds for r in results):.0f} s\n")
        print(table([_result_json(r) for r in results], kinds, args.by_format))
    return 0


def _kind_summary(kind: Kind, results: list[Result]) -> dict:
    mine = [r for r in results if r.planting.kind == kind.name]
    found = sum(r.found for r in mine)
    return {
        "plantings": len(mine), "found": found, "recall": round(found / len(mine), 3) if mine else None,
        "with_false_alarms": sum(bool(r.false_alarms) for r in mine),
    }


def _result_json(r: Result) -> dict:
    p = r.planting
    return {
        "seed": p.seed, "kind": p.kind, "format": p.format, "system": p.system, "file": p.file, "line": p.line, "column": p.column,
        "end_column": p.end_column, "entry_column": p.entry_column, "also": [list(a) for a in p.also],
        "what": p.what, "found": r.found, "error": r.error, "lost": r.lost, "seconds": round(r.seconds, 2),
        "hits": r.hits, "false_alarms": r.false_alarms, "consequences": r.consequences,
    }


if __name__ == "__main__":
    sys.exit(main())
