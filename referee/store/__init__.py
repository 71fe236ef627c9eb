"""The store: one SQLite database per rules folder, and the one interface readers read it by.

Where a rule is stored: :mod:`~referee.store.database` (``<cache>/store/<tag>/rules.sqlite``,
one row per rule, relation, name, unit and per-system answer; the search index
beside it).  How a reader gets it: :func:`referee.store.load.open_rules` gives a
:class:`~referee.store.rows.Stored`, which answers :class:`~referee.store.book.Book`
from the rows it asks for; :meth:`~referee.store.rows.Stored.whole` gives the full
:class:`~referee.store.record.Build` (:func:`~referee.store.record.assemble` reads one without a store).

A build, in order: the content key (``database``: what changed), ``writer`` (each system read alone, one after
the other, on every core, its sections (``record``) taking from the store what an edit left, and
``answers``, what readers ask of a whole system; its rows written in one transaction).

>>> from referee.store.load import open_rules
>>> from referee.paths import rules_src_dir
>>> rules = open_rules(rules_src_dir())
>>> [r["name"] for r in rules.lookup("Hellebarde", system="t9a")]
['Halberd']
"""
