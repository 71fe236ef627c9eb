"""The store: one SQLite database per rules folder, and the one interface readers read it by.

Where a rule is stored (:mod:`~referee.store.database`): ``<cache>/store/<tag>/rules.sqlite``,
one row per rule, relation, name, unit and per-system answer, with each system's
frame and sections (the record classes, pickled) for readers that walk objects;
the search index sits beside it.  How a reader gets it: :func:`referee.store.load.open_rules`
gives a :class:`~referee.store.rows.Stored`, which answers the questions of
:class:`~referee.store.book.Book` from the rows it asks for, and
:meth:`~referee.store.rows.Stored.whole` gives the full
:class:`~referee.store.record.Build`.

The modules, in the order a build runs them:

- ``key``: the content key of a rules folder, and the stamp that spares hashing it;
- ``workers``, ``system``, ``sections``: each system read alone (on every core),
  taking from the store what an edit left as it was;
- ``answers``, ``summary``, ``units``: what readers ask about a whole system, computed once;
- ``writer``: the rows of what changed, written in one transaction;
- ``database``: the schema, opening, damage, and the ``memo`` mapping;
- ``rows``, ``book``, ``load``: reading;
- ``record``: the :class:`~referee.store.record.Build` and :func:`~referee.store.record.assemble` (no cache);
- ``report``: ``referee build`` for people.

>>> from referee.store.record import assemble
>>> from referee.paths import rules_src_dir
>>> build = assemble(rules_src_dir())
>>> [r.name for r in build.lookup("Hellebarde", system="t9a")]
['Halberd']
>>> {"grants", "part-of"} <= {r.kind for r in build.relations("t9a")}
True
"""
