"""The store's size on disk, table by table (not a test).

    .venv/bin/python benchmarks/store_size.py STORE [--repack]

``STORE``: a rules folder's ``rules.sqlite`` (``benchmarks/scale.py --keep DIR``
leaves one under ``DIR/cache/store/``).  Prints each table's and index's share
(SQLite's ``dbstat``) and the file's size.  ``--repack``: first copy the store and
write its ``rules`` and ``relations`` rows again with the current packing
(:func:`referee.store.database.pack`), then VACUUM the copy: the size the same
rows take as the code now packs them, without building 100,000 rules again (rows
packed by an earlier version, plain zlib, are read as such).
docs/performance.md records the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import sys
import tempfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.store.database import pack, unpack  # noqa: E402


def _row(blob: bytes) -> object:
    try:
        return unpack(blob)
    except zlib.error:
        return json.loads(zlib.decompress(blob))  # packed without the preset dictionary


def repack(file: Path, into: Path) -> None:
    shutil.copyfile(file, into)
    db = sqlite3.connect(into)
    with db:
        for table in ("rules", "relations"):
            rows = db.execute(f"SELECT seq, json FROM {table}").fetchall()
            db.executemany(f"UPDATE {table} SET json = ? WHERE seq = ?", ((pack(_row(blob)), seq) for seq, blob in rows))
    db.execute("VACUUM")
    db.close()


def report(file: Path) -> None:
    db = sqlite3.connect(file)
    total = os.path.getsize(file)
    print(f"| table or index | MB |\n|---|---|")
    for name, size in db.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC"):
        if size >= 2**19:
            print(f"| {name} | {size / 2**20:.1f} |")
    print(f"| **the file** | **{total / 2**20:.1f}** |")
    db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("--repack", action="store_true")
    args = parser.parse_args()
    if not args.repack:
        report(args.store)
        return
    with tempfile.TemporaryDirectory() as work:
        copy = Path(work) / "rules.sqlite"
        repack(args.store, copy)
        report(copy)


if __name__ == "__main__":
    main()
