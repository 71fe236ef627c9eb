"""The full rulebase: rule records by id, with per-system name indexes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.errors import unknown_system
from referee.rulebase.manifest import Manifest
from referee.model import Rule
from referee.text import find, fold
from collections import Counter
import functools
from itertools import chain, compress, islice, repeat
from operator import attrgetter, le, lt, not_, sub
import re

if TYPE_CHECKING:
    from collections.abc import MutableMapping


# A name folded once while a system is read: alignment folds each name again and again,
# and the rulebase's name index folds them all once more (:meth:`Rulebase.from_rules`,
# which empties it: it holds every name of the system).  Unbounded on purpose: a bounded
# cache (it held 65,536) missed on nearly every call once a system had more names than
# that, each pass over the names evicting what the next pass asked for first (aligning
# 100,000 rules: 2.9 s, 2.0 s unbounded).
folded = functools.cache(fold)


@dataclass(frozen=True)
class DocumentSummary:
    path: str
    format: str
    role: str
    lang: str
    title: str | None
    origin: str | None
    entries: int
    aliases: int = 0  # of the entries read
    tables: int = 0  # tables kept with the entries
    flags: tuple[tuple[str, int], ...] = ()  # how many entries carry each flag (unnamed, stub, ...)
    skipped: tuple[tuple[int, int, str], ...] = ()  # (line, end line, why): text read into no entry


def document_summary(spec: Any, entries: list[Any], text: str = "") -> DocumentSummary:
    """What ``referee build`` says it read from one document."""

    # counted with C's loops (map, chain): a document's every entry is counted at every build
    flags = Counter(chain.from_iterable(map(attrgetter("flags"), entries)))
    skipped = skipped_blocks(text, entries, spec.title) if spec.format not in _WHOLE_FILE_FORMATS else ()
    aliases = sum(map(len, map(attrgetter("aliases"), entries)))
    tables = sum(map(len, map(attrgetter("tables"), entries)))
    return DocumentSummary(
        spec.path, spec.format, spec.role, spec.lang, spec.title, spec.origin, len(entries),
        aliases, tables, tuple(sorted(flags.items())), skipped,
    )  # fmt: skip


_PAGE_MARKER = re.compile(r"^\[page [^\]\s]{1,12}\]$")

# Formats whose files are data, most of whose lines are no rule's text by design (BattleScribe's XML).
_WHOLE_FILE_FORMATS = ("battlescribe",)


def skipped_blocks(text: str, entries: list[Any], title: str | None = None) -> tuple[tuple[int, int, str], ...]:
    """Runs of lines with text that no entry's lines cover, and where they stand.

    Whatever the adapter, what it read into no rule shows here: a preamble
    before the first heading, a wiki's navigation, text between two rules.
    The document's own title and ``[page N]`` lines are not text.

    >>> from referee.model import Entry, Source
    >>> skipped_blocks("Intro words\\n\\nFear\\n\\nUnits flee.\\n", [Entry("Fear", "Units flee.", Source("a", 3, 5))])
    ((1, 1, 'before the first rule'),)
    """

    lines = text.split("\n")
    if _blank_between(lines, entries):
        return ()  # every line with text is an entry's (most documents): no run to find
    covered = [False] * (len(lines) + 1)
    last_index = len(covered) - 1
    for entry in entries:
        first_line, end = entry.source.line, min(entry.source.end_line, last_index)
        if first_line <= end:
            covered[first_line : end + 1] = [True] * (end + 1 - first_line)
    if not "".join(compress(lines, map(not_, covered[1:]))).strip():
        return ()  # every line with text is an entry's (most documents): no run to find
    first = min((e.source.line for e in entries), default=None)
    last = max((e.source.end_line for e in entries), default=None)
    own_title = (title or "").strip()
    out: list[tuple[int, int, str]] = []
    start = end = 0
    open_run = False
    # A covered line, and a blank one, end a run (most lines are covered: looked at no further);
    # a page marker or the title, uncovered, neither starts nor ends one.
    for number, line in enumerate([*lines, ""], start=1):
        stripped = "" if covered[min(number, last_index)] else line.strip()
        if stripped and not _PAGE_MARKER.match(stripped) and stripped != own_title:
            if not open_run:
                start, open_run = number, True
            end = number
        elif open_run and not stripped:
            where = "before the first rule" if first is None or end < first else "after the last rule" if last is not None and start > last else "between rules"
            out.append((start, end, where))
            open_run = False
    return tuple(out)


_SOURCE, _LINE, _END_LINE = attrgetter("source"), attrgetter("line"), attrgetter("end_line")


def _blank_between(lines: list[str], entries: list[Any]) -> bool:
    """Whether the document's ``lines`` outside the entries' are all blank, told from the gaps
    between entries in reading order, each a range of lines (C's loops: ``map``, ``chain``);
    False also when the entries are not in order, one after the other, within the document:
    then :func:`skipped_blocks` marks each entry's lines (0.06 s where this takes 0.04 at
    100,000 entries)."""
    sources = list(map(_SOURCE, entries))
    starts, ends = list(map(_LINE, sources)), list(map(_END_LINE, sources))
    if not starts or starts[0] < 1 or starts[-1] > len(lines):
        return False
    if not all(map(le, starts, ends)) or not all(map(lt, ends, islice(starts, 1, None))):
        return False  # an entry of no line, or two out of order or overlapping
    # lines are 0-based here: the gap before the first entry, between each two, after the last
    gaps = map(range, [0, *ends], [*map(sub, starts, repeat(1)), len(lines)])
    return not "".join(map(lines.__getitem__, chain.from_iterable(gaps))).strip()


@dataclass(frozen=True)
class Rulebase:
    """Rules by id, with per-system name indexes and the documents' texts.

    Made once by :func:`build_rulebase` and never changed after; it knows
    nothing of the graph or of any reader (those live in ``referee.store``).
    """

    key: str
    manifests: dict[str, Manifest]
    documents: dict[str, list[DocumentSummary]]
    rules: dict[str, Rule]
    names: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # system -> folded name -> ids
    rule_names: dict[str, str] = field(default_factory=dict)  # id -> name
    texts: dict[str, str] = field(default_factory=dict)  # document path -> its text, as read
    unmanaged: tuple[str, ...] = ()  # folders of rules_src with no system.toml

    @classmethod
    def from_rules(
        cls,
        key: str,
        manifests: dict[str, Manifest],
        documents: dict[str, list[DocumentSummary]],
        rules: list[Rule],
        texts: dict[str, str] | None = None,
        unmanaged: tuple[str, ...] = (),
    ) -> Rulebase:
        names: dict[str, dict[str, list[str]]] = {}
        try:
            system: str | None = None
            index: dict[str, list[str]] = {}
            for rule in rules:  # a system's rules come together: its index is looked up once for them
                if rule.system != system:
                    system = rule.system
                    index = names.setdefault(system, {})
                rid = rule.id
                name = folded(rule.name)
                ids = index.get(name)
                if ids is None:  # most names: one rule's (no list made and dropped for the others)
                    index[name] = [rid]
                elif rid not in ids:
                    ids.append(rid)
                if rule.aliases:  # most rules have none
                    for alias in rule.aliases:
                        ids = index.setdefault(folded(alias.name), [])
                        if rid not in ids:
                            ids.append(rid)
        finally:
            folded.cache_clear()  # the names of the rules aligned last, folded there: done with
        return cls(key, manifests, documents, {r.id: r for r in rules}, names, {r.id: r.name for r in rules}, texts or {}, unmanaged)

    @property
    def systems(self) -> list[str]:
        return sorted(self.manifests)

    def check_system(self, system: str | None) -> None:
        if system is not None and system not in self.manifests:
            raise unknown_system(system, self.systems, self.unmanaged)

    def in_system(self, system: str | None = None) -> Iterator[Rule]:
        self.check_system(system)
        return (r for r in self.rules.values() if system is None or r.system == system)

    def get(self, rule_id: str) -> Rule | None:
        return self.rules.get(rule_id)

    def lookup(self, query: str, system: str | None = None) -> list[Rule]:
        """Rules named ``query`` (by name or alias; case-, accent-blind).

        A keyword with parameters ("Multiple Wounds (D3)") finds its rule; a
        plural finds the singular.  Rules whose name matches come before
        rules that only have it as an alias.
        """
        self.check_system(system)
        systems = [system] if system else self.systems
        ids = find(lambda system, form: self.names.get(system, {}).get(form, []), self.rule_names, query, systems)
        return [self.rules[rid] for rid in ids]


def build_rulebase(rules_src: Path, key: str = "", progress: Callable[[str], None] | None = None) -> Rulebase:
    """Read every system of ``rules_src`` (no cache)."""
    from referee.rulebase.load import system_folders

    root = rules_src.resolve()
    manifests: dict[str, Manifest] = {}
    documents: dict[str, list[DocumentSummary]] = {}
    rules: list[Rule] = []
    texts: dict[str, str] = {}
    folders, unmanaged = system_folders(root)
    for folder in folders:
        manifest, summaries, system_rules, system_texts = read_folder(root, folder, progress)
        texts.update(system_texts)
        manifests[manifest.id] = manifest
        documents[manifest.id] = summaries
        rules.extend(system_rules)
    return Rulebase.from_rules(key, manifests, documents, rules, texts, tuple(p.name for p in unmanaged))


def read_folder(
    root: Path,
    folder: Path,
    progress: Callable[[str], None] | None = None,
    files: dict[str, bytes] | None = None,
    kept: MutableMapping[str, bytes] | None = None,
) -> tuple[Manifest, list[DocumentSummary], list[Rule], dict[str, str]]:
    """One system folder of ``root`` (resolved): its manifest, documents, rules and texts.

    Systems are namespaces, so each folder reads alone: a build may read
    them in any order, or at once, and put them together after.  ``kept``:
    what adapters read in parts of documents before (:func:`read_system`).
    """
    from referee.rulebase.manifest import load_manifest
    from referee.rulebase.load import read_system

    manifest = load_manifest(root, folder, files)
    read, system_rules, system_texts = read_system(root, manifest, progress, files, kept)
    summaries = [document_summary(s, es, system_texts.get(s.path, "")) for s, es in read]
    return manifest, summaries, system_rules, system_texts
