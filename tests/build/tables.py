"""A view store's tables as rows, to compare two stores of the same rules."""

from __future__ import annotations

import sqlite3


def store_tables(file: str) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows; rules and relations in ``seq`` order, without the numbers
    themselves (a build's store numbers each system's rows from its own base)."""
    db = sqlite3.connect(file)
    try:
        out = {t: db.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in ("meta", "rule_names", "names")}
        out["rules"] = db.execute("SELECT id, system, json FROM rules ORDER BY seq").fetchall()
        out["relations"] = db.execute("SELECT source, target, json FROM relations ORDER BY seq").fetchall()
        return out
    finally:
        db.close()
