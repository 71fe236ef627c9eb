"""The readers a session answers from, loaded once: the build, its store, the
calc rulebook and the search index, plus the names tab completion offers.

The CLI opens the store per call (cheap for one question); a session keeps
it open and pays for the whole build once (a progress bar while it loads),
so each answer costs only the reader's own work.  ``table`` is the state at the table (:mod:`referee.shell.table`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.shell.table import Table

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable

    from referee.calc import Rulebook
    from referee.search.index import Index
    from referee.store.book import Book
    from referee.store.record import Build


@dataclass
class Session:
    rules_src: str
    build: Build
    view: Book
    rulebook: Rulebook
    index: Index
    table: Table = field(default_factory=Table)
    _names: dict[str | None, list[str]] = field(default_factory=dict)

    @classmethod
    def open(cls, rules_src: str, system: str | None = None, progress: Callable[[str], None] | None = None) -> Session:
        """Load everything for ``rules_src``; ``progress`` hears each step, as the CLI's bar does.

        Raises :class:`~referee.errors.RulesError` for a bad rules folder or an unknown system.
        """
        from referee.calc import Rulebook
        from referee.search.index import open_index
        from referee.store.load import open_rules

        say = progress or (lambda text: None)
        view = open_rules(rules_src, progress=lambda path: say(f"Read {path}"))
        view.check_system(system)
        build = view.whole()
        index = open_index(rules_src, lambda: build, progress=lambda count: say(f"Indexed {count} rules for search"))
        return cls(rules_src, build, view, Rulebook.of(build), index, Table(system))

    def unit_names(self, system: str | None) -> list[str]:
        """The names of the units of ``system``'s army data (BattleScribe), sorted; tab completion offers them."""
        from referee.resolve.naming import unit_names

        if system is None:
            return []
        return sorted({u["name"] for same in unit_names(self.view, system).values() for u in same}, key=str.casefold)

    def names(self, system: str | None = None) -> list[str]:
        """Every rule name and alias (any language) of ``system``, or of all systems, sorted once."""
        if system not in self._names:
            found: set[str] = set()
            for rule in self.view.in_system(system):
                found.add(rule["name"])
                found.update(a["name"] for a in rule["aliases"])
            self._names[system] = sorted(found, key=str.casefold)
        return self._names[system]
