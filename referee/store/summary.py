"""Summaries of a build per system, shared by ``referee build`` and the docs."""

from __future__ import annotations

from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from referee.store.record import Build


def system_summaries(build: Build) -> list[dict[str, Any]]:
    """Per system: title, documents (with entries read), rules, aliases, stubs, unnamed."""
    out = []
    for system in build.systems:
        manifest = build.manifests[system]
        rules = list(build.in_system(system))
        out.append(
            {
                "id": system,
                "title": manifest.title,
                "documents": len(build.documents[system]),
                "document_list": [
                    {
                        "path": d.path, "format": d.format, "role": d.role, "lang": d.lang, "entries": d.entries,
                        "aliases": getattr(d, "aliases", 0), "tables": getattr(d, "tables", 0), "flags": dict(getattr(d, "flags", ())),
                        "skipped": [{"line": a, "end_line": b, "why": why} for a, b, why in getattr(d, "skipped", ())],
                    }  # fmt: skip
                    for d in build.documents[system]
                ],
                "rules": len(rules),
                "aliases": sum(len(r.aliases) for r in rules),
                "stubs": sum("stub" in r.flags for r in rules),
                "unnamed": sum("unnamed" in r.flags for r in rules),
                "with_versions": sum(len([v for v in r.versions if v.text.strip()]) > 1 for r in rules),
                "units": sum(len(book.units) for book in getattr(build, "armies", {}).get(system, ())),
                "warnings": list(getattr(manifest, "warnings", ())),
            }
        )
    return out
