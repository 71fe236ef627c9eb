"""Where the referee reads its rules: the build's view, in memory or in the indexed store.

A warm ``referee resolve`` must cost about the same at 100 rules as at
100,000, so the referee asks its source only questions that name their
rows.  This is the whole list of what the engine reads:

- ``systems``, ``unmanaged``, ``check_system(system)``: the system asked about;
- ``lookup(name, system)`` and ``core_terms(system)``: the rules a keyword
  string names (:mod:`referee.resolve.naming`), case- and accent-blind,
  plurals as the name index has them;
- ``get(rule_id)``: a rule's text, versions (document, role, language) and
  children: quotes, source tiers, two wordings, the Markdown's anchors;
- ``relations_out(rule_id)``: what a rule in play grants, loses, sets aside,
  is immune to, must or cannot do, modifies, and how it stacks;
- ``data["rule_names"]`` (one ``get`` per id), ``data["against_terms"]``
  (core terms a condition is stated against) and ``data["units"]``
  (``--unit``, ``--vs-unit``, ``--army``);
- the one question about a whole system: its sentences that say *every*
  ability never stacks ("Any ability that increases or decreases a value in
  a datasheet never stacks"), which bind rules that do not name them
  (:func:`never_stacking`).

The in-memory :class:`~referee.build.view.View` (a fresh build, or a whole
:class:`~referee.build.Build` handed in, :func:`source`) and the store's
:class:`~referee.build.store.StoredView` (what the CLI opens when the cache
holds the build) answer all of these alike; the store from the rows named.
Only the last question needs every relation of a system, and the store does
not index relations by kind: the store's answer is read once per build by
one pass over the system's relations and kept beside the store
(``never-<key>-<system>.json``), so every later call reads that small file.

Left outside this module: :mod:`referee.keywords.resolve` looks for a
family (``_families``) with ``in_system(system)`` when a keyword string's
name is no rule; a resolve that reaches it (a misspelt name, a qualifier
such as ``Stealth (Forests)``) reads every rule of the system.
"""

from __future__ import annotations

import hashlib
import json
import os
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_WIDE = re.compile(r"^(?:any|all|every)\b", re.I)
_PREFIX = "never-"


def source(build: Any) -> Any:
    """What the referee reads: a view (in memory or stored) as it is; a whole build turned into its view."""
    if hasattr(build, "relations_out"):
        return build
    from referee.build.view import View

    return View.of(build)


def binds_every_ability(rel: dict[str, Any]) -> bool:
    """A ``stacks`` relation of mode "never" whose subject is every ability of the system ("Any ability that ...")."""
    return rel["kind"] == "stacks" and dict(rel["details"]).get("mode") == "never" and bool(_WIDE.match(rel["subject"] or ""))


def never_stacking(view: Any, system: str) -> list[dict[str, Any]]:
    """The relations of ``system`` that say every ability never stacks, in reading order (rule by rule)."""
    from referee.build.store import StoredView

    if not isinstance(view, StoredView):
        return [rel for rule in view.in_system(system) for rel in view.relations_out(rule["id"]) if binds_every_ability(rel)]
    key = view.key
    file = _kept(view._db, key, system)
    found = _read(file, key, system) if file else None
    if found is None:
        found = _scan(view._db, system)
        if file:
            _keep(file, {"key": key, "system": system, "relations": found})
    return found


def _scan(db: Any, system: str) -> list[dict[str, Any]]:
    """One pass over the relations of the system's rules, in the order ``in_system`` and ``relations_out`` give them."""
    from referee.build.store import unpack

    rows = db.execute(
        "SELECT r.json FROM rules AS u JOIN relations AS r ON r.source = u.id WHERE u.system = ? ORDER BY u.seq, r.seq", (system,)
    )
    return [rel for rel in (unpack(blob) for (blob,) in rows) if binds_every_ability(rel)]


def _kept(db: Any, key: str, system: str) -> str | None:
    """The file beside the store that keeps the system's answer, or None for a store with no file."""
    store = next((file for _, name, file in db.execute("PRAGMA database_list") if name == "main"), "")
    if not store:
        return None
    tag = hashlib.blake2b(system.encode("utf-8", "surrogateescape"), digest_size=8).hexdigest()
    return os.path.join(os.path.dirname(store), f"{_PREFIX}{key}-{tag}.json")


def _read(file: str, key: str, system: str) -> list[dict[str, Any]] | None:
    """The kept answer, or None when it is missing, damaged or another build's (then it is made again)."""
    try:
        with open(file, encoding="utf-8") as fh:
            data = json.load(fh)
        if data["key"] == key and data["system"] == system and isinstance(data["relations"], list):
            return data["relations"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def _keep(file: str, data: dict[str, Any]) -> None:
    """Write the answer aside and rename it into place; a cache folder that cannot be written only costs speed.

    Answers of builds whose store is gone are removed at the same time (the
    cache prunes stores, not these files)."""
    import tempfile

    folder = os.path.dirname(file)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".never-", suffix=".tmp", dir=folder)
    except OSError:
        return
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, separators=(",", ":"))
        os.replace(tmp, file)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return
    _prune(folder)


def _prune(folder: str) -> None:
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.startswith(_PREFIX) and name.endswith(".json"):
            key = name[len(_PREFIX):].rpartition("-")[0]
            if f"view-{key}.sqlite" not in names:
                try:
                    os.unlink(os.path.join(folder, name))
                except OSError:
                    pass
