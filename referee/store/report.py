"""``referee build`` for people: per system, and per document what was read."""

from __future__ import annotations

from typing import Any

from referee import terminal

# Entry flags worth a reader's attention, in the words the report uses.
_FLAGS = {"unnamed": "unnamed (heading lost, no name in the text)", "stub": "stubs (a name, no text)", "recovered-name": "named from their text"}


def print_build(summaries: list[dict[str, Any]], rules_src: str) -> None:
    """The systems' table, a line per document, and the manifests' warnings (paths under ``rules_src``)."""
    rows = [
        [s["id"], s["title"], str(s["documents"]), str(s["rules"]), str(s["aliases"]), str(s.get("units", 0)), str(s["stubs"]), str(s["unnamed"])]
        for s in summaries
    ]
    terminal.table(["system", "title", "documents", "rules", "aliases", "units", "stubs", "unnamed"], rows, title="Rulebase")
    for s in summaries:
        for doc in s["document_list"]:
            terminal.line(f"{doc['path']} ({doc['format']}): {document_line(doc)}", style="dim")
        for warning in s.get("warnings", ()):
            terminal.warn(f"referee: {rules_src}/{warning}")


def document_line(doc: dict[str, Any]) -> str:
    """What was read from one document, in words.

    >>> document_line({"entries": 3, "aliases": 1, "tables": 0, "flags": {"stub": 1}})
    '3 entries, 1 alias; 1 stubs (a name, no text)'
    """
    said = [_n(doc["entries"], "entry", "entries"), _n(doc.get("aliases", 0), "alias", "aliases")]
    if doc.get("tables"):
        said.append(_n(doc["tables"], "table", "tables"))
    flags = doc.get("flags", {})
    notes = [f"{flags[flag]} {words}" for flag, words in _FLAGS.items() if flags.get(flag)]
    skipped = doc.get("skipped", [])
    if skipped:
        shown = ", ".join(f"{_lines(s)} {s['why']}" for s in skipped[:3]) + (", ..." if len(skipped) > 3 else "")
        notes.append(f"{_n(len(skipped), 'block', 'blocks')} read into no rule ({shown})")
    return ", ".join(said) + ("; " + ", ".join(notes) if notes else "")


def _lines(block: dict[str, Any]) -> str:
    return f"line {block['line']}" if block["line"] == block["end_line"] else f"lines {block['line']}-{block['end_line']}"


def _n(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"
