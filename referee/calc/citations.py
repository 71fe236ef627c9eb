"""Where each step of an answer rests: the sentence of a rule that states the mechanic.

A mechanic declares, next to its code, the rule and a phrase of the sentence
it implements (a :class:`Clause`).  When an answer is given the phrase is
looked up in that rule's text, as the current build holds it, and the whole
sentence is quoted with its file, line and column.  A phrase that is no
longer there is an error, never a silent citation of something else: the
tests look every declared clause up in rules_src, so an edit of the rule
documents that moves the ground from under a mechanic fails loudly.

Matching is on letters and digits only, case-folded (as the graph's sentence
finder does), so Markdown emphasis or a line break inside a sentence does not
hide it.
"""

from __future__ import annotations

import os
from collections import namedtuple

from referee.calc.errors import Refusal
from referee.errors import RulesError
from referee.patterns import lazy

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable

    from referee.store.book import Book
    from referee.store.record import Build

_NOT_ALNUM = lazy(r"[\W_]+")
_ALNUM = lazy(r"[^\W_]+")
# A sentence ends at . ! ? (maybe closed by a quote or bracket) before a capital,
# digit or opening quote; "e.g." and friends do not end one.
_ENDS = lazy(r"(?<=[.!?])[\"”’)]?\s+(?=[\"“‘(*]?[A-Z0-9])")
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "p.", "ex.")


def squeeze(text: str) -> str:
    """Letters and digits only, case-folded: how phrases are compared.

    >>> squeeze("**Keep in mind** that a 1")
    'keepinmindthata1'
    """
    return _NOT_ALNUM.sub("", text).casefold()


class Clause(namedtuple("Clause", "rule phrase")):
    """The sentence of rule ``rule`` that holds ``phrase``: what a step rests on."""

    __slots__ = ()


class Citation(namedtuple("Citation", "rule file line column quote")):
    """A quoted sentence and where it starts: rule id, file under rules_src, line and column (1-based)."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "file": self.file, "line": self.line, "column": self.column, "quote": self.quote}

    def __str__(self) -> str:
        return f"{self.rule}, {self.file}:{self.line}:{self.column}"


def rule_sentences(rule: dict[str, Any], leaving: Iterable[str] = ()) -> list[str]:
    """Every sentence of a rule's text, each once, in reading order across its versions (the
    texts two documents give it); ``leaving``: whole lines of the text to leave out (a rule's
    lead-ins, whose rolls are not its own)."""
    out: list[str] = []
    left = set(leaving)
    for version in rule.get("versions") or [rule]:
        text = version.get("text") or ""
        if left:
            text = "\n".join(line for line in text.split("\n") if line.strip() not in left)
        out.extend(s for s in sentences(text) if s not in out)
    return out


def sentences(text: str) -> list[str]:
    """The sentences of a rule's cleaned text: per line, then at sentence ends.

    >>> sentences("A 4+ is needed (e.g. 4, 5). If the CS is higher, a 3+.\\nNext")
    ['A 4+ is needed (e.g. 4, 5).', 'If the CS is higher, a 3+.', 'Next']
    """
    out: list[str] = []
    for line in _paragraphs(text):
        start = 0
        for m in _ENDS.finditer(line):
            before = line[start : m.start()].split()
            if before and before[-1].lower().lstrip("([\"“") in _ABBREVIATIONS:
                continue
            out.append(line[start : m.start() + len(m.group().rstrip())].strip())
            start = m.end()
        if line[start:].strip():
            out.append(line[start:].strip())
    return [s for s in out if squeeze(s)]


def _paragraphs(text: str) -> list[str]:
    """The text's lines, bullets dropped, with a sentence broken over a blank
    line mended ("Keep in mind" / "that a roll of a 1 ...": one sentence)."""
    lines: list[str] = []
    for raw in text.split("\n"):
        line = raw.strip().lstrip("-•* ").strip()
        if not line:
            continue
        bullet = line != raw.strip()
        if lines and not bullet and lines[-1][-1:] not in ".!?:)" and line[:1].islower():
            lines[-1] += " " + line
        else:
            lines.append(line)
    return lines


class Rulebook:
    """The rules of a build, as calc reads them: a rule by id (its JSON shape,
    docs/json.md) and a document's text by its path under rules_src."""

    def __init__(
        self,
        rule: Callable[[str], dict[str, Any] | None],
        document: Callable[[str], str | None],
        named: Callable[[str, str], list[dict[str, Any]]] | None = None,
        in_system: Callable[[str], list[dict[str, Any]]] | None = None,
    ) -> None:
        self._rule = rule
        self._read_document = document
        self._named = named
        self._in_system = in_system
        self._documents: dict[str, str | None] = {}
        self._cited: dict[Clause, Citation] = {}

    @classmethod
    def of(cls, build: Book | Build | Rulebook, rules_src: str | None = None) -> Rulebook:
        """A rulebook of a :class:`~referee.store.record.Build`, or of the store's
        rules (:class:`~referee.store.rows.Stored`, whose documents are read from
        ``rules_src``, the folder it was built from)."""
        from referee.store.rows import Stored

        if isinstance(build, Rulebook):
            return build
        if not isinstance(build, Stored):  # a whole Build: rules are records, texts are kept

            def rule(rule_id: str) -> dict[str, Any] | None:
                found = build.get(rule_id)
                return found.to_json() if found is not None else None

            def named(name: str, system: str) -> list[dict[str, Any]]:
                return [found.to_json() for found in build.lookup(name, system)]

            def in_system(system: str) -> list[dict[str, Any]]:
                return [found.to_json() for found in build.in_system(system)]

            return cls(rule, build.texts.get, named, in_system)
        if rules_src is None:
            raise TypeError("a view's rulebook needs the rules folder it was built from")
        return cls(build.get, lambda path: _read(os.path.join(rules_src, path)), build.lookup, build.in_system)

    def rule(self, rule_id: str) -> dict[str, Any] | None:
        return self._rule(rule_id)

    def named(self, name: str, system: str) -> list[dict[str, Any]]:
        """The rules ``name`` names in ``system``, as ``referee lookup`` finds them (aliases, folding)."""
        try:
            return self._named(name, system) if self._named is not None else []
        except RulesError:  # a system the rules folder does not hold names no rule
            return []

    def in_system(self, system: str) -> list[dict[str, Any]]:
        """Every rule of ``system``, in reading order."""
        try:
            return list(self._in_system(system)) if self._in_system is not None else []
        except RulesError:
            return []

    def quote(self, rule: dict[str, Any], sentence: str) -> Citation:
        """``sentence`` of ``rule`` (one of :func:`sentences` of its text), with its place."""
        for version in rule.get("versions") or [rule]:
            if sentence in sentences(version["text"]):
                line, column = self._place(sentence, version["source"])
                return Citation(rule["id"], version["source"]["file"], line, column, sentence)
        raise Refusal(f"{rule['id']} no longer says {sentence!r}", rule["id"].partition("/")[0])

    def _document(self, path: str) -> str | None:
        """A document's text, read once per rulebook."""
        if path not in self._documents:
            self._documents[path] = self._read_document(path)
        return self._documents[path]

    def cite(self, clause: Clause) -> Citation:
        """The sentence stating ``clause``; a :class:`Refusal` if the documents no longer say it."""
        hit = self._cited.get(clause)
        if hit is None:
            hit = self._cited[clause] = self._find(clause)
        return hit

    def _find(self, clause: Clause) -> Citation:
        rule = self._rule(clause.rule)
        system = clause.rule.partition("/")[0]
        if rule is None:
            raise Refusal(f"the documents hold no rule {clause.rule} (cited for {clause.phrase!r}); calc will not answer without it", system)
        wanted = squeeze(clause.phrase)
        for version in rule.get("versions") or [rule]:
            for sentence in sentences(version["text"]):
                if wanted in squeeze(sentence):
                    line, column = self._place(sentence, version["source"])
                    return Citation(clause.rule, version["source"]["file"], line, column, sentence)
        raise Refusal(f"{clause.rule} no longer says {clause.phrase!r}; calc will not answer without it", system)

    def row(self, rule_id: str, name: str) -> Citation:
        """The line of the rule's table whose first cell is ``name``, quoted as the text renders it."""
        rule = self._rule(rule_id)
        for version in (rule or {}).get("versions") or []:
            for table in version.get("tables") or []:
                for line_text in version["text"].split("\n"):
                    if squeeze(line_text.partition(":")[0]) == squeeze(name):
                        line, column = self._place(line_text.partition(":")[0], table["source"])
                        return Citation(rule_id, table["source"]["file"], line, column, line_text.strip())
        raise Refusal(f"{rule_id} has no table row {name!r}; calc will not answer without it", rule_id.partition("/")[0])

    def footnote(self, rule_id: str, mark: str = "*") -> Citation | None:
        """The footnote below the rule's table that ``mark`` refers to ("*Fleeing Chariot - Wo(D6)"):
        a line of the rule's text after the table's rows that starts with the mark; None if there is none."""
        rule = self._rule(rule_id)
        for version in (rule or {}).get("versions") or []:
            tables = version.get("tables") or []
            if not tables:
                continue
            rows = {squeeze(r[0]) for t in tables for r in t["rows"]}
            for line_text in version["text"].split("\n"):
                said = line_text.strip()
                if said.startswith(mark) and squeeze(said.partition(":")[0]) not in rows:
                    source = {**tables[-1]["source"], "end_line": tables[-1]["source"].get("end_line", 0) + 40}
                    line, column = self._place(said, source)
                    return Citation(rule_id, tables[-1]["source"]["file"], line, column, said)
        return None

    def _place(self, sentence: str, source: dict[str, Any]) -> tuple[int, int]:
        """Line and column (1-based) where ``sentence`` starts in the document,
        looked for between the rule's first and last line; the rule's own start if not found."""
        first = (source["line"], source.get("column", 1))
        text = self._document(source["file"])
        if text is None:
            return first
        lines = text.split("\n")
        chars: list[str] = []
        where: list[tuple[int, int]] = []
        for number in range(source["line"], min(source.get("end_line", source["line"]), len(lines)) + 1):
            line = lines[number - 1]
            skip = source.get("column", 1) - 1 if number == source["line"] else 0
            for m in _ALNUM.finditer(line, skip):
                folded = m.group().casefold()
                chars.append(folded)
                where.extend([(number, m.start() + 1)] * len(folded))
        squeezed = "".join(chars)
        opening = squeeze(sentence)
        for length in (len(opening), 40, 20):
            at = squeezed.find(opening[:length]) if opening else -1
            if at >= 0:
                return where[at]
        return first


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except (OSError, UnicodeDecodeError):
        return None
