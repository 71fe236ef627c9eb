"""Every keyword string in the rulebase, and how many of them parse.

Keyword strings stand in four places of the rule documents:

- ``profile``: weapon profiles ("Range 36\", Shots 1, Str 5, AP 2, Volley Fire");
- ``signature``: the heading of a rule that takes parameters, as written
  ("Ranged X heavy", "Leader (color/color) +X {Y role/Z role/role}");
- ``use``: a rule of the same system named with brackets inside rule text
  ("Exclusive (Chariot)", "Multiple Wounds (D6)", "Fly (8\", 16\")");
- ``table``: keyword cells of a rule's table ("DT(4) Wo(D6)").

Each found string keeps its system, rule and source line, so a failure can be
fixed where it stands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.keywords.errors import KeywordSyntaxError
from referee.text import fold

if TYPE_CHECKING:
    from referee.model import Rule
    from referee.rulebase import Rulebase

# A capitalised name, then a bracket (nested brackets one level deep allowed).
_USE = re.compile(r"\b([A-Z][\w'&!-]*(?: (?:of |the |to |a )?[A-Z][\w'&!-]*){0,3}) ?\(((?:[^()]|\([^()]*\))+)\)")
_CELL = re.compile(r"^[A-Z][\w&]*\s?\(")
# Table typography, not keyword syntax: "DT(5) Wo(1)*" points at a note.
_FOOTNOTE = re.compile(r"[*\u2020]+$")
# A parenthesis of prose after a rule's name: "Deep Strike (sometimes called ...)".
_PROSE_OPENERS = frozenset("see but sometimes along which including unless if for as when where that e.g. i.e. such".split())


@dataclass(frozen=True)
class KeywordString:
    text: str
    kind: str  # profile | signature | use | table
    system: str
    rule: str  # id of the rule whose text holds it
    file: str
    line: int

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "system": self.system,
            "rule": self.rule,
            "source": {"file": self.file, "line": self.line},
        }


def _line_of(rule_text: str, needle: str, first_line: int) -> int:
    """The line of ``needle`` inside a version whose text starts at ``first_line``.

    Adapters join wrapped lines, so this is exact for documents that keep one
    paragraph per line and points at the paragraph otherwise.
    """
    at = rule_text.find(needle)
    return first_line if at < 0 else first_line + rule_text.count("\n", 0, at)


def strings_of(rule: Rule, names: set[str]) -> list[KeywordString]:
    """The keyword strings one rule holds. ``names``: folded rule names of its system."""
    out: list[KeywordString] = []

    def add(text: str, kind: str, file: str, line: int) -> None:
        text = text.strip().rstrip(".").strip()
        if text:
            out.append(KeywordString(text, kind, rule.system, rule.id, file, line))

    if rule.params:
        add(_signature(rule), "signature", rule.source.file, rule.source.line)
    for version in rule.versions:
        for profile in version.profiles:
            add(profile.text, "profile", profile.source.file, profile.source.line)
        for table in version.tables:
            for row_number, row in enumerate(table.rows):
                for cell in row:
                    if _CELL.match(cell):
                        add(_FOOTNOTE.sub("", cell), "table", table.source.file, table.source.line + 2 + row_number)
        body = version.text
        for match in _USE.finditer(body):
            name = match.group(1)
            if fold(name) in names and not _is_prose(match.group(2)) and not _in_profile(body, match.start(), version):
                line = _line_of(body, match.group(0), version.source.line + 1)
                add(match.group(0), "use", version.source.file, min(line, version.source.end_line))
    return out


def _signature(rule: Rule) -> str:
    """The heading of a parametrised rule, less a trailing abbreviation ("(Ps)")."""
    heading = rule.versions[0].heading or rule.name
    aliases = {fold(a.name) for a in rule.aliases}
    m = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", heading)
    if m and fold(m.group(2)) in aliases:
        return m.group(1)
    return heading


def _is_prose(inside: str) -> bool:
    words = inside.split()
    if not words:
        return False
    if words[0].casefold() in _PROSE_OPENERS:
        return True
    lower_start = words[0][:1].islower()
    has_value = re.search(r"\d|\b[XYZ]\b", inside) is not None
    return lower_start and len(words) >= 4 and not has_value


def _in_profile(body: str, at: int, version: Any) -> bool:
    line_start = body.rfind("\n", 0, at) + 1
    line = body[line_start : body.find("\n", at) if "\n" in body[at:] else len(body)]
    return any(p.text.strip() == line.strip() for p in version.profiles)


def keyword_strings(rb: Rulebase, system: str | None = None) -> list[KeywordString]:
    """Every keyword string of a system (or of all), in rule order, duplicates kept."""
    out: list[KeywordString] = []
    for sys_id in [system] if system else rb.systems:
        names = set(rb.names.get(sys_id, {}))
        for rule in rb.in_system(sys_id):
            out.extend(strings_of(rule, names))
    return out


def coverage(rb: Rulebase, system: str | None = None) -> dict[str, Any]:
    """How many of the corpus' keyword strings parse, per system and kind, with every failure."""
    from referee.keywords import parse

    found = keyword_strings(rb, system)
    failures: list[dict[str, Any]] = []
    per: dict[str, dict[str, int]] = {}
    for item in found:
        counts = per.setdefault(item.system, {"strings": 0, "parsed": 0})
        counts["strings"] += 1
        try:
            parse(item.text)
        except KeywordSyntaxError as err:
            failures.append({**item.to_json(), "error": err.message, "column": err.column})
            continue
        counts["parsed"] += 1
    kinds: dict[str, int] = {}
    for item in found:
        kinds[item.kind] = kinds.get(item.kind, 0) + 1
    total = len(found)
    parsed = total - len(failures)
    return {
        "strings": total,
        "distinct": len({i.text for i in found}),
        "parsed": parsed,
        "coverage": round(parsed / total, 4) if total else 1.0,
        "by_kind": kinds,
        "by_system": per,
        "failures": failures,
    }
