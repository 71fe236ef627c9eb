"""Rules as people read them on a terminal (the JSON shape is docs/json.md)."""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from typing import Any

from referee import terminal
from referee.graph.situations import describe


def where(source: dict[str, Any]) -> str:
    """file:line or file:line-end_line, as compilers print it, and the book's
    page when the document was made from one (``referee import pdf``)."""
    lines = source["line"] if source["line"] == source["end_line"] else f"{source['line']}-{source['end_line']}"
    page = source.get("page")
    return f"{source['file']}:{lines}" + (f" ({'pp' if '-' in page else 'p'}. {page})" if page else "")


def print_rule(rule: dict[str, Any], versions: bool) -> None:
    terminal.heading(f"{rule['name']}  ({rule['id']})")
    if rule["aliases"]:
        terminal.line("also: " + ", ".join(f"{a['name']} [{a['lang']}]" for a in rule["aliases"]), style="cyan")
    meta = [f"source: {where(rule['source'])}"]
    if rule["category"]:
        meta.append(f"category: {rule['category']}")
    if rule["parent"]:
        meta.append(f"part of: {rule['parent']}")
    if amends := rule["amends"]:
        pages = ", ".join(f"p.{p}" for p in amends["pages"])
        meta.append(f"amends: {amends['op']} {pages}".rstrip() + (f" of {amends['target']}" if amends["target"] else ""))
    if rule["params"]:
        meta.append("params: " + ", ".join(f"{p['name']} ({p['kind']})" for p in rule["params"]))
    terminal.line(" | ".join(meta), style="dim")
    if rule["flags"]:
        terminal.line("flags: " + ", ".join(rule["flags"]), style="yellow")
    terminal.line()
    if rule.get("fields"):
        _print_fields(rule["fields"])
    terminal.line(rule["text"] or "(no text: the documents name this rule but never define it)")
    if rule["versions"]:
        _print_profiles_and_tables(rule["versions"][0])
    if rule["children"]:
        terminal.line()
        terminal.line("sub-rules: " + ", ".join(rule["children"]), style="dim")
    others = rule["versions"][1:]
    if others and not versions:
        terminal.line(f"({len(others)} more version(s): referee show {rule['id']})", style="dim")
    if versions:
        for v in others:
            terminal.line()
            terminal.heading(f"Version from {where(v['source'])} ({v['role']}, {v['lang']})", style="bold magenta")
            if v["heading"] and v["heading"] != rule["name"]:
                terminal.line(f"heading there: {v['heading']}", style="dim")
            terminal.line(v["text"] or "(no text)")
            _print_profiles_and_tables(v)
        for v in rule["versions"]:
            if v["also_at"]:
                repeats = ", ".join(where(s) for s in v["also_at"])
                terminal.line(f"{where(v['source'])} repeated at: {repeats}", style="dim")


def _print_fields(fields: list[dict[str, Any]]) -> None:
    """A rule's profile (the other cells of the table row or card defining it), as a table."""
    named = [f for f in fields if f["name"]]
    if named:
        terminal.table([terminal.safe(f["name"]) for f in named], [[f["value"] for f in named]], whole=())
    for f in fields:
        if not f["name"]:
            terminal.line(f["value"])
    terminal.line()


def _print_profiles_and_tables(version: dict[str, Any]) -> None:
    """A version's profiles (a weapon's "Range 8\", Shots 2, ..."), and its tables, as the site shows them."""
    for profile in version.get("profiles", ()):
        terminal.line(f"profile: {profile['text']}", style="cyan")
    for table in version.get("tables", ()):
        terminal.line()
        terminal.table(table["header"], table["rows"])


def _cite(citation: dict[str, Any]) -> str:
    return f"{citation['file']}:{citation['line']}:{citation.get('column', 1)}: \"{citation['sentence']}\""


def _relation_line(rel: dict[str, Any], direction: str) -> str:
    other = (rel["target_name"] or rel["target"] or "") if direction == "out" else rel["source_name"]
    extra = []
    details = {k: v for k, v in rel["details"].items() if v != other}
    if details:
        extra.append(", ".join(f"{k} {v}" for k, v in details.items()))
    if rel.get("subject"):
        extra.append(f"for {rel['subject']}")
    # "If a unit is both Fearless and Stubborn" states two conditions (with each rule): said once
    extra.extend(dict.fromkeys(describe(c) for c in rel["conditions"]))
    return f"{other}" + (f" ({'; '.join(extra)})" if extra else "")


def print_explanation(data: dict[str, Any]) -> None:
    """``referee explain`` for people: sections of relations, each cited."""
    from referee.graph.explain import SECTIONS, TITLES

    rule = data["rule"]
    terminal.heading(f"{rule['name']}  ({rule['id']})")
    terminal.line(f"source: {where(rule['source'])}", style="dim")
    if data["grants"]:
        terminal.line()
        terminal.heading(TITLES["grants"], style="bold green")
        for grant in data["grants"]:
            names = " -> ".join(grant["path_names"])
            terminal.line(f"  {grant['target_name']}    via {names}")
            for citation in grant["citations"]:
                terminal.line(f"    {_cite(citation)}", style="dim")
    for key, _kind, direction in SECTIONS:
        rels = data[key]
        if not rels:
            continue
        terminal.line()
        terminal.heading(TITLES[key], style="bold")
        for rel in rels:
            terminal.line(f"  {_relation_line(rel, direction)}")
            terminal.line(f"    {_cite(rel['citation'])}", style="dim")


# -- `referee build` for people: per system, and per document what was read --------------

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
