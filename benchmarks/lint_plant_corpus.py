"""The rules folder as benchmarks/lint_plant.py's planter sees it: each document's
text, and where each rule's heading and body stand in it (read from the build)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path


# -- text positions ---------------------------------------------------------


def line_starts(text: str) -> list[int]:
    starts = [0]
    at = text.find("\n")
    while at >= 0:  # found by str.find, not a Python step per character (the planter asks for every file it plants in)
        starts.append(at + 1)
        at = text.find("\n", at + 1)
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
            if len(line.split()) >= 5 and not line.lstrip().startswith(("#", "|")) and not bold_only(line):
                spans.append((pos, stop))
            pos = stop + 1
        return spans


def bold_only(line: str) -> bool:
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
    from referee.store.load import open_rules

    build = open_rules(str(rules_src)).whole()
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
