"""A store's tables as rows, to compare two stores of the same rules, whole or one system."""

from __future__ import annotations

import sqlite3

from referee.store.database import SPAN, moved, section_of, unpack


def store_tables(store: str | sqlite3.Connection, sections: bool = True) -> dict[str, object]:
    """Every table's rows that say what the rules are: the content key, the systems in folder
    order and the folders without a manifest, then each system's rows (:func:`system_rows`).
    Left out: the stamp, the memo and the pickles (compared as the whole build)."""
    db = sqlite3.connect(store) if isinstance(store, str) else store
    try:
        out: dict[str, object] = {}
        out["meta"] = db.execute("SELECT name, value FROM meta WHERE name IN ('key', 'systems', 'unmanaged') ORDER BY name").fetchall()
        for (system,) in db.execute("SELECT id FROM systems ORDER BY place").fetchall():
            out[system] = system_rows(db, system, sections)
        return out
    finally:
        if isinstance(store, str):
            db.close()


def system_rows(store: str | sqlite3.Connection, system: str, sections: bool = True) -> dict[str, list[tuple[object, ...]]]:
    """What a store holds of one system, whatever else it holds: its rows of every table, in
    reading order, rules and relations numbered within the system, their JSON unpacked.
    With ``sections`` (a store a build wrote, not one made from a build in memory), also its
    keys, its numbering, its sections' rows and its ``kinds`` rows, section by section.  Every
    place is where readers read it: where its section now stands (a section moved by lines
    added above it keeps its rows, and says how far it moved)."""
    db = sqlite3.connect(store) if isinstance(store, str) else store
    try:
        number, *keys = db.execute("SELECT number, read_key, reading_key, names_digest FROM systems WHERE id = ?", (system,)).fetchone()
        base = number * SPAN
        shifts = {k: (file, shift) for k, file, shift in db.execute("SELECT k, file, shift FROM sections WHERE system = ?", (system,))}

        def placed(seq: int, blob: bytes) -> object:
            file, shift = shifts.get(section_of(seq)[1], ("", 0))
            return moved(unpack(blob), file, shift)

        out: dict[str, list[tuple[object, ...]]] = {}
        rules = db.execute("SELECT seq, id, name, json FROM rules WHERE system = ? ORDER BY seq", (system,))
        out["rules"] = [(seq - base if sections else 0, rid, name, placed(seq, blob)) for seq, rid, name, blob in rules]
        relations = db.execute("SELECT seq, source, target, json FROM relations WHERE seq BETWEEN ? AND ? ORDER BY seq", (base, base + SPAN - 1))
        out["relations"] = [(seq - base if sections else 0, source, target, placed(seq, blob)) for seq, source, target, blob in relations]
        tables = [("names", "form, ids"), ("units", "form, json"), ("answers", "name, value")]
        if sections:
            out["keys"] = [tuple(keys)]
            tables.append(("kinds", "kind, k, rules"))
            query = "SELECT k, ids, file, base + shift, share, shift, ends, asked FROM sections WHERE system = ? ORDER BY k"
            rows = db.execute(query, (system,)).fetchall()
            out["sections"] = [(k, ids, file, line, moved(unpack(share), file, shift), unpack(ends), unpack(asked)) for k, ids, file, line, share, shift, ends, asked in rows]
        for table, columns in tables:
            out[table] = db.execute(f"SELECT {columns} FROM {table} WHERE system = ? ORDER BY 1, 2", (system,)).fetchall()
        return out
    finally:
        if isinstance(store, str):
            db.close()
