"""Summaries of a rulebase, shared by ``referee build`` and the docs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.rulebase import Rulebase


def system_summaries(rb: Rulebase) -> list[dict[str, Any]]:
    """Per system: title, documents (with entries read), rules, aliases, stubs, unnamed."""
    out = []
    for system in rb.systems:
        manifest = rb.manifests[system]
        rules = list(rb.in_system(system))
        out.append(
            {
                "id": system,
                "title": manifest.title,
                "documents": len(rb.documents[system]),
                "document_list": [
                    {"path": d.path, "format": d.format, "role": d.role, "lang": d.lang, "entries": d.entries}
                    for d in rb.documents[system]
                ],
                "rules": len(rules),
                "aliases": sum(len(r.aliases) for r in rules),
                "stubs": sum("stub" in r.flags for r in rules),
                "unnamed": sum("unnamed" in r.flags for r in rules),
                "with_versions": sum(len([v for v in r.versions if v.text.strip()]) > 1 for r in rules),
            }
        )
    return out
