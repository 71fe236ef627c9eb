"""A store's tables as rows, to compare two stores of the same rules."""

from __future__ import annotations

import sqlite3

from referee.store.database import SPAN, unpack


def store_tables(store: str | sqlite3.Connection, sections: bool = True) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows that say what the rules are, in reading order: rules and
    relations numbered within their system (each store numbers systems its own way),
    their JSON unpacked; with ``sections``, each section's rules and answers too.
    Left out: the stamp, the memo and the pickles (compared as the whole build)."""
    db = sqlite3.connect(store) if isinstance(store, str) else store
    try:
        out: dict[str, list[tuple[object, ...]]] = {}
        out["meta"] = db.execute("SELECT name, value FROM meta WHERE name IN ('key', 'systems', 'unmanaged') ORDER BY name").fetchall()
        numbers = db.execute("SELECT number, id FROM systems ORDER BY place").fetchall()
        out["rules"] = [(seq - number * SPAN, rid, system, name, unpack(blob)) for number, system in numbers
                        for seq, rid, name, blob in db.execute("SELECT seq, id, name, json FROM rules WHERE system = ? ORDER BY seq", (system,))]
        out["relations"] = [(seq - number * SPAN if sections else 0, source, target, unpack(blob)) for number, _ in numbers
                            for seq, source, target, blob in db.execute("SELECT seq, source, target, json FROM relations WHERE seq BETWEEN ? AND ? ORDER BY seq", (number * SPAN, (number + 1) * SPAN - 1))]
        if not sections:
            out["rules"] = [row[1:] for row in out["rules"]]
        for table, columns in (("names", "system, form, ids"), ("units", "system, form, json"), ("answers", "system, name, value")):
            out[table] = db.execute(f"SELECT {columns} FROM {table} ORDER BY 1, 2").fetchall()
        if sections:
            out["systems"] = db.execute("SELECT id, place, read_key, names_key, names_digest FROM systems ORDER BY place").fetchall()
            out["sections"] = db.execute("SELECT system, k, ids, share FROM sections ORDER BY system, k").fetchall()
        return out
    finally:
        if isinstance(store, str):
            db.close()


def system_rows(store: str, system: str, kept: bool = False) -> dict[str, list[tuple[object, ...]]]:
    """What a store holds of one system, whatever else it holds: its keys, and its rows of every
    table (rules and relations numbered within the system, their JSON unpacked); with ``kept``,
    the pickles a whole build is put together from too (its frame, its sections')."""
    db = sqlite3.connect(store)
    try:
        number, *keys = db.execute("SELECT number, read_key, names_key, names_digest FROM systems WHERE id = ?", (system,)).fetchone()
        base = number * SPAN
        out: dict[str, list[tuple[object, ...]]] = {"keys": [tuple(keys)]}
        out["rules"] = [(seq - base, rid, name, unpack(blob)) for seq, rid, name, blob in
                        db.execute("SELECT seq, id, name, json FROM rules WHERE system = ? ORDER BY seq", (system,))]
        out["relations"] = [(seq - base, source, target, unpack(blob)) for seq, source, target, blob in
                            db.execute("SELECT seq, source, target, json FROM relations WHERE seq BETWEEN ? AND ? ORDER BY seq", (base, base + SPAN - 1))]
        sections = "k, ids, share, ends" + (", digest, rules, graph" if kept else "")
        for table, columns in (("names", "form, ids"), ("units", "form, json"), ("answers", "name, value"), ("kinds", "kind, k, rules"), ("sections", sections)):
            out[table] = db.execute(f"SELECT {columns} FROM {table} WHERE system = ? ORDER BY 1, 2", (system,)).fetchall()
        if kept:
            out["frame"] = db.execute("SELECT frame FROM systems WHERE id = ?", (system,)).fetchall()
        return out
    finally:
        db.close()
