"""The store's database (``<cache>/store/<tag>/rules.sqlite``, ``tag`` a hash of the rules
folder's real path): its schema, its rows' packing, how it is opened, and the content key it holds.

The tables (:data:`SCHEMA`): ``meta`` (content key, code key, systems in folder order,
folders without a manifest); ``files`` (the stamp, :class:`Stamp`); ``systems``
(each system's place, the number its rows count from, :data:`SPAN`, the keys it was read
under, and its frame: the one pickled blob per system a whole build is put together from);
``sections`` (:mod:`~referee.store.record`, and how far each moved: :data:`SPAN`); the rows
warm readers ask for, one rule or relation each in its JSON shape (``rules``, with each
rule's name beside it, ``names``, ``relations``, ``units``); ``answers`` and, section by section, ``kinds``
(:mod:`~referee.store.answers`); ``memo`` (:class:`Memo`).
In WAL mode readers read the last committed build while one is written; a file that
cannot be read is removed, with one line on stderr, and the build made anew.

A content key (:func:`hashed`) hashes exactly what a build reads: each system folder's
manifest and the documents it lists (an unlisted file, a FIFO or a link to /dev/zero costs
nothing; a listed path that is no regular file is stat'ed, never read), the names of
folders without a manifest, and Referee's code and grammars.  A build parses *the bytes
that were hashed* (``keep``), never a second read, so a document saved mid-build is
never stored under the content it replaced.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import sqlite3
import stat
import sys
import time
import zlib
from collections.abc import MutableMapping
from functools import cache

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.paths import MANIFEST, PACKAGE_DIR, cache_folder, grammar_folder

try:  # blake2 alone: hashlib would also load OpenSSL's hashes, about 6 ms of a warm call (-X importtime)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

FORMAT = "12"  # the schema's version (and the rows' packing): a store of another is made anew

SCHEMA = f"""
PRAGMA auto_vacuum = INCREMENTAL;
PRAGMA journal_mode = WAL;
PRAGMA user_version = {FORMAT};
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE files (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, path TEXT NOT NULL,
    size INTEGER NOT NULL, mtime INTEGER NOT NULL, ctime INTEGER NOT NULL, inode INTEGER NOT NULL);
CREATE TABLE systems (number INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, place INTEGER NOT NULL, read_key TEXT,
    reading_key TEXT, names_digest TEXT, frame BLOB NOT NULL);
CREATE TABLE sections (system TEXT NOT NULL, k INTEGER NOT NULL, file TEXT NOT NULL, base INTEGER NOT NULL, shift INTEGER NOT NULL,
    digest BLOB NOT NULL, ids TEXT NOT NULL, share BLOB NOT NULL, ends BLOB NOT NULL, asked BLOB NOT NULL,
    rules BLOB NOT NULL, graph BLOB NOT NULL, PRIMARY KEY (system, k));
CREATE INDEX sections_moved ON sections (system, k, file, shift) WHERE shift != 0;
CREATE TABLE answers (system TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (system, name)) WITHOUT ROWID;
CREATE TABLE kinds (system TEXT NOT NULL, kind TEXT NOT NULL, k INTEGER NOT NULL, rules TEXT NOT NULL, PRIMARY KEY (system, kind, k));
CREATE TABLE rules (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, system TEXT NOT NULL, name TEXT NOT NULL, json BLOB NOT NULL);
CREATE TABLE names (system TEXT NOT NULL, form TEXT NOT NULL, ids TEXT NOT NULL, place INTEGER NOT NULL, PRIMARY KEY (system, form)) WITHOUT ROWID;
CREATE TABLE relations (seq INTEGER PRIMARY KEY, source INTEGER NOT NULL, target INTEGER, json BLOB NOT NULL);
CREATE INDEX relations_by_source ON relations (source, seq);
CREATE INDEX relations_by_target ON relations (target, seq) WHERE target IS NOT NULL;
CREATE TABLE units (system TEXT NOT NULL, form TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (system, form)) WITHOUT ROWID;
CREATE TABLE memo (kind TEXT NOT NULL, key TEXT NOT NULL, system TEXT NOT NULL, value BLOB NOT NULL, PRIMARY KEY (kind, key));
"""

TABLES = tuple(re.findall(r"^CREATE TABLE (\w+)", SCHEMA, re.M))

encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

# Rows are numbered ``number * SPAN`` on, ``number`` being the system's in the
# store (kept while the system is): within a system, section ``k``'s rules and
# the relations its texts state from ``k * SECTION_ROWS``, the relations of its
# layout from ``LAYOUT + k * SECTION_ROWS``, so one section's rows can be
# replaced without renumbering another's, and ``seq`` gives reading order.
# A section's rows, share and pickles stand where its document's lines stood when
# they were written (its first rule on line ``base``); a section lines added or
# removed above it moved, and nothing else changed, keeps them and says by how many
# lines (``shift``), which readers add (:func:`moved`): a line added costs a
# rebuild what an edit within a line does.
SPAN = 1 << 40
LAYOUT = 1 << 39
SECTION_ROWS = 1 << 20


def section_of(seq: int) -> tuple[int, int]:
    """The number of the system and of the section a row of ``rules`` or ``relations`` is of."""
    return seq // SPAN, seq % LAYOUT // SECTION_ROWS


def moved(data: Any, file: str, by: int) -> Any:
    """JSON (a rule, a relation, a section's share) with each place in ``file`` (an object with
    its ``file`` and ``line``: a source, a citation) ``by`` lines further down."""
    if isinstance(data, list):
        return [moved(item, file, by) for item in data]
    if not isinstance(data, dict):
        return data
    out = {name: moved(value, file, by) if isinstance(value, (dict, list)) else value for name, value in data.items()}
    if out.get("file") == file and "line" in out:
        out["line"] += by
        if "end_line" in out:
            out["end_line"] += by
    return out


# What every row of ``rules`` and ``relations`` spells again (a rule's text stands twice,
# every row spells the same keys): their JSON shapes' keys (docs/json.md, docs/graph.md)
# with their usual values and words rules say in every system.  Given to zlib as a preset
# dictionary (the relations of 100,000 rules: 136 MB -> 101 MB); inflating the few rows a
# query reads costs microseconds.
ZDICT = (
    '"versions":[{"text":"","source":{"file":"","line":1,"end_line":1,"column":1},"document":"","role":"core","lang":"en",'
    '"heading":"","flags":[],"also_at":[],"profiles":[],"tables":[],"fields":[]}],"flags":[],"children":[],"fields":[]}'
    '{"id":"","name":"","system":"","aliases":[{"name":"","lang":"de"}],"category":null,"text":"",'
    '"source":{"file":"","line":1,"end_line":1,"column":1},"amends":null,"parent":null,"params":[],'
    " the enemy unit with models with a model A unit that is immune to the effects of may reroll failed Tests. "
    '{"kind":"grants","kind":"loses","kind":"immune-to","kind":"cannot","kind":"must","kind":"stacks","kind":"overrides",'
    '"kind":"modifies","kind":"references","source":"","target":null,"target_name":"","subject":"",'
    '"conditions":[{"situation":"","value":"","text":""}],"details":{},'
    '"citation":{"rule":"","sentence":"","file":"","line":1,"column":1},"source_name":""}'
).encode()
WBITS = 12  # a 4 KB window: room for the dictionary and a row, as small as the default and faster


def pack(data: Any) -> bytes:
    packer = zlib.compressobj(1, zlib.DEFLATED, WBITS, 8, zlib.Z_DEFAULT_STRATEGY, ZDICT)
    return packer.compress(encode(data).encode()) + packer.flush()


def unpack(blob: bytes) -> Any:
    reader = zlib.decompressobj(WBITS, ZDICT)
    return json.loads(reader.decompress(blob) + reader.flush())


def end(rule_id: str | None) -> int | None:
    """What the ``relations`` table holds of a rule id at a relation's end: 8 bytes of its hash,
    which the table and its two indexes hold in about half the room of the id (100,000 rules in
    four systems: 33 MB less of 290 MB).  Two ids may share one: readers keep the rows whose JSON names the id."""
    return None if rule_id is None else int.from_bytes(blake2b(rule_id.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big", signed=True)


WAIT = 600.0  # seconds a build waits for another one's transaction to end


def folder(rules_src: str | os.PathLike[str]) -> str:
    """The folder of this rules folder's store (and of its search index)."""
    src = os.path.realpath(os.fspath(rules_src))
    tag = blake2b(src.encode("utf-8", "surrogateescape"), digest_size=8).hexdigest()
    return os.path.join(cache_folder(src), "store", tag)


def path(rules_src: str | os.PathLike[str]) -> str:
    return os.path.join(folder(rules_src), "rules.sqlite")


def meta(db: sqlite3.Connection, name: str) -> Any:
    """One value of the ``meta`` table (``key``, ``code``, ``systems``, ``unmanaged``), or None."""
    row = db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
    return json.loads(row[0]) if row else None


def discard(file: str, err: BaseException) -> None:
    """Remove a store that cannot be read (any damage means the same: build anew), with one line saying so."""
    print(f"referee: note: discarding an unreadable cache file ({type(err).__name__}); rebuilding", file=sys.stderr)
    remove(file)


def remove(file: str) -> None:
    """Remove a database file with SQLite's log and shared memory beside it."""
    for suffix in ("", "-wal", "-shm"):
        try:
            os.unlink(file + suffix)
        except OSError:
            pass


def _whole(db: sqlite3.Connection, file: str) -> None:
    """Raise DatabaseError unless the file holds as many pages as the database counts (a
    truncated file reads well until a query reaches a missing page).  Checked only while
    the write-ahead log is empty (every build empties it), and looked at again before
    calling it damaged (another process's checkpoint may be writing it).  Only stat'ed:
    closing a descriptor of it would drop the locks SQLite holds on it in this process."""
    wal = file + "-wal"
    for attempt in range(4):
        if os.path.exists(wal) and os.path.getsize(wal):
            return
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        size = db.execute("PRAGMA page_size").fetchone()[0]
        if os.path.getsize(file) >= pages * size:
            return
        if attempt == 3:
            raise sqlite3.DatabaseError("database disk image is truncated")
        time.sleep(0.05)


def open_existing(file: str) -> sqlite3.Connection | None:
    """The store in ``file`` opened to read, or None when there is none (a damaged
    one is removed, with a note, so the next build makes it anew)."""
    if not os.path.isfile(file):
        return None
    db = None
    try:
        db = sqlite3.connect(file, timeout=WAIT, isolation_level=None, check_same_thread=False)
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if version and str(version) != FORMAT:  # written by another version of Referee: not damage, made anew
            db.close()
            remove(file)
            return None
        if str(version) != FORMAT:
            raise sqlite3.DatabaseError("a store without its tables")
        db.execute("SELECT 1 FROM meta LIMIT 1").fetchall()
        _whole(db, file)
    except (sqlite3.Error, OSError) as err:
        if db is not None:
            db.close()
        discard(file, err)
        return None
    return db


def create(file: str | None) -> sqlite3.Connection:
    """A store to write: the one in ``file`` (made when missing: aside, with its tables, then
    linked into place, so no build or reader sees a file without them), or one in memory (None)."""
    if file is None:
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        db.executescript(SCHEMA)
        return db
    os.makedirs(os.path.dirname(file), exist_ok=True)
    db = open_existing(file)
    if db is not None:
        return db
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=".store-", suffix=".tmp", dir=os.path.dirname(file))
    os.close(fd)
    try:
        made = sqlite3.connect(tmp, isolation_level=None)
        made.executescript(SCHEMA)
        made.close()
        try:
            os.link(tmp, file)
        except FileExistsError:  # another build made it first: its file is as good
            pass
    finally:
        remove(tmp)
    db = open_existing(file)
    if db is None:
        raise sqlite3.OperationalError(f"unable to open database file {file}")
    return db


# What only a rebuild reads (the sections' pickles, the memo) is packed tighter than the
# rows readers inflate: at 20,000 rules the pickles took 6.8 MB at level 1, 5.3 MB at 6.
KEPT_LEVEL = 6


class Memo(MutableMapping[str, bytes]):
    """Bytes kept by content hash for one reading step (``kind``) of a system, in the
    store's ``memo`` table, compressed (a damaged row is a missing one, never other bytes).
    Read from the store as the last build left it (None: nothing recalled); what a step
    keeps is held (:attr:`added`, which is all it lists) until the build writes it, and
    what the build did not ask for (:attr:`used`) is gone after it."""

    def __init__(self, db: sqlite3.Connection | None, kind: str) -> None:
        self.db = db
        self.kind = kind
        self.added: dict[str, bytes] = {}
        self.used: set[str] = set()

    def __getitem__(self, key: str) -> bytes:
        packed = self.added.get(key)
        try:
            if packed is None and self.db is not None:
                row = self.db.execute("SELECT value FROM memo WHERE kind = ? AND key = ?", (self.kind, key)).fetchone()
                packed = row and bytes(row[0])
            value = zlib.decompress(packed) if packed else None
        except (sqlite3.Error, zlib.error):  # a damaged store or row: the build reads anew (and replaces it)
            value = None
        if value is None:
            raise KeyError(key)
        self.used.add(key)
        return value

    def __setitem__(self, key: str, value: bytes) -> None:
        self.added[key] = zlib.compress(value, KEPT_LEVEL)
        self.used.add(key)

    def __delitem__(self, key: str) -> None:
        del self.added[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.added)

    def __len__(self) -> int:
        return len(self.added)


# -- the content key of a rules folder, and the stamp that spares hashing it (docs/performance.md)

HEADER = f"{sys.version_info[:2]}"  # what is stored changes with the code (hashed too) and Python's version


# Referee's code and grammars are listed and hashed once a process: the code a process runs is
# the code it loaded.  A file edited since is seen by the next process's stamp check (:func:`stamped_key`).
@cache
def _code() -> tuple[tuple[str, str, str], ...]:
    """``(label, path relative to its root, path)`` of each file of Referee's code and grammars."""
    listed: list[tuple[str, str, str]] = []
    for label, root, suffixes in (("code", PACKAGE_DIR, (".py",)), ("grammar", grammar_folder(), (".lark",))):
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            lead = os.path.relpath(folder, root).replace(os.sep, "/") + "/"
            listed.extend((label, lead.removeprefix("./") + name, os.path.join(folder, name)) for name in sorted(n for n in files if n.endswith(suffixes)))
    return tuple(listed)


@cache
def _code_hashed() -> tuple[str, tuple[tuple[Any, ...], ...]]:
    """The key of the code (:func:`code_key`), and each file's ``(label, path, *signature)`` as it was read."""
    h = content_hash(HEADER.encode())
    seen = []
    for label, rel, path in _code():
        sig, data = _read_regular(path)  # stat'ed open, before reading: a save after it changes the signature kept
        h.update(f"\0{label}:{rel}\0".encode() + (data or b""))
        seen.append((label, rel, *sig))
    return key_of(h), tuple(seen)


def _tops(src: str) -> list[tuple[str, str]]:
    """The folders a build looks at (:func:`referee.rulebase.load.system_folders`), by name:
    ``("system", <folder>/system.toml)``, or ``("other", ...)`` for a folder without one."""
    try:
        names = sorted(e.name for e in os.scandir(src) if not e.name.startswith((".", "_")) and e.is_dir())
    except OSError:
        return []
    return [("system" if os.path.isfile(os.path.join(src, name, MANIFEST)) else "other", f"{name}/{MANIFEST}") for name in names]


def _listed_documents(manifest_rel: str, data: bytes) -> list[str]:
    """The document paths a manifest lists that stay inside rules_src, relative to it;
    none from a manifest that cannot be read (the build says why)."""
    import tomllib

    try:
        documents = tomllib.loads(data.decode("utf-8")).get("documents")
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    out: list[str] = []
    for doc in documents if isinstance(documents, list) else ():
        path = doc.get("path") if isinstance(doc, dict) else None
        if not isinstance(path, str) or not path.strip() or "\0" in path or posixpath.isabs(path):
            continue
        rel = posixpath.normpath(posixpath.join(posixpath.dirname(manifest_rel), path))
        if rel != ".." and not rel.startswith("../") and rel not in out:
            out.append(rel)
    return out


def _signature(path: str, st: os.stat_result | None = None) -> tuple[int, int, int, int]:
    if st is None:
        try:
            st = os.stat(path)
        except OSError:
            return (-1, -1, -1, -1)
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _read_regular(path: str) -> tuple[tuple[int, int, int, int], bytes | None]:
    """A file's signature and bytes (None unless a readable regular file).  Opened without
    blocking (a FIFO would wait for a writer) and stat'ed open, before reading: a save
    after this moment changes what the stamp records, so it is seen."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return _signature(path), None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        return _signature(path, st), None
    with os.fdopen(fd, "rb") as fh:
        try:
            return _signature(path, st), fh.read()
        except OSError:
            return _signature(path, st), None


def content_hash(data: bytes = b"") -> Any:
    """A hasher of what a build reads (SHA-256; :func:`key_of` gives its key): OpenSSL's, whose use
    of the processor's SHA instructions hashes a 37 MB document in about half of blake2b's time
    here.  Loaded on a build's path only: hashlib's import loads OpenSSL's hashes (about 3 ms,
    docs/performance.md, heavy modules), which a warm call, hashing nothing, need not pay."""
    from hashlib import sha256

    return sha256(data)


def key_of(hasher: Any) -> str:
    return hasher.hexdigest()[:32]


def hashed(src: str, keep: dict[str, bytes] | None) -> tuple[str, Stamp]:
    """The key of ``src`` and its stamp.  ``keep`` receives the bytes hashed, by path relative
    to ``src`` as the build names them (``/``-separated, links resolved).  A folder's files are
    hashed into its own key (``part``), which the whole key takes, as it takes the code's key
    (:func:`code_key`, hashed once a process): each byte is hashed once."""
    started = time.time_ns()
    h = content_hash(HEADER.encode())
    seen: list[tuple[Any, ...]] = []
    systems: dict[str, str] = {}
    real_src = os.path.realpath(src)

    def take(kind: str, rel: str, path: str, part: Any) -> bytes | None:
        """One file of rules_src hashed into its folder's ``part``."""
        part.update(f"\0{kind}:{rel}\0".encode("utf-8", "surrogateescape"))
        real = os.path.realpath(path)
        # a folder without a manifest, or a file linked from outside rules_src (refused by the build), is not read
        if kind == "other" or not real.startswith(real_src.rstrip(os.sep) + os.sep):
            sig, data = _signature(path), None
        else:
            sig, data = _read_regular(path)
        seen.append((kind, rel, *sig))
        if data is not None:
            part.update(data)
            if keep is not None:
                keep[os.path.relpath(real, real_src).replace(os.sep, "/")] = data
        return data

    for kind, manifest in _tops(src):
        part = content_hash()
        data = take(kind, manifest, os.path.join(src, manifest), part)
        for rel in _listed_documents(manifest, data) if data is not None else ():
            take("document", rel, os.path.join(src, rel), part)
        h.update(f"\0{kind}:{manifest}\0".encode("utf-8", "surrogateescape") + part.digest())
        if kind == "system":
            systems[manifest.partition("/")[0]] = key_of(part)
    code, files = _code_hashed()
    h.update(f"\0code\0{code}".encode())
    seen.extend(files)
    return key_of(h), Stamp(started, seen, systems)


# The stamp records, for the last key hashed, every file's size, modification and
# change times (ns) and inode; while all match, the key stands without a byte read
# (hashing a 100,000-rule folder costs a call about 0.2 s).  The kernel sets the
# change time on every write, rename or chmod, and no program can set it back, so
# an edit that keeps the size and restores the mtime is still seen.  A file whose
# times lie within UNSURE_NS of when hashing began may have been written again in
# the same clock tick: then the files are hashed.  Unseen: a same-size rewrite with
# the clock set back to the same nanoseconds, or a file system without times.

UNSURE_NS = 2_000_000_000


class Stamp:
    """When hashing began (ns), and each file hashed: ``(kind, path, size, mtime, ctime, inode)``;
    ``systems``: each system folder's key, of its manifest and the documents it lists (what
    tells a build which systems to read again), by folder name."""

    __slots__ = ("started", "files", "systems")

    def __init__(self, started: int, files: list[tuple[Any, ...]], systems: dict[str, str]) -> None:
        self.started = started
        self.files = files
        self.systems = systems

    def write(self, db: sqlite3.Connection) -> None:
        """Record the stamp in the store (within the caller's transaction)."""
        db.execute("DELETE FROM files")
        db.executemany("INSERT INTO files (kind, path, size, mtime, ctime, inode) VALUES (?, ?, ?, ?, ?, ?)", self.files)
        db.execute("INSERT OR REPLACE INTO meta VALUES ('stamp', ?)", (json.dumps([HEADER, self.started]),))


def stamped_key(rules_src: str | os.PathLike[str], db: sqlite3.Connection) -> str | None:
    """The key of the build in the store ``db`` if no file it was read from changed since, else None."""
    src = os.fspath(rules_src)
    try:
        meta = {name: json.loads(value) for name, value in db.execute("SELECT name, value FROM meta WHERE name IN ('key', 'stamp')")}
        header, started = meta["stamp"]
        recorded = db.execute("SELECT kind, path, size, mtime, ctime, inode FROM files ORDER BY seq").fetchall()
    except Exception:  # noqa: BLE001 - no stamp, or no build yet: hash as without one
        return None
    if header != HEADER:
        return None
    unsure = int(started) - UNSURE_NS
    code = {(label, rel): path for label, rel, path in _code()}
    if [(kind, rel) for kind, rel, *_ in recorded if kind != "document"] != [*_tops(src), *code]:
        return None  # a folder, or a file of the code, came or went (a manifest's documents: its bytes changed)
    for kind, rel, *sig in recorded:
        now = _signature(code.get((kind, rel)) or os.path.join(src, rel))
        if list(now) != sig or now[1] >= unsure or now[2] >= unsure:
            return None
    return meta["key"]


def code_key() -> str:
    """A hash of Referee's own code and grammars, made once a process (:func:`_code_hashed`): what the memo's keys include."""
    return _code_hashed()[0]
