"""A system's part of a build, and the system read from nothing on its own.

Systems are namespaces: what a build holds of one is read from its own folder only, so a
system read alone, in a folder holding nothing else, is the same part of a build as the
system read beside the others (:func:`test_a_system_read_alone_is_its_part_of_the_whole_build`).
A test that edited one system compares that part with the system read alone from nothing,
at the cost of reading one system, not four."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from referee.store.record import Build, assemble


def part(build: Build, system: str) -> dict[str, Any]:
    """Everything ``build`` holds of ``system``: its manifest, documents, rules in reading
    order, name index, texts, relations, sentences and army books."""
    rules = list(build.in_system(system))
    return {
        "manifest": build.manifests[system],
        "documents": build.documents.get(system),
        "rules": rules,
        "names": build.names.get(system),
        "rule_names": {rule.id: build.rule_names.get(rule.id) for rule in rules},
        "texts": {path: text for path, text in build.texts.items() if path.startswith(f"{system}/")},
        "relations": build.graph.relations.get(system),
        "sentences": build.graph.sentences.get(system),
        "armies": build.armies.get(system),
    }


def read_alone(src: Path, system: str, scratch: Path) -> Build:
    """``system`` of the rules folder ``src`` read from nothing in a folder of its own under ``scratch``."""
    alone = scratch / f"alone-{system}"
    shutil.rmtree(alone, ignore_errors=True)
    shutil.copytree(src / system, alone / system)
    return assemble(alone)


def same_as_read_alone(build: Build, src: Path, systems: set[str], scratch: Path) -> None:
    for system in sorted(systems):
        assert part(build, system) == part(read_alone(src, system, scratch), system), system
