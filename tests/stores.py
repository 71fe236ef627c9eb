"""A store in memory holding rules and relations written by hand (their JSON shapes),
for tests of readers that need a few rules of their own, not a rules folder."""

from __future__ import annotations

import json
from typing import Any

from referee.keywords.resolve import families
from referee.store import database
from referee.store.answers import joined, share
from referee.store.database import SPAN, end, pack
from referee.store.rows import Stored


def stored(data: dict[str, Any]) -> Stored:
    """``data``: ``systems``, ``rules`` (id -> JSON), ``relations_out`` (id -> relations
    as JSON), and optionally ``key``, ``unmanaged``, ``names``, ``rule_names``, ``core_terms``,
    ``units``.  The answers a build computes are computed here from the same rows."""
    db = database.create(None)
    systems = data["systems"]
    meta = {"key": data.get("key", ""), "code": "", "systems": systems, "unmanaged": data.get("unmanaged", [])}
    db.executemany("INSERT INTO meta VALUES (?, ?)", ((k, json.dumps(v)) for k, v in meta.items()))
    rules = list(data["rules"].values())
    names = data.get("rule_names") or {r["id"]: r["name"] for r in rules}
    for place, system in enumerate(systems):
        base = place * SPAN
        mine = [r for r in rules if r["system"] == system]
        db.execute("INSERT INTO systems VALUES (?, ?, ?, NULL, NULL, NULL, ?)", (place, system, place, b""))
        db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?)", ((base + i, r["id"], system, names.get(r["id"], r["name"]), pack(r)) for i, r in enumerate(mine)))
        relations = [rel for r in mine for rel in data.get("relations_out", {}).get(r["id"], [])]
        db.executemany("INSERT INTO relations VALUES (?, ?, ?, ?)", ((base + n, end(rel["source"]), end(rel["target"]), pack(rel)) for n, rel in enumerate(relations)))
        index = data.get("names", {}).get(system, {})
        db.executemany("INSERT INTO names VALUES (?, ?, ?, ?)", ((system, form, json.dumps(ids), n) for n, (form, ids) in enumerate(index.items())))
        db.executemany("INSERT INTO units VALUES (?, ?, ?)", ((system, form, json.dumps(u)) for form, u in data.get("units", {}).get(system, {}).items()))
        names_of = {r["id"]: r["name"] for r in mine}
        found = families((r["id"], [names_of.get(k) for k in r["children"]]) for r in mine)  # as the build reads them
        part, kinds = share(mine, relations)  # as a build gathers them from its sections' rows: here, one section
        answers = {"core_terms": data.get("core_terms", {}).get(system, []), "families": found, **joined([part])}
        db.executemany("INSERT INTO answers VALUES (?, ?, ?)", ((system, name, json.dumps(value)) for name, value in answers.items()))
        db.executemany("INSERT INTO kinds VALUES (?, ?, 0, ?)", ((system, kind, json.dumps(places)) for kind, places in kinds.items()))
    return Stored(db)
