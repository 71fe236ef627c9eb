"""Plantings and the planter's tools: where names, sentences and headings stand
in a document, and how an edit is made and placed (benchmarks/lint_plant.py)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from lint_plant_corpus import Block, Document, System, fold, line_starts, to_position

TYPE_CHECKING = False
if TYPE_CHECKING:
    from lint_plant_kinds import Kind

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
