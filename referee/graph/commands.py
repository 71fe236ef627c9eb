"""What ``referee graph --unparsed`` prints."""

from __future__ import annotations

from typing import Any

from referee import terminal


def print_unparsed(rb: Any, system: str | None, as_json: bool) -> None:
    """Sentences from which no effect clause was read (typed relations only)."""
    systems = [system] if system else rb.systems
    rows = [s for sys_id in systems for s in rb.graph.sentences.get(sys_id, []) if not s.typed]
    if as_json:
        terminal.print_json(
            {
                "system": system,
                "count": len(rows),
                "sentences": [{"rule": s.rule, "text": s.text, "file": s.file, "line": s.line} for s in rows],
            }
        )
        return
    for s in rows:
        terminal.line(f"{s.file}:{s.line}: [{s.rule}] {s.text}")
    total = sum(len(rb.graph.sentences.get(sys_id, [])) for sys_id in systems)
    terminal.line(f"{len(rows)} of {total} sentences yield no typed relation", style="dim")


def print_coverage(rb: Any, system: str | None, as_json: bool) -> None:
    from referee.graph.effects import coverage

    data = coverage(rb, system, rb.graph)
    if as_json:
        terminal.print_json(data)
        return
    rows = [[s, str(c["sentences"]), str(c["typed"]), f"{c['share']:.1%}"] for s, c in data.items()]
    terminal.table(["system", "sentences", "with a typed relation", "share"], rows, title="Sentences read into typed relations")
