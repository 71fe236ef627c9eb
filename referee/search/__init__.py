"""Search: names, aliases and text of every rule, tolerant of typos and languages.

A whoosh index (:mod:`referee.search.index`) is made from the cached build
once per build key and kept beside it; :func:`search` ranks what a player
means first (:mod:`referee.search.engine`): a keyword string's rules, then
exact names and aliases in any language, then stems, prefixes and typos,
then words of the text.

>>> from referee.search import open_index
>>> from referee.paths import rules_src_dir
>>> index = open_index(rules_src_dir())
>>> [r.id for r in index.search("hellebard", system="t9a").results[:1]]
['t9a/halberd']
>>> [r.id for r in index.search("Ranged 2 heavy/sniper", system="last-edition").results[:3]]
['last-edition/ranged-weapon-keywords', 'last-edition/ranged-heavy', 'last-edition/ranged-sniper']

whoosh is imported by this package only: no other command pays for it, and
this module loads it (:mod:`referee.search.unused` says what it leaves out).
"""

from __future__ import annotations

from referee.search.unused import loading

with loading():  # every module of this package imports whoosh through this one
    import whoosh.analysis
    import whoosh.query

from referee.search.engine import Answer, Result, search  # noqa: E402
from referee.search.index import Corpus, Index, open_index, write  # noqa: E402

__all__ = ["Answer", "Corpus", "Index", "Result", "open_index", "search", "write"]
